"""`while` and `for` loops.

    while n > 1:        ==>   def loop_test(): return n > 1
        r *= n                def loop_body(): nonlocal r, n; r *= n; n -= 1
        n -= 1                ag__.while_stmt(loop_test, loop_body, get_state, set_state,
                                              ('r', 'n'), {})

The Python path runs the loop in Python. As soon as a test turns traced, the
loop continues from the state it has reached as a `lax.while_loop` (or, for a
`for`, as the lax loop over the remaining items).
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp

from autograph_py import errors
from autograph_py.lowering import tracing
from autograph_py.runtime import state as st
from autograph_py.runtime import mutations, paths, trace_log
from autograph_py.runtime.conditionals import _lax_if, as_predicate
from autograph_py.runtime.dispatch import in_trace, is_array, is_traced
from autograph_py.runtime.iterables import TracedEnumerate, TracedRange, TracedReversed, TracedZip
from autograph_py.runtime.undefined import (checked_at_run_time, conditional_region,
                                           in_conditional_region, unassigned_reads)

_MAX_RETRACES = 6


def while_stmt(test, body, get_state, set_state, names, opts=None, nouts=None):
    """Reference semantics:

        while test():
            body()

    A traced `test()` (on entry or after some Python iterations) continues
    as `lax.while_loop` over the state `names`.
    """
    opts = opts or {}
    limit = opts.get("maximum_iterations")
    count = 0
    while True:
        if limit is not None and count >= limit:
            return
        t = _probe(test) if count == 0 and in_trace() else test()
        if is_traced(t):
            if count:   # what the Python iterations assigned under a traced condition
                set_state(tuple(map(checked_at_run_time, get_state())))
            at = errors.where()
            get_state, set_state, names = st.outputs_only(get_state, set_state, names, nouts,
                                                          "`while` loop", at)
            if limit is None:
                _lax_while(test, body, get_state, set_state, names, opts, at)
            else:
                # A bounded loop is a scan whose iterations run while the test
                # holds; unlike while_loop, it is reverse-differentiable.
                trace_log.record("while", "lax.scan", "test is traced and maximum_iterations "
                                 "is set", at=at)
                _lax_scan(jnp.arange(limit - count), lambda i: i, test, lambda i: body(),
                          get_state, set_state, names, opts, at, record=False, may_not_run=True)
            return
        if not t:
            trace_log.record("while", "python", "test is a Python value")
            return
        body()
        count += 1


def _probe(test):
    """`test()`, evaluated so that a traced result leaves no equations behind.

    Were the entry test evaluated in the enclosing trace, a loop that turns
    out to be traced would leave it there as dead code (the loop evaluates it
    again). Evaluated in a throwaway trace, only a Python result escapes.
    """
    _, t = tracing.trace(lambda: ([], test()), [])
    return t


def for_stmt(iterable, extra_test, body, get_state, set_state, names, opts=None, nouts=None):
    """Reference semantics:

        for item in iterable:
            if extra_test is not None and not extra_test():
                break
            body(item)

    A traced array is iterated along its leading axis with `lax.scan`;
    `range` with a traced bound becomes `lax.fori_loop` (or `while_loop`
    when an early exit is possible); `enumerate`/`zip` of arrays scan too.
    Python iterables stay Python loops.
    """
    opts = opts or {}
    if isinstance(iterable, TracedReversed):
        iterable = iterable.take_flipped()   # reversed(array): scan the flipped array
    if is_traced(iterable) or isinstance(iterable, (TracedRange, TracedEnumerate, TracedZip)):
        get_state, set_state, names = st.outputs_only(get_state, set_state, names, nouts,
                                                      "`for` loop", errors.where(),
                                                      "whose iterable is traced")
    if is_traced(iterable):
        if iterable.ndim == 0:
            raise TypeError(errors.message("iteration over a 0-d array", at=errors.where()))
        _lax_scan(iterable, lambda x: x, extra_test, body, get_state, set_state, names, opts,
                  errors.where())
    elif isinstance(iterable, TracedRange):
        _lax_range(iterable, extra_test, body, get_state, set_state, names, opts, errors.where())
    elif isinstance(iterable, TracedEnumerate) and isinstance(iterable.xs, TracedRange):
        r, k0 = iterable.xs, iterable.start    # enumerate(range(...)): the count from the index
        _lax_range(r, extra_test, lambda i: body((k0 + (i - r.start) // r.step, i)), get_state,
                   set_state, names, opts, errors.where())
    elif isinstance(iterable, (TracedEnumerate, TracedZip)):
        xs, make_item = iterable.scan_operands()
        _lax_scan(xs, make_item, extra_test, body, get_state, set_state, names, opts,
                  errors.where(), exists=iterable.exists)
    else:
        _py_for(iterable, extra_test, body, get_state, set_state, names, opts, nouts)


def _py_for(iterable, extra_test, body, get_state, set_state, names, opts, nouts):
    trace_log.record("for", "python", "iterates over a Python value", at=errors.where(3))
    if extra_test is None:
        for item in iterable:
            body(item)
        return
    it = iter(iterable)
    while True:
        t = extra_test()
        if is_traced(t):
            at = errors.where(3)
            get_state, set_state, names = st.outputs_only(get_state, set_state, names, nouts,
                                                          "`for` loop", at,
                                                          "whose exit condition is traced")
            if isinstance(iterable, range):
                start = iterable.start + _consumed(iterable, it) * iterable.step
                rest = range(start, iterable.stop, iterable.step)
                if not len(rest) or _scan_rest(rest, extra_test, body, get_state, set_state,
                                               names, opts, at):
                    return
                it = iter(rest)
            # The remaining items stay unrolled, each iteration guarded by the traced test.
            for item in it:
                _lax_if(extra_test(), lambda item=item: body(item), lambda: None,
                        get_state, set_state, names, at, construct="loop")
            return
        if not t:
            return
        try:
            item = next(it)
        except StopIteration:
            return
        body(item)


def _scan_rest(rest, extra_test, body, get_state, set_state, names, opts, at) -> bool:
    """The rest of a Python range as one guarded scan, if its body traces with a traced index.

    A scan keeps the program small and reverse-differentiable, as the Python
    loop was; but the body may need the index as a Python int (`x[k:]`,
    `coefs[k]`), as it had it so far. Then the state goes back to where it
    was, and the caller unrolls the rest.
    """
    entry = get_state()
    try:
        _lax_scan(jnp.arange(rest.start, rest.stop, rest.step), _python_int,
                  extra_test, body, get_state, set_state, names, opts, at)
        return True
    except (errors.AutographError, mutations.Restart):
        raise
    except (*_CONCRETIZATION_ERRORS, IndexError, TypeError) as e:
        if not _needs_python_value(e):
            raise   # a bug of the body's own, not one of tracing: it must surface
        set_state(entry)
        trace_log.record("for", "unrolled lax.cond", "the body needs the index as a Python int",
                         at=at)
        return False


# What JAX raises where a traced value is used as a Python one (`int(k)`, `coefs[k]`, `bool(k)`).
_CONCRETIZATION_ERRORS = (jax.errors.ConcretizationTypeError,
                          jax.errors.TracerIntegerConversionError,
                          jax.errors.TracerArrayConversionError)


def _needs_python_value(e: Exception) -> bool:
    """Whether `e` says that the body needs the index as a Python int.

    JAX raises a plain IndexError or TypeError where a traced value is used
    as a static one (`x[k:]`, `jnp.zeros(k)`, `x.reshape(k, -1)`); the same
    types raised by the body itself (a Python list index out of range, a
    user's own `raise`) are the user's bugs.
    """
    if isinstance(e, _CONCRETIZATION_ERRORS):
        return True
    where = errors.raised_at(e)
    return where is not None and where[0] in ("jax", "jaxlib")


def _raises_now(path: paths.PathRaises):
    """A loop that certainly runs a body that always raises: it raises, as a `raise` would.

    Inside a traced block that ends the block's path; outside any, Python
    raises it now (its check is in the program, but nothing after it can
    run, and the code after it would trace on values that never exist).
    """
    if in_conditional_region() or path.exc is None:
        raise path
    raise path.exc


def _python_int(i):
    """A scanned index, weakly typed as the Python int it stands for."""
    return tracing.cast(i, st.Aval((), i.dtype, True))


def _consumed(r: range, it) -> int:
    # A range iterator knows how many items remain.
    return len(r) - it.__length_hint__()


# --------------------------------------------------------------- lax paths

def _rebuild(plan: st.LoopPlan, names, carried):
    return st.rebuild(names, plan.treedefs, plan.specs, carried)


def _initial_carry(plan: st.LoopPlan, init_vars):
    out = []
    for specs, var in zip(plan.specs, init_vars):
        leaves = var.leaves if len(var.leaves) == len(specs) else [None] * len(specs)
        for spec, leaf in zip(specs, leaves):
            if isinstance(spec, st.Dynamic):
                out.append(tracing.zeros(spec.aval) if leaf is None or st.is_undefined(leaf)
                           else tracing.cast(leaf, spec.aval))
    return out


def _step_outputs(plan: st.LoopPlan, outs):
    """Carried outputs cast to the plan's types, and appended list items (scan ys)."""
    carried, ys = [], []
    for i, (specs, var) in enumerate(zip(plan.specs, outs)):
        if i in plan.appends:
            n_prefix, _ = plan.appends[i]
            for item in var.value[n_prefix:]:
                ys.extend(jax.tree_util.tree_leaves(item))
            continue
        leaves = var.leaves if len(var.leaves) == len(specs) else [None] * len(specs)
        for spec, leaf in zip(specs, leaves):
            if isinstance(spec, st.Dynamic):
                ok = st.is_dynamic_leaf(leaf) and tuple(jnp.shape(leaf)) == spec.aval.shape
                carried.append(tracing.cast(leaf, spec.aval) if ok else tracing.zeros(spec.aval))
    return carried, ys


def _settle(construct, names, init_vars, step_body, index_avals, get_state, set_state, at,
            allow_append, may_not_run=False, raised=None):
    """Traces one iteration until the carried types stop changing.

    `step_body(*index_args)` runs the user's body for one iteration (after the
    state was set); `index_avals` are the avals of its leading arguments (the
    loop index or the scanned item). Returns the plan, the closed jaxpr of
    `(index..., carried...) -> (carried..., ys...)`, and the state after the
    traced iteration. `may_not_run`: see state.update_loop_plan. `raised`, a
    list: afterwards it holds the body's PathRaises if the settled body always raises.
    """
    plan = st.initial_loop_plan(init_vars)
    n_index = len(index_avals)
    raised = [] if raised is None else raised
    for _ in range(_MAX_RETRACES):
        raised.clear()

        def step(*args, plan=plan):
            index, carried = args[:n_index], args[n_index:]
            values = _rebuild(plan, names, carried)
            ins = st.flatten(values, names)
            set_state(values)
            with conditional_region(), unassigned_reads() as read_unassigned:
                try:
                    step_body(*index)
                except paths.PathRaises as e:   # an iteration that runs fails: outputs are moot
                    set_state(values)
                    raised[:] = [e]
            outs = [st.lift_to_match(v_in, v_out)[1] if st.is_unbound_unless(v_in.value)
                    else v_out for v_in, v_out in zip(ins, st.flatten(get_state(), names))]
            mutations.after_block(outs, values)
            carried_out, ys = _step_outputs(plan, outs)
            return carried_out + ys, (ins, outs, read_unassigned)

        closed, (ins, outs, read_unassigned) = tracing.trace(
            step, list(index_avals) + plan.dynamic_avals())
        # A variable read while unassigned is carried with whether it is, as in a loop
        # that may not run: an iteration may read it before any assigned it.
        plan, changed = st.update_loop_plan(plan, names, ins, outs, construct, at, allow_append,
                                            may_not_run or frozenset(read_unassigned))
        if not changed:
            mutations.checkpoint()   # a callee changed an object the state misses: again
            return plan, closed, outs
    raise errors.StateError(errors.message(
        f"the types of the state of this {construct} did not settle after "
        f"{_MAX_RETRACES} traces of its body", at=at,
        fix="Give the loop variables their final dtypes before the loop."))


def _settle_checked(construct, names, init_vars, step_body, masked_body, index_avals, get_state,
                    set_state, at, allow_append):
    """`_settle` of a loop that may run zero times, traced again with `masked_body` where
    the body has run-time checks."""
    before = paths.checks()
    settled = _settle(construct, names, init_vars, step_body, index_avals, get_state, set_state,
                      at, allow_append, may_not_run=True)
    if paths.checks() == before:
        return settled
    return _settle(construct, names, init_vars, masked_body, index_avals, get_state, set_state,
                   at, allow_append, may_not_run=True)


def _guarded(extra_test, body, get_state, set_state, names, at, first_runs=False):
    """The body of one iteration, skipped once `extra_test()` is false.

    `first_runs`: the first iteration is known to run (a scan of at least one
    item whose test holds on entry). Then skipping an iteration keeps what an
    earlier one assigned, so a variable the body always assigns is defined
    after the loop even though the skip branch does not assign it.
    """
    if extra_test is None:
        return body

    def run(*item):
        t = extra_test()
        if is_traced(t):
            _lax_if(t, lambda: body(*item), lambda: None, get_state, set_state, names, at,
                    construct="loop", skip_keeps_earlier=first_runs)
        elif t:
            body(*item)
    return run


def _holds(t) -> bool:
    return not is_traced(t) and bool(t)


def _lax_while(test, body, get_state, set_state, names, opts, at):
    mutations.staged(lambda g, s, n: _lax_while_once(test, body, g, s, n, opts, at),
                     get_state, set_state, names, roots=(test, body))


def _lax_while_once(test, body, get_state, set_state, names, opts, at):
    trace_log.record("while", "lax.while_loop", "test is traced", at=at)
    init_vars = st.flatten(get_state(), names)

    def masked():
        # Under vmap a batched loop runs the body for elements whose loop has
        # ended; the body's run-time checks must not see those (see paths).
        with paths.silent(), conditional_region():
            active = as_predicate(test(), "`while` loop", at)
        with paths.taken_when(active):
            body()

    plan, closed, outs = _settle_checked("`while` loop", names, init_vars, body, masked, [],
                                         get_state, set_state, at, allow_append=False)

    def cond_fun(carried):
        set_state(_rebuild(plan, names, carried))
        with conditional_region(), mutations.watch() as w:  # its first run was on the Python path
            try:
                t = test()
            except paths.PathRaises:   # the test fails when it runs: the loop ends there
                t = False
        if w.changes:
            raise _test_changes_state(w.changes.values(), at)
        return as_predicate(t, "`while` loop", at)

    final = tracing.while_loop(cond_fun, lambda c: tracing.replay(closed, *c),
                               _initial_carry(plan, init_vars))
    set_state(st.keep_identity(_rebuild(plan, names, final), [outs], mutations.visible_here()))


def _test_changes_state(changes, at):
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


def _lax_range(r: TracedRange, extra_test, body, get_state, set_state, names, opts, at):
    mutations.staged(lambda g, s, n: _lax_range_once(r, extra_test, body, g, s, n, opts, at),
                     get_state, set_state, names, roots=(extra_test, body))


def _lax_range_once(r: TracedRange, extra_test, body, get_state, set_state, names, opts, at):
    init_vars = st.flatten(get_state(), names)
    i_aval = r.index_aval()
    run = _guarded(extra_test, body, get_state, set_state, names, at)
    start, stop, step = (tracing.cast(v, i_aval) for v in (r.start, r.stop, r.step))

    def masked(i):  # as in _lax_while: a batched loop also runs for ended elements
        with paths.taken_when(jnp.where(step > 0, i < stop, i > stop)):
            run(i)

    plan, closed, outs = _settle_checked("`for` loop over a traced range", names, init_vars,
                                         run, masked, [i_aval], get_state, set_state, at,
                                         allow_append=False)
    init = _initial_carry(plan, init_vars)
    if extra_test is None and isinstance(r.step, int) and r.step == 1:
        trace_log.record("for", "lax.fori_loop", "range bound is traced", at=at)
        final = tracing.fori_loop(start, stop, lambda i, c: tracing.replay(closed, i, *c), init)
    else:
        trace_log.record("for", "lax.while_loop", "range bound is traced and the loop may exit "
                         "early" if extra_test is not None else "range step is not 1", at=at)

        def cond_fun(c):
            i, carried = c[0], c[1:]
            more = jnp.where(step > 0, i < stop, i > stop)
            if extra_test is None:
                return more
            set_state(_rebuild(plan, names, carried))
            t = as_predicate(extra_test(), "loop", at)
            return jnp.logical_and(more, t)

        def body_fun(c):
            i, carried = c[0], c[1:]
            return [i + step] + tracing.replay(closed, i, *carried)

        final = tracing.while_loop(cond_fun, body_fun, [start] + init)[1:]
    set_state(st.keep_identity(_rebuild(plan, names, final), [outs], mutations.visible_here()))


def _lax_scan(xs, make_item, extra_test, body, get_state, set_state, names, opts, at,
              record=True, exists=None, may_not_run=False):
    if jax.tree_util.tree_leaves(xs)[0].shape[0] == 0:
        # No item: the body never runs, as in Python (a variable it would assign stays unbound).
        trace_log.record("for", "python", "the array has no items", at=at)
        return
    mutations.staged(lambda g, s, n: _lax_scan_once(xs, make_item, extra_test, body, g, s, n, opts,
                                                    at, record, exists, may_not_run),
                     get_state, set_state, names, roots=(extra_test, body))


def _lax_scan_once(xs, make_item, extra_test, body, get_state, set_state, names, opts, at,
                   record=True, exists=None, may_not_run=False):
    """`exists`: a boolean per item; the loop ends at the first item without one.
    `may_not_run`: the test may end the loop before its first item (a bounded `while`)."""
    if record:
        trace_log.record("for", "lax.scan", "iterates over a traced array", at=at)
    if exists is not None:
        xs = (xs, exists)   # the item flag is scanned with the items
    x_leaves, x_tree = jax.tree_util.tree_flatten(xs)
    length = x_leaves[0].shape[0]
    item_avals = [dataclasses.replace(st.aval_of(x), shape=tuple(x.shape[1:]), weak_type=False)
                  for x in x_leaves]
    first_runs = (length > 0 and extra_test is not None and exists is None
                  and _holds(extra_test()))
    run = _guarded(extra_test, body, get_state, set_state, names, at, first_runs)

    def step_body(*item_leaves):
        item = x_tree.unflatten(item_leaves)
        if exists is None:
            return run(make_item(item))
        item, here = item

        def test():  # the item's flag joins the loop's own test
            t = extra_test() if extra_test is not None else True
            return here if _holds(t) else jnp.logical_and(here, t)

        _guarded(test, body, get_state, set_state, names, at)(make_item(item))

    init_vars = st.flatten(get_state(), names)
    raised = []
    plan, closed, outs = _settle("`for` loop over an array", names, init_vars, step_body,
                                 item_avals, get_state, set_state, at, allow_append=True,
                                 may_not_run=may_not_run, raised=raised)
    n_carry = len(plan.dynamic_avals())

    def scan_fn(carried, item):
        out = tracing.replay(closed, *item, *carried)
        return out[:n_carry], out[n_carry:]

    final, ys = tracing.scan(scan_fn, _initial_carry(plan, init_vars), x_leaves,
                             unroll=opts.get("unroll", 1))
    after = plan
    if length > 0:
        # At least one iteration ran: what may be unassigned is what the last
        # iteration left so, not what the loop started with.
        after = st.LoopPlan(plan.treedefs, [
            [dataclasses.replace(spec, poison=var.poison.get(j)) for j, spec in enumerate(specs)]
            if len(specs) == len(var.leaves) else specs
            for specs, var in zip(plan.specs, outs)], plan.appends)
    values = list(_rebuild(after, names, final))
    ys = iter(ys)
    for i, (n_prefix, items) in plan.appends.items():
        stacked = [[next(ys) for _ in avals] for _, avals in items]
        grown = init_vars[i].value  # the user's list object: extended in place, as in Python
        for k in range(length):
            for (td, _), leaves in zip(items, stacked):
                grown.append(td.unflatten([leaf[k] for leaf in leaves]))
        values[i] = grown
    set_state(st.keep_identity(values, [outs], mutations.visible_here()))
    if raised and length > 0 and exists is None and not may_not_run and (
            extra_test is None or first_runs):
        _raises_now(raised[0])   # its first iteration runs, and every iteration raises
