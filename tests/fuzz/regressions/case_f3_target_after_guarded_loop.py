"""Fuzz regression F3 (FINDINGS.md): a loop target read after a loop whose exit flag is traced.

Observed: autograph_py.errors.UndefinedVariableError: 't8' is read after the
loop whose condition is traced, but only the if branch assigns it.
Eager returns True.
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp


def f():
    for t3, t4 in enumerate(jnp.ones(3)):
        return True
    for t8, t9 in enumerate(jnp.ones(3)):
        return True
    return (1 != t8)


FUZZ_CASE = {'args': [[], []],
 'grad_arg': None,
 'modes': ['jit'],
 'params': [],
 'ret': ['b'],
 'static': []}
