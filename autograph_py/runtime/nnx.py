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

RAW = "_raw_value"   # where a Variable keeps its value (a slot)


def _variable_type():
    module = sys.modules.get("flax.nnx.variablelib")
    return getattr(module, "Variable", None)


def is_variable(v) -> bool:
    cls = _variable_type()
    return cls is not None and isinstance(v, cls)


def _may_update(self):
    return None


@contextlib.contextmanager
def changes_allowed():
    """Variables may change inside: the traced construct carries their changes."""
    cls = _variable_type()
    if cls is None or "_check_can_update" not in cls.__dict__:
        yield
        return
    check = cls.__dict__["_check_can_update"]
    cls._check_can_update = _may_update
    try:
        yield
    finally:
        cls._check_can_update = check


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
