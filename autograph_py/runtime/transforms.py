"""JAX transformations of user functions: what JAX transforms is converted first.

One mechanism, in two places where a user function reaches JAX:

- a call INTO JAX with functions among its arguments (`jax.grad(loss)`,
  `lax.fori_loop(0, n, body, c)`, `lax.switch(i, [f, g], x)`, `relu.defjvp(rule)`):
  each user function among them (also in a list or tuple) is handed over as a
  function that converts it when JAX calls it;

      jax.grad(loss)(w)   ==>   jax.grad(<loss, converted when called>)(w)

- a JAX wrapper made OUTSIDE converted code and called from it, or given to
  `convert`/`function` (`g = jax.grad(loss)`, `@jax.jit`, `@jax.checkpoint`,
  `@jax.custom_jvp`, `jax.vmap(f)`): the same wrapper is rebuilt around the
  converted function, with the same options (`static_argnums`, `in_axes`, ...).

Host code stays as it is: the functions of `jax.pure_callback`,
`io_callback` and `jax.debug.callback` get NumPy values, not traced ones.
`convert` is `calls.converting`, passed in: this module does not import calls.
"""
from __future__ import annotations

import copy
import functools
import types
import weakref

import jax

# Functions called with host values, and registrations whose functions run in Python.
_HOST = frozenset({"jax._src.callback.pure_callback", "jax._src.callback.io_callback",
                   "jax._src.debugging.debug_callback", "jax._src.debugging.debug_print",
                   "jax._src.ffi.ffi_call"})
_HOST_MODULES = ("jax.tree_util", "jax._src.tree_util", "jax.experimental.host_callback")

# The JAX transformations whose first argument is the function they transform: a
# callable object there (an Equinox module) is that function, not data.
_TRANSFORMS = frozenset({
    f"jax._src.api.{n}" for n in ("grad", "value_and_grad", "jacfwd", "jacrev", "hessian",
                                  "jvp", "vjp", "linearize", "vmap", "pmap", "named_call",
                                  "eval_shape", "make_jaxpr", "jit")} | {
    "jax._src.ad_checkpoint.checkpoint", "jax._src.ad_checkpoint.remat",
    "jax._src.pjit.jit", "jax._src.custom_derivatives.custom_jvp",
    "jax._src.custom_derivatives.custom_vjp"})

_REBUILT = weakref.WeakKeyDictionary()   # JAX wrapper -> the same wrapper, converted inside
_NOTHING = object()


def _module(f) -> str:
    fn = getattr(f, "__func__", f)
    if isinstance(fn, types.FunctionType):   # functools.wraps copies __module__; globals tell
        return fn.__globals__.get("__name__") or ""
    return getattr(fn, "__module__", None) or ""


def _name(f) -> str:
    return f"{_module(f)}.{getattr(getattr(f, '__func__', f), '__qualname__', None)}"


def is_jax(f) -> bool:
    """Whether `f` is JAX's: one of its functions, or a wrapper it made (jit, grad, ...)."""
    if isinstance(f, (jax.custom_jvp, jax.custom_vjp)) or hasattr(f, "_jit_info"):
        return True
    module = _module(f)
    return module == "jax" or module.startswith("jax.")


def converted_arguments(f, args, kwargs, convert):
    """`args` and `kwargs` of a call of the JAX API `f`, user functions converted.

    None when nothing changes (the common case: no argument is a function).
    `convert(g, objects)` is `g` converted when called, or None.
    """
    name = _name(f)
    if name in _HOST or name.startswith(_HOST_MODULES) or not (
            any(callable(a) or type(a) in (list, tuple) for a in args)
            or any(callable(v) for v in kwargs.values())):
        return None
    first = name in _TRANSFORMS
    new_args = tuple(_argument(a, convert, first and i == 0) for i, a in enumerate(args))
    new_kwargs = {k: _argument(v, convert, False) for k, v in kwargs.items()}
    if all(a is b for a, b in zip(args, new_args)) and all(
            new_kwargs[k] is v for k, v in kwargs.items()):
        return None
    return new_args, new_kwargs


def _argument(a, convert, objects):
    if type(a) in (list, tuple):   # lax.switch's branches
        items = [_argument(b, convert, False) if callable(b) else b for b in a]
        return a if all(x is y for x, y in zip(items, a)) else type(a)(items)
    if not callable(a) or isinstance(a, type):
        return a
    converted = convert(a, objects)
    return a if converted is None else converted


def rebuilt(f, convert):
    """The JAX wrapper `f` rebuilt around the converted user function, or None.

    Wrappers: `jax.jit` objects (the same jit options), closures JAX returns
    (`grad`, `vmap`, `checkpoint`, ...: the same code and options, the function
    cell replaced), and `custom_jvp`/`custom_vjp` objects (function and rules).
    """
    try:
        done = _REBUILT.get(f, _NOTHING)
    except TypeError:   # not hashable
        done = _NOTHING
    if done is not _NOTHING:
        return done
    try:
        _REBUILT[f] = None   # a wrapper that refers to itself is not rebuilt again inside
    except TypeError:
        pass
    out = _rebuild(f, convert)
    try:
        _REBUILT[f] = out
    except TypeError:
        pass
    return out


def _rebuild(f, convert):
    if isinstance(f, (jax.custom_jvp, jax.custom_vjp)):
        return _custom_rules(f, convert)
    if hasattr(f, "_jit_info") and hasattr(f, "_fun"):
        return _jit(f, convert)
    if isinstance(f, types.FunctionType) and f.__closure__:
        return _closure(f, convert)
    return None


def _custom_rules(f, convert):
    names = [n for n in ("fun", "jvp", "fwd", "bwd") if callable(getattr(f, n, None))]
    new = {n: convert(getattr(f, n), True) for n in names}
    if all(v is None for v in new.values()):
        return None
    out = copy.copy(f)
    for n, v in new.items():
        if v is not None:
            setattr(out, n, v)
    if new.get("fun") is not None:
        out.__wrapped__ = new["fun"]
    return out


def _jit(f, convert):
    fun = convert(f._fun, True)
    if fun is None:
        return None
    info = f._jit_info
    try:
        from jax._src import pjit   # the same PjitInfo: shardings, layouts, donation, ...
        return pjit._cpp_pjit(fun, info)
    except (ImportError, AttributeError, TypeError):   # pragma: no cover - private API moved
        return jax.jit(fun, static_argnums=info.static_argnums,
                       static_argnames=info.static_argnames,
                       donate_argnums=info.donate_argnums, keep_unused=info.keep_unused,
                       inline=info.inline)


def _closure(f, convert):
    cells, changed = [], False
    for cell in f.__closure__:
        try:
            value = cell.cell_contents
        except ValueError:   # an empty cell
            cells.append(cell)
            continue
        new = convert(value, True) if callable(value) and not isinstance(value, type) else None
        changed |= new is not None
        cells.append(types.CellType(new) if new is not None else cell)
    if not changed:
        return None
    out = types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__,
                             tuple(cells))
    out.__kwdefaults__ = f.__kwdefaults__
    out.__dict__.update(f.__dict__)
    out.__qualname__, out.__doc__, out.__module__ = f.__qualname__, f.__doc__, f.__module__
    wrapped = f.__dict__.get("__wrapped__")
    if wrapped is not None:
        out.__wrapped__ = convert(wrapped, True) or wrapped
    return out


def converting_function(f, call):
    """A function that calls `call(f, args, kwargs)`: `f` converted when JAX calls it.

    It looks like `f` to JAX (`inspect.signature` follows `__wrapped__`).
    """
    @functools.wraps(f, updated=())
    def converting(*args, **kwargs):
        return call(f, args, kwargs)
    converting.__ag_converting__ = True
    return converting
