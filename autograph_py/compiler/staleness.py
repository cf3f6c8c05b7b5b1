"""Whether the source read for a function is the source it was compiled from.

The source comes from the file as it is now (linecache rereads a file that
changed on disk), the code object from the file as it was at import. If the
file was edited since, converting the text would silently run a different
function. So the definition that was found is compiled once more, as it
would be where it stands (free variables as cells, private names mangled
by the enclosing class), and compared with the function's own code:
bytecode, names, constants and line table, nested functions included.

Modules loaded by another loader than Python's own (pytest's assertion
rewriting, other AST-rewriting import hooks) do not compile from their
text as it reads, so for them only the layout is compared: the first line,
the argument names and the lines the code spans.
"""
from __future__ import annotations

import __future__
import ast
import importlib.machinery
import types

from autograph_py import errors

_FUTURE_FLAGS = 0
for _name in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _name).compiler_flag


_FACTORY = "ag_check_"


def check(fn, node, imports) -> None:
    """Raises SourceChangedError unless the `ast` FunctionDef or Lambda `node` made `fn`.

    `imports`: the names the module's top level imports (None if unknown).
    Python 3.11 compiles `mod.f()` differently when `mod` is imported, so the
    definition is compiled after the same imports.
    """
    if not matches(fn, node, imports):
        changed(fn)


def matches(fn, node, imports) -> bool:
    """Whether the `ast` FunctionDef or Lambda `node` made `fn` (see `check`)."""
    code = fn.__code__
    if imports is not None and _compiles_as_is(fn):
        same = _recompiled(node, fn, imports)
        return same is not None and _same_code(same, code)
    return _same_layout(node, code)


def changed(fn):
    """Raises the error for a function whose file no longer holds its definition."""
    code = fn.__code__
    raise errors.SourceChangedError(
        fn, f"its source file changed since it was defined: the definition at "
            f"{code.co_filename}:{code.co_firstlineno} no longer compiles to the function "
            "being called")


def _compiles_as_is(fn) -> bool:
    """Whether the function's module was compiled from its file's text, untransformed."""
    g = fn.__globals__
    return (type(g.get("__loader__")) is importlib.machinery.SourceFileLoader
            and g.get("__file__") == fn.__code__.co_filename)


def _recompiled(node, fn, imports):
    code = fn.__code__
    loc = dict(lineno=node.lineno, col_offset=0, end_lineno=node.lineno, end_col_offset=0)
    imported = [ast.Import(names=[ast.alias(name=n, asname=None, **loc) for n in sorted(imports)],
                           **loc)] if imports else []
    args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=v, **loc) for v in code.co_freevars],
                         vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
    extra = {"type_params": []} if "type_params" in ast.FunctionDef._fields else {}
    if isinstance(node, ast.Lambda):
        body = [ast.Return(value=node, **loc)]
    elif node.name in code.co_freevars:
        body = [node]
    else:   # the def must not bind its name here: a recursive call reads a global
        body = [ast.Global(names=[node.name], **loc), node]
    stmt = ast.FunctionDef(name=_FACTORY, args=args, body=body, decorator_list=[],
                           returns=None, type_comment=None, **extra, **loc)
    owner = enclosing_class(fn.__qualname__)
    if owner is not None:   # private names (self.__x) are mangled with the class's name
        stmt = ast.ClassDef(name=owner, bases=[], keywords=[], body=[stmt], decorator_list=[],
                            **extra, **loc)
    try:
        module = compile(ast.Module(body=imported + [stmt], type_ignores=[]), code.co_filename, "exec",
                         flags=code.co_flags & _FUTURE_FLAGS, dont_inherit=True)
    except (SyntaxError, ValueError, TypeError):
        return None
    (factory,) = [c for c in _codes(module) if c.co_name == _FACTORY]
    found = [c for c in factory.co_consts   # not a lambda in a decorator
             if isinstance(c, types.CodeType) and c.co_name == code.co_name]
    return found[0] if len(found) == 1 else None


def _codes(code):
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield c
            yield from _codes(c)


def enclosing_class(qualname: str):
    """The class whose body the function is written in (mangling uses its name), or None."""
    parts = qualname.split(".")[:-1]
    for i in range(len(parts) - 1, -1, -1):
        if parts[i] == "<locals>" or (i + 1 < len(parts) and parts[i + 1] == "<locals>"):
            continue  # a function: the class, if any, is further out
        return parts[i]
    return None


def _same_code(a, b) -> bool:
    if not (a.co_code == b.co_code and a.co_names == b.co_names
            and a.co_varnames == b.co_varnames and a.co_freevars == b.co_freevars
            and a.co_firstlineno == b.co_firstlineno and a.co_linetable == b.co_linetable
            and len(a.co_consts) == len(b.co_consts)):
        return False
    for x, y in zip(a.co_consts, b.co_consts):
        if isinstance(x, types.CodeType):
            if not (isinstance(y, types.CodeType) and _same_code(x, y)):
                return False
        elif type(x) is not type(y) or not (x == y or repr(x) == repr(y)):
            return False
    return True


def _same_layout(node, code) -> bool:
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", ())])
    lines = [line for c in [code, *_codes(code)] for _, _, line in c.co_lines()
             if line is not None]
    nargs = code.co_argcount + code.co_kwonlyargcount
    args = node.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    return (first == code.co_firstlineno and names == list(code.co_varnames[:nargs])
            and all(first <= line <= node.end_lineno for line in lines))
