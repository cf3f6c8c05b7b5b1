"""What `@function` returns is a jax.jit object in every way a user can observe."""
from __future__ import annotations

import copy
import functools
import inspect
import subprocess
import sys
import textwrap

import jax
import jax.numpy as jnp
import pytest

import autograph_py as ag
from tests.conftest import assert_same


def halve(x):
    """Halves x until its sum is at most 1."""
    while jnp.sum(x) > 1:
        x = x / 2
    return x


def test_lower_compile_as_text_and_cost_analysis():
    f = ag.function(halve)
    lowered = f.lower(jnp.ones(3))
    assert "stablehlo.while" in lowered.as_text()
    compiled = lowered.compile()
    assert_same(compiled(jnp.full(3, 8.0)), halve(jnp.full(3, 8.0)))
    assert isinstance(compiled.cost_analysis(), (dict, list))
    assert "while" in str(f.trace(jnp.ones(3)).jaxpr)
    assert f.eval_shape(jnp.ones((2, 3))) == jax.ShapeDtypeStruct((2, 3), jnp.float32)


def test_cache_statistics_and_clear_cache():
    f = ag.function(halve)
    assert f._cache_size() == 0
    f(jnp.ones(3))
    f(jnp.ones(4))
    assert f._cache_size() == 2
    f.clear_cache()
    assert f._cache_size() == 0
    assert_same(f(jnp.full(3, 4.0)), halve(jnp.full(3, 4.0)))


def test_wrapper_attributes_and_signature():
    f = ag.function(halve)
    assert f.__wrapped__ is halve
    assert (f.__name__, f.__qualname__, f.__doc__) == (halve.__name__, halve.__qualname__,
                                                       halve.__doc__)
    assert inspect.signature(f) == inspect.signature(halve)


def test_copy_and_deepcopy_compile_on_their_own():
    f = ag.function(halve, static_argnames=())
    f(jnp.ones(3))
    for g in (copy.copy(f), copy.deepcopy(f)):
        assert isinstance(g, type(f)) and g is not f
        assert g._cache_size() == 0
        assert_same(g(jnp.full(2, 6.0)), halve(jnp.full(2, 6.0)))
    assert copy.deepcopy({"step": f})["step"].__wrapped__ is halve


def test_repr_of_partials_and_callable_objects():
    def scale(x, k):
        return x * k

    class Model:
        def __call__(self, x):
            return x

    assert repr(ag.function(functools.partial(scale, k=2))).endswith(".scale>")
    assert "Model" in repr(ag.function(Model()))
    assert repr(ag.function(halve)) == "<autograph_py.function halve>"


def test_jit_options_are_checked_when_decorating():
    with pytest.raises(TypeError, match="'static_argnum'; did you mean 'static_argnums'"):
        ag.function(halve, static_argnum=0)
    with pytest.raises(TypeError, match="unknown jax.jit option"):
        ag.function(static_argnumz=0)(halve)
    with pytest.raises(ValueError, match="static_argnums"):
        ag.function(halve, static_argnums=3)


def test_jax_export_of_a_function_with_symbolic_shapes_and_platforms():
    f = ag.function(halve)
    (n,) = jax.export.symbolic_shape("n")
    exported = jax.export.export(f)(jax.ShapeDtypeStruct((n,), jnp.float32))
    assert str(exported.in_avals[0].shape) == "(n,)"
    for size in (3, 7):
        x = jnp.full(size, 5.0)
        assert_same(exported.call(x), halve(x))
    both = jax.export.export(f, platforms=("cpu", "cuda"))(jax.ShapeDtypeStruct((3,), jnp.float32))
    assert both.platforms == ("cpu", "cuda")


def test_an_exported_artifact_runs_in_a_process_without_the_source(tmp_path):
    f = ag.function(halve)
    (n,) = jax.export.symbolic_shape("n")
    blob = jax.export.export(f)(jax.ShapeDtypeStruct((n,), jnp.float32)).serialize()
    path = tmp_path / "halve.jaxexport"
    path.write_bytes(blob)
    script = textwrap.dedent(f"""
        import sys
        assert not any('autograph' in p for p in sys.path)
        import jax, jax.numpy as jnp
        exp = jax.export.deserialize(open({str(path)!r}, 'rb').read())
        print(exp.call(jnp.full(4, 8.0)).tolist(), exp.call(jnp.full(2, 0.5)).tolist())
        assert 'autograph_py' not in sys.modules
    """)
    out = subprocess.run([sys.executable, "-I", "-c", script], cwd=tmp_path, text=True,
                         capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("] [") == ["[0.25, 0.25, 0.25, 0.25", "0.5, 0.5]\n"]


def test_a_failing_run_time_assert_is_still_the_users_exception():
    @ag.function
    def f(x):
        assert jnp.all(x > 0), "x must be positive"
        return x

    with pytest.raises(AssertionError, match="x must be positive"):
        f(jnp.array([1.0, -1.0]))
    assert_same(f.lower(jnp.ones(2)).compile()(jnp.ones(2)), jnp.ones(2))
