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
import heapq
import inspect
import itertools
import sys
import types
import weakref

import jax

from autograph_py import config, errors
from autograph_py.lowering import tracing

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
    "jax._src.custom_derivatives.custom_vjp", "jax._src.custom_batching.custom_vmap"} | {
    f"equinox.{n}" for n in ("filter_jit", "filter_grad", "filter_value_and_grad",
                             "filter_vmap", "filter_pmap", "filter_checkpoint",
                             "filter_eval_shape", "filter_make_jaxpr", "filter_jvp",
                             "filter_vjp", "filter_jacfwd", "filter_jacrev", "filter_hessian")})

# JAX's objects holding a user function and its rules (a custom derivative or batching).
_CUSTOM = (jax.custom_jvp, jax.custom_vjp, jax.custom_batching.custom_vmap)

_REBUILT = weakref.WeakKeyDictionary()   # JAX wrapper -> the same wrapper, converted inside
_NOTHING = object()


def _module(f) -> str:
    fn = getattr(f, "__func__", f)
    if isinstance(fn, types.FunctionType):   # functools.wraps copies __module__; globals tell
        return fn.__globals__.get("__name__") or ""
    return getattr(fn, "__module__", None) or ""


def _name(f) -> str:
    return f"{_module(f)}.{getattr(getattr(f, '__func__', f), '__qualname__', None)}"


# Libraries of transformations: their functions may take user functions, and their
# wrappers hold them. (Equinox's filter_jit/filter_grad/filter_vmap/...: a
# transformation of a callable module keeps the module's arrays as its inputs.)
_TRANSFORMING = ("jax", "equinox", "flax", "optax")


def is_jit(f) -> bool:
    """Whether `f` is a `jax.jit` object (not a function functools.wraps made around one:
    that copies the jit's `_fun` and `_jit_info` into the wrapper's __dict__)."""
    return hasattr(f, "_jit_info") and hasattr(f, "_fun") and not isinstance(
        f, types.FunctionType)


def is_transforming(f) -> bool:
    """Whether `f` is JAX's or Equinox's: a function of theirs, or a wrapper they made."""
    if isinstance(f, _CUSTOM) or is_jit(f):
        return True
    module = _module(f) if isinstance(f, (types.FunctionType, types.MethodType)) else (
        type(f).__module__ if not isinstance(f, type) else f.__module__)
    return module.partition(".")[0] in _TRANSFORMING


def wraps_user_code(f) -> bool:
    """Whether `f` may be a wrapper (functools.wraps) that a library made around a
    user function (Flax's module methods), or a method or object calling one."""
    if isinstance(f, types.MethodType):
        f = f.__func__
    elif not isinstance(f, (types.FunctionType, type)):
        f = getattr(type(f), "__call__", None)
    return (isinstance(f, types.FunctionType) and f.__closure__ is not None
            and "__wrapped__" in f.__dict__)


# Flax linen's apply/init run a method of the module they are called on (`method=`,
# `__call__` by default): they get that method converted.
_RUNS_OWN_METHOD = frozenset({"Module.apply", "Module.init", "Module.init_with_output"})


def _runs_own_method(f) -> bool:
    return (isinstance(f, types.MethodType)   # (wrapped by JAX's traceback filter)
            and (getattr(f.__func__, "__module__", None) or "").startswith("flax.linen")
            and f.__func__.__qualname__ in _RUNS_OWN_METHOD)


def check_result(f, out):
    """`out` of library code `f`: a Flax linen `init` that created parameters under a
    traced condition left tracers of a branch in them; linen must lift that itself."""
    if _runs_own_method(f) and f.__func__.__name__ != "apply" and tracing.escaped(out):
        raise errors.StateError(errors.message(
            f"Flax linen created parameters inside a traced `if` or loop while "
            f"{type(f.__self__).__name__}.{f.__func__.__name__} ran: their values stayed "
            "inside the branch or loop body that made them",
            at=errors.where(),
            fix="Create every parameter on every path during init (call the layers before "
                "the traced condition, or initialize with inputs that make the condition a "
                "Python value), or use linen's lifted nn.cond / nn.while_loop / nn.scan, "
                "which create parameters inside control flow."))
    return out


# The standard library's higher-order functions: a user function given to one (a `def` to
# functools.reduce, a key to heapq.nlargest) runs converted, as a lambda in converted code.
_HIGHER_ORDER = (functools.reduce, itertools.accumulate, itertools.starmap, itertools.takewhile,
                 itertools.dropwhile, itertools.filterfalse, itertools.groupby, heapq.nsmallest,
                 heapq.nlargest)


def involves_user_code(f) -> bool:
    """Whether calling library code `f` may reach user code this module converts."""
    return any(f is h for h in _HIGHER_ORDER) or is_transforming(f) or wraps_user_code(
        f) or _runs_own_method(f)


def converted_arguments(f, args, kwargs, convert):
    """`args` and `kwargs` of a call of the JAX API `f`, user functions converted.

    None when nothing changes (the common case: no argument is a function).
    `convert(g, objects)` is `g` converted when called, or None.
    """
    if _runs_own_method(f):
        method = kwargs.get("method")
        if method is None or isinstance(method, str):
            method = getattr(type(f.__self__), method or "__call__")
        converted = convert(method, False)
        return None if converted is None else (args, {**kwargs, "method": converted})
    if not (any(callable(a) or isinstance(a, (list, tuple)) for a in args)
            or any(callable(v) for v in kwargs.values())):
        return None   # the common case: jnp.sin(x)
    name = _name(f)
    if name in _HOST or name.startswith(_HOST_MODULES):
        return None
    first = name in _TRANSFORMS
    new_args = tuple(_argument(a, convert, first and i == 0) for i, a in enumerate(args))
    new_kwargs = {k: _argument(v, convert, False) for k, v in kwargs.items()}
    if all(a is b for a, b in zip(args, new_args)) and all(
            new_kwargs[k] is v for k, v in kwargs.items()):
        return None
    return new_args, new_kwargs


def _argument(a, convert, objects):
    if isinstance(a, (list, tuple)):   # lax.switch's branches; optax's transformations
        items = [_argument(b, convert, objects) if callable(b) else b for b in a]
        if all(x is y for x, y in zip(items, a)):
            return a
        return type(a)(*items) if hasattr(type(a), "_fields") else type(a)(items)
    if not callable(a) or isinstance(a, type):
        return a
    converted = convert(a, objects)
    return a if converted is None else converted


def rebuilt(f, convert):
    """The JAX wrapper `f` rebuilt around the converted user function, or None.

    Wrappers: `jax.jit` objects (the same jit options), closures JAX returns
    (`grad`, `vmap`, `checkpoint`, ...: the same code and options, the function
    cell replaced), and `custom_jvp`/`custom_vjp`/`custom_vmap` objects (function and
    rules).
    """
    read = _read_by_rebuild(f)
    try:
        done = _REBUILT.get(f, _NOTHING)
    except TypeError:   # not hashable
        done = _NOTHING
    if done is not _NOTHING and len(done[0]) == len(read) and all(
            a is b for a, b in zip(done[0], read)):
        return done[1]
    try:
        _REBUILT[f] = (read, None)   # a wrapper that refers to itself is not rebuilt inside
    except TypeError:
        pass
    out = _rebuild(f, convert)
    try:
        _REBUILT[f] = (read, out)
    except TypeError:
        pass
    return out


def _read_by_rebuild(f) -> tuple:
    """What a rebuild of `f` reads, which may change after it: a custom derivative's rules
    (`defjvp` after a first use), a closure's cells and the items of lists in them (a
    wrapper's `nonlocal` switched, a hook appended), and the modules `include` names."""
    if isinstance(f, _CUSTOM):
        return (config.included(), *(getattr(f, n, None) for n in _RULES))
    out = [config.included()]
    for cell in (f.__closure__ or ()) if isinstance(f, types.FunctionType) else ():
        try:
            v = cell.cell_contents
        except ValueError:   # an empty cell
            continue
        out.append(v)
        if type(v) in (list, tuple):
            out.extend(v)
    return tuple(out)


def _rebuild(f, convert):
    if isinstance(f, _CUSTOM):
        return _custom_rules(f, convert)
    if is_jit(f):
        return _jit(f, convert)
    if type(f).__module__.startswith("equinox."):
        return _equinox(f, convert)
    if type(f).__name__ == "JitWrapped" and type(f).__module__.startswith("flax.nnx"):
        return _nnx_jit(f, convert)
    if isinstance(f, types.MethodType):
        func = rebuilt(f.__func__, convert)
        return None if func is None else types.MethodType(func, f.__self__)
    if isinstance(f, types.FunctionType):
        return _closure(f, convert) if f.__closure__ else None
    if not isinstance(f, type) and wraps_user_code(f):
        call = rebuilt(type(f).__call__, convert)   # a Flax module: its wrapped __call__
        return None if call is None else types.MethodType(call, f)
    return None


_RULES = ("fun", "jvp", "fwd", "bwd", "vmap_rule")


def _custom_rules(f, convert):
    names = [n for n in _RULES if callable(getattr(f, n, None))]
    new = {n: convert(getattr(f, n), True) for n in names}
    if all(v is None for v in new.values()):
        return None
    out = object.__new__(type(f))   # (custom_vjp's __new__ wants the function)
    out.__dict__.update(vars(f))
    for n, v in new.items():
        if v is not None:
            setattr(out, n, v)
    if new.get("fun") is not None:
        out.__wrapped__ = new["fun"]
    return out


def _equinox(f, convert):
    """Equinox's wrappers are modules holding the function in a field; filter_jit's
    holds it split into arrays and the rest, and is made again around it."""
    if type(f).__name__ == "_JitWrapper":
        fun = convert(f.__wrapped__, True)
        if fun is None:
            return None
        donate = ("all" if f.donate_first else "all-except-first") if f.donate_rest else "none"
        return sys.modules["equinox"].filter_jit(fun, donate=donate)
    new = {}
    for name, value in vars(f).items():
        if not name.startswith("__") and callable(value) and not isinstance(value, type):
            converted = convert(value, True)
            if converted is not None:
                new[name] = converted
    if not new:
        return None
    out = copy.copy(f)
    for name, value in new.items():
        object.__setattr__(out, name, value)   # a frozen dataclass
    return out


def _nnx_jit(f, convert):
    """`nnx.jit(fun, ...)`, made again around `fun` converted with the same options."""
    fun = convert(f.fun, True)
    if fun is None:
        return None
    info = f.jitted_fn._jit_info
    return sys.modules["flax.nnx"].jit(
        fun, in_shardings=f.in_shardings, out_shardings=f.out_shardings,
        static_argnums=info.static_argnums, static_argnames=info.static_argnames,
        donate_argnums=info.donate_argnums, donate_argnames=info.donate_argnames,
        keep_unused=info.keep_unused, inline=info.inline)


def _jit(f, convert):
    fun = convert(f._fun, True)
    return None if fun is None else rejitted(f, fun)


def rejitted(f, fun):
    """The `jax.jit` object `f`'s options around `fun`."""
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
        new = _argument(value, convert, True)   # (optax's chain holds a tuple of them)
        changed |= new is not value
        cells.append(types.CellType(new) if new is not value else cell)
    if not changed:
        return None
    out = with_cells(f, tuple(cells))
    wrapped = f.__dict__.get("__wrapped__")
    if wrapped is not None:
        out.__wrapped__ = convert(wrapped, True) or wrapped
    return out


def with_cells(f, cells):
    """A new function object: `f`'s code, defaults, names and attributes, with `cells`."""
    out = types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__, cells)
    out.__kwdefaults__ = f.__kwdefaults__
    out.__dict__.update(f.__dict__)
    out.__qualname__, out.__doc__, out.__module__ = f.__qualname__, f.__doc__, f.__module__
    return out


def converting_function(f, call):
    """A function that calls `call(f, args, kwargs)`: `f` converted when JAX calls it.

    It looks like `f` to JAX (`inspect.signature` follows `__wrapped__`) and to
    libraries that mark functions (Flax's `@compact` sets an attribute).
    """
    @functools.wraps(f)
    def converting(*args, **kwargs):
        return call(f, args, kwargs)
    converting.__ag_converting__ = True
    return converting


# The code of every converting_function (a wrapper of one, jax.checkpoint's, copies the mark).
CONVERTING_CODE = converting_function(print, None).__code__


@jax.tree_util.register_pytree_node_class
class ConvertingObject:
    """A callable object a transformation gets (an Equinox module), converted when
    called. The same pytree as the object: its arrays stay the inputs of filter_jit
    and the like, and its structure keeps their caches."""
    __slots__ = ("obj", "call")
    __ag_converting__ = True

    def __init__(self, obj, call):
        self.obj, self.call = obj, call

    def __call__(self, *args, **kwargs):
        return self.call(self.obj, args, kwargs)

    @property
    def __wrapped__(self):
        return self.obj

    @property
    def __signature__(self):
        return inspect.signature(self.obj)

    def tree_flatten(self):
        return (self.obj,), self.call

    @classmethod
    def tree_unflatten(cls, call, children):
        return cls(children[0], call)
