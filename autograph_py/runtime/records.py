"""Objects of the user's plain classes as the state of a traced construct.

A variable that a traced `if` or loop binds to a new object of the user's class
(a dataclass, or a plain class with a `__dict__`) on each path is one of
several objects only the run decides:

    if x > 0:                         s = State(x, 0)
        p = Point(x, 1.0)             while s.x > 1.0:
    else:                                 s = State(s.x / 2, s.n + 1)
        p = Point(-x, 0.0)

No lax output can be an object, but its attributes can. Where the sides of a
join hold different objects of one class with the same attribute names, the
join raises `Expand` (a mutations.Restart), and the construct is traced again
with that variable's objects flattened as records: a pytree node of their
attribute values, rebuilt after the construct as a new object of the class
with the joined values (`object.__new__`, then its `__dict__`), as Python's
object is new on each path too. The same object on every path (one the
construct changes through an attribute) stays what it is.
"""
from __future__ import annotations

import contextlib
import threading

import jax

from autograph_py.runtime import mutations, reach


class Expand(mutations.Restart):
    """A join met two objects of one plain class in variable `name`: trace again with it
    flattened as records."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


class _Local(threading.local):
    def __init__(self):
        self.names = frozenset()   # the variables whose objects are records, while traced


_local = _Local()


@contextlib.contextmanager
def expanding(names):
    before, _local.names = _local.names, _local.names | frozenset(names)
    try:
        yield
    finally:
        _local.names = before


def expanded(name: str) -> bool:
    return name in _local.names


def differ(name: str, a, b) -> bool:
    """Whether a join of `a` and `b` (leaves of variable `name`) should expand them: two
    objects of one plain user class, not expanded yet. (Not their attributes now: a
    block's changes, those of the objects it made included, are undone after it; as
    records, their attributes are what the flattened state holds, and the join says
    where those differ.)"""
    return a is not b and type(a) is type(b) and plain(a) and name not in _local.names


def as_records(name: str, value):
    """`value` with the user objects it holds (through tuples, lists and dicts) as records,
    where the construct being traced expands variable `name`."""
    if name not in _local.names:
        return value
    return _records(value)


def _records(value, inside=()):
    """(`inside`: the objects around this one; one that holds itself stays an object.)"""
    if plain(value) and not any(o is value for o in inside):
        inside = (*inside, value)
        return _Record(type(value), {k: _records(v, inside) for k, v in vars(value).items()})
    if type(value) in (list, tuple):
        return type(value)(_records(v, inside) for v in value)
    if type(value) is dict:
        return {k: _records(v, inside) for k, v in value.items()}
    return value


def plain(obj) -> bool:
    cls = type(obj)
    return (reach.is_user_object(obj) and cls.__new__ is object.__new__
            and not hasattr(cls, "__slots__") and type(cls) is type)


class _Record:
    __slots__ = ("cls", "attrs")

    def __init__(self, cls, attrs):
        self.cls, self.attrs = cls, attrs


def _flatten(r):
    return list(r.attrs.values()), (r.cls, tuple(r.attrs))


def _unflatten(aux, children):
    cls, keys = aux
    obj = object.__new__(cls)
    obj.__dict__.update(zip(keys, children))
    return obj


jax.tree_util.register_pytree_node(_Record, _flatten, _unflatten)
