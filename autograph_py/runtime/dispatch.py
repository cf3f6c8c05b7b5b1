"""The one test that decides between the Python path and the traced path."""
from __future__ import annotations

import jax
import numpy as np

Tracer = jax.core.Tracer

_ARRAY_TYPES = (jax.Array, np.ndarray, np.generic)
_PY_SCALARS = (bool, int, float, complex)


def is_traced(v) -> bool:
    """True for a JAX tracer: its value is unknown until the program runs."""
    return isinstance(v, Tracer)


def is_array(v) -> bool:
    return isinstance(v, _ARRAY_TYPES)


def is_py_scalar(v) -> bool:
    return type(v) in _PY_SCALARS


def in_trace() -> bool:
    """Whether a JAX transformation is tracing now (so values may be tracers)."""
    try:
        from jax._src import core
        return not isinstance(core.trace_ctx.trace, core.EvalTrace)
    except (ImportError, AttributeError):  # pragma: no cover - private API moved
        return True
