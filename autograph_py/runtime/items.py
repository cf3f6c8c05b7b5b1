"""Item reads and writes where the index or the value is traced.

    y = x[k]          ==>   y = ag__.getitem(x, k)          (k not a constant)
    x[k] = v          ==>   x = ag__.setitem(x, k, v)       (x a local)
    x[i:i + n]        ==>   ag__.getitem(x, ag__.span(i, n))

getitem: a Python list or tuple indexed by a traced int is gathered (its items
stacked, one array per leaf), with Python's IndexError at run time when the
index is out of range; `x[i:i + n]` (traced `i`, static `n`) is a window of `n` items
(lax.dynamic_slice), an error at run time where Python would give fewer. A slice whose
length is traced, or a traced boolean mask (`x[x > 0]`), is an error now; `x[mask] = v`
with one value v is `jnp.where(mask, v, x)`.

setitem: a JAX array becomes `x.at[k].set(v)` (a new array: JAX arrays are values, so
another name for the old array keeps the old items); a NumPy array given a traced item or
index becomes a JAX array the same way; a Python list at a traced index gets
`jnp.where(k == j, v, x[j])` at every position j, in place. Everything else is Python's
`x[k] = v`, in place, and returns `x`.
"""
from __future__ import annotations

import collections

import jax
import jax.numpy as jnp
import numpy as np

from autograph_py import errors
from autograph_py.lowering import indexing
from autograph_py.runtime import classes, copies, failures, optional, picked, undefined
from autograph_py.runtime.optional import MaybeNone
from autograph_py.runtime.dispatch import holds_jax_array, is_traced

_STATIC_INDEX = (int, str, type(None), bool)


class Span:
    """`start:start + size` with a static `size`: a window of `size` items at `start`."""
    __slots__ = ("start", "size")

    def __init__(self, start, size):
        self.start, self.size = start, size

    def as_slice(self) -> slice:
        return slice(self.start, self.start + self.size)


def span(start, size):
    """The index of `x[start:start + size]`; a plain slice unless `start` is traced."""
    if is_traced(start) and isinstance(size, int) and not isinstance(size, bool):
        return Span(start, size)
    return slice(start, start + size)


def _parts(k):
    return k if type(k) is tuple else (k,)


def _has_traced(k) -> bool:
    for p in _parts(k):
        if is_traced(p) or isinstance(p, Span):
            return True
        if type(p) is slice and (is_traced(p.start) or is_traced(p.stop) or is_traced(p.step)):
            return True
    return False


def getitem(x, k):
    """`x[k]`, with the traced cases above."""
    if isinstance(k, MaybeNone):
        k = optional.value_of(k, "an index")
    if type(k) is picked.Picked:   # `m[k]` of a key a traced condition picks: both items
        return picked.Picked.choose(k.pred, lambda: getitem(x, k.if_true),
                                    lambda: getitem(x, k.if_false))
    if type(k) in _STATIC_INDEX or not _has_traced(k):
        return x[k]
    if isinstance(x, (list, tuple)):
        return _gather(x, k)
    if isinstance(x, (range, collections.deque)):   # as the list of its items
        return _gather(list(x), k)
    if isinstance(x, np.ndarray):   # a NumPy table at a traced index: the JAX gather
        x = jnp.asarray(x)
    elif isinstance(x, (str, bytes)):
        raise errors.ConcreteValueError(errors.message(
            f"a {type(x).__name__} indexed by a traced value: its item is text, which a "
            "compiled program cannot hold", at=errors.where(),
            fix="Index an array of codes instead (`jnp.asarray([ord(c) for c in s])[k]`), or "
                "make the index a Python int."))
    _refuse_traced_slices(k)
    if _is_mask(k):
        raise _mask_error("its items where the mask holds: how many depends on the data",
                          "`jnp.where(mask, x, 0).sum()` (or `jnp.sum(x, where=mask)`) for a "
                          "reduction, or `jnp.nonzero(mask, size=n)` for a fixed-size result")
    if any(isinstance(p, Span) for p in _parts(k)):
        return _window(jnp.asarray(x), k)
    return x[k]


def setitem(x, k, v):
    """`x[k] = v`, returning what `x` names afterwards (see the module docstring)."""
    if isinstance(k, MaybeNone):
        k = optional.value_of(k, "an index")
    if type(k) is picked.Picked and isinstance(x, dict):   # a key a traced condition picks
        return k.set_in(x, v)
    traced = type(k) not in _STATIC_INDEX and _has_traced(k)
    # A NumPy array changed under a traced condition becomes a JAX array: changed in place,
    # the change would reach both branches of the condition (and every iteration).
    if isinstance(x, jax.Array) or (isinstance(x, np.ndarray) and (
            traced or is_traced(v) or undefined.in_conditional_region())):
        _refuse_traced_slices(k)
        x = jnp.asarray(x)
        if traced and _is_mask(k):
            return _set_where(x, k, v)
        if traced and any(isinstance(p, Span) for p in _parts(k)):
            return _set_window(x, k, v)
        return indexing.set_item(x, _as_plain(k), v)
    if traced and isinstance(x, list):
        _scatter(x, k, v)
        return x
    if isinstance(x, tuple) and not traced and x[_as_plain(k)] is v:
        return x   # `t[0][1] = v` of a list in a tuple: changed in place, the tuple as it was
    x[_as_plain(k)] = v
    return x


def _is_mask(k) -> bool:
    return is_traced(k) and k.dtype == jnp.bool_ and k.ndim > 0


def _mask_error(what, fix):
    return errors.TracedShapeError(errors.message(
        f"an array indexed by a traced boolean mask selects {what}", at=errors.where(),
        fix=f"Keep the shape: {fix}."))


def _set_where(x, mask, v):
    """`x[mask] = v` for a traced mask: `jnp.where(mask, v, x)` (v one value for all)."""
    v = jnp.asarray(v)
    if v.ndim and v.size != 1:
        raise _mask_error(f"items to assign {tuple(v.shape)} values to, and how many it "
                          "selects depends on the data",
                          "assign one value (`x[mask] = 0.0`), or `jnp.where(mask, values, x)` "
                          "with values of x's shape")
    if tuple(mask.shape) != tuple(x.shape[:mask.ndim]):
        raise IndexError(f"boolean index of shape {tuple(mask.shape)} does not match the "
                         f"leading axes of an array of shape {tuple(x.shape)}")
    rows = mask.reshape(mask.shape + (1,) * (x.ndim - mask.ndim))   # a row mask: whole rows
    return jnp.where(rows, v.reshape(()).astype(x.dtype), x)


def _as_plain(k):
    parts = tuple(p.as_slice() if isinstance(p, Span) else p for p in _parts(k))
    return parts if type(k) is tuple else parts[0]


def _refuse_traced_slices(k):
    for p in _parts(k):
        if type(p) is slice and any(is_traced(b) for b in (p.start, p.stop, p.step)):
            raise errors.TracedShapeError(errors.message(
                "a slice with a traced bound has a length that depends on the data, and a "
                "compiled program's arrays have static shapes",
                at=errors.where(),
                fix="Slice a fixed number of items at a traced offset (`x[i:i + 4]`, which "
                    "becomes lax.dynamic_slice), or keep the shape and mask the items you do "
                    "not want (`jnp.where(jnp.arange(len(x)) < n, x, 0)`)."))


# ------------------------------------------------------------ windows of arrays
def _window_spec(x, k):
    """(starts, sizes, axes to drop, in-range test) of an index of spans, ints and `:`."""
    parts = _parts(k)
    if len(parts) > x.ndim or any(p is Ellipsis or p is None for p in parts):
        raise errors.TracedShapeError(errors.message(
            f"this window index has {len(parts)} parts for an array of shape "
            f"{tuple(x.shape)}, or an Ellipsis or None with a traced start",
            at=errors.where(), fix="Index the window with one part per axis."))
    starts, sizes, drop, ok = [], [], [], True
    for axis, dim in enumerate(x.shape):
        p = parts[axis] if axis < len(parts) else slice(None)
        if isinstance(p, Span):
            start, size = p.start, p.size
        elif type(p) is slice and p == slice(None):
            start, size = 0, dim
        elif type(p) is slice:
            start, stop, _ = p.indices(dim)
            if p.step not in (None, 1):
                raise errors.TracedShapeError(errors.message(
                    "a window at a traced offset takes consecutive items; this index also "
                    "has a slice with a step", at=errors.where(),
                    fix="Take the window first, then slice it with the step."))
            start, size = start, max(stop - start, 0)
        else:
            start, size = (p + dim if not is_traced(p) and p < 0 else p), 1
            drop.append(axis)
        if is_traced(start):
            ok = ok & (start >= 0) & (start + size <= dim)
        starts.append(start)
        sizes.append(size)
    return starts, sizes, tuple(drop), ok


def _check_window(ok, x):
    if is_traced(ok):
        failures.stage(IndexError(
            f"a window of static size at a traced offset runs past the ends of an axis of "
            f"length(s) {tuple(x.shape)}: Python would return fewer items, and a compiled "
            "program's arrays have static shapes"), ok, errors.where())


def _window(x, k):
    starts, sizes, drop, ok = _window_spec(x, k)
    _check_window(ok, x)
    out = indexing.window(x, starts, sizes)
    return out.reshape([s for a, s in enumerate(out.shape) if a not in drop])


def _set_window(x, k, v):
    starts, sizes, drop, ok = _window_spec(x, k)
    _check_window(ok, x)
    shape = [s for a, s in enumerate(sizes) if a not in drop]
    update = jnp.broadcast_to(jnp.asarray(v), shape).reshape(sizes)
    return indexing.set_window(x, update, starts)


# ------------------------------------------------------- Python lists and tuples
def list_index(seq, k, what: str):
    """A traced int index into `seq` as a position in [0, len), with Python's run-time check."""
    if type(k) is tuple or isinstance(k, (slice, Span)):
        if isinstance(k, Span) and isinstance(seq, (list, tuple)):
            return None
        raise errors.TracedShapeError(errors.message(
            f"a Python {type(seq).__name__} indexed by a traced tuple or slice",
            at=errors.where(),
            fix="Make it an array (jnp.asarray) to index it with traced values; a slice "
                "needs a static length there too: `x[i:i + k]` with a static k, or a mask."))
    if not jnp.issubdtype(k.dtype, jnp.integer) and k.dtype != jnp.bool_:
        raise errors.TracedShapeError(errors.message(   # a TypeError, as Python's
            f"{type(seq).__name__} indices must be integers or slices, not a traced {k.dtype}",
            at=errors.where(), fix="Index with an int: int(i), or i.astype(jnp.int32)."))
    if k.size != 1:
        raise errors.TracedShapeError(errors.message(
            f"{type(seq).__name__} indices must be integers, not a traced array of shape "
            f"{tuple(k.shape)}", at=errors.where(),
            fix=f"Make the {type(seq).__name__} an array (jnp.asarray) to gather several items "
                "at once, or index it with one int at a time."))
    k = k.reshape(()).astype(jnp.int32) if k.dtype == jnp.bool_ else k.reshape(())
    n = len(seq)
    failures.stage(IndexError(f"{type(seq).__name__} {what} out of range"),
                   (k >= -n) & (k < n), errors.where())
    return jnp.where(k < 0, k + n, k)


def _stacked(seq):
    """The items of `seq` as arrays stacked leaf by leaf, or a clear error."""
    structures = {jax.tree_util.tree_structure(v) for v in seq}
    leaves = [jax.tree_util.tree_leaves(v) for v in seq]
    shapes = {tuple(jnp.shape(leaf) for leaf in ls) for ls in leaves}
    numeric = all(isinstance(leaf, (int, float, complex, bool, jax.Array, np.ndarray, np.generic))
                  for ls in leaves for leaf in ls)
    if len(structures) != 1 or len(shapes) != 1 or not numeric:
        raise errors.TracedShapeError(errors.message(
            f"a Python {type(seq).__name__} indexed by a traced int must hold numbers or arrays "
            "of one shape (and one structure), to be gathered as an array",
            details=(f"its items: {', '.join(type(v).__name__ for v in seq[:6])}"
                     f"{', ...' if len(seq) > 6 else ''}",),
            at=errors.where(),
            fix="Make it an array (jnp.asarray or jnp.stack) of items of one shape."))
    (structure,) = structures
    columns = zip(*leaves)
    return structure, [jnp.stack([jnp.asarray(leaf) for leaf in col]) for col in columns]


def _gather(seq, k):
    if not seq:
        raise IndexError(f"{type(seq).__name__} index out of range")
    structure, stacked = _stacked(seq)
    if isinstance(k, Span):
        starts = (k.start,)
        ok = (k.start >= 0) & (k.start + k.size <= len(seq))
        _check_window(ok, stacked[0])
        rows = [indexing.window(s, starts + (0,) * (s.ndim - 1), (k.size, *s.shape[1:]))
                for s in stacked]
        items = [jax.tree_util.tree_unflatten(structure, [r[j] for r in rows])
                 for j in range(k.size)]
        return type(seq)(items)
    j = list_index(seq, k, "index")
    return _read_only(jax.tree_util.tree_unflatten(structure, [s[j] for s in stacked]))


def _read_only(value):
    """`value` with its lists and dicts as read-only copies (what a gather made)."""
    return copies.read_only(
        value, "was picked from a Python list by a traced index",
        "Keep the data in arrays and assign items (`buckets = buckets.at[k, n].set(v)`), "
        "or index the list with a Python int.", errors.TracedShapeError)


def _scatter(seq, k, v):
    """`seq[k] = v`: each item is `v` where k is its position (a gather's copy as a list)."""
    j, v, kind = list_index(seq, k, "assignment index"), copies.plain(v), type(seq).__name__
    try:
        seq[:] = [jax.tree_util.tree_map(lambda new, old: jnp.where(j == pos, new, old), v,
                                         copies.plain(item)) for pos, item in enumerate(seq)]
    except errors.AutographError:   # a read-only copy's own refusal (runtime/copies)
        raise
    except (ValueError, TypeError) as e:   # another structure, shape or dtype
        raise errors.TracedShapeError(errors.message(
            f"an item of a Python {kind} assigned by a traced index must be like every "
            f"item it may replace: {e}".split("\n")[0], at=errors.where(),
            fix="Keep the rows in one array (`m = m.at[k].set(row)`), or index the list "
                "with a Python int.")) from None


# ------------------------------------------------------------ membership
def _equal_items(container, x):
    """Python's `e is x or e == x` for each item, lazily; traced ones as traced bools."""
    for e in container:
        if e is x:
            yield True
            continue
        eq = e == x
        if is_traced(eq) and eq.size != 1:
            raise ValueError("The truth value of an array with more than one element is "
                             f"ambiguous (`in` of traced arrays of shape {tuple(eq.shape)}, "
                             "as in Python)")
        yield eq.reshape(()) if is_traced(eq) else bool(eq)


def in_(x, container):
    """`x in container`: or of the item comparisons for a list or tuple, `any(a == x)` for
    a traced array, Python's `in` otherwise; of a picked str, each it may be."""
    if type(x) is picked.Picked or type(container) is picked.Picked:
        p = x if type(x) is picked.Picked else container
        return p.apply(lambda v: in_(v, container) if p is x else in_(x, v))
    if is_traced(container):
        return jnp.any(container == x)
    if isinstance(container, (list, tuple)) and holds_jax_array((x, container)):
        out = False
        for eq in _equal_items(container, x):
            if eq is True:
                return True
            out = out | eq if eq is not False else out
        return out
    if isinstance(container, range) and (is_traced(x) or isinstance(x, jax.Array)):
        return _in_range(x, container)   # a concrete array too: inside a trace, its == is
    found = classes.contains(container, x)   # a user class's own __contains__, converted
    return x in container if found is None else found


def _in_range(x, r: range):
    """`x in range(...)` of a traced number: an integer value in the range's span, on its step
    (Python compares a float with each item too: `2.0 in range(3)` is True)."""
    if x.ndim != 0:
        raise ValueError("The truth value of an array with more than one element is "
                         f"ambiguous (`in` of a traced array of shape {tuple(x.shape)})")
    lo, hi = (r.start, r.stop) if r.step > 0 else (r.stop, r.start)
    inside = (x > lo) & (x <= hi) if r.step < 0 else (x >= lo) & (x < hi)
    on_step = (x - r.start) % abs(r.step) == 0
    if jnp.issubdtype(x.dtype, jnp.inexact):
        on_step = on_step & (jnp.floor(x) == x)
    return inside & on_step


def not_in(x, container):
    found = in_(x, container)
    return jnp.logical_not(found) if is_traced(found) else not found


def sequence_count(seq, x):
    """`seq.count(x)` of a list or tuple holding traced values (or of a traced x)."""
    if not holds_jax_array((x, seq)):
        return seq.count(x)
    total = 0
    for eq in _equal_items(seq, x):
        total = total + (eq.astype(jnp.int32) if is_traced(eq) else int(eq))
    return total


def sequence_index(seq, x, start=0, stop=None):
    """`seq.index(x)`: the first position whose item equals x; ValueError at run time if none."""
    if not holds_jax_array((x, seq)):
        return seq.index(x, start, len(seq) if stop is None else stop)
    positions = range(len(seq))[start:stop]
    found, first = False, None
    for pos, eq in zip(positions, _equal_items([seq[p] for p in positions], x)):
        if not is_traced(eq):
            if eq:
                return pos if first is None else jnp.where(found, first, pos)
            continue
        first = jnp.where(eq, pos, -1) if first is None else jnp.where(found, first,
                                                                        jnp.where(eq, pos, -1))
        found = found | eq
    if first is None:
        raise ValueError(f"{type(seq).__name__}.index(x): x not in {type(seq).__name__}")
    failures.stage(ValueError(f"{type(seq).__name__}.index(x): x not in {type(seq).__name__}"),
                   found, errors.where())
    return first

