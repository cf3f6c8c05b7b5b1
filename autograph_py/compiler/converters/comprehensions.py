"""Comprehensions with one `for` become runtime objects that know a traced iterable.

    sum(v * v for v in xs if v > 0)
        ==>   sum(ag__.comprehension(xs, lambda v: v * v, lambda v: v > 0))
    [f(i, x) for i, x in enumerate(xs)]
        ==>   ag__.list_comprehension(enumerate(xs), lambda item: (lambda i, x: f(i, x))(*item),
                                      None)

The iterable is evaluated where the comprehension is, as Python does; the
item's value and the conditions become lambdas, so they keep the
comprehension's own scope. A reduction over the result (`sum`, `any`, `all`,
`max`, `min`) is then one loop when the iterable is traced
(runtime/comprehensions.py). Left as they are: several `for` clauses, async
ones, nested tuple targets, and comprehensions that use `:=` or `yield`;
set and dict comprehensions.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


def _generator(iterable, value, keep):
    ag__.comprehension(iterable, value, keep)  # noqa: F821


def _list(iterable, value, keep):
    ag__.list_comprehension(iterable, value, keep)  # noqa: F821


def _flat_target(target):
    """The target's names (one name, or a flat tuple of them), or None."""
    if isinstance(target, gast.Name):
        return [target.id]
    if isinstance(target, (gast.Tuple, gast.List)) and all(
            isinstance(e, gast.Name) for e in target.elts):
        return [e.id for e in target.elts]
    return None


def _args(names):
    return gast.arguments([gast.Name(n, gast.Param(), None, None) for n in names], [], None, [],
                          [], None, [])


def _lambda(target, expr, item_name):
    """`lambda x: expr`, or for a tuple target `lambda item: (lambda a, b: expr)(*item)`."""
    names = _flat_target(target)
    if isinstance(target, gast.Name):
        return gast.Lambda(_args(names), expr)
    inner = gast.Lambda(_args(names), expr)
    call = gast.Call(inner, [gast.Starred(gast.Name(item_name, gast.Load(), None, None),
                                          gast.Load())], [])
    return gast.Lambda(_args([item_name]), call)


def _convertible(node) -> bool:
    if len(node.generators) != 1:
        return False
    gen = node.generators[0]
    if gen.is_async or _flat_target(gen.target) is None:
        return False
    return not any(isinstance(n, (gast.NamedExpr, gast.Yield, gast.YieldFrom, gast.Await))
                   for n in visitors.walk(node))


class _Comprehensions(visitors.Transformer):
    def __init__(self, ctx):
        self.namer = ctx.namer

    def _rewrite(self, node, template):
        self.generic_visit(node)
        if not _convertible(node):
            return node
        gen = node.generators[0]
        item = self.namer.new("item")
        value = _lambda(gen.target, node.elt, item)
        if gen.ifs:
            test = gen.ifs[0] if len(gen.ifs) == 1 else gast.BoolOp(gast.And(), list(gen.ifs))
            keep = _lambda(gen.target, test, item)
        else:
            keep = gast.Constant(None, None)
        new = templates.replace_expr(template, iterable=gen.iter, value=value, keep=keep)
        return templates.located(new, node)

    def visit_GeneratorExp(self, node):
        return self._rewrite(node, _generator)

    def visit_ListComp(self, node):
        return self._rewrite(node, _list)


def transform(node, ctx):
    return _Comprehensions(ctx).visit(node)
