"""`and`, `or`, `not` become runtime operators; operands after the first stay lazy.

    a and b and c   ==>   ag__.and_(a, lambda: ag__.and_(b, lambda: c))
    (a chain of more than 32 operands is split in halves, see _chain_of)
    not a           ==>   ag__.not_(a)
    a < b <= c      ==>   ag__.compare_chain(a, ('Lt', 'LtE'), (lambda: b, lambda: c))
    x in (a, b)     ==>   ag__.in_(x, (a, b))        (`not in`: ag__.not_in)
    x is False      ==>   ag__.is_(x, False)         (only with a bool constant or None)
    xs == ys        ==>   ag__.eq(xs, ys)            (`!=`: ag__.not_eq; not with a
                                                      constant operand: n % 2 == 0 stays)
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


def _and(left, right):
    ag__.and_(left, lambda: right)  # noqa: F821


def _or(left, right):
    ag__.or_(left, lambda: right)  # noqa: F821


def _lazy(value):
    lambda: value


def _chain(left, ops, operands):
    ag__.compare_chain(left, ops, operands)  # noqa: F821


def _in(left, right):
    ag__.in_(left, right)  # noqa: F821


def _eq(left, right):
    ag__.eq(left, right)  # noqa: F821


def _not_eq(left, right):
    ag__.not_eq(left, right)  # noqa: F821


def _not_in(left, right):
    ag__.not_in(left, right)  # noqa: F821


def _is(left, right):
    ag__.is_(left, right)  # noqa: F821


def _is_not(left, right):
    ag__.is_not(left, right)  # noqa: F821


_TEMPLATES = {gast.In: _in, gast.NotIn: _not_in, gast.Is: _is, gast.IsNot: _is_not,
              gast.Eq: _eq, gast.NotEq: _not_eq}


def _ordered(left, op, right):
    ag__.ordered(op, left, right)  # noqa: F821


def _sequence_order(node) -> bool:
    """`(a, b) < (c, d)`, `cand < best`: operands that may be lists or tuples (a display,
    or no operand a number: a constant or arithmetic), ordered item by item
    (ag__.ordered) where the items are traced; `x > 0` is `>` itself."""
    sides = (node.left, node.comparators[0])
    return isinstance(node.ops[0], (gast.Lt, gast.LtE, gast.Gt, gast.GtE)) and (
        any(isinstance(v, (gast.Tuple, gast.List)) for v in sides)
        or not any(_a_number(v) for v in sides))


def _a_number(node) -> bool:
    return isinstance(node, (gast.Constant, gast.BinOp)) or (
        isinstance(node, gast.UnaryOp) and isinstance(node.operand, gast.Constant))


def _sequence_equality(node) -> bool:
    """`a == b` / `a != b` with no constant operand: two lists or tuples with traced items
    compare item by item (ag__.eq); against a constant it is `==` itself."""
    return isinstance(node.ops[0], (gast.Eq, gast.NotEq)) and not any(
        isinstance(v, gast.Constant) for v in (node.left, node.comparators[0]))


def _bool_identity(node) -> bool:
    """`x is True`, `x is not False`, ...: a traced flag compares by value; `x is None`:
    a value a traced `if` or loop left None on some runs only (runtime/optional.py); `act
    is jnp.tanh`: a function or str a traced condition picks (runtime/picked.py)."""
    return isinstance(node.ops[0], (gast.Is, gast.IsNot)) and not all(
        isinstance(v, gast.Constant) and type(v.value) not in (bool, type(None))
        for v in (node.left, node.comparators[0]))


def _not(operand):
    ag__.not_(operand)  # noqa: F821


# Operands nested one inside the next; a longer chain is split in halves,
# `(a and b) and (c and d)`, which Python evaluates the same way (each operand
# in order, up to the first false one, whose value is the result). Nested
# all the way, 2,000 operands would be 2,000 calls deep when they run.
_NESTED = 32


def _chain_of(template, values):
    if len(values) > _NESTED:
        half = len(values) // 2
        return templates.replace_expr(template, left=_chain_of(template, values[:half]),
                                      right=_chain_of(template, values[half:]))
    result = values[-1]
    for left in reversed(values[:-1]):
        result = templates.replace_expr(template, left=left, right=result)
    return result


class _Logical(visitors.Transformer):
    def visit_BoolOp(self, node):
        self.generic_visit(node)
        template = _and if isinstance(node.op, gast.And) else _or
        return templates.located(_chain_of(template, node.values), node)

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) < 2:
            if _sequence_order(node):
                new = templates.replace_expr(_ordered, left=node.left, right=node.comparators[0],
                                             op=gast.Constant(type(node.ops[0]).__name__, None))
                return templates.located(new, node)
            if _bool_identity(node) or _sequence_equality(node) or \
                    isinstance(node.ops[0], (gast.In, gast.NotIn)):
                template = _TEMPLATES[type(node.ops[0])]
                new = templates.replace_expr(template, left=node.left, right=node.comparators[0])
                return templates.located(new, node)
            return node
        # a < b < c is (a < b) and (b < c) with b evaluated once: the runtime
        # evaluates each operand lazily, in order, and at most once.
        ops = gast.Tuple([gast.Constant(type(op).__name__, None) for op in node.ops], gast.Load())
        operands = gast.Tuple([templates.replace_expr(_lazy, value=v) for v in node.comparators],
                              gast.Load())
        new = templates.replace_expr(_chain, left=node.left, ops=ops, operands=operands)
        return templates.located(new, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, gast.Not):
            return node
        return templates.located(templates.replace_expr(_not, operand=node.operand), node)


def transform(node, ctx):
    return _Logical().visit(node)
