"""`set_loop_options(...)` as the first statement of a loop becomes loop options.

    while err > tol:                              while err > tol:   # anno.LOOP_OPTIONS:
        ag.set_loop_options(maximum_iterations=50)  ==>  ...        #   {maximum_iterations: 50}
        ...

The call is removed; the control-flow converter passes the options to the
runtime loop.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import anno, visitors


def _is_directive(stmt) -> bool:
    if not (isinstance(stmt, gast.Expr) and isinstance(stmt.value, gast.Call)):
        return False
    f = stmt.value.func
    name = f.attr if isinstance(f, gast.Attribute) else getattr(f, "id", None)
    return name == "set_loop_options"


class _Directives(visitors.StatementTransformer):
    def _loop(self, node):
        self.generic_visit(node)
        if node.body and _is_directive(node.body[0]):
            anno.set(node, anno.LOOP_OPTIONS, node.body[0].value.keywords)
            node.body = node.body[1:] or [gast.Pass()]
        return node

    visit_While = visit_For = _loop


def transform(node, ctx):
    return _Directives().visit(node)
