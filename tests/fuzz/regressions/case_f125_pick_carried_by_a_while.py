"""Fuzz regression (seed 96046 shapes-none index 47, shrunk): unfair LoopStateMismatch.

Observed: "'v16' changes structure from one iteration to the next" with both sides
printed alike. The dict a traced `break` picks (runtime/copies) held its staleness test in
its pytree structure, and each trace of the body made a new one (FINDINGS F125).
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def f(n1, a4):
    w14 = 0
    while w14 < n1:
        w14 += 1
        for t15 in (1.0, 1.0, 1.0):
            v16 = {"a": {"a": a4 * 1.0}}
        if True:
            if (1 < a4):
                break
        if (1 < 1):
            v16['a']['a'] = 1.0
        else:
            v16 = {"a": {"a": 2.0}}
    return w14 * 1.0 + v16["a"]["a"]


FUZZ_CASE = {'args': [[3, 1], [2, -2]],
 'grad_arg': None,
 'grad_expected': True,
 'modes': ['jit', 'vmap'],
 'params': [('n1', 'i'), ('a4', 'i')],
 'ret': ['f'],
 'static': [False, False]}
