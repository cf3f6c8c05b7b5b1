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
from autograph_py.compiler import staleness, translation


def _source_block(fn):
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError) as e:
        raise errors.SourceUnavailableError(fn, str(e)) from None
    return "".join(lines), first


def _shift(tree, first_line: int):
    ast.increment_lineno(tree, first_line - 1)  # works on gast trees too


_FILES: dict = {}   # file name -> (its lines, {line: [FunctionDef | Lambda nodes]}, imports)


def _parsed_file(code, module_globals):
    """(function and lambda nodes by line, names the module imports); None if it cannot be parsed.

    A file is parsed once for all the functions in it (and again only when
    linecache sees it change), which is cheaper than tokenizing each
    function's block, and leaves real line and column numbers on the nodes.
    """
    filename = code.co_filename
    linecache.checkcache(filename)
    lines = linecache.getlines(filename, module_globals)
    if not lines:
        return None
    cached = _FILES.get(filename)
    if cached is not None and cached[0] is lines:
        return cached[1:]
    try:
        tree = ast.parse("".join(lines), filename)
    except (SyntaxError, ValueError):
        return None
    index = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            starts = {node.lineno}
            starts.update(d.lineno for d in getattr(node, "decorator_list", ()))
            for line in starts:
                index.setdefault(line, []).append(node)
    _FILES[filename] = (lines, index, _module_imports(tree))
    return _FILES[filename][1:]


def _module_imports(tree) -> frozenset:
    """Names that `import` statements bind at the module's top level (see staleness.py)."""
    names, todo = set(), list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).partition(".")[0] for a in node.names)
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            todo.extend(n for n in ast.iter_child_nodes(node) if isinstance(n, ast.stmt)
                        or isinstance(n, ast.excepthandler) or type(n).__name__ == "match_case")
    return frozenset(names)


def parse_function(fn: types.FunctionType):
    """Returns the gast FunctionDef or Lambda that `fn` was made from.

    Raises SourceChangedError if the file no longer holds the text `fn` was
    compiled from.
    """
    code = fn.__code__
    parsed = _parsed_file(code, fn.__globals__)
    index, imports = parsed if parsed is not None else (None, None)
    if index is not None:
        lam = fn.__name__ == "<lambda>"
        found = [n for n in index.get(code.co_firstlineno, ())
                 if (isinstance(n, ast.Lambda) if lam else getattr(n, "name", None) == code.co_name)]
        if not found and fn.__globals__.get("__file__") == code.co_filename:
            staleness.changed(fn)   # the module's own file has no such definition there
        if lam and len(found) > 1:
            # Lambdas that compile to the same code convert to the same code too; the one
            # at fn's own columns (its line table says) is the one the file still holds.
            same = ([n for n in found if _same_code(n, code)]
                    or [n for n in found if _same_code(n, code, False)])
            found = next(([n] for n in same if staleness.matches(fn, n, imports)),
                         _matching_lambdas(found, code))
        if len(found) == 1:
            staleness.check(fn, found[0], imports)
            return translation.ast_to_gast(found[0])
    node = _parse_block(fn)
    staleness.check(fn, translation.gast_to_ast(node), imports)
    return node


def _parse_block(fn):
    """Fallback: parse the function's own source block (inspect.getsource)."""
    src, first = _source_block(fn)
    if fn.__name__ == "<lambda>":
        return _parse_lambda(fn, src, first)
    try:
        tree = gast.parse(textwrap.dedent(src))
    except SyntaxError:
        raise errors.SourceUnavailableError(fn, "its source could not be parsed on its own") from None
    node = tree.body[0]
    if not isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef)):
        raise errors.SourceUnavailableError(fn, "its source is not a def statement")
    _shift(node, first)
    return node


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
        candidates = _matching_lambdas(candidates, fn.__code__)
    if len(candidates) != 1:
        raise errors.SourceUnavailableError(
            fn, f"{len(candidates)} lambdas on line {line} match it; put it on its own line")
    return candidates[0]


def _matching_lambdas(candidates, code):
    """The lambda among `candidates` that compiles to `code` (the first of equal ones).

    Bytecode first; then parameters and constants only, if that tells one apart:
    the bytecode of a call can depend on the columns of the text it was compiled
    from (3.11's method calls), and a variable a nested lambda takes from the
    enclosing function is a global in the line's text compiled alone.
    """
    for exact in (True, False):
        found = [n for n in candidates if _same_code(n, code, exact)]
        if found and (exact or len(found) == 1):
            return found[:1]
    return []


def _same_code(lam, code, exact=True):
    if isinstance(lam, gast.Lambda):
        lam = translation.gast_to_ast(lam)
    expr = ast.Expression(body=lam)
    ast.fix_missing_locations(expr)
    try:
        compiled = compile(expr, code.co_filename, "eval")
    except SyntaxError:
        return False
    (cand,) = [c for c in compiled.co_consts if isinstance(c, types.CodeType)]
    return _code_key(cand, exact) == _code_key(code, exact)


def _const_key(c, exact):
    """A constant by type and value: `1`, `1.0` and `True` are equal, but not the same
    lambda (`lambda x: x + 1`, `lambda x: x + 1.0` on one line); `nan` is itself."""
    if isinstance(c, types.CodeType):
        return _code_key(c, exact)
    if isinstance(c, (tuple, frozenset)):
        return type(c).__name__, tuple(_const_key(x, exact) for x in c)
    return type(c).__name__, repr(c) if isinstance(c, (float, complex)) else c


def _code_key(code, exact):
    """What two compilations of one lambda share: not positions (a nested lambda's
    line table depends on the columns the parsed text had)."""
    consts = tuple(_const_key(c, exact) for c in code.co_consts)
    if not exact:   # a name free in a nested lambda is global once the text is alone
        return code.co_varnames, consts
    return code.co_code, code.co_varnames, code.co_names, consts
