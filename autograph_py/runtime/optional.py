"""A variable that is None on some paths of a traced `if` or loop and a value on others.

    last = None
    while n != 0:                      # traced
        if n & 1:
            if last is not None:
                gap = max(gap, i - last)
            last = i
        ...

After the traced `if` (and across the loop) `last` is a `MaybeNone`: its value
and a `present` flag, which lax carries as two leaves (zeros where it is None).
It behaves as Python's value-or-None does when the program runs:

- `last is None` / `last is not None` is the flag (`logical.is_`);
- `last == v` is False where it is None, `last != v` True;
- any other use (arithmetic, an order comparison, a jnp function, an index)
  uses the value, with a run-time check that raises Python's TypeError at
  that line on the runs where it is None and that use runs;
- `str`, `repr`, `print` show `None` or the value, from run-time values;
- a compiled function that returns one returns the value, failing on the
  runs where it is None (`returned`): a jit program's outputs are arrays on
  every run.

A loop over a static number of items does not carry one: it runs as the
Python loop over its items instead (loops._scan_or_unroll), where the
variable is a Python None or a value at every step, as eagerly.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from autograph_py import errors
from autograph_py.labels import RETURN_VALUE, quoted as _quoted
from autograph_py.runtime import classes, failures, paths, trace_log
from autograph_py.runtime.dispatch import is_traced
from autograph_py.runtime.flat import Var, flatten, is_dynamic_leaf
from autograph_py.runtime.undefined import Label, delegate


class MaybeNone:
    """`value if present else None`; `present` a traced bool (or a Python one)."""

    __slots__ = ("name", "value", "present", "tests")

    def __init__(self, name: str, value, present):
        self.name, self.value, self.present = name, value, present
        self.tests = ()   # (`v is None`'s traced bool, its truth where v is present)

    def __repr__(self):
        return self._text(repr)

    def __str__(self):
        return self._text(str)

    def __format__(self, spec):
        return self._text(lambda v: format(v, spec))

    def _text(self, show):
        # Concrete when a run-time text is made (text.recipe rebuilds it from values).
        if is_traced(self.present) or is_traced(self.value):
            return f"<{self.name} or None>"
        return show(self.value) if bool(self.present) else show(None)

    def __bool__(self):
        # Converted `if`/`while`/`and`/`or`/`not` take its truth as a traced bool
        # (as_condition); a Python `bool()` of it cannot.
        raise errors.StateError(errors.message(
            f"the truth of {_quoted(self.name)}, which is None on some runs and a value on others "
            "(a traced `if` or loop set it), is not known before the program runs",
            at=errors.where(),
            fix=f"Test `{self.name} is not None` (and then the value) instead."))

    def __eq__(self, other):
        if other is None:
            return _not(self.present)
        return _and(self.present, self.value == other)

    def __ne__(self, other):
        if other is None:
            return self.present
        return _or(_not(self.present), self.value != other)

    __hash__ = object.__hash__


def _not(p):
    return jnp.logical_not(p) if is_traced(p) else not p


def _and(p, v):
    return jnp.logical_and(p, v) if is_traced(p) or is_traced(v) else bool(p) and v


def _or(p, v):
    return jnp.logical_or(p, v) if is_traced(p) or is_traced(v) else bool(p) or v


def as_condition(v):
    """`v` as the condition of a converted `if`, `while`, ternary, `and`/`or`/`not`: a
    MaybeNone is its truth (False where it is None, else its value's), a traced bool."""
    if not isinstance(v, MaybeNone):
        truth = classes.truth(v)   # a user object's own __bool__ or __len__, converted
        return v if truth is None else truth
    value = v.value
    if getattr(value, "size", 1) != 1:
        raise errors.StateError(errors.message(
            f"the truth of {_quoted(v.name)}, an array of shape {tuple(value.shape)} when it is "
            "not None, is not a single value", at=errors.where(),
            fix=f"Test `{v.name} is not None`, and reduce the array with jnp.any / jnp.all."))
    value = jnp.reshape(value, ())
    nonzero = value if value.dtype == jnp.bool_ else value != 0
    return jnp.logical_and(v.present, nonzero)


def condition_of(value):
    """(a loop test's value as a condition, whether it was a MaybeNone)."""
    return as_condition(value), isinstance(value, MaybeNone)


def truth_of(test):
    """The loop test `test`, whose value was a MaybeNone, as its truth."""
    return lambda: as_condition(test())


def either(left: MaybeNone, truth, right, op: str):
    """`left or right` / `left and right` (op) for a MaybeNone `left` whose truth is `truth`:
    the operand Python returns, selected when the program runs; a MaybeNone where the
    result may be None (`None and x` is None)."""
    if isinstance(right, MaybeNone):
        r_value, r_present = right.value, right.present
    else:
        r_value, r_present = right, True
    if right is None:
        raise errors.StateError(errors.message(
            f"`{op}` of {_quoted(left.name)}, None on some runs, with None", at=errors.where(),
            fix="Test `is None` first."))
    if op == "or":   # left where it is true, else right
        value = jnp.where(truth, left.value, r_value)
        if r_present is True:   # a value on every run: `best or 0.0`
            return value
        present = jnp.logical_or(truth, r_present)
    else:            # right where left is true, else left (None, or its falsy value)
        value = jnp.where(truth, r_value, left.value)
        present = jnp.where(truth, r_present, left.present)
    return MaybeNone(left.name, value, present)


def value_of(m: MaybeNone, what: str = "this use"):
    """The value of `m` for a use that None does not allow, checked at run time."""
    present = m.present
    if not is_traced(present):
        if not present:
            raise TypeError(_none_text(m.name, what))
        return m.value
    if any(paths.known(t) is truth for t, truth in m.tests):
        return m.value   # in the branch of `if m is None:` where it is not: no check
    if not paths.is_silent():
        at = errors.where(2)
        trace_log.record("read", "jax.debug.callback", f"'{m.name}' may be None", at=at)
        failures.stage(TypeError(_none_text(m.name, what)), present, at)
    return m.value


def _none_text(name: str, what: str) -> str:
    return f"{_quoted(name)} is None here, and {what} needs a value ('NoneType' has none)"


def refuse_type_question(f, args) -> None:
    """`isinstance(v, T)`, `type(v)`, ... of a MaybeNone: Python's answer differs between
    the runs where it is None and the others, and the program is traced once."""
    for a in args:
        if isinstance(a, MaybeNone):
            raise errors.StateError(errors.message(
                f"{f.__name__}() of {_quoted(a.name)}, which is None on some runs and a value "
                "on others (a traced `if` or loop decided): its answer is known only when the "
                "program runs", at=errors.where(),
                fix=f"Test `{a.name} is None` instead."))


def values_in(f, args, kwargs):
    """The arguments of a call of `f` (a library's function, a builtin) with each MaybeNone
    its value, checked at run time: Python would hand it None, which such a function
    refuses (`jnp.maximum(None, 1)`, `max(None, 1)`)."""
    if not any(type(a) is MaybeNone for a in args) and not any(
            type(v) is MaybeNone for v in kwargs.values()):
        return args, kwargs
    what = f"{getattr(f, '__name__', 'this function')}(...)"
    return (tuple(value_of(a, what) if type(a) is MaybeNone else a for a in args),
            {k: value_of(v, what) if type(v) is MaybeNone else v for k, v in kwargs.items()})


delegate(MaybeNone, value_of)


jax.tree_util.register_pytree_node(
    MaybeNone,
    lambda m: ((m.value, m.present), Label(m.name)),
    lambda name, children: MaybeNone(name.text, *children))


def is_none(v):
    """`v is None` where `v` may be a MaybeNone (a traced bool then)."""
    if isinstance(v, MaybeNone):
        out = _not(v.present)
        v.tests += ((out, False),)
        return out
    return v is None


def returned(out, fn):
    """A converted function's result as its caller outside converted code gets it: each
    MaybeNone in it is its value, checked at run time (a compiled program cannot return
    None on some runs only, an error at `fn`'s definition), or None where it is known to
    be None."""
    if isinstance(out, (jax.Array, float, int)) or out is None or not any(
            isinstance(l, MaybeNone) for l in jax.tree_util.tree_leaves(out, is_leaf=_is_one)):
        return out   # (the common results without a walk)

    def one(m):
        if not isinstance(m, MaybeNone):
            return m
        if not is_traced(m.present):
            return m.value if m.present else None
        if not paths.is_silent():
            at = f"{fn.__code__.co_filename}:{fn.__code__.co_firstlineno}"
            what = ("None on this run, a value on others" if m.name == RETURN_VALUE else
                    f"'{m.name}', which is None on this run and a value on others")
            failures.stage(errors.StateError(errors.message(
                f"the function returns {what} (a traced `if` or loop decided), and a "
                "compiled function returns arrays on every run", at=at,
                fix="Return a value on every path (a sentinel such as -1 or jnp.nan where "
                    "it would be None), and test for it.")), m.present, at)
        return m.value
    return jax.tree_util.tree_map(one, out, is_leaf=_is_one)


def _is_one(x) -> bool:
    return isinstance(x, MaybeNone)


# ------------------------------------------------------------- joins (runtime/state.py)

def lift_none(a: Var, b: Var) -> tuple[Var, Var]:
    """Both sides of a join as MaybeNone where one is None or a MaybeNone and the other a
    value (arrays and Python scalars, or a tuple, list or dict of them), None or a
    MaybeNone: `best = None` on one path, an array (or `(score, i)`) on another; also at
    the same place inside two tuples, lists or dicts (`return (best, k)` on two paths)."""
    if a.treedef != b.treedef and type(a.value) is type(b.value) in (tuple, list, dict):
        a, b = a.traced(), b.traced()   # not the objects now (Var.traced)
        x, y = _lift_inside(a.value, b.value, a.name)
        if x is not a.value:
            (a,), (b,) = flatten([x], [a.name]), flatten([y], [b.name])
    kinds = [_none_kind(v) for v in (a, b)]
    if None in kinds or kinds[0] == kinds[1] or "value" not in kinds and "maybe" not in kinds:
        return a, b
    out = [_as_maybe_none(v) if k == "value" else v for v, k in zip((a, b), kinds)]
    like = out[0] if kinds[0] != "none" else out[1]
    if kinds.count("none") == 0 and out[0].treedef != out[1].treedef:
        return a, b   # two values of different structures: the join's own error says so
    return tuple(_none_as(v.name, like) if k == "none" else v for v, k in zip(out, kinds))


def _lift_inside(x, y, name):
    """(x, y) with a MaybeNone on both sides wherever one side has one, or None, and the
    other a value or None; the same objects where nothing changes."""
    if isinstance(x, MaybeNone) or isinstance(y, MaybeNone) or (x is None) != (y is None):
        return _as_pair(x, y, name)
    if type(x) is type(y) and type(x) in (tuple, list) and len(x) == len(y):
        pairs = [_lift_inside(p, q, name) for p, q in zip(x, y)]
        if all(p is u for p, (u, _) in zip(x, pairs)) and all(
                q is v for q, (_, v) in zip(y, pairs)):
            return x, y
        return type(x)(u for u, _ in pairs), type(y)(v for _, v in pairs)
    if type(x) is type(y) is dict and x.keys() == y.keys():
        pairs = {k: _lift_inside(x[k], y[k], name) for k in x}
        if all(pairs[k][0] is x[k] and pairs[k][1] is y[k] for k in x):
            return x, y
        return {k: p for k, (p, _) in pairs.items()}, {k: q for k, (_, q) in pairs.items()}
    return x, y


def _as_pair(x, y, name):
    """One place of two pytrees, where one side may be None or a MaybeNone. (Inside a
    pytree None is no leaf, so its value slot is zeros here; at the top, `_none_as`
    leaves it empty, and the lowering fills zeros of the joined, maybe weak, type.)"""
    def parts(v):
        if isinstance(v, MaybeNone):
            return v.value, v.present
        return (None, False) if v is None else (v, True)
    (xv, xp), (yv, yp) = parts(x), parts(y)
    like = xv if xv is not None else yv
    if like is None or not all(is_dynamic_leaf(l) for l in jax.tree_util.tree_leaves(like)):
        return x, y
    zeros = jax.tree_util.tree_map(
        lambda l: np.zeros(np.shape(l), jax.numpy.result_type(l)), like)
    return (MaybeNone(name, zeros if xv is None else xv, xp),
            MaybeNone(name, zeros if yv is None else yv, yp))


def lift_none_to(v_in: Var, v_out: Var) -> Var:
    """What an iteration left (`v_out`) as the MaybeNone the loop carries (`v_in`), where
    it left None or a value."""
    if not isinstance(v_in.value, MaybeNone):
        return v_out
    kind = _none_kind(v_out)
    if kind == "value":
        return _as_maybe_none(v_out)
    return _none_as(v_out.name, v_in) if kind == "none" else v_out


def entry_leaves(treedef, var: Var, n: int):
    """The leaves a loop that carries a MaybeNone (`treedef`, `n` leaves) starts from, where
    it found None or a value; None if `treedef` is no MaybeNone's."""
    if not isinstance(treedef.unflatten([None] * n), MaybeNone):
        return None
    if var.value is None:
        return [None] * (n - 1) + [False]
    if _none_kind(var) == "value" and len(var.leaves) == n - 1:
        return list(var.leaves) + [True]
    return None


def _as_maybe_none(v: Var) -> Var:
    return flatten([MaybeNone(v.name, v.traced().value, True)], [v.name])[0]


def _none_as(name, like: Var) -> Var:
    """None, as the MaybeNone `like` is: no value (zeros in lax), not present."""
    return Var(name, MaybeNone(name, None, False), like.treedef,
               [None] * (len(like.leaves) - 1) + [False])


def _none_kind(v: Var):
    """"none", "maybe", "value", or None (anything else: a placeholder, an object)."""
    if v.value is None:
        return "none"
    if isinstance(v.value, MaybeNone):
        return "maybe"
    if v.leaves and all(is_dynamic_leaf(l) for l in v.leaves) and (
            is_dynamic_leaf(v.value) or type(v.value) in (tuple, list, dict)):
        return "value"
    return None
