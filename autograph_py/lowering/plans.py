"""Plans: what runtime/ hands lowering/ for one construct.

The runtime traces a branch or one loop iteration, joins the types of the
sides, and describes the state as a plan: per variable its pytree structure
and, per leaf, `Static(value)` (a Python value, the same on every path) or
`Dynamic(aval)` (carried through lax with this shape, dtype, weak type and,
inside shard_map, varying axes).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import jax
import numpy as np

from autograph_py import errors
from autograph_py.lowering import tracing


@dataclass(frozen=True)
class Aval:
    shape: tuple
    dtype: Any
    weak_type: bool
    # Inside `shard_map`: the mesh axes along which the value varies. A lax
    # carry must keep one set, so joins take the union (see tracing.cast).
    vma: frozenset = frozenset()

    def __str__(self):
        dims = ",".join(map(str, self.shape))
        varying = "{V:" + ",".join(sorted(self.vma)) + "}" if self.vma else ""
        return f"{'~' if self.weak_type else ''}{np.dtype(self.dtype).name}[{dims}]{varying}"

    def struct(self):
        return tracing.struct(self)


def aval_of(v) -> Aval:
    try:
        a = jax.typeof(v)
    except OverflowError:   # a Python int past JAX's int32 (`best = sys.maxsize`)
        name = errors.local_name(v)
        raise errors.StateError(errors.message(
            f"{repr(name) if name else 'a Python int'} ({v}) becomes traced state here, where "
            "it is a JAX integer (int32; int64 with x64), which cannot hold it",
            at=errors.where(),
            fix="Start it at a value that fits, such as jnp.iinfo(jnp.int32).max, or make "
                "it a float (float('inf')).")) from None
    return Aval(tuple(a.shape), a.dtype, bool(getattr(a, "weak_type", False)),
                tracing.varying_axes(a))


@dataclass(frozen=True)
class Static:
    value: Any
    poison: tuple | None = None   # set: the value is missing on some path (see MaybeUndefined)


@dataclass(frozen=True)
class Dynamic:
    aval: Aval
    poison: tuple | None = None


@dataclass
class BranchPlan:
    """How the outputs of both branches of a traced `if` are joined."""
    treedefs: list
    specs: list          # per var: list of Static | Dynamic
    sources: tuple       # per branch, per var: list of leaves (None = zeros placeholder)


@dataclass
class LoopPlan:
    """Which leaves of the loop state are carried through lax, and as what."""
    treedefs: list
    specs: list                      # per var: list of Static | Dynamic
    appends: dict = field(default_factory=dict)   # var index -> (n_prefix, [item treedef, item avals])
    # per var: the key order of the dicts an iteration left it (runtime/settle.rebuild)
    key_orders: list = field(default_factory=list)

    def dynamic_avals(self):
        return [s.aval for vs in self.specs for s in vs if isinstance(s, Dynamic)]

