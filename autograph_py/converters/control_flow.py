"""`if`, `while` and `for` become functions and a call into the runtime.

    def f(x):                     def f(x):
        if x < 0:                     def if_body():
            x = -x                        nonlocal x
        return x                          x = -x
                          ==>         def else_body():
                                          nonlocal x
                                      def get_state():
                                          return (x,)
                                      def set_state(vars_):
                                          nonlocal x
                                          (x,) = vars_
                                      ag__.if_stmt(x < 0, if_body, else_body,
                                                   get_state, set_state, ('x',))
                                      return x

The state (what `get_state` returns) is what the block assigns and what is
read later: `anno.LIVE_OUT` for an `if`, `LIVE_IN | LIVE_OUT` for a loop, plus
every attribute or subscript the block assigns. Everything the block assigns
is declared `nonlocal`, so the Python path is the original code; locals that
have no binding before the block are bound to `ag__.Undefined` on entry to
the function.
"""
from __future__ import annotations

import gast

from autograph_py.analysis import activity
from autograph_py.core import anno, templates

NEEDS = ("activity", "liveness")


def _if(if_body, else_body, get_state, set_state, vars_, test, body, orelse,
        globals_, nonlocals, state, names, nouts):
    def if_body():
        global globals_
        nonlocal nonlocals
        body

    def else_body():
        global globals_
        nonlocal nonlocals
        orelse

    def get_state():
        return (state,)

    def set_state(vars_):
        global globals_
        nonlocal nonlocals
        (state,) = vars_

    ag__.if_stmt(test, if_body, else_body, get_state, set_state, names, nouts)  # noqa: F821


def _while(loop_test, loop_body, get_state, set_state, vars_, test, body,
           globals_, nonlocals, state, names, opts, nouts):
    def loop_test():
        return test

    def loop_body():
        global globals_
        nonlocal nonlocals
        body

    def get_state():
        return (state,)

    def set_state(vars_):
        global globals_
        nonlocal nonlocals
        (state,) = vars_

    ag__.while_stmt(loop_test, loop_body, get_state, set_state, names, opts, nouts)  # noqa: F821


def _for(loop_body, get_state, set_state, vars_, itr, target, iterable, extra_test, body,
         globals_, nonlocals, state, names, opts, nouts):
    def loop_body(itr):
        global globals_
        nonlocal nonlocals
        target = itr
        body

    def get_state():
        return (state,)

    def set_state(vars_):
        global globals_
        nonlocal nonlocals
        (state,) = vars_

    ag__.for_stmt(iterable, extra_test, loop_body, get_state, set_state, names, opts,  # noqa: F821
                  nouts)


def _extra_test(loop_test, test):
    def loop_test():
        return test


def _undefined(name, label):
    name = ag__.Undefined(label)  # noqa: F821


class _ControlFlow(gast.NodeTransformer):
    def __init__(self, ctx):
        self.ctx = ctx
        self.functions = []   # stack of (FunctionScope, names needing a binding, defined names)
        self.state_getters = set()

    # ---------------------------------------------------------- functions
    def visit_FunctionDef(self, node):
        fs = activity.function_scope(node)
        defined = set(fs.params)
        self.functions.append((fs, set(), defined))
        body = []
        for st in node.body:
            new = self.visit(st)
            body.extend(new if isinstance(new, list) else [new])
            defined |= _definite_writes(st)
        node.body = body
        _, unbound, _ = self.functions.pop()
        unbound = unbound - fs.params - fs.globals - fs.nonlocals
        _CheckedLoads(unbound, self.state_getters).visit(node)
        inits = []
        for name in sorted(unbound):
            inits += templates.located(
                templates.replace(_undefined, name=name, label=gast.Constant(name, None)), node)
        node.body = _docstring(node.body) + inits + node.body[len(_docstring(node.body)):]
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        return node

    def visit_ClassDef(self, node):
        return node

    def visit_Delete(self, node):
        """`del x` binds x to an Undefined, so state machinery and reads see "no value".

        A nested function cannot unbind its enclosing function's local (it
        would break get_state); the placeholder behaves as the unbound local
        does: reading it raises, a traced branch that deletes it makes it
        "assigned on one path only".
        """
        names = [t.id for t in node.targets if isinstance(t, gast.Name)]
        if not names:
            return node
        unbound = self.functions[-1][1]
        out = []
        for name in names:
            unbound.add(name)
            out += templates.replace(_undefined, name=name, label=gast.Constant(name, None))
        rest = [t for t in node.targets if not isinstance(t, gast.Name)]
        if rest:
            node.targets = rest
            out.append(node)
        return templates.located(out, node)

    # ------------------------------------------------------------ helpers
    def _declarations(self, writes):
        fs, unbound, defined = self.functions[-1]
        simple = sorted(writes)
        globals_ = [n for n in simple if n in fs.globals]
        nonlocals = [n for n in simple if n not in fs.globals]
        unbound.update(n for n in nonlocals if n not in defined)
        return globals_, nonlocals

    def _state(self, writes, composites, live):
        """The state tuple: outputs (assigned and live after) first, then the rest.

        The rest are the other names the block assigns. A traced construct
        restores them to their entry values before each branch it traces (a
        branch may read one first) and afterwards (no tracer of a branch may
        outlive it); they are not outputs.
        """
        fs = self.functions[-1][0]
        outs = sorted(writes & live)
        comp = sorted(composites)
        rest = sorted(writes - live - fs.globals)
        exprs = [gast.Name(n, gast.Load(), None, None) for n in outs]
        exprs += [_load(composites[c]) for c in comp]
        exprs += [gast.Name(n, gast.Load(), None, None) for n in rest]
        names = outs + comp + rest
        labels = gast.Tuple([gast.Constant(self._label(n, fs), None) for n in names],
                            gast.Load())
        return exprs, labels, len(names) - len(rest)

    def _label(self, name, fs):
        if name in fs.globals:
            return f"global {name}"  # the runtime refuses to stage a global
        return self.ctx.labels.get(name, name)

    def _common(self, scope, live):
        globals_, nonlocals = self._declarations(scope.writes)
        state, names, nouts = self._state(scope.writes, scope.composite_writes, live)
        self.nouts = nouts
        namer = self.ctx.namer
        get_state = namer.new("get_state")
        self.state_getters.add(get_state)
        return dict(get_state=get_state, set_state=namer.new("set_state"),
                    vars_=namer.new("vars_"), globals_=globals_, nonlocals=nonlocals,
                    state=state, names=names)

    # --------------------------------------------------------- statements
    def visit_If(self, node):
        scope = activity.statement_scope(node)
        live = anno.get(node, anno.LIVE_OUT, frozenset())
        self.generic_visit(node)
        namer = self.ctx.namer
        common = self._common(scope, live)
        out = templates.replace(
            _if, if_body=namer.new("if_body"), else_body=namer.new("else_body"),
            test=node.test, body=node.body, orelse=node.orelse or [gast.Pass()],
            nouts=gast.Constant(self.nouts, None), **common)
        return templates.located(out, node)

    def visit_While(self, node):
        scope = activity.statement_scope(node)
        live = anno.get(node, anno.LIVE_IN, frozenset()) | anno.get(node, anno.LIVE_OUT, frozenset())
        self.generic_visit(node)
        namer = self.ctx.namer
        common = self._common(scope, live)
        out = templates.replace(
            _while, loop_test=namer.new("loop_test"), loop_body=namer.new("loop_body"),
            test=node.test, body=node.body, opts=_options(node),
            nouts=gast.Constant(self.nouts, None), **common)
        return templates.located(out, node)

    def visit_For(self, node):
        scope = activity.statement_scope(node)
        live = anno.get(node, anno.LIVE_IN, frozenset()) | anno.get(node, anno.LIVE_OUT, frozenset())
        extra = anno.get(node, anno.EXTRA_TEST)
        out = []
        if extra is not None:
            extra_reads = activity.statement_scope(gast.Expr(extra)).reads
            live = live | frozenset(extra_reads)
            loop_test = self.ctx.namer.new("loop_test")
            out += templates.replace(_extra_test, loop_test=loop_test, test=extra)
            extra = gast.Name(loop_test, gast.Load(), None, None)
        self.generic_visit(node)
        namer = self.ctx.namer
        common = self._common(scope, live)
        out += templates.replace(
            _for, loop_body=namer.new("loop_body"), itr=namer.new("itr"), target=node.target,
            iterable=node.iter, extra_test=extra if extra is not None else gast.Constant(None, None),
            body=node.body, opts=_options(node), nouts=gast.Constant(self.nouts, None), **common)
        return templates.located(out, node)


def _checked_load(name):
    ag__.ld(name)  # noqa: F821


def _checked_read(name):
    name = ag__.ld(name)  # noqa: F821


class _CheckedLoads(gast.NodeTransformer):
    """Reads of locals bound to `ag__.Undefined` go through `ag__.ld`.

    So reading one that no path assigned raises, as Python's unbound local
    does. Only `get_state` may read the placeholder itself.
    """

    def __init__(self, names, getters):
        self.names, self.getters = names, getters

    def visit_FunctionDef(self, node):
        if node.name in self.getters:
            return node
        return self.generic_visit(node)

    def visit_Name(self, node):
        if isinstance(node.ctx, gast.Load) and node.id in self.names:
            return templates.located(templates.replace_expr(_checked_load, name=node.id), node)
        return node

    def visit_AugAssign(self, node):
        # `x += v` reads x without a Load: check it first, as its own statement
        # (x = x + v would not update a mutable x in place).
        self.generic_visit(node)
        if isinstance(node.target, gast.Name) and node.target.id in self.names:
            check = templates.replace(_checked_read, name=node.target.id)
            return templates.located(check, node) + [node]
        return node


def _definite_writes(stmt) -> set:
    """Names a top-level simple statement surely binds (so they need no Undefined)."""
    if isinstance(stmt, (gast.Assign, gast.AugAssign, gast.AnnAssign, gast.Import,
                         gast.ImportFrom, gast.FunctionDef, gast.ClassDef)):
        if isinstance(stmt, gast.AnnAssign) and stmt.value is None:
            return set()
        return set(activity.statement_scope(stmt).writes)
    return set()


def _docstring(body):
    if body and isinstance(body[0], gast.Expr) and isinstance(body[0].value, gast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[:1]
    return []


def _load(expr):
    import copy
    e = copy.deepcopy(expr)
    e.ctx = gast.Load()
    return e


def _options(node):
    keywords = anno.get(node, anno.LOOP_OPTIONS) or []
    return gast.Dict([gast.Constant(k.arg, None) for k in keywords], [k.value for k in keywords])


def transform(node, ctx):
    return _ControlFlow(ctx).visit(node)
