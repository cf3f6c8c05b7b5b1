"""Fuzz regression (seed=5 index=0, shrunk): crash under jit, JaxRuntimeError@_call.

Observed:
  converted raised jax.errors.JaxRuntimeError: INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):
  raised at autograph_py/api.py:70 in _call
  eager raised builtins.AssertionError: check 13 failed
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def f(n1):
    assert (n1 != n1), 'check 13 failed'
    return 1


FUZZ_CASE = {'args': [[0], [0]],
 'grad_arg': None,
 'grad_expected': True,
 'modes': ['jit'],
 'params': [('n1', 'i')],
 'ret': ['i'],
 'static': [False]}
