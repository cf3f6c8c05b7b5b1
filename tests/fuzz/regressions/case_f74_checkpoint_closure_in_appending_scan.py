"""Fuzz regression (seed=20006 transforms-small index=96, shrunk): crash under jit, UnexpectedTracerError (FINDINGS F74).

A `jax.checkpoint` helper closing over a parameter that the loop carries (the
call's write-back makes it state), called in a scan that appends, so its body
is traced twice: JAX's cache of the checkpoint's trace, keyed by the function
object, gave the second trace the first trace's tracer.

Observed:
  converted raised jax.errors.UnexpectedTracerError: Encountered an unexpected tracer.
  eager returned 1.0
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def f(a27, n26):
    @jax.checkpoint
    def g28(a29, a30):
        a29 = n26
        for t36 in (a29,):
            pass
        return jnp.int32(t36)
    c43 = []
    for t42 in jnp.ones(3):
        v41 = ((jnp.arange(3) + g28(n26, 1)) % 1)
        c43.append(1.0)
    return 1.0


FUZZ_CASE = {'args': [[1, 2], [2, -1]],
 'calls': [],
 'compare_text': True,
 'dtype': 'float32',
 'grad_arg': 0,
 'may_refuse': [],
 'modes': ['jit'],
 'params': [('a27', 'i'), ('n26', 'i')],
 'print_in_while': False,
 'py_transforms': False,
 'ret': ['f'],
 'shapes': [],
 'static': [True, False],
 'x64': False}
