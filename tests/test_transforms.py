"""User functions handed to JAX transformations, jitted callees, and the scoping switches.

The reference for a transformation of a function with Python control flow is
the same transformation run eagerly (no jit): JAX's grad/jvp/vjp trace with
concrete primal values there, so `if x > 0:` is plain Python. Under
`ag.function` everything is traced, so the converted function must lower it.
"""
from __future__ import annotations

import functools
import sys
import textwrap
import types
import warnings

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import pytest

import autograph_py as ag
from tests.conftest import assert_same


def loss(w, x):
    e = jnp.mean((x * w - 1.0) ** 2)
    if e > 0.5:
        e = jnp.sqrt(e)
    return e


def clipped(x):
    y = x
    for _ in range(3):   # a Python loop around a traced `if`: reverse mode works through it
        if jnp.abs(y) > 1.0:
            y = y / 2.0
    return y * x


def halved(x):
    y = x
    while jnp.abs(y) > 1.0:   # a traced trip count: forward mode and vmap
        y = y / 2.0
    return y * x


X = jnp.array([1.0, 2.0, 0.5, -1.0])


@pytest.mark.parametrize("w", [3.0, 1.1])   # both sides of `if e > 0.5`
def test_the_issue_repro_grad_of_a_loss_with_an_if(w):
    got = ag.function(lambda w, x: jax.grad(loss)(w, x))(w, X)
    assert_same(got, jax.grad(loss)(w, X))


@pytest.mark.parametrize("transform", [
    jax.grad, jax.jacfwd, jax.jacrev, jax.hessian,
    lambda f: jax.value_and_grad(f, argnums=0),
    lambda f: jax.grad(f, has_aux=False),
])
def test_differentiating_transformations(transform):
    def f(w):
        return transform(clipped)(w)
    for w in (0.3, 5.0, -7.0):
        assert_same(ag.function(f)(jnp.float32(w)), transform(clipped)(jnp.float32(w)))


def test_jvp_vjp_linearize_inside_converted_code():
    def f(w):
        p, t = jax.jvp(clipped, (w,), (1.0,))
        y, pull = jax.vjp(clipped, w)
        z, lin = jax.linearize(clipped, w)
        return p, t, y, pull(1.0)[0], z, lin(2.0)
    for w in (0.5, 9.0):
        want = f(jnp.float32(w))   # eagerly: Python control flow on concrete primals
        assert_same(ag.function(f)(jnp.float32(w)), want)


def test_forward_mode_through_a_traced_while():
    def f(w):
        return jax.jvp(halved, (w,), (1.0,)), jax.jacfwd(halved)(w)
    for w in (0.5, 9.0, -30.0):
        assert_same(ag.function(f)(jnp.float32(w)), f(jnp.float32(w)))


def test_vmap_of_a_function_with_a_traced_while_and_keyword_in_axes():
    def f(ws, x):
        return jax.vmap(halved, in_axes=0)(ws), jax.vmap(loss, in_axes=(0, None))(ws, x)
    ws = jnp.array([0.5, 3.0, -9.0])
    got = ag.function(f)(ws, X)
    assert_same(got[0], jnp.stack([halved(w) for w in ws]))
    assert_same(got[1], jnp.stack([loss(w, X) for w in ws]))


def test_checkpoint_remat_and_named_call():
    def f(w):
        a = jax.checkpoint(clipped)(w)
        b = jax.remat(clipped)(w)
        c = jax.named_call(clipped, name="clip")(w)
        return a + b + c, jax.grad(jax.checkpoint(clipped))(w)
    got = ag.function(f)(jnp.float32(6.0))
    assert_same(got, (3 * clipped(6.0), jax.grad(clipped)(6.0)))


def test_functools_partial_and_keyword_arguments_are_kept():
    def scaled(w, x, scale):
        if w > 0:
            return jnp.sum(x) * w * scale
        return -w * scale

    def f(w, x):
        g = jax.grad(functools.partial(scaled, scale=2.0), argnums=0)
        return g(w, x), jax.value_and_grad(scaled, argnums=(0,))(w, x, 3.0)
    for w in (2.0, -2.0):
        want = f(jnp.float32(w), X)
        assert_same(ag.function(f)(jnp.float32(w), X), want)


def test_lax_bodies_with_python_control_flow():
    def body(i, c):
        if c > 10.0:
            c = c - 3.0
        return c + i

    def step(c, x):
        if x > 0:
            c = c + x
        return c, c * 2

    def f(n, xs, k):
        a = jax.lax.fori_loop(0, n, body, 0.0)
        b = jax.lax.while_loop(lambda c: c < 50.0, lambda c: body(1, c) * 2.0, 1.0)
        c, ys = jax.lax.scan(step, 0.0, xs)
        d = jax.lax.cond(k > 0, lambda v: clipped(v), lambda v: -v, 5.0)
        e = jax.lax.switch(k, [lambda v: clipped(v), lambda v: v + 1.0, clipped], 7.0)
        m = jax.lax.map(clipped, xs)
        return a, b, c, ys, d, e, m

    def reference(n, xs, k):   # the same, in Python
        a = 0.0
        for i in range(n):
            a = (a - 3.0 if a > 10.0 else a) + i
        b = 1.0
        while b < 50.0:
            b = ((b - 3.0 if b > 10.0 else b) + 1) * 2.0
        c, ys = 0.0, []
        for x in xs:
            c = c + x if x > 0 else c
            ys.append(c * 2)
        d = clipped(5.0) if k > 0 else -5.0
        e = [clipped(7.0), 8.0, clipped(7.0)][k]
        return a, b, c, jnp.stack(ys), d, e, jnp.stack([clipped(x) for x in xs])

    xs = jnp.array([1.0, -2.0, 3.0, 8.0])
    for n, k in ((7, 0), (3, 1), (9, 2)):
        got = ag.function(f)(jnp.int32(n), xs, jnp.int32(k))
        assert_same(got, reference(n, [float(x) for x in xs], k), rtol=1e-5)


def test_custom_jvp_with_ifs_in_primal_and_rule():
    @jax.custom_jvp
    def soft(x):
        if x > 0:
            return x
        return 0.1 * x

    @soft.defjvp
    def soft_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        if x > 0:
            slope = 1.0
        else:
            slope = 0.1
        return soft(x), slope * t

    for x, want in ((2.0, (2.0, 1.0)), (-2.0, (-0.2, 0.1))):   # (JAX traces a custom_jvp
        got = ag.function(lambda x: (soft(x), jax.grad(soft)(x)))(jnp.float32(x))  # always)
        assert_same(got, want)


def test_custom_vjp_with_ifs_in_fwd_and_bwd():
    @jax.custom_vjp
    def clip_grad(x):
        return x * 1.0

    def fwd(x):
        if x > 0:
            return x, 1.0
        return x, -1.0

    def bwd(sign, g):
        if g > 1.0:
            g = 1.0 + 0.0 * g
        return (g * sign,)

    clip_grad.defvjp(fwd, bwd)
    for x in (3.0, -3.0):
        got = ag.function(lambda x: jax.grad(lambda v: clip_grad(v) * 5.0)(x))(jnp.float32(x))
        assert float(got) == (1.0 if x > 0 else -1.0)


def test_custom_jvp_defined_inside_converted_code():
    def f(x):
        @jax.custom_jvp
        def g(v):
            if v > 0:
                return v * 2.0
            return v

        @g.defjvp
        def g_jvp(p, t):
            if p[0] > 0:
                return g(p[0]), 2.0 * t[0]
            return g(p[0]), t[0]
        return jax.grad(g)(x)
    assert float(ag.function(f)(jnp.float32(1.0))) == 2.0
    assert float(ag.function(f)(jnp.float32(-1.0))) == 1.0


# -- JAX wrappers made outside converted code -------------------------------------

grad_loss = jax.grad(loss)
vmapped_clip = jax.vmap(clipped)
checkpointed = jax.checkpoint(clipped)


@functools.partial(jax.jit, static_argnums=1)
def repeat(x, n):
    for _ in range(n):   # a Python loop: n stays static through the rebuilt jit
        if x > 1.0:
            x = x / 2.0
        x = x + 1.0
    return x


def repeat_reference(x, n):
    for _ in range(n):
        x = (x / 2.0 if x > 1.0 else x) + 1.0
    return x


def test_module_level_wrappers_called_from_converted_code():
    def f(w, x, ws):
        return grad_loss(w, x), vmapped_clip(ws), checkpointed(w), repeat(w, 3)
    ws = jnp.array([0.5, 4.0])
    got = ag.function(f)(jnp.float32(3.0), X, ws)
    want = (jax.grad(loss)(3.0, X), jnp.stack([clipped(w) for w in ws]), clipped(3.0),
            repeat_reference(3.0, 3))
    assert_same(got, want)


def test_a_rebuilt_jit_keeps_its_static_argnums():
    assert float(ag.function(lambda x: repeat(x, 4))(jnp.float32(9.0))) == pytest.approx(
        repeat_reference(9.0, 4))
    with pytest.raises(Exception, match="static|hashable"):
        ag.function(lambda x, n: repeat(x, n))(jnp.float32(9.0), jnp.int32(2))


def test_function_of_a_jax_jit_converts_it_with_its_options():
    f = ag.function(repeat)   # static_argnums=1 taken over
    assert float(f(jnp.float32(9.0), 2)) == pytest.approx(repeat_reference(9.0, 2))
    assert float(f(jnp.float32(9.0), 5)) == pytest.approx(repeat_reference(9.0, 5))
    with pytest.raises(TypeError, match="in_shardings"):
        ag.function(jax.jit(loss, in_shardings=jax.sharding.SingleDeviceSharding(
            jax.devices()[0])))


def test_convert_and_function_of_other_jax_wrappers():
    ws = jnp.array([0.5, 4.0, -3.0])
    assert_same(ag.function(jax.vmap(clipped))(ws), jnp.stack([clipped(w) for w in ws]))
    assert_same(jax.jit(ag.convert(jax.grad(loss)))(3.0, X), jax.grad(loss)(3.0, X))
    assert_same(jax.jit(ag.convert(jax.vmap(jax.grad(loss), in_axes=(0, None))))(ws, X),
                jnp.stack([jax.grad(loss)(w, X) for w in ws]))


def test_an_autograph_function_called_from_converted_code():
    inner = ag.function(clipped)
    assert_same(ag.function(lambda w: inner(w) + jax.grad(inner)(w))(jnp.float32(6.0)),
                clipped(6.0) + jax.grad(clipped)(6.0))


def test_host_callbacks_are_not_converted():
    seen = []

    def host(v):
        seen.append(type(v))
        return np.asarray(v) * 2

    def f(x):
        return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)
    report = ag.explain(f)(jnp.float32(1.0))
    assert "pure_callback is library code (jax)" in [e.reason for e in report.entries]
    assert float(ag.function(f)(jnp.float32(2.0))) == 4.0
    assert seen and not any(issubclass(t, jax.core.Tracer) for t in seen)


def test_no_warning_for_a_lambda_jax_wraps_even_in_strict_mode():
    def f(w, x):
        return jax.grad(lambda v: loss(v, x))(w)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = ag.function(f, strict=True)(jnp.float32(3.0), X)
    assert_same(got, jax.grad(loss)(3.0, X))


def test_an_error_inside_a_transformed_callee_points_at_its_line():
    def bad(w):
        if w > 0:
            v = w
        else:
            v = [w]
        return v

    def f(w):
        return jax.grad(bad)(w)
    with pytest.raises(ag.AutographError) as e:
        ag.function(f)(jnp.float32(1.0))
    assert f"{__file__}:{bad.__code__.co_firstlineno + 1}" in str(e.value)


def test_explain_lists_transformed_callees():
    def f(w, x):
        return jax.grad(loss)(w, x) + grad_loss(w, x)
    rows = [(e.became, e.reason) for e in ag.explain(f)(jnp.float32(3.0), X).entries]
    assert ("arguments converted", "the user functions grad transforms are converted") in rows
    assert any(b == "rebuilt" and "wrapper of user code" in r for b, r in rows), rows
    assert ("converted", "loss is user code") in rows
    assert ("lax.cond", "test is traced") in rows


# -- Scoping switches ---------------------------------------------------------------

def test_do_not_convert_as_a_context_manager():
    def f(x):
        with ag.do_not_convert():
            y = clipped(x)   # called as it is: its while is a Python while on a tracer
        return y
    # What the user asked for: JAX's error, named in our terms at the while's line.
    with pytest.raises(ag.errors.ConcreteValueError, match="TracerBoolConversionError|"
                       "Attempted boolean conversion"):
        ag.function(f)(jnp.float32(3.0))
    assert float(ag.convert(f)(3.0)) == pytest.approx(clipped(3.0))   # Python values
    assert float(ag.function(clipped)(jnp.float32(3.0))) == pytest.approx(clipped(3.0))


def test_run_functions_eagerly_as_a_context_manager_restores_the_setting():
    calls = []

    @ag.function
    def f(x):
        calls.append(type(x))
        return x + 1

    with ag.run_functions_eagerly(True):
        assert ag.functions_run_eagerly()
        f(jnp.float32(1.0))
        with ag.run_functions_eagerly(False):
            assert not ag.functions_run_eagerly()
        assert ag.functions_run_eagerly()
    assert not ag.functions_run_eagerly()
    f(jnp.float32(2.0))
    assert len(calls) == 2
    assert issubclass(calls[1], jax.core.Tracer) and not issubclass(calls[0], jax.core.Tracer)


def _library_module(tmp_path, name, source):
    """A module whose name says library (a top-level name the converter leaves alone)."""
    path = tmp_path / (name.replace(".", "_") + ".py")
    path.write_text(textwrap.dedent(source))
    module = types.ModuleType(name)
    module.__file__ = str(path)
    exec(compile(path.read_text(), str(path), "exec"), module.__dict__)
    sys.modules[name] = module
    return module


def test_include_converts_a_library_module(tmp_path):
    lib = _library_module(tmp_path, "scipy._autograph_test_lib", """
        import jax.numpy as jnp

        def halve_until_small(x):
            while x > 1.0:
                x = x / 2.0
            return x
    """)
    try:
        def f(x):
            return lib.halve_until_small(x)
        with pytest.raises(ag.AutographError, match="halve_until_small"):
            ag.function(f)(jnp.float32(9.0))
        assert float(ag.function(f, include="scipy._autograph_test_lib")(
            jnp.float32(9.0))) == 0.5625
        assert float(jax.jit(ag.convert(f, include=["scipy"]))(jnp.float32(9.0))) == 0.5625
        with pytest.raises(TypeError, match="module names"):
            ag.function(f, include=[3])
    finally:
        del sys.modules["scipy._autograph_test_lib"]


def test_pmap_of_a_function_with_a_traced_if():
    xs = jnp.full((jax.local_device_count(),), 2.0)
    got = ag.function(lambda xs: jax.pmap(clipped)(xs))(xs)
    assert_same(got, jnp.stack([clipped(x) for x in xs]))


@jax.jit
def jitted_square_or_neg(x):
    if x > 0:
        return x * x
    return -x


grad_of_jitted = jax.grad(jitted_square_or_neg)
vmap_of_jitted = jax.vmap(jitted_square_or_neg)


def test_module_level_wrappers_of_a_jitted_helper():
    # functools.wraps copies the jit's _fun/_jit_info into the wrapper's __dict__: the
    # wrapper is still a grad/vmap closure to rebuild, not a jit (fuzz F61)
    def f(x):
        return grad_of_jitted(x), vmap_of_jitted(jnp.stack([x, -x]))
    got = ag.function(f)(jnp.float32(2.0))
    assert_same(got, (4.0, jnp.array([4.0, 2.0])))
    assert_same(ag.function(vmap_of_jitted)(jnp.array([3.0, -1.0])), jnp.array([9.0, 1.0]))


def _closure_over_loop_state(deco, inline):
    """A helper that reads the loop's state `s` through its closure, jitted or
    checkpointed (decorated, or wrapped at the call), called in a scan that appends
    (its body is traced twice) and after the loop."""
    def f(xs, n):
        s = n * 1.0

        def g(x):
            return x + s
        h = g if inline else deco(g)
        out = []
        for x in xs:
            s = s + (deco(g) if inline else h)(x)
            out.append(s)
        return s + h(1.0), out
    return f


@pytest.mark.parametrize("inline", [False, True], ids=["decorated", "at_call"])
@pytest.mark.parametrize("deco", [jax.jit, jax.checkpoint], ids=["jit", "checkpoint"])
def test_jax_wrapper_reads_its_closure_when_called(deco, inline):
    # JAX caches a jitted or checkpointed function's trace by its identity: the second
    # trace of the body (or the call after the loop) got the first trace's `s`, a leaked
    # tracer (FINDINGS F74). Each call reads the cell now, as Python does; the reference
    # is the program with the helper undecorated.
    f = _closure_over_loop_state(deco, inline)
    want = _closure_over_loop_state(lambda g: g, inline)(jnp.arange(3.0), 2)
    got = ag.function(f)(jnp.arange(3.0), 2)
    assert_same(got, want)
    assert float(got[0]) == 41.0


def test_jax_wrapper_over_unchanging_closure_keeps_its_cache():
    # A helper whose closure holds no traced value is one function object to JAX: traced
    # once for two calls with the same types.
    traces = []

    def f(x):
        k = 3.0

        @jax.jit
        def g(y):
            traces.append(1)
            return y * k
        return g(x) + g(x + 1.0)
    want = f(2.0)
    traces.clear()
    assert_same(ag.function(f)(2.0), want)
    assert len(traces) == 1


@pytest.mark.parametrize("deco", [jax.jit, jax.checkpoint], ids=["jit", "checkpoint"])
def test_jax_wrapper_over_loop_state_handed_to_a_transformation(deco):
    # The wrapper reaches JAX as an argument (jax.grad(h)), not through a call of
    # converted code: it is renewed there too.
    def program(wrap):
        def f(xs, n):
            s = n * 1.0

            def g(x):
                return x * s
            h = wrap(g)
            out = []
            for x in xs:
                s = s + jax.grad(h)(x)
                out.append(s)
            return s, out
        return f
    want = program(lambda g: g)(jnp.arange(3.0), 2)
    assert_same(ag.function(program(deco))(jnp.arange(3.0), 2), want)


# FINDINGS F62: functions JAX traces itself (a lax loop's body, what jax.jit wraps),
# reading a variable the enclosing traced loop carries.

def _one(a):
    return 1


def _fori_body_reads_loop_state(n):
    def body(i, c):
        return c + n
    w = 0
    x = 0
    while w < n:
        w += 1
        x = _one(n) + lax.fori_loop(0, 1, body, 0)   # `_one(n)` makes n loop state
    return x


def _jit_in_collecting_for(n):
    @jax.jit
    def g(a):
        return n * 1.0
    out = []
    for t in jnp.ones(3):
        out.append(g(n) + t)
    return out


def _jitted_loss_in_while(w):
    @jax.jit
    def loss(v):
        return (w - v) ** 2
    k = 0
    while loss(0.0) > 1.0:
        w = w / 2.0
        k += 1
    return w, k


def _scan_body_in_range_if(n):
    @jax.jit
    def g(a):
        return a * 2

    def body(c, t):
        return c + n, t
    s = 0
    for t in range(n):
        if t > 1:
            s = s + g(n) + lax.scan(body, 0, jnp.ones(2))[0]
    return s


def _grad_of_jitted_closure(w):
    @jax.jit
    def loss(v):
        return (w * v) ** 2
    k = 0.0
    while w > 1.0:
        k = k + jax.grad(loss)(1.0)
        w = w / 2.0
    return k


@pytest.mark.parametrize("fn,arg", [(_fori_body_reads_loop_state, 2),
                                    (_jit_in_collecting_for, 2),
                                    (_jitted_loss_in_while, 8.0),
                                    (_scan_body_in_range_if, 4),
                                    (_grad_of_jitted_closure, 8.0)],
                         ids=lambda v: getattr(v, "__name__", str(v)))
def test_function_jax_traces_reads_the_loops_state(fn, arg):
    # The reference runs with jit disabled: eagerly, a jitted closure over a
    # changing Python value keeps JAX's first trace (`_jitted_loss_in_while` would
    # never end), while under tracing each call reads the cell, as Python does.
    with jax.disable_jit():
        want = fn(arg)
    assert_same(ag.function(fn)(jnp.asarray(arg)), want)


_DIAG = jnp.diag(jnp.array([2.0, 4.0]))


def _solve_by_one_step(matvec, b):
    if b[0] > 0:   # a traced `if`: solve is converted
        return b / matvec(jnp.ones(2))
    return -b / matvec(jnp.ones(2))


def _newton(g, x0):
    x = x0
    for _ in range(20):
        x = x - g(x) / (2 * x)
        if jnp.abs(g(x)) < 1e-6:
            break
    return x


def test_a_function_jax_hands_back_to_converted_code_is_called_once():
    # helper-19's ecosystem probes: custom_linear_solve's matvec and custom_root's f,
    # converted before JAX got them, came back to converted code as a library function
    # wrapping user code, rebuilt around itself without end: a TracedRecursionError.
    def solve(b):
        return jax.lax.custom_linear_solve(lambda x: _DIAG @ x, b, _solve_by_one_step)
    b = jnp.array([1.0, 3.0])
    np.testing.assert_allclose(ag.function(solve)(b), b / jnp.array([2.0, 4.0]))

    def root(x0):
        return jax.lax.custom_root(lambda x: x * x - 2.0, x0, _newton, lambda g, y: y / 2.0)
    np.testing.assert_allclose(ag.function(root)(1.0), 2.0 ** 0.5, rtol=1e-6)


_BOX = {"v": 0.0}


@jax.jit
def _stores_in_a_module_dict(x):
    _BOX["v"] = x * 0.5
    return x


def _reads_what_a_jitted_callee_stored(x):
    _BOX["v"] = 0.0
    v = _stores_in_a_module_dict(x)
    return v + _BOX["v"]   # a tracer of the callee's own (ended) trace


def test_a_value_a_jitted_callee_stored_is_a_clear_error_when_read():
    # Was JAX's raw UnexpectedTracerError (fuzzer shapes6, G3); jax.jit alone leaks it too.
    with pytest.raises(ag.StateError, match=r"_BOX\['v'\]") as e:
        ag.function(_reads_what_a_jitted_callee_stored)(jnp.float32(1.0))
    assert f"{__file__}:" in str(e.value)


def _clip_add(acc, v):
    if v > 0:
        return acc + v
    return acc


def _bigger(a, b):
    if a > b:
        return a
    return b


def _reduced(x):
    import functools
    import itertools
    return functools.reduce(_clip_add, x, 0.0), list(itertools.accumulate(x, _bigger))[-1]


def test_a_function_handed_to_a_standard_library_higher_order_function_is_converted():
    # corpus_hunt_errors: functools.reduce (itertools.accumulate, heapq.nlargest's key)
    # called a module's `def` unconverted, so its `if` on a traced item was JAX's error
    # blamed on reduce(...); a lambda written in converted code already ran converted.
    x = jnp.array([1.0, -5.0, 3.0])
    assert [float(v) for v in ag.function(_reduced)(x)] == [float(v) for v in _reduced(x)]


class _Quadratic:
    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        if x > 0:
            return self.w * x * x
        return -x


def test_a_callable_instance_handed_to_grad_or_vmap_keeps_its_self():
    # corpus_hunt_transforms: JAX's wraps() copies the __dict__ of the bound __call__
    # (the class's operator wrapper, marked with the user's method) onto what jax.grad
    # returns; the call took it for the wrapper and called __call__ without `self`.
    def g(w, x):
        return jax.grad(_Quadratic(w))(x), jax.vmap(_Quadratic(w))(jnp.stack([x, -x]))

    def f(x):
        return 2.0 * x * x if x > 0 else -x

    for x in (3.0, -1.0):
        want = (4.0 * x if x > 0 else -1.0), [f(x), f(-x)]
        for got in (ag.convert(g)(2.0, x), ag.function(g)(2.0, x)):
            np.testing.assert_allclose(got[0], want[0])
            np.testing.assert_allclose(got[1], want[1])
