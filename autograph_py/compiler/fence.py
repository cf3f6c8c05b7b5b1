"""Syntax rejected at conversion time, with file:line:col and the reason.

Everything else is converted; see docs in README ("What converts").
"""
from __future__ import annotations

import inspect

import gast

from autograph_py import errors
from autograph_py.compiler import parsing, scopes


def refuse_generator(fn) -> None:
    """A generator handed to `convert` or `function`: a jitted function returns its results
    (a generator a converted function calls is converted: pipeline.GENERATOR)."""
    if fn.__code__.co_flags & inspect.CO_GENERATOR:
        check(parsing.parse_function(fn), fn.__code__.co_filename)


def check(node, filename: str, generator_ok: bool = False) -> bool:
    """Raises on what cannot be converted; returns whether `node` is a generator (one
    walk of its own body finds both)."""
    if isinstance(node, gast.AsyncFunctionDef):
        raise errors.ConversionError(
            f"'{node.name}' is an async function", filename, node.lineno, node.col_offset,
            fix="Convert the synchronous function that does the numerical work instead.")
    yields, walrus = None, False
    for n in scopes.walk_inside(node):
        if yields is None and isinstance(n, (gast.Yield, gast.YieldFrom)):
            yields = n
        walrus = walrus or isinstance(n, gast.NamedExpr)
    if yields is not None and not generator_ok:
        raise errors.ConversionError(
            f"'{getattr(node, 'name', '<lambda>')}' is a generator (it uses yield); "
            "a jitted function must return its results",
            filename, yields.lineno, yields.col_offset,
            fix="Collect the values in a list and return it, or loop over an array.")
    if not walrus:
        return yields is not None   # the rest looks for `:=` only
    for lazy in _lazy_operands(node):
        for n in [lazy, *scopes.walk_inside(lazy)]:
            if isinstance(n, gast.NamedExpr):
                raise errors.ConversionError(
                    f"the assignment expression ':=' to '{n.target.id}' is in an operand that "
                    "Python may skip (after `and`/`or`, in a branch of `x if c else y`, or after "
                    "the first comparison of a chain); converted code evaluates such an operand "
                    "in a function of its own, where the name would not be assigned",
                    filename, n.lineno, n.col_offset,
                    fix=f"Assign '{n.target.id}' in a statement before this expression.")
    return yields is not None


def _lazy_operands(node):
    """Operands that converted code wraps in a `lambda` (see logical_expressions.py)."""
    for n in scopes.walk_inside(node):
        if isinstance(n, gast.BoolOp):
            yield from n.values[1:]
        elif isinstance(n, gast.IfExp):
            yield n.body
            yield n.orelse
        elif isinstance(n, gast.Compare) and len(n.ops) > 1:
            yield from n.comparators
