"""The public API: function, convert, to_code, do_not_convert, set_loop_options."""
from __future__ import annotations

import functools
import types
import weakref
from typing import (Any, Callable, ContextManager, Iterable, ParamSpec, TypeVar, Union,
                    overload)

import jax

from autograph_py import ag__, compiled, config, errors
from autograph_py.compiled import Function
from autograph_py.compiler import fence, pipeline
from autograph_py.runtime import calls, transforms

P = ParamSpec("P")
R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., Any])
Modules = Union[str, Iterable[str]]

# The compiler and the runtime do not import each other: generated code gets the
# runtime as `ag__`, and the runtime's converted_call converts through the pipeline.
pipeline.use_runtime(ag__)
calls.use_converter(pipeline.converted_or_none, pipeline.is_converted_code)


def convert(fn: Callable[P, R], *, strict: bool | None = None,
            include: Modules = ()) -> Callable[P, R]:
    """The converted version of `fn`, not jitted; traceable by jit, grad, vmap.

    Python values keep Python semantics; traced values in `if`/`while`/`for`
    and the other converted constructs become `jax.lax` programs. A function
    whose source cannot be read (a builtin, a C function, one made by `exec`)
    is returned as it is, with one warning; with `strict=True` or in global
    strict mode that is an error, for `fn` and for every function it calls.
    `include` names library modules (`"mylib"`, `"equinox.nn"`) whose functions
    are converted, for `fn` and what it calls, though libraries are not by default.
    """
    include = _modules(include)
    if isinstance(fn, types.MethodType):
        return types.MethodType(convert(fn.__func__, strict=strict, include=include),
                                fn.__self__)
    if isinstance(fn, functools.partial):
        return functools.partial(convert(fn.func, strict=strict, include=include), *fn.args,
                                 **fn.keywords)
    if isinstance(fn, Function):
        fn = fn.__wrapped__
    if transforms.is_transforming(fn):   # jax.jit(f), jax.vmap(f), ...: the same wrapper around f converted
        with config.scope(bool(strict), include):
            rebuilt = calls.converting(fn, True)
        if rebuilt is not None:   # (as it is: a plain function around it looks, to
            # Equinox, like a JAX transform of a module's arrays, and it warns)
            return _scoped(rebuilt, strict, include) if strict or include else rebuilt
    if not isinstance(fn, types.FunctionType):
        call = getattr(type(fn), "__call__", None)
        if not callable(fn):
            raise TypeError(f"autograph_py.convert expects a function, got {type(fn).__name__}")
        if isinstance(call, types.FunctionType) and not isinstance(fn, type):
            return types.MethodType(convert(call, strict=strict, include=include), fn)  # an object
        pipeline.run_unconverted(fn, _not_python(fn), strict=bool(strict))
        return fn
    if getattr(fn, "__ag_do_not_convert__", False):
        return fn
    if getattr(fn, "__ag_converted__", False) or pipeline.is_converted_code(fn.__code__):
        return pipeline.distinct(fn)   # its own object for each convert (a jit's cache key)
    fence.refuse_generator(fn)
    with config.scope(bool(strict), include):
        converted = pipeline.converted_or_none(fn, strict=bool(strict))
    if converted is None:
        return fn
    entry = pipeline.entry(converted)   # its own object; a value None on some runs is checked
    return _scoped(entry, strict, include) if strict or include else entry


def _not_python(fn) -> str:
    kind = type(fn).__name__
    if isinstance(fn, (types.BuiltinFunctionType, types.BuiltinMethodType)):
        return f"it is a builtin or C function ({kind}), with no Python source"
    return f"it is a {kind}, not a Python function"


def _modules(include: Modules) -> tuple[str, ...]:
    include = (include,) if isinstance(include, str) else tuple(include)
    for name in include:
        if not isinstance(name, str) or not name:
            raise TypeError(f"include= takes module names, got {name!r}")
    return include


def _scoped(converted, strict, include):
    """`converted`, calling which converts its callees strictly and with `include`."""
    @functools.wraps(converted)
    def scoped_call(*args, **kwargs):
        with config.scope(bool(strict), include):
            return converted(*args, **kwargs)
    scoped_call.__ag_converted__ = True
    return scoped_call


@overload
def function(fn: Callable[P, R], /, *, strict: bool | None = None, include: Modules = (),
             **jit_options: Any) -> Function[P, R]: ...
@overload
def function(fn: None = None, /, *, strict: bool | None = None, include: Modules = (),
             **jit_options: Any) -> Callable[[Callable[P, R]], Function[P, R]]: ...
def function(fn: Callable[P, R] | None = None, /, *, strict: bool | None = None,
             include: Modules = (), **jit_options: Any) -> Any:
    """Decorator: convert `fn`, then `jax.jit` it with `jit_options`.

    Usable bare (`@function`) or with options (`@function(static_argnums=1)`);
    every `jax.jit` keyword is forwarded. Conversion happens at the first
    call. With `run_functions_eagerly(True)` the original Python runs instead.
    On a method, the instance is bound before jit (its attributes are
    constants of the compiled program), one compiled function per instance.
    `strict` and `include` are `convert`'s. Given a `jax.jit` object, it converts
    the function inside with that jit's options (the ones given here win).
    """
    if fn is None:
        return lambda f: function(f, strict=strict, include=include, **jit_options)
    if isinstance(fn, Function):
        fn = fn.__wrapped__
    if transforms.is_jit(fn):   # function(jax.jit(f, ...))
        fn, jit_options = fn._fun, {**compiled.jit_options_of(fn), **jit_options}
    compiled.check_jit_options(fn, jit_options)
    return Function(fn, (strict, _modules(include)), jit_options, convert)


def to_code(fn: Callable[..., Any]) -> str:
    """The converted source of `fn` (or of the function a `@function` wraps).

    The text is also registered in `linecache`, under a name of the form
    `<autograph_py QUALNAME from FILE:LINE>`, for tools that read sources
    from there. The converted code itself reports your file and lines.
    """
    return pipeline.to_code(_source_function(fn))


def _source_function(fn):
    """The Python function whose conversion `to_code` shows for `fn`.

    Wrappers are looked through: `@function` and converted functions, bound
    methods, `functools.partial`, a callable object (its `__call__`), and
    other wrappers that name a function in `__wrapped__` (`jax.jit`).
    """
    while True:
        if isinstance(fn, Function) or getattr(fn, "__ag_converted__", False):
            fn = fn.__wrapped__
        elif isinstance(fn, types.MethodType):
            fn = fn.__func__
        elif isinstance(fn, functools.partial):
            fn = fn.func
        else:
            break
    if isinstance(fn, types.FunctionType):
        return fn
    if not callable(fn):
        raise TypeError(f"autograph_py.to_code expects a function, got {type(fn).__name__}")
    if isinstance(fn, type):
        raise errors.SourceUnavailableError(
            fn, "it is a class; pass one of its methods (C.method) instead")
    call = getattr(type(fn), "__call__", None)
    if isinstance(call, types.FunctionType):
        return call
    wrapped = getattr(fn, "__wrapped__", None)
    if isinstance(wrapped, types.FunctionType):
        return wrapped
    raise errors.SourceUnavailableError(fn, _not_python(fn))


@overload
def do_not_convert(fn: F) -> F: ...
@overload
def do_not_convert(fn: None = None) -> ContextManager[None]: ...
def do_not_convert(fn: Any = None) -> Any:
    """Marks `fn` so converted code calls it as it is.

    Without a function, a context manager: `with do_not_convert(): ...` calls
    what the code inside calls as it is (its own statements are still converted,
    and on Python values they are plain Python).
    """
    if fn is None:
        return config.calls_as_is()
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

    Options, each a Python int: `unroll` (for loops lowered to `lax.scan`; a bool
    too), `maximum_iterations` (a `while` loop runs at most this many times: a
    guarded `lax.scan`), `checkpoints` (K >= 2: states kept per level by the
    reverse sweep that differentiates a loop with a traced trip count; README,
    "Gradients through loops"). TensorFlow's `parallel_iterations`, `swap_memory`
    and `shape_invariants` are accepted and do nothing.
    """
    del options
