"""Delta-reduction of a failing case over the statement tree.

    small = shrink(case, still_fails, budget_s=120)

Greedy: try each reduction of the current case, in order from coarse to
fine, keep the first that is still a valid program (scope.validate) and
still fails the same way, and start again; stop when none applies or the
time budget is spent. Reductions:

- drop a call of a call sequence;
- drop a helper, mutator, class or method nobody calls, a parameter nobody
  reads, a returned value;
- delete a run of statements (halves first, then single ones);
- replace an `if`/loop/`with`/`try`/`match` by its body (or an `if` by its
  else branch, a `try` by its handler, a `match` by a case's body), drop an
  `else`, a `case`, a guard, a `while` test;
- drop a closure's `nonlocal` (then it may no longer assign the variable);
- replace an expression by a constant of its kind or by a sub-expression
  of its kind; make argument values simpler.
"""
from __future__ import annotations

import copy
import dataclasses
import time

from tests.fuzz import gen, ir, scope, transforms
from tests.fuzz.ir import Const, Name, Op

# Wrappers that keep values small (gen.py); without them a shrunk program could
# fail for a reason of its own (overflow, ill-conditioning), not the original one.
KEEP_WRAPPERS = {"jnp.clip({0}, -8.0, 8.0)", "({0} % {1})", "({0} % 5)",
                 *transforms.KEEP_WRAPPERS}   # casts a transformation needs (transforms.py)

DEFAULTS = {"f": Const(1.0, "f"), "i": Const(1, "i"), "b": Const(True, "b")}


def default(kind, L):
    if kind == "fa":
        return Op(f"jnp.ones({L})", [], "fa")
    if kind == "ia":
        return Op(f"jnp.arange({L})", [], "ia")
    if kind == "p":
        return Op("(1.0, 1)", [], "p")
    if kind == "d":
        return Op('{{"s": 1.0, "k": 1}}', [], "d")
    if kind == "l":     # the shapes config's two-item list and nested dict
        return Op("[1.0, 1.0]", [], "l")
    if kind == "nd":
        return Op('{{"a": {{"a": 1.0}}}}', [], "nd")
    if kind == "gen":   # the extras config: a generator call, consumed as an iterator
        return Op("iter([1.0])", [], "gen")
    if kind == "q":     # an object of the extras config's user class
        return Op("Q0(1.0, 1)", [], "q")
    if kind not in DEFAULTS:
        return None     # a kind with no simpler form: the shrinker keeps the expression
    return copy.deepcopy(DEFAULTS[kind])


def _with_prog(case, prog):
    return dataclasses.replace(case, prog=prog)


def _drop_calls(case):
    """One call of a call sequence fewer."""
    for j in range(len(case.calls or ()) if len(case.calls or ()) > 1 else 0):
        yield dataclasses.replace(case, calls=case.calls[:j] + case.calls[j + 1:])


# ------------------------------------------------------------- reductions

def _drop_helpers(case):
    prog = case.prog
    used = set().union(*(ir.calls(fn) for fn in prog.funcs()))
    for k, h in enumerate(prog.helpers):
        if h.name not in used:
            new = copy.deepcopy(prog)
            del new.helpers[k]
            yield _with_prog(case, new)


def _drop_classes(case):
    """A mutator nobody calls, a method nobody calls, a class with no object (or, for the
    extras config's user class, no use)."""
    prog = case.prog
    used = {n.template.split("(")[0] for _, n in ir.walk(prog) if ir.is_effect(n)}
    q_used = any(ir.is_expr(n) and n.kind == "q" or isinstance(n, ir.Obj) and n.kind == "q"
                 for _, n in ir.walk(prog))
    for k, c in enumerate(prog.classes):
        if isinstance(c, ir.Mutator) and c.name not in used or isinstance(c, ir.ClassDef) and \
                not any(isinstance(s, ir.Obj) and s.cls == c.name for s in prog.main.body) or \
                isinstance(c, ir.UserClass) and not q_used:
            new = copy.deepcopy(prog)
            del new.classes[k]
            yield _with_prog(case, new)
        elif isinstance(c, ir.ClassDef):
            for m in c.methods:
                if "{0}." + m not in used:
                    new = copy.deepcopy(prog)
                    del new.classes[k].methods[m]
                    yield _with_prog(case, new)


def _inline_calls(case):
    """Every call of one helper, closure, mutator or method replaced by a constant of its kind
    (then it can go)."""
    closures = [s.fn for s in case.prog.main.body if isinstance(s, ir.Def)]
    effects = sorted({n.template.split("(")[0] + "(" for _, n in ir.walk(case.prog) if ir.is_effect(n)})
    def hits(n, key):   # a helper or closure named anywhere (`jax.grad(h0)`); a method call
        return isinstance(n, Op) and (key in ir.refs(n.template) if not key.endswith("(")
                                      else n.template.startswith(key))
    for key in [h.name for h in case.prog.helpers + closures] + effects:
        new = copy.deepcopy(case.prog)
        calls = [p for p, n in ir.walk(new) if hits(n, key)]
        for path in sorted(calls, key=len):   # outermost first; inner ones go with them
            try:
                node = ir.get(new, path)
            except (AttributeError, IndexError):
                continue
            if hits(node, key):
                d = default(node.kind, new.L)
                if d is None:   # a kind with no constant form: the call stays
                    continue
                new = ir.replaced(new, path, d)
        if calls:
            yield _with_prog(case, new)


def _drop_closures(case):
    main = case.prog.main
    for i, s in enumerate(main.body):
        if isinstance(s, ir.Def) and s.fn.name not in ir.calls(main, "g"):
            new = copy.deepcopy(case.prog)
            del new.main.body[i]
            yield _with_prog(case, new)


def _drop_params(case):
    if case.calls:   # the calls name every parameter
        return
    main = case.prog.main
    read = ir.names_read(main)
    declared = {n for _, d in ir.walk(main) if isinstance(d, ir.Def) for n, _ in d.fn.nonlocals}
    for j, (name, _) in enumerate(main.params):
        if name in read or name in declared or any(isinstance(s, ir.Assign) and s.target == name
                                                   for _, s in ir.walk(main)):
            continue
        new = copy.deepcopy(case.prog)
        del new.main.params[j]
        args = [a[:j] + a[j + 1:] for a in case.args]
        g = case.grad_arg
        g = None if g == j else (g - 1 if g is not None and g > j else g)
        yield dataclasses.replace(case, prog=new, args=args,
                                  static=case.static[:j] + case.static[j + 1:], grad_arg=g)


def _drop_returned(case):
    main = case.prog.main
    if len(main.ret) < 2:
        return
    for j in range(len(main.ret)):
        new = copy.deepcopy(case.prog)
        del new.main.ret[j]
        returns = ir.own_returns(new.main)
        if any(len(s.values) != len(case.prog.main.ret) for s in returns):
            return  # a return this reduction does not understand: leave the values alone
        for s in returns:
            del s.values[j]
        yield _with_prog(case, new)


def _statement_lists(prog):
    return [(p, n) for p, n in ir.walk(prog) if isinstance(n, list)]


def _delete_runs(case):
    for path, stmts in sorted(_statement_lists(case.prog), key=lambda pn: -len(pn[1])):
        n = len(stmts)
        size = max(1, n // 2)
        while size >= 1:
            for start in range(0, n - size + 1, size):
                yield _with_prog(case, ir.replaced(case.prog, path, stmts[:start] + stmts[start + size:]))
            size //= 2


def _unwrap(case):
    for path, stmts in _statement_lists(case.prog):
        for i, s in enumerate(stmts):
            options = []
            if isinstance(s, (ir.If, ir.While, ir.For, ir.With, ir.Try)):
                options.append(s.body)
            if isinstance(s, ir.Try):
                options.append(s.handler)
            if isinstance(s, ir.Collect):
                options.append([s.loop])
            if isinstance(s, ir.If):
                options.append(s.orelse)
                if s.orelse:
                    options.append([ir.If(s.test, s.body, [])])
            if isinstance(s, ir.While) and s.test is not None:
                options.append([dataclasses.replace(s, test=None)])
            if isinstance(s, ir.While) and s.max_iter is not None:
                options.append([dataclasses.replace(s, max_iter=None)])
            for body in options:
                yield _with_prog(case, ir.replaced(case.prog, path, stmts[:i] + body + stmts[i + 1:]))
            if isinstance(s, ir.Def) and s.fn.nonlocals:
                fn = dataclasses.replace(s.fn, nonlocals=[])
                yield _with_prog(case, ir.replaced(case.prog, path + (i,), ir.Def(fn)))
            if isinstance(s, ir.Match):
                for c in s.cases:
                    yield _with_prog(case, ir.replaced(case.prog, path, stmts[:i] + c.body + stmts[i + 1:]))
                for j, c in enumerate(s.cases):
                    if len(s.cases) > 1:
                        cases = s.cases[:j] + s.cases[j + 1:]
                        yield _with_prog(case, ir.replaced(case.prog, path + (i, "cases"), cases))
                    if c.guard is not None:
                        yield _with_prog(case, ir.replaced(case.prog, path + (i, "cases", j, "guard"), None))
                    if c.values is not None and len(c.values) > 1:
                        for v in c.values:
                            yield _with_prog(case, ir.replaced(case.prog, path + (i, "cases", j, "values"), [v]))


def _simplify_exprs(case):
    L = case.prog.L
    for path, e in list(ir.walk(case.prog)):
        if not ir.is_expr(e) or e.kind == "o":   # an object stays the object
            continue
        options = []
        if isinstance(e, Op) and e.template not in KEEP_WRAPPERS:
            options += [a for a in e.args if a.kind == e.kind]
        d = default(e.kind, L)
        if d is not None and ir.render_expr(d) != ir.render_expr(e):
            options.append(d)
        for o in options:
            yield _with_prog(case, ir.replaced(case.prog, path, copy.deepcopy(o)))


def _simplify_args(case):
    for j, (name, kind) in enumerate(case.prog.main.params):
        for simple in _simpler_values(case.args[0][j], kind):
            args = [list(a) for a in case.args]
            args[0][j] = simple
            if not case.static[j]:
                args[1][j] = simple
            yield dataclasses.replace(case, args=args)


def _simpler_values(v, kind):
    if isinstance(v, list):
        for s in ([0.0] * len(v) if kind == "fa" else [0] * len(v),):
            if s != v:
                yield s
    elif isinstance(v, bool):
        return
    elif v not in (0, 1):
        yield type(v)(1)
        yield type(v)(0)


REDUCTIONS = (_drop_calls, _inline_calls, _drop_helpers, _drop_classes, _drop_closures, _drop_params,
              _drop_returned, _delete_runs, _unwrap, _simplify_exprs, _simplify_args)


def size(case) -> int:
    return sum(1 for _ in ir.walk(case.prog))


def shrink(case, still_fails, budget_s: float = 120.0, log=None):
    """The smallest case found that is valid and `still_fails`."""
    deadline = time.monotonic() + budget_s
    tried = set()
    improved = True
    while improved and time.monotonic() < deadline:
        improved = False
        for reduce in REDUCTIONS:
            for cand in reduce(case):
                if time.monotonic() > deadline:
                    return case
                key = (cand.prog.source(), repr(cand.args), tuple(cand.static), repr(cand.calls))
                if key in tried:
                    continue
                tried.add(key)
                try:
                    scope.validate(cand.prog)
                except scope.Invalid:
                    continue
                if still_fails(cand):
                    case, improved = cand, True
                    if log:
                        log(f"  shrink: {size(case)} nodes")
                    break
            if improved:
                break
    return case
