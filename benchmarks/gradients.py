"""Gradients through loops with a traced trip count: time and memory, side by side.

For each workload, `jax.grad` of the converted function three ways, in one run:

    converted   no annotation: the checkpointed reverse sweep (lowering/adjoint.py)
    bounded     the same loop with `set_loop_options(maximum_iterations=M)`: a
                guarded scan of M steps (M = the trip count, the best bound a user
                could give; a real bound is larger and costs proportionally more)
    unrolled    the Python function with the trip count as a Python int: JAX
                unrolls the loop (compiled only up to `unroll_cap` steps)

Time is per call of the compiled gradient (CPU time, interleaved rounds);
memory is XLA's temporary buffer size of the compiled gradient
(`memory_analysis().temp_size_in_bytes`), which is what grows with the trip
count when a loop keeps every iteration's state.

    python benchmarks/gradients.py [--quick]
"""
from __future__ import annotations

import inspect
import linecache
import sys
import textwrap

import jax
import jax.numpy as jnp
import numpy as np

import autograph_py as ag
from measure import interleaved, paired_ratio


def sweep(p, n):                       # a trip count given at run time
    y = p
    i = 0
    while i < n:
        y = y + 1e-3 * jnp.cos(y * p)
        i += 1
    return y


def newton(a):                         # cube roots of a vector to a tolerance
    x = jnp.ones_like(a)
    while jnp.max(jnp.abs(x * x * x - a)) > 1e-4:
        x = x - (x * x * x - a) / (3.0 * x * x)
    return x.sum()


def ode(k):                            # adaptive-step Heun on y' = -k y + sin(t)
    t, y, h = 0.0, 1.0, 0.01
    while t < 20.0:
        f0 = -k * y + jnp.sin(t)
        y1 = y + h * f0
        f1 = -k * y1 + jnp.sin(t + h)
        y2 = y + 0.5 * h * (f0 + f1)
        err = jnp.abs(y2 - y1)
        if err < 1e-5:
            t, y = t + h, y2
            h = jnp.minimum(h * 1.5, 20.0 - t + 1e-6)
        else:
            h = h * 0.5
    return y


def fixed_point(x):                    # z = tanh(W z + x) to convergence
    w = 0.9 * jnp.eye(x.shape[0]) / 2 + 0.05
    z = jnp.zeros_like(x)
    err = 1.0
    while err > 1e-6:
        new = jnp.tanh(w @ z + x)
        err = jnp.max(jnp.abs(new - z))
        z = new
    return z.sum()


def _bounded(fn, limit):
    """`fn` with its (first) while loop bounded: the same source with a loop option."""
    return _rewritten(fn, "bounded", f"        ag.set_loop_options(maximum_iterations={limit})\n")


def _rewritten(fn, tag, into_loop, before_loop="", before_return=""):
    """`fn` from its own source with lines put first in its (first) `while` body, before
    that loop, and before its first `return`."""
    text = textwrap.dedent(inspect.getsource(fn))
    head, rest = text.split("    while ", 1)
    cond, body = rest.split(":\n", 1)
    text = head + before_loop + "    while " + cond + ":\n" + into_loop + body
    text = text.replace("    return ", before_return + "    return ", 1)
    return _defined(text, fn, tag)


def _defined(text, fn, tag):
    """The function `fn.__name__` that `text` defines, with its source findable (for
    conversion) through linecache, in `fn`'s globals."""
    name = f"<{fn.__name__} {tag} {len(linecache.cache)}>"
    linecache.cache[name] = (len(text), None, text.splitlines(True), name)
    scope = dict(fn.__globals__)
    exec(compile(text, name, "exec"), scope)
    return scope[fn.__name__]


def _temp_bytes(fn, *args):
    try:
        return jax.jit(fn).lower(*args).compile().memory_analysis().temp_size_in_bytes
    except Exception:   # a backend without memory analysis
        return None


def _timed(fn, args):
    return lambda: jax.block_until_ready(fn(*args))


def _row(name, conv, bounded, unrolled, args, rounds, sample_s, budget_s):
    fns = {"converted": jax.jit(conv), "bounded": jax.jit(bounded)}
    if unrolled is not None:
        fns["unrolled"] = jax.jit(unrolled)
    ref = np.asarray(fns["converted"](*args))
    for k, f in fns.items():
        got = np.asarray(f(*args))
        assert np.allclose(got, ref, rtol=1e-3, atol=1e-5), (name, k, got, ref)
    samples = interleaved({k: _timed(f, args) for k, f in fns.items()}, rounds=rounds,
                          sample_s=sample_s, budget_s=budget_s)
    cpu = {k: v["cpu"] for k, v in samples.items()}
    row = {"seconds": {k: float(np.median(v)) for k, v in cpu.items()},
           "temp_bytes": {k: _temp_bytes(f, *args) for k, f in
                          {"converted": conv, "bounded": bounded,
                           **({"unrolled": unrolled} if unrolled is not None else {})}.items()},
           "converted_over_bounded": paired_ratio(cpu["converted"], cpu["bounded"])["median"]}
    if unrolled is not None:
        row["converted_over_unrolled"] = paired_ratio(cpu["converted"], cpu["unrolled"])["median"]
    return row


def run(quick=False, unroll_cap=1000, rounds=9, sample_s=0.05, budget_s=20.0) -> dict:
    if quick:
        rounds, sample_s, budget_s = 3, 0.01, 2.0
    out = {}
    sizes = (10, 100, 1000) if quick else (10, 100, 1000, 10_000, 100_000)
    for n in sizes:
        conv = jax.grad(ag.function(sweep))
        bounded = jax.grad(ag.function(_bounded(sweep, n)))
        unrolled = (jax.grad(lambda p, _n, n=n: sweep(p, n)) if n <= unroll_cap else None)
        out[f"sweep n={n}"] = _row(f"sweep {n}", conv, bounded, unrolled,
                                   (0.5, jnp.int32(n)), rounds, sample_s, budget_s)
        out[f"sweep n={n}"]["trips"] = n
    work = {"newton": (newton, (jnp.linspace(0.5, 30.0, 1000),)),
            "ode": (ode, (0.7,)),
            "fixed_point": (fixed_point, (jnp.linspace(-1.0, 1.0, 64),))}
    for name, (fn, args) in work.items():
        trips = _count(fn, *args)
        conv = jax.grad(ag.function(fn))
        bounded = jax.grad(ag.function(_bounded(fn, trips)))
        out[name] = _row(name, conv, bounded, None, args, rounds, sample_s, budget_s)
        out[name]["trips"] = trips
    return out


def _count(fn, *args):
    """The trip count of `fn`'s while loop on `args`: its eager run, with the loop's
    test wrapped to count (the converted and eager runs take the same path)."""
    counted = _rewritten(fn, "counted", "        __trips += 1\n", before_loop="    __trips = 0\n",
                         before_return="    return __trips\n")
    return int(counted(*args))


def text(res: dict) -> str:
    lines = ["gradient through a loop with a traced trip count (jax.grad, compiled)",
             f"{'workload':18s} {'trips':>7s} {'conv/bounded':>12s} {'conv/unrolled':>13s}"
             f" {'temp MiB conv':>13s} {'bounded':>9s} {'unrolled':>9s}"]
    for name, row in res.items():
        mb = {k: (f"{v / 2**20:9.2f}" if v is not None else "      n/a")
              for k, v in row["temp_bytes"].items()}
        unr = row.get("converted_over_unrolled")
        lines.append(f"{name:18s} {row['trips']:7d} {row['converted_over_bounded']:12.2f} "
                     f"{(f'{unr:13.2f}' if unr is not None else '          n/a')} "
                     f"{mb['converted']:>13s} {mb['bounded']} {mb.get('unrolled', '      n/a')}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(text(run(quick="--quick" in sys.argv)))
