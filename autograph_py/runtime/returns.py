"""The object a `return` gives back, through the traced constructs around it.

Python's `return d` gives back the object `d` names, which code that runs after the return
(a `finally`, a context manager's `__exit__`) may still change: the caller sees the change.
A traced `if` or loop carries the return value as lax state, a new object after it. Where
every path that returned gave back one list or dict that a variable of the construct still
names after it (or a tuple, list or dict made at the return that holds it), the function
gives back that variable's object (FINDINGS F140).

The return value itself stays the construct's new object: bound to `d`'s object, it would
be an alias of `d` to every later construct, which its state would have to carry as one,
although on the paths that did not return it is moot (the return flag guards every read
of it). Each construct records instead where its return value came from (`_origins`),
and the function's result (`given`, at `ag__.retval`) is what was recorded. Inside a
traced loop's body the value the body began with is moot (the loop's test ends it once a
return ran), and the body's objects are new ones in each trace: the body's end records
the variables that name what its return gave (a `_Template`), the loop's end their
objects after the loop. Before each traced construct a return value that stands for
objects takes their contents of that moment (`refresh`: a `finally` may have changed
them since). Where the sides of a traced `if` gave different objects (`return d` on one,
`return e` on the other) it records both and its condition (an `_Either`): the function's
result is then the picked side's contents, a new object. Such a pick inside another traced
block of the same function (depths counted from the converted call's entry) cannot use its
condition outside that block's trace: it records the objects and their leaves (an
`_Unsure`), and a change to one after the return is an error at the function's result.
"""
from __future__ import annotations

import dataclasses
import threading

import jax
import jax.numpy as jnp

from autograph_py import errors, labels
from autograph_py.runtime import mutations, paths
from autograph_py.runtime.undefined import (
    UnboundUnlessAssigned, UndefinedReturnValue, conditional_depth, is_placeholder)

_MOOT = object()   # the return value a loop's body began with: no path returned it


class _Origins(threading.local):
    def __init__(self):
        # id(return value made by a construct inside a traced loop's body) ->
        # (that value, what a path that returned gave back: objects, or a _Template)
        self.by_id = {}
        # the same, of a construct at the function's level: until the function's result
        # is taken (`given`) or a later construct's return value is made of it
        self.pending = {}
        # id(return value) -> (it, _Unsure): objects a return inside a traced block gave
        self.unsure = {}
        # per converted call running: [the traced blocks and loop bodies around its entry,
        # whether code may run after its return]; `top`: the outermost function's
        self.bases, self.top = [], [0, 0, False]


_origins = _Origins()


@dataclasses.dataclass(frozen=True)
class _Var:
    index: int   # the state variable whose object after the construct the return gave back


@dataclasses.dataclass(frozen=True, eq=False)
class _Same:
    obj: object   # a list or dict the construct does not carry: the same object after it

    def __eq__(self, other):
        return isinstance(other, _Same) and other.obj is self.obj

    def __hash__(self):
        return id(self.obj)


@dataclasses.dataclass(frozen=True, eq=False)
class _Either:
    pred: object      # a traced `if`'s condition: which side's return the function gives
    if_true: object   # what each side gave (a shape, or objects; None: the join's own value)
    if_false: object


@dataclasses.dataclass(frozen=True, eq=False)
class _Unsure:
    """The lists and dicts that the two sides of a traced `if` inside a traced block
    returned (`if c: return d` / `else: return e` in a branch or loop body), each with its
    leaves then. Its condition lives in that block's trace only, so the function cannot
    pick among their later contents: a change after the return (a `finally`) is an error."""
    seen: tuple   # (object, its treedef, its leaves)

    def changed(self):
        return [o for o, tree, leaves in self.seen if not _same_leaves(o, tree, leaves)]


def _leaves(obj):
    leaves, tree = jax.tree_util.tree_flatten(obj)
    return tree, tuple(leaves)   # (held: an id of a leaf gone could be another's)


def _same_leaves(obj, tree, leaves) -> bool:
    now_tree, now = _leaves(obj)
    return now_tree == tree and len(now) == len(leaves) and all(
        a is b for a, b in zip(now, leaves))


@dataclasses.dataclass(frozen=True)
class _Template:
    shape: object   # what the return gave: _Var, _Same, or a tuple, list or dict of them


def entering_function(depth: int) -> None:
    _origins.bases.append([depth, paths.loop_body.depth(), False])


def leaving_function() -> None:
    _origins.bases.pop()


def _base() -> list:
    return _origins.bases[-1] if _origins.bases else _origins.top


def _made(kept) -> None:   # a converted function's start: whether code runs after a return
    if kept:
        _base()[2] = True


UndefinedReturnValue.made = staticmethod(_made)


def _nested() -> tuple:
    """(inside a traced block, inside a traced loop's body) of the function running now:
    a callee's own `if` traced in its caller's loop body is at the callee's level."""
    region, body, _ = _base()
    return conditional_depth() > region, paths.loop_body.depth() > body


def forget() -> None:
    """Drops what was recorded inside loops' bodies: the outermost traced construct ended
    (its objects hold the trace's values)."""
    _origins.by_id.clear()


def given(value):
    """The function's result, where its return value is a construct's: the object a path
    that returned gave back."""
    stands = _stands_for(value)
    _origins.pending.pop(id(value), None)   # taken: the function returns
    if not _origins.bases:
        _origins.top[2] = False   # (the outermost function returns)
    unsure = _take_unsure(value)
    if unsure is not None and unsure.changed():
        raise errors.StateError(errors.message(
            "the function returns one of several lists or dicts, picked by a traced "
            "condition inside another traced block, and code that ran after the return (a "
            "`finally`, a context manager's exit) changed one of them", at=errors.where(2),
            details=("Which object Python gives back is known only when the program runs; "
                     "the compiled function gives back the contents of the moment of the "
                     "return.",),
            fix="Make the change before the `return`, return from the function's own "
                "level, or return a copy."))
    now = None if stands is None else _current(stands)
    return value if now is None else now


def _current(origin):
    """What `origin` stands for now: its objects; of an _Either, the contents of the side
    its condition picks (a new object: which one Python returns depends on it); None where
    the two sides' contents do not join."""
    if not isinstance(origin, _Either):
        return origin
    a, b = _current(origin.if_true), _current(origin.if_false)
    if a is None or b is None:
        return None
    ta, tb = (jax.tree_util.tree_structure(v) for v in (a, b))
    if ta != tb:
        return None
    try:
        return jax.tree_util.tree_map(lambda x, y: x if x is y else jnp.where(
            origin.pred, x, y), a, b)
    except TypeError:   # a leaf no array holds (a str on one side)
        return None


def _returns(name) -> bool:
    return name.startswith(labels.RETURN_VALUE)


def _held(value):
    return value.value if isinstance(value, UnboundUnlessAssigned) else value


def _record(obj, origin, pending=False) -> None:
    if type(obj) in (list, dict, tuple):
        if pending:
            _bounded_put(_origins.pending, obj, origin)
        else:
            _origins.by_id[id(obj)] = (obj, origin)


def _bounded_put(kept: dict, obj, what) -> None:
    """`kept[id(obj)] = (obj, what)`, the oldest out at _PENDING (a function left by a raise)."""
    if len(kept) >= _PENDING:
        del kept[next(iter(kept))]
    kept[id(obj)] = (obj, what)


_PENDING = 64


def _origin(obj):
    got = _origins.by_id.get(id(obj)) or _origins.pending.get(id(obj))
    return got[1] if got is not None and got[0] is obj else None


def _stands_for(obj):
    """The objects (or _Either) a return value stands for; None where it stands for none,
    is moot, or waits for its loop's end (a _Template)."""
    origin = _origin(obj)
    return None if origin is _MOOT or isinstance(origin, _Template) else origin


def refresh(block) -> None:
    """Before a traced construct: a return value that stands for another object (a list a
    `finally` may have changed since) gets that object's contents now, as a new object
    that stands for it too: the construct joins what the function would give back, and
    no variable of it is an alias of another."""
    values, changed = list(block.get()), False
    for i, name in enumerate(block.names):
        held = _held(values[i]) if _returns(name) else None
        stands = None if held is None else _stands_for(held)
        now = None if stands is None else _current(stands)
        if now is None:
            continue
        now = _copied(now)
        _record(now, stands, pending=id(held) in _origins.pending)
        unsure = _take_unsure(held)
        if unsure is not None:
            _keep_unsure(now, [unsure])
        values[i], changed = _rewrapped(values[i], now), True
    if changed:
        block.set(tuple(values))


def _copied(value):
    if type(value) in (list, tuple):
        return type(value)(_copied(x) for x in value)
    return {k: _copied(x) for k, x in value.items()} if type(value) is dict else value


def _rewrapped(value, out):
    return UnboundUnlessAssigned(value.name, out, value.assigned) if isinstance(
        value, UnboundUnlessAssigned) else out


def entering_body(values, entry) -> None:
    """A traced loop's body begins with `values`: the return value rebuilt from the carry is
    moot (the loop's test ends it where a return ran)."""
    for value, v in zip(values, entry):
        if _returns(v.name):
            _record(_held(value), _MOOT)


def leaving_body(outs) -> None:
    """A traced loop's body ends with `outs`: a return value that a construct in it bound to
    objects, recorded as the variables that name those objects at the body's end."""
    for out in outs:
        if not _returns(out.name):
            continue
        gave = _origin(_held(out.value))
        if gave is None or gave is _MOOT or isinstance(gave, _Template):
            continue
        at = {id(_held(o.value)): i for i, o in enumerate(outs)
              if not _returns(o.name) and type(_held(o.value)) in (list, dict)}
        visible = mutations.visible_here()
        shape = _shape(gave, at.get, lambda k: k in visible)
        if shape is not None:
            _record(_held(out.value), _Template(shape))


def _shape(gave, name_of, same):
    """What a return gave, as a _Template's shape: None where it holds no list or dict that
    a variable names after the construct (`name_of(id)`: its index) or that the construct
    does not carry (`same(id)`)."""
    if isinstance(gave, _Either):
        t, f = _shape(gave.if_true, name_of, same), _shape(gave.if_false, name_of, same)
        return None if t is f is None else _Either(gave.pred, t, f)
    if type(gave) in (list, dict):
        j = name_of(id(gave))
        if j is not None:
            return _Var(j)
        if same(id(gave)):
            return _Same(gave)
    items = gave.items() if type(gave) is dict else enumerate(gave) if type(gave) in (
        list, tuple) else ()
    shaped = {k: _shape(v, name_of, same) for k, v in items}
    if all(v is None for v in shaped.values()):
        return None
    return shaped if type(gave) is dict else type(gave)(shaped[k] for k in range(len(gave)))


def joined(values, sides, visible_ids, loop: bool, pred=None, before=None) -> tuple:
    """`values` after a construct; where every path that returned gave as the return value
    one object that a variable of the construct names after it, that variable's object
    recorded as what it stands for. `sides`: each traced side's state (a loop's: its
    body's outputs). `pred`: a traced `if`'s condition, where its sides returned different
    objects (`return d` on one, `return e` on the other, each changed after); `before`: its
    state on entry."""
    values = list(values)
    nested, in_loop_body = _nested()
    for i, value in enumerate(values):
        if not _returns(sides[0][i].name) or is_placeholder(value):
            continue
        unsure = [u for u in (_take_unsure(_held(side[i].value)) for side in sides)
                  if u is not None]
        if loop:
            gave = _origin(_held(sides[0][i].value))
            shape = gave.shape if isinstance(gave, _Template) else None
        else:
            # (the condition of an `if` inside a traced branch lives in that branch's trace)
            shape = _cond_shape(sides, i, visible_ids, None if nested else pred,
                                before=None if before is None else before[i])
        if isinstance(shape, _Either) and shape.pred is None:
            if _base()[2]:   # (no code after a return: a new object is as good)
                unsure.append(_Unsure(tuple((o, *_leaves(o)) for o in _objects(shape, values))))
            shape = None
        if unsure:   # (kept by the value that carries it on)
            _keep_unsure(_held(value), unsure)
        out = _held(value) if shape is None else _filled(_held(value), shape, values)
        if not in_loop_body:
            for side in sides:   # made of them: a later construct's or the function's now
                _origins.pending.pop(id(_held(side[i].value)), None)
        if out is not _held(value):
            _record(_held(value), out, pending=not in_loop_body)
    return tuple(values)


def _cond_shape(sides, i, visible_ids, pred=None, before=None):
    """What every side of a traced `if` that returned gave back, as a _Template's shape
    (one shape on every such side: the same variables' objects at the same places; with
    `pred`, the two sides' own shapes where they differ, as an _Either)."""
    raw = [_held(side[i].value) for side in sides]
    if not any(_origin(r) is not None or (isinstance(r, UndefinedReturnValue) and r.kept)
               for r in raw + [_held(before)]):   # (both sides may return)
        return None   # no code runs after its return: a new object is as good
    shapes = []
    for r, side in zip(raw, sides):
        gave = _origin(r) or r
        if gave is _MOOT or is_placeholder(gave):
            continue   # no return on this side
        at = {id(_held(v.value)): j for j, v in enumerate(side) if not _returns(v.name)
              and type(_held(v.value)) in (list, dict)}
        shapes.append(_shape(gave, at.get, lambda k, at=at: k in visible_ids and k not in at))
    if shapes and all(s == shapes[0] for s in shapes[1:]):
        return shapes[0]
    if len(shapes) != 2 or all(s is None for s in shapes):
        return None
    return _Either(pred, *shapes)   # (pred None: inside a traced block, see _Unsure)


def _keep_unsure(value, unsure) -> None:
    _bounded_put(_origins.unsure, value, _Unsure(tuple(x for u in unsure for x in u.seen)))


def _take_unsure(obj):
    """The _Unsure recorded for `obj`, taken; None if there is none."""
    held, unsure = _origins.unsure.pop(id(obj), (None, None))
    return unsure if held is obj else None


def _objects(shape, values):
    """The lists and dicts a shape names (a _Var: that variable's object in `values`)."""
    if isinstance(shape, _Either):
        return _objects(shape.if_true, values) + _objects(shape.if_false, values)
    if isinstance(shape, (_Var, _Same)):
        return [_held(values[shape.index]) if isinstance(shape, _Var) else shape.obj]
    items = shape.values() if type(shape) is dict else shape if type(shape) in (
        tuple, list) else ()
    return [o for x in items for o in _objects(x, values)]


def _filled(rebuilt, shape, values):
    """`rebuilt` with each list or dict that `shape` marks the object it stands for after
    the construct (a _Var: that variable's in `values`); a list, dict or tuple made at the
    return is a new one holding them."""
    if isinstance(shape, _Either):
        return _Either(shape.pred, _filled(rebuilt, shape.if_true, values),
                       _filled(rebuilt, shape.if_false, values))
    if isinstance(shape, (_Var, _Same)):
        got = _held(values[shape.index]) if isinstance(shape, _Var) else shape.obj
        return got if type(got) is type(rebuilt) else rebuilt
    if type(shape) in (tuple, list) and type(rebuilt) is type(shape) and len(
            shape) == len(rebuilt):
        items = [_filled(r, s, values) for r, s in zip(rebuilt, shape)]
        return rebuilt if all(a is b for a, b in zip(items, rebuilt)) else type(shape)(items)
    if type(shape) is dict and type(rebuilt) is dict and set(shape) == set(rebuilt):
        items = {k: _filled(rebuilt[k], shape[k], values) for k in shape}
        return rebuilt if all(items[k] is rebuilt[k] for k in shape) else items
    return rebuilt
