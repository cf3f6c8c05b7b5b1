"""Item reads and writes go through runtime operators that know traced indices and JAX arrays.

    y = x[i]                 ==>   y = ag__.getitem(x, i)
    y = x[i:i + 2]           ==>   y = ag__.getitem(x, ag__.span(i, 2))
    x[i] = v                 ==>   x = ag__.setitem(x, i, v)
    x[i] += v                ==>   item_index = i
                                   item = ag__.getitem(x, item_index)
                                   item += v
                                   x = ag__.setitem(x, item_index, item)
    g[i][j] = v              ==>   g = ag__.setitem(g, i, ag__.setitem(ag__.getitem(g, i), j, v))
    x[i], x[j] = x[j], x[i]  ==>   item, item_1 = (ag__.getitem(x, j), ag__.getitem(x, i))
                                   x = ag__.setitem(x, i, item)
                                   x = ag__.setitem(x, j, item_1)

A read whose index is a constant (`x[0]`, `d["k"]`, `x[:, 1]`) stays Python.
A write is rewritten only where its base is a local name: the assignment
makes the new array visible to the analyses (a branch or loop output), and
a global or closure must not become a local. Where the base is a global or
an enclosing function's name and an index is computed, `G[i] = v` becomes
`ag__.setitem_outside(G, i, v)`: its list or dict changes in place (a traced
index too), with nothing rebound. For a list, dict or NumPy array
`setitem` changes the object in place and returns it, so the name keeps
naming the same object. Index expressions that are not names or constants
are bound to fresh names first, so each is evaluated once, in Python's order.
"""
from __future__ import annotations

import copy

import gast

from autograph_py.compiler.analysis import activity
from autograph_py.compiler import anno, scopes, templates, visitors

NEEDS = ("activity",)


def _getitem(target, index):
    ag__.getitem(target, index)  # noqa: F821


def _setitem(target, index, value):
    ag__.setitem(target, index, value)  # noqa: F821


def _setitem_outside(target, index, value):
    ag__.setitem_outside(target, index, value)  # noqa: F821


def _delitem(target, index):
    ag__.delitem(target, index)  # noqa: F821


def _span(start, size):
    ag__.span(start, size)  # noqa: F821


def _assign(target, value):
    target = value


def _slice(lower, upper, step):
    ag__.slice(lower, upper, step)  # noqa: F821 - the builtin, not a converted call


def _constant_index(node) -> bool:
    if isinstance(node, gast.Constant):
        return True
    if isinstance(node, gast.Slice):
        return all(p is None or _constant_index(p) for p in (node.lower, node.upper, node.step))
    if isinstance(node, gast.Tuple):
        return all(_constant_index(e) for e in node.elts)
    if isinstance(node, gast.UnaryOp):
        return _constant_index(node.operand)
    return False


def _simple(node) -> bool:
    """An expression that reads names only (evaluating it twice is like evaluating it once)."""
    return all(isinstance(n, (gast.Name, gast.Constant, gast.Attribute, gast.BinOp, gast.UnaryOp,
                              gast.Load, gast.operator, gast.unaryop, gast.expr_context))
               for n in visitors.walk(node))


def _text(node) -> str:
    return activity.composite_text(node)


def _span_size(sl):
    """For `a:a + n` (or `a:n + a`): n; else None.

    `a` is then evaluated once, not twice as written: the same value, unless
    evaluating it has effects, which an index expression should not have.
    """
    if sl.step is not None or sl.lower is None or not isinstance(sl.upper, gast.BinOp):
        return None
    up = sl.upper
    if not isinstance(up.op, gast.Add):
        return None
    lower = _text(sl.lower)
    if _text(up.left) == lower and _simple(up.right):
        return up.right
    if _text(up.right) == lower and _simple(up.left):
        return up.left
    return None


def _handed_back(fn, nodes) -> tuple:
    """The parameters `fn` may change in place: item-assigned or passed to a call, and
    never rebound (runtime/written_back.py). `nodes`: walk_own_scope of its body."""
    params = activity.function_scope(fn).params
    changed, rebound = set(), set()
    for n in nodes:
        if isinstance(n, gast.Name) and isinstance(n.ctx, (gast.Store, gast.Del)):
            rebound.add(n.id)
        elif isinstance(n, (gast.Assign, gast.AugAssign)):
            for t in (n.targets if isinstance(n, gast.Assign) else [n.target]):
                for sub in visitors.walk(t):
                    if isinstance(sub, gast.Subscript) and isinstance(sub.ctx, gast.Store):
                        root = sub
                        while isinstance(root, gast.Subscript):
                            root = root.value
                        if isinstance(root, gast.Name):
                            changed.add(root.id)
        elif isinstance(n, gast.Call):
            changed.update(a.id for a in n.args if isinstance(a, gast.Name))
    return tuple(sorted((changed & params) - rebound))


def _index_value(node):
    """An index as a value: slices become `slice(...)` or `ag__.span(...)` calls."""
    if isinstance(node, gast.Slice):
        size = _span_size(node)
        if size is not None:
            return templates.located(templates.replace_expr(_span, start=node.lower, size=size),
                                     node.lower)
        parts = {k: getattr(node, k) or gast.Constant(None, None)
                 for k in ("lower", "upper", "step")}
        return templates.replace_expr(_slice, **parts)
    if isinstance(node, gast.Tuple):
        return gast.Tuple([_index_value(e) for e in node.elts], gast.Load())
    return node


def _root_node(root):
    """A load of a subscript chain's base: a name, or a copy of `obj.items`'s node."""
    return gast.Name(root, gast.Load(), None, None) if isinstance(root, str) else (
        copy.deepcopy(root))


def _load(node):
    for n in visitors.walk(node):
        if hasattr(n, "ctx"):
            n.ctx = gast.Load()
    return node


class _Subscripts(scopes.FunctionStack, visitors.Transformer):
    def __init__(self, ctx):
        self.namer = ctx.namer
        self.functions = [frozenset()]   # per function: the names it binds

    def enter(self, node):
        nodes = scopes.walk_own_scope(node.body)
        anno.set(node, anno.HANDED_BACK, _handed_back(node, nodes))
        return frozenset(activity.bound_names(node, nodes))

    def visit_Lambda(self, node):
        self.functions.append(frozenset())   # a lambda binds no name it could rebind
        self.generic_visit(node)
        self.functions.pop()
        return node

    def visit_Subscript(self, node):
        self.generic_visit(node)
        if not isinstance(node.ctx, gast.Load) or _constant_index(node.slice):
            return node
        new = templates.replace_expr(_getitem, target=node.value, index=_index_value(node.slice))
        return templates.located(new, node)

    # ---------------------------------------------------------------- writes

    def _root(self, target, outside=False):
        """The local name at the base of a subscript chain `x[i][j]`, or None.
        `outside`: a name not local instead (a global's, a closure's), where an index of
        the chain is computed (`G[i] = v`; `G[0] = v` stays Python's).

        A chain ending in a constant str key (`d["k"] = v`, `cfg["a"][i] = v`) is a
        dict's item: it stays a statement, which the analyses take as a write of
        that item alone (so the rest of the dict need not be state).
        """
        if isinstance(target.slice, gast.Constant) and isinstance(target.slice.value, str):
            return None
        computed = False
        while isinstance(target, gast.Subscript):
            computed |= not _constant_index(target.slice)
            target = target.value
        if isinstance(target, gast.Name) and (target.id in self.functions[-1]) != outside and (
                computed or not outside):
            return target.id
        if outside and computed and isinstance(target, gast.Attribute):   # `obj.items[i]`
            return activity.composite_text(target)
        return None

    def _bound(self, expr, out, root="item_index"):
        """`expr`, or a fresh name bound to it (appended to `out`) if evaluating it twice
        could differ from evaluating it once."""
        if _simple(expr):
            return expr
        name = self.namer.new(root)
        out.extend(templates.replace(_assign, target=name, value=expr))
        return gast.Name(name, gast.Load(), None, None)

    def _indices(self, target, out):
        """(root name, index values from the root out) of a subscript chain `x[i][j]`,
        each index bound to a fresh name first where evaluating it twice could differ."""
        chain = []
        while isinstance(target, gast.Subscript):
            chain.append(target.slice)
            target = target.value
        root = target.id if isinstance(target, gast.Name) else self.visit(target)
        return root, [self._bound(self.visit(_index_value(s)), out) for s in reversed(chain)]

    def _stored(self, root, indices, value, outside=False):
        """`root = ag__.setitem(root, i, ag__.setitem(ag__.getitem(root, i), j, value))`;
        `outside` (a name not local): `ag__.setitem_outside(root, i, ...)`, rebinding none."""
        bases = [_root_node(root)]
        for index in indices[:-1]:
            bases.append(templates.replace_expr(_getitem, target=bases[-1], index=index))
        pairs = list(reversed(list(zip(bases, indices))))
        for base, index in pairs[:-1] if outside else pairs:
            value = templates.replace_expr(_setitem, target=base, index=index, value=value)
        if outside:
            return [gast.Expr(templates.replace_expr(_setitem_outside, target=bases[0],
                                                     index=indices[0], value=value))]
        return templates.replace(_assign, target=root, value=value)

    def _outside(self, node, target):
        """`G[i] = v` (or `+=`) of a name not local: setitem_outside (see _stored)."""
        out = []
        root, indices = self._indices(target, out)
        value = self.visit(node.value)
        if isinstance(node, gast.AugAssign):
            read = _root_node(root)
            for index in indices:
                read = templates.replace_expr(_getitem, target=read, index=index)
            value = gast.BinOp(read, node.op, value)
        out.extend(self._stored(root, indices, value, outside=True))
        return templates.located(out, node)

    def _store(self, target, value, out):
        outside = self._root(target) is None   # a global's or closure's (`_root`)
        root, indices = self._indices(target, out)
        out.extend(self._stored(root, indices, value, outside))

    def visit_Assign(self, node):
        if len(node.targets) == 1 and isinstance(node.targets[0], gast.Subscript) and (
                self._root(node.targets[0], outside=True)):
            return self._outside(node, node.targets[0])
        writes = [t for t in node.targets if self._rewritable(t)]
        if not writes:
            return self.generic_visit(node)
        node.value = self.visit(node.value)
        out = []
        if len(node.targets) == 1 and isinstance(node.targets[0], gast.Subscript):
            value = self._bound(node.value, out, "item")
            self._store(node.targets[0], value, out)
            return templates.located(out, node)
        value = self._bound(node.value, out, "item") if len(node.targets) > 1 else node.value
        for target in node.targets:
            stores = []
            target = self._unpacked(target, stores)
            out.extend(templates.located(
                templates.replace(_assign, target=target, value=value), node))
            for sub, name in stores:
                value = gast.Name(name, gast.Load(), None, None)
                if isinstance(sub, gast.Subscript) and self._rewritable(sub):
                    self._store(sub, value, out)
                else:
                    out.extend(templates.replace(_assign, target=self.visit(sub), value=value))
        return templates.located(out, node)

    def _rewritable(self, target) -> bool:
        if isinstance(target, gast.Subscript):
            return self._root(target) is not None or self._root(target, outside=True) is not None
        if isinstance(target, (gast.Tuple, gast.List)):
            return any(self._rewritable(e) for e in target.elts)
        if isinstance(target, gast.Starred):
            return self._rewritable(target.value)
        return False

    def _unpacked(self, target, stores, every=False):
        """`target` with each rewritable subscript replaced by a fresh name (in `stores`);
        in a tuple that has one, every target is (`every`): the stores then run in
        Python's order, left to right (`G[i], G[0] = G[0], x` with i == 0 ends with x)."""
        if isinstance(target, gast.Subscript) and self._rewritable(target) or every and (
                isinstance(target, (gast.Subscript, gast.Attribute, gast.Name))):
            name = self.namer.new("item")
            stores.append((target, name))
            return gast.Name(name, gast.Store(), None, None)
        if isinstance(target, (gast.Tuple, gast.List)):
            every = every or self._rewritable(target)
            target.elts = [self._unpacked(e, stores, every) for e in target.elts]
        elif isinstance(target, gast.Starred):
            target.value = self._unpacked(target.value, stores, every)
        else:
            target = self.visit(target)
        return target

    def visit_Delete(self, node):
        """`del x[i]` with a computed index: ag__.delitem (a traced index into a list)."""
        if not any(isinstance(t, gast.Subscript) and not _constant_index(t.slice)
                   for t in node.targets):
            return self.generic_visit(node)
        out = []
        for t in node.targets:   # one at a time, in Python's order
            if isinstance(t, gast.Subscript) and not _constant_index(t.slice):
                out.append(gast.Expr(templates.replace_expr(
                    _delitem, target=self.visit(t.value), index=self.visit(_index_value(t.slice)))))
            else:
                out.append(self.generic_visit(gast.Delete([t])))
        return templates.located(out, node)

    def visit_AugAssign(self, node):
        target = node.target
        if isinstance(target, gast.Subscript) and self._root(target, outside=True):
            return self._outside(node, target)
        if not (isinstance(target, gast.Subscript) and self._root(target) is not None):
            return self.generic_visit(node)
        out = []
        root, indices = self._indices(target, out)
        read = gast.Name(root, gast.Load(), None, None)
        for index in indices:
            read = templates.replace_expr(_getitem, target=read, index=index)
        item = self.namer.new("item")
        out.extend(templates.replace(_assign, target=item, value=read))
        out.append(gast.AugAssign(gast.Name(item, gast.Store(), None, None), node.op,
                                  self.visit(node.value)))
        out.extend(self._stored(root, indices, gast.Name(item, gast.Load(), None, None)))
        return templates.located(out, node)


def transform(node, ctx):
    return _Subscripts(ctx).visit(node)
