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

import copy
from dataclasses import dataclass

import gast

from autograph_py.compiler.analysis import activity
from autograph_py.labels import RETURN_VALUE
from autograph_py.compiler import anno, naming, scopes, templates, visitors
from autograph_py.compiler.converters import control_flow_templates as cf

NEEDS = ("activity", "liveness")


@dataclass
class _Function:
    """What the converter keeps of a function while it converts its body."""
    scope: activity.FunctionScope
    unbound: set         # locals that need an `ag__.Undefined` binding on entry
    defined: set         # names surely bound so far (parameters, top-level assignments)
    aliases: dict        # activity.name_aliases
    # Names the state analysis counts as written (`G[i] = v`: activity) that Python does
    # not bind here: a global's or enclosing function's list changed in place. Not state:
    # a placeholder or `nonlocal` for one would shadow the object it names.
    outside: frozenset = frozenset()


class _ControlFlow(scopes.FunctionStack, visitors.Transformer):
    def __init__(self, ctx):
        self.ctx = ctx
        self.functions: list[_Function] = []   # the functions being converted, innermost last
        self.state_accessors = set()

    # ---------------------------------------------------------- functions
    def enter(self, node):
        fs = activity.function_scope(node)
        return _Function(fs, set(), set(fs.params), activity.name_aliases(node),
                         frozenset(fs.locals - activity.bound_names(node)))

    def function(self, node):
        fn = self.functions[-1]
        fs, defined = fn.scope, fn.defined
        body = []
        for st in node.body:
            new = self.visit(st)
            body.extend(new if isinstance(new, list) else [new])
            defined |= _definite_writes(st)
        node.body = body
        unbound = fn.unbound - fs.params - fs.globals - fs.nonlocals
        # A parameter `del` unbinds needs no placeholder on entry, but its reads do check.
        checked = unbound | (fn.unbound & fs.params)
        if checked:   # (with none, it would change nothing)
            _CheckedLoads(checked, self.state_accessors).visit(node)
        inits = []
        for name in sorted(unbound):
            inits += templates.located(
                templates.replace(cf.undefined_template, name=name,
                                  label=gast.Constant(name, None)), node)
        node.body = _docstring(node.body) + inits + node.body[len(_docstring(node.body)):]
        return node

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
        unbound = self.functions[-1].unbound
        out = []
        for name in names:
            unbound.add(name)
            out += templates.replace(cf.undefined_template, name=name, label=gast.Constant(name, None))
        rest = [t for t in node.targets if not isinstance(t, gast.Name)]
        if rest:
            node.targets = rest
            out.append(node)
        return templates.located(out, node)

    # ------------------------------------------------------------ helpers
    def _declarations(self, writes):
        fn = self.functions[-1]
        fs, unbound, defined = fn.scope, fn.unbound, fn.defined
        simple = sorted(writes)
        globals_ = [n for n in simple if n in fs.globals]
        nonlocals = [n for n in simple if n not in fs.globals]
        unbound.update(n for n in nonlocals if n not in defined)
        return globals_, nonlocals

    def _state(self, writes, composites, live, live_in):
        """The state tuple: outputs (assigned and live after) first, then the rest.

        A composite (`d['k']`, `self.n`) is state unless the block assigns its base and
        the base is not live on entry (the block never touches the entry object; the base,
        if live after, carries the new object whole), or assigns a name its index reads.
        A base live on entry may be mutated in place before it is rebound, so its parts
        stay state (`load_part` allows for a base that has no value yet).

        The rest are the other names the block assigns. A traced construct restores them
        to their entry values before each branch it traces (a branch may read one first)
        and afterwards (no tracer of a branch may outlive it); they are not outputs.
        """
        fs = self.functions[-1].scope
        outs = sorted(writes & live)
        composites = self._with_aliases(composites)
        temporaries = writes - live_in
        chains = {c: _chain(e) for c, e in composites.items()}
        comp = sorted(c for c, (base, indices) in chains.items()
                      if base not in temporaries and not indices & writes)
        rest = sorted(writes - live - fs.globals)
        names = outs + comp + rest
        exprs = [_name(n) for n in outs]
        owner = self.ctx.owner
        exprs += [_load_part(composites[c], c, owner) for c in comp]
        exprs += [_name(n) for n in rest]
        parts = [f"part_{k}" for k in range(len(comp))]  # set_state's own locals
        targets = outs + parts + rest
        stores = [_store_part(composites[c], p, owner) for c, p in zip(comp, parts)]
        labels = gast.Tuple([self._label(n, fs) for n in names],
                            gast.Load())
        return dict(state=exprs, targets=targets, parts=stores, names=labels), len(names) - len(rest)

    def _with_aliases(self, composites):
        """`alias['k']` also changes `d['k']` where `alias = d` (see activity.name_aliases)."""
        fn = self.functions[-1]
        aliases, unbound, defined = fn.aliases, fn.unbound, fn.defined
        out = dict(composites)
        labels = self.ctx.labels
        for expr in composites.values():
            base = _base_name(expr)
            for other in sorted(aliases.get(base, ())):
                # The return value is an alias (`retval_ = v`) that nothing changes later:
                # code after a return does not run (its parts as state were "maybe
                # unassigned" on the paths that had not returned: fuzz seed 9500/106).
                if other != base and labels.get(other) != RETURN_VALUE:
                    new = _rebased(expr, other)
                    out.setdefault(activity.composite_text(new), new)
                    if other not in defined and other in fn.scope.locals:
                        # a local alias may be assigned only later (a global or free
                        # name, `c = CFG`, is bound outside the function)
                        unbound.add(other)
        return out

    def _scope(self, node):
        """What `node` reads and writes, counting what the closures it may call write.

        A nested function that declares a local `nonlocal` and assigns it
        changes it wherever it is called; any call in the block may be one.
        """
        scope = activity.statement_scope(node)
        if self.functions and scope.writes & self.functions[-1].outside:
            scope = activity.Scope(scope.reads, scope.writes - self.functions[-1].outside,
                                   scope.composite_writes, scope.nonlocal_writes)
        fs = self.functions[-1].scope if self.functions else None
        closure_writes = fs.closure_writes & fs.locals if fs else frozenset()
        if closure_writes and any(isinstance(n, gast.Call)
                                  for n in scopes.walk_own_scope([node])):
            scope = activity.Scope(scope.reads | closure_writes, scope.writes | closure_writes,
                                   scope.composite_writes, scope.nonlocal_writes)
        return scope

    def _label(self, name, fs):
        if name in fs.globals:   # the runtime refuses to stage a global
            return _ag("global_name", gast.Constant(name, None))
        return gast.Constant(self.ctx.labels.get(name, name), None)

    def _common(self, scope, live, live_in):
        globals_, nonlocals = self._declarations(scope.writes)
        state, nouts = self._state(scope.writes, scope.composite_writes, live, live_in)
        self.nouts = nouts
        namer = self.ctx.namer
        get_state, set_state = namer.new("get_state"), namer.new("set_state")
        self.state_accessors |= {get_state, set_state}
        return dict(get_state=get_state, set_state=set_state,
                    vars_=namer.new("vars_"), globals_=globals_, nonlocals=nonlocals, **state)

    # --------------------------------------------------------- statements
    def visit_If(self, node):
        if anno.get(node, anno.PYTHON_ONLY, False):
            self.generic_visit(node)
            return node
        scope = self._scope(node)
        live = anno.get(node, anno.LIVE_OUT, frozenset())
        self.generic_visit(node)
        namer = self.ctx.namer
        common = self._common(scope, live, anno.get(node, anno.LIVE_IN, frozenset()))
        out = templates.replace(
            cf.if_template, if_body=namer.new("if_body"), else_body=namer.new("else_body"),
            test=node.test, body=node.body, orelse=node.orelse or [gast.Pass()],
            nouts=gast.Constant(self.nouts, None), **common)
        if anno.get(node, anno.LOOP_GUARD, False):   # ag__.if_stmt(..., loop_guard=True)
            out[-1].value.args.append(gast.Constant(True, None))
        return templates.located(out, node)

    def visit_While(self, node):
        scope = self._scope(node)
        live_in = anno.get(node, anno.LIVE_IN, frozenset())
        live = live_in | anno.get(node, anno.LIVE_OUT, frozenset())
        self.generic_visit(node)
        namer = self.ctx.namer
        common = self._common(scope, live, live_in)
        out = templates.replace(
            cf.while_template, loop_test=namer.new("loop_test"), loop_body=namer.new("loop_body"),
            test=node.test, body=node.body, opts=_options(node),
            nouts=gast.Constant(self.nouts, None), **common)
        return templates.located(out, node)

    def visit_For(self, node):
        scope = self._scope(node)
        live_in = anno.get(node, anno.LIVE_IN, frozenset())
        live = live_in | anno.get(node, anno.LIVE_OUT, frozenset())
        extra = anno.get(node, anno.EXTRA_TEST)
        out = []
        if extra is not None:
            extra_reads = activity.statement_scope(gast.Expr(extra)).reads
            live = live | frozenset(extra_reads)
            loop_test = self.ctx.namer.new("loop_test")
            out += templates.replace(cf.extra_test_template, loop_test=loop_test, test=extra)
            extra = gast.Name(loop_test, gast.Load(), None, None)
        self.generic_visit(node)
        namer = self.ctx.namer
        common = self._common(scope, live, live_in)
        out += templates.replace(
            cf.for_template, loop_body=namer.new("loop_body"), itr=namer.new("itr"),
            target=node.target,
            iterable=node.iter, extra_test=extra if extra is not None else gast.Constant(None, None),
            body=node.body, opts=_options(node), nouts=gast.Constant(self.nouts, None), **common)
        return templates.located(out, node)


def _checked_load(name):
    ag__.ld(name)  # noqa: F821


def _checked_read(name):
    name = ag__.ld(name)  # noqa: F821


class _CheckedLoads(visitors.Transformer):
    """Reads of locals bound to `ag__.Undefined` go through `ag__.ld`.

    So reading one that no path assigned raises, as Python's unbound local
    does. Only `get_state` and `set_state` may read the placeholder itself
    (`set_state` reads the base of an item or attribute it restores).
    """

    def __init__(self, names, accessors):
        self.names, self.accessors = names, accessors

    def visit_FunctionDef(self, node):
        if node.name in self.accessors:
            return node
        return self.generic_visit(node)

    def visit_Name(self, node):
        if isinstance(node.ctx, gast.Load) and node.id in self.names:
            return templates.located(templates.replace_expr(_checked_load, name=node.id), node)
        return node

    def visit_AugAssign(self, node):
        # `x += v` reads x without a Load: check it first (x = x + v keeps no list in place).
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


def _base_name(expr):
    return _chain(expr)[0]


def _chain(expr):
    """(base name, the names its indices read) of a part: "pd" and {"k"} of `pd[k].r` (a part
    is no one slot where the block assigns one: rebinds carries the objects' attributes)."""
    names = set()
    while isinstance(expr, (gast.Attribute, gast.Subscript)) or _item_read(expr):
        index = expr.args[1] if isinstance(expr, gast.Call) else getattr(expr, "slice", None)
        names |= {n.id for n in gast.walk(index) if isinstance(n, gast.Name)} if index else set()
        expr = expr.args[0] if isinstance(expr, gast.Call) else expr.value
    return (expr.id if isinstance(expr, gast.Name) else None), names


def _item_read(expr) -> bool:
    """Whether `expr` is `ag__.getitem(base, index)`, `base[index]` read: a part's base."""
    f = expr.func if isinstance(expr, gast.Call) else None
    return isinstance(f, gast.Attribute) and f.attr == "getitem" and len(expr.args) == 2 and \
        isinstance(f.value, gast.Name) and f.value.id == "ag__"


def _name(name):
    return gast.Name(name, gast.Load(), None, None)


def _rebased(expr, name):
    """`expr` (an item or attribute chain) with its base name replaced by `name`."""
    expr = copy.deepcopy(expr)
    node = expr
    while isinstance(node.value, (gast.Attribute, gast.Subscript)):
        node = node.value
    node.value = gast.Name(name, gast.Load(), None, None)
    return expr


def _part_key(expr, owner):
    """(base, key, is_attribute) of a composite target; `self.__n` in class C has key `_C__n`."""
    if isinstance(expr, gast.Attribute):
        return expr.value, gast.Constant(naming.mangled(expr.attr, owner), None), True
    return expr.value, expr.slice, False


def _ag(fn, *args):
    return gast.Call(gast.Attribute(_name("ag__"), fn, gast.Load()), list(args), [])


def _load_part(expr, label, owner):
    """`ag__.load_part(...)` for a composite and, inside out, for each composite base."""
    if _item_read(expr):   # (a base that has no value yet gives a placeholder, as below)
        base, key, attribute = expr.args[0], expr.args[1], False
    elif not isinstance(expr, (gast.Attribute, gast.Subscript)):
        return _load(expr)
    else:
        base, key, attribute = _part_key(expr, owner)
    return _ag("load_part", _load_part(base, activity.composite_text(base), owner), _load(key),
               gast.Constant(label, None), gast.Constant(attribute, None))


def _store_part(expr, value_name, owner):
    base, key, attribute = _part_key(expr, owner)
    return gast.Expr(_ag("store_part", _load(base), _load(key), _name(value_name),
                         gast.Constant(attribute, None)))


def _load(expr):
    e = copy.deepcopy(expr)
    for n in visitors.walk(e):
        if hasattr(n, "ctx"):
            n.ctx = gast.Load()
    return e


def _options(node):
    keywords = anno.get(node, anno.LOOP_OPTIONS) or []
    return gast.Dict([gast.Constant(k.arg, None) for k in keywords], [k.value for k in keywords])


def transform(node, ctx):
    return _ControlFlow(ctx).visit(node)
