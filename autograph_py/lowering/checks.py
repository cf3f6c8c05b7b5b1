"""Run-time checks and prints: host callbacks, and the path masks that gate them.

A check traced inside a traced branch or loop body must only fail on
executions that reach it (runtime/paths.py keeps those conditions); under
`vmap` both branches of a cond run for every element, so the check tests
`ok | ~taken`.
"""
from __future__ import annotations

import jax
from jax import lax


def host_call(fn, *arrays) -> None:
    """Calls `fn(*values)` with the run-time values of `arrays` on every run of the program.

    In program order (an ordered effect: `print("a"); print("b")` prints a
    then b, also inside cond, while_loop, scan, vmap and grad), except where
    JAX cannot order effects: a process with several devices, whose programs
    may span them, gets unordered callbacks.
    """
    jax.debug.callback(fn, *arrays, ordered=_ordered())


def _ordered() -> bool:
    return jax.device_count() == 1


def conjunction(conditions):
    """`c1 & c2 & ...` of (pred, negated) pairs, traced scalar bools; None for none."""
    out = None
    for pred, negated in conditions:
        p = lax.bitwise_not(pred) if negated else pred
        out = p if out is None else lax.bitwise_and(out, p)
    return out


def passes_where_taken(test, taken):
    """`test` (truthy where the check passes), or not `taken` (the check is not reached)."""
    ok = test if test.dtype == jax.numpy.bool_ else test != 0
    skipped = lax.bitwise_not(taken)
    return lax.bitwise_or(ok, skipped) if ok.shape == () else jax.numpy.logical_or(ok, skipped)
