"""The traced condition under which the code being traced runs, for run-time checks.

A run-time `assert` inside a traced branch or loop body must only fail on
executions that reach it. Inside `lax.cond` that is automatic, but `vmap`
turns a cond with a batched predicate into a select that runs both branches
for every batch element, and a batched `while_loop` keeps running the body
for the elements whose loop has ended. So while a branch or body is traced,
its condition is pushed here, and a check tests `ok | ~taken()`:

    if x > 0:                       # taken() is x > 0 while this is traced
        assert x > 0, "positive"    # checks (x > 0) | ~(x > 0): never fails

`checks()` counts the checks traced so far, so a loop can tell whether its
body has any (only then does it pay for computing the mask).
"""
from __future__ import annotations

import contextlib
import threading

from autograph_py.lowering import checks as lowered, tracing

_local = threading.local()


@contextlib.contextmanager
def taken_when(pred, negated=False):
    """Pushes `pred` (a traced scalar bool), or its negation, built only if a check needs it.

    Call it inside the trace of the branch or body it guards: the condition
    applies to checks traced there and in the traces that one makes, not in
    a `jax.jit` the code calls (its trace cannot use this trace's tracers).
    """
    stack = _stack()
    stack.append((pred, negated, tracing.enclosing_traces()[0]))
    try:
        yield
    except Exception as e:
        if getattr(_local, "raised", (None,))[0] is not e:   # (the innermost conditions)
            _local.raised = (e, list(stack))
        raise
    finally:
        stack.pop()


@contextlib.contextmanager
def where_raised(exc):
    """The conditions under which the code that raised `exc` ran, pushed again while it is
    staged after it left their blocks (a loop body that raises on every path: the loop's
    `while` under vmap runs the body for elements whose loop has ended, too)."""
    e, conditions = getattr(_local, "raised", (None, None))
    _local.raised = (None, None)
    stack = _stack()
    if e is not exc or len(conditions) <= len(stack):
        yield
        return
    saved = stack[:]
    stack[:] = conditions
    try:
        yield
    finally:
        stack[:] = saved


def known(t):
    """The truth of the traced bool `t` on the path being traced, where a branch around it
    tests it (True in `if t:`'s body, False in its else), or None."""
    for pred, negated, _ in reversed(_stack()):
        if pred is t:
            return not negated
    return None


def run_when(pred, fn, *args):
    """`fn(*args)`, its checks and prints taken where `pred` holds (see taken_when)."""
    with taken_when(pred):
        return fn(*args)


def taken():
    """The conjunction of the pushed conditions, or None outside any traced condition."""
    stack = _stack()
    if not stack:
        return None
    reachable = tracing.enclosing_traces()
    return lowered.conjunction((pred, negated) for pred, negated, where in stack
                               if any(where == t for t in reachable))


class PathRaises(BaseException):
    """A staged raise ended the block being traced: the rest of its path never runs.

    Raised by `raise_stmt` after it staged the run-time failure, and caught
    where a traced branch or loop body is traced: that path's outputs do not
    matter (the program fails there), so they take the other path's types,
    or the entry state. A BaseException, so that a user's `except
    Exception:` does not run its handler for it at trace time. `exc` is
    the exception the path raises (None where it depends on the path).
    """

    def __init__(self, exc: BaseException | None = None):
        super().__init__()
        self.exc = exc


def count_check() -> None:
    _local.checks = checks() + 1


def checks() -> int:
    return getattr(_local, "checks", 0)


class Nesting:
    """How many `with nesting():` blocks this thread is inside."""

    def __init__(self):
        self._local = threading.local()

    @contextlib.contextmanager
    def __call__(self):
        self._local.depth = self.depth() + 1
        try:
            yield
        finally:
            self._local.depth -= 1

    def depth(self) -> int:
        return getattr(self._local, "depth", 0)


# Checks and prints traced inside `with silent():` are not emitted (a loop
# test traced a second time).
silent = Nesting()

# Inside a traced loop's body: a traced `if` there with cheap branches is a select
# (lowering/lax.py: cond), which a loop pays for on every iteration otherwise.
loop_body = Nesting()


def is_silent() -> bool:
    return silent.depth() > 0


def _stack() -> list:
    stack = getattr(_local, "stack", None)
    if stack is None:
        stack = _local.stack = []
    return stack


CAUGHT = [None]   # raises.refuse_if_caught (raises.py imports this module; it sets it)


def refuse_if_caught(exc, at) -> None:
    """A StagedRaiseError where a `try` around the code tracing now would catch `exc`, an
    error that happens only when the program runs (or a refusal of tracing's own): the
    handler, traced already, cannot catch it then."""
    if CAUGHT[0] is not None:
        CAUGHT[0](exc, at)
