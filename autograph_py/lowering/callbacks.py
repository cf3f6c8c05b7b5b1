"""Host callbacks: Python that runs each time the compiled program reaches it."""
from __future__ import annotations

import jax


def host_call(fn, *arrays) -> None:
    """Calls `fn(*values)` with the run-time values of `arrays` on every run of the program.

    In program order (an ordered effect: `print("a"); print("b")` prints a
    then b, also inside cond, while_loop, scan, vmap and grad), except where
    JAX cannot order effects: a process with several devices, whose programs
    may span them, gets unordered callbacks.
    """
    jax.debug.callback(fn, *arrays, ordered=_ordered())


def _ordered() -> bool:
    return jax.device_count() == 1
