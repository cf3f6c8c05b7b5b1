"""A converted call gives what a fresh process gives, whatever calls came before it.

Each test makes the calls of a bug hunt of 2026-12-06 (one process, several calls in
a row) and compares each result with the same call alone, or with eager Python.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph_py as ag


# -- an array a callee item-assigned is handed back to that statement only ------------

def _bump(a):
    a[0] = a[0] + 1
    return a


def _look(a):
    return 0


def _bump_after_a_look(a):
    _look(a)
    a = _bump(a)   # rebinds `a`: nothing takes the hand-back of the argument
    return a


def _set0(a):
    a[0] = 100
    return 0


def _divides_after_set0(a, d):
    y = _set0(a) // d   # raises after the hand-back: nothing takes it
    return y


def _tests_set0(a):
    if _set0(a) == 0:   # a test: no write-back after it
        return a
    return a


def _returns_a_look(a):
    _look(a)
    return a


def test_the_same_call_on_the_same_array_gives_the_same_result_every_time():
    # It gave [1 0 0], then [2 0 0], then [1 0 0]: the hand-back of `_bump`'s argument,
    # never taken, was taken by the next call's `_look(a)` write-back (a thread-wide
    # record by the array's id).
    x = jnp.zeros(3)
    step = ag.convert(_bump_after_a_look)
    assert [step(x).tolist() for _ in range(3)] == [[1.0, 0.0, 0.0]] * 3
    assert jax.jit(step)(x).tolist() == [1.0, 0.0, 0.0]


def test_a_hand_back_nothing_took_does_not_reach_a_later_unrelated_call():
    a = jnp.arange(3)
    for first in (lambda: ag.convert(_tests_set0)(a),
                  lambda: ag.convert(_divides_after_set0)(a, 0)):
        try:
            first()
        except ZeroDivisionError:
            pass
        assert ag.convert(_returns_a_look)(a).tolist() == [0, 1, 2]
        assert ag.function(_returns_a_look)(a).tolist() == [0, 1, 2]


def _swap(a, i, j):
    a[i], a[j] = a[j], a[i]


def _swaps(a):
    _swap(a, 0, 2)
    _swap(a, 0, 1)
    return a


def test_a_statements_own_hand_back_still_reaches_the_caller():
    want = _swaps(np.arange(3.0)).tolist()
    assert ag.convert(_swaps)(jnp.arange(3.0)).tolist() == want
    assert jax.jit(ag.convert(_swaps))(jnp.arange(3.0)).tolist() == want


# -- an @function method: one compiled function per instance, by identity -------------

class _Named:
    def __init__(self, name, k):
        self.name, self.k = name, k

    def __eq__(self, other):
        return isinstance(other, _Named) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    @ag.function
    def apply(self, x):
        if x > 0:
            return x * self.k
        return x


def test_equal_instances_each_get_their_own_compiled_method():
    # A WeakKeyDictionary found the first instance's binding for the second (equal by
    # `__eq__`): 6 for 15.
    assert int(_Named("a", 2).apply(jnp.int32(3))) == 6
    assert int(_Named("a", 5).apply(jnp.int32(3))) == 15
    one = _Named("b", 3)
    assert one.apply is one.apply   # and one instance keeps its own



# -- what convert hands back, and the conversion cache, follow the function ------------

def _make_inner():
    def inner(a, b):
        if a > b:
            return a * 10 - b
        return a - b
    return inner


def test_two_jits_of_a_function_converted_code_made_do_not_share_a_cache():
    # convert() of a function made by converted code returned that very object: jax.jit's
    # cache is keyed on it, so static_argnums=1 ran static_argnums=0's program (-40 for 4).
    inner = ag.convert(_make_inner)()
    got0 = jax.jit(ag.convert(inner), static_argnums=0)(1, jnp.int32(5))
    got1 = jax.jit(ag.convert(inner), static_argnums=1)(jnp.int32(5), 1)
    assert (int(got0), int(got1)) == (-4, 49)


def _scaled(x, k=1):
    return x * k if x > 0 else x


def test_a_held_conversion_follows_defaults_changed_after_it():
    held = ag.convert(_scaled)
    assert int(held(jnp.int32(5))) == 5
    saved = _scaled.__defaults__
    try:
        _scaled.__defaults__ = (10,)
        assert int(held(jnp.int32(5))) == 50   # it gave 5 until something converted again
    finally:
        _scaled.__defaults__ = saved


def _version(x):
    return x + 1


def _version_two(x):
    return x + 100


def _calls_version(x):
    return _version(x) * 1


def test_a_function_whose_code_was_replaced_converts_its_new_code():
    # IPython's autoreload assigns __code__; the conversion cached on the function stayed.
    assert int(ag.convert(_version)(1)) == 2
    assert int(ag.function(_calls_version)(jnp.int32(1))) == 2
    saved = _version.__code__
    try:
        _version.__code__ = _version_two.__code__
        assert int(ag.convert(_version)(1)) == 101
        assert int(ag.function(_calls_version)(jnp.int32(2))) == 102
    finally:
        _version.__code__ = saved


def test_two_lambdas_on_one_line_that_differ_by_a_constants_type(tmp_path):
    # Where the module was not loaded from a file loader, the lambda was found by its
    # code's constants, and 1 == 1.0: the float one converted as the int one.
    import runpy
    path = tmp_path / "lams.py"
    path.write_text("f_int, f_float = (lambda x: x + 1 if x > 0 else x), "
                    "(lambda x: x + 1.0 if x > 0 else x)\n")
    ns = runpy.run_path(str(path))
    got = ag.convert(ns["f_float"])(jnp.int32(2))
    assert got.dtype == jnp.float32 and float(got) == 3.0
    assert ag.convert(ns["f_int"])(jnp.int32(2)).dtype == jnp.int32


# -- a JAX wrapper rebuilt around converted code follows what it holds ----------------

@jax.custom_jvp
def _sq(x):
    return x * x


@_sq.defjvp
def _sq_rule(p, t):
    return _sq(p[0]), 2 * p[0] * t[0]


def _sq_rule_100(p, t):
    return _sq(p[0]), 100.0 * t[0]


def _sq_loss(x):
    if x > 0:
        return _sq(x)
    return x


def _switchable(fn):
    import functools
    target, hooks = fn, []

    @functools.wraps(fn)
    def w(x):
        y = target(x)
        for h in hooks:
            y = h(y)
        return y

    def switch(g):
        nonlocal target
        target = g
    w.switch, w.hooks = switch, hooks
    return w


def _plus1(x):
    return x + 1


def test_a_rebuilt_wrapper_follows_rules_defined_and_cells_switched_after_its_first_use():
    # The rebuild was cached on the wrapper: a custom_jvp rule given later (6 for 100), a
    # wrapper's `nonlocal` switched or a hook appended (2 for 10, 2 for 4) were not seen.
    assert float(jax.grad(ag.convert(_sq_loss))(3.0)) == 6.0
    saved = _sq.jvp
    try:
        _sq.defjvp(_sq_rule_100)
        assert float(jax.grad(ag.convert(_sq_loss))(3.0)) == 100.0
    finally:
        _sq.jvp = saved
    ws = _switchable(_plus1)

    def g(x):
        return jax.vmap(ws)(x)
    assert ag.convert(g)(jnp.ones(2)).tolist() == [2.0, 2.0]
    ws.switch(lambda x: x * 10)
    assert ag.convert(g)(jnp.ones(2)).tolist() == [10.0, 10.0]
    ws.hooks.append(lambda y: y * 2)
    assert ag.convert(g)(jnp.ones(2)).tolist() == [20.0, 20.0]


# -- a class converted code used stays the user's class for plain JAX -------------------

class _V:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        if self.v > o:
            return _V(self.v - o)
        return _V(self.v + o)


def _adds(x):
    return (_V(x) + 2).v


def test_plain_jit_of_unconverted_code_meets_a_class_as_python_does_after_converted_use():
    # Converted code wrapped the class's operators for good: a later plain jax.jit of
    # unconverted code ran them converted (3, where jax.jit alone raises).
    assert int(ag.function(_adds)(jnp.int32(5))) == 3
    with pytest.raises(jax.errors.TracerBoolConversionError):
        jax.jit(_adds)(jnp.int32(5))
    assert int(ag.function(_adds)(jnp.int32(1))) == 3
    assert sorted([_V(3), _V(1)], key=lambda o: o.v)[0].v == 1


# -- explain() reports the same whatever ran before ---------------------------------------

@jax.jit
def _jitted_abs(v):
    if v > 0:
        return v
    return -v


def _uses_jitted_abs(x, n):
    y = _jitted_abs(x)
    for _ in range(n):
        if y > 1:
            y = y - 1
    return y


def test_explain_reports_a_called_jit_also_after_a_compiled_call_traced_it():
    # JAX kept the rebuilt jit's trace from the compiled call: explain() then missed the
    # conversion of its function and its `if`.
    def rows():
        return [(e.construct, e.became)
                for e in ag.explain(_uses_jitted_abs, static_argnums=1)(jnp.int32(3), 2).entries]
    before = rows()
    ag.function(_uses_jitted_abs, static_argnums=1)(jnp.int32(30), 2)
    assert rows() == before and ("call", "converted") in before


class _Scaled:
    def __init__(self, k):
        self.k = k

    @ag.function
    def apply(self, x):
        return x * self.k


def test_instances_a_method_bound_are_let_go():
    # Each binding holds its instance; the cache held every binding for good (a
    # WeakKeyDictionary whose values hold their keys): no instance was ever freed.
    import gc
    import weakref
    first = _Scaled(2)
    assert int(first.apply(jnp.int32(3))) == 6
    gone = weakref.ref(first)
    del first
    for k in range(200):
        _Scaled(k).apply
    gc.collect()
    assert gone() is None
