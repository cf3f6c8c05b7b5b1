"""Python idioms a JAX user writes: builtins, comprehensions, item assignment,
try/except, prints and f-strings, classes, closures, recursion, JAX transforms."""
from __future__ import annotations


import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


@case((1.0, 2.0), (3.0, -1.0), grad=0, vmap=True)
def builtin_min_max_two(a, b):
    return min(a, b), max(a, b)


@case((1, 5, 3), (7, 2, 2), vmap=True)
def builtin_max_three(a, b, c):
    return max(a, b, c) - min(a, b, c)


@case((F(3.0, -1.0, 2.0),), (F(0.5, 0.25, 4.0),))
def builtin_max_over_array(x):
    return max(x), min(x), sum(x)


@case((-2.5,), (3.0,), vmap=True)
def builtin_abs_round(x):
    return abs(x), round(x)


@case((7, 3), (-7, 3), (7, -3))
def builtin_divmod(a, b):
    return divmod(a, b)


@case((2.0, 3), (1.5, 2))
def builtin_pow(a, n):
    return pow(a, n)


@case((2.7,), (-2.7,), (0.2,), vmap=True)
def builtin_int_truncates(x):
    return int(x)


@case((3,), (0,))
def builtin_float_and_bool(n):
    return float(n) / 2, bool(n)


@case((F(1.0, 2.0, 3.0),), (F(1.0, -2.0, 3.0),))
def builtin_any_all_generators(x):
    return any(v < 0 for v in x), all(v > 0 for v in x)


@case((F(1.0, 2.0, 3.0),), (F(0.0, 5.0),))
def builtin_len_of_array(x):
    return len(x) * x[0]


@case((F(3.0, 1.0, 2.0),), (F(1.0, 1.0, 0.0),))
def builtin_sorted_array(x):
    return sorted(x)


@case((F(1.0, 2.0, 3.0),), (F(4.0, 5.0, 6.0),), grad=0)
def builtin_reversed_array(x):
    acc = 0.0
    for i, v in enumerate(reversed(x)):
        acc = acc * 2.0 + v * i
    return acc


@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), grad=0, vmap=True)
def list_comprehension_over_array(x):
    return jnp.stack([v * v for v in x])


@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), grad=0, vmap=True)
def generator_sum_over_array(x):
    return sum(v * v for v in x)


@case((3,), (5,))
def generator_sum_over_traced_range(n):
    return sum(i for i in range(n))


@case((F(1.0, 2.0),), (F(3.0, 4.0),))
def dict_comprehension_values(x):
    d = {k: x * k for k in range(3)}
    return d[2] - d[1]


@case((F(1.0, 2.0, 3.0), 1, 5.0), (F(1.0, 2.0, 3.0), 2, -1.0), np_ref=True)
def item_assignment_traced_index(x, i, v):
    x[i] = v
    return x


@case((F(1.0, 2.0, 3.0), 1), (F(1.0, 2.0, 3.0), 0), np_ref=True)
def item_augmented_assignment(x, i):
    x[i] += 10.0
    x[i + 1] *= 2.0
    return x


@case((F(1, 2, 3, 4).reshape(2, 2),), np_ref=True)
def nested_subscript_assignment(m):
    m[0][1] = 9.0
    m[1, 0] -= 1.0
    return m


@case((F(1.0, 2.0, 3.0, 4.0), 1), (F(1.0, 2.0, 3.0, 4.0), 2))
def dynamic_slice_static_size(x, i):
    return x[i:i + 2]


@case((1.0,), (-1.0,), vmap=True)
def tuple_contains_traced(x):
    return x in (1.0, 2.0), (x, 2.0).count(2.0), [0.0, x].index(x)


@case((3,), (0,))
def try_except_python_value(n):
    try:
        r = 10 // n
    except ZeroDivisionError:
        r = -1
    return r


@case((2.0,), (-2.0,))
def try_except_around_traced_if(x):
    try:
        if x > 0:
            y = x
        else:
            y = -x
    except ValueError:
        y = 0.0
    return y


@case((2.0,), (-3.0,))
def raise_on_traced_condition(x):
    if x < 0:
        raise ValueError("negative")
    return x


@case((2.0,), (-3.0,))
def assert_on_traced_value(x):
    assert x > 0, "x must be positive"
    return x


@case((2,), (3,))
def print_python_values(n):
    for i in range(n):
        print("step", i, sep="=", end=";")
    print()
    return n


@case((2.0,), (3.5,))
def print_traced_value_fstring(x):
    print(f"x is {x}")
    return x * 2


@case((F(1.0, 2.0),), (F(3.0, 5.0),))
def print_in_traced_loop(x):
    for v in x:
        print("v:", v)
    return x


@case((3,), (0,))
def print_in_while(n):
    i = 0
    while i < n:
        print("i =", i)
        i += 1
    return i


@case((1.0,), (-1.0,))
def print_in_traced_branch(x):
    if x > 0:
        print("positive", x)
    else:
        print("non-positive")
    return x


@case((2.0,), (-1.0,))
def percent_format_in_print(x):
    print("value %s, twice %s" % (x, 2 * x))
    return x
