"""From a live function object to the gast tree of its definition.

Line numbers on the returned tree are those of the user's file, so code
compiled from it reports the user's own lines in tracebacks.
"""
from __future__ import annotations

import ast
import inspect
import linecache
import textwrap
import types

import gast

from autograph_py import errors


def _source_block(fn):
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError) as e:
        raise errors.SourceUnavailableError(fn, str(e)) from None
    return "".join(lines), first


def _shift(tree, first_line: int):
    ast.increment_lineno(tree, first_line - 1)  # works on gast trees too


def parse_function(fn: types.FunctionType):
    """Returns (gast FunctionDef or Lambda, source text of the file block)."""
    src, first = _source_block(fn)
    if fn.__name__ == "<lambda>":
        return _parse_lambda(fn, src, first), src
    try:
        tree = gast.parse(textwrap.dedent(src))
    except SyntaxError:
        raise errors.SourceUnavailableError(fn, "its source could not be parsed on its own") from None
    node = tree.body[0]
    if not isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef)):
        raise errors.SourceUnavailableError(fn, "its source is not a def statement")
    _shift(node, first)
    return node, src


def _parse_lambda(fn, src, first):
    """Finds the Lambda node that `fn` was made from.

    Several lambdas can share a line, so each candidate is compiled and its
    code compared with `fn.__code__`.
    """
    try:
        tree = gast.parse(textwrap.dedent(src))
        offset = first
    except SyntaxError:
        # The lambda sits inside a larger expression: parse the whole file.
        lines = linecache.getlines(fn.__code__.co_filename)
        try:
            tree = gast.parse("".join(lines))
        except SyntaxError:
            raise errors.SourceUnavailableError(fn, "the file around the lambda does not parse") from None
        offset = 1
    _shift(tree, offset)
    line = fn.__code__.co_firstlineno
    candidates = [n for n in gast.walk(tree)
                  if isinstance(n, gast.Lambda) and n.lineno == line]
    if len(candidates) > 1:
        # Lambdas that compile to the same code convert to the same code too.
        candidates = [n for n in candidates if _same_code(n, fn.__code__)][:1]
    if len(candidates) != 1:
        raise errors.SourceUnavailableError(
            fn, f"{len(candidates)} lambdas on line {line} match it; put it on its own line")
    return candidates[0]


def _same_code(lam, code):
    expr = ast.Expression(body=gast.gast_to_ast(lam))
    ast.fix_missing_locations(expr)
    try:
        compiled = compile(expr, code.co_filename, "eval")
    except SyntaxError:
        return False
    (cand,) = [c for c in compiled.co_consts if isinstance(c, types.CodeType)]
    return (cand.co_code == code.co_code and cand.co_varnames == code.co_varnames
            and cand.co_consts == code.co_consts and cand.co_names == code.co_names)
