"""Compile time against loop trip count: a converted traced loop vs Python unrolling.

The same user loop is compiled four ways at each trip count:

- converted, `range(n)` with a traced `n`   (autograph_py -> lax.fori_loop)
- converted, `for x in xs` with len(xs) = n (autograph_py -> lax.scan)
- hand-written `lax.fori_loop`              (reference)
- plain `jax.jit` with a static `n`         (Python unrolls the loop n times)

"Compile time" is trace + lower + XLA compile of a fresh function object, so
no cache of jax's can answer it; each point is the best of `repeats` compiles
(noise from other processes only ever adds time), in wall and in process CPU
time. A series counts as flat when the least-squares slope of log(CPU
seconds) on log(trip count) is at most 0.1: at most 2x over the 1,000x range,
where unrolling shows 0.8-1. A slope rather than max/min, because one noisy
point of a ~40 ms compile on a shared machine moves max/min past 1.5. Unrolled compiles grow with n; a size whose
predicted time exceeds the cap is not run but extrapolated linearly from the
last measured size, and the output says so.
"""
from __future__ import annotations

import gc
import math
import time

import jax
import jax.numpy as jnp
from jax import lax

import autograph_py

WIDTH = 16


def loop_range(x, n):
    for _ in range(n):
        x = jnp.sin(x) * 1.01 + 0.1
    return x


def loop_array(x, xs):
    for v in xs:
        x = jnp.sin(x) * 1.01 + v
    return x


def loop_lax(x, n):
    return lax.fori_loop(0, n, lambda _, x: jnp.sin(x) * 1.01 + 0.1, x)


def _compile_seconds(fn, *args, static_argnums=()) -> tuple[float, float]:
    """(wall, process CPU) seconds to trace, lower and compile `fn` afresh."""
    fresh = lambda *a: fn(*a)  # noqa: E731 -- a new object per call: nothing is cached for it
    gc.collect()  # the previous compile's garbage (an unrolled jaxpr is large) is not this one's cost
    w0, c0 = time.perf_counter(), time.process_time()
    jax.jit(fresh, static_argnums=static_argnums).lower(*args).compile()
    return time.perf_counter() - w0, time.process_time() - c0


def _sides():
    x = jax.ShapeDtypeStruct((WIDTH,), jnp.float32)
    n_traced = jax.ShapeDtypeStruct((), jnp.int32)
    conv_range = autograph_py.convert(loop_range)
    conv_array = autograph_py.convert(loop_array)
    return {
        "converted range(traced n)": lambda n: _compile_seconds(conv_range, x, n_traced),
        "converted for x in xs (scan)": lambda n: _compile_seconds(
            conv_array, x, jax.ShapeDtypeStruct((n, WIDTH), jnp.float32)),
        "hand lax.fori_loop": lambda n: _compile_seconds(loop_lax, x, n_traced),
        "unrolled jax.jit (static n)": lambda n: _compile_seconds(
            loop_range, x, n, static_argnums=(1,)),
    }


UNROLLED = "unrolled jax.jit (static n)"
FLAT_SLOPE = 0.1  # at most 2x from 10 to 10,000 iterations; unrolling shows ~0.8-1
CONVERTED = ("converted range(traced n)", "converted for x in xs (scan)")


def _predict(points: list[tuple[int, float]], n: int) -> float:
    """Seconds at `n`, scaled linearly from the last measured size.

    Tracing an unrolled loop is linear in n; XLA's compile time is not
    monotone in the small sizes (it can be flat from 1,000 to 3,000), so a
    slope fitted on two noisy points overshoots by 3-5x at 10,000.
    """
    n_last, t_last = points[-1]
    return t_last * n / n_last


def _skip_unrolled(rows: list[dict], n: int, rep: int, cap_s: float) -> bool:
    """Whether not to compile the unrolled loop at `n` now; appends an extrapolated row."""
    if rep:  # one sample of a slow or extrapolated size is enough
        return rows[-1].get("extrapolated", False) or rows[-1]["seconds"] > 1.0
    done = [(r["n"], r["seconds"]) for r in rows if not r.get("extrapolated")]
    if done and _predict(done, n) > cap_s:
        rows.append({"n": n, "seconds": _predict(done, n), "extrapolated": True})
        return True
    return False


def run(sizes=(10, 100, 1000, 3000, 10000), repeats: int = 5, cap_s: float = 20.0) -> dict:
    sides = _sides()
    for measure in sides.values():  # first compiles pay one-off costs (imports, jit caches)
        measure(10)
    results = {name: [] for name in sides}
    for n in sizes:
        for rep in range(repeats):
            order = list(sides) if rep % 2 == 0 else list(reversed(sides))
            for name in order:
                rows = results[name]
                if name == UNROLLED and _skip_unrolled(rows, n, rep, cap_s):
                    continue
                wall, cpu = sides[name](n)
                if rep:
                    rows[-1]["samples"].append(wall)
                    rows[-1]["cpu_samples"].append(cpu)
                else:
                    rows.append({"n": n, "samples": [wall], "cpu_samples": [cpu]})
                rows[-1]["seconds"] = min(rows[-1]["samples"])
                rows[-1]["cpu_seconds"] = min(rows[-1]["cpu_samples"])
    flat = {}
    for name in results:
        points = [(r["n"], r["cpu_seconds"]) for r in results[name] if not r.get("extrapolated")]
        secs = [t for _, t in points]
        slope = loglog_slope(points)
        flat[name] = {"slope": slope, "max_over_min": max(secs) / min(secs),
                      "flat": slope <= FLAT_SLOPE}
    return {"sizes": list(sizes), "repeats": repeats, "cap_s": cap_s, "series": results,
            "flatness": flat, "flat_slope": FLAT_SLOPE}


def loglog_slope(points: list[tuple[int, float]]) -> float:
    """Least-squares slope of log(seconds) on log(n): 0 is flat, 1 is linear."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
