"""`break` becomes a flag that is part of the loop's test.

    while n > 0:                   break_ = False
        n -= 1                     while not break_ and n > 0:
        if f(n):          ==>          n -= 1
            break                      if f(n):
                                           break_ = True

A `while` whose body starts with `if c: break` folds `not c` into its
test instead. A `for` gets `not break_` as its extra test (anno.EXTRA_TEST), checked
before each iteration. A loop `else:` runs when the flag is still false, so
`for`/`else` and `while`/`else` work with traced tests too.
"""
from __future__ import annotations

import gast

from autograph_py.compiler.converters import early_exit
from autograph_py.compiler import anno, templates, visitors


def _init_flag(flag):
    flag = False


def _if_not_flag(flag, body):
    if not flag:
        body


class _Breaks(visitors.StatementTransformer):
    def __init__(self, ctx):
        self.ctx = ctx

    def _loop(self, node):
        self.generic_visit(node)
        if isinstance(node, gast.While) and not node.orelse:
            _hoist_leading_breaks(node)
        has_break = any(early_exit.contains(s, gast.Break, cross_loops=False) for s in node.body)
        orelse, node.orelse = node.orelse, []
        if not has_break:
            return [node] + orelse
        flag = self.ctx.namer.new("break_")
        node.body = early_exit.rewrite_block(
            node.body, gast.Break, flag, False, lambda _: early_exit.set_flag(flag)) or [gast.Pass()]
        if isinstance(node, gast.While):
            node.test = early_exit.and_test(early_exit.not_flag(flag), node.test)
        else:
            extra = anno.get(node, anno.EXTRA_TEST)
            test = early_exit.not_flag(flag)
            anno.set(node, anno.EXTRA_TEST, test if extra is None else early_exit.and_test(extra, test))
        out = templates.replace(_init_flag, flag=flag) + [node]
        if orelse:
            out += templates.replace(_if_not_flag, flag=flag, body=orelse)
        return templates.located(out, node)

    visit_While = visit_For = _loop

    def visit_AsyncFunctionDef(self, node):
        return node


def _hoist_leading_breaks(loop):
    """`while t: if c: break` ... becomes `while t and not c:` ...

    The test and `c` are evaluated in the same order as before, so this is
    exact; it saves the flag, and under a traced test it is the loop an
    expert writes by hand.
    """
    while (loop.body and isinstance(loop.body[0], gast.If) and not loop.body[0].orelse
           and len(loop.body[0].body) == 1 and isinstance(loop.body[0].body[0], gast.Break)):
        stop = loop.body.pop(0).test
        loop.test = early_exit.and_test(loop.test, gast.UnaryOp(gast.Not(), stop))
    if not loop.body:
        loop.body = [gast.Pass()]


def transform(node, ctx):
    return _Breaks(ctx).visit(node)
