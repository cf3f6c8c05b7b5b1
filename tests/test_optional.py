"""A variable that is None on some runs and a value on others (runtime/optional.py):
`best = None`, then an array under a traced condition or in a loop with a traced trip
count. Each test compares with the same function run eagerly."""
from __future__ import annotations


import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph_py as ag
from autograph_py.runtime.optional import MaybeNone
from tests.conftest import assert_same, printed_runs


def _maybe(x):
    y = None
    if x > 0:
        y = x
    return y


def _compares(x):
    y = _maybe(x)
    return y is None, y is not None, y == 1.0, y != 1.0


def test_is_none_and_equality_follow_the_run():
    f = ag.function(_compares)
    for x in (1.0, 2.0, -1.0):
        got = [bool(v) for v in f(jnp.float32(x))]
        assert got == [bool(v) for v in _compares(jnp.float32(x))], x


def test_the_runtime_operator_keeps_python_values_python():
    # Nothing traced: no MaybeNone is made, `is None` is Python's own.
    converted = ag.convert(_maybe)
    assert converted(1.0) == 1.0 and converted(-1.0) is None
    assert ag.convert(_compares)(-1.0) == (True, False, False, True)


def _plus_one(x):
    y = _maybe(x)
    return y + 1.0


def test_a_use_of_the_value_fails_only_on_the_runs_where_it_is_none():
    f = ag.function(_plus_one)
    assert float(f(jnp.float32(2.0))) == 3.0
    with pytest.raises(TypeError, match="'y' is None here"):
        f(jnp.float32(-2.0))
    with pytest.raises(TypeError):
        _plus_one(jnp.float32(-2.0))


def _jnp_of_it(x):
    y = _maybe(x)
    if y is None:
        return jnp.float32(0.0)
    return jnp.maximum(y, 0.5) + jnp.arange(3)[jnp.int32(y)]


def test_library_calls_and_indexes_get_the_value():
    f = ag.function(_jnp_of_it)
    for x in (1.0, 2.0, -1.0):
        assert_same(f(jnp.float32(x)), _jnp_of_it(jnp.float32(x)))


def _printed(x):
    y = _maybe(x)
    print("y:", y, f"{y}", str(y))
    return x


def test_print_and_text_show_none_or_the_value_at_run_time():
    for x in (1.5, -1.5):
        outs = [text for _, text in printed_runs((_printed, ag.function(_printed)),
                                                  jnp.float32(x))]
        assert outs[0] == outs[1], outs


def _find(xs, t):
    i = 0
    while i < xs.shape[0]:
        if xs[i] == t:
            return i
        i += 1
    return None


def _uses_find(xs, t):
    k = _find(xs, t)
    if k is None:
        return -1.0
    return xs[k] * 10.0


def test_a_helper_that_returns_none_or_a_value_to_converted_code():
    f = ag.function(_uses_find)
    xs = jnp.array([1.0, 2.0, 3.0])
    for t in (2.0, 3.0, 7.0):
        assert_same(f(xs, jnp.float32(t)), _uses_find(xs, jnp.float32(t)))


def test_a_function_returning_none_on_some_runs_fails_on_those_runs_only():
    f = ag.function(_find)
    xs = jnp.array([1.0, 2.0, 3.0])
    assert int(f(xs, jnp.float32(2.0))) == 1
    with pytest.raises(ag.StateError, match="returns None on this run"):
        f(xs, jnp.float32(7.0))
    assert _find(xs, 7.0) is None
    # The same from convert, traced by JAX directly: the result is never a MaybeNone.
    out = jax.make_jaxpr(ag.convert(_find))(xs, jnp.float32(2.0))
    assert not any(isinstance(v, MaybeNone) for v in out.out_avals)


def _best_of(xs):
    best = None
    for x in xs:
        if best is None or x > best:
            best = x
    return best


def test_a_loop_over_static_items_stays_python_and_exact():
    # A static number of items: the Python loop over them (as before), so an empty
    # array returns None and no flag is carried.
    f = ag.function(_best_of)
    assert float(f(jnp.array([1.0, 3.0, 2.0]))) == 3.0
    assert f(jnp.zeros((0,))) is None
    assert "python (unrolled)" in str(ag.explain(_best_of)(jnp.array([1.0, 3.0])))


def _count_up_to_first_big(xs, n):
    first = None
    i = 0
    while i < n:
        if first is None and xs[i] > 2.0:
            first = xs[i]
        i += 1
    return 0.0 if first is None else first


def test_grad_and_vmap_through_a_carried_maybe_none():
    xs = jnp.array([1.0, 3.0, 5.0])
    f = ag.convert(_count_up_to_first_big)
    for n in (0, 1, 3):
        assert_same(jax.jit(f)(xs, jnp.int32(n)), _count_up_to_first_big(xs, n))
        assert_same(jax.grad(lambda v: f(v, jnp.int32(n)))(xs),
                    jax.grad(lambda v: _count_up_to_first_big(v, n))(xs))
    ns = jnp.array([0, 1, 2, 3])
    got = jax.vmap(f, in_axes=(None, 0))(xs, ns)
    np.testing.assert_allclose(got, [_count_up_to_first_big(xs, int(n)) for n in ns])


def _truth_of_an_array(xs):
    y = None
    if xs[0] > 0:
        y = xs
    if y:
        return 1.0
    return 0.0


def test_the_truth_of_an_array_maybe_none_is_a_clear_error():
    # As Python's truth of an array of several items is an error.
    with pytest.raises(ag.StateError, match="is not None"):
        ag.function(_truth_of_an_array)(jnp.ones(3))


def _or_default(x):
    y = _maybe(x - 1.0)
    return y or 5.0


def _and_test(x):
    y = _maybe(x - 1.0)
    w = y and y > 0.5
    return 1.0 if w else 0.0


def _not_and_bool(x):
    y = _maybe(x - 1.0)
    return not y, bool(y)


def _while_truthy(x):
    y = _maybe(x - 1.0)
    k = 0
    while y and k < 3:
        k += 1
        y = y - 0.5
    return k


def _best_or_default(xs, n):
    best = None
    i = 0
    while i < n:
        if not best or xs[i] > best:
            best = xs[i]
        i += 1
    return best or -1.0


def test_truth_of_a_maybe_none_is_pythons_in_if_while_and_or_not_bool():
    # None is false; a value is as true as Python says (0.0 is false): `y or 5.0`,
    # `y and y > 0.5`, `while y and ...`, `not y`, `bool(y)`, `if not best or ...`.
    for fn in (_or_default, _and_test, _not_and_bool, _while_truthy):
        f = ag.function(fn)
        for x in (-1.0, 1.0, 2.0, 1.25, 4.0):   # None, 0.0 (false), true values
            got, want = f(jnp.float32(x)), fn(jnp.float32(x))
            assert [bool(g) if isinstance(w, bool) else float(g) for g, w in
                    zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want))] == [
                w if isinstance(w, bool) else float(w)
                for w in jax.tree_util.tree_leaves(want)], (fn.__name__, x)
    xs = jnp.array([0.0, 3.0, 2.0])
    f = ag.function(_best_or_default)
    for n in (0, 1, 3):
        assert float(f(xs, jnp.int32(n))) == float(_best_or_default(xs, n))


def _type_of(x):
    y = _maybe(x)
    return isinstance(y, type(None))


def test_what_type_a_maybe_none_is_is_a_clear_error():
    # Python's answer differs between the runs; the program is traced once.
    with pytest.raises(ag.StateError, match=r"(?s)isinstance\(\) of 'y'.*Test `y is None`"):
        ag.function(_type_of)(jnp.float32(1.0))


def _closest(xs, t, n):
    best = None
    i = 0
    while i < n:
        d = jnp.abs(xs[i] - t)
        if best is None or d < best[0]:
            best = (d, i)
        i += 1
    if best is None:
        return -1.0, -1
    dist, idx = best
    return dist, idx


def test_a_tuple_that_is_none_on_some_runs():
    # `best = (score, index)` or None: the tuple's leaves and one flag.
    f = ag.function(_closest)
    xs = jnp.array([1.0, 5.0, 2.5])
    for t, n in ((2.0, 3), (4.0, 2), (2.0, 0)):
        got, want = f(xs, jnp.float32(t), jnp.int32(n)), _closest(xs, t, n)
        assert [float(g) for g in got] == [float(w) for w in want], (t, n)


def _pair_with_none(x):
    r = (None, 0)
    if x > 0:
        r = (x * 2.0, 1)
    a, k = r
    return k if a is None else a + k


def _returns_a_pair_holding_one(x, n):
    best = None
    i = 0
    while i < n:
        if x > i:
            best = x * i
        i += 1
    if x > 2:
        return best, 1
    return x, 2


def test_none_inside_a_tuple_joined_with_a_value():
    # At the same place of two tuples: `(None, 0)` and `(x * 2.0, 1)`, or a MaybeNone in
    # one branch's returned tuple and a value in the other's (fuzz seed 90003 shapes-none
    # program 6, through `v or e`).
    f = ag.function(_pair_with_none)
    for x in (-1.0, 1.5):
        assert float(f(jnp.float32(x))) == float(_pair_with_none(jnp.float32(x)))
    g = ag.function(_returns_a_pair_holding_one)
    for x, n in ((3.0, 3), (1.0, 3), (1.0, 0)):
        got, want = g(jnp.float32(x), jnp.int32(n)), _returns_a_pair_holding_one(x, n)
        assert [float(v) for v in got] == [float(v) for v in want], (x, n)
    with pytest.raises(ag.StateError, match="None on this run"):
        g(jnp.float32(3.0), jnp.int32(0))   # eager returns (None, 1): no array for None


def _halve_until_small(x, kmax):
    for _ in range(1, kmax):
        x2 = x * 0.5
        x = x2
        if abs(x2) < 0.1:
            break
    else:
        x2 = None
    if x2 is None:
        return -1.0
    return x2


def test_none_in_a_for_else_after_a_loop_that_may_not_run_is_a_maybe_none():
    # `else: x2 = None` after a loop with a traced trip count joined None with the
    # variable's UnboundUnlessAssigned value: a StateError ("a different structure"),
    # where real root finders return None when they do not converge (FINDINGS F123).
    for x, k in ((1.0, 10), (1.0, 3), (1.0, 1)):
        got = ag.function(_halve_until_small)(jnp.float32(x), jnp.int32(k))
        assert float(got) == _halve_until_small(x, k)


def test_a_value_read_where_a_branch_tested_it_is_not_none_stages_no_check():
    # `mid = (lo + hi) / 2.0` in the else branch of `if hi is None:` staged a run-time
    # "hi is None here" check, which never fires there; under vmap JAX splits each such
    # callback per element: corpus bisect_sqrt (60 iterations) had 180 of them and took
    # 11.5 s to compile under jit(vmap), 1.1 s without. The branch's test tells the read.
    import collections
    from tests.foreign.corpus_none import bisect_sqrt
    conv = ag.convert(bisect_sqrt)
    xs = jnp.array([2.0, 10.0, 0.0])
    jaxpr = jax.make_jaxpr(jax.vmap(conv))(xs)
    kinds = collections.Counter(e.primitive.name for e in jaxpr.jaxpr.eqns)
    assert kinds["debug_callback"] == 0
    got = jax.jit(jax.vmap(conv))(xs)
    np.testing.assert_allclose(got, [bisect_sqrt(float(x)) for x in xs], rtol=1e-6)


def test_a_read_a_branch_did_not_test_still_checks_at_run_time():
    def f(x):
        m = None
        if x > 0:
            m = x
        if x < -1.0:
            return m + 1.0   # None here when x < -1: Python's TypeError at run time
        return x
    with pytest.raises(TypeError, match="'m' is None here"):
        jax.block_until_ready(ag.function(f)(jnp.float32(-2.0)))


def _first_above_each_round(n, x):
    w, t = 0, 0.0
    while (w := w + 1) <= 3 and w <= n:
        for c in [1.0, 2.0]:
            if x * w > c:
                s = c     # a Python float; on other runs None, on others unassigned
                break
        else:
            s = None
        if s is None:
            t = t + 0.5
        else:
            t = t + s * x
    return t, s is None


def test_a_for_else_none_in_a_traced_loop_that_first_assigns_the_variable():
    # The loop variable `s` is an UnboundUnlessAssigned (the while may run zero times); the
    # for-else's traced break joins the break path's value with the else path's None inside
    # a MaybeUndefined (the path that did not break): "a different structure" (FINDINGS F160).
    # Joined, a read of that MaybeUndefined in the loop body gave the UnboundUnlessAssigned
    # itself, not its value: `s is None` was False on runs where s was None (silently wrong).
    f = ag.function(_first_above_each_round)
    for n, x in ((1, 0.5), (2, 0.5), (3, 1.5), (2, 0.25), (3, 0.1), (3, 0.4), (5, 0.4)):
        got, want = f(jnp.int32(n), jnp.float32(x)), _first_above_each_round(n, x)
        assert float(got[0]) == pytest.approx(want[0]) and bool(got[1]) == want[1], (n, x)
    with pytest.raises(UnboundLocalError):
        _first_above_each_round(0, 1.0)
    with pytest.raises(UnboundLocalError):
        jax.block_until_ready(f(jnp.int32(0), jnp.float32(1.0)))
    totals = jax.vmap(lambda n, x: ag.convert(_first_above_each_round)(n, x)[0])(
        jnp.array([1, 2, 3]), jnp.array([0.5, 0.5, 1.5]))
    want = [_first_above_each_round(n, x)[0] for n, x in ((1, 0.5), (2, 0.5), (3, 1.5))]
    np.testing.assert_allclose(totals, want, rtol=1e-6)
    slope = jax.grad(lambda x: ag.convert(_first_above_each_round)(3, x)[0])(jnp.float32(1.5))
    assert float(slope) == pytest.approx(3.0)   # t = 1.0 * x in each of the three rounds
