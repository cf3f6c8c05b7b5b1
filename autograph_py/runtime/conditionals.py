"""`if` statements and conditional expressions.

    if x < 0:          ==>   def if_body(): nonlocal x; x = -x
        x = -x               def else_body(): nonlocal x
                             ag__.if_stmt(x < 0, if_body, else_body, get_state, set_state, ('x',))
"""
from __future__ import annotations

import jax.numpy as jnp

from autograph_py import errors
from autograph_py.lowering import lax as lowered, tracing
from autograph_py.runtime import identity, state as st
from autograph_py.runtime import failures, mutations, optional, paths, picked, restarts, trace_log
from autograph_py.runtime.block import Block
from autograph_py.runtime.dispatch import is_array, is_traced
from autograph_py.runtime.raises import traced_path
from autograph_py.runtime.undefined import (MaybeUndefined, checked_at_run_time,
                                           conditional_region,
                                           in_conditional_region, is_undefined)


def if_stmt(cond, body, orelse, get_state, set_state, names, nouts=None, loop_guard=False):
    """Runs one branch of an `if`.

    Reference semantics (what the Python path does, and what the traced path
    computes with `lax.cond`):

        if cond:
            body()
        else:
            orelse()

    `body` and `orelse` assign the state variables `names` through
    `nonlocal`; `get_state()` returns their values and `set_state(values)`
    assigns them. The first `nouts` (default: all) are outputs; a traced
    `if` restores the rest to their entry values (see state.outputs_only).
    `loop_guard`: the `if` is a loop's test moved into its body (`if test: body
    else: break`); what only its body assigns is unassigned where the loop did
    not run, which a read checks when the program runs, as after a loop.
    """
    cond = optional.as_condition(cond)
    if not is_traced(cond):
        trace_log.record("if", "python", "test is a Python value")
        if cond:
            body()
        else:
            orelse()
        return
    _lax_if(cond, body, orelse, Block(get_state, set_state, names, "`if` statement",
                                      errors.where(), nouts=nouts))
    if loop_guard:
        set_state(tuple(map(checked_at_run_time, get_state())))


def if_exp(cond, if_true, if_false):
    """`if_true() if cond else if_false()`; a traced `cond` gives `lax.cond`."""
    cond = optional.as_condition(cond)
    if not is_traced(cond):
        return if_true() if cond else if_false()
    # The result lives in a cell, not in a list: the branches' own writes to a list they
    # can see would be an in-place change of an outside container to the watch
    # (restarts.staged), traced again to carry it: twice per nested ternary, 2**depth
    # for a recursive `1 if n <= 1 else n * f(n - 1)`.
    result = None

    def get_state():
        return (result,)

    def set_state(values):
        nonlocal result
        result = values[0]

    def body():
        nonlocal result
        result = if_true()

    def orelse():
        nonlocal result
        result = if_false()

    _lax_if(cond, body, orelse, Block(get_state, set_state, ("<conditional expression>",),
                                      "conditional expression", errors.where()))
    return result


def as_predicate(value, construct: str, at: str):
    """A traced scalar bool: Python truthiness of `value`, as `lax.cond` needs it."""
    value = optional.as_condition(value)
    if not is_array(value):
        return jnp.asarray(bool(value))
    if value.size == 1 and value.shape != ():
        value = value.reshape(())   # Python's truth of a size-1 array is that of its item
    if value.shape != ():
        error = errors.AmbiguousTruthError(errors.message(
            f"the condition of this {construct} is an array of shape {value.shape}, "
            "and an array has no single truth value",
            at=at,
            fix="Reduce it to a scalar with jnp.all(...) or jnp.any(...)."))
        failures.raise_where_it_runs(error, at)
    return value if value.dtype == jnp.bool_ else value != 0


def _lax_if(cond, body, orelse, block: Block, skip_keeps_earlier=False):
    place = trace_log.record("if", "lax.cond", "test is traced", at=block.at)
    pred = as_predicate(cond, block.construct, block.at)
    restarts.staged(lambda b: _lax_if_once(pred, body, orelse, b, skip_keeps_earlier, place),
                     st.outputs_only(block), roots=(body, orelse), may_skip=False, branches=True,
                     dead=block.names[block.nouts:] if block.nouts is not None else ())


def _lax_if_once(pred, body, orelse, block: Block, skip_keeps_earlier, place=None):
    get_state, set_state, names = block.get, block.set, block.names
    construct, at = block.construct, block.at
    init = get_state()
    saved = identity.containers(init)
    def flagged(v, name):   # a local's own placeholder: not o.z or d['k'], nor `t = o.z`'s
        local = type(name) is str and name.isidentifier() and getattr(v, "name", None) == name
        return checked_at_run_time(v) if local else v

    def traced(fn, negated):
        def run():
            identity.restore(saved)
            set_state(init)
            with conditional_region(), paths.taken_when(pred, negated):
                raises = traced_path(fn)[1]
            if raises:   # what the branch assigned before its raise never leaves it
                identity.restore(saved)
                set_state(init)
            else:   # a local some `if` assigned: that if's condition, as a flag it returns
                set_state(tuple(map(flagged, get_state(), names)))
            out = st.flatten(get_state(), names)
            mutations.after_block(out, init, raised=raises)
            return _arrays(out), (out, raises)
        return tracing.trace(run, [])

    (t_jaxpr, (t_vars, t_raises)), (f_jaxpr, (f_vars, f_raises)) = (traced(body, False),
                                                                    traced(orelse, True))
    identity.restore(saved)   # no branch's trace-time change stays in the entry objects
    mutations.checkpoint()   # a callee changed an object the state misses: again, with it
    if t_raises != f_raises:
        # The outputs of a path that raises never reach anything: the other path's decide.
        plan = st.one_branch(f_vars if t_raises else t_vars, raising_first=t_raises)
    else:
        plan = st.join_branches(names, (t_vars, f_vars), construct, at,
                                else_keeps_earlier=skip_keeps_earlier,
                                pick=lambda a, b: picked.Picked(pred, a, b))

    outs, form = lowered.cond(pred, plan, (t_jaxpr, f_jaxpr), (_arrays(t_vars), _arrays(f_vars)),
                              may_select=paths.loop_body.depth() > 0)
    if form != "lax.cond":
        trace_log.amend(place, form, "test is traced; both branches only compute a few "
                                     "small values, with no effects")
    outs = iter(outs)
    values = st.rebuild(names, plan.treedefs, plan.specs, outs)
    mutations.made(values)
    values = identity.keep_identity(values, (t_vars, f_vars), mutations.visible_here(),
                                    pred=pred, before=init)
    set_state(_with_assigning_condition(values, t_vars, f_vars, pred))
    if t_raises and f_raises and in_conditional_region():
        raise paths.PathRaises()   # the whole statement raises: so does the block around it


def _arrays(state_vars) -> list:
    """The array leaves of a branch's state: what its traced function returns."""
    return [l for v in state_vars for l in v.leaves if is_array(l)]


def _with_assigning_condition(values, t_vars, f_vars, pred):
    """Each variable only one branch assigned, with the condition under which it is assigned."""
    out = list(values)
    for i, (v, t, f) in enumerate(zip(values, t_vars, f_vars)):
        if isinstance(v, MaybeUndefined) and is_undefined(t.value) != is_undefined(f.value):
            out[i] = MaybeUndefined(v.name, v.value, v.reason,
                                    jnp.logical_not(pred) if is_undefined(t.value) else pred)
    return tuple(out)


picked.Picked.choose = if_exp   # a picked value's operators (runtime/picked.py)
