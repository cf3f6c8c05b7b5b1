"""Liveness: which names may be read after a statement before being rewritten.

Runs on structured code (early exits are already flags), backwards over each
block, to a fixed point around loops. Annotates every `If`, `While`, `For`
with `anno.LIVE_OUT` and `anno.LIVE_IN` (for a loop: live at its head):

    def f(xs):
        s = 0
        for x in xs:      # LIVE_IN {s, xs}, LIVE_OUT {s}
            t = x * 2     # t is a loop-local temporary: not loop state
            s = s + t
        return s

Names that nested functions (and lambdas) read or declare `nonlocal`, and the
function's own `global`/`nonlocal` names, are live everywhere: code
elsewhere can read them.
"""
from __future__ import annotations

import gast

from autograph_py.compiler.analysis import activity
from autograph_py.compiler import anno


def _live_in_block(stmts, live_out: frozenset, always: frozenset) -> frozenset:
    live = live_out
    for st in reversed(stmts):
        live = _live_in_stmt(st, live, always)
    return live


def _live_in_stmt(st, live_out, always):
    if isinstance(st, gast.If):
        anno.set(st, anno.LIVE_OUT, live_out | always)
        reads = activity.statement_scope(gast.Expr(st.test)).reads
        live_in = (frozenset(reads) | _live_in_block(st.body, live_out, always)
                   | _live_in_block(st.orelse, live_out, always))
        anno.set(st, anno.LIVE_IN, live_in | always)
        return live_in
    if isinstance(st, gast.While):
        after = _live_in_block(st.orelse, live_out, always)
        test_reads = frozenset(activity.statement_scope(gast.Expr(st.test)).reads)
        head = test_reads | after
        while True:
            new = test_reads | after | _live_in_block(st.body, head, always)
            if new == head:
                break
            head = new
        anno.set(st, anno.LIVE_OUT, after | always)
        anno.set(st, anno.LIVE_IN, head | always)
        return head
    if isinstance(st, gast.For):
        after = _live_in_block(st.orelse, live_out, always)
        v = activity._Activity()
        v._write_target(st.target)
        target_writes = frozenset(v.scope.writes)
        iter_reads = frozenset(activity.statement_scope(gast.Expr(st.iter)).reads) | frozenset(v.scope.reads)
        extra = anno.get(st, anno.EXTRA_TEST)  # checked at the head of every iteration
        extra_reads = frozenset(activity.statement_scope(gast.Expr(extra)).reads) if extra else frozenset()
        head = after | extra_reads
        while True:
            new = after | extra_reads | (_live_in_block(st.body, head, always) - target_writes)
            if new == head:
                break
            head = new
        anno.set(st, anno.LIVE_OUT, after | always)
        anno.set(st, anno.LIVE_IN, head | always)
        return head | iter_reads
    if isinstance(st, (gast.Return, gast.Raise)):
        return frozenset(activity.statement_scope(st).reads)
    if isinstance(st, gast.With):
        body_live = _live_in_block(st.body, live_out, always)
        s = activity.Scope()
        for item in st.items:
            s.merge(activity.statement_scope(gast.Expr(item.context_expr)))
        return frozenset(s.reads) | body_live
    if isinstance(st, gast.Try):
        after = _live_in_block(st.finalbody, live_out, always)
        handlers = frozenset()
        for h in st.handlers:
            handlers |= _live_in_block(h.body, after, always)
        orelse = _live_in_block(st.orelse, after, always)
        # Any statement of the body may raise into a handler: be conservative.
        return _live_in_block(st.body, orelse | handlers, always) | handlers
    if isinstance(st, (gast.FunctionDef, gast.AsyncFunctionDef)):
        analyze_function(st)
    s = activity.statement_scope(st)
    return frozenset(s.reads) | (live_out - frozenset(s.writes))


def analyze_function(fn) -> None:
    """Annotates every control-flow statement of `fn` (and nested functions)."""
    fs = activity.function_scope(fn)
    closures = set()
    for node in activity.walk_own_scope(fn.body):
        if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda)):
            closures |= activity.function_scope(node).free_reads
    # A nested function may be called anywhere after it is made: what it reads
    # of this function's locals is live everywhere.
    always = frozenset(fs.globals | fs.nonlocals | fs.closure_writes
                       | (closures & fs.locals))
    anno.set(fn, anno.ALWAYS_LIVE, always)
    _live_in_block(fn.body, frozenset(), always)
