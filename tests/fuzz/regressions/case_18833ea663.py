"""Fuzz regression (seed=99 index=151, shrunk): mismatch under jit, UndefinedVariableError: 'X' is read after the loop whose condition is traced, but only the if branch assigns it.

Observed:
  converted raised autograph_py.errors.UndefinedVariableError: 'v19' is read after the loop whose condition is traced, but only the if branch assigns it
  eager returned 0.0
Expected: the converted program agrees with eager Python.
"""
import jax
import jax.numpy as jnp


def f(n1, a2):
    for t4 in range(3):
        if ((1 - (-0.5)) >= (0.0 if a2 else 0.0)):
            if ((1 + (-1.0)) > (1.5 - 0.0)):
                a2 = a2
                v5 = 1
                v5 -= ((v5 * 2.0) if (a2 or a2) else jnp.where(a2, v5, v5))
                v6 = ((v5 - v5) + (n1 * 0.5))
            else:
                a2 = (jnp.dot(jnp.ones(3), (jnp.arange(3) * 0.5)) > (0.0 if a2 else (-1.0)))
            a2 = (not a2)
            v7 = (((jnp.zeros(3, jnp.int32) if a2 else jnp.zeros(3, jnp.int32)) % 3) % 3)
            v7 = v7
        else:
            a2 = a2
            if (jnp.abs((-1.0)) >= 0):
                continue
            a2 = (((-0.5) < 0.0) or a2)
            if 2:
                v8 = (0.5, 1)
                v8 = (((-0.5) + 0.0), (n1 if a2 else n1) % 7)
                v8 = (0.5, 1)
        if a2:
            v9 = (-0.5)
            c12 = []
            for t10, t11 in enumerate(jnp.ones(3)):
                a2 = a2
                v9 = v9
                v9 *= (-1.0)
                c12.append(t10)
            v13 = jnp.stack(c12)
            w14 = 0
            while w14 < 3 and ((t10 != t10) and (a2 if a2 else a2)):
                w14 += 1
                v13 = ((v13.at[n1 % 3].add(1) * 2) % 2)
                if a2:
                    return t11
                if (jnp.sin(t11) >= t11):
                    break
                v15 = ((t4 % 4) % 3)
            if (2 == t10):
                v16 = (jnp.where(a2, w14, n1) % 2 == 0)
                v16 = v16
                v16 = (v9 > v9)
    for t17, t18 in enumerate((jnp.zeros(3) + 0)):
        v19 = jnp.ones(3)
        v20 = (jnp.zeros(3, jnp.int32).at[n1 % 3].set(jnp.arange(3)[t4 % 3]) % 2)
        if a2:
            return (t18 + t18)
    v19 += v19
    return t18


FUZZ_CASE = {'args': [[2, True], [4, True]],
 'grad_arg': None,
 'modes': ['jit'],
 'params': [('n1', 'i'), ('a2', 'b')],
 'ret': ['f'],
 'static': [False, True]}
