"""Flax linen's Python counters under traced `if`s and loops: kept exact, or refused.

    @nn.compact
    def __call__(self, x, n):
        while i < n:                               # a traced loop
            x = x + jax.random.normal(self.make_rng("noise"))
            x = nn.Dropout(0.5)(x, deterministic=False)

linen keeps Python counters in its modules: `make_rng(name)` folds the
stream's call count into the key (its SHA-1, a Python computation), and a
submodule made in a `@nn.compact` method takes the next auto-name
(`Dropout_0`, `Dropout_1`: each its own parameters and rngs). A traced block
is traced once, so it would advance them once, when it is traced. No carry
can hold them (the hash and the names need Python ints), so:

- a traced loop whose body changes them is an error (every iteration would
  draw the same key, or reuse one submodule);
- each branch of a traced `if` starts from the counters on entry; if all
  branches leave the same counters (or none changes them) the `if` leaves
  those; otherwise the counters they disagree on are poisoned: the next
  draw or auto-name from one is an error at the user's line (eager Python
  would draw according to the branch that ran).

Modules only called (made in `setup`, or before the block) change nothing.
Flax is never imported here; without it loaded, nothing happens.
"""
from __future__ import annotations

import sys

from autograph_py import errors


class Counters:
    """The counters of the linen modules running when a traced construct starts (the
    innermost method's module and those that called it), and each block's outcome."""

    def __init__(self, stack):
        self.stack = stack
        self.entry = _raw(stack)
        self.seen = _flat(stack)
        self.outcomes: list = []
        self.branches = False   # set by the construct: a traced `if` (else a loop)

    def after_block(self) -> None:
        """After one block's trace: a loop's change is an error; a branch's is kept aside
        and the entry counters put back for the next branch."""
        now = _flat(self.stack)
        if now != self.seen and not self.branches:
            raise _loop_error(self.seen, now)
        self.outcomes.append((now, _raw(self.stack)))
        _put(self.entry)

    def settle(self) -> None:
        """After a traced `if`: the counters every branch agrees on, the others poisoned;
        the names any branch reserved stay reserved."""
        outcomes, self.outcomes = self.outcomes, []
        if not outcomes or all(flat == outcomes[0][0] for flat, _ in outcomes):
            _put(outcomes[0][1] if outcomes else self.entry)
            return
        _put(self.entry)
        counters = {id(d) for d in _dicts(self.stack)}
        for i, (d, _) in self.entry.items():
            found = [raw[i][1] if i in raw else {} for _, raw in outcomes]
            for k in set().union(*found):
                if i not in counters:
                    d[k] = next(f[k] for f in found if k in f)
                elif any(not _same(f.get(k), found[0].get(k)) for f in found):
                    d[k] = Poison(k)


def entry():
    """Counters of the linen modules running now, or None outside linen."""
    stack = _module_stack()
    return Counters(stack) if stack else None


class Poison:
    """A counter a traced `if`'s branches left different: using it is the error."""

    def __init__(self, key):
        self.key = key[-1] if isinstance(key, tuple) else key

    def _refuse(self, *_):
        raise errors.StateError(errors.message(
            f"linen's counter for {self.key!r} (of make_rng, or of the auto-names of "
            "submodules) was advanced in one branch of a traced `if` and not the same way in "
            "the other: which key or submodule comes next depends on the data",
            at=errors.where(2, also=("flax",)),
            fix="Draw the key or make the submodule before the `if` (or the same way in "
                "both branches), or use linen's nn.cond, which manages rngs."))

    __add__ = __radd__ = __iadd__ = __getitem__ = __setitem__ = __format__ = _refuse
    __int__ = __index__ = __str__ = _refuse

    def __repr__(self):
        return f"<linen counter {self.key!r} left different by a traced if>"


def _loop_error(before, after):
    streams = sorted(k for k in after[0].keys() | before[0].keys()
                     if before[0].get(k) != after[0].get(k))
    if streams:
        path = "/".join(map(str, streams[0][:-1]))
        what = (f"make_rng({streams[0][-1]!r}) (self.make_rng, or a layer such as nn.Dropout"
                f"{' in ' + path if path else ''}) runs in a traced loop here: linen derives "
                f"each key from a Python counter, which the loop's body advances once, when "
                f"it is traced, so every iteration would get the same key")
        fix = ("Draw a key before the loop and split it in the body (`key, sub = "
               "jax.random.split(key)`, with `key` loop state), or use linen's own "
               "nn.scan / nn.while_loop, which manage rngs.")
    else:
        made = sorted(k for k in after[1] if before[1].get(k) != after[1][k])
        what = (f"a submodule `{made[0][1]}_...` is made in a traced loop here: linen names "
                f"it from a Python counter, so eager Python makes a new one (with its own "
                f"parameters) in each iteration, while the traced body makes one, once")
        fix = ("Make the submodule once, before the loop or in setup(), and call it in the "
               "body; or use linen's nn.scan / nn.while_loop.")
    return errors.StateError(errors.message(what, at=errors.where(3), fix=fix))


def _module_stack() -> list:
    module = sys.modules.get("flax.linen.module")
    context = getattr(module, "_context", None)
    stack = getattr(context, "module_stack", None) or ()
    return [m for m in stack if m is not None and getattr(m, "scope", None) is not None]


def _dicts(stack) -> list:
    """The counter dicts: the rng counters of the outermost module's scope and of its
    child scopes (nested), and the auto-name cursor of each running module."""
    out, level = [], [stack[0].scope.rng_counters]
    while level:
        out.extend(level)
        level = [v for d in level for v in d.values() if isinstance(v, dict)]
    return out + [m._state.autoname_cursor for m in stack]


def _raw(stack) -> dict:
    """{id: (dict, its contents)} of the counter dicts now, and of what auto-naming writes
    along with them: the running modules' scopes' reserved names (a set each) and their
    children."""
    out = {id(d): (d, dict(d)) for d in _dicts(stack)}
    for m in stack:
        taken, children = m.scope.reservations, m._state.children
        out[id(taken)] = taken, {k: set(v) for k, v in taken.items()}
        out[id(children)] = children, dict(children)
    return out


def _put(raw) -> None:
    for d, contents in raw.values():
        d.clear()
        d.update(contents)


def _same(a, b) -> bool:
    """Counters that act alike: equal counts, a missing one as 0, a child scope's
    counters by their counts."""
    if isinstance(a, dict) or isinstance(b, dict):
        ca, cb = {}, {}
        _flatten(a if isinstance(a, dict) else {}, (), ca)
        _flatten(b if isinstance(b, dict) else {}, (), cb)
        return ca == cb
    return (a or 0) is (b or 0) if isinstance(a, Poison) or isinstance(b, Poison) else (
        (a or 0) == (b or 0))


def _flat(stack) -> tuple:
    """({rng stream path: count}, {(module depth, prefix): next auto-name number}),
    leaving out zero counts: a child scope made but not drawn from is one not made yet."""
    rngs: dict = {}
    _flatten(stack[0].scope.rng_counters, (), rngs)
    names = {(depth, prefix): n for depth, m in enumerate(stack)
             for prefix, n in m._state.autoname_cursor.items()}
    return rngs, names


def _flatten(counters, path, out) -> None:
    for k, v in counters.items():
        if isinstance(v, dict):
            _flatten(v, (*path, k[-1] if isinstance(k, tuple) else k), out)
        elif not (type(v) is int and v == 0):   # (a count, or a Poison)
            out[(*path, k)] = v


def collections_held(depth=6) -> list:
    """Before a library call inside a traced block, within a linen module's method: the
    dicts of its mutable collections (`batch_stats` a BatchNorm updates, `intermediates`),
    as reach.snapshot gives a user's dicts: [(dict, "item", its items)], so that a layer
    that updates them under a traced `if` or loop makes them state, as the user's own
    `self.variable(...).value = v` is."""
    stack = _module_stack()
    if not stack:
        return []
    root = stack[0].scope.root
    level = [d for col, d in root._variables.items()
             if isinstance(d, dict) and root.is_mutable_collection(col)]
    out = []
    for _ in range(depth):
        out.extend((d, "item", dict(d)) for d in level)
        level = [v for d in level for v in d.values() if isinstance(v, dict)]
    return out
