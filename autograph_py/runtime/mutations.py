"""Attributes and dict items that a called function changes inside a traced block.

The control-flow converter makes `c.total` state when the block itself assigns it. A
method the block calls may assign it instead (`if x > 0: c.add(x)`, where add() does
`self.total = self.total + x`): its value would be a tracer of the branch, left in `c`
after the `lax.cond` (JAX's UnexpectedTracerError later), and the assignment would
happen whatever the condition. So while a traced `if` or loop traces its blocks
(`watch()`), `converted_call` compares the attributes and items of the objects a call
can reach (its `self`, its arguments, dicts they hold) before and after the call, and
each block's end those of the objects and classes the construct reaches otherwise
(runtime/rebinds). A change its state does not carry makes the construct start again
(`Restart`) with it added to its state, from its entry values.
"""
from __future__ import annotations

import contextlib
import threading

import jax

from autograph_py.runtime import nnx, orders, reach, rebinds
from autograph_py.runtime.dispatch import is_array
from autograph_py.runtime.undefined import (MaybeUndefined, UnboundUnlessAssigned, Undefined,
                                           store_part)

class _Local(threading.local):
    def __init__(self):
        self.stack = []   # the watches of the constructs being traced, innermost last


_local = _Local()
_MISSING = rebinds.MISSING


class Restart(Exception):
    """Raised inside a construct after its traces, before it emits anything."""


class Change:
    """One attribute (`kind` "attr") or item ("item") of `obj`, and its value on entry."""
    __slots__ = ("obj", "kind", "key", "entry")

    def __init__(self, obj, kind, key, entry):
        self.obj, self.kind, self.key, self.entry = obj, kind, key, entry

    def kind_key(self):   # (a class is one object: not "the same change of a new object")
        return id(self.obj) if self.kind == "class" else type(self.obj), self.kind, self.key

    def label(self) -> str:
        owner = self.obj.__name__ if self.kind == "class" else type(self.obj).__name__
        if self.kind == "slot":
            return f"the value of an NNX {owner}"
        return f"{owner}[{self.key!r}]" if self.kind == "item" else f"{owner}.{self.key}"

    def read(self):
        value = fields(self.obj, self.kind).get(self.key, _MISSING)
        return Undefined(self.label()) if value is _MISSING else value

    def write(self, value):
        target = fields(self.obj, self.kind)
        if isinstance(value, MaybeUndefined):
            value._fail()   # set on some paths only: the object outlives the block
        if isinstance(value, UnboundUnlessAssigned):
            store_part(target, self.key, value, attribute=False)   # its error
        if value is _MISSING or isinstance(value, Undefined):
            target.pop(self.key, None)
        else:
            target[self.key] = value


def fields(obj, kind):
    """What a change of `kind` reads and writes: attributes (of an object, of one with
    `__slots__`, of a class: `Cfg.scale = x` in a callee), items, or a Variable's value."""
    view = {"slots": reach.Slots, "class": rebinds.ClassAttrs, "slot": nnx.Slots}.get(kind)
    return obj.__dict__ if kind == "attr" else obj if view is None else view(obj)


class ContentsChange(Change):
    """The items of a list or dict that a method changed in place (`lst.pop()`, `d.update(e)`).

    Only containers that existed before the construct and that it can see
    are recorded (`visible`); a container the block creates is a temporary.
    As state, the container stays the same object: its contents are the
    state variable, written back in place.
    """
    __slots__ = ("method", "name")
    IN_PLACE = "__setitem__"   # `method` of a change the block made itself (Watch.note_in_place)

    def __init__(self, obj, method: str, entry=None):
        # One change per container (key None), whichever methods change it: its entry is
        # the contents before the first.
        super().__init__(obj, "contents", None, contents_of(obj) if entry is None else entry)
        self.method, self.name = method, _name_of(obj)

    def kind_key(self):
        return id(self.obj), self.kind, self.key   # never the "same change of a new object"

    def label(self) -> str:
        if self.name:
            return self.name
        if self.method == self.IN_PLACE:
            return f"the {type(self.obj).__name__} changed in place through another name"
        return f"the {type(self.obj).__name__} that .{self.method}() changes"

    def read(self):
        return contents_of(self.obj)

    def changed_items(self):
        """The new values of the changed items; None when items were added or removed
        in a list, or removed from a dict (no state variable can carry that)."""
        now, before = self.obj, self.entry
        if isinstance(now, list):
            if len(now) != len(before):
                return None
            return [a for a, b in zip(now, before) if a is not b]
        if any(k not in now for k in before):
            return None
        return [v for k, v in now.items() if before.get(k, _MISSING) is not v]

    def unchanged(self) -> bool:
        return _same_contents(self.obj, self.entry)

    def write(self, value):
        if isinstance(value, (MaybeUndefined, UnboundUnlessAssigned)):
            store_part({}, self.method, value, attribute=False)   # its error
        if value is self.entry:
            put_contents(self.obj, value)   # undone: the entry's contents, in their order
        else:
            refill(self.obj, value)   # a construct's output: a rebuilt dict's keys are sorted


def _name_of(obj):
    """How the user's code names `obj`, a container a traced block sees (`v`, `v['a']`)."""
    for w in reversed(_local.stack):
        name = w.visible.names.get(id(obj))
        if name is not None:
            return name
    return None


def contents_of(obj):
    """A copy of a list's or dict's contents (its items, not copies of them); through the
    base class, as put_contents."""
    return list.copy(obj) if isinstance(obj, list) else dict.copy(obj)


def put_contents(obj, contents) -> None:
    """Gives `obj` these contents, through the base class: the runtime's own writes (a
    branch's entry contents put back) also go to a read-only copy (runtime/copies)."""
    if isinstance(obj, list):
        list.__setitem__(obj, slice(None), contents)
    else:
        orders.put_in_order(obj, contents, contents)


def refill(obj, contents, _seen=None) -> None:
    """put_contents of a construct's output contents (a rebuilt dict's keys are sorted):
    a dict keeps the order of its keys, the new ones after them, as Python's item writes;
    a list or dict it held that the output holds at the same place is refilled in turn,
    so another name for it (`rows = [row, row]`, `row[1]`) sees the change."""
    seen = set() if _seen is None else _seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, dict):
        contents = {**{k: contents[k] for k in obj if k in contents}, **contents}
        places = [k for k in contents if k in obj]
    else:
        contents = list(contents)
        places = range(min(len(obj), len(contents)))
    for k in places:
        old, new = obj[k], contents[k]
        if old is not new and type(old) in (list, dict) and type(new) is type(old):
            refill(old, new, seen)
            contents[k] = old
    put_contents(obj, contents)


def _same_contents(obj, before) -> bool:
    if len(obj) != len(before):
        return False
    if isinstance(obj, list):
        return all(a is b for a, b in zip(obj, before))
    return all(before.get(k, _MISSING) is v for k, v in obj.items())


# The methods of list and dict that change the object in place.
MUTATORS = {list: frozenset({"append", "extend", "insert", "remove", "pop", "clear", "sort",
                             "reverse", "__setitem__", "__delitem__", "__iadd__"}),
            dict: frozenset({"update", "pop", "popitem", "setdefault", "clear", "__setitem__",
                             "__delitem__", "__ior__"})}


def container_mutator(f):
    """The list or dict whose in-place method `f` is, while a traced block may see it; else None."""
    obj = getattr(f, "__self__", None)
    if type(obj) not in MUTATORS or f.__name__ not in MUTATORS[type(obj)]:
        return None
    if not any(id(obj) in w.visible for w in _local.stack):
        return None
    return obj


class Watch:
    def __init__(self, carried=frozenset(), kinds=frozenset(), visible=None):
        self.changes: dict = {}     # (id(obj), kind, key) -> Change, first seen first
        self.uncovered: dict = {}   # the same keys, for changes the state does not carry
        self.carried = carried      # keys an earlier restart added to the state
        # (type, kind, key) of those: the same change of a new object is of one the
        # block creates on every trace, a temporary of the block, not state.
        self.kinds = kinds
        self.visible = reach.Visible() if visible is None else visible   # reach.visible()
        # Their contents on entry: a block's direct changes are found by comparing them.
        self.entry = {i: contents_of(c) for i, c in self.visible.items()}
        # id -> list or dict the runtime made from a carry while this construct traced
        # (made()): a temporary of the construct, whose state variables hold it.
        self.made: dict = {}
        self.orders: list = []   # per block traced: the dict key orders it left (orders.note)
        self.unobserved = frozenset()   # ids of containers only dead variables hold
        self.rebinds = rebinds.snapshot(self.visible)   # attributes and globals on entry

    def restore(self):
        """Undoes the block's changes: each change's entry is what it found, so they are
        undone last first; the visible containers get their contents on entry last of all."""
        for change in reversed(self.changes.values()):
            change.write(change.entry)
        for i, before in self.entry.items():
            c = self.visible[i]
            if not _same_contents(c, before) or isinstance(c, dict) and list(c) != list(before):
                put_contents(c, before)

    def note_in_place(self):
        """After a block's trace: the visible containers whose items it changed itself, and
        the attributes a callee rebound (runtime/rebinds: a global is an error)."""
        for obj, kind, key, old in rebinds.rebound(self.visible, self.rebinds):
            self.changes.setdefault((id(obj), kind, key), Change(obj, kind, key, old))
        for i, before in self.entry.items():
            c = self.visible[i]
            if (i, "contents", None) not in self.changes and not _same_contents(c, before):
                # Changed by the block itself, through a name its state does not carry
                # (`e = d; e["s"] += 1.0`, neither name read after it).
                self.changes[(i, "contents", None)] = ContentsChange(c, ContentsChange.IN_PLACE,
                                                                     before)

    def check(self, state_vars, state_containers=frozenset()):
        """After a block's trace: which changes its state (`state_vars`, and the lists and
        dicts its variables hold, `state_containers`) does not carry."""
        for k, change in self.changes.items():
            if k in self.carried or change.kind_key() in self.kinds:
                continue
            # Only arrays the state holds carry a change, and only where they are the
            # changed part: the part itself as state (`d['s']`), or a variable holding the
            # changed object; not another variable that holds the same array (`b = o.add(x)`
            # returns the new `self.total`: F75; `put(lst, x)` writes x's array: F102).
            carriers = {id(l) for v in state_vars
                        if _is_part(v.name) or reach.holds(v.value, change.obj)
                        for l in v.leaves}
            if isinstance(change, ContentsChange):
                if change.unchanged() or id(change.obj) in state_containers | self.unobserved:
                    continue   # unchanged, or a state variable's own list: its value carries it
                # Only the changed items need carrying (`d["s"] = x` with `d["s"]` state), by
                # arrays the state holds: a Python scalar may be the same object as another
                # variable's (equal constants of one function are one object).
                items = change.changed_items()
                leaves = [] if items is None else jax.tree_util.tree_leaves(items)
                if not leaves or not all(is_array(l) and id(l) in carriers for l in leaves):
                    self.uncovered.setdefault(k, change)
                continue
            value = change.read()
            if value is change.entry:
                continue
            # As for items: a Python int the callee wrote may be the very object another
            # variable holds (`a = o.count`: F60).
            leaves = jax.tree_util.tree_leaves(value)
            if not leaves or not all(is_array(l) and id(l) in carriers for l in leaves):
                self.uncovered.setdefault(k, change)


def watching() -> bool:
    return bool(_local.stack)


def watches() -> list:
    return _local.stack


def visible_here() -> dict:
    """The containers the innermost traced construct can see (see reach.visible())."""
    return _local.stack[-1].visible if _local.stack else {}


@contextlib.contextmanager
def watch(carried=frozenset(), kinds=frozenset(), visible=None):
    stack = _local.stack
    w = Watch(carried, kinds, visible)
    allowed = nnx.changes_allowed()   # (each construct's trace: its Variables may change)
    stack.append(w)
    try:
        with allowed:
            yield w
    finally:
        stack.pop()


def record(snap) -> None:
    """After the call: each attribute or item it changed, in every watched block around it."""
    for obj, kind, before in snap:
        if kind == "contents":   # a list the call may change in place (`lst[0] = v`)
            if len(obj) != len(before) or any(a is not b for a, b in zip(obj, before)):
                changed(ContentsChange(obj, ContentsChange.IN_PLACE, before), _local.stack)
            continue
        after = fields(obj, kind)
        for key in set(before) | set(after):
            old, new = before.get(key, _MISSING), after.get(key, _MISSING)
            if old is not new:
                changed(Change(obj, kind, key, old), _local.stack)


def changed(change: Change, watches) -> None:
    contents = isinstance(change, ContentsChange)
    for w in watches:
        if contents and id(change.obj) not in w.visible or id(change.obj) in w.made:
            continue   # a container that block made itself: a temporary of it, not its state
        owner = w.rebinds[0].get(id(change.obj)) if change.kind == "attr" else None
        entry = change.entry if owner is None else owner.get(change.key, _MISSING)
        w.changes.setdefault((id(change.obj), change.kind, change.key), change if entry is (
            change.entry) else Change(change.obj, "attr", change.key, entry))   # (as w began)


def made(values) -> None:
    """`values` were rebuilt from a lax carry or branch outputs: the lists and dicts they
    hold are new, temporaries of every construct being traced. A change of their items
    (a helper's `d["s"] = x` on the `d` a loop body starts from) is carried by the state
    variables that hold them, not as state of its own (FINDINGS F59)."""
    if _local.stack:
        new = {id(c): c for c in reach.containers_in(values)}
        for w in _local.stack:
            w.made.update(new)


def extended(block, changes):
    """The construct's state (a Block) with `changes` (their current values) appended."""
    changes = list(changes)
    get_state, set_state, names = block.get, block.set, block.names
    n = len(names)

    def get():
        return (*get_state(), *(c.read() for c in changes))

    def set_(values):
        # Each write is a change for the watches open now: those of the blocks around
        # the construct, and, while the construct traces its own blocks, its own, so
        # that undoing them restores the value on entry, not a tracer of a block's trace.
        set_state(values[:n])
        for c, v in zip(changes, values[n:]):
            if isinstance(c, ContentsChange):
                change = ContentsChange(c.obj, c.method)
                c.write(v)
                if not change.unchanged():
                    changed(change, _local.stack)
                continue
            before = c.read()
            if v is not before:
                c.write(v)
                changed(Change(c.obj, c.kind, c.key, before), _local.stack)

    return block.but(get=get, set=set_, names=(*names, *(c.label() for c in changes)))


def checkpoint() -> None:
    """After a construct traced its blocks: start again if the state missed a change."""
    stack = _local.stack
    if stack and stack[-1].uncovered:
        raise Restart()


def _is_part(name) -> bool:
    """Whether a state variable is an item or attribute (`o.total`, `d['s']`), not a local
    (`b`), the return value or a flag (labels.RETURN_VALUE)."""
    return not name.startswith("<") and ("." in name or "[" in name)


def after_block(state_vars, entry_values, raised=False) -> None:
    """After one block's trace: note uncovered changes, and undo every change for the next.

    `state_vars` (state.Var) carry a change when one of their leaves is its value; not
    the items of a list, which may hold a copy of it (`c.append(d["s"])`). A list or dict
    changed in place is carried by the state only if a state variable held it on entry
    (`entry_values`) and one holds it after: each iteration and branch then starts from
    the state's own value. One the block bound to it (`e = d`, first there) does not."""
    stack = _local.stack
    if stack:
        held = {id(c) for c in reach.containers_in(entry_values)}
        held &= {id(c) for c in reach.containers_in(v.value for v in state_vars)}
        stack[-1].note_in_place()
        stack[-1].check([v for v in state_vars if v.size is None], held)
        orders.note(stack[-1], raised)
        stack[-1].restore()


