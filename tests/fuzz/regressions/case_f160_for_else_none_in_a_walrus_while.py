"""Fuzz regression (seed=53014 shapes3 index=21, shrunk): refusal under seq (FINDINGS F160).

Inside a traced `while` whose test assigns (a walrus), a `for ... else` over a Python list
breaks under a traced condition after `s36 = 1.0`, and its `else` sets `s36 = None`; `s36`
is first assigned in the loop body (an UnboundUnlessAssigned, inside the MaybeUndefined of
the path that did not break). The join of None with it was refused as "a different
structure"; once joined, a read gave the UnboundUnlessAssigned itself (`s36 is None` False
on runs where it was None), and the while's guard could not carry it.

Observed:
  converted raised autograph_py.errors.StateError: 's36' has a different structure in the two branches of the `if` statement whose condition is traced
  eager returned [1, 1, 1]
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def f(a14, a15, n12, a13):
    w35 = 0
    while (w35 := w35 + 1) <= 1 and (n12 < 1):
        v37 = 1.0
        for t38 in [v37, 1.0]:
            v37 = jnp.clip(v37 * 0.5 + t38, -8.0, 8.0)
            if v37 > t38:
                s36 = 1.0
                break
        else:
            s36 = None
        if s36 is None:
            v37 = jnp.clip(v37 * 0.5 + 1.0, -8.0, 8.0)
        else:
            v37 = jnp.clip(v37 + s36, -8.0, 8.0)
    return 1


FUZZ_CASE = {'args': [[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], 1, 1.0],
          [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], 2, 1.0]],
 'calls': [{'batch': [[[-0.5, -1.25, 1.25], [-2.0, 1.75, 1.5], 1, -1.75],
                      [[-0.75, -1.25, -1.75], [1.25, -0.5, -2.0], 1, 1.25],
                      [[1.25, 0.25, -1.5], [1.0, 1.5, 0.0], 1, -0.75]],
            'how': ['array', 'array', 'array', 'static'],
            'route': 'vmap',
            'values': [[0.75, 2.0, 0.75], [0.0, -1.0, -1.5], 4, 0.75]}],
 'compare_text': True,
 'dtype': 'float32',
 'grad_arg': 0,
 'may_refuse': [],
 'modes': ['seq'],
 'params': [('a14', 'fa'), ('a15', 'fa'), ('n12', 'i'), ('a13', 'f')],
 'print_in_while': False,
 'py_transforms': False,
 'ret': ['i'],
 'shapes': ['for-else-python'],
 'static': [False, False, True, False],
 'x64': False}
