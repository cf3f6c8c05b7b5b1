"""What `@function` returns: a `jax.jit` object in every way a user can observe.

It calls, lowers, traces and exports as the `jax.jit` of the converted
function does (`lower(...).compile()`, `trace`, `eval_shape`, `clear_cache`,
`jax.export.export(f)`), binds as a method, copies, and re-raises a failing
run-time `assert` or `raise` as the user's exception from the user's line.
"""
from __future__ import annotations

import collections
import difflib
import functools
import inspect
import types
from typing import TYPE_CHECKING, Any, Callable, Generic, ParamSpec, TypeVar

import jax
from jax import stages

from autograph_py import config, errors
from autograph_py.runtime import raises
from autograph_py.runtime.failures import assertion_from
from autograph_py.runtime.picked_outputs import chosen_outputs

_FLAGS = config.FLAGS
P = ParamSpec("P")
R = TypeVar("R")
_JIT_OPTIONS = frozenset(inspect.signature(jax.jit).parameters) - {"fun"}


class _State:
    __slots__ = ("fn", "strict", "include", "jit_options", "jitted", "convert", "boundary")

    def __init__(self, fn, options, jit_options, convert):
        self.fn, (self.strict, self.include) = fn, options
        self.jit_options, self.jitted, self.convert = jit_options, None, convert


def _jitted(state):
    jitted = state.jitted
    if jitted is None:
        state.boundary = raises.staging_boundary(
            state.convert(state.fn, strict=state.strict, include=state.include))
        jitted = state.jitted = jax.jit(state.boundary, **state.jit_options)
    return jitted


def _call_scoped(state, *args, **kwargs):
    with config.scope(bool(state.strict), state.include):
        return _call(state, *args, **kwargs)


def _call(state, *args, **kwargs):
    if _FLAGS["eager"]:
        return state.fn(*args, **kwargs)
    jitted = state.jitted or _jitted(state)
    try:
        # (an empty **kwargs slows jit's C++ dispatch)
        out = jitted(*args, **kwargs) if kwargs else jitted(*args)
    except jax.errors.JaxRuntimeError as e:
        failed = assertion_from(e)
        if failed is None:
            raise
        raise errors.at_user_line(*failed, cause=e)
    return chosen_outputs(out) if state.boundary.picks else out   # (runtime/picked_outputs.py)


_BOUND_KEEP = 128   # instances a method keeps bound (each binding holds its instance)


class Function(functools.partial, Generic[P, R]):  # type: ignore[type-arg]
    """The original function, converted and jitted on first use.

    A `functools.partial` underneath: its C call path adds almost nothing to
    `jax.jit`'s own dispatch, which a Python `__call__` would. Typed as the
    function it wraps: `Function[P, R]` is called as a `Callable[P, R]`.
    """
    __wrapped__: Callable[P, R]

    if TYPE_CHECKING:
        def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...

    def __new__(cls, fn: Callable[P, R], options: tuple[Any, tuple[str, ...]],
                jit_options: dict[str, Any], convert: Callable[..., Any]) -> "Function[P, R]":
        state = _State(fn, options, jit_options, convert)
        scoped = state.strict or state.include
        self = super().__new__(cls, _call_scoped if scoped else _call, state)
        functools.update_wrapper(self, fn)
        self._state = state
        # instance id -> (instance, its bound Function): by identity, not by `==` (a
        # WeakKeyDictionary's): two equal instances are two objects, each its own.
        self._bound: collections.OrderedDict[int, tuple[Any, Any]] = collections.OrderedDict()
        return self

    # -- the jax.jit surface: the jit of the converted function -------------------------
    def _scope(self):
        state = self._state
        return config.scope(bool(state.strict), state.include)

    def trace(self, *args: P.args, **kwargs: P.kwargs) -> stages.Traced:
        with self._scope():
            return _jitted(self._state).trace(*args, **kwargs)

    def lower(self, *args: P.args, **kwargs: P.kwargs) -> stages.Lowered:
        with self._scope():
            return _jitted(self._state).lower(*args, **kwargs)

    def eval_shape(self, *args: P.args, **kwargs: P.kwargs) -> Any:
        """The output's shapes and dtypes (`jax.ShapeDtypeStruct`s), as `jax.jit`'s."""
        with self._scope():
            return _jitted(self._state).eval_shape(*args, **kwargs)

    def clear_cache(self) -> None:
        if self._state.jitted is not None:
            self._state.jitted.clear_cache()

    def _cache_size(self) -> int:
        return 0 if self._state.jitted is None else self._state.jitted._cache_size()

    # -- a Python object ----------------------------------------------------------------
    def _again(self, fn: Callable[..., Any], jit_options: dict[str, Any]) -> "Function[Any, Any]":
        state = self._state
        return Function(fn, (state.strict, state.include), jit_options, state.convert)

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        key, cache = id(instance), self._bound
        entry = cache.get(key)
        if entry is not None and entry[0] is instance:
            cache.move_to_end(key)
            return entry[1]
        state = self._state
        bound = self._again(types.MethodType(state.fn, instance),
                            _shift_static(state.jit_options))
        cache[key] = (instance, bound)   # (the binding holds the instance: its id stays its)
        while len(cache) > _BOUND_KEEP:  # the least recently used instances are let go
            cache.popitem(last=False)
        return bound

    def __copy__(self) -> "Function[P, R]":   # as jax.jit's: a new object, its own cache
        return self._again(self._state.fn, dict(self._state.jit_options))

    def __deepcopy__(self, memo: Any) -> "Function[P, R]":
        return self.__copy__()

    def __repr__(self) -> str:
        fn = self._state.fn
        name = (getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None)
                or getattr(getattr(fn, "func", None), "__qualname__", None)
                or f"{type(fn).__qualname__} object")
        return f"<autograph_py.function {name}>"

    def __reduce__(self) -> Any:
        raise TypeError("an autograph_py.function cannot be pickled; export it with "
                        "jax.export.export(f)(*specs).serialize()")


def _shift_static(options):
    """static_argnums of a method count `self`; the bound function does not take it."""
    nums = options.get("static_argnums")
    if nums is None:
        return options
    nums = (nums,) if isinstance(nums, int) else tuple(nums)
    return {**options, "static_argnums": tuple(n - 1 for n in nums if n > 0)}


def check_jit_options(fn, options) -> None:
    """A mistyped or invalid jit option fails when decorating, not at the first call."""
    for name in options:
        if name not in _JIT_OPTIONS:
            close = difflib.get_close_matches(name, sorted(_JIT_OPTIONS), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise TypeError(f"autograph_py.function got an unknown jax.jit option {name!r}"
                            f"{hint} (options: {', '.join(sorted(_JIT_OPTIONS))})")
    if options and callable(fn):
        jax.jit(fn, **options)   # jax.jit checks static_argnums/argnames against fn here


def jit_options_of(jitted) -> dict:
    """The `jax.jit` options a jitted function was made with, to jit it again converted."""
    info = jitted._jit_info
    placed = [leaf for leaf in (*info.in_shardings_leaves, *info.out_shardings_leaves,
                                *info.in_layouts_leaves, *info.out_layouts_leaves)
              if leaf is not None and type(leaf).__name__ != "UnspecifiedValue"]
    if placed or info.device is not None or info.backend is not None:
        raise TypeError(
            f"autograph_py.function cannot take over the shardings, layouts or device of "
            f"jax.jit({info.fun_sourceinfo}): pass the function itself with those options, "
            "as autograph_py.function(f, in_shardings=..., ...)")
    options = {"static_argnums": info.static_argnums, "static_argnames": info.static_argnames,
               "donate_argnums": info.donate_argnums, "donate_argnames": info.donate_argnames,
               "keep_unused": info.keep_unused, "inline": info.inline}
    if info.compiler_options_kvs:
        options["compiler_options"] = dict(info.compiler_options_kvs)
    return {k: v for k, v in options.items() if v not in ((), False)}
