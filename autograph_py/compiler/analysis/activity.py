"""Activity analysis: which names a node reads and which it writes.

Annotates every statement with a `Scope` under `anno.SCOPE` (read it with
`statement_scope`, which computes it when `clear` dropped it):

    def f(x):
        if x > 0:          # reads {x}, writes {y, self.n}
            y = x * 2
            self.n = y

Composite writes (`self.n`, `d['k']`) are recorded by their source text so the
control-flow converter can make them branch or loop state. A subscript write
with a computed index (`a[i] = v`) counts as a write of its base (`a`), which
is then carried as a whole. Nested functions and lambdas contribute the names
they read from the enclosing scope; names they declare `nonlocal` are
recorded in `nonlocal_writes`, because any call may change them.
"""
from __future__ import annotations

import ast
import threading
from dataclasses import dataclass, field

import gast

from autograph_py.compiler import anno, translation, visitors
from autograph_py.compiler.scopes import own_statements, walk_own_scope


@dataclass
class Scope:
    reads: set = field(default_factory=set)
    writes: set = field(default_factory=set)
    composite_writes: dict = field(default_factory=dict)  # text -> gast expr
    nonlocal_writes: set = field(default_factory=set)

    def merge(self, other: "Scope") -> None:
        self.reads |= other.reads
        self.writes |= other.writes
        self.composite_writes.update(other.composite_writes)
        self.nonlocal_writes |= other.nonlocal_writes


def composite_text(node) -> str:
    return ast.unparse(translation.gast_to_ast(node))


def _is_static_index(node) -> bool:
    return isinstance(node, gast.Constant)


class _Activity(visitors.Visitor):
    """Collects reads and writes of one statement, not entering nested scopes."""

    def __init__(self):
        self.scope = Scope()

    def visit_Name(self, node):
        if isinstance(node.ctx, gast.Load):
            self.scope.reads.add(node.id)
        elif isinstance(node.ctx, (gast.Store, gast.Del)):
            self.scope.writes.add(node.id)

    def _write_target(self, target):
        if isinstance(target, gast.Name):
            self.scope.writes.add(target.id)
        elif isinstance(target, (gast.Tuple, gast.List)):
            for e in target.elts:
                self._write_target(e)
        elif isinstance(target, gast.Starred):
            self._write_target(target.value)
        elif isinstance(target, gast.Attribute):
            self.visit(target.value)
            self.scope.composite_writes[composite_text(target)] = target
        elif isinstance(target, gast.Subscript):
            self.visit(target.value)
            self.visit(target.slice)
            if _is_static_index(target.slice) and isinstance(target.value, (gast.Name, gast.Attribute)):
                self.scope.composite_writes[composite_text(target)] = target
            else:
                self._write_target(target.value)

    def visit_Assign(self, node):
        self.visit(node.value)
        for t in node.targets:
            self._write_target(t)

    def visit_AugAssign(self, node):
        self.visit(node.value)
        if isinstance(node.target, gast.Name):
            self.scope.reads.add(node.target.id)
        else:
            self.visit(_as_load(node.target))
        self._write_target(node.target)

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.visit(node.value)
            self._write_target(node.target)

    def visit_NamedExpr(self, node):
        self.visit(node.value)
        self._write_target(node.target)

    def visit_Delete(self, node):
        for t in node.targets:
            self._write_target(t)

    def visit_For(self, node):
        self.visit(node.iter)
        self._write_target(node.target)
        for s in node.body + node.orelse:
            self.visit(s)

    def visit_With(self, node):
        for item in node.items:
            self.visit(item.context_expr)
            if item.optional_vars is not None:
                self._write_target(item.optional_vars)
        for s in node.body:
            self.visit(s)

    def visit_ExceptHandler(self, node):
        if node.type is not None:
            self.visit(node.type)
        if node.name is not None:
            self._write_target(node.name)
        for s in node.body:
            self.visit(s)

    def visit_Import(self, node):
        for a in node.names:
            self.scope.writes.add((a.asname or a.name).split(".")[0])

    visit_ImportFrom = visit_Import

    def visit_Global(self, node):
        pass

    visit_Nonlocal = visit_Global

    def visit_FunctionDef(self, node):
        for d in node.decorator_list:
            self.visit(d)
        for d in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self.visit(d)
        inner = function_scope(node)
        self.scope.reads |= inner.free_reads
        self.scope.nonlocal_writes |= inner.nonlocals
        self.scope.writes |= inner.nonlocals
        self.scope.writes.add(node.name)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        for d in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self.visit(d)
        inner = function_scope(node)
        self.scope.reads |= inner.free_reads

    def visit_ClassDef(self, node):
        for b in node.bases + node.decorator_list:
            self.visit(b)
        self.scope.writes.add(node.name)

    def _comprehension(self, node, elts):
        bound = set()
        for gen in node.generators:
            self.visit(gen.iter)
            sub = _Activity()
            sub._write_target(gen.target)
            bound |= sub.scope.writes
            for cond in gen.ifs:
                self._visit_masked(cond, bound)
        for e in elts:
            self._visit_masked(e, bound)

    def _visit_masked(self, node, bound):
        sub = _Activity()
        sub.visit(node)
        self.scope.reads |= sub.scope.reads - bound
        self.scope.writes |= sub.scope.writes - bound  # walrus escapes comprehensions

    def visit_ListComp(self, node):
        self._comprehension(node, [node.elt])

    visit_SetComp = visit_GeneratorExp = visit_ListComp

    def visit_DictComp(self, node):
        self._comprehension(node, [node.key, node.value])


def _as_load(target):
    import copy
    t = copy.deepcopy(target)
    t.ctx = gast.Load()
    return t


@dataclass
class FunctionScope:
    params: set
    locals: set
    globals: set
    nonlocals: set
    free_reads: set
    closure_writes: set = field(default_factory=set)   # names nested functions declare nonlocal


# What this analysis keeps on a node is (generation, value), and only a value of
# the current generation counts: `clear` starts a new one, which drops every
# value kept before in O(1) rather than walking the tree. The generation is
# the converting thread's own (each conversion has its own tree).
_generations = threading.local()


def _generation() -> int:
    return getattr(_generations, "current", 0)


def _kept(node, key):
    entry = anno.get(node, key)
    if entry is not None and entry[0] == _generation():
        return entry[1]
    return None


def function_scope(node) -> FunctionScope:
    """Names bound and read by a function or lambda, as Python scopes them."""
    cached = _kept(node, anno.FUNCTION_SCOPE)
    if cached is not None:
        return cached
    params = set()
    a = node.args
    for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
        if arg is not None:
            params.add(arg.id)
    body = node.body if isinstance(node.body, list) else [gast.Expr(node.body)]
    glob, nonloc = set(), set()
    for n in own_statements(body):
        if isinstance(n, gast.Global):
            glob.update(n.names)
        elif isinstance(n, gast.Nonlocal):
            nonloc.update(n.names)
    total = block_scope(body)
    local = (total.writes | params) - glob - nonloc
    fs = FunctionScope(params, local, glob, nonloc, (total.reads - local) | nonloc,
                       total.nonlocal_writes)
    anno.set(node, anno.FUNCTION_SCOPE, (_generation(), fs))
    return fs


def bound_names(fn, nodes=None) -> set:
    """The names Python makes local to `fn`: its parameters and every name it binds
    (`x[i] = v` binds none, unlike what the state analysis counts as a write of x).

    `nodes`: walk_own_scope of its body, where the caller has it.
    """
    scope = function_scope(fn)
    bound = set(scope.params)
    if nodes is None:
        nodes = walk_own_scope(fn.body if isinstance(fn.body, list) else [fn.body])
    for n in nodes:
        if isinstance(n, gast.Name) and isinstance(n.ctx, (gast.Store, gast.Del)):
            bound.add(n.id)
        elif isinstance(n, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)):
            bound.add(n.name)
        elif isinstance(n, (gast.Import, gast.ImportFrom)):
            bound.update((a.asname or a.name).partition(".")[0] for a in n.names)
    return bound - scope.globals - scope.nonlocals


def name_aliases(fn) -> dict:
    """Locals of `fn` that `a = b` may make names of one object: name -> its group.

    An item or attribute assigned through one name (`alias['k'] = v`) is then
    known to change the object the others name too. Name-to-name assignments
    count, also through a conditional expression or `or`/`and` (`t = a if c
    else b`: t may name a or b); an alias made any other way (a call's result,
    a loop target) is not seen.
    """
    group = {}
    for node in own_statements(fn.body):
        if (isinstance(node, gast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], gast.Name)):
            a = node.targets[0].id
            for b in _alias_sources(node.value):
                merged = group.get(a, {a}) | group.get(b, {b})
                for n in merged:
                    group[n] = merged
    return group


def _alias_sources(value) -> list:
    """The names whose object an assignment of `value` may bind."""
    if isinstance(value, gast.Name):
        return [value.id]
    if isinstance(value, gast.IfExp):
        return _alias_sources(value.body) + _alias_sources(value.orelse)
    if isinstance(value, gast.BoolOp):
        return [n for v in value.values for n in _alias_sources(v)]
    return []


def statement_scope(stmt) -> Scope:
    """Scope of one statement (compound statements include their blocks)."""
    s = _kept(stmt, anno.SCOPE)
    if s is None:
        v = _Activity()
        # A compound statement's scope is its header's and its blocks' (each kept on its
        # statement), which is what visiting it whole collects: visiting nested loops
        # whole again at each level would be quadratic in the depth.
        if isinstance(stmt, (gast.If, gast.While)):
            v.visit(stmt.test)
            for b in stmt.body + stmt.orelse:
                v.scope.merge(statement_scope(b))
        elif isinstance(stmt, gast.For):
            v.visit(stmt.iter)
            v._write_target(stmt.target)
            for b in stmt.body + stmt.orelse:
                v.scope.merge(statement_scope(b))
        else:
            v.visit(stmt)
        s = v.scope
        anno.set(stmt, anno.SCOPE, (_generation(), s))
    return s


def block_scope(stmts) -> Scope:
    s = Scope()
    for st in stmts:
        s.merge(statement_scope(st))
    return s


def clear(tree) -> None:
    """Drops what this analysis kept (run before re-analysing a rewritten tree).

    Everything kept before in this thread, on `tree` and on any other node.
    """
    _generations.current = _generation() + 1
