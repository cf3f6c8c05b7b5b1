"""The public API's annotations: `mypy --strict` accepts a user file that uses every
public name (tests/typing_user.py), and rejects wrong uses of the compiled object."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _mypy(path):
    # follow_imports=silent: the package is checked as an installed one is, for its
    # annotations, without reporting its internals as the user's errors.
    env = {**os.environ, "MYPYPATH": ROOT}
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                           "--cache-dir", os.path.join(ROOT, ".mypy_cache"), str(path)],
                          cwd=ROOT, env=env, text=True, capture_output=True, timeout=600)


def test_py_typed_is_shipped():
    assert os.path.isfile(os.path.join(ROOT, "autograph_py", "py.typed"))


def test_a_user_file_using_every_public_name_is_strictly_typed():
    out = _mypy(os.path.join(ROOT, "tests", "typing_user.py"))
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_compiled_object_keeps_the_wrapped_signature(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(textwrap.dedent("""
        import jax, jax.numpy as jnp
        import autograph_py as ag

        @ag.function
        def halve(x: jax.Array) -> jax.Array:
            return x / 2

        s: str = halve(jnp.ones(3))
        halve(jnp.ones(3), 2)
        halve.lower("a")
        t: str = ag.convert(halve.__wrapped__)(jnp.ones(3))
    """))
    out = _mypy(bad).stdout
    assert 'bad.py:9: error: Incompatible types in assignment (expression has type "Array"' in out
    assert 'bad.py:10: error: Too many arguments for "__call__" of "Function"' in out
    assert 'bad.py:11: error: Argument 1 to "lower" of "Function" has incompatible type' in out
    assert 'bad.py:12: error: Incompatible types in assignment' in out


def test_the_typed_user_file_also_runs(capsys):
    from tests import typing_user
    typing_user.use_everything()
    assert "def twice" in capsys.readouterr().out
