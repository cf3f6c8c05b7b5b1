"""Ordinary Python syntax converts and agrees with eager Python.

Each function runs eagerly, converted on Python values, and as
`jax.jit(convert(f))` on traced values; the outcomes (value or exception
type) must be the same.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph_py as ag


def outcome(call, *args):
    try:
        out = call(*args)
    except Exception as e:  # noqa: BLE001 - the exception is the outcome
        return ("raised", type(e).__name__)
    # float32 under jit, float64 eagerly: compared to 5 significant digits
    return ("value", jax.tree_util.tree_map(
        lambda v: float(f"{float(v):.5g}") if np.ndim(v) == 0 else
        [float(f"{e:.5g}") for e in np.ravel(np.asarray(v, np.float64))], out))


def agrees(fn, *values, traced=True):
    """fn(*values) == convert(fn)(*values) == jit(convert(fn))(*arrays) (when `traced`)."""
    expected = outcome(fn, *values)
    assert outcome(ag.convert(fn), *values) == expected
    if traced:
        arrays = [jnp.asarray(v) for v in values]
        assert outcome(jax.jit(ag.convert(fn)), *arrays) == expected
    return expected


# ------------------------------------------------------ annotated assignments
def ann_after_if_and_in_loop(x):
    if x > 0:
        x = x + 1
    y: int = x
    for i in range(3):
        z: float = y + i
    return z


def ann_in_branch_and_bare(x):
    w: float
    if x > 0:
        w: float = x * 2
    else:
        w = x
    return w


class _Box:
    def __init__(self):
        self.a = 0.0


def ann_attribute_and_subscript(x):
    b = _Box()
    d = {"k": 0.0}
    b.a: float
    d["k"]: float
    if x > 0:
        b.a: float = x
        d["k"]: float = x * 3
    return b.a + d["k"]


def ann_in_nested_function_and_while(x):
    def inner(v):
        r: float = v
        if v > 1:
            r: float = v * 10
        return r
    n: int = 0
    while n < 3:
        k: int = n + 1
        n = k
    return inner(x) + n


def ann_in_local_dataclass(x):
    @dataclasses.dataclass
    class P:
        a: float
        b: float = 2.0
    p = P(x)
    if x > 0:
        p.a: float = p.a + p.b
    return p.a


@pytest.mark.parametrize("fn", [ann_after_if_and_in_loop, ann_in_branch_and_bare,
                                ann_attribute_and_subscript, ann_in_nested_function_and_while,
                                ann_in_local_dataclass])
@pytest.mark.parametrize("x", [2.0, -2.0])
def test_annotated_assignments_convert_everywhere(fn, x):
    assert agrees(fn, x)[0] == "value"


def test_annotated_assignment_becomes_a_plain_one():
    text = ag.to_code(ann_attribute_and_subscript)
    assert ": float" not in text.replace("class", "")


# --------------------------------------------------- returns and exceptions
def _fails(v=0):
    if v == 0:
        raise ValueError("no")
    return v


def ret_raises_in_try(c):
    if c:
        return 2
    try:
        return _fails()
    except ValueError:
        pass
    return 1


def ret_in_handler(c):
    if c:
        return 2
    try:
        _fails()
    except ValueError:
        return 3
    return 1


def ret_in_else(c):
    if c:
        return 2
    try:
        y = _fails(5)
    except ValueError:
        return 3
    else:
        return y + 10
    return 1


def ret_raises_with_finally(c):
    if c:
        return 2
    try:
        return _fails()
    except ValueError:
        pass
    finally:
        y = 7
    return y


def ret_nested_try(c):
    if c:
        return 2
    try:
        try:
            return _fails()
        finally:
            z = 1
    except ValueError:
        return 4 + z
    return 1


def ret_nested_in_handler(c):
    if c:
        return 2
    try:
        return _fails()
    except KeyError:
        return 5
    except ValueError:
        try:
            return _fails()
        except ValueError:
            pass
    return 9


def ret_in_try_in_loop(c):
    s = 0
    for i in range(4):
        if c:
            s = s + 1
        try:
            if i == 2:
                return _fails() + s
            s = s + i
        except ValueError:
            s = s + 100
    return s


def ret_in_try_in_while(c):
    out = 0
    while out < 3:
        try:
            return _fails()
        except ValueError:
            out = out + 1
    if c:
        out = out * 2
    return out


def ret_in_finally(c):
    if c:
        return 2
    try:
        pass
    finally:
        return 11


def ret_try_before_traced_if(c):
    try:
        return _fails()
    except ValueError:
        pass
    if c:
        return 2
    return 1


def ret_uncaught_under_traced_if(c):
    if c:
        return 2
    try:
        raise ValueError("not caught")
    except KeyError:
        pass
    return 1


@pytest.mark.parametrize("fn", [ret_raises_in_try, ret_in_handler, ret_in_else,
                                ret_raises_with_finally, ret_nested_try, ret_nested_in_handler,
                                ret_in_try_in_loop, ret_in_try_in_while, ret_in_finally,
                                ret_try_before_traced_if])
@pytest.mark.parametrize("c", [0, 1])
def test_return_after_a_caught_exception_is_the_eager_one(fn, c):
    assert agrees(fn, c)[0] == "value"


def test_return_in_try_whose_value_raises_on_the_python_path():
    def f():
        try:
            return _fails()
        except ValueError:
            pass
        return 1

    assert ag.convert(f)() == 1


def test_uncaught_raise_under_a_traced_condition_still_fails_at_run_time():
    assert outcome(ret_uncaught_under_traced_if, 0) == ("raised", "ValueError")
    assert outcome(ag.function(ret_uncaught_under_traced_if), jnp.int32(0)) == (
        "raised", "ValueError")
    assert outcome(ag.function(ret_uncaught_under_traced_if), jnp.int32(1)) == ("value", 2)


def test_raise_under_a_traced_condition_inside_the_try_is_still_an_error():
    def f(c, x):
        if c > 5:
            return x
        try:
            if x > 0:
                raise ValueError("traced")
        except ValueError:
            x = x - 1
        return x

    with pytest.raises(ag.errors.StagedRaiseError):
        ag.function(f)(jnp.int32(0), jnp.float32(1.0))


# ------------------------------------------------------------ deep expressions
def _from_file(tmp_path, name, body):
    """A function defined in a real file (so its source can be read), as a user writes it."""
    path = tmp_path / f"{name}.py"
    path.write_text(f"def {name}(x):\n    if x > 0:\n        x = x - 1\n{body}\n")
    scope = {}
    exec(compile(path.read_text(), str(path), "exec"), scope)
    return scope[name]


@pytest.mark.parametrize("expr", [
    " + ".join(["x"] * 2000),
    " + ".join(f"{i}*x" for i in range(2000)),
    "(" + " and ".join(["x"] * 2000) + ") + 1",
    "(" + " or ".join(["x * 0"] * 1999 + ["x"]) + ") + 1",
])
def test_deep_expressions_convert_and_run(tmp_path, expr):
    import sys
    limit = sys.getrecursionlimit()
    f = _from_file(tmp_path, "deep", f"    return {expr}")
    text = ag.to_code(f)
    compile(text, "<deep>", "exec")
    assert agrees(f, 2.0)[0] == agrees(f, -1.0)[0] == "value"
    assert sys.getrecursionlimit() == limit


def test_expression_too_deep_even_so_is_a_clear_conversion_error(tmp_path, monkeypatch):
    from autograph_py import stack
    monkeypatch.setattr(stack, "LIMIT", 100)
    f = _from_file(tmp_path, "too_deep", "    return " + " + ".join(["x"] * 2000))
    with pytest.raises(ag.errors.ConversionError, match=r"nested too deeply to convert") as info:
        ag.convert(f)
    assert "too_deep.py:1" in str(info.value) and "Split the expression" in str(info.value)


# -------------------------------------------------------------- private names
class _Private:
    def __init__(self):
        self.__total = 0.0

    def __scale(self, v):
        return v * 2

    def add(self, x):
        if x > 0:
            self.__total = self.__total + self.__scale(x)
        return self.__total


def test_private_names_in_methods_are_mangled_as_in_the_class():
    assert agrees(lambda x: _Private().add(x), 2.0) == ("value", 4.0)
    assert agrees(lambda x: _Private().add(x), -2.0) == ("value", 0.0)
    assert "self.__total" in ag.to_code(_Private.add)
