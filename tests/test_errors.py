"""Diagnostics: every error names the variable, shows both sides, points at the user's line."""
from __future__ import annotations

import functools
import re
import traceback

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph_py as ag
from autograph_py import errors
from tests.conftest import assert_same

HERE = __file__.rsplit("/", 1)[-1]


def raised(fn, *args, static=()):
    with pytest.raises(Exception) as info:
        ag.function(fn, static_argnums=static)(*args)
        jax.effects_barrier()
    e = info.value
    assert not isinstance(e, (jax.errors.TracerBoolConversionError,
                              jax.errors.ConcretizationTypeError)), e
    return e, "".join(traceback.format_exception(e))


def line_of(fn, text):
    import inspect
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, l in enumerate(lines) if text in l)


def at_user_line(tb, fn, text):
    return f'{HERE}", line {line_of(fn, text)}' in tb


def test_variable_assigned_in_one_branch():
    def f(x):
        if x > 0:
            z = x * 2
        return z

    e, tb = raised(f, jnp.float32(1.0))
    assert isinstance(e, ag.UndefinedVariableError)
    assert re.search(r"'z' is read after the `if` statement whose condition is traced, but only "
                     r"the if branch assigns it", str(e))
    assert "else branch: no value" in str(e) and "Assign 'z' before" in str(e)
    assert f"{HERE}:{line_of(f, 'if x > 0')}" in str(e)
    assert f"read at {__file__}:{line_of(f, 'return z')}" in str(e)
    assert at_user_line(tb, f, "return z")


def test_dict_item_assigned_in_one_branch():
    # Unlike a local, an item stays visible after the `if` (here to the caller).
    def f(x, d):
        if x > 0:
            d["y"] = x * 2
        return d["x"]

    e, tb = raised(f, jnp.float32(1.0), {"x": jnp.float32(0.0)})
    assert isinstance(e, ag.UndefinedVariableError)
    assert re.search(r"'d\['y'\]' outlives the `if` statement whose condition is traced, but "
                     r"only the if branch assigns it", str(e))
    assert f"assigned at line {line_of(f, '= x * 2')}" in str(e)
    assert f"{HERE}:{line_of(f, 'if x > 0')}" in str(e)
    assert at_user_line(tb, f, "if x > 0")


def test_variable_assigned_in_one_branch_but_never_read_after_is_fine():
    def f(xs):
        s = 0.0
        for x in xs:
            if x > 0:
                for t in jnp.arange(3.0):   # t: assigned in one branch, read only there
                    s = s + t
                s = s + t
        return s

    assert float(ag.function(f)(jnp.array([1.0, -1.0]))) == float(f(jnp.array([1.0, -1.0])))


def test_maybe_unassigned_value_read_after_a_loop_is_an_error():
    def f(xs):
        for x in xs:
            if x > 0:
                last = x
        return last

    e, tb = raised(f, jnp.array([1.0, -1.0]))
    assert re.search(r"'last' is read after the `if` statement", str(e))
    assert at_user_line(tb, f, "return last")


def test_branch_shapes_differ():
    def f(x):
        if x > 0:
            v = jnp.ones(2)
        else:
            v = jnp.ones(5)
        return v

    e, tb = raised(f, jnp.float32(1.0))
    assert isinstance(e, ag.StateError)
    assert re.search(r"'v' has a different shape in the two branches", str(e))
    assert "if branch: float32[2]" in str(e) and "else branch: float32[5]" in str(e)
    assert at_user_line(tb, f, "if x > 0")


def test_branch_structure_differs():
    def f(x):
        if x > 0:
            v = (x, x)
        else:
            v = x
        return v

    e, _ = raised(f, jnp.float32(1.0))
    assert re.search(r"'v' has a different structure", str(e))


def test_returns_value_on_one_path_and_none_on_another():
    # A jit program cannot return None on some runs only: the runs that return the value
    # return it, the others fail when they run with an error that says so (issue 12: a
    # value that is None on some runs, runtime/optional.py). It was a trace-time refusal.
    def f(x):
        if x > 0:
            return x

    g = ag.function(f)
    assert float(g(jnp.float32(1.0))) == 1.0
    with pytest.raises(ag.StateError, match="returns None on this run, a value on others"):
        g(jnp.float32(-1.0))


def test_loop_state_changes_shape():
    def f(x):
        while jnp.sum(x) < 100:
            x = jnp.append(x, x)
        return x

    e, tb = raised(f, jnp.float32(1.0))
    assert isinstance(e, ag.StateError)
    assert re.search(r"'x' changes shape from one iteration to the next of the `while` loop", str(e))
    assert "at loop entry:        float32[]" in str(e)
    assert "after one iteration:  float32[2]" in str(e)
    assert at_user_line(tb, f, "while jnp.sum")


def test_loop_state_changes_structure():
    # With a traced trip count (over an array of static length the loop runs unrolled:
    # test_builtins.py, test_loop_whose_state_changes_type_runs_unrolled_...).
    def f(x, n):
        s = x
        for v in range(n):
            s = (s, v)
        return s

    e, _ = raised(f, jnp.float32(1.0), jnp.int32(3))
    assert re.search(r"'s' changes structure", str(e))


def test_variable_read_before_assignment_in_traced_loop():
    def f(x):
        while x < 10:
            x = x + y
            y = 1.0
        return x

    # As in Python: UnboundLocalError at the read, when the loop runs (so at run time).
    e, tb = raised(f, jnp.float32(1.0))
    assert isinstance(e, UnboundLocalError)
    assert re.search(r"local variable 'y' where it is not associated with a value", str(e))
    assert at_user_line(tb, f, "x = x + y")
    assert float(ag.function(f)(jnp.float32(20.0))) == 20.0


def test_list_grows_in_while_loop():
    def f(x):
        ys = []
        while x < 10:
            ys.append(x)
            x = x + 1
        return ys

    e, _ = raised(f, jnp.float32(1.0))
    assert isinstance(e, ag.AutographError)
    assert re.search(r"list 'ys' grows in the `while` loop whose trip count is traced", str(e))
    assert "ys.at[i].set" in str(e)


def test_jax_error_inside_branch_points_at_user_line():
    def f(x):
        if x > 0:
            y = jnp.dot(jnp.ones(3), jnp.ones(4))
        else:
            y = 0.0
        return y

    e, tb = raised(f, jnp.float32(1.0))
    assert isinstance(e, TypeError)
    assert at_user_line(tb, f, "jnp.dot")


def test_jax_error_inside_loop_body_points_at_user_line():
    def f(xs):
        s = jnp.zeros(2)
        for v in xs:
            s = s + jnp.ones(3)
        return s

    e, tb = raised(f, jnp.ones(3))
    assert at_user_line(tb, f, "jnp.ones(3)")


def test_array_condition_is_an_error():
    def f(x):
        if x > 0:
            x = -x
        return x

    e, tb = raised(f, jnp.ones(3))
    assert re.search(r"condition of this `if` statement is an array of shape \(3,\)", str(e))
    assert "jnp.all" in str(e)


def test_recursion_on_traced_condition():
    # Unrolled to calls._TRACED_DEPTH levels, with a RecursionError staged below them.
    def f(x):
        if x > 0:
            return f(x - 1)
        return x

    conv = ag.function(f)
    assert float(conv(jnp.float32(3.0))) == 0.0
    e, tb = raised(f, jnp.float32(30.0))
    assert isinstance(e, RecursionError) and "recursed 20 levels under traced conditions" in str(e)
    assert at_user_line(tb, f, "return f(x - 1)")

    def g(x):   # two recursive calls per level: refused while it is traced
        if x > 0:
            return g(x - 1) + g(x - 2)
        return x

    e, tb = raised(g, jnp.float32(3.0))
    assert isinstance(e, RecursionError) and isinstance(e, ag.AutographError)
    assert re.search(r"g called itself \d+ times under traced conditions", str(e))
    assert "static_argnums" in str(e)


def test_generator_is_rejected_at_conversion_with_location():
    def gen(x):
        yield x

    with pytest.raises(ag.ConversionError) as info:
        ag.convert(gen)
    e = info.value
    assert isinstance(e, SyntaxError)
    assert e.lineno == line_of(gen, "yield") and e.filename.endswith(HERE)
    assert "generator" in str(e)


def test_async_function_is_rejected():
    async def f(x):
        return x

    with pytest.raises(ag.ConversionError, match="async function"):
        ag.convert(f)


def test_assert_failure_carries_message_and_location():
    def f(x):
        assert x > 0, "x must be positive"
        return x

    assert float(ag.function(f)(jnp.float32(1.0))) == 1.0
    with pytest.raises(Exception) as info:
        jax.block_until_ready(ag.function(f)(jnp.float32(-1.0)))
        jax.effects_barrier()
    assert isinstance(info.value, AssertionError)   # @function re-raises the callback's error
    text = str(info.value)
    assert "x must be positive" in text
    assert f"{HERE}:{line_of(f, 'assert x > 0')}" in text


def _vmapped(f, *batch):
    return jax.block_until_ready(ag.function(jax.vmap(ag.convert(f)))(*batch))


def test_vmapped_assert_in_branch_checks_only_elements_that_take_it():
    def f(x):
        if x > 0.0:
            assert x > 0.0, "positive"
        else:
            assert x <= 0.0, "not positive"
        return x

    np.testing.assert_array_equal(_vmapped(f, jnp.array([1.0, -1.0])), [1.0, -1.0])

    def g(x):
        if x > 0.0:
            assert x > 2.0, "x must exceed 2 when positive"
        return x

    np.testing.assert_array_equal(_vmapped(g, jnp.array([3.0, -1.0])), [3.0, -1.0])
    with pytest.raises(AssertionError, match="x must exceed 2 when positive"):
        _vmapped(g, jnp.array([1.0, -1.0]))     # the first element takes the branch and fails


def test_vmapped_assert_in_loop_checks_only_running_elements():
    def f(x, n):
        s = 0.0
        while s < x:
            assert s < x, "while"          # false for an element whose loop has ended
            s = s + 1.0
        for i in range(n):
            assert i < n, "range"          # false past an element's own bound
            s = s + i
        return s

    np.testing.assert_array_equal(_vmapped(f, jnp.array([1.0, 5.0]), jnp.array([2, 4])),
                                  [2.0, 11.0])

    def g(x):
        s = 0.0
        while s < x:
            assert s < 2.0, "s reached 2"
            s = s + 1.0
        return s

    np.testing.assert_array_equal(_vmapped(g, jnp.array([1.0, 2.0])), [1.0, 2.0])
    with pytest.raises(AssertionError, match="s reached 2"):
        _vmapped(g, jnp.array([1.0, 5.0]))


def _nonnegative(v, msg):
    assert v >= 0, msg
    return v


def test_vmapped_assert_nested_in_branches_loops_and_calls():
    def f(x, n):
        s = 0.0
        if x > 0:
            i = 0
            while i < n:
                if s < x:
                    s = _nonnegative(x - s, "called from a branch in a loop") + s * 0
                i += 1
        else:
            for k in range(n):
                assert x <= 0, "else branch loop"
        return s

    xs, ns = jnp.array([2.0, -1.0, 0.5, 3.0]), jnp.array([3, 2, 0, 1])
    np.testing.assert_array_equal(_vmapped(f, xs, ns),
                                  [f(float(a), int(b)) for a, b in zip(xs, ns)])


def test_assert_in_a_jitted_function_called_from_a_traced_branch():
    # The inner jit's trace cannot use the outer branch's predicate: its
    # assert is checked unmasked (and must not leak the outer tracer).
    @ag.function
    def inner(v):
        assert v > 0, "inner positive"
        return v * 2

    @ag.function
    def outer(x):
        if x > 0:
            y = inner(x)
        else:
            y = -x
        return y

    assert float(outer(jnp.float32(2.0))) == 4.0
    assert float(outer(jnp.float32(-1.0))) == 1.0
    assert float(inner(jnp.float32(3.0))) == 6.0


def test_walrus_in_an_operand_python_may_skip_is_a_conversion_error():
    def f(x):
        if x > 0 and (y := x * 2) > 1:
            return y
        return x

    with pytest.raises(ag.ConversionError) as info:
        ag.convert(f)
    text = str(info.value)
    assert "assignment expression ':=' to 'y' is in an operand that Python may skip" in text
    assert f"{HERE}:{line_of(f, 'if x > 0 and')}:" in text
    assert "Assign 'y' in a statement before this expression." in text


def test_assigning_while_test_with_maximum_iterations_is_a_conversion_error():
    def f(n):
        w = 0
        while (w := w + 1) <= n:
            ag.set_loop_options(maximum_iterations=3)
        return w

    with pytest.raises(ag.ConversionError) as info:
        ag.convert(f)
    assert "cannot bound such a loop exactly" in str(info.value)
    assert f"{HERE}:{line_of(f, 'while (w := w + 1)')}:" in str(info.value)


def test_python_assert_stays_python():
    def f(x):
        assert x > 0, "nope"
        return x

    with pytest.raises(AssertionError, match="nope"):
        ag.convert(f)(-1)


def test_undefined_on_python_path_raises_like_python():
    def f(x):
        if x > 0:
            z = 1
        return z

    with pytest.raises(NameError, match="'z'"):
        ag.convert(f)(-1)


COUNT = 0


def test_global_written_in_traced_branch_is_an_error():
    def f(x):
        global COUNT
        if x > 0:
            COUNT = COUNT + 1
        return x

    e, tb = raised(f, jnp.float32(1.0))
    assert re.search(r"global COUNT is assigned in the `if` statement whose condition is traced",
                     str(e))
    assert at_user_line(tb, f, "if x > 0")


def test_global_written_on_python_path_works():
    def f(x, n):
        global COUNT
        if n > 0:
            COUNT = COUNT + n
        return x

    before = COUNT
    ag.convert(f)(1.0, 2)
    assert COUNT == before + 2


def test_mismatch_names_the_lines_that_assigned_each_side():
    def f(x):
        if x > 0:
            v = jnp.ones(2)
        else:
            v = jnp.ones(5)
        return v

    e, _ = raised(f, jnp.float32(1.0))
    assert f"(assigned at line {line_of(f, 'v = jnp.ones(2)')})" in str(e)
    assert f"(assigned at line {line_of(f, 'v = jnp.ones(5)')})" in str(e)


def test_value_assigned_with_its_flag_is_read_under_that_flag():
    def f(xs, thr):
        found = False
        for x in xs:
            if x > thr:
                found = True
                val = x
                break
        if found:
            return val
        return 0.0

    jitted = ag.function(f)
    for xs in (jnp.array([1.0, 5.0, 7.0]), jnp.array([1.0, 2.0])):
        assert float(jitted(xs, jnp.float32(4.0))) == float(f(xs, 4.0))


def test_del_in_a_traced_branch_makes_the_name_unassigned_there():
    def f(x):
        t = x * 2
        if x > 0:
            del t
            y = x
        else:
            y = t
        return y

    def g(x):
        t = x * 2
        if x > 0:
            del t
        return t

    for v in (1.0, -1.0):
        assert float(ag.function(f)(jnp.float32(v))) == float(f(jnp.float32(v)))
    e, tb = raised(g, jnp.float32(1.0))
    assert re.search(r"'t' is read after the `if` statement", str(e))
    with pytest.raises(NameError, match="'t'"):
        ag.convert(g)(1.0)


def test_false_assert_in_an_untaken_traced_branch_does_not_fire():
    def f(x):
        if x < 1.0:
            y = x
        else:
            assert False, "x too big"
            y = 0.0
        return y

    assert float(ag.function(f)(jnp.float32(0.5))) == 0.5
    with pytest.raises(AssertionError, match="x too big"):
        jax.block_until_ready(ag.function(f)(jnp.float32(2.0)))
        jax.effects_barrier()


@pytest.mark.parametrize("construct", ["if", "while", "for_array", "for_range"])
def test_global_first_created_in_a_traced_block_is_an_error(construct):
    def f(x):
        global NEVER_DEFINED_BEFORE
        if construct == "if":
            if x > 0:
                NEVER_DEFINED_BEFORE = x
        elif construct == "while":
            while x > 0:
                NEVER_DEFINED_BEFORE = x
                x = x - 1
        elif construct == "for_array":
            for v in jnp.stack([x, x]):
                NEVER_DEFINED_BEFORE = v
        else:
            for i in range(x.astype(jnp.int32)):
                NEVER_DEFINED_BEFORE = i
        return x

    e, tb = raised(f, jnp.float32(1.0))
    assert isinstance(e, ag.StateError), tb
    assert re.search(r"global NEVER_DEFINED_BEFORE is assigned in the `(if|while|for)`", str(e))
    assert "NEVER_DEFINED_BEFORE" not in globals()


def test_loop_state_narrowed_by_the_body_is_an_error():
    def f(x):
        s = jnp.float32(0.0)
        while s < x:
            s = (s + 1).astype(jnp.int32)
        return s

    e, tb = raised(f, jnp.float32(5.0))
    assert isinstance(e, ag.StateError)
    assert re.search(r"'s' changes dtype from one iteration to the next of the `while` loop.*\n"
                     r"  at loop entry: +float32\[\]\n"
                     r"  after one iteration: +int32\[\] \(assigned at line \d+\)", str(e))
    assert "Give 's' one dtype" in str(e)
    assert at_user_line(tb, f, "while s < x")


def test_python_scalar_loop_state_takes_the_body_dtype():
    def f(xs):
        s = 0.0
        for v in xs:
            s = v.astype(jnp.int32)
        return s

    xs = jnp.arange(3.0)
    out = ag.function(f)(xs)
    assert out.dtype == f(xs).dtype == jnp.int32 and int(out) == 2


def _sqrt_checked(x):
    if x < 0:
        raise ValueError("negative input")
    return jnp.sqrt(x)


def test_raise_under_a_traced_condition_fails_at_run_time_with_its_type_and_message():
    f = ag.function(_sqrt_checked)
    assert float(f(jnp.float32(4.0))) == 2.0
    with pytest.raises(ValueError, match="^negative input") as info:
        f(jnp.float32(-4.0))
    if hasattr(BaseException, "add_note"):   # Python 3.11+: the note names the raise's line
        assert info.value.__notes__ == [
            f"raise at {__file__}:{line_of(_sqrt_checked, 'raise ValueError')}"]
    batched = ag.function(lambda xs: jax.vmap(ag.convert(_sqrt_checked))(xs))
    np.testing.assert_allclose(batched(jnp.array([4.0, 9.0])), [2.0, 3.0])
    with pytest.raises(ValueError, match="negative input"):   # only the element that takes it
        batched(jnp.array([4.0, -1.0]))


def test_run_time_failures_end_their_traceback_at_the_users_line():
    import traceback as tb_module

    def f(x):
        assert x > -5, "too small"
        return _sqrt_checked(x)

    for value, text in ((-9.0, 'assert x > -5, "too small"'), (-1.0, 'raise ValueError')):
        with pytest.raises((AssertionError, ValueError)) as info:
            ag.function(f)(jnp.float32(value))
        last = tb_module.extract_tb(info.value.__traceback__)[-1]
        assert last.filename == __file__ and text in last.line, last


def _checked_mean(xs, k):
    assert len(xs) > 0, "empty"
    for i in range(k):
        assert xs[i] > 0, "not positive"
    return int("3" if k else "x") + min(xs[:k])


@pytest.mark.parametrize("args, kind, text", [
    (([], 1), AssertionError, 'assert len(xs) > 0, "empty"'),
    (([1.0, -1.0], 2), AssertionError, 'assert xs[i] > 0, "not positive"'),
    (([1.0], 0), ValueError, 'return int("3" if k else "x")')])
def test_python_errors_under_convert_end_at_the_users_line(args, kind, text):
    # Without jit no JAX boundary drops the runtime's frames: the converted function's
    # entry does (a failing assert ended in runtime/builtins.py, int() in numeric.py).
    import traceback as tb_module
    for run in (_checked_mean, ag.convert(_checked_mean)):
        with pytest.raises(kind) as info:
            run(*args)
        last = tb_module.extract_tb(info.value.__traceback__)[-1]
        assert last.filename == __file__ and text in last.line, last


def test_raise_after_a_loop_with_early_return_and_in_an_endless_loop():
    def first_positive(xs):
        for v in xs:
            if v > 0:
                return v
        raise ValueError("none positive")

    def climb(x):
        while True:
            x = x + 1
            if x > 10:
                raise RuntimeError("too big")
            if x > 5:
                break
        return x

    f, g = ag.function(first_positive), ag.function(climb)
    assert float(f(jnp.array([-1.0, 2.0]))) == 2.0
    with pytest.raises(ValueError, match="none positive"):
        f(jnp.array([-1.0, -2.0]))
    assert float(g(jnp.float32(0.0))) == climb(0.0) == 6.0
    assert float(g(jnp.float32(7.0))) == climb(7.0) == 8.0


def test_raise_on_python_values_stays_python_at_the_users_line():
    def scaled(x, n):
        if n < 0:
            raise ValueError("n must be >= 0") from None
        return x * n

    e, tb = raised(scaled, 1.0, -1, static=(1,))
    assert type(e) is ValueError and str(e) == "n must be >= 0"
    assert at_user_line(tb, scaled, 'raise ValueError("n must be >= 0")')

    def reraises(s):
        try:
            return int(s)
        except ValueError:
            raise

    with pytest.raises(ValueError, match="invalid literal"):
        ag.convert(reraises)("a")


def test_raise_caught_by_a_try_around_a_traced_condition_is_an_error():
    def f(x):
        try:
            if x > 0:
                raise ValueError
        except ValueError:
            x = x - 1
        return x

    e, tb = raised(f, jnp.float32(-2.0))
    assert isinstance(e, ag.AutographError)
    assert re.search(r"ValueError is raised under a traced condition inside a `try` statement "
                     r"that catches it\n.*\n  at .*:\d+\nMake the condition a Python value", str(e))
    assert f(jnp.float32(2.0)) == 1.0 and ag.convert(f)(2.0) == 1.0   # Python values: caught


def test_an_error_of_the_users_code_on_a_traced_path_inside_a_try_that_catches_it():
    # `[1.0][3]` under a traced `if`, or `{}["k"]` in a loop with a traced trip count, is
    # staged (it fails when the path runs); a handler around it, traced already, would
    # never see it: eager gives the handler's value, converted raised the IndexError
    # (red-team programs). Now the error a `raise` there gets, at the failing line.
    def indexed(x):
        try:
            if x > 0:
                y = [1.0][3]
            else:
                y = 1.0
        except IndexError:
            y = 0.0
        return y

    def looked_up(n):
        t = 0.0
        try:
            for i in range(n):
                t = t + {}["k"]
        except KeyError:
            t = -1.0
        return t

    for fn, arg, line in ((indexed, jnp.float32(1.0), "y = [1.0][3]"),
                          (looked_up, jnp.int32(2), 't = t + {}["k"]')):
        e, _ = raised(fn, arg)
        assert isinstance(e, ag.errors.StagedRaiseError), (fn.__name__, e)
        assert f"{HERE}:{line_of(fn, line)}" in str(e), (fn.__name__, str(e))
    assert ag.convert(indexed)(1.0) == 0.0   # Python values: the handler catches it

    def asserted(x):   # a traced assert is a run-time check too
        try:
            assert x > 0, "neg"
            r = x
        except AssertionError:
            r = -1.0
        return r
    e, _ = raised(asserted, jnp.float32(-2.0))
    assert isinstance(e, ag.errors.StagedRaiseError) and "AssertionError" in str(e)


def test_a_change_python_makes_only_on_some_runs_of_a_traced_test_is_a_clear_error():
    # The right operand of `and` with a traced left one, and a traced while's test, run
    # once while traced: a list they changed showed the trace's count (red-team programs:
    # eager 0 calls, converted 1; eager 4, converted 2).
    def bumped(x):
        log = [0]

        def g():
            log[0] += 1
            return x < 5
        r = (x > 0) and g()
        return log[0] + r

    def counted(n):
        calls = []

        def test(i):
            calls.append(1)
            return i < n
        i = 0
        while test(i):
            i += 1
        return len(calls)

    for fn, arg, what in ((bumped, jnp.float32(-2.0), "right operand of this `and`"),
                          (counted, jnp.int32(3), "test of this `while` loop")):
        e, _ = raised(fn, arg)
        assert isinstance(e, ag.errors.StateError) and what in str(e), (fn.__name__, e)
    assert ag.convert(bumped)(-2.0) == bumped(-2.0)   # Python values: Python's own


def test_a_jax_function_given_a_traced_shape_is_a_clear_error():
    # `jnp.zeros(n)` with a traced n: JAX's plain TypeError ("Shapes must be 1D sequences
    # of concrete values") reached the user (red-team programs).
    e, _ = raised(lambda n: jnp.zeros(n), jnp.int32(2))
    assert isinstance(e, ag.errors.ConcreteValueError) and "zeros(...)" in str(e)


def test_match_left_to_python_with_a_traced_subject_is_an_error():
    def f(p):
        match p:
            case (a, b):
                return a + b
            case _:
                return p

    assert ag.convert(f)((1, 2)) == 3
    e, tb = raised(f, jnp.float32(1.0))
    assert isinstance(e, ag.StateError)
    assert re.search(r"the subject of this `match` statement is traced, and the statement stays "
                     r"Python because it has a sequence pattern\n  at .*:\d+\nMatch a Python value",
                     str(e))
    assert at_user_line(tb, f, "match p:")


def test_variable_assigned_only_in_a_loop_over_an_empty_array_is_unbound_as_in_python():
    def last_item(xs):
        for v in xs:
            last = v
        return last

    with pytest.raises(NameError):
        last_item(jnp.zeros((0,)))
    e, tb = raised(last_item, jnp.zeros((0,)))
    assert isinstance(e, NameError) and "last" in str(e)
    assert float(ag.function(last_item)(jnp.arange(3.0))) == 2.0


class _CodedError(Exception):
    def __init__(self, code, extra="z"):
        super().__init__(f"code={code}")
        self.code = code


def _raise_custom(x):
    if x > 0:
        raise _CodedError(3, extra="q")
    return x


def _raise_with_traced_message(x):
    if x > 0:
        raise ValueError(f"x was {x:.2f}")
    return x


def _bare_reraise(x):
    try:
        int("q")
    except ValueError:
        if x > 0:
            raise
    return x


def _raise_in_else_clause(x):
    try:
        pass
    except ValueError:
        pass
    else:
        if x > 0:
            raise ValueError("in else")
    return x


def _raise_then_loop(x):
    if x < 0:
        raise ValueError("negative")
    while x != 0:       # never ends for negative x: must not run after the raise
        x = x - 1.0
    return x


def _raise_in_else_branch(x):
    if x > 0:
        y = x * 2
    else:
        raise ValueError("not positive")
    return y


def _raise_then_assert(x):
    if x > 0:
        raise ValueError("first")
    assert x < -5, "second"
    return x


@pytest.mark.parametrize("fn,value", [
    (_raise_custom, 1.0), (_raise_custom, -1.0),
    (_raise_with_traced_message, 1.0), (_raise_with_traced_message, -1.0),
    (_bare_reraise, 1.0), (_bare_reraise, -1.0),
    (_raise_in_else_clause, 1.0), (_raise_in_else_clause, -1.0),
    (_raise_then_loop, -1.5), (_raise_then_loop, 2.0),
    (_raise_in_else_branch, 1.0), (_raise_in_else_branch, -1.0),
    (_raise_then_assert, 1.0), (_raise_then_assert, -9.0),
])
def test_staged_raise_behaves_as_the_python_raise(fn, value):
    def outcome(call):
        try:
            return ("value", float(call(jnp.float32(value))))
        except Exception as e:  # noqa: BLE001 - the exception is the outcome
            return ("raised", type(e), e.args, getattr(e, "code", None))

    assert outcome(ag.function(fn)) == outcome(fn)


class _Ticker:
    def __init__(self):
        self.n = 0

    def tick(self):
        self.n = self.n + 1
        return self.n

    def tag(self):
        self.extra = 1.0


def test_traced_while_test_that_changes_an_object_is_an_error():
    def f(x):
        c = _Ticker()
        while c.tick() < x:
            pass
        return c.n

    e, tb = raised(f, jnp.int32(4))
    assert isinstance(e, ag.StateError)
    assert re.search(r"the test of this `while` loop changes _Ticker.n through a function it "
                     r"calls", str(e))
    assert at_user_line(tb, f, "while c.tick() < x")


def test_attribute_a_callee_adds_on_one_path_only_is_an_error_naming_it():
    def f(x):
        c = _Ticker()
        if x > 0:
            c.tag()
        return c.extra

    e, tb = raised(f, jnp.float32(2.0))
    assert isinstance(e, ag.UndefinedVariableError)
    assert re.search(r"'_Ticker.extra' is read after the `if` statement whose condition is "
                     r"traced, but only the if branch assigns it\n  if branch: Python float 1.0\n"
                     r"  else branch: no value", str(e))


def _last_double_range(n):
    for i in range(n):
        y = i * 2
    return y


def _last_countdown(n):
    while n > 0:
        y = n
        n = n - 1
    return y


def _last_bounded(n):
    while n > 0:
        ag.set_loop_options(maximum_iterations=5)
        y = n
        n = n - 1
    return y


def _assigned_in_a_branch_after(n, c):
    while n > 0:
        y = n
        n = n - 1
    if c > 0:
        y = c
    return y


def _assigned_in_a_second_loop(n, m):
    for i in range(n):
        y = i
    for j in range(m):
        y = y + 10 if j > 0 else j
    return y


def _read_under_the_other_condition(x):
    if x > 0:
        k = x * 2.0
    if x < 0:
        return k
    return 2.0


def _return_in_a_for_under_a_traced_if(x, xs):
    try:
        for t in xs:
            if t > x:
                return 3.0
        for k in range(3):
            return 1.0
    except ZeroDivisionError:
        k = 4
    return k


def test_a_local_one_traced_if_assigned_read_under_another_is_checked_at_run_time():
    # Silently wrong before: the read under `x < 0` took the zeros of the unassigned
    # path (0.0 where Python raises UnboundLocalError); a local that a Python loop under a
    # traced `if` assigned came back as its placeholder `<k if assigned>` (helper-13, S9).
    f = ag.function(_read_under_the_other_condition)
    assert float(f(jnp.float32(1.0))) == 2.0
    with pytest.raises(UnboundLocalError, match="'k'"):
        f(jnp.float32(-1.0))
    with pytest.raises(UnboundLocalError):
        _read_under_the_other_condition(-1.0)
    g = ag.function(_return_in_a_for_under_a_traced_if)
    for x in (-5.0, 5.0):
        xs = jnp.array([-1.0, 0.5])
        assert float(g(jnp.float32(x), xs)) == _return_in_a_for_under_a_traced_if(x, xs)


def test_a_local_a_traced_loop_never_assigned_raises_unbound_local_error_at_its_read():
    # Python raises UnboundLocalError at the read; so does the compiled program
    # when the loop ran zero times (and only then).
    for fn in (_last_double_range, _last_countdown, _last_bounded):
        f = ag.function(fn)
        for n in (0, 1, 3):
            if n == 0:
                with pytest.raises(UnboundLocalError, match="'y'") as info:
                    f(jnp.int32(n))
                last = traceback.extract_tb(info.value.__traceback__)[-1]
                assert last.filename == __file__ and "return y" in last.line, last
                with pytest.raises(UnboundLocalError):
                    fn(n)
            else:
                assert int(f(jnp.int32(n))) == fn(n)
    f = ag.function(_assigned_in_a_branch_after)
    assert int(f(jnp.int32(0), jnp.int32(4))) == 4     # the branch assigns it: no error
    assert int(f(jnp.int32(2), jnp.int32(0))) == 1
    with pytest.raises(UnboundLocalError):
        f(jnp.int32(0), jnp.int32(0))
    g = ag.function(_assigned_in_a_second_loop)
    for n, m in ((0, 1), (0, 3), (2, 0), (2, 2)):
        assert int(g(jnp.int32(n), jnp.int32(m))) == _assigned_in_a_second_loop(n, m)
    with pytest.raises(UnboundLocalError):
        g(jnp.int32(0), jnp.int32(0))


def _swap_with_a_maybe_unbound(a, n):
    for _ in range(1, n):
        if 1 < jnp.sum(jnp.ones(4) > 1.0):          # traced, never taken
            for t in range(a % 5):                    # may not run: t may be unbound
                pass
            for w in jnp.ones(4):
                v = 1
            if 1.0 > w:
                v, t = t, v                           # t's placeholder moves into v
    return jnp.ones(4)


def test_a_placeholder_moved_into_another_variable_joins_with_that_variables_own():
    # FINDINGS F80 (fuzz seed 43005 shapes program 30): the placeholder's pytree
    # structure held the variable's name, so `v` holding `t`'s did not join with
    # `v`'s own (a StateError "different structure" printing two placeholders),
    # nor with the value an earlier iteration left in v on one path only.
    f = ag.function(_swap_with_a_maybe_unbound, static_argnums=1)
    for a in (-3, 0, 2):
        assert_same(f(jnp.int32(a), 4), _swap_with_a_maybe_unbound(jnp.int32(a), 4))


def test_zero_trip_reads_are_masked_under_vmap_and_loops_defined_on_entry_have_no_check():
    batched = ag.function(lambda ns: jax.vmap(ag.convert(_last_double_range))(ns))
    np.testing.assert_array_equal(batched(jnp.array([1, 2, 3])), [0, 2, 4])
    with pytest.raises(UnboundLocalError):
        batched(jnp.array([1, 0, 3]))

    def defined_on_entry(n):
        y = 0
        for i in range(n):
            y = i * 2
        return y
    text = str(jax.make_jaxpr(ag.convert(defined_on_entry))(3))
    assert "callback" not in text and "False:bool[]" not in text, text


def _nested_key_in_a_branch(a):
    x = {"a": {"a": a}}
    if x["a"]["a"] > 0:
        x["a"]["b"] = 1
    return x


def _append_through_a_method_in_a_branch(x):
    d = {"a": [1.0]}
    if x > 0:
        d["a"].append(2.0)
    return d


def _append_in_a_branch(x):
    lst = [1.0]
    if x > 0:
        lst.append(x)
    return lst


def _sort_in_a_branch(x):
    lst = [3.0, 1.0, 2.0]
    if x > 0:
        lst.sort()
    return lst


def _pop_in_a_traced_loop(n):
    lst = [1, 2, 3, 4]
    s = 0
    for _ in range(n):
        s += lst.pop()
    return s


def _key_added_in_a_loop_that_may_not_run(n):
    y = {}
    while n > 11:
        y["a"] = n
        n = n - 1
    y["b"] = n
    return y


def _key_added_in_a_traced_range(n):
    y = {}
    for _ in range(n):
        y["a"] = 1
    return y


def test_a_branch_that_changes_a_container_in_place_does_not_leak_into_the_other():
    # The traced branch used to change the entry object, so the other branch
    # (and the result) saw its change: silently wrong. A different structure
    # is now the error that shows the two sides as the branches left them.
    for fn, what in ((_nested_key_in_a_branch, "x['a']"),
                     (_append_through_a_method_in_a_branch, "'d['a']'"),
                     (_append_in_a_branch, "'lst'")):
        e, _ = raised(fn, jnp.int32(0) if fn is _nested_key_in_a_branch else jnp.float32(-1))
        assert isinstance(e, ag.errors.StateError) and what in str(e), e
        sides = [l for l in str(e).splitlines() if l.strip().startswith(("if branch", "else branch"))]
        assert len(sides) == 2 and sides[0].split(":", 1)[1] != sides[1].split(":", 1)[1], e
    # The same structure in both: staged, and the list keeps its identity.
    f = ag.function(_sort_in_a_branch)
    for x in (-1.0, 1.0):
        assert [float(v) for v in f(jnp.float32(x))] == _sort_in_a_branch(x)


def test_containers_changed_by_methods_or_keys_added_in_traced_loops_are_clear_errors():
    e, _ = raised(_pop_in_a_traced_loop, jnp.int32(2))
    assert isinstance(e, ag.errors.StateError) and "'lst'" in str(e), e
    for fn in (_key_added_in_a_loop_that_may_not_run, _key_added_in_a_traced_range):
        e, _ = raised(fn, jnp.int32(0))
        assert isinstance(e, ag.errors.UndefinedVariableError) and "y['a']" in str(e), e
        assert f"{HERE}:" in str(e)
    assert _pop_in_a_traced_loop(2) == int(ag.function(_pop_in_a_traced_loop,
                                                       static_argnums=0)(2)) == 7


def test_a_read_of_an_unassigned_local_is_an_unbound_local_error_as_in_python():
    def f(n):
        for i in range(n):
            y = i
        return y
    for call in (f, ag.convert(f)):
        with pytest.raises(UnboundLocalError):
            call(0)
    assert issubclass(ag.errors.UndefinedVariableError, NameError)


def _positive_or_raise(v):
    if v <= 0:
        raise ValueError("not positive")
    return v > 1.0


def test_the_right_operand_of_a_traced_and_or_fails_only_where_python_evaluates_it():
    f = ag.function(lambda x: x > 0 and _positive_or_raise(x))
    g = ag.function(lambda x: x <= 0 or _positive_or_raise(x))
    assert not bool(f(jnp.float32(-1.0))) and bool(f(jnp.float32(2.0)))
    assert bool(g(jnp.float32(-1.0))) and bool(g(jnp.float32(2.0)))
    e, _ = raised(lambda a, b: a and b, jnp.array([0, 1]), jnp.array([1, 1]))
    assert isinstance(e, ag.errors.StateError) and "single truth value" in str(e), e


def _always_raises(v):
    raise ValueError(f"no {v}")


def test_a_right_operand_that_always_raises_fails_only_when_it_runs():
    f = ag.function(lambda x: x > 0 and _always_raises(x))
    assert not bool(f(jnp.float32(-1.0)))
    with pytest.raises(ValueError, match="no 2.0"):
        f(jnp.float32(2.0))


def _below(v, n):
    if n > 100:
        _always_raises(n)
    return v < n


def test_a_while_test_that_raises_on_a_traced_path_fails_when_it_runs():
    def f(n):
        i = 0
        while _below(i, n):
            i += 1
        return i
    g = ag.function(f)
    assert int(g(jnp.int32(5))) == f(5) == 5
    with pytest.raises(ValueError, match="no 200"):
        g(jnp.int32(200))


def _several_methods_in_a_branch(x):
    lst = [0.75, 0.0]
    if x > 0:
        lst.remove(lst[0])
        y = lst.pop()
        lst.append(y + 1.0)
    return lst


def test_several_methods_changing_one_container_restore_its_entry_contents():
    # remove, then pop, then append: one change of the list, whose entry is the
    # contents before the first (restoring each method's own entry in turn left
    # the list shorter, and a retrace popped from an empty list).
    e, _ = raised(_several_methods_in_a_branch, jnp.float32(1.0))
    assert isinstance(e, ag.errors.StateError) and "different structure" in str(e), e


def test_an_if_both_of_whose_traced_branches_raise_fails_when_it_runs():
    def f(x, n):
        if x > 0:
            raise ValueError("positive")
        else:
            for i in range(n):
                y = i
            x = x + y
        return x
    g = ag.function(f, static_argnums=1)
    assert float(g(jnp.float32(-1.0), 2)) == f(-1.0, 2) == 0.0
    with pytest.raises(ValueError, match="positive"):
        g(jnp.float32(1.0), 0)
    with pytest.raises(UnboundLocalError):
        g(jnp.float32(-1.0), 0)


def _pops_four(values):
    for _ in range(4):
        values.pop()
    return 1.0


def test_a_python_error_in_a_traced_branch_that_may_not_run_fails_only_when_it_runs():
    # Python raises IndexError only on the path that pops from the empty list.
    def f(n):
        y = 0.0
        if n == 1:
            y = _pops_four([1.0, 1.0])
        return y
    g = ag.function(f)
    assert float(g(jnp.int32(0))) == f(0) == 0.0
    with pytest.raises(IndexError, match="pop from empty list"):
        g(jnp.int32(1))


def test_a_scan_whose_body_always_raises_raises_before_the_code_after_it():
    # Eager: UnboundLocalError in the first iteration; jnp.stack([]) is never reached.
    def f(xs):
        c = []
        for x in xs:
            for _ in range(0):
                v = 1.0
            w = v * 0.5 + x
            c.append(w)
        return jnp.stack(c)
    with pytest.raises(UnboundLocalError):
        f(jnp.ones(3))
    with pytest.raises(UnboundLocalError):
        ag.function(f)(jnp.ones(3))


def _read_before_the_body_assigns_it(xs, n):
    for x in xs:
        for _ in range(n):
            v = 1.0
        w = v * 0.5 + x
        v = 2.0
    return w


def test_a_scan_body_that_reads_a_local_before_any_iteration_assigned_it():
    # The first iteration reads v after an inner loop that may not assign it; later
    # iterations see the v the previous one assigned (was: zeros, silently).
    f = ag.function(_read_before_the_body_assigns_it)
    with pytest.raises(UnboundLocalError):
        f(jnp.ones(3), jnp.int32(0))
    with pytest.raises(UnboundLocalError):
        _read_before_the_body_assigns_it(jnp.ones(3), 0)
    assert float(f(jnp.ones(3), jnp.int32(1))) == float(
        _read_before_the_body_assigns_it(jnp.ones(3), 1))


def _raises_big(k):
    if k > 2:
        raise ValueError("big")
    return 1.0


def test_a_caught_raise_under_a_traced_condition_is_refused_also_under_eager_vmap():
    def f(n, xs):
        try:
            if n == 0:
                return _raises_big(len(xs))
        except ValueError:
            pass
        return 2.0

    def g(n, xs):
        try:
            if n == 0:
                return _raises_big(len(xs))
        except Exception:
            pass
        return 2.0
    for fn in (f, g):
        for run in (jax.vmap(ag.convert(fn), in_axes=(0, None)),
                    jax.jit(jax.vmap(ag.convert(fn), in_axes=(0, None)))):
            with pytest.raises(ag.errors.StagedRaiseError):
                run(jnp.array([3, 0]), jnp.ones(3))


def test_a_dict_with_keys_of_two_types_as_traced_state_is_a_clear_error():
    # JAX sorts a dict's keys to flatten it: a raw "Comparator raised exception" before.
    def f(n):
        v = {"a": 1.0}
        if n > 0:
            alias = v
            alias[-1] = 2.0
        return v["a"]
    e, tb = raised(f, jnp.int32(1))
    assert isinstance(e, ag.errors.StateError) and "'v'" in str(e) and "keys" in str(e)
    assert f"{HERE}:{line_of(f, 'if n > 0')}" in str(e)


def test_a_list_changed_in_a_scan_and_bound_to_a_name_the_body_assigns_is_not_replayed():
    # `e = v` in the body made `v`'s change look carried by `e` (state), but each
    # iteration started from the entry list again: the third remove, which raises in
    # Python, ran on [1.0, 1.0], and the result came back silently (fuzz seed 9200
    # config shapes-alias program 900). `v` changes length, so the loop over the three
    # items runs as Python (unrolled), and its third remove raises as Python's does.
    def f(xs):
        v = [1.0, 1.0]
        for x in xs:
            v.remove(1.0)
            t, e = 1.0, v
        e.append(1.0)
        return 1.0
    e, tb = raised(f, jnp.arange(3))
    assert isinstance(e, ValueError) and "not in list" in str(e), e
    with pytest.raises(ValueError, match="not in list"):
        f(jnp.arange(3))


def _f43_guarded_loop(n, a):
    def touch(b):
        nonlocal a   # a closure that may assign: the loop's test moves into its body
        return 1
    w = 0
    while w < 1 and jnp.all(n > 0):
        w += 1
        v = 1.0
        break
    return v


def test_a_loop_test_moved_into_the_body_leaves_a_run_time_check_not_a_one_branch_error():
    # F43: the moved test's `if` assigned `v` on one branch only, and the loop ended on
    # the Python path: the one-branch `if` error, where Python returns or raises
    # UnboundLocalError depending on the run-time test (fuzz seed 7000 shapes-small 610).
    f = ag.function(_f43_guarded_loop)
    assert float(f(jnp.int32(1), 1)) == 1.0 == _f43_guarded_loop(jnp.int32(1), 1)
    with pytest.raises(UnboundLocalError):
        _f43_guarded_loop(jnp.int32(0), 1)
    with pytest.raises(UnboundLocalError):
        f(jnp.int32(0), 1)


def test_a_list_method_change_is_not_carried_by_an_equal_python_constant_of_the_state():
    # `v13 = 0.5` and the list's 0.5 are one constant object: the list's change looked
    # carried by v13, and a remove that raises on the second iteration in Python was
    # silently replayed (fuzz seed 9600 config shapes-alias program 1849).
    def f(n):
        v = [1.0, 0.5]
        w = 0.5
        for i in range(n):
            if True:
                v.remove(1.0)
            else:
                w *= 1.0
        return True
    e, _ = raised(f, jnp.int32(3))
    assert isinstance(e, ag.errors.StateError) and "'v'" in str(e), e


def test_a_branch_that_empties_a_list_whose_item_is_state_is_a_clear_error():
    # `v[0]` is state (through the alias `e`), and the branch pops the list empty:
    # reading the state raised IndexError inside the runtime (fuzz seed 9650
    # shapes-alias program 83); the length change is the documented refusal.
    def f(n):
        v = [1.0, 1.0]
        if n == 3:
            v.pop()
            e = v
            e[0] = 1.0
            v.pop()
        return 1.0
    e, _ = raised(f, jnp.int32(0))
    assert isinstance(e, ag.errors.StateError) and "'v'" in str(e), e


def test_loop_options_are_python_ints_known_when_tracing():
    import jax.numpy as jnp

    def traced_bound(x, lim):
        while x < 100.0:
            ag.set_loop_options(maximum_iterations=lim)
            x = x * 2.0
        return x
    with pytest.raises(ag.errors.ConcreteValueError, match=r"maximum_iterations=\.\.\.\) is traced"):
        ag.function(traced_bound)(1.0, jnp.int32(3))
    assert float(ag.function(traced_bound, static_argnums=1)(1.0, 3)) == 8.0

    def misspelt(x):
        for i in range(3):
            ag.set_loop_options(checkpoint=4)
            x = x + i
        return x
    with pytest.raises(ag.errors.ConcreteValueError, match="no option 'checkpoint'") as e:
        ag.function(misspelt)(1.0)
    assert "checkpoints, maximum_iterations, unroll" in str(e.value)

    def too_few(x, n):
        for i in range(n):
            ag.set_loop_options(checkpoints=1)
            x = x + i
        return x
    with pytest.raises(ag.errors.ConcreteValueError, match="checkpoints=1"):
        ag.function(too_few)(1.0, jnp.int32(3))

    def tensorflow_style(x, n):
        for i in range(n):
            ag.set_loop_options(parallel_iterations=10, swap_memory=True, unroll=True)
            x = x + i
        return x
    assert float(ag.function(tensorflow_style)(1.0, jnp.int32(3))) == 4.0


def test_a_python_list_indexed_by_a_traced_array_of_several_ints_is_a_clear_error():
    def f(k):
        xs = [1, 2, 3]
        return xs[k]
    with pytest.raises(ag.errors.TracedShapeError, match=r"shape \(2,\)") as e:
        ag.function(f)(jnp.array([0, 1]))
    assert isinstance(e.value, TypeError) and "jnp.asarray" in str(e.value)
    assert int(ag.function(f)(jnp.int32(2))) == 3


def test_a_list_or_dict_a_traced_condition_picks_among_several_refuses_changes():
    # Python binds `t` to `a` or to `b`; the compiled program holds a new list with the
    # selected items, so `t[0] = 10.0` changed neither: a silently wrong result (F24's
    # open half; the public corpus's merge_iter `(left if c else right).pop(0)` hung,
    # since neither list ever shrank).
    def ternary(x):
        a, b = [1.0, 2.0], [3.0, 4.0]
        t = a if x > 0 else b
        t[0] = 10.0
        return a[0] + b[0]

    def statement(x):
        a, b = {"k": 1.0}, {"k": 2.0}
        if x > 0:
            t = a
        else:
            t = b
        t["k"] = x
        return a["k"] + b["k"]

    def popped(x):
        left, right = [1.0, 3.0], [2.0, 4.0]
        out = []
        while left and right:
            out.append((left if left[0] <= right[0] * x else right).pop(0))
        return out

    def loop_may_not_run(n):
        a, b = [1.0], [2.0]
        t = b
        for i in range(n):   # t is a if the loop ran
            t = a
        t.append(3.0)
        return len(a), len(b)

    for fn, arg in ((ternary, jnp.float32(1.0)), (statement, jnp.float32(-1.0)),
                    (popped, jnp.float32(1.0)), (loop_may_not_run, jnp.int32(2))):
        e, text = raised(fn, arg)
        assert isinstance(e, ag.errors.StateError), (fn.__name__, e)
        assert "picks which" in str(e) and "jnp.where" in str(e), fn.__name__
        assert f"{HERE}:" in str(e), fn.__name__
    assert "'t'" in str(raised(statement, jnp.float32(-1.0))[0])

    def original_changed_then_read(x):
        a, b = [1.0, 2.0], [3.0, 4.0]
        t = a if x > 0 else b
        a[0] = 5.0     # Python reads 5.0 through t when t is a
        return t[0]
    e, _ = raised(original_changed_then_read, jnp.float32(1.0))
    assert isinstance(e, ag.errors.StateError) and "changed since" in str(e)


def test_a_pick_of_an_alias_named_outside_the_construct_or_through_a_loop_refuses_changes():
    # `b = a` before the `if`, which names only `b`: whether `b[0] = 5.0` changes `a`
    # depends on x, yet `b` came out a new list and `a` kept 1.0 (helper fuzzing, F93).
    # A pick made in a loop's body stayed one only inside it.
    def alias_before(x):
        a = [1.0, 2.0]
        b = a
        if x < 0:
            b = [3.0, 4.0]
        b[0] = 5.0
        return a[0]

    def picked_in_a_loop(xs, x):
        a = [1.0, 2.0]
        b = a
        for t in xs:
            if x > 0:
                b = a
            else:
                b = [3.0, 4.0]
        b[0] = 5.0
        return a[0]

    def nothing_else_holds_it(x):   # `b`'s entry list has no other name: rebuilt, as before
        b = [1.0, 2.0]
        if x < 0:
            b = [3.0, 4.0]
        b[0] = 5.0
        return b[0] + b[1]

    for fn, args in ((alias_before, (jnp.float32(1.0),)),
                     (picked_in_a_loop, (jnp.ones(2), jnp.float32(1.0)))):
        e, _ = raised(fn, *args)
        assert isinstance(e, ag.errors.StateError) and "picks which" in str(e), fn.__name__
    for x in (1.0, -1.0):
        assert float(ag.function(nothing_else_holds_it)(jnp.float32(x))) == \
            nothing_else_holds_it(x)


def test_a_picked_list_reads_as_python_and_one_object_on_every_side_keeps_identity():
    def read(x):
        a, b = [1.0, 2.0], [3.0, 4.0]
        t = a if x > 0 else b
        return t[0] + t[1] + len(t)

    def same_object(x, xs):
        a = [1.0]
        t = a
        if x > 0:
            t = a
        for v in xs:
            t = a
        t.append(2.0)   # every path leaves t bound to a: the change shows through a
        return len(a)

    def loop_runs(xs):   # a static length: the loop runs, and t is a after it
        a, b = [1.0], [2.0]
        t = b
        for x in xs:
            t = a
        t.append(3.0)
        return len(a), len(b)

    def returned(x):
        a, b = [1.0, 2.0], {"k": 3.0}
        t = (a, b["k"]) if x > 0 else ([3.0, 4.0], 1.0)
        return t

    for x in (1.0, -1.0):
        assert float(ag.function(read)(jnp.float32(x))) == read(x)
        got = ag.function(returned)(jnp.float32(x))
        assert type(got[0]) is list and [float(v) for v in got[0]] == returned(x)[0]
        got[0].append(1.0)   # the caller's list is a plain list
    assert int(ag.function(same_object)(jnp.float32(1.0), jnp.ones(2))) == 2
    assert tuple(map(int, ag.function(loop_runs)(jnp.ones(2)))) == (2, 1)


def test_names_one_list_only_if_a_loop_ran_refuse_the_change_that_tells():
    # FINDINGS F46's rest: an iteration leaves a and b bound to one new list; on entry they
    # are two. After a loop that may not run they were two lists either way, so a change
    # through b missed a (eager (5.0, 5.0) for n=2, converted (2.0, 5.0)). Now b is a
    # read-only pick of a: reading works, a change through a works while b is not read.
    def change_b(n, x):
        a, b = [x, 1.0], [x * 2, 2.0]
        for i in range(n):
            a = [x + i, 1.0]
            b = a
        b[0] = 5.0
        return a[0], b[0]

    def read_both(n, x):
        a, b = [x, 1.0], [x * 2, 2.0]
        for i in range(n):
            a = [x + i, 1.0]
            b = a
        return a[0] + b[0]

    def change_a_then_read_b(n, x):
        a, b = [x, 1.0], [x * 2, 2.0]
        for i in range(n):
            a = [x + i, 1.0]
            b = a
        a.append(3.0)
        return a, b[0]

    def change_a(n, x):
        a, b = [x, 1.0], [x * 2, 2.0]
        for i in range(n):
            a = [x + i, 1.0]
            b = a
        a.append(3.0)
        return a

    for n in (0, 2):
        for fn in (change_b, change_a_then_read_b):
            with pytest.raises(ag.errors.StateError, match="'b'.*whether a traced loop ran"):
                ag.function(fn)(jnp.int32(n), jnp.float32(1.0))
        assert_same(ag.function(read_both)(jnp.int32(n), jnp.float32(1.0)),
                    read_both(n, jnp.float32(1.0)))
        assert_same(ag.function(change_a)(jnp.int32(n), jnp.float32(1.0)),
                    change_a(n, jnp.float32(1.0)))


def test_a_loop_variable_rebound_to_an_outside_dict_after_an_in_place_change_is_refused():
    # From the second iteration on, v7 is v6 and `v7["k"] = t` changes v6; the compiled
    # loop carries a copy of v7, so v6 missed it (silently wrong: 2 instead of 4 for n=3).
    def f(n):
        v6 = {"s": 1.0, "k": 1}
        v7 = {"s": 1.0, "k": 5}
        for t in range(1, n):
            v7["k"] = t
            v7 = v6
        return v7["k"] + v6["k"]

    e, _ = raised(f, jnp.int32(3))
    assert isinstance(e, ag.errors.StateError) and "'v7'" in str(e), e
    assert "second iteration" in str(e) and f"{HERE}:" in str(e)
    assert f(3) == 4 and ag.convert(f)(3) == 4   # Python values: Python's loop


def _every_path_raises_in_the_first_iteration(n):
    for _ in jnp.arange(2):
        if jnp.all(jnp.ones(2) < 1.0):       # traced, never true
            raise ValueError("never")
        for _k in range(n):
            v = 1.0
        w = v                                 # unbound where n == 0
    return 1.0


def test_a_loop_whose_every_path_raises_a_path_dependent_exception():
    # FINDINGS F86 (fuzz seed 93008 shapes program 48): with n == 0 both paths of the
    # first iteration raise (ValueError or UnboundLocalError, decided when the program
    # runs). @function ends the trace and raises what the run meets; under a plain
    # jax.jit the PathRaises escaped to the caller, now a StagedRaiseError says why.
    with pytest.raises(UnboundLocalError):
        ag.function(_every_path_raises_in_the_first_iteration, static_argnums=0)(0)
    assert float(ag.function(_every_path_raises_in_the_first_iteration,
                             static_argnums=0)(2)) == 1.0
    with pytest.raises(ag.errors.StagedRaiseError, match="autograph_py.function"):
        jax.jit(ag.convert(_every_path_raises_in_the_first_iteration), static_argnums=0)(0)


def _checked_then_unbound(a):
    assert a < 0, "x"
    for t in range(0):
        v = 1.0
    return v


def _printed_then_unbound(a):
    print("P", a)
    for t in range(0):
        v = 1.0
    return v


def test_a_staged_check_or_print_comes_before_a_later_unbound_read():
    # Eager fails at the assert (or prints, then finds `v` unbound); converted raised
    # the read's error while tracing, before any staged check or print ran (helper
    # fuzzing, seed 98009 builtins program 80).
    from tests.conftest import printed_runs
    eager, conv = printed_runs([_checked_then_unbound, ag.function(_checked_then_unbound)],
                               jnp.float32(1.0), catch=(AssertionError, UnboundLocalError))
    assert eager[0] == conv[0] == "AssertionError"
    eager, conv = printed_runs([_printed_then_unbound, ag.function(_printed_then_unbound)],
                               jnp.float32(1.0), catch=(UnboundLocalError,))
    assert eager[1] == conv[1] == "P 1.0\n" and conv[0] == "UndefinedVariableError"


# ---------------------------------------------- found by a bug hunt (2026-12-06)

def _zeros_after_a_traced_guard(x, step):
    if x >= 1.0:
        raise ValueError("x too big")
    n = int((1.0 - x) / step)
    return np.zeros(n + 1, np.float32)


def test_a_tracer_handed_to_numpy_on_a_traced_path_is_a_trace_time_error():
    # np.zeros(traced n) after a traced raise guard was staged as the program's own
    # TypeError: a JaxRuntimeError (INTERNAL) when the program ran.
    with pytest.raises(ag.errors.ConcreteValueError, match="needs a concrete") as e:
        jax.jit(ag.convert(_zeros_after_a_traced_guard), static_argnums=1)(
            jnp.float32(0.0), 0.2)
    assert "test_errors.py" in str(e.value)


def _none_on_some_runs(x):
    if x > 1.0:
        return x
    return None


def test_returning_none_on_some_runs_names_the_functions_definition():
    # The staged StateError named the caller's line (harness or test), not the function.
    line = _none_on_some_runs.__code__.co_firstlineno
    with pytest.raises(ag.errors.StateError, match=f"test_errors.py:{line}"):
        ag.function(_none_on_some_runs)(jnp.float32(0.5))
        jax.effects_barrier()


def _parses_its_text(a, b):
    return int(f"{a}{b}", 2) + float(str(a))


def test_parsing_text_made_from_a_traced_value_is_a_clear_error():
    # A raw ValueError: invalid literal for int() ... 'JitTracer(int32[])...'.
    with pytest.raises(ag.errors.ConcreteValueError, match=r"int\(\) parses text"):
        jax.jit(ag.convert(_parses_its_text))(jnp.int32(1), jnp.int32(0))


def _smallest_over(xs, t):
    import sys
    best = sys.maxsize
    for i in range(xs.shape[0]):
        if xs[i] > t:
            best = min(best, i)
    return best


def test_a_python_int_too_large_for_a_jax_integer_entering_traced_state_is_named():
    # A raw OverflowError ("argument path is y") at the loop line before (bug hunt
    # 2026-12-06: minimum_subarray_sum starts at sys.maxsize).
    with pytest.raises(ag.errors.StateError, match=r"'best' \(9223372036854775807\) becomes "
                                                 r"traced state") as e:
        ag.function(_smallest_over)(jnp.arange(5.0), jnp.float32(2.0))
    assert "test_errors.py" in str(e.value)


def _raises_when_positive(x):
    if x > 0:
        raise ValueError("positive")
    return x


def test_a_run_time_raise_is_the_users_exception_without_jaxs_callback_traceback(caplog):
    # JAX logged "jax.debug.callback failed" and a traceback into the runtime for every
    # run-time raise, next to the user's exception.
    import logging
    with caplog.at_level(logging.DEBUG):
        with pytest.raises(ValueError, match="positive"):
            ag.function(_raises_when_positive)(jnp.float32(1.0))
        jax.effects_barrier()
    assert not [r for r in caplog.records if "callback failed" in r.getMessage()]


def _continue_in_finally(n):
    seen = 0
    for i in range(3):
        try:
            if i == n:
                break
        finally:
            seen += 1
            continue
    return seen


def _break_in_finally(n):
    for i in range(3):
        try:
            if i == n:
                return 100
        finally:
            break
    return 0


def _return_in_finally(n):
    for i in range(3):
        try:
            if i == n:
                break
        finally:
            if i == 2:
                return 7   # over a pending break: Python's return wins, as the flags do
    return i


def _loop_in_finally(n):
    seen = 0
    for i in range(3):
        try:
            if i == n:
                break
        finally:
            for j in range(2):
                if j == 1:
                    break
            seen += 1
    return seen


def test_a_jump_out_of_a_finally_block_is_refused_at_conversion():
    # It was silently wrong on Python values too (2 for 3, 100 for 0): Python drops the
    # exit under way; the flags converted code carries kept it (bug hunt 2026-12-07).
    for fn, what in ((_continue_in_finally, "continue"), (_break_in_finally, "break")):
        with pytest.raises(ag.errors.ConversionError, match=f"a `{what}` in a `finally`"):
            ag.convert(fn)(1)
    assert ag.convert(_loop_in_finally)(1) == _loop_in_finally(1)   # its own loop's: fine
    for n in (0, 2, 5):
        assert ag.convert(_return_in_finally)(n) == _return_in_finally(n)


def _index_or_zero(k):
    xs = [1.0, 2.0, 3.0]
    try:
        v = xs[k]
    except IndexError:
        v = 0.0
    return v


def _read_after_del_or_zero(x):
    t = x * 2
    if x > 0:
        del t
    try:
        return t
    except UnboundLocalError:
        return 0.0


def test_a_check_a_try_would_catch_at_run_time_is_refused_while_traced():
    # The IndexError of a traced index was a run-time check past the user's handler (an
    # IndexError where eager gives 0.0); the refusal of a maybe-unassigned read was caught
    # by the user's `except UnboundLocalError` (0.0 where eager gives -4.0).
    with pytest.raises(ag.errors.StagedRaiseError, match="IndexError"):
        ag.function(_index_or_zero)(jnp.int32(7))
    with pytest.raises(ag.errors.StagedRaiseError, match="UnboundLocalError"):
        ag.function(_read_after_del_or_zero)(jnp.float32(-2.0))
    assert float(ag.convert(_index_or_zero)(7)) == 0.0   # a Python index: Python's own


def test_an_item_set_in_a_row_a_traced_index_picked_names_no_internal_class():
    # helper-30's hunt: the copy's own refusal came wrapped as "an item of a Python
    # ReadOnlyList assigned by a traced index must be like every item it may replace: ...".
    def f(x, i, j):
        rows = [[1.0, 2.0], [3.0, 4.0]]
        if x > 0:
            rows[i][j] = x
        return rows[0][0]
    with pytest.raises(ag.errors.TracedShapeError) as e:
        jax.jit(ag.convert(f))(jnp.float32(1.0), jnp.int32(1), jnp.int32(0))
    assert "ReadOnly" not in str(e.value) and "picked from a Python list" in str(e.value)


def _assert_vector(x):
    assert x > 0, "x must be positive"
    return x


def _not_vector(x):
    if not x:
        return 1.0
    return 2.0


def test_the_truth_of_a_vector_is_pythons_value_error_in_an_assert_and_a_condition():
    # corpus_hunt_errors: `assert x > 0` of a traced vector passed where every item was
    # true (a run-time all()); Python raises ValueError for any vector. A condition's
    # error (a StateError, so a TypeError) is a ValueError too now, as Python's is, and
    # `not` of one suggests logical_not of one operand.
    with pytest.raises(ValueError):
        _assert_vector(np.array([1.0, 2.0]))
    for fn in (_assert_vector, _not_vector):
        with pytest.raises(errors.AmbiguousTruthError) as info:
            ag.function(fn)(jnp.array([1.0, 2.0]))
        assert isinstance(info.value, ValueError) and isinstance(info.value, errors.StateError)
    with pytest.raises(ValueError, match=r"jnp.logical_not\(a\) for"):
        ag.function(_not_vector)(jnp.array([1.0, 2.0]))


def test_a_print_separator_that_is_no_str_is_pythons_type_error_when_traced():
    # corpus_hunt_errors: a traced `sep` failed inside the print's callback when the
    # program ran (a JaxRuntimeError under jit).
    def f(x):
        print("a", "b", sep=x)
        return x
    with pytest.raises(TypeError, match="sep must be None or a string"):
        ag.function(f)(jnp.float32(1.0))


@pytest.mark.parametrize("fn,args,words", [
    (lambda n: np.zeros(n).shape[0], (jnp.int32(3),), r"zeros\(...\) needs a concrete value"),
    (lambda x, k: jnp.tile(x, k).sum(), (jnp.ones(2), jnp.int32(2)), r"tile\(...\) needs"),
    (lambda x: np.sin(x).sum(), (jnp.ones(2),), "use jnp.sin, which traces"),
    (lambda x: np.linalg.norm(x), (jnp.ones(2),), "use jnp.linalg.norm"),
    (lambda x: (x * 2).item() + 1, (jnp.float32(2.0),), r"<traced array>.item\(...\)"),
])
def test_a_library_call_needing_a_concrete_value_is_named_with_its_fix(fn, args, words):
    # corpus_hunt_errors: NumPy's own TypeError (np.zeros of a tracer) and JAX's for an
    # unhashable parameter (jnp.tile) were raw; a NumPy function's fix spoke of sizes,
    # and a traced array's method was named by a JAX internal.
    with pytest.raises(errors.ConcreteValueError, match=words):
        ag.function(fn)(*args)


def test_a_static_item_write_past_the_end_of_a_jax_array_is_numpys_index_error():
    # corpus_hunt_errors: JAX's scatter dropped `x[5] = v` of a 3-item array ([1. 2. 3.]
    # returned, where NumPy raises IndexError).
    def f(x, i):
        x[i] = 9.0
        return x
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 3"):
        ag.function(f, static_argnums=1)(jnp.array([1.0, 2.0, 3.0]), 5)
    assert [float(v) for v in ag.function(f, static_argnums=1)(jnp.zeros(3), -3)] == [9, 0, 0]


def _vector_truth_on_a_traced_path(x, n):
    if n > 0:
        if x > -9.0:
            return 1.0
    return 2.0


def _not_of_a_vector_on_a_traced_path(x, n):
    if n > 0:
        if not x > -9.0:
            return 1.0
    return 2.0


@pytest.mark.parametrize("fn", [_vector_truth_on_a_traced_path,
                                _not_of_a_vector_on_a_traced_path])
def test_the_truth_of_a_vector_on_a_traced_path_raises_where_that_path_runs(fn):
    # Fuzzer (shapes6 8881/26, 15000/335): Python raises only if the path runs; the error
    # was raised while tracing, also for runs that never reach it.
    f = ag.function(fn)
    assert float(f(jnp.ones(3), jnp.int32(0))) == fn(np.ones(3), 0)
    with pytest.raises(ValueError):
        f(jnp.ones(3), jnp.int32(1))


def _seen_before(n):
    seen = set()
    while n != 1 and n not in seen:
        seen.add(n)
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    return n == 1


@functools.lru_cache(maxsize=None)
def _cached_fib(k):
    return k if k < 2 else _cached_fib(k - 1) + _cached_fib(k - 2)


@pytest.mark.parametrize("fn, text", [
    (_seen_before, "while n != 1 and n not in seen"),
    (lambda n: _cached_fib(n), "_cached_fib(n)"),
    (lambda n: len({n, 1}), "len({n, 1})")])
def test_a_traced_value_hashed_is_a_traced_shape_error_at_the_users_line(fn, text):
    # corpus_realworld2: a set of seen values, functools.lru_cache: Python's "unhashable
    # type: 'DynamicJaxprTracer'" from inside the set or the cache.
    with pytest.raises(errors.TracedShapeError, match="a traced value is hashed") as info:
        ag.function(fn)(jnp.int32(6))
    line = int(re.search(re.escape(__file__) + r":(\d+)", str(info.value)).group(1))
    assert text in open(__file__).read().splitlines()[line - 1]


# A local some paths assign (a nested traced `if`, two `if`s in a row, a loop that may not
# run, a None or () that has no array leaf), read on a path where no assignment ran:
# Python's UnboundLocalError on exactly those runs, the value on the others (FINDINGS
# F161). Before, such reads gave zeros or None (silently wrong) where the "maybe
# unassigned" mark of an inner `if` or of a leafless value was lost at the join, or
# refused the program.

def _nested_if_then_read_in_a_branch(n, x):
    if x > 0.0:
        if x > 1.0:
            s = x
    t = 0.0
    if x > -5.0:
        t = s + 1.0
    return t


def _two_sides_partly_assigned(n, x):
    if x > 0.0:
        if x > 1.0:
            s = x
    else:
        if x < -1.0:
            s = -x
    t = 0.0
    if x > 0.5 or x < -0.5:
        t = s + 1.0
    return t


def _loop_assigned_on_one_side(n, x):
    if x > 0.0:
        if x > 1.0:
            for k in range(n):
                s = k * x
    elif x < -1.0:
        s = -x
    t = 0.0
    if x < -0.5:
        t = s + 1.0
    return t


def _none_on_some_paths_only(n, x):
    if x > 0.0:
        if x > 1.0:
            for k in range(n):
                s = x + k
    elif x < -1.0:
        s = None
    t = 0.0
    if x < -0.5:
        t = 1.0 if s is None else 2.0
    return t


def _two_ifs_in_a_row(n, x):
    if x > 2.0:
        s = x
    if x < -2.0:
        s = -x
    t = 0.0
    if x > 0.0:
        t = s
    for _ in range(n):
        t = t + s
    return t


def _read_after_where_each_branch_may_assign(n, x):
    if x > 0.0:
        if x > 1.0:
            s = x
    else:
        s = -x
    return s * 2.0


def _none_in_one_branch(n, x):
    t = 0.0
    if x > 1.0:
        s = None
    if x > 0.0:
        t = 1.0 if s is None else 2.0
    return t


def _none_in_the_else_branch(n, x):
    t = 0.0
    if x > 1.0:
        pass
    else:
        s = None
    if x < 2.0:
        t = 1.0 if s is None else 2.0
    return t


def _empty_tuple_in_one_branch(n, x):
    t = 0.0
    if x > 1.0:
        s = ()
    if x > 0.0:
        t = len(s) + 1.0
    return t


def _none_read_after_the_if(x):
    if x > 1.0:
        s = None
    return 1.0 if s is None else 2.0


def _none_only_in_a_for_else(n, x):
    w, t = 0, 0.0
    while (w := w + 1) <= 3 and w <= n:
        for c in [1.0, 2.0]:
            if x * w > c:
                break
        else:
            s = None
        t = t + (1.0 if s is None else 2.0)
    return t


@pytest.mark.parametrize("fn", [
    _nested_if_then_read_in_a_branch, _two_sides_partly_assigned, _loop_assigned_on_one_side,
    _none_on_some_paths_only, _two_ifs_in_a_row, _read_after_where_each_branch_may_assign,
    _none_in_one_branch, _none_in_the_else_branch,
    _empty_tuple_in_one_branch, _none_only_in_a_for_else])
def test_a_local_read_where_no_path_assigned_it_is_unbound_on_those_runs_only(fn):
    f, unbound = ag.function(fn), 0
    for n, x in ((0, 0.5), (2, 0.5), (2, -0.7), (2, -1.5), (2, 1.5), (0, 1.5), (1, 2.0),
                 (3, 0.4), (2, -3.0), (2, 3.0)):
        try:
            want = fn(n, x)
        except UnboundLocalError:
            unbound += 1
            with pytest.raises(UnboundLocalError):
                jax.block_until_ready(f(jnp.int32(n), jnp.float32(x)))
            continue
        assert float(f(jnp.int32(n), jnp.float32(x))) == pytest.approx(want), (n, x)
    assert 0 < unbound < 10   # (both kinds of run are checked)


def test_partly_assigned_locals_under_vmap_are_read_where_assigned():
    xs = jnp.array([1.5, -1.5, 0.2, -0.3, 2.5])
    got = jax.jit(jax.vmap(lambda x: ag.convert(_two_sides_partly_assigned)(2, x)))(xs)
    np.testing.assert_allclose(got, [_two_sides_partly_assigned(2, float(x)) for x in xs],
                               rtol=1e-6)


def test_none_one_branch_assigned_read_after_the_if_is_the_error_a_value_would_be():
    # As for an array (conformance: error_variable_only_in_if), whichever branch runs.
    for x in (2.0, 0.5):
        with pytest.raises(errors.UndefinedVariableError, match="'s' is read after"):
            ag.function(_none_read_after_the_if)(jnp.float32(x))
