"""Attributes and globals that a function a traced block calls rebinds.

    class Cfg:                     OBJ = Box()            ST = 0.0
        scale = 1.0                def put(x):            def put(x):
    def put(x):                        OBJ.v = x              global ST
        Cfg.scale = x                                         ST = x

    if x > 0:        # a traced `if` (or loop) of the compiled function
        put(x)

`converted_call` compares the objects a call is handed; these are reached
another way: through the module's globals or a closure (runtime/reach.py).
A watched block (runtime/mutations.py) takes their values on entry
(`snapshot`) and, after each of its blocks, the ones that changed
(`rebound`) to or from an array: an attribute becomes state of the
construct, as `self.total` does; a global is an error, as the construct's own
`global g; g = x` is (a compiled function cannot write a global variable). A
Python number counts as an array does (`Cfg.scale = Cfg.scale * 0.5` in one
branch only, or in every iteration of a traced loop: a trace sets it once); other
Python values a callee sets (a str, an object) change once, as the trace runs.
"""
from __future__ import annotations

import jax

from autograph_py import errors
from autograph_py.runtime import linen
from autograph_py.runtime.dispatch import is_array

MISSING = object()


class ClassAttrs:
    """A class's attributes as a dict (its __dict__ is read-only): a Change's `fields`."""
    __slots__ = ("cls",)

    def __init__(self, cls):
        self.cls = cls

    def get(self, key, default=None):
        return self.cls.__dict__.get(key, default)

    def __setitem__(self, key, value):
        setattr(self.cls, key, value)

    def pop(self, key, default=None):
        value = self.cls.__dict__.get(key, default)
        if key in self.cls.__dict__:
            delattr(self.cls, key)
        return value

    def __iter__(self):
        return iter(data_attributes(self.cls))


def data_attributes(cls) -> dict:
    """A class's own attributes that hold data (not its methods, properties or dunders)."""
    return {k: v for k, v in vars(cls).items() if not k.startswith("__") and not (
        callable(v) or isinstance(v, (classmethod, staticmethod, property)))}


def _holds_numbers(values) -> bool:
    """Whether a change involves arrays or Python numbers: state of the construct (a
    number a callee sets in one branch only, `Cfg.scale = Cfg.scale * 0.5`, is the
    branch's, as an array is)."""
    return any(is_array(leaf) or type(leaf) in (int, float, complex, bool)
               for leaf in jax.tree_util.tree_leaves(values))


def snapshot(visible) -> tuple:
    """(attributes, globals, linen counters) on entry of the owners and written globals
    `visible` has, and of the Flax linen modules running (runtime/linen.py)."""
    attrs = {i: dict(o.__dict__) if kind == "attr" else data_attributes(o)
             for i, (o, kind, _) in visible.owners.items()}
    found = {k: g.get(n, MISSING) for k, (g, n, _) in visible.globals.items()}
    return attrs, found, linen.entry()


def rebound(visible, entry) -> list:
    """(object, kind, key, value on entry) of each attribute rebound since `entry`; a
    global rebound is put back and raised as a StateError, as linen counters changed are."""
    attrs, found, counters = entry
    if counters is not None:
        counters.after_block()
    out = []
    for i, before in attrs.items():
        obj, kind, _ = visible.owners[i]
        now = obj.__dict__ if kind == "attr" else data_attributes(obj)
        for key in set(before) | set(now):
            old, new = before.get(key, MISSING), now.get(key, MISSING)
            if new is not old and _holds_numbers((old, new)):
                out.append((obj, kind, key, old))
    for k, old in found.items():
        g, name, fn = visible.globals[k]
        if g.get(name, MISSING) is not old and _holds_numbers((old, g.get(name))):
            if old is MISSING:
                g.pop(name, None)
            else:
                g[name] = old
            raise errors.StateError(errors.message(
                f"global {name} is assigned by {fn}(), which a traced `if` or loop calls "
                "here; a compiled function cannot write a global variable",
                at=errors.where(),
                fix=f"Return the new value of '{name}' from {fn}() and assign it where the "
                    "function is called, or make the condition a Python value."))
    return out
