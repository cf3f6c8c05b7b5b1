"""Python scalars made from traced values, and integer powers modulo m.

A Python `int(x)` or `float(x)` is a weakly typed scalar to JAX: added to an
int8 array it stays int8. The casts here keep that (JAX's own weak-typed cast),
so `int(x) + small` has the dtype eager Python gives it.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax._src.lax import lax as lax_internal


def weak_cast(x, python_type):
    """`x` (a traced array) as the dtype JAX gives a Python `python_type`, weakly typed."""
    dtype = np.dtype(jax.dtypes.canonicalize_dtype(python_type))
    return lax_internal._convert_element_type(x, dtype, weak_type=True)


def modular_power(base, exp, mod):
    """`pow(base, exp, mod)` for integers, and whether it exists: square and multiply while
    `exp > 0`; a negative `exp` is the power of base's inverse modulo `mod` (Python 3.8),
    which exists where their gcd is 1.

    Each product is reduced modulo `mod`, as Python's three-argument pow
    does, so the intermediate values stay below `mod ** 2`.
    """
    dtype = jnp.result_type(base, exp, mod)
    natural = isinstance(exp, (int, np.integer)) and exp >= 0   # (no inverse to compute)
    base, exp, mod = (jnp.asarray(v, dtype) for v in (base, exp, mod))
    negative = jnp.asarray(False) if natural else exp < 0
    if not natural:
        inverse, gcd = _inverse(base, mod)
        base, exp = jnp.where(negative, inverse, base), jnp.abs(exp)

    def body(state):
        result, b, e = state
        result = jnp.where(e % 2 == 1, (result * b) % mod, result)
        return result, (b * b) % mod, e // 2

    one = jnp.ones_like(base) % mod
    result, _, _ = lax.while_loop(lambda s: s[2] > 0, body, (one, base % mod, exp))
    return result, True if natural else jnp.logical_or(jnp.logical_not(negative), gcd == 1)


def _inverse(a, mod):
    """(t with t * a = gcd (mod |mod|), the gcd): the extended Euclidean algorithm."""
    m = jnp.abs(mod)

    def body(state):
        r0, r1, t0, t1 = state
        q = r0 // r1
        return r1, r0 - q * r1, t1, t0 - q * t1

    zero = jnp.zeros_like(a)
    r0, _, t0, _ = lax.while_loop(lambda s: s[1] != 0, body, (a % m, m, zero + 1, zero))
    return t0 % mod, r0


def integer_sqrt(n):
    """`math.isqrt(n)` of a natural integer array: the float square root, floored, then
    corrected by one either way (the float of a large `n` is rounded), with no product
    that could overflow (`r * r > n` as `r > n // r`)."""
    r = jnp.floor(jnp.sqrt(n.astype(jnp.result_type(float)))).astype(n.dtype)
    for _ in range(2):
        r = jnp.where((r > 0) & (r > n // jnp.maximum(r, 1)), r - 1, r)
    for _ in range(2):
        r = jnp.where(r + 1 <= n // (r + 1), r + 1, r)
    return r
