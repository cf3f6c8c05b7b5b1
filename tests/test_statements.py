"""Statements inside traced if and while bodies agree with eager Python (the syntax sweep)."""
from __future__ import annotations

import functools
import re

import pytest

import jax.numpy as jnp
import numpy as np

import autograph_py as ag
from tests.conftest import assert_same, printed_runs
from tests.test_syntax import agrees


class _Ctx:
    def __enter__(self):
        return 3.0

    def __exit__(self, *exc):
        return False


class _Obj:
    def __init__(self):
        self.v = 1.0


def walrus_in_test_and_body(x):
    if (y := x * 2) > 0:
        x = (z := y + 1) * z
    return x


def del_with_and_chained(x):
    t = x * 2
    with _Ctx() as c:
        if x > 0:
            a = b = x + c + t
        else:
            a = b = x
    del t
    return a + b


def star_unpacking(x):
    a, *b = (x, x + 1, x + 2)
    if x > 0:
        a, *b = (x * 2, x, x)
    return a + b[0]


def augmented_items_and_attributes(x):
    d, o = {"k": x}, _Obj()
    if x > 0:
        d["k"] += 1.0
        o.v *= x
    return d["k"] + o.v


def lambdas_with_defaults_and_decorated_defs(x):
    f = lambda v, k=2.0: v * k  # noqa: E731

    def deco(fn):
        return lambda v: fn(v) + 1

    @deco
    @functools.wraps(f)
    def g(v):
        return v * 3
    if x > 0:
        x = g(f(x))
    return x


def generator_conditional_import_and_fstring(x):
    if x > 0:
        import math
        x = x + math.pi

        def gen():
            yield 1.0
        s = f"{x=}"   # (its length would depend on x: a ConcreteValueError, F92)
        x = x + sum(gen()) + (s is None)
    return x


def starred_calls(x):
    def g(p, q, c=0.0):
        return p * q + c
    a, k = (x, 2.0), {"c": 1.0}
    if x > 0:
        x = g(*a, **k)
    return x


def pass_and_docstring_only(x):
    """A docstring."""
    if x > 0:
        pass
    else:
        ...
    return x


def while_with_walrus_del_and_try_finally(x):
    n = 0.0
    while (m := x + n) < 10:
        t = n + 1
        try:
            n = t
        finally:
            x = x * 1.0
        del t
    return n + m


def while_with_star_chain_and_annotation(x):
    a = 0.0
    while x < 10:
        first, *rest = (x + 1, x, 2.0)
        y: float = first + rest[1]
        x = a = y
    return x + a


def while_with_return_in_try_and_continue_in_with(x):
    s = 0.0
    while x < 10:
        x = x + 1
        with _Ctx():
            if x > 7:
                continue
        try:
            if s > 20:
                return s
        finally:
            s = s + x
    return s


@pytest.mark.parametrize("fn", [
    walrus_in_test_and_body, del_with_and_chained, star_unpacking,
    augmented_items_and_attributes, lambdas_with_defaults_and_decorated_defs,
    generator_conditional_import_and_fstring, starred_calls, pass_and_docstring_only,
    while_with_walrus_del_and_try_finally, while_with_star_chain_and_annotation,
    while_with_return_in_try_and_continue_in_with])
@pytest.mark.parametrize("x", [2.0, -2.0, 12.0])
def test_statement_in_a_traced_block_agrees_with_eager(fn, x):
    assert agrees(fn, x)[0] == "value"


def test_docstring_only_function_returns_none():
    def f(x):
        """Nothing else."""
    assert agrees(f, 1.0) == ("value", None)


def _dict_made_in_a_branch_returned_under_a_nested_if(x):
    if x > 1.0:
        d = {"s": 1.0}
        if x > 5.0:
            return d
        d["s"] = 2.0
    return {"s": 1.0}


def _dict_returned_under_a_nested_if_then_changed(x):
    d = {"s": 1.0}
    if x > 1.0:
        if x > 5.0:
            return d
        d["s"] = 2.0
    return d


def _dict_returned_from_a_loop_then_changed(x):
    d = {"s": x}
    for i in range(3):
        if x > i:
            return d
        d["s"] = d["s"] + 1.0
    return d


def test_a_dict_returned_under_a_traced_if_misses_the_changes_after_the_return():
    # FINDINGS F63 (fuzz seed 21 transforms-small program 91): the change after the
    # nested traced `return d` reached the pending return value, which holds the same
    # dict, and the join of the return value refused it; eager returns the dict as it
    # was at the return.
    for fn in (_dict_made_in_a_branch_returned_under_a_nested_if,
               _dict_returned_under_a_nested_if_then_changed,
               _dict_returned_from_a_loop_then_changed):
        f = ag.function(fn)
        for x in (-2.0, 0.0, 1.5, 3.0, 6.0):
            assert_same(f(jnp.float32(x)), fn(jnp.float32(x)))


def _printing(x):
    print("called", x)
    return 4


def _raising(x):
    if x > 0:
        raise ValueError("raised")
    return 4


def _chain_prints(x):
    return 0 < x < 10 < _printing(x)


def _chain_raises(x):
    return x <= 0 < _raising(x)


def test_a_chained_comparison_evaluates_a_later_operand_only_where_python_does():
    # FINDINGS F83 (fuzz seed 80012 calls program 25): once a comparison of the chain was
    # traced, the later operands ran on every path: a print Python never reaches, and a
    # raise where Python returns False.
    for fn in (_chain_prints, _chain_raises):
        f = ag.function(fn)
        for x in (-1.0, 5.0, 20.0):
            outs = printed_runs((fn, f), jnp.float32(x), value=bool, catch=ValueError)
            assert outs[0] == outs[1], (fn.__name__, x, outs)


def _any_of_generator(xs):
    return any(_raising(x - 2.0) or x > 1.0 for x in xs)


def _all_of_python_generator(a, b, c):
    return all(_printing(x) < 3 or x > 0.0 for x in (a, b, c))


def _any_prints(xs):
    return any(_printing(x) > 3 and x > 1.0 for x in xs)


def test_any_and_all_stop_at_the_first_item_that_decides_as_python_does():
    # FINDINGS F84: any/all over a generator evaluated every item, traced or not: a
    # later item's print ran where Python stopped, and its raise failed a run that
    # returns in Python. Over a traced array the later items run masked in the one loop;
    # over a Python iterable, as `t or <the rest>`.
    cases = [(_any_of_generator, (jnp.array([0.5, 2.0, 3.0]),)),
             (_any_of_generator, (jnp.array([0.5, 0.25, 3.0]),)),
             (_all_of_python_generator, (jnp.float32(1.0), jnp.float32(-1.0), jnp.float32(2.0))),
             (_any_prints, (jnp.array([0.5, 2.0, 3.0]),))]
    for fn, args in cases:
        outs = printed_runs((fn, ag.function(fn)), *args, value=bool, catch=ValueError)
        assert outs[0] == outs[1], (fn.__name__, args, outs)


def _assert_with_a_loud_message(x):
    assert x >= 0, f"negative {_printing(x)}"
    return x + 1.0


def test_an_assert_message_runs_only_where_the_assertion_fails():
    # FINDINGS F87 (fuzz seed 94003 shapes-alias program 45): with a traced test the
    # message was made at trace time on every path, so a call in it printed on every run.
    import contextlib
    import io

    import jax
    f = ag.function(_assert_with_a_loud_message)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert float(f(jnp.float32(2.0))) == 3.0
        jax.effects_barrier()
    assert buf.getvalue() == ""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        with pytest.raises(AssertionError, match="negative 4"):
            f(jnp.float32(-2.0))
        jax.effects_barrier()
    assert buf.getvalue() == "called -2.0\n"


def _assert_with_a_raising_message(x):
    assert x >= 0, f"negative {_raising(1.0)}"
    return x + 1.0


def test_an_assert_message_that_raises_raises_only_where_the_assertion_fails():
    # Fuzz seed 94002 builtins program 42: a message whose call raises (a Python-valued
    # `if` in the helper) raised on every run; eager raises it only where the assert fails.
    f = ag.function(_assert_with_a_raising_message)
    assert float(f(jnp.float32(2.0))) == 3.0
    with pytest.raises(ValueError, match="raised"):
        f(jnp.float32(-2.0))


def _np_mask(xs):
    mask = np.zeros(3, bool)
    for i in range(3):
        if xs[i] > 0:
            mask[i] = True
    return mask


def _np_setitem_in_branch(n):
    x = np.zeros(3, np.float32)
    if n > 0:
        x[0] = 1.0
    return x


def _np_augmented_in_branch(t):
    x = np.zeros(3, np.float32)
    if t > 0:
        x += 1
    return x


def _np_in_place_method(t):
    x = np.zeros(3, np.float32)
    if t > 0:
        x.fill(2.0)
    return x


def _set_add_in_branch(t):
    s = {1, 2}
    if t > 0:
        s.add(3)
    return len(s)


def _np_local_to_the_branch(t):
    if t > 0:
        y = np.zeros(2, np.float32)
        y.fill(3.0)
        return jnp.sum(y) + t
    return t


@pytest.mark.parametrize("fn,args", [
    (_np_mask, (jnp.array([1.0, -1.0, 2.0]),)),
    (_np_setitem_in_branch, (jnp.int32(-1),)),
    (_np_setitem_in_branch, (jnp.int32(1),)),
    (_np_augmented_in_branch, (jnp.float32(-1.0),)),
    (_np_augmented_in_branch, (jnp.float32(1.0),)),
    (_np_local_to_the_branch, (jnp.float32(1.0),)),
    (_np_local_to_the_branch, (jnp.float32(-1.0),)),
])
def test_numpy_arrays_changed_under_a_traced_condition_give_pythons_result(fn, args):
    # Red-team programs: a NumPy array changed in place in a traced branch was changed on
    # every path (`mask[i] = True` under `if xs[i] > 0` set every item). Item writes and
    # `x += 1` there now make it a JAX array the construct carries.
    np.testing.assert_allclose(np.asarray(ag.function(fn)(*args)), np.asarray(fn(*args)))


@pytest.mark.parametrize("fn,what", [(_np_in_place_method, "NumPy array ('x')"),
                                     (_set_add_in_branch, "set ('s')")])
def test_an_outside_object_no_carry_holds_changed_under_a_traced_condition_is_an_error(fn, what):
    # `x.fill(2.0)` on a NumPy array, `s.add(3)` on a set under a traced `if`: the change
    # happened on every path (set: silently wrong). A clear error at the `if` now.
    with pytest.raises(ag.errors.StateError, match=rf"a {re.escape(what)} that exists outside"):
        ag.function(fn)(jnp.float32(-1.0))
