"""User classes in converted code: the code Python runs for an attribute, an operator or a
print without a call in the source (setters, `__setattr__`, `__getattr__`, descriptors,
`__contains__`, `__post_init__`, `__str__`), and classes defined inside converted code.

Found by adversarial user programs (a bug hunt of 2026-12-06); each test failed before
its fix: a setter's side effect counted once per trace-time write (silently wrong, even
with no trace), a print showing a tracer, or a raw TracerBoolConversionError.
"""
from __future__ import annotations

import collections
import dataclasses
import io
import contextlib

import jax
import jax.numpy as jnp
import pytest

import autograph_py as ag
from autograph_py import errors


class _Param:
    def __init__(self, v):
        self._v = v
        self.version = 0

    @property
    def value(self):
        return self._v

    @value.setter
    def value(self, v):
        self._v = v
        self.version += 1


def _set_in_a_loop(n):
    p = _Param(0.0)
    i = 0
    while i < n:
        p.value = p.value + 1.0
        i += 1
    return p.version, p.value


def _set_under_an_if(x):
    p = _Param(0.0)
    if x > 0:
        p.value = x
    return p.version, p.value


class _Counted:
    def __init__(self):
        object.__setattr__(self, "writes", 0)
        object.__setattr__(self, "value", 0.0)

    def __setattr__(self, key, v):
        object.__setattr__(self, key, v)
        object.__setattr__(self, "writes", self.writes + 1)


def _setattr_under_an_if(x):
    t = _Counted()
    if x > 0:
        t.value = x
    return t.writes, t.value


def _setattr_in_a_loop(x):
    t = _Counted()
    i = 0
    while i < x:
        t.value = t.value + 1.0
        i += 1
    return t.writes, t.value


def _same(got, want):
    assert [float(g) for g in jax.tree_util.tree_leaves(got)] == pytest.approx(
        [float(w) for w in jax.tree_util.tree_leaves(want)], rel=1e-6)


def test_a_setter_runs_once_per_assignment_the_program_makes():
    # The state of `p.value` was written back through the setter: its counter went up
    # once per trace-time write (4 for 3 iterations with no trace at all, 4 for an `if`
    # not taken).
    assert ag.convert(_set_in_a_loop)(3) == _set_in_a_loop(3)
    for x in (-2.0, 2.0):
        _same(ag.function(_set_under_an_if)(jnp.float32(x)), _set_under_an_if(x))
        _same(ag.function(_setattr_under_an_if)(jnp.float32(x)), _setattr_under_an_if(x))
    _same(ag.function(_set_in_a_loop)(jnp.float32(3.0)), _set_in_a_loop(3.0))
    _same(ag.function(_setattr_in_a_loop)(jnp.float32(3.0)), _setattr_in_a_loop(3.0))


class _Clamped:
    def __init__(self):
        self._v = 0.0

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, val):
        if val < 0:
            val = 0.0 * val
        self._v = val


class _Positive:
    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, typ=None):
        return getattr(obj, self.name)

    def __set__(self, obj, value):
        if value < 0:
            value = -value
        setattr(obj, self.name, value)


class _Holder:
    w = _Positive()

    def __init__(self, w):
        self.w = w


class _Fallback:
    def __init__(self, s):
        self.s = s

    def __getattr__(self, name):
        if self.s > 0:
            return self.s
        return -self.s


@dataclasses.dataclass
class _PostInit:
    a: float

    def __post_init__(self):
        if self.a < 0:
            self.a = 0.0 * self.a


def _implicit_attribute_code(x):
    c = _Clamped()
    c.v = x
    h = _Holder(x)
    return c.v, h.w, _Fallback(x).anything, _PostInit(x).a


def test_setters_descriptors_getattr_and_post_init_are_converted_while_traced():
    for x in (2.0, -2.0):
        _same(ag.function(_implicit_attribute_code)(jnp.float32(x)),
              _implicit_attribute_code(x))


class _Members:
    def __contains__(self, v):
        for w in (1.0, 2.0):
            if v == w:
                return True
        return False


def _membership(x):
    return x in _Members(), x not in _Members()


def test_in_of_a_user_container_takes_its_converted_contains():
    for x in (2.0, 3.0):
        got = ag.function(_membership)(jnp.float32(x))
        assert [bool(g) for g in got] == list(_membership(x))


class _Score:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        if self.v < other.v:
            return True
        return False


def test_max_of_objects_whose_comparison_is_traced_is_a_clear_error():
    with pytest.raises(errors.ConcreteValueError, match=r"max\(\) orders objects") as e:
        ag.function(lambda x: max(_Score(x), _Score(1.0)).v)(jnp.float32(3.0))
    assert "test_user_classes.py" in str(e.value)
    with pytest.raises(errors.ConcreteValueError, match=r"sorted\(\) orders objects"):
        ag.function(lambda x: sorted([_Score(x), _Score(1.0)])[0].v)(jnp.float32(3.0))


def _local_class(x):
    class C:
        def m(self, v):
            if v < 0:
                v = -v
            return v

        @staticmethod
        def doubled(v):
            while abs(v) < 10:
                v = v * 2
            return v
    return C().m(x), C.doubled(x)


def _make_act(slope):
    class Leaky:
        def __call__(self, v):
            if v > 0:
                return v
            return slope * v
    return Leaky()


def _factory_inside(x):
    return _make_act(0.1)(x)


def test_methods_of_a_class_defined_in_converted_code_are_converted():
    # The class body kept its `if`/`while` but got the return transform, and its
    # methods counted as converted: a raw TracerBoolConversionError.
    for x in (-3.0, 3.0):
        _same(ag.function(_local_class)(jnp.float32(x)), _local_class(x))
        _same(ag.function(_factory_inside)(jnp.float32(x)), _factory_inside(x))


@dataclasses.dataclass
class _S:
    pos: float


class _Pretty:
    def __init__(self, v):
        self.v = v

    def __str__(self):
        if self.v > 0:
            return f"+{self.v}"
        return f"{self.v}"


def _prints_objects(x):
    print(_S(x))
    print(f"p={_Pretty(x)}", _Pretty(-x))
    return x


def test_a_printed_object_holding_a_traced_value_shows_the_run_time_value():
    # It printed `S(pos=JitTracer(float32[]))`; a __str__ with an `if` was a raw error.
    for x in (1.5, -1.5):
        eager, compiled = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(eager):
            _prints_objects(jnp.float32(x))
        with contextlib.redirect_stdout(compiled):
            ag.function(_prints_objects)(jnp.float32(x))
            jax.effects_barrier()
        assert compiled.getvalue() == eager.getvalue()


def _deque_item(x):
    q = collections.deque([1.0, 2.0])
    if x > 0:
        q[0] = x
    return q[0]


def test_a_deque_item_set_under_a_traced_if_is_a_clear_error():
    # Comparing the deque with its entry contents took the truth of a tracer (a raw
    # TracerBoolConversionError inside autograph_py).
    with pytest.raises(errors.StateError, match="deque"):
        ag.function(_deque_item)(jnp.float32(3.0))


class _Box:
    def __init__(self, v):
        self.v = float(v)

    def __float__(self):
        return self.v

    def __int__(self):
        return int(self.v)


def _numbers_of_an_object(x):
    return float(_Box(x)) + 1.0, int(_Box(x * 3.0))


def test_float_and_int_of_an_object_whose_dunder_gives_a_traced_value():
    # Python's float() refused the traced value __float__ returned (a raw TypeError).
    for x in (-1.5, 2.25):
        _same(jax.jit(ag.convert(_numbers_of_an_object))(jnp.float32(x)),
              _numbers_of_an_object(x))


class _Slotted:
    __slots__ = ("v",)

    def __init__(self):
        self.v = 0.0

    def bump(self, y):
        self.v = self.v + y


def _slots_changed_by_a_method_under_an_if(x):
    k = _Slotted()
    k.v = 1.0
    if x > 0:
        k.bump(2.0)
    j = _Slotted()
    if x > 0:
        j.bump(x)
    return k.v, j.v


def test_a_method_changing_a_slotted_object_under_a_traced_if():
    # Objects with __slots__ (no __dict__) were not watched: the branch not taken applied
    # (3.0 for x < 0, silently), or its tracer leaked (UnexpectedTracerError).
    for x in (-1.0, 1.0):
        _same(ag.function(_slots_changed_by_a_method_under_an_if)(jnp.float32(x)),
              _slots_changed_by_a_method_under_an_if(x))


def _slotted_held_by_a_closure(n):
    held = _Slotted()

    def bump(y):
        held.v = held.v * 0.5 + y
    if n == 1:
        bump(1.0)
    return held.v


def test_a_closure_changing_a_slotted_object_it_holds_under_a_traced_if():
    # (fuzzer shapes6 seed 7100/25, the closure-held shape's slotted kind) Its tracer leaked.
    for n in (0, 1):
        _same(ag.function(_slotted_held_by_a_closure)(jnp.int32(n)),
              _slotted_held_by_a_closure(n))


class _Base:
    def __init__(self, k):
        self.k = k

    def twice(self, x):
        return x * 2.0

    def step(self, v):
        return v + 1.0


class _Child(_Base):
    def __init__(self, k):
        if k > 0:
            super().__init__(k)
        else:
            super().__init__(-k)

    def twice(self, x):
        if x > 0:
            return super().twice(x)
        return x

    def climb(self, x):
        v = x
        while v < 10.0:
            v = super().step(v)
        return v


def _uses_super(x):
    c = _Child(2)
    return c.twice(x) + c.climb(x) + _Child(-3).k


def test_zero_argument_super_in_a_branch_or_loop_body():
    # corpus_hunt_python3: a traced `if` or loop moves its body into a nested function,
    # which has neither the method's first argument nor its __class__ cell: `super()`
    # raised RuntimeError("super(): no arguments"), even on Python values.
    for x in (2.0, -1.0):
        assert ag.convert(_uses_super)(x) == _uses_super(x)
        assert float(ag.function(_uses_super)(jnp.float32(x))) == _uses_super(x)


# An object held in a list, its attribute changed through another name inside a traced
# `if` or loop (corpus_realworld2: round-robin scheduling, particles): the change was no
# state of the construct, and the list kept a tracer of the block (UnexpectedTracerError).

class _Proc:
    def __init__(self, r):
        self.r = r


def _round_robin(a, n):
    procs = [_Proc(a), _Proc(a + 2)]
    for _ in range(n):
        for p in procs:
            p.r -= 1
    return procs[0].r + procs[1].r * 10


def _one_through_an_alias(a, x):
    procs = [_Proc(a), _Proc(a + 1)]
    if x > 0:
        p = procs[1]
        p.r = p.r * 2
    return procs[0].r, procs[1].r


def _held_in_a_dict(a, n):
    table = {"first": _Proc(a)}
    k = 0
    while k < n:
        k += 1
        for p in table.values():
            if p.r > 0:
                p.r -= 1
    return table["first"].r


@pytest.mark.parametrize("fn, args", [
    (_round_robin, (3, 2)), (_round_robin, (3, 0)), (_one_through_an_alias, (3, 1)),
    (_one_through_an_alias, (3, -1)), (_held_in_a_dict, (2, 5)), (_held_in_a_dict, (2, 1))])
def test_an_attribute_of_an_object_in_a_list_changed_through_another_name(fn, args):
    want = fn(*args)
    got = ag.function(fn)(*(jnp.int32(v) for v in args))
    assert jax.tree_util.tree_map(int, got) == want


def _held_objects_made_in_the_body(xs):
    s = 0.0
    for t in xs:
        table = {"a": _Proc(t), "b": _Proc(2.0)}
        for k in table:
            table[k].r = table[k].r * 2
            if table[k].r > 1.0:
                table[k].r = table[k].r - 0.5
        s = s + table["a"].r + table["b"].r
    return s


def test_an_item_of_a_container_the_loop_body_makes_changed_by_key():
    # `table[k].r = v` in a traced loop whose body makes `table`: the item's attribute was
    # loop state read through `ag__.getitem(table, k)` before the body had made `table`
    # (UndefinedVariableError; fuzz shapes8 32000/180, F153). A container the body makes is
    # the body's own, as a variable it assigns is.
    xs = jnp.asarray([0.25, 1.5, 0.75])
    assert float(ag.function(_held_objects_made_in_the_body)(xs)) == pytest.approx(
        _held_objects_made_in_the_body([float(v) for v in xs]))


def _changed_by_a_key_the_loop_assigns(xs):
    table = {"a": _Proc(1.0), "b": _Proc(2.0)}
    for t in xs:
        for k in table:
            if table[k].r > t:
                table[k].r = table[k].r - 0.25
        k = "a"
        if t > 0.3:
            table[k].r = table[k].r * 0.5
    return table["a"].r + table["b"].r * 10


def _changed_by_an_index_the_loop_assigns(xs):
    procs = [_Proc(1.0), _Proc(2.0)]
    for t in xs:
        for i in range(2):
            if procs[i].r > t:
                procs[i].r = procs[i].r - 0.5
    return procs[0].r + procs[1].r * 10


@pytest.mark.parametrize("fn", [_changed_by_a_key_the_loop_assigns,
                                _changed_by_an_index_the_loop_assigns])
def test_an_item_changed_by_a_key_or_index_the_traced_loop_assigns(fn):
    # The part `table[k].r` was loop state read at the loop's entry, where `k` has no value
    # yet: a raw KeyError, or an UndefinedVariableError naming `i` (F153). A part whose
    # index the loop assigns is no slot of the state now; the objects the loop reaches
    # carry their attributes, each undone to its value as the loop began between traces
    # (a traced `if` inside had left a tracer of the first trace in the object).
    xs = jnp.asarray([0.5, 1.5, 0.25])
    assert float(ag.function(fn)(xs)) == pytest.approx(fn([float(v) for v in xs]))
