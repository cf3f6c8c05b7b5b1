"""A `lax.while_loop` that reverse-mode differentiation goes through.

JAX differentiates `while_loop` in forward mode only: a loop whose trip count
is traced has no transpose. The loops built here are a `custom_jvp` whose
rule runs the loop once more, counting its trips `n`, and gives the tangent
as `loop_tangent`: a primitive, linear in the tangents, whose transpose is
`loop_adjoint`, a checkpointed reverse sweep over the `n` steps.

The reverse sweep keeps `slots` (K) states per level and recomputes the
rest (multi-level checkpointing). A level covers an interval of steps
`[a, b)`: it runs forward from the state at `a` and keeps the state every
`s` steps, `s` the least power of K with `s * K >= b - a`; each kept
interval, last first, becomes the next level down, until an interval of at
most K steps is reversed step by step with the body's vjp. For `n` steps that is `ceil(log_K n)` levels: each
level recomputes at most `n` steps, and memory is `K` states per level
(`levels(K)` levels, enough for 2**31 steps). With the default K = 32 a
loop of up to 32 steps costs one recomputation, up to 1,024 two, up to
32,768 three.

Both primitives have batching rules that keep the loop unbatched: a batch
of loops runs max(n) steps, each element's step masked once its own count
is reached, so `vmap` of a gradient and the gradient of `vmap` are loops of
the same shape. Forward mode (`jvp`, `jacfwd`) runs the tangent loop; the
adjoint is itself differentiable in forward mode (`jacfwd(jacrev(f))`).
"""
from __future__ import annotations


import jax
from jax import lax
import jax.numpy as jnp
from jax.extend.core import Primitive
from jax.interpreters import ad, batching, mlir
import numpy as np

from autograph_py import errors
from autograph_py.lowering.sweep import Sweep, differentiating, is_quiet, levels, quietly, with_
from autograph_py.lowering.tracing import opened, without_callbacks

SLOTS = 32          # states kept per level (set_loop_options(checkpoints=K))
def _inexact(x) -> bool:
    return jnp.issubdtype(jax.typeof(x).dtype, jnp.inexact)


class _Loop:
    """What the primitives need of one loop (a static parameter: hashed by identity)."""

    def __init__(self, step, n_consts, n_carry, lin_consts, lin_carry, slots, at=None):
        self.step = step            # step(consts, carry) -> carry, both lists
        self.at = at                # the user's file:line of the loop
        self.n_consts, self.n_carry = n_consts, n_carry
        self.lin_consts, self.lin_carry = tuple(lin_consts), tuple(lin_carry)
        self.slots = slots

    def __repr__(self):
        return f"loop(slots={self.slots})"


def while_loop(cond_fun, body_fun, consts, init, slots=None, quiet=None, at=None):
    """`lax.while_loop` of `cond_fun(consts, carry)` and `body_fun(consts, carry)`
    (carry a list) that `jax.grad` goes through. `consts`: the traced values both
    read, explicit here so that their cotangents can be given.

    `quiet`: (cond_fun, body_fun) without their prints and checks (`without_callbacks`),
    for the steps the tangent and the reverse sweep recompute: prints and checks run
    once per iteration, in the loop the program runs. A loop nested in a recomputed
    step runs quiet too (`quietly`)."""
    init, consts = list(init), list(consts)
    quiet_cond, quiet_body = quiet or (cond_fun, body_fun)
    lin_carry = [k for k, x in enumerate(init) if _inexact(x)]
    lin_consts = [k for k, x in enumerate(consts) if _inexact(x)]
    if not lin_carry:
        # No float is carried: no derivative flows through the loop. The traced values it
        # reads are cut from differentiation, or JAX would put the loop on the linear
        # side of a gradient (a print in it makes it effectful) and fail to transpose it.
        consts = [lax.stop_gradient(c) if _inexact(c) else c for c in consts]
        return lax.while_loop(lambda c: cond_fun(consts, c), lambda c: body_fun(consts, c), init)
    loop = _Loop(quiet_body, len(consts), len(init), lin_consts, lin_carry, slots or SLOTS, at)

    @jax.custom_jvp
    def run(consts, init):
        return lax.while_loop(lambda c: cond_fun(consts, c), lambda c: body_fun(consts, c),
                              init)

    # Its tangent is `loop_tangent_p` of the loop's `n` steps; the loop and `n` are
    # `counted`, whose own rule is the same: a derivative of that primal taken in reverse
    # mode (jax.grad of `jax.value_and_grad(f)(x)[0]`) goes through this rule again,
    # where JAX's while_loop has no transpose.
    @jax.custom_jvp
    def counted(consts, init):
        test, body = (quiet_cond, quiet_body) if is_quiet() else (cond_fun, body_fun)
        return lax.while_loop(lambda s: test(consts, s[1]),
                              lambda s: (s[0] + 1, body(consts, s[1])), (jnp.int32(0), init))

    @counted.defjvp
    def counted_jvp(primals, tangents):
        consts, init = primals
        d_consts, d_init = tangents
        n, out = counted(consts, init)
        lin = [d_consts[k] for k in lin_consts] + [d_init[k] for k in lin_carry]
        d_lin = loop_tangent_p.bind(*consts, *init, n, *lin, loop=loop, batch_ndim=0)
        d_out = [np.zeros(jnp.shape(x), jax.dtypes.float0) for x in out]
        for k, d in zip(lin_carry, d_lin):
            d_out[k] = d
        return (n, out), (np.zeros((), jax.dtypes.float0), d_out)

    @run.defjvp
    def run_jvp(primals, tangents):
        (_, out), (_, d_out) = counted_jvp(primals, tangents)
        return out, d_out

    return run(consts, init)


def while_loop_of(test, body, init, slots=None, at=None, quiet=None):
    """`while_loop` of a closed test jaxpr `(carry...) -> bool` and body jaxpr; `quiet`:
    the two without their callbacks (default: stripped here)."""
    def funs(test, body):
        run_test, test_consts = opened(test)
        run_body, body_consts = opened(body)
        nt = len(test_consts)
        return ((lambda k, c: run_test(k[:nt], *c)[0]),
                (lambda k, c: list(run_body(k[nt:], *c))), test_consts + body_consts)
    cond_fun, body_fun, consts = funs(test, body)
    quiet = quiet or (without_callbacks(test), without_callbacks(body))
    return while_loop(cond_fun, body_fun, consts, init, slots, funs(*quiet)[:2], at)


# --- the two primitives -------------------------------------------------------------

def _split(args, loop):
    nb, nc = loop.n_consts, loop.n_carry
    return list(args[:nb]), list(args[nb:nb + nc]), args[nb + nc], list(args[nb + nc + 1:])


def _masked_step(loop, batch_ndim, n):
    """step(i, consts, carry): the loop's step, for a batch of loops (`batch_ndim` leading
    axes, `n` the trip counts) the step of those whose count `i` has not reached."""
    step = loop.step
    for _ in range(batch_ndim):
        step = jax.vmap(step)
    def plain(i, consts, carry):
        return list(step(consts, carry))
    if batch_ndim == 0:
        return plain

    def masked(i, consts, carry):
        new = plain(i, consts, carry)
        live = i < n
        return [jnp.where(jnp.reshape(live, live.shape + (1,) * (jnp.ndim(x) - batch_ndim)),
                          y, x) for x, y in zip(carry, new)]
    # The reverse sweep differentiates the step itself and selects its cotangents by lane
    # (sweep.Sweep.vjp_step): the vjp of `where(live, step(x), x)` multiplies a finished
    # lane's zero cotangent by the step's derivative at its final state, NaN where that
    # is infinite (`sqrt(x - 1)` at x = 1), and NaN is what a shared parameter then sums.
    masked.unmasked, masked.live = plain, lambda i: i < n
    return masked


def _trips(n, batch_ndim):
    return n if batch_ndim == 0 else jnp.max(n)


def _tangent(*args, loop, batch_ndim):
    """The tangent of the loop's output: `n` steps of the step's jvp (forward mode)."""
    consts, init, n, lin = _split(args, loop)
    nlc = len(loop.lin_consts)
    d_consts, d_init = lin[:nlc], lin[nlc:]
    step = _masked_step(loop, batch_ndim, n)

    def body(i, s):
        carry, d_carry = s

        def f(lc, lx):
            return step(i, with_(consts, loop.lin_consts, lc), with_(carry, loop.lin_carry, lx))
        with quietly(), differentiating(loop):
            out, d_out = jax.jvp(f, ([consts[k] for k in loop.lin_consts],
                                     [carry[k] for k in loop.lin_carry]), (d_consts, d_carry))
        return out, [d_out[k] for k in loop.lin_carry]

    _, d_final = lax.fori_loop(0, _trips(n, batch_ndim), body, (init, d_init))
    return d_final


def _adjoint(*args, loop, batch_ndim):
    """The transpose of `_tangent`: cotangents of the loop's differentiable consts and
    initial carry from those of its output, by the checkpointed reverse sweep."""
    consts, init, n, ct = _split(args, loop)
    return Sweep(loop, consts, _masked_step(loop, batch_ndim, n)).run(
        init, _trips(n, batch_ndim).astype(jnp.int32), ct)


def _tangent_abstract(*avals, loop, batch_ndim):
    _, init, _, _ = _split(avals, loop)
    return [init[k] for k in loop.lin_carry]


def _adjoint_abstract(*avals, loop, batch_ndim):
    consts, init, _, _ = _split(avals, loop)
    return [consts[k] for k in loop.lin_consts] + [init[k] for k in loop.lin_carry]


def _residual_count(loop):
    return loop.n_consts + loop.n_carry + 1


def _instantiated(tangents):
    return [ad.instantiate_zeros(t) if type(t) is ad.Zero else t for t in tangents]


def _tangent_jvp(primals, tangents, *, loop, batch_ndim):
    r = _residual_count(loop)
    out = loop_tangent_p.bind(*primals, loop=loop, batch_ndim=batch_ndim)
    if all(type(t) is ad.Zero for t in tangents[:r]):
        # Linear in its tangent inputs: its own tangent is the same loop (keeps it transposable).
        lin = _instantiated(tangents[r:])
        return out, loop_tangent_p.bind(*primals[:r], *lin, loop=loop, batch_ndim=batch_ndim)
    _, d_out = jax.jvp(lambda *a: _tangent(*a, loop=loop, batch_ndim=batch_ndim),
                       tuple(primals), tuple(_instantiated(tangents)))
    return out, d_out


def _tangent_transpose(cts, *args, loop, batch_ndim):
    r = _residual_count(loop)
    if any(ad.is_undefined_primal(x) for x in args[:r]):
        raise NotImplementedError("autograph_py: the loop's residuals are not known when "
                                  "transposing its tangent (reverse over forward mode)")
    init = args[loop.n_consts:loop.n_consts + loop.n_carry]
    cts = [jnp.zeros(jnp.shape(init[k]), jax.typeof(init[k]).dtype) if type(c) is ad.Zero
           else c for c, k in zip(cts, loop.lin_carry)]
    grads = loop_adjoint_p.bind(*args[:r], *cts, loop=loop, batch_ndim=batch_ndim)
    return [None] * r + [g if ad.is_undefined_primal(x) else None
                         for g, x in zip(grads, args[r:])]


def _adjoint_jvp(primals, tangents, *, loop, batch_ndim):
    out = loop_adjoint_p.bind(*primals, loop=loop, batch_ndim=batch_ndim)
    return out, adjoint_tangent_p.bind(*primals, *_instantiated(tangents), loop=loop,
                                       batch_ndim=batch_ndim)


def _adjoint_tangent(*args, loop, batch_ndim):
    """The tangent of the reverse sweep (forward over reverse: jacfwd(jacrev(f)))."""
    half = len(args) // 2
    return jax.jvp(lambda *a: _adjoint(*a, loop=loop, batch_ndim=batch_ndim),
                   tuple(args[:half]), tuple(args[half:]))[1]


def _adjoint_tangent_jvp(primals, tangents, *, loop, batch_ndim):
    # Its own tangent is a primitive too, whose transpose is the same clear error: reverse
    # mode over it (jax.grad of jax.jacfwd(jax.grad(f))) transposes no while_loop of JAX's.
    return (adjoint_tangent_p.bind(*primals, loop=loop, batch_ndim=batch_ndim),
            adjoint_tangent2_p.bind(*primals, *_instantiated(tangents), loop=loop,
                                    batch_ndim=batch_ndim))


def _adjoint_tangent2(*args, loop, batch_ndim):
    half = len(args) // 2
    return jax.jvp(lambda *a: _adjoint_tangent(*a, loop=loop, batch_ndim=batch_ndim),
                   tuple(args[:half]), tuple(args[half:]))[1]


def _adjoint_tangent2_jvp(primals, tangents, *, loop, batch_ndim):
    return jax.jvp(lambda *a: _adjoint_tangent2(*a, loop=loop, batch_ndim=batch_ndim),
                   tuple(primals), tuple(_instantiated(tangents)))


def _adjoint_tangent_transpose(cts, *args, loop, batch_ndim):
    # Its sweep is a while_loop of a traced trip count, which JAX cannot transpose.
    raise errors.DifferentiationError(errors.message(
        "reverse mode over reverse mode (jax.grad of jax.grad, jax.jacrev of jax.jacrev) "
        "cannot go through this loop: its trip count is traced, so its reverse sweep is "
        "a loop of a traced trip count too, which has no transpose",
        at=loop.at,
        fix="Take the outer derivative in forward mode (jax.jacfwd(jax.grad(f)), or "
            "jax.hessian), or give the loop a trip count known when tracing."))


def _batched(prim):
    def rule(args, dims, *, loop, batch_ndim):
        size = next(a.shape[d] for a, d in zip(args, dims) if d is not None)
        args = [jnp.moveaxis(a, d, 0) if d is not None
                else jnp.broadcast_to(a, (size,) + jnp.shape(a)) for a, d in zip(args, dims)]
        out = prim.bind(*args, loop=loop, batch_ndim=batch_ndim + 1)
        return out, [0] * len(out)
    return rule


def _primitive(name, impl, abstract, jvp):
    p = Primitive(name)
    p.multiple_results = True
    p.def_impl(impl)
    p.def_abstract_eval(abstract)
    ad.primitive_jvps[p] = jvp
    batching.primitive_batchers[p] = _batched(p)
    mlir.register_lowering(p, mlir.lower_fun(impl, multiple_results=True))
    return p


loop_tangent_p = _primitive("autograph_loop_tangent", _tangent, _tangent_abstract, _tangent_jvp)
loop_adjoint_p = _primitive("autograph_loop_adjoint", _adjoint, _adjoint_abstract, _adjoint_jvp)
adjoint_tangent_p = _primitive("autograph_loop_adjoint_tangent", _adjoint_tangent,
                               lambda *avals, loop, batch_ndim: _adjoint_abstract(
                                   *avals[:len(avals) // 2], loop=loop, batch_ndim=batch_ndim),
                               _adjoint_tangent_jvp)
adjoint_tangent2_p = _primitive("autograph_loop_adjoint_tangent2", _adjoint_tangent2,
                                lambda *avals, loop, batch_ndim: _adjoint_abstract(
                                    *avals[:len(avals) // 4], loop=loop, batch_ndim=batch_ndim),
                                _adjoint_tangent2_jvp)
ad.primitive_transposes[loop_tangent_p] = _tangent_transpose
ad.primitive_transposes[adjoint_tangent_p] = _adjoint_tangent_transpose
ad.primitive_transposes[adjoint_tangent2_p] = _adjoint_tangent_transpose
