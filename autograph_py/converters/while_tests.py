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

from autograph_py.analysis import activity
from autograph_py.core import anno, templates, visitors


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


def _assigns(test, closure_writes) -> bool:
    nodes = list(activity._walk_own_scope([gast.Expr(test)]))
    if any(isinstance(n, gast.NamedExpr) for n in nodes):
        return True
    return bool(closure_writes) and any(isinstance(n, gast.Call) for n in nodes)


class _WhileTests(visitors.StatementTransformer):
    def __init__(self, ctx):
        self.ctx = ctx
        self.closure_writes = []

    def visit_FunctionDef(self, node):
        self.closure_writes.append(activity.block_scope(node.body).nonlocal_writes)
        self.generic_visit(node)
        self.closure_writes.pop()
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_While(self, node):
        self.generic_visit(node)
        if not _assigns(node.test, self.closure_writes[-1] if self.closure_writes else ()):
            return node
        if node.orelse:
            out = templates.replace(_loop_until_flagged, ended=self.ctx.namer.new("loop_ended"),
                                    test=node.test, body=node.body, orelse=node.orelse)
        else:
            out = templates.replace(_loop_until, test=node.test, body=node.body)
        loop = next(s for s in out if isinstance(s, gast.While))
        options = anno.get(node, anno.LOOP_OPTIONS)
        if options is not None:
            anno.set(loop, anno.LOOP_OPTIONS, options)
        return templates.located(out, node)


def transform(node, ctx):
    return _WhileTests(ctx).visit(node)
