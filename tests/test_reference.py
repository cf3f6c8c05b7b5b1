"""Level 3: every program runs eagerly and as jax.jit(convert(f)), and must agree."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import pytest

import autograph_py as ag
from tests.conftest import assert_same
from tests.programs import PROGRAMS

IDS = [fn.__name__ for fn, _, _ in PROGRAMS]


@pytest.mark.parametrize("fn,arg_sets,opts", PROGRAMS, ids=IDS)
def test_jit_matches_eager(fn, arg_sets, opts):
    jitted = jax.jit(ag.convert(fn), static_argnums=opts["static"])
    for args in arg_sets:
        assert_same(jitted(*args), fn(*args))


@pytest.mark.parametrize("fn,arg_sets,opts", PROGRAMS, ids=IDS)
def test_converted_without_jit_matches_eager(fn, arg_sets, opts):
    converted = ag.convert(fn)
    for args in arg_sets:
        assert_same(converted(*args), fn(*args))


GRAD = [p for p in PROGRAMS if p[2]["grad"]]


@pytest.mark.parametrize("fn,arg_sets,opts", GRAD, ids=[p[0].__name__ for p in GRAD])
def test_grad_matches_eager(fn, arg_sets, opts):
    def scalar(f):
        return lambda *a: jnp.sum(jnp.asarray(f(*a), jnp.float32))
    for args in arg_sets:
        want = jax.grad(scalar(fn))(*args)
        got = jax.grad(scalar(ag.convert(fn)))(*args)
        assert_same(got, want)


VMAP = [p for p in PROGRAMS if p[2]["vmap"]]


@pytest.mark.parametrize("fn,arg_sets,opts", VMAP, ids=[p[0].__name__ for p in VMAP])
def test_vmap_matches_eager(fn, arg_sets, opts):
    args = arg_sets[0]
    scales = [1.0, -1.0, 0.25, 3.0]
    batched = [jnp.stack([jnp.asarray(a) * s for s in scales]) for a in args]
    got = jax.vmap(ag.convert(fn))(*batched)
    want = [fn(*[jnp.asarray(a) * s for a in args]) for s in scales]
    want = jax.tree_util.tree_map(lambda *xs: jnp.stack([jnp.asarray(x) for x in xs]), *want)
    assert_same(got, want)
