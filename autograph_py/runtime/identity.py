"""Object identity across a traced construct: in-place changes undone between the
traces of its blocks, and variables bound to one object after it, as in Python.

A traced `if` or loop rebuilds its state from lax outputs: new objects. Where
Python's variables are bound to one object that exists outside the construct,
or to one object the construct made under two names, the rebuilt values are
bound so too.
"""
from __future__ import annotations

import sys

import jax

from autograph_py import errors, labels
from autograph_py.runtime import copies, mutations, nnx, orders, paths, reach, returns
from autograph_py.runtime.undefined import MaybeUndefined, UnboundUnlessAssigned, is_placeholder


def containers(values) -> list:
    """(container, copy of its contents) for each list and dict that `values` hold.

    A branch that changes one in place (`lst.append(v)`, `d["a"]["b"] = 1`)
    changes the entry value the other branch starts from; restoring these
    gives each branch, and the code after the construct, the entry contents.
    """
    return [(c, mutations.contents_of(c)) for c in reach.containers_in(values)]


def changed_since(container, contents) -> bool:
    """Whether a list or dict no longer holds `contents` (its items then, by identity)."""
    now = mutations.contents_of(container)
    if len(now) != len(contents):
        return True
    if isinstance(now, dict):
        return list(now) != list(contents) or any(now[k] is not contents[k] for k in now)
    return any(a is not b for a, b in zip(now, contents))


def restore(saved: list) -> None:
    for obj, contents in saved:
        mutations.put_contents(obj, contents)


def keep_identity(values, sides, visible_ids, entry=None, loop=None, pred=None,
                  before=None) -> tuple:
    """`values` (rebuilt after a construct), where every traced side left a variable bound to
    one object that exists outside the construct (`e = d` in the body), bound to it again.

    A rebuilt value is a new object; Python's is the same one, so a later
    change through either name shows through the other. Where the construct
    changed the object through the alias, the object gets the output contents.
    `entry`: a loop's entry state, where it may run zero times; `loop`: a loop's entry
    state, where it surely runs (its objects are the caller's: nnx.kept). `pred`: a traced
    `if`'s condition and `before` its state on entry (runtime/returns.py).
    """
    values, loop = list(values), entry if loop is None else loop
    for i, v in enumerate(values):   # an NNX module: the one object, its Variables written
        values[i] = nnx.kept(v, [side[i].value for side in sides] if loop is None else (
            [loop[i].value]))   # (a loop's body holds the object rebuilt from its carry)
    for i, v in enumerate(values):
        # A loop's entry counts too, but not a dict the function was given: jit and
        # make_jaxpr sort the keys of its inputs, where the body has the user's order.
        models = [_held(side[i].value) for side in sides] + (
            [] if _parameter(sides[0][i].name) else _entry_value(entry, i))
        if not sides[0][i].name.startswith(labels.RETURN_VALUE):   # jit sorts an output's keys
            orders.same_key_orders(models, sides[0][i].name, entry is not None)
        orders.order_like(_held(v), models[0])
    groups = _alias_names(sides, entry)
    outside = {id(_held(v.value)) for v in loop} if loop is not None else {
        id(_held(v)) for v in before or ()}   # the values the construct started from
    for i, value in enumerate(values):
        objs = [_held(side[i].value) for side in sides]
        if isinstance(values[i], MaybeUndefined):
            continue
        sources = objs + _entry_value(entry, i)
        copy = next((o for o in sources if isinstance(o, copies.READ_ONLY)), None)
        if copy is not None and type(_held(value)) is type(copy).__mro__[1]:
            values[i] = _still_picked(value, copy)   # a pick stays one after a loop (F93)
            continue
        if not sides[0][i].name.startswith(labels.RETURN_VALUE) and _picks(
                sources, visible_ids, groups[i] | _swapped(sides, i, entry)):
            values[i] = _picked(value, sides[0][i].name, sources)
            continue
        o = objs[0]
        rebuilt = value.value if isinstance(value, UnboundUnlessAssigned) else value
        if _made_around_outside(sources, visible_ids, outside):   # `r = (d, flag)`, `[d, 1]`
            values[i] = _rewrapped(value, _remade(sources, rebuilt, [s[i].leaves for s in sides],
                                                  visible_ids))
            continue
        if id(o) not in visible_ids and not (id(o) in outside and _outside_containers(
                o, visible_ids)) or not all(x is o for x in objs):
            continue   # (a tuple of lists or dicts another name holds too: `t2 = t`)
        if not _untouched(o, [side[i].leaves for side in sides]) and not _refill(o, rebuilt):
            continue
        values[i] = _rewrapped(value, o)
    return returns.joined(_share_aliases(values, sides, entry), sides, visible_ids,
                          loop=entry is not None or loop is not None, pred=pred, before=before)


def _parameter(name) -> bool:
    """Whether `name` is a parameter of the user's function that binds it (the innermost
    frame of user code with it as a local, the generated block functions that take it
    from there skipped): its value on entry may be an input as jit gives it."""
    for f in _user_frames(sys._getframe(2)):
        code = f.f_code
        if name in code.co_varnames or name in code.co_cellvars:
            return name in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    return False


def _entry_value(entry, i) -> list:
    """A loop's entry value of variable i, where the loop may run zero times."""
    if entry is None or is_placeholder(entry[i].value):
        return []
    return [_held(entry[i].value)]


def _alias_names(sides, entry) -> list:
    """For each variable, the names of the variables bound to the same object as it on
    every side (itself included): its alias group (`e = d` on every path)."""
    everywhere = [sides[0][i].name for i in range(len(sides[0]))]
    keys = [tuple(id(_held(side[i].value)) for side in sides) + tuple(
        id(o) for o in _entry_value(entry, i)) for i in range(len(everywhere))]
    by_key = {}
    for key, name in zip(keys, everywhere):
        by_key.setdefault(key, set()).add(name)
    return [by_key[k] for k in keys]


def _swapped(sides, i, entry) -> set:
    """The variables that hold, on some side (or on a loop's entry), a list or dict that
    variable i holds on another (`a, b = b, a` under a traced condition), where on each
    they hold distinct objects: the objects only change hands among them, and each,
    rebuilt, is what Python has, if nothing else names them (_picks)."""
    views = [[_held(v.value) for v in side] for side in sides] + (
        [] if entry is None else [[_held(v.value) for v in entry]])
    objs = {id(view[i]) for view in views if type(view[i]) in (list, dict)}
    holders = [j for j in range(len(sides[0])) if any(id(view[j]) in objs for view in views)]
    own = [j for j in holders if not sides[0][j].name.startswith(labels.RETURN_VALUE)]
    if len(own) < 2 or any(len({id(view[j]) for j in own}) < len(own) for view in views):
        return set()   # (the value a `return` gives back leaves with the function)
    return {sides[0][j].name for j in holders}


def _picks(objs, visible_ids, group) -> bool:
    """Whether the sides leave the variable bound to different objects, one of them (or one
    that a tuple holds) a list or dict that exists outside the construct and that the
    construct's code names otherwise than through the variable and its aliases: which
    object it is after the construct depends on a traced value, and no output can say.
    (Bound only through the variable and its aliases, the object is rebuilt, and the
    aliases bound to one rebuilt object: nothing else sees the difference.)"""
    found = {id(o): _outside_containers(o, visible_ids) for o in objs}
    if len(found) < 2 or len({frozenset(c) for c in found.values()}) < 2:
        return False
    every = getattr(visible_ids, "every", {})
    return any(not every.get(c) or every[c] - group or named_by_callers({c}, group)
               for cs in found.values() for c in cs)


def named_elsewhere(container, name: str) -> bool:
    """Whether a variable of the user's code running now, other than `name`, holds it or
    a list or dict it holds (`row` of `rows = [row, row]`)."""
    items = container.values() if isinstance(container, dict) else container
    return named_by_callers({id(container), *(id(x) for x in items if type(x) in (list, dict))},
                             {name})


def named_by_callers(ids, group) -> bool:
    """Whether a variable of the user's code running now, other than `group`, holds one of
    the containers `ids`, or holds one (_holds_any): `b = a` before the construct, which
    names only `b`, and `a` read after it (FINDINGS F93). `group` are names of the function
    running the construct: a caller's variable of the same name is another variable
    (`bump(l, k)` of a caller's `l`, changed in `bump`'s traced loop)."""
    return _holds_any([v for f, own in _user_frames(sys._getframe(2), calls=True)
                       for name, v in f.f_locals.items() if not (own and name in group)], ids)


def local_name_of(obj) -> str | None:
    """The name of a variable of the user's code running now that holds `obj`, if any."""
    return errors.local_name(obj, generated=True)


def _holds_any(values, ids, depth=3, budget=4096) -> bool:
    """Whether one of `values` is one of `ids`, or holds one through lists, tuples, dicts
    and user objects' attributes (`v = a.v` before the construct, `a.v` read after it;
    `objs[0].buf`), `depth` levels down. Past `budget` containers: True, the cautious
    answer (an object's identity kept, or a change through a pick refused)."""
    level, seen = list(values), set()
    for _ in range(depth + 1):
        below = []
        for v in level:
            if id(v) in ids:
                return True
            if id(v) in seen:
                continue
            seen.add(id(v))
            if len(seen) > budget:
                return True
            items = (v if type(v) in (list, tuple) else v.values() if type(v) is dict
                     else vars(v).values() if reach.is_user_object(v) else ())
            below.extend(x for x in items if type(x) in (list, tuple, dict)
                         or reach.is_user_object(x))
        level = below
    return False


def _user_frames(f, calls=False):
    """The frames of the user's code (converted or not) from `f` outwards; with `calls`,
    (frame, whether no call of a converted function lies between it and `f`: its names
    are those of the function running now, or of the blocks it runs)."""
    own = True
    while f is not None:
        module = f.f_globals.get("__name__", "")
        if not module.startswith(("autograph_py", "jax", "jaxlib")):
            yield (f, own) if calls else f
        elif module == "autograph_py.runtime.calls" and f.f_code.co_name == "converted_call":
            own = False
        f = f.f_back


def _outside_containers(value, visible_ids) -> list:
    if type(value) in (list, dict):
        return [id(value)] if id(value) in visible_ids else []
    if type(value) is tuple:
        return [c for v in value for c in _outside_containers(v, visible_ids)]
    return []


def _picked(value, name: str, sources):
    held = _held(value)
    saved = containers(sources)

    def stale() -> bool:   # an original changed since: Python would read the change
        return any(getattr(o, "ag_stale", copies.never)() for o in sources) or any(
            changed_since(c, before) for c, before in saved)

    what = "the conditional expression's value" if name.startswith("<") else f"'{name}'"
    out = copies.read_only(
        held, f"({what}) is one of several lists or dicts, and a traced condition, or whether "
              "a traced loop ran, picks which",
        "Change the list or dict through its own name under the same condition (`if c: "
        "a[0] = v` / `else: b[0] = v`), or keep the data in arrays and select them with "
        "jnp.where.", stale=stale)
    return _rewrapped(value, out)


def _still_picked(value, copy):
    return _rewrapped(value, copies.read_only(_held(value), copy.ag_why, copy.ag_fix,
                                              copy.ag_error, copy.ag_stale))


def _rewrapped(value, out):
    """`out` in the UnboundUnlessAssigned that `value` is, if it is one."""
    return UnboundUnlessAssigned(value.name, out, value.assigned) if isinstance(
        value, UnboundUnlessAssigned) else out


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
        entries = [_held(entry[i].value) for i in group
                   if not is_placeholder(entry[i].value)] if entry is not None else []
        if len({id(o) for o in entries}) > 1:
            _share_if_it_ran(values, sides, group, entries)
            continue
        one = _held(values[group[0]])
        for j in group[1:]:
            values[j] = _rewrapped(values[j], one)
    return tuple(values)


def _share_if_it_ran(values, sides, group, entries) -> None:
    """Variables an iteration leaves bound to one object, but the entry to distinct ones,
    after a loop that may run zero times: one object or several, as the loop ran (FINDINGS
    F46). The first keeps its own; the others become read-only picks of it, so a change
    through one of them, or a read of one after the first changed, is an error."""
    first = values[group[0]]
    for j in group[1:]:
        if not sides[0][j].name.startswith(labels.RETURN_VALUE):
            values[j] = _picked(values[j], sides[0][j].name, [_held(first), *entries])


def _untouched(o, recorded) -> bool:
    """Whether `o` holds what every side left in it (`recorded`: their leaves)."""
    now = jax.tree_util.tree_leaves(o, is_leaf=is_placeholder)
    return all(len(leaves) == len(now) and all(a is b for a, b in zip(leaves, now))
               for leaves in recorded)


def _made_around_outside(sources, visible_ids, outside) -> bool:
    """Whether the construct's paths left a variable bound to tuples, lists or dicts it made
    (not all one object from outside it) that hold a list or dict that exists outside."""
    o = sources[0]
    if type(o) not in (tuple, list, dict) or any(type(x) is not type(o) for x in sources):
        return False
    if all(x is o for x in sources) and (id(o) in visible_ids or id(o) in outside):
        return False
    return any(_holds_outside(x, visible_ids) for x in sources)


def _holds_outside(x, visible_ids, depth=4) -> bool:
    items = x.values() if type(x) is dict else x if type(x) in (tuple, list) else ()
    return depth > 0 and any(type(y) in (list, dict) and id(y) in visible_ids or
                             _holds_outside(y, visible_ids, depth - 1) for y in items)


def _remade(made, rebuilt, recorded, visible_ids):
    """The tuples, lists or dicts the construct's paths made (`(d, flag)` of an outside
    dict `d`; a loop's entry value where it may not run), as one new object like them:
    where every path holds one list or dict that exists outside, that object (given the
    output contents where the construct changed it); elsewhere the rebuilt outputs (what
    the construct's traces made is theirs). `recorded`: the leaves each traced path left,
    for the first of `made`."""
    kind = type(rebuilt)
    keys = list(rebuilt) if kind is dict else range(len(rebuilt))
    if any(type(t) is not kind or (list(t) if kind is dict else range(len(t))) != keys
           for t in made):
        return rebuilt
    items, at = [], [0] * len(recorded)
    for k in keys:
        xs, x, out = [t[k] for t in made], made[0][k], rebuilt[k]
        ns = [len(jax.tree_util.tree_leaves(t[k], is_leaf=is_placeholder)) for t in made]
        mine = [leaves[a:a + n] for leaves, a, n in zip(recorded, at, ns)]
        if type(x) in (list, dict) and id(x) in visible_ids and all(y is x for y in xs) and (
                _untouched(x, mine) or _refill(x, out)):
            items.append(x)
        elif all(type(y) is type(x) for y in xs) and type(x) in (tuple, list, dict):
            items.append(_remade(xs, out, mine, visible_ids))   # (d, 0.5) in ((d, 0.5), flag)
        else:
            items.append(out)
        at = [a + n for a, n in zip(at, ns)]
    return dict(zip(keys, items)) if kind is dict else kind(items)


def _refill(o, rebuilt) -> bool:
    """Gives the object `o` the construct's output contents `rebuilt` (its own structure), in
    place: the construct may have changed it (`e = d; e["s"] = x`). False if it cannot."""
    if type(o) is not type(rebuilt):
        return False
    if isinstance(o, (list, dict)):
        mutations.refill(o, rebuilt)
        return True
    if type(o) is tuple and len(o) == len(rebuilt) and all(
            type(a) in (list, dict) or _refill(a, b) for a, b in zip(o, rebuilt)):
        return all(_refill(a, b) for a, b in zip(o, rebuilt))   # its items, in place
    a, b = (jax.tree_util.tree_leaves(v, is_leaf=is_placeholder) for v in (o, rebuilt))
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))

