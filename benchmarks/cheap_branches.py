"""A traced `if` in a loop body with cheap branches: `lax.cond` vs `select`.

The rule in lowering/lax.py (cond) lowers such an `if` to a select; this
measures why, on the machine at hand, side by side in one run: the same loop
written with `lax.cond`, with `jnp.where`, and converted from Python.

    python benchmarks/cheap_branches.py
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

import autograph_py
from measure import blocking, interleaved, paired_ratio


def skip_negative(xs):   # `if x <= 0: continue` over a long array
    s = 0.0
    for x in xs:
        if x <= 0:
            continue
        s = s + x * x
    return s


def skip_negative_cond(xs):
    def body(s, x):
        return lax.cond(x <= 0, lambda s: s, lambda s: s + x * x, s), None
    return lax.scan(body, 0.0, xs)[0]


def skip_negative_select(xs):
    def body(s, x):
        return jnp.where(x <= 0, s, s + x * x), None
    return lax.scan(body, 0.0, xs)[0]


def sawtooth(n):   # a scalar state stepped up or down on every iteration
    s = 0.0
    for _ in range(n):
        if s > 10.0:
            s = s - 3.0
        else:
            s = s + 1.0
    return s


def sawtooth_cond(n):
    return lax.fori_loop(0, n, lambda i, s: lax.cond(s > 10.0, lambda s: s - 3.0,
                                                     lambda s: s + 1.0, s), 0.0)


def sawtooth_select(n):
    return lax.fori_loop(0, n, lambda i, s: jnp.where(s > 10.0, s - 3.0, s + 1.0), 0.0)


CASES = {
    "skip_negative": (skip_negative, skip_negative_cond, skip_negative_select,
                      lambda: (jax.random.normal(jax.random.PRNGKey(0), (200_000,)),)),
    "sawtooth": (sawtooth, sawtooth_cond, sawtooth_select, lambda: (jnp.int32(100_000),)),
}


def run(rounds: int = 15, sample_s: float = 0.05, budget_s: float = 60.0) -> dict:
    out = {}
    for name, (py, cond, select, make) in CASES.items():
        args = make()
        fns = {"converted": jax.jit(autograph_py.convert(py)), "cond": jax.jit(cond),
               "select": jax.jit(select)}
        results = [np.asarray(f(*args)) for f in fns.values()]
        assert all(np.allclose(r, results[0], rtol=1e-4) for r in results), (name, results)
        samples = interleaved({k: blocking(f, *args) for k, f in fns.items()}, rounds=rounds,
                              sample_s=sample_s, budget_s=budget_s)
        cpu = {k: v["cpu"] for k, v in samples.items()}
        out[name] = {"cond_over_select": paired_ratio(cpu["cond"], cpu["select"]),
                     "converted_over_select": paired_ratio(cpu["converted"], cpu["select"]),
                     "converted_over_cond": paired_ratio(cpu["converted"], cpu["cond"])}
    return out


if __name__ == "__main__":
    for name, row in run().items():
        print(f"{name:14s} " + "  ".join(f"{k} {v['median']:.2f}" for k, v in row.items()))
