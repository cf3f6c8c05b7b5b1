"""Shared helpers: compare eager and converted results leaf by leaf."""
from __future__ import annotations

import os
import shutil
import tempfile

import jax
import numpy as np
import pytest

# One XLA compile for each program the tests compile more than once (the corpus harness
# compiles a program through ag.function and jax.jit, eager runs compile the same small
# ops, fuzz programs repeat): JAX's persistent compilation cache, in a directory made
# for this run and shared by the xdist workers (they inherit the variable), removed at
# the end. XLA's compile is most of the suite's time; a user's JAX_COMPILATION_CACHE_DIR
# is left as it is.
_CACHE_MADE = "JAX_COMPILATION_CACHE_DIR" not in os.environ
if _CACHE_MADE:
    os.environ["JAX_COMPILATION_CACHE_DIR"] = tempfile.mkdtemp(prefix="autograph-py-xla-")
jax.config.update("jax_compilation_cache_dir", os.environ["JAX_COMPILATION_CACHE_DIR"])
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", -1)


def pytest_unconfigure(config):
    if _CACHE_MADE and not hasattr(config, "workerinput"):   # the run's own, not a worker's
        shutil.rmtree(os.environ.pop("JAX_COMPILATION_CACHE_DIR"), ignore_errors=True)


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
