"""Fuzz regression (seed=4 index=73, shrunk): crash under jit, UnexpectedTracerError@_call.

Observed:
  converted raised jax.errors.UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
  raised at autograph_py/api.py:70 in _call
  eager returned [4.0, 4.0, 4.0, 4.0]
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp

import autograph_py


def f(a2, a3, n1):
    def g4(a5, a6):
        c15 = []
        for t7 in jnp.arange(4):
            v10 = (a2 * 1)
            c15.append(0.0)
        v16 = jnp.stack(c15)
        return (a3 if (not False) else (v16 * (-1.0)))
    if (jnp.sum((jnp.arange(4) * 0.5)) < (1 - 0.5) < a3[n1 % 4]):
        a2 = ((2 + jnp.sum(a3 > 1)) % 3)
    return (g4(a3, jnp.zeros(4, jnp.int32)) * jnp.sum(a3))


FUZZ_CASE = {'args': [[3, [0.25, 1.0, 1.0, 0.75], 3], [3, [-0.75, -0.25, 0.25, -0.25], 3]],
 'grad_arg': 1,
 'grad_expected': True,
 'modes': ['jit'],
 'params': [('a2', 'i'), ('a3', 'fa'), ('n1', 'i')],
 'ret': ['fa'],
 'static': [True, False, True]}
