"""Fuzz regression (seed=23005 shapes index=29, shrunk): crash under jit, UnexpectedTracerError (FINDINGS F76).

A loop whose body always raises, with a traced value in the message: the loop
raised the body's exception after the scan was traced, and the exception's
text held the body's tracer, which leaked when `@function` staged it again.

Observed:
  converted raised jax.errors.UnexpectedTracerError: Encountered an unexpected tracer.
  eager raised ValueError: raised False
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def f(a1):
    for t in a1:
        raise ValueError(f'raised {(1.0 < t < 1.0)}')
    return 1.0


FUZZ_CASE = {'args': [[[0.5, 1.0]], [[1.0, 2.0]]],
 'calls': [],
 'compare_text': True,
 'dtype': 'float32',
 'grad_arg': 0,
 'may_refuse': [],
 'modes': ['jit'],
 'params': [('a1', 'fa')],
 'print_in_while': False,
 'py_transforms': False,
 'ret': ['f'],
 'shapes': [],
 'static': [False],
 'x64': False}
