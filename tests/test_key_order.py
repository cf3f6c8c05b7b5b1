"""The key order of dicts after traced constructs (runtime/orders.py, orders.same_key_orders).

A dict's key order is Python structure: `list(d)` sees it. A traced construct keeps the
order every path agrees on, and refuses clearly where the order depends on the traced
path; it never picks one path's order silently (it did: FINDINGS F116).
"""
from __future__ import annotations

import collections

import jax.numpy as jnp
import pytest

import autograph_py as ag
from autograph_py import errors


def _readd_on_both_paths(x):
    d = {"a": 1.0, "b": 2.0}
    if x > 0:
        del d["a"]
        d["a"] = x
    else:
        v = d.pop("a")
        d["a"] = v - x
    return float(list(d).index("a")), d["a"], list(d.values())[0]


def _ordered_values_changed(x):
    d = collections.OrderedDict(b=2.0, a=1.0)
    if x > 0:
        d["a"] = d["a"] + x
    return list(d.values())[0], list(d.values())[1], float(list(d).index("b"))


def _ordered_reordered_in_a_python_loop(x):
    d = collections.OrderedDict(a=1.0, b=2.0, c=3.0)
    for k in ["a", "b"]:
        d.move_to_end(k)
    if x > 0:
        d["c"] = d["c"] * x
    return [d[k] for k in d]


def _rebuilt_in_one_order(x):
    d = {"a": 1.0, "b": 2.0}
    if x > 0:
        d = {"b": x, "a": 1.0}
    else:
        d = {"b": -x, "a": 2.0}
    return float(list(d).index("a")), list(d.values())[0]


@pytest.mark.parametrize("fn", [_readd_on_both_paths, _ordered_values_changed,
                                _ordered_reordered_in_a_python_loop, _rebuilt_in_one_order])
@pytest.mark.parametrize("x", [2.0, -3.0])
def test_an_order_every_path_agrees_on_is_kept(fn, x):
    want = fn(jnp.float32(x))
    got = ag.function(fn)(jnp.float32(x))
    assert [float(v) for v in got] == [float(v) for v in want]


def _move_to_end_under_if(x):
    d = collections.OrderedDict(a=1.0, b=2.0)
    if x > 0:
        d.move_to_end("a")
    return d["a"] + x


def _readd_on_one_path(x):
    d = {"a": 1.0, "b": 2.0}
    if x > 0:
        d["a"] = d.pop("a") + x
    return d["a"]


def _readd_in_a_loop(x, n):
    d = {"a": 1.0, "b": 2.0}
    for _ in range(n):
        d["a"] = d.pop("a") + x
    return d["b"]


def _rebuilt_in_another_order(x):
    d = {"a": 1.0, "b": 2.0}
    if x > 0:
        d = {"b": x, "a": 1.0}
    return d["a"]


@pytest.mark.parametrize("fn,args", [
    (_move_to_end_under_if, (1.0,)), (_readd_on_one_path, (1.0,)),
    (_readd_in_a_loop, (1.0, 2)), (_rebuilt_in_another_order, (1.0,))])
def test_an_order_that_depends_on_the_traced_path_is_a_clear_error(fn, args):
    fn(*map(jnp.asarray, args))   # runs eagerly
    with pytest.raises(errors.StateError, match="key order") as e:
        ag.function(fn)(*map(jnp.asarray, args))
    assert "'d'" in str(e.value) or "`d`" in str(e.value)
    assert __file__ in str(e.value)


def test_a_branch_that_raises_leaves_no_order():
    def f(x):
        d = {"a": 1.0, "b": 2.0}
        if x > 0:
            d["a"] = d.pop("a") + x
            raise ValueError("positive")
        return float(list(d).index("a")), d["b"]
    assert [float(v) for v in ag.function(f)(jnp.float32(-1.0))] == [0.0, 2.0]
    with pytest.raises(ValueError, match="positive"):
        ag.function(f)(jnp.float32(1.0))


def test_python_conditions_reorder_as_python():
    def f(x, flag):
        d = collections.OrderedDict(a=1.0, b=2.0)
        if flag:
            d.move_to_end("a")
        if x > 0:
            d["b"] = x
        return list(d.values())
    for flag in (True, False):
        got = ag.function(f, static_argnums=1)(jnp.float32(3.0), flag)
        assert [float(v) for v in got] == [float(v) for v in f(jnp.float32(3.0), flag)]


def test_a_dict_a_traced_loop_carries_keeps_its_order_in_the_body():
    # Rebuilt from the carry, its keys were sorted in the body (the first of them
    # read 'a'), and a traced `if` around the loop then saw two orders (fuzz seed 1234
    # small program 191).
    def f(x, n):
        d = {"b": 1.0, "a": 2.0}
        out = 0.0
        if x > 0:
            for _ in range(n):
                d = {**d, "b": d["b"] + x}
                out = out * 10.0 + list(d.values())[0]
        return out, list(d.values())[1]
    for x in (1.0, -1.0):
        want = f(jnp.float32(x), 3)
        got = ag.function(f)(jnp.float32(x), jnp.int32(3))
        assert [float(v) for v in got] == [float(v) for v in want]


def test_a_dict_argument_rebuilt_by_a_loop_takes_the_bodys_order():
    # jit hands the function its dict arguments with their keys sorted; a loop that
    # rebuilds the dict in the user's order is not a path-dependent order (the
    # conformance case dict_loop_state).
    def f(state, lr):
        while state["w"] > 0.05:
            state = {"w": state["w"] * (1 - lr), "steps": state["steps"] + 1}
        return list(state.values())[1], state["steps"]
    got = ag.function(f)({"w": jnp.float32(1.0), "steps": jnp.int32(0)}, jnp.float32(0.1))
    want = f({"w": jnp.float32(1.0), "steps": jnp.int32(0)}, jnp.float32(0.1))
    assert [int(v) for v in got] == [int(v) for v in want]


def test_a_dict_made_in_the_function_and_rebuilt_in_another_order_by_a_loop_is_refused():
    # Silently the body's order where the loop ran zero times (helper fuzzing, idioms
    # 97001/93): only a dict the function was given (whose keys jit sorted) may take it.
    def f(n):
        d = {"a": 0.0, "b": -0.5, "c": 2.0}
        for _ in range(n):
            d = {k: d[k] for k in sorted(d, reverse=True)}
        return list(d.values())
    with pytest.raises(errors.StateError, match="whether the loop runs"):
        ag.function(f)(jnp.int32(0))


def _rebound_in_a_loop_with_a_traced_break(x, n):
    d = {"s": x, "k": 1}
    for j in range(n):
        e = {"s": x + 1.0, "k": 2}
        if x > d["s"] - j:
            break
        d = e
    return d["s"] + d["k"], [d[k] for k in d]   # the values, in its key order


def test_a_dict_picked_by_a_traced_break_keeps_the_order_every_path_has():
    # An unfair StateError before (helper-13, S10): `d`, one of two dicts a traced break
    # picks, was a read-only copy, and order_like took only a plain dict as its model, so
    # the loop's output kept a pytree's sorted keys ['k', 's'] against the entry's.
    for x, n in ((1.0, 3), (1.0, 0), (5.0, 2)):
        total, values = ag.function(_rebound_in_a_loop_with_a_traced_break)(
            jnp.float32(x), jnp.int32(n))
        want = _rebound_in_a_loop_with_a_traced_break(x, n)
        assert float(total) == want[0] and [float(v) for v in values] == want[1]


def _readd_in_a_loop_over_an_array(xs):
    d = {"a": 1.0, "b": 2.0}
    for x in xs:
        d["a"] = d.pop("a") + x
    return [d[k] for k in d]


def test_a_loop_over_a_non_empty_array_runs_so_its_order_is_the_bodys():
    # A StateError before ("depends on how many times it runs"): a `for` over an array
    # whose length is known runs at least once, so the order every iteration leaves is
    # the order after it; a traced range (zero runs possible) is still refused above.
    xs = jnp.array([1.0, 2.0])
    got = ag.function(_readd_in_a_loop_over_an_array)(xs)
    assert [float(v) for v in got] == [float(v) for v in _readd_in_a_loop_over_an_array(xs)]
