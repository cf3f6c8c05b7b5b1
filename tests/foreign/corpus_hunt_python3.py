"""Adversarial user programs, third hunt: structural pattern matching,
comprehensions and generator expressions, builtins, closures and
functools, user classes (dataclasses, NamedTuples, operator overloading,
container protocols), control-flow corners and user generators, all meeting
traced values inside if/while/for. Areas not covered by corpus_hunt_python
and corpus_hunt_python2."""
from __future__ import annotations

import dataclasses
import functools
from typing import NamedTuple

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


# ================================================================ match statements

# literal patterns and an or-pattern on a traced int
@case((0,), (2,), (7,), vmap=True)
def h3_match_literal_traced_int(n):
    match n:
        case 0:
            r = 10
        case 1 | 2:
            r = 20
        case _:
            r = 30
    return r


# a capture with a guard, then a fallback capture: the capture binds the traced value
@case((3.0,), (-3.0,), grad=0, vmap=True)
def h3_match_guard_capture_traced(x):
    match x:
        case v if v > 0:
            r = v * 2.0
        case w:
            r = -w
    return r


# a match on i % 3 inside a traced while (three counters)
@case((5,), (0,), (1,))
def h3_match_in_traced_while(n):
    a = b = c = 0
    i = 0
    while i < n:
        match i % 3:
            case 0:
                a += 1
            case 1:
                b += 1
            case _:
                c += 1
        i += 1
    return a, b, c


# `case True:` matches by identity: an int 1 or an array bool is not `True`
@case((1,), (5,))
def h3_match_true_singleton_on_comparison(n):
    flag = n > 2
    match flag:
        case True:
            r = 1
        case False:
            r = 2
        case _:
            r = 3
    return r


# `case 1:` compares with ==, so True matches it (1 == True)
@case((True,), (False,))
def h3_match_value_pattern_bool_subject(b):
    match b:
        case 1:
            r = 100
        case _:
            r = 200
    return r


# a sequence pattern on a Python tuple of traced values (value subpatterns compare traced)
@case((0.0, 5.0), (3.0, 0.0), (1.0, 2.0))
def h3_match_sequence_of_traced(a, b):
    match (a, b):
        case (0.0, y):
            r = y
        case (x, 0.0):
            r = x * 10.0
        case (x, y):
            r = x + y
    return r


# a mapping pattern on a Python dict: string keys and values are Python, the capture is traced
@case((2.0,), (-2.0,), grad=0)
def h3_match_mapping_python_dict(x):
    spec = {"kind": "scale", "k": x}
    match spec:
        case {"kind": "shift", "k": k}:
            r = x + k
        case {"kind": "scale", "k": k}:
            r = x * k
        case _:
            r = x
    if r > 1.0:
        r = r - 1.0
    return r


@dataclasses.dataclass
class _Circle:
    r: float


@dataclasses.dataclass
class _Square:
    s: float


# class patterns dispatch on Python types; captured fields are traced
@case((1.0, 2.0), (-1.0, 0.5), grad=0)
def h3_match_class_pattern_type_dispatch(r, s):
    shapes = [_Circle(r), _Square(s), _Circle(s)]
    area = 0.0
    for sh in shapes:
        match sh:
            case _Circle(r=rad):
                area = area + 3.0 * rad * rad
            case _Square(s=side):
                area = area + side * side
    if area > 10.0:
        area = area / 2.0
    return area


# a class pattern with a literal keyword subpattern on a traced field
@case((0.0, 3.0), (2.0, 3.0))
def h3_match_class_pattern_literal_field_traced(x, y):
    p = _Circle(x)
    match p:
        case _Circle(r=0.0):
            out = y
        case _Circle(r=rr):
            out = rr * y
    return out


# float literal patterns on a traced float
@case((0.5,), (1.0,), (2.0,), vmap=True)
def h3_match_float_literals(x):
    match x:
        case 0.5:
            r = 1.0
        case 1.0:
            r = 2.0
        case _:
            r = x * x
    return r


# an or-pattern with `as`: the value is captured
@case((1,), (2,), (5,))
def h3_match_or_as_capture_traced(n):
    match n:
        case (1 | 2) as k:
            r = k * 100
        case other:
            r = other
    return r


# a star pattern on a Python list of traced values
@case((1.0, 2.0, 3.0), (-1.0, 2.0, 3.0))
def h3_match_star_list_of_traced(a, b, c):
    vals = [a, b, c]
    match vals:
        case [first, *rest]:
            if first > 0:
                r = first + sum(rest)
            else:
                r = first - sum(rest)
        case _:
            r = 0.0
    return r


# a Python-value match whose guard reads a traced value
@case((2.0,), (-2.0,))
def h3_match_python_subject_traced_guard(x):
    mode = "relu"
    match mode:
        case "relu" if x > 0:
            r = x
        case "relu":
            r = 0.0 * x
        case _:
            r = -x
    return r


# a sequence pattern with a guard reading traced captures
@case((1.0, 2.0), (3.0, 2.0))
def h3_match_sequence_traced_guard(a, b):
    match (a, b):
        case (x, y) if x > y:
            r = x - y
        case (x, y):
            r = y - x
    return r


# break out of a traced while from a case body
@case((10,), (0,), (3,))
def h3_match_break_in_traced_while(n):
    i = 0
    total = 0
    while True:
        match i:
            case 4:
                break
            case _:
                pass
        if i >= n:
            break
        total += i
        i += 1
    return total, i


# a return from a case inside a traced for over an array
@case((F(1.0, 2.0, 3.0),), (F(1.0, -2.0, 3.0),))
def h3_match_return_in_scan(x):
    for v in x:
        match v > 0:
            case False:
                return v
            case _:
                pass
    return 0.0


# guard fails, but the capture stays bound after the match
@case((3,), (9,))
def h3_match_capture_bound_after_failed_guard(n):
    match n:
        case m if m > 5:
            r = 1
        case _:
            r = 2
    return r, m


# match on a negative literal and a tuple of Python-int literals
@case((-1,), (1,), (0,))
def h3_match_negative_literal(n):
    match n:
        case -1:
            return 5
        case 1:
            return 6
    return 7


# ================================================================ comprehensions / generators

# sum of a filtered generator over an array
@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, -3.0),), grad=0, vmap=True)
def h3_sum_filtered_gen_over_array(x):
    return sum(v * v for v in x if v > 0)


# a generator reduction inside a traced while
@case((3,), (0,))
def h3_sum_gen_inside_traced_while(n):
    x = jnp.arange(4.0)
    acc = 0.0
    i = 0
    while i < n:
        acc = acc + sum(v * i for v in x)
        i += 1
    return acc


# max / min of generators over arrays
@case((F(1.0, -5.0, 3.0),), (F(-1.0, -2.0, -3.0),), grad=0)
def h3_max_min_gen_over_array(x):
    return max(v for v in x), min(abs(v) for v in x)


# any / all over an array
@case((F(1.0, -5.0, 3.0), 2.0), (F(1.0, 1.5, 0.0), 2.0), vmap=True)
def h3_any_all_gen_over_array(x, t):
    return any(v > t for v in x), all(v < t for v in x)


# nested list comprehension of static shape (outer product)
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 2.0),), grad=0)
def h3_nested_list_comp_outer(x):
    m = [[x[i] * x[j] for j in range(3)] for i in range(3)]
    return jnp.array(m)


# sum over range with a traced bound
@case((5,), (0,), (1,), vmap=True)
def h3_sum_range_traced_bound(n):
    return sum(i * i for i in range(n) if i % 2 == 0)


# a list comprehension over range(n) with a traced n (length depends on data)
@case((3,), (0,))
def h3_list_comp_range_traced_len(n):
    xs = [i * 2 for i in range(n)]
    return len(xs)


# dict comprehension of traced values over Python items, then a traced if
@case((2.0,), (-2.0,), grad=0)
def h3_dict_comp_traced_values(x):
    w = {"a": 1.0, "b": -2.0, "c": 0.5}
    d = {k: v * x for k, v in w.items() if v > 0}
    if d["a"] > 0:
        d["a"] = d["a"] + 1.0
    return d


# a set comprehension of Python ints decides a traced loop bound
@case((2.0,), (-2.0,))
def h3_set_comp_python_ints(x):
    kinds = {i % 3 for i in range(7)}
    acc = x
    for _ in range(len(kinds)):
        if acc > 0:
            acc = acc - 1.0
    return acc


# a list comprehension of traced values indexed by a traced int
@case((2.0, 1), (2.0, 3), (-1.0, 0))
def h3_list_comp_indexed_traced(x, i):
    vals = [x * k for k in range(4)]
    return vals[i]


# two for-clauses in one generator
@case((F(1.0, 2.0), F(3.0, -1.0)), (F(0.0, 1.0), F(2.0, 2.0)), grad=0)
def h3_gen_two_for_clauses(x, y):
    return sum(a * b for a in x for b in y if a * b > 0)


# neighbour comparison by index
@case((F(1.0, 2.0, 3.0, 2.5),), (F(4.0, 3.0, 2.0, 1.0),), vmap=True)
def h3_sum_neighbour_increase(x):
    return sum(1 for i in range(1, len(x)) if x[i] > x[i - 1])


# max with default over a filter that may be empty
@case((F(1.0, 200.0, 3.0),), (F(1.0, 2.0, 3.0),))
def h3_max_default_empty_filter(x):
    return max((v for v in x if v > 100.0), default=-1.0)


# conditional expression inside a list comprehension over an array
@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, -3.0),), grad=0)
def h3_list_comp_ternary_relu(x):
    ys = [v if v > 0 else 0.0 * v for v in x]
    return sum(ys), len(ys)


# sorted() of a comprehension of traced values
@case((F(3.0, -2.0, 1.0),), (F(0.0, 5.0, -5.0),))
def h3_sorted_list_comp(x):
    ys = sorted([v * 2.0 for v in x])
    return ys[0], ys[-1]


# sum with a start value
@case((F(1.0, 2.0),), (F(-1.0, -2.0),), grad=0)
def h3_sum_gen_with_start(x):
    return sum((v for v in x), 10.0)


# len() of a filtered list comprehension
@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, -3.0),), vmap=True)
def h3_len_filtered_comp(x):
    return len([v for v in x if v > 0])


# zip and enumerate inside generator expressions
@case((F(1.0, 2.0, 3.0), F(1.0, 0.0, -1.0)), (F(0.0, 0.0, 1.0), F(2.0, 2.0, 2.0)), grad=0)
def h3_gen_zip_enumerate(x, y):
    return sum(a * b for a, b in zip(x, y)) + sum(i * v for i, v in enumerate(x))


# min of (value, index) tuples: argmin with Python tuple ordering
@case((F(3.0, 1.0, 2.0),), (F(1.0, 1.0, 0.5),), (F(2.0, 2.0, 2.0),))
def h3_min_tuple_argmin(x):
    best, idx = min((v, i) for i, v in enumerate(x))
    return best, idx


# max over a 1-D array with key=abs
@case((F(1.0, -5.0, 3.0),), (F(1.0, 2.0, -0.5),))
def h3_max_array_key_abs(x):
    return max(x, key=abs)


# nested generator over the rows of a 2-D array
@case((np.array([[1.0, -2.0], [3.0, 4.0]], np.float32),), (np.zeros((2, 2), np.float32),), grad=0)
def h3_nested_gen_rows(m):
    return sum(sum(v for v in row if v > 0) for row in m)


# all() of an index-based sortedness check
@case((F(1.0, 2.0, 3.0),), (F(1.0, 3.0, 2.0),), (F(1.0, 1.0, 1.0),), vmap=True)
def h3_all_sorted_check(x):
    return all(x[i] <= x[i + 1] for i in range(len(x) - 1))


# comprehension over a range whose bound is an outer traced loop's variable
@case((4,), (0,), (1,))
def h3_triangular_gen_in_traced_loop(n):
    total = 0
    for k in range(n):
        total += sum(j for j in range(k))
    return total


# any() of an empty generator and an empty list
@case((2.0,), (-2.0,))
def h3_any_all_empty(x):
    xs = [v for v in [x] if False]
    return any(xs), all(xs), any(v > 0 for v in [x])


# a comprehension reads the variable of an enclosing traced while
@case((3,), (0,))
def h3_comp_reads_loop_state(n):
    i = 0
    acc = 0.0
    while i < n:
        acc = acc + sum([float(i) * k for k in range(3)])
        i += 1
    return acc


# a generator expression passed to a user function
def _mean(it):
    s = 0.0
    c = 0
    for v in it:
        s = s + v
        c += 1
    return s / c


@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), grad=0)
def h3_gen_to_user_function(x):
    return _mean(v * 2.0 for v in x)


# dict comprehension keyed by Python ints over an array's enumerate
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),))
def h3_dict_comp_enumerate_array(x):
    d = {i: v * v for i, v in enumerate(x)}
    acc = 0.0
    for k in d:
        if d[k] > 1.0:
            acc = acc + d[k]
    return acc


# ================================================================ builtins

# int() truncates toward zero; float(); bool()
@case((-2.7,), (2.7,), (0.0,), vmap=True)
def h3_int_float_bool_casts(x):
    return int(x), float(int(x)), bool(x)


# round with and without ndigits, banker's rounding
@case((2.5,), (-0.5,), (3.14159,), (123.456,))
def h3_round_variants(x):
    return round(x), round(x, 2), round(x, -1)


# divmod on mixed-sign ints inside a traced while
@case((-7, 3), (7, -3), (6, 3))
def h3_divmod_signs_in_loop(a, b):
    q, r = divmod(a, b)
    steps = 0
    while r != 0 and steps < 5:
        q, r = divmod(r * 10, b)
        steps += 1
    return q, r, steps


# divmod on floats
@case((-7.5, 2.0), (7.5, -2.0), grad=0)
def h3_divmod_float(a, b):
    q, r = divmod(a, b)
    return q, r


def _pow3_ref(b, e, m):
    r = pow(int(b), int(e), int(m))
    if r > int(m) // 2:
        r = int(m) - r
    return r


# pow with a modulus (eager JAX has no 3-argument pow: the reference uses Python ints)
@case((3, 5, 7), (2, 10, 1000), (5, 0, 13), ref=_pow3_ref)
def h3_pow_three_arg(b, e, m):
    r = pow(b, e, m)
    if r > m // 2:
        r = m - r
    return r


# pow with a negative exponent and a modulus: a modular inverse (reference on Python ints)
@case((3, 7), (2, 11), ref=lambda a, m: pow(int(a), -1, int(m)))
def h3_pow_modular_inverse(a, m):
    return pow(a, -1, m)


# min/max with key= on a Python list of traced values
@case((1.0, -5.0, 3.0), (-1.0, 0.5, 0.2))
def h3_min_max_key_list(a, b, c):
    vals = [a, b, c]
    return max(vals, key=abs), min(vals, key=lambda v: -v)


# min over an empty list with a traced default
@case((2.0,), (-2.0,))
def h3_min_empty_default_traced(x):
    xs = []
    if x > 0:
        xs = [x, x + 1.0]
    else:
        xs = [x, x - 1.0]
    return min(xs, default=x), min([], default=x)


# sorted() and reversed() of an array
@case((F(3.0, 1.0, 2.0),), (F(-1.0, 0.0, -2.0),))
def h3_sorted_reversed_array(x):
    s = sorted(x)
    r = list(reversed(x))
    return s[0] + r[0], len(s)


# enumerate(start=) over an array in a traced for
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), grad=0)
def h3_enumerate_start(x):
    acc = 0.0
    for i, v in enumerate(x, start=5):
        if v > 0:
            acc = acc + i * v
    return acc


# zip of a Python list and an array
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), grad=0)
def h3_zip_list_and_array(x):
    w = [0.5, -1.0, 2.0]
    acc = 0.0
    for a, b in zip(w, x):
        if b > 0:
            acc = acc + a * b
    return acc


# zip of arrays of different lengths truncates
@case((F(1.0, 2.0, 3.0), F(1.0, 1.0)), (F(-1.0, 0.0, 1.0), F(2.0, 2.0)))
def h3_zip_uneven_arrays(x, y):
    acc = 0.0
    for a, b in zip(x, y):
        if a > 0:
            acc = acc + a * b
    return acc


# len() of an array as a traced while bound
@case((F(1.0, 2.0, 3.0),), (F(5.0, 1.0, 1.0),))
def h3_len_array_while_bound(x):
    i = 0
    s = 0.0
    while i < len(x) and s < 4.0:
        s = s + x[i]
        i += 1
    return s, i


# abs() on ints including the most negative
@case((-5,), (5,), (0,), vmap=True)
def h3_abs_int_in_branch(n):
    a = abs(n)
    if a > 3:
        a = a * 2
    return a


# round() of a value at .5 boundaries inside a loop
@case((F(0.5, 1.5, 2.5, -1.5),), (F(0.4, 0.6, -0.6, 3.5),))
def h3_round_half_even_loop(x):
    total = 0
    for v in x:
        total += round(v)
    return total


# max/min mixing Python numbers and traced values
@case((2.0,), (-2.0,), (0.5,), grad=0, vmap=True)
def h3_clamp_max_min_python(x):
    return max(0.0, min(1.0, x)), max(x, 1)


# float division results cast back with int() in a traced loop
@case((10,), (3,), (0,))
def h3_int_of_division(n):
    i = n
    steps = 0
    while i > 1:
        i = int(i / 2)
        steps += 1
    return i, steps


# divmod on a traced int by a Python int inside a digit loop
@case((1234,), (0,), (7,))
def h3_digit_sum_divmod(n):
    s = 0
    while n > 0:
        n, d = divmod(n, 10)
        s += d
    return s


# ================================================================ closures / functools

# a nested def updates a nonlocal only under a traced condition
@case((4,), (0,))
def h3_nonlocal_conditional_update(n):
    best = -1

    def offer(v):
        nonlocal best
        if v > best:
            best = v

    i = 0
    while i < n:
        offer((i * 7) % 5)
        i += 1
    return best


# lambdas built in a loop: late binding, all see the last k
@case((2.0,), (-2.0,), grad=0)
def h3_lambda_late_binding(x):
    fs = [lambda v: v * k for k in range(3)]
    acc = 0.0
    for f in fs:
        if x > 0:
            acc = acc + f(x)
        else:
            acc = acc - f(x)
    return acc


# lambdas with a default argument capture each k
@case((2.0,), (-2.0,), grad=0)
def h3_lambda_default_capture(x):
    fs = [lambda v, k=k: v * k for k in range(3)]
    acc = 0.0
    for f in fs:
        if x > 0:
            acc = acc + f(x)
    return acc


# lambdas called inside a traced while
@case((3,), (0,))
def h3_lambdas_in_traced_while(n):
    ops = [lambda v: v + 1, lambda v: v * 2]
    v = 1
    i = 0
    while i < n:
        v = ops[0](v) if i % 2 == 0 else ops[1](v)
        i += 1
    return v


# functools.reduce with a lambda holding a traced ternary
@case((1.0, 5.0, 3.0), (-1.0, -5.0, -3.0), grad=0)
def h3_reduce_max_lambda(a, b, c):
    return functools.reduce(lambda p, q: p if p > q else q, [a, b, c])


# functools.reduce with an initializer inside a traced for over an array
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), grad=0)
def h3_reduce_in_scan(x):
    acc = 0.0
    for v in x:
        acc = acc + functools.reduce(lambda p, q: p * q, [v, v, 2.0], 1.0)
    return acc


def _leaky(v, slope=0.1):
    if v > 0:
        return v
    return v * slope


# functools.partial fixing a keyword, applied in a traced loop
@case((F(1.0, -2.0, 3.0),), (F(-1.0, -1.0, -1.0),), grad=0)
def h3_partial_keyword_in_scan(x):
    act = functools.partial(_leaky, slope=0.5)
    acc = 0.0
    for v in x:
        acc = acc + act(v)
    return acc


def _clip_grad(fn):
    @functools.wraps(fn)
    def wrapper(v):
        out = fn(v)
        if out > 5.0:
            out = 5.0 * out / out
        return out
    return wrapper


@_clip_grad
def _square(v):
    return v * v


# a user decorator adds a traced branch around the wrapped function
@case((1.0,), (4.0,), (-3.0,), grad=0)
def h3_user_decorator_traced_branch(x):
    acc = 0.0
    for _ in range(2):
        acc = acc + _square(x)
    return acc


_CALLS = {"n": 0}


def _counted(fn):
    def wrapper(*a):
        _CALLS["n"] += 1
        return fn(*a)
    return wrapper


@_counted
def _inc(v):
    return v + 1


# a decorator counts calls in a module dict, in a traced while
@case((3,), (0,))
def h3_decorator_counts_calls_traced_while(n):
    _CALLS["n"] = 0
    v = 0
    i = 0
    while i < n:
        v = _inc(v)
        i += 1
    return v, _CALLS["n"]


def _tree_sum(node, scale):
    if isinstance(node, tuple):
        return sum(_tree_sum(c, scale) for c in node)
    return node * scale


# recursion on a Python tree, called inside a traced loop
@case((3,), (0,))
def h3_recursion_python_tree_in_traced_loop(n):
    tree = (1, (2, 3), ((4,), 5))
    acc = 0
    i = 0
    while i < n:
        acc = acc + _tree_sum(tree, i)
        i += 1
    return acc


# a closure reads the current loop state
@case((3,), (0,))
def h3_closure_reads_loop_state(n):
    acc = 1.0

    def doubled():
        return acc * 2.0

    i = 0
    while i < n:
        acc = doubled() + 1.0
        i += 1
    return acc


# a function defined inside a traced loop's body captures the loop variable
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), grad=0)
def h3_def_in_scan_body(x):
    acc = 0.0
    for v in x:
        def scaled(w):
            return w * v
        acc = acc + scaled(2.0)
    return acc


# curried closures chosen under a traced if
def _adder(k):
    def add(v):
        return v + k
    return add


@case((2.0,), (-2.0,), grad=0, vmap=True)
def h3_curried_closure_traced_if(x):
    f = _adder(10.0)
    g = _adder(-10.0)
    if x > 0:
        y = f(x)
    else:
        y = g(x)
    return y


# a nonlocal write happens only in one branch, through a helper
@case((2.0,), (-2.0,))
def h3_nonlocal_write_via_helper_one_branch(x):
    total = 0.0

    def add(v):
        nonlocal total
        total = total + v

    if x > 0:
        add(x)
    return total


# recursion whose depth is Python, with a traced early exit inside each level
def _halve_until(x, depth):
    if depth == 0:
        return x
    if x < 1.0:
        return x
    return _halve_until(x / 2.0, depth - 1)


@case((10.0,), (0.5,), (3.0,), grad=0)
def h3_recursion_traced_exit(x):
    return _halve_until(x, 4)


# ================================================================ user classes

@dataclasses.dataclass
class _Acc:
    total: float = 0.0
    count: int = 0

    def add(self, v):
        self.total = self.total + v
        self.count += 1

    @property
    def mean(self):
        return self.total / max(self.count, 1)


# a dataclass whose method mutates self in a traced for
@case((F(1.0, -2.0, 3.0),), (F(-1.0, -1.0, -1.0),))
def h3_dataclass_method_mutates_in_scan(x):
    a = _Acc()
    for v in x:
        if v > 0:
            a.add(v)
    return a.total, a.count, a.mean


# a property in a traced while test
@case((1.0,), (10.0,))
def h3_property_in_while_test(step):
    a = _Acc()
    while a.mean < 5.0 and a.count < 20:
        a.add(step * (a.count + 1))
    return a.total, a.count


class _State(NamedTuple):
    pos: float
    vel: float
    steps: int


# a NamedTuple as traced while state, updated with _replace
@case((1.0,), (-1.0,), (0.0,))
def h3_namedtuple_state_replace(v0):
    s = _State(0.0, v0, 0)
    while s.steps < 5 and s.pos < 3.0:
        s = s._replace(pos=s.pos + s.vel, steps=s.steps + 1)
        if s.pos < -2.0:
            s = s._replace(vel=-s.vel)
    return s


@dataclasses.dataclass(frozen=True)
class _Params:
    lr: float
    decay: float


# a frozen dataclass replaced in a traced loop
@case((4,), (0,))
def h3_frozen_dataclass_replace_traced_loop(n):
    p = _Params(1.0, 0.5)
    i = 0
    while i < n:
        p = dataclasses.replace(p, lr=p.lr * p.decay)
        i += 1
    return p.lr, p.decay


class _Bag:
    def __init__(self, n):
        self.data = [0.0] * n

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, v):
        self.data[i] = v

    def __len__(self):
        return len(self.data)


# a user container indexed with Python ints in a traced if
@case((2.0,), (-2.0,))
def h3_user_container_python_index(x):
    b = _Bag(3)
    for i in range(len(b)):
        if x > i:
            b[i] = x - i
        else:
            b[i] = b[i] - 1.0
    return b.data


# a user container indexed by a traced loop variable
@case((2,), (0,))
def h3_user_container_traced_index(n):
    b = _Bag(4)
    i = 0
    while i < n:
        b[i] = b[i] + 1.0
        i += 1
    return b.data


class _Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return _Vec(self.x + o.x, self.y + o.y)

    def __mul__(self, k):
        return _Vec(self.x * k, self.y * k)

    def __rmul__(self, k):
        return self * k

    def __neg__(self):
        return _Vec(-self.x, -self.y)

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def __lt__(self, o):
        return self.norm2() < o.norm2()

    def __abs__(self):
        return self.norm2() ** 0.5


# operator overloading in a traced if (__lt__ returns a traced bool)
@case((1.0, 2.0), (3.0, 0.0), grad=0)
def h3_vector_lt_traced_if(a, b):
    u = _Vec(a, b)
    w = _Vec(2.0, 1.0)
    if u < w:
        r = u + w
    else:
        r = -u
    return r.x, r.y


# operator overloading in a traced while (velocity integration)
@case((3,), (0,))
def h3_vector_add_traced_while(n):
    p = _Vec(0.0, 0.0)
    v = _Vec(1.0, 0.5)
    i = 0
    while i < n:
        p = p + 0.5 * v
        i += 1
    return p.x, p.y


# min() of user objects with __lt__ on traced fields
@case((1.0, 2.0), (3.0, 0.0))
def h3_min_of_vectors(a, b):
    vs = [_Vec(a, b), _Vec(b, a), _Vec(1.5, 1.5)]
    m = min(vs)
    return m.x, m.y


# abs() of a user object (__abs__)
@case((3.0, 4.0), (0.0, 0.0), grad=0)
def h3_abs_user_object(a, b):
    v = _Vec(a, b)
    n = abs(v)
    if n > 1.0:
        v = v * (1.0 / n)
    return v.x, v.y


class _Truthy:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        return bool(self.v > 0)


# a user __bool__ on a traced field drives an if
@case((2.0,), (-2.0,))
def h3_user_bool_traced_if(x):
    t = _Truthy(x)
    if t:
        return x
    return -x


class _Accum:
    def __init__(self):
        self.items = []

    def __iadd__(self, v):
        self.items = self.items + [v]
        return self


# __iadd__ building a Python list in a Python loop with a traced branch
@case((2.0,), (-2.0,))
def h3_user_iadd_list_python_loop(x):
    a = _Accum()
    for k in range(3):
        if x > k:
            a += x
        else:
            a += -x
    return a.items


class _Poly:
    def __init__(self, coeffs):
        self.coeffs = coeffs

    def __call__(self, x):
        acc = 0.0
        for c in reversed(self.coeffs):
            acc = acc * x + c
        return acc


# a callable object evaluated inside a traced scan
@case((F(0.0, 1.0, 2.0),), (F(-1.0, -2.0, 0.5),), grad=0)
def h3_callable_object_in_scan(x):
    p = _Poly([1.0, -2.0, 0.5])
    acc = 0.0
    for v in x:
        y = p(v)
        if y > 0:
            acc = acc + y
    return acc


class _Base:
    def f(self, x):
        return x * 2.0


class _Child(_Base):
    def f(self, x):
        if x > 0:
            return super().f(x) + 1.0
        return super().f(-x)


# super() inside a traced branch of an overriding method
@case((2.0,), (-2.0,), grad=0, vmap=True)
def h3_super_call_traced_branch(x):
    return _Child().f(x)


@dataclasses.dataclass
class _Hist:
    values: list = dataclasses.field(default_factory=list)


# a dataclass holding a list appended in a traced scan
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),))
def h3_dataclass_list_append_in_scan(x):
    h = _Hist()
    for v in x:
        h.values.append(v * 2.0)
    return jnp.stack(h.values)


class _Counter:
    n = 0

    @classmethod
    def make(cls, v):
        cls.n += 1
        return cls() if v > 0 else None


# a classmethod constructor called under a Python condition in a traced loop
@case((3,), (0,))
def h3_classmethod_in_traced_loop(n):
    _Counter.n = 0
    made = 0
    i = 0
    while i < n:
        obj = _Counter.make(1)
        if obj is not None:
            made += 1
        i += 1
    return made


# a NamedTuple unpacked in a for over a Python list, traced sum
class _Pt(NamedTuple):
    x: float
    y: float


@case((1.0,), (-1.0,), grad=0)
def h3_namedtuple_list_unpack(s):
    pts = [_Pt(1.0, 2.0), _Pt(s, -s), _Pt(0.5, s * s)]
    acc = 0.0
    for x, y in pts:
        if x > y:
            acc = acc + x - y
    return acc


# ================================================================ control-flow corners

# while/else with a traced break
@case((3,), (10,), (0,))
def h3_while_else_traced_break(n):
    i = 0
    found = -1
    while i < 5:
        if i == n:
            found = i
            break
        i += 1
    else:
        found = 99
    return found, i


# for/else over an array with a traced break
@case((F(1.0, 2.0, 3.0),), (F(1.0, -2.0, 3.0),))
def h3_for_else_array_break(x):
    for v in x:
        if v < 0:
            status = 1
            break
    else:
        status = 0
    return status


# for/else over range(n) with traced n, zero trips
@case((0,), (3,), (10,))
def h3_for_else_range_zero_trip(n):
    hit = -1
    for i in range(n):
        if i * i > 20:
            hit = i
            break
    else:
        hit = -2
    return hit


# continue in nested loops: inner for over an array inside a traced while
@case((F(1.0, -2.0, 3.0), 2), (F(-1.0, -2.0, -3.0), 3), (F(1.0, 2.0, 3.0), 0))
def h3_continue_nested_loops(x, n):
    acc = 0.0
    i = 0
    while i < n:
        i += 1
        if i == 2:
            continue
        for v in x:
            if v < 0:
                continue
            acc = acc + v * i
    return acc


# walrus in a while test on a float
@case((10.0,), (0.01,), (1.0,))
def h3_walrus_while_float(r):
    steps = 0
    while (r := r * 0.5) > 0.1:
        steps += 1
    return r, steps


# walrus in an if test inside a scan
@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, -3.0),), grad=0)
def h3_walrus_if_in_scan(x):
    acc = 0.0
    for v in x:
        if (w := v * 2.0) > 1.0:
            acc = acc + w
    return acc


# chained comparisons with several traced operands
@case((1.0, 2.0, 3.0), (1.0, 1.0, 3.0), (3.0, 2.0, 1.0), vmap=True)
def h3_chained_three_traced(a, b, c):
    if 0 < a <= b < c < 10:
        r = 1
    elif a == b == c:
        r = 2
    else:
        r = 3
    return r


# a chained comparison as a value (not a test)
@case((1.0, 2.0), (2.0, 1.0))
def h3_chained_comparison_value(a, b):
    ok = 0 < a < b
    return ok


# nested conditional expressions
@case((2.0,), (-2.0,), (0.0,), grad=0, vmap=True)
def h3_nested_ternary(x):
    return 1.0 * x if x > 1 else (x * x if x > -1 else -x)


# early return inside nested loops inside try/except
@case((3, 2), (10, 10), (0, 0))
def h3_return_nested_loops_in_try(n, m):
    try:
        i = 0
        while i < n:
            for j in range(m):
                if i * j == 2:
                    return i, j
            i += 1
    except ValueError:
        return -1, -1
    return -2, -2


# exceptions raised and caught inside a traced loop on a Python condition
@case((4,), (0,))
def h3_raise_catch_python_condition_in_traced_loop(n):
    acc = 0
    i = 0
    while i < n:
        for k in range(3):
            try:
                if k == 1:
                    raise ValueError("skip")
                acc += k
            except ValueError:
                acc += 10
        i += 1
    return acc


# a global counter written in a traced branch
_COUNT = 0


@case((2.0,), (-2.0,))
def h3_global_counter_traced_branch(x):
    global _COUNT
    _COUNT = 0
    for _ in range(3):
        if x > 0:
            _COUNT += 1
    return _COUNT


# `x or default` on a traced value returns an operand, not a bool
@case((2.0,), (0.0,))
def h3_or_default_traced(x):
    y = x or 5.0
    return y


# `a and b` on traced values returns an operand
@case((2.0, 3.0), (0.0, 3.0))
def h3_and_operand_traced(a, b):
    return a and b


# `not` in a while test and a traced int truthiness
@case((5,), (0,))
def h3_not_in_while_test(n):
    steps = 0
    while not (n == 0):
        n -= 1
        steps += 2
    return steps


# a while True loop with several traced exits
@case((7,), (1,), (12,))
def h3_collatz_steps(n):
    steps = 0
    while True:
        if n == 1:
            break
        if steps >= 50:
            break
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


# nested loops: break only the inner one, traced
@case((3,), (0,), (5,))
def h3_break_inner_only(n):
    count = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            count += 1
    return count


# a try/except around a traced if with a Python exception in one branch
@case((2.0,), (-2.0,))
def h3_try_except_python_error_one_branch(x):
    d = {"a": 1.0}
    try:
        v = d["a"]
        if x > 0:
            v = v + x
    except KeyError:
        v = 0.0
    return v


# a loop variable shadowed by a comprehension variable inside a traced loop
@case((3,), (0,))
def h3_loop_var_shadowed_by_comprehension(n):
    i = 0
    acc = 0
    while i < n:
        acc += sum([i for i in range(3)])
        i += 1
    return acc, i


# an assert on traced values with a Python message
@case((2.0,), (-2.0,))
def h3_assert_in_traced_loop(x):
    acc = 0.0
    for k in range(3):
        assert k < 5, "k too big"
        if x > k:
            acc = acc + x
    return acc


# tuple comparison (lexicographic) on traced values
@case((1.0, 2.0, 1.0, 3.0), (1.0, 2.0, 0.0, 3.0), (1.0, 2.0, 1.0, 2.0))
def h3_tuple_lexicographic_compare(a, b, c, d):
    if (a, b) < (c, d):
        r = 1
    else:
        r = 0
    return r


# `in` a range with a traced value
@case((3,), (10,), (-1,))
def h3_in_range_traced(n):
    if n in range(0, 5):
        return 1
    return 0


# ================================================================ generators

def _scaled(x):
    for k in range(3):
        yield x * k


# a user generator yielding traced values
@case((2.0,), (-2.0,), grad=0)
def h3_user_generator_traced_values(x):
    acc = 0.0
    for v in _scaled(x):
        if v > 1.0:
            acc = acc + v
    return acc


def _both(x):
    yield from _scaled(x)
    yield x + 100.0


# yield from
@case((2.0,), (-2.0,), grad=0)
def h3_yield_from(x):
    return sum(_both(x))


def _positives(x):
    for v in x:
        if v > 0:
            yield v


# a generator that filters an array by a traced condition
@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, -3.0),))
def h3_generator_filters_array(x):
    return sum(_positives(x))


def _countdown(n):
    while n > 0:
        yield n
        n -= 1


# a generator with a traced while inside
@case((3,), (0,))
def h3_generator_traced_while(n):
    acc = 0
    for v in _countdown(n):
        acc += v
    return acc


# iter()/next() with default on a Python list of traced values
@case((2.0,), (-2.0,))
def h3_iter_next_default(x):
    it = iter([x, x * 2.0])
    a = next(it)
    b = next(it)
    c = next(it, -1.0)
    if a > 0:
        c = c + b
    return a, b, c


# next() on a generator expression over an array (first match)
@case((F(-1.0, 2.0, 3.0),), (F(-1.0, -2.0, -3.0),))
def h3_next_gen_first_positive(x):
    return next((v for v in x if v > 0), 0.0)


# zip of a generator and an array
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), grad=0)
def h3_zip_generator_array(x):
    acc = 0.0
    for k, v in zip(_scaled(1.0), x):
        if v > 0:
            acc = acc + k * v
    return acc


def _fib_gen():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


# an infinite Python generator consumed by a traced loop
@case((5,), (0,))
def h3_infinite_generator_traced_loop(n):
    g = _fib_gen()
    acc = 0
    for _ in range(n):
        acc += next(g)
    return acc


# enumerate of a user generator with a traced branch
@case((2.0,), (-2.0,))
def h3_enumerate_generator(x):
    acc = 0.0
    for i, v in enumerate(_scaled(x), 1):
        if v >= 0:
            acc = acc + i * v
    return acc


# list() of a generator, then indexing by a Python int
@case((2.0,), (-2.0,), grad=0)
def h3_list_of_generator(x):
    vs = list(_scaled(x))
    if vs[1] > 0:
        return vs[2]
    return vs[0]


# ================================================================ second batch: deeper probes

# `is True` on a traced comparison in a plain if (identity, not equality)
@case((1.0,), (-1.0,))
def h3_is_true_on_traced_comparison(x):
    if (x > 0) is True:
        return 1
    return 2


# generators made in a list comprehension: late binding of k when consumed later
@case((F(1.0, 2.0),), (F(-1.0, 3.0),), grad=0)
def h3_genexpr_late_binding_in_list(x):
    gens = [(v * k for v in x) for k in range(3)]
    return [sum(g) for g in gens]


# max() of two vectors: eager needs the truth of a vector comparison (an error)
@case((F(1.0, 5.0), F(2.0, 3.0)),)
def h3_max_of_two_vectors(a, b):
    return max(a, b)


# min() with key= ties: the first of the tied items wins
@case((-3.0, 3.0, 1.0), (3.0, -3.0, 1.0), (1.0, 2.0, -2.0))
def h3_max_key_ties_first_wins(a, b, c):
    return max([a, b, c], key=abs), min([c, b, a], key=abs)


# sorted() with key= ties is stable
@case((-1.0, 1.0, 0.5), (1.0, -1.0, -0.5))
def h3_sorted_key_stable_ties(a, b, c):
    s = sorted([a, b, c], key=abs)
    return s[0], s[1], s[2]


# sorted(reverse=True) of a Python list of traced values
@case((1.0, 3.0, 2.0), (2.0, 2.0, -1.0))
def h3_sorted_reverse_list(a, b, c):
    s = sorted([a, b, c], reverse=True)
    return s[0] - s[2], s[1]


# sum() of a 2-D array sums its rows
@case((np.array([[1.0, 2.0], [3.0, 4.0]], np.float32),), grad=0)
def h3_sum_2d_array_rows(m):
    s = sum(m)
    if s[0] > s[1]:
        s = s * 2.0
    return s


# any() of an array directly (truth of each element)
@case((F(0.0, 0.0, 1.0),), (F(0.0, 0.0, 0.0),), vmap=True)
def h3_any_all_array_direct(x):
    return any(x), all(x)


# enumerate with a traced start
@case((F(1.0, 2.0), 3), (F(-1.0, 2.0), 0))
def h3_enumerate_traced_start(x, s):
    acc = 0.0
    for i, v in enumerate(x, s):
        acc = acc + i * v
    return acc


# len(range(n)) with a traced n, and a negative step
@case((5,), (0,), (-3,))
def h3_len_range_traced(n):
    return len(range(n)), len(range(n, 0, -2))


# reversed() of a Python list of traced values in a traced loop
@case((2.0, 3,), (-2.0, 0))
def h3_reversed_list_in_traced_while(x, n):
    vals = [x, x * 2.0, x * 3.0]
    acc = 0.0
    i = 0
    while i < n:
        for v in reversed(vals):
            acc = acc * 0.5 + v
        i += 1
    return acc


# a function picked by a traced condition, then called
def _sq(v):
    return v * v


def _neg(v):
    return -v


@case((2.0,), (-2.0,), grad=0, vmap=True)
def h3_function_picked_by_traced_ternary(x):
    f = _sq if x > 0 else _neg
    return f(x)


# a partial picked by a traced if, called after
@case((2.0,), (-2.0,), grad=0)
def h3_partial_picked_by_traced_if(x):
    if x > 0:
        g = functools.partial(_leaky, slope=0.5)
    else:
        g = functools.partial(_leaky, slope=0.25)
    return g(x)


# a lambda with a default argument bound inside a traced while, called after
@case((3,), (0,))
def h3_lambda_default_bound_in_traced_loop(n):
    f = lambda v, s=0: v + s  # noqa: E731
    i = 0
    while i < n:
        f = lambda v, s=i: v + s * 10  # noqa: E731
        i += 1
    return f(1)


# recursion whose base case is a traced condition (eager on concrete values is fine)
def _fact(n):
    return 1 if n <= 1 else n * _fact(n - 1)


@case((5,), (1,))
def h3_recursion_traced_base_case(n):
    return _fact(n)


# recursion with a traced base case inside an if statement
def _gcd(a, b):
    if b == 0:
        return a
    return _gcd(b, a % b)


@case((12, 18), (7, 3))
def h3_recursive_gcd_traced(a, b):
    return _gcd(a, b)


@dataclasses.dataclass
class _P2:
    x: float
    y: float


# dataclass equality (generated __eq__) on traced fields
@case((1.0, 2.0), (1.0, 1.0))
def h3_dataclass_eq_traced(a, b):
    p = _P2(a, b)
    q = _P2(1.0, 2.0)
    if p == q:
        return 1
    return 0


# NamedTuple equality (tuple ==) on traced fields in a traced if
@case((1.0, 2.0), (1.0, 1.0))
def h3_namedtuple_eq_traced(a, b):
    if _Pt(a, b) == _Pt(1.0, 2.0):
        return 1
    return 0


@dataclasses.dataclass(order=True)
class _Ver:
    major: int
    minor: int


# dataclass(order=True) comparison (generated __lt__) on traced fields
@case((1, 2), (2, 0), (1, 5))
def h3_dataclass_order_traced(a, b):
    if _Ver(a, b) < _Ver(1, 3):
        return 1
    return 0


class _Stack:
    def __init__(self, cap):
        self.buf = jnp.zeros(cap)
        self.n = 0

    def push(self, v):
        self.buf = self.buf.at[self.n].set(v)
        self.n += 1

    def pop(self):
        self.n -= 1
        return self.buf[self.n]

    def __len__(self):
        return self.n


# a user stack whose __len__ is traced drives a traced while
@case((3,), (0,))
def h3_user_len_traced_while(k):
    st = _Stack(8)
    i = 0
    while i < k:
        st.push(i * 1.0)
        i += 1
    total = 0.0
    while len(st) > 0:
        total = total + st.pop()
    return total


# `best is None or v > best`: the running-max idiom over an array
@case((F(1.0, 5.0, 3.0),), (F(-1.0, -5.0, -3.0),))
def h3_best_is_none_idiom_scan(x):
    best = None
    for v in x:
        if best is None or v > best:
            best = v
    return best


# the same idiom in a Python loop over a list of traced values
@case((1.0, 5.0), (-1.0, -5.0))
def h3_best_is_none_idiom_list(a, b):
    best = None
    for v in [a, b, a + b]:
        if best is None or v > best:
            best = v
    return best


# super() inside a traced while in a method
class _Base2:
    def step(self, v):
        return v + 1


class _Child2(_Base2):
    def run(self, v, n):
        i = 0
        while i < n:
            v = super().step(v)
            i += 1
        return v


@case((0, 3), (5, 0))
def h3_super_in_traced_while(v, n):
    return _Child2().run(v, n)


# super().__init__ called inside an if
class _Named:
    def __init__(self, scale):
        self.scale = scale


class _Scaled(_Named):
    def __init__(self, scale, flip):
        if flip:
            super().__init__(-scale)
        else:
            super().__init__(scale)


@case((2.0, True), (2.0, False))
def h3_super_init_in_if(s, flip):
    return _Scaled(s, flip).scale


# a generator's return value through `r = yield from`
def _sub(x):
    yield x
    yield x * 2.0
    return x * 10.0


def _outer(x, out):
    r = yield from _sub(x)
    out.append(r)


@case((2.0,), (-2.0,))
def h3_yield_from_return_value(x):
    out = []
    acc = 0.0
    for v in _outer(x, out):
        if v > 0:
            acc = acc + v
    return acc, out[0]


# a class whose __iter__ is a generator, unpacked and looped over
class _Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __iter__(self):
        yield self.a
        yield self.b


@case((1.0, 2.0), (3.0, -1.0), grad=0)
def h3_user_iter_generator_unpack(a, b):
    p = _Pair(a, b)
    u, w = p
    acc = 0.0
    for v in p:
        if v > u:
            acc = acc + v
    return acc + w


# a generator with try/finally, stopped early by break
def _logged_range(n, log):
    try:
        for i in range(n):
            yield i
    finally:
        log.append(n)


@case((2.0,), (-2.0,))
def h3_generator_finally_on_break(x):
    log = []
    acc = 0.0
    for i in _logged_range(5, log):
        if i == 2:
            break
        if x > 0:
            acc = acc + x * i
    return acc, len(log)


# filter(None, ...) and map over Python lists of traced values
@case((2.0,), (-2.0,), grad=0)
def h3_map_filter_python_lists(x):
    ys = list(map(lambda v: v * x, [1.0, 2.0, 3.0]))
    zs = list(filter(None, [0, 1, 2]))
    return sum(ys) + len(zs)


# a walrus-bound value read after a zero-trip traced while
@case((5,), (0,))
def h3_walrus_read_after_loop(n):
    k = -1
    while (k := n - 1) > 10:
        n -= 1
    return k, n


# swap idiom in a traced while (Euclid, iterative)
@case((12, 18), (7, 3), (5, 0))
def h3_swap_euclid_traced_while(a, b):
    while b != 0:
        a, b = b, a % b
    return a


# chained comparison evaluates its middle operand once
@case((1.0,), (5.0,))
def h3_chained_comparison_side_effect_once(x):
    calls = []

    def mid():
        calls.append(1)
        return x * 2.0

    ok = 0.0 < mid() < 5.0
    return ok, len(calls)


# an assert on a traced value (fails for the second set)
@case((2.0,), (-2.0,))
def h3_assert_traced_fails(x):
    y = x * 2.0
    assert y > 0, "y must be positive"
    return y


# a raise under a traced condition inside a scan, uncaught
@case((F(1.0, 2.0),), (F(1.0, -2.0),))
def h3_raise_in_scan_uncaught(x):
    acc = 0.0
    for v in x:
        if v < 0:
            raise ValueError("negative")
        acc = acc + v
    return acc


# `case [a, b, c]` on an array subject: an array is not a Sequence for match
@case((F(1.0, 2.0, 3.0),),)
def h3_match_sequence_pattern_array_subject(x):
    match x:
        case [a, b, c]:
            r = a + b + c
        case _:
            r = -1.0
    return r


# `case int()` on a traced subject
@case((3,), (-3,))
def h3_match_class_int_traced(n):
    match n:
        case int():
            r = 1
        case _:
            r = 2
    return r


# a match inside a comprehension-like helper over a list of (op, traced) pairs
@case((2.0,), (-2.0,), grad=0)
def h3_match_ops_list_of_traced(x):
    ops = [("add", x), ("mul", 3.0), ("clip", 1.0)]
    v = 1.0
    for op in ops:
        match op:
            case ("add", a):
                v = v + a
            case ("mul", a):
                v = v * a
            case ("clip", a):
                if v > a:
                    v = a * 1.0
    return v


# the same case body variable assigned in a Python match and a traced if in it
@case((1.0, 2.0), (-1.0, 2.0))
def h3_match_python_sequence_traced_if_inside(a, b):
    match [a, b]:
        case [first, second]:
            if first > 0:
                r = first
            else:
                r = second
    return r


# int() of a traced float used as a Python-list index
@case((1.7,), (0.2,), (2.9,))
def h3_int_cast_as_list_index(x):
    table = [10.0, 20.0, 30.0]
    return table[int(x)]


# round(x, 1) on a traced int returns an int
@case((17,), (-3,))
def h3_round_int_ndigits(n):
    return round(n, 1), round(n, -1)


# ================================================================ third batch: around the first findings

# `is not False` on a traced comparison
@case((1.0,), (-1.0,))
def h3_is_not_false_traced(x):
    flag = x > 0
    if flag is not False:
        return 1
    return 2


# a traced while inside a Python match case (a class pattern)
@case((5.0,), (0.5,))
def h3_match_class_case_traced_while(x):
    v = 1.0
    match 3:
        case int():
            while v < x:
                v = v * 2.0
    return v


# a traced for/else with break inside a Python match case (a mapping pattern)
@case((F(1.0, -2.0, 3.0),), (F(1.0, 2.0, 3.0),))
def h3_match_mapping_case_for_else(x):
    status = 0
    match {"mode": "scan"}:
        case {"mode": "scan"}:
            for v in x:
                if v < 0:
                    status = 1
                    break
            else:
                status = 2
    return status


# a traced return inside a Python match case (a sequence pattern)
@case((2.0,), (-2.0,))
def h3_match_sequence_case_traced_return(x):
    match ("lim", 1.0):
        case ("lim", k):
            if x > k:
                return k
    return x


# a value read inside the same case after a traced if (live within the case)
@case((2.0,), (-2.0,))
def h3_match_sequence_case_if_then_read(x):
    w = 0.0
    match [x]:
        case [a]:
            v = 1.0
            if a > 0:
                v = a * 3.0
            w = v + 1.0
    return w


# a value-pattern match (converted) nested inside a Python match case
@case((0,), (1,), (2,))
def h3_match_nested_value_in_sequence(n):
    r = -1
    match ("k", 10):
        case ("k", base):
            match n:
                case 0:
                    r = base
                case 1:
                    r = base * 2
    return r


# a loop inside a Python match inside a traced loop: the match re-runs each iteration
@case((3,), (0,))
def h3_traced_while_around_python_match(n):
    acc = 0
    i = 0
    while i < n:
        match (1, 2):
            case (a, b):
                if i % 2 == 0:
                    acc += a
                else:
                    acc += b
        i += 1
    return acc


# sorted() of (value, index) tuples over an array
@case((F(3.0, 1.0, 2.0),), (F(1.0, 1.0, 0.0),))
def h3_sorted_tuples_over_array(x):
    s = sorted((v, i) for i, v in enumerate(x))
    return s[0][1], s[-1][1]


# max(d, key=d.get): the key with the largest traced value
@case((1.0, 2.0), (3.0, -1.0))
def h3_max_dict_key_get(a, b):
    scores = {"a": a, "b": b, "c": 1.5}
    best = max(scores, key=scores.get)
    return scores[best], best == "b"


# nested unpacking of enumerate(zip(...)) in a scan
@case((F(1.0, 2.0), F(3.0, -1.0)), (F(-1.0, 0.0), F(0.0, 1.0)), grad=0)
def h3_enumerate_zip_nested_unpack(x, y):
    acc = 0.0
    for i, (a, b) in enumerate(zip(x, y)):
        if a * b > 0:
            acc = acc + i + a * b
    return acc


# enumerate(reversed(x)) over an array
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),))
def h3_enumerate_reversed_array(x):
    acc = 0.0
    for i, v in enumerate(reversed(x)):
        if v > 0:
            acc = acc + i * v
    return acc


# dict(zip(names, array)) then a traced if on an entry
@case((F(1.0, 2.0),), (F(-1.0, 0.0),), grad=0)
def h3_dict_zip_array(x):
    d = dict(zip(["w", "b"], x))
    if d["w"] > 0:
        d["b"] = d["b"] + d["w"]
    return d


# a user __len__ that is a Python int, with a traced body
@case((2.0,), (-2.0,))
def h3_user_len_python_int(x):
    b = _Bag(3)
    i = 0
    acc = 0.0
    while i < len(b):
        if x > i:
            acc = acc + x
        i += 1
    return acc


# range() with traced bounds inside sum() and len()
@case((2, 6), (6, 2))
def h3_range_traced_both_bounds(a, b):
    return sum(range(a, b)), len(range(a, b))


# Outcomes of this hunt (2026-12-07), "<key>: reason" with key "refused" or "<class> <mode>",
# in the format of corpus_hunt_python2.KNOWN. OPEN marks a converter bug or an unfair /
# unclear refusal still to fix; the others are fair refusals or documented behaviour.
_IS = ("documented (README, `flag is True`): a traced bool compares by value, as the flag a "
       "traced branch set stands for a Python bool; eagerly an array is never the True/False "
       "singleton. Telling a flag from a comparison's array needs the value's origin (open)")
_EMPTY_SUM = ("documented-like: sum() of an empty filter is Python int 0 eagerly, float32 0.0 "
              "converted (dtype only; as corpus_hunt_python2 h2_sum_filter_lambda_traced)")
KNOWN: dict[str, str] = {
    # ---- fair refusals
    "h3_match_or_as_capture_traced": "refused: StateError: a traced match subject with a "
                                     "`(1 | 2) as k` pattern stays Python (clear, says what "
                                     "to write)",
    "h3_match_sequence_pattern_array_subject": "refused: StateError: sequence pattern on a "
                                               "traced subject (fair, clear)",
    "h3_match_class_int_traced": "refused: StateError: class pattern on a traced subject "
                                 "(fair, clear)",
    "h3_list_comp_range_traced_len": "refused: TracedShapeError: list length depends on a "
                                     "traced range bound (fair)",
    "h3_min_of_vectors": "refused: ConcreteValueError: min() of objects whose __lt__ is traced "
                         "(fair, clear)",
    "h3_global_counter_traced_branch": "refused: StateError: a global written in a traced if "
                                       "(fair, clear)",
    "h3_generator_filters_array": "refused: ConcreteValueError: a user generator filtering "
                                  "by a traced condition (fair, clear)",
    "h3_generator_traced_while": "refused: ConcreteValueError: a user generator with a traced "
                                 "while (fair, clear)",
    "h3_infinite_generator_traced_loop": "refused: StateError: next() of a generator made "
                                         "before a traced loop (fair, clear)",
    "h3_lambda_default_bound_in_traced_loop": "refused: LoopStateMismatch: a lambda rebound "
                                              "in a traced while (fair)",
    "h3_dataclass_eq_traced": "refused: ConcreteValueError: dataclass-generated __eq__ has no "
                              "source and needs truth of traced fields (clear; NamedTuple == "
                              "works)",
    "h3_dataclass_order_traced": "refused: ConcreteValueError: dataclass(order=True) "
                                 "generated __lt__ (clear)",
    # ---- unclear / unfair refusals
    "h3_match_sequence_of_traced": "refused: ConcreteValueError: OPEN (unclear): a value "
                                   "subpattern `(0.0, y)` on a traced item; the message lists "
                                   "walrus comprehensions and unconverted functions, not match",
    "h3_match_class_pattern_literal_field_traced": "refused: ConcreteValueError: OPEN "
                                                   "(unclear): same, `_Circle(r=0.0)`",
    "h3_match_sequence_traced_guard": "refused: ConcreteValueError: OPEN (unclear): a traced "
                                      "guard on a sequence pattern, same message",
    # ---- MISMATCH: identity tests on traced bools
    "h3_match_true_singleton_on_comparison": "MISMATCH jit: " + _IS,
    "h3_match_return_in_scan": "MISMATCH fn: " + _IS,
    "h3_is_true_on_traced_comparison": "MISMATCH jit: " + _IS,
    "h3_is_not_false_traced": "MISMATCH fn: " + _IS,
    # ---- MISMATCH: others
    "h3_abs_user_object": "MISMATCH grad: OPEN (inherent to lax.cond): grad is NaN at 0 where "
                          "eager gives 1.0; sqrt' = inf in the untaken branch times an "
                          "instantiated zero cotangent (plain lax.cond does the same)",
    "h3_sum_filtered_gen_over_array": "MISMATCH fn: " + _EMPTY_SUM,
    "h3_nested_gen_rows": "MISMATCH fn: " + _EMPTY_SUM,
    "h3_clamp_max_min_python": "MISMATCH fn: documented promotion: max(x, 1) picks the Python "
                               "int 1 eagerly, float32 1.0 converted (dtype only)",
}
