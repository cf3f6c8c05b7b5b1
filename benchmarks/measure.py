"""Timing and jaxpr-size helpers shared by every section.

Timing is interleaved: each round takes one sample of every contender, in an
order that alternates between rounds, so a burst of load from other users of
the machine lands on all of them instead of on one. A sample is the mean of
enough calls to last `sample_s`, which keeps timer resolution out of it.
Ratios are taken per round (adjacent in time) and summarised by their
median and quartiles.
"""
from __future__ import annotations

import collections
import re
import statistics
import time
from typing import Callable

import jax
from jax.extend import core as jcore

# jnp wraps many functions (jnp.where, jnp.linalg.norm) in a nested `jit`; that
# call is bookkeeping, not work, so it is counted as its body only. So is a
# custom_jvp's call (a converted loop with a traced trip count is one, so that
# jax.grad goes through it; it lowers to its body).
_TRANSPARENT = {"pjit", "jit", "closed_call", "core_call", "custom_jvp_call"}


def _sub_jaxprs(eqn):
    for value in eqn.params.values():
        for v in value if isinstance(value, (tuple, list)) else (value,):
            if isinstance(v, jcore.ClosedJaxpr):
                yield v.jaxpr
            elif isinstance(v, jcore.Jaxpr):
                yield v


def primitive_counts(jaxpr) -> collections.Counter:
    """Equations by primitive name, recursively through cond/while/scan/jit bodies."""
    counts = collections.Counter()
    for eqn in jaxpr.eqns:
        if eqn.primitive.name not in _TRANSPARENT:
            counts[eqn.primitive.name] += 1
        for sub in _sub_jaxprs(eqn):
            counts.update(primitive_counts(sub))
    return counts


def jaxpr_size(fn: Callable, *args) -> tuple[int, collections.Counter, str]:
    """(equation count, counts by primitive, jaxpr text) of `fn(*args)`."""
    closed = jax.make_jaxpr(fn)(*args)
    counts = primitive_counts(closed.jaxpr)
    return sum(counts.values()), counts, str(closed)


_HLO_INSTRUCTION = re.compile(r"^\s*(?:ROOT\s+)?%?[\w.\-]+\s*=\s", re.MULTILINE)


def hlo_size(jitted: Callable, *args) -> int:
    """Instructions in the XLA-optimised HLO of `jitted(*args)`: what survives DCE and fusion."""
    return len(_HLO_INSTRUCTION.findall(jitted.lower(*args).compile().as_text()))


def counter_diff(a: collections.Counter, b: collections.Counter) -> dict[str, int]:
    """Primitives `a` has more (positive) or fewer (negative) of than `b`."""
    keys = sorted(set(a) | set(b))
    return {k: a[k] - b[k] for k in keys if a[k] != b[k]}


def calls_per_sample(fn: Callable, sample_s: float, cap: int = 100_000) -> int:
    """How many back-to-back calls of `fn` last about `sample_s`."""
    n = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t0
        if dt >= sample_s / 4 or n >= cap:
            return max(1, min(cap, round(n * sample_s / max(dt, 1e-9))))
        n *= 4


def interleaved(fns: dict[str, Callable], rounds: int, sample_s: float,
                budget_s: float | None = None) -> dict[str, dict[str, list[float]]]:
    """Seconds per call of each `fns[name]()`, one sample per round each.

    Each sample records wall time and this process's CPU time (all threads).
    On a machine shared with other users the CPU time is the steadier of the
    two: time spent descheduled while someone else runs is not in it.
    Stops early (after at least 3 rounds) once `budget_s` is spent.
    """
    counts = {name: calls_per_sample(f, sample_s) for name, f in fns.items()}
    samples = {name: {"wall": [], "cpu": []} for name in fns}
    names = list(fns)
    start = time.perf_counter()
    for r in range(rounds):
        for name in names if r % 2 == 0 else reversed(names):
            f, n = fns[name], counts[name]
            w0, c0 = time.perf_counter(), time.process_time()
            for _ in range(n):
                f()
            c1, w1 = time.process_time(), time.perf_counter()
            samples[name]["wall"].append((w1 - w0) / n)
            samples[name]["cpu"].append((c1 - c0) / n)
        if budget_s is not None and r >= 2 and time.perf_counter() - start > budget_s:
            break
    return samples


def paired_ratio(num: list[float], den: list[float]) -> dict:
    """Median and quartiles of per-round ratios num/den (rounds are adjacent in time)."""
    ratios = sorted(a / b for a, b in zip(num, den))
    q = statistics.quantiles(ratios, n=4) if len(ratios) >= 2 else ratios * 3
    return {"median": statistics.median(ratios), "p25": q[0], "p75": q[2], "rounds": len(ratios)}


def blocking(fn: Callable, *args) -> Callable[[], object]:
    """A thunk that calls `fn(*args)` and waits for the result."""
    return lambda: jax.block_until_ready(fn(*args))


def timed(fn: Callable) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def describe_error(e: BaseException, limit: int = 300) -> str:
    """`Type: first meaningful line of the message`, for a table cell."""
    lines = [line.strip() for line in str(e).splitlines()
             if line.strip() and not line.startswith("For simplicity") and set(line) != {"-"}]
    return f"{type(e).__name__}: {lines[0] if lines else ''}"[:limit]
