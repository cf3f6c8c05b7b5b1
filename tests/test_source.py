"""Reading a function's source: the text must be the one its code was compiled from."""
from __future__ import annotations

import importlib
import os
import textwrap

import jax.numpy as jnp
import pytest

import autograph_py as ag

ORIGINAL = '''
import jax.numpy as jnp


def f(x):
    if x > 0:
        x = x * 3
    return x


def g(x):
    return jnp.sin(x) + 1.0


class Counter:
    def __init__(self):
        self.__n = 0.0

    def add(self, x):
        if x > 0:
            self.__n = self.__n + x
        return self.__n


class Child(Counter):
    def add(self, x):
        return super().add(x) * 2


def recursive(n):
    if n <= 1:
        return 1
    return n * recursive(n - 1)


def outer(k):
    def inner(x):
        if x > k:
            return inner(x - k)
        return x
    return inner


tagged = (lambda fn: fn)(lambda x: x + 1 if x > 0 else x - 1)
'''


def _module(tmp_path, monkeypatch, name, text):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(text))
    monkeypatch.syspath_prepend(str(tmp_path))
    return importlib.import_module(name), path


def _rewrite(path, text):
    path.write_text(textwrap.dedent(text))
    later = os.stat(path).st_mtime + 10   # linecache notices a change by size and mtime
    os.utime(path, (later, later))


def test_functions_of_an_unchanged_module_convert(tmp_path, monkeypatch):
    mod, _ = _module(tmp_path, monkeypatch, "ag_unchanged_mod", ORIGINAL)
    assert float(ag.function(mod.f)(jnp.float32(2.0))) == 6.0
    assert float(ag.function(mod.g)(jnp.float32(0.0))) == 1.0
    assert float(ag.convert(mod.Counter().add)(2.0)) == 2.0
    assert float(ag.convert(mod.Child().add)(2.0)) == 4.0
    assert ag.convert(mod.recursive)(4) == 24
    assert ag.convert(mod.outer(3))(10) == 1
    assert ag.convert(mod.tagged)(1) == 2


@pytest.mark.parametrize("new", [
    ORIGINAL.replace("x * 3", "x - 100000"),            # same lines, other code
    ORIGINAL.replace("x * 3", "x * 7"),                 # same bytecode, other constant
    "# a new first line\n" + ORIGINAL,                  # the same code, further down
])
def test_a_source_file_changed_after_import_is_a_clear_error(tmp_path, monkeypatch, new):
    name = f"ag_changed_mod_{abs(hash(new)) % 10**8}"
    mod, path = _module(tmp_path, monkeypatch, name, ORIGINAL)
    _rewrite(path, new)
    assert mod.f(2.0) == 6.0
    for convert in (ag.convert, lambda fn: ag.function(fn)(jnp.float32(2.0))):
        with pytest.raises(ag.errors.SourceChangedError) as info:
            convert(mod.f)
        text = str(info.value)
        assert f"{path}:5" in text and "changed since it was defined" in text
        assert "Re-import the module" in text
    with pytest.raises(ag.errors.SourceChangedError):
        ag.to_code(mod.f)
    mod = importlib.reload(mod)
    assert float(ag.function(mod.f)(jnp.float32(2.0))) == mod.f(2.0)


def test_identical_lambdas_on_one_line_each_convert(tmp_path, monkeypatch):
    # The second of two identical lambdas on a line was a SourceChangedError (its column
    # positions are not the first's), and two `jnp.exp(-x)` lambdas ran unconverted with
    # a warning (helper corpus run: root_bisection's argument sets).
    mod, _ = _module(tmp_path, monkeypatch, "ag_twin_lambdas", """\
        import jax.numpy as jnp
        f1, f2 = lambda x: x + 1 if x > 0 else x, lambda x: x + 1 if x > 0 else x
        g1, g2 = lambda x: jnp.exp(-x) if x > 0 else x, lambda x: jnp.exp(-x) if x > 0 else x
        """)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for fn in (mod.f1, mod.f2, mod.g1, mod.g2):
            for x in (1.0, -1.0):
                assert float(ag.function(fn)(jnp.float32(x))) == pytest.approx(float(fn(x)))
