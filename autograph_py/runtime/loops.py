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
import types

import jax
import jax.numpy as jnp

from autograph_py import errors
from autograph_py.lowering import lax as lowered, plans, tracing
from autograph_py.runtime import identity, loop_state, settle, state as st
from autograph_py.runtime import (guards, iterables, mutations, optional, paths, raises,
                                  reach, restarts, trace_log)
from autograph_py.runtime.block import Block, loop_options
from autograph_py.runtime.conditionals import _lax_if, as_predicate
from autograph_py.runtime.dispatch import (CONCRETIZATION_ERRORS, in_trace, is_traced,
                                           raised_by_jax)
from autograph_py.runtime.iterables import (TracedEnumerate, TracedRange, TracedReversed,
                                           TracedZip, Stepped)
from autograph_py.runtime.range_zips import RangesZipped
from autograph_py.runtime.undefined import (checked_at_run_time, conditional_region,
                                           in_conditional_region)


def while_stmt(test, body, get_state, set_state, names, opts=None, nouts=None):
    """Reference semantics:

        while test():
            body()

    A traced `test()` (on entry or after some Python iterations) continues
    as `lax.while_loop` over the state `names`.
    """
    opts = loop_options(opts)
    limit = opts.get("maximum_iterations")
    count = 0
    while True:
        if limit is not None and count >= limit:
            return
        t, maybe_none = (_probe(test) if count == 0 and in_trace()
                         else optional.condition_of(test()))
        if maybe_none:   # a value None on some runs (runtime/optional.py): its truth
            test = optional.truth_of(test)
        if count and (is_traced(t) or not t):   # what the Python iterations assigned
            set_state(tuple(map(checked_at_run_time, get_state())))   # under a traced test
        if is_traced(t):
            block = st.outputs_only(Block(get_state, set_state, names, "`while` loop",
                                          errors.where(), nouts, opts))
            if limit is None:   # (a test Python evaluated here already printed: `t` is it)
                _lax_while(test, body, block, as_predicate(t, "`while` loop", block.at)
                           if count else None)
            else:
                # A bounded loop: a scan while the test holds (reverse-differentiable).
                trace_log.record("while", "lax.scan", "test is traced and maximum_iterations "
                                 "is set", at=block.at)
                test, block = guards.test_while_it_held(test, block, t if count else None)
                _lax_scan(jnp.arange(limit - count), lambda i: i, test, lambda i: body(),
                          block, record=False, may_not_run=True)
            return
        if not t:
            trace_log.record("while", "python", "test is a Python value")
            return
        body()
        count += 1


def _probe(test):
    """`test()`, evaluated so that a traced result leaves no equations behind: in the
    enclosing trace, a loop that turns out to be traced would leave the entry test there as
    dead code. In a throwaway trace only a Python result escapes, and its prints/checks."""
    closed, (t, maybe_none) = tracing.trace(lambda: ([], optional.condition_of(test())), [])
    if not is_traced(t):
        tracing.replay_effects(closed)
    return t, maybe_none


def for_stmt(iterable, extra_test, body, get_state, set_state, names, opts=None, nouts=None):
    """Reference semantics:

        for item in iterable:
            if extra_test is not None and not extra_test():
                break
            body(item)

    A traced array is iterated along its leading axis with `lax.scan`; `range` with a
    traced bound becomes `lax.fori_loop` (or `while_loop` when an early exit is possible);
    `enumerate`/`zip`/`map`/`filter` of arrays scan too. Python iterables stay Python loops."""
    opts = loop_options(opts)
    if hasattr(iterable, "loop_over"):   # a Comprehension (`for v in filter(c, xs)`)
        iterable, body = iterable.loop_over(body, get_state, set_state, names)
    if isinstance(iterable, TracedReversed):
        iterable = iterable.take_flipped()   # reversed(array): scan the flipped array
    block = Block(get_state, set_state, names, "`for` loop", errors.where(), nouts, opts)
    if is_traced(iterable) or isinstance(iterable, (TracedRange, TracedEnumerate, TracedZip,
                                                    RangesZipped)):
        block = st.outputs_only(block, "whose iterable is traced")
    if is_traced(iterable):
        if iterable.ndim == 0:
            raise TypeError(errors.message("iteration over a 0-d array", at=block.at))
        _scan_or_unroll(iterable, (iterable, lambda x: x, None), extra_test, body, block)
    elif isinstance(iterable, TracedRange):
        _lax_range(iterable, extra_test, body, block)
    elif isinstance(iterable, RangesZipped):
        _lax_range(iterable.positions, extra_test, lambda j: body(iterable.item(j)), block)
    elif isinstance(iterable, TracedEnumerate) and isinstance(iterable.xs, TracedRange):
        r, k0 = iterable.xs, iterable.start    # enumerate(range(...)): the count from the index
        _lax_range(r, extra_test, lambda i: body((k0 + (i - r.start) // r.step, i)), block)
    elif isinstance(iterable, (TracedEnumerate, TracedZip)):
        xs, make_item = iterable.scan_operands()
        _scan_or_unroll(iterable, (xs, make_item, iterable.exists), extra_test, body, block)
    else:
        _py_for(iterable, extra_test, body, block)


def _scan_or_unroll(iterable, scanned, extra_test, body, block: Block):
    """A scan over the items; or, where an iteration changes what a lax loop carries (a str
    toggled, `best = None` made an array, a growing shape), or the body of an `enumerate`
    needs its count as a Python int (`rows[j][0] += x`), the Python loop over them."""
    (xs, make_item, exists), entry = scanned, block.get()
    n = jax.tree_util.tree_leaves(xs)[0].shape[0]
    if extra_test is not None and exists is None and n and guards.carries_no_inexact(block):
        try:   # a search: a while_loop over the index that stops at the exit (see _lax_rest)
            return _lax_range(TracedRange(0, n), extra_test, lambda i: body(make_item(
                jax.tree_util.tree_map(lambda x: x[i], xs))), block)
        except (loop_state.LoopStateMismatch, errors.TracedShapeError, errors.TracedListError):
            block.set(entry)   # (a list the body appends to: the scan stacks its items)
    try:
        return _lax_scan(xs, make_item, extra_test, body, block, exists=exists)
    except (loop_state.LoopStateMismatch, errors.TracedShapeError) as e:
        if exists is not None or not (isinstance(e, loop_state.LoopStateMismatch) or isinstance(
                iterable, TracedEnumerate)):   # a traced number of items, or no count
            raise
        reason = getattr(e, "reason", "the body needs the count as a Python int")
    block.set(entry)
    trace_log.record("for", "python (unrolled)", reason, at=block.at)
    _py_for(iterable, extra_test, body, block, record=False)


def _py_for(iterable, extra_test, body, block: Block, record=True):
    if record:
        trace_log.record("for", "python", "iterates over a Python value", at=block.at)
    iterables.refuse_outside_iterator(iterable, block.at)
    gen = isinstance(iterable, types.GeneratorType)   # stepped: a `break` must not close it
    it = iter(Stepped(iterable, block.at) if gen else iterable)
    if extra_test is None:
        for item in it:
            body(item)
        return
    while True:
        t = extra_test()
        if is_traced(t):
            iterables.refuse_read_later(iterable, identity.local_name_of(iterable), block.at)
            block.set(tuple(map(checked_at_run_time, block.get())))   # as in while_stmt
            block = st.outputs_only(block, "whose exit condition is traced")
            if isinstance(iterable, range):
                start = iterable.start + _consumed(iterable, it) * iterable.step
                rest = range(start, iterable.stop, iterable.step)
                if not len(rest) or _lax_rest(rest, extra_test, body, block):
                    return
                it = iter(rest)
            rest = iterables.endless_rest(iterable, it, block.at)   # itertools.count()
            if rest is not None:
                return _lax_range(rest, extra_test, body, block)
            # The remaining items stay unrolled, each iteration guarded by the traced test.
            for item in it:
                _lax_if(extra_test(), lambda item=item: body(item), lambda: None,
                        block.but(construct="loop"))
            return
        if not t:
            return
        try:
            item = next(it)
        except StopIteration:
            return
        body(item)


def _lax_rest(rest: range, extra_test, body, block: Block) -> bool:
    """The rest of a Python range as one lax loop, if its body traces with a traced index.

    A loop that carries only integers and flags (a search) is a while_loop whose test
    has the exit in it: it stops where Python stops. One that carries a float is a
    scan whose body the exit skips: it keeps reverse mode of any order (the while
    loop's reverse sweep is itself a loop; see guards.carries_no_inexact). The body
    may need the index as a Python int (`x[k:]`, `coefs[k]`), as it had it so far:
    then the state goes back to where it was, and the caller unrolls the rest.
    """
    entry = block.get()
    try:
        if guards.carries_no_inexact(block):
            _lax_range(TracedRange(rest.start, rest.stop, rest.step), extra_test, body, block)
        else:
            _lax_scan(jnp.arange(rest.start, rest.stop, rest.step), tracing.python_int,
                      extra_test, body, block)
        return True
    except (errors.TracedShapeError, loop_state.LoopStateMismatch):
        pass   # `x[k:]`: its length is static only with a Python k; a list read as it grows
    except (errors.AutographError, mutations.Restart):
        raise
    except (*CONCRETIZATION_ERRORS, IndexError, TypeError) as e:
        if not needs_python_value(e):
            raise   # a bug of the body's own, not one of tracing: it must surface
    block.set(entry)
    trace_log.record("for", "unrolled lax.cond", "the body needs the index as a Python int",
                     at=block.at)
    return False


def needs_python_value(e: Exception) -> bool:
    """Whether `e` says that the body needs the index as a Python int: JAX raises a plain
    IndexError or TypeError where a traced value is used as a static one (`x[k:]`,
    `jnp.zeros(k)`); the same types raised by the body itself are the user's bugs."""
    return isinstance(e, CONCRETIZATION_ERRORS) or raised_by_jax(e)


def _consumed(r: range, it) -> int:
    # A range iterator knows how many items remain.
    return len(r) - it.__length_hint__()


# --------------------------------------------------------------- lax paths


def _lax_while(test, body, block: Block, first=None):
    restarts.staged(lambda b: _lax_while_once(test, body, b, first), block, roots=(test, body))


def _lax_while_once(test, body, block: Block, first=None):
    get_state, set_state, names, at = block.get, block.set, block.names, block.at
    trace_log.record("while", "lax.while_loop", "test is traced", at=at)
    init_vars = st.flatten(get_state(), names)

    def masked():
        # Under vmap a batched loop runs the body for elements whose loop has
        # ended; the body's run-time checks must not see those (see paths).
        with paths.silent(), conditional_region():
            active = as_predicate(test(), "`while` loop", at)
        with paths.taken_when(active):
            body()

    raised = []
    plan, closed, outs = settle.settle_checked(block, init_vars, body, masked, [],
                                               allow_append=False, raised=raised)
    if raised:
        # Every iteration raises: Python stops at the first (a lax loop whose state never
        # changes would not end where the raise is masked: a batched `if` under vmap).
        block.set(tuple(v.value for v in init_vars))
        _lax_if(test(), body, lambda: None, block.but(construct="`while` loop"))
        return

    def traced_test(*carried):
        set_state(settle.rebuild(plan, names, carried, init_vars))
        with conditional_region(), mutations.watch(visible=reach.visible((test,))) as w:
            try:   # (its first run was on the Python path)
                t = test()
            except paths.PathRaises:   # the test fails when it runs: the loop ends there
                t = False
            w.note_in_place()
        changed = [c for c in w.changes.values()   # not of one it made: `P(1.0).v < x`
                   if id(c.obj) in w.visible.reached]
        if changed:
            raise loop_state.while_test_changed(changed, at)
        # Under vmap a traced `if` runs the branch not taken too: its loop runs where taken.
        reached = paths.taken()
        t = as_predicate(t, "`while` loop", at)
        return [t if reached is None else t & reached], None

    test_jaxpr, _ = tracing.trace(traced_test, plan.dynamic_avals())
    args = (closed, settle.initial_carry(plan, init_vars), block.opts.get("checkpoints"), at)
    if test_jaxpr.effects:   # a print or check in the test: after the body, where it ran
        after, _ = tracing.trace(lambda *c: paths.run_when(c[-1], traced_test, *c[:-1]),
                                 plan.dynamic_avals() + [plans.Aval((), jnp.bool_, False)])
        final = lowered.while_test_after_body(test_jaxpr, after, *args, go=first)
    else:
        final = lowered.while_loop(test_jaxpr, *args)
    set_state(identity.keep_identity(settle.rebuild(plan, names, final, init_vars), [outs],
                                     mutations.visible_here(), entry=init_vars))


def _lax_range(r: TracedRange, extra_test, body, block: Block):
    restarts.staged(lambda b: _lax_range_once(r, extra_test, body, b.but(
        construct="`for` loop over a traced range")), block, roots=(extra_test, body))


def _lax_range_once(r: TracedRange, extra_test, body, block: Block):
    get_state, set_state, names, at = block.get, block.set, block.names, block.at
    init_vars = st.flatten(get_state(), names)
    i_aval = r.index_aval()
    # With an exit test the lax loop is a while_loop whose test has it: no branch skips.
    run = body if extra_test is None else guards.unguarded(body, block)
    start, stop, step = (tracing.cast(v, i_aval) for v in (r.start, r.stop, r.step))

    def masked(i):  # as in _lax_while: a batched loop also runs for ended elements
        active = jnp.where(step > 0, i < stop, i > stop)
        if extra_test is not None:
            with paths.silent(), conditional_region():
                active = active & as_predicate(extra_test(), "loop", at)
        with paths.taken_when(active):
            run(i)

    # The body sees a range's item weakly typed, as the Python int it stands for (the
    # jaxpr does not keep weak types: the loop feeds it the index it carries).
    item = dataclasses.replace(i_aval, weak_type=True)
    plan, closed, outs = settle.settle_checked(block, init_vars, run, masked, [item],
                                               allow_append=False)
    init = settle.initial_carry(plan, init_vars)
    if extra_test is None and isinstance(r.step, int) and r.step == 1:
        trace_log.record("for", "lax.fori_loop", "range bound is traced", at=at)
        final = lowered.fori_loop(start, stop, closed, init, block.opts.get("checkpoints"), at)
    else:
        why = "range step is not 1" if extra_test is None else "range bound is traced and " \
            "the loop may exit early" if r.traced() else "its exit test is traced, and it " \
            "carries no float: the test ends the loop"
        trace_log.record("for", "lax.while_loop", why, at=at)
        test_jaxpr = None
        if extra_test is not None:
            def traced_test(*carried):
                set_state(settle.rebuild(plan, names, carried, init_vars))
                return [as_predicate(extra_test(), "loop", at)], None
            test_jaxpr, _ = tracing.trace(traced_test, plan.dynamic_avals())
        final = lowered.range_while(start, stop, r.step if type(r.step) is int else step,
                                    closed, init, test_jaxpr,
                                    block.opts.get("checkpoints"), at)
    set_state(identity.keep_identity(settle.rebuild(plan, names, final, init_vars), [outs],
                                     mutations.visible_here(), entry=init_vars))


def _lax_scan(xs, make_item, extra_test, body, block: Block, record=True, exists=None,
              may_not_run=False):
    if jax.tree_util.tree_leaves(xs)[0].shape[0] == 0:
        # No item: the body never runs, as in Python (a variable it would assign stays unbound).
        trace_log.record("for", "python", "the array has no items", at=block.at)
        return
    runs = exists is None and not may_not_run and (not extra_test or _probe(extra_test)[0] is True)
    restarts.staged(lambda b: _lax_scan_once(xs, make_item, extra_test, body, b.but(
        construct="`for` loop over an array"), record, exists, may_not_run), block,
        roots=(extra_test, body), may_skip=not runs)   # a dict's key order (runtime/orders)


def _lax_scan_once(xs, make_item, extra_test, body, block: Block, record=True, exists=None,
                   may_not_run=False):
    """`exists`: a boolean per item; the loop ends at the first item without one.
    `may_not_run`: the test may end the loop before its first item (a bounded `while`)."""
    get_state, set_state, names, at = block.get, block.set, block.names, block.at
    if record:
        trace_log.record("for", "lax.scan", "iterates over a traced array", at=at)
    if exists is not None:
        xs = (xs, exists)   # the item flag is scanned with the items
    x_leaves, x_tree = jax.tree_util.tree_flatten(xs)
    length = x_leaves[0].shape[0]
    # An item keeps its array's weak type, as indexing it eagerly does.
    item_avals = [dataclasses.replace(plans.aval_of(x), shape=tuple(x.shape[1:]))
                  for x in x_leaves]
    first_runs = (length > 0 and extra_test is not None and exists is None
                  and not may_not_run and guards.holds(extra_test()))
    ran = guards.Ran()
    run = guards.guarded(extra_test, body, block, first_runs, ran)

    def step_body(*item_leaves):
        item = x_tree.unflatten(item_leaves)
        if exists is None:
            return run(make_item(item))
        item, here = item

        def test():  # the item's flag joins the loop's own test
            t = extra_test() if extra_test is not None else True
            return here if guards.holds(t) else jnp.logical_and(here, t)

        guards.guarded(test, body, block)(make_item(item))

    init_vars = st.flatten(get_state(), names)
    raised = []
    plan, closed, outs = settle.settle(block, init_vars, step_body, item_avals, allow_append=True,
                                       may_not_run=may_not_run, raised=raised, ran=ran,
                                       unrollable=exists is None, exits=extra_test is not None)
    final, ys = lowered.scan(closed, settle.initial_carry(plan, init_vars), x_leaves,
                             len(plan.dynamic_avals()), unroll=block.opts.get("unroll", 1))
    may_stay = length == 0 or may_not_run or exists is not None or (
        extra_test is not None and not first_runs)   # the state may be the entry state
    where_ran = outs if extra_test is None else ran.vars
    values = settle.scanned_state(plan, names, init_vars, outs, final, ys, length,
                                  None if may_stay else where_ran)
    set_state(identity.keep_identity(values, [outs], mutations.visible_here(),
                                     entry=init_vars if may_stay else None, loop=init_vars))
    if raised and length > 0 and exists is None and not may_not_run and (
            extra_test is None or first_runs):
        raises.loop_raises(raised[0])   # its first iteration runs, and every iteration raises


