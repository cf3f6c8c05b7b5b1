"""Fuzz regression (seed=100 index=11, shrunk): mismatch under jit, TracedRecursionError: hN recursed until Python's recursion limit while its arguments were traced.

Observed:
  converted raised autograph_py.errors.TracedRecursionError: h0 recursed until Python's recursion limit while its arguments were traced
  eager returned 0.5
Expected: the converted program agrees with eager Python.
"""
import contextlib

import jax
import jax.numpy as jnp

import autograph_py


def h0(a1, a2, a3):
    c7 = []
    for t4, t5 in enumerate(((jnp.arange(2) * 0.5) if a3 else jnp.zeros(2))):
        t5 = jnp.clip(jnp.sin(t5), -8.0, 8.0)
        v6 = [jnp.where((1 == 2), t5, t5), t5]
        c7.append(((t4 * 1) * 1))
    v8 = jnp.stack(c7)
    t5 = v6.pop()
    if (v8[t4 % 2] == (t4 % 4)):
        for t9, t10 in enumerate((jnp.zeros(2) + jnp.ones(2))):
            v11 = jnp.clip(((jnp.arange(2) * 0.5) + (jnp.arange(2) * 0.5))[(-t4) % 2], -8.0, 8.0)
            v12 = {"a": {"a": jnp.maximum(t10, 1.5)}}
            c16 = []
            for t13, t14 in enumerate(jnp.roll(jnp.zeros(2), 1)):
                v15 = t5
                v6: list
                t13 = ((t4 % 2) % 3)
                c16.append(((2 * 1) + jnp.sum((jnp.arange(2) * 0.5) > v15)))
            v17 = jnp.stack(c16)
            for t18 in jnp.arange(2):
                if (t5 > t10):
                    continue
                v6.pop(0)
                v6.append((-1.0))
                print('p19', jnp.sum(a2))
    else:
        v8 = ((a1 + a1).at[jnp.sum((jnp.arange(2) * 0.5) > 0.25) % 2].set({"s": 0.5, "k": 1}["k"]) % 4)
    return ((0.5, 1)[0] if (t5 >= 2.0) else (t5 + t5))

def f(a43, a44, n42):
    def g45(a46, a47):
        a47, a46 = jnp.clip(((n42 if a44 else n42) * 0.5), -8.0, 8.0), a46
        v48 = (not a44)
        return {"s": (1.5 * 2.0), "k": jnp.sum(a46 > a47) % 7}
    a43: float = jnp.clip(jnp.roll((jnp.arange(2) * 0.5), 1)[(n42 if a44 else 0) % 2], -8.0, 8.0)
    if ((n42 != 1) and (not a44)):
        c60 = []
        for t51, t52 in zip(((jnp.arange(2) * 0.5) + jnp.zeros(2)), jnp.arange(2)):
            v53: jnp.ndarray = ((jnp.zeros(2, jnp.int32).at[t52 % 2].set(t52) + t52) % 4)
            v54 = t51
            t51: jax.Array = v54
            c58 = []
            for t55, t56 in enumerate((jnp.ones(2) + (jnp.arange(2) * 0.5))):
                v57 = (((jnp.arange(2) if a44 else v53) if a44 else v53) % 4)
                t56 = jnp.clip(h0((jnp.zeros(2, jnp.int32) + t52), v53[::-1], (t55 == t55)), -8.0, 8.0)
                c58.append(jnp.abs((0.5, 1)[0]))
            v59 = jnp.stack(c58)
            c60.append(v54)
        v61 = jnp.stack(c60)
    a44 = ((n42 / 2) < (a43 + (-1.0)) < (0.5, 1)[0])
    w62 = 0
    while (w62 := w62 + 1) <= (jnp.sum(jnp.zeros(2) > a43) % 5) and a44:
        if n42:
            try:
                v63 = 1.0
            except ValueError:
                v63 = 1
            break
        if a44:
            if ((a43 > a43) if ((-0.5) < a43) else (n42 <= w62 < w62)):
                v64: int
                break
            break
        a44 = a44
    print('p65 %s %s' % (jnp.zeros(2).at[w62 % 2].add(a43), a43,))
    v66: int = w62
    return (0.5, 1)[0]


FUZZ_CASE = {'args': [[-2.0, False, 4], [-2.0, False, 4]],
 'calls': [{'how': ['python', 'static', 'static'],
            'route': 'jit_convert',
            'values': [2.0, True, 2]}],
 'compare_text': True,
 'dtype': 'bfloat16',
 'grad_arg': None,
 'grad_expected': False,
 'may_refuse': ['StateError',
                'TracedListError',
                'UndefinedVariableError',
                'StagedRaiseError'],
 'modes': ['jit'],
 'params': [('a43', 'f'), ('a44', 'b'), ('n42', 'i')],
 'print_in_while': True,
 'ret': ['f'],
 'shapes': ['annotation', 'list-append', 'list-pop', 'print', 'text-percent', 'try-call'],
 'static': [True, False, True],
 'x64': False}
