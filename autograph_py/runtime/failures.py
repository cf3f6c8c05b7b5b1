"""Run-time failures: checks that fail when the compiled program runs, and what
`@function` raises for them.

An `assert` with a traced test, a `raise` under a traced condition, a read of a
local a traced loop may not have assigned: each is a check traced into the
program (lowering/checks.py) that fails on the executions that reach it. A
staged raise keeps what makes its exception (type, arguments, attributes),
weakly, as long as a program that may raise it lives; `assertion_from` turns
JAX's report of a failed check back into that exception.
"""
from __future__ import annotations

import itertools
import re
import threading
import weakref

from autograph_py.lowering import checks as lowered
from autograph_py.runtime import paths, text


def check_at_run_time(test, text, values=(), failed=None):
    """Fails with AssertionError(text) on executions where `test` is false and this code runs.

    `values` (arrays) reach `failed(*values)` in the check when it fails; it
    returns the text then (a message with the run-time values).
    """
    taken = paths.taken()
    if taken is not None:  # only executions that reach the check can fail it (under vmap)
        test = lowered.passes_where_taken(test, taken)
    paths.count_check()

    def check(ok, *values):
        if not bool(ok.all()):
            raise AssertionError(text if failed is None else failed(*values))

    lowered.host_call(check, test, *values)


def stage(exc: BaseException, test, at: str) -> None:
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

    check_at_run_time(test, None, values, failed)


class _Staged:
    """A staged raise, as long as a compiled program that may fail with it lives.

    `failed` is (args, attributes) with the run-time values of the last failure.
    """
    __slots__ = ("type", "failed", "__weakref__")

    def __init__(self, kind):
        self.type, self.failed = kind, None


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
