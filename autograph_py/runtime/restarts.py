"""A traced `if` or loop that restarts with more state when a callee changed an object.

While a construct traces its blocks, `mutations.watch` notes what the callees
change; a change its state does not carry makes it start again with that
attribute or item as state (mutations.Restart, mutations.extended). A
construct inside a loop is traced again with each trace of the loop's body:
it starts with what its last restart found, so each restart happens once.
"""
from __future__ import annotations

import threading

import jax.numpy as jnp
import numpy as np

from autograph_py import errors
from autograph_py.lowering import tracing
from autograph_py.runtime import identity, mutations, orders, reach, records, returns, state as st
from autograph_py.runtime.dispatch import is_traced


class _Hints(threading.local):
    def __init__(self):
        # (place, construct, names) of a construct -> (change, the names its container
        # was seen under) that a restart of it added, while an outermost one is traced
        self.by_site = {}


_hints = _Hints()


def staged(construct, block, roots=(), may_skip=True, dead=(), branches=False):
    """Runs `construct(block)`, a traced `if` or loop; runs it again with more state while
    a callee, or a method of a list or dict that the block functions `roots` can see,
    changed an object its state missed (its return value first: returns.refresh). A
    construct traced again (its enclosing loop's body is traced more than once) starts
    with the changes its last restart added, of the containers it still sees: each restart
    is a whole trace of the construct, and of every construct inside it. `may_skip`: none
    of its blocks need run (a loop), for the key order of the dicts it changes (orders.py).
    `dead`: the names of its state nothing reads after it; a list or dict only they hold
    changes unobserved (F120). `branches`: a traced `if` (Flax linen's counters, linen)."""
    returns.refresh(block)
    entry, carried, kinds = _numpy_state_as_jax(block), frozenset(), set()
    seen = reach.visible(roots)
    site = (block.at, block.construct, block.names)
    outermost = not mutations.watching()
    guard = _Guard(seen.others, block)
    try:
        known = [c for c in (_again(h, seen) for h in _hints.by_site.get(site, ()))
                 if c is not None]
        if known:
            carried |= frozenset((id(c.obj), c.kind, c.key) for c in known)
            kinds |= {c.kind_key() for c in known}
            block = mutations.extended(block, known)
        expand, unobserved = frozenset(), _held_only_by(seen, frozenset(dead))
        while True:
            with mutations.watch(carried, kinds, seen) as w, guard, records.expanding(expand):
                w.unobserved = unobserved
                counters = w.rebinds[2]   # (runtime/linen.py)
                if counters is not None:
                    counters.branches = branches
                try:
                    out = construct(block)
                    if counters is not None and branches:
                        counters.settle()
                    guard.check()
                    orders.settle(w, block.construct, block.at, may_skip)
                    return out
                except records.Expand as e:   # objects of one class: as records, again
                    expand |= {e.name}
                except Exception as e:   # a restart; or its caller lowers it another way
                    if not isinstance(e, mutations.Restart):   # (a loop unrolled) from what it
                        w.restore()                            # found, not from the tracers
                        raise                                  # of a failed trace
            w.restore()
            block.set(entry)   # after: the state's own entry values win over a change's
            kinds |= {c.kind_key() for c in w.uncovered.values()}
            # An object a block made (a dict built from a traced value, then changed by a
            # callee) is its temporary: its kind is known, the object itself is gone with
            # that trace (carrying it would leak the trace's values).
            uncovered = {k: c for k, c in w.uncovered.items() if not (
                id(c.obj) not in seen.reached and tracing.escaped([c.entry]))}
            carried |= frozenset(uncovered)
            block = mutations.extended(block, uncovered.values())
            _hints.by_site[site] = [*_hints.by_site.get(site, ()), *(
                (c, frozenset(seen.every.get(id(c.obj), ())) - {None})
                for c in uncovered.values())]
    finally:
        if outermost:
            _forget()


def _forget() -> None:
    """The outermost construct ended: what it recorded holds its containers and values."""
    _hints.by_site.clear()
    returns.forget()


def _held_only_by(seen, dead) -> frozenset:
    """The ids of the containers the construct sees that only the variables `dead` hold
    (`out = []` before a traced `return`, changed in the guarded rest of the function and
    read nowhere after it): no code after the construct observes a change of them."""
    if not dead:
        return frozenset()
    return frozenset(i for i, names in seen.every.items() if names and all(
        n is not None and n.partition("[")[0] in dead for n in names)
        and not identity.named_by_callers({i}, dead))


def _again(hint, seen):
    """A change a restart found, for a construct traced again, which starts with it: of
    the same container if it still sees it, else of the one it sees under the same name
    (a container the enclosing loop carries is a new one in each trace of its body);
    None if it sees neither."""
    change, names = hint
    obj = change.obj
    if change.kind == "attr":   # (`self.count`, which a method the construct calls changes)
        # Of the same object only, and only where the attribute holds a traced value (the
        # loop around carries it) or a Python number (which a construct that leaves it as
        # it is keeps a Python number). Another object of its class under the same name may
        # be any object the same helper is called with; and a NumPy or concrete JAX value
        # the construct only reads this time would be carried as a traced one
        # (`jnp.ones(int(o.total))` refused, a float64 made float32).
        fields = mutations.fields(obj, "attr") if id(obj) in seen.reached else {}
        value = fields.get(change.key)
        return mutations.Change(obj, "attr", change.key, value) if is_traced(value) or type(
            value) in (bool, int, float, complex) else None
    if seen.get(id(obj)) is not obj:
        obj = next((c for i, c in seen.items() if type(c) is type(obj)
                    and names & seen.every.get(i, frozenset())), None)
        if obj is None:
            return None
    if isinstance(change, mutations.ContentsChange):
        return mutations.ContentsChange(obj, change.method)
    if change.kind != "item" or change.key not in obj:
        return None
    return mutations.Change(obj, change.kind, change.key, obj[change.key])


def _differs(obj, before) -> bool:
    """Whether a set, deque or bytearray changed: its items compared by identity first
    (a deque holding a traced value the block stored has no Python truth of `==`)."""
    if len(obj) != len(before):
        return True
    if isinstance(obj, (set, frozenset)):
        return obj != before
    return any(a is not b and not _equal(a, b) for a, b in zip(obj, before))


def _equal(a, b) -> bool:
    if is_traced(a) or is_traced(b):
        return False   # a traced value stored in place of another
    try:
        return bool(a == b)
    except (TypeError, ValueError):   # arrays of several items: not the same object
        return False


def _numpy_state_as_jax(block):
    """The state on entry, its NumPy arrays made JAX arrays (what `x += 1` then changes is
    a new array the construct carries, not the entry object in place, which every branch
    and iteration would see)."""
    entry = block.get()
    if any(type(v) is np.ndarray for v in entry):
        entry = tuple(jnp.asarray(v) if type(v) is np.ndarray else v for v in entry)
        block.set(entry)
    return entry


class _Guard:
    """While a traced construct traces: the NumPy arrays it can see are read-only, and
    its sets, deques and bytearrays are compared with their entry contents after it. A
    change in place there would happen on every path, whatever the traced condition
    decides, and no carry can hold it: a clear error, never a silent one."""

    def __init__(self, others, block):
        self.block, self.arrays, self.copies = block, [], []
        for obj, name in others.values():
            if isinstance(obj, np.ndarray):
                if obj.flags.writeable:
                    self.arrays.append((obj, name))
            else:
                self.copies.append((obj, name, type(obj)(obj)))

    def __enter__(self):
        for a, _ in self.arrays:
            a.flags.writeable = False
        return self

    def __exit__(self, kind, e, tb):
        for a, _ in self.arrays:
            a.flags.writeable = True
        if (kind is ValueError and self.arrays and "read-only" in str(e)):
            raise self._error("a NumPy array", self.arrays[0][1]) from e
        return False

    def check(self):
        for obj, name, before in self.copies:
            if _differs(obj, before):
                raise self._error(f"a {type(obj).__name__}", name)

    def _error(self, what, name):
        named = f" ({st.quoted(name)})" if name else ""
        return errors.StateError(errors.message(
            f"{what}{named} that exists outside this {self.block.construct} is changed in "
            "place inside it: the change would happen whatever the traced condition "
            "decides, and a compiled program cannot carry it",
            at=self.block.at,
            fix="Use a JAX array and assign the result (`x = x.at[i].set(v)`, `x = x + 1`), "
                "or a list or dict, which the construct carries; or change it outside."))
