"""`ast` <-> `gast` translation, as gast's own but several times faster.

gast translates with an `ast.NodeTransformer` whose generic case looks the
target class up by name and builds a dict of every field, for each node; a
converted function is translated twice (parsed in, compiled out), and that
was a sixth of its conversion time. These translators are gast's own
classes, so the node-specific methods of the installed gast and Python
version (`Name` and `arg`, `FunctionDef`, `arguments`, ...) apply
unchanged; only the generic case differs: for each node class it is a
function, generated once, that builds what gast's generic case builds (the
target class of the same name, every field the node has, translated, then
the location attributes it has).
"""
from __future__ import annotations

import ast

import gast
from gast import ast3

_SHIM = ast.NodeVisitor.visit_Constant   # the pre-3.8 visit_Num & co. redirection
_SHIMMED = ("Num", "Str", "Bytes", "NameConstant", "Ellipsis")
_MISSING = object()
_GAST_INIT = gast.Load.__init__.__code__   # the constructor of every gast node class


def _generic(cls, to, table):
    """A function (translator, node) -> the node translated by gast's generic case.

    `table`: node class -> its translating function, to call for a child directly.
    """
    new_cls = getattr(to, cls.__name__, None)
    if new_cls is None:
        return lambda self, node: None   # not a node of the target language: gast drops it
    if not cls._fields and not cls._attributes and (
            getattr(new_cls.__init__, "__code__", None) is _GAST_INIT):
        # A context or operator: gast's constructor called with nothing sets nothing.
        return lambda self, node: new_cls.__new__(new_cls)
    # Into gast: its constructor, given keywords only, updates the node's __dict__
    # with them; so the fields go straight into it. Into ast: the C constructor.
    into_gast = getattr(new_cls.__init__, "__code__", None) is _GAST_INIT
    lines = ["def translate(self, node):"]
    lines += ["    new = new_cls.__new__(new_cls)", "    kw = new.__dict__"] if into_gast else [
        "    kw = {}"]
    for f in cls._fields:
        lines += [f"    v = getattr(node, {f!r}, _MISSING)",
                  "    if v is not _MISSING:",
                  "        m = get(type(v))",
                  f"        kw[{f!r}] = (m(self, v) if m is not None else self._list(v)"
                  " if type(v) is list else self._visit(v) if isinstance(v, (AST, list)) else v)"]
    if not into_gast:
        lines.append("    new = new_cls(**kw)")
    for a in cls._attributes:
        lines += [f"    v = getattr(node, {a!r}, _MISSING)",
                  "    if v is not _MISSING:",
                  f"        {'kw[' + repr(a) + ']' if into_gast else 'new.' + a} = v"]
    lines.append("    return new")
    scope = {"_MISSING": _MISSING, "AST": ast.AST, "new_cls": new_cls, "get": table.get}
    exec(compile("\n".join(lines), f"<translation of {cls.__name__}>", "exec"), scope)
    return scope["translate"]


def _locate(new, old):
    """ast.copy_location(new, old) for two nodes that both have the four location attributes."""
    v = getattr(old, "lineno", None)
    if v is not None:
        new.lineno = v
    v = getattr(old, "col_offset", None)
    if v is not None:
        new.col_offset = v
    v = getattr(old, "end_lineno", _MISSING)   # copied even when None, if it is there
    if v is not _MISSING:
        new.end_lineno = v
    v = getattr(old, "end_col_offset", _MISSING)
    if v is not _MISSING:
        new.end_col_offset = v
    return new


def _translator(base, to, **methods):
    table: dict = {}      # node class -> function (translator, node) -> translated node
    generics: dict = {}   # node class -> its generic case (gast's methods call it too)

    class Fast(base):
        locals().update(methods)

        def visit(self, node):
            try:
                return table[type(node)](self, node)
            except KeyError:
                pass
            return _method(type(self), type(node))(self, node)

        def _list(self, nodes):
            get, visit = table.get, self._visit
            out = []
            for n in nodes:
                m = get(type(n))
                out.append(m(self, n) if m is not None else visit(n))
            return out

        def _visit(self, node):
            if isinstance(node, ast.AST):
                return self.visit(node)
            if isinstance(node, list):
                return self._list(node)
            return node

        def generic_visit(self, node):
            cls = type(node)
            g = generics.get(cls)
            if g is None:
                g = generics[cls] = _generic(cls, to, table)
            return g(self, node)

    def _method(translator, cls):
        m = getattr(translator, "visit_" + cls.__name__, None)
        if m is _SHIM and not any(hasattr(translator, "visit_" + t) for t in _SHIMMED):
            m = None   # the shim would call generic_visit
        if m is None:
            m = generics.get(cls)
            if m is None:
                m = generics[cls] = _generic(cls, to, table)
        table[cls] = m
        return m

    return Fast


def _name_to_gast(self, node):   # as gast's: gast.Name(id, ctx, None, None), located
    new = gast.Name.__new__(gast.Name)
    new.id, new.ctx, new.annotation, new.type_comment = node.id, self.visit(node.ctx), None, None
    return _locate(new, node)


def _name_to_ast(self, node):   # as gast's: ast.Name(id, ctx), located
    return _locate(ast.Name(self._visit(node.id), self._visit(node.ctx)), node)


_ToGast = _translator(ast3.Ast3ToGAst, gast, visit_Name=_name_to_gast)
_ToAst = _translator(ast3.GAstToAst3, ast, visit_Name=_name_to_ast)


def ast_to_gast(node):
    return _ToGast().visit(node)


def gast_to_ast(node):
    return _ToAst().visit(node)
