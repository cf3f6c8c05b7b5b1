"""Fuzz regression F4 (FINDINGS.md): a temporary assigned in an inner loop, in a loop with a `return`.

Observed (before 758c8c3): autograph_py.errors.UndefinedVariableError: 't'
must have a value after the `if` statement whose condition is traced, but
only the if branch assigns it. Eager returns 9.0.
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp


def f(a1, n2):
    s = 0.0
    for t3 in a1:
        if n2 > 0:
            return s
        for t4 in a1:
            v5 = t4
        s = s + v5
    return s


FUZZ_CASE = {'args': [[[1.0, -2.0, 3.0], 0], [[1.0, -2.0, 3.0], 1]],
 'grad_arg': 0,
 'modes': ['jit', 'grad', 'vmap'],
 'params': [('a1', 'fa'), ('n2', 'i')],
 'ret': ['f'],
 'static': [False, False]}
