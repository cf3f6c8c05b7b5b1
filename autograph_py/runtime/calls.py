"""Calls from converted code: convert user functions on the fly, leave libraries alone.

    y = helper(x, k=2)   ==>   y = ag__.converted_call(helper, (x,), {'k': 2})
"""
from __future__ import annotations

import builtins
import contextlib
import functools
import inspect
import sys
import threading
import types
import weakref

from jax.errors import TracerBoolConversionError

from autograph_py import config, errors, stack as frames
from autograph_py.runtime import builtins as ag_builtins, raises as ag_raises
from autograph_py.runtime.dispatch import (CONCRETIZATION_ERRORS, holds_traced, in_trace,
                                          raised_by_jax)
from autograph_py.runtime import (classes, closures, conditionals, failures, iterables,
                                  leaks, mutations, nnx, numeric, optional, picked, reach,
                                  returns, trace_log, transforms, undefined, written_back)

_STDLIB = frozenset(getattr(sys, "stdlib_module_names", ())) | {"builtins"}


# The compiler's converter, `fn -> converted function or None`: the package wires it
# (use_converter), so the runtime does not import the compiler.
_CONVERTER = [lambda fn: None, lambda code: False]


def use_converter(convert, is_converted_code) -> None:
    _CONVERTER[:] = convert, is_converted_code
    classes.use(converted_call, _is_user_code, is_converted_code)   # for wrapped methods
    picked.Picked.call = converted_call   # a call from code that is not converted
    picked.Picked.stage = failures.stage


def _convert(fn):
    return _CONVERTER[0](fn)


def converted_call(f, args, kwargs=None):
    """Calls `f(*args, **kwargs)`, converting `f` first if it is user code: functions, lambdas,
    closures, bound methods, objects whose `__call__` is; `functools.partial` is unwrapped; a
    function a traced condition picked (runtime/picked.py) is both, under the condition.
    Called as they are: builtins (but those runtime/builtins.py overrides), functions of jax,
    numpy, the stdlib, jitted functions, classes, anything `do_not_convert`."""
    kwargs = {} if kwargs is None else kwargs
    if type(f) is picked.Picked:   # each function it may be, under its condition
        return f.apply(lambda g: converted_call(g, args, kwargs))
    if type(f) is numeric.NUMPY_FUNCTION and f in numeric.SHAPE_LIKE:   # np.zeros_like(x)
        return numeric.SHAPE_LIKE[f](*args, **kwargs)
    if _is_builtin(f):   # (a builtin is safe to hash: _is_builtin tested its type)
        args, kwargs = ag_builtins.functions_as_called(f, args, kwargs)   # map(str, xs)
        if ag_builtins.picks_among(f, args):   # `repr(mode)`, a str a traced `if` picks
            return ag_builtins.each_picked(f, args, kwargs)
        override = ag_builtins.override(f)
        if override is not None:
            if f not in _SHOWS_NONE:
                args, kwargs = optional.values_in(f, args, kwargs)
            return override(*args, **kwargs)
        if f in _ASKS_ITS_TYPE:
            optional.refuse_type_question(f, args)
        if f in _SETS_ATTRIBUTES and args and mutations.watching():
            snap = reach.snapshot(args[:1])   # `setattr(o, "c", x)` is `o.c = x`: watched
            out = f(*args, **kwargs)
            mutations.record(snap)
            return out
    if config.calling_as_is():   # inside `with do_not_convert():`
        trace_log.record("call", "called as is", "inside `with do_not_convert()`")
        return f(*args, **kwargs)
    if type(f) is type and classes.prepared(f):
        return classes.construct(f, args, kwargs)
    target = _target(f)
    if target is None:
        if mutations.watching() and mutations.container_mutator(f) is not None:
            return _container_method(f, args, kwargs)
        if transforms.involves_user_code(f):
            return _call_library(f, args, kwargs)
        if trace_log.listening():
            trace_log.record("call", "called as is", _why_as_is(f))
        return _call_as_is(ag_builtins.method_as_called(f), *optional.values_in(f, args, kwargs))
    fn, bound = target
    converted = _convert(fn)
    if converted is None:
        made = _CONVERTER[1](fn.__code__)
        trace_log.record("call", "called as is", f"{fn.__qualname__} " + (
            "was made by converted code" if made else "has no readable source"))
        if not made:
            return _call_as_is(f, args, kwargs)
        converted = fn   # a function converted code defined: converted already
    else:
        trace_log.record("call", "converted", f"{fn.__qualname__} is user code")
    if bound is not None:
        if isinstance(bound, functools.partial):
            args, kwargs = (*bound.args, *args), {**bound.keywords, **kwargs}
        else:
            args = (bound, *args)
            classes.convert_operators(type(bound))
    return _call_converted(fn, converted, args, kwargs)


# Builtins that take None as Python does (print(None), str(None), bool(None)): they get a
# value that may be None as it is (runtime/optional.py); every other one its value, but
# those that ask what the object is, whose answer is known only when the program runs.
_SHOWS_NONE = frozenset({builtins.print, builtins.str, builtins.repr, builtins.format,
                         builtins.bool, builtins.isinstance, builtins.type, builtins.callable,
                         builtins.issubclass})   # (the last: their overrides ask optional)
_SETS_ATTRIBUTES = frozenset({builtins.setattr, builtins.delattr})
_ASKS_ITS_TYPE = frozenset({builtins.isinstance, builtins.type, builtins.id, builtins.hash,
                            builtins.callable, builtins.issubclass})


def _call_library(f, args, kwargs):
    """A JAX function, or a library's wrapper of user code: what it transforms or
    wraps is converted (runtime/transforms)."""
    if getattr(f, "__code__", None) is transforms.CONVERTING_CODE:   # JAX hands back a
        return f(*args, **kwargs)   # function it was given (a solve's matvec): it converts
    rebuilt = transforms.rebuilt(f, converting)
    if rebuilt is not None:
        trace_log.record("call", "rebuilt", f"{_qualname(f)} is a library's wrapper of user "
                                            "code: the same wrapper around it converted")
        out = _call_as_is(_live(rebuilt), args, kwargs)
        leaks.poison(getattr(f, "__wrapped__", f))   # what a jit's own trace stored, ended
        return out
    new = transforms.converted_arguments(f, args, kwargs, converting)
    if new is None:
        if trace_log.listening():
            trace_log.record("call", "called as is", _why_as_is(f))
        return _call_as_is(_live(f), *optional.values_in(f, args, kwargs))
    trace_log.record("call", "arguments converted",
                     f"the user functions {_qualname(f)} transforms are converted")
    return transforms.check_result(f, _call_as_is(f, *new))


_CONVERTING = weakref.WeakKeyDictionary()   # user function -> converting_function of it


def _live(f):
    """`f`, renewed where user code it runs closes over traced values or explain() listens
    (JAX caches traces by the function's identity; a kept one tells explain nothing)."""
    return closures.renewed(f) if closures.closes_over_traced(f) or trace_log.listening() else f


def converting(f, objects=False):
    """`f` as a function that converts it when called (by JAX), or None to leave it.

    User functions, methods and partials; callable objects whose `__call__` is user
    code too if `objects` (where a callable cannot be data: a transformation's function);
    a JAX wrapper around user code is rebuilt around it converted. Renewed where it
    closes over traced values (runtime/closures).
    """
    out = _converting(f, objects)
    if closures.closes_over_traced(f) or out is not None and trace_log.listening():
        return closures.renewed(f if out is None else out)   # (explain(): JAX traces it anew)
    return out


def _converting(f, objects):
    if getattr(f, "__ag_converting__", False) or getattr(f, "__ag_converted__", False):
        return None
    if transforms.is_transforming(f) or transforms.wraps_user_code(f):
        return transforms.rebuilt(f, converting)
    if _target(f) is None or not (objects or _function_like(f)):
        return None
    if not _function_like(f):   # an object: the same pytree, its __call__ converted
        return transforms.ConvertingObject(f, converted_call)
    if type(f) is not types.FunctionType:
        return transforms.converting_function(f, converted_call)
    out = _CONVERTING.get(f)
    if out is None:   # one per function: jax.jit and the like cache by identity
        out = _CONVERTING[f] = transforms.converting_function(f, converted_call)
    return out


def _function_like(f) -> bool:
    return isinstance(f, (types.FunctionType, types.MethodType, functools.partial)) or (
        hasattr(f, "__func__") and hasattr(f, "__self__"))


def _qualname(f) -> str:
    fn = getattr(f, "__func__", f)
    return getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)


def _call_converted(fn, converted, args, kwargs):
    key = fn.__code__
    stack = _active.__dict__.setdefault(key, [])   # (conditional depth, traced levels) per call
    levels = _traced_level(fn, key, stack, args, kwargs)
    stack.append((undefined.conditional_depth(), levels))
    returns.entering_function(stack[-1][0])
    frame = (written_back.call_frame(fn, args, kwargs) if _hands_back(converted)
             else contextlib.nullcontext())   # the arrays it item-assigns go back
    try:   # (recursion a traced condition unrolls: room for its levels of tracing)
        with frame, (frames.room() if levels else contextlib.nullcontext()):
            if not mutations.watching():   # (a generator's errors made clear: as_consumed)
                return iterables.as_consumed(converted(*args, **kwargs))
            # Inside a traced block: an object the call changes may need to be state there.
            snap = reach.call_snapshot(fn, args, kwargs, mutations.visible_here())
            out = converted(*args, **kwargs)
            mutations.record(snap)
            return iterables.as_consumed(out)
    except RecursionError as e:
        # Unwound to its outermost call: stack again to explain why, if its arguments were traced.
        if len(stack) > 1 or isinstance(e, errors.TracedRecursionError) or not _any_traced(
                args, kwargs):
            raise
        raise _traced_recursion(fn, "recursed until Python's recursion limit") from None
    finally:
        stack.pop()
        returns.leaving_function()
        if not stack:
            _traced_calls.__dict__.pop(key, None)


_active = threading.local()        # code -> its calls now running
_traced_calls = threading.local()   # code -> recursive calls under a traced condition

# Recursion under a traced condition does not stop at trace time: a traced `if` traces
# both branches, a traced loop its body. Such a recursive call is one made under a
# traced branch or loop that opened since the function's previous call (recursion
# that only runs inside a traced `if` of its caller, bounded by Python values, is
# not). It is unrolled to _TRACED_DEPTH such levels, where a RecursionError is staged
# (it fails when the program runs, if the data needs more levels: gcd and the like
# need few); recursion that makes more than _TRACED_CALLS such calls (twice per level:
# fib, a binary search) is refused while it is traced: the program would grow as
# 2**depth, and XLA compiles a thousand nested conds for minutes. (Each level takes a
# few dozen Python frames of tracing: 20 levels stay inside Python's default limit.)
_TRACED_DEPTH = 20
_TRACED_CALLS = 100


def _traced_level(fn, key, stack, args, kwargs) -> int:
    """The traced levels of this recursion, this call included; stages or refuses it
    past the bounds above."""
    if not stack:
        return 0
    depth, levels = stack[-1]
    if undefined.conditional_depth() <= depth or not _any_traced(args, kwargs):
        return levels
    calls = _traced_calls.__dict__
    calls[key] = calls.get(key, 0) + 1
    if calls[key] > _TRACED_CALLS:
        raise _traced_recursion(fn, f"called itself {_TRACED_CALLS} times under traced "
                                    "conditions")
    if levels >= _TRACED_DEPTH:
        exc = ag_raises.raise_stmt(RecursionError(
            f"maximum recursion depth exceeded: {fn.__qualname__} recursed {levels} levels "
            "under traced conditions, the depth to which a compiled program unrolls such "
            "recursion"))
        raise exc   # raise_stmt staged it and ended this path, unless Python must raise it
    return levels + 1


def _traced_recursion(fn, what: str):
    return errors.TracedRecursionError(errors.message(
        f"{fn.__qualname__} {what} while its arguments were traced",
        details=("A traced condition does not stop recursion at trace time: a traced "
                 "`if` traces both branches and a traced loop traces its body, so every "
                 "call traces the recursive call again.",),
        at=errors.where(),
        fix="Make the stopping condition static (static_argnums, or a Python value), "
            "or rewrite the recursion as a loop."))


def _call_as_is(f, args, kwargs):
    """`f` called as it is; inside a traced block, the NNX Variables a library call changes
    (`rngs()`, `optimizer.update(...)`) are recorded as a converted callee's are."""
    snap = nnx.variables_held(f, args, kwargs) if mutations.watching() else None
    out = _call_plain(f, args, kwargs)
    if snap:
        mutations.record(snap)
    return out


def _call_plain(f, args, kwargs):
    if _hands_back(f):   # a function that converted code defined may hand arrays back
        with written_back.call_frame(getattr(f, "__func__", f), _with_self(f, args), kwargs):
            return f(*args, **kwargs)
    try:
        out = f(*args, **kwargs)
    except (*CONCRETIZATION_ERRORS, TracerBoolConversionError) as e:
        if not raised_by_jax(e):
            raise   # raised in user code the call reached: its own line says where
        raise failures.needs_concrete(f, e) from e
    except TypeError as e:   # `jnp.zeros(n)`: "... concrete values"; `np.zeros(n)`: "..Tracer("
        if not (failures.shows_concrete(e) and _any_traced(args, kwargs)):
            raise
        raise failures.needs_concrete(f, e) from e
    return iterables.as_consumed(out) if in_trace() else out


def _with_self(f, args):
    return (f.__self__, *args) if isinstance(f, types.MethodType) else args


def _hands_back(f) -> bool:
    """Whether `f` is converted code that hands parameters back (ag__.give_back)."""
    code = getattr(getattr(f, "__func__", f), "__code__", None)
    return code is not None and "give_back" in code.co_names


def _container_method(f, args, kwargs):
    """`lst.pop()`, `d.update(e)`, ... on a container a traced block sees: a change of its
    contents, which the block's state must carry (mutations.ContentsChange)."""
    change = mutations.ContentsChange(f.__self__, f.__name__)
    # lst.pop(i) with a traced i: a clear error; lst.sort() of traced items: sorted()
    out = _call_as_is(ag_builtins.method_as_called(f), args, kwargs)
    if not change.unchanged():
        mutations.changed(change, mutations.watches())
    return out


def _any_traced(args, kwargs):
    return holds_traced((args, kwargs))


def _is_builtin(f):
    # The overridden builtins are a builtin function (print) and types (range, ...);
    # testing the type first avoids hashing arbitrary callables.
    return type(f) is types.BuiltinFunctionType or type(f) is type


def _target(f):
    """(function to convert, what to bind first) or None to call `f` as it is."""
    if isinstance(f, types.FunctionType):
        f = classes.original(f)
        return (f, None) if _is_user_code(f) else None
    if isinstance(f, types.MethodType) and isinstance(f.__func__, types.FunctionType):
        func = classes.original(f.__func__)
        return (func, f.__self__) if _is_user_code(func) else None
    if isinstance(f, functools.partial):
        inner = _target(f.func)
        if inner is None or inner[1] is not None:
            return None
        return inner[0], f
    if isinstance(f, type) or isinstance(f, types.BuiltinFunctionType):
        return None
    call = classes.original(getattr(type(f), "__call__", None))
    if isinstance(call, types.FunctionType) and _is_user_code(call):
        return call, f
    func = getattr(f, "__func__", None)   # a bound method of a library's own kind
    if isinstance(func, types.FunctionType) and hasattr(f, "__self__") and _is_user_code(func):
        return func, f.__self__
    return None


def _library(fn) -> str | None:
    # A function's globals name the module its code is in; `__module__` may be copied
    # from another function (functools.wraps: what jax.vmap(f) returns names f's module).
    modules = (getattr(fn, "__module__", None) or "",
               getattr(fn, "__globals__", {}).get("__name__") or "")
    for module in modules:
        top = module.partition(".")[0]
        if top in reach.LIBRARIES or top in _STDLIB:
            return None if top != "autograph_py" and _included(modules) else top
    return None


def _included(modules) -> bool:
    """Whether `function(f, include=...)` names the module(s) a library function is in."""
    include = config.included()
    return bool(include) and all(any(m == i or m.startswith(i + ".") for i in include)
                                 for m in modules if m)


def _why_as_is(f) -> str:
    """Why converted_call leaves `f` alone, for explain() and the debug log."""
    fn = f.__func__ if isinstance(f, types.MethodType) else f
    fn = fn.func if isinstance(fn, functools.partial) else fn
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    if getattr(fn, "__ag_do_not_convert__", False):
        return f"{name} is marked do_not_convert"
    if getattr(fn, "__ag_converted__", False):
        return f"{name} is already converted"
    if hasattr(fn, "lower") and hasattr(fn, "trace"):
        return f"{name} is already jitted"
    library = _library(fn)
    if library is not None:
        return f"{name} is library code ({library})"
    if isinstance(fn, type):
        return f"{name} is a class"
    if isinstance(fn, types.BuiltinFunctionType):
        return f"{name} is a builtin"
    if isinstance(fn, types.FunctionType):
        return f"{name} is a coroutine function"
    return f"{name} is a {type(fn).__name__} without a Python __call__"


def _is_user_code(fn) -> bool:
    if (getattr(fn, "__ag_do_not_convert__", False) or getattr(fn, "__ag_converted__", False)
            or hasattr(fn, "lower") and hasattr(fn, "trace")):  # (already jitted)
        return False
    if _library(fn) is not None:
        return False
    # A generator is converted (its expressions and calls: compiler/pipeline.GENERATOR).
    return not fn.__code__.co_flags & (inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR)
