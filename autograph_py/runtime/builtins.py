"""Builtins whose Python meaning breaks on traced values: print, range, enumerate, zip, assert."""
from __future__ import annotations

import builtins
import contextlib
import copy
import re
import string
import sys
import threading

import jax

from autograph_py import errors
from autograph_py.runtime import paths, trace_log
from autograph_py.runtime.dispatch import is_traced
from autograph_py.runtime.iterables import TracedEnumerate, TracedRange, TracedZip
from autograph_py.runtime.undefined import conditional_depth, in_conditional_region


class Formatted(str):
    """An f-string printed by `print`: its text now, and its format and values for later."""

    def __new__(cls, text, fmt, values):
        self = super().__new__(cls, text)
        self.fmt, self.values = fmt, values
        return self


def fstring(fmt: str, values: tuple) -> str:
    """`fmt.format(*values)`, the f-string's text; it remembers both if a value is traced."""
    if not any(is_traced(v) for v in values):
        return fmt.format(*values)
    # A tracer has no format specs: the trace-time text shows it plainly.
    text = "".join(literal + ("" if field is None else str(v) if is_traced(v) else
                              ("{" + ("!" + conv if conv else "") + (":" + spec if spec else "")
                               + "}").format(v))
                   for (literal, field, spec, conv), v in _fields(fmt, values))
    return Formatted(text, fmt, values)


def _fields(fmt, values):
    """(literal, field, spec, conversion) of `fmt`, each with its value (None after the last)."""
    values = iter(values)
    for literal, field, spec, conv in string.Formatter().parse(fmt):
        yield (literal, field, spec, conv), (next(values) if field is not None else None)


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _traced_format(a: Formatted, arrays: list) -> str:
    """The part of a jax.debug.print format for `a`: Python values formatted now."""
    out = []
    for (literal, field, spec, conversion), value in _fields(a.fmt, a.values):
        out.append(_escaped(literal))
        if field is None:
            continue
        tail = ("!" + conversion if conversion else "") + (":" + spec if spec else "")
        if is_traced(value):
            out.append("{" + tail + "}")
            arrays.append(value)
        else:
            out.append(_escaped(("{" + tail + "}").format(value)))
    return "".join(out)


def print_(*args, sep=" ", end="\n", file=None, flush=False):
    """`print`; with a traced argument, or under a traced condition, it prints at run time.

    Through `jax.debug.callback`, with Python's own formatting, `sep`, `end`
    and `file`; under `vmap` once per element, and only for the elements
    that reach it (a branch taken, a loop still running), as a check does.
    """
    if not any(is_traced(a) or isinstance(a, Formatted) for a in args) and (
            not in_conditional_region()):
        return builtins.print(*args, sep=sep, end=end, file=file, flush=flush)
    if paths.is_silent():
        return None
    # Under a traced condition even Python values print at run time, when the path runs.
    trace_log.record("print", "jax.debug.callback", "an argument or the condition is traced")
    parts, arrays = [], []
    for a in args:
        if is_traced(a):
            parts.append("{}")
            arrays.append(a)
        elif isinstance(a, Formatted):
            parts.append(_traced_format(a, arrays))
        else:
            parts.append(_escaped(str(a)))
    fmt = _escaped(sep).join(parts)
    taken = paths.taken()

    def emit(reached, *values):
        if bool(reached):
            builtins.print(fmt.format(*values), end=end, file=file, flush=flush)

    jax.debug.callback(emit, True if taken is None else taken, *arrays, ordered=False)
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
             builtins.enumerate: enumerate_, builtins.zip: zip_}


def assert_stmt(test, message):
    """`assert test, message()`; a traced test becomes a run-time check.

    The check runs on every execution of the compiled program (through
    `jax.debug.callback`); when it fails, the error carries the message and
    the assert's file:line.
    """
    if not is_traced(test):
        if test:
            return
        if not in_conditional_region():
            msg = message()
            raise AssertionError(msg) if msg is not None else AssertionError()
        # A false assert in a branch that is traced but may not run: it must
        # fail when the branch runs, not while it is traced.
        test = jax.numpy.asarray(False)
    if paths.is_silent():
        return
    at = errors.where()
    trace_log.record("assert", "jax.debug.callback", "test is traced", at=at)
    msg = message()
    _check_at_run_time(test, f"{msg if msg is not None else 'assertion failed'} "
                             f"({ASSERT_MARK} {at})")


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

    jax.debug.callback(check, test, *values, ordered=False)


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
    """`raise exc`: the exception to raise now, or None once it is staged.

    With no traced condition around it, Python raises it (generated code
    does, at the user's line). Under a traced condition the raise may not
    happen at all: it becomes a run-time check that fails when this path
    runs, and `@function` raises an exception of the same type and
    arguments (traced ones with their run-time values).
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
    if _local.guards:   # only a `try` around it needs to know (see staged_raises_escape)
        _local.staged.append(exc)
    if paths.is_silent():
        return None
    at = errors.where()
    trace_log.record("raise", "jax.debug.callback", "a traced condition guards it", at=at)
    values = [v for a in exc.args for v in (a.values if isinstance(a, Formatted) else (a,))
              if is_traced(v)]
    with _lock:
        key = len(_STAGED)
        _STAGED.append(exc)

    def failed(*concrete):
        args = _run_time_args(exc.args, iter(concrete))
        _FAILED_ARGS[key] = args
        message = str(args[0]) if len(args) == 1 else str(args)
        return f"{type(exc).__name__}: {message} ({RAISE_MARK} {at}) #{key}"

    _check_at_run_time(jax.numpy.asarray(False), None, values, failed)
    return None


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


def _run_time_args(args, concrete):
    """The exception's arguments, with the run-time value of each traced value in them."""
    out = []
    for a in args:
        if isinstance(a, Formatted):
            out.append(a.fmt.format(*(next(concrete) if is_traced(v) else v for v in a.values)))
        elif is_traced(a):
            out.append(next(concrete))
        else:
            out.append(a)
    return tuple(out)


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
        if kind is not None:
            return False
        caught = [e for e in self.in_body if isinstance(e, self.handled)]
        if caught:
            e = caught[0]
            raise errors.StagedRaiseError(errors.message(
                f"{type(e).__name__} is raised under a traced condition inside a `try` statement "
                "that catches it",
                details=("A traced condition is decided when the compiled program runs, after "
                         "the `try` statement was traced; its handler cannot catch the exception "
                         "then.",),
                at=errors.where(),
                fix="Make the condition a Python value, or return a flag (jnp.where) instead of "
                    "raising and catching."))
        return False


class _Local(threading.local):
    def __init__(self):
        self.guards = []   # the open staged_raises_escape, innermost last
        self.staged = []   # exceptions staged while one is open


_local = _Local()
_lock = threading.Lock()
_STAGED: list = []   # every staged exception, by key; the compiled programs refer to them
_FAILED_ARGS: dict = {}  # key -> the arguments with run-time values, of the last failure


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
    staged = _STAGED[int(key)]
    # A copy made without calling __init__ (its signature may differ from args'),
    # with the arguments' run-time values.
    out = type(staged).__new__(type(staged))
    out.__dict__.update(copy.copy(getattr(staged, "__dict__", {})))
    out.args = _FAILED_ARGS.pop(int(key), staged.args)
    if hasattr(out, "add_note"):
        out.add_note(f"{RAISE_MARK} {at}")
    return out, at
