"""Shared helpers: compare eager and converted results leaf by leaf."""
from __future__ import annotations

import jax
import numpy as np
import pytest


def assert_same(got, want, rtol=1e-5, atol=1e-6):
    gl, wl = jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)
    assert len(gl) == len(wl), (got, want)
    for g, w in zip(gl, wl):
        if isinstance(w, jax.Array) and isinstance(g, jax.Array):
            # An array eagerly has a dtype the converted program must keep (a Python
            # scalar may come back as an array of JAX's default type).
            assert g.dtype == w.dtype, (g.dtype, w.dtype, got, want)
        g, w = np.asarray(g), np.asarray(w)
        assert g.shape == w.shape, (got, want)
        np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=rtol, atol=atol)


def printed_runs(runs, *args, value=lambda r: None, catch=()):
    """[(value(result), printed text)] of each of `runs` called on `args` (eager first,
    then converted), run-time prints flushed; an exception of a `catch` type gives its
    class name as the value."""
    import contextlib
    import io
    out = []
    for run in runs:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            try:
                got = value(run(*args))
            except catch as e:
                got = type(e).__name__
            jax.effects_barrier()
        out.append((got, buf.getvalue()))
    return out


@pytest.fixture(autouse=True)
def _restore_switches():
    import autograph_py as ag
    yield
    ag.run_functions_eagerly(False)
    ag.set_strict(False)
