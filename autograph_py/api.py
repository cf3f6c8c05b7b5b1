"""The public API: function, convert, to_code, do_not_convert, set_loop_options."""
from __future__ import annotations

import functools
import types
from typing import Any, Callable

import jax

from autograph_py import config
from autograph_py.core import transpiler


def convert(fn: Callable, *, strict: bool | None = None) -> Callable:
    """The converted version of `fn`, not jitted; traceable by jit, grad, vmap.

    Python values keep Python semantics; traced values in `if`/`while`/`for`
    and the other converted constructs become `jax.lax` programs. A function
    whose source cannot be read is returned as it is, with one warning (an
    error with `strict=True` or in global strict mode).
    """
    if isinstance(fn, types.MethodType):
        return types.MethodType(convert(fn.__func__, strict=strict), fn.__self__)
    if isinstance(fn, functools.partial):
        return functools.partial(convert(fn.func, strict=strict), *fn.args, **fn.keywords)
    if not isinstance(fn, types.FunctionType):
        raise TypeError(f"autograph_py.convert expects a Python function, got {type(fn).__name__}")
    if getattr(fn, "__ag_converted__", False) or getattr(fn, "__ag_do_not_convert__", False):
        return fn
    converted = transpiler.converted_or_none(fn, strict=bool(strict))
    return fn if converted is None else converted


def function(fn: Callable | None = None, /, *, strict: bool | None = None,
             **jit_options: Any) -> Callable:
    """Decorator: convert `fn`, then `jax.jit` it with `jit_options`.

    Usable bare (`@function`) or with options (`@function(static_argnums=1)`);
    every `jax.jit` keyword is forwarded. Conversion happens at the first
    call. With `run_functions_eagerly(True)` the original Python runs instead.
    """
    if fn is None:
        return lambda f: function(f, strict=strict, **jit_options)
    if hasattr(fn, "__ag_function__"):
        fn = fn.__wrapped__
    jitted = None
    flags = config._global

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        nonlocal jitted
        if flags["eager"]:
            return fn(*args, **kwargs)
        if jitted is None:
            jitted = jax.jit(convert(fn, strict=strict), **jit_options)
        return jitted(*args, **kwargs)

    wrapper.__ag_function__ = True
    return wrapper


def to_code(fn: Callable) -> str:
    """The converted source of `fn` (or of the function a `@function` wraps)."""
    while hasattr(fn, "__wrapped__") and not isinstance(fn, types.FunctionType) \
            or getattr(fn, "__ag_function__", False) or getattr(fn, "__ag_converted__", False):
        fn = fn.__wrapped__
    if isinstance(fn, types.MethodType):
        fn = fn.__func__
    return transpiler.to_code(fn)


def do_not_convert(fn: Callable) -> Callable:
    """Marks `fn` so converted code calls it as it is."""
    try:
        fn.__ag_do_not_convert__ = True
        return fn
    except (AttributeError, TypeError):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return fn(*args, **kwargs)
        wrapper.__ag_do_not_convert__ = True
        return wrapper


def set_loop_options(**options: Any) -> None:
    """As the first statement of a loop, sets that loop's options; does nothing eagerly.

    Options: `unroll` (int, for loops lowered to `lax.scan`),
    `maximum_iterations` (int, a `while` loop runs at most this many times).
    """
    del options
