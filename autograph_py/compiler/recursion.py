"""Room on the stack for walking deep expressions.

gast, `ast.unparse`, the converters and `compile` of a tree all recurse once
or more per level of nesting, and `x + x + ... + x` with 2,000 terms is
2,000 levels deep: Python compiles it from source, but the default limit of
1,000 frames stops any walker of its tree. Conversion runs with a higher
limit (autograph_py/stack.py). It stays bounded by what the tree walkers can
meet: Python's parser rejects source nested much deeper than that.
"""
from __future__ import annotations

from autograph_py import errors
from autograph_py.stack import room  # noqa: F401 (the converters' name for it)

def too_deep(code, e: RecursionError) -> errors.ConversionError:
    """The error for a function still too deeply nested to convert."""
    return errors.ConversionError(
        "an expression or block in this function is nested too deeply to convert "
        f"({e})", code.co_filename, code.co_firstlineno,
        fix="Split the expression into several statements (s = a + b; s = s + c; ...).")
