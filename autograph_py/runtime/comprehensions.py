"""Comprehensions and generator expressions whose iterable may be traced.

    (f(x) for x in xs if c(x))   ==>   ag__.comprehension(xs, lambda x: f(x), lambda x: c(x))
    [f(x) for x in xs]           ==>   ag__.list_comprehension(xs, lambda x: f(x), None)
    map(f, xs), filter(c, xs)    (builtins): the same objects, where xs is traced

Iterated, a Comprehension is the generator Python makes. Handed to `sum`,
`any`, `all`, `max` or `min` with a traced iterable (a traced array, a range
with a traced bound, enumerate or zip of them), it is one loop (the `for`
statement's lowering: a scan or a fori/while loop) that folds each kept
item into an accumulator, not a loop unrolled over the items:

    acc = start
    for x in xs:
        if c(x):
            acc = acc + f(x)        # any: acc | bool(f(x)); max: keep the first largest

A list whose length depends on the data (a traced condition, a range with a
traced bound) is an error that says what to write instead.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from autograph_py import errors
from autograph_py.runtime import conditionals, failures, loops, paths
from autograph_py.runtime.dispatch import in_trace, is_traced
from autograph_py.runtime.iterables import TracedEnumerate, TracedRange, TracedReversed, TracedZip

TRACED_ITERABLES = (TracedRange, TracedEnumerate, TracedZip, TracedReversed)


class Comprehension:
    """`(value(x) for x in iterable if keep(x))`, its iterable already evaluated."""

    def __init__(self, iterable, value, keep=None):
        self.iterable, self.value, self.keep = iterable, value, keep
        self.at = errors.where()
        self._items = None

    def traced(self) -> bool:
        """Whether it must be folded by a converted loop: a traced iterable, or (while JAX
        traces, where a condition on a concrete array's items may be traced) any array."""
        return _foldable(self.iterable)

    def __iter__(self):
        return self

    def __next__(self):
        """Python's generator (and `map`/`filter` iterator): each item in turn, once."""
        if self._items is None:
            self._items = self._generate()
        return next(self._items)

    def _generate(self):
        for x in self.iterable:
            if self.keep is not None:
                kept = self.keep(x)
                if is_traced(kept):
                    raise _data_dependent(self.at)
                if not kept:
                    continue
            yield self.value(x)


def comprehension(iterable, value, keep=None) -> Comprehension:
    return Comprehension(iterable, value, keep)


def _foldable(iterable) -> bool:
    return (is_traced(iterable) or isinstance(iterable, TRACED_ITERABLES)
            or (isinstance(iterable, jax.Array) and in_trace()))


def map_(fn, *iterables):
    """`map(fn, xs)`: over a traced iterable, a Comprehension (a reduction over it is one
    loop); several iterables are zipped first. Otherwise Python's map."""
    if not any(_foldable(it) for it in iterables):
        return map(fn, *iterables)
    if len(iterables) == 1:
        return Comprehension(iterables[0], fn)
    return Comprehension(TracedZip(*iterables), lambda items: fn(*items))


def filter_(fn, iterable):
    """`filter(fn, xs)`: over a traced iterable, a Comprehension keeping the items `fn`
    (or their truth, for fn None) holds for; its length depends on the data."""
    if not _foldable(iterable):
        return filter(fn, iterable)
    return Comprehension(iterable, lambda x: x, (lambda x: x) if fn is None else fn)


def list_comprehension(iterable, value, keep=None) -> list:
    """`[value(x) for x in iterable if keep(x)]`."""
    comp = Comprehension(iterable, value, keep)
    if isinstance(iterable, TracedRange):
        raise _data_dependent(comp.at, "its iterable is a range() with a traced bound")
    return list(comp)


def _data_dependent(at, why="its condition is traced"):
    return errors.TracedShapeError(errors.message(
        f"this comprehension's length depends on the data: {why}, and a compiled program's "
        "lists and arrays have static lengths",
        at=at,
        fix="Keep every item and mask the ones you do not want (`jnp.where(c, v, 0)`), or "
            "reduce them in the same expression (`sum(v for v in xs if c)` is one loop), or "
            "fill a buffer of fixed size."))


def fold(comp: Comprehension, init, step, label: str):
    """`acc = init; for x in comp.iterable: if keep(x): acc = step(acc, value(x))`, as one loop."""
    state = [init]

    def get_state():
        return (state[0],)

    def set_state(values):
        (state[0],) = values

    def body(x):
        def kept():
            state[0] = step(state[0], comp.value(x))
        if comp.keep is None:
            kept()
        else:
            conditionals.if_stmt(comp.keep(x), kept, lambda: None, get_state, set_state,
                                 (label,))
    loops.for_stmt(comp.iterable, None, body, get_state, set_state, (label,))
    return state[0]


def extreme(comp: Comprehension, better, fn_name: str, default, no_default):
    """min/max over a traced iterable: the first item that no later item beats.

    The loop carries (found, best); `best` starts as the value of an example
    item (traced silently, only for its type), replaced by the first kept one.
    """
    example = _example_item(comp.iterable)
    with paths.silent():
        first = jnp.zeros_like(jnp.asarray(comp.value(example)))

    def step(acc, v):
        found, best = acc
        take = jnp.logical_or(jnp.logical_not(found), better(v, best))
        return jnp.asarray(True), jnp.where(take, v, best)

    found, best = fold(comp, (jnp.asarray(False), first), step, f"{fn_name}(...)")
    if default is not no_default:
        return jnp.where(found, best, default)
    failures.stage(ValueError(f"{fn_name}() iterable argument is empty"), found, comp.at)
    return best


def _example_item(iterable):
    """An item of the type the loop's items have (not necessarily one that exists)."""
    if isinstance(iterable, jax.Array):
        return iterable[0]
    if isinstance(iterable, TracedRange):
        return iterable.first(1)[0][0]
    if isinstance(iterable, TracedReversed):
        return _example_item(iterable.take_flipped())
    operands, make_item = iterable.scan_operands()
    return make_item(jax.tree_util.tree_map(lambda a: a[0], operands))
