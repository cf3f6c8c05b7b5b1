"""`a ** b` becomes a runtime call where Python's meaning and JAX's can differ.

    y = 2 ** -i      ==>   y = ag__.power(2, -i)
    h **= k          ==>   h = ag__.power(h, k)
    x ** 2, x ** 0.5       stay `**`: a natural or float constant means the same in both

An integer to a negative integer power is a float in Python and 0 in JAX
(runtime/mathfns.py `power`). With Python values the call is `**` itself.
An augmented power of an item (`x[i] **= k`) reaches here as the `x[i] ** k`
that subscripts.py made of it.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


def _power(base, exp):
    ag__.power(base, exp)  # noqa: F821


def _same_in_both(exp) -> bool:
    """A constant exponent whose `**` JAX computes as Python does."""
    return isinstance(exp, gast.Constant) and type(exp.value) in (int, float) and exp.value >= 0


def _call(base, exp, origin):
    return templates.located(templates.replace_expr(_power, base=base, exp=exp), origin)


class _Powers(visitors.Transformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, gast.Pow) or _same_in_both(node.right):
            return node
        return _call(node.left, node.right, node)

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        target = node.target
        if not (isinstance(node.op, gast.Pow) and isinstance(target, gast.Name)) or (
                _same_in_both(node.value)):
            return node   # (an attribute's or item's target would be evaluated twice)
        read = gast.Name(target.id, gast.Load(), None, None)
        return templates.located(gast.Assign([target], _call(read, node.value, node), None), node)


def transform(node, ctx):
    return _Powers().visit(node)
