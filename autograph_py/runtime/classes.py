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

import jax
import numpy as np

from autograph_py import errors
from autograph_py.runtime import reach, text, undefined
from autograph_py.runtime.dispatch import in_trace, is_traced

# The methods Python calls for operators, truth, length, items, iteration and `with`.
OPERATORS = frozenset(
    f"__{n}__" for n in (
        "add radd iadd sub rsub isub mul rmul imul truediv rtruediv itruediv floordiv "
        "rfloordiv ifloordiv mod rmod imod pow rpow ipow matmul rmatmul imatmul neg pos abs "
        "invert and rand or ror xor rxor lshift rlshift rshift rrshift lt le gt ge eq ne "
        "bool len getitem setitem delitem contains iter next call enter exit "
        # ... and those it calls for attributes: a missing one, any write (a class's own
        # `__setattr__`), a descriptor's; a dataclass's generated `__init__` calls
        # `__post_init__`; `float(x)`, `int(x)` (runtime/numeric.py)
        "getattr setattr delattr get set delete post_init float int index complex").split())

_MARK = "__ag_operators__"   # in a class's own __dict__ once its methods are wrapped


_USE = {}   # "call": converted_call, "is_user_code": its test (runtime/calls.py, use())


def use(call, is_user_code, is_converted) -> None:
    _USE.update(call=call, is_user_code=is_user_code, is_converted=is_converted)


def builds_by_init(cls, is_user_code) -> bool:
    """Whether `cls(...)` is `object.__new__(cls)` then its own `__init__`, user code."""
    init = getattr(cls, "__init__", None)
    return (isinstance(init, types.FunctionType) and cls.__new__ is object.__new__
            and not init.__code__.co_filename.startswith("<")   # a dataclass's: no source
            and is_user_code(init))


def prepared(cls) -> bool:
    """Before `cls(...)`: its operator methods wrapped (a plain user class; one with no
    `__init__` of its own too: `with Timer():`); whether it builds by its `__init__`."""
    if builds_by_init(cls, _USE["is_user_code"]):
        return True
    convert_operators(cls)
    return False


def construct(cls, args, kwargs):
    """`cls(*args, **kwargs)` with its `__init__` converted (by converted_call)."""
    convert_operators(cls)
    obj = object.__new__(cls)
    out = _USE["call"](cls.__init__.__get__(obj, cls), args, kwargs)
    if out is not None:
        raise TypeError(f"__init__() should return None, not '{type(out).__name__}'")
    return obj


def convert_operators(cls) -> None:
    """Wraps the operator methods and property getters of `cls` and its bases: plain
    classes of user code only (a library's base or metaclass, an Equinox or Flax module,
    binds its methods its own way)."""
    if _MARK in cls.__dict__ or not _plain(cls):
        return
    call, is_user_code = _USE["call"], _USE["is_user_code"]
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
            elif type(attr) is property:   # its getter, setter and deleter
                setattr(klass, name, property(*(
                    _while_tracing(f, call) if isinstance(f, types.FunctionType)
                    and is_user_code(f) else f for f in (attr.fget, attr.fset, attr.fdel)),
                    attr.__doc__))
            elif _plain(type(attr)) and hasattr(type(attr), "__set__"):   # a descriptor
                convert_operators(type(attr))


@functools.lru_cache(maxsize=1024)
def written_by_code(cls, key) -> bool:
    """Whether `obj.key = v` runs code of a plain user class `cls` (a property's setter, a
    descriptor's `__set__`, its own `__setattr__`); if so, that code is wrapped first, so
    that a traced construct watches what it changes, as it does a callee's change."""
    if not _plain(cls):
        return False
    if cls.__setattr__ is object.__setattr__:
        d = next((k.__dict__[key] for k in cls.__mro__ if key in k.__dict__), None)
        if not hasattr(type(d), "__set__") or isinstance(
                d, (types.MemberDescriptorType, types.GetSetDescriptorType)):   # (__slots__)
            return False
    convert_operators(cls)
    return True


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


def contains(container, x):
    """`x in container` where the class's own (converted) `__contains__` gives a traced
    value: that value, as a bool (Python's `in` would refuse its truth); None where
    Python's `in` applies as it is (no plain user class, no trace)."""
    cls = type(container)
    if not in_trace() or not _plain(cls) or getattr(cls, "__contains__", None) is None:
        return None
    convert_operators(cls)
    out = cls.__contains__(container, x)
    return out.astype(bool) if is_traced(out) else bool(out)


def own_number(x, kind: str):
    """`x` made a number by its class's own `__float__`/`__int__`/`__index__` where that
    gives a traced value (Python's `float()` would refuse an array); a clear error for
    text made from a traced value, known only when the program runs; else `x`."""
    if isinstance(x, text.Text):
        raise errors.ConcreteValueError(errors.message(
            f"{kind}() parses text made from a traced value ({x!r}), whose characters are "
            "known only when the compiled program runs", at=errors.where(3),
            fix="Compute the number from the values themselves (digits: sum of d * base ** "
                "i), not from their text."))
    if not in_trace() or is_traced(x) or isinstance(
            x, (int, float, complex, str, bytes, jax.Array, np.ndarray, np.generic)):
        return x
    convert_operators(type(x))   # (its methods run converted: a plain user class)
    for name in ("__float__", "__int__", "__index__") if kind == "float" else (
            "__int__", "__index__", "__float__"):
        method = getattr(type(x), name, None)
        if method is not None:
            out = method(x)
            return out if is_traced(out) else x
    return x


def python_order(fn_name, order):
    """`order()`, Python's own ordering of items that hold no array: a clear error where
    their class's own comparison (`__lt__` on a traced attribute) gives a traced value."""
    try:
        return order()
    except jax.errors.TracerBoolConversionError:
        raise errors.ConcreteValueError(errors.message(
            f"{fn_name}() orders objects whose own comparison (`__lt__`, `__gt__`) gives a "
            f"traced value, and Python's {fn_name}() needs the truth of each comparison "
            "while the function is traced", at=errors.where(3),
            fix="Order by the traced values themselves: put them in one array and pick "
                "with jnp.argmax / jnp.argsort, or compare them with `if`.")) from None


def _while_tracing(fn, call):
    """`fn`, converted where converted code (or the runtime for it: `sorted`, `max`) calls
    it while JAX traces; as written elsewhere (a plain `jax.jit` of unconverted code
    meets it as Python would, whatever converted code did with the class before)."""
    @functools.wraps(fn)
    def method(*args, **kwargs):
        if in_trace() and _from_converted(sys._getframe(1)):
            return call(fn, args, kwargs)
        return fn(*args, **kwargs)
    method.__ag_operator__ = fn   # converted code calling the wrapper converts fn
    return method


_WRAPPER_CODE = _while_tracing(print, None).__code__


def _from_converted(frame) -> bool:
    while frame is not None and (frame.f_globals.get("__name__", "").startswith("jax")
                                 or frame.f_code.co_filename.startswith("<")):
        frame = frame.f_back   # (jnp's operators, a dataclass's __init__: who called them)
    return frame is not None and (_USE["is_converted"](frame.f_code) or frame.f_globals.get(
        "__name__", "").startswith("autograph_py"))


def original(fn):
    """The user's method that `fn` wraps, or `fn`. Only a wrapper of _while_tracing's own:
    JAX's wraps() copies a function's __dict__ onto what jax.grad(obj) returns, mark
    included (it then lost `self`: corpus_hunt_transforms)."""
    inner = getattr(fn, "__ag_operator__", None)
    return inner if inner is not None and getattr(fn, "__code__", None) is _WRAPPER_CODE else fn


undefined.written_by_code = written_by_code   # (load_part: a setter's attribute)
