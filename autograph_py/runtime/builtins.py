"""Builtins whose Python meaning breaks on traced values: print, range, enumerate, zip, assert."""
from __future__ import annotations

import builtins
import re
import sys

import jax

from autograph_py import errors
from autograph_py.runtime import paths, trace_log
from autograph_py.runtime.dispatch import is_traced
from autograph_py.runtime.iterables import TracedEnumerate, TracedRange, TracedZip
from autograph_py.runtime.undefined import in_conditional_region


def print_(*args, sep=" ", end="\n", file=None, flush=False):
    """`print`; with a traced argument it prints at run time, on every run (jax.debug.print)."""
    if not any(is_traced(a) for a in args) or file not in (None, sys.stdout):
        return builtins.print(*args, sep=sep, end=end, file=file, flush=flush)
    if paths.is_silent():
        return None
    trace_log.record("print", "jax.debug.print", "an argument is traced")
    parts, arrays = [], []
    for a in args:
        if is_traced(a):
            parts.append("{}")
            arrays.append(a)
        else:
            parts.append(str(a).replace("{", "{{").replace("}", "}}"))
    fmt = sep.replace("{", "{{").replace("}", "}}").join(parts)
    if end != "\n":
        fmt += end.replace("{", "{{").replace("}", "}}")
    jax.debug.print(fmt, *arrays, ordered=False)
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
    taken = paths.taken()
    if taken is not None:  # only executions that reach the assert can fail it (under vmap)
        ok = test if test.dtype == jax.numpy.bool_ else test != 0
        skipped = jax.lax.bitwise_not(taken)
        test = (jax.lax.bitwise_or(ok, skipped) if ok.shape == ()
                else jax.numpy.logical_or(ok, skipped))
    paths.count_check()
    msg = message()
    text = f"{msg if msg is not None else 'assertion failed'} ({ASSERT_MARK} {at})"

    def check(ok):
        if not bool(ok.all()):
            raise AssertionError(text)

    jax.debug.callback(check, test, ordered=False)


ASSERT_MARK = "assert at"
_ASSERT_FAILURE = re.compile(r"AssertionError: (.*\(" + ASSERT_MARK + r" [^)]*\))")


def assertion_from(error: Exception) -> AssertionError | None:
    """The AssertionError a failed run-time assert raised inside a callback, if that is `error`.

    JAX reports an exception raised in a callback as a runtime error with the
    callback's traceback in its text; `@function` turns ours back into the
    AssertionError the assert statement raises in Python.
    """
    found = _ASSERT_FAILURE.findall(str(error))
    return AssertionError(found[-1]) if found else None
