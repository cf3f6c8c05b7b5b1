"""`continue` becomes a flag that guards the rest of the iteration.

    for x in xs:                    for x in xs:
        if x < 0:                       continue_ = False
            continue         ==>        if x < 0:
        s += x                              continue_ = True
                                        if not continue_:
                                            s += x

The flag is reset at the top of every iteration, so it is never loop state.
"""
from __future__ import annotations

import gast

from autograph_py.compiler.converters import early_exit
from autograph_py.compiler import templates, visitors


def _reset(flag):
    flag = False


class _Continues(visitors.StatementTransformer):
    def __init__(self, ctx):
        self.ctx = ctx

    def _loop(self, node):
        self.generic_visit(node)
        if not any(early_exit.contains(s, gast.Continue, cross_loops=False) for s in node.body):
            return node
        flag = self.ctx.namer.new("continue_")
        body = early_exit.rewrite_block(node.body, gast.Continue, flag, False,
                                        lambda _: early_exit.set_flag(flag))
        node.body = templates.located(templates.replace(_reset, flag=flag), node) + body
        return node

    visit_While = visit_For = _loop


def transform(node, ctx):
    return _Continues(ctx).visit(node)
