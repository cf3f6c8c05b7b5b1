"""Objects of the user's plain classes as the state of traced constructs (runtime/records.py).

A variable bound to a new object on each path of a traced `if`, or to a new
object each iteration of a traced loop, was a StateError ("a different type in
the two branches", "changes type from one iteration to the next"): an unfair
refusal of an everyday idiom, a dataclass of simulation state (FINDINGS F121).
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import pytest

import autograph_py as ag


@dataclasses.dataclass(frozen=True)
class State:
    x: float
    hist: tuple

    def norm(self):
        return abs(self.x)


class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b


class Total:
    def __init__(self):
        self.total = 0.0

    def add(self, v):
        self.total = self.total + v


def _halved(x, n):
    s = State(x, (0.0, 0.0))
    for _ in range(n):
        s = State(s.x * 0.5, (s.hist[1], s.x))
    return s.norm(), s.hist[0]


def _nested_on_both_paths(x):
    p = Pair(Pair(x, 1.0), 2.0)
    if x > 0:
        p = Pair(Pair(x * 2, 3.0), 4.0)
    return p.a.a + p.a.b + p.b


def _while_with_replace(x, n):
    s = State(x, (1.0, 2.0))
    i = 0
    while i < n:
        s = dataclasses.replace(s, x=s.x + 1.0)
        i += 1
    return s.x, s.hist[1]


def _changed_in_place(x):
    acc = Total()
    alias = acc
    if x > 0:
        acc.add(x)
    return alias.total, acc is alias


@pytest.mark.parametrize("fn,args", [
    (_halved, (8.0, 3)), (_halved, (8.0, 0)),
    (_nested_on_both_paths, (1.0,)), (_nested_on_both_paths, (-1.0,)),
    (_while_with_replace, (1.0, 0)), (_while_with_replace, (1.0, 2)),
    (_changed_in_place, (1.0,)), (_changed_in_place, (-1.0,))])
def test_new_objects_on_each_path_are_state_by_their_attributes(fn, args):
    traced = [jnp.float32(a) if isinstance(a, float) else jnp.int32(a) for a in args]
    got, want = ag.function(fn)(*traced), fn(*traced)
    got, want = (v if isinstance(v, tuple) else (v,) for v in (got, want))
    assert [float(v) for v in got] == [float(v) for v in want]


def test_objects_as_state_under_vmap_and_grad():
    xs = jnp.array([1.0, -1.0])
    assert [float(v) for v in jax.vmap(ag.convert(_nested_on_both_paths))(xs)] == [9.0, 2.0]
    g = jax.grad(lambda x: ag.convert(_halved)(x, jnp.int32(3))[0])(8.0)
    assert float(g) == float(jax.grad(lambda x: _halved(x, 3)[0])(8.0))


def _attribute_differs(x):
    if x > 0:
        p = Pair(x, 1.0)
    else:
        p = Pair(x, "one")
    return p.a


def test_objects_whose_attributes_differ_are_a_clear_error_showing_them():
    with pytest.raises(ag.errors.StateError) as e:
        ag.function(_attribute_differs)(jnp.float32(1.0))
    assert "Pair(a=float32[], b=Python float 1.0)" in str(e.value)
    assert "Pair(a=float32[], b=str 'one')" in str(e.value)


def test_an_object_that_holds_itself_is_not_walked_forever():
    def f(x):
        p = Pair(x, 1.0)
        p.b = p
        if x > 0:
            p = Pair(x * 2, 1.0)
            p.b = p
        return p.a
    with pytest.raises(ag.errors.StateError):
        ag.function(f)(jnp.float32(1.0))
