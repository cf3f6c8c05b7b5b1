"""A JAX array that a called function item-assigns is handed back to its caller.

Python code passes an array to a helper that changes it in place
(`heapify(a, n, i)`, `swap(a, i, j)`) and reads the array afterwards. A JAX
array cannot change: `a[i] = v` in the helper makes a new array
(`items.setitem`), which only the helper's name sees. So the helper hands
its parameters' final values back, and the caller's names are brought up to
date after each call:

    def heapify(a, n, i):              def heapify(a, n, i):
        ...                                ...
        a[i], a[j] = a[j], a[i]   ==>      ag__.give_back(('a',), (a,))   # at each exit

    heapify(a, n, i)                   ag__wb = ag__.written_mark()
                                       ag__.converted_call(heapify, (a, n, i), None)
                                       a = ag__.latest(a, ag__wb)

A parameter is handed back where the function item-assigns it (or passes it
to a call) and never rebinds it otherwise (`a = a[:]` makes a copy: the
caller's array is not the helper's any more). `converted_call` binds the
arguments to the parameters; an array argument whose parameter ended as
another array gets that array as its latest value. With no such call,
`latest(a)` is `a` itself. NumPy's aliasing is not modelled beyond this:
another name for the old array (`b = a` before the call) keeps the old items.

A hand-back is taken only by the `latest` right after the statement whose call
made it (the mark before it): one nothing took (`a = bump(a)` rebinds `a`,
`return bump(a)`, a call that raised) is never taken by a later, unrelated
statement or call that passes the same array (a call's result must not depend
on the calls made before it).
"""
from __future__ import annotations

import collections
import contextlib
import inspect
import threading

import jax
import numpy as np

_local = threading.local()
_KEEP = 256   # write-backs not yet read: each is read by the statement after its call


def _frames() -> list:
    frames = getattr(_local, "frames", None)
    if frames is None:
        frames = _local.frames = []
    return frames


def written_mark() -> int:
    """Before a statement whose calls may hand back: hand-backs after this one are its."""
    return getattr(_local, "made", 0)


def _written() -> collections.OrderedDict:
    written = getattr(_local, "written", None)
    if written is None:
        written = _local.written = collections.OrderedDict()
    return written


def give_back(names: tuple, values: tuple) -> None:
    """At a converted function's exit: the final values of the parameters `names`."""
    frames = _frames()
    if frames:
        frames[-1].update(zip(names, values))


@contextlib.contextmanager
def call_frame(fn, args, kwargs):
    """Around a converted call of `fn`: afterwards, its array arguments' latest values."""
    frames = _frames()
    frames.append({})
    try:
        yield
    finally:
        finals = frames.pop()
        if finals:
            _hand_back(fn, args, kwargs, finals)


def _hand_back(fn, args, kwargs, finals):
    try:
        bound = _signature(fn).bind(*args, **kwargs).arguments
    except TypeError:
        return
    written = _written()
    for name, final in finals.items():
        arg = bound.get(name)
        if isinstance(arg, (jax.Array, np.ndarray)) and final is not arg:
            _local.made = made = getattr(_local, "made", 0) + 1
            written[id(arg)] = (arg, final, made)   # `arg` is kept: its id stays its own
            written.move_to_end(id(arg))
    while len(written) > _KEEP:
        written.popitem(last=False)


_signatures: dict = {}


def _signature(fn):
    sig = _signatures.get(fn.__code__)
    if sig is None:
        sig = _signatures[fn.__code__] = inspect.signature(fn)
    return sig


def latest(value, since: int):
    """`value`, or the array a call of the statement after `written_mark()` gave `since`
    handed back for it."""
    if type(value) in (int, float, bool, str, type(None)):
        return value
    entry = _written().pop(id(value), None)   # an older one can never be taken: gone too
    return value if entry is None or entry[0] is not value or entry[2] <= since else entry[1]
