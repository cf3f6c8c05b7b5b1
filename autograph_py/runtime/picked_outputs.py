"""A str or function a traced condition picks, returned by `@function`: its program returns
the condition (and the arrays of a text), the strs and functions are static, and the
caller gets the value the condition picked (runtime/picked.py's Picked, resolved)."""
from __future__ import annotations

import jax

from autograph_py.runtime.flat import is_dynamic_leaf
from autograph_py.runtime.picked import Picked, known


class _Returned:
    """A Picked as an output of `@function`'s compiled program: its conditions and the
    arrays of its texts are outputs, its strs and functions static. Unflattened, the
    Picked again (of concrete conditions once the program has run: `chosen_outputs`)."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


def _is_pick(v) -> bool:
    return type(v) is Picked


def returnable(out):
    """`out` with each Picked in it as `@function`'s program returns it (_Returned); and
    whether it has one (its caller then takes `chosen_outputs` of each result)."""
    if not any(map(_is_pick, jax.tree_util.tree_leaves(out, is_leaf=_is_pick))):
        return out, False
    return jax.tree_util.tree_map(lambda v: _Returned(v) if _is_pick(v) else v, out,
                                  is_leaf=_is_pick), True


def chosen_outputs(out):
    """A compiled program's result, each Picked in it the value its conditions picked
    (`return "even" if n % 2 == 0 else "odd"` gives the str, as Python does). Not in
    unflattening: JAX's cached call crashes where that gives None."""
    return jax.tree_util.tree_map(_resolved, out, is_leaf=_is_pick)


def _returned_flat(r: _Returned):
    leaves, treedef = jax.tree_util.tree_flatten(r.value)
    outs = [is_dynamic_leaf(v) for v in leaves]
    return ([v for v, o in zip(leaves, outs) if o],
            (treedef, tuple(None if o else v for v, o in zip(leaves, outs)), tuple(outs)))


def _returned_value(aux, children):
    treedef, statics, outs = aux
    it = iter(children)
    return jax.tree_util.tree_unflatten(treedef, [next(it) if o else v
                                                  for v, o in zip(statics, outs)])


def _resolved(v):
    """The value a Picked of concrete scalar conditions picks (Picked.chosen); else `v`."""
    return v.chosen() if type(v) is Picked and known(v.pred) else v


jax.tree_util.register_pytree_node(_Returned, _returned_flat, _returned_value)
