"""`next(...)`, and the reductions (max, min, next) of a generator over a Python iterable
whose condition may be traced, while JAX traces: folded item by item as Python runs it
(numeric._extreme)."""
from __future__ import annotations

import jax.numpy as jnp

from autograph_py import errors
from autograph_py.runtime import comprehensions, failures, iterables, optional
from autograph_py.runtime import picked as picked_module   # (`picked` is a function here)
from autograph_py.runtime.comprehensions import Comprehension, fold
from autograph_py.runtime.dispatch import in_trace, is_traced


def python_source(comp) -> bool:
    """Whether `comp` is a generator over a Python iterable (a list, a static range) whose
    condition may be traced, while JAX traces (`next(i for i in range(3) if x[i] > t)`).
    Reduced, it is folded item by item as Python runs it; its accumulator stays a Python
    value until a traced condition makes it depend on the data (`pick`)."""
    return (isinstance(comp, Comprehension) and comp.keep is not None and not comp.nested
            and comp._items is None and not comp.traced() and in_trace())


def pick(comp: Comprehension, choose, label: str, stop: bool = False):
    """The kept item `choose(best, v)` leaves last, over a Python iterable (python_source):
    None where no item is kept, the item on runs where the condition was Python, and a
    value None on some runs (optional.MaybeNone: the value and a found flag) after a
    traced condition. `stop`: the first kept item decides (next)."""
    def step(best, v):
        if best is None:
            return v
        if isinstance(best, optional.MaybeNone):   # not found on some runs: take v there
            take = jnp.logical_or(jnp.logical_not(best.present), choose(best.value, v))
            return picked_module.where(take, v, best.value, label)
        take = choose(best, v)
        if not is_traced(take):
            return v if take else best
        return picked_module.where(take, v, best, label)

    def found(best):
        return best.present if isinstance(best, optional.MaybeNone) else best is not None

    return fold(comp, None, step, label, until=found if stop else None)


def picked(best, label: str, default, empty: BaseException, at):
    """What `pick` found, or `default` (a tuple: none or one) where nothing was kept; with
    no default, `empty` is raised (staged where that depends on the data)."""
    if not isinstance(best, optional.MaybeNone):
        if best is not None:
            return best
        if default:
            return default[0]
        raise empty
    if not default:
        failures.stage(empty, best.present, at)
        return best.value
    if default[0] is None:
        return optional.MaybeNone(label, best.value, best.present)
    return picked_module.where(best.present, best.value, default[0], label)


def next_(iterator, *default):
    """`next(iterator, *default)`; of a comprehension over a traced iterable whose condition
    is traced (`next((x for x in xs if x > t), -1.0)`), the first kept item (`first`)."""
    if (isinstance(iterator, Comprehension) and iterator.keep is not None
            and not iterator.nested and iterator._items is None and iterator.traced()
            and len(default) <= 1):
        found = comprehensions.first(iterator, default)
        if found is not None:
            return found
    if python_source(iterator) and len(default) <= 1:
        if type(iterator.iterable) in (list, tuple, range):   # Python's while it is Python
            v, iterator.iterable = iterables.python_first(iterator.iterable, iterator.keep,
                                                          iterator.value)
            if v is iterables.EXHAUSTED:
                return picked(None, "next(...)", default, StopIteration(), iterator.at)
            if v is not iterables.TRACED_TEST:
                return v
        best = pick(iterator, lambda best, v: False, "next(...)", stop=True)
        return picked(best, "next(...)", default, StopIteration(), iterator.at)
    iterables.refuse_outside_iterator(iterator, errors.where())
    return next(iterator, *default)
