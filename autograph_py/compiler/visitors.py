"""Tree walkers for the converters and analyses, faster than `ast`'s own.

`ast.NodeTransformer` finds each node's `visit_<Class>` method by string
concatenation and `getattr`, walks every field through a generator, and
visits the `Load`/`Store` context and operator nodes too. Conversion runs
ten passes over every function, so those costs add up to most of its time.
`Transformer` and `Visitor` keep the `ast` protocol (a `visit_<Class>` method
returns a node, a list of nodes or None) with a method table per class and a
field list per node type that leaves out the nodes no converter looks at.

`StatementTransformer` walks statements only: converters that rewrite
statements (`break`, `assert`, `lst.append(...)`) never need to look inside
expressions.
"""
from __future__ import annotations

import ast

import gast

_BLOCK_ITEMS = (gast.stmt, gast.excepthandler, gast.match_case)
# Fields that only ever hold a context or operator singleton, or no node.
_SKIPPED = frozenset({"ctx", "op", "ops", "id", "attr", "kind", "type_comment", "level",
                      "module", "conversion", "is_async", "simple"})
_FIELDS: dict = {}


def child_fields(cls) -> tuple:
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = tuple(f for f in cls._fields if f not in _SKIPPED)
    return fields


_LOCATED: dict = {}


def has_location(cls) -> bool:
    """Whether nodes of class `cls` carry a line and column (statements, expressions, ...)."""
    located = _LOCATED.get(cls)
    if located is None:
        located = _LOCATED[cls] = "lineno" in cls._attributes
    return located


_METHODS: dict = {}   # (visitor class, node class) -> its visit_ method, or None


def _method(visitor_cls, node_cls):
    key = (visitor_cls, node_cls)
    try:
        return _METHODS[key]
    except KeyError:
        m = getattr(visitor_cls, "visit_" + node_cls.__name__, None)
        if m is ast.NodeVisitor.visit_Constant:  # a shim for the pre-3.8 visit_Num & co.
            m = None
        _METHODS[key] = m
        return m


def iter_child_nodes(node):
    """Like `ast.iter_child_nodes`, without contexts and operators."""
    for name in child_fields(type(node)):
        value = getattr(node, name, None)
        if type(value) is list:
            for item in value:
                if isinstance(item, ast.AST):
                    yield item
        elif isinstance(value, ast.AST):
            yield value


def walk(node) -> list:
    """`node` and every node under it, depth first, without contexts and operators.

    For the analyses that look at every node and need no order (`gast.walk`
    goes breadth first through `ast.iter_fields` generators, and yields every
    `Load` and operator too).
    """
    out = []
    todo = [node]
    pop, push, extend, keep = todo.pop, todo.append, todo.extend, out.append
    AST = ast.AST
    while todo:
        n = pop()
        if not isinstance(n, AST):
            continue
        keep(n)
        cls = type(n)
        fields = _FIELDS.get(cls)
        if fields is None:
            fields = child_fields(cls)
        for f in fields:
            v = getattr(n, f, None)
            if type(v) is list:
                extend(v)
            elif isinstance(v, AST):
                push(v)
    return out


class _Dispatch:
    """`visit` through a table per visitor class: node class -> its visit_ method or None."""
    _table: dict = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._table = {}

    def visit(self, node):
        cls = type(node)
        try:
            m = self._table[cls]
        except KeyError:
            m = self._table[cls] = _method(type(self), cls)
        return self.generic_visit(node) if m is None else m(self, node)


class Transformer(_Dispatch, gast.NodeTransformer):
    def generic_visit(self, node):
        # self.visit(child), with its dispatch written out: this runs for every node
        # of every pass.
        table, generic, AST = self._table, self.generic_visit, ast.AST
        cls = type(node)
        fields = _FIELDS.get(cls)
        for name in child_fields(cls) if fields is None else fields:
            old = getattr(node, name, None)
            if type(old) is list:
                if not old:
                    continue
                new = []
                for item in old:
                    if isinstance(item, AST):
                        try:
                            m = table[type(item)]
                        except KeyError:
                            m = table[type(item)] = _method(type(self), type(item))
                        item = generic(item) if m is None else m(self, item)
                        if item is None:
                            continue
                        if type(item) is list:
                            new.extend(item)
                            continue
                    new.append(item)
                old[:] = new
            elif isinstance(old, AST):
                try:
                    m = table[type(old)]
                except KeyError:
                    m = table[type(old)] = _method(type(self), type(old))
                new = generic(old) if m is None else m(self, old)
                if new is None:
                    delattr(node, name)
                else:
                    setattr(node, name, new)
        return node


class Visitor(_Dispatch, gast.NodeVisitor):
    def generic_visit(self, node):
        visit, AST = self.visit, ast.AST
        cls = type(node)
        fields = _FIELDS.get(cls)
        for name in child_fields(cls) if fields is None else fields:
            value = getattr(node, name, None)
            if type(value) is list:
                for item in value:
                    if isinstance(item, AST):
                        visit(item)
            elif isinstance(value, AST):
                visit(value)


class StatementTransformer(Transformer):
    def generic_visit(self, node):
        for field in node._fields:
            block = getattr(node, field, None)
            if not (type(block) is list and block and isinstance(block[0], _BLOCK_ITEMS)):
                continue
            new = []
            for item in block:
                out = self.visit(item)
                if out is None:
                    continue
                if type(out) is list:
                    new.extend(out)
                else:
                    new.append(out)
            block[:] = new
        return node
