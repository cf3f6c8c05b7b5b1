"""The plans an inner loop settled at, for the next trace of the loop body around it.

A loop body is traced until the types of its state settle (runtime/settle.py),
most often twice: a Python counter `w = 0` or the converter's `break` flag
enters as a Python value and leaves the first iteration traced. A loop inside
that body is traced, and settled, once per trace of the outer body: settling
each from its entry plan costs two traces per level, 2**depth traces of the
innermost body (a body five loops deep: 32).

So while an outermost loop is traced, each loop traced inside it keeps the
plan it settled at, under its place: its line and how many loops at that line
its enclosing trace traced before it (the enclosing places above it). The next
trace of the same place starts each leaf whose entry spec is the same as last
time (the same Python scalar, the same aval) from the spec it settled at; the
others, and structure that changed (a variable assigned for the first time, a
list grown), start from the entry plan as before. settle still traces until
nothing changes, so the plan it accepts is one the body keeps; the innermost
body is traced about once per level, not 2**depth times.

What is kept is avals and Python scalars, never a tracer, and only for the
trace of one outermost loop: another call, or the next outermost loop, starts
from nothing (what one call traced never decides another's types).

    with settled_plans.place(at) as here:
        plan = here.start(loop_state.initial_loop_plan(init_vars))
        ...                      # each trace of the body inside here.trace()
        here.settled(plan)
"""
from __future__ import annotations

import contextlib
import threading

from autograph_py.lowering.plans import Dynamic, LoopPlan, Static

_local = threading.local()


class _Place:
    def __init__(self, path):
        self.path = path
        self.counts: dict = {}   # line -> loops at that line this trace has traced
        self.entry: LoopPlan | None = None

    def start(self, entry: LoopPlan) -> LoopPlan:
        """`entry`, with the spec each leaf settled at last time where it entered the same."""
        self.entry = entry
        kept = _local.plans.get(self.path)
        if kept is None or len(kept[0].treedefs) != len(entry.treedefs):
            return entry
        before, settled = kept
        specs = []
        for i, now in enumerate(entry.specs):
            if i in settled.appends or not (entry.treedefs[i] == before.treedefs[i]
                                             == settled.treedefs[i]):
                specs.append(now)
                continue
            specs.append([s if _promoted(n, b, s) else n
                          for n, b, s in zip(now, before.specs[i], settled.specs[i])])
        return LoopPlan(list(entry.treedefs), specs, dict(entry.appends))

    @contextlib.contextmanager
    def trace(self):
        """One trace of this loop's body: the loops in it count their places afresh."""
        self.counts = {}
        _local.places.append(self)
        try:
            yield
        finally:
            _local.places.pop()

    def settled(self, plan: LoopPlan) -> None:
        if self.entry is not None:
            _local.plans[self.path] = (self.entry, plan)


def _promoted(now, before, settled) -> bool:
    """Whether a leaf that entered as `before` and settled as `settled` (a traced value of
    another type than it entered as, nothing else) enters as it did then."""
    return (isinstance(settled, Dynamic) and settled != before
            and settled.poison == now.poison and _same_entry(now, before))


def _same_entry(now, before) -> bool:
    """Whether a leaf entered as it did last time: the same aval, or the same Python
    scalar (of the same type: `0` is not `False` nor `0.0`)."""
    if isinstance(now, Dynamic) and isinstance(before, Dynamic):
        return now == before
    if isinstance(now, Static) and isinstance(before, Static):
        return (type(now.value) is type(before.value) and type(now.value) in _SCALARS
                and now.value == before.value and now.poison == before.poison)
    return False


_SCALARS = (bool, int, float, complex, str, type(None))


@contextlib.contextmanager
def place(at: str):
    """This loop's place in the trace of the outermost loop around it (a new one if none)."""
    places = getattr(_local, "places", None)
    if places:
        parent = places[-1]
        n = parent.counts.get(at, 0)
        parent.counts[at] = n + 1
        yield _Place(parent.path + ((at, n),))
        return
    # An outermost loop: nothing traced before decides its types, and what it keeps
    # (entry plans hold its Python values) goes with its trace.
    _local.places, _local.plans = [], {}
    try:
        yield _Place(((at, 0),))
    finally:
        _local.plans = {}
