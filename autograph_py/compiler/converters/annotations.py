"""Annotated assignments in a function body become what they do at run time.

    y: int = x            ==>    y = x
    self.a: int = 1       ==>    self.a = 1
    z: float              ==>    (nothing)
    d[k]: int             ==>    d
                                 k

Python does not evaluate the annotation of a local, and a bare annotation
of a complex target evaluates only the target's parts; so this is exact.
It has to happen: converted blocks assign their state through `nonlocal`,
and an annotated name cannot be nonlocal (a SyntaxError at compile time).
Class bodies keep their annotations (dataclasses read them); the methods in
them are rewritten like any function.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


class _Annotations(visitors.StatementTransformer):
    def visit_ClassDef(self, node):
        for stmt in node.body:
            if isinstance(stmt, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)):
                self.visit(stmt)
        return node

    def visit_AnnAssign(self, node):
        target = node.target
        if node.value is not None:
            out = gast.Assign(targets=[target], value=node.value, type_comment=None)
            return templates.located([out], node)
        parts = []
        if isinstance(target, gast.Attribute):
            parts = [target.value]
        elif isinstance(target, gast.Subscript):
            parts = [target.value, target.slice]
        for p in parts:
            _load(p)
        out = [gast.Expr(value=p) for p in parts] or [gast.Pass()]
        return templates.located(out, node)


def _load(node):
    """Parts of a target are read, not assigned."""
    for n in visitors.walk(node):
        if hasattr(n, "ctx") and not isinstance(n.ctx, gast.Load):
            n.ctx = gast.Load()


def transform(node, ctx):
    return _Annotations().visit(node)
