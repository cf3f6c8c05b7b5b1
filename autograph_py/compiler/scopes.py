"""Python scopes in the tree: the one own-scope walk, and the stack of functions a
converter is inside.

A function's own scope is its body without the bodies of the functions,
lambdas and classes defined in it; their decorators, defaults and bases are
evaluated in it, so they belong to it:

    def f(x):
        g = lambda y=x: y + 1      # own scope of f: g, the lambda, y=x's x
        return g()                 # not: y + 1

Every analysis and converter that asks "which nodes (or statements) of this
function are its own" asks here, and every converter that needs "the function
I am in" keeps it with `FunctionStack`.
"""
from __future__ import annotations

import ast

import gast

from autograph_py.compiler import visitors

_FUNCTIONS = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda)
DEFINITIONS = (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)
_BLOCK_ITEMS = (gast.stmt, gast.excepthandler, gast.match_case)


def walk_own_scope(stmts) -> list:
    """The nodes of `stmts` in their own scope: a nested def, lambda or class is
    listed, with its decorators and defaults, but not entered.

    (Depth first, each node before its children, as a stack of them gives:
    every pass looks at every node of a function this way, several times.)
    """
    out = []
    todo = list(stmts)
    pop, push, extend, keep = todo.pop, todo.append, todo.extend, out.append
    fields_of, AST = visitors.child_fields, ast.AST
    while todo:
        n = pop()
        if not isinstance(n, AST):
            continue   # a name in `global`, a None default: not a node
        keep(n)
        if isinstance(n, _FUNCTIONS):
            extend(getattr(n, "decorator_list", []))
            extend(n.args.defaults + [d for d in n.args.kw_defaults if d is not None])
        elif isinstance(n, gast.ClassDef):
            extend(n.bases + n.decorator_list + [k.value for k in n.keywords])
        else:
            for f in fields_of(type(n)):
                v = getattr(n, f, None)
                if type(v) is list:
                    extend(v)
                elif isinstance(v, AST):
                    push(v)
    return out


def walk_inside(node) -> list:
    """The nodes under `node` (a function, a lambda or an expression) in the scope its
    body runs in: walk_own_scope of its children."""
    return walk_own_scope(list(visitors.iter_child_nodes(node)))


def own_statements(stmts) -> list:
    """The statements (and except handlers, match cases) of walk_own_scope(stmts):
    for what only a statement can be (`global`, an assignment, a loop), without
    walking the expressions. A nested def or class is listed, not entered."""
    out = []
    todo = list(stmts)
    pop, extend, keep = todo.pop, todo.extend, out.append
    fields_of = visitors.child_fields
    while todo:
        n = pop()
        keep(n)
        if isinstance(n, DEFINITIONS):
            continue
        for f in fields_of(type(n)):
            v = getattr(n, f, None)
            if type(v) is list and v and isinstance(v[0], _BLOCK_ITEMS):
                extend(v)
    return out


class FunctionStack:
    """A visitor mixin that knows which function it is in.

    `self.functions` holds, innermost last, what `enter(node)` returned for each
    `def` being visited (a converter's record of it: its scope, its locals, a
    flag); the converter's `__init__` seeds it with the record for code outside
    any function, if it reads one there. The converter writes `enter` and, where
    it rewrites or visits a function's body its own way, `function(node)`,
    instead of its own `visit_FunctionDef` with a push and a pop.
    Lambdas are left to each converter: most do not enter them.
    """

    functions: list

    def enter(self, node):
        return node

    def function(self, node):
        self.generic_visit(node)
        return node

    def visit_FunctionDef(self, node):
        self.functions.append(self.enter(node))
        try:
            return self.function(node)
        finally:
            self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef
