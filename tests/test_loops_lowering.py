"""Traced loops against eager: reversed iterables, dtype joins, shard_map carries, scan fallback."""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph_py as ag
from autograph_py import errors
from tests.conftest import assert_same, printed_runs


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


def test_reversed_range_that_is_empty_leaves_the_index_unbound_as_in_python():
    with pytest.raises(UnboundLocalError, match="'i'"):
        _rev_range(0)
    with pytest.raises(UnboundLocalError, match="'i'"):
        ag.function(_rev_range)(jnp.int32(0))


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


# ------------------------------------------------- dtype of a weak entry

def _scan_if(x, zero):
    s = zero
    for v in x:
        if v > 0:
            s = s + v
    return s


def _fori_if(x, zero):
    s = zero
    for i in range(x.shape[0] - jnp.int32(0)):   # a traced bound: fori_loop
        if x[i] > 0:
            s = s + x[i]
    return s


def _while_if(x, zero):
    s = zero
    i = 0
    while i < x.shape[0] - jnp.int32(0):   # a traced test: while_loop
        if x[i] > 0:
            s = s + x[i]
        i += 1
    return s


def _if(x, zero):
    s = zero
    if x[0] > 0:
        s = s + x[0]
    return s


def _dtype_cases():
    vals = np.array([1, 2, 0, 3])
    return [(jnp.asarray(vals, jnp.bfloat16), 0.0), (jnp.asarray(vals, jnp.float16), 0.0),
            (jnp.asarray(vals, jnp.int8), 0), (jnp.asarray(vals, jnp.uint8), 0),
            (jnp.asarray(vals, jnp.float16), 0), (jnp.asarray(vals + 1j, jnp.complex64), 0.0)]


def _positive(v):
    return jnp.real(v) if jnp.iscomplexobj(v) else v


@pytest.mark.parametrize("fn", [_scan_if, _fori_if, _while_if, _if])
@pytest.mark.parametrize("x,zero", _dtype_cases(),
                         ids=["bf16", "f16", "i8", "u8", "f16-int", "c64"])
def test_weak_python_scalar_entry_takes_the_dtype_eager_gives(fn, x, zero):
    if jnp.iscomplexobj(x):   # `v > 0` on complex values is an error in JAX too
        fn = {_scan_if: _scan_if_c, _fori_if: _fori_if_c, _while_if: _while_if_c,
              _if: _if_c}[fn]
    want = fn(x, zero)
    got = jax.jit(ag.convert(fn), static_argnums=1)(x, zero)
    became = {e.became for e in ag.explain(fn, static_argnums=1)(x, zero).entries}
    assert became & {"lax.scan", "lax.fori_loop", "lax.while_loop", "lax.cond", "select"}
    assert (jax.typeof(got).dtype, jax.typeof(got).weak_type) == \
        (jax.typeof(want).dtype, jax.typeof(want).weak_type)
    np.testing.assert_allclose(np.asarray(got).astype(np.complex128),
                               np.asarray(want).astype(np.complex128))


def _range_sum(n, b):
    s = 0
    for k in range(n):   # a traced bound: fori_loop
        s = s + k
    return s / 2 + b


def _range_step_sum(n, b):
    s = 0
    for k in range(0, n, 2):   # step 2: a while_loop
        s = s + k
    return s / 2 + b


def _range_break_sum(n, b):
    s = 0
    for k in range(n):   # a traced break: a while_loop with a test
        if k * k > n:
            break
        s = s + k
    return s / 2 + b


def _range_generator_sum(n, b):
    return sum(k for k in range(n) if k % 2 == 0) / 2 + b


@pytest.mark.parametrize("fn", [_range_sum, _range_step_sum, _range_break_sum,
                                _range_generator_sum])
def test_traced_range_items_are_weak_like_python_ints(fn):
    # The items of a range are Python ints whatever its bounds are, so a sum of them
    # joins a bfloat16 as a Python number does (it was an int32, which made the
    # result float32: fuzz seed 40001 builtins program 87).
    b = jnp.bfloat16(1.5)
    for n in (7, jnp.int32(7)):
        want = fn(int(n), b)
        got = ag.function(fn)(n, b)
        assert jax.typeof(got).dtype == jax.typeof(want).dtype == jnp.bfloat16
        assert float(got) == float(want)


def _scan_target_after(b):
    for x, k in zip(jnp.arange(3) * 0.5, jnp.arange(3)):
        pass
    return x + b


def _scan_sum(b):
    s = b
    for x in jnp.arange(3) * 0.5:   # an int array times a Python float: weakly typed
        s = s + x
    return s


def _scan_collect(b):
    out = []
    for x in jnp.arange(3) * 0.5:
        out.append(x + b)
    return out


@pytest.mark.parametrize("fn", [_scan_target_after, _scan_sum, _scan_collect])
def test_items_of_a_weakly_typed_array_are_weak_as_indexing_gives(fn):
    # `jnp.arange(3) * 0.5` is a weak float32 array; its items, eagerly, are weak too, so
    # they join a bfloat16 as a Python float does. The scan's items were strong float32
    # (fuzz seed 42001 builtins program 44).
    b = jnp.bfloat16(1.0)
    want, got = fn(b), ag.function(fn)(b)
    assert [v.dtype for v in jax.tree_util.tree_leaves(got)] == \
        [v.dtype for v in jax.tree_util.tree_leaves(want)] != []
    assert_same(got, want)


def _scan_if_c(x, zero):
    s = zero
    for v in x:
        if jnp.real(v) > 0:
            s = s + v
    return s


def _fori_if_c(x, zero):
    s = zero
    for i in range(x.shape[0] - jnp.int32(0)):
        if jnp.real(x[i]) > 0:
            s = s + x[i]
    return s


def _while_if_c(x, zero):
    s = zero
    i = 0
    while i < x.shape[0] - jnp.int32(0):
        if jnp.real(x[i]) > 0:
            s = s + x[i]
        i += 1
    return s


def _if_c(x, zero):
    s = zero
    if jnp.real(x[0]) > 0:
        s = s + x[0]
    return s


_X64_SCRIPT = '''
import jax, jax.numpy as jnp, numpy as np
import autograph_py as ag
assert jax.config.jax_enable_x64

def scan_if(x, zero):
    s = zero
    for v in x:
        if v > 0:
            s = s + v
    return s

def fori(x, zero):
    s = zero
    for i in range(x.shape[0] - jnp.int32(0)):
        if x[i] > 0:
            s = s + x[i]
    return s

def while_if(x, zero):
    s = zero
    i = 0
    while i < x.shape[0] - jnp.int32(0):
        if x[i] > 0:
            s = s + x[i]
        i += 1
    return s

def if_(x, zero):
    s = zero
    if x[0] > 0:
        s = s + x[0]
    return s

for dtype, zero in [(jnp.float32, 0.0), (jnp.bfloat16, 0.0), (jnp.int8, 0), (jnp.float32, 0),
                    (jnp.int32, 0)]:
    x = jnp.asarray([1, 2, 0, 3], dtype)
    for fn in (scan_if, fori, while_if, if_):
        want, got = fn(x, zero), jax.jit(ag.convert(fn), static_argnums=1)(x, zero)
        pair = lambda v: (jax.typeof(v).dtype, jax.typeof(v).weak_type)
        assert pair(got) == pair(want), (fn.__name__, dtype, pair(got), pair(want))
        np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(want, np.float64))
print("ok")
'''


def _run_script(tmp_path, text, **env):
    """Runs `text` as a file in a fresh Python (jax flags must be set before jax is imported)."""
    import os
    import pathlib
    import subprocess
    import sys
    script = tmp_path / "prog.py"
    script.write_text(text)
    root = str(pathlib.Path(__file__).resolve().parents[1])
    full_env = {**os.environ, "PYTHONPATH": root, "JAX_PLATFORMS": "cpu", **env}
    done = subprocess.run([sys.executable, str(script)], env=full_env, cwd=root,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-3000:]


def test_weak_entry_dtype_with_x64_matches_eager(tmp_path):
    _run_script(tmp_path, _X64_SCRIPT, JAX_ENABLE_X64="1")


# ------------------------------------------------------ shard_map carries

_SHARD_MAP_SCRIPT = '''
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
import autograph_py as ag
assert jax.device_count() == 8
mesh = jax.make_mesh((8,), ("i",))

def while_(x):
    s = jnp.zeros(())
    k = 0
    while k < x.shape[0] - jnp.int32(0):
        s = s * 0.5 + x[k]
        k += 1
    return s[None]

def while_varying_test(x):
    s = 0.0
    k = 0
    while s < 20.0 and k < 4:
        s = s + jnp.abs(x[k])
        k += 1
    return jnp.reshape(s + k, (1,))

def for_range(x):
    s = 0.0
    for k in range(x.shape[0] - jnp.int32(0)):
        s = s * 0.5 + x[k]
    return jnp.reshape(s, (1,))

def for_range_varying_bound(x):
    s = 0.0
    for k in reversed(range(1, jnp.sum(x > 0), 2)):
        s = s * 0.5 + x[k]
    return jnp.reshape(s, (1,))

def for_array(x):
    s = 0.0
    n = 0
    for v in x:
        if v > 2:
            s = s * 0.5 + v
            n += 1
    return jnp.reshape(s + n, (1,))

def for_array_break(x):
    s = 0.0
    for v in x:
        if v > 5:
            break
        s = s + v
    return jnp.reshape(s, (1,))

def if_(x):
    s = 0.0
    if x[0] > 3:
        s = s + x[0]
    return jnp.reshape(s, (1,))

x = jax.device_put(jnp.arange(32.0) - 10, NamedSharding(mesh, P("i")))
rows = np.asarray(x).reshape(8, 4)
for fn in (while_, while_varying_test, for_range, for_range_varying_bound, for_array,
           for_array_break, if_):
    want = np.concatenate([np.asarray(fn(r)) for r in rows])   # eager, shard by shard
    sharded = jax.shard_map(ag.convert(fn), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
    got = jax.jit(sharded)(x)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-6, err_msg=fn.__name__)
print("ok")
'''


def test_loops_and_ifs_inside_shard_map_carry_varying_values(tmp_path):
    _run_script(tmp_path, _SHARD_MAP_SCRIPT,
                XLA_FLAGS="--xla_force_host_platform_device_count=8")


# ------------------------------------- a static range whose exit turns traced

class _FailsOnSecondCall:
    """A helper whose second call fails with `error`, on Python values (not a tracing error)."""

    def __init__(self, error):
        self.error, self.calls = error, 0

    @ag.do_not_convert
    def __call__(self, v):
        self.calls += 1
        if self.calls == 2:
            raise self.error
        return v


def _scan_rest_calls(x, helper):
    s = 0.0
    for k in range(4):
        if x[k] < 0:   # traced break: the rest of the range is one guarded scan
            break
        s = s + helper(x[k])
    return s


@pytest.mark.parametrize("error", [ZeroDivisionError("division by zero"),
                                   ValueError("bad helper input"), IndexError("my index"),
                                   TypeError("my type")], ids=lambda e: type(e).__name__)
def test_a_bug_in_the_scanned_rest_of_a_range_propagates(error):
    x = jnp.array([1.0, 2.0, 3.0, 4.0])
    with pytest.raises(type(error), match=str(error)):
        _scan_rest_calls(x, _FailsOnSecondCall(error))
    helper = _FailsOnSecondCall(error)
    # The second call is the scan's trace of the body: were its error taken for
    # "needs a Python int", the unrolled rest would call the helper again and hide it.
    # Raised under the traced break's condition, it fails when that path runs (as
    # Python would), so `@function` raises it then.
    with pytest.raises(type(error), match=str(error)):
        ag.function(lambda x: _scan_rest_calls(x, helper))(x)
    assert helper.calls == 2


COEFS = (1.0, -2.0, 3.0, 0.5)


def _needs_python_index(x):
    s = 0.0
    for k in range(4):
        if x[k] < 0:
            break
        s = s + COEFS[k] * x[k:].sum() + jnp.zeros(k + 1).sum() + x.reshape(-1, 2)[k // 2].sum()
        s = s + float(int(k))
    return s


@pytest.mark.parametrize("vals", [[1.0, 2.0, -3.0, 4.0], [1.0, 2.0, 3.0, 4.0], [-1.0, 0, 0, 0]])
def test_a_body_that_needs_the_index_as_a_python_int_is_unrolled(vals):
    x = jnp.array(vals)
    assert_same(jax.jit(ag.convert(_needs_python_index))(x), _needs_python_index(x))
    assert_same(jax.grad(ag.convert(_needs_python_index))(x), jax.grad(_needs_python_index)(x))
    report = ag.explain(_needs_python_index)(x)
    assert "unrolled lax.cond" in {e.became for e in report.by_construct("for")}


# -- a traced `if` in a loop body with cheap branches is a select ------------------------

def _primitives(fn, *args):
    from benchmarks.measure import primitive_counts
    return primitive_counts(jax.make_jaxpr(ag.convert(fn))(*args).jaxpr)


sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from cheap_branches import skip_negative as _skip_negative  # noqa: E402 - its workload


def _sqrt_in_loop(xs):
    s = 0.0
    for x in xs:
        if x > 0:
            s = s + jnp.sqrt(x)   # sqrt of the negative x a select would compute: NaN grads
    return s


def _print_in_loop(xs):
    s = 0.0
    for x in xs:
        if x > 0:
            print("positive", x)
            s = s + x
    return s


def _top_level(x):
    if x < 0:
        x = -x
    return x


def test_cheap_branches_in_a_loop_body_are_a_select():
    xs = jnp.array([1.0, -2.0, 3.0])
    counts = _primitives(_skip_negative, xs)
    assert counts["select_n"] >= 1 and counts["cond"] == 0, counts
    got = ag.function(_skip_negative)(xs)
    assert float(got) == 10.0
    assert_same(jax.grad(ag.convert(_skip_negative))(xs), jnp.array([2.0, 0.0, 6.0]))
    rows = {(e.construct, e.became) for e in ag.explain(_skip_negative)(xs).entries}
    assert ("if", "select") in rows


def test_branches_that_do_real_work_have_effects_or_are_not_in_a_loop_stay_a_cond():
    xs = jnp.array([4.0, -1.0])
    assert _primitives(_sqrt_in_loop, xs)["cond"] == 1
    g = jax.grad(ag.convert(_sqrt_in_loop))(xs)
    assert np.all(np.isfinite(np.asarray(g))) and float(g[1]) == 0.0
    assert _primitives(_print_in_loop, xs)["cond"] == 1
    assert _primitives(_top_level, 1.0)["cond"] == 1   # SEMANTICS.md: a traced if is a cond


def _running_counts(xs):
    seen, out = [], []
    for v in xs:
        seen.append(v)
        out.append(len(seen))
    return out


def _running_totals(xs):
    seen, tot = [], 0.0
    for v in xs:
        seen.append(v)
        tot = tot + sum(seen)
    return tot


def _sliding_window(xs):
    window, out = [], []
    for v in xs:
        window.append(v)
        if len(window) > 2:
            window.pop(0)
        out.append(sum(window))
    return jnp.stack(out)


def _read_by_a_helper(xs):
    seen = []

    def last_two():
        return seen[-1] + (seen[-2] if len(seen) > 1 else 0.0)

    out = []
    for v in xs:
        seen.append(v * 2.0)
        out.append(last_two())
    return jnp.stack(out)


def _window_before_a_traced_exit(xs, t):
    window, out = [], 0.0
    for i in range(4):
        if xs[i] > t:
            break
        window.append(xs[i])
        out = out + len(window) * xs[i]
    return out


def _only_appends(xs):
    out = []
    for v in xs:
        out.append(v * 2.0)
    return jnp.stack(out)


@pytest.mark.parametrize("fn,args", [
    (_running_counts, (jnp.array([1.0, 2.0, 3.0]),)),
    (_running_totals, (jnp.array([1.0, 2.0, 3.0]),)),
    (_sliding_window, (jnp.array([1.0, 2.0, 3.0, 4.0]),)),
    (_read_by_a_helper, (jnp.array([1.0, 2.0, 3.0]),)),
    (_only_appends, (jnp.array([1.0, 2.0, 3.0]),)),
])
def test_a_list_the_loop_appends_to_and_reads_runs_as_python(fn, args):
    # A scan stacks appended items as its outputs, so its body saw the list as at loop
    # entry plus this iteration's items: `len(seen)` was 1 on every iteration, a sliding
    # window never slid (silently wrong; red-team programs). A body that reads such a
    # list now runs as Python over the items; one that only appends still scans.
    want = fn(*args)
    assert_same(ag.function(fn)(*args), jax.tree_util.tree_map(jnp.asarray, want))
    text = str(ag.explain(fn)(*args))
    if fn is _only_appends:
        assert "lax.scan" in text, text
    else:
        assert "python (unrolled)" in text and "is read in its body" in text, text


def test_a_list_read_as_it_grows_before_a_traced_exit_is_a_clear_error():
    # The rest of a Python range after a traced `break` was a scan with the same blind
    # spot; unrolled, the list's length depends on where the loop breaks: a clear error.
    with pytest.raises(errors.StateError, match="'window'"):
        ag.function(_window_before_a_traced_exit)(jnp.array([1.0, 2.0, 3.0, 4.0]),
                                                  jnp.float32(2.5))


def _pops_too_many(n, x):
    v = [1.0, 2.0]
    t = x
    for i in range(n):
        t = t + v.pop() + v.pop() + v.pop()
    return t


def _reads_past_the_end(n, x):
    t, i = x, 0
    while i < n:
        t = t + [1.0, 2.0][5]
        i += 1
    return t


def _missing_key_late(n, x):
    t = x
    for i in range(n):
        if i > 2:
            t = t + {}["a"]
        t = t + 1.0
    return t


@pytest.mark.parametrize("fn,n", [(_pops_too_many, 0), (_pops_too_many, 1),
                                  (_reads_past_the_end, 0), (_reads_past_the_end, 2),
                                  (_missing_key_late, 2), (_missing_key_late, 5)])
def test_an_error_of_a_traced_loops_body_is_raised_only_if_an_iteration_reaches_it(fn, n):
    # The body's IndexError or KeyError was raised while tracing, though a trip count of
    # zero never runs the body (helper fuzzing). Now it fails when an iteration gets there.
    from tests.conftest import printed_runs
    catch = (IndexError, KeyError)
    eager, converted = printed_runs([fn, ag.function(fn)], jnp.int32(n), jnp.float32(1.0),
                                    value=float, catch=catch)
    assert eager[0] == converted[0]


def _pops_at_a_traced_index(n):
    k = []
    for i in range(n):
        k.pop(i)
    return k


def test_a_list_method_given_a_traced_index_is_a_clear_error():
    with pytest.raises(errors.ConcreteValueError, match=r"list.pop\(...\) needs a concrete"):
        ag.function(_pops_at_a_traced_index)(jnp.int32(0))


def _second_last_under_a_test(xs):
    seen = []
    for i, v in enumerate(xs):
        if i > 1:
            kept = seen[-2]
        seen.append(v * 2.0)
    return kept


def _second_last_always(xs):
    seen, total = [xs[0], xs[0]], 0.0
    for v in xs:
        total = total + seen[-2]
        seen.append(v)
    return total


@pytest.mark.parametrize("fn", [_second_last_under_a_test, _second_last_always])
def test_a_read_of_an_appended_lists_earlier_items_runs_the_loop_as_python(fn):
    # `seen[-2]` raised IndexError while the scan's body traced (it sees the entry items
    # plus its own), so the branch was staged to raise and `kept` unassigned after the
    # loop (corpus_paddle tensor_array_slice_in_enumerate; plain jax.jit runs it).
    xs = jnp.arange(1.0, 6.0)
    assert_same(ag.function(fn)(xs), fn(np.asarray(xs)))


def _reads_an_entry_item(xs):
    kept, v = [xs[0] * 2.0, xs[1]], 0.0
    for b in xs:
        kept.append(b)
        v = v * kept[1] + kept[0]
    return v, kept[-1], len(kept)


def _reads_the_first_of_an_outer_loops_items(xs):
    seen, v = [], 0.0
    for a in xs:
        for b in xs:
            seen.append(b * a)
            v = v + seen[0]
    return v, len(seen)


@pytest.mark.parametrize("fn", [_reads_an_entry_item, _reads_the_first_of_an_outer_loops_items])
def test_a_scan_that_appends_reads_the_items_the_list_had_on_entry(fn):
    # The scan keeps the entry items as constants of its body; they were taken from the
    # first trace's carry, tracers of a finished trace: UnexpectedTracerError (F134).
    xs = jnp.arange(1.0, 4.0)
    want = fn(np.asarray(xs))
    assert_same(ag.function(fn)(xs), jax.tree_util.tree_map(jnp.asarray, want))
    g = jax.grad(lambda x: ag.convert(fn)(x)[0])(xs)
    assert_same(g, jax.grad(lambda x: fn(x)[0])(xs))


def _raises_in_an_untaken_branchs_while(n):
    r = 1.0
    if n < n:   # never taken; a batched `if` under vmap runs both branches
        v = [1.0, 2.0]
        w = 0
        while w < n:
            w += 1
            v.pop()
            v.pop()
            v.pop()
        r = sum(v)
    return r


def test_a_while_whose_every_iteration_raises_ends_under_vmap():
    # Its body never changed the state (a raising iteration keeps the entry state), so
    # the lax loop never ended where the raise was masked: a hang under vmap (fuzz
    # config extras, seed 99601 program 70). It is `if test: body` now.
    ns = jnp.array([4, 3], jnp.int32)
    got = jax.jit(jax.vmap(ag.convert(_raises_in_an_untaken_branchs_while)))(ns)
    assert [float(v) for v in got] == [1.0, 1.0]
    with pytest.raises(IndexError):
        ag.function(_pops_too_many)(jnp.int32(1), jnp.float32(1.0))


def _returns_or_runs_a_raising_range(n):
    if n > 1:
        return 0
    s = 0
    for _ in range(n):
        s += undefined_name  # noqa: F821 - every iteration raises NameError
    return s


def _returns_or_runs_a_raising_while(n):
    if n > 1:
        return 0
    i = 0
    while i < n:
        i += [][0]   # every iteration raises IndexError
    return i


@pytest.mark.parametrize("f", [_returns_or_runs_a_raising_range, _returns_or_runs_a_raising_while])
def test_a_body_that_always_raises_fails_only_for_elements_whose_loop_runs_under_vmap(f):
    # The error raised while the body was traced was staged after the body's trace had
    # left the loop's own condition (the element's loop still runs): under vmap the
    # batched loop runs the body for every element while any runs, so [3, 0], where no
    # element's loop runs, raised NameError (fuzz shapes7 24000/96, F151).
    vf = jax.jit(jax.vmap(ag.convert(f)))
    assert [int(v) for v in vf(jnp.array([3, 0]))] == [f(3), f(0)] == [0, 0]
    with pytest.raises(Exception) as e:
        vf(jnp.array([0, 1]))
    assert ("NameError" if f is _returns_or_runs_a_raising_range else "IndexError") in str(e.value)


def _series_until_small(x):
    s = 0.0
    for n in itertools.count(0, 1):
        t = x ** n * 0.5
        s += t
        if t < 1e-4:
            break
    return s, n


def _first_odd_over_one(x):
    s = 0.0
    for n in itertools.count(3, 2):
        s = s + x / n
        if s > 1.0:
            return s, n
    return 0.0, 0


def _cycles_until(x):
    s = 0.0
    for v in itertools.cycle([1.0, 2.0]):
        s = s + v * x
        if s > 5:
            break
    return s


@pytest.mark.parametrize("fn", [_series_until_small, _first_odd_over_one])
def test_a_for_over_itertools_count_with_a_traced_exit_is_a_while_loop(fn):
    # helper-17's corpus_numerics (a-salamandra's Taylor series): the loop ran as Python,
    # each item guarded by the traced exit, and never ended (memory grew without bound).
    x = jnp.float32(0.9 if fn is _first_odd_over_one else 0.5)
    assert_same(ag.function(fn)(x), jax.tree_util.tree_map(jnp.asarray, fn(x)))
    assert "lax.while_loop" in str(ag.explain(fn)(x))
    if fn is _series_until_small:
        assert_same(jax.grad(lambda v: ag.convert(fn)(v)[0])(x),
                    jnp.float32(sum(0.5 * k * 0.5 ** (k - 1) for k in range(1, 14))))


def test_another_endless_iterator_with_a_traced_exit_is_a_clear_error():
    with pytest.raises(errors.ConcreteValueError, match=r"endless iterator \(cycle\)"):
        ag.function(_cycles_until)(jnp.float32(1.0))


# -- a Python range whose exit test turns traced: the while_loop stops where Python does --

def _find(a, target):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            if a[i, j] == target:
                return i * a.shape[1] + j
    return -1


def _first_over(xs, t):
    k = -1
    for i in range(xs.shape[0]):
        print("at", i)
        if xs[i] > t:
            k = i
            break
    return k


def _float_break(x):
    s = 0.0
    for i in range(6):
        s = s + x * i
        if s > 4.0:
            break
    return s


@pytest.mark.parametrize("where", [(0, 0), (0, 3), (2, 1), (3, 3), None])
def test_a_search_that_returns_from_nested_ranges_is_a_while_loop_with_the_exit_in_its_test(
        where):
    a = jnp.arange(16.0).reshape(4, 4)
    target = jnp.float32(-1.0 if where is None else a[where])
    want = -1 if where is None else where[0] * 4 + where[1]
    assert int(jax.jit(ag.convert(_find))(a, target)) == want
    assert int(ag.function(_find)(a, target)) == want
    counts = _primitives(_find, a, target)
    # No scan that skips the items after the exit, and no cond whose only job is the skip
    # (two remain, each run once: the first item's `if`, before the loop turns traced, and
    # the `return -1` where no item matched; it was 5 conds, 3 of them per item, and 3 scans).
    assert counts.get("scan", 0) == 0 and counts.get("cond", 0) <= 2, counts
    assert counts.get("while", 0) >= 2
    report = str(ag.explain(_find)(a, target))
    assert "carries no float: the test ends the loop" in report


def test_the_searchs_lanes_stop_each_at_their_own_exit_under_vmap():
    a = jnp.arange(16.0).reshape(4, 4)
    targets = jnp.array([5.0, -1.0, 0.0, 15.0], jnp.float32)
    got = jax.jit(jax.vmap(ag.convert(_find), in_axes=(None, 0)))(a, targets)
    assert got.tolist() == [5, -1, 0, 15]


def test_a_print_in_a_search_body_runs_only_for_the_iterations_python_runs(capfd):
    xs = jnp.array([0.0, 1.0, 5.0, 2.0, 9.0])
    assert int(ag.function(_first_over)(xs, jnp.float32(3.0))) == 2
    jax.effects_barrier()
    assert capfd.readouterr().out.split("\n")[:3] == ["at 0", "at 1", "at 2"]
    assert "at 3" not in capfd.readouterr().out
    # Under vmap the body runs for every lane while one goes on: a lane's print is masked.
    got = jax.vmap(ag.convert(_first_over), in_axes=(None, 0))(xs, jnp.array([3.0, 0.5]))
    assert got.tolist() == [2, 1]
    jax.effects_barrier()
    lines = capfd.readouterr().out.split("\n")   # item 0 ran as Python, before the trace
    assert (lines.count("at 1"), lines.count("at 2"), lines.count("at 3")) == (2, 1, 0), lines


def test_a_float_carrying_loop_with_a_traced_break_stays_a_scan_for_reverse_of_reverse():
    x = jnp.float32(0.7)
    assert_same(jax.jit(ag.convert(_float_break))(x), _float_break(x))
    assert _primitives(_float_break, x).get("scan", 0) == 1
    g2 = jax.grad(jax.grad(ag.convert(_float_break)))(x)
    assert_same(g2, jax.grad(jax.grad(_float_break))(x))


def _first_item_over(xs, t):
    k = -1
    for i, x in enumerate(xs):
        if x > t:
            k = i
            break
    return k


def _pairs_until(xs, ys, t):
    n = 0
    for a, b in zip(xs, ys):
        if a + b > t:
            return n
        n += 1
    return -1


def test_a_search_over_an_array_carrying_only_ints_is_a_while_loop_over_its_index():
    xs = jnp.array([0.0, 1.0, 5.0, 2.0, 9.0])
    for t, want in ((3.0, 2), (30.0, -1), (-1.0, 0)):
        assert int(ag.function(_first_item_over)(xs, jnp.float32(t))) == want
        assert int(ag.function(_pairs_until)(xs, xs * 0 + 1, jnp.float32(t + 1))) == want
    counts = _primitives(_first_item_over, xs, jnp.float32(3.0))
    assert counts.get("scan", 0) == 0 and counts.get("while", 0) == 1, counts
    got = jax.vmap(ag.convert(_first_item_over), in_axes=(None, 0))(xs, jnp.array([3.0, 0.5, 99.0]))
    assert got.tolist() == [2, 1, -1]


# A number of an int or float subclass (an IntEnum's member) that a traced loop or `if`
# turns into a plain number (`acc = acc + Level.B`, an int as Python's sum is): it joins
# as that number. Was "'acc' changes type from one iteration to the next" (corpus
# h2_intenum_arith_traced_loop), where an int start works.
import enum  # noqa: E402


class _Level(enum.IntEnum):
    A = 1
    B = 5


class _Scale(float, enum.Enum):
    HALF = 0.5


def _enum_sum(n):
    acc = _Level.A
    for _ in range(n):
        acc = acc + _Level.B
    return acc


def _enum_under_if(x):
    acc = _Level.B
    if x > 0:
        acc = acc * 2 + x
    return acc


def _float_enum_in_while(x):
    s = _Scale.HALF
    k = 0
    while k < 3 and s < 100.0:
        s = s * x
        k += 1
    return s


@pytest.mark.parametrize("fn,arg", [(_enum_sum, 0), (_enum_sum, 3), (_enum_under_if, 1.5),
                                    (_enum_under_if, -1.5), (_float_enum_in_while, 3.0)])
def test_an_int_enum_member_joins_as_the_number_it_is(fn, arg):
    want = fn(arg)
    got = ag.function(fn)(jnp.asarray(arg))
    assert float(got) == float(want)


def test_two_members_a_traced_condition_picks_are_a_pick():
    """Once "a different type" (a clear error); a pick since F144: the member the condition
    picks, as a number too."""
    def f(x):
        m = _Level.A
        if x > 0:
            m = _Level.B
        return m * 1
    for x in (1.0, -1.0):
        assert int(ag.function(f)(jnp.float32(x))) == f(x)


def _stepped(x, a, b, s):
    acc = x
    for i in range(a, b, s):
        acc = acc * 0.9 + i
    return acc


def test_a_traced_range_with_a_step_runs_as_many_times_as_python_says():
    # `for i in range(0, 1, 2)` with bounds that are constants under jit ran zero times:
    # XLA's CPU jit (jaxlib 0.10.2) runs a `while i < 1` loop stepping by 2 or 3 zero
    # times when its inputs are constants (plain lax.while_loop does the same; fuzz shapes8
    # 36002/191, FINDINGS F154). The loop counts its iterations to the range's length now.
    f = jax.jit(lambda x: ag.convert(_stepped)(x, jnp.int32(0), jnp.int32(1), 2))
    assert float(f(1.0)) == pytest.approx(_stepped(1.0, 0, 1, 2))
    g = ag.function(_stepped)
    for a, b, s in [(0, 1, 2), (0, 1, 3), (5, 0, -2), (-3, 5, 3), (4, 4, 2), (1, -2, -1)]:
        want = _stepped(1.0, a, b, s)
        assert float(g(jnp.float32(1.0), jnp.int32(a), jnp.int32(b), jnp.int32(s))) == \
            pytest.approx(want)
        got = jax.jit(jax.grad(lambda x: ag.convert(_stepped)(x, jnp.int32(a), jnp.int32(b), s)))
        assert float(got(1.0)) == pytest.approx(0.9 ** len(range(a, b, s)))


# ------------------------------------------------------------ trace counts of nested loops

def _five_deep_checked(n, x):
    s = 0.0
    a = 0
    while a < n:
        a += 1
        assert x > -100.0, "never"
        b = 0
        while b < n:
            b += 1
            assert x > -100.0, "never"
            c = 0
            while c < n:
                c += 1
                assert x > -100.0, "never"
                d = 0
                while d < n:
                    d += 1
                    assert x > -100.0, "never"
                    e = 0
                    while e < n:
                        e += 1
                        assert x > -100.0, "never"
                        s = s + x * (e - d + c - b + a)
    return s


class _Acc:
    def __init__(self, total):
        self.total = total
        self.count = 0

    def add(self, x):
        self.total = self.total * 0.5 + x
        self.count = self.count + 1
        return self.total


def _methods_deep(n, x):
    acc = _Acc(x)
    for i in range(n):
        for j in range(n):
            if acc.total > 0.5:
                for k in range(n):
                    if i + k > j:
                        acc.add(x * k)
            else:
                acc.add(-x)
    return acc.total, acc.count


def _traces_of(fn, *args):
    """How many times the bodies of traced loops are traced while `fn` is traced."""
    from autograph_py.runtime import settle
    calls = []
    real = settle._trace_step

    def counted(*a, **k):
        calls.append(1)
        return real(*a, **k)
    settle._trace_step = counted
    try:
        out = jax.jit(ag.convert(fn))(*args)
    finally:
        settle._trace_step = real
    return out, len(calls)


def test_nested_loops_with_run_time_checks_settle_their_masked_body_from_the_first_plan():
    # A body that stages a run-time check is traced again with the body that masks it
    # (for vmap: settle_checked), from scratch: four traces per level where a Python
    # counter settles in two, 1,364 loop-body traces here. The masked body starts from the
    # plan the first settled at: three per level, 363. (Each inner loop still settles from
    # scratch in every trace of the body around it: FINDINGS F159.)
    out, traces = _traces_of(_five_deep_checked, jnp.int32(2), jnp.float32(0.5))
    assert_same(out, _five_deep_checked(2, 0.5))
    assert traces <= 400, traces
    with pytest.raises(AssertionError, match="never"):
        ag.function(_five_deep_checked)(jnp.int32(2), jnp.float32(-200.0))
    batched = jax.vmap(ag.convert(_five_deep_checked), in_axes=(None, 0))(
        jnp.int32(2), jnp.array([0.5, 1.5]))
    assert_same(batched, jnp.array([_five_deep_checked(2, 0.5), _five_deep_checked(2, 1.5)]))


def test_a_method_changing_attributes_in_nested_traced_loops_restarts_each_construct_once():
    # `acc.add` changes `acc.total` and `acc.count`, which the constructs' state does not
    # hold until a restart adds them. A construct traced again (its enclosing loop's body is
    # traced more than once) starts with them; it restarted in every trace before, since the
    # loop around it carries `acc` as a new object of the same class each trace.
    from autograph_py.runtime import mutations
    restarts = []
    real = mutations.Restart.__init__

    def counted(self, *a):
        restarts.append(1)
        real(self, *a)
    mutations.Restart.__init__ = counted
    try:
        for n in (0, 1, 3):
            out, _ = _traces_of(_methods_deep, jnp.int32(n), jnp.float32(0.75))
            assert_same(out, _methods_deep(n, 0.75))
    finally:
        mutations.Restart.__init__ = real
    assert len(restarts) <= 3 * 6, len(restarts)


# A loop in a helper called from two places, once with Python arguments and once with
# traced ones, inside a traced loop traced more than once (review of the first attempt
# at F159: a plan kept from one call must never start another's).

def _power(x, k):
    c = 1
    for _ in range(k):
        c = c * x
    return c


def _two_powers(n, x):
    t = 0
    i = 0
    while i < n:
        t = t + _power(1, i)
        x = x + _power(x, n)
        i += 1
    return t, x


def _print_power(n, x):
    i = 0
    while i < n:
        print(_power(1, i))
        x = x + _power(x, n)
        i += 1
    return x


def _count_up(n, m):
    c = 1
    j = 0
    while j < n:
        c = c * m
        j += 1
    return c


def _branch_helpers(n, x):
    w = 0
    t = 0
    s = 0.0
    i = 0
    while i < n:
        if w != 0:
            r = _count_up(n, 1)
            t = t + r
            s = s + jnp.ones(r).sum()
        else:
            x = x + _count_up(n, x)
        w += 1
        i += 1
    return t, s, x


class _Total:
    def __init__(self, total=0.0):
        self.total = total

    def add(self, v):
        self.total = self.total + v


def _add_and_count(acc, n, m):
    c = 1
    j = 0
    while j < n:
        acc.add(1.0)
        assert j >= 0, "never"
        c = c * m
        j += 1
    return c


def _restarted_helpers(n, x):
    acc = _Total()
    t = 0
    i = 0
    while i < n:
        acc.total = acc.total + 1.0
        x = x + _add_and_count(acc, n, x)
        t = t + _add_and_count(acc, n, 1)
        i += 1
    return t, x, acc.total


def _maybe_add(o, n, flag):
    s = 0.0
    j = 0
    while j < n:
        if flag:
            o.add(1.0)
        else:
            s = s + jnp.ones(int(o.total)).sum()
        j += 1
    return s


_GLOBAL_TOTAL = _Total(jnp.int32(3))


def _local_then_global(n):
    a = _Total(0.0)
    t = 0.0
    i = 0
    while i < n:
        _maybe_add(a, n, True)
        t = t + _maybe_add(_GLOBAL_TOTAL, n, False)
        i += 1
    return a.total, t


def _same_kinds(got, want):
    """Each leaf of a Python int (float) result an integer (float) array or number."""
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        kind = np.asarray(g).dtype.kind
        if type(w) is int:
            assert kind in "iu", (got, want)
        elif type(w) is float:
            assert kind == "f", (got, want)


@pytest.mark.parametrize("fn, args", [
    (_two_powers, (3, 0.5)), (_branch_helpers, (3, 2.0)), (_restarted_helpers, (2, 2.0))])
def test_loops_of_one_helper_called_with_python_and_traced_values_keep_their_types(fn, args):
    want = fn(*args)
    traced = [jnp.int32(args[0]), jnp.float32(args[1])]
    for run in (jax.jit(ag.convert(fn)), ag.function(fn)):
        got = run(*traced)
        assert_same(got, want)
        _same_kinds(got, want)


def test_a_helpers_python_result_prints_as_python_in_a_traced_loop_traced_twice():
    runs = printed_runs([_print_power, ag.function(_print_power)], 3, 0.5)
    (_, eager), (_, converted) = [(None, text) for _, text in runs]
    assert eager == "1\n1\n1\n"
    assert converted == eager


def test_a_restart_for_one_objects_attribute_never_carries_another_objects():
    # `_maybe_add(a, ...)` restarts for `a.total`; the same helper's loop, given the
    # module-level `_GLOBAL_TOTAL`, must not carry its `total` (which it only reads: a
    # traced copy would break `jnp.ones(int(o.total))`, and would leak into the global).
    entry = _GLOBAL_TOTAL.total
    for run in (jax.jit(ag.convert(_local_then_global)), ag.function(_local_then_global)):
        assert_same(run(jnp.int32(2)), _local_then_global(2))
        assert _GLOBAL_TOTAL.total is entry


class _NumpyTotal:
    def __init__(self, total):
        self.total = total

    def add(self, v):
        self.total = self.total + v


def _adds_or_reads(o, n, adding):
    s = 0.0
    j = 0
    while j < n:
        if adding:
            o.add(1)
        else:
            s = s + jnp.ones(int(o.total)).sum() + (o.total - 3) * 2.0 ** 30
        j += 1
    return s


def _same_object_both_ways(x, n):
    o = _NumpyTotal(np.float64(3.0 + 2.0 ** -30))
    if x > 0:
        _adds_or_reads(o, n, True)   # restarts for `o.total`
        o.total = np.float64(3.0 + 2.0 ** -30)
        x = x + _adds_or_reads(o, n, False)   # the same loop, the same object: it only reads
    else:
        x = x + _adds_or_reads(o, n, False)
    return x


@pytest.mark.parametrize("x", [1.0, -1.0])
def test_an_attribute_a_construct_only_reads_stays_the_numpy_value_it_is(x):
    # A restart's attribute hint applies again only to a traced value (one the loop around
    # carries): a NumPy float64 the same helper loop only reads would have become a traced
    # float32 (`(o.total - 3) * 2**30` 0.0 for 1.0) and `jnp.ones(int(o.total))` a refusal.
    want = _same_object_both_ways(x, 2)
    for run in (jax.jit(ag.convert(_same_object_both_ways)), ag.function(_same_object_both_ways)):
        assert_same(run(jnp.float32(x), jnp.int32(2)), want)
