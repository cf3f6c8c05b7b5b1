"""Fuzz regression (seed=11 index=24, shrunk): crash under jit, UnexpectedTracerError@_call.

Observed:
  converted raised jax.errors.UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
  raised at autograph_py/api.py:72 in _call
  eager returned 0
Expected: the converted program agrees with eager Python.

Found with the generator's F16 gate lifted (writer closures callable in
any expression); the generator keeps them out of traced blocks.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def f(n3, a4):
    def g5(a6):
        nonlocal a4
        a4 = (n3 % 1)
        return 1.0
    for t17, t18 in zip(jnp.ones(3), jnp.arange(3)):
        v15 = g5(jnp.arange(3))
    return a4


FUZZ_CASE = {'args': [[1, 1], [1, 4]],
 'grad_arg': None,
 'grad_expected': True,
 'modes': ['jit'],
 'params': [('n3', 'i'), ('a4', 'i')],
 'print_in_while': False,
 'ret': ['i'],
 'static': [False, True]}
