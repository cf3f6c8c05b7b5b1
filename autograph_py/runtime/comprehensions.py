"""Comprehensions and generator expressions whose iterable may be traced.

    (f(x) for x in xs if c(x))   ==>   ag__.comprehension(xs, lambda x: f(x), lambda x: c(x))
    [f(x) for x in xs]           ==>   ag__.list_comprehension(xs, lambda x: f(x), None)

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

    def traced(self) -> bool:
        """Whether it must be folded by a converted loop: a traced iterable, or (while JAX
        traces, where a condition on a concrete array's items may be traced) any array."""
        it = self.iterable
        return (is_traced(it) or isinstance(it, TRACED_ITERABLES)
                or (isinstance(it, jax.Array) and in_trace()))

    def __iter__(self):
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
