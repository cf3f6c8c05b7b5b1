"""Room on the stack: a recursion limit of at least LIMIT while a block runs.

For conversion (compiler/recursion.py: the tree walkers recurse once or more per level
of nesting) and for recursion a traced condition unrolls (runtime/calls.py: each level
is a few dozen frames of tracing, so its bounded depth needs more than the default
limit of 1,000 frames where the caller's own stack is already deep).

The limit is process-wide, so it is raised while any thread needs it and put back when
the last one is done (unless someone else changed it since).
"""
from __future__ import annotations

import contextlib
import sys
import threading

LIMIT = 60_000   # frames: a few per level for the deepest tree the parser accepts

_lock = threading.Lock()
_users = 0
_saved = None


@contextlib.contextmanager
def room():
    """Runs the block with a recursion limit of at least LIMIT."""
    global _users, _saved
    with _lock:
        if _users == 0:
            old = sys.getrecursionlimit()
            _saved = old if old < LIMIT else None
            if _saved is not None:
                sys.setrecursionlimit(LIMIT)
        _users += 1
    try:
        yield
    finally:
        with _lock:
            _users -= 1
            if _users == 0 and _saved is not None:
                if sys.getrecursionlimit() == LIMIT:
                    sys.setrecursionlimit(_saved)
                _saved = None
