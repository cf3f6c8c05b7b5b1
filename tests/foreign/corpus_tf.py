"""Scenarios of TF AutoGraph's reference tests (ifexp, cond, loops, scoping, composite
names, nested control flow, early return), rewritten as a JAX user would write them."""
from __future__ import annotations

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
