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


class Transformer(gast.NodeTransformer):
    def visit(self, node):
        m = _method(type(self), type(node))
        return self.generic_visit(node) if m is None else m(self, node)

    def generic_visit(self, node):
        visit = self.visit
        for name in child_fields(type(node)):
            old = getattr(node, name, None)
            if type(old) is list:
                new = []
                for item in old:
                    if isinstance(item, ast.AST):
                        item = visit(item)
                        if item is None:
                            continue
                        if type(item) is list:
                            new.extend(item)
                            continue
                    new.append(item)
                old[:] = new
            elif isinstance(old, ast.AST):
                new = visit(old)
                if new is None:
                    delattr(node, name)
                else:
                    setattr(node, name, new)
        return node


class Visitor(gast.NodeVisitor):
    def visit(self, node):
        m = _method(type(self), type(node))
        return self.generic_visit(node) if m is None else m(self, node)

    def generic_visit(self, node):
        for child in iter_child_nodes(node):
            self.visit(child)


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
