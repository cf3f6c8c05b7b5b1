"""Python idioms, continued: classes, dataclasses, closures, recursion, JAX
transformations of converted helpers, argument passing, globals."""
from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


class Counter:
    def __init__(self, start):
        self.count = start

    def bump(self, by):
        if by > 0:
            self.count = self.count + by
        return self.count


@case((1, 2), (1, -2))
def method_with_traced_if_on_attribute(start, by):
    c = Counter(start)
    c.bump(by)
    c.bump(by)
    return c.count


class Accumulator:
    def __init__(self):
        self.total = 0.0
        self.n = 0

    def add(self, v):
        self.total = self.total + v
        self.n += 1

    def mean(self):
        return self.total / self.n


@case((F(1.0, 2.0, 3.0),), (F(4.0, 0.0, -4.0),))
def object_state_in_loop_over_array(x):
    acc = Accumulator()
    for v in x:
        acc.add(v)
    return acc.mean()


@dataclasses.dataclass
class Params:
    w: float
    b: float


@case((1.0, 0.5), (-2.0, 1.0), grad=0)
def dataclass_state_in_loop(w, b):
    p = Params(w, b)
    for _ in range(3):
        if p.w > 0:
            p.w = p.w * 0.5
        p.b = p.b + p.w
    return p.b


@case((3,), (0,))
def closure_nonlocal_counter(n):
    count = 0

    def inc():
        nonlocal count
        count += 1

    i = 0
    while i < n:
        inc()
        i += 1
    return count


@case((2.0,), (5.0,), grad=0)
def closure_captures_argument(x):
    def scale(v):
        return v * x
    return scale(3.0) + scale(x)


def _rec_power(x, n):
    if n == 0:
        return 1.0
    return x * _rec_power(x, n - 1)


@case((2.0, 3), (1.5, 0), static=(1,), grad=0)
def recursion_on_static_int(x, n):
    return _rec_power(x, n)


@case((2.0,), (-1.0,), grad=0)
def helper_under_jax_grad(x):
    def f(v):
        if v > 0:
            return v * v
        return -v
    return jax.grad(f)(x)


@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, 0.5),),
      ref=lambda x: jnp.where(x > 0, x, 0.0))
def helper_under_vmap(x):
    def f(v):
        if v > 0:
            r = v
        else:
            r = 0.0
        return r
    return jax.vmap(f)(x)


def _scan_ref(x):
    c = jnp.cumsum(jnp.where(x > 0, x, 0.0))
    return c[-1], c * 2


@case((F(1.0, -2.0, 3.0),), (F(0.0, 2.0, 3.0),), grad=0, ref=_scan_ref)
def lax_scan_body_with_if(x):
    def body(c, v):
        if v > 0:
            c = c + v
        return c, c * 2
    total, ys = jax.lax.scan(body, 0.0, x)
    return total, ys


@case((5,), (0,), ref=lambda n: jnp.asarray(n * (n - 1) // 2))
def lax_fori_body_with_while(n):
    def body(i, acc):
        k = i
        while k > 0:
            acc = acc + 1
            k = k - 1
        return acc
    return jax.lax.fori_loop(0, n, body, 0)


@case((2.0,), (-2.0,), grad=0, ref=lambda x: jnp.where(x > 0, x * 3.0, x * x))
def jax_checkpoint_helper(x):
    @jax.checkpoint
    def g(v):
        return v * 3.0 if v > 0 else v * v
    return g(x)


def _scaled(v, k=2.0, *, shift=0.0):
    if v > 0:
        return v * k + shift
    return v


@case((1.0,), (-1.0,), grad=0)
def kwargs_defaults_partial(x):
    h = functools.partial(_scaled, shift=1.0)
    return h(x) + _scaled(x, 3.0)


@case((1.0, 2.0, 3.0), (4.0, 5.0, 6.0))
def star_args_and_unpacking(*xs):
    first, *rest = xs
    total = first
    for r in rest:
        if r > total:
            total = r
    return total


@case((3,), (12,))
def walrus_in_loop_test(n):
    s = 0
    while (m := n - s) > 0:
        s += 4 if m > 4 else 1
    return s


@case((0,), (1,), (5,))
def match_on_value(code):
    match code:
        case 0:
            r = 10
        case 1:
            r = 20
        case _:
            r = -1
    return r


SCALE = 3.0


@case((2.0,), (-1.0,), grad=0)
def reads_module_global(x):
    if x > 0:
        return x * SCALE
    return x


@case((F(1.0, 2.0), F(3.0, 4.0)), (F(0.0, 0.0), F(1.0, 2.0)), grad=0)
def zip_with_python_list_weights(x, y):
    w = [0.5, 2.0]
    acc = 0.0
    for a, b, c in zip(x, y, w):
        acc += a * b * c
    return acc


@case((F(1.0, 2.0, 3.0, 4.0),), (F(4.0, 3.0, 2.0, 1.0),))
def chained_comparison_traced(x):
    c = 0
    for v in x:
        if 1.5 < v <= 3.0:
            c += 1
    return c


@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),))
def str_of_traced_in_assert(x):
    assert x.shape[0] == 3, f"bad shape {x.shape}"
    s = x.sum()
    assert s > -10, f"sum {s} too small"
    return s


@case((2,), (3,))
def list_pop_and_insert_static(n):
    xs = [1, 2, 3, 4]
    xs.pop()
    xs.insert(0, n)
    return xs[0] + xs[-1]


@case((F(1.0, 2.0),), (F(3.0, 4.0),))
def method_call_on_array_in_loop(x):
    for _ in range(2):
        x = x.reshape(2, 1).T.flatten() * 2
    return x.sum()


@case((2,), (4,))
def list_of_arrays_sum_traced_len(n):
    xs = [jnp.ones(2) * i for i in range(3)]
    acc = jnp.zeros(2)
    for i in range(n):
        acc = acc + xs[i % 3]
    return acc


@case((True, 1.0), (False, 1.0))
def bool_flag_selects_branch(flag, x):
    if flag:
        y = x + 1.0
    else:
        y = x - 1.0
    return y


@case((3.0,), (-3.0,))
def nested_ternary_in_loop(x):
    out = []
    for k in range(3):
        out.append(x * k if x > 0 else (x - k if k > 1 else x))
    return out


@case((2,), (-2,))
def comparison_result_arithmetic(n):
    return (n > 0) + (n > 1) * 2
