"""The lax form of each construct: one function per form, from a plan and closed jaxprs.

The runtime traced the blocks (a branch, one iteration, a loop test) to
closed jaxprs and settled their types into a plan (lowering/plans.py);
these functions only replay the jaxprs inside the lax call:

    traced `if` / conditional expression   cond
    `while` with a traced test             while_loop
    `for i in range(n)`, traced n, step 1  fori_loop
    the same with another step or a break  range_while
    `for x in xs` over a traced array      scan
"""
from __future__ import annotations

import jax
from jax import lax
from jax.extend.core import ClosedJaxpr, Literal
import numpy as np

from autograph_py.lowering import adjoint, plans, tracing

_ARRAYS = (jax.Array, np.ndarray, np.generic)


# A branch that only computes a few small values with these primitives is selected, not
# branched to: both are computed and `select_n` picks (XLA fuses it into the loop around
# it; a `cond` in a loop body costs a branch per iteration: 1.6x to 2.3x on CPU in
# benchmarks/cheap_branches.py). None of them traps or makes a NaN value from finite
# operands, so computing the branch not taken changes neither the result nor its
# gradient (division, sqrt, log and the like stay in a cond). A product of two floating
# values (`mul`, `square`, `integer_pow`) may overflow (or meet an infinite input), and
# its derivative multiplies by the other operand: the branch not taken would give its
# zero cotangent times inf, NaN in the gradient. A branch with one computes on its inputs
# where it is taken and on zeros where it is not (`_guarded`), which no product overflows.
_SELECTABLE = frozenset({
    "add", "sub", "mul", "neg", "max", "min", "abs", "sign", "floor", "ceil", "round",
    "clamp", "select_n", "eq", "ne", "lt", "le", "gt", "ge", "and", "or", "not", "xor",
    "convert_element_type", "broadcast_in_dim", "reshape", "squeeze", "expand_dims", "copy",
    "copy_p", "square", "stop_gradient", "slice", "concatenate", "iota", "shift_left",
    "shift_right_logical", "shift_right_arithmetic", "population_count", "integer_pow"})
_SELECT_EQNS = 12     # per branch
_SELECT_SIZE = 256    # elements of any value a selected branch computes


_PRODUCTS = frozenset({"mul", "square", "integer_pow"})


def _safe_product(eqn) -> bool:
    """A product whose derivative cannot be infinite: of integers, or by a literal."""
    if not np.issubdtype(eqn.outvars[0].aval.dtype, np.inexact):
        return True
    return eqn.primitive.name == "mul" and any(isinstance(v, Literal) for v in eqn.invars)


def _selectable(closed) -> bool:
    if closed.effects or len(closed.jaxpr.eqns) > _SELECT_EQNS:
        return False
    for eqn in closed.jaxpr.eqns:
        if eqn.primitive.name not in _SELECTABLE:
            return False
        if eqn.primitive.name == "integer_pow" and eqn.params.get("y", 0) < 0:
            return False
        for v in (*eqn.invars, *eqn.outvars):
            aval = getattr(v, "aval", None)
            if aval is not None and int(np.prod(getattr(aval, "shape", ()))) > _SELECT_SIZE:
                return False
    return True


def cond(pred, plan: plans.BranchPlan, closed, outputs, may_select=False) -> tuple[list, str]:
    """`lax.cond(pred, ...)` of the two traced branches `closed` (true, false), whose
    outputs are the arrays `outputs` (true's, false's) were when traced: each gives the
    plan's dynamic leaves, cast to the joined types, zeros where the branch left a leaf
    unassigned; a leaf the join added (a variable's "assigned" flag) is a constant. With
    `may_select` (an `if` in a loop body), cheap branches are computed both and selected
    (`select`). Returns the outputs and the form."""
    def branch(jaxpr, sources, returned):
        position = {id(a): k for k, a in enumerate(returned)}

        def run():
            arrays = tracing.replay(jaxpr)
            outs = []
            for specs, leaves in zip(plan.specs, sources):
                for spec, leaf in zip(specs, leaves):
                    k = position.get(id(leaf)) if isinstance(leaf, _ARRAYS) else None
                    value = leaf if k is None else arrays[k]
                    if isinstance(spec, plans.Dynamic):
                        outs.append(tracing.zeros(spec.aval) if leaf is None
                                    else tracing.cast(value, spec.aval))
            return outs
        return run

    if may_select and all(_selectable(c) for c in closed):
        on_true, on_false = (branch(_guarded(closed[0], pred, True), plan.sources[0], outputs[0]),
                             branch(_guarded(closed[1], pred, False), plan.sources[1], outputs[1]))
        return [lax.select_n(pred, f, t) for t, f in zip(on_true(), on_false())], "select"
    on_true, on_false = (branch(closed[0], plan.sources[0], outputs[0]),
                         branch(closed[1], plan.sources[1], outputs[1]))
    return lax.cond(pred, on_true, on_false), "lax.cond"


def _guarded(closed, pred, taken_when):
    """A selected branch with a product of floating values (see _SELECTABLE): its floating
    inputs where the branch is taken (`pred == taken_when`), zeros where it is not."""
    if all(_safe_product(e) for e in closed.jaxpr.eqns if e.primitive.name in _PRODUCTS):
        return closed
    taken = pred if taken_when else lax.bitwise_not(pred)

    def guard(c):
        if not np.issubdtype(np.dtype(getattr(c, "dtype", np.int32)), np.inexact):
            return c
        mask = lax.broadcast_in_dim(taken, np.shape(c), ()) if np.ndim(c) else taken
        return lax.select(mask, c, lax.full_like(c, 0))
    return ClosedJaxpr(closed.jaxpr, [guard(c) for c in closed.consts])


def while_loop(test, body, init, checkpoints=None, at=None) -> list:
    """`lax.while_loop` of a traced test and body, both `(carry...) -> ...` jaxprs,
    reverse-differentiable (lowering/adjoint.py) unless the body has effects."""
    quiet = _quiet(test, body, init)
    if quiet is None:
        return lax.while_loop(lambda c: tracing.replay(test, *c)[0],
                              lambda c: tracing.replay(body, *c), init)
    return adjoint.while_loop_of(test, body, init, checkpoints, at, quiet)


def while_test_after_body(first, after, body, init, checkpoints=None, at=None,
                          go=None) -> list:
    """`while_loop` of a test with effects (prints, checks): `first` runs it once before the
    loop and `after` (`(carry..., running) -> test`, its effects masked where `running` is
    false) at the end of each iteration, its value carried, in Python's order. JAX's
    batched while_loop runs an effectful test wrongly under vmap (wrong trip counts).
    `go`: the first test's value, where the caller ran it already (not `first` again)."""
    go = tracing.replay(first, *init)[0] if go is None else go
    structs = [tracing.struct(plans.aval_of(x)) for x in (go, *init)]

    def body_then_test(running, *carry):
        new = tracing.replay(body, *carry)
        return [tracing.replay(after, *new, running)[0], *new]
    carried_test = jax.make_jaxpr(lambda running, *carry: [running])(*structs)
    loop_body = jax.make_jaxpr(body_then_test)(*structs)
    return while_loop(carried_test, loop_body, [go, *init], checkpoints, at)[1:]


def fori_loop(start, stop, body, init, checkpoints=None, at=None) -> list:
    """`lax.fori_loop` of a traced body `(i, carry...) -> carry`; with traced bounds it
    is a while_loop, made reverse-differentiable as `while_loop` is."""
    return range_while(start, stop, 1, body, init, None, checkpoints, at)


def range_while(start, stop, step, body, init, test=None, checkpoints=None, at=None) -> list:
    """A `for` over a traced range with any step, ended early where the traced `test`
    (`(carry...) -> bool`, a `break`) is false: a while_loop over (j, carry...), the item
    `start + j * step` and j counting up to the range's length (with a step of 1, the item
    itself up to `stop`). (A loop on the item, `i < stop` with a step of 2 and constant
    bounds, runs zero times for stop 1 under jaxlib 0.10.2's CPU jit: FINDINGS F154.)"""
    unit = isinstance(step, int) and step == 1
    bounds = [stop] if unit else [_length(start, stop, step), start] + (
        [] if isinstance(step, int) else [step])

    def funs(test, body):   # (cond(k, c), body(k, c), k): k the traced values they read
        run_body, body_consts = tracing.opened(body)
        run_test, test_consts = tracing.opened(test) if test is not None else (None, [])
        nb, nt = len(body_consts), len(test_consts)

        def cond_k(k, c):
            more = c[0] < k[nb + nt]
            if run_test is None:
                return more
            return jax.numpy.logical_and(more, run_test(k[nb:nb + nt], *c[1:])[0])

        def body_k(k, c):
            j, carried = c[0], c[1:]
            i = j if unit else k[nb + nt + 1] + j * (step if isinstance(step, int) else k[-1])
            return [j + 1] + list(run_body(k[:nb], i, *carried))
        return cond_k, body_k, body_consts + test_consts + bounds

    cond_k, body_k, consts = funs(test, body)
    init = [start if unit else lax.full_like(start, 0)] + list(init)
    quiet = _quiet(test, body, init)
    if quiet is None:
        return lax.while_loop(lambda c: cond_k(consts, c), lambda c: body_k(consts, c),
                              init)[1:]
    return adjoint.while_loop(cond_k, body_k, consts, init, checkpoints,
                              funs(*quiet)[:2], at)[1:]


def _length(start, stop, step):
    """len(range(start, stop, step)), traced: a truncating division suffices, as a negative
    count is none."""
    span = stop - start
    if isinstance(step, int):   # (its sign known: no sign() in the program)
        n = lax.div(span + (step - 1 if step > 0 else step + 1), lax.full_like(span, step))
    else:
        n = lax.div(span + step - lax.sign(step), step)
    return lax.max(n, lax.full_like(n, 0))


def _quiet(test, body, init):
    """The test and body the reverse sweep recomputes (without prints and run-time
    checks), or None where a traced-trip loop stays a plain `lax.while_loop`: it carries
    a float and has effects other than those, or it runs under `shard_map`. A loop
    that carries no float is adjoint.while_loop's too (it reads its traced values
    through stop_gradient, so that JAX never needs to transpose it) and recomputes
    nothing: its own test and body are returned."""
    avals = [jax.typeof(x) for x in init]
    if not any(jax.numpy.issubdtype(a.dtype, jax.numpy.inexact) for a in avals):
        return test, body
    quiet = (test and tracing.without_callbacks(test), tracing.without_callbacks(body))
    if quiet[1].effects or (test is not None and quiet[0].effects) or \
            any(getattr(a, "vma", None) for a in avals):
        return None
    return quiet


def scan(body, init, xs, n_carry: int, unroll=1):
    """`lax.scan` of a traced body `(item..., carry...) -> (carry..., ys...)`."""
    def scan_fn(carried, item):
        out = tracing.replay(body, *item, *carried)
        return out[:n_carry], out[n_carry:]

    return lax.scan(scan_fn, init, xs, unroll=unroll)
