"""Tracing one loop iteration until the types of its state settle.

The body is traced on the entry state (runtime/loop_state.py plans which
leaves lax carries); where an iteration changes a leaf's type, the plan
changes and the body is traced again. A callee's change that the state
misses restarts the whole construct (runtime/mutations.py). The result is
the plan, the closed jaxpr of one iteration and the state it left.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

from autograph_py import errors
from autograph_py.lowering import plans, tracing
from autograph_py.runtime import (copies, identity, loop_state, mutations, optional, orders,
                                  paths, picked, returns, state as st, unbound_joins)
from autograph_py.runtime.undefined import conditional_region, is_placeholder, unassigned_reads
from autograph_py.runtime.raises import stage_raised


MAX_RETRACES = 6


def rebuild(plan: plans.LoopPlan, names, carried, init_vars):
    """The loop state from its carry; a variable that entered as a read-only copy (a pick:
    runtime/copies) stays one, in the body and after the loop.

    A carried value takes its planned weak type: a lax loop replays the body's jaxpr,
    which keeps dtypes but not weak types (a sum of a range's items is a Python int)."""
    carried = [tracing.cast(v, a) for v, a in zip(carried, plan.dynamic_avals())]
    values = _shared_like(st.rebuild(names, plan.treedefs, plan.specs, carried),
                          [v.value for v in init_vars])
    # A dict from a pytree has its keys sorted: it gets those of the entry, or of what an
    # iteration left where the variable entered unbound (the body's `d = {"s": .., "k": ..}`).
    for i, (v, e) in enumerate(zip(values, init_vars)):
        orders.order_like(v, plan.key_orders[i] if is_placeholder(e.value) and i < len(
            plan.key_orders) else e.value)
    mutations.made(values)
    return copies.like(_entry_objects(values, names, init_vars), [v.value for v in init_vars])


def _entry_objects(values, names, init_vars) -> tuple:
    """`values`, where a variable entered holding a list or dict that the body also sees
    under another name (`b = a`, then `b[1] = a[1] + 1.0`; `rows = [row, row]` and
    `row[1]`), with that object, refilled with the carry's items: the body reads the carry
    through either name, as Python does."""
    visible = mutations.visible_here()
    every = dict(getattr(visible, "every", {}))
    for name, var in zip(names, init_vars):   # two state parts of one object (`d['a']` and
        if type(var.value) in (list, dict):   # `e['a']` of `e = d`): each is another name
            every[id(var.value)] = every.get(id(var.value), set()) | {name}

    def walk(value, entry, root, aliased=False):   # `root`: the variable (of `v['a']`)
        if type(entry) is tuple and type(value) is tuple and len(value) == len(entry):
            aliased = aliased or any(n is not None and n.partition("[")[0] != root
                                     for n in every.get(id(entry), ()))   # `u = t`
            items = [walk(v, e, root, aliased) for v, e in zip(value, entry)]
            return entry if all(a is b for a, b in zip(items, entry)) else tuple(items)
        if type(entry) not in (list, dict) or type(value) is not type(entry) or len(
                value) != len(entry) or (type(entry) is dict and value.keys() != entry.keys()):
            return value
        # Held under another name, or inside one that is (`e = d["a"]`: `d["a"]["a"]` is
        # `e["a"]`, though the walk that named the lists and dicts met it through `e` only).
        aliased = aliased or held_elsewhere(entry, root)
        keys = range(len(entry)) if type(entry) is list else list(entry)
        for k in keys:
            item = walk(value[k], entry[k], root, aliased)
            if item is not value[k]:
                value[k] = item
        if value is not entry and id(entry) in visible and aliased:
            mutations.refill(entry, value)
            return entry
        return value

    def held_elsewhere(obj, root):
        return id(obj) in visible and any(
            n is not None and n.partition("[")[0] != root for n in every.get(id(obj), ()))

    # A part (`e['a']`) of a variable whose object another name holds is aliased too.
    bases = {name: held_elsewhere(var.value, name) for name, var in zip(names, init_vars)
             if "[" not in name and "." not in name}
    # (Not the return value: its label is not the name the body's code gives it.)
    return tuple(v if name.startswith("<") else walk(v, var.value, name.partition("[")[0],
                                                     bases.get(name.partition("[")[0], False))
                 for v, var, name in zip(values, init_vars, names))


def _shared_like(values, entries):
    """`values` (rebuilt from a carry: a new object at every position) with one object
    where the entries had one list or dict at several positions (`rows = [row, row]`, or
    `b = a`): a change through one position shows at the others, as in Python."""
    first, out = {}, list(values)

    def walk(value, entry):
        if type(entry) not in (list, dict, tuple) or type(value) is not type(entry) or len(
                value) != len(entry):
            return value
        if type(entry) is not tuple:
            if id(entry) in first:
                return first[id(entry)]
            first[id(entry)] = value
        keys = range(len(entry)) if type(entry) is not dict else list(entry)
        if type(entry) is dict and any(k not in value for k in keys):
            return value
        items = [walk(value[k], entry[k]) for k in keys]
        if type(entry) is tuple:
            return tuple(items)
        for k, item in zip(keys, items):
            if item is not value[k]:
                value[k] = item
        return value

    for i, (v, e) in enumerate(zip(values, entries)):
        out[i] = walk(v, e)
    return tuple(out)


def _check_rebound(values, before, outs, init_vars, at) -> None:
    """A variable the body binds to a list or dict that exists outside the loop (`v = w`),
    other than its entry object, names that object on the next iteration, in Python; the
    lax loop carries a copy of its contents. If the body also changed the variable's object
    in place before rebinding it (`v[k] = x` first), that change would reach the outside
    object on later iterations, and no carry can: an error, not a silent copy."""
    visible = mutations.visible_here()
    changed = {id(c) for c, contents in before if identity.changed_since(c, contents)}
    for value, out, entry in zip(values, outs, init_vars):
        o = out.value
        if (type(o) in (list, dict) and id(o) in visible and o is not entry.value
                and o is not value and id(value) in changed):
            raise errors.StateError(errors.message(
                f"{st.quoted(out.name)} is bound to a list or dict that exists outside the "
                "loop from its second iteration on, and the loop body changes it in place "
                "before binding it: the compiled loop carries a copy, so the change would not "
                "reach that object, where Python changes it",
                at=at,
                fix="Change the outside object through its own name, or bind the variable to "
                    "it before the loop."))


def _kept_object(out, value, entry):
    """`out`, standing for the entry's object where the iteration kept the variable bound
    to the list or dict it began with (`b[0] = b[0] + 1`, no `b = ...`): what the body saw
    was a copy the carry made, and after the loop the variable names the entry's object,
    with the loop's contents, so another name for it (`b = a` before the loop) sees them.
    (Only where another name holds it, or where an enclosing construct rebuilt it from its
    own carry, which then tells whether its body kept the variable bound to it: a new
    object is as good otherwise, and cheaper to trace again.)"""
    if (type(value) in (list, dict, tuple) and out.value is value
            and type(entry.value) is type(value)
            and (identity.named_elsewhere(entry.value, out.name) or any(
                id(o) in w.made for w in mutations.watches()   # (a tuple: its containers)
                for o in (entry.value if type(value) is tuple else (entry.value,))))):
        return dataclasses.replace(out, value=entry.value)
    return out


def initial_carry(plan: plans.LoopPlan, init_vars):
    out = []
    for td, specs, var in zip(plan.treedefs, plan.specs, init_vars):
        # Another structure than the entry's: a MaybeNone of an entry None or value
        # (runtime/optional.py), else zeros (None) for every leaf.
        leaves = picked.chain_leaves(td, specs, var.value) or (
            var.leaves if len(var.leaves) == len(specs) else
            optional.entry_leaves(td, var, len(specs)) or [None] * len(specs))
        for spec, leaf in zip(specs, leaves):
            if isinstance(spec, plans.Dynamic):
                out.append(tracing.zeros(spec.aval) if leaf is None or st.is_undefined(leaf)
                           else tracing.cast(leaf, spec.aval))
    return out


def step_outputs(plan: plans.LoopPlan, outs):
    """Carried outputs cast to the plan's types, and appended list items (scan ys)."""
    carried, ys = [], []
    for i, (specs, var) in enumerate(zip(plan.specs, outs)):
        if i in plan.appends:
            n_prefix, _ = plan.appends[i]
            for item in var.value[n_prefix:]:
                ys.extend(jax.tree_util.tree_leaves(item))
            continue
        leaves = picked.chain_leaves(plan.treedefs[i], specs, var.value) or (
            var.leaves if len(var.leaves) == len(specs) else [None] * len(specs))
        for spec, leaf in zip(specs, leaves):
            if isinstance(spec, plans.Dynamic):
                ok = st.is_dynamic_leaf(leaf) and tuple(jnp.shape(leaf)) == spec.aval.shape
                carried.append(tracing.cast(leaf, spec.aval) if ok else tracing.zeros(spec.aval))
    return carried, ys


def settle(block, init_vars, step_body, index_avals, allow_append, may_not_run=False,
           raised=None, ran=None, unrollable=False, exits=False, start=None):
    """Traces one iteration until the carried types stop changing.

    `step_body(*index_args)` runs the user's body for one iteration (after the
    state was set); `index_avals` are the avals of its leading arguments (the
    loop index or the scanned item). Returns the plan, the closed jaxpr of
    `(index..., carried...) -> (carried..., ys...)`, and the state after the
    traced iteration. `may_not_run`, `exits`: see loop_state.update_loop_plan. `raised`, a
    list: afterwards it holds the body's PathRaises if the settled body always raises.
    A list the body appends to (a scan stacks its items) must not be read in the body:
    `appended_unread` checks it (`ran`: the loop's guards.Ran, kept through that check).
    `unrollable`: the loop can run as Python over its items, which it then does where
    the body raised an error of the user's code while traced (it may be one of the
    partial state a trace sees: `xs[-2]` of a list the loop appends to).
    `start`: the plan to trace first instead of the entry's (settle_checked).
    """
    construct, at = block.construct, block.at
    plan = loop_state.initial_loop_plan(init_vars) if start is None else start
    raised = [] if raised is None else raised
    for _ in range(MAX_RETRACES):
        closed, (ins, outs, read_unassigned) = _trace_step(
            block, plan, init_vars, step_body, index_avals, raised, unrollable)
        # A variable read while unassigned is carried with whether it is, as in a loop
        # that may not run: an iteration may read it before any assigned it.
        plan, changed = loop_state.update_loop_plan(plan, block.names, ins, outs, construct, at,
                                                    allow_append,
                                                    may_not_run or frozenset(read_unassigned),
                                                    exits, entry=init_vars)
        plan.key_orders = [orders.key_skeleton(o.value) for o in outs]
        if not changed:
            mutations.checkpoint()   # a callee changed an object the state misses: again
            if plan.appends:
                _appended_unread(block, plan, closed, init_vars, step_body, index_avals, ran)
            return plan, closed, outs
    raise errors.StateError(errors.message(
        f"the types of the state of this {construct} did not settle after "
        f"{MAX_RETRACES} traces of its body", at=at,
        fix="Give the loop variables their final dtypes before the loop."))


def _trace_step(block, plan, init_vars, step_body, index_avals, raised, unrollable=False):
    """The closed jaxpr of one iteration under `plan`, and (ins, outs, unassigned reads)."""
    get_state, set_state, names, at = block.get, block.set, block.names, block.at
    n_index = len(index_avals)
    raised.clear()

    def step(*args):
        index, carried = args[:n_index], args[n_index:]
        values = rebuild(plan, names, carried, init_vars)
        returns.entering_body(values, init_vars)
        ins = st.flatten(values, names)
        set_state(values)
        before = identity.containers(values)
        with conditional_region(), paths.loop_body(), unassigned_reads() as read_unassigned:
            try:
                step_body(*index)
            except paths.PathRaises as e:   # an iteration that runs fails: outputs are moot
                set_state(values)
                raised[:] = [e]
            except mutations.Restart:
                raise
            except Exception as e:  # noqa: BLE001 - only the user's own (stage_raised)
                # `v.pop()` of an empty list: Python raises it only if an iteration runs.
                if unrollable and not isinstance(e, errors.AutographError):
                    why = f"its body raised {type(e).__name__} while traced"
                    raise loop_state.LoopStateMismatch(why, "", "", reason=why) from e
                with paths.where_raised(e):
                    if not stage_raised(e):
                        raise
                set_state(values)
                raised[:] = [paths.PathRaises(e)]
        outs = [unbound_joins.lift_to_match(v_in, v_out)[1]
                if unbound_joins.unbound_inside(v_in.value) is not None
                else optional.lift_none_to(v_in, v_out)
                for v_in, v_out in zip(ins, st.flatten(get_state(), names))]
        _check_rebound(values, before, outs, init_vars, at)
        returns.leaving_body(outs)
        mutations.after_block(outs, values, raised=bool(raised))
        outs = [_kept_object(out, v, e) for out, v, e in zip(outs, values, init_vars)]
        carried_out, ys = step_outputs(plan, outs)
        return carried_out + ys, (ins, outs, read_unassigned)

    return tracing.trace(step, list(index_avals) + plan.dynamic_avals())


def _unlikely(aval):
    """A concrete array of `aval`'s type whose value no computation folds away (a sum of
    zeros would hide that an item was read)."""
    kind = np.dtype(aval.dtype).kind
    value = True if kind == "b" else 7 if kind in "iu" else 0.7395 + 0.25j if kind == "c" else 0.7395
    return np.full(aval.shape, value, aval.dtype)


# Items the probe adds: a read of `xs[-2]` or `xs[-3]` on a list with too few items
# raises while traced, the same with one more item as without it.
_PROBE_ITEMS = 3


def _appended_unread(block, plan, closed, init_vars, step_body, index_avals, ran):
    """Raises LoopStateMismatch where the body reads a list it appends to.

    A scan stacks the appended items as its outputs, so the body sees the list as it
    was at loop entry plus this iteration's items, not the items earlier iterations
    appended: `len(seen)`, `sum(window)` or `window.pop(0)` would be silently wrong.
    The body is traced once more with more items in each such list (a value no
    computation folds away); a body that only appends gives the same program. A loop
    over a static number of items then runs as Python (loops._scan_or_unroll)."""
    treedefs, specs, appends = list(plan.treedefs), [list(x) for x in plan.specs], {}
    for i, (n_prefix, items) in plan.appends.items():
        td, avals = items[0]
        extra = td.unflatten([_unlikely(a) for a in avals])
        entry = treedefs[i].unflatten([x.value for x in specs[i]]) + [extra] * _PROBE_ITEMS
        leaves, treedefs[i] = jax.tree_util.tree_flatten(entry)
        specs[i] = [plans.Static(x) for x in leaves]
        appends[i] = (n_prefix + _PROBE_ITEMS, items)
    probe = plans.LoopPlan(treedefs, specs, appends, plan.key_orders)
    kept = None if ran is None else ran.vars
    other, _ = _trace_step(block, probe, init_vars, step_body, index_avals, [])
    if ran is not None:
        ran.vars = kept
    if not tracing.same_program(closed, other):
        lists = " or ".join(st.quoted(block.names[i]) for i in sorted(plan.appends))
        what = f"the list {lists}, which grows in this {block.construct}, is read in its body"
        raise loop_state.LoopStateMismatch(errors.message(
            what, at=block.at,
            fix="Read the items from an array the loop writes (`ys = ys.at[i].set(v)`), or "
                "keep the running value (a sum, the last items) in variables of its own."),
            block.names[min(plan.appends)], "its length", reason=what)


def _constants_after(plan, outs, final):
    """`plan` with each carried leaf that the body's outputs hold as a Python constant made
    that constant, and the carry without those leaves (see scanned_state)."""
    carry, kept, specs = iter(final), [], []
    for var_specs, var in zip(plan.specs, outs):
        leaves = var.leaves if len(var.leaves) == len(var_specs) else [None] * len(var_specs)
        new = []
        for spec, leaf in zip(var_specs, leaves):
            if isinstance(spec, plans.Dynamic):
                value = next(carry)
                if type(leaf) in (bool, int, float) and spec.poison is None:
                    spec = plans.Static(leaf)
                else:
                    kept.append(value)
            new.append(spec)
        specs.append(new)
    return plans.LoopPlan(plan.treedefs, specs, plan.appends), kept


def settle_checked(block, init_vars, step_body, masked_body, index_avals, allow_append,
                   raised=None):
    """`settle` of a loop that may run zero times, traced again with `masked_body` where
    the body has run-time checks (`raised`: see settle)."""
    before = paths.checks()
    settled = settle(block, init_vars, step_body, index_avals, allow_append, may_not_run=True,
                     raised=raised)
    if paths.checks() == before:
        return settled
    # The same loop in the same context, its checks masked where it no longer runs: the
    # plan it settled at is where the masked body settles (from the plan on entry, a Python
    # counter would take the first of its traces again, and in a nested loop every level
    # doubled the traces of each level inside it: FINDINGS F159).
    plan = settled[0]
    return settle(block, init_vars, masked_body, index_avals, allow_append, may_not_run=True,
                  raised=raised, start=None if plan.appends else plan)


def scanned_state(plan, names, init_vars, outs, final, ys, length, ran=None) -> list:
    """The state after a scan of `length` items: its final carry, and the lists the body
    appended to, extended in place by the stacked items (`ys`), as in Python.

    `ran` (state.Var), where the first iteration certainly runs and a later one either
    runs or keeps the state: what the body leaves where it runs. A leaf it leaves as a
    Python constant on every path (`do_return = True` of a `return` in the body, a flag
    set to True) is then that constant after the loop, not a carried value: the code
    after the loop sees what Python sees."""
    after = plan
    if length > 0:
        # At least one iteration ran: what may be unassigned is what the last
        # iteration left so, not what the loop started with.
        after = plans.LoopPlan(plan.treedefs, [
            [dataclasses.replace(spec, poison=var.poison.get(j)) for j, spec in enumerate(specs)]
            if len(specs) == len(var.leaves) else specs
            for specs, var in zip(plan.specs, outs)], plan.appends)
    if ran is not None:
        after, final = _constants_after(after, ran, final)
    values = list(rebuild(after, names, final, init_vars))
    ys = iter(ys)
    for i, (n_prefix, items) in plan.appends.items():
        stacked = [[next(ys) for _ in avals] for _, avals in items]
        grown = init_vars[i].value  # the user's list object
        for k in range(length):
            for (td, _), leaves in zip(items, stacked):
                grown.append(td.unflatten([leaf[k] for leaf in leaves]))
        values[i] = grown
    return values

