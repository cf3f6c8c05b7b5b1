"""The one test that decides between the Python path and the traced path."""
from __future__ import annotations

import weakref

import jax
import numpy as np

from autograph_py import errors

Tracer = jax.core.Tracer

_ARRAY_TYPES = (jax.Array, np.ndarray, np.generic)
_PY_SCALARS = (bool, int, float, complex)


def is_traced(v) -> bool:
    """True for a JAX tracer: its value is unknown until the program runs."""
    return isinstance(v, Tracer)


_PY_FLOATS = weakref.WeakValueDictionary()   # id -> a tracer that stands for a Python float


def carried(value, aval):
    """`value`, of type `aval`, as a traced construct's output or carry: a weakly typed float
    scalar there stands for the Python float the construct was given (`s = 0.0`; `s += 0.5`
    in a loop), whose repr is Python's (runtime/recipes.py), not a weak array's."""
    if aval.weak_type and aval.shape == () and np.dtype(aval.dtype).kind == "f" and isinstance(
            value, Tracer):
        _PY_FLOATS[id(value)] = value
    return value


def python_float(value) -> bool:
    return _PY_FLOATS.get(id(value)) is value


def python_bool(value, known=False) -> bool:
    """Whether `value` is a Python bool, or a traced scalar bool that stands for one: one
    `known` to be a Python bool eagerly (`not x`), or one JAX types weakly, as it types a
    comparison of Python numbers (weakly typed ones: a range's item, an `int()`, a Python
    scalar argument), where a comparison of its own arrays is typed strongly."""
    return type(value) is bool or (isinstance(value, Tracer) and value.dtype == np.bool_ and
                                   value.ndim == 0 and (known or jax.typeof(value).weak_type))


def holds_traced(values) -> bool:
    """Whether a tracer is among the leaves of `values` (a pytree)."""
    return any(isinstance(v, Tracer) for v in jax.tree_util.tree_leaves(values))


def holds_jax_array(values) -> bool:
    """Whether a JAX array (traced or concrete) is among the leaves of `values`: while JAX
    traces, an operation on a concrete one gives a traced result too, so a Python builtin
    handed such values may meet a tracer all the same."""
    return any(isinstance(v, jax.Array) for v in jax.tree_util.tree_leaves(values))


# What JAX raises where a traced value is used as a Python one (`int(k)`, `coefs[k]`).
CONCRETIZATION_ERRORS = (jax.errors.ConcretizationTypeError,
                         jax.errors.TracerIntegerConversionError,
                         jax.errors.TracerArrayConversionError)


def raised_by_jax(e: BaseException) -> bool:
    """Whether JAX's own code raised `e` (not the user's, reached through a call)."""
    where = errors.raised_at(e)
    return where is not None and where[0] in ("jax", "jaxlib")


def is_array(v) -> bool:
    return isinstance(v, _ARRAY_TYPES)


def is_py_scalar(v) -> bool:
    return type(v) in _PY_SCALARS


def dimension_value(v):
    """`v`, or the traced value of a symbolic dimension (`x.shape[0]` under jax.export)."""
    return jax.numpy.asarray(v) if type(v).__name__ == "_DimExpr" else v


def in_trace() -> bool:
    """Whether a JAX transformation is tracing now (so values may be tracers)."""
    try:
        from jax._src import core
        return not isinstance(core.trace_ctx.trace, core.EvalTrace)
    except (ImportError, AttributeError):  # pragma: no cover - private API moved
        return True
