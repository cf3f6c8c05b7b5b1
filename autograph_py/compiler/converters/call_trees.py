"""Every call goes through `ag__.converted_call`, which converts user functions.

    y = helper(x, *rest, k=2)   ==>   y = ag__.converted_call(helper, (x, *rest), {'k': 2})

Calls into `ag__` itself, `super()` and a lambda called where it is written
(its body is part of the converted code) are left alone; a zero-argument
`super()` names what Python's finds implicitly, `super(__class__, self)` with
the def's first parameter, since a traced `if` or loop moves it into a nested
function of its own, which has neither. An
f-string argument of `print` becomes `ag__.fstring(format, values)`, so a
traced value in it prints when the program runs.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import scopes, templates, visitors


def _call(func, args, kwargs):
    ag__.converted_call(func, args, kwargs)  # noqa: F821


def _fstring(fmt, values):
    ag__.fstring(fmt, values)  # noqa: F821


def _conversion(part) -> str:
    return "" if part.conversion in (-1, None) else "!" + chr(part.conversion)


def format_call(node):
    """`f"x={x:.2f}"` as `ag__.fstring('x={:.2f}', (x,))` (`f"{x:{w}}"` as `'{:{}}'` of
    `(x, w)`), or None where a spec's own field has a spec.

    Inside `print`, so that a traced value is printed when the program runs
    (print_ sees the format and the values), not formatted at trace time.
    """
    fmt, values = [], []
    for part in node.values:
        if isinstance(part, gast.Constant):
            fmt.append(str(part.value).replace("{", "{{").replace("}", "}}"))
            continue
        spec, nested = "", []
        if part.format_spec is not None:   # `{x:{w}.2f}`: a field in the spec takes the
            for p in part.format_spec.values:   # next value, as str.format numbers them
                if isinstance(p, gast.Constant):
                    spec += str(p.value)
                elif p.format_spec is None:
                    spec += "{" + _conversion(p) + "}"
                    nested.append(p.value)
                else:
                    return None
            spec = ":" + spec
        fmt.append("{" + _conversion(part) + spec + "}")
        values += [part.value, *nested]
    return templates.replace_expr(_fstring, fmt=gast.Constant("".join(fmt), None),
                                  values=gast.Tuple(values, gast.Load()))


class _Calls(scopes.FunctionStack, visitors.Transformer):
    def __init__(self):
        super().__init__()
        self.functions = [None]   # per def around the node: its first parameter's name

    def enter(self, node):
        params = node.args.posonlyargs + node.args.args
        return params[0].id if params else None

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, gast.Attribute) and isinstance(f.value, gast.Name) and f.value.id == "ag__":
            return node
        if isinstance(f, gast.Name) and f.id == "super":
            if not node.args and not node.keywords and self.functions[-1] is not None:
                node.args = [gast.Name("__class__", gast.Load(), None, None),
                             gast.Name(self.functions[-1], gast.Load(), None, None)]
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
