"""Iterables whose length or items are traced; only a converted `for` can loop over them."""
from __future__ import annotations

import collections.abc
import contextlib
import itertools
import numbers
import types

import jax
import jax.numpy as jnp

from autograph_py import errors
from autograph_py.lowering import scalars
from autograph_py.runtime import failures, mutations
from autograph_py.runtime.dispatch import CONCRETIZATION_ERRORS, is_traced, raised_by_jax


class _TracedIterable:
    construct = "this iterable"

    def __iter__(self):
        raise errors.StateError(errors.message(
            f"{self.construct} has traced items or length, so Python cannot iterate over it",
            at=errors.where(2),
            fix="Use it directly as the iterable of a `for` statement in converted code, "
                "or pass its bounds as static arguments."))


class TracedRange(_TracedIterable):
    """`range(start, stop, step)` where a bound is traced."""
    construct = "range() with a traced bound"

    def __init__(self, start, stop=None, step=1):
        if stop is None:
            start, stop = 0, start
        self.start, self.stop, self.step = start, stop, step

    def index_aval(self):
        """The loop index is an integer of the traced bounds' dtype (varying where they do)."""
        from autograph_py.lowering.plans import Aval, aval_of
        traced = [v for v in (self.start, self.stop, self.step) if is_traced(v)]
        vma = frozenset().union(*(aval_of(v).vma for v in traced))
        return Aval((), jnp.result_type(*traced) if traced else jnp.dtype(jnp.int32), False, vma)

    def traced(self) -> bool:
        return any(is_traced(v) for v in (self.start, self.stop, self.step))

    def first(self, n):
        """The first `n` items (n static, at least its length) and which of them exist."""
        dtype = self.index_aval().dtype
        i = jnp.arange(n, dtype=dtype)
        values = jnp.asarray(self.start, dtype) + i * jnp.asarray(self.step, dtype)
        stop = jnp.asarray(self.stop, dtype)
        exists = jnp.where(jnp.asarray(self.step) > 0, values < stop, values > stop)
        return values, exists

    def __reversed__(self):
        """The same items backwards, as `reversed(range(...))` gives for any step sign.

        With `n` items (ceil((stop - start) / step), at least 0) they run from
        `start + (n - 1) * step` down to `start`; n == 0 leaves it empty.
        """
        start, step, n = self.start, self.step, self.length()
        return TracedRange(start + (n - 1) * step, start - step, -step)

    def length(self):
        """`len(range(...))`: ceil((stop - start) / step), at least 0 (a traced int)."""
        return jnp.maximum(0, -((self.start - self.stop) // self.step))

    def item(self, j):   # the item at a natural position j: weakly typed, a Python int's
        return scalars.weak_cast(jnp.asarray(self.start + j * self.step), int)

    def __getitem__(self, i):
        """`range(...)[i]`: the item at i, a negative i counting from the end; Python's
        IndexError when the program runs where i is outside it."""
        if isinstance(i, slice):
            raise TypeError(errors.message(
                "a slice of a range with a traced bound", at=errors.where(),
                fix="Slice the bounds instead: range(start + a * step, start + b * step, step)."))
        if not (isinstance(i, numbers.Integral) or (is_traced(i) and jnp.ndim(i) == 0 and (
                jnp.issubdtype(i.dtype, jnp.integer) or i.dtype == jnp.bool_))):
            kind = f"a traced {i.dtype}" if is_traced(i) else type(i).__name__
            raise TypeError(f"range indices must be integers or slices, not {kind}")
        n = self.length()
        k = jnp.where(i < 0, i + n, i * 1)   # (a bool index: its int)
        failures.stage(IndexError("range object index out of range"), (k >= 0) & (k < n),
                       errors.where())
        return self.item(k)


class TracedEnumerate(_TracedIterable):
    """`enumerate(array)` of a traced array."""
    construct = "enumerate() of a traced array"

    def __reversed__(self):
        raise _not_reversible("enumerate")

    def __init__(self, xs, start=0):
        self.xs, self.start = xs, start

    def __iter__(self):
        """Python's iteration (a comprehension, list()): the length is static, unless it is
        that of a traced range."""
        if isinstance(self.xs, TracedRange) or self.exists is not None:
            return super().__iter__()
        return ((self.start + i, x) for i, x in enumerate(self.xs))

    @property
    def exists(self):
        return self.xs.exists if isinstance(self.xs, TracedZip) else None

    def scan_operands(self):
        if isinstance(self.xs, TracedZip):   # enumerate(zip(a, b))
            inner, make_inner = self.xs.scan_operands()
        else:
            inner, make_inner = self.xs, (lambda x: x)
        n = jax.tree_util.tree_leaves(inner)[0].shape[0]
        static_zero = not is_traced(self.start) and self.start == 0   # a traced start too
        idx = jnp.arange(n) if static_zero else jnp.arange(n, dtype=jnp.int32) + self.start
        return (idx, inner), lambda pair: (pair[0], make_inner(pair[1]))


class TracedZip(_TracedIterable):
    """`zip(a, b, ...)` where an argument is a traced array or a traced range.

    A traced range has no static length: it is zipped as its first `n`
    items, `n` the shortest array's length, and `exists` marks which of them
    the range really has; the loop stops at the first that it does not.
    """
    construct = "zip() of traced arrays"

    def __reversed__(self):
        raise _not_reversible("zip")

    def __init__(self, *xs):
        arrays = [x if is_traced(x) or isinstance(x, TracedRange) else _as_array(x) for x in xs]
        lengths = {a.shape[0] for a in arrays if not isinstance(a, TracedRange)}
        if not lengths:
            raise TypeError(errors.message(   # (zip_ gives RangesZipped where it can)
                "zip() of ranges that all have a traced bound has no static length",
                at=errors.where(2),
                fix="Zip with an array, or loop over one range and compute the others' items."))
        n = min(lengths)
        self.exists = None
        items = []
        for a in arrays:
            if isinstance(a, TracedRange):
                a, exists = a.first(n)
                self.exists = exists if self.exists is None else self.exists & exists
            items.append(a[:n])
        self.xs = tuple(items)

    def scan_operands(self):
        return self.xs, tuple

    def __iter__(self):
        if self.exists is not None:   # zipped with a traced range: its length is traced
            return super().__iter__()
        return zip(*self.xs)


class TracedReversed:
    """`reversed(array)` of a traced array: a converted `for` scans `xs[::-1]`.

    Anywhere else it is the iterator Python's `reversed` gives (its leading
    axis is static), so `next(...)` and `list(...)` behave as in Python.
    """

    def __init__(self, xs):
        self.xs = xs
        self._left = xs.shape[0]   # items not yet taken (the last `_left` of xs, backwards)

    def take_flipped(self):
        """The items not yet taken, in reversed order, as one array; takes them all."""
        left, self._left = self._left, 0
        return self.xs[:left][::-1]

    def __iter__(self):
        return self

    def __next__(self):
        if self._left == 0:
            raise StopIteration
        self._left -= 1
        return self.xs[self._left]

    def __length_hint__(self):
        return self._left


def reversed_(seq):
    """`reversed`; a traced array gives a TracedReversed for a converted `for`."""
    return TracedReversed(seq) if is_traced(seq) and seq.ndim else reversed(seq)


def _not_reversible(kind):
    # Python's own wording: reversed(enumerate(...)) and reversed(zip(...)) are TypeErrors.
    return TypeError(errors.message(
        f"'{kind}' object is not reversible", at=errors.where(3),
        fix=f"Reverse what {kind}() iterates over instead, or build a list first."))


def _as_array(x):
    if isinstance(x, range):  # integers even when empty (jnp.asarray(range(0)) is float32)
        return jnp.arange(x.start, x.stop, x.step, dtype=jnp.int32)
    return jnp.asarray(x)


def as_consumed(out):
    """What an as-is call returned: a generator (or a @contextmanager's, which `with`
    runs) whose code runs as its consumer does, its errors made clear (`generated`)."""
    if type(out) is types.GeneratorType:
        return generated(out, errors.where())
    if isinstance(out, contextlib._GeneratorContextManager) and type(
            getattr(out, "gen", None)) is types.GeneratorType:
        out.gen = Stepped(out.gen, errors.where())
    return out


def generated(gen, at):
    """The generator's items; where its own code needs a traced value as a Python one
    (`while x <= b: yield x` with a traced x), a clear error at its line, not JAX's."""
    try:
        return (yield from gen)   # (a `yield from` of it gets its return value)
    except (*CONCRETIZATION_ERRORS, jax.errors.TracerBoolConversionError) as e:
        _needs_python(e, gen, at)


class Stepped:
    """A generator (a @contextmanager's, a Python loop's), its steps' errors made clear;
    an error of the `with` body that `__exit__` throws into it is the body's own, as it is.
    Dropping it does not close the generator (a `yield from` wrapper's would)."""

    def __init__(self, gen, at):
        self.gen, self.at = gen, at

    def __iter__(self):
        return self

    def __next__(self):
        return self.send(None)

    def send(self, value):
        try:
            return self.gen.send(value)
        except (*CONCRETIZATION_ERRORS, jax.errors.TracerBoolConversionError) as e:
            _needs_python(e, self.gen, self.at)

    def throw(self, *args):
        return self.gen.throw(*args)

    def close(self):
        return self.gen.close()


def _needs_python(e, gen, at):
    if not raised_by_jax(e):
        raise e
    tb, line = e.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code is gen.gi_code:
            line = f"{gen.gi_code.co_filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    raise errors.ConcreteValueError(errors.message(
        f"the generator {gen.__name__}() needs a traced value as a Python value "
        f"({type(e).__name__})",
        details=("A generator is not converted: it runs as Python while the code that uses "
                 "it (a loop, a `with` of a @contextmanager) is traced, so its own tests "
                 "and loops must not depend on traced values.",)
        + ((f"at {line} (the generator)",) if line else ()),
        at=at,
        fix="Make the items an array of a size known when tracing (jnp.arange, "
            "jnp.linspace, a mask over a fixed-size range), or write the loop over "
            "them in the function itself.")) from None


def refuse_read_later(iterable, name, at) -> None:
    """A loop over a one-shot iterator that the variable `name` holds (`it = iter(xs)`),
    whose exit turned traced: the loop takes every item, each iteration guarded, so what
    is left in the iterator after it depends on the traced exit. A later `next(it)` or
    `list(it)` would read the wrong items: an error, not a silent guess."""
    if name is None or not isinstance(iterable, collections.abc.Iterator):
        return
    raise errors.StateError(errors.message(
        f"this loop iterates over the iterator '{name}' and may stop at an item a traced "
        f"condition picks: how many items it took from '{name}' is known only when the "
        f"program runs, so the items left in '{name}' have no compiled value",
        at=at,
        fix="Iterate over a list or an array instead of an iterator, and keep the index "
            "where the loop stopped (a traced slice needs a fixed size: mask the items "
            "you do not want)."))


_ENDLESS = (itertools.count, itertools.cycle, itertools.repeat)


def refuse_outside_iterator(iterator, at) -> None:
    """`next(it)`, or a Python `for` over `it`, inside a traced `if` or loop, of a one-shot
    iterator made before it: the trace advances the iterator once, where the program
    would on every iteration, or on the path taken only. An error, not a silently wrong
    item (a traced `while` testing `next(it) < t` never ended)."""
    if not mutations.watching() or not isinstance(iterator, collections.abc.Iterator) or \
            isinstance(iterator, _ENDLESS):   # a counter (`next(ids)`): numbering, not data
        return
    if any(id(iterator) in getattr(w.visible, "reached", ()) for w in mutations.watches()):
        raise errors.StateError(errors.message(
            "this reads the next item of an iterator made before the traced `if` or loop "
            "it is in: the compiled program takes its items when it is traced, once, not "
            "once per iteration or on the path taken only",
            at=at,
            fix="Make the items a list or an array before the construct and index it "
                "with a counter that the construct carries."))


def endless_rest(iterable, it, at):
    """The rest of an endless iterator a loop with a traced exit walks (`for n in count():
    ... if t < tol: break`), as a TracedRange the lax loop ends by its exit test only; None
    for any other. Unrolled, each item guarded, it would never end: itertools.count of
    Python ints is the range from its next item on; cycle, repeat and count of floats are
    an error."""
    if not isinstance(iterable, _ENDLESS) or isinstance(iterable, itertools.repeat) and \
            iterable.__length_hint__() < 2 ** 62:   # repeat(x, n) ends
        return None
    if isinstance(iterable, itertools.count):
        a, b = next(it), next(it)
        if all(type(v) is int and abs(v) < 2 ** 30 for v in (a, b)) and b != a:
            return TracedRange(a, 2 ** 31 - 1 if b > a else -2 ** 31, b - a)
    raise errors.ConcreteValueError(errors.message(
        f"this loop walks an endless iterator ({type(iterable).__name__}) and its exit "
        "condition is traced: run as Python, it would never end",
        at=at,
        fix="Loop with `while` over a counter you keep (`n = 0; while t >= tol: ...; n += 1`), "
            "or over itertools.count() of Python ints, which becomes a lax.while_loop."))


TRACED_TEST = object()   # python_first: a condition was traced
EXHAUSTED = object()     # python_first: no item was kept


def python_first(items, keep, value):
    """Python's `next` of `(value(x) for x in items if keep(x))` over a list, tuple or range,
    while the condition is a Python bool: (first kept value, the items left), or
    (EXHAUSTED, []); (TRACED_TEST, the items from the one whose condition is traced)."""
    items = list(items)
    for k, x in enumerate(items):
        kept = keep(x)
        if is_traced(kept):
            return TRACED_TEST, items[k:]
        if kept:
            return value(x), items[k + 1:]
    return EXHAUSTED, []


def example_item(iterable):
    """An item of the type the loop's items have (not necessarily one that exists)."""
    if isinstance(iterable, jax.Array):
        return iterable[0]
    if isinstance(iterable, TracedRange):
        return iterable.first(1)[0][0]
    if isinstance(iterable, TracedReversed):
        return example_item(iterable.take_flipped())
    if hasattr(iterable, "example_item"):   # (runtime/range_zips.py)
        return iterable.example_item()
    if not isinstance(iterable, (TracedRange, TracedEnumerate, TracedZip)):   # a Python clause
        for item in iterable:
            return item
        raise ValueError("max() or min() of a comprehension with an empty clause: its "
                         "items' type is unknown")
    operands, make_item = iterable.scan_operands()
    return make_item(jax.tree_util.tree_map(lambda a: a[0], operands))
