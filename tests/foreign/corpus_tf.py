"""Scenarios of TF AutoGraph's reference tests (ifexp, cond, loops, scoping, composite
names, nested control flow, early return), rewritten as a JAX user would write them."""
from __future__ import annotations

import collections

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


@case((3.0,), (-2.0,), (0.5,), vmap=True)
def ifexp_abs(x):
    return x if x > 0 else -x


def _twice(v):
    return 2 * v


@case((1.5,), (-1.5,), grad=0, vmap=True)
def ifexp_calls_in_branches(x):
    return _twice(x) if x > 0 else _twice(-x) + 1.0


@case((5,), (1,), (-3,), vmap=True)
def ifexp_nested(x):
    return 1 if x > 3 else (0 if x > 0 else -1)


@case((2.0,), (-2.0,), grad=0, vmap=True)
def cond_basic_assign(x):
    if x > 0:
        y = x * 3.0
    else:
        y = x - 1.0
    return y


@case((1, 1), (1, -1), (-1, 1), (-1, -1), vmap=True)
def independent_ifs(x, y):
    z = 0
    if x > 0:
        if y > 0:
            z = x + y
    return z


@case((1,), (-1,), (5,), vmap=True)
def dependent_inner_if(x):
    y = 0
    if x > 0:
        y = -2 * x
        if y > 0:
            x = -3 * x
    else:
        y = 4 * x
    return x, y


@case((1,), (-1,), (5,), vmap=True)
def dependent_imbalanced_inner_if(x):
    y = 0
    if x > 0:
        if x < 3:
            y = -2 * x
            x = -3 * x
    return x, y


@case(([1, 2, 3, 4],), ([],), ([5, 7],))
def continue_in_single_for(l):
    s = 0
    for c in l:
        if c % 2 > 0:
            continue
        s += c
    return s


@case((I(1, 2, 3, 4),), (I(5, 7, 8, 2),), vmap=True)
def continue_in_for_over_array(l):
    s = 0
    for c in l:
        if c % 2 > 0:
            continue
        s += c
    return s


@case((0,), (3,), (4,))
def continue_in_single_while(x):
    s = 0
    while x > 0:
        x -= 1
        if x % 2 > 0:
            continue
        s += x
    return s


@case(([[1, 2], [3, 4]],), ([[1, 2, 3], [4, 5, 6]],))
def continue_in_inner_for(m):
    s = 0
    for l in m:
        for c in l:
            if c % 2 > 0:
                continue
            s += c
    return s


@case((I([1, 2], [3, 4]),), (I([1, 2, 3], [4, 5, 6]),))
def continue_in_inner_for_matrix(m):
    s = 0
    for l in m:
        for c in l:
            if c % 2 > 0:
                continue
            s += c
    return s


@case((2, 3), (0, 4), (3, 3))
def continue_in_inner_while(x, y):
    s = 0
    while x > 0:
        x -= 1
        while y > 0:
            y -= 1
            if (x + y) % 2 > 0:
                continue
            s += x + y
    return s


@case((I(2, 4, 5, 6),), (I(1, 2),), (I(2, 4),))
def break_in_single_for(l):
    s = 0
    for c in l:
        if c % 2 > 0:
            break
        s += c
    return s


@case((I(3, 4),), (I(1),))
def unconditional_return_in_single_for(l):
    s = 0
    for c in l:
        s += c
        return s
    return s


@case((I(3, 4),), (I(2, 1),))
def effectively_unconditional_return_in_for(l):
    s = 0
    for c in l:
        s += c
        if c % 2 > 0:
            return s
        else:
            return -s
    return s


@case((3,), (4,), (1,))
def effectively_unconditional_return_in_while(x):
    s = 0
    while x > 0:
        x -= 1
        s += x
        if x % 2 > 0:
            return s
        else:
            return -s
    return s


@case((0,), (3,), (4,))
def break_in_single_while(x):
    s = 0
    while x > 0:
        x -= 1
        if x % 2 > 0:
            break
        s += x
    return s


@case((I([2, 3], [4, 6]),), (I([1, 2], [2, 2]),))
def break_continue_in_inner_for(m):
    s = 0
    for l in m:
        for c in l:
            if c % 2 > 0:
                break
            else:
                continue
            s += c
    return s


@case((2, 4), (0, 1), (4, 4))
def break_in_inner_while(x, y):
    s = 0
    while x > 0:
        x -= 1
        while y > 0:
            y -= 1
            if ((x + y) % 2) == 0:
                break
            s += x + y
    return s


@case((5, 4), (0, 5), (3, 1))
def break_followed_by_cond_in_for(x, y):
    for i in range(y):
        if i == 2:
            break
        if x > 0:
            x -= 1
    return x


@case((1,), (4,), (7,))
def multiple_breaks_in_while(n):
    s = 1
    i = 0
    while i < n:
        i += 1
        if i > 10 * n:
            break
        if i == n:
            break
        s = s * 10 + i
    return i, s


@case((I(1, 2),), (I(3),))
def for_with_local_var(l):
    s = 0
    for i in l:
        x = i + 2
        s = s * 10 + x
    return s


@case((0,), (2,))
def while_with_local_var(x):
    s = 0
    while x > 0:
        y = x + 2
        s = s * 10 + y
        x -= 1
    return s


@case(([1, 2],), ([4],))
def for_with_lambda_default_captures(l):
    fns = []
    for i in l:
        fns.append(lambda i=i: i + i)
    return [f() for f in fns]


@case((2,), (1,))
def while_initializes_local_var(x):
    s = 0
    while x > 0:
        if x > 0:
            y = 0
        else:
            y += 1
        s = s * 10 + y
        x -= 1
    return s


@case((I(1, 2),), (I(5),))
def for_defines_var(l):
    for i in l:
        x = i + 2
    return x


@case((1,), (3,))
def while_defines_var(x):
    while x > 0:
        y = x + 2
        x -= 1
    return y


@case((2,), (0,))
def for_reuses_iterate_range(n):
    i = 7
    s = 0
    for i in range(n):
        s = s * 10 + i
    return i, s


@case((2,), (0,), (3,))
def for_alters_iterate_range(n):
    i = 7
    s = 0
    for i in range(n):
        i = 3 * i + 1
        s = s * 10 + i
    return i, s


@case((1,), (3,))
def loop_initializing_invariant_variable(n):
    for i in range(n):
        if i == 0:
            a = 1
        else:
            a = 2
    return a


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
