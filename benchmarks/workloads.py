"""The runtime workloads: eager-style code and what a JAX expert writes by hand.

Each `Workload` pairs a function written the way a user writes eager JAX
(Python `if`/`while`/`for` on traced values), which autograph_py converts,
with the same computation written directly in `jax.lax`. `args()` builds the
inputs; `batched` workloads are compared under `jax.vmap`.

The eager-style functions are module-level so autograph_py can read their
source; the hand-written ones must never be passed to the converter.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


@dataclass(frozen=True)
class Workload:
    name: str
    what: str                 # one line for the table
    eager: Callable           # the user's code, converted by autograph_py
    hand: Callable            # the same computation in jax.lax
    args: Callable[[], tuple]
    batched: bool = False     # compare jax.vmap(convert(eager)) with jax.vmap(hand)
    # The same result by another computation: `jnp.where` runs every branch
    # where `lax.cond` runs one. SEMANTICS.md lowers a traced `if` to
    # `lax.cond`, so `hand` is the cond an expert writes for that `if` and
    # this is reported beside it, not judged against the targets.
    select: Callable | None = None


# -- 1. data-dependent while over a large array: Newton's sqrt to tolerance ----

def newton_sqrt(a):
    y = a
    steps = 0
    while jnp.max(jnp.abs(y * y - a)) > 1e-3:
        y = 0.5 * (y + a / y)
        steps += 1
    return y, steps


def newton_sqrt_lax(a):
    def cond(state):
        y, _ = state
        return jnp.max(jnp.abs(y * y - a)) > 1e-3

    def body(state):
        y, steps = state
        return 0.5 * (y + a / y), steps + 1

    return lax.while_loop(cond, body, (a, 0))


def _newton_args():
    rng = np.random.default_rng(0)
    return (jnp.asarray(rng.uniform(1.0, 100.0, 1 << 20), jnp.float32),)


# -- 2. nested while with break: row-wise prefix sums up to a threshold -------

def prefix_until(x, n, limit):
    total = 0.0
    i = 0
    while i < n:
        j = 0
        while j < n:
            if x[i, j] > limit:
                break
            total = total + x[i, j]
            j += 1
        i += 1
    return total


def prefix_until_lax(x, n, limit):
    # An expert folds the break into the inner loop's test.
    def outer_body(state):
        i, total = state

        def inner_cond(inner):
            j, _ = inner
            # not (x > limit), as the eager code says: `x <= limit` is
            # another function of a NaN.
            return (j < n) & ~(x[i, j] > limit)

        def inner_body(inner):
            j, t = inner
            return j + 1, t + x[i, j]

        _, total = lax.while_loop(inner_cond, inner_body, (0, total))
        return i + 1, total

    _, total = lax.while_loop(lambda s: s[0] < n, outer_body, (0, jnp.float32(0.0)))
    return total


def _prefix_args():
    rng = np.random.default_rng(1)
    n = 200
    x = jnp.asarray(rng.uniform(0.0, 1.0, (n, n)), jnp.float32)
    return x, jnp.int32(n), jnp.float32(0.99)


# -- 3. for over a large array: a leaky recurrence along the leading axis -----

def leaky_scan(xs, h):
    for x in xs:
        h = 0.9 * h + 0.1 * jnp.tanh(x + h)
    return h


def leaky_scan_lax(xs, h):
    def step(h, x):
        return 0.9 * h + 0.1 * jnp.tanh(x + h), None

    h, _ = lax.scan(step, h, xs)
    return h


def _leaky_args():
    rng = np.random.default_rng(2)
    xs = jnp.asarray(rng.normal(size=(4096, 256)), jnp.float32)
    return xs, jnp.zeros(256, jnp.float32)


# -- 4. for range(traced n) with matrix work ---------------------------------

def power_steps(a, x, n):
    for _ in range(n):
        x = a @ x
        x = x / jnp.linalg.norm(x)
    return x


def power_steps_lax(a, x, n):
    def body(_, x):
        x = a @ x
        return x / jnp.linalg.norm(x)

    return lax.fori_loop(0, n, body, x)


def _power_args():
    rng = np.random.default_rng(3)
    a = jnp.asarray(rng.normal(size=(256, 256)), jnp.float32)
    x = jnp.asarray(rng.normal(size=(256, 64)), jnp.float32)
    return a, x, jnp.int32(50)


# -- 5. if/elif/else under vmap: the Huber loss, one element at a time --------

def huber(x):
    if x < -1.0:
        y = -x - 0.5
    elif x < 1.0:
        y = 0.5 * x * x
    else:
        y = x - 0.5
    return y


def huber_lax(x):
    return lax.cond(x < -1.0, lambda x: -x - 0.5,
                    lambda x: lax.cond(x < 1.0, lambda x: 0.5 * x * x, lambda x: x - 0.5, x), x)


def huber_select(x):
    # Under vmap both branches of a cond run anyway; some experts write selects.
    return jnp.where(x < -1.0, -x - 0.5, jnp.where(x < 1.0, 0.5 * x * x, x - 0.5))


def _huber_args():
    rng = np.random.default_rng(4)
    return (jnp.asarray(rng.normal(scale=2.0, size=1 << 20), jnp.float32),)


# -- 6. a tiny function where dispatch dominates -----------------------------

def leaky_relu(x):
    if x > 0:
        return x
    return 0.01 * x


def leaky_relu_lax(x):
    return lax.cond(x > 0, lambda x: x, lambda x: 0.01 * x, x)


def leaky_relu_select(x):
    return jnp.where(x > 0, x, 0.01 * x)


def _tiny_args():
    return (jnp.float32(-3.0),)


WORKLOADS = (
    Workload("while_large", "data-dependent while, 1M floats (Newton sqrt)",
             newton_sqrt, newton_sqrt_lax, _newton_args),
    Workload("nested_while_break", "nested while + break, 200x200 (traced n)",
             prefix_until, prefix_until_lax, _prefix_args),
    Workload("for_array", "for x in xs, 4096x256 (scan)",
             leaky_scan, leaky_scan_lax, _leaky_args),
    Workload("for_range_matmul", "for range(traced n=50), 256x256 @ 256x64",
             power_steps, power_steps_lax, _power_args),
    Workload("if_elif_vmap", "if/elif/else under vmap, 1M floats",
             huber, huber_lax, _huber_args, batched=True, select=huber_select),
    Workload("tiny_dispatch", "scalar if + early return (dispatch-bound)",
             leaky_relu, leaky_relu_lax, _tiny_args, select=leaky_relu_select),
)


def traceable_pair(w: Workload, convert: Callable) -> tuple[Callable, Callable]:
    """(the converted eager code, the hand-written code), unjitted; under vmap if batched."""
    conv, hand = convert(w.eager), w.hand
    if w.batched:
        conv, hand = jax.vmap(conv), jax.vmap(hand)
    return conv, hand


def traceable_select(w: Workload) -> Callable:
    return jax.vmap(w.select) if w.batched else w.select
