"""Fuzz regression (seed=11 index=35, shrunk): mismatch under jit, UndefinedVariableError: local variable 'X' is used before it is assigned.

Observed:
  converted raised autograph_py.errors.UndefinedVariableError: local variable 'v52' is used before it is assigned
  eager returned True
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def f(n6):
    w50 = 0
    while w50 < (n6 % 5):
        w50 += 1
        v52 = {"s": 1.0, "k": 1}
        v52['s'] = 1.0
    return True


FUZZ_CASE = {'args': [[1], [1]],
 'grad_arg': None,
 'grad_expected': False,
 'modes': ['jit'],
 'params': [('n6', 'i')],
 'print_in_while': False,
 'ret': ['b'],
 'static': [False]}
