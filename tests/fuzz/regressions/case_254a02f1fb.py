"""Fuzz regression (seed=1 index=11, shrunk): mismatch under jit, TypeError: unsupported operand type(s) for *=: 'X' and 'X'.

Observed:
  converted raised builtins.TypeError: unsupported operand type(s) for *=: 'NoneType' and 'float'
  eager returned 1.0
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def hr1(a24, a25):
    if True:
        raise ValueError('hr1 got' + " " + repr(1))
    return 1.0

def f(a19, a18, a17, n16):
    w26 = 0
    while w26 < n16:
        w26 += 1
        v30 = hr1(1, 1.0)
        v30 *= 1.0
    return 1.0


FUZZ_CASE = {'args': [[False, 0, [0, 0, 0], 0], [False, 0, [0, 0, 0], 1]],
 'calls': [{'how': ['static', 'array', 'array', 'python'],
            'route': 'function_reuse',
            'values': [True, 3, [1, 4, -1], 4]}],
 'compare_text': True,
 'dtype': 'float64',
 'grad_arg': None,
 'grad_expected': False,
 'may_refuse': [],
 'modes': ['jit'],
 'params': [('a19', 'b'), ('a18', 'i'), ('a17', 'ia'), ('n16', 'i')],
 'print_in_while': False,
 'ret': ['f'],
 'shapes': ['text-repr'],
 'static': [True, True, False, False],
 'x64': True}
