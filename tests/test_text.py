"""print, and text made from traced values, in converted functions."""
from __future__ import annotations

import copy
import gc
import weakref

import jax
import jax.numpy as jnp
import pytest

import autograph_py as ag
from autograph_py.runtime import builtins as ag_builtins, failures as ag_failures
from tests.conftest import printed_runs


def _run(fn, *args):
    out = fn(*args)
    jax.effects_barrier()
    return out


def _start_pos_end(x):
    print("start")
    if x > 0:
        print("pos", x)
    print("end")
    return x


def test_prints_of_python_values_print_on_every_run_in_program_order(capfd):
    f = ag.function(_start_pos_end)
    for _ in range(2):   # the first call traces, the second only runs
        _run(f, jnp.float32(1.0))
        assert capfd.readouterr().out == "start\npos 1.0\nend\n"
    _run(f, jnp.float32(-1.0))
    assert capfd.readouterr().out == "start\nend\n"


def _traced_then_static(x, y):
    print("x is", x)
    print("y is", y)
    return x


def test_a_print_of_a_static_value_keeps_its_place_after_a_traced_one(capfd):
    _run(ag.function(_traced_then_static, static_argnums=1), jnp.float32(2.0), 3)
    assert capfd.readouterr().out == "x is 2.0\ny is 3\n"


def _loss(x):
    print("loss")
    return x * x


def test_prints_run_under_grad_and_in_a_scan_body_on_every_run(capfd):
    grad = jax.jit(jax.grad(ag.convert(_loss)))
    for _ in range(2):
        _run(grad, 3.0)
        assert capfd.readouterr().out == "loss\n"

    def step(c, v):
        print("step", v)
        return c + v, None

    scan = jax.jit(lambda xs: jax.lax.scan(ag.convert(step), 0.0, xs)[0])
    for _ in range(2):
        _run(scan, jnp.array([1.0, 2.0]))
        assert capfd.readouterr().out == "step 1.0\nstep 2.0\n"


def test_with_no_trace_print_is_pythons_own(monkeypatch, capfd):
    def no_callbacks(*args, **kwargs):
        raise AssertionError("a host callback outside any trace")

    monkeypatch.setattr(jax.debug, "callback", no_callbacks)
    ag.convert(_start_pos_end)(2)
    ag.convert(_start_pos_end)(jnp.float32(2.0))   # a concrete array, no jit
    assert capfd.readouterr().out == "start\npos 2\nend\nstart\npos 2.0\nend\n"


def _texts(x, i):
    print(str(x), repr(x), "x={}".format(x), "x=" + str(x), str(x) + "!", "%s" % x)
    print("i=%d" % i, "%.2f" % (x,), format(x, ".2f"), "%d|%5.1f|%r|%x" % (x, x, x, i))
    print(f"{x!r:>28}|{i:04d}", ("a%s" % x) + ("b" + repr(i)), "{a:.3f}".format(a=x))
    return x


def test_text_from_traced_values_prints_what_python_prints_on_the_values(capfd):
    x, i = jnp.float32(2.7), jnp.int32(255)
    _texts(x, i)
    eager = capfd.readouterr().out
    assert "i=255" in eager and "2|  2.7|" in eager
    f = ag.function(_texts)
    for _ in range(2):
        _run(f, x, i)
        assert capfd.readouterr().out == eager


def test_with_no_trace_text_is_pythons_own_str():
    def f(x):
        return str(x), "%d" % x, "v={:.1f}".format(x), f"{x}"

    for x in (2.7, jnp.float32(2.7)):
        got = ag.convert(f)(x)
        assert got == f(x)
        assert all(type(t) is str for t in got)


def _checked(y):
    if y > 0:
        assert y > 5, f"y={y:.2f}"
        assert y > 4, "y=%.1f" % y
    return y


def test_an_assert_message_of_traced_values_shows_their_run_time_values():
    f = ag.function(_checked)
    with pytest.raises(AssertionError, match=r"y=1\.50"):
        f(jnp.float32(1.5))
    assert float(f(jnp.float32(6.0))) == 6.0


class _Bad(Exception):
    def __init__(self, value):
        super().__init__(value)
        self.value = value


def _raising(x):
    if x > 0:
        raise ValueError("bad %s" % x)
    if x < -10:
        raise _Bad(x)
    return x


def test_a_raise_message_and_attributes_of_traced_values_have_run_time_values():
    f = ag.function(_raising)
    with pytest.raises(ValueError) as info:
        f(jnp.float32(1.5))
    assert info.value.args == ("bad 1.5",)
    with pytest.raises(_Bad) as info:
        f(jnp.float32(-11.0))
    assert str(info.value) == "-11.0" and float(info.value.value) == -11.0


def test_staged_raises_are_not_kept_once_no_program_refers_to_them():
    refs = []

    def f(x):
        refs.append(weakref.ref(x))
        if x > 0:
            raise ValueError("bad %s" % x, x)
        return x

    g = ag.convert(f)
    gc.collect()
    for _ in range(1000):
        jax.make_jaxpr(lambda x: g(x))(1.0)   # a new function: traced every time
    gc.collect()
    assert len(ag_failures._RECENT) <= ag_failures._KEEP
    assert len(refs) == 1000 and not any(r() is not None for r in refs)


@pytest.mark.parametrize("make", [lambda x: "%d %d" % (x,), lambda x: f"{x:d}",
                                  lambda x: format(x, "q"), lambda x: "{} {}".format(x)])
def test_text_python_cannot_make_from_the_values_fails_at_trace_time(make):
    with pytest.raises((TypeError, ValueError, IndexError)) as eager:
        make(jnp.float32(1.0))
    with pytest.raises(type(eager.value)):
        jax.jit(ag.convert(make))(jnp.float32(1.0))


def _branch_text(x):
    if x > 0:
        y = x + 1
        msg = f"{y:.1f}"
    else:
        y = x - 1
        msg = f"{y:.1f}"
    print(msg, ", ".join([str(y), "end"]))
    return y, msg


def test_text_made_in_a_traced_branch_is_its_state_and_a_jitted_output(capfd):
    for x in (2.0, -3.0):
        want = _branch_text(jnp.float32(x))
        eager = capfd.readouterr().out
        got = _run(ag.function(_branch_text), jnp.float32(x))
        assert capfd.readouterr().out == eager
        assert got[1] == want[1] and float(got[0]) == float(want[0])
        assert copy.deepcopy(got[1]) == got[1]


def _loop_text(n):
    i = n - n
    msg = "i=%d" % i
    while i < n:
        i = i + 1
        msg = "i=%d" % i
    print(msg)
    return i


def test_text_made_in_a_traced_loop_prints_its_last_value(capfd):
    _run(ag.function(_loop_text), jnp.int32(3))
    assert capfd.readouterr().out == "i=3\n"


def _counting(n):
    i = 0
    while i < n:
        print("i", i, "of %d" % n)
        i += 1
    return i


def test_a_print_in_a_batched_while_body_prints_only_for_elements_still_looping(capfd):
    ns = jnp.array([1, 3])
    for n in ns:
        _counting(n)
    eager = capfd.readouterr().out
    _run(jax.jit(jax.vmap(ag.convert(_counting))), ns)
    assert sorted(capfd.readouterr().out.splitlines()) == sorted(eager.splitlines())


def test_an_assert_that_always_fails_shows_the_run_time_values_in_its_message():
    def f(n):
        assert False, "failed at " + str(n > 1)
        return n
    with pytest.raises(AssertionError, match="failed at False"):
        ag.function(f)(jnp.int32(1))


def test_a_printed_weakly_typed_array_shows_its_weak_type_as_eagerly():
    import contextlib
    import io

    def f(x):
        print(repr(jnp.arange(3) * 0.5), repr(x * 2))
        return x
    outs = []
    for run in (f, ag.function(f)):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            run(jnp.float32(1.0))
            jax.effects_barrier()
        outs.append(buf.getvalue())
    assert outs[0] == outs[1] and "weak_type=True" in outs[0], outs


def test_a_traced_python_int_prints_as_the_python_int():
    # FINDINGS F72: a Python int argument, state that began as a Python int, and a
    # range's item are weakly typed tracers under `@function`; eager Python prints them
    # as numbers (`3`), not as `Array(3, dtype=int32, weak_type=True)`. A weak float
    # still prints as the Array, as `jnp.arange(2) * 0.5` does eagerly.
    import contextlib
    import io

    def f(n, x):
        s = 0
        for k in range(n):
            s = s + k
        print(repr(n), f"{n!r} {x:.3f} {n:4d}", [n, k], "%r" % (s,), repr((jnp.arange(2) * x)[1]))
        return s
    outs = []
    for run in (f, ag.function(f)):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            run(3, 0.1)
            jax.effects_barrier()
        outs.append(buf.getvalue())
    assert outs[0] == outs[1] == ("3 3 0.100    3 [3, 2] 3 "
                                  "Array(0.1, dtype=float32, weak_type=True)\n"), outs


def test_and_or_of_weak_comparisons_is_a_weak_bool_as_pythons_operand_is():
    # FINDINGS F82 (fuzz seed 45003 shapes-alias program 87): Python's `and`/`or`
    # returns an operand, and a comparison of a weak float is a weak bool array
    # eagerly; the converted jnp.logical_and of two traced bools was strong.
    def f(xs, k):
        a = (jnp.arange(3) * xs)[k]                # a weak float32 scalar, eagerly too
        print(repr(1.0 < a < 1.0), repr(a > 0.0 or a < 2.0), repr(a > 0.0 and a < 2.0))
        return a
    outs = [text for _, text in printed_runs((f, ag.function(f, static_argnums=1)), 0.5, 1)]
    assert outs[0] == outs[1], outs
    assert outs[0].count("weak_type=True") == 3, outs


def _joined(xs):
    import sys
    s = str(xs[0]).rjust(8, ".")
    print(", ".join(map(str, xs)), "|", "; ".join(str(v) for v in xs), "|", s.upper())
    print(s.replace(".", "_"), s[-3:], file=sys.stdout)
    return xs.sum()


def test_joined_mapped_and_str_method_text_of_traced_values_prints_their_values():
    # map(str, xs) and a generator of str(v) joined, str methods on such text, and
    # print(file=sys.stdout) (resolved on each run, as redirect_stdout swaps it).
    compiled = ag.function(_joined)
    xs = jnp.arange(3.0)
    eager, first, again = printed_runs([_joined, compiled, compiled], xs)
    assert eager[1] == first[1] == again[1]
    assert "0.0, 1.0, 2.0" in first[1] and "_____0_0 0.0" in first[1]


def _text_length(x):
    return len(str(x)) + str(x).count("0")


def test_a_number_computed_from_text_of_traced_values_is_a_clear_error():
    with pytest.raises(ag.errors.ConcreteValueError, match="run-time values"):
        ag.function(_text_length)(jnp.float32(1.5))
    assert ag.convert(_text_length)(1.5) == _text_length(1.5)   # Python text: Python's len


class _Loud:   # no __init__ of its own: `with _Loud():` is all converted code sees of it
    def __enter__(self):
        print("enter")
        return 2.0

    def __exit__(self, *exc):
        print("exit")
        return False


def _with_a_loud_manager(x):
    with _Loud() as s:
        if x * s > 0:
            print("body", x * s)
    return x


def test_a_user_context_manager_prints_in_program_order_on_every_run(capfd):
    # Its __enter__ and __exit__ ran unconverted, at trace time only: "enter exit body"
    # on the first call, "body" alone after it (red-team program, this session).
    f = ag.function(_with_a_loud_manager)
    for _ in range(2):
        _run(f, jnp.float32(1.0))
        assert capfd.readouterr().out == "enter\nbody 2.0\nexit\n"


def _loud_positive(x):
    print("t", x)
    return x > 0


def _count_down(x):
    n = 0
    while _loud_positive(x):
        x = x - 1.0
        n += 1
    return n


def test_a_while_test_that_prints_runs_the_right_trips_under_vmap(capfd):
    # JAX's batched while_loop with an ordered print in its cond ran every element to
    # the longest trip count ([2, 2] for eager [2, 0]: fuzz seed 98025 program 8). The
    # test now runs before the loop and after each body, its value carried.
    got = _run(jax.vmap(ag.convert(_count_down)), jnp.array([2.0, 0.0]))
    assert [int(v) for v in got] == [2, 0]
    # Each element prints its own tests, as it would alone (not past its loop's end).
    assert capfd.readouterr().out == "t 2.0\nt 0.0\nt 1.0\nt 0.0\n"
    for x in (2.0, 0.0):
        assert int(_run(ag.function(_count_down), jnp.float32(x))) == _count_down(x)
    assert capfd.readouterr().out == "t 2.0\nt 1.0\nt 0.0\n" * 2 + "t 0.0\n" * 2


def _compares_text(x):
    if str(x) == "1.0":
        return 1.0
    return 2.0


def _compares_formatted(x):
    return "{:.1f}".format(x) == "1.0"


@pytest.mark.parametrize("fn", [_compares_text, _compares_formatted])
def test_comparing_text_of_a_traced_value_is_a_clear_error(fn):
    # Was silently False: a Text (the trace-time text) compared with str's `==`.
    fn(jnp.float32(1.0))
    with pytest.raises(ag.errors.ConcreteValueError, match="a comparison of text"):
        ag.function(fn)(jnp.float32(1.0))


def _nested_format_specs(x):
    w, p = 6, 3
    print(f"{x:{w}.2f}|{x:>{w}.{p}f}|{{lit}}|{w}")
    s = f"[{x:{w}.1f}]"
    print(s + "!")
    return x * 2.0


@pytest.mark.parametrize("x", [2.0, -0.125])
def test_a_computed_format_spec_formats_the_run_time_value(x):
    # f"{x:{w}.2f}" of a traced x was JAX's raw TypeError ("unsupported format string
    # passed to DynamicJaxprTracer.__format__"): the converter left it as Python's
    # f-string (helper-30's hunt, corpus_hunt_returns). Its spec's fields are fields of
    # the run-time format now.
    from tests.conftest import printed_runs
    (want, want_text), (got, got_text) = printed_runs(
        (_nested_format_specs, ag.function(_nested_format_specs)), jnp.float32(x),
        value=float)
    assert got == want and got_text == want_text


def test_repr_of_python_float_state_a_traced_construct_carries_is_pythons():
    # Fuzzer (shapes6 12000/44): `v = 1.0` (or `v += 0.5`) in a loop with a traced trip
    # count, then `repr(v)`: eager prints `1.0`; the carried weak float scalar printed as
    # `Array(1., dtype=float32, weak_type=True)`.
    def f(n):
        v, w = 0.0, 0.0
        for _ in range(n):
            v = 1.0
            w += 0.5
        print(repr(v), repr(w), f"{w!r}")
        return v
    outs = [text for _, text in printed_runs((f, ag.function(f)), 2)]
    assert outs[0] == outs[1] == "1.0 1.0 1.0\n", outs
