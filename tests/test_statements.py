"""Statements inside traced if and while bodies agree with eager Python (the syntax sweep)."""
from __future__ import annotations

import contextlib
import functools
import re

import pytest

import jax
import jax.numpy as jnp
import numpy as np

import autograph_py as ag
from tests.conftest import assert_same, printed_runs
from tests.test_syntax import agrees


class _Ctx:
    def __enter__(self):
        return 3.0

    def __exit__(self, *exc):
        return False


class _Obj:
    def __init__(self):
        self.v = 1.0


def walrus_in_test_and_body(x):
    if (y := x * 2) > 0:
        x = (z := y + 1) * z
    return x


def del_with_and_chained(x):
    t = x * 2
    with _Ctx() as c:
        if x > 0:
            a = b = x + c + t
        else:
            a = b = x
    del t
    return a + b


def star_unpacking(x):
    a, *b = (x, x + 1, x + 2)
    if x > 0:
        a, *b = (x * 2, x, x)
    return a + b[0]


def augmented_items_and_attributes(x):
    d, o = {"k": x}, _Obj()
    if x > 0:
        d["k"] += 1.0
        o.v *= x
    return d["k"] + o.v


def lambdas_with_defaults_and_decorated_defs(x):
    f = lambda v, k=2.0: v * k  # noqa: E731

    def deco(fn):
        return lambda v: fn(v) + 1

    @deco
    @functools.wraps(f)
    def g(v):
        return v * 3
    if x > 0:
        x = g(f(x))
    return x


def generator_conditional_import_and_fstring(x):
    if x > 0:
        import math
        x = x + math.pi

        def gen():
            yield 1.0
        s = f"{x=}"   # (its length would depend on x: a ConcreteValueError, F92)
        x = x + sum(gen()) + (s is None)
    return x


def starred_calls(x):
    def g(p, q, c=0.0):
        return p * q + c
    a, k = (x, 2.0), {"c": 1.0}
    if x > 0:
        x = g(*a, **k)
    return x


def pass_and_docstring_only(x):
    """A docstring."""
    if x > 0:
        pass
    else:
        ...
    return x


def while_with_walrus_del_and_try_finally(x):
    n = 0.0
    while (m := x + n) < 10:
        t = n + 1
        try:
            n = t
        finally:
            x = x * 1.0
        del t
    return n + m


def while_with_star_chain_and_annotation(x):
    a = 0.0
    while x < 10:
        first, *rest = (x + 1, x, 2.0)
        y: float = first + rest[1]
        x = a = y
    return x + a


def while_with_return_in_try_and_continue_in_with(x):
    s = 0.0
    while x < 10:
        x = x + 1
        with _Ctx():
            if x > 7:
                continue
        try:
            if s > 20:
                return s
        finally:
            s = s + x
    return s


@pytest.mark.parametrize("fn", [
    walrus_in_test_and_body, del_with_and_chained, star_unpacking,
    augmented_items_and_attributes, lambdas_with_defaults_and_decorated_defs,
    generator_conditional_import_and_fstring, starred_calls, pass_and_docstring_only,
    while_with_walrus_del_and_try_finally, while_with_star_chain_and_annotation,
    while_with_return_in_try_and_continue_in_with])
@pytest.mark.parametrize("x", [2.0, -2.0, 12.0])
def test_statement_in_a_traced_block_agrees_with_eager(fn, x):
    assert agrees(fn, x)[0] == "value"


def test_docstring_only_function_returns_none():
    def f(x):
        """Nothing else."""
    assert agrees(f, 1.0) == ("value", None)


def _dict_made_in_a_branch_returned_under_a_nested_if(x):
    if x > 1.0:
        d = {"s": 1.0}
        if x > 5.0:
            return d
        d["s"] = 2.0
    return {"s": 1.0}


def _dict_returned_under_a_nested_if_then_changed(x):
    d = {"s": 1.0}
    if x > 1.0:
        if x > 5.0:
            return d
        d["s"] = 2.0
    return d


def _dict_returned_from_a_loop_then_changed(x):
    d = {"s": x}
    for i in range(3):
        if x > i:
            return d
        d["s"] = d["s"] + 1.0
    return d


def test_a_dict_returned_under_a_traced_if_misses_the_changes_after_the_return():
    # FINDINGS F63 (fuzz seed 21 transforms-small program 91): the change after the
    # nested traced `return d` reached the pending return value, which holds the same
    # dict, and the join of the return value refused it; eager returns the dict as it
    # was at the return.
    for fn in (_dict_made_in_a_branch_returned_under_a_nested_if,
               _dict_returned_under_a_nested_if_then_changed,
               _dict_returned_from_a_loop_then_changed):
        f = ag.function(fn)
        for x in (-2.0, 0.0, 1.5, 3.0, 6.0):
            assert_same(f(jnp.float32(x)), fn(jnp.float32(x)))


def _printing(x):
    print("called", x)
    return 4


def _raising(x):
    if x > 0:
        raise ValueError("raised")
    return 4


def _chain_prints(x):
    return 0 < x < 10 < _printing(x)


def _chain_raises(x):
    return x <= 0 < _raising(x)


def test_a_chained_comparison_evaluates_a_later_operand_only_where_python_does():
    # FINDINGS F83 (fuzz seed 80012 calls program 25): once a comparison of the chain was
    # traced, the later operands ran on every path: a print Python never reaches, and a
    # raise where Python returns False.
    for fn in (_chain_prints, _chain_raises):
        f = ag.function(fn)
        for x in (-1.0, 5.0, 20.0):
            outs = printed_runs((fn, f), jnp.float32(x), value=bool, catch=ValueError)
            assert outs[0] == outs[1], (fn.__name__, x, outs)


def _right_operand_fails_while_traced(x):
    print("start")   # (a staged print: the program's trace goes on past the operand)
    y = x > 0 and [][0]
    z = x < 1 or undefined_name  # noqa: F821
    return x + 1


def test_an_error_a_right_operand_raises_while_traced_is_raised_only_where_python_runs_it():
    # The IndexError raised while `[][0]` was traced ended the program's trace, and
    # @function's boundary staged it unconditionally: an IndexError where Python's `and`
    # never evaluates it (x = -1), and under vmap for every element.
    f = ag.function(_right_operand_fails_while_traced)
    for x in (-1.0, 0.5, 2.0):
        outs = printed_runs((_right_operand_fails_while_traced, f), jnp.float32(x),
                            value=float, catch=(IndexError, NameError))
        assert outs[0] == outs[1], (x, outs)
    vf = jax.jit(jax.vmap(ag.convert(_right_operand_fails_while_traced)))
    assert [float(v) for v in vf(jnp.array([-1.0, -2.0]))] == [0.0, -1.0]


def _any_of_generator(xs):
    return any(_raising(x - 2.0) or x > 1.0 for x in xs)


def _all_of_python_generator(a, b, c):
    return all(_printing(x) < 3 or x > 0.0 for x in (a, b, c))


def _any_prints(xs):
    return any(_printing(x) > 3 and x > 1.0 for x in xs)


def test_any_and_all_stop_at_the_first_item_that_decides_as_python_does():
    # FINDINGS F84: any/all over a generator evaluated every item, traced or not: a
    # later item's print ran where Python stopped, and its raise failed a run that
    # returns in Python. Over a traced array the later items run masked in the one loop;
    # over a Python iterable, as `t or <the rest>`.
    cases = [(_any_of_generator, (jnp.array([0.5, 2.0, 3.0]),)),
             (_any_of_generator, (jnp.array([0.5, 0.25, 3.0]),)),
             (_all_of_python_generator, (jnp.float32(1.0), jnp.float32(-1.0), jnp.float32(2.0))),
             (_any_prints, (jnp.array([0.5, 2.0, 3.0]),))]
    for fn, args in cases:
        outs = printed_runs((fn, ag.function(fn)), *args, value=bool, catch=ValueError)
        assert outs[0] == outs[1], (fn.__name__, args, outs)


def _assert_with_a_loud_message(x):
    assert x >= 0, f"negative {_printing(x)}"
    return x + 1.0


def test_an_assert_message_runs_only_where_the_assertion_fails():
    # FINDINGS F87 (fuzz seed 94003 shapes-alias program 45): with a traced test the
    # message was made at trace time on every path, so a call in it printed on every run.
    import contextlib
    import io

    import jax
    f = ag.function(_assert_with_a_loud_message)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert float(f(jnp.float32(2.0))) == 3.0
        jax.effects_barrier()
    assert buf.getvalue() == ""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        with pytest.raises(AssertionError, match="negative 4"):
            f(jnp.float32(-2.0))
        jax.effects_barrier()
    assert buf.getvalue() == "called -2.0\n"


def _assert_with_a_raising_message(x):
    assert x >= 0, f"negative {_raising(1.0)}"
    return x + 1.0


def test_an_assert_message_that_raises_raises_only_where_the_assertion_fails():
    # Fuzz seed 94002 builtins program 42: a message whose call raises (a Python-valued
    # `if` in the helper) raised on every run; eager raises it only where the assert fails.
    f = ag.function(_assert_with_a_raising_message)
    assert float(f(jnp.float32(2.0))) == 3.0
    with pytest.raises(ValueError, match="raised"):
        f(jnp.float32(-2.0))


def _np_mask(xs):
    mask = np.zeros(3, bool)
    for i in range(3):
        if xs[i] > 0:
            mask[i] = True
    return mask


def _np_setitem_in_branch(n):
    x = np.zeros(3, np.float32)
    if n > 0:
        x[0] = 1.0
    return x


def _np_augmented_in_branch(t):
    x = np.zeros(3, np.float32)
    if t > 0:
        x += 1
    return x


def _np_in_place_method(t):
    x = np.zeros(3, np.float32)
    if t > 0:
        x.fill(2.0)
    return x


def _set_add_in_branch(t):
    s = {1, 2}
    if t > 0:
        s.add(3)
    return len(s)


def _np_local_to_the_branch(t):
    if t > 0:
        y = np.zeros(2, np.float32)
        y.fill(3.0)
        return jnp.sum(y) + t
    return t


@pytest.mark.parametrize("fn,args", [
    (_np_mask, (jnp.array([1.0, -1.0, 2.0]),)),
    (_np_setitem_in_branch, (jnp.int32(-1),)),
    (_np_setitem_in_branch, (jnp.int32(1),)),
    (_np_augmented_in_branch, (jnp.float32(-1.0),)),
    (_np_augmented_in_branch, (jnp.float32(1.0),)),
    (_np_local_to_the_branch, (jnp.float32(1.0),)),
    (_np_local_to_the_branch, (jnp.float32(-1.0),)),
])
def test_numpy_arrays_changed_under_a_traced_condition_give_pythons_result(fn, args):
    # Red-team programs: a NumPy array changed in place in a traced branch was changed on
    # every path (`mask[i] = True` under `if xs[i] > 0` set every item). Item writes and
    # `x += 1` there now make it a JAX array the construct carries.
    np.testing.assert_allclose(np.asarray(ag.function(fn)(*args)), np.asarray(fn(*args)))


@pytest.mark.parametrize("fn,what", [(_np_in_place_method, "NumPy array ('x')"),
                                     (_set_add_in_branch, "set ('s')")])
def test_an_outside_object_no_carry_holds_changed_under_a_traced_condition_is_an_error(fn, what):
    # `x.fill(2.0)` on a NumPy array, `s.add(3)` on a set under a traced `if`: the change
    # happened on every path (set: silently wrong). A clear error at the `if` now.
    with pytest.raises(ag.errors.StateError, match=rf"a {re.escape(what)} that exists outside"):
        ag.function(fn)(jnp.float32(-1.0))


# ------------------------------------------------ red-team programs, second batch (F101-F105)

def _put_first(lst, v):
    lst[0] = v


def _callee_changes_a_list(x):
    lst = [0.0]
    if x > 0:
        _put_first(lst, x)   # x is the `if`'s state too (handed back): not what carries lst[0]
    return lst[0]


def _alias_changed_in_a_while(x):
    a = [0.0]
    b = a
    while x > 0:
        b[0] = b[0] + 1.0
        x = x - 1.0
    return a[0]


def _alias_changed_in_a_for(n):
    a = {"k": 0.0}
    b = a
    for i in range(n):
        b["k"] = b["k"] + 1.0
    return a["k"]


def _dict_order_after_a_loop(x):
    d = {"z": 0.0, "a": 10.0}
    while x > 0:
        d["z"] = d["z"] + 1.0
        x = x - 1.0
    e = {"z": x, "a": 1.0} if x > 5 else {"z": 2.0, "a": x}
    return list(d.values()), list(e.values())


def _caught_after_a_traced_if(x):
    import contextlib
    r, s = x, x
    try:
        if x > 0:
            r = x * 3.0
        {}["a"]
        r = 100.0
    except KeyError:
        pass
    with contextlib.suppress(KeyError):
        if x > 0:
            s = x * 5.0
        {}["a"]
        s = 100.0
    return r, s


def _helpers_defined_in_a_branch(x):
    if x > 0:
        y = x
    else:
        def half():
            return 0.5

        def more():
            return half() + 1.0
        y = more() + x
    for v in jnp.ones(2):
        if v > x:
            def one():
                return 1.0

            def two():
                return one() * 2.0
            y = y + two()
    return y


def _shared_rows(x, xs):
    row = [0.0, 0.0]
    rows = [row, row]
    if x > 0:
        rows[0][1] = x
    first = (rows[1][1], row[1])
    while x > 0:
        rows[0][0] = rows[0][0] + 1.0
        x = x - 1.0
    for v in xs:
        rows[1][1] = rows[1][1] + v
    return first, rows[1][0], row[0], rows[0][1], row[1]


class _Made:
    def __init__(self, x):
        self.v = x


def _made_in_a_right_operand(x):
    r = 0.0
    if x > 0.0 and _Made(1.0).v < x:   # an object the operand makes: not an outside change
        r = 1.0
    return r


def _set_by_name(x):
    class Box:
        pass
    b = Box()
    b.c = 0.0
    if x > 0:
        setattr(b, "c", x)
    return b.c


def _in_a_range(n):
    return n in range(0, 10, 2), n in range(10, 0, -3), n not in range(3)


@pytest.mark.parametrize("fn,args", [
    (_callee_changes_a_list, (2.0,)), (_callee_changes_a_list, (-2.0,)),
    (_alias_changed_in_a_while, (3.0,)), (_alias_changed_in_a_while, (0.0,)),
    (_alias_changed_in_a_for, (3,)), (_alias_changed_in_a_for, (0,)),
    (_dict_order_after_a_loop, (3.0,)), (_dict_order_after_a_loop, (7.0,)),
    (_caught_after_a_traced_if, (2.0,)), (_caught_after_a_traced_if, (-2.0,)),
    (_helpers_defined_in_a_branch, (2.0,)), (_helpers_defined_in_a_branch, (-1.0,)),
    (_in_a_range, (4,)), (_in_a_range, (7,)), (_in_a_range, (2.5,)), (_in_a_range, (-1,)),
    (_set_by_name, (2.0,)), (_set_by_name, (-2.0,)),
    (_shared_rows, (3.0, [1.0, 2.0])), (_shared_rows, (-1.0, [1.0, 2.0])),
    (_made_in_a_right_operand, (2.0,)), (_made_in_a_right_operand, (-1.0,)),
])
def test_second_red_team_batch_agrees_with_eager(fn, args):
    # Each was silently wrong, a raw error or an unfair refusal (FINDINGS F101-F106): a
    # list a callee changed under a traced `if` lost the change; a change through an alias
    # in a traced loop missed the other name; dict keys came back sorted; a value a traced
    # `if` set was lost when an exception skipped a later assignment; local functions
    # defined in a traced branch were a StateError; `n in range(...)` was a raw error.
    traced = [jnp.asarray(a) for a in args]
    got = ag.function(fn)(*traced)
    want = fn(*traced)
    assert jax.tree_util.tree_structure(got) == jax.tree_util.tree_structure(want)
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        assert float(g) == float(w), (fn.__name__, got, want)


def _tables_at_a_traced_index(k):
    import collections
    table = np.array([1.0, 2.0, 3.0], np.float32)
    steps = range(2, 20, 3)
    ring = collections.deque([4.0, 5.0, 6.0])
    return table[k % 3], steps[k], ring[k % 3]


def test_numpy_tables_ranges_and_deques_at_a_traced_index_are_gathered():
    # Raw TracerArrayConversionError / TracerIntegerConversionError before (red-team
    # programs); text at a traced index is a clear error (its item would be text).
    for k in (0, 2, 4):
        got = ag.function(_tables_at_a_traced_index)(jnp.int32(k))
        assert [float(v) for v in got] == [float(v) for v in _tables_at_a_traced_index(k)]
    with pytest.raises(ag.errors.ConcreteValueError, match="str indexed by a traced value"):
        ag.function(lambda k: "abc"[k])(jnp.int32(1))


def _found_or_else(xs):
    for x in xs:
        if x > 2.0:
            found = x
            break
    else:
        found = -1.0
    return found * 2.0


def _found_or_unbound(xs):
    for x in xs:
        if x > 2.0:
            found = x
            break
    return found * 2.0


def test_a_variable_a_loop_body_assigns_on_some_paths_is_carried_with_whether_it_is():
    # for/else with a traced break: `found` assigned before the break and in the else
    # was an UndefinedVariableError (the one-branch rule of the `if` in the body), an
    # unfair refusal; now it is carried with whether an iteration assigned it, as a
    # variable of a loop that may not run is, and a read where none did is Python's
    # UnboundLocalError when the program runs.
    for xs in ([1.0, 3.0, 4.0], [1.0, 1.0, 1.0]):
        assert float(ag.function(_found_or_else)(jnp.array(xs))) == _found_or_else(xs)
    assert float(ag.function(_found_or_unbound)(jnp.array([1.0, 3.0]))) == 6.0
    with pytest.raises(UnboundLocalError):
        ag.function(_found_or_unbound)(jnp.array([1.0, 1.0]))
    got = jax.vmap(ag.convert(_found_or_else))(jnp.array([[1.0, 3.0], [1.0, 1.0]]))
    assert [float(v) for v in got] == [6.0, -2.0]
    assert [float(v) for v in jax.grad(ag.convert(_found_or_else))(jnp.array([1.0, 3.0]))] == [
        0.0, 2.0]


def _nested_dict_made_in_a_returning_loop(a):
    if True:
        if a < 1.0:
            return jnp.ones(3)
    for t in (1.0, 2.0):
        for _ in (1.0,):
            d = {"a": {"a": t}}
            if a > 3.0:
                return jnp.ones(3) * 2
        d["a"]["a"] = d["a"]["a"] + a
    return jnp.ones(3) * d["a"]["a"]


def _nested_dict_made_in_an_always_returning_loop(a):
    if True:
        if a < 1.0:
            return jnp.ones(3)
    for t in (1.0, 2.0):
        for _ in (1.0,):
            d = {"a": {"a": t}}
            return jnp.ones(3) * 2
        d["a"]["a"] = 1.0
    return jnp.ones(3)


@pytest.mark.parametrize("fn", [_nested_dict_made_in_a_returning_loop,
                                _nested_dict_made_in_an_always_returning_loop])
def test_an_item_of_a_variable_a_returning_loop_may_not_have_assigned(fn):
    # Fuzzer (shapes6 11000/166): after a traced return, the Python loop over (1.0, 2.0)
    # runs each iteration under the traced return flag, whose join makes `d` a maybe-
    # undefined of the inner loop's "unbound unless assigned" `d`; putting back `d["a"]`
    # looked one placeholder deep and called the placeholder's __setitem__ (a raw
    # AttributeError raised when the program ran, where Python never reaches the line).
    for a in (0.5, 2.0, 4.0):
        assert [float(v) for v in ag.function(fn)(a)] == [float(v) for v in fn(a)], a


def _guarded_then_filled(x):
    out = []
    if x > 0:
        return 1.0
    out.append(x)
    out.append(x * 2)
    return out[0] + out[1]


def _guarded_alias_of_an_argument(x, keep):
    out = keep
    if x > 0:
        return 1.0
    out.append(x)
    return 2.0


def test_a_list_only_dead_variables_hold_may_change_in_a_guarded_tail():
    # `out` changed after a traced `return`, in the guarded rest of the function, and read
    # nowhere after it: a StateError before (one branch appends); no later code sees it.
    for x in (1.0, -1.0):
        assert float(ag.function(_guarded_then_filled)(jnp.float32(x))) == \
            _guarded_then_filled(x)
    kept = []   # held by the caller too: the change is seen, so it stays an error
    with pytest.raises(ag.errors.StateError, match="'out'"):
        jax.jit(lambda x: ag.convert(_guarded_alias_of_an_argument)(x, kept))(jnp.float32(1.0))


def _rows_by_count(xs):
    out = [[0.0, 0.0], [0.0, 0.0]]
    for j, x in enumerate(xs):
        out[j][0] += x
    return out


def test_an_enumerate_whose_body_needs_its_count_as_a_python_int_runs_as_python():
    # A TracedShapeError before (the row picked by a traced `j`), where plain jax.jit, which
    # unrolls the loop, and `for j in range(len(xs))` both work (helper corpus: makefield).
    got = ag.function(_rows_by_count)(jnp.array([1.0, 2.0]))
    assert [[float(v) for v in row] for row in got] == [[1.0, 0.0], [2.0, 0.0]]


def _alias_read_in_a_traced_loop(n):
    a = [1.0, 1.0]
    b = a
    row = [1.0, 1.0]
    rows = [row, row]
    for _ in range(n):
        b[1] = a[1] + 1.0
        rows[0][1] = row[1] + 1.0
    return b[1], a[1], rows[1][1], row[1]


def test_a_list_changed_through_one_name_is_read_through_another_in_a_traced_loop():
    # The body read the entry items through `a` and `row`, which the carry does not
    # rebuild: 2.0 for eager 4.0 (helper fuzzing, idioms 97008/49).
    for n in (3, 0):
        got = ag.function(_alias_read_in_a_traced_loop)(jnp.int32(n))
        assert [float(v) for v in got] == list(_alias_read_in_a_traced_loop(n))


def _bump_k(d):
    d["k"] = d["k"] + 1


def _made_after_a_staged_raise(x, k):
    if x < 0.0:
        raise ValueError("negative")
    d = {"k": k * 2}
    _bump_k(d)
    return d["k"]


def test_an_object_a_branch_made_and_a_callee_changed_does_not_leak_its_trace():
    # An UnexpectedTracerError before (helper fuzzing, idioms 97005/21): the restart for
    # the callee's change carried the branch's own dict, and its trace's value.
    assert int(ag.function(_made_after_a_staged_raise)(jnp.float32(1.0), jnp.int32(1))) == 3
    with pytest.raises(ValueError, match="negative"):
        ag.function(_made_after_a_staged_raise)(jnp.float32(-1.0), jnp.int32(1))


def _suppressed_on_a_traced_path(x):
    r = 1.0
    with contextlib.suppress(KeyError):
        if x > 0:
            r = {"s": x}["t"]
        r = 4.0
    return r


def _suppressed_on_the_python_path(x):
    r = 1.0
    with contextlib.suppress(KeyError):
        r = {"s": x}["t"]
    return r + (x > 0)


def test_contextlib_suppress_is_guarded_as_a_try_is():
    # A KeyError on a traced path inside `with suppress(KeyError)` escaped when the
    # program ran, where eager suppresses it (helper fuzzing, idioms 97001/35): it is the
    # StagedRaiseError a `try` gives. On the Python path it suppresses as Python does.
    with pytest.raises(ag.errors.StagedRaiseError, match="KeyError is raised under a traced"):
        ag.function(_suppressed_on_a_traced_path)(jnp.float32(1.0))
    assert float(ag.function(_suppressed_on_the_python_path)(jnp.float32(1.0))) == 2.0


def _two_sum(numbers, target):
    left, right = 0, len(numbers) - 1
    while left < right:
        s = numbers[left] + numbers[right]
        if s == target:
            return [left + 1, right + 1]
        if s > target:
            right = right - 1
        else:
            left = left + 1
    return [-1, -1]


def test_a_returned_list_in_a_loop_that_turns_traced_is_not_taken_for_an_alias():
    # The return value's list, made in the loop's Python iterations, was refilled in place
    # as if the body saw it under another name ('retval_' is not its label): [0, 0] for
    # eager [1, 2] (corpus two_sum2, caught by the corpus run after F124).
    for xs, t in (([2, 7, 11, 15], 9), ([1, 2, 3], 10), ([1, 3, 4, 6], 10)):
        got = ag.function(_two_sum)(jnp.array(xs), jnp.int32(t))
        assert [int(v) for v in got] == _two_sum(xs, t)


def _printed_test(w, x):
    print("test", w)
    return w < x


def _bounded_while_printing(x):
    w = 0
    while _printed_test(w, x):
        ag.set_loop_options(maximum_iterations=4)
        w += 1
    return w


def _eager_then_compiled(f):
    def eager(*args):
        ag.run_functions_eagerly(True)
        try:
            return ag.function(f)(*args)
        finally:
            ag.run_functions_eagerly(False)
    return eager, ag.function(f)


@pytest.mark.parametrize("x", [0, 2, 3])
def test_a_bounded_while_tests_as_often_as_python(x):
    # A bounded `while` is a scan of maximum_iterations steps: its test ran at every step,
    # after the loop ended too, and once more outside the loop (fuzz 96028/36: a test that
    # prints printed maximum_iterations + 1 times). It runs while the last test held.
    eager, compiled = _eager_then_compiled(_bounded_while_printing)
    (want, want_text), (got, got_text) = printed_runs(
        [eager, lambda v: compiled(jnp.int32(v))], x, value=int)
    assert (got, got_text) == (want, want_text)
    assert want_text.count("test") == x + 1


def test_a_bounded_while_that_reaches_its_bound_tests_once_per_iteration():
    # maximum_iterations does nothing eagerly (README); compiled, the loop stops after 4
    # iterations without testing again, as the Python path of the converted loop does.
    [(got, text)] = printed_runs([ag.function(_bounded_while_printing)], jnp.int32(10),
                                 value=int)
    assert (got, text) == (4, "".join(f"test {i}\n" for i in range(4)))


def _test_prints_and_turns_traced(x):
    v = 1.0
    w = 0
    while _probe_print(w) < 3 and v < 2.0:
        w += 1
        v = x   # a Python float until here: the next test is traced
    return v


def _probe_print(w):
    print("test", w)
    return w


def test_a_while_test_that_turns_traced_prints_once():
    # helper-14 (shapes4 99105/83): the test Python evaluated when the loop turned traced
    # printed, and the lax loop ran it again first: "test 1" twice. The loop now starts
    # from the value Python's evaluation gave.
    eager, compiled = _eager_then_compiled(_test_prints_and_turns_traced)
    (want, want_text), (got, got_text) = printed_runs(
        [eager, lambda v: compiled(jnp.float32(v))], 1.5, value=float)
    assert (got, got_text) == (want, want_text)
    assert want_text.count("test 1") == 1


def _bounded_test_turns_traced(x):
    y, w = 1.0, 0
    while _probe_print(w) < 4 and y < 10.0:
        ag.set_loop_options(maximum_iterations=5)
        y = y + x   # a Python float until here: the next test is traced
        w += 1
    return y


@pytest.mark.parametrize("x", [0.5, 4.0, 20.0])
def test_a_bounded_while_test_that_turns_traced_prints_once(x):
    # The bounded loop (a scan) ran the test Python had just evaluated once more at its
    # first step: "test 1" twice (F134). Its first step takes Python's value now.
    eager, compiled = _eager_then_compiled(_bounded_test_turns_traced)
    (want, want_text), (got, got_text) = printed_runs(
        [eager, lambda v: compiled(jnp.float32(v))], x, value=float)
    assert (got, got_text[:len(want_text)]) == (want, want_text[:len(got_text)])
    assert got_text.count("test 1") == 1
    batched = jax.vmap(ag.convert(_bounded_test_turns_traced))(jnp.array([0.5, 4.0, 20.0]))
    assert_same(batched, jnp.array([_bounded_test_turns_traced(v) for v in (0.5, 4.0, 20.0)]))


class _Point:
    def __init__(self, v):
        self.v = v


def _object_made_in_while_test(x):
    w = 0
    while w < 3 and _Point(1.0).v < x:
        w += 1
    return w


def test_an_object_the_while_test_makes_is_its_own_temporary():
    # `P(1.0).v < x` set an attribute of a new object, taken for a change of state the
    # traced test cannot carry (fuzz 96029/59): a StateError where eager returns 3.
    for x in (0.5, 5.0):
        assert int(ag.function(_object_made_in_while_test)(jnp.float32(x))) == \
            _object_made_in_while_test(x)


def _rest_of_an_iterator(xs, t):
    it = iter(xs)
    for a in it:
        if a > t:
            break
    return len([b for b in it])


def _first_above(xs, t):
    found = -1.0
    for a in iter(list(xs)):
        if a > t:
            found = a
            break
    return found


def test_an_iterator_a_traced_break_may_leave_part_read_is_refused():
    # Silently wrong before (the loop took every item: 0 left where eager leaves 2): how
    # far a loop with a traced exit got through `it` is known only at run time.
    xs = jnp.arange(5.0)
    assert _rest_of_an_iterator(xs, 1.5) == 2
    with pytest.raises(ag.errors.StateError, match="iterator 'it'"):
        ag.function(_rest_of_an_iterator)(xs, jnp.float32(1.5))
    # An iterator no variable holds is read by that loop alone: it converts.
    for t in (1.5, 10.0):
        assert float(ag.function(_first_above)(xs, jnp.float32(t))) == _first_above(xs, t)


def _first_then_count_rest(x, make):
    it = make(x)
    for y in it:
        break
    return y + len(list(it))


def _items_of(x):
    for v in (1.0, 2.0, 3.0, 4.0):
        yield v * x


@pytest.mark.parametrize("make", [
    lambda x: iter(jnp.array([1.0, 2.0, 3.0, 4.0]) * x),   # jax arrays iterate by generator
    _items_of,
    lambda x: (v * x for v in jnp.array([1.0, 2.0, 3.0, 4.0])),
    lambda x: map(lambda v: v * x, jnp.array([1.0, 2.0, 3.0, 4.0]))])
def test_a_python_break_leaves_the_rest_of_a_generator(make):
    # Silently wrong before (1.0 where Python gives 4.0): the Python loop stepped the
    # generator through a `yield from` wrapper that, dropped at the `break`, closed it.
    assert _first_then_count_rest(2.0, make) == 5.0
    assert float(ag.convert(_first_then_count_rest)(2.0, make)) == 5.0
    assert float(ag.function(_first_then_count_rest, static_argnums=1)(
        jnp.float32(2.0), make)) == 5.0


def _abs_items(xs):
    for v in xs:
        yield v if v > 0 else -v


def _sum_of_a_generator(xs):
    total = 0.0
    for v in _abs_items(xs):
        total = total + v
    return total


@contextlib.contextmanager
def _announced(x):
    print("enter", x)
    yield x * 2
    print("exit", x)


def _with_an_announcing_manager(x):
    with _announced(x) as y:
        z = y + 1
    return z


def _nested_generator(x):
    def inner():
        yield x if x > 0 else -x
        yield x * 2
    return sum(inner())


def test_a_generator_s_expressions_and_prints_are_converted(capfd):
    # A generator ran as Python: `v if v > 0 else -v` of a traced item was a
    # ConcreteValueError, and a @contextmanager's print printed once, when traced (S3).
    xs = jnp.array([1.0, -2.0, 3.0])
    assert float(ag.function(_sum_of_a_generator)(xs)) == _sum_of_a_generator(xs) == 6.0
    assert float(ag.function(_nested_generator)(jnp.float32(-1.5))) == _nested_generator(-1.5)
    f = ag.function(_with_an_announcing_manager)
    for x in (1.0, 2.0, 1.0):   # the third call runs the compiled program again
        assert float(f(jnp.float32(x))) == _with_an_announcing_manager(x)
    out = capfd.readouterr().out.splitlines()
    assert out == ["enter 1.0", "exit 1.0", "enter 1.0", "exit 1.0", "enter 2.0", "exit 2.0",
                   "enter 2.0", "exit 2.0", "enter 1.0", "exit 1.0", "enter 1.0", "exit 1.0"]
    with pytest.raises(ag.errors.ConversionError, match="is a generator"):
        ag.function(_abs_items)(xs)   # what a jitted function returns is its results


def _sum_after_next(xs):
    g = (y * 0.5 for y in xs)
    next(g)
    return sum(g)


def test_a_reduction_of_a_partly_read_generator_takes_the_rest_only():
    # Silently wrong before (helper-14, shapes4 99101/80): sum() folded the whole traced
    # array (3.5) where Python sums the items left after next() (3.0).
    xs = jnp.array([1.0, 2.0, 4.0])
    assert float(ag.function(_sum_after_next)(xs)) == _sum_after_next(xs) == 3.0


def _count_below_with_next(xs, t):
    it = iter(xs)
    n = 0
    a = next(it)
    while a < t:
        n += 1
        a = next(it)
    return n


def _next_on_one_path(xs, t):
    it = iter(xs)
    if xs[0] < t:
        a = next(it)
    else:
        a = 10.0
    return a + next(it)


def _comprehension_of_an_outside_iterator(xs, t):
    it = iter([1.0, 2.0, 3.0])
    total = 0.0
    for x in xs:
        if x > t:
            total = total + sum([a for a in it])
    return total


def _fresh_iterator_in_the_body(xs, t):
    total = 0.0
    for row in xs:
        it = iter(row)
        first, second = next(it), next(it)
        if first > t:
            total = total + first + second
    return total


def test_next_of_an_iterator_made_before_a_traced_construct_is_refused():
    # A traced `while` whose body did `a = next(it)` read the same item in every
    # iteration (the trace advanced `it` once): a compiled loop that never ended. A
    # traced `if` advanced it on both paths.
    xs = jnp.arange(5.0)
    assert _count_below_with_next(xs, 2.5) == 3 and _next_on_one_path(xs, -1.0) == 10.0
    for f in (_count_below_with_next, _next_on_one_path,
              _comprehension_of_an_outside_iterator):
        with pytest.raises(ag.errors.StateError, match="iterator made before the traced"):
            ag.function(f)(xs, jnp.float32(2.5))
    # An iterator the body makes itself is read as Python reads it.
    rows = jnp.arange(12.0).reshape(4, 3)
    for t in (-1.0, 4.0):
        assert float(ag.function(_fresh_iterator_in_the_body)(rows, jnp.float32(t))) == \
            _fresh_iterator_in_the_body(rows, t)


def _for_else_over_a_range_with_a_traced_break(x):
    for t in range(3):
        if x > 0.0:
            v = x
            break
    else:
        v = 1.0
    return v


def _root_finder_over_a_range(x):
    for t in range(5):
        x = x * 0.5
        if x < 0.1:
            r = x
            break
    else:
        r = None
    if r is None:
        return -1.0
    return r


def test_for_else_over_a_python_range_with_a_traced_break():
    # helper-12 fuzzing (shapes2, 97001/16, 97002/47, ...): a Python loop whose exit turns
    # traced after its first iteration kept the body's `v` as assigned on one path only,
    # an UndefinedVariableError; it is now carried with whether it is, as in while_stmt.
    for f, xs in ((_for_else_over_a_range_with_a_traced_break, (0.5, -0.5)),
                  (_root_finder_over_a_range, (0.3, 5.0))):
        for x in xs:
            assert float(ag.function(f)(jnp.float32(x))) == pytest.approx(f(x))


class _Entered:
    def __init__(self, x):
        self.x = x

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _with_as_in_a_traced_loop(x, n):
    v = 0.0
    for t in range(n):
        with _Entered(x) as c:
            v = v + c.x
    return v


def test_a_with_target_read_only_in_its_body_is_not_loop_state():
    # helper-12 fuzzing (shapes2, 97002/55): liveness took `c` of `with ... as c` for live
    # before the `with`, so a loop carried the new object each iteration made
    # (LoopStateMismatch); `c = _Entered(x)` converted.
    assert float(ag.function(_with_as_in_a_traced_loop)(jnp.float32(0.5), jnp.int32(3))) == \
        _with_as_in_a_traced_loop(0.5, 3)


def _root_finders_in_a_python_loop(a2, m):
    acc = 0.0
    for i in range(m):
        for t in range(2):
            if a2 * (i + 1) > 1.0 + t:
                r = a2 * t + i
                break
        else:
            r = None
        if r is None:
            acc = acc - 1.0
        else:
            acc = acc + r
    return acc


def test_a_for_else_none_in_a_python_loop_joins_the_next_iterations_value():
    # helper-12 fuzzing (shapes2-open 97003/63): the second time round, `r` entered the
    # inner loop as "None or a value, if assigned" and its traced `if` bound a value: two
    # structures inside the assigned flags. Both are now "None or a value" inside them.
    f = ag.function(_root_finders_in_a_python_loop, static_argnums=1)
    for a in (0.3, 0.8, 2.0):
        for m in (1, 3):
            assert float(f(jnp.float32(a), m)) == pytest.approx(
                _root_finders_in_a_python_loop(a, m))


_LOG = []
_STATS = {"n": 0}


def _record(v):
    _LOG.append(v)


def _bump():
    _STATS["n"] += 1


def _count_with_a_default(x, acc=[]):   # noqa: B006 - the default is the point
    acc.append(x)
    return len(acc)


def _records_each_item(xs):
    for x in xs:
        _record(x)
    return len(_LOG)


def _bumps_above_one(xs):
    for x in xs:
        if x > 1:
            _bump()
    return _STATS["n"]


def _counts_through_a_default(xs):
    n = 0
    for x in xs:
        n = _count_with_a_default(x)
    return n


def _via(x):
    _record(x * 0.5)
    return x


def _via_via(x):
    return _via(x)


def _records_three_calls_down(xs):
    for x in xs:
        _via_via(x)
    return len(_LOG) * 1.0 + _LOG[-1]


class _Registry:
    def __init__(self):
        self.items = {"n": 0.0}


_REGISTRY = _Registry()


def _add_to_the_registry(x):
    _REGISTRY.items["n"] += x


class _Tally:
    tally = {"n": 0.0}

    @classmethod
    def bump(cls, x):
        cls.tally["n"] += x


def _through_a_module_object_and_a_class(xs):
    for x in xs:
        if x > 0.0:
            _add_to_the_registry(x)
            _Tally.bump(x * 2.0)
    return _REGISTRY.items["n"] + _Tally.tally["n"]


def test_a_change_three_calls_down_or_through_a_module_object_or_class():
    # helper-14 (shapes4 99130/77): a list appended three calls down kept 1 item of 3
    # (silently wrong), a dict there and `REG.items["n"] += x` / a classmethod's
    # `cls.tally["n"] += x` leaked a tracer: reach.visible walked user functions within
    # its depth only, and neither module-level objects nor classes.
    xs = jnp.arange(-2.0, 2.0)
    _LOG.clear()
    assert float(ag.function(_records_three_calls_down)(xs)) == 4.5
    _LOG.clear()
    assert _records_three_calls_down(xs) == 4.5
    _LOG.clear()
    _REGISTRY.items["n"], _Tally.tally["n"] = 0.0, 0.0
    assert float(ag.function(_through_a_module_object_and_a_class)(xs)) == 3.0
    _REGISTRY.items["n"], _Tally.tally["n"] = 0.0, 0.0
    assert _through_a_module_object_and_a_class(np.asarray(xs)) == 3.0
    _REGISTRY.items["n"], _Tally.tally["n"] = 0.0, 0.0


def _dict_in_a_tuple_under_if(x):
    t = ({"s": 0.0, "a": 1.0},)
    if x > 0.0:
        t[0]["s"] = 1.0
    return x * 2.0 + t[0]["s"], list(t[0])


def _dict_in_a_tuple_in_a_loop(xs):
    t = ({"s": 0.0},)
    for x in xs:
        t[0]["s"] = t[0]["s"] + x
    return t[0]["s"]


def _list_in_a_tuple_after_a_traced_return(x):
    t = ([0.0],)
    if x > 0.0:
        return x
    t[0][0] = 1.0
    return x * 2.0 + t[0][0]


def test_a_list_or_dict_inside_a_tuple_changed_in_a_traced_construct():
    # Crashes before (helper-14, shapes4 99106/43): AttributeError "type object 'tuple'
    # has no attribute '__setitem__'" from store_part, or a run-time TypeError: the state
    # part `t[0]` was put back by assigning the tuple's item. It is refilled now.
    for x in (1.0, -1.0):
        got, keys = ag.convert(_dict_in_a_tuple_under_if)(jnp.float32(x))
        want, want_keys = _dict_in_a_tuple_under_if(x)
        assert float(jax.jit(lambda v: ag.convert(_dict_in_a_tuple_under_if)(v)[0])(x)) == want
        assert keys == want_keys == ["s", "a"]
        assert float(ag.function(_list_in_a_tuple_after_a_traced_return)(jnp.float32(x))) == \
            _list_in_a_tuple_after_a_traced_return(x)
    xs = jnp.array([1.0, 2.0])
    assert float(ag.function(_dict_in_a_tuple_in_a_loop)(xs)) == 3.0


_TOTALS = {"s": 0.0}


def _adds_to_a_module_dict(x):
    if x > 0:
        _TOTALS["s"] += x
    return _TOTALS["s"] * 2.0


def _sums_the_log(x):
    return sum(_LOG) + x


def test_a_module_level_value_a_trace_left_is_a_clear_error_when_read_again():
    # JAX's raw UnexpectedTracerError before, at the second trace's call (F129's open
    # end): the module's dict held the first trace's tracer. It is a Stale value now:
    # reading it is a StateError at the user's line that names the dict's item; holding
    # or counting the items is not an error (Python's code runs once, when traced).
    _TOTALS["s"] = 0.0
    assert float(ag.function(_adds_to_a_module_dict)(jnp.float32(1.5))) == 3.0
    with pytest.raises(ag.errors.StateError, match=r"reads _TOTALS\['s'\]") as info:
        ag.function(_adds_to_a_module_dict)(jnp.float32(1.0))
    assert f"{__file__}:" in str(info.value)
    assert "earlier trace" in repr(_TOTALS["s"])
    _LOG.clear()
    assert int(ag.function(_records_each_item)(jnp.arange(3.0))) == 3
    assert int(ag.function(_records_each_item)(jnp.arange(2.0))) == 5   # counted, not read
    with pytest.raises(ag.errors.StateError, match=r"reads _LOG\[0\]"):
        jax.jit(ag.convert(_sums_the_log))(jnp.float32(1.0))
    _LOG.clear()
    _TOTALS["s"] = 0.0
    assert float(ag.function(_adds_to_a_module_dict)(jnp.float32(1.0))) == 2.0   # reset


_ST = 0.0


def _put_st(x):
    global _ST
    _ST = x


def _global_put_under_if(x):
    if x > 0:
        _put_st(x)
    return x * 2.0


def _global_put_in_loop(xs):
    for t in xs:
        _put_st(t)
    return xs[0]


def _reads_st(x):
    v = x + _ST * 0.0
    _put_st(x)
    return v + _ST


@pytest.mark.parametrize("fn,arg", [(_global_put_under_if, jnp.float32(-1.0)),
                                    (_global_put_under_if, jnp.float32(1.0)),
                                    (_global_put_in_loop, jnp.ones(3))])
def test_a_callee_assigning_a_global_in_a_traced_construct_is_a_clear_error(fn, arg):
    # helper-16's shapes5 (5001/50): silently wrong (-2.0 where Python gives 1.0: the
    # branch not taken was applied), and in a loop JAX's UnexpectedTracerError. As the
    # construct's own `global g; g = x` is, it is a StateError that names the callee.
    global _ST
    _ST = 0.5
    with pytest.raises(ag.errors.StateError, match=r"global _ST is assigned by _put_st\(\)"):
        ag.function(fn)(arg)
    assert _ST == 0.5   # put back


def test_a_global_a_trace_left_is_a_clear_error_when_read_again():
    # helper-16 (shapes5 5001/4): F131 for a plain global; JAX's UnexpectedTracerError.
    global _ST
    _ST = 0.0
    assert float(ag.function(_reads_st)(1.0)) == 2.0
    with pytest.raises(ag.errors.StateError, match="reads the global _ST"):
        jax.vmap(ag.convert(_reads_st))(jnp.ones(2))
    _ST = 0.0


class _Cfg:
    scale = 1.0


class _Box:
    def __init__(self):
        self.v = 0.0


_BOX = _Box()


def _scale_by(x):
    _Cfg.scale = _Cfg.scale * 0.5 + x


def _box_by(x):
    _BOX.v = _BOX.v * 0.5 + x


def _class_attribute_under_if(x):
    _Cfg.scale, _BOX.v = 1.0, 1.0
    if x > 0:
        _scale_by(x)
        _box_by(x * 2.0)
    return _Cfg.scale * 2.0 + _BOX.v


def _class_attribute_in_loop(xs):
    _Cfg.scale, _BOX.v = 1.0, 1.0
    for t in xs:
        _scale_by(t)
        if t > 1.5:
            _box_by(t)
    return _Cfg.scale + _BOX.v * 10.0


@pytest.mark.parametrize("fn,arg", [(_class_attribute_under_if, 1.0),
                                    (_class_attribute_under_if, -1.0),
                                    (_class_attribute_in_loop, np.array([1.0, 2.0, 3.0]))])
def test_a_callee_rebinding_a_class_or_module_objects_attribute(fn, arg):
    # helper-16 (shapes5 5001/60): JAX's UnexpectedTracerError. The attribute is state of
    # the construct now, as `self.total` a method changes is (runtime/rebinds).
    a = jnp.asarray(arg, jnp.float32)
    want, want_grad = fn(a), jax.grad(fn)(a) if a.ndim == 0 else None
    assert_same(ag.function(fn)(a), want)
    if want_grad is not None:
        assert_same(jax.grad(ag.convert(fn))(a), want_grad)
    _Cfg.scale, _BOX.v = 1.0, 0.0


def _python_number_under_if(x):
    _Cfg.scale = 1.0
    if x > 0:
        _scale_by(-0.5)   # a Python number: `_Cfg.scale` is 0.0 only where the branch runs
    return x + _Cfg.scale


def _python_number_in_loop(xs):
    _Cfg.scale = 1.0
    for t in xs:
        _scale_by(0.25)   # a Python number, set once per iteration
    return xs[0] + _Cfg.scale


def _python_global_in_loop(xs):
    for t in xs:
        _put_st(1.0)
    return xs[0]


@pytest.mark.parametrize("fn,arg", [(_python_number_under_if, 1.0),
                                    (_python_number_under_if, -1.0),
                                    (_python_number_in_loop, np.array([1.0, 2.0, 3.0]))])
def test_a_callee_setting_a_class_attribute_to_a_python_number(fn, arg):
    # fuzzer shapes5 5101/23: silently wrong (the branch not taken applied, or the loop's
    # change made once), as a Python value a callee set was taken for a trace-time effect.
    a = jnp.asarray(arg, jnp.float32)
    want = fn(a)
    assert_same(ag.function(fn)(a), want)
    _Cfg.scale = 1.0


def test_a_callee_setting_a_global_to_a_python_number_in_a_traced_loop_is_a_clear_error():
    # fuzzer shapes5 5101/53: silently wrong (0.5625 where Python gives 0.53125).
    global _ST
    _ST = 0.5
    with pytest.raises(ag.errors.StateError, match=r"global _ST is assigned by _put_st\(\)"):
        ag.function(_python_global_in_loop)(jnp.ones(3))
    assert _ST == 0.5   # put back


def test_a_callee_changing_a_module_list_or_its_default_in_a_traced_construct():
    # Silently wrong before (1, 1 and 2 where Python gives 4, 2 and 4): the lists and dicts
    # a construct watches were those its own code names, not those of the functions it
    # calls (a module's list a helper appends to, a mutable default), nor those the
    # branch functions nested in a loop body name; a change there was lost, or leaked the
    # body's tracer (`_STATS["n"]` held it after the call).
    xs = jnp.arange(4.0)
    _LOG.clear()
    assert int(ag.function(_records_each_item)(xs)) == 4
    _STATS["n"] = 0
    assert int(ag.function(_bumps_above_one)(xs)) == 2
    _count_with_a_default.__defaults__[0].clear()
    assert int(ag.function(_counts_through_a_default)(xs)) == 4
    _LOG.clear()
    _STATS["n"] = 0


class _Held:
    pass


def _closure_bumps_under_if(x):
    b = _Held()
    b.v = 1.0

    def bump(y):   # changes the object its closure holds, not an argument
        b.v = b.v + y
    for i in range(3):
        if x > i:
            bump(0.5)
    return x + b.v


def _closure_counts_in_while(x, n):
    b = _Held()
    b.n = 0

    def inc():
        b.n += 1
    i = 0
    while i < n:
        inc()
        i += 1
    return x + b.n


@pytest.mark.parametrize("fn,args", [(_closure_bumps_under_if, (1.5,)),
                                     (_closure_bumps_under_if, (-1.0,)),
                                     (_closure_counts_in_while, (1.0, 3)),
                                     (_closure_counts_in_while, (1.0, 0))])
def test_a_closure_changing_an_object_its_closure_holds_in_a_traced_construct(fn, args):
    # Silently wrong before (4.0 where Python gives 3.5: a branch not taken applied; 3.0
    # where it gives 4.0): a converted callee's changes were compared on its arguments
    # only, not on the objects its closure holds (reach.closure_objects).
    assert_same(ag.function(fn)(*args), jnp.asarray(fn(*args), jnp.float32))


class _Stats:
    calls = 0


def _counted(x):
    _Stats.calls += 1
    return x * 2.0


def _counts_in_a_branch(x):
    if x > 0:
        x = _counted(x)
    return x + _Stats.calls


def test_a_python_number_a_traced_branch_set_is_no_tracer_after_the_call():
    # Carried as state (1f3d1d3), the counter held the compiled trace's tracer after the
    # call: printing it showed a tracer, `+ 1` was JAX's UnexpectedTracerError. At the end
    # of @function's trace, module-level objects give up its tracers (a clear error).
    _Stats.calls = 0
    want = _counts_in_a_branch(1.0)
    _Stats.calls = 0
    assert float(ag.function(_counts_in_a_branch)(1.0)) == want
    assert "earlier trace" in repr(_Stats.calls)
    with pytest.raises(ag.StateError, match=r"_Stats.calls"):
        _Stats.calls + 1
    _Stats.calls = 0


def _closure_over_a_body_local(x):
    w = 0
    while w < 1 and x > 0:
        box = {"v": x * 2.0, "n": 0}   # made in the body: its temporary, not state

        def bump(y):
            box["v"] = box["v"] * 0.5 + y
            box["n"] += 1
        bump(1.0)
        x = x + box["v"] + box["n"]
        w += 1
    return x


def test_a_closure_over_an_object_the_traced_body_made_itself():
    # The fuzzer (shapes6-open 6601/35) found 2e4829a's first form leaking the body's
    # tracer (JAX's UnexpectedTracerError): only objects that existed when the construct
    # began are compared, not one the body makes on every iteration.
    for x in (1.0, -1.0):
        assert_same(ag.function(_closure_over_a_body_local)(x),
                    jnp.asarray(_closure_over_a_body_local(x), jnp.float32))


def _closure_over_a_body_local_changed_under_an_inner_if(n1, a2):
    w = 0
    while (w := w + 1) <= 1 and jnp.any(jnp.arange(3) * 0.5 > a2):
        v = jnp.minimum(a2, a2)
        box = {"v": (jnp.arange(3) * 0.5)[n1 % 3], "n": 0}

        def bump(y):
            box["v"] = box["v"] * 0.5 + y
            box["n"] += 1
        k = 0
        while k < 3:   # a Python loop around a traced `if`
            k += 1
            if jnp.sum(jnp.zeros(3) > a2) % 2 == 0:
                bump(w * 0.5)
        v = v * 0.5 + box["v"] + box["n"] * 0.25   # (dead after the loop)
    return a2


def test_a_closure_over_a_body_local_changed_under_an_inner_traced_if():
    """(shapes6-open 6601/35) The outer `if` (the walrus test) joins `box`, a dict its
    branch made, with a value only some paths assigned: the join read the dict as it is
    after the branch's trace, whose callee change (the inner `if`'s) is undone by then, so
    its entry item, a tracer of the branch, leaked (UnexpectedTracerError)."""
    args = (4, -2.0)
    assert_same(ag.function(_closure_over_a_body_local_changed_under_an_inner_if)(*args),
                jnp.asarray(_closure_over_a_body_local_changed_under_an_inner_if(*args),
                            jnp.float32))


def _dict_made_in_a_branch_changed_under_an_inner_if(a):
    box = None
    if a < 0:
        box = {"v": a * 2}

        def bump():
            box["v"] += 1
        if a < 5:
            bump()
    return box["v"] if box is not None else a


def _dict_made_in_a_branch_of_a_loop_turning_traced(a):
    w, done = 0, False
    while not done:
        w += 1
        if a + w < 1:
            box = {"v": a * 2}

            def bump():
                box["v"] = box["v"] * 0.5 + w
            if a < 5:
                bump()
        else:
            done = True
    return w


def _list_popped_in_a_branch_after_a_scan_made_it(x):
    w, s = 0, 0.0
    while w < x - 1.0:
        w += 1
        for _ in jnp.arange(3):
            v = [1.0, 1.0]
        if x > 1.0:
            v.pop()
            v.append(x)
        s = s + v[1]   # silently 2.0, eager 6.0: the join took the list's entry items
    return s


@pytest.mark.parametrize("fn,x", [(_dict_made_in_a_branch_changed_under_an_inner_if, -2.0),
                                  (_list_popped_in_a_branch_after_a_scan_made_it, 3.0),
                                  (_dict_made_in_a_branch_of_a_loop_turning_traced, -2.0),
                                  (_dict_made_in_a_branch_of_a_loop_turning_traced, 3.0)])
def test_a_join_reads_a_branch_made_dict_as_traced(fn, x):
    """A traced `if` joins a dict its branch made (with None, or a value some paths
    assigned) as the branch left it, not as the object is after the callee changes made
    under an inner traced `if` were undone (a leaked tracer before)."""
    assert_same(ag.function(fn)(x), jnp.asarray(fn(x)))


# A global's or enclosing function's list item-assigned by a computed index in a function
# with traced control flow (fuzz shapes6 7504/16): the state analysis counted `G[i] = v`
# as a write of G, so the converted function declared G a local (a placeholder, `nonlocal`
# in the branches): UndefinedVariableError or "no binding for nonlocal 'G'" (SyntaxError
# from inside the converter) where Python changes the global's list. And a traced index
# into such a list was JAX's raw TracerIntegerConversionError.
_GL = [0.0, 0.0, 0.0]


def _global_list_after_a_traced_raise(x, i):
    _GL[:] = [0.0, 0.0, 0.0]
    if x > 1e6:
        raise ValueError("too big")
    _GL[i] = x
    _GL[i] += 1.0
    return _GL[0] + _GL[1] * 2.0


def _global_list_in_a_traced_loop(x, n):
    _GL[:] = [0.0, 0.0, 0.0]
    k = 0
    while k < n:
        _GL[k % 3] = _GL[k % 3] + x
        k += 1
    return _GL[0] + _GL[2] * 2.0


def _closure_list_under_a_traced_if(x, i):
    rows = [[1.0, 2.0], [3.0, 4.0]]

    def bump(y):
        if y > 0:
            rows[i][1 - i] = y
        return rows[0][1] + rows[1][0]
    return bump(x) + rows[i][0]


@pytest.mark.parametrize("fn,args", [
    (_global_list_after_a_traced_raise, (1.0, 1)), (_global_list_after_a_traced_raise, (-1.0, 0)),
    (_global_list_in_a_traced_loop, (1.0, 4)), (_global_list_in_a_traced_loop, (2.0, 0)),
    (_closure_list_under_a_traced_if, (1.0, 0)), (_closure_list_under_a_traced_if, (-1.0, 1))])
def test_a_list_of_a_global_or_closure_item_assigned_by_a_computed_index(fn, args):
    want = fn(*args)
    x, i = args
    assert float(ag.function(fn, static_argnums=1)(jnp.float32(x), i)) == want
    if fn is _closure_list_under_a_traced_if:   # a row a traced index picks: a copy
        with pytest.raises(ag.errors.TracedShapeError, match="picked from a Python list"):
            jax.jit(ag.convert(fn))(jnp.float32(x), jnp.int32(i))
        return
    got = jax.jit(ag.convert(fn))(jnp.float32(x), jnp.int32(i))   # a traced index too
    assert float(got) == want
    _GL[:] = [0.0, 0.0, 0.0]   # (the jit left tracers in it)


_GA = np.zeros(3, np.float32)


def _global_list_swapped(x, i):
    _GL[:] = [1.0, 2.0, 3.0]
    if x > 0:
        _GL[i], _GL[i + 1] = _GL[i + 1], _GL[i]
    return _GL[0] + 10.0 * _GL[1] + 100.0 * _GL[2]


def _global_list_chained(x, i):
    _GL[:] = [1.0, 2.0, 3.0]
    if x > 0:
        _GL[i] = _GL[i + 1] = x
    return _GL[0] + 10.0 * _GL[1] + 100.0 * _GL[2]


@pytest.mark.parametrize("fn", [_global_list_swapped, _global_list_chained])
@pytest.mark.parametrize("x,i", [(1.0, 1), (-1.0, 0), (2.0, 0)])
def test_a_global_list_swapped_or_chain_assigned_by_a_traced_index(fn, x, i):
    # helper-30's hunt (corpus_hunt_returns): JAX's raw TracerIntegerConversionError
    # (a SyntaxError from inside the converter before 84e0df0).
    want = fn(x, i)
    assert float(jax.jit(ag.convert(fn))(jnp.float32(x), jnp.int32(i))) == want
    _GL[:] = [0.0, 0.0, 0.0]


def _global_list_unpacked_onto_itself(x, i):
    _GL[:] = [1.0, 2.0, 3.0]
    _GL[i], _GL[0] = _GL[0], x   # i == 0: Python's second store wins
    return _GL[0] + 10.0 * _GL[1] + 100.0 * _GL[2]


def _local_list_unpacked_onto_itself(x, i):
    xs = [1.0, 2.0, 3.0]
    xs[0], xs[i] = x, xs[0]
    k, xs[k] = i, 5.0   # the index of a later target reads the name an earlier one bound
    return xs[0] + 10.0 * xs[1] + 100.0 * xs[2]


def _closure_list_unpacked_then_appended(x, i):
    cl = [1.0, 2.0, 3.0]

    def put(j, v):   # a closure's list: neither write makes `cl` a local of put
        cl[j], cl[0] = cl[0], v
        cl.append(v)
    put(i, x)
    return cl[0] + 10.0 * cl[1] + 100.0 * cl[2] + 1000.0 * cl[3]


@pytest.mark.parametrize("fn", [_global_list_unpacked_onto_itself,
                                _local_list_unpacked_onto_itself,
                                _closure_list_unpacked_then_appended])
@pytest.mark.parametrize("i", [0, 1, 2])
def test_tuple_targets_store_left_to_right_by_a_traced_index(fn, i):
    """A tuple target with a computed index stored its other items first ([0, 0, 0] for
    Python's [1, 0, 0]); a closure's list item-assigned by a computed index and appended
    to became a local of the nested def (UnboundLocalError). Both found by the fuzzer's
    s6_glist."""
    want = fn(4.0, i)
    assert float(jax.jit(ag.convert(fn))(jnp.float32(4.0), jnp.int32(i))) == want
    _GL[:] = [0.0, 0.0, 0.0]


def test_a_global_numpy_array_given_a_traced_value_is_a_clear_error():
    def f(x, i):
        if x > 0:
            _GA[i] = x
        return x
    with pytest.raises(ag.errors.StateError, match="NumPy array is a global's"):
        ag.function(f)(jnp.float32(1.0), jnp.int32(1))


class _Items:
    def __init__(self):
        self.items = [1.0, 2.0, 3.0]


def _attribute_list_by_a_traced_index(x, i):
    b = _Items()
    if x > 0:
        b.items[i] = x
        b.items[i + 1] += 1.0
    return b.items[0] + 10.0 * b.items[1] + 100.0 * b.items[2]


def _del_by_a_traced_index(x, i):
    rows = [x, x * 2.0, x * 3.0, 4.0]
    del rows[i]
    _GL[:] = [1.0, 2.0, 3.0]
    del _GL[i - 1]
    return rows[0] + 10.0 * rows[1] + 100.0 * rows[2] + 1000.0 * _GL[1]


@pytest.mark.parametrize("fn", [_attribute_list_by_a_traced_index, _del_by_a_traced_index])
@pytest.mark.parametrize("x,i", [(1.0, 1), (-1.0, 2), (2.0, 1)])
def test_an_attribute_s_list_or_a_del_by_a_traced_index(fn, x, i):
    # helper-30's hunt: `obj.items[i] = v` and `del xs[i]` by a traced index were JAX's
    # raw TracerIntegerConversionError (a local's list too).
    want = fn(x, i)
    assert float(jax.jit(ag.convert(fn))(jnp.float32(x), jnp.int32(i))) == want
    _GL[:] = [0.0, 0.0, 0.0]


def test_a_del_by_a_traced_index_out_of_range_raises_python_s_error():
    def f(i):
        xs = [1.0, 2.0]
        del xs[i]
        return xs[0]
    with pytest.raises(IndexError, match="list assignment index out of range"):
        jax.block_until_ready(ag.function(f)(jnp.int32(5)))


def _traced_if_in_a_python_match(x):
    v = 1.0
    match ("clip", 1.0):
        case ("clip", a):
            if x > a:
                v = 5.0
    return v


def _traced_while_in_a_class_case(x):
    out = 1.0
    match 3:
        case int():
            while out < x:
                out = out * 2.0
        case _:
            out = -1.0
    return out


def _first_assigned_in_a_sequence_case(x):
    match [x]:
        case [first]:
            if first > 0:
                r = first
            else:
                r = -first
    return r


@pytest.mark.parametrize("fn", [_traced_if_in_a_python_match, _traced_while_in_a_class_case,
                                _first_assigned_in_a_sequence_case])
def test_a_traced_block_in_a_case_of_a_match_left_to_python_keeps_its_assignments(fn):
    # corpus_hunt_python3: liveness did not look into the cases of a `match` it leaves to
    # Python, so a traced if/while there had no outputs: its assignments were dropped
    # (1.0 for 5.0), or the variable was "used before it is assigned".
    for x in (2.0, 7.0, -3.0):
        assert float(ag.function(fn)(jnp.float32(x))) == float(fn(x)), x
