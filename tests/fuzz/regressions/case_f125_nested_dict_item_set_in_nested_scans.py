"""Fuzz regression (seed 96015 shapes-small index 66, shrunk): silently wrong under jit.

Observed: eager {'a': {'b': 3.0}}, converted {'a': {'b': 0.0}}. In the inner loop's body the
inner dict of the carried `v13` was taken for an alias held by another variable (its state
name `v13['a']` was compared with the variable's root name), so the body's item set went
to the outer carry's object and was lost (FINDINGS F125).
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def f(a2):
    for t10 in jnp.arange(3.0):
        for t12 in jnp.arange(3.0):
            v13 = {"a": {"b": 1.0}}
            v13['a']['b'] = t12 * a2 + t10
    return v13["a"]["b"]


FUZZ_CASE = {'args': [[1.0], [2.5]],
 'grad_arg': None,
 'grad_expected': True,
 'modes': ['jit', 'vmap'],
 'params': [('a2', 'f')],
 'ret': ['f'],
 'static': [False]}
