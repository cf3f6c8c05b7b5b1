"""A local passed to a call gets back the array the callee item-assigned (runtime/written_back.py).

    heapify(a, n, i)      ==>   ag__wb = ag__.written_mark()
                                ag__.converted_call(heapify, (a, n, i), None)
                                a = ag__.latest(a, ag__wb)
                                n = ag__.latest(n, ag__wb)
                                i = ag__.latest(i, ag__wb)

Only bare local names passed as arguments, after simple statements (an
expression, an assignment); calls of builtins and of `jnp.`/`np.`/`jax.`/
`lax.`/`math.` functions are skipped, since they change no array in place.
`latest` is the value itself unless the call replaced it. A function that
may change a parameter in place (anno HANDED_BACK, set by subscripts.py)
hands its final value back at each exit:

    def swap(a, i, j):                 def swap(a, i, j):
        a[i], a[j] = a[j], a[i]   ==>      ...
                                           ag__.give_back(('a',), (a,))
"""
from __future__ import annotations

import gast

from autograph_py.compiler.analysis import activity
from autograph_py.compiler import anno, scopes, templates, visitors

NEEDS = ("activity",)

_NO_WRITES = frozenset({
    "print", "len", "range", "int", "float", "bool", "complex", "str", "repr", "format",
    "min", "max", "sum", "abs", "round", "divmod", "pow", "any", "all", "sorted", "reversed",
    "enumerate", "zip", "map", "filter", "list", "tuple", "dict", "set", "isinstance", "type",
    "hasattr", "getattr", "id", "hash", "iter", "next"})
_LIBRARY_ROOTS = frozenset({"jnp", "np", "numpy", "jax", "lax", "math"})


def _mark():
    ag__wb = ag__.written_mark()  # noqa: F821, F841 - the statement's own hand-backs follow


def _latest(name):
    name = ag__.latest(name, ag__wb)  # noqa: F821


def _give_back(names, values):
    ag__.give_back(names, values)  # noqa: F821


def _converted_calls(stmt):
    """The `ag__.converted_call(f, args, kwargs)` nodes of a simple statement (not inside
    lambdas, whose calls run later)."""
    todo = [stmt]
    while todo:
        n = todo.pop()
        if isinstance(n, gast.Lambda):
            continue
        if (isinstance(n, gast.Call) and isinstance(n.func, gast.Attribute)
                and n.func.attr == "converted_call" and isinstance(n.func.value, gast.Name)
                and n.func.value.id == "ag__" and len(n.args) == 3):
            yield n
        todo.extend(visitors.iter_child_nodes(n))


def _may_write(func) -> bool:
    if isinstance(func, gast.Name):
        return func.id not in _NO_WRITES
    root = func
    while isinstance(root, gast.Attribute):
        root = root.value
    return not (isinstance(root, gast.Name) and root.id in _LIBRARY_ROOTS)


def _argument_names(call) -> list:
    func, args, kwargs = call.args
    if not _may_write(func):
        return []
    values = list(args.elts) if isinstance(args, gast.Tuple) else []
    if isinstance(kwargs, gast.Dict):
        values += [v for k, v in zip(kwargs.keys, kwargs.values) if k is not None]
    return [v.id for v in values if isinstance(v, gast.Name)]


_LITERALS = (gast.Dict, gast.List, gast.Set, gast.DictComp, gast.ListComp, gast.SetComp)


def _containers(fn, nodes) -> set:
    """Locals that only ever hold a dict, list or set literal (or another such local): a
    callee changes those in place, so they need no write-back (and an assignment of one
    in a traced loop would only add it to the loop's state). `nodes`: walk_own_scope of
    its body."""
    values, plain = {}, set()
    for n in scopes.own_statements(fn.body):
        if (isinstance(n, gast.Assign) and len(n.targets) == 1
                and isinstance(n.targets[0], gast.Name)):
            values.setdefault(n.targets[0].id, []).append(n.value)
            plain.add(id(n.targets[0]))
    other = set(activity.function_scope(fn).params) | {   # bound some other way too
        n.id for n in nodes
        if isinstance(n, gast.Name) and isinstance(n.ctx, (gast.Store, gast.Del))
        and id(n) not in plain}
    found, changed = set(), True
    while changed:
        changed = False
        for name, vs in values.items():
            if name in found or name in other:
                continue
            if all(isinstance(v, _LITERALS) or (isinstance(v, gast.Name) and v.id in found)
                   for v in vs):
                found.add(name)
                changed = True
    return found


class _WrittenBack(scopes.FunctionStack, visitors.StatementTransformer):
    def __init__(self):
        self.functions = [frozenset()]   # per function: the locals a call may hand back

    def enter(self, node):
        nodes = scopes.walk_own_scope(node.body)
        return frozenset(activity.bound_names(node, nodes)) - _containers(node, nodes)

    def function(self, node):
        self.generic_visit(node)
        params = anno.get(node, anno.HANDED_BACK)
        if params:
            _give_back_at_exits(node, params)
        return node

    def _after(self, node):
        names = []
        for call in _converted_calls(node):
            for name in _argument_names(call):
                if name in self.functions[-1] and name not in names and name != "ag__":
                    names.append(name)
        if not names:
            return node
        out = [*templates.located(templates.replace(_mark), node), node]
        for name in names:
            out.extend(templates.located(templates.replace(_latest, name=name), node))
        return out

    visit_Expr = visit_Assign = visit_AugAssign = visit_AnnAssign = _after


def _give_back_at_exits(fn, params):
    """`ag__.give_back(params, values)` before each top-level `return` and at the end
    (return_statements has made every other `return` a flag by now)."""
    def give():
        names = gast.Tuple([gast.Constant(p, None) for p in params], gast.Load())
        values = gast.Tuple([gast.Name(p, gast.Load(), None, None) for p in params], gast.Load())
        return templates.replace(_give_back, names=names, values=values)
    body = []
    for stmt in fn.body:
        if isinstance(stmt, gast.Return):
            body.extend(templates.located(give(), stmt))
        body.append(stmt)
    if not body or not isinstance(body[-1], (gast.Return, gast.Raise)):
        body.extend(templates.located(give(), fn.body[-1]))
    fn.body = body


def transform(node, ctx):
    return _WrittenBack().visit(node)
