"""Numeric builtins on traced values, with their Python meaning.

    int(x)        trunc toward zero, an integer   (of a scalar, as eager JAX: not of a 1-item array)
    float(x)      a float; bool(x) is x != 0 (of a size-1 array too); complex(x) a complex
    min/max       Python's pick: max(a, b) is `b if b > a else a` (jnp.where), also
                  over a traced array's items and with key= and default=
    sum(xs, s)    s + the items of xs (a traced array: one reduction)
    any/all       of a traced array, or of an iterable holding traced values
    sorted(xs)    a list of the sorted items (key= and reverse= too)

With no traced argument each is the builtin itself. A traced value whose shape Python would
refuse (int() of an array of several elements, max() of the rows of a matrix) gets the
TypeError / ValueError Python raises, at trace time, since shapes are static.
"""
from __future__ import annotations

import builtins
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

from autograph_py import errors
from autograph_py.lowering import scalars, tracing
from autograph_py.lowering.plans import Aval
from autograph_py.runtime import classes, comprehensions, failures, logical, optional, picked
from autograph_py.runtime import python_reductions
from autograph_py.runtime.dispatch import holds_jax_array, is_traced

_NO_DEFAULT = object()


def scalar(x, kind: str):
    """`x`, or the TypeError eager JAX raises for an array that is not a scalar."""
    if x.ndim != 0:
        raise TypeError(f"Only scalar arrays can be converted to Python scalars; got "
                        f"arr.ndim={x.ndim} (`{kind}()` of a traced array of shape "
                        f"{tuple(x.shape)})")
    return x


def int_(x=0, *args, **kwargs):
    """`int(x)`: a traced number truncated toward zero, as Python does."""
    x = classes.own_number(x, "int")
    if not is_traced(x) or args or kwargs:
        return builtins.int(x, *args, **kwargs)
    x = scalar(x, "int")
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        raise TypeError("int() argument must be a real number, not a traced complex number")
    if jnp.issubdtype(x.dtype, jnp.floating):
        at = errors.where()   # Python refuses what has no integer value (a cast: garbage)
        failures.stage(ValueError("cannot convert float NaN to integer"), ~jnp.isnan(x), at)
        failures.stage(OverflowError("cannot convert float infinity to integer"),
                       ~jnp.isinf(x), at)
        x = jnp.trunc(x)
    return scalars.weak_cast(x, builtins.int)


def float_(x=0.0, *args, **kwargs):
    x = classes.own_number(x, "float")
    if not is_traced(x) or args or kwargs:
        return builtins.float(x, *args, **kwargs)
    x = scalar(x, "float")
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        raise TypeError("float() argument must be a real number, not a traced complex number")
    return scalars.weak_cast(x, builtins.float)


def bool_(x=False, *args, **kwargs):
    if isinstance(x, optional.MaybeNone) and not args and not kwargs:
        return optional.as_condition(x)   # False where it is None, else its value's truth
    if not is_traced(x) or args or kwargs:
        return builtins.bool(x, *args, **kwargs)
    if x.size != 1:   # a size-1 array's truth is its item's, as eagerly
        raise ValueError("The truth value of an array with more than one element is "
                         f"ambiguous. Use a.any() or a.all() (`bool()` of a traced array of "
                         f"shape {tuple(x.shape)})")
    x = x.reshape(())
    return x if x.dtype == jnp.bool_ else x != 0


def complex_(real=0, imag=0, *args, **kwargs):
    if not (is_traced(real) or is_traced(imag)) or args or kwargs:
        return builtins.complex(real, imag, *args, **kwargs)
    parts = [scalar(v, "complex") if is_traced(v) else v for v in (real, imag)]
    return scalars.weak_cast(parts[0], builtins.complex) + 1j * parts[1]


def _pick(values, key, better):
    """Python's min/max over `values` (a list): the first item whose key no later one beats."""
    best, best_key = values[0], (values[0] if key is None else key(values[0]))
    for v in values[1:]:
        k = v if key is None else key(v)
        wins = logical.lexicographic(better, k, best_key)
        if is_traced(wins):
            if wins.size != 1:
                raise ValueError(
                    "The truth value of an array with more than one element is ambiguous "
                    f"(`{'max' if better(1, 0) else 'min'}()` of traced arrays of shape "
                    f"{tuple(wins.shape)}; Python raises this too); use jnp.maximum / "
                    "jnp.minimum")
            wins = wins.reshape(())
            what = f"`{'max' if better(1, 0) else 'min'}()`"
            best, best_key = picked.where(wins, (v, k), (best, best_key), what)
        elif wins:
            best, best_key = v, k
    return best


def _over_array(x, key, fn_name: str):
    """min/max of the items of a traced array (its leading axis), Python's pick."""
    if x.ndim == 0:
        raise TypeError(f"iteration over a 0-d array (`{fn_name}()` of a traced scalar)")
    if x.ndim > 1:
        raise ValueError(f"`{fn_name}()` of a traced array of shape {tuple(x.shape)} compares "
                         "its rows, and the truth value of an array with more than one element "
                         "is ambiguous (Python raises this too); use jnp.max / jnp.min")
    keys = x if key is None else jax.vmap(key)(x)
    pick = jnp.argmax if fn_name == "max" else jnp.argmin
    if jnp.issubdtype(keys.dtype, jnp.inexact):
        # Python's comparison never replaces a NaN first item and never picks a later NaN.
        nan_first = jnp.isnan(keys[0])
        fill = -jnp.inf if fn_name == "max" else jnp.inf
        i = jnp.where(nan_first, 0, pick(jnp.where(jnp.isnan(keys), fill, keys)))
    else:
        i = pick(keys)
    return x[i]


def _looped(items):
    """`items` as a Comprehension to fold in one loop, or None: a comprehension over a
    traced iterable (not an empty array), or a range, enumerate or zip with traced items."""
    if isinstance(items, comprehensions.TRACED_ITERABLES):
        return comprehensions.Comprehension(items, lambda x: x)
    if isinstance(items, comprehensions.Comprehension) and items.traced() and not (
            isinstance(items.iterable, jax.Array) and items.iterable.ndim
            and items.iterable.shape[0] == 0):
        return items
    if python_reductions.python_source(items):   # a Python iterable, a condition maybe traced
        return items
    return None


def _extreme(fn_name, builtin, better, args, key, default):
    if len(args) == 1:
        (items,) = args
        loop = _looped(items) if key is None else None
        if loop is not None and python_reductions.python_source(loop):
            label = f"{fn_name}(...)"
            best = python_reductions.pick(loop, lambda best, v: better(v, best), label)
            return python_reductions.picked(
                best, label, () if default is _NO_DEFAULT else (default,),
                failures.empty_error(fn_name), loop.at)
        if loop is not None:
            return comprehensions.extreme(loop, better, fn_name, default, _NO_DEFAULT)
        if is_traced(items):
            if items.ndim and items.shape[0] == 0 and default is not _NO_DEFAULT:
                return default
            if items.ndim and items.shape[0] == 0:
                raise failures.empty_error(fn_name)
            return _over_array(items, key, fn_name)
        values = list(items)
        if not values:
            if default is _NO_DEFAULT:
                raise failures.empty_error(fn_name)
            return default
    else:
        if default is not _NO_DEFAULT:
            raise TypeError(f"Cannot specify a default for {fn_name}() with multiple positional "
                            "arguments")
        values = list(args)
    if not holds_jax_array(values):
        if key is None:
            return classes.python_order(fn_name, lambda: builtin(values))
        keyed = [key(v) for v in values]   # once per item, as Python calls it
        if not holds_jax_array(keyed):
            return values[builtin(range(len(values)), key=keyed.__getitem__)]
        # Python items picked by traced keys (`max(range(3), key=lambda j: xs[j])`): the
        # item becomes traced, as in sorted().
        return _pick(list(zip(keyed, values)), lambda kv: kv[0], better)[1]
    return _pick(values, key, better)   # Python's pick, also where a comparison is traced


def max_(*args, key=None, default=_NO_DEFAULT):
    """`max(...)`: with traced items, `b if b > a else a` item by item (jnp.where)."""
    if not args:
        raise TypeError("max expected at least 1 argument, got 0")
    return _extreme("max", builtins.max, functools.partial(logical.ordered, "Gt"), args, key,
                    default)


def min_(*args, key=None, default=_NO_DEFAULT):
    if not args:
        raise TypeError("min expected at least 1 argument, got 0")
    return _extreme("min", builtins.min, functools.partial(logical.ordered, "Lt"), args, key,
                    default)


def sum_(iterable, /, start=0):
    """`sum(xs, start)`; over a traced array, start + one reduction of its leading axis."""
    loop = _looped(iterable)
    if loop is not None:
        return comprehensions.fold(loop, start, lambda acc, v: acc + v, "sum(...)")
    if is_traced(iterable):
        if iterable.ndim == 0:
            raise TypeError("iteration over a 0-d array (`sum()` of a traced scalar)")
        # Python adds the items one by one: the sum keeps their dtype (bools count as ints).
        dtype = None if iterable.dtype == jnp.bool_ else iterable.dtype
        total = jnp.sum(iterable, axis=0, dtype=dtype)
        if dtype is not None and getattr(jax.typeof(iterable), "weak_type", False):
            # Weak items added one by one stay weak (`arange(3) * 0.5` then `+ bf16`).
            total = tracing.cast(total, Aval(tuple(total.shape), total.dtype, True))
        return start + total
    return builtins.sum(iterable, start)


def prod_(iterable, /, *, start=1):
    """`math.prod(xs, start=1)`; over a generator one fold (filtered too), over a traced
    array start times one product of its leading axis."""
    loop = _looped(iterable)
    if loop is not None:
        return comprehensions.fold(loop, start, lambda acc, v: acc * v, "math.prod(...)")
    if is_traced(iterable) and iterable.ndim:
        return start * jnp.prod(iterable, axis=0)
    return math.prod(iterable, start=start)


def _truth(v):
    return bool_(v) if is_traced(v) else builtins.bool(v)


def _any_or_all(iterable, stop_at: bool, fn_name: str):
    """any (stop_at=True) or all (stop_at=False): Python stops at the first item whose
    truth is `stop_at`; traced truths are combined (or / and) and decide at run time."""
    combine = jnp.logical_or if stop_at else jnp.logical_and
    loop = _looped(iterable)
    if loop is not None:   # an item is evaluated only while no earlier one decided
        # Over a Python iterable the result stays Python until a traced condition.
        init = not stop_at if python_reductions.python_source(loop) else jnp.asarray(not stop_at)
        return comprehensions.fold(loop, init, lambda acc, v: _combined(combine, acc, _truth(v)),
                                   f"{fn_name}(...)",
                                   until=lambda acc: acc if stop_at else logical.not_(acc))
    if is_traced(iterable):
        reduce = jnp.any if stop_at else jnp.all
        return reduce(_items_truth(iterable, fn_name))
    return _first_deciding(iter(iterable), stop_at)


def _combined(combine, acc, t):
    """combine(acc, t); Python's `or` / `and` where both are Python bools."""
    if is_traced(acc) or is_traced(t):
        return combine(acc, t)
    return (acc or t) if combine is jnp.logical_or else (acc and t)


def _first_deciding(items, stop_at: bool):
    """Python's any/all over `items` (an iterator): an item is made (a generator's value
    computed, with its prints and raises) only where no earlier one decided; a traced
    truth is `t or <the rest>` (`and` for all), the rest on the path where `t` did not
    decide, as `or`/`and` trace their right operand."""
    for v in items:
        t = _truth(v)
        if not is_traced(t):
            if t == stop_at:
                return stop_at
            continue
        rest = lambda: _first_deciding(items, stop_at)   # noqa: E731
        return logical.or_(t, rest) if stop_at else logical.and_(t, rest)
    return not stop_at


def any_(iterable, /):
    """`any(xs)`: stops at the first item that is true in Python; traced items are or-ed."""
    return _any_or_all(iterable, True, "any")


def all_(iterable, /):
    return _any_or_all(iterable, False, "all")


def _items_truth(x, fn_name):
    if x.ndim != 1:
        raise (TypeError if x.ndim == 0 else ValueError)(
            f"`{fn_name}()` of a traced array of shape {tuple(x.shape)}: Python takes the truth "
            "of each item, which needs a 1-d array; use jnp.any / jnp.all")
    return x if x.dtype == jnp.bool_ else x != 0


def round_(number, ndigits=None):
    """`round(x)` (an int, half to even) and `round(x, n)`, also with a traced `n`
    (`jnp.round(x * 10**n) / 10**n`, NumPy's way)."""
    if not (is_traced(number) or is_traced(ndigits)):
        return builtins.round(number) if ndigits is None else builtins.round(number, ndigits)
    if ndigits is None:
        return scalars.weak_cast(jnp.round(scalar(number, "round")), builtins.int)
    if not is_traced(ndigits):
        return jnp.round(number, ndigits)
    scale = jnp.asarray(10.0, jnp.result_type(float)) ** ndigits
    return jnp.round(number * scale) / scale


def _led_by_distinct_python(values) -> bool:
    """Tuples whose first items are Python values, no two equal: they alone order them."""
    if not all(type(v) is tuple and v and not holds_jax_array(v[0]) for v in values):
        return False
    firsts = [v[0] for v in values]
    return all(a != b for i, a in enumerate(firsts) for b in firsts[i + 1:])


def sorted_(iterable, /, *, key=None, reverse=False):
    """`sorted(xs)`: a list of the items in order (a stable sort, as Python's). Items
    that are tuples (or other pytrees) of scalars order lexicographically, as Python
    orders tuples, and come back as tuples; a key may return a tuple too."""
    if is_traced(iterable):
        if iterable.ndim != 1:
            raise (TypeError if iterable.ndim == 0 else ValueError)(
                f"`sorted()` of a traced array of shape {tuple(iterable.shape)}: only a 1-d "
                "array's items can be ordered; use jnp.sort")
        columns, treedef = [iterable], jax.tree_util.tree_structure(0)
    else:
        values = list(iterable)
        if not holds_jax_array(values):
            if key is None:
                return classes.python_order(
                    "sorted", lambda: builtins.sorted(values, reverse=reverse))
            keyed = [key(v) for v in values]   # once per item, as Python calls it
            if not holds_jax_array(keyed):
                order = builtins.sorted(range(len(values)), key=keyed.__getitem__,
                                        reverse=reverse)
                return [values[i] for i in order]
            # Python items ordered by traced keys (`sorted(range(3), key=lambda i: x[i])`):
            # which item comes first depends on the data, so the items become traced.
            picked.refuse_objects(values, "`sorted()`")
            values, key = [(k, v) for k, v in zip(keyed, values)], lambda kv: kv[0]
            return [kv[1] for kv in sorted_(values, key=key, reverse=reverse)]
        if key is None and _led_by_distinct_python(values):
            # (`sorted(d.items())`): Python's first items decide, and they are known now.
            return builtins.sorted(values, key=lambda t: t[0], reverse=reverse)
        treedef = jax.tree_util.tree_structure(values[0])
        if any(jax.tree_util.tree_structure(v) != treedef for v in values):
            raise errors.TracedShapeError(errors.message(
                "`sorted()` of items of different structures, some traced", at=errors.where(),
                fix="Sort an array of keys (jnp.argsort) and pick the items with it."))
        columns = [jnp.stack([jnp.asarray(leaf) for leaf in leaves])
                   for leaves in zip(*(jax.tree_util.tree_leaves(v) for v in values))]
    keys = columns if key is None else jax.tree_util.tree_leaves(
        jax.vmap(lambda *leaves: key(treedef.unflatten(leaves)))(*columns))
    if any(k.ndim != 1 for k in keys):
        raise errors.TracedShapeError(errors.message(
            "`sorted()` of items that are (or hold) arrays, not numbers: Python compares "
            "them with bool(a < b), which an array of several elements does not have",
            at=errors.where(), fix="Sort by a number per item: key=..., or jnp.argsort."))
    order = _lexicographic_order(keys, reverse)
    ordered = [c[order] for c in columns]
    return [treedef.unflatten([c[r] for c in ordered]) for r in range(ordered[0].shape[0])]


def _lexicographic_order(keys, reverse):
    """The stable order of rows by keys[0], then keys[1], ...; with `reverse`, descending
    but still stable (equal rows keep their order, as in Python)."""
    if not reverse:
        return jnp.lexsort(keys[::-1])
    n = keys[0].shape[0]
    return (n - 1) - jnp.lexsort([k[::-1] for k in keys[::-1]])[::-1]


def _shape_like(fn):
    """np.zeros_like(x) and its kin of a traced `x`: only its shape and dtype count, which
    are static, so the NumPy array Python would make (item writes then make it JAX's)."""
    def call(a, *args, **kwargs):
        return fn(np.empty(a.shape, a.dtype) if is_traced(a) else a, *args, **kwargs)
    call.__name__ = fn.__name__
    return call


# NumPy's functions converted code calls so (runtime/calls.py), of one dispatcher type.
SHAPE_LIKE = {f: _shape_like(f) for f in (np.zeros_like, np.ones_like, np.empty_like,
                                          np.full_like)}
NUMPY_FUNCTION = type(np.zeros_like)

OVERRIDES = {builtins.int: int_, builtins.float: float_, builtins.bool: bool_,
             builtins.complex: complex_, builtins.max: max_, builtins.min: min_,
             builtins.sum: sum_, builtins.any: any_, builtins.all: all_,
             builtins.sorted: sorted_, builtins.round: round_, math.prod: prod_}
