"""Trace a Python function once to a jaxpr; replay it inside a lax construct.

Tracing once lets the runtime see the types a branch or loop body produces
before it commits to the types of the lax call; replaying the jaxpr inside
that call costs no second trace of the user's Python.
"""
from __future__ import annotations

import threading

import jax
from jax import lax
from jax.extend.core import ClosedJaxpr, Jaxpr, jaxpr_as_fun
try:
    from jax.extend.core import get_opaque_trace_state
except ImportError:  # jax < 0.7 (the newest jax for Python 3.10) has it only privately
    from jax._src.core import get_opaque_trace_state
from jax._src.lax import lax as _lax_internal
import numpy as np


_local = threading.local()


def _trace_state():
    return get_opaque_trace_state(convention="autograph_py")


def current_trace():
    """An opaque token of the trace now running (equal tokens: the same trace)."""
    return _trace_state()


def trace(fn, in_avals):
    """Traces `fn(*arrays) -> (arrays, meta)`; returns (closed jaxpr, meta)."""
    box = []
    parent = _trace_state()

    def flat(*args):
        owned = _owned()
        owned.append((_trace_state(), parent))
        try:
            arrays, meta = fn(*args)
        finally:
            owned.pop()
        box.append(meta)
        return list(arrays)

    closed = jax.make_jaxpr(flat)(*[a.struct() for a in in_avals])
    return closed, box[0]


def same_program(a, b) -> bool:
    """Whether two closed jaxprs compute the same thing: the same equations (the printed
    text names variables by position) and the same constants."""
    if str(a.jaxpr) != str(b.jaxpr) or len(a.consts) != len(b.consts):
        return False
    for x, y in zip(a.consts, b.consts):
        if x is y:
            continue
        if isinstance(x, jax.core.Tracer) or isinstance(y, jax.core.Tracer):
            return False
        if np.shape(x) != np.shape(y) or not np.array_equal(np.asarray(x), np.asarray(y)):
            return False
    return True


def replay_effects(closed) -> None:
    """Re-emits, in the current trace, a traced function's effects (prints, checks):
    for a probe whose result turned out to be a Python value."""
    if closed.effects:
        jax.core.eval_jaxpr(closed.jaxpr, closed.consts)


def enclosing_traces() -> list:
    """The current trace and, while it is one `trace` made, the trace it was made in, and so on.

    A tracer of any of them may be used here: each of these traces closes
    over what the one it was made in holds. A trace that someone else made
    (a `jax.jit` called inside converted code) ends the list.
    """
    chain = [_trace_state()]
    owned = _owned()
    while True:
        parent = next((p for t, p in reversed(owned) if t == chain[-1]), None)
        if parent is None:
            return chain
        chain.append(parent)


def escaped(values) -> bool:
    """Whether a tracer among `values` is of a trace that is not the current one nor one
    it was made in: a branch's or a loop body's, leaked out of it."""
    live = _live_traces()
    return any(isinstance(leaf, jax.core.Tracer) and id(leaf._trace) not in live
               for leaf in jax.tree_util.tree_leaves(values))


def _live_traces() -> set:
    """The ids of the current trace and of those it was made in."""
    from jax._src import core as jax_core   # the trace context: no public API
    live, t = set(), jax_core.trace_ctx.trace
    while t is not None:
        live.add(id(t))
        t = getattr(t, "parent_trace", None)
    return live


def stale(values, ending=False) -> list:
    """The positions in `values` of tracers of a trace that is neither the current one nor
    one it was made in: an ended trace's (a module-level list kept them after the function
    that changed it was traced: runtime/leaks.py). `ending`: the current trace ends now
    (the function it traces returned): its tracers too."""
    found = [k for k, v in enumerate(values) if isinstance(v, jax.core.Tracer)]
    if not found:
        return found
    live = _live_traces()
    if ending:
        from jax._src import core as jax_core   # the trace context: no public API
        live.discard(id(jax_core.trace_ctx.trace))
    return [k for k in found if id(values[k]._trace) not in live]


def _owned() -> list:
    owned = getattr(_local, "owned", None)
    if owned is None:
        owned = _local.owned = []
    return owned


def replay(closed, *args) -> list:
    """Evaluates a traced jaxpr on new inputs (in the current trace)."""
    return list(jaxpr_as_fun(closed)(*args))


def python_int(i):
    """A traced loop index, weakly typed as the Python int it stands for."""
    if getattr(jax.typeof(i), "weak_type", False):
        return i
    return _lax_internal._convert_element_type(i, np.dtype(i.dtype), True)


def cast(v, aval):
    """`v` (array or Python scalar) as an array of exactly `aval`'s dtype and weak type.

    Inside `shard_map`, it also varies along `aval.vma`, as a lax carry or
    branch output that joins it with varying values must (`lax.pcast`).
    """
    a = jax.typeof(v)
    if not (a.dtype == aval.dtype and bool(getattr(a, "weak_type", False)) == aval.weak_type
            and not isinstance(v, (bool, int, float, complex))):
        v = _lax_internal._convert_element_type(v, np.dtype(aval.dtype), aval.weak_type)
    missing = aval.vma - varying_axes(jax.typeof(v))
    if missing:
        v = lax.pcast(v, tuple(sorted(missing)), to="varying")
    return v


def zeros(aval):
    return cast(lax.full(aval.shape, 0, np.dtype(aval.dtype)), aval)


def varying_axes(a) -> frozenset:
    """The manual mesh axes (inside `shard_map`) along which values of type `a` vary."""
    mat = getattr(a, "manual_axis_type", None)
    return frozenset(mat.varying if mat is not None else getattr(a, "vma", ()))


def struct(aval):
    """A ShapeDtypeStruct to trace with; one that varies names the current (manual) mesh."""
    if not aval.vma:
        return jax.ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=aval.weak_type)
    sharding = jax.sharding.NamedSharding(jax.sharding.get_abstract_mesh(),
                                          jax.sharding.PartitionSpec())
    return jax.ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=aval.weak_type,
                                sharding=sharding,
                                manual_axis_type=jax.sharding.ManualAxisType(varying=aval.vma))


def opened(closed):
    """(run(live, *carry), live): the closed jaxpr with its traced consts (`live`)
    as explicit inputs, the concrete ones kept inside."""
    consts = list(closed.consts)
    where = [i for i, c in enumerate(consts) if isinstance(c, jax.core.Tracer)]
    fixed = [None if i in where else c for i, c in enumerate(consts)]

    def run(live, *carry):
        vals = list(fixed)
        for i, v in zip(where, live):
            vals[i] = v
        return jax.core.eval_jaxpr(closed.jaxpr, vals, *carry)
    return run, [consts[i] for i in where]


_CALLBACKS = ("debug_callback", "debug_print")
_CALLBACK_EFFECTS = ("DebugEffect", "OrderedDebugEffect")


def without_callbacks(closed):
    """The closed jaxpr without its debug callbacks (prints, run-time checks), also
    inside the jaxprs its equations hold; the other equations are the same."""
    return ClosedJaxpr(_stripped(closed.jaxpr), closed.consts)


def _stripped(jaxpr):
    def kept(effects):
        return type(effects)(e for e in effects if type(e).__name__ not in _CALLBACK_EFFECTS)

    def param(v):
        if isinstance(v, ClosedJaxpr):
            return ClosedJaxpr(_stripped(v.jaxpr), v.consts)
        if isinstance(v, Jaxpr):
            return _stripped(v)
        if isinstance(v, tuple) and any(isinstance(x, (ClosedJaxpr, Jaxpr)) for x in v):
            return tuple(param(x) for x in v)
        return v
    eqns = [e.replace(params={k: param(v) for k, v in e.params.items()}, effects=kept(e.effects))
            for e in jaxpr.eqns if e.primitive.name not in _CALLBACKS]
    return jaxpr.replace(eqns=eqns, effects=kept(jaxpr.effects))
