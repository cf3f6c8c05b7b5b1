"""`lst.append(v)` as a statement becomes an assignment the analyses can see.

    ys.append(x ** k)    ==>    ys = ag__.list_append(ys, x ** k)

For a Python list this appends in place, exactly as before; the assignment
makes `ys` state of the enclosing loop, so a traced loop can stack what each
iteration appended (see runtime/state.py).
"""
from __future__ import annotations

import gast

from autograph_py.core import templates


def _append(target, value):
    target = ag__.list_append(target, value)  # noqa: F821


class _Lists(gast.NodeTransformer):
    def visit_Expr(self, node):
        call = node.value
        if (isinstance(call, gast.Call) and isinstance(call.func, gast.Attribute)
                and call.func.attr == "append" and isinstance(call.func.value, gast.Name)
                and len(call.args) == 1 and not call.keywords
                and not isinstance(call.args[0], gast.Starred)):
            out = templates.replace(_append, target=call.func.value.id, value=call.args[0])
            return templates.located(out, node)
        return node


def transform(node, ctx):
    return _Lists().visit(node)
