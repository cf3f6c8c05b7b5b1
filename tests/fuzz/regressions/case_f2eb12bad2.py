"""Fuzz regression (seed=7 index=79, shrunk): crash under grad, TypeError@__iter__.

Observed:
  converted raised builtins.TypeError: range() with a traced bound has traced items or length, so Python cannot iterate over it
  raised at autograph_py/runtime/iterables.py:15 in __iter__
  eager returned [0.0, 0.0]
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def f(a19, n17, a18):
    for t30, t31 in zip(range((n17 % 5)), a18):
        pass
    return 1.0


FUZZ_CASE = {'args': [[[0.0, 0.0], 1, [0.0, 0.0]], [[0.0, 0.0], 1, [0.0, 0.0]]],
 'grad_arg': 0,
 'grad_expected': False,
 'modes': ['grad'],
 'params': [('a19', 'fa'), ('n17', 'i'), ('a18', 'fa')],
 'print_in_while': False,
 'ret': ['f'],
 'static': [False, False, False]}
