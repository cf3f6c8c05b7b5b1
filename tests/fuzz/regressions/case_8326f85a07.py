"""Fuzz regression (seed=5 index=164, shrunk): crash under jit, AssertionError@assert_stmt.

Observed:
  converted raised builtins.AssertionError: check 49 failed
  raised at autograph_py/runtime/builtins.py:67 in assert_stmt
  eager returned True
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def f(a32):
    if (1.0 > a32):
        pass
    else:
        assert False, 'check 49 failed'
    return True


FUZZ_CASE = {'args': [[0.0], [0.0]],
 'grad_arg': 0,
 'grad_expected': True,
 'modes': ['jit'],
 'params': [('a32', 'f')],
 'ret': ['b'],
 'static': [False]}
