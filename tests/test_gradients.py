"""Reverse-mode differentiation through loops whose trip count is traced (issue 15).

The reference for each gradient is `jax.grad` of the same Python function run
unconverted: JAX differentiates Python control flow on concrete values, so
that is the gradient of the program unrolled for the trip count it ran.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import pytest
from jax.test_util import check_grads

import autograph_py as ag
from autograph_py.lowering import adjoint, tracing


def newton_sqrt(a):
    x = a
    while jnp.abs(x * x - a) > 1e-5 * a:
        x = 0.5 * (x + a / x)
    return x


def range_sum(x, n):
    s = 0.0
    for i in range(n):
        s = s + jnp.sin(x * i)
    return s


def grow_until(x, lim):
    y = x
    k = 0
    while True:
        y = y * 1.5 + 0.1 * jnp.sin(y)
        k += 1
        if y > lim:
            break
    return y * k


def early_return(x, n):
    for i in range(n):
        x = x * 1.1 + 0.01 * i
        if x > 5.0:
            return x * 2
    return x


def nested(x, n):
    t = x
    i = 0
    while i < n:
        j = 0
        while j < i:
            t = t * 1.01 + 0.1 * jnp.cos(t)
            j += 1
        i += 1
    return t


def pytree_state(p, n):
    st = {"a": p["w"], "b": (p["w"] * 2, jnp.zeros(3))}
    for _ in range(n):
        st = {"a": st["a"] * 0.9 + p["v"].sum(),
              "b": (st["b"][0] + st["a"], st["b"][1] + p["v"] * st["a"])}
    return st["a"] + st["b"][0] + st["b"][1].sum()


def closure_reads(x, w, tol):
    # The body reads `w` and the test reads `tol` from outside the loop.
    y = x
    while y < tol:
        y = y * w + x
    return y


def fixed_point(x):
    z = jnp.zeros(3)
    err = 1.0
    while err > 1e-5:
        new = jnp.tanh(x * z + 0.5)
        err = jnp.max(jnp.abs(new - z))
        z = new
    return z.sum()


def step_range(x, n):
    acc = x
    for i in range(n, 0, -2):
        acc = acc * 0.97 + 0.05 * i * x
    return acc


def _close(a, b, tol=1e-4):
    jax.tree_util.tree_map(lambda u, v: np.testing.assert_allclose(u, v, rtol=tol, atol=tol),
                           a, b)


CASES = [
    (newton_sqrt, (2.0,), (), 0),
    (range_sum, (0.3, 7), (), 0),
    (grow_until, (1.0, 10.0), (), 0),
    (early_return, (1.0, 50), (), 0),
    (early_return, (1.0, 3), (), 0),
    (nested, (0.5, 6), (), 0),
    (pytree_state, ({"w": 1.0, "v": jnp.arange(3.0)}, 4), (), 0),
    (closure_reads, (0.7, 1.3, 10.0), (), (0, 1, 2)),
    (fixed_point, (0.8,), (), 0),
    (step_range, (1.5, 9), (), 0),
]


def _traced_args(args):
    # Python ints become traced int32 (a traced trip count); floats stay floats.
    return tuple(jnp.int32(a) if isinstance(a, int) else a for a in args)


@pytest.mark.parametrize("fn,args,_,argnums", CASES, ids=lambda v: getattr(v, "__name__", ""))
def test_grad_matches_the_unrolled_gradient_under_jit_and_eagerly(fn, args, _, argnums):
    want = jax.grad(fn, argnums=argnums)(*args)
    targs = _traced_args(args)
    # ag.function compiles; jax.grad of ag.convert without jit traces the loop in grad's trace.
    _close(jax.grad(ag.function(fn), argnums=argnums)(*targs), want)
    _close(jax.grad(ag.convert(fn), argnums=argnums)(*targs), want)
    _close(jax.jit(jax.grad(ag.convert(fn), argnums=argnums))(*targs), want)


@pytest.mark.parametrize("fn,args,_,argnums", CASES[:4], ids=lambda v: getattr(v, "__name__", ""))
def test_value_and_grad_vjp_and_jacrev(fn, args, _, argnums):
    targs = _traced_args(args)
    f = ag.function(fn)
    value, grad = jax.value_and_grad(f)(*targs)
    _close(value, fn(*args))
    _close(grad, jax.grad(fn)(*args))
    out, pull = jax.vjp(lambda x: f(x, *targs[1:]), targs[0])
    _close(pull(jnp.ones_like(out))[0], jax.grad(fn)(*args))
    _close(jax.jacrev(f)(*targs), jax.grad(fn)(*args))


def test_forward_mode_jvp_and_jacfwd_keep_working():
    f = ag.function(newton_sqrt)
    _close(jax.jvp(f, (2.0,), (1.0,)), jax.jvp(newton_sqrt, (2.0,), (1.0,)))
    _close(jax.jacfwd(f)(2.0), 0.5 / np.sqrt(2.0))
    g = ag.function(range_sum)
    _close(jax.jacfwd(g)(0.3, jnp.int32(7)), jax.grad(range_sum)(0.3, 7))


def test_second_order_forward_over_reverse():
    f = ag.function(newton_sqrt)
    _close(jax.jacfwd(jax.jacrev(f))(2.0), -0.25 * 2.0 ** -1.5)
    _close(jax.hessian(ag.function(range_sum))(0.3, jnp.int32(7)),
           jax.hessian(range_sum)(0.3, 7))


def test_reverse_over_reverse_through_a_traced_trip_count_is_a_clear_error():
    # A raw ValueError of JAX's while_loop transpose before (fuzz 98038/33, 98054/91):
    # the reverse sweep is a loop of a traced trip count too.
    g = ag.function(range_sum)
    for second in (jax.grad(jax.grad(g)), jax.jit(jax.grad(jax.grad(g)))):
        with pytest.raises(ag.errors.DifferentiationError, match="reverse mode over reverse"):
            second(0.3, jnp.int32(7))
    _close(jax.jacfwd(jax.grad(g))(0.3, jnp.int32(7)), jax.jacfwd(jax.grad(range_sum))(0.3, 7))
    static = ag.function(range_sum, static_argnums=1)   # a trip count known when tracing
    _close(jax.grad(jax.grad(static))(0.3, 7), jax.grad(jax.grad(range_sum))(0.3, 7))


def test_vmap_of_grad_and_grad_of_vmap():
    xs = jnp.array([0.5, 2.0, 9.0, 30.0])
    f = ag.function(newton_sqrt)
    want = jnp.stack([jax.grad(newton_sqrt)(float(x)) for x in xs])
    _close(jax.vmap(jax.grad(f))(xs), want)
    _close(jax.grad(lambda v: jax.vmap(f)(v).sum())(xs), want)
    # per-element trip counts differ: each element's steps stop at its own count
    ns = jnp.array([0, 1, 5, 12], jnp.int32)
    g = ag.function(range_sum)
    want = jnp.stack([jax.grad(range_sum)(0.3, int(n)) for n in ns])
    _close(jax.vmap(jax.grad(g), in_axes=(None, 0))(0.3, ns), want)
    _close(jax.vmap(jax.vmap(jax.grad(g), in_axes=(None, 0)), in_axes=(0, None))(
        jnp.array([0.3, 0.4]), ns)[0], want)


@pytest.mark.parametrize("slots", [2, 3, 5, 32])
def test_checkpoint_levels_give_the_same_gradient(slots):
    def f(x, n):
        for i in range(n):
            ag.set_loop_options(checkpoints=slots)
            x = x + 0.01 * jnp.sin(x * (i % 7))
        return x
    want = jax.grad(f)(0.4, 300)
    assert adjoint.levels(slots) ** 1 and slots ** adjoint.levels(slots) >= 2 ** 31
    _close(jax.grad(ag.function(f))(0.4, jnp.int32(300)), want)
    _close(jax.grad(ag.function(f))(0.4, jnp.int32(0)), 1.0)


def test_check_grads_in_both_modes():
    f = ag.function(lambda x: closure_reads(x, 1.2, 20.0))
    check_grads(f, (0.9,), order=1, modes=("fwd", "rev"), atol=1e-2, rtol=1e-2)
    check_grads(ag.function(fixed_point), (0.6,), order=1, modes=("fwd", "rev"),
                atol=1e-2, rtol=1e-2)


def test_long_loop_gradient_matches_a_scan_of_the_same_length():
    def f(x, n):
        y = x
        for _ in range(n):
            y = y + 1e-4 * jnp.cos(y)
        return y

    def scanned(x, n):
        return lax.scan(lambda y, _: (y + 1e-4 * jnp.cos(y), None), x, None, length=n)[0]
    n = 20000
    _close(jax.grad(ag.function(f))(0.3, jnp.int32(n)), jax.grad(scanned)(0.3, n))


def test_maximum_iterations_keeps_its_meaning():
    def f(x):
        while x < 100.0:
            ag.set_loop_options(maximum_iterations=3)
            x = x * 2.0
        return x
    assert float(ag.function(f)(1.0)) == 8.0
    _close(jax.grad(ag.function(f))(1.0), 8.0)
    assert "lax.scan" in str(ag.explain(f)(1.0))


def test_a_loop_with_only_integer_state_stays_a_plain_while_loop():
    def f(n):
        k = 0
        while k * k < n:
            k += 1
        return k
    jaxpr = jax.make_jaxpr(ag.convert(f))(jnp.int32(10))
    assert "custom_jvp_call" not in str(jaxpr)
    assert int(ag.function(f)(jnp.int32(10))) == 4


def test_prints_and_checks_in_the_loop_run_once_per_iteration_under_grad(capfd):
    def f(x, n):
        for i in range(n):
            print("step", i)
            assert x < 1e6, "diverged"
            x = x * 1.1
        return x
    g = jax.grad(ag.function(f))(1.0, jnp.int32(3))
    _close(g, 1.1 ** 3)
    out = capfd.readouterr().out
    assert [line for line in out.splitlines() if line.startswith("step")] == \
        ["step 0", "step 1", "step 2"]
    with pytest.raises(AssertionError, match="diverged"):
        jax.block_until_ready(jax.grad(ag.function(f))(1e7, jnp.int32(3)))


def test_without_callbacks_removes_prints_inside_nested_jaxprs():
    def body(c):
        jax.debug.callback(lambda v: None, c, ordered=True)
        c = lax.cond(c > 2, lambda: (jax.debug.print("big {}", c, ordered=True), c * 2)[1],
                     lambda: c + 1.0)
        return lax.scan(lambda s, _: (s + 1.0, None), c, None, length=2)[0]
    closed = jax.make_jaxpr(body)(1.0)
    assert closed.effects
    stripped = tracing.without_callbacks(closed)
    assert not stripped.effects
    assert "debug" not in str(stripped)
    from jax.extend.core import jaxpr_as_fun
    _close(jaxpr_as_fun(stripped)(3.0)[0], jaxpr_as_fun(closed)(3.0)[0])


def test_a_loop_nested_in_a_recomputed_step_keeps_its_prints_out_of_the_sweep(capfd):
    # The inner loop's trip count is counted again when the outer step is
    # differentiated; that count must not print (fuzz seed 9100 program 32: an
    # ordered effect inside the effect-free sweep failed to lower).
    def f(x, n):
        i = 0
        while i < n:
            j = 0
            while j < i:
                print("inner", j)
                x = x * 1.01 + 0.01
                j += 1
            i += 1
        return x
    want = jax.grad(f)(0.5, 4)
    capfd.readouterr()
    _close(jax.grad(ag.function(f))(0.5, jnp.int32(4)), want)
    lines = [ln for ln in capfd.readouterr().out.splitlines() if ln.startswith("inner")]
    assert len(lines) == 0 + 1 + 2 + 3


def test_export_with_its_vjp_and_linearize_checkpoint_scan_around_the_loop():
    from jax import export

    def f(x, n):
        for _ in range(n):
            x = x * 1.1 + jnp.sin(x)
        return x
    cf = ag.convert(f)
    specs = (jax.ShapeDtypeStruct((), jnp.float32), jax.ShapeDtypeStruct((), jnp.int32))
    restored = export.deserialize(export.export(jax.jit(cf))(*specs).serialize(vjp_order=1))
    n5 = jnp.int32(5)
    _close(restored.call(0.3, n5), f(0.3, 5))
    _close(jax.grad(restored.call)(0.3, n5), jax.grad(f)(0.3, 5))
    _close(jax.linearize(lambda x: cf(x, n5), 0.3)[1](1.0), jax.grad(f)(0.3, 5))
    _close(jax.grad(jax.checkpoint(lambda x: cf(x, n5)))(0.3), jax.grad(f)(0.3, 5))
    _close(jax.grad(lambda x: lax.scan(lambda c, _: (cf(c, jnp.int32(2)), None), x, None,
                                       length=3)[0])(0.3),
           jax.grad(lambda x: f(f(f(x, 2), 2), 2))(0.3))


def test_a_loop_carrying_no_float_that_prints_or_checks_reads_a_differentiated_value():
    # Fuzz (seeds 9200, 9300, 9600, 9700): the loop's int carry needs no derivative, but
    # its print/check made it effectful and JAX tried to transpose it.
    def checked(x):
        w = 0
        while w < 1 and x > 0.0:
            w += 1
            assert jnp.isfinite(x), "cannot fail"
        return x * 1.0

    def printed(x, n):
        for _ in range(n):
            print("p", x)
        return x * 2.0

    def maybe_unbound(a, n):
        w = 0
        while w < n:
            w += 1
            for _ in a:
                v = 1
            k = v   # noqa: F841 -- read under a run-time "may be unbound" check
        return jnp.sum(a)
    _close(jax.grad(ag.function(checked))(1.0), jax.grad(checked)(1.0))
    _close(jax.jit(jax.grad(lambda x: ag.function(printed)(x, jnp.int32(3))))(0.7), 2.0)
    _close(jax.grad(ag.function(maybe_unbound))(jnp.zeros(3), jnp.int32(2)),
           jax.grad(maybe_unbound)(jnp.zeros(3), 2))


def test_a_body_jax_cannot_differentiate_is_an_error_at_the_loop_line():
    import inspect

    def f(x, n):
        for _ in range(n):
            x = x + jax.pure_callback(lambda v: np.sin(v).astype(np.float32),
                                      jax.ShapeDtypeStruct((), jnp.float32), x)
        return x
    loop_line = inspect.getsourcelines(f)[1] + 1
    _close(ag.function(f)(1.0, jnp.int32(3)), f(1.0, 3))   # the primal still runs
    for mode in (jax.grad, jax.jacfwd):
        with pytest.raises(ag.errors.DifferentiationError, match="cannot be differentiated") as e:
            mode(ag.function(f))(1.0, jnp.int32(3))
        assert f"test_gradients.py:{loop_line}" in str(e.value)
        assert "stop_gradient" in str(e.value)


def _capped_growth(x, n):
    y = x * 0.5
    k = 0
    while k < n and y < 4.0:
        y = y * 0.25 + jnp.sin(x) + 1.0
        k += 1
    return y


def test_reverse_mode_over_forward_over_reverse_is_a_clear_error():
    # helper-12 fuzzing (shapes2-open 97005/98, S4): jax.grad of jax.jacfwd(jax.grad(f))
    # through a loop of a traced trip count transposed the tangent of the reverse sweep,
    # a plain while_loop: JAX's raw "Reverse-mode differentiation does not work for
    # lax.while_loop". That tangent is a primitive now, whose transpose is the clear error.
    c = ag.convert(_capped_growth)
    with pytest.raises(ag.errors.DifferentiationError, match="reverse mode over reverse"):
        jax.grad(lambda x: jax.jacfwd(jax.grad(c))(x, 3))(-2.0)
    # Forward over it still works: a third derivative, against central differences.
    h2, h3 = jax.jacfwd(jax.grad(c)), jax.jacfwd(jax.jacfwd(jax.grad(c)))
    eps = 1e-3
    fd = (float(h2(-2.0 + eps, 3)) - float(h2(-2.0 - eps, 3))) / (2 * eps)
    assert float(h3(-2.0, 3)) == pytest.approx(fd, rel=1e-3)


def test_reverse_mode_through_the_value_of_an_inner_value_and_grad():
    # helper-13 fuzzing (S11): jax.grad of `jax.value_and_grad(h)(x)[0]` differentiated
    # the primal of the loop's jvp rule, a plain lax.while_loop: JAX's raw "Reverse-mode
    # differentiation does not work for lax.while_loop". That primal is the counted loop
    # with its own rule now, so the outer gradient is the loop's gradient.
    c = ag.convert(_capped_growth)

    def value_of_inner(x, n):
        return jax.value_and_grad(c)(x, n)[0]

    for n in (0, 3):
        for outer in (jax.grad(value_of_inner), jax.jit(jax.grad(value_of_inner))):
            _close(outer(0.7, n), jax.grad(c)(0.7, n))
        eps = 1e-3
        fd = (float(_capped_growth(0.7 + eps, n)) - float(_capped_growth(0.7 - eps, n))) / (2 * eps)
        assert float(jax.grad(value_of_inner)(0.7, n)) == pytest.approx(fd, rel=2e-3, abs=1e-4)
    # The inner gradient's own derivative is still reverse over reverse: the clear error.
    with pytest.raises(ag.errors.DifferentiationError, match="reverse mode over reverse"):
        jax.grad(lambda x: jax.value_and_grad(c)(x, 3)[1])(0.7)


# ---------------------------------------------- found by a bug hunt (2026-12-06)

def _sqrt_steps(x, w):
    while x > 1.5:
        x = jnp.sqrt(x - w)
    return x


def test_vmap_of_grad_of_a_loop_whose_lanes_end_at_different_trips_is_finite():
    # A finished lane ran the step's vjp at its final state (sqrt'(0) = inf) times its
    # zero cotangent: NaN for that lane, and for a parameter every lane shares.
    xs = jnp.array([2.0, 5.0])
    conv = ag.convert(_sqrt_steps)
    want = [float(jax.grad(_sqrt_steps)(float(x), 1.0)) for x in xs]
    got = jax.vmap(jax.grad(conv), in_axes=(0, None))(xs, 1.0)
    assert [float(g) for g in got] == pytest.approx(want, rel=1e-5)
    shared = jax.grad(lambda w: jnp.sum(jax.vmap(conv, in_axes=(0, None))(xs, w)))(1.0)
    want_w = sum(float(jax.grad(_sqrt_steps, argnums=1)(float(x), 1.0)) for x in xs)
    assert float(shared) == pytest.approx(want_w, rel=1e-5)


def _cubes_below(xs):
    s = 0.0
    for x in xs:
        if x < 1e10:
            s = s + x * x * x
    return s


def test_a_cheap_branch_whose_product_overflows_where_not_taken_keeps_a_finite_gradient():
    # The `if` was a select: the branch not taken overflowed (1e60), and its zero cotangent
    # times inf made the gradient NaN. It is still a select, computing on zeros where the
    # branch is not taken (lowering/lax._guarded); an infinite input is no NaN either.
    for xs in (jnp.array([1.0, 1e20]), jnp.array([1.0, jnp.inf])):
        got = jax.grad(ag.convert(_cubes_below))(xs)
        assert [float(g) for g in got] == [3.0, 0.0]
        assert float(ag.convert(_cubes_below)(xs)) == 1.0
    assert "select" in {e.became for e in ag.explain(_cubes_below)(xs).entries}
