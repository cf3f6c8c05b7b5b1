"""Syntax rejected at conversion time, with file:line:col and the reason.

Everything else is converted; see docs in README ("What converts").
"""
from __future__ import annotations

import gast

from autograph_py import errors

_SCOPES = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef)


def _own(node):
    todo = list(gast.iter_child_nodes(node))
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, _SCOPES):
            todo.extend(gast.iter_child_nodes(n))


def check(node, filename: str) -> None:
    if isinstance(node, gast.AsyncFunctionDef):
        raise errors.ConversionError(
            f"'{node.name}' is an async function", filename, node.lineno, node.col_offset,
            fix="Convert the synchronous function that does the numerical work instead.")
    for n in _own(node):
        if isinstance(n, (gast.Yield, gast.YieldFrom)):
            raise errors.ConversionError(
                f"'{getattr(node, 'name', '<lambda>')}' is a generator (it uses yield); "
                "a jitted function must return its results",
                filename, n.lineno, n.col_offset,
                fix="Collect the values in a list and return it, or loop over an array.")
