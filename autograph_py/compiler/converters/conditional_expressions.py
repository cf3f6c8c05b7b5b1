"""`a if c else b` becomes `ag__.if_exp(c, lambda: a, lambda: b)`; both stay lazy."""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


def _if_exp(test, body, orelse):
    ag__.if_exp(test, lambda: body, lambda: orelse)  # noqa: F821


class _IfExps(visitors.Transformer):
    def visit_IfExp(self, node):
        self.generic_visit(node)
        new = templates.replace_expr(_if_exp, test=node.test, body=node.body, orelse=node.orelse)
        return templates.located(new, node)


def transform(node, ctx):
    return _IfExps().visit(node)
