"""Recipes: how to make an object again from the run-time values of the tracers it holds.

Text made from traced values (runtime/text.py), a print's arguments and an exception's
message hold tracers while traced; a callback of the compiled program makes them again
from concrete values (`recipe`, then `run_time` there), so that Python's own `str`,
`repr` and format specs show the run-time values. User objects and exceptions that hold
traced values are opened into their class and contents for that (`_opened`).
"""
from __future__ import annotations

import jax
import numpy as np

from autograph_py.lowering import tracing
from autograph_py.lowering.plans import Aval
from autograph_py.runtime import reach
from autograph_py.runtime.dispatch import is_traced, python_float

_SLOT = object()        # where a traced value goes in a recipe's leaves
_WEAK_SLOT = object()   # ...one whose type is weak (a Python scalar's): its repr says so
_FLOAT_SLOT = object()  # ...one that stands for a Python float (dispatch.carried)


class Recipe:
    """How to make an object again from run-time values, holding no tracer.

    `fn is None`: the object is the pytree itself; else it is
    `fn(*args, **kwargs)` of the pytree `(args, kwargs)`. Two recipes are
    equal when they make the same text from the same values (a Text's
    structure, for the state of a traced `if` or loop).
    """
    __slots__ = ("fn", "tree", "leaves")

    def __init__(self, fn, tree, leaves):
        self.fn, self.tree, self.leaves = fn, tree, leaves

    def build(self, values):
        """The object, with the next of `values` (an iterator) for each traced value."""
        leaves = [next(values) if l is _SLOT else _weak(next(values)) if l is _WEAK_SLOT else
                  float(np.asarray(next(values))[()]) if l is _FLOAT_SLOT else l
                  for l in self.leaves]
        obj = jax.tree_util.tree_unflatten(self.tree, leaves)
        if self.fn is None:
            return obj
        args, kwargs = obj
        return self.fn(*args, **kwargs)

    def __eq__(self, other):
        return (type(other) is Recipe and self.fn == other.fn and self.tree == other.tree
                and len(self.leaves) == len(other.leaves)
                and all(_same(a, b) for a, b in zip(self.leaves, other.leaves)))

    def __hash__(self):
        return hash((self.fn, self.tree, len(self.leaves)))


def _same(a, b) -> bool:
    # Static leaves may be anything (an array compares elementwise): only
    # plain Python values compare by value.
    if a is b:
        return True
    return type(a) is type(b) and type(a) in (str, int, float, complex, bool) and a == b


def recipe(obj, fn=None) -> tuple[Recipe, list]:
    """(recipe, tracers) of `obj`, a pytree that may hold tracers (and Texts, which hold some),
    and user objects that hold some (`print(Point(x))`: made again at run time)."""
    leaves, tree = jax.tree_util.tree_flatten(_opened(obj))
    arrays = [l for l in leaves if is_traced(l)]
    return Recipe(fn, tree, [(_FLOAT_SLOT if python_float(l) else _WEAK_SLOT if _is_weak(l)
                              else _SLOT) if is_traced(l) else l for l in leaves]), arrays


class _Opened:
    """A user object that holds traced values and is no pytree (a plain class, a dataclass
    not registered), as its class and attributes: a pytree of them, which is made again
    as an object of its class at run time (no `__init__` runs), so that its own
    `__repr__`/`__str__` show the run-time values, as eagerly."""
    __slots__ = ("cls", "keys", "values")

    def __init__(self, cls, keys, values):
        self.cls, self.keys, self.values = cls, keys, values


def _made_again(aux, values):
    cls, keys = aux
    obj = object.__new__(cls)
    obj.__dict__.update(zip(keys, values))
    return obj


jax.tree_util.register_pytree_node(_Opened, lambda o: (o.values, (o.cls, o.keys)), _made_again)


class _OpenedError:
    """An exception whose arguments hold traced values (a message made from them, or one a
    traced condition picks: `joined`), as its class and arguments: made again at run time,
    so that its str, repr and print show the run-time text."""
    __slots__ = ("cls", "args")

    def __init__(self, cls, args):
        self.cls, self.args = cls, args


jax.tree_util.register_pytree_node(_OpenedError, lambda o: (o.args, o.cls),
                                   lambda cls, args: cls(*args))


def _opened(v, depth=0):
    """`v` with each user object in it that holds a traced value as an _Opened, through
    tuples, lists, dicts and objects; an exception as an _OpenedError."""
    if depth > 6 or is_traced(v) or isinstance(v, (str, int, float, complex)):
        return v
    if isinstance(v, BaseException) and not vars(v):
        args = [_opened(x, depth + 1) for x in v.args]
        if any(is_traced(x) for x in jax.tree_util.tree_leaves(args)):
            return _OpenedError(type(v), args)
        return v
    if type(v) in (list, tuple):
        return type(v)(_opened(x, depth + 1) for x in v)
    if type(v) is dict:
        return {k: _opened(x, depth + 1) for k, x in v.items()}
    if (reach.is_user_object(v) and type(v).__new__ is object.__new__
            and jax.tree_util.all_leaves([v])):
        values = [_opened(x, depth + 1) for x in vars(v).values()]
        if any(is_traced(x) for x in jax.tree_util.tree_leaves(values)):
            return _Opened(type(v), tuple(vars(v)), values)
    return v


def _is_weak(v) -> bool:
    return bool(getattr(jax.typeof(v), "weak_type", False))


def _weak(value):
    """A run-time value that was traced weakly typed: an integer scalar is the Python int
    it stands for (eager, a Python int argument, state that began as one, a range's item,
    prints as `3`; a weak integer array takes `jnp.asarray(3)`); anything else, the
    weakly typed array it was traced as, as eager JAX shows it (`jnp.arange(2) * 0.5`
    is a weak float array eagerly too, and a comparison of it a weak bool array)."""
    if (isinstance(value, (jax.Array, np.ndarray, np.generic)) and np.ndim(value) == 0
            and np.dtype(value.dtype).kind in "iu"):
        return int(np.asarray(value)[()])
    if isinstance(value, jax.Array) and not _is_weak(value):
        return tracing.cast(value, Aval(tuple(value.shape), value.dtype, True))
    return value


def run_time(rec: Recipe, values) -> object:
    """The object `rec` describes, with the run-time `values` (a sequence) of its tracers."""
    return rec.build(iter(values))
