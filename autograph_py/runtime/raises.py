"""`raise` statements: raised by Python now, or staged when a traced condition guards them.

`staged_raises_escape` guards a `try` whose handlers would catch a staged
raise: they run at trace time, the staged exception only when the program
runs, so that is an error.
"""
from __future__ import annotations

import contextlib
import functools
import sys
import threading

import jax

from autograph_py import errors
from autograph_py.lowering import tracing
from autograph_py.runtime import leaks, mutations, paths, picked_outputs, trace_log
from autograph_py.runtime.dispatch import holds_traced
from autograph_py.runtime.failures import stage
from autograph_py.runtime.undefined import (conditional_depth, conditional_region,
                                            in_conditional_region)


HANDLED = object()   # what a bare `raise` raises: the exception being handled


def raise_stmt(exc):
    """`raise exc`: the exception for Python to raise now, or it stages it.

    With no traced condition around it, Python raises it (generated code
    does, at the user's line). Under a traced condition the raise may not
    happen at all: it becomes a run-time check that fails when this path
    runs, and `@function` raises an exception of the same type and
    arguments (traced ones with their run-time values). The trace of the
    path then ends (paths.PathRaises) at the innermost traced branch or loop
    body, so no code after the raise, in this function or its callers,
    runs on it.
    """
    if not in_conditional_region():
        return _shown_at_run_time(exc)
    if exc is HANDLED:
        exc = sys.exc_info()[1]
        if exc is None:
            return HANDLED  # Python's own RuntimeError: no active exception
    if isinstance(exc, type) and issubclass(exc, BaseException):
        exc = exc()
    if not isinstance(exc, BaseException):
        return exc  # Python's own TypeError follows
    if _caught_unconditionally(exc):
        return exc
    if any(g.in_try and isinstance(exc, g.handled) for g in _local.guards):
        # Known now, before anything is staged: eagerly (a vmap outside jit) a staged
        # check runs as soon as it is made, past the handler that would catch it. Noted
        # too, for the guard: a handler of `Exception` would catch this error itself.
        _local.staged.append(exc)
        raise _caught_staged_raise(exc)
    if _local.guards:   # only a `try` around it needs to know (see staged_raises_escape)
        _local.staged.append(exc)
    if paths.is_silent():
        return None
    at = errors.where()
    trace_log.record("raise", "jax.debug.callback", "a traced condition guards it", at=at)
    stage(exc, jax.numpy.asarray(False), at)
    raise paths.PathRaises(exc)   # nothing after it runs on this path, its callers' code included


def _shown_at_run_time(exc):
    """A raise on the Python path whose arguments hold traced values (`ValueError(f"bad
    {x}")`): inside `@function` (staging_boundary), with no `try` around it, it is staged
    like a raise under a traced condition that holds, so its message shows the run-time
    values; elsewhere (a plain `jax.jit`), Python raises it now, with the tracers' text."""
    if not ends_program_trace():
        return exc
    if isinstance(exc, type) and issubclass(exc, BaseException):
        return exc
    if not isinstance(exc, BaseException) or not _holds_traced(exc):
        return exc
    at = errors.where()
    trace_log.record("raise", "jax.debug.callback", "its message shows traced values", at=at)
    stage(exc, jax.numpy.asarray(False), at)
    raise paths.PathRaises(exc)


def ends_program_trace() -> bool:
    """Whether a raise here, on the Python path, may end the trace of the whole `@function`
    program (staging_boundary), its staged check failing when the program runs: the
    program's own trace, not a JAX transformation it calls (vmap, a lax.cond branch), with
    no `try` around it whose handlers Python would run."""
    return (bool(_local.boundaries) and not _local.guards and not paths.is_silent()
            and tracing.current_trace() == _local.boundaries[-1])


def _holds_traced(exc) -> bool:
    return holds_traced((exc.args, dict(getattr(exc, "__dict__", {}))))


def staging_boundary(fn):
    """`fn` for `@function` to jit: a raise that ends the whole program's trace (see
    _shown_at_run_time) makes it return None; the staged check then fails when it runs.

    So does an error of the user's own code raised while the program is traced after
    a check or print was staged (FINDINGS F51): Python would print first, or fail at
    the earlier check (`UnboundLocalError` of a read after a loop that may not run)
    and never reach it, so the program raises it only when it runs and gets there.
    """
    @functools.wraps(fn)
    def traced(*args, **kwargs):
        _local.boundaries.append(tracing.current_trace())
        staged_before = paths.checks()
        try:
            out = fn(*args, **kwargs)
            leaks.poison(fn, ending=True)   # module-level objects keep none of its tracers
            out, picks = picked_outputs.returnable(out)   # a str a traced condition picks
            traced.picks |= picks   # (@function gives back the str it picked)
            return out
        except paths.PathRaises:
            return None
        except Exception as e:  # noqa: BLE001 - only the user's own, after a staged check
            if paths.checks() == staged_before or not _raised_in_this_trace(e):
                raise
            if not stage_raised(e, unbound_too=True):
                raise
            return None
        finally:
            _local.boundaries.pop()
    traced.picks = False
    return traced


def _raised_in_this_trace(exc) -> bool:
    """Whether `exc` came straight from code traced in the boundary's own trace, not out
    of a trace inside it (a traced block's, a JAX transformation's), whose checks are
    gone with it."""
    tb = exc.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__", "")
        if module == tracing.__name__ or module.partition(".")[0] in ("jax", "jaxlib"):
            return False
        tb = tb.tb_next
    return True


def stage_raised(exc: BaseException, unbound_too=False) -> bool:
    """Stages `exc`, raised by the user's own code while a traced path that may never run
    was traced (`lst.pop()` on an empty list in an untaken branch): Python raises it only
    if that path runs, so the program does. False for any other exception (the runtime's,
    JAX's, NumPy's), which the caller re-raises."""
    if unbound_too and isinstance(exc, errors.UndefinedVariableError):
        pass   # a read of an unassigned local after a staged check: Python's UnboundLocalError
    elif isinstance(exc, (errors.AutographError, RecursionError)) or paths.is_silent():
        # A RecursionError here is the trace's own stack running out (tracing takes many
        # frames per level), not the program's: it goes up to the recursion's first call.
        return False
    if isinstance(exc, ValueError) and "read-only" in str(exc):
        return False   # a NumPy array changed in place that a construct guards (restarts)
    where = errors.raised_at(exc)
    if where is None or where[0] in _LIBRARIES:
        return False
    at = where[1]
    if _about_a_tracer(exc):   # `np.zeros(n)`, an lru_cache of a traced n: no Python error
        raise errors.ConcreteValueError(errors.message(   # of the program, one of tracing
            f"a traced value reached code that needs a concrete one: {type(exc).__name__}: "
            f"{str(exc).strip().splitlines()[0]}", at=at,
            fix="Pass a Python value there (a static argument, a shape), or use the jnp "
                "function that takes a traced one.")) from None
    stage(exc, jax.numpy.asarray(False), at)   # (refused where a `try` around would catch it)
    trace_log.record("raise", "jax.debug.callback", "raised while a traced path was traced",
                     at=at)
    return True


def _about_a_tracer(exc) -> bool:
    """Whether `exc` says a tracer was handed where Python needs a value (NumPy's, a C
    function's TypeError naming the tracer's type): a limit of tracing, not a Python error
    the program raises when it runs."""
    return isinstance(exc, (TypeError, ValueError)) and "Tracer" in str(exc)


# Whose errors, raised while a path is traced, are errors of the program, not of a path.
_LIBRARIES = frozenset({"jax", "jaxlib", "numpy", "ml_dtypes", "opt_einsum", "scipy"})


def _caught_unconditionally(exc) -> bool:
    """Whether a `try` body that this raise is in, under no traced condition of its own, catches it.

    The traced condition is then around the whole `try` statement: the
    raise and its handler run on the same paths, and Python raising it here,
    while that path is traced, is exact.
    """
    depth = conditional_depth()
    for guard in reversed(_local.guards):
        if guard.depth != depth:
            return False
        if guard.in_try and isinstance(exc, guard.handled):
            return True
    return False


class staged_raises_escape:
    """Around a `try` with handlers: a staged raise of a type they catch, in its body, is an error.

    The handlers run while the function is traced; the staged exception is
    raised only when the compiled program runs, past them. Raises staged in
    the handlers, `else` or `finally` are not caught by them and are fine.
    """
    __slots__ = ("handled", "in_body", "depth", "in_try")

    def __init__(self, handled):
        self.handled = handled
        self.in_body = []
        self.depth = 0        # traced conditions around the `try` statement
        self.in_try = False   # its body is running (not a handler, else or finally)

    def __enter__(self):
        self.depth = conditional_depth()
        _local.guards.append(self)

    @staticmethod
    @contextlib.contextmanager
    def body():
        """Around the `try` body: notes what is staged there, for the innermost guard."""
        guard = _local.guards[-1]
        mark = len(_local.staged)
        guard.in_try = True
        try:
            yield
        finally:
            guard.in_try = False
            guard.in_body = _local.staged[mark:]

    def __exit__(self, kind, value, tb):
        _local.guards.pop()
        if not _local.guards:
            _local.staged.clear()
        if kind is not None and not issubclass(kind, paths.PathRaises):
            return False
        caught = [e for e in self.in_body if isinstance(e, self.handled)]
        if caught:
            raise _caught_staged_raise(caught[0])
        return False


def refuse_if_caught(exc, at) -> None:
    """A StagedRaiseError where a `try` around this check would catch `exc` (a traced
    assert, a staged error of the user's code): its handler was traced already."""
    if _local.guards:
        _local.staged.append(exc)
        if any(g.in_try and isinstance(exc, g.handled) for g in _local.guards):
            raise _caught_staged_raise(exc, at) from None


def _caught_staged_raise(e, at=None):
    """The error for a raise under a traced condition that a `try` around it would catch."""
    return errors.StagedRaiseError(errors.message(
        f"{type(e).__name__} is raised under a traced condition inside a `try` statement "
        "that catches it",
        details=("A traced condition is decided when the compiled program runs, after "
                 "the `try` statement was traced; its handler cannot catch the exception "
                 "then.",),
        at=at or errors.where(),
        fix="Make the condition a Python value, or return a flag (jnp.where) instead of "
            "raising and catching."))


paths.CAUGHT[0] = refuse_if_caught   # every staged check (`xs[k]`'s IndexError too)


class _Local(threading.local):
    def __init__(self):
        self.guards = []   # the open staged_raises_escape, innermost last
        self.staged = []   # exceptions staged while one is open
        self.boundaries = []   # open staging_boundary traces (an @function being traced)


_local = _Local()


def loop_raises(path: paths.PathRaises):
    """A loop that certainly runs a body that always raises: it raises, as a `raise` would.

    Inside a traced block that ends the block's path. Outside any, nothing
    after the loop runs: the `@function` program's trace ends there too (the
    body's staged check shows the body's traced values when it fails);
    elsewhere Python raises it now, or, where the exception depends on the path
    (FINDINGS F86), a StagedRaiseError says to use `@function`.
    """
    if in_conditional_region() or ends_program_trace():
        raise path
    if path.exc is None:
        # Which exception depends on the run (one branch raises one, the other another):
        # only @function's boundary can end the program's trace here and raise it when it runs.
        raise errors.StagedRaiseError(errors.message(
            "every path of this loop's first iteration raises, and which exception depends on "
            "values known only when the program runs; outside autograph_py.function nothing "
            "can end the program's trace here",
            at=errors.where(),
            fix="Call the function through autograph_py.function (its jit raises the "
                "exception the run meets), or make the exception the same on every path.")) \
            from None
    raise path.exc


RAISES = object()   # what `only_where` gives where its code raises on that path


def only_where(pred, thunk, negated=False, if_raises=RAISES):
    """`thunk()` traced as the path on which `pred` holds (`negated`: does not), for code
    Python reaches only there: the right operand of `and`/`or`, a later item of any/all,
    an assert's message. Its prints, checks and raises happen only where that path runs;
    where it raises whenever it runs (see traced_path: `x > 0 and [][0]`), `if_raises`."""
    with conditional_region(), paths.taken_when(pred, negated):
        out, raised = traced_path(thunk)
    return if_raises if raised else out


def traced_path(fn):
    """(fn(), False) for a path being traced (a branch, an operand Python may skip), or
    (None, True) where it raises whenever it runs: a staged raise ended it, or the user's
    own code raised while it was traced (staged here, under the conditions it ran under).
    A construct's restart goes up, as does any other error."""
    try:
        return fn(), False
    except paths.PathRaises:
        return None, True
    except mutations.Restart:
        raise
    except Exception as e:  # noqa: BLE001 - only the user's own (stage_raised)
        with paths.where_raised(e):
            if not stage_raised(e):
                raise
        return None, True
