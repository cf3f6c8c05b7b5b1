"""`assert` becomes a call that also checks traced tests at run time.

    assert x > 0, "x must be positive"
        ==>  ag__.assert_stmt(x > 0, lambda: "x must be positive")

The message stays lazy, as in Python.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


def _assert(test, msg):
    ag__.assert_stmt(test, lambda: msg)  # noqa: F821


class _Asserts(visitors.StatementTransformer):
    def visit_Assert(self, node):
        msg = node.msg if node.msg is not None else gast.Constant(None, None)
        return templates.located(templates.replace(_assert, test=node.test, msg=msg), node)


def transform(node, ctx):
    return _Asserts().visit(node)
