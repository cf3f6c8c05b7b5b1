"""Fuzz regression F5 (FINDINGS.md): a chained comparison of a traced value.

Observed: jax.errors.TracerBoolConversionError (the implicit `and` of
`0.0 < a1 < 1.0` is not converted); eager returns 0.5.
Expected: the converted program agrees with eager Python (or, if this is to
stay unsupported, SEMANTICS.md says so and conversion reports it clearly).
"""
import jax
import jax.numpy as jnp


def f(a1):
    if 0.0 < a1 < 1.0:
        return a1
    return -a1


FUZZ_CASE = {'args': [[0.5], [1.5]],
 'grad_arg': 0,
 'modes': ['jit', 'grad', 'vmap'],
 'params': [('a1', 'f')],
 'ret': ['f'],
 'static': [False]}
