"""TF AutoGraph reference scenarios, continued: composite names (dict items, list
items) as loop and branch state, try/finally in loops, nested loops, loop types."""
from __future__ import annotations

import collections

import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


@case((0,), (1,))
def if_basic_dict(a):
    x = {"a": a}
    if x["a"] > 0:
        x["b"] = 1
    else:
        x["b"] = -1
    return x


@case((0,), (1,))
def if_basic_list(a):
    x = [a, 0]
    if x[0] > 0:
        x[1] = 1
    else:
        x[1] = -1
    return x


@case((0, 3, 0), (2, 7, 0))
def while_basic_dict(x, a, b):
    y = {"a": a, "b": b}
    while x > 0:
        x -= 1
        y["a"] += 1
    return y


@case((0, 3), (0, 6))
def while_state_only_list(a, b):
    y = [a, b]
    while y[1] <= 10:
        y[0] += 1
        y[1] *= 2
    return y


@case((2, 1, 1, 1), (0, 1, 1, 1))
def for_basic_dict(n, x, a, b):
    y = {"a": a, "b": b}
    for i in range(n):
        x -= 1
        y["a"] += i
    return y


@case((4,), (10,))
def while_imbalanced_dict(b):
    y = {"b": b}
    while y["b"] <= 10:
        y["a"] = y["b"] + 1
        y["b"] *= 2
    return y


@case((0,), (4,), (10,))
def while_continue_in_try_finally(x):
    z = 0
    while x > 0:
        x = x - 1
        try:
            if x < 5:
                continue
            z = z + 1
        finally:
            z = z + 10
    return z


@case((0,), (4,), (10,))
def while_break_in_try_finally(x):
    z = 0
    while x > 0:
        x = x - 1
        try:
            if x < 5:
                break
            z = z + 1
        finally:
            z = z + 10
    return z


@case((2, 3), (0, 2), (1, 0))
def dependent_inner_while(a, b):
    r = 1
    while a > 0:
        r += 1
        tmp = b
        while tmp > 0:
            a -= 1
            tmp -= 1
        a -= 1
    return r


@case((3,), (0,), (6,))
def if_in_for_range(a):
    k = 0
    for i in range(a):
        if i % 2 > 0:
            j = i // 2
            k += j
    return k


@case((F(1.0, 2.0, 3.0),), (F(),), grad=0)
def for_int_state_becomes_float(l):
    s = 0
    for x in l:
        s = s + x * 0.5
    return s


Pair = collections.namedtuple("Pair", ["lo", "hi"])


@case((1.0, 3.0), (4.0, 2.0), vmap=True)
def namedtuple_in_cond(a, b):
    p = Pair(a, b)
    if p.lo > p.hi:
        p = Pair(p.hi, p.lo)
    return p.hi - p.lo


@case((F(1, 2, 3, 4, 5, 6).reshape(2, 3),))
def ext_slice_reads(x):
    return x[1:, ::2], x[:, 1], x[..., -1], x[None, 0]


@case((3,), (0,), (6,))
def for_else_python_flag(n):
    for i in range(n):
        if i == 4:
            found = True
            break
    else:
        found = False
    return found, n
