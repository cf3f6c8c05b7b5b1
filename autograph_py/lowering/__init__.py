"""The lax programs: the only layer that uses `jax.lax` and `jax.debug`.

Nothing here decides anything: the runtime picks the path, traces the
blocks to closed jaxprs and settles their types into a plan (plans.py);
lowering replays the jaxprs inside one lax call per construct (lax.py),
casts leaves to the planned types (tracing.py), and emits the host
callbacks of run-time checks and prints (checks.py). It imports nothing
above it.
"""
