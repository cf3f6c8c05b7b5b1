"""`lst.append(v)` as a statement becomes an assignment the analyses can see.

    ys.append(x ** k)    ==>    ys = ag__.list_append(ys, x ** k)

For a Python list this appends in place, exactly as before; the assignment
makes `ys` state of the enclosing loop, so a traced loop can stack what each
iteration appended (see runtime/state.py).
"""
from __future__ import annotations

import gast

from autograph_py.compiler.analysis import activity
from autograph_py.compiler import scopes, templates, visitors

NEEDS = ("activity",)   # function_scope memos from before earlier rewrites are dropped


def _append(target, value):
    target = ag__.list_append(target, value)  # noqa: F821


class _Lists(scopes.FunctionStack, visitors.StatementTransformer):
    def __init__(self):
        self.functions = [frozenset()]   # per function: its locals

    def enter(self, node):
        # Only a local list can be rebound: `seen.append(x)` on a closure or
        # global list must not make `seen` a local of the function. (Python's locals:
        # `seen[i] = x` or `del seen[i]` binds no name, though the analyses count it.)
        return frozenset(activity.bound_names(node))

    def visit_Expr(self, node):
        call = node.value
        if (isinstance(call, gast.Call) and isinstance(call.func, gast.Attribute)
                and call.func.attr == "append" and isinstance(call.func.value, gast.Name)
                and call.func.value.id in self.functions[-1]
                and len(call.args) == 1 and not call.keywords
                and not isinstance(call.args[0], gast.Starred)):
            out = templates.replace(_append, target=call.func.value.id, value=call.args[0])
            return templates.located(out, node)
        return node


def transform(node, ctx):
    return _Lists().visit(node)
