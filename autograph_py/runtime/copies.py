"""Read-only copies: a list or dict that converted code holds where Python would hold one
of several objects, chosen by a traced value.

    buckets[k]          (k traced)   a gather of the items of every bucket at k
    a if c else b       (c traced)   the items of a or b, selected by c

The compiled program holds a new object with the selected items, so a change
through it would change neither original, where Python changes the one it
names: every method that changes it raises instead. A pick also remembers its
originals: reading it after one of them changed (`a[0] = v`, then `t[0]`, which
Python reads from `a` if `t` is `a`) raises too. The errors are an
errors.TracedShapeError for a gather (the index is data), an errors.StateError for
a pick (the state has no one object).
"""
from __future__ import annotations

import sys

import jax

from autograph_py import errors


def _refuse_change(self, *args, **kwargs):
    kind = type(self).__mro__[1].__name__
    raise self.ag_error(errors.message(
        f"this {kind} {self.ag_why}: the compiled program holds a new {kind} with the "
        f"selected items, so changing it would not change the {kind} Python would change",
        at=errors.where(),
        fix=self.ag_fix))


def _refuse_stale(self):
    kind = type(self).__mro__[1].__name__
    raise self.ag_error(errors.message(
        f"this {kind} {self.ag_why}, and one of them changed since: the compiled program "
        f"holds a new {kind} with the items selected then, which Python would read from "
        "the changed one",
        at=errors.where(),
        fix=self.ag_fix))


def _reading(method):
    read = getattr(method, "__wrapped__", method)

    def checked(self, *args, **kwargs):
        # The user's reads only: the runtime's own (the state walked for containers)
        # read what the program holds, as they should.
        if self.ag_stale() and not _ours(sys._getframe(1).f_globals.get("__name__", "")):
            _refuse_stale(self)
        return read(self, *args, **kwargs)
    checked.__wrapped__ = read
    return checked


def _ours(module: str) -> bool:
    return module.split(".", 1)[0] in ("autograph_py", "jax")


def never():
    return False


class ReadOnlyList(list):
    """A list that stands for one of several lists a traced value selects."""
    ag_why = ag_fix = ""
    ag_error = errors.StateError
    ag_stale = staticmethod(never)


class ReadOnlyDict(dict):
    """A dict that stands for one of several dicts a traced value selects."""
    ag_why = ag_fix = ""
    ag_error = errors.StateError
    ag_stale = staticmethod(never)


for _cls, _changes, _reads in (
        (ReadOnlyList, ("append", "extend", "insert", "pop", "remove", "clear", "sort",
                        "reverse", "__setitem__", "__delitem__", "__iadd__", "__imul__"),
         ("__getitem__", "__iter__", "__len__", "__contains__", "index", "count",
          "__reversed__", "copy", "__add__", "__mul__", "__eq__")),
        (ReadOnlyDict, ("__setitem__", "__delitem__", "pop", "popitem", "setdefault",
                        "update", "clear", "__ior__"),
         ("__getitem__", "__iter__", "__len__", "__contains__", "get", "keys", "values",
          "items", "copy", "__or__", "__eq__"))):
    for _m in _changes:
        setattr(_cls, _m, _refuse_change)
    for _m in _reads:
        setattr(_cls, _m, _reading(getattr(_cls.__mro__[1], _m)))


class _Stale:
    """A pick's staleness test in its pytree structure, which it is not part of: two picks
    of one shape are one structure (each trace of a loop body makes its own test)."""
    __slots__ = ("test",)

    def __init__(self, test):
        self.test = test

    def __eq__(self, other):
        return isinstance(other, _Stale)

    def __hash__(self):
        return 0


def _flatten(value):
    # The base class's own reads: flattening it into a construct's state is not a read.
    keys = None if isinstance(value, list) else tuple(dict.keys(value))
    children = list.copy(value) if keys is None else [dict.get(value, k) for k in keys]
    return children, (keys, value.ag_why, value.ag_fix, value.ag_error, _Stale(value.ag_stale))


def _unflatten(aux, children):
    """Read-only again while traced values fill it (its state through a later construct);
    a plain list or dict when a compiled program's results do (what the caller gets)."""
    keys, why, fix, error, stale = aux
    stale = stale.test
    value = list(children) if keys is None else dict(zip(keys, children))
    if not any(isinstance(c, jax.core.Tracer) for c in jax.tree_util.tree_leaves(children)):
        return value
    return read_only(value, why, fix, error, stale)


READ_ONLY = (ReadOnlyList, ReadOnlyDict)
for _cls in READ_ONLY:
    jax.tree_util.register_pytree_node(_cls, _flatten, _unflatten)


_made = [False]   # whether any copy was made in this process: `plain` is on a hot path


def plain(value):
    """`value` with its read-only copies as plain lists and dicts: what a construct's state
    is made of, so that a copy and a list join as two lists (a later pick wraps it again)."""
    if not _made[0] or not _holds_copy(value):
        return value
    if type(value) in (list, ReadOnlyList):
        return [plain(v) for v in list.copy(value)]
    if type(value) in (dict, ReadOnlyDict):
        return {k: plain(v) for k, v in dict.items(value)}
    return tuple(plain(v) for v in value)


def like(values, entries) -> tuple:
    """`values` (rebuilt from lax outputs), each that entered as a read-only copy (`entries`)
    a read-only copy again, with the same reason and originals."""
    if not _made[0]:
        return values
    out = list(values)
    for i, (v, e) in enumerate(zip(values, entries)):
        if isinstance(e, (ReadOnlyList, ReadOnlyDict)) and type(v) is type(e).__mro__[1]:
            out[i] = read_only(v, e.ag_why, e.ag_fix, e.ag_error, e.ag_stale)
    return tuple(out)


def _holds_copy(value) -> bool:
    if isinstance(value, (ReadOnlyList, ReadOnlyDict)):
        return True
    if type(value) in (list, tuple):
        return any(_holds_copy(v) for v in value)
    return type(value) is dict and any(_holds_copy(v) for v in value.values())


def read_only(value, why: str, fix: str, error=errors.StateError, stale=never):
    """`value` with its lists and dicts as read-only copies; `why` and `fix` say, in the
    `error` a change raises, where the copy came from and what to write instead; reading
    it raises too once `stale()` is true."""
    if type(value) in (list, dict):
        items = (read_only(v, why, fix, error, stale) for v in value) if type(
            value) is list else ((k, read_only(v, why, fix, error, stale))
                                 for k, v in value.items())
        out = ReadOnlyList(items) if type(value) is list else ReadOnlyDict(items)
        _made[0] = True
        out.ag_why, out.ag_fix, out.ag_error, out.ag_stale = why, fix, error, stale
        return out
    if type(value) is tuple:
        return tuple(read_only(v, why, fix, error, stale) for v in value)
    return value
