"""A JAX wrapper whose user function reads traced values through its closure is renewed.

JAX caches the trace of a function it jits, checkpoints or vmaps by the
function's identity (and the argument types), not by what its closure holds
now. Converted code traces a loop body more than once (until its types
settle), and the body's state is a new tracer each time, so a helper that
closes over the state would get the first trace's values, a leaked tracer:

    s = n * 1.0
    @jax.checkpoint
    def g(x):
        return x + s          # s: the loop's state
    for x in xs:
        s = s + g(x)          # g renewed at each call: it reads the `s` of this trace

Python reads the cell when it runs, so each call of such a wrapper from
converted code gets the same wrapper around a new function object with the
same code and the same cells. A closure that holds no traced value keeps its
identity, and JAX's cache: eagerly, JAX keeps what it traced first, and so
does a converted program on Python values.
"""
from __future__ import annotations

import functools
import types
import weakref

from autograph_py.runtime import transforms
from autograph_py.runtime.dispatch import holds_traced

_USER_CLOSURES = weakref.WeakKeyDictionary()   # wrapper -> the closures it reaches, in order


def closes_over_traced(f) -> bool:
    """Whether user code that `f` calls (directly, or a JAX wrapper's function) holds a
    traced value in its closure now, also through functions its closure holds."""
    seen = set()
    todo = list(_user_closures(f))
    while todo:
        g = todo.pop()
        if id(g) in seen:
            continue
        seen.add(id(g))
        for value in _contents(g):
            if holds_traced(value):
                return True
            if _is_function(value):
                todo.extend(_user_closures(value))
    return False


def renewed(f):
    """`f` as a new object for JAX's caches: the same options and code, the same cells."""
    if transforms.is_jit(f):
        return transforms.rejitted(f, renewed(f._fun))
    if isinstance(f, types.MethodType):
        return types.MethodType(renewed(f.__func__), f.__self__)
    if isinstance(f, functools.partial):
        return functools.partial(renewed(f.func), *f.args, **f.keywords)
    if not isinstance(f, types.FunctionType):
        return f
    cells = f.__closure__
    if cells and _is_wrapper(f):   # JAX's closure (checkpoint's, vmap's): the function in it
        cells = tuple(_renewed_cell(c) for c in cells)
    return transforms.with_cells(f, cells)


def _renewed_cell(cell):
    try:
        value = cell.cell_contents
    except ValueError:   # an empty cell
        return cell
    if not _is_function(value) or not _user_closures(value):
        return cell
    return types.CellType(renewed(value))


def _is_wrapper(f) -> bool:
    """A closure JAX made, or this runtime's converting function: its cells are never
    rebound, and the function in them is what JAX's cache keys on."""
    return transforms.is_transforming(f) or getattr(f, "__ag_converting__", False)


def _user_closures(f) -> tuple:
    """The user functions with closures that calling `f` runs (through JAX's wrappers)."""
    if isinstance(f, types.FunctionType) and not _is_wrapper(f):
        return (f,) if f.__closure__ else ()
    try:
        done = _USER_CLOSURES.get(f)
    except TypeError:   # not hashable
        return _find_user_closures(f)
    if done is None:
        done = _find_user_closures(f)
        try:   # weakly: a helper's closure may hold its own wrapper
            _USER_CLOSURES[f] = tuple(weakref.ref(g) for g in done)
        except TypeError:
            pass
        return done
    return tuple(g for g in (r() for r in done) if g is not None)


def _find_user_closures(f) -> tuple:
    found, seen, todo = [], set(), [f]
    while todo:
        g = todo.pop()
        if id(g) in seen:
            continue
        seen.add(id(g))
        if transforms.is_jit(g):
            todo.append(g._fun)
            continue
        if isinstance(g, functools.partial):
            todo.append(g.func)
            continue
        g = getattr(g, "__func__", g)
        if not isinstance(g, types.FunctionType) or not g.__closure__:
            continue
        if not _is_wrapper(g):
            found.append(g)
            continue
        # a wrapper's cells are fixed: what it wraps
        todo.extend(v for v in _contents(g) if _is_function(v))
    return tuple(found)


def _contents(f) -> list:
    """What `f`'s closure cells hold (empty cells left out)."""
    out = []
    for cell in f.__closure__ or ():
        try:
            out.append(cell.cell_contents)
        except ValueError:   # an empty cell
            pass
    return out


def _is_function(value) -> bool:
    return callable(value) and not isinstance(value, type)

