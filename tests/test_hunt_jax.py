"""Bug hunt: converted functions inside the JAX ecosystem, probes the differential
harness (tests/foreign/harness.py) cannot express: transformations applied from
outside a converted function (vmap of grad, hessian, vjp reused, linearize then
transpose), prints under vmap, Equinox / Flax modules, and the findings of the hunt
(each failed before its fix: NaN gradients, a hang).
"""
from __future__ import annotations

import subprocess
import sys
import textwrap

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import autograph_py as ag


def close(a, b, tol=1e-4):
    la, ta = jax.tree_util.tree_flatten(a)
    lb, tb = jax.tree_util.tree_flatten(b)
    assert ta == tb, (ta, tb)
    for x, y in zip(la, lb):
        np.testing.assert_allclose(np.asarray(x, np.complex128), np.asarray(y, np.complex128),
                                   rtol=tol, atol=1e-5)


# ------------------------------------------------------------------ findings

def _select_cube(xs):
    s = 0.0
    for x in xs:
        if x < 1e10:
            y = x * x * x
        else:
            y = 2.0 * x
        s = s + y
    return s


def test_grad_of_a_selected_branch_that_overflows_where_not_taken():
    xs = jnp.array([1.0, 1e20])
    close(jax.grad(ag.convert(_select_cube))(xs), jax.grad(_select_cube)(xs))   # [3, 2]


def _sqrt_down(x):
    while x > 1.5:
        x = jnp.sqrt(x - 1.0)
    return x


def test_vmap_of_grad_of_a_while_whose_body_has_an_infinite_derivative_at_the_exit():
    xs = jnp.array([2.0, 5.0])
    want = jnp.array([jax.grad(_sqrt_down)(float(x)) for x in xs])    # [0.5, 0.125]
    close(jax.vmap(jax.grad(ag.convert(_sqrt_down)))(xs), want)


def test_grad_of_vmap_of_a_traced_range_with_per_lane_trip_counts():
    def g(x, n):
        for _ in range(n):
            x = jnp.sqrt(x - 1.0)
        return x
    xs, ns = jnp.array([2.0, 5.0, 26.0]), jnp.array([1, 2, 3])
    want = jnp.array([jax.grad(g)(float(x), int(n)) for x, n in zip(xs, ns)])
    close(jax.grad(lambda xs: jax.vmap(ag.convert(g))(xs, ns).sum())(xs), want)


def test_forward_mode_of_the_same_vmapped_loop_is_right():
    xs = jnp.array([2.0, 5.0])
    want = jnp.array([jax.grad(_sqrt_down)(float(x)) for x in xs])
    close(jax.vmap(jax.jacfwd(ag.convert(_sqrt_down)))(xs), want)


_HANG = textwrap.dedent("""
    import jax, jax.numpy as jnp
    import autograph_py as ag
    def safe_sqrt(x):
        if x > 0:
            y = x
            while jnp.abs(y * y - x) > 1e-4 * x:
                y = 0.5 * (y + x / y)
        else:
            y = 0.0 * x
        return y
    print(jax.vmap(ag.convert(safe_sqrt))(jnp.array([4.0, -4.0])))
""")


def test_vmap_of_a_while_inside_a_branch_that_some_lanes_do_not_take_ends(tmp_path):
    # In a child process (a file: conversion reads the source), so that a hang fails.
    script = tmp_path / "hang.py"
    script.write_text(_HANG)
    try:
        r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                           timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("vmap of safe_sqrt did not finish in 120 s (eager: [2.0, -0.0])")
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["[", "2.", "-0.]"] or "[ 2. -0.]" in r.stdout, r.stdout


# ------------------------------------------------------------------ probes that pass

def _grow(x, n):
    i = 0
    while i < n:
        x = x * 1.01 + 0.01 * jnp.sin(x)
        i += 1
    return x


def test_vmap_of_grad_and_grad_of_vmap_with_trip_counts_across_k():
    c = ag.convert(_grow)
    xs, ns = jnp.array([0.5, 0.7, 1.0]), jnp.array([3, 40, 100])
    want = jnp.array([jax.grad(_grow)(float(x), int(n)) for x, n in zip(xs, ns)])
    close(jax.jit(jax.vmap(jax.grad(c)))(xs, ns), want)
    close(jax.jit(jax.grad(lambda xs: jnp.sum(jax.vmap(c)(xs, ns))))(xs), want)
    close(jax.hessian(c)(0.5, 70), jax.hessian(_grow)(0.5, 70))


def test_vjp_reused_jitted_vmapped_and_linearize_transposed():
    def f(x, n):
        i = 0
        while i < n:
            x = jnp.sin(x) * 1.2 + x[::-1] * 0.1
            i += 1
        return x
    c = ag.convert(f)
    x = jnp.array([0.3, 0.5, 0.9])
    _, pb = jax.vjp(lambda x: c(x, 5), x)
    _, pb2 = jax.vjp(lambda x: f(x, 5), x)
    close((pb(jnp.ones(3)), pb(jnp.arange(3.0))), (pb2(jnp.ones(3)), pb2(jnp.arange(3.0))))
    close(jax.jit(pb)(jnp.ones(3)), pb2(jnp.ones(3)))
    close(jax.vmap(pb)(jnp.eye(3)), jax.vmap(pb2)(jnp.eye(3)))
    _, lin = jax.linearize(lambda x: c(x, 5), x)
    _, lin2 = jax.linearize(lambda x: f(x, 5), x)
    close(jax.linear_transpose(lin, x)(jnp.ones(3)), jax.linear_transpose(lin2, x)(jnp.ones(3)))


def test_holomorphic_grad_and_complex_jvp_through_a_traced_while():
    def h(z, n):
        i = 0
        while i < n:
            z = z * z * 0.5 + 0.1j
            i += 1
        return z
    c = ag.convert(h)
    close(jax.jit(jax.grad(c, holomorphic=True))(0.3 + 0.2j, 5),
          jax.grad(h, holomorphic=True)(0.3 + 0.2j, 5))


def test_gradient_descent_with_an_inner_grad_in_a_traced_range():
    def gd(w, x, y, n):
        for _ in range(n):
            g = jax.grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
            w = w - 0.01 * g
        return w
    c = ag.convert(gd)
    x = jnp.arange(3.0)
    close(jax.jit(jax.jacfwd(c))(0.5, x, 2 * x, 7), jax.jacfwd(gd)(0.5, x, 2 * x, 7))
    close(jax.jit(jax.grad(lambda x: c(0.5, x, 2 * x, 7)))(x),
          jax.grad(lambda x: gd(0.5, x, 2 * x, 7))(x))


def test_scan_of_converted_body_in_a_traced_while_grad_hessian():
    def inner(c, x):
        k = 0
        while c < x * 3.0 and k < 4:
            c = c + 0.5 * jnp.sin(c) + 0.1
            k += 1
        return c, c * x

    def outer(x, n):
        i = 0
        while i < n:
            x, ys = lax.scan(inner, x, jnp.array([1.0, 2.0, 0.5]))
            x = x * 0.5 + 0.01 * jnp.sum(ys)
            i += 1
        return x

    def ref(x, n):
        for _ in range(n):
            ys = []
            for xx in [1.0, 2.0, 0.5]:
                x, y = inner(x, xx)
                ys.append(y)
            x = x * 0.5 + 0.01 * sum(ys)
        return x
    c = ag.convert(outer)
    close(jax.jit(jax.grad(c))(0.3, 3), jax.grad(ref)(0.3, 3))
    close(jax.jit(jax.hessian(c))(0.3, 3), jax.hessian(ref)(0.3, 3))


def test_prints_under_vmap_of_a_while_with_per_lane_trip_counts(capsys):
    def f(x, n):
        i = 0
        while i < n:
            print("i", i, x)
            x = x + 1.0
            i += 1
        return x
    out = jax.jit(jax.vmap(ag.convert(f)))(jnp.array([0.0, 10.0]), jnp.array([1, 3]))
    jax.effects_barrier()
    close(out, jnp.array([1.0, 13.0]))
    lines = sorted(capsys.readouterr().out.splitlines())
    assert lines == sorted(["i 0 0.0", "i 0 10.0", "i 1 11.0", "i 2 12.0"])


def test_equinox_module_with_early_return_over_layers_filter_grad():
    eqx = pytest.importorskip("equinox")

    class Stack(eqx.Module):
        layers: list
        thresh: float = eqx.field(static=True)

        def __init__(self, key, thresh):
            self.layers = [eqx.nn.Linear(3, 3, key=k) for k in jax.random.split(key, 3)]
            self.thresh = thresh

        def __call__(self, x):
            for i, layer in enumerate(self.layers):
                y = jax.nn.relu(layer(x))
                if jnp.linalg.norm(y) > self.thresh:
                    return x * (i + 1)
                x = y + x
            return x
    m = Stack(jax.random.PRNGKey(0), 1.0)
    x = jnp.array([0.3, -0.2, 0.5])

    def loss(m, x):
        return jnp.sum(m(x) ** 2)
    close(eqx.filter_jit(ag.convert(eqx.filter_grad(loss)))(m, x), eqx.filter_grad(loss)(m, x))


def test_linen_nn_scan_of_a_cell_with_a_traced_if():
    nn = pytest.importorskip("flax.linen")

    class Cell(nn.Module):
        @nn.compact
        def __call__(self, c, x):
            h = nn.Dense(2)(c)
            if jnp.sum(x) > 0:
                h = jnp.tanh(h + x)
            else:
                h = h * 0.5
            return h, h.sum()

    class RNN(nn.Module):
        @nn.compact
        def __call__(self, c, xs):
            return nn.scan(Cell, variable_broadcast="params", split_rngs={"params": False})()(c, xs)

    class Ref(nn.Module):
        @nn.compact
        def __call__(self, c, xs):
            cell, outs = Cell(), []
            for i in range(xs.shape[0]):
                c, o = cell(c, xs[i])
                outs.append(o)
            return c, jnp.stack(outs)
    xs, c0 = jnp.array([[1.0, 0.0], [-1.0, -2.0], [0.5, 0.5]]), jnp.ones(2)
    p = Ref().init(jax.random.PRNGKey(0), c0, xs)
    pp = {"params": {"ScanCell_0": p["params"]["Cell_0"]}}
    close(ag.function(lambda p, c, xs: RNN().apply(p, c, xs))(pp, c0, xs), Ref().apply(p, c0, xs))


def test_apply_along_axis_and_scipy_minimize_get_converted_functions():
    from jax.scipy.optimize import minimize

    def f1d(v):
        s = 0.0
        for x in v:
            if x > 1.0:
                break
            s = s + x
        return s
    m = jnp.array([[0.5, 0.7, 2.0], [3.0, 0.1, 0.1]])
    close(jax.jit(ag.convert(lambda m: jnp.apply_along_axis(f1d, 1, m)))(m),
          jnp.array([f1d(r) for r in m]))

    def fun(x):
        s = 0.0
        for i in range(x.shape[0]):
            d = x[i] - i
            if d > 0:
                s = s + d * d
            else:
                s = s + 2 * d * d
        return s

    def ref(x):
        d = x - jnp.arange(x.shape[0])
        return jnp.sum(jnp.where(d > 0, d * d, 2 * d * d))
    x0 = jnp.array([3.0, -1.0, 0.5])
    close(jax.jit(ag.convert(lambda x0: minimize(fun, x0, method="BFGS").x))(x0),
          minimize(ref, x0, method="BFGS").x)
