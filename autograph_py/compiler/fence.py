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
        if isinstance(n, gast.Try) and n.finalbody:
            _refuse_jump_out_of_finally(n, filename)
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


def _refuse_jump_out_of_finally(node, filename: str) -> None:
    """A `break`/`continue` of a loop outside it in a `finally` whose `try` may be leaving
    by a `return`, `break` or `continue`: Python drops the exit under way (PEP 765 warns
    of these); converted code carries exits as flags, and would keep it. (A `return` in
    `finally` sets the value last and exits: converted code does the same.)"""
    jump = _first_jump(node.finalbody, returns=False)
    if jump is None or _first_jump(node.body + node.orelse + [
            s for h in node.handlers for s in h.body]) is None:
        return
    raise errors.ConversionError(
        f"a `{type(jump).__name__.lower()}` in a `finally` block replaces the exit of its "
        "`try` under way, which converted code does not do", filename, jump.lineno,
        jump.col_offset,
        fix="Move it after the `try` statement (set a flag in `finally` and test it there).")


def _first_jump(stmts, in_loop=False, returns=True):
    """The first `return` (if `returns`), or `break`/`continue` of a loop outside `stmts`."""
    for st in stmts:
        if (returns and isinstance(st, gast.Return)) or (
                isinstance(st, (gast.Break, gast.Continue)) and not in_loop):
            return st
        if isinstance(st, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)):
            continue
        loop = isinstance(st, (gast.For, gast.While, gast.AsyncFor))   # (not its `else`)
        inner = [(getattr(st, f, None) or [], in_loop or loop and f == "body")
                 for f in ("body", "orelse", "finalbody")]
        inner += [(h.body, in_loop) for h in getattr(st, "handlers", ()) or ()]
        inner += [(c.body, in_loop) for c in getattr(st, "cases", ()) or ()]
        for body, looped in inner:
            found = _first_jump(body, looped, returns)
            if found is not None:
                return found
    return None
