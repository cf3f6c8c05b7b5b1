"""Edge cases where tracing could silently change Python's answer: short-circuit
operands, loop variables after break, zero-trip loops, side effects, formatting."""
from __future__ import annotations

import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


@case((2.0,), (0.0,), vmap=True)
def or_returns_operand(x):
    scale = x or 1.0
    return scale * 3.0


@case((2.0,), (0.0,), vmap=True)
def and_returns_operand(x):
    return (x and 5.0) + 1.0


def _noisy(v):
    print("evaluated", v)
    return v > 1.0


@case((2.0,), (-1.0,))
def and_short_circuits_side_effect(x):
    return x > 0 and _noisy(x)


@case((2.0,), (-1.0,))
def or_short_circuits_side_effect(x):
    return x > 0 or _noisy(x)


@case((F(1.0, 3.0, 5.0),), (F(0.0, 1.0, 2.0),))
def loop_variable_after_break_over_array(x):
    v = -1.0
    for v in x:
        if v > 2.0:
            break
    return v


@case((5,), (1,))
def loop_index_after_break_traced_range(n):
    i = -1
    for i in range(n):
        if i * i > 5:
            break
    return i


@case((I(4, 5),), (I(),))
def for_defines_var_zero_trip(l):
    for i in l:
        x = i + 2
    return x


@case((2,), (0,))
def range_defines_var_zero_trip(n):
    for i in range(n):
        y = i * 3
    return y


@case((F(1.0, 2.0, 3.0),), (F(4.0, 5.0, 6.0),), grad=0)
def enumerate_with_start(x):
    acc = 0.0
    for k, v in enumerate(x, 1):
        acc += k * v
    return acc


@case((F(1.0, 2.0, 3.0), F(1.0, 2.0)), (F(5.0, 6.0, 7.0), F(0.5, 0.5)))
def zip_truncates_to_shortest(a, b):
    acc = 0.0
    n = 0
    for u, v in zip(a, b):
        acc += u * v
        n += 1
    return acc, n


@case((F(1.0, 2.0, 3.0),), (F(3.0, 2.0, 1.0),), grad=0)
def for_over_reversed_slice(x):
    acc = 0.0
    for v in x[::-1]:
        acc = acc * 10.0 + v
    return acc


@case((2.0,), (0.0,), (-1.5,), vmap=True)
def truthiness_of_traced_float(x):
    if x:
        r = 1
    else:
        r = 0
    return r


@case((None, 2.0), (3.0, 2.0))
def optional_argument_is_none(scale, x):
    if scale is None:
        scale = 1.0
    if x > 1.0:
        x = x * scale
    return x


@case((2.0,), (5.0,))
def isinstance_dispatch(x):
    parts = [x, 2, 3.5]
    total = 0.0
    for p in parts:
        if isinstance(p, int):
            total += p * 100
        elif p > 3.0:
            total += p
    return total


@case((3.0,), (-3.0,))
def fstring_format_spec_in_print(x):
    print(f"x={x:.2f} neg={-x:+.1f}")
    return x


@case((3.0,), (-3.0,))
def str_concat_in_print(x):
    print("x=" + str(x) + "!")
    return x


@case((2,), (0,))
def print_counter_in_traced_loop(n):
    i = 0
    while i < n:
        print("tick", i, "of", n)
        i += 1
    return i


@case((2,), (3,))
def print_in_traced_range_loop(n):
    total = 0
    for k in range(n):
        total += k
        print("k", k, "total", total)
    return total


@case((1.0, 0.0), (2.0, 2.0))
def guarded_division_ternary(a, b):
    return a / b if b != 0 else 0.0


@case((I(1, 2, 3), 3), (I(1, 2, 0), 3), (I(1, 0, 3), 3))
def while_index_guard_short_circuit(x, n):
    i = 0
    while i < n and x[i] > 0:
        i += 1
    return i


@case((1.0,), (-1.0,))
def dict_get_default_in_branch(x):
    d = {"a": x}
    if x > 0:
        d["b"] = x * 2
    else:
        d["b"] = -x
    return d.get("b", 0.0) + d.get("c", 10.0)


class Base:
    def __init__(self, k):
        self.k = k

    def apply(self, v):
        return v * self.k


class Child(Base):
    def apply(self, v):
        r = super().apply(v)
        if r > 1.0:
            r = r - 1.0
        return r

    @property
    def double(self):
        return self.k * 2

    @staticmethod
    def clip(v):
        return v if v < 5.0 else 5.0


@case((2.0,), (0.1,), grad=0)
def inheritance_super_property_static(x):
    c = Child(3.0)
    return Child.clip(c.apply(x)) + c.double


class Poly:
    def __init__(self, coeffs):
        self.coeffs = coeffs

    def __call__(self, x):
        r = 0.0
        for c in self.coeffs:
            r = r * x + c
        if r < 0:
            r = -r
        return r


@case((2.0,), (-2.0,), grad=0)
def callable_object(x):
    return Poly([1.0, -3.0, 1.0])(x)


def _fact(n):
    return 1 if n <= 1 else n * _fact(n - 1)


@case((5,), (0,))
def recursion_on_traced_int(n):
    return _fact(n)


@case((3.0,), (-3.0,))
def mutate_list_in_traced_branch(x):
    xs = [1.0]
    if x > 0:
        xs.append(x)
    return sum(xs)


_CALLS = []


@case((2,), (4,))
def global_side_effect_in_traced_loop(n):
    _CALLS.clear()
    i = 0
    while i < n:
        _CALLS.append(1)
        i += 1
    return len(_CALLS) + i * 0


@case((F(1.0, 2.0), 2), (F(3.0, 4.0), 0))
def lambda_late_binding_in_loop(x, n):
    fs = []
    for k in range(2):
        fs.append(lambda v: v * k)
    acc = 0.0
    for f in fs:
        acc = acc + f(x).sum()
    return acc + n


@case((F(1.0, -1.0, 2.0),), (F(-1.0, -1.0, -1.0),))
def return_from_for_over_array_then_code(x):
    total = 0.0
    for v in x:
        if v < 0:
            return total * 2
        total += v
    total = total + 100.0
    return total


@case((2,), (7,))
def int_overflow_documented(n):
    r = 1
    for _ in range(n):
        r = r * 100000
    return r > 0


@case((7, 2), (-7, 2), (7, -2))
def floor_div_mod_negative(a, b):
    return a // b, a % b, -a // b


@case((3.0,), (-3.0,))
def nested_functions_with_nonlocal_in_branch(x):
    total = 0.0

    def add(v):
        nonlocal total
        if v > 0:
            total = total + v
        else:
            total = total - v
    add(x)
    add(x * 2)
    return total


@case((F(1.0, 2.0, 3.0),), (F(1.0, 1.0, 1.0),))
def while_over_array_index_with_else(x):
    i = 0
    while i < 3:
        if x[i] > 2.5:
            break
        i += 1
    else:
        i = 99
    return i


@case((2.0,), (-2.0,))
def early_return_in_with_block(x):
    import contextlib
    with contextlib.nullcontext():
        if x > 0:
            return x
    return -x
