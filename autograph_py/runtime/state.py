"""State of a traced `if` or loop: flatten it, join both sides, promote, explain.

The state of a block is the tuple of variables the control-flow converter
chose (assigned in the block and read later). Each variable is flattened into
pytree leaves, and each leaf gets a spec:

- `Static(value)`: the same Python value on every path; it stays Python.
- `Dynamic(aval)`: an array of this shape/dtype/weak type; it goes through lax.

Joining two sides (the branches of an `if`, or loop entry and the end of one
iteration) follows `jnp.result_type` with weak types: `s = 0` on one side and
a float32 array on the other gives float32. A change of shape or of pytree
structure, or a variable missing on one side, is an error that names the
variable and shows both sides.
"""
from __future__ import annotations

import dataclasses
import types

import jax
import numpy as np
from jax._src import dtypes as _dtypes

from autograph_py import errors
from autograph_py.labels import quoted
from autograph_py.lowering.plans import Aval, BranchPlan, Dynamic, Static, aval_of
from autograph_py.runtime import picked, records
from autograph_py.runtime.dispatch import carried, is_array, is_py_scalar
from autograph_py.runtime.flat import Var, flatten, is_dynamic_leaf, joins_as_number
from autograph_py.runtime.optional import lift_none
from autograph_py.runtime.unbound_joins import (lift_to_match, maybe_none_inside, none_inside,
                                                unbound_inside)
from autograph_py.runtime.undefined import (MaybeUndefined, UnboundUnlessAssigned,
                                            UndefinedReturnValue, is_placeholder, is_undefined)


def rebuild(names, treedefs, specs, dynamic) -> tuple:
    """Variable values from specs (Static leaves) and lax outputs (`dynamic`, in order).

    A variable any of whose leaves may be unassigned is wrapped whole in a
    MaybeUndefined, so a read of the variable (not just of that leaf) sees it.
    """
    dynamic = iter(dynamic)
    values = []
    for name, td, var_specs in zip(names, treedefs, specs):
        leaves = [s.value if isinstance(s, Static) else carried(next(dynamic), s.aval)
                  for s in var_specs]
        value = td.unflatten(leaves)
        poison = next((s.poison for s in var_specs if s.poison is not None), None)
        values.append(value if poison is None else MaybeUndefined(name, value, poison))
    return tuple(values)


def outputs_only(block, traced="whose condition is traced"):
    """The traced construct's view of its state (a Block): the first `nouts` variables.

    The rest (assigned in the block but not read after it) keep their entry
    values whenever the state is set, so each traced branch or iteration
    starts from them, and no tracer of a traced block outlives it.
    Checks first that no state is a global (see check_stageable).
    """
    check_stageable(block.names, block.construct, block.at, traced)
    nouts, get_state, set_state = block.nouts, block.get, block.set
    if nouts is None or nouts == len(block.names):
        return block.but(nouts=None)
    rest = tuple(get_state()[nouts:])

    def get():
        return get_state()[:nouts]

    def set_(values):
        set_state(tuple(values) + rest)

    return block.but(get=get, set=set_, names=block.names[:nouts], nouts=None)


def check_stageable(names, construct: str, at: str, traced="whose condition is traced") -> None:
    """Globals cannot be outputs of a lax construct: they would hold tracers.

    Called before the state is first read: a global the block creates has no value yet.
    """
    for name in names:
        if isinstance(name, GlobalName):
            raise errors.StateError(errors.message(
                f"{name} is assigned in the {construct} {traced}; a compiled "
                "function cannot write a global variable",
                at=at,
                fix=f"Return the new value of '{name.name}' from the function instead, or make "
                    "the condition a Python value."))


class GlobalName(str):
    """The label of a state variable that is a global of the user's function (generated
    code makes it with `ag__.global_name('g')`); it reads "global g"."""

    def __new__(cls, name: str):
        label = super().__new__(cls, f"global {name}")
        label.name = name
        return label


def _joinable(t: Var, f: Var, maybe_too, picks=False) -> tuple[Var, Var]:
    """Two sides of a join, None and a value lifted to MaybeNone, a side assigned on some
    paths only as the other is (lift_to_match), at the top or inside flags; `picks`: a
    function and a Picked as one structure (_picks_aligned), a str and None as a pick."""
    if picks and picked.text_or_none(t.value, f.value):
        return tuple(flatten([picked.NONE if v.value is None else v.value], [v.name])[0]
                     for v in (t, f))
    t, f = lift_to_match(*none_inside(*lift_none(t, f)), maybe_too=maybe_too)
    if t.treedef != f.treedef and not any(unbound_inside(v.value) is None for v in (t, f)):
        t, f = maybe_none_inside(t, f)
    if picks and t.treedef != f.treedef:
        t, f = _picks_aligned(t, f)
    return t, f


def describe(v) -> str:
    if is_undefined(v):
        return "no value"
    if v is None:
        return "None"
    if is_array(v):
        return str(aval_of(v))
    if is_py_scalar(v):
        return f"Python {type(v).__name__} {v!r}"
    if isinstance(v, MaybeUndefined):
        return f"{describe(v.value)} on some paths, no value on others"
    leaves, td = jax.tree_util.tree_flatten(v, is_leaf=is_placeholder)
    if len(leaves) == 1 and leaves[0] is v:
        if records.plain(v):   # its attributes, not its repr (runtime/records.py)
            attrs = ", ".join(f"{k}={type(a).__name__ if a is v else describe(a)}"
                              for k, a in vars(v).items())
            return f"{type(v).__name__}({attrs})"
        return f"{type(v).__name__} {v!r}"[:80]
    return f"{type(v).__name__} {jax.tree_util.tree_unflatten(td, [describe(l) for l in leaves])}"


def join_avals(a: Aval, b: Aval, on_shape_mismatch) -> Aval:
    if a.shape != b.shape:
        on_shape_mismatch()
    if a.dtype == b.dtype and a.weak_type == b.weak_type:
        return a if a.vma >= b.vma else Aval(a.shape, a.dtype, a.weak_type, a.vma | b.vma)
    dt, weak = _dtypes.result_type(_promotion_operand(a), _promotion_operand(b),
                                   return_weak_type_flag=True)
    return Aval(a.shape, dt, weak, a.vma | b.vma)


_WEAK_KINDS = {"i": int, "u": int, "f": float, "c": complex}


def _promotion_operand(a: Aval):
    """What `result_type` promotes as `a`: a weak type is the Python scalar type of its kind.

    (`result_type` reads weakness only off values and Python types, not off
    a ShapeDtypeStruct, which would make `0.0` joined with bfloat16 float32.)
    """
    kind = np.dtype(a.dtype).kind
    return _WEAK_KINDS[kind] if a.weak_type and kind in _WEAK_KINDS else np.dtype(a.dtype)


def _same_static(a, b) -> bool:
    if a is b:
        return True
    if type(a) is types.FunctionType and type(b) is types.FunctionType:
        return _same_function(a, b)
    if type(a) is not type(b) or not (is_py_scalar(a) or isinstance(a, (str, bytes))):
        return False
    return a == b


def _same_function(a, b) -> bool:
    """Whether `a` and `b` were made by one `def` with the same defaults and the same
    cells: a nested function that each trace of a block defines again, which calls
    the same code on the same variables whichever path made it."""
    def same_items(x, y):
        return (x is None) == (y is None) and (x is None or (
            len(x) == len(y) and all(i is j for i, j in zip(x, y))))
    return (a.__code__ is b.__code__ and same_items(a.__defaults__, b.__defaults__)
            and same_items(a.__closure__, b.__closure__) and a.__kwdefaults__ == b.__kwdefaults__)


# ---------------------------------------------------------------- branches


def join_branches(names, sides, construct: str, at: str, labels=("if", "else"),
                  else_keeps_earlier=False, pick=None) -> BranchPlan:
    """Joins the flattened outputs of two branches; raises on a mismatch.

    `else_keeps_earlier`: the else branch is a skipped loop iteration that
    never runs before the first iteration did, so what it leaves unassigned
    was assigned earlier, and only the if branch decides what may be missing.
    `pick(a, b)`: what two functions the branches left join as (runtime/picked.py).
    """
    t_vars, f_vars = sides
    treedefs, specs, t_src, f_src = [], [], [], []
    for name, t, f in zip(names, t_vars, f_vars):
        t, f = _leafless_flagged(*_joinable(t, f, maybe_too=not else_keeps_earlier,
                                            picks=pick is not None), else_keeps_earlier)
        t_undef, f_undef = is_undefined(t.value), is_undefined(f.value)
        if t_undef or f_undef:
            if t_undef and f_undef:
                treedefs.append(t.treedef)
                specs.append([Static(t.value)])
                t_src.append(t.leaves)
                f_src.append(f.leaves)
                continue
            missing, present = (t, f) if t_undef else (f, t)
            returned = isinstance(missing.value, UndefinedReturnValue)   # its flag guards it
            poison = None if returned or (else_keeps_earlier and f_undef) else (
                _missing_in_branch(name, construct, at, labels, t_undef, present))
            leaf_specs = _one_sided(present, poison, lambda: _mismatch(
                name, construct, at, labels, t.as_traced(), f.as_traced()), guarded=returned)
            treedefs.append(present.treedef)
            specs.append(leaf_specs)
            zeros = [None] * len(present.leaves)
            t_src.append(zeros if t_undef else t.leaves)
            f_src.append(zeros if f_undef else f.leaves)
            continue
        if t.treedef != f.treedef:
            raise _mismatch(name, construct, at, labels, t.as_traced(), f.as_traced(), what="structure")
        leaf_specs = []
        for j, (a, b) in enumerate(zip(t.leaves, f.leaves)):
            poison = t.poison.get(j) or (None if else_keeps_earlier else f.poison.get(j))
            if a is None or b is None:   # the value slot of None as a MaybeNone
                leaf_specs.append(Dynamic(aval_of(b if a is None else a), poison))
            elif _same_static(a, b):
                leaf_specs.append(Static(a, poison))
            elif records.differ(name, a, b):
                raise records.Expand(name)   # two objects of one class: their attributes
            elif pick is not None and picked.pickable(a, b):
                leaf_specs.append(Static(pick(a, b), poison))
            elif (is_dynamic_leaf(a) or joins_as_number(a, b)) and (
                    is_dynamic_leaf(b) or joins_as_number(b, a)):   # (an IntEnum's member)
                def shape_error(a=a, b=b):
                    raise _mismatch(name, construct, at, labels, t.as_traced(), f.as_traced(), what="shape")
                leaf_specs.append(Dynamic(join_avals(aval_of(a), aval_of(b), shape_error), poison))
            else:
                raise _mismatch(name, construct, at, labels, t.as_traced(), f.as_traced(), what="type")
        treedefs.append(t.treedef)
        specs.append(leaf_specs)
        t_src.append(t.leaves)
        f_src.append(f.leaves)
    return BranchPlan(treedefs, specs, (t_src, f_src))


def _leafless_flagged(t: Var, f: Var, else_keeps_earlier) -> tuple[Var, Var]:
    """None or () that one branch assigned and the other not: no leaf to keep "maybe
    unassigned" on (join_branches' poison). It is joined as an UnboundUnlessAssigned that
    is assigned, whose flag is that leaf: a read after the `if` is the error any value one
    branch assigned is, a read on a traced path checks the flag when the program runs."""
    t_undef, f_undef = is_undefined(t.value), is_undefined(f.value)
    missing, present = (t, f) if t_undef else (f, t)
    if t_undef == f_undef or present.leaves or (else_keeps_earlier and f_undef) or isinstance(
            missing.value, UndefinedReturnValue):
        return t, f
    value = present.traced().value
    if not (value is None or value == () and type(value) is tuple):   # ([] or {}: identity)
        return t, f
    lifted = flatten([UnboundUnlessAssigned(present.name, value, True)], [present.name])[0]
    return (t, lifted) if t_undef else (lifted, f)


def _picks_aligned(t: Var, f: Var) -> tuple[Var, Var]:
    """A function on one side, a Picked on the other (or two of two shapes): both as one
    pytree structure (picked.aligned), whose functions then join as picks."""
    both = picked.aligned(t.value, f.value)
    if both is None or (both[0] is t.value and both[1] is f.value):
        return t, f
    return tuple(flatten([v], [var.name])[0] for v, var in zip(both, (t, f)))


def _one_sided(present, poison, mismatch, guarded=False) -> list:
    """The leaf specs of a variable one branch leaves unassigned: `present`'s leaves,
    each poisoned (a read after the construct is the error `poison` says). `guarded`: a
    return value, read only where the return flag holds: a Python value (`return "a"`)
    is that value (where the other branch did not return, nothing reads it)."""
    leaf_specs = []
    for j, leaf in enumerate(present.leaves):
        if not is_dynamic_leaf(leaf):
            if poison is None and not guarded:
                raise mismatch()
            # A function defined in one branch, a Python constant: no array can hold
            # it, and none needs to, as a read after the `if` is an error.
            leaf_specs.append(Static(leaf, poison))
            continue
        leaf_specs.append(Dynamic(aval_of(leaf), poison or present.poison.get(j)))
    return leaf_specs


def one_branch(vars_: list[Var], raising_first: bool) -> BranchPlan:
    """The plan of a traced `if` one of whose branches raises: the other one's outputs."""
    specs = [[Dynamic(aval_of(l), v.poison.get(j)) if is_array(l) else Static(l, v.poison.get(j))
              for j, l in enumerate(v.leaves)] for v in vars_]
    zeros = [[None] * len(v.leaves) for v in vars_]
    kept = [v.leaves for v in vars_]
    return BranchPlan([v.treedef for v in vars_], specs,
                      (zeros, kept) if raising_first else (kept, zeros))


def _missing_in_branch(name, construct, at, labels, t_undef, present) -> str:
    """The error a later read of `name` raises (see MaybeUndefined)."""
    side, other = (labels[0], labels[1]) if t_undef else (labels[1], labels[0])
    lines = errors.assignment_lines(at, name)
    lines = lines[1] if t_undef else lines[0]
    return (f"'{name}' is read after the {construct} whose condition is traced, but only the "
            f"{other} branch assigns it",
            (f"{other} branch: {describe(present.value)}{errors.lines_note(lines)}",
             f"{side} branch: no value"),
            at,
            f"Assign '{name}' before the {construct} or in the {side} branch too.")


def _unregistered_dataclass(a, b):
    """The type of a dataclass instance that JAX does not know as a pytree, if one side is."""
    for v in (a, b):
        if dataclasses.is_dataclass(v) and not isinstance(v, type) and (
                jax.tree_util.tree_leaves(v, is_leaf=lambda x: x is not v) == [v]):
            return type(v)
    return None


def _mismatch(name, construct, at, labels, a, b, what="value"):
    # Carried by its fields already (runtime/records.py): they differ, registering won't do.
    unregistered = None if records.expanded(name) else _unregistered_dataclass(a, b)
    if unregistered is not None:
        return errors.StateError(errors.message(
            f"{quoted(name)} is a {unregistered.__name__}, a dataclass that is not registered "
            f"as a pytree, so JAX cannot carry its fields through the {construct} whose "
            "condition is traced",
            details=tuple(f"{label} branch: {describe(v)}" for label, v in zip(labels, (a, b))),
            at=at,
            fix=f"Register it: decorate the class with @jax.tree_util.register_dataclass "
                f"(or call jax.tree_util.register_dataclass({unregistered.__name__}, "
                "data_fields=[...], meta_fields=[...])); then its array fields are state."))
    return errors.StateError(errors.message(
        f"{quoted(name)} has a different {what} in the two branches of the {construct} "
        "whose condition is traced",
        details=tuple(f"{label} branch: {describe(v)}{errors.lines_note(lines)}" for label, v, lines
                      in zip(labels, (a, b), errors.assignment_lines(at, name))),
        at=at,
        fix=f"Give {quoted(name)} the same shape, dtype kind and structure in both branches "
            "(for example pad or reshape it), or make the condition a Python value."))
