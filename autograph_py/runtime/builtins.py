"""Builtins whose Python meaning breaks on traced values: print, range, enumerate, zip,
reversed, str, assert and raise."""
from __future__ import annotations

import builtins
import contextlib
import itertools
import re
import sys
import threading
import weakref

import jax

from autograph_py import errors
from autograph_py.lowering import callbacks
from autograph_py.runtime import paths, text, trace_log
from autograph_py.runtime.dispatch import in_trace, is_traced
from autograph_py.runtime.text import fstring  # noqa: F401 - generated code's ag__.fstring
from autograph_py.runtime.iterables import TracedEnumerate, TracedRange, TracedZip, reversed_
from autograph_py.runtime import undefined as undefined_module
from autograph_py.runtime.undefined import (UnboundUnlessAssigned, Undefined, conditional_depth,
                                           in_conditional_region, read)


def print_(*args, sep=" ", end="\n", file=None, flush=False):
    """`print`; while JAX traces, it prints when the compiled program runs.

    On every run, in program order, with Python's own formatting of the
    run-time values (text made from traced values included, see
    runtime/text.py), `sep`, `end` and `file`: through a host callback,
    also for prints of Python values only. Under `vmap` it prints once per
    element, and only for the elements that reach it (a branch taken, a
    loop still running), as a check does. With no trace it is `print`.
    """
    if not in_trace():
        return builtins.print(*args, sep=sep, end=end, file=file, flush=flush)
    if paths.is_silent():
        return None
    trace_log.record("print", "jax.debug.callback", "it is traced: it prints when the program runs")
    rec, arrays = text.recipe((args, sep, end))
    taken = paths.taken()
    paths.count_check()   # a loop masks its body for a check, and for a print too

    def emit(reached, *values):
        if bool(reached):
            args, sep, end = text.run_time(rec, values)
            builtins.print(*args, sep=sep, end=end, file=file, flush=flush)

    callbacks.host_call(emit, True if taken is None else taken, *arrays)
    return None


def range_(*args):
    """`range`; a traced bound gives a TracedRange for a converted `for`."""
    if any(is_traced(a) for a in args):
        return TracedRange(*args)
    return range(*args)


def enumerate_(iterable, start=0):
    if is_traced(iterable) or isinstance(iterable, (TracedZip, TracedRange)):
        return TracedEnumerate(iterable, start)
    return enumerate(iterable, start)


def zip_(*iterables, **kwargs):
    if not kwargs and any(is_traced(x) or isinstance(x, TracedRange) for x in iterables):
        return TracedZip(*iterables)
    return zip(*iterables, **kwargs)


OVERRIDES = {builtins.print: print_, builtins.range: range_,
             builtins.enumerate: enumerate_, builtins.zip: zip_, builtins.reversed: reversed_,
             builtins.str: text.str_, builtins.repr: text.repr_, builtins.format: text.format_}


def override(f):
    """The traced-aware version of the builtin `f`, or None.

    A str's own `.format` and `.join` (`"x={}".format`) are bound builtin
    methods: they become `text.str_method` of that str.
    """
    found = OVERRIDES.get(f)
    if found is None and type(getattr(f, "__self__", None)) is str and (
            f.__name__ in text.STR_METHODS):
        return text.str_method(f.__self__, f.__name__)
    return found


def assert_stmt(test, message):
    """`assert test, message()`; a traced test becomes a run-time check.

    The check runs on every execution of the compiled program (through
    `jax.debug.callback`); when it fails, the error carries the message and
    the assert's file:line.
    """
    if not is_traced(test):
        if test:
            return
        msg = message()
        if not in_conditional_region() and not (in_trace() and text.recipe(msg)[1]):
            raise AssertionError(msg) if msg is not None else AssertionError()
        # A false assert in a branch that is traced but may not run: it must
        # fail when the branch runs, not while it is traced. So must one whose
        # message shows traced values: their run-time values.
        test = jax.numpy.asarray(False)
        message = lambda: msg  # noqa: E731 - evaluated once, as Python does
    if paths.is_silent():
        return
    at = errors.where()
    trace_log.record("assert", "jax.debug.callback", "test is traced", at=at)
    msg = message()
    if msg is None:
        msg = "assertion failed"
    rec, values = text.recipe(msg)

    def failed(*concrete):
        return f"{text.run_time(rec, concrete)} ({ASSERT_MARK} {at})"

    _check_at_run_time(test, None, values, failed)


def _check_at_run_time(test, text, values=(), failed=None):
    """Fails with AssertionError(text) on executions where `test` is false and this code runs.

    `values` (arrays) reach `failed(*values)` in the check when it fails; it
    returns the text then (a message with the run-time values).
    """
    taken = paths.taken()
    if taken is not None:  # only executions that reach the check can fail it (under vmap)
        ok = test if test.dtype == jax.numpy.bool_ else test != 0
        skipped = jax.lax.bitwise_not(taken)
        test = (jax.lax.bitwise_or(ok, skipped) if ok.shape == ()
                else jax.numpy.logical_or(ok, skipped))
    paths.count_check()

    def check(ok, *values):
        if not bool(ok.all()):
            raise AssertionError(text if failed is None else failed(*values))

    callbacks.host_call(check, test, *values)


def match_subject(subject, why: str):
    """The subject of a `match` left to Python; a traced one cannot be matched."""
    if is_traced(subject):
        raise errors.StateError(errors.message(
            f"the subject of this `match` statement is traced, and the statement stays Python "
            f"because {why}",
            at=errors.where(),
            fix="Match a Python value, or use only value patterns (`case 0:`, `case 1 | 2:`, "
                "`case _:`, captures and guards), which become lax.cond."))
    return subject


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
        return exc
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
    _stage(exc, jax.numpy.asarray(False), at)
    raise paths.PathRaises(exc)   # nothing after it runs on this path, its callers' code included


def _stage(exc: BaseException, test, at: str) -> None:
    """A run-time check that raises `exc` (traced arguments with their run-time values)
    from `@function` on executions where `test` is false and this code runs."""
    # The program keeps what makes the exception at run time, not the exception:
    # its arguments and attributes may hold tracers.
    rec, values = text.recipe((exc.args, dict(getattr(exc, "__dict__", {}))))
    staged = _Staged(type(exc))
    with _lock:
        key = next(_keys)
        _STAGED[key] = staged
    name = type(exc).__name__

    def failed(*concrete):
        args, state = staged.failed = text.run_time(rec, concrete)
        message = str(args[0]) if len(args) == 1 else str(args)
        return f"{name}: {message} ({RAISE_MARK} {at}) #{key}"

    _check_at_run_time(test, None, values, failed)


def stage_raised(exc: BaseException) -> bool:
    """Stages `exc`, raised by the user's own code while a traced path that may never run
    was traced (`lst.pop()` on an empty list in an untaken branch): Python raises it only
    if that path runs, so the program does. False for any other exception (the runtime's,
    JAX's, NumPy's), which the caller re-raises."""
    if isinstance(exc, errors.AutographError) or paths.is_silent():
        return False
    where = errors.raised_at(exc)
    if where is None or where[0] in _LIBRARIES:
        return False
    at = where[1]
    trace_log.record("raise", "jax.debug.callback", "raised while a traced path was traced",
                     at=at)
    _stage(exc, jax.numpy.asarray(False), at)
    return True


# Whose errors, raised while a path is traced, are errors of the program, not of a path.
_LIBRARIES = frozenset({"jax", "jaxlib", "numpy", "ml_dtypes", "opt_einsum", "scipy"})


def read_local(value):
    """A user read of a local that may be unassigned (generated code calls it as `ag__.ld`).

    A local that a traced loop may not have assigned is checked when the
    program runs: UnboundLocalError at this line if no iteration assigned it.
    So is one that no path assigned, read on a traced path (a branch, a loop
    body) that may never run.
    """
    if isinstance(value, (Undefined, UnboundUnlessAssigned)):
        undefined_module.note_unassigned_read(value.name)
    if type(value) is Undefined and in_conditional_region() and not paths.is_silent():
        # No path assigned it, but this read is on a traced path that may never run:
        # Python's UnboundLocalError, raised when (if) the path runs.
        at = errors.where()
        exc = UnboundLocalError(_unbound_text(value.name))
        _stage(exc, jax.numpy.asarray(False), at)
        raise paths.PathRaises(exc)
    if not isinstance(value, UnboundUnlessAssigned):
        return read(value)
    assigned = value.assigned
    if not is_traced(assigned):
        if not assigned:
            raise UnboundLocalError(_unbound_text(value.name))
        return value.value
    if not paths.is_silent():
        at = errors.where()
        trace_log.record("read", "jax.debug.callback", "a traced loop may not have assigned "
                         f"'{value.name}'", at=at)
        _stage(UnboundLocalError(_unbound_text(value.name)), assigned, at)
    return value.value


undefined_module._reader[0] = read_local   # other uses of such a local read it the same way


def _unbound_text(name: str) -> str:
    return f"cannot access local variable '{name}' where it is not associated with a value"


class _Staged:
    """A staged raise, as long as a compiled program that may fail with it lives.

    `failed` is (args, attributes) with the run-time values of the last failure.
    """
    __slots__ = ("type", "failed", "__weakref__")

    def __init__(self, kind):
        self.type, self.failed = kind, None


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


def _caught_staged_raise(e):
    """The error for a raise under a traced condition that a `try` around it would catch."""
    return errors.StagedRaiseError(errors.message(
        f"{type(e).__name__} is raised under a traced condition inside a `try` statement "
        "that catches it",
        details=("A traced condition is decided when the compiled program runs, after "
                 "the `try` statement was traced; its handler cannot catch the exception "
                 "then.",),
        at=errors.where(),
        fix="Make the condition a Python value, or return a flag (jnp.where) instead of "
            "raising and catching."))


class _Local(threading.local):
    def __init__(self):
        self.guards = []   # the open staged_raises_escape, innermost last
        self.staged = []   # exceptions staged while one is open


_local = _Local()
_lock = threading.Lock()
# key -> _Staged; the checks of the compiled programs hold the values, so an entry
# goes when the last program that may raise it does.
_STAGED: "weakref.WeakValueDictionary[int, _Staged]" = weakref.WeakValueDictionary()
_keys = itertools.count()


ASSERT_MARK = "assert at"
RAISE_MARK = "raise at"
_FAILURE = re.compile(r"AssertionError: (.*\((?:" + ASSERT_MARK + "|" + RAISE_MARK
                      + r") [^)]*\))(?: #(\d+))?")


def assertion_from(error: Exception):
    """(error, "file:line") for a failed run-time assert or staged raise reported by `error`.

    JAX reports an exception raised in a callback as a runtime error with the
    callback's traceback in its text; `@function` turns ours back into the
    AssertionError the assert statement raises in Python, or into an
    exception of the staged raise's type and arguments. None if `error` is
    not one of ours.
    """
    found = _FAILURE.findall(str(error))
    if not found:
        return None
    text, key = found[-1]
    at = text.rsplit(" at ", 1)[-1].rstrip(")")
    if not key:
        return AssertionError(text), at
    staged = _STAGED.get(int(key))
    if staged is None or staged.failed is None:
        return AssertionError(text), at
    # Made without calling __init__ (its signature may differ from args'),
    # with the run-time values of its arguments and attributes.
    args, state = staged.failed
    staged.failed = None
    out = staged.type.__new__(staged.type)
    if state:
        out.__dict__.update(state)
    out.args = args
    if hasattr(out, "add_note"):
        out.add_note(f"{RAISE_MARK} {at}")
    return out, at
