"""Room on the stack for walking deep expressions.

gast, `ast.unparse`, the converters and `compile` of a tree all recurse once
or more per level of nesting, and `x + x + ... + x` with 2,000 terms is
2,000 levels deep: Python compiles it from source, but the default limit of
1,000 frames stops any walker of its tree. Conversion runs with a higher
limit. It stays bounded by what the tree walkers can meet: Python's parser
rejects source nested much deeper than that.

The limit is process-wide, so it is raised while any thread converts and
put back when the last one is done (unless someone else changed it since).
"""
from __future__ import annotations

import contextlib
import sys
import threading

from autograph_py import errors

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


def too_deep(code, e: RecursionError) -> errors.ConversionError:
    """The error for a function still too deeply nested to convert."""
    return errors.ConversionError(
        "an expression or block in this function is nested too deeply to convert "
        f"({e})", code.co_filename, code.co_firstlineno,
        fix="Split the expression into several statements (s = a + b; s = s + c; ...).")
