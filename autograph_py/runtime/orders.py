"""The key order of the dicts a traced `if` or loop changes in place.

Python's dict keeps its keys in insertion order, which `list(d)`, `d.items()`,
`next(iter(d))` and `popitem()` observe. A block may change that order without
changing any value a carry holds:

    if x > 0:                      d.move_to_end("a")       (an OrderedDict)
        d["a"] = d.pop("a") + x    del d["a"]; d["a"] = x   (on both paths)

A lax carry holds a dict's values, never its order, and the branch that ran is
known only at run time. So each block's trace notes the order it leaves each
dict it can see in (`note`, from mutations.after_block), and when the construct
ends (`settle`): where every path agrees, the dict gets that order; where the
order depends on the traced test (one branch reorders, the other not; a loop
that reorders runs zero times or more), it is an errors.StateError naming the
dict, never a silently wrong order.
"""
from __future__ import annotations

import collections

from autograph_py import errors


def note(watch, raised=False) -> None:
    """After one block's trace, before its changes are undone: the key orders it left the
    dicts `watch` sees in, where they differ from the order on entry. A block that
    raised leaves nothing after it: its order is never seen."""
    if raised:
        return
    watch.orders.append({i: tuple(c) for i, c in watch.visible.items()
                         if isinstance(c, dict) and list(c) != list(watch.entry[i])})


def settle(watch, construct: str, at, may_skip: bool) -> None:
    """After the construct set its outputs: each dict it sees gets the order its blocks
    agree on. `may_skip`: no block need run (a loop that runs zero times keeps the
    entry order)."""
    for i, d in watch.visible.items():
        if not isinstance(d, dict):
            continue
        entry = tuple(watch.entry[i])
        found = {o.get(i, entry) for o in watch.orders}
        if may_skip:
            found.add(entry)
        if len(found) > 1:
            _refuse(watch.visible.names.get(i), d, sorted(found, key=len), construct, at)
        if found and tuple(d) != (order := found.pop()) and set(d) == set(order):
            put_in_order(d, order)


def put_in_order(d: dict, order, values=None) -> None:
    """Gives `d` the keys `order`, with their values in `values` (else its own), in place
    and through the base class: the runtime's own writes also go to a read-only copy
    (runtime/copies). An OrderedDict keeps its order apart from its items."""
    values = d if values is None else values
    items = [(k, dict.__getitem__(values, k)) for k in order]
    if isinstance(d, collections.OrderedDict):
        collections.OrderedDict.clear(d)
        for k, v in items:
            collections.OrderedDict.__setitem__(d, k, v)
    else:
        dict.clear(d)
        dict.update(d, items)


def _refuse(name, d, orders, construct, at):
    what = f"dict `{name}`" if name else f"a {type(d).__name__} the block changes"
    shown = " or ".join(str(list(o)) for o in orders[:2])
    raise errors.StateError(errors.message(
        f"the key order of {what} after this {construct} depends on "
        f"{'how many times it runs' if 'loop' in construct else 'its traced condition'} "
        f"({shown}): a compiled program carries a dict's values, not the order of its keys",
        at=at,
        fix="Keep the keys where they are (assign `d[k] = v` instead of popping and adding "
            "them again; no move_to_end), or build the dict in the order you want after "
            "the construct."))
