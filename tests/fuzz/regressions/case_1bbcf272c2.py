"""Fuzz regression (seed=10 index=36, shrunk): crash under jit, TypeError@<listcomp>.

Observed:
  converted raised builtins.TypeError: Value '<autograph_py.runtime.iterables.TracedRange object at 0x7f988dcb7050>' with dtype object is not a valid JAX array type. Only arrays of numeric types are supported by JAX.
  raised at autograph_py/runtime/iterables.py:60 in <listcomp>
  eager returned 1.0
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def f(n1):
    for t5, t6 in zip(range(n1), jnp.ones(3)):
        pass
    return 1.0


FUZZ_CASE = {'args': [[1], [1]],
 'grad_arg': None,
 'grad_expected': False,
 'modes': ['jit'],
 'params': [('n1', 'i')],
 'print_in_while': False,
 'ret': ['f'],
 'static': [False]}
