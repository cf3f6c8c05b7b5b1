"""Public API, eager switch, caching, CLI."""
from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import threading
import warnings

import jax
import jax.numpy as jnp
import pytest

import autograph_py as ag
from tests.conftest import assert_same


def absolute(x):
    if x < 0:
        x = -x
    return x


def test_function_decorator_bare_and_with_options():
    @ag.function
    def f(x):
        return absolute(x) * 2

    @ag.function(static_argnums=1)
    def g(x, n):
        for _ in range(n):
            x = absolute(x) + 1
        return x

    assert float(f(jnp.float32(-2.0))) == 4.0
    assert float(g(jnp.float32(-2.0), 3)) == 5.0


def test_function_forwards_donate_and_static_argnames():
    @ag.function(static_argnames="mode")
    def f(x, mode):
        if mode == "neg":
            x = -x
        return x

    assert float(f(jnp.float32(2.0), mode="neg")) == -2.0


def test_run_functions_eagerly_runs_the_original_python():
    seen = []

    @ag.function
    def f(x):
        seen.append(isinstance(x, jax.core.Tracer))
        return x

    f(jnp.float32(1.0))
    ag.run_functions_eagerly(True)
    assert ag.functions_run_eagerly()
    f(jnp.float32(1.0))
    ag.run_functions_eagerly(False)
    assert not ag.functions_run_eagerly()
    f(jnp.float32(2.0))   # new shape/value class is cached: the trace ran once
    assert seen == [True, False]


def test_convert_is_cached_per_function_and_code():
    # One conversion (code object) per function; each convert() is its own
    # function object (see test_results_do_not_depend_on_earlier_calls...).
    c1, c2 = ag.convert(absolute), ag.convert(absolute)
    assert c1 is not c2 and c1.__code__ is c2.__code__ and c1(-3) == c2(-3) == 3
    # Converting a conversion converts nothing again, but is its own object too (two jits
    # of one object share jax.jit's cache: tests/test_call_order.py).
    c3 = ag.convert(c1)
    assert c3 is not c1 and c3.__code__ is c1.__code__ and c3(-3) == 3


def test_convert_composes_with_jit_grad_vmap():
    c = ag.convert(absolute)
    assert float(jax.jit(c)(-3.0)) == 3.0
    assert float(jax.grad(c)(-3.0)) == -1.0
    assert_same(jax.vmap(c)(jnp.array([-1.0, 2.0])), jnp.array([1.0, 2.0]))
    assert "cond" in str(jax.make_jaxpr(c)(1.0))


def test_python_values_stay_python():
    # Converted code on Python values runs as plain Python: no lax at all.
    assert ag.convert(absolute)(-3) == 3
    assert str(jax.make_jaxpr(lambda: ag.convert(absolute)(-3))()).count("cond") == 0


def test_closures_see_live_cells_and_globals():
    k = 1.0

    def f(x):
        if x > 0:
            x = x * k
        return x

    c = ag.convert(f)
    assert float(c(jnp.float32(2.0))) == 2.0
    k = 5.0  # noqa: F841 - the converted closure reads the live cell
    assert float(c(jnp.float32(2.0))) == 10.0


_COUNTS = {"n": 0.0}


def _count_through_an_alias(n, x):
    if n == 3:
        c = _COUNTS   # an alias of a module-level dict, not a local of the function
        c["n"] = c["n"] + x
    return _COUNTS["n"] * 2


def test_item_of_a_module_level_dict_changed_through_a_local_alias_in_a_traced_branch():
    # The alias made the converter bind `_COUNTS` as an unassigned local
    # (UndefinedVariableError at the return); it is the module's dict.
    for n, want in ((3, 2.0), (0, 0.0)):
        _COUNTS["n"] = 0.0
        got = ag.function(_count_through_an_alias)(jnp.int32(n), jnp.float32(1.0))
        assert float(got) == want
    _COUNTS["n"] = 0.0
    assert _count_through_an_alias(3, 1.0) == 2.0


def test_defaults_are_kept():
    def f(x, scale=3.0, *, shift=1.0):
        if x > 0:
            x = x * scale + shift
        return x

    assert float(ag.convert(f)(jnp.float32(1.0))) == 4.0


def test_to_code_returns_compilable_source():
    src = ag.to_code(absolute)
    compile(src, "<to_code>", "exec")
    assert src.startswith("def absolute(x):") and "ag__.if_stmt" in src
    assert ag.to_code(ag.function(absolute)) == src


class _Doubler:
    def __call__(self, x):
        if x > 0:
            x = x * 2
        return x

    def twice(self, x):
        return absolute(x) * 2


def test_to_code_of_wrappers_shows_the_wrapped_function():
    import functools
    src = ag.to_code(absolute)
    assert ag.to_code(functools.partial(absolute)) == src
    assert ag.to_code(jax.jit(absolute)) == src
    assert ag.to_code(_Doubler()).startswith("def __call__(self, x):")
    assert ag.to_code(_Doubler().twice).startswith("def twice(self, x):")
    assert ag.to_code(lambda v: v if v > 0 else -v).startswith("lambda v: ag__.if_exp(")


def test_to_code_of_builtins_classes_and_exec_code_is_a_clear_error():
    import math
    for builtin in (len, math.hypot, print):
        with pytest.raises(ag.errors.SourceUnavailableError,
                           match=r"it is a builtin or C function .*with no Python source"):
            ag.to_code(builtin)
    with pytest.raises(ag.errors.SourceUnavailableError, match=r"it is a class; pass one"):
        ag.to_code(_Doubler)
    scope = {}
    exec("def made(x):\n    return x\n", scope)
    with pytest.raises(ag.errors.SourceUnavailableError, match="cannot convert made"):
        ag.to_code(scope["made"])
    with pytest.raises(TypeError, match="expects a function, got int"):
        ag.to_code(3)


def test_do_not_convert_is_called_as_is():
    @ag.do_not_convert
    def helper(x):
        return bool(x > 0)  # would fail if traced: proves it ran unconverted on Python values

    def f(x):
        return helper(x)

    assert ag.convert(f)(1.0) is True


def test_set_loop_options_is_a_no_op_eagerly_and_bounds_traced_loops():
    def f(x):
        while x < 100.0:
            ag.set_loop_options(maximum_iterations=3)
            x = x * 2
        return x

    assert float(f(jnp.float32(1.0))) == 128.0          # eager: no bound
    assert float(ag.function(f)(jnp.float32(1.0))) == 8.0
    assert float(jax.grad(ag.convert(f))(1.0)) == 8.0   # bounded loops are scans: differentiable


def test_source_unavailable_warns_once_and_runs_unconverted():
    ns = {}
    exec(textwrap.dedent("""
        def made_by_exec(x):
            return x + 1
    """), ns)
    fn = ns["made_by_exec"]
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert ag.convert(fn)(1) == 2
        assert ag.convert(fn)(1) == 2
    msgs = [str(x.message) for x in w if issubclass(x.category, ag.UnconvertedWarning)]
    assert len(msgs) == 1 and "made_by_exec" in msgs[0]


def test_strict_mode_turns_unconvertible_into_an_error():
    ns = {}
    exec("def made_by_exec2(x):\n    return x\n", ns)
    with pytest.raises(ag.AutographError, match="made_by_exec2"):
        ag.convert(ns["made_by_exec2"], strict=True)
    ag.set_strict(True)
    exec("def made_by_exec3(x):\n    return x\n", ns)
    with pytest.raises(ag.AutographError, match="made_by_exec3"):
        ag.function(ns["made_by_exec3"])(1.0)


def test_threads_convert_and_call_concurrently():
    src = "\n".join(f"""
def worker_{i}(x):
    s = 0.0
    for v in x:
        if v > {i}:
            s = s + v
    return s
""" for i in range(8))
    import importlib.util
    import os
    import tempfile
    d = tempfile.mkdtemp()
    path = os.path.join(d, "threaded_workers.py")
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("threaded_workers", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    xs = jnp.arange(10.0)
    results, errors = {}, []

    def run(i):
        try:
            results[i] = float(ag.function(getattr(mod, f"worker_{i % 8}"))(xs))
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for i, r in results.items():
        assert r == float(sum(v for v in range(10) if v > i % 8))


def test_explain_reports_what_each_statement_became():
    def helper(v):
        return jnp.sin(v)

    def f(x, n):
        for _ in range(3):
            x = x + helper(x)
        if x > 0:
            x = -jnp.log(x)   # real work: a branch (a cheap one would be a select)
        for v in jnp.arange(n):
            x = x + v
        return x

    report = ag.explain(f, static_argnums=1)(jnp.float32(1.0), 3)
    became = {(e.construct, e.became) for e in report.entries}
    assert ("if", "lax.cond") in became
    assert ("for", "python") in became
    assert ("call", "converted") in became
    assert ("call", "called as is") in became
    text = str(report)
    assert "test_api.py:" in text and "lax.cond" in text


def test_cli_dump_prints_converted_source(tmp_path):
    path = tmp_path / "prog.py"
    path.write_text("def f(x):\n    while x > 1:\n        x = x / 2\n    return x\n\nX = 1\n")
    exe = [sys.executable, "-m", "autograph_py"]
    r = subprocess.run(exe + ["dump", f"{path}:f"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "def f(x):" in r.stdout and "ag__.while_stmt" in r.stdout
    compile(r.stdout, "<dump>", "exec")
    for target, msg in [(f"{tmp_path}/missing.py:f", "no such file"),
                        (f"{path}:nope", "has no function"),
                        (f"{path}:X", "not a function"),
                        ("no_such_module_xyz:f", "cannot import"),
                        ("justtext", "expected FILE_OR_MODULE:FUNCTION")]:
        r = subprocess.run(exe + ["dump", target], capture_output=True, text=True, timeout=120)
        assert r.returncode == 2 and msg in r.stderr, (target, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1
    r = subprocess.run(exe + ["--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "dump" in r.stdout


def test_cli_methods_user_errors_and_modules_of_the_current_directory(tmp_path):
    (tmp_path / "klass.py").write_text(
        "class C:\n    @classmethod\n    def cm(cls, x):\n        if x > 0:\n            x = -x\n"
        "        return x\n    @staticmethod\n    def sm(x):\n        return x if x else 1\n")
    (tmp_path / "syn.py").write_text("def f(x:\n    pass\n")
    (tmp_path / "boom.py").write_text("raise RuntimeError('boom')\n")
    script = [sys.executable, "-c", "import sys; from autograph_py.cli import main; "
                                    "sys.exit(main(sys.argv[1:]))"]   # as the console script runs
    for target, expect in [("klass.py:C.cm", "ag__.if_stmt"), ("klass:C.sm", "ag__.if_exp")]:
        r = subprocess.run(script + ["dump", target], capture_output=True, text=True,
                           timeout=120, cwd=tmp_path)
        assert r.returncode == 0 and expect in r.stdout, (target, r.stderr)
    for target, msg in [("syn.py:f", r"syn.py:1: syntax error"),
                        ("boom.py:f", r"importing boom.py raised RuntimeError: boom"),
                        (f"{tmp_path}:f", r"is a directory")]:
        r = subprocess.run(script + ["dump", target], capture_output=True, text=True,
                           timeout=120, cwd=tmp_path)
        assert r.returncode == 2 and re.search(msg, r.stderr), (target, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1


def test_function_on_methods_binds_the_instance():
    class Model:
        def __init__(self, scale):
            self.scale = scale

        @ag.function
        def apply(self, x):
            if x > 0:
                x = x * self.scale
            return x

        @ag.function(static_argnums=2)
        def repeat(self, x, n):
            for _ in range(n):
                x = self.apply(x)
            return x

    m, m2 = Model(3.0), Model(5.0)
    assert float(m.apply(jnp.float32(2.0))) == 6.0
    assert float(m2.apply(jnp.float32(2.0))) == 10.0
    assert float(m.repeat(jnp.float32(1.0), 2)) == 9.0
    assert m.apply is m.apply    # one compiled function per instance
    assert "if_stmt" in ag.to_code(Model.apply)


def _made_by_exec(name):
    ns = {}
    exec(f"def {name}(x):\n    return x * 2\n", ns)
    return ns[name]


def test_builtins_and_c_functions_run_unconverted_with_one_warning():
    import math
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert ag.convert(len)([1, 2]) == 2
        assert ag.convert(len)([1, 2, 3]) == 3
        assert ag.convert(math.hypot)(3.0, 4.0) == 5.0
    msgs = [x for x in w if issubclass(x.category, ag.UnconvertedWarning)]
    assert [str(m.message).split(":")[0] for m in msgs] == ["cannot convert len",
                                                            "cannot convert hypot"]
    assert all(m.filename == __file__ for m in msgs)   # the user's line, not ours
    with pytest.raises(ag.AutographError, match=r"cannot convert hypot: it is a builtin"):
        ag.convert(math.hypot, strict=True)


def test_strict_applies_after_a_non_strict_use_and_to_callees():
    ex = _made_by_exec("ex_strict_later")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert float(ag.function(ex)(3.0)) == 6.0
    with pytest.raises(ag.AutographError, match="ex_strict_later"):
        ag.function(ex, strict=True)(3.0)
    with pytest.raises(ag.AutographError, match="ex_strict_later"):
        ag.convert(ex, strict=True)

    callee = _made_by_exec("ex_callee")

    def caller(x):
        return callee(x) + 1

    with pytest.raises(ag.AutographError, match="ex_callee"):
        ag.function(caller, strict=True)(3.0)
    with pytest.raises(ag.AutographError, match="ex_callee"):
        ag.convert(caller, strict=True)(3.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert float(ag.function(caller)(3.0)) == 7.0   # strictness ended with the call


def test_explain_twice_and_calls_left_alone():
    @ag.do_not_convert
    def opaque(v):
        return v

    def f(x):
        while x > 1:
            x = jnp.sin(x) + opaque(x) / 2
        return jax.jit(lambda y: y)(x)

    first = ag.explain(f)(jnp.float32(1.0))
    second = ag.explain(f)(jnp.float32(2.0))   # same shapes: must trace again
    assert first.entries == second.entries
    reasons = [e.reason for e in first.by_construct("call")]
    assert any(r.endswith("<locals>.opaque is marked do_not_convert") for r in reasons)
    assert "sin is already jitted" in reasons
    assert "the user functions jit transforms are converted" in reasons
    assert ("test_explain_twice_and_calls_left_alone.<locals>.f.<locals>.<lambda> was made by "
            "converted code") in reasons, reasons


def test_verbosity_one_logs_conversions(caplog):
    import logging

    def logged(x):
        return x + 1

    ag.set_verbosity(1)
    try:
        with caplog.at_level(logging.INFO, logger="autograph_py"):
            ag.convert(logged)
    finally:
        ag.set_verbosity(0)
    assert any(re.match(r"converted .*logged \(.*test_api.py:\d+\) in [\d.]+ ms", r.getMessage())
               for r in caplog.records), caplog.records


def test_conversion_cache_does_not_keep_functions_alive():
    import gc
    import weakref
    refs = []
    for _ in range(5):
        def made_in_a_loop(x):
            if x > 0:
                x = -x
            return x
        assert float(ag.convert(made_in_a_loop)(1.0)) == -1.0
        assert float(ag.function(made_in_a_loop)(jnp.float32(2.0))) == -2.0
        refs.append(weakref.ref(made_in_a_loop))
    del made_in_a_loop
    gc.collect()
    assert [r() for r in refs] == [None] * 5


def test_defaults_changed_after_conversion_are_seen_and_wrappers_convert_on_their_own():
    import functools

    def f(x, y=10, *, z=100):
        return x + y + z

    assert ag.convert(f)(1) == 111
    f.__defaults__, f.__kwdefaults__ = (100,), {"z": 1000}
    assert ag.convert(f)(1) == f(1) == 1101

    @functools.wraps(f)   # copies f.__dict__, where the conversion is cached
    def wrapper(x):
        return f(x) * 2

    assert ag.convert(wrapper)(1) == wrapper(1) == 2202


def test_to_code_text_is_registered_in_linecache():
    import inspect
    import linecache
    text = ag.to_code(absolute)
    name = (f"<autograph_py absolute from {absolute.__code__.co_filename}:"
            f"{absolute.__code__.co_firstlineno}>")
    linecache.checkcache()
    assert "".join(linecache.getlines(name)) == text
    assert inspect.getsourcefile(ag.convert(absolute)) == __file__   # your file, your lines


def _printing_loop(xs):
    s = 0.0
    for x in xs:
        s = s + x
        print(f"x={x:.2f} s={s} {{braces}} n={3!r}", "and", x, sep=" ", end="|\n")
    return s


def test_print_of_traced_values_runs_every_call_with_fstrings_specs_and_end(capfd):
    xs = jnp.array([2.0, 3.0])
    _printing_loop(xs)
    eager = capfd.readouterr().out
    assert eager == ("x=2.00 s=2.0 {braces} n=3 and 2.0|\nx=3.00 s=5.0 {braces} n=3 and 3.0|\n")
    f = ag.function(_printing_loop)
    for _ in range(2):   # every run prints, not only the first (tracing) one
        f(xs)
        jax.effects_barrier()
        out = capfd.readouterr().out
        assert sorted(out.splitlines()) == sorted(eager.splitlines()), out


def _print_in_branch(x):
    if x > 0:
        print(f"pos {x:.1f} {{braces}}", "set {", x, end="|\n")
        print("python values", 1)
    return x


def test_print_under_a_traced_condition_prints_only_where_it_runs_even_python_values(capfd):
    xs = jnp.array([1.0, -2.0, 3.0])
    for x in xs:
        _print_in_branch(x)
    eager = capfd.readouterr().out
    jax.vmap(ag.convert(_print_in_branch))(xs)
    jax.effects_barrier()
    assert sorted(capfd.readouterr().out.splitlines()) == sorted(eager.splitlines())
    ag.function(_print_in_branch)(jnp.float32(-1.0))   # not taken: nothing, not even at trace
    jax.effects_barrier()
    assert capfd.readouterr().out == ""


def _nested_while(a, b):
    r = 1
    while a > 0:
        r += 1
        tmp = b
        while tmp > 0:
            a -= 1
            tmp -= 1
        a -= 1
    return r


def _nested_for(a, b):
    p = 0
    for _ in a:
        tmp = b
        for j in tmp:
            p += j
    return p


def test_results_do_not_depend_on_earlier_calls_with_other_static_positions():
    # The same static value (1, range(2)) at another position, the same avals:
    # JAX's jit cache, keyed on the function object, would hand back the
    # first program if both jits shared one converted function.
    for make in (lambda f, n: ag.function(f, static_argnums=n),
                 lambda f, n: jax.jit(ag.convert(f), static_argnums=n)):
        assert int(make(_nested_while, 1)(jnp.int32(0), 1)) == _nested_while(jnp.int32(0), 1)
        assert int(make(_nested_while, 0)(1, jnp.int32(0))) == _nested_while(1, jnp.int32(0)) == 2
        assert int(make(_nested_for, 1)(jnp.arange(1), range(2))) == 1
        assert int(make(_nested_for, 0)(range(2), jnp.arange(1))) == 0
