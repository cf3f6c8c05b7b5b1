"""Fuzz regression (seed=1234 index=1, shrunk): mismatch under jit, UndefinedVariableError: 'X' is read after the loop whose condition is traced, but only the if branch assigns it.

Observed:
  converted raised autograph_py.errors.UndefinedVariableError: 't30' is read after the loop whose condition is traced, but only the if branch assigns it
  eager returned [1.0, 1.0, 1.0, 1.0]
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp


def f(a2):
    for t5 in (1.0, 1.0, 1.0):
        if a2:
            return jnp.ones(4)
    for t30, t31 in zip(jnp.ones(4), jnp.arange(4)):
        return jnp.ones(4)
    return jnp.where(jnp.ones(4) > 1.0, jnp.ones(4), t30)


FUZZ_CASE = {'args': [[False], [False]],
 'grad_arg': None,
 'modes': ['jit'],
 'params': [('a2', 'b')],
 'ret': ['fa'],
 'static': [False]}
