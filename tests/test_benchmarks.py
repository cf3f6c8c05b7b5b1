"""The benchmark workloads, checked without timing anything.

`make bench` judges speed; this keeps its noise-free half true on every
commit: each converted workload computes what the hand-written lax does, and
its jaxpr is no larger (no dead loop state, no redundant converts or
selects). A smoke run of the runner keeps `make bench` itself working.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import jax
import numpy as np
import pytest

import autograph_py

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))
from measure import jaxpr_size  # noqa: E402
from workloads import WORKLOADS, traceable_pair, traceable_select  # noqa: E402


@pytest.mark.parametrize("w", WORKLOADS, ids=lambda w: w.name)
def test_workload_jaxpr_no_larger_than_hand_written(w):
    args = w.args()
    conv, hand = traceable_pair(w, autograph_py.convert)
    n_conv, by_prim_conv, text = jaxpr_size(conv, *args)
    n_hand, by_prim_hand, _ = jaxpr_size(hand, *args)
    assert n_conv <= n_hand, (by_prim_conv - by_prim_hand, text)
    got, want = jax.jit(conv)(*args), jax.jit(hand)(*args)
    if w.select is not None:
        assert np.allclose(jax.jit(traceable_select(w))(*args), want, rtol=1e-5)
    for a, b in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(a, np.float64), np.asarray(b, np.float64),
                                   rtol=1e-4, atol=1e-5)


def test_bench_runner_smoke():
    out = subprocess.run([sys.executable, str(BENCH / "run.py"), "--quick", "--no-save",
                          "--only", "runtime,conversion,call"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    for heading in ("Runtime: converted eager-style vs hand-written lax", "Conversion cost",
                    "Cached-call overhead", "Targets"):
        assert heading in out.stdout
    assert "FAILED" not in out.stdout, out.stdout


def test_public_corpus_names_each_function_origin_and_the_scorer_runs():
    sys.path.insert(0, str(BENCH.parent))
    from tests.foreign import corpus_public
    assert len(corpus_public.PUBLIC) >= 150
    source = Path(corpus_public.__file__).read_text().splitlines()
    for entry in corpus_public.PUBLIC:
        line = entry["fn"].__code__.co_firstlineno - 1   # its decorator's line
        above = [source[i] for i in range(max(0, line - 3), line)]
        assert any(l.startswith("# origin: ") for l in above), entry["name"]
    out = subprocess.run([sys.executable, str(BENCH / "corpus_score.py"), "--only",
                          "greatest_common_divisor,bubble_sort_iterative"], capture_output=True, text=True,
                         timeout=300, cwd=BENCH.parent)
    assert out.returncode == 0, out.stderr
    assert "ALL" in out.stdout and "pass" in out.stdout


def test_gradient_workloads_agree_with_the_bounded_scan_and_unrolling():
    import gradients
    for fn, args in [(gradients.newton, (jax.numpy.linspace(0.5, 30.0, 50),)),
                     (gradients.ode, (0.7,)), (gradients.fixed_point, (jax.numpy.linspace(-1, 1, 8),))]:
        trips = gradients._count(fn, *args)
        assert trips > 3
        got = jax.grad(autograph_py.function(fn))(*args)
        want = jax.grad(autograph_py.function(gradients._bounded(fn, trips)))(*args)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-6)
    got = jax.grad(autograph_py.function(gradients.sweep))(0.5, jax.numpy.int32(300))
    np.testing.assert_allclose(got, jax.grad(gradients.sweep)(0.5, 300), rtol=1e-4)


def test_early_exit_workloads_compute_what_both_experts_do():
    # benchmarks/early_exits.py times these; here only that the three agree.
    import early_exits
    for name in early_exits.CASES:
        (conv, literal, expert), args = early_exits.programs(name)
        got = np.asarray(jax.jit(conv)(*args))
        for other in (literal, expert):
            np.testing.assert_allclose(got, np.asarray(jax.jit(other)(*args)), rtol=1e-4,
                                       err_msg=name)
