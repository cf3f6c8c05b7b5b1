"""Fuzz regression (seed=15000 index=226, shrunk): mismatch under jit, StateError: the function returns one of several lists or dicts, picked by a traced condition inside another traced block, and code t.

Observed:
  converted raised autograph_py.errors.StateError: the function returns one of several lists or dicts, picked by a traced condition inside another traced block, and code that ran after the return (a `finally`, a context manager's exit) changed one of them
  eager returned {'k': 3, 's': 1.0}
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def u0(d, k):
    d["k"] = (d["k"] * 2 + k) % 7
    return d["k"]

def f(a5):
    v6 = {"s": 1.0, "k": 1}
    match 1:
        case 1:
            v11 = (a5 > 1.0)
            if v11:
                return {"s": 1.0, "k": 1}
    u0(v6, 1)
    for t21 in (1, 1, 1):
        for t25 in range(1):
            return v6
    return {"s": 1.0, "k": 1}


FUZZ_CASE = {'args': [[1.0], [1.0]],
 'calls': None,
 'compare_text': False,
 'dtype': 'float32',
 'grad_arg': 0,
 'may_refuse': [],
 'modes': ['jit'],
 'params': [('a5', 'f')],
 'print_in_while': False,
 'py_transforms': False,
 'ret': ['d'],
 'shapes': [],
 'static': [False],
 'x64': False}
