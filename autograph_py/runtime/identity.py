"""Object identity across a traced construct: in-place changes undone between the
traces of its blocks, and variables bound to one object after it, as in Python.

A traced `if` or loop rebuilds its state from lax outputs: new objects. Where
Python's variables are bound to one object that exists outside the construct,
or to one object the construct made under two names, the rebuilt values are
bound so too.
"""
from __future__ import annotations

import jax

from autograph_py.runtime import mutations, reach
from autograph_py.runtime.undefined import MaybeUndefined, UnboundUnlessAssigned, is_placeholder


def containers(values) -> list:
    """(container, copy of its contents) for each list and dict that `values` hold.

    A branch that changes one in place (`lst.append(v)`, `d["a"]["b"] = 1`)
    changes the entry value the other branch starts from; restoring these
    gives each branch, and the code after the construct, the entry contents.
    """
    return [(c, mutations.contents_of(c)) for c in reach.containers_in(values)]


def restore(saved: list) -> None:
    for obj, contents in saved:
        mutations.put_contents(obj, contents)


def keep_identity(values, sides, visible_ids, entry=None) -> tuple:
    """`values` (rebuilt after a construct), where every traced side left a variable bound to
    one object that exists outside the construct (`e = d` in the body), bound to it again.

    A rebuilt value is a new object; Python's is the same one, so a later
    change through either name shows through the other. Where the construct
    changed the object through the alias, the object gets the output contents.
    """
    values = list(values)
    for i, value in enumerate(values):
        objs = [side[i].value.value if isinstance(side[i].value, UnboundUnlessAssigned)
                else side[i].value for side in sides]
        o = objs[0]
        if (id(o) not in visible_ids or not all(x is o for x in objs)
                or isinstance(values[i], MaybeUndefined)):
            continue
        rebuilt = value.value if isinstance(value, UnboundUnlessAssigned) else value
        now = jax.tree_util.tree_leaves(o, is_leaf=is_placeholder)
        untouched = all(len(side[i].leaves) == len(now) and all(
            a is b for a, b in zip(side[i].leaves, now)) for side in sides)
        if not untouched and not _refill(o, rebuilt):
            continue
        values[i] = (UnboundUnlessAssigned(value.name, o, value.assigned)
                     if isinstance(value, UnboundUnlessAssigned) else o)
    return _share_aliases(values, sides, entry)


def _held(value):
    return value.value if isinstance(value, UnboundUnlessAssigned) else value


def _share_aliases(values, sides, entry) -> tuple:
    """Variables that every traced side left bound to one list or dict (`b = a` in the body),
    bound to one rebuilt object again, so a later `b[1] = x` shows through `a` as in Python.
    `entry` (a loop's state on entry, where it may run zero times) must agree too; a
    variable unassigned there is read only after an iteration bound it."""
    groups = {}
    for i, value in enumerate(values):
        held = [_held(side[i].value) for side in sides]
        if not isinstance(value, MaybeUndefined) and all(type(o) in (list, dict) for o in held):
            groups.setdefault(tuple(map(id, held)), []).append(i)
    for group in groups.values():
        if len(group) < 2:
            continue
        if entry is not None and len({id(_held(entry[i].value)) for i in group
                                      if not is_placeholder(entry[i].value)}) > 1:
            continue
        one = _held(values[group[0]])
        for j in group[1:]:
            v = values[j]
            values[j] = UnboundUnlessAssigned(v.name, one, v.assigned) if isinstance(
                v, UnboundUnlessAssigned) else one
    return tuple(values)


def _refill(o, rebuilt) -> bool:
    """Gives the object `o` the construct's output contents `rebuilt` (its own structure), in
    place: the construct may have changed it (`e = d; e["s"] = x`). False if it cannot."""
    if type(o) is not type(rebuilt):
        return False
    if isinstance(o, list):
        o[:] = rebuilt
        return True
    if isinstance(o, dict):
        o.clear()
        o.update(rebuilt)
        return True
    a, b = (jax.tree_util.tree_leaves(v, is_leaf=is_placeholder) for v in (o, rebuilt))
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))

