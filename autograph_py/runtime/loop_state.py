"""The state of a traced loop: which leaves lax carries, settled over retraces.

The loop's body is traced on the entry state; where an iteration changes a
leaf's type (a Python scalar that becomes an array, a weak type that
becomes strong, a list that grows by appends in a scan), the plan is
updated and the body traced again (runtime/loops.py), until nothing changes.
A change of shape or structure is an error naming the variable.
"""
from __future__ import annotations

import dataclasses

import jax
import numpy as np

from autograph_py import errors
from autograph_py.lowering.plans import Aval, Dynamic, LoopPlan, Static, aval_of
from autograph_py.runtime import picked, records
from autograph_py.runtime.dispatch import is_array
from autograph_py.runtime.flat import joins_as_number
from autograph_py.runtime.optional import MaybeNone, lift_none
from autograph_py.runtime.state import (Var, _same_static, describe, is_dynamic_leaf, join_avals,
                                        quoted)
from autograph_py.runtime.unbound_joins import lifted
from autograph_py.runtime.undefined import (MaybeUndefined, UndefinedReturnValue, is_placeholder,
                                           is_undefined)


def initial_loop_plan(init_vars: list[Var]) -> LoopPlan:
    specs = []
    for v in init_vars:
        specs.append([Dynamic(aval_of(l), v.poison.get(j)) if is_array(l)
                      else Static(l, v.poison.get(j)) for j, l in enumerate(v.leaves)])
    return LoopPlan([v.treedef for v in init_vars], specs)


def update_loop_plan(plan: LoopPlan, names, ins: list[Var], outs: list[Var], construct: str,
                     at: str, allow_append: bool, may_not_run: bool = False, exits=False,
                     entry: list[Var] | None = None) -> tuple[LoopPlan, bool]:
    """Joins loop entry state with the state after one iteration.

    Returns the widened plan and whether it changed (the body must then be
    traced again with the new types). `may_not_run`: the loop may run zero
    times, so a variable first assigned in its body is carried as an
    UnboundUnlessAssigned (its value and whether an iteration assigned it);
    a set of names: only those (read in the body before it assigned them). `exits`:
    the loop has a traced `break` or `return`; a variable its body assigns on some
    paths only is carried so too (FINDINGS F118). `entry`: the state on entry, whose
    items a list the body appends to keeps (`ins` may hold the body trace's carry).
    """
    changed = False
    treedefs, specs, appends = list(plan.treedefs), [list(s) for s in plan.specs], dict(plan.appends)
    for i, (name, v_in, v_out) in enumerate(zip(names, ins, outs)):
        def mismatch(what, name=name, v_in=v_in, v_out=v_out):
            return _loop_mismatch(name, construct, at, v_in.as_traced(), v_out.as_traced(), what)
        if is_undefined(v_in.value):
            if is_undefined(v_out.value):
                continue
            # Assigned on some paths of the body of a loop that may stop at any iteration
            # (`if c: found = x; break`), as in one that may not run.
            lift = may_not_run is True or (may_not_run and name in may_not_run) or (
                exits and isinstance(v_out.value, MaybeUndefined))
            if lift and not isinstance(v_in.value, UndefinedReturnValue):
                # Unassigned on entry, so also on the paths of this trace that skip the
                # assignment (MaybeUndefined): the next trace carries whether it is.
                v_out = lifted(v_out)
            treedefs[i] = v_out.treedef
            specs[i] = [Dynamic(aval_of(l), v_out.poison.get(j)) if is_dynamic_leaf(l)
                        else Static(l, v_out.poison.get(j)) for j, l in enumerate(v_out.leaves)]
            changed = True
        elif i in appends:
            continue
        elif (text := picked.loop_text(v_in.value, v_out.value)) is not None:
            # a str a traced `if` picks, or one the body changes (`m = "eval"` in a loop
            # that may not run; shapes6 16000/6): a chain over the strs of both
            changed |= text != (treedefs[i], specs[i])
            treedefs[i], specs[i] = text
        elif v_in.treedef != v_out.treedef:
            carried = None if allow_append else _maybe_none(v_in, v_out, mismatch)
            if carried is not None:   # None on entry or after an iteration, a value on the other
                treedefs[i], specs[i] = carried
                changed = True
                continue
            appends[i] = _appends(name, v_in, v_out, construct, at, allow_append, mismatch)
            # Its items on entry, not the carry this trace read them from (a tracer of the
            # body's trace: `xs = [x0]`, `xs.append(v)`, `xs[0]` read in the body).
            kept = v_in if entry is None or len(entry[i].leaves) != len(v_in.leaves) else entry[i]
            specs[i] = [Static(l) for l in kept.leaves]
            changed = True
        else:
            if any(isinstance(spec, Static) and records.differ(name, spec.value, o)
                   for spec, o in zip(specs[i], v_out.leaves)):
                raise records.Expand(name)   # a new object of one class: its attributes
            changed |= _widen(specs[i], v_out, mismatch)
    return LoopPlan(treedefs, specs, appends), changed


def _maybe_none(v_in: Var, v_out: Var, mismatch):
    """(treedef, specs) of a MaybeNone the loop carries, where one side is None and the
    other a value (or a MaybeNone): a loop that may leave `best = None` as it found it.
    A loop over a static number of items does not get here: it runs as Python instead."""
    v_in, v_out = lift_none(v_in, v_out)
    if not (isinstance(v_in.value, MaybeNone) and isinstance(v_out.value, MaybeNone)):
        return None
    specs = []
    for a, b in zip(v_in.leaves[:-1], v_out.leaves[:-1]):   # the value's leaves; the flag last
        values = [v for v in (a, b) if v is not None]
        aval = aval_of(values[0])
        for other in values[1:]:
            aval = _joined(aval, aval_of(other), mismatch)
        specs.append(Dynamic(aval))
    return v_out.treedef, specs + [Dynamic(Aval((), np.dtype(bool), False))]


def _appends(name, v_in: Var, v_out: Var, construct, at, allow_append, mismatch):
    """(entry length, [(item treedef, item avals)]) of a list the body appends to."""
    grown = _appended_items(v_in, v_out.value)
    if grown is None:
        raise mismatch("structure")
    if not allow_append:
        raise errors.TracedListError(errors.message(
            f"list '{name}' grows in the {construct} whose trip count is traced",
            details=(f"entry: {v_in.size} items, after one iteration: "
                     f"{len(v_out.value)} items",),
            at=at,
            fix="Preallocate an array and write into it (`ys = ys.at[i].set(v)`), or loop "
                "over an array or a static range so the items can be stacked."))
    items = []
    for item in grown:
        leaves, td = jax.tree_util.tree_flatten(item)
        if not all(is_dynamic_leaf(l) for l in leaves):
            raise mismatch("type")
        items.append((td, [aval_of(l) for l in leaves]))
    return v_in.size, items


def _widen(var_specs: list, v_out: Var, mismatch) -> bool:
    """Widens one variable's leaf specs (in place) to hold what an iteration left; whether
    any changed."""
    changed = False
    for j, (spec, o) in enumerate(zip(var_specs, v_out.leaves)):
        if o is None:
            continue   # the value slot of a MaybeNone that is None: it keeps its type
        poison = spec.poison or v_out.poison.get(j)
        if poison != spec.poison:
            # A value that may be unassigned after one iteration may be so at
            # the start of the next: trace again with the marked input.
            spec = var_specs[j] = type(spec)(spec.value if isinstance(spec, Static)
                                             else spec.aval, poison)
            changed = True
        if isinstance(spec, Static):
            if _same_static(spec.value, o):
                continue
            number = joins_as_number(spec.value, o)
            if not (is_dynamic_leaf(spec.value) and is_dynamic_leaf(o) or number):
                raise mismatch("type")
            base = aval_of((int if isinstance(spec.value, int) else float)(spec.value)
                           if number else spec.value)
        else:
            if not is_dynamic_leaf(o):
                raise mismatch("type")
            base = spec.aval
        joined = _joined(base, aval_of(o), mismatch)
        if isinstance(spec, Static) or joined != spec.aval:
            var_specs[j] = Dynamic(joined, poison)
            changed = True
    return changed


def _joined(base, out, mismatch):
    """The carried type of a leaf that enters as `base` and leaves an iteration as `out`."""
    def shape_error():
        raise mismatch("shape")
    if base.weak_type and not out.weak_type:
        # A Python scalar or weak value on entry takes the dtype the body gives it.
        if base.shape != out.shape:
            shape_error()
        return dataclasses.replace(out, vma=out.vma | base.vma)
    joined = join_avals(base, out, shape_error)
    if joined.dtype != out.dtype and not out.weak_type:
        # The body makes a narrower dtype (float to int, int32 to bool, ...)
        # than the loop carries; eagerly it would have that dtype afterwards.
        raise mismatch("dtype")
    return joined


def _appended_items(before: Var, after):
    """The items appended to a list in one iteration, or None if it changed otherwise."""
    n = before.size
    if n is None or type(after) is not list or len(after) <= n:
        return None
    prefix = jax.tree_util.tree_leaves(after[:n], is_leaf=is_placeholder)
    if len(prefix) != len(before.leaves) or not all(a is b for a, b in zip(prefix, before.leaves)):
        return None
    return after[n:]


class LoopStateMismatch(errors.StateError):
    """A variable whose type, structure or shape one iteration changes: a lax loop cannot
    carry it (a loop over a static number of items can still run as Python)."""

    def __init__(self, text: str, name: str, what: str, reason: str | None = None):
        super().__init__(text)
        self.name, self.what = name, what
        self.reason = reason or f"'{name}' changes {what} from one iteration to the next"


def _loop_mismatch(name, construct, at, before, after, what):
    return LoopStateMismatch(errors.message(
        f"{quoted(name)} changes {what} from one iteration to the next of the {construct} whose "
        "condition is traced",
        details=(f"at loop entry:        {describe(before)}",
                 f"after one iteration:  {describe(after)}"
                 f"{errors.lines_note(errors.assignment_lines(at, name)[0])}"),
        at=at,
        fix=(f"Give {quoted(name)} one dtype: start it with the dtype the body gives it, or cast "
             "the new value back (`.astype(...)`)." if what == "dtype" else
             f"Keep {quoted(name)} the same shape and structure in every iteration: preallocate "
             "it at its final size before the loop, or make the loop condition a Python value.")),
        name, what)


def while_test_changed(changes, at):
    """A traced loop's test runs once per trace, not once per iteration: it cannot change state."""
    labels = ", ".join(sorted({c.label() for c in changes}))
    return errors.StateError(errors.message(
        f"the test of this `while` loop changes {labels} through a function it calls, and its "
        "condition is traced",
        details=("A traced loop evaluates its test as part of the compiled loop; a change the "
                 "test makes to an object is not carried from one iteration to the next.",),
        at=at,
        fix="Call the function in the loop body (before the loop and at the end of the body) "
            "and test the value it returned."))
