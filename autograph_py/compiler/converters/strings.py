"""f-strings and `%` on a string literal become runtime calls that defer traced values.

    msg = f"x={x:.2f}"   ==>   msg = ag__.fstring('x={:.2f}', (x,))
    s = "i=%d" % i       ==>   s = ag__.str_mod('i=%d', i)

With Python values both are the same text as before. With a traced value
they give a text that `print`, `assert` and `raise` make again from the
value the program runs with (runtime/text.py); a computed format spec
(`f"{x:{w}.2f}"`) is a field of the format too. `%` whose left operand is
not a string literal or an f-string stays Python's `%`.
"""
from __future__ import annotations

import gast

from autograph_py.compiler.converters.call_trees import format_call
from autograph_py.compiler import templates, visitors


def _str_mod(left, right):
    ag__.str_mod(left, right)  # noqa: F821


def _is_text(node) -> bool:
    return isinstance(node, gast.JoinedStr) or (
        isinstance(node, gast.Constant) and isinstance(node.value, str))


class _Strings(visitors.Transformer):
    def visit_JoinedStr(self, node):
        # Only the values: a format spec is a JoinedStr too, and stays one.
        fields = [p for p in node.values if isinstance(p, gast.FormattedValue)]
        for part in fields:
            part.value = self.visit(part.value)
        new = format_call(node) if fields else None
        return node if new is None else templates.located(new, node)

    def visit_BinOp(self, node):
        text = _is_text(node.left)
        self.generic_visit(node)
        if not (text and isinstance(node.op, gast.Mod)):
            return node
        new = templates.replace_expr(_str_mod, left=node.left, right=node.right)
        return templates.located(new, node)


def transform(node, ctx):
    return _Strings().visit(node)
