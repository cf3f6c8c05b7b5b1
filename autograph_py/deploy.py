"""export(fn, *arg_specs): a converted function as a `jax.export.Exported`, to deploy.

    import jax, autograph_py as ag

    exported = ag.deploy.export(f, "f32[n]")          # or jax.ShapeDtypeStruct(...)
    blob = exported.serialize()                       # bytes: StableHLO and its signature
    ...
    jax.export.deserialize(blob).call(x)              # needs jax only: not the source,
                                                      # not autograph_py
"""
from __future__ import annotations

import os
from typing import Callable, Sequence

import jax

from autograph_py import errors, specs


PLATFORMS = ("cpu", "cuda", "rocm", "tpu")   # what jax.export lowers for


class ExportError(errors.AutographError, ValueError):
    """A converted program that `jax.export` cannot serialize: it calls back into
    Python when it runs (a print, a run-time check)."""


def program(fn: Callable, static_argnums=()) -> Callable:
    """`fn` converted and jitted, as `@autograph_py.function` compiles it (a
    `compiled.Function`: jax.export takes it as the jit it is).

    An `@autograph_py.function` brings its own jit options (`static_argnums`
    given here win), `strict` and `include`; a `jax.jit` object is converted
    with its options.
    """
    from autograph_py import api
    if static_argnums in ((), None):
        return fn if isinstance(fn, api.Function) else api.function(fn)
    if isinstance(fn, api.Function):
        state = fn._state
        return api.function(fn.__wrapped__, strict=state.strict, include=state.include,
                            **{**state.jit_options, "static_argnums": static_argnums})
    return api.function(fn, static_argnums=static_argnums)


def arguments(arg_specs: Sequence, static_argnums=()) -> tuple:
    """`arg_specs` with each spec string ("f32[n,3]") read as a jax.ShapeDtypeStruct, its
    symbolic names in one scope; other values (ShapeDtypeStructs, arrays, static values)
    as they are. A string at a static position is a static value."""
    static = {static_argnums} if isinstance(static_argnums, int) else set(static_argnums)
    scope = jax.export.SymbolicScope()
    return tuple(specs.parse_array(a, scope) if isinstance(a, str) and i not in static else a
                 for i, a in enumerate(arg_specs))


def export(fn: Callable, *arg_specs, platforms: Sequence[str] | None = None,
           static_argnums=()) -> jax.export.Exported:
    """`fn` converted, jitted and exported with `jax.export` for `arg_specs`.

    Each of `arg_specs` is a `jax.ShapeDtypeStruct` (dims may be symbolic:
    `jax.export.symbolic_shape("n, 3")`), an array, a spec string such as
    `"f32[n,3]"` (all the strings of one call share their symbolic names), or,
    at a position in `static_argnums`, the static value itself. `platforms`
    defaults to the platform JAX runs on here. Serialize with
    `exported.serialize()`; load with `jax.export.deserialize(blob)` and run
    with its `.call(*arrays)`, which needs jax only.

    A program with prints or run-time checks (a `print`, which converted code
    stages also for Python values, an `assert` on a traced value, a `raise`
    under a traced condition) calls back into Python when it runs, which
    jax.export cannot serialize: that is an ExportError naming the statements.
    """
    if platforms is not None:
        platforms = _platforms(platforms)
    jitted = program(fn, static_argnums)
    args = arguments(arg_specs, static_argnums)
    name = getattr(fn, "__qualname__", None) or repr(fn)
    # Callbacks are found before lowering: with a symbolic dim in a callback's
    # operand JAX's lowering fails with a bare "std::bad_cast".
    callbacks = _callback_sites(jitted.trace(*args).jaxpr)
    if callbacks:
        raise _host_callback_error(name, callbacks)
    try:
        return jax.export.export(
            jitted, platforms=platforms)(*args)
    except NotImplementedError as e:
        if "host_callbacks" not in str(e):
            raise
        raise _host_callback_error(name, []) from e


def _platforms(platforms) -> tuple:
    """`platforms` checked: JAX takes any name, and an artifact for "gpu" or "CPU" would
    never run."""
    platforms = (platforms,) if isinstance(platforms, str) else tuple(platforms)
    for p in platforms:
        if p not in PLATFORMS:
            hint = " (for GPUs: cuda or rocm)" if p == "gpu" else ""
            raise ValueError(f"unknown platform {p!r}{hint}; jax.export lowers for "
                             f"{', '.join(PLATFORMS)}")
    if not platforms:
        raise ValueError("platforms is empty; name at least one of " + ", ".join(PLATFORMS))
    return platforms


def _host_callback_error(name: str, sites) -> ExportError:
    details = tuple(f"{where}: {text}" if text else where for where, text in sites[:5])
    if len(sites) > 5:
        details += (f"and {len(sites) - 5} more",)
    return ExportError(errors.message(
        f"cannot export {name}: its program calls back into Python when it runs (a print, "
        "a traced assert or a raise under a traced condition), which jax.export cannot "
        "serialize",
        details=details,
        fix="Remove the print (converted code prints when the program runs, Python values "
            "too), the assert on a traced value or the raise under a traced condition; or "
            "run the function un-exported, with autograph_py.function."))


def _internal_dirs() -> tuple:
    import sysconfig
    import jaxlib
    dirs = [os.path.dirname(m.__file__) for m in (jax, jaxlib, errors)]
    return tuple(d + os.sep for d in dirs + [sysconfig.get_paths()["stdlib"]])


def _callback_sites(closed_jaxpr) -> list:
    """(file:line, source text) of each host callback in the program, in order,
    each statement once; the user's line when the trace shows it."""
    import linecache
    sites = []
    for eqn in _equations(closed_jaxpr.jaxpr):
        if "callback" not in eqn.primitive.name:
            continue
        where, text = _user_line(eqn), ""
        if where is None:
            where = f"a {eqn.primitive.name}"
        else:
            text = linecache.getline(where.rpartition(":")[0],
                                     int(where.rpartition(":")[2])).strip()
        if (where, text) not in sites:
            sites.append((where, text))
    return sites


def _equations(jaxpr):
    for eqn in jaxpr.eqns:
        yield eqn
        for value in eqn.params.values():
            for sub in value if isinstance(value, (tuple, list)) else (value,):
                inner = getattr(sub, "jaxpr", sub)   # a ClosedJaxpr, or a Jaxpr
                if hasattr(inner, "eqns"):
                    yield from _equations(inner)


def _user_line(eqn) -> str | None:
    tb = getattr(eqn.source_info, "traceback", None)
    frames = getattr(tb, "frames", None) or ()
    internal = _internal_dirs()
    for frame in frames:   # innermost first
        name = frame.file_name
        if not name.startswith(internal) and not name.startswith("<frozen"):
            return f"{name}:{frame.line_num}"
    return None
