"""The body of a loop with an early exit (`break`, `return`): skipped once the exit test fails.

    for x in xs:             the scan's body is   if not break_:   (traced: a lax.cond)
        if x > t: break                               <the body>
        ...

A traced test makes the skip a branch of its own: skipping keeps what the
iterations before assigned.
"""
from __future__ import annotations

import jax.numpy as jnp

from autograph_py import labels
from autograph_py.lowering import tracing
from autograph_py.runtime import paths, state as st
from autograph_py.runtime.block import Block
from autograph_py.runtime.conditionals import _lax_if
from autograph_py.runtime.dispatch import is_array, is_traced
from autograph_py.runtime.undefined import is_placeholder


def guarded(extra_test, body, block: Block, first_runs=False, ran=None):
    """The body of one iteration, skipped once `extra_test()` is false.

    `first_runs`: the first iteration is known to run (a scan of at least one
    item whose test holds on entry). Then skipping an iteration keeps what an
    earlier one assigned, so a variable the body always assigns is defined
    after the loop even though the skip branch does not assign it.
    `ran` (a Ran) gets the state (state.Var) the body left where it ran.
    """
    if extra_test is None:
        return body

    def ran_body(*item):
        _exits_not_taken(block)
        body(*item)
        if ran is not None:
            ran.vars = st.flatten(block.get(), block.names)

    def run(*item):
        t = extra_test()
        if is_traced(t):
            _lax_if(t, lambda: ran_body(*item), lambda: None, block.but(construct="loop"),
                    skip_keeps_earlier=first_runs)
        elif t:
            ran_body(*item)
    return run


def unguarded(body, block: Block):
    """The body of a lax loop whose test already has the exit test in it (a while_loop
    over a range with a `break` or `return`): it runs only where that test held, so no
    branch skips it; the `return` flag is False there, as in `guarded`'s body."""
    def run(*item):
        _exits_not_taken(block)
        body(*item)
    return run


def carries_no_inexact(block: Block) -> bool:
    """Whether every value the loop starts with is an integer or bool (a search's index and
    flags): nothing it carries has a derivative, so a while_loop that ends where the exit
    test fails loses nothing against a scan that skips the remaining items, which keeps
    reverse mode of any order for loops that carry floats. An unassigned value counts as
    inexact (the body may assign a float), and so does a list, dict or tuple (a list the
    body appends to is a scan's stacked output)."""
    return all(not is_placeholder(v) and (type(v) in (bool, int) or (
        is_array(v) and not jnp.issubdtype(v.dtype, jnp.inexact))) for v in block.get())


def test_while_it_held(test, block: Block, first=None):
    """(test, block) for a bounded `while` (a scan of `maximum_iterations` steps, which tests
    at every step) whose test prints or checks: each step's test is taken only where the one
    before held, carried as state, as Python stops testing once the test fails (FINDINGS
    F125). A test without effects is as it was (the steps after the end skip the body).
    `first`: the test's value, where the caller ran it already (a test that turned traced
    after Python iterations): the first step takes it instead of a second run and print."""
    closed, _ = tracing.trace(lambda: ([], test()), [])
    if not closed.effects:
        return test, block
    held, taken = [True], [first is not None]

    def get():
        return (*block.get(), held[0], taken[0])

    def set_(values):
        block.set(tuple(values)[:-2])
        held[0], taken[0] = values[-2:]

    def tested():
        go, pending = held[0], taken[0]
        taken[0] = False
        if pending is True:   # the first step, traced before the flag is carried
            t = first
        else:
            if is_traced(pending):
                go = jnp.logical_and(go, jnp.logical_not(pending))
            t = paths.run_when(go, test) if is_traced(go) else test()
            if is_traced(pending):
                t = jnp.where(pending, jnp.asarray(first, bool), jnp.asarray(t, bool))
        held[0] = jnp.asarray(t, bool) if is_traced(t) else bool(t)
        return t
    return tested, block.but(get=get, set=set_,
                             names=(*block.names, labels.TEST_HELD, labels.TEST_TAKEN))


def _exits_not_taken(block: Block) -> None:
    """Where the body runs, the `return` flag its test negates is False, a Python value
    there (a loop inside the body then tests a Python value, as Python does, and a body
    that always returns leaves True: see settle.scanned_state), not the loop's traced
    carry. (A `break` flag is its own loop's: no loop inside the body tests it.)"""
    values = block.get()
    known = tuple(False if name == labels.RETURN_FLAG and is_traced(v) else v
                  for name, v in zip(block.names, values))
    if any(a is not b for a, b in zip(known, values)):
        block.set(known)


class Ran:
    """Where the body ran, its state (not a list: the runtime's own, no state to watch)."""
    __slots__ = ("vars",)

    def __init__(self):
        self.vars = None


def holds(t) -> bool:
    return not is_traced(t) and bool(t)
