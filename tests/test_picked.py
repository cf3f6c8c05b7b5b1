"""Functions a traced condition picks (runtime/picked.py): `act = f if x > 0 else g`, or a
function bound on each path of a traced `if`, called after it. Was a StateError ("a
different type in the two branches"); a call is now the conditional expression."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph_py as ag
from tests.conftest import assert_same


def _activation(x, z):
    act = jnp.tanh if x > 0 else jnp.sin
    return act(z) + 1.0


def _lambdas_on_each_path(x, z):
    if x > 0:
        scale = lambda v: v * 2.0   # noqa: E731
    else:
        scale = lambda v: v - 1.0   # noqa: E731
    return scale(z)


def _square(v):
    if v > 1.0:   # a converted callee with its own traced `if`
        return v * v
    return v


def _user_functions(x, z):
    f = _square if x > 0 else abs
    total = 0.0
    for v in z:
        total = total + f(v)
    return total


def _handed_to_vmap(x, zs):
    act = jnp.tanh if x > 0 else jnp.sin
    return jax.vmap(act)(zs)


class _Lo:
    def __init__(self, v):
        self.v = v - 1.0


class _Hi:
    def __init__(self, v):
        self.v = v + 1.0


def _picked_class(x, z):
    cls = _Hi if x > 0 else _Lo
    return cls(z).v


def _three_by_elif(x, z):
    if x > 1.0:
        act = jnp.sin
    elif x > 0.0:
        act = jnp.cos
    else:
        act = jnp.tanh
    return act(z)


def _three_by_nested_expression(x, z):
    act = jnp.sin if x > 1.0 else (jnp.cos if x > 0.0 else jnp.tanh)
    return act(z) + act(2.0 * z)


def _picked_twice_then_kept(x, z):
    act = jnp.sin if x > 0.0 else jnp.cos
    if x > 1.0:
        act = act if x > 2.0 else jnp.tanh   # a Picked on one path, a pick of it on the other
    total = 0.0
    for v in z:
        total = total + act(v)
    return total


def _picked_in_a_loop_body(x, z):
    total = 0.0
    for v in z:
        f = jnp.sin if v > x else (jnp.exp if v < -x else jnp.tanh)
        total = total + f(v)
    return total


FUNCTIONS = [_activation, _lambdas_on_each_path, _user_functions, _handed_to_vmap,
             _three_by_elif, _three_by_nested_expression, _picked_twice_then_kept,
             _picked_in_a_loop_body]
ARRAYS = (_user_functions, _handed_to_vmap, _picked_twice_then_kept, _picked_in_a_loop_body)


@pytest.mark.parametrize("f", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("x", [1.0, -1.0, 3.0, 0.5])
def test_a_picked_function_is_called_as_the_condition_picks(f, x):
    # Among three (`elif`, a nested conditional expression), the inner pick's condition
    # was a tracer of the outer branch's trace: JAX's UnexpectedTracerError (S5).
    z = jnp.array([0.5, 2.0, -3.0]) if f in ARRAYS else jnp.float32(0.7)
    assert_same(ag.function(f)(jnp.float32(x), z), f(x, z))


def test_a_picked_function_differentiates_and_batches():
    g = jax.grad(ag.function(_activation), argnums=1)
    for x in (1.0, -1.0):
        np.testing.assert_allclose(g(jnp.float32(x), jnp.float32(0.3)),
                                   jax.grad(_activation, argnums=1)(x, 0.3), rtol=1e-6)
    xs = jnp.array([1.0, -1.0, 2.0])
    got = jax.vmap(ag.function(_activation), in_axes=(0, None))(xs, jnp.float32(0.3))
    np.testing.assert_allclose(got, [_activation(float(x), 0.3) for x in xs], rtol=1e-6)


def _results_of_two_structures(x, z):
    f = (lambda v: (v, v)) if x > 0 else (lambda v: v)
    return f(z)


def test_picked_functions_whose_results_do_not_join_are_a_clear_error():
    with pytest.raises(ag.errors.StateError, match="conditional expression"):
        ag.function(_results_of_two_structures)(jnp.float32(1.0), jnp.float32(2.0))
    # Two classes are not picked: their objects would not join; the error is at the choice.
    with pytest.raises(ag.errors.StateError, match="type <class .*_Hi'>"):
        ag.function(_picked_class)(jnp.float32(1.0), jnp.float32(2.0))


def _mode_by_condition(x):
    mode = "train" if x > 0 else "eval"
    scale = {"train": 2.0, "eval": 0.5}[mode]
    if mode == "train":
        y = x * scale
    else:
        y = x - scale
    return y + len(mode)


def _key_by_if(x, table):
    if x > 1.0:
        k = "hi"
    elif x > 0.0:
        k = "mid"
    else:
        k = "lo"
    return table[k] * x + len(k)


def _printed_pick(x):
    m = "a" if x > 0 else "bc"
    s = f"m={m}!"
    print(s, len(s))
    return x


@pytest.mark.parametrize("x", [2.0, 0.5, -1.0])
def test_a_str_a_traced_condition_picks_indexes_compares_and_prints(x, capfd):
    # A StateError before ("a different type in the two branches"): a str is picked as a
    # function is (runtime/picked.py); `m[k]`, `k == "a"`, len(k), an f-string of it and
    # its print are each the conditional expression of both.
    assert_same(ag.function(_mode_by_condition)(jnp.float32(x)), _mode_by_condition(x))
    table = {"hi": jnp.float32(3.0), "mid": jnp.float32(2.0), "lo": jnp.float32(-1.0)}
    assert_same(ag.function(_key_by_if)(jnp.float32(x), table), _key_by_if(x, table))
    _printed_pick(x)
    eager = capfd.readouterr().out
    jax.block_until_ready(ag.function(_printed_pick)(jnp.float32(x)))
    assert capfd.readouterr().out == eager


def _truth_of_a_pick(x):
    s = "" if x > 0 else "a"
    if s:
        return 1.0
    return 0.0


def test_what_a_picked_str_cannot_give_is_a_clear_error():
    with pytest.raises(ag.errors.StateError, match="str a traced condition picks"):
        ag.function(_truth_of_a_pick)(jnp.float32(1.0))


def _pick_carried_by_a_loop_that_unrolls(x):
    v = 1.0
    act = lambda y: jnp.sin(y) - 0.25   # noqa: E731
    for t in jnp.ones(3) * x:
        if t > 0.5:
            act = jax.nn.relu   # a Picked from the second iteration: the loop unrolls
        v = jnp.clip(v * 0.5 + act(t), -8.0, 8.0)
    return jnp.clip(act(v) + 1.0, -8.0, 8.0)


def test_a_picked_function_in_a_loop_s_message_does_not_fail():
    # A StateError "needs it as text" (shapes4 99403/0): the loop's state mismatch message
    # formatted a Picked of functions, whose str raised. A Picked shows as any object
    # while traced, and as the value its condition picks when the program runs.
    for x in (1.0, 0.2):
        assert_same(ag.function(_pick_carried_by_a_loop_that_unrolls)(jnp.float32(x)),
                    _pick_carried_by_a_loop_that_unrolls(x))


def _sets_the_picked_key(x):
    m = "up" if x > 0 else ("down" if x < -1 else "flat")
    d = {"up": 0.25, "down": 0.5, "flat": 1.0}
    d[m] = d[m] + x
    d[m] *= 2.0
    return d["up"] + d["down"] * 2.0 + d["flat"] * 4.0


def _str_methods_of_a_pick(x):
    m = "up" if x > 0 else "down"
    n = m.replace("u", "U")
    return {"Up": 1.0, "down": 2.0}[n] * x + m.upper().startswith("UP") * 0.5


@pytest.mark.parametrize("fn", [_sets_the_picked_key, _str_methods_of_a_pick])
@pytest.mark.parametrize("x", [1.0, -0.5, -2.0])
def test_a_picked_str_as_a_key_to_set_and_its_str_methods(fn, x):
    # helper-16's shapes5 (5005/40, 5008/31): `d[m] = v` was "unhashable type: 'Picked'"
    # inside autograph_py, and `m.upper()` an AttributeError. Each key the condition may
    # pick gets the value where it does; a str method applies to both strs.
    assert_same(ag.function(fn)(jnp.float32(x)), jnp.float32(fn(x)))
    assert_same(jax.grad(ag.convert(fn))(jnp.float32(x)), jax.grad(fn)(jnp.float32(x)))


def _adds_a_picked_key(x):
    d = {"up": 0.25}
    d["up" if x > 0 else "new"] = x
    return d["up"]


def test_adding_a_key_a_traced_condition_picks_is_a_clear_error():
    with pytest.raises(ag.errors.StateError, match="adds the key 'new'"):
        ag.function(_adds_a_picked_key)(jnp.float32(1.0))


def _which_activation(x):
    act = jnp.tanh if x > 0 else jnp.sin
    if act is jnp.tanh:
        return x + 100.0
    return act(x)


def _type_of_a_picked_str(x):
    m = "sin" if x > 0 else "tanh"
    return isinstance(m, str) and type(m) is str and m is not None and not callable(m)


@pytest.mark.parametrize("x", [0.5, -0.5])
def test_identity_and_type_questions_of_a_pick(x):
    # helper-18's fuzz campaign (shapes5-open 7001/21, 7020): `act is jnp.tanh` was
    # Array(False) and took the other path; isinstance(m, str) was False (silently wrong).
    assert_same(ag.function(_which_activation)(jnp.float32(x)),
                jnp.float32(_which_activation(x)))
    assert bool(ag.function(_type_of_a_picked_str)(jnp.float32(x)))


def _membership_of_a_pick(x):
    m = "sin" if x > 0 else "tanh"
    t = {"sin": 1.0, "cos": 2.0}
    return (m in t) * 1.0 + ("s" in m) * 2.0 + (m in ("tanh", "q")) * 4.0


@pytest.mark.parametrize("x", [0.5, -0.5])
def test_membership_of_a_picked_str(x):
    # helper-18's generator (shapes5-open 7020/8, 14): `m in table` was "unhashable type:
    # 'Picked'", `"s" in m` JAX's TracerBoolConversionError.
    assert float(ag.function(_membership_of_a_pick)(jnp.float32(x))) == _membership_of_a_pick(x)


def _by_a_picked_name(x):
    m = "sin" if x > 0 else "tanh"
    t = {"sin": 1.0, "cos": 2.0}
    return getattr(jnp, m)(x) + hasattr(jnp, m) * 2.0 + t.get(m, 0.5) * 4.0


@pytest.mark.parametrize("x", [0.5, -0.5])
def test_getattr_hasattr_and_get_by_a_picked_name(x):
    # helper-18 (shapes5-open 7001/21, 7020/43, 49): "attribute name must be string, not
    # 'Picked'" and "unhashable type" from Python's getattr/hasattr/dict.get.
    assert_same(ag.function(_by_a_picked_name)(jnp.float32(x)),
                jnp.float32(_by_a_picked_name(jnp.float32(x))))


def _tuples_holding_a_pick(x):
    m = "sin" if x > 0 else "tanh"
    return ((m,) == ("sin",)) * 1.0 + ([m] * 2 == ["tanh", "tanh"]) * 2.0 + \
        ((m, 1) != ("q", 1)) * 4.0


@pytest.mark.parametrize("x", [0.5, -0.5])
def test_lists_and_tuples_holding_a_pick_compare_item_by_item(x):
    # helper-18 (shapes5-open 7020/47): JAX's TracerBoolConversionError from tuple ==.
    assert float(ag.function(_tuples_holding_a_pick)(jnp.float32(x))) == \
        _tuples_holding_a_pick(x)


# Builtins and text formatting of a picked str: each value it may be, picked (was a Text
# compared at trace time, silently False: `repr(m) == "'ab'"`, `"%s" % m == "bb"`).

def _text_of_pick(x):
    m = "ab" if x > 0 else "cd"
    return ((repr(m) == "'ab'") * 1.0, (str(m) == "cd") * 1.0, (format(m) == "ab") * 1.0,
            ("%s!" % m == "cd!") * 1.0, ("<{}>".format(m) == "<ab>") * 1.0,
            len("-".join([m, "zz"])) * 1.0, (m < "b") * 1.0, (max(m, "b") == "cd") * 1.0)


@pytest.mark.parametrize("x", [1.0, -1.0])
def test_builtins_and_formatting_of_a_picked_str(x):
    assert_same(ag.function(_text_of_pick)(x), _text_of_pick(x))


def _str_or_none(x):
    m = "ab" if x > 0 else None
    if m is None:
        return x
    return x * len(m)   # m is the str here: a run-time check covers the None side


@pytest.mark.parametrize("x", [1.0, -1.0])
def test_a_str_or_none_pick(x):
    # Was an unfair "different structure in the two branches" StateError.
    assert_same(ag.function(_str_or_none)(x), _str_or_none(x))


def test_the_hash_of_a_pick_that_differs_is_a_clear_error():
    def f(x):
        m = "ab" if x > 0 else "cd"
        return x + (hash(m) == hash("ab"))
    with pytest.raises(ag.StateError, match="its hash"):
        ag.function(f)(1.0)


def test_a_str_or_none_pick_used_where_python_would_raise_raises_at_run_time():
    def f(x):
        m = "abc" if x > 0 else None
        return x * len(m)
    assert_same(ag.function(f)(1.0), f(1.0))
    with pytest.raises(TypeError, match="NoneType"):
        ag.function(f)(-1.0)


# A str a traced condition picks, carried by a traced loop (was a LoopStateMismatch:
# each iteration's pick nested the last), or returned from inside a Python loop by a
# callee (was a StateError: a return value on one branch only). Fuzzer shapes6, G2.

def _mode_in_a_while(x, n):
    m = "up"
    w = 0
    while w < n:
        w += 1
        if x > w:
            m = "down"
        elif x < -w:
            m = "left"
    return len(m) * 1.0 + (m == "left")


def _mode_in_a_range(x, n):
    m = "up"
    for i in range(n):
        if x > i:
            m = m.upper()
    return len(m) * 1.0 + (m == "UP")


def _first_word(x):
    for k in range(2):
        if x > 0.5:
            return "a"
        x = x + 0.5
    return "bb"


def _word_length(x):
    return len(_first_word(x)) * 1.0


def _mode_set_by_a_loop_that_may_not_run(x, n):
    m, w = "train", 0
    while w < n:
        w += 1
        m = "eval"   # a plain str: the loop's state is which of the two it holds
    return len(m) * x + (m == "eval")


def _mode_in_an_inner_loop(x, n):
    v, k = 0.0, 0
    while k < 3 and x > 0:
        k += 1   # a Python int in the body's first trace
        m, w = "train", 0
        while w < n:
            w += 1
            m = "eval" if k else m
        v = v + m.startswith("e") * 0.5
    return v


# A str the body of a traced loop sets to a Python str of another value (shapes6 16000/6:
# "'m' changes type", a value change read as a type change).
@pytest.mark.parametrize("fn, args", [
    (_mode_set_by_a_loop_that_may_not_run, (2.0, 2)),
    (_mode_set_by_a_loop_that_may_not_run, (2.0, 0)), (_mode_in_an_inner_loop, (1.0, 2)),
    (_mode_in_an_inner_loop, (1.0, 0)), (_mode_in_an_inner_loop, (-1.0, 2)),
    (_mode_in_a_while, (3.0, 2)), (_mode_in_a_while, (-3.0, 2)), (_mode_in_a_while, (0.0, 2)),
    (_mode_in_a_while, (3.0, 0)), (_mode_in_a_range, (1.0, 3)), (_mode_in_a_range, (-1.0, 3)),
    (_word_length, (0.25,)), (_word_length, (-2.0,)), (_word_length, (1.0,))])
def test_a_picked_str_through_a_traced_loop(fn, args):
    assert_same(ag.function(fn)(*args), jnp.asarray(fn(*args), jnp.float32))


# Text made from traced values and a picked str (corpus_hunt_python2 OPEN entries): the
# text of each value the pick may be joins as one Text, which picks when the program runs.
# Was "a different structure in the two branches" (two Texts), and `"{} {}".format(m, x)`
# printed the tracer (`up JitTracer(float32[])`), silently.

def _printed_texts_of_a_pick(x):
    m = "up" if x > 0 else "down"
    print(f"x is {'big' if x > 1 else 'small'}: {x}")
    print("%s by %.1f" % (m, x), "{} {}".format(m, x * 2), f"{m}={x:.2f}")
    n = "a" if x > 0 else None
    print(f"n={n} x={x}", repr(n) + str(x))
    return x * 2.0


@pytest.mark.parametrize("x", [2.0, 0.5, -1.0])
def test_text_of_traced_values_and_a_picked_str_prints_as_python_does(x, capfd):
    from tests.conftest import printed_runs
    (want, want_text), (got, got_text) = printed_runs(
        (_printed_texts_of_a_pick, ag.function(_printed_texts_of_a_pick)), x,
        value=float)
    assert got == want and got_text == want_text
    eager = [_printed_texts_of_a_pick(v) for v in (x, -x)]
    capfd.readouterr()
    batched = jax.jit(jax.vmap(ag.convert(_printed_texts_of_a_pick)))(jnp.array([x, -x]))
    jax.effects_barrier()
    assert np.allclose(batched, eager)
    assert sorted(capfd.readouterr().out.splitlines()) == sorted(want_text.splitlines() + [
        line for line in printed_runs((_printed_texts_of_a_pick,), -x)[0][1].splitlines()])


def _raises_a_picked_message(x):
    if x < 0:
        raise ValueError("negative" if x < -1 else "slightly negative")
    if x > 5:
        raise KeyError(f"{'big' if x > 10 else 'mid'} {x}")
    return x


@pytest.mark.parametrize("x", [-3.0, -0.5, 2.0, 6.0, 11.0])
def test_an_exception_whose_message_a_traced_condition_picks(x):
    # Was "a different type in the two branches", naming '<conditional expression>'.
    try:
        want = _raises_a_picked_message(x)
    except (ValueError, KeyError) as e:
        with pytest.raises(type(e)) as got:
            ag.function(_raises_a_picked_message)(jnp.float32(x))
        assert str(got.value) == str(e)
    else:
        assert float(ag.function(_raises_a_picked_message)(jnp.float32(x))) == want


# A picked str as the object of a text method, or a print's sep/end, with traced values
# (corpus_hunt_returns, 2026-12-07): `t.format(x)` and `sep.join([.., str(x)])` printed
# the tracer (`pos JitTracer(float32[])`), silently; `t % x` and `t.format(v=x)` were
# raw JAX errors, `print(.., sep=m)` a failed callback. And the str of an exception whose
# message a traced condition picks showed the first side ('neg' for 'pos').

def _methods_of_a_picked_str(x):
    t = "pos {}" if x > 0 else "neg {}"
    sep = ", " if x > 0 else "; "
    u = "pos %.2f" if x > 0 else "neg %.1f"
    w = "p {v:.1f}" if x > 0 else "n {v:.2f}"
    print(t.format(x), sep.join(["a", "b", str(x)]), u % x, w.format(v=x))
    print(x, x * 2, sep=sep, end=" END\n")
    e = ValueError("neg" if x < 0 else "pos")
    print(repr(e), str(e) + str(x), e, f"<{e}>")
    print("a-b".replace("-", str(x)), "x".center(5, "*") + str(x))
    return x


@pytest.mark.parametrize("x", [2.0, -2.0])
def test_text_methods_of_a_picked_str_and_exceptions_print_as_python_does(x):
    from tests.conftest import printed_runs
    (want, want_text), (got, got_text) = printed_runs(
        (_methods_of_a_picked_str, ag.function(_methods_of_a_picked_str)), x, value=float)
    assert got == want and got_text == want_text


def test_data_of_a_str_method_given_traced_text_is_a_clear_error():
    def f(x):
        return 1.0 if "ab".startswith(str(x)) else 0.0
    with pytest.raises(ag.errors.ConcreteValueError, match="`startswith` of text"):
        ag.function(f)(jnp.float32(2.0))


class _Lv(__import__("enum").IntEnum):
    A = 1
    B = 2
    C = 4


class _Color(__import__("enum").Enum):
    R = "r"
    G = "g"


def _two_members(x):
    k, c = _Lv.A, _Color.R
    if x > 1.0:
        k, c = _Lv.C, _Color.G
    print(k, k.name, c.value)
    return (x * 0.5 + (k % 7) * 0.25 + (k == _Lv.C) * 0.5 + k * 2 + (c == _Color.G)
            + len(k.name) + (c.value == "g") + (k in (_Lv.B, _Lv.C)))


@pytest.mark.parametrize("x", [0.5, 2.0])
def test_two_members_of_an_enum_a_traced_condition_picks(x, capfd):
    """Two members of one Enum joined as "a different type" (found by the fuzzer's
    s6_enum): they are a pick, whose arithmetic, comparisons, `.name` and `.value` are
    those of the member the condition picks."""
    want = _two_members(x)
    want_out = capfd.readouterr().out
    got = ag.function(_two_members)(jnp.float32(x))
    jax.effects_barrier()
    assert float(got) == want and capfd.readouterr().out == want_out


# A str (or function) a traced condition picks, returned by `@function`: the program
# returns its condition, and the caller gets the value it picked, as from Python (was
# JAX's TypeError: "returned a value of type <class 'str'>").

def _parity(n):
    return "even" if n % 2 == 0 else "odd"


def _labelled(x):
    if x > 1:
        m = "big"
    elif x > 0:
        m = "small"
    else:
        m = "negative"
    return m, x * 2, jnp.tanh if x > 0 else jnp.sin


def test_a_picked_str_or_function_returned_by_function_is_the_value_picked():
    f = ag.function(_parity)
    assert [f(jnp.int32(i)) for i in range(4)] == [_parity(i) for i in range(4)]
    assert type(f(jnp.int32(3))) is str
    g = ag.function(_labelled)
    for v in (2.0, 0.5, -1.0):
        got, want = g(jnp.float32(v)), _labelled(v)
        assert got[0] == want[0] and got[2] is want[2]
        np.testing.assert_allclose(got[1], want[1])
    assert f.lower(jnp.int32(0)).compile()(jnp.int32(5)) == "odd"
    # Inside another trace the pick stays a pick, which compares as a str does.
    outer = ag.function(lambda n: (f(n) == "even") * 1.0)
    assert float(outer(jnp.int32(4))) == 1.0 and float(outer(jnp.int32(3))) == 0.0
    # eval_shape knows no value: the pick itself.
    assert "'even' or 'odd'" in repr(f.eval_shape(jnp.int32(0)))


# A pick among three where one is None (`if/elif/else` with `m = None`, or a conditional
# expression inside another): "a different structure in the two branches", since a None
# inside a pick had no leaf to join a str with; `None in sides` of a nested pick asked
# a traced ==.

def _label_or_none(x):
    if x > 1:
        m = "big"
    elif x > 0:
        m = "small"
    else:
        m = None
    return m


def _none_first(x):
    m = None if x > 1 else ("small" if x > 0 else "neg")
    return m


@pytest.mark.parametrize("fn", [_label_or_none, _none_first])
def test_a_pick_among_three_with_none(fn):
    f = ag.function(fn)
    g = ag.function(lambda x: ((fn(x) is None) * 1.0, (fn(x) == "small") * 1.0))
    for v in (2.0, 0.5, -1.0):
        assert f(jnp.float32(v)) == fn(v)
        want = ((fn(v) is None) * 1.0, (fn(v) == "small") * 1.0)
        assert tuple(float(a) for a in g(jnp.float32(v))) == want
