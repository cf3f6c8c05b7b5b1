"""Every call goes through `ag__.converted_call`, which converts user functions.

    y = helper(x, *rest, k=2)   ==>   y = ag__.converted_call(helper, (x, *rest), {'k': 2})

Calls into `ag__` itself, zero-argument `super()` and a lambda called where
it is written (its body is part of the converted code) are left alone. An
f-string argument of `print` becomes `ag__.fstring(format, values)`, so a
traced value in it prints when the program runs.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


def _call(func, args, kwargs):
    ag__.converted_call(func, args, kwargs)  # noqa: F821


def _fstring(fmt, values):
    ag__.fstring(fmt, values)  # noqa: F821


def format_call(node):
    """`f"x={x:.2f}"` as `ag__.fstring('x={:.2f}', (x,))`, or None if a spec is computed.

    Inside `print`, so that a traced value is printed when the program runs
    (print_ sees the format and the values), not formatted at trace time.
    """
    fmt, values = [], []
    for part in node.values:
        if isinstance(part, gast.Constant):
            fmt.append(str(part.value).replace("{", "{{").replace("}", "}}"))
            continue
        spec = ""
        if part.format_spec is not None:
            pieces = part.format_spec.values
            if not all(isinstance(p, gast.Constant) for p in pieces):
                return None
            spec = ":" + "".join(str(p.value) for p in pieces)
        conversion = "" if part.conversion in (-1, None) else "!" + chr(part.conversion)
        fmt.append("{" + conversion + spec + "}")
        values.append(part.value)
    return templates.replace_expr(_fstring, fmt=gast.Constant("".join(fmt), None),
                                  values=gast.Tuple(values, gast.Load()))


class _Calls(visitors.Transformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, gast.Attribute) and isinstance(f.value, gast.Name) and f.value.id == "ag__":
            return node
        if isinstance(f, gast.Name) and f.id == "super":
            return node
        if isinstance(f, gast.Lambda):
            return node   # `(lambda a: ...)(v)`: its body is converted code already
        if isinstance(f, gast.Name) and f.id == "print":
            node.args = [(format_call(a) or a) if isinstance(a, gast.JoinedStr) else a
                         for a in node.args]
        args = gast.Tuple(node.args, gast.Load())
        if node.keywords:
            keys = [gast.Constant(k.arg, None) if k.arg else None for k in node.keywords]
            kwargs = gast.Dict(keys, [k.value for k in node.keywords])
        else:
            kwargs = gast.Constant(None, None)
        new = templates.replace_expr(_call, func=f, args=args, kwargs=kwargs)
        return templates.located(new, node)


def transform(node, ctx):
    return _Calls().visit(node)
