"""Traced loops against eager: reversed iterables, dtype joins, shard_map carries, scan fallback."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph_py as ag
from tests.conftest import assert_same


# ------------------------------------------------------------ reversed()

def _rev_range(n):
    s = 0
    for i in reversed(range(n)):
        s = s * 3 + i
    return s, i


def _rev_range_bounds(a, b, k):
    s = 0
    count = 0
    for i in reversed(range(a, b, k)):
        s = s * 3 + i
        count += 1
    return s, count


@pytest.mark.parametrize("n", [1, 2, 6])
def test_reversed_range_with_a_traced_bound_matches_eager(n):
    got = jax.jit(ag.convert(_rev_range))(n)
    assert_same(got, _rev_range(n))
    report = ag.explain(_rev_range)(n)
    assert ("for", "python") not in {(e.construct, e.became) for e in report.by_construct("for")}


@pytest.mark.parametrize("a,b,k", [(0, 10, 3), (10, 0, -3), (-3, 8, 4), (5, 5, 1), (7, 2, 2),
                                   (2, 7, -1), (9, -4, -5), (1, 2, 1)])
def test_reversed_range_with_traced_start_stop_and_step_matches_eager(a, b, k):
    want = _rev_range_bounds(a, b, k)
    assert_same(jax.jit(ag.convert(_rev_range_bounds))(a, b, k), want)
    # A static step with traced bounds, too.
    assert_same(jax.jit(ag.convert(_rev_range_bounds), static_argnums=2)(a, b, k), want)


def test_reversed_range_that_is_empty_runs_no_iteration():
    assert_same(jax.jit(ag.convert(_rev_range))(0)[0], 0)


def _rev_array(x):
    s = 0.0
    for v in reversed(x):
        s = s * v + 1.0
    return s


def test_reversed_traced_array_scans_the_flipped_array_with_grad():
    x = jnp.array([0.5, 2.0, -1.5, 3.0])
    assert_same(jax.jit(ag.convert(_rev_array))(x), _rev_array(x))
    assert_same(jax.grad(ag.convert(_rev_array))(x), jax.grad(_rev_array)(x))
    report = ag.explain(_rev_array)(x)
    assert [e.became for e in report.by_construct("for")] == ["lax.scan"]


def _rev_array_rest(x):
    it = reversed(x)
    first = next(it)
    s = first
    for v in it:
        s = s * 2 + v
    return s, jnp.stack(list(reversed(x)))


def test_reversed_array_partly_taken_and_outside_a_loop_is_pythons_iterator():
    x = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    assert_same(jax.jit(ag.convert(_rev_array_rest))(x), _rev_array_rest(x))


def _rev_enumerate(x):
    s = 0.0
    for i, v in reversed(enumerate(x)):
        s = s + i * v
    return s


def _rev_zip(x):
    s = 0.0
    for a, b in reversed(zip(x, x)):
        s = s + a * b
    return s


@pytest.mark.parametrize("fn,kind", [(_rev_enumerate, "enumerate"), (_rev_zip, "zip")])
def test_reversed_enumerate_and_zip_are_not_reversible_as_in_python(fn, kind):
    x = jnp.arange(3.0)
    with pytest.raises(TypeError, match=f"'{kind}' object is not reversible"):
        fn(x)
    with pytest.raises(TypeError, match=f"'{kind}' object is not reversible") as info:
        jax.jit(ag.convert(fn))(x)
    assert "test_loops_lowering.py:" in str(info.value)
