"""Fuzz regression F2 (FINDINGS.md): a variable assigned in one branch and read in the other.

Observed (before 758c8c3): jax.errors.UnexpectedTracerError: the else
branch, traced second, saw the if branch's tracer for `a1`.
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp


def f(a1, a2):
    if a1 < 1.0:
        a1 = a1 * 0.5
    else:
        a2 = a1 >= 1.0
    return (0.0, a2)


FUZZ_CASE = {'args': [[1.0, True], [0.5, False]],
 'grad_arg': 0,
 'modes': ['jit', 'grad', 'vmap'],
 'params': [('a1', 'f'), ('a2', 'b')],
 'ret': ['f', 'b'],
 'static': [False, False]}
