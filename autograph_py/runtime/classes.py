"""User classes that converted code builds, or calls a method of.

`cls(...)` is `object.__new__(cls)` and then the class's own `__init__`, converted (a
traced `if` in it), where that is all `type.__call__` would do. The operator methods
and property getters that Python calls without a call in the code (`a * b`, `a < b`,
`if a:`, `a.area`) are calls converted code never sees: the first time it meets a
class, each one the class and its user-code bases define is replaced by a wrapper
that runs the converted method while a JAX trace runs, and the original otherwise.
"""
from __future__ import annotations

import functools
import sys
import types

from autograph_py.runtime import reach
from autograph_py.runtime.dispatch import in_trace, is_traced

# The methods Python calls for operators, truth, length, items, iteration and `with`.
OPERATORS = frozenset(
    f"__{n}__" for n in (
        "add radd iadd sub rsub isub mul rmul imul truediv rtruediv itruediv floordiv "
        "rfloordiv ifloordiv mod rmod imod pow rpow ipow matmul rmatmul imatmul neg pos abs "
        "invert and rand or ror xor rxor lshift rlshift rshift rrshift lt le gt ge eq ne "
        "bool len getitem setitem delitem contains iter next call enter exit").split())

_MARK = "__ag_operators__"   # in a class's own __dict__ once its methods are wrapped


def builds_by_init(cls, is_user_code) -> bool:
    """Whether `cls(...)` is `object.__new__(cls)` then its own `__init__`, user code."""
    init = getattr(cls, "__init__", None)
    return (isinstance(init, types.FunctionType) and cls.__new__ is object.__new__
            and not init.__code__.co_filename.startswith("<")   # a dataclass's: no source
            and is_user_code(init))


def prepared(cls, call, is_user_code) -> bool:
    """Before `cls(...)`: its operator methods wrapped (a plain user class; one with no
    `__init__` of its own too: `with Timer():`); whether it builds by its `__init__`."""
    if builds_by_init(cls, is_user_code):
        return True
    convert_operators(cls, call, is_user_code)
    return False


def construct(cls, args, kwargs, call, is_user_code):
    """`cls(*args, **kwargs)` with its `__init__` converted; `call` is converted_call."""
    convert_operators(cls, call, is_user_code)
    obj = object.__new__(cls)
    out = call(cls.__init__.__get__(obj, cls), args, kwargs)
    if out is not None:
        raise TypeError(f"__init__() should return None, not '{type(out).__name__}'")
    return obj


def convert_operators(cls, call, is_user_code) -> None:
    """Wraps the operator methods and property getters of `cls` and its bases: plain
    classes of user code only (a library's base or metaclass, an Equinox or Flax module,
    binds its methods its own way)."""
    if _MARK in cls.__dict__ or not _plain(cls):
        return
    for klass in cls.__mro__:
        if klass is object or _MARK in klass.__dict__:
            continue
        try:
            setattr(klass, _MARK, True)
        except (TypeError, AttributeError):   # a builtin or extension type
            continue
        for name, attr in list(vars(klass).items()):
            if name in OPERATORS and isinstance(attr, types.FunctionType) and is_user_code(attr):
                setattr(klass, name, _while_tracing(attr, call))
            elif (type(attr) is property and isinstance(attr.fget, types.FunctionType)
                  and is_user_code(attr.fget)):
                setattr(klass, name, property(_while_tracing(attr.fget, call), attr.fset,
                                              attr.fdel, attr.__doc__))


def _plain(cls) -> bool:
    return all(type(k) is type and (k is object or (
        k.__module__ or "").partition(".")[0] not in _NOT_USER) for k in cls.__mro__)


_NOT_USER = reach.LIBRARIES | frozenset(getattr(sys, "stdlib_module_names", ()))


def truth(obj):
    """The truth of `obj` where its class's wrapped `__bool__` or `__len__` gives a traced
    value (Python's `bool()` would refuse it), else None: Python's own truth applies."""
    cls = type(obj)
    if _MARK not in cls.__dict__ or not in_trace():
        return None
    for name in ("__bool__", "__len__"):
        method = getattr(cls, name, None)
        if method is not None:
            out = method(obj)
            if not is_traced(out):
                return bool(out)
            return out if name == "__bool__" else out != 0
    return None


def _while_tracing(fn, call):
    @functools.wraps(fn)
    def method(*args, **kwargs):
        if in_trace():
            return call(fn, args, kwargs)
        return fn(*args, **kwargs)
    method.__ag_operator__ = fn   # converted code calling the wrapper converts fn
    return method


def original(fn):
    """The user's method that `fn` wraps, or `fn`."""
    return getattr(fn, "__ag_operator__", fn)
