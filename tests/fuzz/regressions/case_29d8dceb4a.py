"""Fuzz regression (seed=1000 index=285, shrunk): mismatch under jit, StateError: 'X' changes structure from one iteration to the next of the `for` loop over a traced range whose condition is traced.

Observed:
  converted raised autograph_py.errors.StateError: 'v14' changes structure from one iteration to the next of the `for` loop over a traced range whose condition is traced
  eager returned 1.0
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def f(n5, a6):
    if True:
        if ((1 / 2) < 1.0 < jnp.sin(1.0)):
            return 1.0
    for t12, t13 in zip(jnp.ones(3), jnp.ones(3)):
        for t15 in range((n5 % 5)):
            v14 = 1.0
        v16 = v14
        if False:
            raise ValueError('raised 17 {} {}'.format(jnp.ones(3), 1))
    return 1.0


FUZZ_CASE = {'args': [[1, 0], [1, 4]],
 'calls': [{'how': ['array', 'array'], 'route': 'jit_convert', 'values': [0, 1]}],
 'compare_text': True,
 'dtype': 'float32',
 'grad_arg': None,
 'grad_expected': False,
 'may_refuse': [],
 'modes': ['jit'],
 'params': [('n5', 'i'), ('a6', 'i')],
 'print_in_while': False,
 'ret': ['f'],
 'shapes': ['text-format', 'zero-trip-read'],
 'static': [False, False],
 'x64': False}
