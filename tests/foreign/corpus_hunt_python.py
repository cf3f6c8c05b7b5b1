"""Adversarial user programs: Python semantics (try/finally, with, closures,
generators, objects, containers, match, for/while-else, recursion) mixed with
traced scalars and arrays."""
from __future__ import annotations

import contextlib
import dataclasses
from typing import NamedTuple

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


# ---------------------------------------------------------------- try / finally

@case((3,), (0,), (6,))
def hunt_try_finally_in_traced_while(n):
    i = 0
    cleanups = 0
    while i < n:
        try:
            if i == 2:
                break
            i += 1
        finally:
            cleanups += 1
    return i, cleanups


@case((3,), (0,), (6,))
def hunt_try_finally_continue_traced(n):
    total = 0
    count = 0
    for i in range(n):
        try:
            if i % 2 == 0:
                continue
            total += i
        finally:
            count += 1
    return total, count


@case((2.0,), (-2.0,))
def hunt_try_finally_return_traced_if(x):
    log = 0.0
    try:
        if x > 0:
            return x * 10, log
        log = log + 1.0
    finally:
        log = log + 100.0
    return x, log


@case((2.0,), (-2.0,))
def hunt_try_else_traced_if(x):
    try:
        y = x * 2
    except ValueError:
        y = 0.0
    else:
        if y > 0:
            y = y + 1
        else:
            y = y - 1
    finally:
        y = y * 3
    return y


@case((4,), (1,))
def hunt_try_except_python_error_in_traced_loop(n):
    d = {0: 1.0, 1: 2.0}
    acc = 0.0
    i = 0
    while i < n:
        try:
            acc += d[1]
        except KeyError:
            acc -= 1.0
        i += 1
    return acc


@case((5,), (2,))
def hunt_finally_counts_python_loop(n):
    out = 0
    for k in range(3):
        try:
            if n > k + 2:
                out += 10
                continue
            out += 1
        finally:
            out += 100
    return out


# ---------------------------------------------------------------- with statements

@case((2.0,), (-2.0,))
def hunt_suppress_in_traced_branch(x):
    y = 1.0
    if x > 0:
        with contextlib.suppress(ZeroDivisionError):
            y = y + x
    else:
        with contextlib.suppress(KeyError):
            y = y - x
    return y


class Recorder:
    def __init__(self):
        self.entered = 0
        self.exited = 0

    def __enter__(self):
        self.entered += 1
        return self

    def __exit__(self, *exc):
        self.exited += 1
        return False


@case((3,), (0,))
def hunt_context_manager_in_traced_loop(n):
    r = Recorder()
    total = 0.0
    i = 0
    while i < n:
        with r:
            total = total + i
        i += 1
    return total, r.entered, r.exited


@case((2.0,), (-2.0,))
def hunt_context_manager_early_return(x):
    r = Recorder()
    with r:
        if x > 0:
            return x, r.entered
    return -x, r.entered


# ---------------------------------------------------------------- closures / nonlocal

@case((5,), (0,), (3,))
def hunt_nonlocal_counter_traced_while(n):
    count = 0

    def bump(k):
        nonlocal count
        count = count + k

    i = 0
    while i < n:
        bump(i)
        i += 1
    return count


@case((2.0,), (-1.0,))
def hunt_closure_captures_updated_value(x):
    scale = 2.0
    if x > 0:
        scale = x

    def f(v):
        return v * scale
    return f(3.0)


@case((3,), (1,))
def hunt_lambdas_capture_loop_default(n):
    fs = [lambda v, k=k: v + k for k in range(3)]
    total = 0
    for f in fs:
        total = total + f(n)
    return total


@case((2.0,), (-2.0,))
def hunt_nested_function_defined_in_branch(x):
    if x > 0:
        def g(v):
            return v + 1
    else:
        def g(v):
            return v - 1
    return g(x)


def _make_acc():
    total = [0.0]

    def add(v):
        total[0] += v
        return total[0]
    return add


@case((3,), (0,))
def hunt_closure_list_cell_traced_loop(n):
    add = _make_acc()
    i = 0
    r = 0.0
    while i < n:
        r = add(1.5)
        i += 1
    return r


# ---------------------------------------------------------------- generators

def _count_up(n):
    k = 0
    while k < n:
        yield k
        k += 1


@case((3.0,), (-1.0,))
def hunt_generator_python_bound_traced_body(x):
    acc = 0.0
    for k in _count_up(4):
        if x > k:
            acc = acc + x
        else:
            acc = acc - 1
    return acc


def _pairs():
    yield from [(1, 2.0), (2, 3.0)]
    yield 3, 4.0


@case((2.0,), (-2.0,))
def hunt_yield_from_pairs(x):
    acc = x
    for k, w in _pairs():
        if acc > 0:
            acc = acc * w - k
    return acc


@case((F(1.0, 2.0, 3.0),), (F(-1.0, 5.0, 0.0),))
def hunt_next_with_default(x):
    it = iter([v for v in x if True])
    first = next(it, 0.0)
    second = next(it, 0.0)
    return first + second


# ---------------------------------------------------------------- objects

class Counter:
    def __init__(self):
        self._n = 0
        self.items = 0.0

    @property
    def n(self):
        return self._n

    @n.setter
    def n(self, v):
        self._n = v

    def __iadd__(self, v):
        self.items = self.items + v
        self._n = self._n + 1
        return self


@case((3,), (0,))
def hunt_property_setter_traced_while(n):
    c = Counter()
    while c.n < n:
        c.n = c.n + 1
    return c.n


@case((2.0,), (-2.0,))
def hunt_iadd_object_traced_if(x):
    c = Counter()
    if x > 0:
        c += x
    else:
        c += 2 * x
    return c.items, c.n


@case((3,), (0,))
def hunt_iadd_object_traced_while(n):
    c = Counter()
    i = 0
    while i < n:
        c += 1.5
        i += 1
    return c.items, c.n


class Grid:
    def __init__(self, n):
        self.data = [0.0] * n

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, v):
        self.data[i] = v


@case((2.0,), (-2.0,))
def hunt_setitem_object_traced_if(x):
    g = Grid(3)
    if x > 0:
        g[1] = x
    else:
        g[2] = x
    return g[0] + g[1] * 10 + g[2] * 100


class Tracked:
    def __init__(self):
        object.__setattr__(self, "writes", 0)
        object.__setattr__(self, "value", 0.0)

    def __setattr__(self, name, v):
        object.__setattr__(self, "writes", self.writes + 1)
        object.__setattr__(self, name, v)


@case((2.0,), (-2.0,))
def hunt_custom_setattr_traced_if(x):
    t = Tracked()
    if x > 0:
        t.value = x
    else:
        t.value = -x
    return t.value, t.writes


@dataclasses.dataclass
class State:
    pos: float
    vel: float
    steps: int = 0


@case((1.0, 3), (-1.0, 0))
def hunt_dataclass_state_traced_while(v, n):
    s = State(0.0, v)
    while s.steps < n:
        s.pos = s.pos + s.vel
        s.steps += 1
    return s.pos, s.steps


@case((1.0,), (-1.0,))
def hunt_dataclass_replace_in_branch(v):
    s = State(1.0, v)
    if v > 0:
        s = dataclasses.replace(s, pos=s.pos + v, steps=1)
    return s.pos, s.steps


class Point(NamedTuple):
    x: float
    y: float


@case((3,), (0,))
def hunt_namedtuple_state_replace(n):
    p = Point(0.0, 1.0)
    i = 0
    while i < n:
        p = p._replace(x=p.x + p.y)
        i += 1
    return p.x, p.y


@case((2.0,), (-2.0,))
def hunt_namedtuple_unpack_traced_if(x):
    p = Point(x, 2.0)
    if p.x > 0:
        a, b = p
    else:
        b, a = p
    return a - b


# ---------------------------------------------------------------- containers

@case((2.0,), (-2.0,))
def hunt_dict_setdefault_traced_if(x):
    d = {"a": 1.0}
    if x > 0:
        d.setdefault("a", 5.0)
        d["a"] = d["a"] + x
    else:
        d["a"] = d.setdefault("a", 7.0) * x
    return d["a"]


@case((2.0,), (-2.0,))
def hunt_dict_update_traced_if(x):
    d = {"a": 1.0, "b": 2.0}
    if x > 0:
        d.update(a=x, b=x * 2)
    else:
        d.update({"b": -x})
    return d["a"] + d["b"]


@case((2.0,), (-2.0,))
def hunt_list_sort_python_in_traced_branch(x):
    xs = [3.0, 1.0, 2.0]
    if x > 0:
        xs[0] = x
    xs.sort()
    return xs[0], xs[2]


@case((2.0,), (-2.0,))
def hunt_list_insert_pop_both_branches(x):
    xs = [1.0, 2.0, 3.0]
    if x > 0:
        xs.insert(0, x)
        xs.pop()
    else:
        xs.pop(0)
        xs.append(x)
    return xs


@case((2.0,), (-2.0,))
def hunt_del_item_both_branches(x):
    xs = [1.0, 2.0, 3.0]
    if x > 0:
        del xs[0]
    else:
        del xs[-1]
    return xs


@case((3,), (0,))
def hunt_list_extend_python_loop_traced_values(n):
    xs = []
    for k in range(3):
        if n > k:
            xs.extend([k, n])
        else:
            xs.extend([0, 0])
    return xs


@case((3,), (1,))
def hunt_list_setitem_traced_while(n):
    xs = [0, 0, 0]
    i = 0
    while i < n:
        xs[i % 3] = xs[i % 3] + i
        i += 1
    return xs


@case((F(1.0, 2.0, 3.0),), (F(3.0, -2.0, 0.5),))
def hunt_list_of_arrays_swap_in_scan(x):
    a, b = 0.0, 1.0
    for v in x:
        a, b = b, a + v
    return a, b


@case((4,), (0,))
def hunt_dict_counter_traced_while(n):
    counts = {"even": 0, "odd": 0}
    i = 0
    while i < n:
        if i % 2 == 0:
            counts["even"] += 1
        else:
            counts["odd"] += 1
        i += 1
    return counts


# ---------------------------------------------------------------- walrus, match, chained

@case((10,), (1,))
def hunt_walrus_while_halving(n):
    steps = 0
    while (n := n // 2) > 0:
        steps += 1
    return steps, n


def _kind_weight(kind):
    match kind:
        case "a":
            return 1.0
        case "b" | "c":
            return 2.0
        case _:
            return 0.5


@case((3.0,), (-3.0,))
def hunt_match_python_value_in_traced_branch(x):
    acc = 0.0
    for kind in ("a", "b", "z"):
        w = _kind_weight(kind)
        if x > 0:
            acc = acc + w * x
        else:
            acc = acc - w
    return acc


@case((3,), (0,))
def hunt_match_on_tuple_in_traced_loop(n):
    ops = [("add", 2), ("mul", 3), ("neg", None)]
    v = 1
    i = 0
    while i < n:
        for op in ops:
            match op:
                case ("add", k):
                    v = v + k
                case ("mul", k) if k > 2:
                    v = v * k
                case ("neg", None):
                    v = -v
        i += 1
    return v


@case((1.0, 2.0, 3.0), (3.0, 2.0, 1.0), (1.0, 5.0, 3.0), vmap=True)
def hunt_chained_comparison_traced(a, b, c):
    if a < b < c:
        r = 1
    elif a > b > c:
        r = -1
    else:
        r = 0
    return r


@case((1.0,), (5.0,), (-1.0,), vmap=True)
def hunt_chained_comparison_value(x):
    return 0 <= x <= 2, 0 < x != 5.0


# ---------------------------------------------------------------- for/while else

@case((F(1.0, 2.0, 3.0),), (F(1.0, 5.0, 3.0),))
def hunt_for_else_traced_break_over_array(x):
    found = -1
    for i, v in enumerate(x):
        if v > 4.0:
            found = i
            break
    else:
        found = 100
    return found


@case((5,), (2,))
def hunt_while_else_traced_break(n):
    i = 0
    while i < 10:
        if i == n:
            break
        i += 1
    else:
        i = -1
    return i


@case((5,), (20,))
def hunt_nested_for_else(n):
    hits = 0
    for a in range(3):
        for b in range(n):
            if a * b > 6:
                break
        else:
            hits += 1
    return hits


# ---------------------------------------------------------------- unpacking, globals, defaults

@case((F(1.0, 2.0, 3.0, 4.0),), (F(5.0, 6.0, 7.0, 8.0),))
def hunt_star_unpack_array(x):
    first, *mid, last = x
    return first + last, len(mid)


@case((2.0,), (-2.0,))
def hunt_multiple_targets_traced_if(x):
    if x > 0:
        a = b = x
    else:
        a = b = -x
    a = a + 1
    return a, b


_SCALE = 3.0


@case((2.0,), (-2.0,))
def hunt_global_read_traced_branch(x):
    if x > 0:
        return x * _SCALE
    return x / _SCALE


_TOTAL = 0


def _record(v):
    global _TOTAL
    _TOTAL = v


@case((2,), (-2,))
def hunt_global_write_in_traced_branch(n):
    if n > 0:
        r = n + 1
    else:
        r = n - 1
    _record(5)
    return r + _TOTAL


def _append_default(v, acc=[]):  # noqa: B006
    acc = acc + [v]
    return len(acc)


@case((2.0,), (-2.0,))
def hunt_default_arg_python(x):
    k = _append_default(1.0)
    if x > 0:
        return x * k
    return x


def _depth_sum(x, depth):
    if depth == 0:
        return x
    if x > 0:
        return _depth_sum(x - 1.0, depth - 1) + 1.0
    return _depth_sum(x + 1.0, depth - 1) * 2.0


@case((2.0,), (-3.0,), (0.5,))
def hunt_recursion_python_depth_traced_branch(x):
    return _depth_sum(x, 3)


@case((3, 4), (1, 1), (0, 5))
def hunt_early_return_nested_loops(n, m):
    for i in range(n):
        for j in range(m):
            if i * j == 2:
                return i, j
    return -1, -1


@case((3,), (0,))
def hunt_return_from_nested_while(n):
    i = 0
    while i < 5:
        j = 0
        while j < 5:
            if i + j > n + 3:
                return i * 10 + j
            j += 1
        i += 1
    return -1


# ---------------------------------------------------------------- builtins

@case((2.7,), (-2.7,), (2.5,), (-0.5,), vmap=True)
def hunt_round_ndigits_and_int(x):
    return round(x, 1), int(x), round(x)


@case((7, 3), (-7, 3), (7, -3), (-7, -3))
def hunt_divmod_int_signs(a, b):
    q, r = divmod(a, b)
    return q, r, q * b + r


@case((7.5, 2.0), (-7.5, 2.0), (7.5, -2.0))
def hunt_divmod_float(a, b):
    return divmod(a, b)


@case((3,), (0,))
def hunt_int_float_bool_casts_in_loop(n):
    total = 0.0
    i = 0
    while i < n:
        total = total + float(i) / 2
        i += 1
    return int(total), bool(total), float(n)


@case((F(1.0, -2.0, 3.0),), (F(0.0, 0.0, 0.0),))
def hunt_sum_with_start_and_abs(x):
    return sum((abs(v) for v in x), 10.0), max(x, key=None), min(abs(v) for v in x)


@case((2.0, 3.0), (-1.0, -5.0))
def hunt_max_with_default_tuple(a, b):
    return max((a, b)), min([a, b, 0.0])


@case((F(1.0, 2.0, 3.0),), (F(-1.0, -2.0, 4.0),))
def hunt_comprehension_traced_condition_select(x):
    return jnp.stack([v if v > 0 else -v for v in x])


@case((3,), (5,))
def hunt_comprehension_traced_condition_sum(n):
    return sum(k for k in range(5) if k < n)


@case((2.0,), (-2.0,))
def hunt_string_format_python_in_branch(x):
    label = "neg"
    if x > 0:
        y = x
    else:
        y = -x
    name = "%s_%d" % (label, 3)
    return y, name


# ---------------------------------------------------------------- exceptions under traced conditions

@case((2,), (0,))
def hunt_raise_zero_division_traced(n):
    if n == 0:
        raise ZeroDivisionError("n is zero")
    return 10 // n


@case((3,), (12,))
def hunt_raise_in_traced_loop(n):
    i = 0
    while i < n:
        if i > 10:
            raise IndexError("too far")
        i += 1
    return i


@case((2.0,), (-2.0,))
def hunt_raise_custom_exception_traced(x):
    class Bad(ValueError):
        pass
    if x < 0:
        raise Bad(f"bad value {x}")
    return x


# ---------------------------------------------------------------- batch 2: aliasing

@case((2.0,), (-2.0,))
def hunt_list_alias_append_traced_if(x):
    xs = [1.0, 2.0]
    ys = xs
    if x > 0:
        xs[0] = x
    else:
        xs[1] = x
    return ys[0] + ys[1] * 10


class Box:
    def __init__(self, v):
        self.v = v


@case((2.0,), (-2.0,))
def hunt_object_alias_attr_traced_if(x):
    a = Box(1.0)
    b = a
    if x > 0:
        a.v = x
    return b.v


@case((3,), (0,))
def hunt_object_alias_attr_traced_while(n):
    a = Box(0)
    b = a
    i = 0
    while i < n:
        a.v = a.v + 2
        i += 1
    return b.v, a is b


@case((2.0,), (-2.0,))
def hunt_nested_list_alias_traced_if(x):
    inner = [0.0, 0.0]
    outer = [inner, inner]
    if x > 0:
        outer[0][1] = x
    return inner[1], outer[1][1]


@case((2.0,), (-2.0,))
def hunt_dict_alias_in_list_traced_if(x):
    d = {"k": 1.0}
    rows = [d]
    if x > 0:
        rows[0]["k"] = x
    return d["k"]


@case((3,), (0,))
def hunt_class_variable_mutated_traced_while(n):
    class Reg:
        count = 0
    i = 0
    while i < n:
        Reg.count += 1
        i += 1
    return Reg.count


@case((2.0,), (-2.0,))
def hunt_method_mutates_self_early_return(x):
    class Acc:
        def __init__(self):
            self.total = 0.0
            self.calls = 0

        def add(self, v):
            self.calls += 1
            if v < 0:
                return False
            self.total = self.total + v
            return True
    a = Acc()
    ok1 = a.add(x)
    ok2 = a.add(x * 2)
    return a.total, a.calls, ok1, ok2


# ---------------------------------------------------------------- batch 2: builtins with keys

@case((3.0, -1.0, 2.0), (-5.0, 4.0, 0.5))
def hunt_sorted_python_list_of_traced(a, b, c):
    s = sorted([a, b, c])
    r = sorted([a, b, c], reverse=True)
    return s[0], s[2], r[0]


@case((3.0, -4.0), (-5.0, 4.0))
def hunt_min_max_with_key(a, b):
    return max(a, b, key=abs), min([a, b], key=lambda v: -v)


@case((F(3.0, -1.0, 2.0),), (F(-5.0, 4.0, 0.5),))
def hunt_functools_reduce_lambda_ternary(x):
    import functools
    return functools.reduce(lambda p, q: p if p > q else q, [x[0], x[1], x[2]])


@case((F(3.0, -1.0, 2.0),), (F(-5.0, 4.0, 0.5),))
def hunt_map_lambda_with_branch(x):
    ys = list(map(lambda v: v * 2 if v > 0 else 0.0, [x[0], x[1], x[2]]))
    return ys[0] + ys[1] + ys[2]


@case((3, 2), (5, 0))
def hunt_pow_three_arg(a, n):
    return pow(a, n, 7)


@case((2.0,), (-2.0,), (0.0,))
def hunt_math_floor_ceil(x):
    import math
    return math.floor(x), math.ceil(x), math.trunc(x)


@case((4.0,), (9.0,))
def hunt_math_sqrt_traced(x):
    import math
    return math.sqrt(x)


@case((2.0, 3.0), (-1.0, 0.0))
def hunt_any_all_python_list(a, b):
    return any([a > 0, b > 0]), all([a > 0, b > 0]), any(()), all([])


@case((2.0, 3.0), (3.0, 3.0))
def hunt_in_list_traced(a, b):
    if a in [b, 1.0]:
        r = 1
    else:
        r = 2
    return r, a not in (b,)


# ---------------------------------------------------------------- batch 2: ranges

@case((5,), (0,), (1,))
def hunt_range_negative_step_traced(n):
    acc = 0
    for i in range(n, 0, -1):
        acc = acc * 2 + i
    return acc


@case((2,), (-2,), (3,), (-3,))
def hunt_range_traced_step_sign(s):
    acc = 0
    k = 0
    for i in range(0, 10 if s > 0 else -10, s):
        acc += i
        k += 1
    return acc, k


@case((4,), (0,))
def hunt_reversed_range_traced(n):
    out = 0
    last = -1
    for i in reversed(range(n)):
        out = out * 10 + i
        last = i
    return out, last


@case((4,), (0,))
def hunt_enumerate_range_start(n):
    acc = 0
    for k, i in enumerate(range(2, n + 2), start=1):
        acc += k * i
    return acc


@case((4,), (1,))
def hunt_python_list_indexed_by_traced_loop_var(n):
    weights = [0.5, 1.5, 2.5, 3.5, 4.5]
    acc = 0.0
    for i in range(n):
        acc = acc + weights[i]
    return acc


@case((3,), (0,))
def hunt_while_true_break_return(n):
    i = 0
    while True:
        if i >= n:
            break
        if i == 7:
            return -1
        i += 1
    return i * 2


@case((3,), (0,), (2,))
def hunt_while_int_truthiness(n):
    steps = 0
    while n:
        n -= 1
        steps += 2
    return steps, n


# ---------------------------------------------------------------- batch 2: try / with in loops

@case((F(1.0, 2.0, 3.0),), (F(1.0, -2.0, 3.0),))
def hunt_break_inside_try_finally_over_array(x):
    total = 0.0
    closes = 0
    for v in x:
        try:
            if v < 0:
                break
            total = total + v
        finally:
            closes += 1
    return total, closes


@case((3,), (0,))
def hunt_break_inside_with_traced_while(n):
    r = Recorder()
    i = 0
    while i < 10:
        with r:
            if i >= n:
                break
            i += 1
    return i, r.entered, r.exited


@case((2.0,), (-2.0,))
def hunt_return_in_finally_overrides(x):
    try:
        if x > 0:
            return 1.0
        y = 2.0
    finally:
        if x < -5:
            return 3.0
    return y


@case((4,), (0,))
def hunt_continue_in_while_else(n):
    i = 0
    odd = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        odd += 1
    else:
        odd += 100
    return odd


@case((3,), (0,))
def hunt_try_except_attr_error_in_traced_loop(n):
    objs = [Box(1.0), object()]
    acc = 0.0
    i = 0
    while i < n:
        for o in objs:
            try:
                acc = acc + o.v
            except AttributeError:
                acc = acc - 0.5
        i += 1
    return acc


# ---------------------------------------------------------------- batch 2: misc

@dataclasses.dataclass
class Rect:
    w: float
    h: float
    area: float = 0.0

    def __post_init__(self):
        self.area = self.w * self.h


@case((3,), (0,))
def hunt_dataclass_post_init_in_traced_loop(n):
    r = Rect(1.0, 1.0)
    i = 0
    while i < n:
        r = Rect(r.w + 1.0, r.h)
        i += 1
    return r.area


@case((F(1.0, 2.0),), (F(3.0, 4.0),))
def hunt_zip_star_transpose(x):
    pairs = [(x[0], 1.0), (x[1], 2.0)]
    a, b = zip(*pairs)
    return sum(a) * sum(b)


@case((2.0,), (-2.0,))
def hunt_del_variable_traced_branch(x):
    tmp = x * 2
    if x > 0:
        y = tmp
    else:
        y = -tmp
    del tmp
    return y


@case((3,), (0,))
def hunt_list_plus_equals_traced_branch(n):
    xs = [1, 2]
    if n > 0:
        xs += [n]
    else:
        xs += [0]
    return xs


@case((3,), (0,))
def hunt_str_join_python_in_traced_loop(n):
    parts = []
    for k in range(3):
        parts.append(str(k))
    label = "-".join(parts)
    i = 0
    while i < n:
        i += len(label)
    return i, label


def _fib(n):
    if n < 2:
        return n
    return _fib(n - 1) + _fib(n - 2)


@case((5,), (1,))
def hunt_fib_recursion_traced(n):
    return _fib(n)


@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, -3.0),))
def hunt_walrus_in_comprehension_filter(x):
    best = 0.0
    total = sum((best := v) for v in x if v > 0)
    return total, best


@case((2.0, 1), (-2.0, 0))
def hunt_nonlocal_in_function_defined_in_traced_loop(x, n):
    hits = 0
    i = 0
    while i < n + 2:
        def mark(v):
            nonlocal hits
            if v > 0:
                hits += 1
        mark(x)
        i += 1
    return hits


@case((2.0,), (-2.0,))
def hunt_conditional_import_style_dispatch(x):
    ops = {"pos": lambda v: v * 2, "neg": lambda v: v - 1}
    key = "pos"
    total = 0.0
    for key in ops:
        if x > 0:
            total = total + ops[key](x)
    return total, key


@case((2,), (-3,))
def hunt_abs_neg_int_and_sign(n):
    sign = 1 if n >= 0 else -1
    return abs(n) * sign, -n, +n, ~n


@case((7,), (0,), (-1,))
def hunt_bit_ops_traced(n):
    return n & 3, n | 8, n ^ 5, n << 2, n >> 1


# ---------------------------------------------------------------- batch 3: Python errors in untaken paths

@case((2.0,), (-2.0,))
def hunt_key_error_in_untaken_branch_caught(x):
    d = {"a": 1.0}
    try:
        if x > 0:
            y = x
        else:
            y = d["missing"]
    except KeyError:
        y = -100.0
    return y


@case((3,), (0,))
def hunt_key_error_in_zero_trip_loop_caught(n):
    d = {"a": 1.0}
    try:
        i = 0
        acc = 0.0
        while i < n:
            acc = acc + d["b"]
            i += 1
        r = acc
    except KeyError:
        r = -1.0
    return r


@case((2.0,), (-2.0,))
def hunt_zero_division_python_untaken_branch(x):
    k = 0
    if x > 0:
        y = x
    else:
        y = x / k
    return y


@case((2.0,), (-2.0,))
def hunt_index_error_untaken_branch(x):
    xs = [1.0, 2.0]
    if x > 0:
        y = xs[0] * x
    else:
        y = xs[2] * x
    return y


@case((2.0,), (-2.0,))
def hunt_getattr_default_untaken_branch(x):
    b = Box(3.0)
    try:
        if x > 0:
            y = b.v * x
        else:
            y = b.missing * x
    except AttributeError:
        y = 0.0
    return y


@case((2.0,), (-2.0,))
def hunt_python_raise_in_untaken_branch_caught(x):
    try:
        if x > 0:
            y = x
        else:
            raise ValueError("neg")
    except ValueError:
        y = 0.0
    return y


@case((2.0,), (-2.0,))
def hunt_python_list_append_in_branch_then_pop(x):
    stack = [1.0]
    if x > 0:
        stack.append(x)
        top = stack.pop()
    else:
        top = stack[-1]
    return top, len(stack)


def _add_to(v, acc=[]):  # noqa: B006
    acc.append(v)
    return len(acc)


@case((2.0,), (-2.0,))
def hunt_mutable_default_in_traced_branch(x):
    _add_to.__defaults__[0].clear()
    if x > 0:
        n = _add_to(x)
    else:
        n = _add_to(-x)
    return n


@case((2.0,), (-2.0,))
def hunt_python_counter_both_branches(x):
    calls = [0]

    def f(v):
        calls[0] += 1
        return v * 2

    if x > 0:
        y = f(x)
    else:
        y = f(-x)
    return y, calls[0]


@case((3,), (0,))
def hunt_python_counter_in_traced_loop(n):
    calls = {"n": 0}

    def step(v):
        calls["n"] = calls["n"] + 1
        return v + 1

    i = 0
    while i < n:
        i = step(i)
    return i, calls["n"]


# ---------------------------------------------------------------- batch 4: loop header evaluated once

@case((4,), (0,), (1,))
def hunt_range_bound_rebound_in_body(n):
    count = 0
    for i in range(n):
        n = n - 1
        count += 1
    return count, n


@case((4,), (0,), (3,))
def hunt_loop_var_reassigned_in_body(n):
    acc = 0
    for i in range(n):
        i = i * 10
        acc += i
    return acc, i if n > 0 else -1


@case((4,), (0,))
def hunt_loop_var_incremented_in_body(n):
    visits = 0
    for i in range(n):
        visits += 1
        i += 5
    return visits


@case((F(1.0, 2.0, 3.0),), (F(4.0, -5.0, 6.0),))
def hunt_iterable_rebound_in_body(x):
    acc = 0.0
    for v in x:
        x = x * 0.0
        acc = acc + v
    return acc, x


@case((4,), (0,))
def hunt_range_step_rebound(n):
    s = 1
    seen = 0
    for i in range(0, n, s):
        s = 100
        seen += 1
    return seen


@case((2.0,), (-2.0,))
def hunt_for_over_growing_python_list(x):
    xs = [1.0, 2.0]
    total = 0.0
    for v in xs:
        if len(xs) < 5:
            xs.append(v + 10.0)
        total = total + v * x
    return total, len(xs)


@case((4,), (2,))
def hunt_loop_var_after_traced_range_reassigned(n):
    for i in range(n):
        i = -i
    return i


@case((3,), (0,))
def hunt_nested_range_inner_uses_outer_rebound(n):
    total = 0
    for i in range(n):
        for j in range(i):
            i = 0
            total += 1
    return total


@case((3,), (5,))
def hunt_while_loop_var_shadow_comprehension(n):
    i = 0
    acc = 0
    while i < n:
        acc += sum([i for i in range(3)])
        i += 1
    return acc, i


@case((F(1.0, 2.0, 3.0),), (F(4.0, 5.0, 6.0),))
def hunt_enumerate_index_reassigned(x):
    acc = 0.0
    for i, v in enumerate(x):
        i = i + 100
        acc = acc + i * v
    return acc


@case((3,), (0,))
def hunt_while_counter_closure_late_binding(n):
    fs = []
    for k in range(3):
        fs.append(lambda: k * n)
    return [f() for f in fs]


# ---------------------------------------------------------------- batch 5: wrappers, decorators, local classes

import functools  # noqa: E402


def _logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


@_logged
def _relu_helper(v):
    if v > 0:
        return v
    return 0.0 * v


@case((2.0,), (-2.0,), grad=0)
def hunt_user_decorator_wrapped_helper(x):
    return _relu_helper(x) + 1.0


def _scaled_clip(v, lo, hi):
    if v < lo:
        v = lo
    elif v > hi:
        v = hi
    return v


@case((2.0,), (-2.0,), (0.5,))
def hunt_functools_partial_helper(x):
    clip = functools.partial(_scaled_clip, lo=-1.0, hi=1.0)
    return clip(x)


@functools.lru_cache(maxsize=None)
def _table(n):
    return tuple(float(k * k) for k in range(n))


@case((2.0,), (-2.0,))
def hunt_lru_cache_python_table(x):
    t = _table(4)
    if x > 0:
        r = t[3] * x
    else:
        r = t[1] * x
    return r


@case((2.0,), (-2.0,))
def hunt_local_class_method_traced_if(x):
    class Relu:
        def __call__(self, v):
            if v > 0:
                return v
            return 0.0 * v
    return Relu()(x)


@case((3,), (0,))
def hunt_local_class_method_traced_while(n):
    class Stepper:
        def run(self, k):
            c = 0
            while c < k:
                c += 1
            return c
    return Stepper().run(n)


@case((2.0,), (-2.0,))
def hunt_star_args_helper(x):
    args = (x, -1.0)
    kw = {"hi": 1.0}
    return _scaled_clip(*args, **kw)


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self):
        self.a = 0.0
        self.b = 0


@case((3,), (0,))
def hunt_slots_object_traced_while(n):
    s = Slotted()
    while s.b < n:
        s.a = s.a + 1.5
        s.b += 1
    return s.a, s.b


_G = 0.0


@case((2.0,), (-2.0,))
def hunt_global_statement_traced_branch(x):
    global _G
    _G = 1.0
    if x > 0:
        _G = x
    return _G * 2


@contextlib.contextmanager
def _scope(log):
    log.append("enter")
    yield len(log)
    log.append("exit")


@case((2.0,), (-2.0,))
def hunt_contextmanager_generator_in_traced_branch(x):
    log = []
    with _scope(log) as k:
        if x > 0:
            y = x * k
        else:
            y = -x
    return y, len(log)


class Bag:
    def __init__(self, xs):
        self.xs = list(xs)

    def __len__(self):
        return len(self.xs)

    def __iter__(self):
        return iter(self.xs)

    def __contains__(self, v):
        return any(v == w for w in self.xs)


@case((2.0,), (5.0,))
def hunt_user_container_protocols(x):
    b = Bag([1.0, 2.0, 3.0])
    total = 0.0
    for v in b:
        if v < x:
            total = total + v
    return total, len(b), x in b


# ---------------------------------------------------------------- batch 6: protocols called by the interpreter

class Param:
    """A parameter that counts its updates (a version counter, as in optimizers)."""

    def __init__(self, v):
        self._v = v
        self.version = 0

    @property
    def value(self):
        return self._v

    @value.setter
    def value(self, v):
        self._v = v
        self.version += 1


@case((2.0,), (-2.0,))
def hunt_property_setter_side_effect_traced_if(x):
    p = Param(0.0)
    if x > 0:
        p.value = x
    return p.value, p.version


@case((3,), (0,))
def hunt_property_setter_side_effect_traced_while(n):
    p = Param(0.0)
    i = 0
    while i < n:
        p.value = p.value + 1.0
        i += 1
    return p.value, p.version


class Clamped:
    def __init__(self, v):
        self._v = v

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, val):
        if val < 0:
            val = 0.0 * val
        self._v = val


@case((2.0,), (-2.0,))
def hunt_property_setter_with_traced_if(x):
    c = Clamped(1.0)
    c.v = x
    return c.v


class NonNeg:
    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, typ=None):
        return getattr(obj, self.name)

    def __set__(self, obj, value):
        if value < 0:
            value = -value
        setattr(obj, self.name, value)


class Weighted:
    w = NonNeg()

    def __init__(self, w):
        self.w = w


@case((2.0,), (-2.0,))
def hunt_descriptor_set_with_traced_if(x):
    return Weighted(x).w


class Config:
    def __init__(self, scale):
        self.scale = scale

    def __getattr__(self, name):
        if self.scale > 0:
            return self.scale
        return -self.scale


@case((2.0,), (-2.0,))
def hunt_getattr_fallback_traced_if(x):
    return Config(x).anything


class Members:
    def __init__(self, xs):
        self.xs = list(xs)

    def __contains__(self, v):
        for w in self.xs:
            if v == w:
                return True
        return False


@case((2.0,), (3.0,))
def hunt_user_contains_traced(x):
    return x in Members([1.0, 2.0])


class Score:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        if self.v < other.v:
            return True
        return False


@case((3.0,), (-3.0,))
def hunt_sorted_user_objects_lt_with_if(x):
    best = max([Score(x), Score(1.0)])
    return best.v, sorted([Score(x), Score(1.0)])[0].v


@dataclasses.dataclass
class Clipped:
    a: float

    def __post_init__(self):
        if self.a < 0:
            self.a = 0.0 * self.a


@case((2.0,), (-2.0,))
def hunt_dataclass_post_init_traced_if(x):
    return Clipped(x).a


@case((2.0,), (-2.0,))
def hunt_print_dataclass_holding_traced(x):
    print(State(x, 1.0, 2))
    return x


class Pretty:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return f"Pretty(v={self.v})"


@case((2.0,), (-2.0,))
def hunt_print_object_custom_repr(x):
    print(Pretty(x * 2))
    return x


def _make_leaky(slope):
    class Leaky:
        def __call__(self, v):
            if v > 0:
                return v
            return slope * v
    return Leaky()


@case((2.0,), (-2.0,), grad=0)
def hunt_class_factory_called_inside(x):
    return _make_leaky(0.1)(x)


@case((2.0,), (-2.0,))
def hunt_deque_setitem_traced_if(x):
    import collections
    q = collections.deque([1.0, 2.0])
    if x > 0:
        q[0] = x
    return q[0]


@case((3,), (0,))
def hunt_while_test_calls_counting_helper(n):
    calls = [0]

    def check(i):
        calls[0] += 1
        return i < n

    i = 0
    while check(i):
        i += 1
    return i, calls[0]


@case((5,), (0,))
def hunt_while_test_nonlocal_counter(n):
    count = 0

    def more(i):
        nonlocal count
        count += 1
        return i < n

    i = 0
    while more(i):
        i += 2
    return i, count


# Accepted outcomes ("<key>: reason", key "refused" or "<class> <mode>"), merged by
# tests/test_foreign.py.
KNOWN: dict[str, str] = {
    "hunt_pow_three_arg": "MISMATCH arr: eager JAX has no three-argument pow of arrays "
                          "(TypeError); the converted program gives Python's pow(a, n, 7), "
                          "of concrete arrays too",
    "hunt_math_floor_ceil": "MISMATCH jit: eager JAX arrays have no __trunc__ (TypeError); "
                            "the converted program gives Python's math.trunc",
    "hunt_fib_recursion_traced": "refused: TracedRecursionError: tree recursion on a "
                                 "traced condition (fair)",
    "hunt_walrus_in_comprehension_filter": "refused: ConcreteValueError: a comprehension that "
                                           "assigns with := runs as Python (clear error)",
    "hunt_key_error_in_untaken_branch_caught": "refused: StagedRaiseError: caught under a "
                                               "traced condition (fair)",
    "hunt_key_error_in_zero_trip_loop_caught": "refused: StagedRaiseError: caught under a "
                                               "traced condition (fair)",
    "hunt_getattr_default_untaken_branch": "refused: StagedRaiseError: caught under a traced "
                                           "condition (fair)",
    "hunt_python_raise_in_untaken_branch_caught": "refused: StagedRaiseError: caught under a "
                                                  "traced condition (fair)",
    "hunt_global_statement_traced_branch": "refused: StateError: a global written under a "
                                           "traced condition (fair)",
    "hunt_sorted_user_objects_lt_with_if": "refused: ConcreteValueError: ordering objects "
                                           "whose own __lt__ is traced (clear error)",
    "hunt_deque_setitem_traced_if": "refused: StateError: a deque changed in place under a "
                                    "traced if (fair)",
    "hunt_while_test_calls_counting_helper": "refused: StateError: a while test whose callee "
                                             "changes a list (not yet carried)",
}
