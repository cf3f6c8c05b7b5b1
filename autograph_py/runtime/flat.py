"""A block's state variables flattened to pytree leaves: what joins and loop plans compare.

Each variable (a local, or an attribute or item the block assigns) is one
`Var`: its value, its treedef and leaves (lists and dicts as pytrees, placeholders
as leaves), and, for a value only some paths assigned (a MaybeUndefined), why
each leaf may have no value.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import jax

from autograph_py import errors
from autograph_py.runtime import copies, records
from autograph_py.runtime.dispatch import is_array, is_py_scalar
from autograph_py.runtime.undefined import MaybeUndefined, is_placeholder


@dataclass
class Var:
    """One state variable, flattened."""
    name: str
    value: Any
    treedef: Any
    leaves: list
    size: int | None = None   # length, when the value is a list (it may grow by appends)
    poison: dict = field(default_factory=dict)   # leaf index -> why it may be unassigned

    def as_traced(self):
        """The value as it was when flattened (a list changed in place since is not)."""
        return self.treedef.unflatten(self.leaves)

    def traced(self) -> "Var":
        """This variable with its value as it was when flattened, in its MaybeUndefined if
        it has one: what a join re-flattens, never the object now (after a block's trace,
        its callees' changes in place are undone, mutations.after_block: a dict the block
        made would give the join its entry items, tracers of the block's trace)."""
        m = self.value
        now = _tree_flatten(self.name, m.value if isinstance(m, MaybeUndefined) else m)[0]
        if len(now) == len(self.leaves) and all(a is b for a, b in zip(now, self.leaves)):
            return self   # unchanged: the object itself (an alias of it stays one)
        value = self.as_traced()
        if isinstance(m, MaybeUndefined):
            value = MaybeUndefined(m.name, value, m.reason, m.assigned)
        return Var(self.name, value, self.treedef, self.leaves, self.size, self.poison)


def flatten(values, names) -> list[Var]:
    out = []
    for name, v in zip(names, values):
        inner = v.value if isinstance(v, MaybeUndefined) else v
        leaves, treedef = _tree_flatten(name, inner)
        poison = dict.fromkeys(range(len(leaves)), v.reason) if inner is not v else {}
        out.append(Var(name, v, treedef, leaves, len(inner) if type(inner) is list else None,
                       poison))
    return out


def _tree_flatten(name, value):
    try:
        return jax.tree_util.tree_flatten(records.as_records(name, copies.plain(value)),
                                          is_leaf=is_placeholder)
    except (TypeError, ValueError) as e:
        if "sorting pytree dictionary keys" not in str(e):
            raise
        raise errors.StateError(errors.message(
            f"{name!r} holds a dict whose keys cannot be sorted (keys of different types, "
            "such as 0 and 'a'), and the state of a traced block is a JAX pytree, whose "
            "dict keys must sort",
            at=errors.where(),
            fix="Use keys of one type (all str, or all int) in dicts a traced `if` or loop "
                "changes.")) from None


def is_dynamic_leaf(v) -> bool:
    return is_array(v) or is_py_scalar(v)


def joins_as_number(static, other) -> bool:
    """Whether `static`, a number of a subclass of int or float (an IntEnum's member), joins
    with `other`, a dynamic value, as the number it is: `acc = Level.A`, then `acc = acc +
    Level.B` in a traced loop, a plain int as Python's sum is."""
    return isinstance(static, (int, float)) and type(static) not in (bool, int, float) and (
        is_dynamic_leaf(other))
