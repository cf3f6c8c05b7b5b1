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

import contextlib
import threading

import jax
from jax import lax
import jax.numpy as jnp
from jax.extend.core import Primitive
from jax.interpreters import ad, batching, mlir
import numpy as np

from autograph_py import errors
from autograph_py.lowering.tracing import opened, without_callbacks

SLOTS = 32          # states kept per level (set_loop_options(checkpoints=K))
_MAX_STEPS = 2 ** 31


def levels(slots: int) -> int:
    """Levels of `slots` states each that reverse any trip count below 2**31."""
    d, reach = 1, slots
    while reach < _MAX_STEPS:
        d, reach = d + 1, reach * slots
    return d


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
    step runs quiet too (`_quietly`)."""
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

    @run.defjvp
    def run_jvp(primals, tangents):
        consts, init = primals
        d_consts, d_init = tangents
        test, body = (quiet_cond, quiet_body) if _is_quiet() else (cond_fun, body_fun)
        n, out = lax.while_loop(lambda s: test(consts, s[1]),
                                lambda s: (s[0] + 1, body(consts, s[1])),
                                (jnp.int32(0), init))
        lin = [d_consts[k] for k in lin_consts] + [d_init[k] for k in lin_carry]
        d_lin = loop_tangent_p.bind(*consts, *init, n, *lin, loop=loop, batch_ndim=0)
        d_out = [np.zeros(jnp.shape(x), jax.dtypes.float0) for x in out]
        for k, d in zip(lin_carry, d_lin):
            d_out[k] = d
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


_local = threading.local()


def _is_quiet() -> bool:
    return getattr(_local, "quiet", 0) > 0


@contextlib.contextmanager
def _differentiating(loop):
    """JAX's failure to differentiate the body, as an error at the loop's line."""
    try:
        yield
    except errors.AutographError:
        raise
    except Exception as e:  # noqa: BLE001 -- any failure of JAX's jvp/vjp of the body
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        raise errors.DifferentiationError(errors.message(
            "the body of this loop cannot be differentiated",
            details=(f"JAX: {type(e).__name__}: {first}",), at=loop.at,
            fix="Wrap what has no derivative (a host callback, an integer cast of a float) "
                "in jax.lax.stop_gradient, or compute it outside the loop.")) from e


@contextlib.contextmanager
def _quietly():
    """While a recomputed step is differentiated: a loop in it counts its trips quietly."""
    _local.quiet = getattr(_local, "quiet", 0) + 1
    try:
        yield
    finally:
        _local.quiet -= 1


# --- the two primitives -------------------------------------------------------------

def _split(args, loop):
    nb, nc = loop.n_consts, loop.n_carry
    return list(args[:nb]), list(args[nb:nb + nc]), args[nb + nc], list(args[nb + nc + 1:])


def _with(values, where, new):
    values = list(values)
    for k, v in zip(where, new):
        values[k] = v
    return values


def _masked_step(loop, batch_ndim, n):
    """step(i, consts, carry): the loop's step, for a batch of loops (`batch_ndim` leading
    axes, `n` the trip counts) the step of those whose count `i` has not reached."""
    step = loop.step
    for _ in range(batch_ndim):
        step = jax.vmap(step)
    if batch_ndim == 0:
        return lambda i, consts, carry: list(step(consts, carry))

    def masked(i, consts, carry):
        new = step(consts, carry)
        live = i < n
        return [jnp.where(jnp.reshape(live, live.shape + (1,) * (jnp.ndim(x) - batch_ndim)),
                          y, x) for x, y in zip(carry, new)]
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
            return step(i, _with(consts, loop.lin_consts, lc), _with(carry, loop.lin_carry, lx))
        with _quietly(), _differentiating(loop):
            out, d_out = jax.jvp(f, ([consts[k] for k in loop.lin_consts],
                                     [carry[k] for k in loop.lin_carry]), (d_consts, d_carry))
        return out, [d_out[k] for k in loop.lin_carry]

    _, d_final = lax.fori_loop(0, _trips(n, batch_ndim), body, (init, d_init))
    return d_final


def _adjoint(*args, loop, batch_ndim):
    """The transpose of `_tangent`: cotangents of the loop's differentiable consts and
    initial carry from those of its output, by the checkpointed reverse sweep."""
    consts, init, n, ct = _split(args, loop)
    return _Sweep(loop, consts, _masked_step(loop, batch_ndim, n)).run(
        init, _trips(n, batch_ndim).astype(jnp.int32), ct)


class _Sweep:
    """The reverse sweep, a while_loop over a stack of levels (see the module docstring).

    Level `d` covers steps [A[d], B[d]) and keeps the states at A[d] + k * S[d] for
    k <= J[d] not yet reversed; J[d] < 0: the level is done (pop); S[d] == 1: reverse
    its steps, J[d] down to 0, in one inner loop; else: the interval from kept state
    J[d] becomes level d + 1.
    """

    def __init__(self, loop, consts, step):
        self.loop, self.consts, self.step = loop, consts, step
        self.K, self.D = loop.slots, levels(loop.slots)
        self.lin_consts = [consts[k] for k in loop.lin_consts]

    def run(self, init, trips, ct):
        zero = jnp.zeros((self.D,), jnp.int32)
        bufs = [jnp.zeros((self.D, self.K) + jnp.shape(x), jax.typeof(x).dtype) for x in init]
        bufs, s0, count0 = self.fill(0, jnp.int32(0), trips, init, bufs)
        state = (jnp.int32(0), zero, zero.at[0].set(trips), zero.at[0].set(s0),
                 zero.at[0].set(count0 - 1), bufs, list(ct),
                 [jnp.zeros_like(c) for c in self.lin_consts])
        out = lax.while_loop(lambda st: st[0] >= 0, self.machine, state)
        return list(out[7]) + list(out[6])

    def fill(self, level, a, b, carry, bufs):
        """Keeps the states at a, a + s, ... in level `level`: s the least power of K
        with s * K >= b - a (so that every interval below is whole powers of K long,
        and the last level's intervals K steps); one loop over the steps from `a` to
        the last kept state."""
        s = jnp.int32(1)
        for _ in range(self.D):
            s = jnp.where(s <= (b - a - 1) // self.K, s * self.K, s)
        count = (b - a + s - 1) // s

        def run(i, st):
            c, bufs = st
            k, off = (i - a) // s, (i - a) % s
            bufs = [buf.at[level, k].set(jnp.where(off == 0, x, buf[level, k]))
                    for buf, x in zip(bufs, c)]
            return self.step(i, self.consts, c), bufs
        last = a + (count - 1) * s     # kept, not stepped from
        c, bufs = lax.fori_loop(a, jnp.maximum(last, a), run, (carry, bufs))
        bufs = [jnp.where(count > 0, buf.at[level, count - 1].set(x), buf)
                for buf, x in zip(bufs, c)]
        return bufs, s, count

    def vjp_step(self, i, carry, ct_carry, ct_consts):
        loop = self.loop

        def f(lc, lx):
            out = self.step(i, _with(self.consts, loop.lin_consts, lc),
                            _with(carry, loop.lin_carry, lx))
            return [out[k] for k in loop.lin_carry]
        with _quietly(), _differentiating(loop):
            _, pull = jax.vjp(f, self.lin_consts, [carry[k] for k in loop.lin_carry])
            g_consts, g_carry = pull(ct_carry)
        return g_carry, [a + g for a, g in zip(ct_consts, g_consts)]

    def reverse(self, level, a, last, bufs, cts):
        """Reverses steps a + last, ..., a (single steps, kept in `level`)."""
        def back(k, cts):
            j = last - k
            return self.vjp_step(a + j, [buf[level, j] for buf in bufs], *cts)
        return lax.fori_loop(0, last + 1, back, cts)

    def machine(self, st):
        """One iteration: pop a done level; reverse a level of single steps (and pop it);
        reverse a kept interval of at most K steps through level d + 1 in place; or
        push a longer interval as level d + 1."""
        d, A, B, S, J, bufs, ct_carry, ct_consts = st
        j, s = J[d], S[d]
        up = d - 1

        def pop(J):
            return up, J.at[jnp.maximum(up, 0)].add(jnp.where(up >= 0, -1, 0))

        def done():
            return (*pop(J)[:1], A, B, S, pop(J)[1], bufs, ct_carry, ct_consts)

        def reverse_level():
            cts = self.reverse(d, A[d], j, bufs, (ct_carry, ct_consts))
            d2, J2 = pop(J.at[d].set(-1))
            return d2, A, B, S, J2, bufs, *cts

        down = jnp.minimum(d + 1, self.D - 1)   # s > 1 only above the last level
        a = A[d] + j * s
        b = jnp.minimum(a + s, B[d])

        def reverse_child():
            new, _, count = self.fill(down, a, b, [buf[d, j] for buf in bufs], bufs)
            cts = self.reverse(down, a, count - 1, new, (ct_carry, ct_consts))
            return d, A, B, S, J.at[d].add(-1), new, *cts

        def push():
            new, s2, count = self.fill(down, a, b, [buf[d, j] for buf in bufs], bufs)
            return (down, A.at[down].set(a), B.at[down].set(b), S.at[down].set(s2),
                    J.at[down].set(count - 1), new, ct_carry, ct_consts)

        case = jnp.where(j < 0, 0, jnp.where(s == 1, 1, jnp.where(s <= self.K, 2, 3)))
        return lax.switch(case, [done, reverse_level, reverse_child, push])


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
    return jax.jvp(lambda *a: _adjoint(*a, loop=loop, batch_ndim=batch_ndim),
                   tuple(primals), tuple(_instantiated(tangents)))


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
ad.primitive_transposes[loop_tangent_p] = _tangent_transpose
