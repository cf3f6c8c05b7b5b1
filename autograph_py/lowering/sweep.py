"""The reverse sweep of a loop whose trip count is traced (lowering/adjoint.py): a
while_loop over a stack of checkpoint levels, and what recomputing a step needs
(quiet steps, JAX's failures to differentiate the body as errors at the loop's line).
"""
from __future__ import annotations

import contextlib
import threading

import jax
from jax import lax
import jax.numpy as jnp

from autograph_py import errors

_MAX_STEPS = 2 ** 31


def levels(slots: int) -> int:
    """Levels of `slots` states each that reverse any trip count below 2**31."""
    d, reach = 1, slots
    while reach < _MAX_STEPS:
        d, reach = d + 1, reach * slots
    return d


_local = threading.local()


def is_quiet() -> bool:
    return getattr(_local, "quiet", 0) > 0


@contextlib.contextmanager
def differentiating(loop):
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
def quietly():
    """While a recomputed step is differentiated: a loop in it counts its trips quietly."""
    _local.quiet = getattr(_local, "quiet", 0) + 1
    try:
        yield
    finally:
        _local.quiet -= 1


def with_(values, where, new):
    values = list(values)
    for k, v in zip(where, new):
        values[k] = v
    return values


class Sweep:
    """The reverse sweep, a while_loop over a stack of levels (lowering/adjoint.py says how).

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
        """The cotangents before step `i`. Of a batch of loops (a masked step): the step's
        own, for the loops still running at `i`; the others' pass through unchanged."""
        loop, live = self.loop, getattr(self.step, "live", None)
        step = self.step if live is None else self.step.unmasked

        def f(lc, lx):
            out = step(i, with_(self.consts, loop.lin_consts, lc),
                       with_(carry, loop.lin_carry, lx))
            return [out[k] for k in loop.lin_carry]
        with quietly(), differentiating(loop):
            _, pull = jax.vjp(f, self.lin_consts, [carry[k] for k in loop.lin_carry])
            g_consts, g_carry = pull(ct_carry)
        if live is not None:
            running = live(i)

            def pick(g, other):
                mask = jnp.reshape(running, running.shape + (1,) * (g.ndim - running.ndim))
                return jnp.where(mask, g, other)
            g_carry = [pick(g, ct) for g, ct in zip(g_carry, ct_carry)]
            g_consts = [pick(g, jnp.zeros_like(g)) for g in g_consts]
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
