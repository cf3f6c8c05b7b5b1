"""A `with` statement's context manager gets a name, so the runtime sees what it holds.

    with Guard(box) as g:              manager_ = Guard(box)
        body                   ==>     with manager_ as g:
                                           body

A list or dict that only the context manager holds (`Guard(box)` keeps `box`, and
its `__exit__` changes it) must keep its identity across a traced construct in the
body, as Python's does: the runtime asks which variables of the user's code hold an
object (identity.named_elsewhere), and Python keeps a `with`'s manager on the frame's
stack, where no variable names it. Several items become nested statements, which is
what Python defines them as, so each manager is made after the one before it entered.
A manager that is already a name, the converter's own, or an `async with`'s stays as it
is. (After the raises converter, which tells `with contextlib.suppress(E):` by its call.)
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


class _Withs(visitors.StatementTransformer):
    def __init__(self, ctx):
        self.ctx = ctx

    def visit_With(self, node):
        node = self.generic_visit(node)
        if all(_named(item.context_expr) for item in node.items):
            return node
        out, inner = [], node.body
        for item in reversed(node.items[1:]):   # `with a, b:` is `with a: with b:`
            out_item, made = self._named(item, node)
            inner = made + [templates.located(gast.With(items=[out_item], body=inner,
                                                        type_comment=None), node)]
        first, made = self._named(node.items[0], node)
        node.items, node.body = [first], inner
        return made + [node]

    def _named(self, item, node):
        if _named(item.context_expr):
            return item, []
        name = self.ctx.namer.new("manager_")
        assign = templates.located(gast.Assign(
            targets=[gast.Name(name, gast.Store(), None, None)], value=item.context_expr,
            type_comment=None), node)
        manager = templates.located(gast.Name(name, gast.Load(), None, None), node)
        return gast.withitem(manager, item.optional_vars), [assign]


def _named(expr) -> bool:
    """A name already, or a manager the converter made (`ag__.staged_raises_escape(..)`)."""
    f = getattr(expr, "func", None)
    return isinstance(expr, gast.Name) or (isinstance(f, gast.Attribute) and isinstance(
        f.value, gast.Name) and f.value.id == "ag__")


def transform(node, ctx):
    return _Withs(ctx).visit(node)
