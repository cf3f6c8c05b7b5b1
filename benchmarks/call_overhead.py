"""Cached-call overhead: `@autograph_py.function` vs `jax.jit` of the hand-written code.

A tiny scalar function, already compiled, called many times back to back
(the result of each batch is waited for at the end). Three contenders:

- decorated:   autograph_py.function(f)            what users write
- jit_convert: jax.jit(autograph_py.convert(f))    same program, no wrapper
- jit_hand:    jax.jit(hand-written lax)           the baseline

decorated / jit_convert isolates the decorator's Python wrapper;
jit_convert / jit_hand the difference in the compiled program. Ratios are on
process CPU time, as in runtime_ratio.py; wall time is recorded too.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

import autograph_py
from measure import interleaved, paired_ratio
from workloads import leaky_relu, leaky_relu_lax

CALLS = 200


def _batch(fn, x):
    def run():
        out = None
        for _ in range(CALLS):
            out = fn(x)
        jax.block_until_ready(out)
    return run


def run(rounds: int, sample_s: float, budget_s: float) -> dict:
    x = jnp.float32(-3.0)
    fns = {"decorated": autograph_py.function(leaky_relu),
           "jit_convert": jax.jit(autograph_py.convert(leaky_relu)),
           "jit_hand": jax.jit(leaky_relu_lax)}
    for f in fns.values():
        jax.block_until_ready(f(x))
    samples = interleaved({k: _batch(f, x) for k, f in fns.items()}, rounds=rounds,
                          sample_s=sample_s, budget_s=budget_s)
    cpu = {k: v["cpu"] for k, v in samples.items()}
    return {
        "per_call_s": {k: float(np.median(v)) / CALLS for k, v in cpu.items()},
        "per_call_wall_s": {k: float(np.median(v["wall"])) / CALLS for k, v in samples.items()},
        "decorated_over_jit_hand": paired_ratio(cpu["decorated"], cpu["jit_hand"]),
        "decorated_over_jit_convert": paired_ratio(cpu["decorated"], cpu["jit_convert"]),
        "jit_convert_over_jit_hand": paired_ratio(cpu["jit_convert"], cpu["jit_hand"]),
        "decorated_over_jit_hand_wall": paired_ratio(samples["decorated"]["wall"],
                                                     samples["jit_hand"]["wall"]),
        "samples_per_call_s": {k: {m: [t / CALLS for t in ts] for m, ts in v.items()}
                               for k, v in samples.items()},
    }
