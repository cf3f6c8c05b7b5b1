"""Realistic eager-style JAX programs: plain Python control flow on traced values.

Each module exposes `PROGRAMS`, a list of `(name, function, args, options)`:
`options` may hold `vmap=True` (map over the leading axis of every argument,
or of those named by `in_axes`) and `static_argnums` (forwarded to `jax.jit`).
The functions are plain Python; `samples/demo.py` converts them.
"""
