"""Run-time failures: checks that fail when the compiled program runs, and what
`@function` raises for them.

An `assert` with a traced test, a `raise` under a traced condition, a read of a
local a traced loop may not have assigned: each is a check traced into the
program (lowering/checks.py) that fails on the executions that reach it. The
check of a staged raise holds what makes its exception (type, arguments,
attributes), and makes it from the run-time values when it fails; it keeps
it with the failure's text, and `assertion_from` finds it again from JAX's
report of the failed callback (no parsing of that text).
"""
from __future__ import annotations

import builtins
import collections
import logging
import threading

import jax.numpy as jnp

from autograph_py import errors
from autograph_py.lowering import checks as lowered
from autograph_py.runtime import paths, text, undefined
from autograph_py.runtime.dispatch import raised_by_jax


class _Quiet(logging.Filter):
    """JAX logs the traceback of every failed debug callback; a failed check of ours is the
    user's exception, which `@function` raises (or JAX reports): not a second traceback."""

    def filter(self, record):
        exc = record.exc_info[1] if record.exc_info else None
        return not (isinstance(exc, AssertionError) and str(exc) in _RECENT)


logging.getLogger("jax._src.debugging").addFilter(_Quiet())


def check_at_run_time(test, failed, values=()) -> None:
    """A check that fails on executions where `test` is false and this code runs.

    `failed(*values)`, with the run-time values of `values` (arrays), gives
    (text, exception) when it fails: the exception is what `@function`
    raises (assertion_from); the text, what JAX reports for the failed callback.
    """
    taken = paths.taken()
    if taken is not None:  # only executions that reach the check can fail it (under vmap)
        test = lowered.passes_where_taken(test, taken)
    paths.count_check()

    def check(ok, *values):
        if not bool(ok.all()):
            text, exc = failed(*values)
            with _lock:
                _RECENT.pop(text, None)
                _RECENT[text] = exc
                while len(_RECENT) > _KEEP:
                    _RECENT.popitem(last=False)
            raise AssertionError(text)

    lowered.host_call(check, test, *values)


def assertion_failed(text: str, at: str):
    """(text, exception) for a failed run-time assert with this message."""
    text = f"{text} ({ASSERT_MARK} {at})"
    return text, AssertionError(text)


def stage(exc: BaseException, test, at: str) -> None:
    """A run-time check that raises `exc` (traced arguments with their run-time values)
    from `@function` on executions where `test` is false and this code runs."""
    paths.refuse_if_caught(exc, at)   # a `try` around it would catch it: it cannot
    # The program keeps what makes the exception at run time, not the exception:
    # its arguments and attributes may hold tracers.
    rec, values = text.recipe((exc.args, dict(getattr(exc, "__dict__", {}))))
    kind, name = type(exc), type(exc).__name__

    def failed(*concrete):
        args, state = text.run_time(rec, concrete)
        # Made without calling __init__ (its signature may differ from args'),
        # with the run-time values of its arguments and attributes.
        out = kind.__new__(kind)
        if state:
            out.__dict__.update(state)
        out.args = args
        if hasattr(out, "add_note"):
            out.add_note(f"{RAISE_MARK} {at}")
        message = str(args[0]) if len(args) == 1 else str(args)
        return f"{name}: {message} ({RAISE_MARK} {at})", out

    check_at_run_time(test, failed, values)


ASSERT_MARK = "assert at"
RAISE_MARK = "raise at"
_lock = threading.Lock()
# The text of each recent failure -> the exception `@function` raises for it. JAX
# reports a failed callback as a JaxRuntimeError whose text holds the callback's.
_RECENT: "collections.OrderedDict[str, BaseException]" = collections.OrderedDict()
_KEEP = 64


def assertion_from(error: Exception):
    """(exception, "file:line") for a failed run-time check that `error` (JAX's report of
    a failed callback) reports, the most recent if several; None if none of ours."""
    reported = str(error)
    with _lock:
        text = next((t for t in reversed(_RECENT) if t in reported), None)
        if text is None:
            return None
        exc = _RECENT.pop(text)
    return exc, text.rsplit(" at ", 1)[-1].rstrip(")")


def raise_where_it_runs(error: BaseException, at: str):
    """Python's `error` at this line: now, or on a traced path (a branch, a loop body) a
    run-time check that raises it where that path runs; the path ends here either way."""
    if not undefined.in_conditional_region():
        raise error
    if not paths.is_silent():
        stage(error, jnp.asarray(False), at)
    raise paths.PathRaises(error)


def empty_error(fn_name: str) -> ValueError:
    """The ValueError Python's own max()/min() raises for no item (its text is Python's:
    "arg is an empty sequence" up to 3.11, "iterable argument is empty" after)."""
    try:
        getattr(builtins, fn_name)(())
    except ValueError as e:
        return ValueError(*e.args)
    return ValueError(f"{fn_name}() iterable argument is empty")


def shows_concrete(e: TypeError) -> bool:
    """Whether `e` says a concrete value was needed (JAX's words, or a tracer's repr)."""
    return raised_by_jax(e) and "concrete" in str(e) or "Tracer(" in str(e)


def needs_concrete(f, e):
    """A JAX error for a traced argument where `f` needs a concrete value, made clear."""
    name = getattr(f, "__qualname__", None) or getattr(f, "__name__", None) or repr(f)
    func = getattr(f, "__func__", None)
    if "_forward_method_to_aval" in name and func is not None and func.__closure__:
        name = f"<traced array>.{func.__closure__[0].cell_contents}"   # `x.item()`: its name
    first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    module = str(getattr(f, "__module__", None) or type(f).__module__)   # (a ufunc's: numpy)
    twin = "jnp" + module[len("numpy"):] + "." + getattr(f, "__name__", "")
    return errors.ConcreteValueError(errors.message(
        f"{name}(...) needs a concrete value here, and one of its arguments is traced",
        details=(f"JAX: {type(e).__name__}: {first}",),
        at=errors.where(),
        fix=f"NumPy makes concrete arrays, which exist only when the program runs: use "
            f"{twin}, which traces (jax.numpy has NumPy's functions)."
            if module.partition(".")[0] == "numpy" and "TracerArrayConversion" in
            type(e).__name__ else
            "A shape, a size or a Python number must be known when the function is traced: "
            "compute it from static values (static_argnums, x.shape), or keep a fixed size "
            "and mask the items you do not want."))
