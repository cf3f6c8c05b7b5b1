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
from dataclasses import dataclass, field
from typing import Any

import jax
import numpy as np
from jax._src import dtypes as _dtypes

from autograph_py import errors
from autograph_py.lowering import tracing
from autograph_py.runtime import mutations
from autograph_py.runtime.dispatch import is_array, is_py_scalar
from autograph_py.runtime.undefined import (MaybeUndefined, UnboundUnlessAssigned,
                                            UndefinedReturnValue, is_placeholder, is_undefined,
                                            lift_assigned)


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
    a = jax.typeof(v)
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


def rebuild(names, treedefs, specs, dynamic) -> tuple:
    """Variable values from specs (Static leaves) and lax outputs (`dynamic`, in order).

    A variable any of whose leaves may be unassigned is wrapped whole in a
    MaybeUndefined, so a read of the variable (not just of that leaf) sees it.
    """
    dynamic = iter(dynamic)
    values = []
    for name, td, var_specs in zip(names, treedefs, specs):
        leaves = [s.value if isinstance(s, Static) else next(dynamic) for s in var_specs]
        value = td.unflatten(leaves)
        poison = next((s.poison for s in var_specs if s.poison is not None), None)
        values.append(value if poison is None else MaybeUndefined(name, value, poison))
    return tuple(values)


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



def outputs_only(get_state, set_state, names, nouts, construct: str, at: str,
                 traced="whose condition is traced"):
    """The traced construct's view of its state: the first `nouts` variables.

    The rest (assigned in the block but not read after it) keep their entry
    values whenever the state is set, so each traced branch or iteration
    starts from them, and no tracer of a traced block outlives it.
    Checks first that no state is a global (see check_stageable).
    """
    check_stageable(names, construct, at, traced)
    if nouts is None or nouts == len(names):
        return get_state, set_state, names
    rest = tuple(get_state()[nouts:])

    def get():
        return get_state()[:nouts]

    def set_(values):
        set_state(tuple(values) + rest)

    return get, set_, names[:nouts]


def check_stageable(names, construct: str, at: str, traced="whose condition is traced") -> None:
    """Globals cannot be outputs of a lax construct: they would hold tracers.

    Called before the state is first read: a global the block creates has no value yet.
    """
    for name in names:
        if name.startswith("global "):
            raise errors.StateError(errors.message(
                f"{name} is assigned in the {construct} {traced}; a compiled "
                "function cannot write a global variable",
                at=at,
                fix=f"Return the new value of '{name[7:]}' from the function instead, or make "
                    "the condition a Python value."))


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
        return jax.tree_util.tree_flatten(value, is_leaf=is_placeholder)
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


def lifted(v: Var) -> Var:
    """`v` as an UnboundUnlessAssigned that is assigned, to join one that may not be
    (the value a MaybeUndefined holds: whether it is assigned is then carried)."""
    value = v.value.value if isinstance(v.value, MaybeUndefined) else v.value
    (out,) = flatten([lift_assigned(v.name, value)], [v.name])
    return out


def is_unbound_unless(value) -> bool:
    """An UnboundUnlessAssigned, also inside the MaybeUndefined of a path that did not run."""
    if isinstance(value, MaybeUndefined):
        value = value.value
    return isinstance(value, UnboundUnlessAssigned)


def lift_to_match(a: Var, b: Var) -> tuple[Var, Var]:
    """Both sides as UnboundUnlessAssigned when one is and the other has a value."""
    a_u, b_u = (is_unbound_unless(v.value) for v in (a, b))
    if a_u and not b_u and not is_placeholder(b.value):
        return a, lifted(b)
    if b_u and not a_u and not is_placeholder(a.value):
        return lifted(a), b
    return a, b


def containers(values) -> list:
    """(container, copy of its contents) for each list and dict that `values` hold.

    A branch that changes one in place (`lst.append(v)`, `d["a"]["b"] = 1`)
    changes the entry value the other branch starts from; restoring these
    gives each branch, and the code after the construct, the entry contents.
    """
    return [(c, list(c) if isinstance(c, list) else dict(c)) for c in mutations.containers_in(values)]


def restore(saved: list) -> None:
    for obj, contents in saved:
        mutations.put_contents(obj, contents)


def keep_identity(values, sides, visible_ids) -> tuple:
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


def is_dynamic_leaf(v) -> bool:
    return is_array(v) or is_py_scalar(v)


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
    if type(a) is not type(b) or not (is_py_scalar(a) or isinstance(a, (str, bytes))):
        return False
    return a == b


# ---------------------------------------------------------------- branches

@dataclass
class BranchPlan:
    """How the outputs of both branches of a traced `if` are joined."""
    treedefs: list
    specs: list          # per var: list of Static | Dynamic
    sources: tuple       # per branch, per var: list of leaves (None = zeros placeholder)


def join_branches(names, sides, construct: str, at: str, labels=("if", "else"),
                  else_keeps_earlier=False) -> BranchPlan:
    """Joins the flattened outputs of two branches; raises on a mismatch.

    `else_keeps_earlier`: the else branch is a skipped loop iteration that
    never runs before the first iteration did, so what it leaves unassigned
    was assigned earlier, and only the if branch decides what may be missing.
    """
    t_vars, f_vars = sides
    treedefs, specs, t_src, f_src = [], [], [], []
    for name, t, f in zip(names, t_vars, f_vars):
        t, f = lift_to_match(t, f)
        t_undef, f_undef = is_undefined(t.value), is_undefined(f.value)
        if t_undef or f_undef:
            if t_undef and f_undef:
                treedefs.append(t.treedef)
                specs.append([Static(t.value)])
                t_src.append(t.leaves)
                f_src.append(f.leaves)
                continue
            missing, present = (t, f) if t_undef else (f, t)
            poison = None
            if not isinstance(missing.value, UndefinedReturnValue) and not (
                    else_keeps_earlier and f_undef):
                # The return value needs no poison: the return flag guards it.
                poison = _missing_in_branch(name, construct, at, labels, t_undef, present)
            leaf_specs = []
            for j, leaf in enumerate(present.leaves):
                if not is_dynamic_leaf(leaf):
                    raise _mismatch(name, construct, at, labels, t.as_traced(), f.as_traced())
                leaf_specs.append(Dynamic(aval_of(leaf), poison or present.poison.get(j)))
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
            if _same_static(a, b):
                leaf_specs.append(Static(a, poison))
            elif is_dynamic_leaf(a) and is_dynamic_leaf(b):
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


def quoted(name: str) -> str:
    """How messages refer to a state variable: 'x', or the return value."""
    return "the return value" if name == "<return value>" else f"'{name}'"


def _mismatch(name, construct, at, labels, a, b, what="value"):
    return errors.StateError(errors.message(
        f"{quoted(name)} has a different {what} in the two branches of the {construct} "
        "whose condition is traced",
        details=tuple(f"{label} branch: {describe(v)}{errors.lines_note(lines)}" for label, v, lines
                      in zip(labels, (a, b), errors.assignment_lines(at, name))),
        at=at,
        fix=f"Give {quoted(name)} the same shape, dtype kind and structure in both branches "
            "(for example pad or reshape it), or make the condition a Python value."
            + (" A function cannot return None on one traced path and a value on another."
               if name == "<return value>" else "")))


# ------------------------------------------------------------------- loops

@dataclass
class LoopPlan:
    """Which leaves of the loop state are carried through lax, and as what."""
    treedefs: list
    specs: list                      # per var: list of Static | Dynamic
    appends: dict = field(default_factory=dict)   # var index -> (n_prefix, [item treedef, item avals])

    def dynamic_avals(self):
        return [s.aval for vs in self.specs for s in vs if isinstance(s, Dynamic)]


def initial_loop_plan(init_vars: list[Var]) -> LoopPlan:
    specs = []
    for v in init_vars:
        specs.append([Dynamic(aval_of(l), v.poison.get(j)) if is_array(l)
                      else Static(l, v.poison.get(j)) for j, l in enumerate(v.leaves)])
    return LoopPlan([v.treedef for v in init_vars], specs)


def update_loop_plan(plan: LoopPlan, names, ins: list[Var], outs: list[Var], construct: str,
                     at: str, allow_append: bool, may_not_run: bool = False
                     ) -> tuple[LoopPlan, bool]:
    """Joins loop entry state with the state after one iteration.

    Returns the widened plan and whether it changed (the body must then be
    traced again with the new types). `may_not_run`: the loop may run zero
    times, so a variable first assigned in its body is carried as an
    UnboundUnlessAssigned (its value and whether an iteration assigned it);
    a set of names: only those (read in the body before it assigned them).
    """
    changed = False
    treedefs, specs, appends = list(plan.treedefs), [list(s) for s in plan.specs], dict(plan.appends)
    for i, (name, v_in, v_out) in enumerate(zip(names, ins, outs)):
        if is_undefined(v_in.value):
            if is_undefined(v_out.value):
                continue
            lift = may_not_run is True or (may_not_run and name in may_not_run)
            if lift and not isinstance(v_in.value, UndefinedReturnValue):
                # Unassigned on entry, so also on the paths of this trace that skip the
                # assignment (MaybeUndefined): the next trace carries whether it is.
                v_out = lifted(v_out)
            treedefs[i] = v_out.treedef
            specs[i] = [Dynamic(aval_of(l), v_out.poison.get(j)) if is_dynamic_leaf(l)
                        else Static(l, v_out.poison.get(j)) for j, l in enumerate(v_out.leaves)]
            changed = True
            continue
        if i in appends:
            continue
        if v_in.treedef != v_out.treedef:
            grown = _appended_items(v_in, v_out.value)
            if grown is None:
                raise _loop_mismatch(name, construct, at, v_in.as_traced(), v_out.as_traced(), "structure")
            if not allow_append:
                raise errors.TracedListError(errors.message(
                    f"list '{name}' grows in the {construct} whose trip count is traced",
                    details=(f"entry: {v_in.size} items, after one iteration: "
                             f"{len(v_out.value)} items",),
                    at=at,
                    fix="Preallocate an array and write into it (`ys = ys.at[i].set(v)`), or loop "
                        "over an array or a static range so the items can be stacked."))
            items = []
            for item in grown:
                leaves, td = jax.tree_util.tree_flatten(item)
                if not all(is_dynamic_leaf(l) for l in leaves):
                    raise _loop_mismatch(name, construct, at, v_in.as_traced(), v_out.as_traced(), "type")
                items.append((td, [aval_of(l) for l in leaves]))
            appends[i] = (v_in.size, items)
            specs[i] = [Static(l) for l in v_in.leaves]
            changed = True
            continue
        for j, (spec, o) in enumerate(zip(specs[i], v_out.leaves)):
            poison = spec.poison or v_out.poison.get(j)
            if poison != spec.poison:
                # A value that may be unassigned after one iteration may be so at
                # the start of the next: trace again with the marked input.
                spec = specs[i][j] = type(spec)(spec.value if isinstance(spec, Static)
                                                else spec.aval, poison)
                changed = True
            if isinstance(spec, Static):
                if _same_static(spec.value, o):
                    continue
                if not (is_dynamic_leaf(spec.value) and is_dynamic_leaf(o)):
                    raise _loop_mismatch(name, construct, at, v_in.as_traced(), v_out.as_traced(), "type")
                base = aval_of(spec.value)
            else:
                if not is_dynamic_leaf(o):
                    raise _loop_mismatch(name, construct, at, v_in.as_traced(), v_out.as_traced(), "type")
                base = spec.aval

            def shape_error():
                raise _loop_mismatch(name, construct, at, v_in.as_traced(), v_out.as_traced(), "shape")
            out = aval_of(o)
            if base.weak_type and not out.weak_type:
                # A Python scalar or weak value on entry takes the dtype the body gives it.
                if base.shape != out.shape:
                    shape_error()
                joined = dataclasses.replace(out, vma=out.vma | base.vma)
            else:
                joined = join_avals(base, out, shape_error)
                if joined.dtype != out.dtype and not out.weak_type:
                    # The body makes a narrower dtype (float to int, int32 to bool, ...)
                    # than the loop carries; eagerly it would have that dtype afterwards.
                    raise _loop_mismatch(name, construct, at, v_in.as_traced(), v_out.as_traced(), "dtype")
            if isinstance(spec, Static) or joined != spec.aval:
                specs[i][j] = Dynamic(joined, poison)
                changed = True
    return LoopPlan(treedefs, specs, appends), changed


def _appended_items(before: Var, after):
    """The items appended to a list in one iteration, or None if it changed otherwise."""
    n = before.size
    if n is None or type(after) is not list or len(after) <= n:
        return None
    prefix = jax.tree_util.tree_leaves(after[:n], is_leaf=is_placeholder)
    if len(prefix) != len(before.leaves) or not all(a is b for a, b in zip(prefix, before.leaves)):
        return None
    return after[n:]


def _loop_mismatch(name, construct, at, before, after, what):
    return errors.StateError(errors.message(
        f"{quoted(name)} changes {what} from one iteration to the next of the {construct} whose "
        "condition is traced",
        details=(f"at loop entry:        {describe(before)}",
                 f"after one iteration:  {describe(after)}"
                 f"{errors.lines_note(errors.assignment_lines(at, name)[0])}"),
        at=at,
        fix=(f"Give {quoted(name)} one dtype: start it with the dtype the body gives it, or cast "
             "the new value back (`.astype(...)`)." if what == "dtype" else
             f"Keep {quoted(name)} the same shape and structure in every iteration: preallocate "
             "it at its final size before the loop, or make the loop condition a Python value.")))
