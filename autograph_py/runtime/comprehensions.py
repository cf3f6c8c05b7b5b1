"""Comprehensions and generator expressions whose iterable may be traced.

    (f(x) for x in xs if c(x))   ==>   ag__.comprehension(xs, lambda x: f(x), lambda x: c(x))
    [f(x) for x in xs]           ==>   ag__.list_comprehension(xs, lambda x: f(x), None)
    {k(x): v(x) for x in xs}     ==>   ag__.dict_comprehension(xs, lambda x: (k(x), v(x)), None)
    (f(a, b) for a in xs for b in ys)
        ==>   ag__.nested_comprehension(xs, lambda a: ag__.comprehension(ys, lambda b: f(a, b)))
    map(f, xs), filter(c, xs)    (builtins.map_/filter_): the same objects, where xs is traced

Iterated, a Comprehension is the generator Python makes. Handed to `sum`, `any`, `all`,
`max` or `min` with a traced iterable (a traced array, a range with a traced bound,
enumerate or zip of them), it is one loop (the `for` statement's lowering) that folds each
kept item into an accumulator (`acc = start; for x in xs: if c(x): acc = acc + f(x)`), not
a loop unrolled over the items; its items are then taken, as Python's are. Several `for`
clauses fold as a loop in a loop. A list whose length depends on the data (a traced
condition, a range with a traced bound), and a set (or a dict's keys) of traced values,
are errors that say what to write instead.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from autograph_py import errors
from autograph_py.runtime import (conditionals, failures, identity, iterables, logical, loops,
                                  mutations, optional, paths, raises, trace_log)
from autograph_py.runtime.dispatch import CONCRETIZATION_ERRORS, in_trace, is_traced
from autograph_py.runtime.iterables import TracedEnumerate, TracedRange, TracedReversed, TracedZip
from autograph_py.runtime.range_zips import RangesZipped

TRACED_ITERABLES = (TracedRange, TracedEnumerate, TracedZip, TracedReversed, RangesZipped)


class Comprehension:
    """`(value(x) for x in iterable if keep(x))`, its iterable already evaluated; `nested`:
    value(x) is the Comprehension of the next `for` clause, whose items are this one's
    (`(f(a, b) for a in xs for b in ys)`)."""

    def __init__(self, iterable, value, keep=None, nested=False, what="comprehension"):
        if _composable(iterable):   # over a map, filter or generator of traced items:
            iterable, value, keep = _composed(iterable, value, keep)   # one loop
        self.iterable, self.value, self.keep, self.nested = iterable, value, keep, nested
        self.at, self.what = errors.where(), what   # `what`: for messages (`filter(...)`)
        iterables.refuse_outside_iterator(iterable, self.at)   # `[a for a in it]`, F126
        self._items = None

    def traced(self) -> bool:
        """Whether it must be folded by a converted loop: a traced iterable, or (while JAX
        traces, where a condition on a concrete array's items may be traced) any array.
        Nested, any of its clauses may be traced (the later ones are evaluated per item):
        while JAX traces, it is folded (a Python clause is a Python loop there)."""
        # One whose items Python began to take (`next(g)`) has the rest only: not foldable.
        return self._items is None and (foldable(self.iterable) or (self.nested and in_trace()))

    def __iter__(self):
        return self

    def __next__(self):
        """Python's generator (and `map`/`filter` iterator): each item in turn, once.
        (`next(comp, default)` with a traced condition is python_reductions.next_.)"""
        if self._items is None:
            self._items = self._generate()
        return next(self._items)

    def taken(self, known=True):
        """Its items, taken by a reduction: after one, Python's generator has none left (or,
        `known` false, a number the data decides: any/all/next stop early, and reading on
        is an error). Refused for one made before the traced construct that reduces it."""
        iterables.refuse_outside_iterator(self, self.at)
        self._items = iter(()) if known else _left_unknown(self.at)

    def loop_over(self, body, get_state, set_state, names):
        """(iterable, body) of a `for` over it: over a traced iterable, one clause, the `for`
        over that iterable, its body under `if keep(x)` (`for v in filter(c, xs)` is a
        scan whose body is a traced `if`, not a list of data-dependent length). Not one
        a variable holds: a later `next(it)` takes the items the loop left, Python's way."""
        if self.nested or not self.traced() or identity.local_name_of(self) is not None:
            return self, body
        keep, value = self.keep, self.value

        def kept(x):
            if keep is None:
                return body(value(x))
            conditionals.if_stmt(keep(x), lambda: body(value(x)), lambda: None, get_state,
                                 set_state, names)
        return self.iterable, kept

    def _generate(self):
        for x in self.iterable:
            if self.keep is not None:
                kept = self.keep(x)
                if is_traced(kept):
                    raise _data_dependent(self.at, what=self.what)
                if not kept:
                    continue
            if self.nested:
                yield from self.value(x)
            else:
                yield self.value(x)


def _composable(inner) -> bool:
    """A Comprehension no name holds, none of whose items were taken, over traced items:
    another over it (`sum(1 for x in filter(c, xs))`) folds its clauses into one."""
    return (type(inner) is Comprehension and not inner.nested and inner.traced()
            and identity.local_name_of(inner) is None)


def _composed(inner, value, keep):
    """(iterable, value, keep) of `(value(y) for y in inner if keep(y))` over inner's own
    iterable: an item inner drops is never given to `keep` (traced: both, and-ed)."""
    inner.taken()   # (Python's: the generator's items are the outer one's now)
    first, made = inner.keep, inner.value
    if keep is None:
        both = first
    elif first is None:
        both = lambda x: keep(made(x))   # noqa: E731
    else:
        both = lambda x: logical.and_(first(x), lambda: keep(made(x)))   # noqa: E731
    return inner.iterable, (lambda x: value(made(x))), both


def comprehension(iterable, value, keep=None) -> Comprehension:
    return Comprehension(iterable, value, keep)


def nested_comprehension(iterable, value, keep=None) -> Comprehension:
    """A comprehension with several `for` clauses: `value` makes the next clause's."""
    return Comprehension(iterable, value, keep, nested=True)


def foldable(iterable) -> bool:
    return (is_traced(iterable) or isinstance(iterable, TRACED_ITERABLES)
            or (isinstance(iterable, jax.Array) and in_trace()))


def list_comprehension(iterable, value, keep=None, nested=False) -> list:
    """`[value(x) for x in iterable if keep(x)]`."""
    return list(checked(Comprehension(iterable, value, keep, nested)))


def nested_list_comprehension(iterable, value, keep=None) -> list:
    return list_comprehension(iterable, value, keep, nested=True)


def set_comprehension(iterable, value, keep=None, nested=False) -> set:
    """`{value(x) for x in iterable if keep(x)}`: which items are equal, and so the set's
    size, depends on traced items: those are an error."""
    comp = checked(Comprehension(iterable, value, keep, nested))
    return {_hashable(v, comp.at, "set") for v in comp}


def nested_set_comprehension(iterable, value, keep=None) -> set:
    return set_comprehension(iterable, value, keep, nested=True)


def dict_comprehension(iterable, value, keep=None, nested=False) -> dict:
    """`{k(x): v(x) for x in iterable if keep(x)}` (`value` gives the pair): traced values
    are fine, traced keys an error (which keys are equal depends on the data)."""
    comp = checked(Comprehension(iterable, value, keep, nested))
    return {_hashable(k, comp.at, "dict's keys"): v for k, v in comp}


def nested_dict_comprehension(iterable, value, keep=None) -> dict:
    return dict_comprehension(iterable, value, keep, nested=True)


def set_(*args):
    """`set(iterable)`: of traced values, an error (see set_comprehension)."""
    if not args:
        return set()
    (iterable,) = args
    at = errors.where()
    if is_traced(iterable):
        raise traced_members("set", at)
    return {_hashable(v, at, "set") for v in iterable}


def checked(comp: Comprehension) -> Comprehension:
    if isinstance(comp.iterable, (TracedRange, RangesZipped)):
        raise _data_dependent(comp.at, "its iterable is a range() with a traced bound")
    return comp


def _hashable(v, at, what: str):
    if any(is_traced(leaf) for leaf in jax.tree_util.tree_leaves(v)):
        raise traced_members(what, at)
    return v


def traced_members(what: str, at):
    """The error for a set (or a dict's keys) of traced values."""
    return errors.TracedShapeError(errors.message(
        f"this {what} would hold traced values: which of them are equal, and so how many "
        "items it has, depends on the data, and a compiled program's sizes are static",
        at=at,
        fix="Keep the values in an array and compare them there (`jnp.unique(x, size=n, "
            "fill_value=...)` has a static size), or use Python values as keys."))


def _data_dependent(at, why="its condition is traced", what="comprehension"):
    return errors.TracedShapeError(errors.message(
        f"the length of this {what} depends on the data: {why}, and a compiled program's "
        "lists and arrays have static lengths",
        at=at,
        fix="Keep every item and mask the ones you do not want (`jnp.where(c, v, 0)`), or "
            "reduce them in the same expression (`sum(v for v in xs if c)` is one loop), or "
            "fill a buffer of fixed size."))


def _left_unknown(at):
    raise errors.StateError(errors.message(
        "this reads on in a generator that any(), all() or next() read up to an item a "
        "traced condition picks: which items are left is known only when the program runs",
        at=at, fix="Make a new generator for each reduction, or reduce the items once."))
    yield   # a generator: the error is raised when it is read


def fold(comp: Comprehension, init, step, label: str, until=None):
    """`acc = init; for x in comp.iterable: if keep(x): acc = step(acc, value(x))`, as one loop
    (nested: the next clause's comprehension folded from acc, a loop in the loop). A later
    clause may need the item as a Python value (`for b in xs[i + 1:]`): an outer clause of
    static length is then a Python loop over its items, as Python's own generator was.
    `until(acc)`, a traced bool: once it holds, the later items are not evaluated where
    the program runs (their prints and checks do not happen), as Python's any/all stop."""
    comp.taken(known=until is None)
    if not (comp.nested and _static_length(comp.iterable)):
        return _fold(comp, init, step, label, until)
    try:
        return _fold(comp, init, step, label, until)
    except errors.TracedShapeError:
        pass
    except (errors.AutographError, mutations.Restart):
        raise
    except (*CONCRETIZATION_ERRORS, IndexError, TypeError) as e:
        if not loops.needs_python_value(e):
            raise
    trace_log.record("comprehension", "python (unrolled)", "a later clause needs the item as "
                     "a Python value", at=comp.at)
    return _fold(Comprehension(list(comp.iterable), comp.value, comp.keep, nested=True),
                 init, step, label, until)


def _static_length(iterable) -> bool:
    """Whether Python can iterate it: an array, or enumerate/zip of arrays (no traced range)."""
    if isinstance(iterable, TracedEnumerate):
        return not isinstance(iterable.xs, TracedRange) and iterable.exists is None
    if isinstance(iterable, TracedZip):
        return iterable.exists is None
    return is_traced(iterable) and iterable.ndim > 0


def _fold(comp: Comprehension, init, step, label: str, until=None):
    # The accumulator lives in a cell, not in a list: a list the blocks can see, written
    # by them, would be an outside change to the watch, which traces the loop again.
    acc = init

    def get_state():
        return (acc,)

    def set_state(values):
        nonlocal acc
        (acc,) = values

    def body(x):
        nonlocal acc

        def kept():
            nonlocal acc
            acc = fold(comp.value(x), acc, step, label, until) if comp.nested else step(
                acc, comp.value(x))

        def item():
            if comp.keep is None:
                kept()
            else:
                conditionals.if_stmt(comp.keep(x), kept, lambda: None, get_state, set_state,
                                     (label,))
        decided = until(acc) if until is not None else False
        if not is_traced(decided):
            if not decided:
                item()
            return
        entry = acc   # the item's effects happen only where nothing decided yet
        if raises.only_where(decided, item, negated=True) is raises.RAISES:
            acc = entry   # it raises where it runs: its value never counts
    loops.for_stmt(comp.iterable, None, body, get_state, set_state, (label,))
    return acc


def extreme(comp: Comprehension, better, fn_name: str, default, no_default):
    """min/max over a traced iterable: the first item that no later item beats. The loop
    carries (found, best); `best` starts as the value of an example item (traced silently,
    only for its type), replaced by the first kept one."""
    with paths.silent():   # (items that are tuples compare as Python's: `(v, i)`)
        first = jax.tree_util.tree_map(lambda x: jnp.zeros_like(jnp.asarray(x)),
                                       _example_value(comp))

    def step(acc, v):
        found, best = acc
        take = jnp.logical_or(jnp.logical_not(found), better(v, best))
        return jnp.asarray(True), jax.tree_util.tree_map(
            lambda a, b: jnp.where(take, a, b), v, best)

    found, best = fold(comp, (jnp.asarray(False), first), step, f"{fn_name}(...)")
    if default is not no_default:
        return conditionals.if_exp(found, lambda: best, lambda: default)
    failures.stage(failures.empty_error(fn_name), found, comp.at)
    return best


def first(comp: Comprehension, default):
    """`next(comp, *default)` over a traced iterable with a traced condition: the first kept
    item, found in one loop whose later items do not run where the program has found it
    (as Python's generator stops); `default` where none is kept (None: a value None on
    some runs, runtime/optional.py), else StopIteration when the program runs. None if
    the items are not arrays or numbers (Python's generator then says what it can)."""
    with paths.silent():
        example = _example_value(comp)
    if not (isinstance(example, jax.Array) or type(example) in (bool, int, float)):
        return None
    example = jnp.zeros_like(jnp.asarray(example))

    def step(acc, v):
        found, value = acc
        return jnp.asarray(True), jnp.where(found, value, v)

    found, value = fold(comp, (jnp.asarray(False), example), step, "next(...)",
                        until=lambda acc: acc[0])
    if not default:
        failures.stage(StopIteration(), found, comp.at)
        return value
    if default[0] is None:
        return optional.MaybeNone("next(...)", value, found)
    return jnp.where(found, value, default[0])


def _example_value(comp: Comprehension):
    """A value of the type the comprehension's items have (traced silently)."""
    x = _NONE
    if comp.nested and _static_length(comp.iterable):
        x = next(iter(comp.iterable), _NONE)   # a Python item, as a later clause may need
    value = comp.value(iterables.example_item(comp.iterable) if x is _NONE else x)
    return _example_value(value) if comp.nested else value


_NONE = object()
