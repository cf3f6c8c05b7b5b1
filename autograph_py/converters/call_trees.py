"""Every call goes through `ag__.converted_call`, which converts user functions.

    y = helper(x, *rest, k=2)   ==>   y = ag__.converted_call(helper, (x, *rest), {'k': 2})

Calls into `ag__` itself and zero-argument `super()` are left alone.
"""
from __future__ import annotations

import gast

from autograph_py.core import templates, visitors


def _call(func, args, kwargs):
    ag__.converted_call(func, args, kwargs)  # noqa: F821


class _Calls(visitors.Transformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, gast.Attribute) and isinstance(f.value, gast.Name) and f.value.id == "ag__":
            return node
        if isinstance(f, gast.Name) and f.id == "super":
            return node
        args = gast.Tuple(node.args, gast.Load())
        if node.keywords:
            keys = [gast.Constant(k.arg, None) if k.arg else None for k in node.keywords]
            kwargs = gast.Dict(keys, [k.value for k in node.keywords])
        else:
            kwargs = gast.Constant(None, None)
        new = templates.replace_expr(_call, func=f, args=args, kwargs=kwargs)
        return templates.located(new, node)


def transform(node, ctx):
    return _Calls().visit(node)
