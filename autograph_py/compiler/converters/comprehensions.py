"""Comprehensions become runtime objects that know a traced iterable.

    sum(v * v for v in xs if v > 0)
        ==>   sum(ag__.comprehension(xs, lambda v: v * v, lambda v: v > 0))
    [f(i, x) for i, x in enumerate(xs)]
        ==>   ag__.list_comprehension(enumerate(xs), lambda item: (lambda i, x: f(i, x))(*item),
                                      None)
    sum(a * b for a in xs for b in ys if b < a)
        ==>   sum(ag__.nested_comprehension(xs, lambda a: ag__.comprehension(
                      ys, lambda b: a * b, lambda b: b < a), None))
    {k: v for k, v in pairs}  ==>  ag__.dict_comprehension(pairs, lambda item: (lambda k, v:
                                                           (k, v))(*item), None)

The first iterable is evaluated where the comprehension is, as Python does;
each later clause's iterable, the item's value and the conditions become
lambdas, so they keep the comprehension's own scope and are evaluated per
item. A reduction over the result (`sum`, `any`, `all`, `max`, `min`) is then
one loop when the iterable is traced, a loop in a loop for several clauses
(runtime/comprehensions.py). Left as they are: async clauses, nested tuple
targets, and comprehensions that use `:=` or `yield`.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


# The runtime operator of each kind (one `for` clause; with several, "nested_" + it).
_OPERATORS = {gast.GeneratorExp: "comprehension", gast.ListComp: "list_comprehension",
              gast.SetComp: "set_comprehension", gast.DictComp: "dict_comprehension"}


def _operator_call(name, iterable, value, keep):
    """`ag__.<name>(iterable, value, keep)`."""
    return gast.Call(gast.Attribute(gast.Name("ag__", gast.Load(), None, None), name,
                                    gast.Load()), [iterable, value, keep], [])


def _flat_target(target):
    """The target's names (one name, or a flat tuple of them), or None."""
    if isinstance(target, gast.Name):
        return [target.id]
    if isinstance(target, (gast.Tuple, gast.List)) and all(
            isinstance(e, gast.Name) for e in target.elts):
        return [e.id for e in target.elts]
    return None


def _args(names):
    return gast.arguments([gast.Name(n, gast.Param(), None, None) for n in names], [], None, [],
                          [], None, [])


def _lambda(target, expr, item_name):
    """`lambda x: expr`, or for a tuple target `lambda item: (lambda a, b: expr)(*item)`."""
    names = _flat_target(target)
    if isinstance(target, gast.Name):
        return gast.Lambda(_args(names), expr)
    inner = gast.Lambda(_args(names), expr)
    call = gast.Call(inner, [gast.Starred(gast.Name(item_name, gast.Load(), None, None),
                                          gast.Load())], [])
    return gast.Lambda(_args([item_name]), call)


# Builtins that consume a generator expression handed to them at once: a closure over the
# comprehension's variable inside it is done before the next item (`[sum(v * i for v in
# xs) for i in ys]`).
_CONSUMERS = frozenset({"sum", "any", "all", "max", "min", "len", "list", "tuple", "sorted",
                        "set", "dict", "frozenset"})


def _late_bound(node) -> bool:
    """Whether a lambda (or a generator expression that outlives the item) in `node` reads
    one of its `for` targets. Python's comprehension has one scope: such a closure sees
    the variable's last value (`[lambda y: y * i for i in range(3)]` scales by 2 three
    times), where the runtime's per-item lambda would bind each item's own: the
    comprehension stays Python's."""
    targets = {n.id for gen in node.generators for n in visitors.walk(gen.target)
               if isinstance(n, gast.Name)}
    consumed = {id(a) for n in visitors.walk(node) if isinstance(n, gast.Call) and isinstance(
        n.func, gast.Name) and n.func.id in _CONSUMERS
        for a in n.args + [k.value for k in n.keywords]}   # `max(xs, key=lambda v: v * i)`
    # (The first `for`'s iterable runs in the enclosing scope: `filter(lambda x: ..., xs)`
    # there sees no target, and a lambda's own parameters hide the targets it names.)
    outside = {id(n) for n in visitors.walk(node.generators[0].iter)}
    for n in visitors.walk(node):
        if n is node or not isinstance(n, (gast.Lambda, gast.GeneratorExp)) or id(
                n) in consumed | outside:
            continue
        parts = [n.body] if isinstance(n, gast.Lambda) else [n.elt] + [
            x for k, gen in enumerate(n.generators) for x in ([gen.iter] if k else []) + gen.ifs]
        own = {a.id for a in [*n.args.posonlyargs, *n.args.args, *n.args.kwonlyargs,
                              n.args.vararg, n.args.kwarg] if a is not None} if isinstance(
            n, gast.Lambda) else set()
        if any(isinstance(m, gast.Name) and m.id in targets - own for p in parts
               for m in visitors.walk(p)):
            return True
    return False


def _convertible(node) -> bool:
    if any(gen.is_async or _flat_target(gen.target) is None for gen in node.generators):
        return False
    return not any(isinstance(n, (gast.NamedExpr, gast.Yield, gast.YieldFrom, gast.Await))
                   for n in visitors.walk(node))


class _Comprehensions(visitors.Transformer):
    def __init__(self, ctx):
        self.namer = ctx.namer

    def _keep(self, gen, item):
        if not gen.ifs:
            return gast.Constant(None, None)
        test = gen.ifs[0] if len(gen.ifs) == 1 else gast.BoolOp(gast.And(), list(gen.ifs))
        return _lambda(gen.target, test, item)

    def _rewrite(self, node):
        late = _late_bound(node)   # before its own comprehensions become lambdas
        self.generic_visit(node)
        if late or not _convertible(node):
            return node
        kind = _OPERATORS[type(node)]
        value = (gast.Tuple([node.key, node.value], gast.Load())
                 if isinstance(node, gast.DictComp) else node.elt)
        # Inside out: each later clause is a generator its outer clause's value makes; the
        # outermost is the node's own kind.
        last = len(node.generators) - 1
        for k in range(last, -1, -1):
            gen, item = node.generators[k], self.namer.new("item")
            name = ((f"nested_{kind}" if last else kind) if k == 0 else
                    "nested_comprehension" if k < last else "comprehension")
            value = _operator_call(name, gen.iter, _lambda(gen.target, value, item),
                                   self._keep(gen, item))
        return templates.located(value, node)

    visit_GeneratorExp = visit_ListComp = visit_SetComp = visit_DictComp = _rewrite

    def visit_Call(self, node):
        """`sum([f(x) for x in xs if c(x)])`: a list comprehension handed straight to a
        function a name calls is `ag__.list_argument(sum, ...)`, which gives the builtin
        reductions the generator (runtime/builtins.list_argument), anyone else the list;
        `len(list(filter(c, xs)))` is `ag__.listed(len, list, filter(c, xs))` alike."""
        lists = [k for k, a in enumerate(node.args) if isinstance(a, gast.ListComp)]
        self.generic_visit(node)
        if not isinstance(node.func, gast.Name):
            return node
        for k, arg in enumerate(node.args):
            if (isinstance(arg, gast.Call) and isinstance(arg.func, gast.Name)
                    and arg.func.id == "list" and len(arg.args) == 1 and not arg.keywords
                    and not isinstance(arg.args[0], gast.Starred)):
                node.args[k] = templates.located(_operator_call(
                    "listed", gast.Name(node.func.id, gast.Load(), None, None), arg.func,
                    arg.args[0]), arg)
        for k in lists:
            arg = node.args[k]
            name = getattr(getattr(arg, "func", None), "attr", None)
            if name in ("list_comprehension", "nested_list_comprehension"):
                arg.func.attr = "list_argument"
                arg.args.insert(0, gast.Name(node.func.id, gast.Load(), None, None))
                if name.startswith("nested"):
                    arg.keywords = [gast.keyword("nested", gast.Constant(True, None))]
        return node


def transform(node, ctx):
    return _Comprehensions(ctx).visit(node)
