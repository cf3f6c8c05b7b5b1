"""Joins of a variable some paths may leave unassigned: a local first assigned in a traced
loop that may run zero times (an UnboundUnlessAssigned, carrying whether it was assigned)
meets a value, None, or another such local where a traced `if` or loop iteration joins.

Each side is lifted to the same structure (runtime/state.py joins them): a value to an
UnboundUnlessAssigned that is assigned, a None and a value inside the flags to MaybeNones.
"""
from __future__ import annotations

from autograph_py.runtime.flat import Var, flatten
from autograph_py.runtime.optional import lift_none
from autograph_py.runtime.undefined import (MaybeUndefined, UnboundUnlessAssigned,
                                            is_placeholder, lift_assigned)


def lifted(v: Var, keep_maybe=False) -> Var:
    """`v` as an UnboundUnlessAssigned that is assigned, to join one that may not be
    (the value a MaybeUndefined holds: whether it is assigned is then carried).

    `keep_maybe`: a MaybeUndefined stays one, around its lifted value (a path that
    left it unassigned still makes any read an error)."""
    m = v.traced().value   # as traced, not the object now (Var.traced)
    if not isinstance(m, MaybeUndefined):
        value = lift_assigned(v.name, m)
    elif keep_maybe:
        value = MaybeUndefined(m.name, lift_assigned(v.name, m.value), m.reason, m.assigned)
    else:
        value = lift_assigned(v.name, m.value)
    (out,) = flatten([value], [v.name])
    return out


def unbound_inside(value):
    """The UnboundUnlessAssigned `value` is, also inside the MaybeUndefined of a path that
    did not run; else None."""
    if isinstance(value, MaybeUndefined):
        value = value.value
    return value if isinstance(value, UnboundUnlessAssigned) else None


def lift_to_match(a: Var, b: Var, maybe_too=False) -> tuple[Var, Var]:
    """Both sides as UnboundUnlessAssigned when one is and the other has a value.

    `maybe_too`: a value only some paths assigned (a MaybeUndefined) counts as one,
    as it does where two branches join (not where a loop's guard skipped an iteration,
    whose missing side the loop's own flag says)."""
    def has_value(value):
        if maybe_too and isinstance(value, MaybeUndefined):
            value = value.value
        return not is_placeholder(value)

    a_u, b_u = (unbound_inside(v.value) is not None for v in (a, b))
    if a_u and not b_u and has_value(b.value):
        return a, lifted(b, maybe_too)
    if b_u and not a_u and has_value(a.value):
        return lifted(a, maybe_too), b
    return a, b


def none_inside(a: Var, b: Var) -> tuple[Var, Var]:
    """None on one side, an UnboundUnlessAssigned value on the other (`else: x2 = None`
    after a loop that may not run): the value as a MaybeNone inside its flag, and the
    None as that MaybeNone's None, assigned (its leaves made as optional._none_as does:
    None is no leaf of a pytree)."""
    if a.value is None and type(b.value) is UnboundUnlessAssigned:
        b, a = none_inside(b, a)
        return a, b
    if not (b.value is None and type(a.value) is UnboundUnlessAssigned):
        return a, b
    inner = flatten([a.traced().value.value], [a.name])[0]   # as traced (Var.traced)
    value, none = lift_none(inner, b)
    if none is b:
        return a, b
    a = flatten([UnboundUnlessAssigned(a.value.name, value.value, a.value.assigned)],
                [a.name])[0]
    return a, Var(b.name, UnboundUnlessAssigned(b.name, none.value, True), a.treedef,
                  none.leaves + [True])


def maybe_none_inside(a: Var, b: Var) -> tuple[Var, Var]:
    """Two UnboundUnlessAssigned values (either inside a MaybeUndefined), a value inside one
    and None or a MaybeNone inside the other (`r = None` after the loop's first run, `r = x`
    on a path of the next): both MaybeNone inside their flags."""
    sides = [(v, v.traced().value) for v in (a, b)]
    x, y = lift_none(*(flatten([unbound_inside(m).value], [v.name])[0] for v, m in sides))
    if x.treedef != y.treedef:
        return a, b   # not a None and a value: the join's own error says so
    like = y if x.leaves and x.leaves[0] is None else x   # (None's value slot: None leaves)
    label = unbound_inside(sides[0][1]).name
    treedef = flatten([UnboundUnlessAssigned(label, like.value, True)], [a.name])[0].treedef

    def rebuilt(v, m, w):
        u = unbound_inside(m)
        value = UnboundUnlessAssigned(u.name, w.value, u.assigned)
        leaves = w.leaves + [v.leaves[-1]]   # (the flag is the last leaf)
        if not isinstance(m, MaybeUndefined):
            return Var(v.name, value, treedef, leaves)
        return Var(v.name, MaybeUndefined(m.name, value, m.reason, m.assigned), treedef,
                   leaves, poison=dict.fromkeys(range(len(leaves)), m.reason))
    return tuple(rebuilt(v, m, w) for (v, m), w in zip(sides, (x, y)))
