"""Flax NNX Variables changed inside traced `if`s and loops: state, as `self.total` is.

    if x > 0:
        self.count.value += 1     # self.count = nnx.Variable(...)

NNX refuses to change a Variable from a trace other than the one that made
it: a `lax.cond` branch or a loop body is one (TraceContextError). In
converted code such a change is program state: the converter carries
`self.count.value` when the block assigns it, and a callee's change is found
by comparing the Variable's value before and after the call (reach.snapshot)
and carried after a restart, as any attribute's is. So while traced
constructs trace their blocks (mutations.watch), NNX's check is lifted: the
construct, not the Variable, keeps the block's tracers from escaping. Flax is
never imported here; without it loaded, nothing happens.
"""
from __future__ import annotations

import contextlib
import sys

from autograph_py.runtime import linen

RAW = "_raw_value"   # where a Variable keeps its value (a slot)


def _variable_type():
    module = sys.modules.get("flax.nnx.variablelib")
    return getattr(module, "Variable", None)


def is_variable(v) -> bool:
    cls = _variable_type()
    return cls is not None and isinstance(v, cls)


def _pytree_type():
    return getattr(sys.modules.get("flax.nnx.pytreelib"), "Pytree", None)


def is_object(v) -> bool:
    """An NNX Module, Rngs, Optimizer or Variable (what NNX tracks by identity)."""
    node = _pytree_type()
    return node is not None and (isinstance(v, node) or is_variable(v))


_ENTRY_TRACES: list = []   # the traces the constructs being traced run in, outermost first
_CHECK: list = []          # NNX's own _check_can_update, while it is lifted


def _may_update(self):
    """A Variable of a trace a construct being traced runs in may change: the construct
    carries the change. One of another trace (a module closed over by an `nnx.scan` body)
    gets NNX's own check, as unconverted code does (its change would leak a tracer)."""
    state = getattr(self, "_trace_state", None)
    if state is None or any(state.jax_trace == t for t in _ENTRY_TRACES):
        return None
    return _CHECK[0](self)


@contextlib.contextmanager
def changes_allowed():
    """Variables may change inside: the traced construct carries their changes."""
    cls = _variable_type()
    if cls is None or "_check_can_update" not in cls.__dict__ and not _CHECK:
        yield
        return
    tracers = sys.modules.get("flax.nnx.tracers")
    _ENTRY_TRACES.append(tracers.current_jax_trace() if tracers else None)
    outermost = not _CHECK
    if outermost:
        _CHECK.append(cls.__dict__["_check_can_update"])
        cls._check_can_update = _may_update
    try:
        yield
    finally:
        _ENTRY_TRACES.pop()
        if outermost:
            cls._check_can_update = _CHECK.pop()


class Slots:
    """A Variable's value as a one-item dict, for mutations.Change and record."""
    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def get(self, key, default=None):
        return object.__getattribute__(self.obj, key) if key == RAW else default

    def __setitem__(self, key, value):
        object.__setattr__(self.obj, key, value)

    def pop(self, key, default=None):
        return default   # a Variable always has a value

    def __iter__(self):
        return iter((RAW,))


def variables_held(f, args, kwargs, depth=4) -> list:
    """Before a library call inside a traced block: the Variables the NNX objects among its
    arguments (and the object called, or whose method it is) hold, as reach.snapshot gives them:
    [(variable, "slot", {RAW: value})]. `rngs()` counts in a Variable of an RngStream,
    `optimizer.update(model, grads)` writes the model's and its own; [] without Flax."""
    node = _pytree_type()
    if node is None:
        return linen.collections_held()
    level = [v for v in (f, getattr(f, "__self__", None), *args, *kwargs.values())
             if isinstance(v, (node, list, tuple, dict))]
    out, seen = [], set()
    for _ in range(depth + 1):
        below = []
        for v in level:
            if id(v) in seen:
                continue
            seen.add(id(v))
            if is_variable(v):
                out.append((v, "slot", {RAW: object.__getattribute__(v, RAW)}))
            elif isinstance(v, node):
                below.extend(vars(v).values())
            elif isinstance(v, (list, tuple)):
                below.extend(v)
            elif isinstance(v, dict):
                below.extend(v.values())
        level = below
    return out + linen.collections_held()   # (a linen layer's mutable collections)


def kept(value, sources):
    """After a traced construct: `value`, rebuilt from lax outputs, where it is an NNX
    object (a Module, Rngs, Optimizer) that every side or the loop's entry held as one
    object: that object, its Variables given the rebuilt ones' values. NNX tracks its
    objects by identity (`nnx.jit` writes back the Variables of the objects it was given),
    so the caller's object must see the construct's changes, as Python's would."""
    if not is_object(value) or not sources or not all(s is sources[0] for s in sources):
        return value
    old = sources[0]
    pairs = []
    if type(old) is not type(value) or not _pair_variables(value, old, pairs, 6):
        return value
    for new, var in pairs:
        if new is not var:
            object.__setattr__(var, RAW, object.__getattribute__(new, RAW))
    return old


def _pair_variables(new, old, out, depth) -> bool:
    """(new Variable, old Variable) along the same paths of two objects of one structure."""
    if is_variable(old):
        out.append((new, old))
        return is_variable(new)
    if depth == 0 or type(new) is not type(old):
        return new is old or not is_object(old)
    if isinstance(old, (list, tuple)):
        return len(new) == len(old) and all(
            _pair_variables(a, b, out, depth - 1) for a, b in zip(new, old))
    if isinstance(old, dict):
        return new.keys() == old.keys() and all(
            _pair_variables(new[k], old[k], out, depth - 1) for k in old)
    if not is_object(old):
        return True
    a, b = vars(new), vars(old)
    return a.keys() == b.keys() and all(
        _pair_variables(a[k], b[k], out, depth - 1) for k in b if not k.startswith("_pytree"))
