"""Fuzz regression (seed=1234 index=29, shrunk): mismatch under jit, UndefinedVariableError: 'X' is read after the `if` statement whose condition is traced, but only the else branch assigns it.

Observed:
  converted raised autograph_py.errors.UndefinedVariableError: 't36' is read after the `if` statement whose condition is traced, but only the else branch assigns it
  eager returned True
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp


def f(a27):
    for t29, t30 in zip(jnp.ones(3), jnp.ones(3)):
        if jnp.sum(jnp.arange(3)):
            pass
        else:
            for t36 in range(1, 0, (-1)):
                return True
            a27 = t36
    return True


FUZZ_CASE = {'args': [[1], [1]],
 'grad_arg': None,
 'modes': ['jit'],
 'params': [('a27', 'i')],
 'ret': ['b'],
 'static': [False]}
