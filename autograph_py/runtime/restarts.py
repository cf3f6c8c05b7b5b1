"""A traced `if` or loop that restarts with more state when a callee changed an object.

While a construct traces its blocks, `mutations.watch` notes what the callees
change; a change its state does not carry makes it start again with that
attribute or item as state (mutations.Restart, mutations.extended). A
construct inside a loop is traced again with each trace of the loop's body:
it starts with what its last restart found, so each restart happens once.
"""
from __future__ import annotations

import threading

from autograph_py.runtime import mutations, reach


class _Hints(threading.local):
    def __init__(self):
        # (place, construct, names) of a construct -> (change, the names its container
        # was seen under) that a restart of it added, while an outermost one is traced
        self.by_site = {}


_hints = _Hints()


def staged(construct, block, roots=()):
    """Runs `construct(block)`, a traced `if` or loop; runs it again with more state
    while a callee, or a method of a list or dict that the block functions `roots`
    can see, changed an object its state missed.

    A construct traced again (its enclosing loop's body is traced more than once)
    starts with the changes its last restart added, of the containers it still sees:
    each restart is a whole trace of the construct, and of every construct inside it."""
    entry, carried, kinds = block.get(), frozenset(), set()
    seen = reach.visible(roots)
    site = (block.at, block.construct, block.names)
    outermost = not mutations.watching()
    try:
        known = [c for c in (_again(h, seen) for h in _hints.by_site.get(site, ()))
                 if c is not None]
        if known:
            carried |= frozenset((id(c.obj), c.kind, c.key) for c in known)
            kinds |= {c.kind_key() for c in known}
            block = mutations.extended(block, known)
        while True:
            with mutations.watch(carried, kinds, seen) as w:
                try:
                    return construct(block)
                except mutations.Restart:
                    pass
            w.restore()
            block.set(entry)   # after: the state's own entry values win over a change's
            carried |= frozenset(w.uncovered)
            kinds |= {c.kind_key() for c in w.uncovered.values()}
            block = mutations.extended(block, w.uncovered.values())
            _hints.by_site[site] = [*_hints.by_site.get(site, ()), *(
                (c, frozenset(seen.every.get(id(c.obj), ())) - {None})
                for c in w.uncovered.values())]
    finally:
        if outermost:
            _hints.by_site.clear()   # they hold the containers: only while they are traced


def _again(hint, seen):
    """A change a restart found, for a construct traced again, which starts with it: of
    the same container if it still sees it, else of the one it sees under the same name
    (a container the enclosing loop carries is a new one in each trace of its body);
    None if it sees neither."""
    change, names = hint
    obj = change.obj
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
