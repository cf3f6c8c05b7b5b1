"""Windows of static size at traced offsets: `lax.dynamic_slice` and its update; the
bounds of static item writes, which JAX's scatter would drop."""
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


def set_item(x, k, v):
    """`x.at[k].set(v)`; a Python int index past its axis is NumPy's IndexError, where
    JAX's scatter would drop the write."""
    for axis, i in enumerate(k if type(k) is tuple else (k,)):
        if type(i) not in (int, slice) or axis >= x.ndim:
            break   # (an Ellipsis, a None or an array shifts the axes: JAX's own rules)
        if type(i) is int and not -x.shape[axis] <= i < x.shape[axis]:
            raise IndexError(f"index {i} is out of bounds for axis {axis} with size "
                             f"{x.shape[axis]}")
    return x.at[k].set(v)
