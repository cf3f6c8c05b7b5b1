"""Fuzz regression (seed=5 index=11, shrunk): mismatch under vmap, JaxRuntimeError: INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):.

Observed:
  converted raised jax.errors.JaxRuntimeError: INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):
  eager returned [[1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]]
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def f(a7):
    w10 = 0
    while w10 < 1 and a7:
        w10 += 1
        assert a7, 'check 14 failed'
    return jnp.ones(4)


FUZZ_CASE = {'args': [[True], [False]],
 'grad_arg': None,
 'grad_expected': False,
 'modes': ['vmap'],
 'params': [('a7', 'b')],
 'ret': ['fa'],
 'static': [False]}
