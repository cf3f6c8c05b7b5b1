"""Builtins whose Python meaning breaks on traced values: print, range, enumerate, zip,
reversed, str, and the statements assert and `match` (raise: runtime/raises.py)."""
from __future__ import annotations

import builtins
import collections.abc
import functools
import operator
import sys
import types

import jax

from autograph_py import errors
from autograph_py.lowering import checks as lowered
from autograph_py.runtime import (comprehensions, failures, items, mathfns, numeric, optional,
                                  paths, picked, python_reductions, raises, text, trace_log)
from autograph_py.runtime.conditionals import as_predicate
from autograph_py.runtime.dispatch import dimension_value, holds_traced, in_trace, is_traced
from autograph_py.runtime.flat import is_dynamic_leaf
from autograph_py.runtime.text import fstring  # noqa: F401 - generated code's ag__.fstring
from autograph_py.runtime.iterables import TracedEnumerate, TracedRange, TracedZip, reversed_
from autograph_py.runtime.range_zips import RangesZipped
from autograph_py.runtime import undefined as undefined_module
from autograph_py.runtime.undefined import (UnboundUnlessAssigned, Undefined, checked_at_run_time,
                                           in_conditional_region, read)


def print_(*args, sep=" ", end="\n", file=None, flush=False):
    """`print`; while JAX traces, it prints when the compiled program runs.

    On every run, in program order, with Python's own formatting of the
    run-time values (text made from traced values included, see
    runtime/text.py), `sep`, `end` and `file`: through a host callback,
    also for prints of Python values only. Under `vmap` it prints once per
    element, and only for the elements that reach it (a branch taken, a
    loop still running), as a check does. With no trace it is `print`.
    """
    if not in_trace():
        return builtins.print(*args, sep=sep, end=end, file=file, flush=flush)
    if paths.is_silent():
        return None
    if picked.find(args) is not None:   # a str a traced condition picks: the print of it
        return picked.each(print_, args, dict(sep=sep, end=end, file=file, flush=flush))
    for name, v in (("sep", sep), ("end", end)):   # Python's check, now, not in the callback
        if not (v is None or isinstance(v, (str, picked.Picked))):   # (on a traced path:
            kind = "ArrayImpl" if is_traced(v) else type(v).__name__   # (as eager names it)
            failures.raise_where_it_runs(TypeError(   # where it runs, F149)
                f"{name} must be None or a string, not {kind}"), errors.where())
    trace_log.record("print", "jax.debug.callback", "it is traced: it prints when the program runs")
    rec, arrays = text.recipe((args, sep, end))
    taken = paths.taken()
    paths.count_check()   # a loop masks its body for a check, and for a print too
    # `file=sys.stdout` names the stream of each run (a test may redirect it), as
    # Python evaluates the argument each time; the object seen while tracing may be gone.
    stream = {id(sys.stdout): "stdout", id(sys.stderr): "stderr"}.get(id(file))

    def emit(reached, *values):
        if bool(reached):
            args, sep, end = text.run_time(rec, values)
            sep, end = (v.chosen() if type(v) is picked.Picked else v for v in (sep, end))
            out = file if stream is None else getattr(sys, stream)
            builtins.print(*args, sep=sep, end=end, file=out, flush=flush)

    lowered.host_call(emit, True if taken is None else taken, *arrays)
    return None


def range_(*args):
    """`range`; a traced bound, or a symbolic dimension (`range(x.shape[0])` under
    jax.export), gives a TracedRange for a converted `for`."""
    args = tuple(map(dimension_value, args))   # a symbolic dimension: its value, an array
    return TracedRange(*args) if any(is_traced(a) for a in args) else range(*args)


def enumerate_(iterable, start=0):
    if isinstance(iterable, RangesZipped) and iterable.counted is None:
        return iterable.enumerated(start)
    traced = is_traced(iterable) or isinstance(iterable, (TracedZip, TracedRange))
    return TracedEnumerate(iterable, start) if traced else enumerate(iterable, start)


def zip_(*iterables, **kwargs):
    """`zip`: of traced arrays (or ranges), a TracedZip a loop scans (of ranges only, one
    traced, RangesZipped); Python's zip where an argument is a one-shot iterator (`zip(gen(xs),
    xs)`) or holds what no array can (a list of names), in turn, as Python does."""
    if RangesZipped.of(iterables) and not kwargs:
        return RangesZipped(*iterables)
    if not kwargs and any(is_traced(x) or isinstance(x, TracedRange) for x in iterables) and \
            not any(isinstance(x, collections.abc.Iterator) for x in iterables) and (
            any(isinstance(x, TracedRange) for x in iterables) or all(map(_numbers, iterables))):
        return TracedZip(*iterables)
    return zip(*iterables, **kwargs)


def _numbers(x) -> bool:
    if not isinstance(x, (list, tuple)):
        return True   # an array, a range (and what TracedZip refuses clearly)
    return all(map(is_dynamic_leaf, jax.tree_util.tree_leaves(x)))


def map_(fn, *iterables):
    """`map(fn, xs)`: over a traced iterable, a Comprehension (a reduction over it is one
    loop, a `for` over it a scan); several iterables are zipped first. Else Python's map."""
    if not any(comprehensions.foldable(it) for it in iterables):
        return map(fn, *iterables)
    one = len(iterables) == 1
    return comprehensions.Comprehension(iterables[0] if one else TracedZip(*iterables),
                                        fn if one else (lambda items: fn(*items)), what="map(...)")


def filter_(fn, iterable):
    """`filter(fn, xs)`: over a traced iterable, a Comprehension keeping the items `fn` (or
    their truth, for fn None) holds for; its length depends on the data."""
    if not comprehensions.foldable(iterable):
        return filter(fn, iterable)
    return comprehensions.Comprehension(iterable, lambda x: x, (lambda x: x) if fn is None
                                        else fn, what="filter(...)")


def _asks_type(f):
    """isinstance/type/callable/issubclass: of a value None on some runs, an error
    (optional); of a picked str or function, the answer for each it may be."""
    def ask(*args, **kwargs):
        optional.refuse_type_question(f, args)
        return picked.asked(f, args, kwargs)
    ask.__name__ = f.__name__
    return ask


OVERRIDES = {**{f: _asks_type(f) for f in (builtins.isinstance, builtins.type,
                                           builtins.callable, builtins.issubclass)},
             builtins.print: print_, builtins.range: range_,
             builtins.enumerate: enumerate_, builtins.zip: zip_, builtins.reversed: reversed_,
             builtins.str: text.str_, builtins.repr: text.repr_, builtins.format: text.format_,
             builtins.map: map_, builtins.filter: filter_,
             builtins.set: comprehensions.set_, builtins.next: python_reductions.next_,
             builtins.len: lambda obj: _count(obj) if type(obj) is _Counted else _len(obj)
             if type(obj) is not picked.Picked else obj.apply(text.len_),
             builtins.getattr: lambda obj, name, *default: _by_name(getattr, obj, name, *default),
             builtins.hash: lambda obj: obj.same(hash, "its hash") if type(
                 obj) is picked.Picked else hash(obj),
             builtins.hasattr: lambda obj, name: _by_name(hasattr, obj, name),
             **numeric.OVERRIDES, **mathfns.OVERRIDES}


# Builtins that know a Picked (runtime/picked.py) themselves; any other gets each value a
# pick may be, under its condition (`repr(mode)`, `hash(mode)`, `"-".join([mode, "z"])`).
_PICK_AWARE = frozenset({builtins.print, builtins.isinstance, builtins.type, builtins.callable,
                         builtins.issubclass, builtins.getattr, builtins.hasattr, builtins.len,
                         builtins.id, builtins.hash})


def picks_among(f, args) -> bool:
    return f not in _PICK_AWARE and picked.find(args) is not None


def each_picked(f, args, kwargs):
    """`f(*args, **kwargs)` for each value the picked argument may be, under its condition.
    Text (`"{} {}".format(m, x)`, `repr`) and exceptions (`ValueError(m)`) are made for
    both, and join as one value whose text the program picks (text.joined)."""
    makes_text = f in _MAKE_TEXT or type(getattr(f, "__self__", None)) is str or (
        isinstance(f, type) and issubclass(f, BaseException))
    return picked.each(override(f) or f, args, kwargs, pure=makes_text)


_MAKE_TEXT = frozenset({builtins.str, builtins.repr, builtins.format, builtins.ascii})


def _by_name(f, obj, name, *default):
    """getattr/hasattr (and a dict's .get) with a name or key a traced condition picks:
    each value it may be, under the condition (`getattr(jnp, m)(x)`)."""
    if type(name) is picked.Picked:
        return name.apply(lambda n: _by_name(f, obj, n, *default))
    return f(obj, name, *default)


def override(f):
    """The traced-aware version of the builtin `f`, or None.

    A str's own `.format` and `.join` (`"x={}".format`) are bound builtin
    methods: they become `text.str_method` of that str; a list's or tuple's
    `.count` and `.index` compare traced items (runtime/items.py).
    """
    found = OVERRIDES.get(f)
    if found is not None:
        return found
    owner = getattr(f, "__self__", None)
    if type(owner) is str and (f.__name__ in text.STR_METHODS or
                               f.__name__ in text.TEXT_ARGUMENT_METHODS):
        return text.str_method(owner, f.__name__)
    if type(owner) in (list, tuple) and f.__name__ in _SEQUENCE_METHODS:
        return functools.partial(_SEQUENCE_METHODS[f.__name__], owner)
    if type(owner) is dict and f.__name__ == "get":   # `table.get(m, 0.0)` of a pick
        return lambda key, *default: _by_name(dict.get, owner, key, *default)
    return None


_SEQUENCE_METHODS = {"count": items.sequence_count, "index": items.sequence_index}


# Builtins that call a function they are given: a builtin given them (`map(str, xs)`,
# `sorted(xs, key=abs)`) is the version converted code calls.
_HIGHER_ORDER = frozenset({builtins.map, builtins.filter, builtins.sorted, builtins.max,
                           builtins.min})


def functions_as_called(f, args, kwargs):
    """`f`'s arguments, a builtin function among them its traced-aware version where `f`
    calls it (`map(str, xs)`, `sorted(xs, key=abs)`)."""
    if f not in _HIGHER_ORDER:
        return args, kwargs

    def swap(g):
        return (override(g) or g) if type(g) in (types.BuiltinFunctionType, type) else g
    if args:
        args = (swap(args[0]), *args[1:])
    if "key" in kwargs:
        kwargs = {**kwargs, "key": swap(kwargs["key"])}
    return args, kwargs


def method_as_called(f):
    """`f`, or the traced-aware version of a builtin type's method: `lst.sort()` of traced
    items sorts them as sorted() does."""
    if (type(f) is types.BuiltinMethodType and f.__name__ == "sort"
            and type(f.__self__) is list and holds_traced(f.__self__)):
        lst = f.__self__

        def sort(*, key=None, reverse=False):
            lst[:] = override(builtins.sorted)(lst, key=key, reverse=reverse)
        return sort
    return f


def assert_stmt(test, message):
    """`assert test, message()`; a traced test becomes a run-time check.

    The check runs on every execution of the compiled program (through
    `jax.debug.callback`); when it fails, the error carries the message and
    the assert's file:line.
    """
    if not is_traced(test):
        if test:
            return
        msg = message()
        if not in_conditional_region() and not (in_trace() and text.recipe(msg)[1]):
            raise AssertionError(msg) if msg is not None else AssertionError()
        # A false assert in a branch that is traced but may not run: it must
        # fail when the branch runs, not while it is traced. So must one whose
        # message shows traced values: their run-time values.
        test = jax.numpy.asarray(False)
        message = lambda: msg  # noqa: E731 - evaluated once, as Python does
    if paths.is_silent():
        return
    at = errors.where()
    test = as_predicate(test, "assert statement", at)   # (of several items: Python's error)
    raises.refuse_if_caught(AssertionError(), at)   # a `try` around it: its handler is traced
    trace_log.record("assert", "jax.debug.callback", "test is traced", at=at)
    # The message runs only where the assertion fails, as in Python: a call in it prints
    # or checks on that path only.
    msg = raises.only_where(test, message, negated=True)
    if msg is raises.RAISES:
        return   # making the message raises there: that raise is staged instead
    if msg is None:
        msg = "assertion failed"
    rec, values = text.recipe(msg)

    def failed(*concrete):
        return failures.assertion_failed(text.run_time(rec, concrete), at)

    failures.check_at_run_time(test, failed, values)


def match_subject(subject, why: str):
    """The subject of a `match` left to Python; a traced one cannot be matched."""
    if is_traced(subject):
        raise errors.StateError(errors.message(
            f"the subject of this `match` statement is traced, and the statement stays Python "
            f"because {why}",
            at=errors.where(),
            fix="Match a Python value, or use only value patterns (`case 0:`, `case 1 | 2:`, "
                "`case _:`, captures and guards), which become lax.cond."))
    return subject


_REDUCERS = (builtins.sum, builtins.any, builtins.all, builtins.max, builtins.min)


def list_argument(f, iterable, value, keep=None, nested=False):
    """`[value(x) for x in iterable if keep(x)]` handed straight to `f(...)`: `listed`."""
    return listed(f, list, comprehensions.Comprehension(iterable, value, keep, nested))


def listed(f, make, comp):
    """`f(make(comp))`, where `make` is `list` and `comp` a comprehension, `map` or
    `filter` (`len(list(filter(c, xs)))`, or a list comprehension). To the builtin sum,
    any, all, max or min, the generator itself, which they reduce alike: a condition on
    traced items is one loop that masks them, where the list would have a length that
    depends on the data; to `len`, the items to count (the same loop, of ones). To any
    other function, the list."""
    if make is not list or not isinstance(comp, comprehensions.Comprehension):
        return make(comp)
    if comp._items is None and (comp.traced() or comp.keep is not None):   # (not one a
        # `next()` began: its rest, Python's way; shapes6 20000/470)
        if any(f is r for r in _REDUCERS):
            return comp
        if f is builtins.len:
            return _Counted(comp)
    return list(comprehensions.checked(comp))


class _Counted:
    """A list comprehension that `len` counts (list_argument): its items are not made."""
    __slots__ = ("comp",)

    def __init__(self, comp):
        self.comp = comp


def _len(obj):
    """`len(x)`; of a range with a traced bound, its traced length; of a user object whose
    `__len__` gives a traced count, that count (Python's len would need its int)."""
    if isinstance(obj, TracedRange):
        return obj.length()
    own = getattr(type(obj), "__len__", None)
    if isinstance(own, types.FunctionType):
        n = own(obj)
        if is_traced(n):   # Python's check of the count, when the program runs (F149)
            failures.stage(ValueError("__len__() should return >= 0"), n >= 0, errors.where())
            return n
        n = operator.index(n)
        if n < 0:
            raise ValueError("__len__() should return >= 0")
        return n
    return text.len_(obj)


def _count(counted: _Counted):
    return numeric.sum_(_ones(counted.comp))


def _ones(c):
    """`c` with a 1 for each item (each clause's own condition kept)."""
    value = (lambda x: _ones(c.value(x))) if c.nested else (lambda x: 1)
    return comprehensions.Comprehension(c.iterable, value, c.keep, c.nested)


def read_local(value):
    """A user read of a local that may be unassigned (generated code calls it as `ag__.ld`).

    A local that a traced loop may not have assigned is checked when the
    program runs: UnboundLocalError at this line if no iteration assigned it.
    So is one that no path assigned, read on a traced path (a branch, a loop
    body) that may never run.
    """
    if isinstance(value, (Undefined, UnboundUnlessAssigned)):
        undefined_module.note_unassigned_read(value.name)
    if type(value) is Undefined and in_conditional_region() and not paths.is_silent():
        # No path assigned it, but this read is on a traced path that may never run:
        # Python's UnboundLocalError, raised when (if) the path runs.
        failures.raise_where_it_runs(UnboundLocalError(_unbound_text(value.name)),
                                     errors.where())
    if in_conditional_region():   # (a MaybeUndefined whose assigning condition is known)
        value = checked_at_run_time(value)
    if not isinstance(value, UnboundUnlessAssigned):
        value = read(value)   # (the value of a MaybeUndefined on a traced path: maybe one)
        if not isinstance(value, UnboundUnlessAssigned):
            return value
    assigned = value.assigned
    if not is_traced(assigned):
        if not assigned:
            raise UnboundLocalError(_unbound_text(value.name))
        return value.value
    if not paths.is_silent():
        at = errors.where()
        trace_log.record("read", "jax.debug.callback", "a traced loop may not have assigned "
                         f"'{value.name}'", at=at)
        failures.stage(UnboundLocalError(_unbound_text(value.name)), assigned, at)
    return value.value


undefined_module._reader[0] = read_local   # other uses of such a local read it the same way


def _unbound_text(name: str) -> str:
    return f"cannot access local variable '{name}' where it is not associated with a value"
