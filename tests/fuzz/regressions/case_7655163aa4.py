"""Fuzz regression (seed=10 index=20, shrunk): mismatch under jit, UndefinedVariableError: local variable 'X' is used before it is assigned.

Observed:
  converted raised autograph_py.errors.UndefinedVariableError: local variable 'v20' is used before it is assigned
  eager returned 1.0
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def f():
    for t18, t19 in enumerate(jnp.ones(3)):
        pass
    if (1.0 > t19):
        pass
    else:
        v20 = {"s": 1.0, "k": 1}
        v20['k'] = 1
    return 1.0


FUZZ_CASE = {'args': [[], []],
 'grad_arg': None,
 'grad_expected': True,
 'modes': ['jit'],
 'params': [],
 'print_in_while': False,
 'ret': ['f'],
 'static': []}
