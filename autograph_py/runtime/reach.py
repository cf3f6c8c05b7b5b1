"""What a traced block can reach: the lists, dicts and user objects whose changes it
may make, found by walking closures, module globals its code names, and containers.

`visible(roots)` is what a construct's block functions can see before it
starts (runtime/mutations.py compares their contents after each block);
`snapshot(values)` is what a call may change, compared before and after it.
"""
from __future__ import annotations

import collections
import dis
import functools
import sys
import types

import numpy as np

from autograph_py.runtime import nnx
from autograph_py.runtime.dispatch import is_array
from autograph_py.runtime.undefined import MaybeUndefined, UnboundUnlessAssigned


# Mutable objects that change in place and that a lax carry cannot hold as they are.
OTHER_MUTABLES = (np.ndarray, set, collections.deque, bytearray)


class Visible(dict):
    """{id: container} (see visible()), with `names`: id -> how the user's code names it
    (`v`, `v['a']`), for messages; `every`: id -> all the names it was found under; and
    `others`: id -> (object, name) of the NumPy arrays, sets, deques and bytearrays it
    reaches, which no carry holds (runtime/restarts.py guards them); `reached`: the ids
    of every object it reached (what exists before the blocks run); `owners`: id -> (object,
    kind, name) of the user objects ("attr") and classes ("class") whose attributes a block
    may rebind; `globals`: (id(module dict), name) -> (dict, name, function) of the globals
    a user function it reaches assigns (`global g`), and `values`: (dict, name) of the
    module-level arrays its code reads (runtime/leaks.py)."""

    def __init__(self):
        super().__init__()
        self.names, self.every, self.others, self.reached = {}, {}, {}, set()
        self.owners, self.globals, self.values = {}, {}, []


def visible(roots, depth=3) -> Visible:
    """{id: container} of the lists and dicts that the block functions `roots` reach through
    their closures (and the module-level ones their code names): the containers that exist
    before the construct and that its blocks can change."""
    ids, seen, level = Visible(), set(), [(r, None) for r in roots]
    held = set()   # ids of the items of the lists, dicts and tuples it reached
    for _ in range(depth + 1):
        below = []
        for v, name in level:   # (grows: a function a function names is on its level)
            if isinstance(v, (list, dict, tuple)):   # (a tuple: its items' other names)
                ids.every.setdefault(id(v), set()).add(name)
            if isinstance(v, OTHER_MUTABLES):
                ids.others.setdefault(id(v), (v, name))
            if id(v) in seen or is_array(v) or isinstance(v, (int, float, str, bool)):
                continue
            seen.add(id(v))
            if isinstance(v, types.FunctionType):
                for var, cell in zip(v.__code__.co_freevars, v.__closure__ or ()):
                    try:
                        c = cell.cell_contents
                    except ValueError:   # an empty cell
                        continue
                    # A function it closes over is on its level: only data nesting costs
                    # depth (the runtime's guard around a body is one more closure).
                    (level if isinstance(c, types.FunctionType) else below).append((c, var))
                below.extend((d, None) for d in v.__defaults__ or ())
                _globals_seen(v, ids, level, below)
            elif isinstance(v, (list, dict)):
                ids[id(v)] = v
                if name is not None:
                    ids.names.setdefault(id(v), name)
                items = enumerate(v) if isinstance(v, list) else v.items()
                below.extend((x, name and f"{name}[{k!r}]") for k, x in items)
                held.update(id(x) for x in (v if isinstance(v, list) else v.values()))
            elif isinstance(v, tuple):
                below.extend((x, name and f"{name}[{k}]") for k, x in enumerate(v))
                held.update(id(x) for x in v)
            elif _attributed(v):   # `obj.v`: another name of the list `v = obj.v` holds
                below.extend((x, name and f"{name}.{k}") for k, x in _attributes(v))
                if is_user_object(v) and id(v) in held:   # an item's or attribute's
                    # attributes, which a block may rebind through another name (`for p in
                    # procs: p.r -= 1` left a tracer of the block in procs[0]); a variable's
                    # own (`self.total`) are the converter's state or a call's change
                    ids.owners.setdefault(id(v), (v, "attr", name))
        level = below
    ids.reached = seen
    return ids


def _globals_seen(v, ids: Visible, level: list, below: list) -> None:
    """What function `v`'s code names at module level, for visible(): lists, dicts and
    objects (below), the user's functions and classes (on its level), at any depth of
    calls (`record(x)` appending to a module's list three calls down, `helper(x, acc=[])`,
    `REG.items["n"] += x`, a classmethod's `cls.tally["n"] += x`)."""
    g = v.__globals__
    for n in _global_names(v.__code__):
        u = g.get(n)
        if type(u) in (list, dict) or is_user_object(u):
            below.append((u, n))
            if type(u) not in (list, dict):   # a module-level object's attributes
                ids.owners.setdefault(id(u), (u, "attr", n))   # (rebinds)
        elif _user_function(u):
            level.append((u, n))
        elif _user_class(u):
            ids.owners.setdefault(id(u), (u, "class", n))
            level.extend(_class_members(u, n))
        elif is_array(u):
            ids.values.append((g, n))
    if _user_function(v):
        for n in _stored_globals(v.__code__):
            ids.globals.setdefault((id(g), n), (g, n, v.__qualname__))


def snapshot(values, depth=2):
    """Before a call, inside a watched block: (obj, kind, contents) for the objects the
    call may change: user objects, dicts and lists among `values`, and those they hold,
    `depth` levels down (`self.inner.total`, `self.log["n"]`, `rows[0][1]`)."""
    out, seen, level = [], set(), list(values)
    for _ in range(depth + 1):
        below = []
        for v in level:
            if id(v) in seen:
                continue
            if isinstance(v, dict):
                seen.add(id(v))
                out.append((v, "item", dict(v)))
                below.extend(v.values())
            elif type(v) is list:
                seen.add(id(v))
                out.append((v, "contents", list.copy(v)))
                below.extend(v)
            elif _attributed(v):   # (a user object's __dict__, or its `__slots__`)
                seen.add(id(v))
                attrs = dict(_attributes(v))
                out.append((v, "attr" if hasattr(v, "__dict__") else "slots", attrs))
                below.extend(attrs.values())
            elif nnx.is_variable(v):   # a library object, but its value is the user's state
                seen.add(id(v))
                out.append((v, "slot", {nnx.RAW: object.__getattribute__(v, nnx.RAW)}))
            elif nnx.is_object(v):   # an NNX module: its attributes are NNX's, its Variables
                seen.add(id(v))      # the user's
                below.extend(vars(v).values())
        level = below
    return out


def _attributes(v):
    """The (name, value) pairs of a user object's attributes, in its __dict__ or slots."""
    return v.__dict__.items() if hasattr(v, "__dict__") else Slots(v).items()


def _attributed(v) -> bool:
    """A user object: its attributes in its __dict__, or in `__slots__` (no __dict__)."""
    return is_user_object(v) or (
        not isinstance(v, type) and not hasattr(v, "__dict__") and hasattr(v, "__slots__")
        and (type(v).__module__ or "").partition(".")[0] not in LIBRARIES | _STDLIB)


class Slots:
    """A user object's `__slots__` attributes as a dict (it has no __dict__): what a change
    of kind "slots" reads and writes (runtime/mutations.fields)."""
    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def items(self):
        names = []
        for k in type(self.obj).__mro__:
            own = k.__dict__.get("__slots__", ())
            names += [own] if isinstance(own, str) else own
        return [(n, getattr(self.obj, n)) for n in names
                if n not in ("__weakref__", "__dict__") and hasattr(self.obj, n)]

    def get(self, key, default=None):
        return getattr(self.obj, key, default)

    def __setitem__(self, key, value):
        object.__setattr__(self.obj, key, value)

    def pop(self, key, default=None):
        value = getattr(self.obj, key, default)
        if hasattr(self.obj, key):
            object.__delattr__(self.obj, key)
        return value

    def __iter__(self):
        return iter([n for n, _ in self.items()])


def call_snapshot(fn, args, kwargs, seen) -> list:
    """`snapshot` before a converted call of `fn` inside a watched block: of its arguments
    (`self` among them) and of what its closure holds (closure_objects)."""
    return snapshot((*args, *kwargs.values(), *closure_objects(fn, seen)))


def closure_objects(fn, seen) -> list:
    """The lists, dicts and user objects `fn`'s closure holds (`b` of `def bump(): b.v +=
    1` nested where `b = Box()`) that existed when the innermost traced construct began
    (in `seen.reached`, a Visible): a call may change them as it may change its arguments
    (`self` among them). One the block made itself is its temporary, not its state."""
    reached = getattr(seen, "reached", ())
    out = []
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            v = cell.cell_contents
        except ValueError:   # an empty cell
            continue
        if (type(v) in (list, dict) or _attributed(v)) and id(v) in reached:
            out.append(v)
    return out


# Top-level modules of libraries: converted code calls their functions as they are, and
# their objects' attributes are their own bookkeeping (a Flax scope's names), not state.
LIBRARIES = frozenset({"builtins", "jax", "jaxlib", "numpy", "scipy", "autograph_py", "gast",
                       "ml_dtypes", "opt_einsum", "optax", "flax", "equinox", "chex",
                       "tensorflow", "torch", "_pytest", "pytest", "hypothesis"})


@functools.lru_cache(maxsize=4096)
def _global_names(code) -> tuple:
    """The names `code` and the functions defined in it read (a block function's nested
    branch functions call `bump()` too)."""
    nested = (_global_names(c) for c in code.co_consts if isinstance(c, types.CodeType))
    return tuple(dict.fromkeys(code.co_names + sum(nested, ())))


@functools.lru_cache(maxsize=4096)
def _stored_globals(code) -> tuple:
    """The globals `code` and the functions defined in it assign (`global g; g = x`)."""
    nested = (_stored_globals(c) for c in code.co_consts if isinstance(c, types.CodeType))
    own = (i.argval for i in dis.get_instructions(code)
           if i.opname in ("STORE_GLOBAL", "DELETE_GLOBAL"))
    return tuple(dict.fromkeys((*own, *sum(nested, ()))))


def _user_class(c) -> bool:
    return isinstance(c, type) and (c.__module__ or "").partition(".")[0] not in (
        LIBRARIES | _STDLIB)


def _class_members(cls, name) -> list:
    """A user class's own lists and dicts (`C.tally`) and its methods' functions."""
    out = []
    for k, m in vars(cls).items():
        m = getattr(m, "__func__", m)   # a classmethod's or staticmethod's function
        if type(m) in (list, dict) or isinstance(m, types.FunctionType):
            out.append((m, f"{name}.{k}"))
    return out


def _user_function(f) -> bool:
    if not isinstance(f, types.FunctionType):
        return False
    module = (f.__module__ or "").partition(".")[0]
    return module not in LIBRARIES and module not in _STDLIB


_STDLIB = frozenset(getattr(sys, "stdlib_module_names", ()))


def is_user_object(v) -> bool:
    if is_array(v) or isinstance(v, (type, types.FunctionType, types.MethodType,
                                     types.ModuleType, functools.partial)):
        return False
    module = (type(v).__module__ or "").partition(".")[0]
    return module not in LIBRARIES and isinstance(getattr(v, "__dict__", None), dict)


def holds(value, obj, depth=4) -> bool:
    """Whether `value` is `obj` or holds it, through tuples, lists, dicts and user objects."""
    if value is obj:
        return True
    if depth == 0:
        return False
    if isinstance(value, (tuple, list)):
        items = value
    elif isinstance(value, dict):
        items = value.values()
    elif is_user_object(value):
        items = value.__dict__.values()
    else:
        return False
    return any(holds(v, obj, depth - 1) for v in items)


def containers_in(values) -> list:
    """The lists and dicts that `values` hold, through tuples, lists, dicts and placeholders."""
    out, seen, todo = [], set(), list(values)
    while todo:
        v = todo.pop()
        if isinstance(v, (list, dict)) and id(v) not in seen:
            seen.add(id(v))
            out.append(v)
            todo.extend(v if isinstance(v, list) else v.values())
        elif isinstance(v, tuple):
            todo.extend(v)
        elif isinstance(v, (MaybeUndefined, UnboundUnlessAssigned)):
            todo.append(v.value)
    return out

