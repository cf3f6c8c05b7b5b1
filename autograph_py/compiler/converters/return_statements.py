"""`return` inside a compound statement becomes a flag and a return value.

    def f(xs, t):                      def f(xs, t):
        for v in xs:                       do_return = False
            if v > t:                      retval_ = ag__.UndefinedReturnValue()
                return v        ==>        for v in xs:           # extra test: not do_return
        return t                               if v > t:
                                                   retval_ = v
                                                   do_return = True
                                           if not do_return:
                                               retval_ = t
                                               do_return = True
                                           return ag__.retval(retval_)

Functions whose returns are all at the top level of their body are left as
they are. A function that can end without `return` gets an explicit
`return None`, so under a traced condition "returns a value on one path and
None on another" is reported instead of computed. The value is assigned
before the flag: a return expression that raises (caught by a `try` around
it) leaves the function still running, as in Python.
"""
from __future__ import annotations

import gast

from autograph_py import labels
from autograph_py.compiler.converters import early_exit
from autograph_py.compiler import anno, scopes, templates, visitors


def _prologue(do_return, retval):
    do_return = False
    retval = ag__.UndefinedReturnValue()  # noqa: F821 - generated code sees ag__


def _prologue_kept(do_return, retval):
    do_return = False
    retval = ag__.UndefinedReturnValue(True)  # noqa: F821


def _runs_after_return(node) -> bool:
    """Whether code of `node` may run after one of its `return`s: the return is in a `try`
    with a `finally`, or in a `with` (its `__exit__`)."""
    for n in scopes.walk_own_scope(node.body):
        if isinstance(n, (gast.Try, getattr(gast, "TryStar", gast.Try))) and n.finalbody:
            blocks = n.body + n.orelse + [s for h in n.handlers for s in h.body]
        elif isinstance(n, (gast.With, gast.AsyncWith)):
            blocks = n.body
        else:
            continue
        if any(early_exit.contains(s, gast.Return, cross_loops=True) for s in blocks):
            return True
    return False


def _return_value(do_return, retval, value):
    retval = value    # first: if `value` raises, the function has not returned
    do_return = True


def _epilogue(retval):
    return ag__.retval(retval)  # noqa: F821


def _always_returns(stmts) -> bool:
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, (gast.Return, gast.Raise)):
        return True
    if isinstance(last, gast.If):
        return _always_returns(last.body) and _always_returns(last.orelse)
    if isinstance(last, (gast.With, gast.AsyncWith)):
        return _always_returns(last.body)
    if isinstance(last, gast.While):
        # `while True:` with no break left (the break converter ran first) ends only by
        # a return or a raise: no path falls off its end.
        return (isinstance(last.test, gast.Constant) and last.test.value is True
                and not last.orelse)
    return False


class _Returns(visitors.StatementTransformer):
    def __init__(self, ctx):
        self.ctx = ctx

    def visit_FunctionDef(self, node):
        self.generic_visit(node)  # nested functions own their returns
        nested = [s for s in node.body if not isinstance(s, gast.Return)
                  and early_exit.contains(s, gast.Return, cross_loops=True)]
        if not nested:
            return node
        do_return = self.ctx.namer.new("do_return")
        retval = self.ctx.namer.new("retval_")
        self.ctx.labels[retval] = labels.RETURN_VALUE
        self.ctx.labels[do_return] = labels.RETURN_FLAG
        loops = [n for n in scopes.own_statements(node.body)
                 if isinstance(n, (gast.While, gast.For))
                 and early_exit.contains(n, gast.Return, cross_loops=True)]

        def replacement(ret):
            value = ret.value if ret.value is not None else gast.Constant(None, None)
            return templates.replace(_return_value, do_return=do_return, retval=retval, value=value)

        doc = node.body[:1] if (isinstance(node.body[0], gast.Expr)
                                and isinstance(node.body[0].value, gast.Constant)
                                and isinstance(node.body[0].value.value, str)) else []
        body = node.body[len(doc):]
        if not _always_returns(body):
            end = gast.Return(gast.Constant(None, None))
            end.lineno = end.end_lineno = body[-1].end_lineno
            end.col_offset = end.end_col_offset = body[-1].col_offset
            body = body + [end]
        prologue = _prologue_kept if _runs_after_return(node) else _prologue   # (its returns)
        body = early_exit.rewrite_block(body, gast.Return, do_return, True, replacement)
        for loop in loops:
            test = early_exit.not_flag(do_return)
            if isinstance(loop, gast.While):
                loop.test = early_exit.and_test(test, loop.test)
            else:
                extra = anno.get(loop, anno.EXTRA_TEST)
                anno.set(loop, anno.EXTRA_TEST, test if extra is None else early_exit.and_test(test, extra))
        node.body = (doc + templates.located(templates.replace(prologue, do_return=do_return,
                                                               retval=retval), node)
                     + body
                     + templates.located(templates.replace(_epilogue, retval=retval), node.body[-1]))
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        return node


def transform(node, ctx):
    return _Returns(ctx).visit(node)
