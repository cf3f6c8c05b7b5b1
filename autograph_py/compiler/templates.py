"""Code templates that are real Python.

A template is an ordinary function in a converter module; its parameters are
the placeholders and its body is the code to emit:

    def _assign_flag(flag):
        flag = True

`replace(_assign_flag, flag="break_")` returns the body as gast statements with
every placeholder filled.  A placeholder may be filled with:

- a str: the name is renamed (also as a function name, argument or nonlocal);
- a gast expression: the Name is replaced by a copy of it;
- a list of statements: an expression statement consisting only of the
  placeholder is replaced by those statements (none: the line goes, and a
  block left empty gets `pass`);
- a list of str: in `nonlocal`/`global` and in a tuple, the placeholder expands.

A placeholder that is not filled, or a fill that names no placeholder, is an
error: templates fail loudly rather than emit half-filled code.
"""
from __future__ import annotations

import ast
import copy
import copyreg
import inspect
import io
import pickle
import textwrap

import gast

from autograph_py.compiler import visitors

_PARSED: dict = {}
_LOCATION = ("lineno", "col_offset", "end_lineno", "end_col_offset")


def _parse_template(fn):
    parsed = _PARSED.get(fn)
    if parsed is None:
        src = textwrap.dedent(inspect.getsource(fn))
        fdef = gast.parse(src).body[0]
        for n in gast.walk(fdef):  # generated code takes the user's location, see located()
            for attr in _LOCATION:
                if hasattr(n, attr):
                    setattr(n, attr, None)
        params = tuple(a.id for a in fdef.args.args)
        # Unpickling a tree is several times faster than copy.deepcopy of it.
        buffer = io.BytesIO()
        _Pickler(buffer, pickle.HIGHEST_PROTOCOL).dump(fdef.body)
        parsed = _PARSED[fn] = (params, buffer.getvalue())
    return parsed


class _Pickler(pickle.Pickler):
    """Pickles a node as its class and its __dict__ (NEWOBJ, then BUILD).

    A node's own reduction (the class called with no arguments) unpickles
    through gast's Python constructor, which then does nothing: the fields
    and locations come from the __dict__ either way. Without it a template
    unpickles in C alone.
    """

    def reducer_override(self, obj):
        if isinstance(obj, ast.AST):
            return copyreg.__newobj__, (type(obj),), obj.__dict__
        return NotImplemented


class _Filler(visitors.Transformer):
    def __init__(self, subs):
        self.subs = subs
        self.used = set()
        self.taken = set()

    def _take(self, name, value):
        """The user's node itself the first time it is placed, a copy after that."""
        if name in self.taken:
            return copy.deepcopy(value)
        self.taken.add(name)
        return value

    def _sub(self, name):
        if name in self.subs:
            self.used.add(name)
            return True
        return False

    def visit_Name(self, node):
        if not self._sub(node.id):
            return node
        value = self.subs[node.id]
        if isinstance(value, str):
            node.id = value
            return node
        if isinstance(value, gast.expr):
            new = self._take(node.id, value)
            if hasattr(new, "ctx"):
                _set_ctx(new, node.ctx)
            return new
        raise TypeError(f"template placeholder {node.id!r} cannot be filled with "
                        f"{type(value).__name__} in an expression")

    def visit_Expr(self, node):
        if isinstance(node.value, gast.Name) and node.value.id in self.subs:
            value = self.subs[node.value.id]
            if isinstance(value, list) and all(isinstance(s, gast.stmt) for s in value):
                self.used.add(node.value.id)
                return value  # an empty list removes the line (see generic_visit)
        return self.generic_visit(node)

    def generic_visit(self, node):
        node = super().generic_visit(node)
        if isinstance(getattr(node, "body", None), list) and not node.body:
            node.body = [gast.Pass()]  # a block whose placeholder was filled with nothing
        return node

    def visit_Tuple(self, node):
        elts = []
        for e in node.elts:
            if isinstance(e, gast.Name) and e.id in self.subs and isinstance(self.subs[e.id], list):
                self.used.add(e.id)
                first = e.id not in self.taken
                self.taken.add(e.id)
                elts.extend(gast.Name(n, node.ctx, None, None) if isinstance(n, str)
                            else n if first else copy.deepcopy(n) for n in self.subs[e.id])
            else:
                elts.append(self.visit(e))
        node.elts = elts
        for e in elts:
            _set_ctx(e, node.ctx)
        return node

    def _names(self, names):
        out = []
        for n in names:
            if self._sub(n):
                value = self.subs[n]
                out.extend([value] if isinstance(value, str) else value)
            else:
                out.append(n)
        return out

    def visit_Nonlocal(self, node):
        node.names = self._names(node.names)
        return node if node.names else None

    visit_Global = visit_Nonlocal

    def visit_FunctionDef(self, node):
        if self._sub(node.name):
            node.name = self.subs[node.name]
        return self.generic_visit(node)

    def visit_arg(self, node):  # pragma: no cover - gast uses Name for args
        return node


def _set_ctx(node, ctx):
    if isinstance(node, (gast.Name, gast.Attribute, gast.Subscript, gast.Starred)):
        node.ctx = ctx
    if isinstance(node, (gast.Tuple, gast.List)):
        node.ctx = ctx
        for e in node.elts:
            _set_ctx(e, ctx)


def replace(template, **subs) -> list:
    """Fill `template`'s placeholders with `subs`; return a list of statements."""
    params, body = _parse_template(template)
    missing = set(params) - set(subs)
    extra = set(subs) - set(params)
    if missing or extra:
        raise ValueError(f"template {template.__name__}: missing placeholders {sorted(missing)}, "
                         f"unknown placeholders {sorted(extra)}")
    filler = _Filler(subs)
    out = []
    for stmt in pickle.loads(body):
        new = filler.visit(stmt)
        out.extend(new if isinstance(new, list) else [new])
    unused = set(subs) - filler.used
    if unused:
        raise ValueError(f"template {template.__name__}: placeholders {sorted(unused)} "
                         "do not occur in its body")
    return out


def replace_expr(template, **subs):
    """Like `replace` for a template whose body is one expression statement."""
    (stmt,) = replace(template, **subs)
    if not isinstance(stmt, gast.Expr):
        raise ValueError(f"template {template.__name__} is not a single expression")
    return stmt.value


def located(nodes, origin):
    """Gives template nodes (which have no location) the location of `origin`.

    Generated code then reports the line of the user statement it replaces.
    """
    todo = list(nodes) if isinstance(nodes, list) else [nodes]
    pop, push, extend = todo.pop, todo.append, todo.extend
    located, fields_of, AST = visitors.has_location, visitors.child_fields, ast.AST
    while todo:
        n = pop()
        if not isinstance(n, AST):
            continue   # a name in `nonlocal`, a None default: not a node
        cls = type(n)
        if located(cls):
            if getattr(n, "lineno", None) is not None:
                continue  # user code, or generated code located before: done
            # One point, not the origin's span: CPython reports a method call
            # at its attribute's *end* line, which must be the origin's line.
            n.lineno = n.end_lineno = origin.lineno
            n.col_offset = n.end_col_offset = origin.col_offset
        for f in fields_of(cls):
            v = getattr(n, f, None)
            if type(v) is list:
                extend(v)
            elif isinstance(v, AST):
                push(v)
    return nodes
