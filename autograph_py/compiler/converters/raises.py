"""`raise` stays Python on Python values; under a traced condition it fails at run time.

    raise ValueError(f"x={x}")   ==>   pending = ag__.raise_stmt(ValueError(ag__.fstring('x={}', (x,))))
                                       if pending is not None:      # Python only
                                           raise pending
                                       return ag__.UndefinedReturnValue()

Where no traced condition guards it, `raise_stmt` returns the exception and
Python raises it at the user's line. Under a traced condition (a branch or
a loop body being traced) it stages a run-time check that fails when that
path runs, as an `assert` does, and ends the trace of that path
(`paths.PathRaises`, caught where the innermost traced branch or loop body
is traced), so no code after it runs there, in this function or in its
callers: nothing after a failed raise runs, and no value it would have
needed is missed. The `return` after it is for a trace that emits no
checks (a loop test traced a second time), where `raise_stmt` returns
None; on the Python path it is never reached. A bare `raise` in a handler
stages the exception being handled. An f-string in the exception keeps its
traced values, so the message shows their run-time values.

A staged exception cannot be caught by the user's `try`: it is raised only
when the compiled program runs. So a `try` with handlers is wrapped

    with ag__.staged_raises_escape((ValueError,)):
        try:
            with ag__.staged_raises_escape.body():
                ...
        except ValueError: ...

and a staged raise of a handled type in its body is an error at trace time.
"""
from __future__ import annotations

import copy

import gast

from autograph_py.compiler.converters.call_trees import format_call
from autograph_py.compiler import anno, scopes, templates, visitors


def _raise(pending, exc):
    pending = ag__.raise_stmt(exc)  # noqa: F821
    if pending is not None:
        raise pending
    return ag__.UndefinedReturnValue()  # noqa: F821


def _raise_from(pending, exc, cause):
    pending = ag__.raise_stmt(exc)  # noqa: F821
    if pending is not None:
        raise pending from cause
    return ag__.UndefinedReturnValue()  # noqa: F821


def _reraise(pending):
    pending = ag__.raise_stmt(ag__.HANDLED)  # noqa: F821
    if pending is not None:
        raise
    return ag__.UndefinedReturnValue()  # noqa: F821


def _guard(handled, try_stmt):
    with ag__.staged_raises_escape(handled):  # noqa: F821
        try_stmt


def _guarded_body(body):
    with ag__.staged_raises_escape.body():  # noqa: F821
        body


class _FStrings(visitors.Transformer):
    """f-strings in an exception expression keep their values (see call_trees.format_call)."""

    def visit_JoinedStr(self, node):
        return format_call(node) or node

    def visit_Lambda(self, node):
        return node


def _is_list_append(n) -> bool:
    return (isinstance(n, gast.Call) and isinstance(n.func, gast.Attribute)
            and n.func.attr == "list_append" and isinstance(n.func.value, gast.Name)
            and n.func.value.id == "ag__")


def _collecting_loops(tree) -> set:
    """The ids of the loops that append to a list anywhere inside them (the lists
    converter made `lst.append(v)` `ag__.list_append`), found in one walk."""
    found = set()
    todo = [(tree, ())]
    while todo:
        n, loops = todo.pop()
        if _is_list_append(n):
            found.update(loops)
        if isinstance(n, (gast.For, gast.While)):
            loops = loops + (id(n),)
        todo.extend((c, loops) for c in visitors.iter_child_nodes(n))
    return found


class _Raises(scopes.FunctionStack, visitors.StatementTransformer):
    def __init__(self, ctx, tree):
        self.ctx = ctx
        # per function, per loop it is in: inside a loop that collects a list
        self.functions = [[False]]
        # (raises and handlers are rewritten around their expressions: no loop
        # gains or loses an append in this pass)
        self.collects = _collecting_loops(tree)

    def visit_Lambda(self, node):
        return node

    def enter(self, node):
        return [False]   # a nested function is in none of the loops around its def

    def _loop(self, node):
        collecting = self.functions[-1]
        collecting.append(collecting[-1] or id(node) in self.collects)
        self.generic_visit(node)
        collecting.pop()
        return node

    visit_For = visit_While = _loop

    def visit_Raise(self, node):
        pending = self.ctx.namer.new("pending")
        if node.exc is None:
            out = templates.replace(_reraise, pending=pending)
        else:
            exc = _FStrings().visit(node.exc)
            if node.cause is None:
                out = templates.replace(_raise, pending=pending, exc=exc)
            else:
                out = templates.replace(_raise_from, pending=pending, exc=exc, cause=node.cause)
        anno.set(out[1], anno.PYTHON_ONLY, True)
        if self.functions[-1][-1]:
            # A loop that collects a list cannot end early (its items are stacked):
            # after a staged raise it runs on, and the raise fails the call anyway.
            out = out[:-1]
        return templates.located(out, node)

    def visit_Try(self, node):
        self.generic_visit(node)
        if not node.handlers:
            return node
        types = [gast.Name("BaseException", gast.Load(), None, None) if h.type is None
                 else h.type for h in node.handlers]
        handled = gast.Tuple([copy.deepcopy(t) for t in types], gast.Load())
        node.body = templates.located(templates.replace(_guarded_body, body=node.body), node)
        return templates.located(templates.replace(_guard, handled=handled, try_stmt=[node]), node)

    visit_TryStar = visit_Try

    def visit_With(self, node):
        """`with contextlib.suppress(E):` handles E as `try: ... except E: pass` does: the
        same guard around it (a staged raise of E in its body is a StagedRaiseError)."""
        self.generic_visit(node)
        handled = [a for item in node.items if _is_suppress(item.context_expr)
                   for a in item.context_expr.args]
        if not handled:
            return node
        node.body = templates.located(templates.replace(_guarded_body, body=node.body), node)
        types = gast.Tuple([copy.deepcopy(t) for t in handled], gast.Load())
        return templates.located(templates.replace(_guard, handled=types, try_stmt=[node]), node)


def _is_suppress(expr) -> bool:
    f = getattr(expr, "func", None)
    name = f.id if isinstance(f, gast.Name) else getattr(f, "attr", None)
    return (isinstance(expr, gast.Call) and name == "suppress" and not expr.keywords
            and not any(isinstance(a, gast.Starred) for a in expr.args))


def transform(node, ctx):
    return _Raises(ctx, node).visit(node)
