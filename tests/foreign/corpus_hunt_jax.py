"""Converted functions inside the JAX ecosystem (bug hunt): gradients, jacobians,
jvp/vjp/linearize of traced loops and branches (with break / return / trip counts
around the reverse sweep's checkpoint boundaries), vmap with in_axes / out_axes,
lax bodies with Python control flow, custom_jvp / custom_vjp, pytrees as loop
state, random keys, dtype promotion and complex state, Equinox / Flax / optax.

Programs that hand Python control flow to a transformation use `ref=` (the same
computation without Python control flow on traced values).
"""
from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731


# ------------------------------------------------------------------ reverse sweep around K = 32

def _grow_n(x, n):
    i = 0
    while i < n:
        x = x * 1.01 + 0.001 * jnp.sin(x)
        i += 1
    return x


@case((0.5, 31), (0.5, 32), (0.5, 33), (0.5, 64), (0.5, 65), (0.5, 0), (0.5, 1),
      grad=0, vmap=True)
def grad_while_trip_counts_near_k(x, n):
    return _grow_n(x, n)


@case((0.5, 1023), (0.5, 1024), (0.5, 1025), (0.3, 1100), grad=0, vmap=True,
      modes=("jit", "fn"))
def grad_while_trip_counts_near_k_squared(x, n):
    i = 0
    while i < n:
        x = x + 0.0001 * jnp.cos(x * i)
        i += 1
    return x


@case((0.7, 7), (0.7, 8), (0.7, 9), (0.7, 2), grad=0, vmap=True)
def grad_with_two_checkpoints(x, n):
    s = 0.0
    for i in range(n):
        ag_set(2)
        s = s + jnp.sin(x * (i + 1)) * x
        x = x * 0.99
    return s


def ag_set(k):
    import autograph_py as ag
    ag.set_loop_options(checkpoints=k)


@case((1.3, 50), (0.2, 5), grad=0, vmap=True)
def grad_uses_counter_in_float_math(x, n):
    k = 0
    acc = x
    while k < n:
        acc = acc + k * x * 0.01 + jnp.tanh(acc) * 0.1
        k = k + 1
    return acc * k


@case((1.0, 2.0, 40), (0.3, 1.5, 3), grad=1, vmap=True)
def grad_wrt_closed_over_value_read_in_body_and_test(x, w, n):
    i = 0
    while i < n and x < 100.0:
        x = x + w * jnp.cos(x)
        i += 1
    return x * w


@case((1.0,), (0.01,), (20.0,), grad=0, vmap=True)
def grad_trip_count_depends_on_x(x):
    y = x
    while y < 50.0:
        y = y * 2.0 + x
    return y


@case((0.5, 4), (1.5, 6), (0.1, 0), grad=0, vmap=True)
def grad_nested_while_inner_depends_on_outer(x, n):
    i = 0
    while i < n:
        j = 0
        while j < i:
            x = x + 0.1 * jnp.sin(x + j)
            j += 1
        x = x * 1.05
        i += 1
    return x


@case((F(1.0, 2.0, 3.0, 4.0), 1.5), (F(0.5, -1.0, 3.0, 0.2), 0.0), grad=1, vmap=True)
def grad_for_over_array_with_break_and_continue(xs, w):
    s = w
    for x in xs:
        if x < 0:
            continue
        s = s * x + w
        if s > 10.0:
            break
    return s


@case((0.3, 10), (2.0, 10), (0.3, 0), grad=0, vmap=True)
def grad_early_return_in_range_loop(x, n):
    for i in range(n):
        x = x * 1.3 + 0.05 * i
        if x > 3.0:
            return x * x
    return -x


@case((1.0, 5), (2.0, 3), grad=0, vmap=True)
def grad_two_sequential_traced_loops(x, n):
    a = x
    for _ in range(n):
        a = jnp.sin(a) + x
    b = a
    k = 0
    while k < n:
        b = b * a * 0.5
        k += 1
    return a + b


@case((1.0, 6), (-1.0, 4), grad=0, vmap=True)
def grad_first_assigned_in_loop(x, n):
    for i in range(n):
        y = x * i
        x = x + 0.1 * y
    return x + y


@case((0.9, 10), (1.1, 3), grad=0, vmap=True)
def grad_overwritten_state(x, n):
    c = x
    i = 0
    while i < n:
        c = c * 0.0 + x * i
        i += 1
    return c


@case((1.0, 2.0, 5), (3.0, -1.0, 7), grad=0, vmap=True)
def grad_of_builtins_min_max_abs_in_loop(x, y, n):
    s = 0.0
    for i in range(n):
        s = s + max(x * i, y) - min(abs(x - i), y)
    return s


@case((2.0, 4), (0.5, 3), grad=0, vmap=True)
def grad_pow_with_int_counter(x, n):
    s = 0.0
    i = 1
    while i <= n:
        s = s + x ** i / i
        i += 1
    return s


# ------------------------------------------------------------------ pytree and dtype state

class Pt(NamedTuple):
    pos: jax.Array
    vel: jax.Array


@case((1.0, 0.5, 12), (3.0, -0.5, 5), grad=0, vmap=True)
def namedtuple_state_traced_while(p, v, n):
    s = Pt(p, v)
    i = 0
    while i < n:
        s = s._replace(vel=s.vel - 0.1 * s.pos)
        s = Pt(s.pos + 0.1 * s.vel, s.vel)
        i += 1
    return s


@case(({"a": 1.0, "b": 2.0}, 4), ({"a": -1.0, "b": 0.5}, 2), grad=0)
def dict_state_grad_wrt_dict(p, n):
    for i in range(n):
        if p["a"] > p["b"]:
            p = {"a": p["a"] * 0.5, "b": p["b"] + 1.0}
        else:
            p = {"a": p["a"] + p["b"], "b": p["b"] * 0.9}
    return p["a"] * p["b"]


@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 1.0),), vmap=True)
def int_float_promotion_in_loop(xs):
    s = 0
    c = 0
    for x in xs:
        if x > 0:
            s = s + x
            c = c + 1
    return s, c, s / max(c, 1)


@case((np.array([1, 2, 3], np.int32),), (np.array([0, -4, 9], np.int32),), vmap=True)
def int_array_sum_stays_int(xs):
    s = 0
    for x in xs:
        s += x * 2
    m = s // 3
    return s, m, s / 2


@case((0.3, 0.4), (1.0, 1.0), (-0.5, 0.2), vmap=True)
def mandelbrot_escape_complex(re, im):
    c = re + 1j * im
    z = 0j
    n = 0
    while abs(z) <= 2.0 and n < 30:
        z = z * z + c
        n += 1
    return n, z


@case((1.0, 3), (0.2, 0), grad=0)
def complex_state_grad_of_real(x, n):
    z = x + 0.5j
    for _ in range(n):
        z = z * (1.0 + 0.1j) + x
    return jnp.real(z * jnp.conj(z))


@case((2.5,), (-2.5,), (0.0,), vmap=True, grad=0)
def weak_float_branch_join(x):
    if x > 0:
        y = 1
    elif x < 0:
        y = x
    else:
        y = 2.0
    return y * 3


# ------------------------------------------------------------------ transformations inside

def _ref_inner_grad(x):
    def f(z):
        return jnp.where(z > 1.0, z * z, jnp.sin(z))
    return jax.grad(f)(x), jax.hessian(f)(x)


@case((2.0,), (0.5,), ref=_ref_inner_grad)
def grad_and_hessian_inside_converted(x):
    def f(z):
        if z > 1.0:
            return z * z
        return jnp.sin(z)
    return jax.grad(f)(x), jax.hessian(f)(x)


def _ref_jacrev_while(x):
    def f(v):
        def body(c):
            v, i = c
            return v * 1.1 + jnp.roll(v, 1) * 0.01, i + 1
        return lax.while_loop(lambda c: c[1] < 5, body, (v, 0))[0]
    return jax.jacfwd(f)(x)


@case((F(1.0, 2.0, 3.0),), ref=_ref_jacrev_while)
def jacrev_of_traced_while_inside(x):
    def f(v):
        i = 0
        while i < jnp.asarray(5):
            v = v * 1.1 + jnp.roll(v, 1) * 0.01
            i += 1
        return v
    return jax.jacrev(f)(x)


def _ref_linearize(x, n):
    def f(v):
        def body(i, v):
            return jnp.sin(v) + v
        return lax.fori_loop(0, n, body, v)
    y, lin = jax.linearize(f, x)
    return y, lin(1.0), lin(2.0)


@case((0.5, 3), (1.0, 0), ref=_ref_linearize, modes=("arr", "jit", "fn"))
def linearize_of_traced_range(x, n):
    def f(v):
        for i in range(n):
            v = jnp.sin(v) + v
        return v
    y, lin = jax.linearize(f, x)
    return y, lin(1.0), lin(2.0)


def _ref_vjp(x, t):
    def f(v):
        return jnp.where(v > 1.0, v ** 3, -v)
    y, pb = jax.vjp(f, x)
    return y, pb(t)[0]


@case((2.0, 1.0), (0.5, 3.0), ref=_ref_vjp)
def vjp_of_traced_if(x, t):
    def f(v):
        if v > 1.0:
            return v ** 3
        else:
            return -v
    y, pb = jax.vjp(f, x)
    return y, pb(t)[0]


def _ref_vmap_out_axes(xs, ys):
    return jnp.where(xs[:, None] > 0, xs[:, None] * ys, ys).T


@case((F(1.0, -2.0, 3.0), F(0.5, 0.25)), ref=_ref_vmap_out_axes)
def vmap_in_axes_none_out_axes_1(xs, ys):
    def f(x, y):
        if x > 0:
            return x * y
        return y
    return jax.vmap(f, in_axes=(0, None), out_axes=1)(xs, ys)


def _collatz_ref(n):
    def body(c):
        m, k = c
        return jnp.where(m % 2 == 0, m // 2, 3 * m + 1), k + 1
    return lax.while_loop(lambda c: c[0] != 1, body, (n, 0))[1]


@case((np.array([1, 6, 7, 27], np.int32),), ref=lambda ns: jax.vmap(_collatz_ref)(ns))
def vmap_collatz_differing_trip_counts(ns):
    def f(n):
        k = 0
        while n != 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            k += 1
        return k
    return jax.vmap(f)(ns)


@case((np.arange(6, dtype=np.float32).reshape(2, 3),),
      ref=lambda m: jnp.cumsum(jnp.maximum(m, 1.0), axis=1))
def nested_vmap_with_scan_loop(m):
    def row(v):
        out = []
        s = 0.0
        for x in v:
            s = s + (x if x > 1.0 else 1.0)
            out.append(s)
        return jnp.stack(out)
    return jax.vmap(jax.vmap(lambda r: row(r), in_axes=0), in_axes=0)(m[None])[0]


def _scan_ref(xs):
    def body(c, x):
        c2 = jnp.where(x > 0, c + x, c * 0.5)
        return c2, c2 * 2
    return lax.scan(body, 1.0, xs)


@case((F(1.0, -2.0, 3.0, 0.0),), ref=_scan_ref, grad=0)
def lax_scan_body_with_if_in_a_scan(xs):
    def body(c, x):
        if x > 0:
            c = c + x
        else:
            c = c * 0.5
        return c, c * 2
    return lax.scan(body, 1.0, xs)


def _fori_ref(x, n):
    def body(i, c):
        def inner(j, c):
            return c + jnp.where(j < i, 0.1 * c, 0.0)
        return lax.fori_loop(0, 3, inner, c)
    return lax.fori_loop(0, n, body, x)


@case((1.0, 4), (2.0, 0), ref=_fori_ref, grad=0)
def lax_fori_body_with_static_inner_loop_and_traced_if(x, n):
    def body(i, c):
        for j in range(3):
            if j < i:
                c = c + 0.1 * c
        return c
    return lax.fori_loop(0, n, body, x)


def _map_ref(xs):
    def f(x):
        return jnp.where(x > 2.0, x * 10.0, jnp.where(x > 0.0, x + 1.0, 0.0))
    return lax.map(f, xs)


@case((F(3.0, 1.0, -1.0, 2.5),), ref=_map_ref)
def lax_map_with_early_returns(xs):
    def f(x):
        if x > 2.0:
            return x * 10.0
        if x > 0.0:
            return x + 1.0
        return 0.0 * x
    return lax.map(f, xs)


def _cond_ref(p, x):
    def t(x):
        def b(c):
            return c * 2.0
        return lax.while_loop(lambda c: c < 100.0, b, x)
    return lax.cond(p > 0, t, lambda x: -x, x)


@case((1.0, 3.0), (-1.0, 3.0), ref=_cond_ref)
def lax_cond_branch_with_traced_while(p, x):
    def t(x):
        while x < 100.0:
            x = x * 2.0
        return x
    return lax.cond(p > 0, t, lambda x: -x, x)


def _switch_ref(k, x):
    return lax.switch(k, [lambda x: x + 1.0, lambda x: jnp.where(x > 0, x * x, 0.0),
                          lambda x: -x], x)


@case((0, 2.0), (1, -3.0), (1, 3.0), (2, 2.0), (7, 2.0), ref=_switch_ref)
def lax_switch_branch_with_if(k, x):
    def b1(x):
        if x > 0:
            return x * x
        return 0.0 * x
    return lax.switch(k, [lambda x: x + 1.0, b1, lambda x: -x], x)


# ------------------------------------------------------------------ custom rules

@jax.custom_jvp
def clipped_log(x):
    y = jnp.log(jnp.maximum(x, 1e-3))
    while y > 10.0:
        y = y - 1.0
    return y


@clipped_log.defjvp
def _clipped_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = clipped_log(x)
    if x > 1e-3:
        dy = t / x
    else:
        dy = 0.0 * t
    return y, dy


@case((2.0,), (1e-5,), grad=0)
def custom_jvp_with_while_and_if(x):
    return clipped_log(x) * 2.0


@jax.custom_vjp
def safe_div(a, b):
    if b == 0:
        return 0.0 * a
    return a / b


def _sd_fwd(a, b):
    return safe_div(a, b), (a, b)


def _sd_bwd(res, g):
    a, b = res
    if b == 0:
        return (0.0 * g, 0.0 * g)
    return (g / b, -g * a / (b * b))


safe_div.defvjp(_sd_fwd, _sd_bwd)


@case((3.0, 2.0), (3.0, 0.0), grad=0)
def custom_vjp_with_ifs_in_loop(a, b):
    s = 0.0
    for i in range(3):
        s = s + safe_div(a * i, b + i * 0.0)
    return s


# ------------------------------------------------------------------ random keys

def _rand_walk_ref(seed, n):
    key = jax.random.PRNGKey(seed)

    def body(i, c):
        key, x = c
        key, sub = jax.random.split(key)
        x = x + jax.random.normal(sub)
        return key, x
    return lax.fori_loop(0, n, body, (key, 0.0))[1]


@case((0, 5), (3, 0), modes=("arr", "jit", "fn"))
def random_walk_split_in_traced_range(seed, n):
    key = jax.random.PRNGKey(seed)
    x = 0.0
    for i in range(n):
        key, sub = jax.random.split(key)
        x = x + jax.random.normal(sub)
    return x


@case((1, 0.5), (2, 0.9), vmap=True)
def rejection_sample_until(seed, thresh):
    key = jax.random.PRNGKey(seed)
    tries = 0
    u = 1.0
    while u > thresh:
        key, sub = jax.random.split(key)
        u = jax.random.uniform(sub)
        tries += 1
    return tries, u


# ------------------------------------------------------------------ static args

@case((F(1.0, 2.0), "sum", 3), (F(1.0, 2.0), "max", 2), static=(1, 2))
def static_string_and_int(x, mode, n):
    for _ in range(n):
        if mode == "sum":
            x = x + jnp.sum(x)
        else:
            x = x * jnp.max(x) * 0.5
    return x


@case((1.0, True), (1.0, False), (-1.0, True), static=(1,))
def different_structure_per_static(x, pair):
    if pair:
        if x > 0:
            return x, x * 2
        return -x, x
    return {"v": x if x > 0 else -x}


# ------------------------------------------------------------------ libraries

def _optax_ref(w0, lr):
    import optax
    opt = optax.adam(lr)
    params = {"w": w0}
    state = opt.init(params)

    def loss(p):
        return jnp.sum((p["w"] - 3.0) ** 2)

    def step(c):
        params, state, i, done = c
        l, g = jax.value_and_grad(loss)(params)
        upd, state2 = opt.update(g, state, params)
        p2 = jax.tree_util.tree_map(lambda a, b: jnp.where(done | (l < 0.1), a, b), params,
                                    optax_apply(params, upd))
        s2 = jax.tree_util.tree_map(lambda a, b: jnp.where(done | (l < 0.1), a, b), state, state2)
        return p2, s2, i + jnp.where(done | (l < 0.1), 0, 1), done | (l < 0.1)
    c = (params, state, 0, jnp.asarray(False))
    for _ in range(40):
        c = step(c)
    return c[0]["w"], c[2]


def optax_apply(p, u):
    import optax
    return optax.apply_updates(p, u)


@case((F(0.0, 1.0), 0.3), (F(2.9, 3.1), 0.1), modes=("arr", "jit", "fn"))
def optax_python_range_with_traced_break(w0, lr):
    import optax
    opt = optax.adam(lr)
    params = {"w": w0}
    state = opt.init(params)

    def loss(p):
        return jnp.sum((p["w"] - 3.0) ** 2)
    steps = 0
    for _ in range(40):
        l, g = jax.value_and_grad(loss)(params)
        if l < 0.1:
            break
        upd, state = opt.update(g, state, params)
        params = optax.apply_updates(params, upd)
        steps += 1
    return params["w"], steps


# ------------------------------------------------------------------ findings (see test_hunt_jax.py)

@case((F(1.0, 1e20),), (F(1.0, 2.0),), grad=0)
def cheap_branch_in_loop_overflows_where_not_taken(xs):
    s = 0.0
    for x in xs:
        if x < 1e10:
            s = s + x * x * x
    return s


@case((F(1e3, 1e3, 1e3, 1e3), 3.0), grad=0)
def cheap_branch_scan_input_gradient(xs, s):
    for x in xs:
        if s < 1e19:
            s = s * s * x
    return s


# Accepted outcomes ("<key>: reason", key "refused" or "<class> <mode>"), merged by
# tests/test_foreign.py.
KNOWN: dict[str, str] = {
    "weak_float_branch_join": "MISMATCH jit: dtype only: `y = 1` on one branch, a float on "
                              "the other join as float32 (documented promotion)",
}
