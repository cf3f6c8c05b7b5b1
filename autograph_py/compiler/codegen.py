"""The converted tree -> a code object with the original's file, lines and names."""
from __future__ import annotations

import ast
import types

import gast

from autograph_py.compiler import staleness, translation, visitors


def fill_locations(tree):
    """Gives every node without a location its nearest located ancestor's line and column."""
    todo, parents = [tree], [tree]
    pop, push, pop_parent, push_parent = todo.pop, todo.append, parents.pop, parents.append
    located, fields_of, AST = visitors.has_location, visitors.child_fields, ast.AST
    while todo:
        node, parent = pop(), pop_parent()
        cls = type(node)
        if located(cls):
            if getattr(node, "lineno", None) is None:
                node.lineno = node.end_lineno = parent.lineno
                node.col_offset = node.end_col_offset = parent.col_offset
            parent = node
        for f in fields_of(cls):
            v = getattr(node, f, None)
            if type(v) is list:
                for c in v:
                    if isinstance(c, AST):
                        push(c)
                        push_parent(parent)
            elif isinstance(v, AST):
                push(v)
                push_parent(parent)


def compile_function(node, fn, code):
    """Compiles the converted function inside a factory whose locals are its free variables.

        def __ag_factory(ag__, <closure names...>):
            def __ag_converted(...): <converted body>
            return __ag_converted

    (inside `class <its class>:` for a method, so that private names are mangled).

    Only the inner code object is used: pipeline._instantiate gives it the
    original's closure cells and globals. Under its own name the def would
    bind that name in the factory, and a recursive call would read the
    factory's cell instead of the global.
    """
    freevars = ["ag__"] + [v for v in code.co_freevars if v != "ag__"]
    loc = dict(lineno=node.lineno, col_offset=0, end_lineno=node.lineno, end_col_offset=0)
    inner = translation.gast_to_ast(node)
    if isinstance(node, gast.Lambda):
        body = [ast.Return(value=inner, **loc)]
    else:
        inner.name = "__ag_converted"
        body = [inner, ast.Return(value=ast.Name(id=inner.name, ctx=ast.Load(), **loc), **loc)]
    args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=v, **loc) for v in freevars],
                         vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
    extra = {"type_params": []} if "type_params" in ast.FunctionDef._fields else {}
    stmt = ast.FunctionDef(name="__ag_factory", args=args, body=body, decorator_list=[],
                           returns=None, type_comment=None, **extra, **loc)
    owner = staleness.enclosing_class(fn.__qualname__)
    if owner is not None:   # a method's private names (self.__n) are mangled with its class's
        stmt = ast.ClassDef(name=owner, bases=[], keywords=[], body=[stmt], decorator_list=[],
                            **extra, **loc)
    module = ast.Module(body=[stmt], type_ignores=[])
    compiled = compile(module, code.co_filename, "exec", dont_inherit=True)
    (factory_code,) = [c for c in compiled.co_consts if isinstance(c, types.CodeType)]
    if owner is not None:
        (factory_code,) = [c for c in factory_code.co_consts if isinstance(c, types.CodeType)]
    (new_code,) = [c for c in factory_code.co_consts if isinstance(c, types.CodeType)]
    prefix = f"{owner}.__ag_factory" if owner is not None else "__ag_factory"
    new_code = _requalify(new_code, prefix + ".<locals>.__ag_converted",
                          fn.__qualname__).replace(**code_names(code))
    return new_code


def _requalify(code, old: str, new: str):
    """Nested functions and lambdas of the converted code get the original's qualified names.

    Python 3.11+ keeps a function's qualified name on its code object, 3.10
    in a string constant next to it; both are rewritten.
    """
    def fix(c):
        if isinstance(c, types.CodeType):
            return _requalify(c, old, new)
        if isinstance(c, str) and c.startswith(old + "."):
            return new + c[len(old):]
        return c

    changes = {"co_consts": tuple(fix(c) for c in code.co_consts)}
    qualname = getattr(code, "co_qualname", None)
    if qualname is not None and qualname.startswith(old + "."):
        changes["co_qualname"] = new + qualname[len(old):]
    return code.replace(**changes)


def code_names(code):
    names = {"co_name": code.co_name}
    if hasattr(code, "co_qualname"):  # Python 3.11+
        names["co_qualname"] = code.co_qualname
    return names

