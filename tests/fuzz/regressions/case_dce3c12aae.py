"""Fuzz regression (seed=9500 index=106, shrunk): mismatch under jit, UndefinedVariableError: 'X'k'X' outlives the `if` statement whose condition is traced, but only the else branch assigns it.

Observed:
  converted raised autograph_py.errors.UndefinedVariableError: 'retval_['k']' outlives the `if` statement whose condition is traced, but only the else branch assigns it
  eager returned 1.0
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def f(a2, a3, n1):
    def g4(a5, a6):
        for t7 in ((0.0, 0)[0], 0, jnp.ones(2)[1 % 2]):
            if (1.0 > t7):
                pass
            else:
                v8 = {"s": 1.0, "k": 1}
                v8['k'] = 1
                return v8
        return {"s": 1.0, "k": 1}
    v38 = g4((1.0, 1), 1)
    return 1.0


FUZZ_CASE = {'args': [[[0.0, 0.0], 1, 1], [[0.0, 0.0], 3, 1]],
 'calls': [{'how': ['array', 'python', 'static'],
            'route': 'function_reuse',
            'values': [[-1.0, 0.0], -2, 3]}],
 'compare_text': True,
 'dtype': 'float32',
 'grad_arg': 0,
 'may_refuse': [],
 'modes': ['jit'],
 'params': [('a2', 'fa'), ('a3', 'i'), ('n1', 'i')],
 'print_in_while': False,
 'py_transforms': False,
 'ret': ['f'],
 'shapes': [],
 'static': [False, False, False],
 'x64': False}
