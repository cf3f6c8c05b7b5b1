"""`zip` of ranges, one with a traced bound: a converted `for` (and a reduction) loops over
the positions of the shortest, each item the ranges' items there.

    for a, b in zip(range(n), reversed(range(m))):   a while_loop over j < min(len, len),
        ...                                           (a, b) = (0 + j, m - 1 - j)
"""
from __future__ import annotations

import jax.numpy as jnp

from autograph_py.runtime.iterables import TracedRange, _not_reversible, _TracedIterable


_RANGE_ITERATOR = type(iter(range(0)))


def _rest_of(iterator):
    """The range a range's iterator has left (CPython's pickling of it: the range, the
    position)."""
    _, (whole,), position = iterator.__reduce__()
    return whole[position:]


class RangesZipped(_TracedIterable):
    """`zip(r, s, ...)` of ranges, one with a traced bound: the items of each at the
    positions j of `range(min of their lengths)`, which a converted `for` loops over."""
    construct = "zip() of ranges with a traced bound"

    def __init__(self, *ranges):
        ranges = [_rest_of(r) if type(r) is _RANGE_ITERATOR else r for r in ranges]
        self.ranges = [r if isinstance(r, TracedRange) else TracedRange(r.start, r.stop, r.step)
                       for r in ranges]
        n = jnp.min(jnp.stack([r.length() for r in self.ranges]))
        self.positions, self.counted = TracedRange(0, n), None

    @staticmethod
    def of(iterables) -> bool:   # (`reversed(range(3))` is an iterator over a range)
        return any(isinstance(x, TracedRange) for x in iterables) and all(
            isinstance(x, (range, TracedRange, _RANGE_ITERATOR)) for x in iterables)

    def item(self, j):
        items = tuple(r.item(j) for r in self.ranges)
        return items if self.counted is None else (self.counted + j, items)

    def example_item(self):   # (iterables.example_item)
        return self.item(jnp.zeros((), self.positions.index_aval().dtype))

    def enumerated(self, start):   # enumerate(zip(...), start): (start + j, the items at j)
        out = RangesZipped(*self.ranges)
        out.counted = start
        return out

    def __reversed__(self):
        raise _not_reversible("zip")
