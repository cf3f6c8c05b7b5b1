"""Arithmetic whose meaning differs between Python numbers and JAX arrays becomes a
runtime call (runtime/mathfns.py), which is the operator itself on Python values.

    y = 2 ** -i                  ==>   y = ag__.power(2, -i)
    h **= k                      ==>   h = ag__.power(h, k)
    k = (i % 3 == 0) + (i > 4)   ==>   k = ag__.bool_arith('+', 0, i % 3 == 0, i > 4)
    s = -(a < b) + (not c)       ==>   s = ag__.bool_arith('+', 2,
                                                 ag__.bool_arith('-', 0, a < b), not c)
    n += k > 1                   ==>   n = ag__.bool_arith('+', 0, n, k > 1)

An integer to a negative integer power is a float in Python, 0 in JAX; Python counts with
bools (True + True == 2), where JAX's `+` and `*` of bools are logical and its `-` refuses
them. `x ** 2`, `x ** 0.5` (a natural or float constant) stay `**`. `+`, `-` and `*` are
converted only where an operand is a bool by its syntax: a comparison, `not`, `bool`/
`any`/`all(...)`, `max`/`min` of such, a bool constant, or a flag (a name the function
assigns only such values, which no nested scope binds). The second argument of
`bool_arith` marks (bit k) the operands that are Python bools when the function runs
eagerly whatever they are made of (`not c`, `any(...)`, a flag assigned only True and
False); the runtime knows the others by JAX's weak type. An augmented power of an item
(`x[i] **= k`) reaches here as the `x[i] ** k` that subscripts.py made of it.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import scopes, templates, visitors

_COUNTED = {gast.Add: "+", gast.Sub: "-", gast.Mult: "*"}
_SIGNS = {gast.USub: "-", gast.UAdd: "+"}


def _power(base, exp):
    ag__.power(base, exp)  # noqa: F821


def _binary(op, known, left, right):
    ag__.bool_arith(op, known, left, right)  # noqa: F821


def _unary(op, known, operand):
    ag__.bool_arith(op, known, operand)  # noqa: F821


def _same_in_both(exp) -> bool:
    """A constant exponent whose `**` JAX computes as Python does."""
    return isinstance(exp, gast.Constant) and type(exp.value) in (int, float) and exp.value >= 0


def _a_bool(node, flags=frozenset()) -> bool:
    """Whether `node` is a bool by its syntax (a comparison, `not`, ...), or a name in
    `flags`."""
    if isinstance(node, gast.Compare) or _python(node, flags):
        return True
    if isinstance(node, gast.BoolOp):
        return all(_a_bool(v, flags) for v in node.values)
    if isinstance(node, gast.IfExp):
        return _a_bool(node.body, flags) and _a_bool(node.orelse, flags)
    return isinstance(node, gast.Call) and isinstance(node.func, gast.Name) and (
        node.func.id in ("max", "min") and not node.keywords and   # of bools, with no key
        all(_a_bool(a, flags) for a in node.args))


def _python(node, flags) -> bool:
    """Whether `node` is a Python bool when the function runs eagerly, whatever its
    operands: `not x`, `bool(x)`, `any(...)`, `all(...)`, a bool constant, a name in
    `flags` (one the function assigns only such values)."""
    if isinstance(node, gast.UnaryOp):
        return isinstance(node.op, gast.Not)
    if isinstance(node, gast.Constant):
        return type(node.value) is bool
    if isinstance(node, gast.Name):
        return node.id in flags
    return isinstance(node, gast.Call) and isinstance(node.func, gast.Name) and (
        node.func.id in ("bool", "any", "all"))


def _flags(fn) -> tuple:
    """The names `fn` binds only by assigning bools (`p = a > b`), and those it binds only
    by assigning Python's own bools (`found = False`, `if c: found = True`); a name bound
    any other way (a parameter, a loop target, `+=`, a tuple, a def), or bound in a nested
    scope too (a lambda's or comprehension's parameter, a `nonlocal` write), is neither."""
    values, seen = {}, set()
    for n in scopes.walk_inside(fn):
        if isinstance(n, gast.Assign) and all(isinstance(t, gast.Name) for t in n.targets):
            for t in n.targets:
                values.setdefault(t.id, []).append(n.value)
            seen.update(map(id, n.targets))
    others = set()
    for n in visitors.walk(fn):   # nested scopes too: a binding there disables the name
        if isinstance(n, gast.Name) and not isinstance(n.ctx, gast.Load) and id(n) not in seen:
            others.add(n.id)
        elif isinstance(n, scopes.DEFINITIONS) and n is not fn:
            others.add(n.name)
        elif isinstance(n, (gast.Nonlocal, gast.Global)):
            others.update(n.names)
    values = {k: v for k, v in values.items() if k not in others}
    python = frozenset(k for k, vs in values.items() if all(_python(v, ()) for v in vs))
    return frozenset(k for k, vs in values.items() if all(map(_a_bool, vs))), python


def _call(template, origin, **parts):
    return templates.located(templates.replace_expr(template, **parts), origin)


class _Arithmetic(scopes.FunctionStack, visitors.Transformer):
    def __init__(self):
        self.functions = [(frozenset(), frozenset())]

    def enter(self, node):
        return _flags(node)

    def _known(self, *operands):
        """The operands that are Python bools eagerly, as bits (operand k: 1 << k)."""
        python = self.functions[-1][1]
        return gast.Constant(sum(1 << k for k, o in enumerate(operands) if _python(o, python)),
                             None)

    def visit_BinOp(self, node):
        self.generic_visit(node)
        return self._rewritten(node)

    def _rewritten(self, node):
        if isinstance(node.op, gast.Pow) and not _same_in_both(node.right):
            return _call(_power, node, base=node.left, exp=node.right)
        sign, flags = _COUNTED.get(type(node.op)), self.functions[-1][0]
        if sign and (_a_bool(node.left, flags) or _a_bool(node.right, flags)):
            return _call(_binary, node, op=gast.Constant(sign, None), left=node.left,
                         right=node.right, known=self._known(node.left, node.right))
        return node

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        sign = _SIGNS.get(type(node.op))
        if sign and _a_bool(node.operand, self.functions[-1][0]):
            return _call(_unary, node, op=gast.Constant(sign, None), operand=node.operand,
                         known=self._known(node.operand))
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        target = node.target
        if not isinstance(target, gast.Name):
            return node   # (an attribute's or item's target would be evaluated twice)
        read = gast.Name(target.id, gast.Load(), None, None)
        if isinstance(node.op, gast.Pow) and not _same_in_both(node.value):
            value = _call(_power, node, base=read, exp=node.value)
        else:
            value = self._rewritten(templates.located(gast.BinOp(read, node.op, node.value), node))
            if isinstance(value, gast.BinOp):
                return node
        return templates.located(gast.Assign([target], value, None), node)


def transform(node, ctx):
    return _Arithmetic().visit(node)
