"""`raise` stays Python on Python values; under a traced condition it fails at run time.

    raise ValueError("x < 0")    ==>   pending = ag__.raise_stmt(ValueError("x < 0"))
                                       if pending is not None:      # Python only
                                           raise pending
                                       break                        # inside a loop only

Where no traced condition guards it, `raise_stmt` returns the exception and
Python raises it at the user's line. Under a traced condition (a branch or
a loop body being traced) it stages a run-time check that fails when that
path runs, as an `assert` does, and returns None. In a loop the staged raise
also ends the loop (the `break`), as the raise would; on the Python path the
`break` is never reached.

A staged exception cannot be caught by the user's `try`: it is raised only
when the compiled program runs. So a `try` with handlers is wrapped

    with ag__.staged_raises_escape((ValueError,)):
        try: ...
        except ValueError: ...

and a staged raise of a handled type inside it is an error at trace time.
"""
from __future__ import annotations

import gast

from autograph_py.core import anno, templates, visitors


def _raise(pending, exc):
    pending = ag__.raise_stmt(exc)  # noqa: F821
    if pending is not None:
        raise pending


def _raise_from(pending, exc, cause):
    pending = ag__.raise_stmt(exc)  # noqa: F821
    if pending is not None:
        raise pending from cause


def _guard(handled, body):
    with ag__.staged_raises_escape(handled):  # noqa: F821
        body


class _Raises(visitors.StatementTransformer):
    def __init__(self, ctx):
        self.ctx = ctx
        self.in_loop = [False]   # per function: is the statement inside a loop body

    def visit_FunctionDef(self, node):
        self.in_loop.append(False)
        self.generic_visit(node)
        self.in_loop.pop()
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        return self.visit_FunctionDef(node)

    def _loop(self, node):
        orelse, node.orelse = node.orelse, []
        self.in_loop.append(True)
        self.generic_visit(node)
        self.in_loop.pop()
        node.orelse = orelse
        self.generic_visit_block(node, "orelse")
        return node

    visit_For = visit_While = visit_AsyncFor = _loop

    def generic_visit_block(self, node, field):
        new = []
        for st in getattr(node, field):
            out = self.visit(st)
            new.extend(out if isinstance(out, list) else [out])
        setattr(node, field, new)

    def visit_Raise(self, node):
        if node.exc is None:
            return node  # a bare re-raise in a handler: the exception is already Python's
        pending = self.ctx.namer.new("pending")
        if node.cause is None:
            out = templates.replace(_raise, pending=pending, exc=node.exc)
        else:
            out = templates.replace(_raise_from, pending=pending, exc=node.exc, cause=node.cause)
        anno.set(out[1], anno.PYTHON_ONLY, True)
        if self.in_loop[-1]:
            out.append(gast.Break())
        return templates.located(out, node)

    def visit_Try(self, node):
        self.generic_visit(node)
        if not node.handlers:
            return node
        types = [gast.Name("BaseException", gast.Load(), None, None) if h.type is None
                 else h.type for h in node.handlers]
        handled = gast.Tuple([_copy(t) for t in types], gast.Load())
        return templates.located(templates.replace(_guard, handled=handled, body=[node]), node)

    visit_TryStar = visit_Try


def _copy(node):
    import copy
    return copy.deepcopy(node)


def always_raises(stmt) -> bool:
    """Whether `stmt` is what visit_Raise made of a `raise` (it never falls through in Python)."""
    return isinstance(stmt, gast.If) and anno.get(stmt, anno.PYTHON_ONLY, False) and any(
        isinstance(s, gast.Raise) for s in stmt.body)


def transform(node, ctx):
    return _Raises(ctx).visit(node)
