"""Fuzz regression (seed=3 index=59, shrunk): mismatch under jit, UndefinedVariableError: 'X' is read after the loop whose condition is traced, but only the if branch assigns it.

Observed:
  converted raised autograph_py.errors.UndefinedVariableError: 'v52' is read after the loop whose condition is traced, but only the if branch assigns it
  eager returned [0, 1]
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp


def f(n1):
    for t35 in jnp.ones(2):
        v36 = True
    if True:
        if v36:
            return jnp.arange(2)
    for t51 in jnp.ones(2):
        v52 = (1.0, 1)
        return jnp.arange(2)
    if (v52[1] == n1):
        pass
    return jnp.arange(2)


FUZZ_CASE = {'args': [[0], [4]],
 'grad_arg': None,
 'modes': ['jit'],
 'params': [('n1', 'i')],
 'ret': ['ia'],
 'static': [False]}
