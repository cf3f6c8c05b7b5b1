"""Fuzz regression F1 (FINDINGS.md): a `return` inside a loop after an earlier traced `return`.

Observed (before 758c8c3): converted returned 0.0 (the return value's zeros
placeholder), eager 2.0.
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp


def f(a1, a2):
    if a1 > 1.0:
        return 1.0
    for t3 in a2:
        if t3 > 0.0:
            return t3
    return 3.0


FUZZ_CASE = {'args': [[0.0, [-1.0, 2.0, 3.0]], [2.0, [-1.0, -2.0, -3.0]]],
 'grad_arg': 0,
 'modes': ['jit', 'grad', 'vmap'],
 'params': [('a1', 'f'), ('a2', 'fa')],
 'ret': ['f'],
 'static': [False, False]}
