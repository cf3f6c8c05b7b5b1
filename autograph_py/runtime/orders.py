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
dict, never a silently wrong order. A dict rebuilt from lax outputs (its keys
sorted) gets the order of the one it stands for (`order_like`).
"""
from __future__ import annotations

import collections

from autograph_py import errors
from autograph_py.runtime.undefined import MaybeUndefined, UnboundUnlessAssigned, is_placeholder


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


def order_like(value, model) -> None:
    """Gives the dicts of `value` (rebuilt from a pytree: their keys are sorted) the key
    order of those of `model`, a side's value of the same structure, in place: `list(d)`
    and `d.values()` keep the order Python's dict has."""
    value, model = (v.value if isinstance(v, (MaybeUndefined, UnboundUnlessAssigned)) else v
                    for v in (value, model))
    if isinstance(value, dict) and isinstance(model, dict):   # a read-only copy's too
        if len(value) != len(model) or any(k not in value for k in model):
            return
        for k in model:
            order_like(value[k], model[k])
        if list(value) != list(model):
            put_in_order(value, list(model))
    elif isinstance(value, (list, tuple)) and isinstance(model, (list, tuple)) and isinstance(
            model, list) == isinstance(value, list) and len(value) == len(model):
        for v, m in zip(value, model):
            order_like(v, m)


def key_skeleton(value):
    """`value`'s dicts, lists and tuples, with None for every other leaf: a model of its
    key orders for order_like that holds no array."""
    if isinstance(value, (MaybeUndefined, UnboundUnlessAssigned)):
        value = value.value
    if isinstance(value, dict):   # a read-only copy's too (runtime/copies)
        return {k: key_skeleton(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return (list if isinstance(value, list) else tuple)(key_skeleton(v) for v in value)
    return None


def same_key_orders(models, name, loop) -> None:
    """The dicts a variable holds after a construct have one key order whichever path ran
    (settle, for the dicts changed in place): else a clear error."""
    found = {_key_orders(m) for m in models if not is_placeholder(m)} - {None}
    if len(found) > 1 and len({_key_orders(m, sort=True) for m in models
                               if not is_placeholder(m)} - {None}) == 1:   # the same keys
        raise errors.StateError(errors.message(
            f"the key order of the dict that '{name}' holds after this construct depends on "
            f"{'whether the loop runs' if loop else 'its traced condition'}: a compiled "
            "program carries a dict's values, not the order of its keys",
            at=errors.where(),
            fix="Build the dict with its keys in one order on every path."))


def _key_orders(value, sort=False):
    """The key order of every dict in `value` (through dicts, lists and tuples); None if
    it holds none. `sort`: the keys only, each dict's sorted."""
    if isinstance(value, dict):
        keys = sorted(value, key=repr) if sort else list(value)
        return tuple(keys), tuple(_key_orders(value[k], sort) for k in keys)
    if type(value) in (list, tuple) and any(_key_orders(v) is not None for v in value):
        return tuple(_key_orders(v, sort) for v in value)
    return None
