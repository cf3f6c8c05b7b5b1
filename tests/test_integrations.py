"""Flax (linen and NNX), Equinox and optax: training steps with Python control flow.

Each converted step is checked against the same computation written by hand
with `jax.lax` / `jnp.where`, as a user would have to write it without
autograph_py. The package never imports these libraries; the tests do
(`make test` installs them with the `test` extra).
"""
from __future__ import annotations

import os

import equinox as eqx
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
import pytest
from flax import nnx

import autograph_py as ag
from tests.conftest import assert_same

KEY = jax.random.PRNGKey(0)
X = jax.random.normal(jax.random.PRNGKey(1), (4,))
TARGET = jnp.ones(4)


# -- optax: clip the gradient by a Python `if` on its norm ---------------------------

OPT = optax.sgd(0.1)


def optax_step(params, state, x):
    g = jax.grad(lambda p: jnp.sum((p * x - 1.0) ** 2))(params)
    norm = optax.tree.norm(g)
    if norm > 1.0:
        g = jax.tree_util.tree_map(lambda v: v / norm, g)
    updates, state = OPT.update(g, state, params)
    return optax.apply_updates(params, updates), state


def optax_step_by_hand(params, state, x):
    g = jax.grad(lambda p: jnp.sum((p * x - 1.0) ** 2))(params)
    norm = optax.tree.norm(g)
    g = jax.lax.cond(norm > 1.0, lambda g: jax.tree_util.tree_map(lambda v: v / norm, g),
                     lambda g: g, g)
    updates, state = OPT.update(g, state, params)
    return optax.apply_updates(params, updates), state


@pytest.mark.parametrize("scale", [10.0, 0.01])   # clipped, and not
def test_optax_step_with_an_if_on_the_gradient_norm(scale):
    params = jnp.full(4, scale)
    state = OPT.init(params)
    got = ag.function(optax_step)(params, state, X)
    assert_same(got, jax.jit(optax_step_by_hand)(params, state, X))


def warmup(count):   # a schedule with a Python `if`, called by optax inside update
    if count < 3:
        return 0.1
    return 0.01


def test_optax_calls_a_user_schedule_with_an_if_inside_a_chain():
    opt = optax.chain(optax.clip(1.0), optax.scale_by_adam(), optax.scale_by_schedule(warmup),
                      optax.scale(-1.0))
    by_hand = optax.chain(optax.clip(1.0), optax.scale_by_adam(),
                          optax.scale_by_schedule(lambda c: jnp.where(c < 3, 0.1, 0.01)),
                          optax.scale(-1.0))

    def step(opt):
        def run(p, s, x):
            g = jax.grad(lambda p: jnp.sum((p * x - 1.0) ** 2))(p)
            u, s = opt.update(g, s, p)
            return optax.apply_updates(p, u), s
        return run

    converted, hand = ag.function(step(opt)), jax.jit(step(by_hand))
    p, s, q, t = jnp.ones(3), opt.init(jnp.ones(3)), jnp.ones(3), by_hand.init(jnp.ones(3))
    for _ in range(5):   # the schedule changes at step 3
        p, s = converted(p, s, 2 * X[:3])
        q, t = hand(q, t, 2 * X[:3])
        assert_same(p, q)


# -- Equinox: an adaptive-step solver, a module with an `if`, filter transformations -

class Decay(eqx.Module):
    rate: jax.Array

    def __call__(self, t, y):
        return -self.rate * y + jnp.sin(t)


def adaptive_solve(field, y0, t1):
    """Euler with step doubling: accept the step if the error is small, else halve it."""
    t, y, dt, steps = 0.0, y0, 0.5, 0
    while t < t1:
        dt = jnp.minimum(dt, t1 - t)
        full = y + dt * field(t, y)
        half = y + 0.5 * dt * field(t, y)
        half = half + 0.5 * dt * field(t + 0.5 * dt, half)
        err = jnp.max(jnp.abs(full - half))
        if err < 1e-3:
            t, y = t + dt, half
            dt = dt * 1.5
        else:
            dt = dt * 0.5
        steps += 1
    return y, steps


def adaptive_solve_by_hand(field, y0, t1):
    def body(c):
        t, y, dt, steps = c
        dt = jnp.minimum(dt, t1 - t)
        full = y + dt * field(t, y)
        half = y + 0.5 * dt * field(t, y)
        half = half + 0.5 * dt * field(t + 0.5 * dt, half)
        ok = jnp.max(jnp.abs(full - half)) < 1e-3
        return (jnp.where(ok, t + dt, t), jnp.where(ok, half, y),
                jnp.where(ok, dt * 1.5, dt * 0.5), steps + 1)
    t, y, dt, steps = jax.lax.while_loop(lambda c: c[0] < t1, body,
                                         (0.0, y0, 0.5, 0))
    return y, steps


def test_equinox_adaptive_step_solver_matches_a_hand_written_while_loop():
    field = Decay(jnp.array([0.5, 2.0]))
    y0 = jnp.array([1.0, -1.0])
    got = eqx.filter_jit(ag.convert(adaptive_solve))(field, y0, jnp.float32(3.0))
    want = eqx.filter_jit(adaptive_solve_by_hand)(field, y0, jnp.float32(3.0))
    assert_same(got, want, rtol=1e-5)
    assert int(got[1]) > 5   # it did adapt


class Gate(eqx.Module):
    w: jax.Array

    def __init__(self, key):
        self.w = jax.random.normal(key, (4, 4))

    def __call__(self, x):
        y = self.w @ x
        if jnp.sum(y) > 0:
            y = jnp.tanh(y)
        return y

    def scale(self, a):
        if a > 0:
            return jnp.sqrt(a) * self.w
        return a * self.w


def gate_by_hand(m, x):
    y = m.w @ x
    return jnp.where(jnp.sum(y) > 0, jnp.tanh(y), y)


def test_equinox_module_bound_method_and_filter_transformations():
    m = Gate(KEY)

    def loss(m, x):
        return jnp.sum((m(x) - TARGET) ** 2)

    def loss_by_hand(m, x):
        return jnp.sum((gate_by_hand(m, x) - TARGET) ** 2)

    xs = jnp.stack([X, -X, 2 * X])
    step = ag.function(lambda m, x, xs: (eqx.filter_grad(loss)(m, x),
                                         eqx.filter_value_and_grad(loss)(m, x),
                                         eqx.filter_vmap(loss, in_axes=(None, 0))(m, xs),
                                         jax.vmap(m)(xs), m.scale(4.0), m.scale(-1.0)))
    got = step(m, X, xs)
    want = (eqx.filter_grad(loss_by_hand)(m, X), eqx.filter_value_and_grad(loss_by_hand)(m, X),
            jax.vmap(lambda x: loss_by_hand(m, x))(xs), jax.vmap(lambda x: gate_by_hand(m, x))(xs),
            2.0 * m.w, -m.w)
    assert_same(got, want)


@eqx.filter_jit
def gate_loss_jitted(m, x):
    return jnp.sum(m(x) ** 2)


def test_an_equinox_filter_jit_made_outside_converted_code():
    m = Gate(KEY)
    got = ag.function(lambda m, x: gate_loss_jitted(m, x) + eqx.filter_grad(
        gate_loss_jitted)(m, x).w.sum())(m, X)
    by_hand = lambda m, x: jnp.sum(gate_by_hand(m, x) ** 2)
    assert_same(got, by_hand(m, X) + jax.grad(by_hand)(m, X).w.sum())


# -- Flax linen: an early exit over layers, apply and method= -----------------------

class EarlyExitMLP(nn.Module):
    depth: int = 4

    def setup(self):
        self.layers = [nn.Dense(4) for _ in range(self.depth)]

    def __call__(self, x):
        for layer in self.layers:
            x = jnp.tanh(layer(x))
            if jnp.max(jnp.abs(x)) > 0.9:   # saturated: stop early
                break
        return x

    def first(self, x):
        y = self.layers[0](x)
        if y[0] > 0:
            y = -y
        return y


def linen_by_hand(model, params, x):
    def body(i, c):
        x, done = c
        y = jnp.tanh(model.apply(params, x, method=lambda m, v: m.layers[i](v)))
        return jnp.where(done, x, y), done | (jnp.max(jnp.abs(y)) > 0.9)
    done = False
    for i in range(model.depth):   # a Python loop: the layers are separate modules
        x, done = body(i, (x, done))
    return x


@pytest.mark.parametrize("scale", [0.1, 3.0])   # exits early, or runs every layer
def test_linen_training_step_with_an_early_exit_over_layers(scale):
    model = EarlyExitMLP()
    params = model.init(KEY, X)
    x = X * scale

    def step(params, x):
        loss = lambda p: jnp.sum((model.apply(p, x) - TARGET) ** 2)
        value, grads = jax.value_and_grad(loss)(params)
        return value, jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)

    def step_by_hand(params, x):
        loss = lambda p: jnp.sum((linen_by_hand(model, p, x) - TARGET) ** 2)
        value, grads = jax.value_and_grad(loss)(params)
        return value, jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)

    assert_same(ag.function(step)(params, x), jax.jit(step_by_hand)(params, x), rtol=1e-5)
    got = ag.function(lambda p, x: model.apply(p, x, method=EarlyExitMLP.first))(params, x)
    y = model.apply(params, x, method=lambda m, v: m.layers[0](v))
    assert_same(got, jnp.where(y[0] > 0, -y, y))
    got = ag.function(lambda p, x: model.apply(p, x, method="first"))(params, x)
    assert_same(got, jnp.where(y[0] > 0, -y, y))


# -- Flax NNX: a module called from converted code, and convert under nnx.jit --------

class NNXEarlyExit(nnx.Module):
    def __init__(self, rngs):
        self.layers = nnx.List([nnx.Linear(4, 4, rngs=rngs) for _ in range(3)])

    def __call__(self, x):
        for layer in self.layers:
            x = jnp.tanh(layer(x))
            if jnp.max(jnp.abs(x)) > 0.9:
                break
        return x


def nnx_by_hand(model, x):
    done = False
    for layer in model.layers:
        y = jnp.tanh(layer(x))
        x, done = jnp.where(done, x, y), done | (jnp.max(jnp.abs(y)) > 0.9)
    return x


@pytest.mark.parametrize("scale", [0.1, 3.0])
def test_nnx_training_step_with_an_early_exit_over_layers(scale):
    model = NNXEarlyExit(nnx.Rngs(0))
    x = X * scale

    def step(model, x):
        loss = lambda m: jnp.sum((m(x) - TARGET) ** 2)
        return nnx.value_and_grad(loss)(model)

    def step_by_hand(model, x):
        loss = lambda m: jnp.sum((nnx_by_hand(m, x) - TARGET) ** 2)
        return nnx.value_and_grad(loss)(model)

    got_value, got_grads = nnx.jit(ag.convert(step))(model, x)
    want_value, want_grads = nnx.jit(step_by_hand)(model, x)
    assert_same(got_value, want_value)
    assert_same(jax.tree_util.tree_leaves(nnx.state(got_grads)),
                jax.tree_util.tree_leaves(nnx.state(want_grads)))
    assert_same(ag.function(lambda x: model(x))(x), nnx_by_hand(model, x))


class Counter(nnx.Module):
    def __init__(self):
        self.count = nnx.Variable(jnp.array(0))
        self.total = nnx.Param(jnp.zeros(4))

    def add(self, x):
        self.count[...] = self.count[...] + 1
        self.total[...] = self.total[...] + x

    def step(self, xs):
        for x in xs:   # a scan; the Variables change in its traced `if`, directly and in add()
            if jnp.sum(x) > 0:
                self.add(x)
            if x[0] > 1.0:
                self.count[...] += 10
        return self.count[...]


def counter_by_hand(xs):
    count, total = 0, jnp.zeros(4)
    for x in xs:
        if jnp.sum(x) > 0:
            count, total = count + 1, total + x
        if x[0] > 1.0:
            count += 10
    return count, total


def test_nnx_variables_changed_in_traced_ifs_and_loops_are_state():
    xs = jax.random.normal(jax.random.PRNGKey(2), (6, 4)) * 2.0
    model = Counter()
    out = nnx.jit(ag.convert(lambda m, xs: m.step(xs)))(model, xs)
    count, total = counter_by_hand([x for x in xs])
    assert int(out) == count == int(model.count[...])
    assert_same(model.total[...], total)
    out = nnx.jit(ag.convert(lambda m, xs: m.step(xs)))(model, xs)   # from the new values
    assert int(out) == 2 * count
    assert_same(model.total[...], 2 * total)


class ValueCounter(nnx.Module):
    def __init__(self):
        self.count = nnx.Variable(jnp.array(0))

    def step(self, x):
        if x > 0:
            self.count.value += 1   # `.value` is deprecated in NNX: its warning names this file
        return x * 2


def test_a_library_warning_while_state_is_read_names_the_users_file():
    import warnings
    model = ValueCounter()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        nnx.jit(ag.convert(lambda m, x: m.step(x)))(model, jnp.float32(1.0))
    assert int(model.count[...]) == 1
    deprecations = [w for w in caught if "value" in str(w.message)]
    # NNX's own setter warns from its own file eagerly too; none may name autograph_py.
    assert any(w.filename == __file__ for w in deprecations)
    assert not any(os.sep + "autograph_py" + os.sep in w.filename for w in deprecations), [
        (w.filename, w.lineno) for w in deprecations]


@nnx.jit
def nnx_forward(model, x):
    return model(x)


def test_an_nnx_jit_made_outside_converted_code_and_nnx_grad_inside():
    model = NNXEarlyExit(nnx.Rngs(0))

    def f(model, x):
        loss = lambda m: jnp.sum(m(x) ** 2)
        return nnx_forward(model, x), nnx.grad(loss)(model)

    y, grads = ag.function(f)(model, X * 3.0)
    assert_same(y, nnx_by_hand(model, X * 3.0))
    want = nnx.grad(lambda m: jnp.sum(nnx_by_hand(m, X * 3.0) ** 2))(model)
    assert_same(jax.tree_util.tree_leaves(nnx.state(grads)),
                jax.tree_util.tree_leaves(nnx.state(want)))


def test_linen_init_creating_parameters_under_a_traced_condition_is_a_clear_error():
    class Lazy(nn.Module):
        @nn.compact
        def __call__(self, x):
            if jnp.sum(x) > 0:
                x = nn.Dense(4)(x)   # created only on one path
            return x

    model = Lazy()
    with pytest.raises(ag.StateError, match="nn.cond / nn.while_loop") as e:
        ag.function(lambda x: model.init(KEY, x))(X)
    assert f"{__file__}:" in str(e.value)
    params = model.init(KEY, jnp.abs(X))   # eagerly: the path with the layer
    x = jnp.abs(X)
    assert_same(ag.function(lambda p, x: model.apply(p, x))(params, x),
                model.apply(params, x))


class CompactGate(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(4)(x)   # every path creates it: init may be converted too
        if jnp.sum(x) > 0:
            x = nn.relu(x)
        return x


def test_linen_compact_module_with_a_traced_if_init_and_apply():
    model = CompactGate()
    params = ag.function(lambda x: model.init(KEY, x))(X)
    assert_same(params, model.init(KEY, X))
    for x in (X, -X):
        y = nn.Dense(4).apply({"params": params["params"]["Dense_0"]}, x)
        assert_same(ag.function(lambda p, x: model.apply(p, x))(params, x),
                    jnp.where(jnp.sum(y) > 0, jax.nn.relu(y), y))
