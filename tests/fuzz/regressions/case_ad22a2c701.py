"""Fuzz regression (seed=99 index=151, shrunk): mismatch under jit, UndefinedVariableError: 'X' is read after the loop whose condition is traced, but only the if branch assigns it.

Observed:
  converted raised autograph_py.errors.UndefinedVariableError: 'v19' is read after the loop whose condition is traced, but only the if branch assigns it
  eager returned 1.0
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp


def f():
    for t10, t11 in enumerate(jnp.ones(3)):
        pass
    w14 = 0
    while w14 < 1 and (1 != t10):
        w14 += 1
        return 1.0
    for t17, t18 in enumerate(jnp.ones(3)):
        v19 = jnp.ones(3)
        return 1.0
    v19 += jnp.ones(3)
    return 1.0


FUZZ_CASE = {'args': [[], []],
 'grad_arg': None,
 'modes': ['jit'],
 'params': [],
 'ret': ['f'],
 'static': []}
