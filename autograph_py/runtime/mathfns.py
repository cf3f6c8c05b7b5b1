"""The `math` module's functions of a traced number: the `jnp` function with Python's meaning.

    math.sqrt(x)   jnp.sqrt, a float; x < 0 is Python's ValueError("math domain error")
    math.log(x, b) jnp.log(x) / jnp.log(b); x <= 0 a ValueError, as Python
    math.isnan(x)  a traced bool                math.hypot(*xs), math.atan2(y, x) ...
    math.isclose(a, b, rel_tol=, abs_tol=)      a traced bool, with Python's tolerances
    math.floor(x), math.ceil(x), math.trunc(x)  a traced int, as int() of jnp.floor(x) ...
    math.isqrt(n)  the floor square root of a traced int; math.fmod(x, y) jnp.fmod

A `math` function takes one number: a traced array of several elements is Python's
TypeError, as eager JAX's `float()` of it would be. With no traced argument each is the
`math` function itself. Errors Python raises for a value outside the domain (`sqrt(-1)`,
`log(0)`, `acos(2)`) are run-time checks, as `int(nan)` is (runtime/numeric.py). Also the
builtins divmod and pow (three-argument pow by square and multiply).
"""
from __future__ import annotations

import builtins
import math
import numbers
import operator

import jax
import jax.numpy as jnp
import jax.scipy.special as special

from autograph_py import errors
from autograph_py.lowering import scalars
from autograph_py.runtime import failures, numeric
from autograph_py.runtime.dispatch import is_traced, python_bool


def _number(x, name):
    x = numeric.scalar(jnp.asarray(x), f"math.{name}")
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        raise TypeError(f"must be real number, not a traced complex number (`math.{name}()`)")
    return scalars.weak_cast(x, builtins.float)


def _wrap(name, fn, domain=None, result=builtins.float):
    python = getattr(math, name)

    def call(*args):
        if not any(is_traced(a) for a in args):
            return python(*args)
        xs = [_number(a, name) for a in args]
        if domain is not None:
            failures.stage(ValueError("math domain error"), domain(*xs), errors.where())
        out = fn(*xs)
        return out if result is builtins.bool else scalars.weak_cast(out, result)
    call.__name__ = name
    return python, call


def _integral(name, fn):
    """math.floor/ceil/trunc: a Python int, as int() of the rounded number (NaN and
    infinities are int()'s run-time errors)."""
    python = getattr(math, name)

    def call(x):
        if not is_traced(x):
            return python(x)
        x = numeric.scalar(jnp.asarray(x), f"math.{name}")
        if jnp.issubdtype(x.dtype, jnp.integer) or x.dtype == jnp.bool_:
            return scalars.weak_cast(x, builtins.int)
        return numeric.int_(fn(_number(x, name)))
    call.__name__ = name
    return python, call


def _isqrt(n):
    """math.isqrt: of a traced integer, its floor square root, a weakly typed int; Python's
    TypeError for a float, its ValueError for a negative n when the program runs."""
    if not is_traced(n):
        return math.isqrt(n)
    n = numeric.scalar(jnp.asarray(n), "math.isqrt")
    if not _whole(n):
        raise TypeError(f"'{n.dtype}' object cannot be interpreted as an integer "
                        "(math.isqrt() of a traced float)")
    failures.stage(ValueError("isqrt() argument must be nonnegative"), n >= 0, errors.where())
    n = n.astype(jnp.result_type(int)) if n.dtype == jnp.bool_ else n
    return scalars.weak_cast(scalars.integer_sqrt(n), builtins.int)


def _log(x, base=None):
    return jnp.log(x) if base is None else jnp.log(x) / jnp.log(base)


def _log_domain(x, base=None):
    ok = x > 0
    return ok if base is None else ok & (base > 0) & (base != 1)


def _isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0):
    if not (is_traced(a) or is_traced(b)):
        return math.isclose(a, b, rel_tol=rel_tol, abs_tol=abs_tol)
    math.isclose(0.0, 0.0, rel_tol=rel_tol, abs_tol=abs_tol)   # Python's check of the tolerances
    x, y = _number(a, "isclose"), _number(b, "isclose")
    # Python's: equal (infinities too), else both finite and within either tolerance.
    near = jnp.abs(x - y) <= jnp.maximum(rel_tol * jnp.maximum(jnp.abs(x), jnp.abs(y)), abs_tol)
    return (x == y) | (jnp.isfinite(x) & jnp.isfinite(y) & near)


def divmod_(a, b, /):
    """`divmod(a, b)`: (a // b, a % b), Python's floor division and sign of the remainder."""
    if is_traced(a) or is_traced(b):
        return a // b, a % b
    return builtins.divmod(a, b)


def _whole(x):
    dtype = jnp.result_type(x)
    return dtype == jnp.bool_ or jnp.issubdtype(dtype, jnp.integer)


def power(base, exp, /):
    """`base ** exp` (the operator, unless the exponent is a natural or float constant):
    an integer to a negative integer is a float in Python, 0 in JAX. A negative Python int
    exponent makes a traced integer base a weakly typed float (F149); a traced integer
    exponent keeps the integer power, and a negative one is an IntegerPowerError when the
    program runs: its float would need a dtype the trace did not choose."""
    if not (is_traced(base) or is_traced(exp)) or not (_whole(base) and _whole(exp)):
        return base ** exp
    if isinstance(exp, numbers.Integral):
        return (scalars.weak_cast(jnp.asarray(base), builtins.float) if exp < 0 else base) ** exp
    if is_traced(exp):
        failures.stage(errors.IntegerPowerError(
            "an integer to a negative power is a float in Python, and this exponent is "
            "traced: the result's dtype is fixed (integer) when tracing; write `float(base) "
            "** exp` for a float"), jnp.all(exp >= 0), errors.where())
    return base ** exp


_COUNTED = {"+": operator.add, "-": operator.sub, "*": operator.mul}
_SIGNS = {"-": operator.neg, "+": operator.pos}


def bool_arith(op, known, *operands):
    """`a + b`, `a - b`, `a * b`, `-a`, `+a` where an operand is a comparison (or `not`):
    Python counts with bools (True + True == 2, -True == -1); JAX's `+` and `*` of bool
    arrays are logical and its `-` refuses them. Where every operand is a Python bool or
    stands for one (bit k of `known`, the converter's, for operand k; else weakly typed)
    and one is traced, each is the weakly typed int Python's bool is; else the operator,
    as eager JAX computes it for its own bools."""
    if all(python_bool(v, known >> k & 1) for k, v in enumerate(operands)) and any(
            is_traced(v) for v in operands):
        operands = [scalars.weak_cast(v, builtins.int) if is_traced(v) else builtins.int(v)
                    for v in operands]
    return (_COUNTED if len(operands) == 2 else _SIGNS)[op](*operands)


def pow_(base, exp, mod=None):
    """`pow(base, exp, mod)`: by square and multiply, a negative `exp` by the inverse modulo
    `mod` (Python's ValueError where there is none). JAX's own pow has no `mod`: concrete
    arrays take this way too."""
    if not any(is_traced(v) or isinstance(v, jax.Array) for v in (base, exp, mod)):
        return builtins.pow(base, exp, mod)
    if mod is None:
        return power(base, exp)
    out, ok = scalars.modular_power(base, exp, mod)   # (ok: True where exp is a natural)
    error = ValueError("base is not invertible for the given modulus")
    if is_traced(ok):
        failures.stage(error, ok, errors.where())
    elif not ok:
        raise error
    return out


OVERRIDES = dict([
    _wrap("sqrt", jnp.sqrt, lambda x: x >= 0), _wrap("exp", jnp.exp),
    _wrap("expm1", jnp.expm1), _wrap("log", _log, _log_domain),
    _wrap("log2", jnp.log2, lambda x: x > 0), _wrap("log10", jnp.log10, lambda x: x > 0),
    _wrap("log1p", jnp.log1p, lambda x: x > -1), _wrap("sin", jnp.sin), _wrap("cos", jnp.cos),
    _wrap("tan", jnp.tan), _wrap("asin", jnp.arcsin, lambda x: jnp.abs(x) <= 1),
    _wrap("acos", jnp.arccos, lambda x: jnp.abs(x) <= 1), _wrap("atan", jnp.arctan),
    _wrap("atan2", jnp.arctan2), _wrap("sinh", jnp.sinh), _wrap("cosh", jnp.cosh),
    _wrap("tanh", jnp.tanh), _wrap("asinh", jnp.arcsinh),
    _wrap("acosh", jnp.arccosh, lambda x: x >= 1),
    _wrap("atanh", jnp.arctanh, lambda x: jnp.abs(x) < 1), _wrap("fabs", jnp.abs),
    _wrap("hypot", lambda *xs: jnp.sqrt(sum(x * x for x in xs))),
    _wrap("copysign", jnp.copysign), _wrap("degrees", jnp.degrees), (math.isqrt, _isqrt),
    _wrap("fmod", jnp.fmod, lambda x, y: (y != 0) & ~jnp.isinf(x) | jnp.isnan(x) | jnp.isnan(y)),
    _wrap("radians", jnp.radians), _wrap("erf", special.erf),
    _wrap("erfc", special.erfc), _wrap("lgamma", special.gammaln),
    _wrap("isnan", jnp.isnan, result=builtins.bool),
    _wrap("isinf", jnp.isinf, result=builtins.bool),
    _wrap("isfinite", jnp.isfinite, result=builtins.bool),
    (math.isclose, _isclose), _integral("floor", jnp.floor), _integral("ceil", jnp.ceil),
    _integral("trunc", jnp.trunc), (builtins.divmod, divmod_), (builtins.pow, pow_),
])
