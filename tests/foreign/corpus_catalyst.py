"""Scenarios of Catalyst's AutoGraph tests (for/while/cond interplay, logical ops,
static and dynamic mixtures, loop-carried types), written for plain JAX."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


@case((3,), (0,), (7,))
def for_range_accumulates_index(n):
    acc = 0
    for i in range(n):
        acc = acc + i
    return acc


@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.5, 2.0),), grad=0, vmap=True)
def for_over_array_with_cond(x):
    acc = 0.0
    for v in x:
        if v > 1.0:
            acc = acc + v * v
        else:
            acc = acc - v
    return acc


@case((F(1.0, 2.0, 3.0),), (F(4.0, 5.0, 6.0),), grad=0, vmap=True)
def enumerate_array_weights(x):
    acc = 0.0
    for i, v in enumerate(x):
        acc = acc + i * v
    return acc


@case((F(1.0, 2.0), F(3.0, 4.0)), (F(0.0, 1.0), F(1.0, 0.0)), grad=0, vmap=True)
def zip_two_arrays(a, b):
    acc = 0.0
    for u, v in zip(a, b):
        acc += u * v
    return acc


@case((2,), (0,), (1,))
def python_list_indexed_by_traced_range(n):
    data = [0.0, 4.0, 5.0]
    acc = 0.0
    for i in range(n + 1):
        acc = acc + data[i]
    return acc


@case((5,), (-1,), (3,))
def python_list_indexed_out_of_range(i):
    data = [10, 20, 30]
    return data[i]


@case((I([1, 2], [3, 4]),), (I([5, 6], [7, 8]),), vmap=True)
def for_unpacks_rows(m):
    acc = 0
    for a, b in m:
        acc += a * b
    return acc


@case((10, 0, -3), (0, 5, 1), (7, 7, 1))
def range_with_step(start, stop, step):
    acc = 0
    for i in range(start, stop, step):
        acc = acc * 2 + i
    return acc


@case((3,), (0,))
def while_two_counters(param):
    a = 0
    b = 0
    while a < param:
        a += 1
        b += 2
    return b


@case((3,), (8,))
def while_temporary_variable(limit):
    acc = 0
    while acc < limit:
        c = 2
        acc = acc + c
    return acc


@case((5,), (0,))
def while_with_python_for_inside(limit):
    acc = 0
    while acc < limit:
        acc = acc + 1
        for x in [1, 2, 3]:
            acc += x
    return acc


@case((5,), (1,))
def while_with_cond_inside(limit):
    acc = 0
    while acc < limit:
        if acc < 2:
            acc += 1
        else:
            acc += 2
    return acc


@case((3.0,), (0.5,), (10.0,))
def while_float_counter(limit):
    i = 0.0
    while i < limit:
        i += 1.0
    return i


@case((3,), (0,))
def while_int_init_float_step(limit):
    i = 0
    while i < limit:
        i += 1.5
    return i


@case((0.5,), (1.5,), (-0.5,), vmap=True)
def logical_and_chain(p):
    return p > 0.0 and p < 1.0 and p <= 2.0


@case((0.5,), (1.5,), (-0.5,), vmap=True)
def logical_or_chain(p):
    return p > 1.0 or p < 0.0 or p == 0.5


@case((0.5,), (1.5,), vmap=True)
def logical_not(p):
    return not p > 1.0


@case((True,), (False,))
def static_and_dynamic(d):
    s = True
    return (s and d), (s or d), (not d)


@case((True,), (False,))
def dynamic_first_and_static(d):
    s = False
    return d and s


@case((True,), (False,))
def dynamic_first_or_static(d):
    return d or True


@case((I(0, 1), I(1, 1)), (I(1, 0), I(0, 0)))
def logical_and_arrays(a, b):
    return a and b


@case((I(0, 1),), (I(1, 1),))
def logical_not_array(a):
    return not a


@case((0.0,), (0.5,), (1.0,), vmap=True)
def cond_or_in_test(x):
    if x <= 0.0 or x >= 1.0:
        y = 1
    else:
        y = 0
    return y


@case((2,), (3,), (5,))
def cond_int_vs_float_branches(x):
    if x < 3:
        y = 1
    else:
        y = 2.5
    return y


@case((1.0,), (-1.0,))
def cond_returns_different_types(x):
    if x > 0:
        return 1
    return 0.5


@case((1.0,), (-1.0,))
def cond_branch_changes_shape(x):
    y = jnp.zeros(2)
    if x > 0:
        y = jnp.zeros(3)
    return y


@case((1.0,), (-1.0,))
def cond_branch_changes_structure(x):
    y = (x, x)
    if x > 0:
        y = (x, x, x)
    return y[0]


@case(())
def while_len_of_growing_array():
    arr = jnp.array([1, 2])
    while len(arr) < 16:
        arr = jnp.kron(arr, arr)
    return arr


@case((2,), (3,))
def python_string_in_loop(n):
    s = "hi"
    for i in range(1, 4):
        s = s * i
    return len(s) + n


@case((2,), (5,))
def for_loop_returns_python_list_sum(n):
    xs = []
    for i in range(n):
        xs.append(i * i)
    return sum(xs)


@case((2,), (5,))
def for_traced_range_appends_then_stacks(n):
    xs = []
    for i in range(3):
        xs.append(i * n)
    return jnp.stack(xs)


@case((4,), (0,))
def for_range_value_after_loop(n):
    x = -1
    for x in range(n):
        pass
    return x


@case((1.0,), (2.0,), grad=0)
def for_range_then_grad_inside(x):
    def loss(w):
        return w * w * x
    w = 1.0
    for _ in range(3):
        w = w - 0.1 * jax.grad(loss)(w)
    return w


@case((2,), (4,))
def nested_function_defined_in_loop(n):
    acc = 0
    for i in range(n):
        def add(v):
            return v + i
        acc = add(acc)
    return acc


@case((3,), (0,))
def while_true_break(n):
    i = 0
    while True:
        if i >= n:
            break
        i += 1
    return i


@case((6,), (1,))
def while_else_runs_without_break(n):
    i = 0
    while i < n:
        i += 2
        if i == 4:
            break
    else:
        i = -1
    return i


@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, -3.0),))
def for_else_on_array(x):
    idx = -1
    for i, v in enumerate(x):
        if v > 0:
            idx = i
            break
    else:
        idx = 100
    return idx


@case((2.0,), (0.0,), (-3.0,), grad=0, vmap=True)
def elif_ladder_floats(x):
    if x > 1.0:
        r = x * 2.0
    elif x > -1.0:
        r = x + 10.0
    else:
        r = -x
    return r


@case((3,), (-3,), (0,))
def sign_with_early_returns(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    return 0


@case((2.0,), (-2.0,))
def return_none_on_one_path(x):
    if x > 0:
        return x
    return None


@case((5,), (12,), (1,))
def while_return_value_inside(n):
    i = 0
    while i < 10:
        if i * i >= n:
            return i
        i += 1
    return -1


@case((F(3.0, 1.0, 2.0),), (F(0.0, 0.0, 1.0),))
def for_return_inside_over_array(x):
    for i in range(3):
        if x[i] > 1.5:
            return i
    return -1


@case((2,), (4,))
def nested_for_ranges_with_break(n):
    count = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            count += 1
    return count


@case((3, 2), (1, 4))
def nested_while_dependent(a, b):
    total = 0
    i = 0
    while i < a:
        j = 0
        while j < b:
            total += i * j
            j += 1
        i += 1
    return total, i
