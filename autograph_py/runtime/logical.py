"""`and`, `or`, `not`.

    a and b    ==>   ag__.and_(a, lambda: b)
    not a      ==>   ag__.not_(a)

Python operands keep Python's short-circuit and return the operand itself.
A traced left operand evaluates both sides: boolean operands give
`jnp.logical_and` / `logical_or`; other operands give the operand Python
would return, selected at run time (`jnp.where`), so `2 and 3` is 3 in both.
The right operand is traced as the path where Python evaluates it: its
prints, asserts and raises happen only when the left operand lets it run.
A traced operand needs one truth value, as in Python: an array of several
elements is an error (use `jnp.logical_and` for elementwise).
"""
from __future__ import annotations

import operator

import jax
import jax.numpy as jnp

from autograph_py import errors
from autograph_py.lowering.scalars import weak_cast
from autograph_py.runtime import failures, items, mutations, optional, picked, reach
from autograph_py.runtime.optional import MaybeNone
from autograph_py.runtime.dispatch import dimension_value, in_trace, is_traced
from autograph_py.runtime.raises import only_where


def and_(left, b):
    """`left and b()`; a traced left operand evaluates both sides.

    The left operand always runs first, so it comes as a value (an
    assignment expression in it then binds in the user's function).
    """
    if isinstance(left, MaybeNone):
        truth = optional.as_condition(left)
        return optional.either(left, truth, _only_when(truth, b, "and"), "and")
    if not is_traced(left):
        if not left:
            return left
        right = b()
        return right
    return _select(left, _only_when(left, b, "and"), jnp.logical_and, on_true="right")


def or_(left, b):
    """`left or b()`; a traced left operand evaluates both sides."""
    if isinstance(left, MaybeNone):
        truth = optional.as_condition(left)
        return optional.either(left, truth, _only_when(truth, b, "or"), "or")
    if not is_traced(left):
        if left:
            return left
        return b()
    return _select(left, _only_when(left, b, "or"), jnp.logical_or, on_true="left")


def _only_when(left, b, op: str):
    """`b()`, traced as the path on which Python evaluates it (`left` true for `and`).

    A change it makes to an object that exists outside it (`log.append(1)`, `self.n += 1`
    in a function it calls) would happen on every path: an error, as no value carries it."""
    # Where it raises whenever it runs, its value never reaches anything: `left` stands in.
    seen = reach.visible((b,))
    with mutations.watch(visible=seen) as w:
        out = only_where(_truth(left, op), b, negated=(op == "or"), if_raises=left)
        w.note_in_place()
    # Not an object the operand makes itself (`P(1.0).v`).
    changes = [c for c in w.changes.values() if id(c.obj) in seen.reached]
    if changes:
        w.restore()
        labels = ", ".join(sorted({c.label() for c in changes}))
        raise errors.StateError(errors.message(
            f"the right operand of this `{op}` changes {labels}, and its left operand is "
            "traced: Python evaluates it only on some runs, and no value can carry the change",
            at=errors.where(),
            fix=f"Write it as an `if` statement (`if {'' if op == 'and' else 'not '}left: ...`), "
                "whose state carries the change."))
    return out


def _truth(v, op: str):
    """The single truth value of a traced operand; several elements are an error, as in Python."""
    _check_single(v, op)
    if v.shape != ():
        v = v.reshape(())
    return v if v.dtype == jnp.bool_ else v != 0


def _check_single(v, op: str) -> None:
    if v.size != 1:
        at = errors.where(3)
        failures.raise_where_it_runs(errors.AmbiguousTruthError(errors.message(
            f"an operand of `{op}` is an array of shape {tuple(v.shape)}, and an array of "
            "several elements has no single truth value", at=at,
            fix=("Use jnp.logical_not(a)" if op == "not" else f"Use jnp.logical_{op}(a, b)") +
                " for elementwise logic, or reduce it with jnp.all(...) / jnp.any(...).")), at)


def _is_bool(v):
    return isinstance(v, bool) or getattr(v, "dtype", None) == jnp.bool_


def _select(left, right, logical, on_true):
    if _is_bool(left) and _is_bool(right):
        if isinstance(right, bool):
            # A Python bool decides the result, or leaves it to `left`:
            # `t and False` is False, `t or True` is True, whatever `t` is.
            absorbing = right is (logical is jnp.logical_or)
            return right if absorbing else left
        out = logical(left, right)
        # Python returns one of the operands: of two weak bools (comparisons of weak
        # values), a weak bool, which jnp.logical_and/or is not.
        return weak_cast(out, bool) if _weak(left) and _weak(right) else out
    truth = left if _is_bool(left) else left != 0
    return jnp.where(truth, right, left) if on_true == "right" else jnp.where(truth, left, right)


def _weak(v) -> bool:
    return is_traced(v) and jax.typeof(v).weak_type


def not_(a):
    """`not a`."""
    a = optional.as_condition(a)
    if is_traced(a):
        _check_single(a, "not")
        return jnp.logical_not(a)
    return not a


def is_(x, y):
    """`x is y`. A traced bool stands for a Python bool (a flag a traced branch set:
    `while done is False:`), so `is True` / `is False` compares its value; anything
    else is Python's identity (a tracer is never None)."""
    for a, b in ((x, y), (y, x)):
        if type(a) is picked.Picked:   # a str or function a traced condition picks
            return a.apply(lambda v: is_(v, b))
        if isinstance(a, MaybeNone) and b is None:
            return optional.is_none(a)
        if is_traced(a) and type(b) is bool and a.dtype == jnp.bool_ and a.size == 1:
            return a.reshape(()) if b else jnp.logical_not(a.reshape(()))
    return x is y


def is_not(x, y):
    same = is_(x, y)
    if not is_traced(same):
        return not same
    out = jnp.logical_not(same)
    for m, other in ((x, y), (y, x)):
        if isinstance(m, MaybeNone) and other is None:   # (runtime/optional.py value_of)
            m.tests += ((out, True),)
    return out


def eq(x, y):
    """`x == y`. Two lists (or two tuples) with traced items compare as Python compares
    them, item by item, to a traced bool; anything else is `==` itself."""
    if _sequences(x, y):
        return _sequence_eq(x, y)
    return x == y


def not_eq(x, y):
    """`x != y`, the negation of `eq` for lists and tuples with traced items."""
    if _sequences(x, y):
        same = _sequence_eq(x, y)
        return jnp.logical_not(same) if is_traced(same) else not same
    return x != y


def ordered(op: str, x, y):
    """`x < y` (`op` the operator's class name: Lt, LtE, Gt, GtE). Two lists (or two
    tuples) with traced items order as Python orders them: at the first items that
    differ, else by length; anything else is the operator itself."""
    compare = _ORDER[op]
    if not _sequences(x, y):
        try:
            return compare(x, y)
        except jax.errors.InconclusiveDimensionOperation:   # a symbolic dimension (under
            return compare(*map(dimension_value, (x, y)))   # jax.export): its traced value
    if op in ("Lt", "Gt"):
        return lexicographic(compare, x, y)
    # a <= b is not (b < a): the first items that differ decide, as for `<`.
    strict = lexicographic(_ORDER["Lt" if op == "LtE" else "Gt"], y, x)
    return jnp.logical_not(strict) if is_traced(strict) else not strict


_ORDER = {"Lt": operator.lt, "LtE": operator.le, "Gt": operator.gt, "GtE": operator.ge}


def lexicographic(op, a, b):
    """`op(a, b)` (a strict `<` or `>`), tuples and lists compared as Python does: at the
    first items that differ, else by length; with traced items, a traced bool."""
    if not (type(a) is type(b) and type(a) in (tuple, list)):
        return op(a, b)
    out, equal = False, True
    for x, y in zip(a, b):
        out = _either(out, _both(equal, lexicographic(op, x, y)))
        equal = _both(equal, eq(x, y))
    return _either(out, _both(equal, op(len(a), len(b))))


def _both(a, b):
    if is_traced(a) or is_traced(b):
        return jnp.logical_and(a, b)
    return a and b


def _either(a, b):
    if is_traced(a) or is_traced(b):
        return jnp.logical_or(a, b)
    return a or b


def _sequences(x, y) -> bool:
    """Two lists or two tuples compared item by item (`_same_kind`), traced items in them."""
    return _same_kind(x, y) and (_holds_traced(x) or _holds_traced(y))


def _same_kind(x, y) -> bool:
    """Two lists or two tuples (a NamedTuple too) compared by list's or tuple's own `==`
    (a subclass with its own __eq__ keeps it)."""
    kinds = [k for k in (list, tuple) if isinstance(x, k) and isinstance(y, k)]
    return bool(kinds) and type(x).__eq__ is kinds[0].__eq__ and \
        type(y).__eq__ is kinds[0].__eq__


def _holds_traced(xs) -> bool:
    """A tracer among the items (nested lists and tuples too); while JAX traces, a concrete
    JAX array counts too: `==` of one gives a traced result there (holds_jax_array)."""
    tracing = in_trace()
    return any(is_traced(v) or (tracing and isinstance(v, jax.Array)) or type(v) is picked.Picked
               or isinstance(v, (list, tuple)) and _holds_traced(v) for v in xs)


def _sequence_eq(x, y):
    """Python's list equality: lengths, then each pair of items (`is`, else `==`, as a
    truth value) up to the first that differs. A traced pair's result joins the rest
    with `and`; a later pair whose comparison fails (arrays of other shapes) fails
    only on the runs where every pair before it is equal, as Python reaches it only
    then: a run-time check, and the result is False."""
    if len(x) != len(y):
        return False
    result = True
    for a, b in zip(x, y):
        if a is b:
            continue
        try:
            same = _pair_eq(a, b)
        except errors.AutographError:
            raise
        except Exception as e:  # noqa: BLE001 - the pair's own failure, Python's too
            if result is True:
                raise   # every pair before it is equal as Python values: Python raises
            failures.stage(e, jnp.logical_not(result), errors.where())
            return jnp.logical_and(result, False)
        if is_traced(same):
            result = same if result is True else jnp.logical_and(result, same)
        elif not same:
            return False
    return result


def _pair_eq(a, b):
    """`a == b` of one pair of items, as the truth value Python takes of it."""
    same = _sequence_eq(a, b) if _same_kind(a, b) else a == b
    if is_traced(same):
        if same.size != 1:   # as eager: bool() of a comparison of arrays
            raise ValueError("The truth value of an array with more than one element is "
                             "ambiguous: two lists whose items are arrays compare with "
                             "bool(a == b) for each pair; compare the arrays with "
                             "jnp.array_equal")
        same = same.reshape(())
    return same


_COMPARE = {"Lt": operator.lt, "LtE": operator.le, "Gt": operator.gt, "GtE": operator.ge,
            "Eq": eq, "NotEq": not_eq, "Is": is_,
            "IsNot": is_not, "In": items.in_, "NotIn": items.not_in}


def compare_chain(left, ops, operands):
    """`left op0 b op1 c ...`: each operand evaluated once, lazily, in order.

    Python stops at the first false comparison and returns it: the rest is
    `and_`'s right operand, evaluated (traced) only on the path where this
    comparison holds, so a later operand's prints and raises happen only where
    Python evaluates it (FINDINGS F83). Each operand is evaluated once.
    """
    right = operands[0]()
    value = _COMPARE[ops[0]](left, right)
    if len(ops) == 1:
        return value
    return and_(value, lambda: compare_chain(right, ops[1:], operands[1:]))

