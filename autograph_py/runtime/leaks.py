"""Module-level lists, dicts, globals and attributes that hold tracers of an ended trace.

    LOG = []                       STATS = {"n": 0.0}
    def record(x):                 def g(x):
        LOG.append(x)                  if x > 0:
                                           STATS["n"] += 1.0

A compiled function runs its Python once, when it is traced: a change it makes to
a module-level object with a traced value leaves that object holding the trace's
tracer, as `jax.jit` alone does; the next trace that reads it fails in JAX, when
the program is called, with an UnexpectedTracerError that names no variable.

So a converted function, when traced (`poison`), first replaces each such tracer
in the lists and dicts it can reach by a `Stale` value: any use of one is a clear
error at the user's line that names where it is held; holding or counting them
(`len(LOG)`) is not.
"""
from __future__ import annotations

from autograph_py import errors
from autograph_py.lowering import tracing
from autograph_py.runtime import reach, rebinds
from autograph_py.runtime.dispatch import in_trace
from autograph_py.runtime.undefined import VALUE_ATTRIBUTES, VALUE_OPERATORS, delegate


class Stale:
    """What a module-level list or dict holds in place of a tracer of an ended trace."""

    __slots__ = ("place",)

    def __init__(self, place: str):
        self.place = place

    def __repr__(self):
        return f"<a traced value of an earlier trace, in {self.place}>"

    def fail(self, what: str = "a use"):
        raise errors.StateError(errors.message(
            f"this reads {self.place} ({what}), which holds a traced value of an earlier trace: a "
            "compiled function changed it with a traced value, once, when it was traced; "
            "outside that trace the value has no meaning",
            details=("A compiled program cannot change a module-level value (a global, a "
                     "list or dict, an attribute): its Python runs only when it is traced, not "
                     "on every call.",),
            at=errors.where(3),
            fix="Return the values from the function (or carry them in its arguments) "
                "instead of storing them in a module-level list or dict; to collect them "
                "while debugging, use autograph_py.run_functions_eagerly(True)."))


delegate(Stale, lambda s, what: s.fail(what), operators=VALUE_OPERATORS + " bool",
         attributes=VALUE_ATTRIBUTES)


def poison(fn, ending=False) -> None:
    """Replaces the tracers of ended traces in the named lists and dicts `fn` reaches,
    when `fn` is traced (a call that runs eagerly, with concrete values, is left alone:
    the walk would cost more than the call). `ending`: `@function`'s trace of `fn` ends
    now (fn returned): its own tracers too, so that no Python code after the call
    meets one (`Stats.calls` a callee counted in a traced branch)."""
    if not in_trace():
        return
    visible = reach.visible([fn])
    for i, container in visible.items():
        name = visible.names.get(i)
        if name is None:
            continue
        keys = range(len(container)) if isinstance(container, list) else list(container)
        for j in tracing.stale([container[k] for k in keys], ending):
            container[keys[j]] = Stale(f"{name}[{keys[j]!r}]")
    # Module-level arrays its code reads (`global g; g = x` in a callee), and the
    # attributes of the objects and classes it reaches (`Cfg.scale = x`).
    for g, n in visible.values:
        if tracing.stale([g[n]], ending):
            g[n] = Stale(f"the global {n}")
    for obj, kind, name in visible.owners.values():
        attrs = obj.__dict__ if kind == "attr" else rebinds.data_attributes(obj)
        keys = list(attrs)
        for j in tracing.stale([attrs[k] for k in keys], ending) if name is not None else ():
            setattr(obj, keys[j], Stale(f"{name}.{keys[j]}"))
