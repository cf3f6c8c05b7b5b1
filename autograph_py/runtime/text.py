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
from autograph_py.runtime import picked
from autograph_py.runtime.dispatch import in_trace, is_traced
from autograph_py.runtime.recipes import Recipe, recipe, run_time  # noqa: F401 - text's names

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
        return picked.each(lambda *a, **k: deferred(fn, *a, **k), args, kwargs, pure=True)
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
# A str's other methods: given text made from traced values (`"a-b".replace("-", str(x))`),
# their text is made at run time too, or their data is an error (`s.startswith(str(x))`).
TEXT_ARGUMENT_METHODS = frozenset(_TEXT_RESULTS + _DATA_RESULTS) - {"__iter__", "__getitem__"}


def str_method(self: str, name: str):
    """A bound method of the str `self` (`"x={}".format`, `", ".join`, `.replace`): with
    traced arguments, or text made from them, a Text (or an error for data, as a Text's)."""
    method = STR_METHODS.get(name) or getattr(str, name)

    def call(*args, **kwargs):
        if name == "join" and len(args) == 1 and not kwargs:
            args = (list(args[0]),)   # map(str, xs), a generator: its items are the pytree
        if name not in STR_METHODS:
            if not in_trace():
                return method(self, *args, **kwargs)   # (no recipe walk on Python's path)
            _, arrays = recipe((args, kwargs))
            if not arrays and picked.find(args) is None:
                return method(self, *args, **kwargs)   # Python's own
            made = next((a for a in args if isinstance(a, Text)), None)
            if name in _DATA_RESULTS and made is not None:
                raise data_dependent(f"`{name.strip('_')}` of text", made)
        return deferred(method, self, *args, **kwargs)
    return call


def picked_str_call(v, name: str, args, kwargs):
    """`v.name(*args, **kwargs)` of one str a traced condition may pick (picked.Picked)."""
    if name == "__mod__":
        return str_mod(v, *args)
    if isinstance(v, str) and (name in STR_METHODS or name in TEXT_ARGUMENT_METHODS):
        return str_method(v, name)(*args, **kwargs)
    return getattr(v, name)(*args, **kwargs)


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


picked.Picked.str_call = picked_str_call
