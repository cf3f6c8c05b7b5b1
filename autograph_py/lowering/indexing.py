"""Windows of static size at traced offsets: `lax.dynamic_slice` and its update."""
from __future__ import annotations

import jax.numpy as jnp
from jax import lax


def window(x, starts, sizes):
    """`x[s0:s0 + n0, s1:s1 + n1, ...]` for traced starts and static sizes (one per axis)."""
    return lax.dynamic_slice(x, [jnp.asarray(s) for s in starts], sizes)


def set_window(x, update, starts):
    """`x` with the window at `starts` (of `update`'s shape) replaced by `update`."""
    update = jnp.asarray(update, x.dtype)
    return lax.dynamic_update_slice(x, update, [jnp.asarray(s) for s in starts])
