"""The autograph-py command (explain, jaxpr, hlo, export, run), its spec syntax, and
autograph_py.deploy.export: an exported artifact runs with jax alone."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph_py
from autograph_py import deploy, errors, specs
from tests.conftest import assert_same

ROOT = Path(__file__).resolve().parents[1]   # the autograph_py these tests check

SAMPLE = '''\
import jax.numpy as jnp


def halve(x):
    while x > 1:
        x = x / 2
    return x


def grow(x):
    if jnp.sum(x) > 0:
        y = x * 2.0
    else:
        y = 1.0 - x
    steps = 0
    while jnp.sum(y) < 50.0:
        y = y + 1.0
        steps += 1
    return y, steps


def repeat(x, n):
    for _ in range(n):
        x = x + 1.0
    return x


def checked(x):
    assert jnp.sum(x) > 0, "x must have a positive sum"
    return x * 2.0
'''
ASSERT_AT = "sample.py:%d" % next(   # file:line of checked's assert
    n for n, line in enumerate(SAMPLE.splitlines(), 1) if line.lstrip().startswith("assert"))


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    """(the sample's path, the sample module imported unconverted)."""
    path = tmp_path_factory.mktemp("src") / "sample.py"
    path.write_text(SAMPLE)
    spec = importlib.util.spec_from_file_location("_test_cli_sample", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return path, module


def _cli(*argv, cwd=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}   # this checkout, from any directory
    return subprocess.run([sys.executable, "-m", "autograph_py", *map(str, argv)], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=120)


def test_version():
    r = _cli("--version")
    assert r.returncode == 0 and r.stdout == f"autograph-py {autograph_py.__version__}\n"


def test_explain_jaxpr_and_hlo_show_the_traced_while(sample):
    path, _ = sample
    r = _cli("explain", f"{path}:halve", "--args", "f32[]")
    assert r.returncode == 0, r.stderr
    assert "sample.py:5" in r.stdout and "while" in r.stdout and "lax.while_loop" in r.stdout
    r = _cli("jaxpr", f"{path}:halve", "--args", "f32[]")
    assert r.returncode == 0, r.stderr
    assert "while[" in r.stdout and "a:f32[]" in r.stdout
    r = _cli("hlo", f"{path}:grow", "--args", "f32[n]")
    assert r.returncode == 0, r.stderr
    assert "stablehlo.while" in r.stdout and "tensor<?xf32>" in r.stdout


def test_static_arguments_of_a_spec_are_static_argnums(sample):
    path, _ = sample
    r = _cli("jaxpr", f"{path}:repeat", "--args", "f32[2,3], static=3")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count(" add ") == 3 and "while" not in r.stdout   # a Python loop, unrolled


_LOAD_ALONE = '''\
import json, sys
import jax, jax.numpy as jnp
exported = jax.export.deserialize(bytearray(open(sys.argv[1], "rb").read()))
out = {}
for xs in json.loads(sys.argv[2]):
    y, steps = exported.call(jnp.asarray(xs, jnp.float32))
    out[len(xs)] = [y.tolist(), int(steps)]
assert "autograph_py" not in sys.modules, "the artifact needed autograph_py"
assert not any(p == sys.argv[3] for p in sys.path), sys.path
print(json.dumps(out))
'''


def test_export_round_trip_in_a_fresh_process_without_the_source(sample, tmp_path):
    path, module = sample
    artifact = tmp_path / "grow.jaxexport"
    r = _cli("export", f"{path}:grow", "--args", "f32[n]", "-o", artifact)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().startswith(f"wrote {artifact} (")
    assert "grow(f32[n]) -> (f32[n], i32[]) for cpu" in r.stdout
    inputs = [[1.0, 2.0, 3.0], [-1.0, -2.0, 0.5, -3.0, 0.25]]   # n = 3 takes the if, n = 5 the else
    elsewhere = tmp_path / "run"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run([sys.executable, "-c", _LOAD_ALONE, str(artifact), json.dumps(inputs),
                        str(path.parent)], cwd=elsewhere, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    for xs in inputs:
        want_y, want_steps = module.grow(jnp.asarray(xs, jnp.float32))   # eager Python
        y, steps = got[str(len(xs))]
        np.testing.assert_allclose(y, np.asarray(want_y), rtol=1e-6)
        assert steps == int(want_steps) and steps > 0

    r = _cli("run", artifact, "--args", "[1.0, 2.0, 3.0]", cwd=elsewhere)
    assert r.returncode == 0, r.stderr
    y, steps = eval(r.stdout, {"array": np.array, "float32": np.float32, "int32": np.int32})
    want_y, want_steps = module.grow(jnp.asarray([1.0, 2.0, 3.0]))
    assert_same((y, steps), (want_y, want_steps))
    assert y.dtype == np.float32 and steps.dtype == np.int32


def test_user_errors_are_one_line_exit_status_2(sample, tmp_path):
    path, _ = sample
    artifact = tmp_path / "out.jaxexport"
    for argv, msg in [
            (["explain", f"{path}:halve", "--args", "f33[3]"], "unknown dtype 'f33'"),
            (["jaxpr", f"{path}:halve", "--args", "f32[3, i32[]"], "unbalanced brackets"),
            (["hlo", f"{tmp_path}/missing.py:halve", "--args", "f32[]"], "no such file"),
            (["jaxpr", f"{path}:nope", "--args", "f32[]"], "has no function 'nope'"),
            (["export", f"{path}:checked", "--args", "f32[n]", "-o", artifact],
             f"cannot export checked: its program calls back into Python when it runs (a "
             f"print, a traced assert or a raise under a traced condition), which jax.export "
             f"cannot serialize; {path.parent}/{ASSERT_AT}: assert jnp.sum(x) > 0"),
            (["run", artifact, "--args", "[1.0]"], "no such file"),
    ]:
        r = _cli(*argv)
        assert r.returncode == 2 and msg in r.stderr, (argv, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("autograph-py: ")
        assert r.stdout == ""
    assert not artifact.exists()


def test_specs_parse_shapes_static_values_and_one_symbolic_scope():
    parsed = specs.parse('f32[n,3], i32[], bf16[2*n], static=(1, "a,b"), float32[4], static=True')
    a, b, c, d, e, f = parsed.args
    assert parsed.static_argnums == (3, 5) and (d, f) == ((1, "a,b"), True)
    assert a.shape[1] == 3 and a.dtype == jnp.float32 and b.shape == () and b.dtype == jnp.int32
    assert c.shape[0] == 2 * a.shape[0] and c.dtype == jnp.bfloat16   # one n
    assert e.shape == (4,) and specs.describe(a) == "f32[n,3]"
    assert parsed.arrays == (a, b, c, e) and specs.parse("  ").args == ()
    assert specs.parse_values("[1.0, 2.0], 3, True") == ([1.0, 2.0], 3, True)
    for text, msg in [("f33[3]", "unknown dtype"), ("f32[3", "never closed"),
                      ("f32[3]]", "closes nothing"), ("f32[3),i32[]", "closes '['"),
                      ("f32[3],,i32[]", "empty item"), ("f32[-1]", "negative dimension"),
                      ("f32[n+]", "cannot read the dims"), ("3", "expected dtype[dims]"),
                      ("static=x", "Python literal"), ("static=[1]", "hashable"),
                      ("static='a", "unterminated string")]:
        with pytest.raises(specs.SpecError, match=msg.replace("[", r"\[").replace("(", r"\(")):
            specs.parse(text)
    if not jax.config.jax_enable_x64:
        with pytest.raises(specs.SpecError, match="JAX_ENABLE_X64"):
            specs.parse("f64[2]")


def test_deploy_export_python_api(sample):
    _, module = sample
    n, = jax.export.symbolic_shape("n")
    for arg in ("f32[n]", jax.ShapeDtypeStruct((n,), jnp.float32)):
        exported = deploy.export(module.grow, arg)
        assert isinstance(exported, jax.export.Exported) and exported.platforms == ("cpu",)
        loaded = jax.export.deserialize(exported.serialize())
        x = jnp.asarray([0.5, -2.0, 1.0, 4.0])
        assert_same(loaded.call(x), module.grow(x))
    exported = deploy.export(module.repeat, "f32[2]", 4, static_argnums=1)
    assert len(exported.in_avals) == 1
    assert_same(exported.call(jnp.zeros(2)), jnp.full(2, 4.0))
    exported = deploy.export(autograph_py.function(module.repeat, static_argnums=1), "f32[2]", 2)
    assert_same(exported.call(jnp.ones(2)), jnp.full(2, 3.0))
    assert deploy.export(module.halve, "f32[]", platforms=["cpu", "tpu"]).platforms == (
        "cpu", "tpu")
    with pytest.raises(ValueError, match="unknown platform 'gpu'.*cuda or rocm"):
        deploy.export(module.halve, "f32[]", platforms=["gpu"])


def test_export_of_a_program_with_host_callbacks_names_the_statement(sample):
    _, module = sample
    for arg in ("f32[3]", "f32[n]"):   # JAX's own errors: NotImplementedError, std::bad_cast
        with pytest.raises(deploy.ExportError) as info:
            deploy.export(module.checked, arg)
        assert isinstance(info.value, errors.AutographError) and isinstance(
            info.value, ValueError)
        text = str(info.value)
        assert f"{ASSERT_AT}: assert jnp.sum(x) > 0" in text and "autograph_py.function" in text

    def shows(x):
        print("x is", x)
        return x + 1

    with pytest.raises(deploy.ExportError, match=r"test_cli.py:\d+: print\(\"x is\", x\)"):
        deploy.export(shows, "f32[n]")
