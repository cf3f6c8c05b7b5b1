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
from autograph_py.compiler import anno, scopes


class _Liveness:
    """One backward pass over a function, linear in its size.

    A loop's head is a fixed point: for a `while`, the least set H with
    H = test reads | after | live_in(body, H). Every statement's transfer
    function has the form live_in(X) = gen | (X - kill) (a branch joins two
    such, a block composes them), so the fixed point is reached from
    `test reads | after` in one step, and is `test reads | after |
    live_in(body, {})`: what the body reads before it assigns. For a `for`
    it is `after | extra test reads | (live_in(body, {}) - target)`.

    `live_in(body, {})` is computed once per loop, without annotating, and
    kept (`_gen`); the loop's body is then walked once more, annotating,
    with the head as what is live after it. Iterating the fixed point
    instead walks a loop nested k deep up to 2**k times. The annotations
    are those of the last step of that iteration, when every head had
    converged, which is the walk that annotates here.
    """

    def __init__(self, always: frozenset):
        self.always = always
        self._gen = {}   # id(loop) -> live_in(body, {}) (loops stay in the tree meanwhile)
        # Inside a `try` body: what its handlers read. Any statement may raise into them,
        # so it is live after every statement there, not only at the body's end.
        self._raising = frozenset()

    def block(self, stmts, live_out: frozenset, annotate: bool) -> frozenset:
        live = live_out
        raising = self._raising
        for st in reversed(stmts):
            live = self.stmt(st, live | raising, annotate)
        return live

    def _body_gen(self, loop) -> frozenset:
        gen = self._gen.get(id(loop))
        if gen is None:
            gen = self._gen[id(loop)] = self.block(loop.body, frozenset(), False)
        return gen

    def stmt(self, st, live_out, annotate):
        always = self.always
        if isinstance(st, gast.If):
            reads = activity.statement_scope(gast.Expr(st.test)).reads
            live_in = (frozenset(reads) | self.block(st.body, live_out, annotate)
                       | self.block(st.orelse, live_out, annotate))
            if annotate:
                anno.set(st, anno.LIVE_OUT, live_out | always)
                anno.set(st, anno.LIVE_IN, live_in | always)
            return live_in
        if isinstance(st, gast.While):
            after = self.block(st.orelse, live_out, annotate)
            test_reads = frozenset(activity.statement_scope(gast.Expr(st.test)).reads)
            head = test_reads | after | self._body_gen(st)
            if annotate:
                self.block(st.body, head, True)
                anno.set(st, anno.LIVE_OUT, after | always)
                anno.set(st, anno.LIVE_IN, head | always)
            return head
        if isinstance(st, gast.For):
            after = self.block(st.orelse, live_out, annotate)
            v = activity._Activity()
            v._write_target(st.target)
            target_writes = frozenset(v.scope.writes)
            iter_reads = (frozenset(activity.statement_scope(gast.Expr(st.iter)).reads)
                          | frozenset(v.scope.reads))
            extra = anno.get(st, anno.EXTRA_TEST)  # checked at the head of every iteration
            extra_reads = (frozenset(activity.statement_scope(gast.Expr(extra)).reads) if extra
                           else frozenset())
            head = after | extra_reads | (self._body_gen(st) - target_writes)
            if annotate:
                self.block(st.body, head, True)
                anno.set(st, anno.LIVE_OUT, after | always)
                anno.set(st, anno.LIVE_IN, head | always)
            return head | iter_reads
        if isinstance(st, (gast.Return, gast.Raise)):
            return frozenset(activity.statement_scope(st).reads)
        if isinstance(st, gast.With):
            return self._with(st, live_out, annotate)
        if isinstance(st, gast.Try):
            return self._try(st, live_out, annotate)
        if isinstance(st, gast.Match):
            return self._match(st, live_out, annotate)
        if annotate and isinstance(st, (gast.FunctionDef, gast.AsyncFunctionDef)):
            analyze_function(st)
        s = activity.statement_scope(st)
        return frozenset(s.reads) | (live_out - frozenset(s.writes))


    def _raising_into(self, live: frozenset):
        """Around a block whose every statement may raise to where `live` is live."""
        outer = self._raising
        self._raising = outer | live
        return outer

    def _with(self, st, live_out, annotate):
        # Its __exit__ may swallow an exception of any statement of the body
        # (contextlib.suppress): what is live after it is live after each of them.
        outer = self._raising_into(live_out)
        try:
            body_live = self.block(st.body, live_out, annotate)
        finally:
            self._raising = outer
        s, bound = activity.Scope(), activity._Activity()
        for item in st.items:
            s.merge(activity.statement_scope(gast.Expr(item.context_expr)))
            if item.optional_vars is not None:   # `as c`: bound before the body reads it
                bound._write_target(item.optional_vars)
        return frozenset(s.reads) | (body_live - frozenset(bound.scope.writes))

    def _match(self, st, live_out, annotate):
        """A `match` left to Python (runtime/matches keeps the others as `if` chains): each
        case's body, after its pattern bound its captures; no case may match."""
        live = frozenset(activity.statement_scope(gast.Expr(st.subject)).reads) | live_out
        for case in st.cases:
            nodes = list(gast.walk(case.pattern))
            binds = {n.name for n in nodes if isinstance(n, (gast.MatchAs, gast.MatchStar))
                     and n.name} | {n.rest for n in nodes if isinstance(n, gast.MatchMapping)
                                    and n.rest}
            reads = {n.id for n in nodes if isinstance(n, gast.Name)}   # values, classes
            if case.guard is not None:
                reads |= activity.statement_scope(gast.Expr(case.guard)).reads - binds
            live |= frozenset(reads) | (self.block(case.body, live_out, annotate)
                                        - frozenset(binds))
        return live

    def _try(self, st, live_out, annotate):
        after = self.block(st.finalbody, live_out, annotate)
        # An exception that leaves the handlers (or the body) runs `finally` first.
        outer = self._raising_into(self.block(st.finalbody, frozenset(), False)
                                   if st.finalbody else frozenset())
        try:
            handlers = frozenset()
            for h in st.handlers:
                handlers |= self.block(h.body, after, annotate)
            orelse = self.block(st.orelse, after, annotate)
            # Any statement of the body may raise into a handler (`r = 1` / `{}["a"]` /
            # `r = 2`: the handler may read the first r).
            self._raising_into(handlers)
            return self.block(st.body, orelse | handlers, annotate) | handlers
        finally:
            self._raising = outer


def analyze_function(fn) -> None:
    """Annotates every control-flow statement of `fn` (and nested functions)."""
    fs = activity.function_scope(fn)
    closures = set()
    for node in scopes.walk_own_scope(fn.body):
        if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda)):
            closures |= activity.function_scope(node).free_reads
    # A nested function may be called anywhere after it is made: what it reads
    # of this function's locals is live everywhere.
    always = frozenset(fs.globals | fs.nonlocals | fs.closure_writes
                       | (closures & fs.locals))
    anno.set(fn, anno.ALWAYS_LIVE, always)
    _Liveness(always).block(fn.body, frozenset(), True)
