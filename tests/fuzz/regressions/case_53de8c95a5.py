"""Fuzz regression (seed=1000 index=343, shrunk): mismatch under jit, UndefinedVariableError: local variable 'X' is used before it is assigned.

Observed:
  converted raised autograph_py.errors.UndefinedVariableError: local variable 'v11' is used before it is assigned
  eager returned [0, 1, 2]
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def f(n1, a2):
    match (n1 % 1):
        case 3:
            for t12 in range(0):
                v11 = 1.0
            v14 = v11
    return jnp.arange(3)


FUZZ_CASE = {'args': [[1, 1.0], [4, 1.0]],
 'calls': [{'batch': [[1, 0.25], [3, -1.5]],
            'how': ['static', 'array'],
            'route': 'jit_vmap',
            'values': [2, 0.75]}],
 'compare_text': True,
 'dtype': 'float32',
 'grad_arg': 1,
 'grad_expected': True,
 'may_refuse': [],
 'modes': ['jit'],
 'params': [('n1', 'i'), ('a2', 'f')],
 'print_in_while': False,
 'ret': ['ia'],
 'shapes': ['zero-trip-read'],
 'static': [False, False],
 'x64': False}
