"""Text made from traced values: `str`, `repr`, `format`, `%`, `str.format`, `+` and f-strings.

A tracer's value is known only when the compiled program runs, so text made
from one is deferred: a `Text` is a str (what it shows at trace time) that
also holds how to make the text again from run-time values,

    t = str_mod("i=%d", i)         # i traced: Text; a Python i: the str "i=3"
    t.arrays                       # [i], the tracers it needs
    t.recipe.build(iter([3]))      # "i=3", as Python's own `"i=%d" % 3`

`print_`, `assert_stmt` and `raise_stmt` hand `arrays` to a run-time callback
and `build` the text there with the concrete values, so every format spec
means what Python gives on the concrete value. Outside any trace there are
no tracers and every operator here is Python's own.
"""
from __future__ import annotations

import builtins

import jax
import numpy as np

from autograph_py import errors
from autograph_py.lowering import tracing
from autograph_py.runtime import picked, reach
from autograph_py.runtime.dispatch import in_trace, is_traced
from autograph_py.lowering.plans import Aval

_SLOT = object()        # where a traced value goes in a recipe's leaves
_WEAK_SLOT = object()   # ...one whose type is weak (a Python scalar's): its repr says so


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
        leaves = [next(values) if l is _SLOT else _weak(next(values)) if l is _WEAK_SLOT else l
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
    return Recipe(fn, tree, [(_WEAK_SLOT if _is_weak(l) else _SLOT) if is_traced(l) else l
                             for l in leaves]), arrays


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


def _opened(v, depth=0):
    """`v` with each user object in it that holds a traced value as an _Opened, through
    tuples, lists, dicts and objects."""
    if depth > 6 or is_traced(v) or isinstance(v, (str, int, float, complex)):
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


class Text(str):
    """Text from traced values: its trace-time text, and its recipe for run time.

    `+`, `%` and `.format` on it give a Text again. Anything else sees the
    trace-time text, in which each tracer shows as itself. A Text is a
    pytree of its values, so it can be the state of a traced `if` or loop
    and the output of a jitted function: made again from concrete values
    it is their text.
    """

    def __new__(cls, rec: Recipe, arrays: list):
        if not any(is_traced(a) for a in arrays):
            shown = _concrete_text(rec, arrays)
        else:
            _probe(rec, arrays)
            try:
                shown = rec.build(iter([_Shown(a) for a in arrays]))
            except (TypeError, ValueError):   # "%d" of a placeholder: the tracers themselves
                shown = " ".join(str(a) for a in arrays)
        self = super().__new__(cls, shown)
        self.recipe, self.arrays = rec, list(arrays)
        return self

    # str's own methods, not the operators: made from concrete values, a
    # Text is one again, and `+` on it would come back here.
    def __add__(self, other):
        return deferred(_concat, self, other) if isinstance(other, str) else NotImplemented

    def __radd__(self, other):
        return deferred(_concat, other, self) if isinstance(other, str) else NotImplemented

    def __mod__(self, values):
        return deferred(str.__mod__, self, values)

    def format(self, *args, **kwargs):
        return deferred(str.format, self, *args, **kwargs)

    def __reduce__(self):   # for copy: str's own would call Text(text)
        return Text, (self.recipe, self.arrays)


# str's methods whose result is text: on a Text, a Text made at run time too.
_TEXT_RESULTS = ("capitalize", "casefold", "center", "expandtabs", "ljust", "lower", "lstrip",
                 "removeprefix", "removesuffix", "replace", "rjust", "rstrip", "strip",
                 "swapcase", "title", "translate", "upper", "zfill", "__getitem__", "__mul__",
                 "__rmul__")
# Those whose result is a number, a truth or a list, which depends on the run-time text.
_DATA_RESULTS = ("count", "find", "index", "rfind", "rindex", "startswith", "endswith",
                 "isalnum", "isalpha", "isascii", "isdecimal", "isdigit", "isidentifier",
                 "islower", "isnumeric", "isprintable", "isspace", "istitle", "isupper",
                 "split", "rsplit", "splitlines", "partition", "rpartition", "encode",
                 "__iter__", "__contains__")


def _text_method(name):
    method = getattr(str, name)

    def call(self, *args, **kwargs):
        return deferred(method, self, *args, **kwargs)
    call.__name__ = name
    return call


def _data_method(name):
    def call(self, *args, **kwargs):
        raise data_dependent(f"`{name.strip('_')}` of text", self)
    call.__name__ = name
    return call


# Comparisons and hashing: of text made from traced values, they depend on the run-time
# text too (`str(x) == "1.0"`); of a Text made from concrete values, str's.
_COMPARED = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__")


def _compared(name):
    method = getattr(str, name)

    def call(self, *args):
        if any(is_traced(a) for a in self.arrays) or any(
                isinstance(o, Text) and any(is_traced(a) for a in o.arrays) for o in args):
            raise data_dependent("a comparison of text" if name != "__hash__" else
                                 "the hash of text", self)
        return method(self, *args)
    call.__name__ = name
    return call


for _name in _TEXT_RESULTS:
    setattr(Text, _name, _text_method(_name))
for _name in _DATA_RESULTS:
    setattr(Text, _name, _data_method(_name))
for _name in _COMPARED:
    setattr(Text, _name, _compared(_name))


def data_dependent(what: str, t: "Text"):
    """The error for a number, truth or list computed from text made of traced values."""
    return errors.ConcreteValueError(errors.message(
        f"{what} made from traced values depends on their run-time values ({t!s} while "
        "tracing), and a compiled program needs it now",
        at=errors.where(),
        fix="Compute it from the values themselves (an array, a comparison), or print the "
            "text, which is made when the program runs."))


def len_(obj):
    """`len(x)`; of text made from traced values, an error (its length depends on them)."""
    if isinstance(obj, Text) and obj.arrays and any(is_traced(a) for a in obj.arrays):
        raise data_dependent("the length of text", obj)
    return builtins.len(obj)


def _concat(a: str, b: str) -> str:
    return "".join((a, b))


def _concrete_text(rec: Recipe, values: list) -> str:
    try:
        return rec.build(iter(values))
    except (TypeError, ValueError):
        # JAX made the pytree again from stand-ins (shapes, say), not values.
        return " ".join(str(v) for v in values)


jax.tree_util.register_pytree_node(Text, lambda t: (t.arrays, t.recipe),
                                   lambda rec, arrays: Text(rec, arrays))


class _Shown:
    """A tracer in a Text's trace-time text."""
    __slots__ = ("tracer",)

    def __init__(self, tracer):
        self.tracer = tracer

    def __str__(self):
        return str(self.tracer)

    __repr__ = __str__

    def __format__(self, spec):
        return str(self.tracer)


def _probe(rec: Recipe, arrays: list) -> None:
    """Makes the text from zeros of the tracers' types: Python's own error, now, if it cannot.

    (Too few values for a `%` format, `%d` of a vector, `:d` of a float.) At
    run time, in a callback, the same error would be a JAX runtime error.
    """
    zeros = []
    for a in arrays:
        if jax.dtypes.issubdtype(a.dtype, jax.dtypes.extended):
            return   # a PRNG key, say: no NumPy zeros to try it with
        zeros.append(np.zeros(a.shape, a.dtype))
    rec.build(iter(zeros))


def deferred(fn, *args, **kwargs):
    """`fn(*args, **kwargs)`, or a Text that makes it at run time if an argument is traced.

    Arguments are pytrees; a Text among them is made first, at run time too. A str a
    traced condition picks (runtime/picked.py) gives the text of each, picked.
    """
    if picked.find(args) is not None:
        return picked.each(lambda *a, **k: deferred(fn, *a, **k), args, kwargs, joined)
    if not in_trace():
        return fn(*args, **kwargs)
    rec, arrays = recipe((args, kwargs), fn)
    return Text(rec, arrays) if arrays else fn(*args, **kwargs)


def joined(pred, a, b):
    """Two texts a traced condition picks between, as one value where a Picked cannot hold
    them: where one is made from traced values (`f"{'big' if x > 1 else 'small'}: {x}"`),
    a Text that picks when the program runs; two exceptions of one class whose messages
    differ (`ValueError("neg" if x < -1 else "small")`), one with such a message. Two
    plain strs: None (a Picked, which compares and indexes a dict as a str does)."""
    if isinstance(a, str) and isinstance(b, str):
        return deferred(_chosen, pred, a, b) if isinstance(a, Text) or isinstance(
            b, Text) else None
    if not (isinstance(a, BaseException) and type(a) is type(b) and len(a.args) == len(
            b.args) and not vars(a) and not vars(b)):
        return None
    args = [x if x is y else deferred(_chosen, pred, x, y) for x, y in zip(a.args, b.args)]
    if not all(x is y or isinstance(x, str) and isinstance(y, str)
               for x, y in zip(a.args, b.args)):
        return None
    return type(a)(*args)


def _chosen(pred, a, b):
    return a if pred else b


picked.Picked.joined = joined


def str_(*args, **kwargs):
    """`str(x)`; of a traced `x`, its run-time text."""
    if len(args) == 1 and not kwargs:
        if isinstance(args[0], Text):
            return args[0]
        return deferred(builtins.str, args[0])
    return builtins.str(*args, **kwargs)


def repr_(obj):
    """`repr(x)`; of a traced `x`, its run-time text."""
    return deferred(builtins.repr, obj)


def format_(value, spec=""):
    """`format(x, spec)`; of a traced `x`, the run-time value formatted as Python does."""
    return deferred(builtins.format, value, spec)


STR_METHODS = {"format": str.format, "join": str.join}


def str_method(self: str, name: str):
    """`self.format` or `self.join` (bound methods of a str): with traced arguments, a Text."""
    method = STR_METHODS[name]

    def call(*args, **kwargs):
        if name == "join" and len(args) == 1 and not kwargs:
            args = (list(args[0]),)   # map(str, xs), a generator: its items are the pytree
        return deferred(method, self, *args, **kwargs)
    return call


def str_mod(left, right):
    """`left % right`; printf-style formatting of traced values gives a Text.

    Generated code calls it where the left operand is a string literal or
    an f-string; any other left operand gets Python's `%`.
    """
    if isinstance(left, str):
        return deferred(str.__mod__, left, right)
    return left % right


def fstring(fmt: str, values: tuple) -> str:
    """`fmt.format(*values)`, the f-string's text; a Text if a value is traced; a Picked of
    two texts if a value is a str a traced condition picks."""
    return deferred(str.format, fmt, *values)


def run_time(rec: Recipe, values) -> object:
    """The object `rec` describes, with the run-time `values` (a sequence) of its tracers."""
    return rec.build(iter(values))
