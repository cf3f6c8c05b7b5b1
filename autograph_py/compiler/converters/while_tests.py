"""A `while` test that assigns a variable moves into the loop body.

    while (n := n - 1) > 0:           while True:
        s += n                ==>         if (n := n - 1) > 0:
                                              s += n
                                          else:
                                              break

A traced loop evaluates its test in `lax.while_loop`'s condition function,
which can change nothing: an assignment there (`:=`, or a call to a nested
function that assigns a `nonlocal`) would be lost or leak a tracer. In the
body it is ordinary loop state. A `while`/`else` keeps its meaning through a
flag set where the test fails:

    while t:                          ended = False
        body                          while True:
    else:              ==>                if t: body
        done()                            else: ended = True; break
                                      if ended: done()
"""
from __future__ import annotations

import gast

from autograph_py import errors
from autograph_py.compiler.analysis import activity
from autograph_py.compiler import anno, scopes, templates, visitors

NEEDS = ("activity",)   # function_scope memos from before earlier rewrites are dropped


def _loop_until(test, body):
    while True:
        if test:
            body
        else:
            break


def _loop_until_flagged(ended, test, body, orelse):
    ended = False
    while True:
        if test:
            body
        else:
            ended = True
            break
    if ended:
        orelse


def _walrus(test) -> bool:
    return any(isinstance(n, gast.NamedExpr) for n in scopes.walk_own_scope([gast.Expr(test)]))


def _assigns(test, closure_writes) -> bool:
    """The test has `:=`, or a call that may run a closure writing a `nonlocal`."""
    kinds = (gast.NamedExpr, gast.Call) if closure_writes else (gast.NamedExpr,)
    return any(isinstance(n, kinds) for n in scopes.walk_own_scope([gast.Expr(test)]))


class _WhileTests(scopes.FunctionStack, visitors.StatementTransformer):
    def __init__(self, ctx):
        self.ctx = ctx
        self.functions = []   # FunctionScope of each function being converted, innermost last

    def enter(self, node):
        return activity.function_scope(node)

    def visit_While(self, node):
        self.generic_visit(node)
        if not _assigns(node.test, self.functions[-1].closure_writes if self.functions else ()):
            return node
        options = anno.get(node, anno.LOOP_OPTIONS)
        if any(k.arg == "maximum_iterations" for k in options or ()):
            # The moved test runs once more than the body; a cut-off at N
            # iterations could not stop the body without also skipping it.
            # A call that only may assign (through a closure) keeps its place.
            if not _walrus(node.test):
                return node
            raise errors.ConversionError(
                "this `while` test assigns a variable, and `set_loop_options("
                "maximum_iterations=...)` cannot bound such a loop exactly",
                self.ctx.filename, node.lineno, node.col_offset,
                fix="Assign in the loop body instead of the test, or drop the option.")
        if node.orelse:
            out = templates.replace(_loop_until_flagged, ended=self.ctx.namer.new("loop_ended"),
                                    test=node.test, body=node.body, orelse=node.orelse)
        else:
            out = templates.replace(_loop_until, test=node.test, body=node.body)
        loop = next(s for s in out if isinstance(s, gast.While))
        anno.set(loop.body[0], anno.LOOP_GUARD, True)
        if options is not None:
            anno.set(loop, anno.LOOP_OPTIONS, options)
        return templates.located(out, node)


def transform(node, ctx):
    return _WhileTests(ctx).visit(node)
