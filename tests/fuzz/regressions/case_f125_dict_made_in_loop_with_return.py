"""Fuzz regression (seed 96025 default index 6, shrunk): unfair StateError under jit.

Observed: "the key order of the dict that 'v5' holds after this construct depends on its
traced condition". The loop's carry rebuilt v5 (unbound on entry) with its keys sorted,
and the guard of the traced `return` joined that with the body's {"s", "k"} (FINDINGS F125).
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def h0(a2):
    for t4 in jnp.ones(4):
        v5 = {"s": t4 * a2, "k": 1}
        if t4 > a2:
            return {"s": 1.0, "k": 2}
    return v5


def f(a1):
    v = h0(a1)
    return v["s"] + v["k"]


FUZZ_CASE = {'args': [[0.5], [2.0]],
 'grad_arg': None,
 'grad_expected': True,
 'modes': ['jit', 'vmap'],
 'params': [('a1', 'f')],
 'ret': ['f'],
 'static': [False]}
