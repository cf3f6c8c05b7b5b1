"""Which variables are certainly assigned where: the rule that keeps programs valid.

Converted code may differ from eager code where a variable has no value on
some path (SEMANTICS: a variable assigned in one branch of a traced `if` and
read afterwards is an error; one first assigned in a traced loop starts as
zeros). So a generated program reads a variable only where Python would have
assigned it on every path, counted conservatively:

- after an `if`: what both branches assign (a branch that ends in
  break/continue/return still counts only what it assigned);
- after a `for` that certainly runs at least once (over an array, a tuple,
  or a `range` of constants): its targets and what the body assigns before
  its first statement that may exit;
- after a `while`: nothing new but its counter (it may run zero times).

The generator and the shrinker's validity check use these same rules.
"""
from __future__ import annotations

from tests.fuzz import ir


def after(stmt, scope: dict) -> dict:
    """Variables (name -> kind) certainly assigned after `stmt` runs in `scope`."""
    if isinstance(stmt, ir.Assign):
        return {**scope, stmt.target: stmt.kind}
    if isinstance(stmt, ir.If):
        a, b = after_block(stmt.body, scope), after_block(stmt.orelse, scope)
        return {**scope, **{n: k for n, k in a.items() if n in b}}
    if isinstance(stmt, ir.While):
        return {**scope, stmt.counter: "i"}
    if isinstance(stmt, ir.Collect):
        return {**after(stmt.loop, scope), stmt.target: stmt.kind}
    if isinstance(stmt, ir.For) and runs_once(stmt):
        inner = {**scope, **dict(zip(stmt.targets, stmt.kinds))}
        for s in stmt.body:
            if may_exit(s):
                break
            inner = after(s, inner)
        return inner
    return scope


def after_block(stmts, scope: dict) -> dict:
    for s in stmts:
        scope = after(s, scope)
    return scope


def runs_once(loop: ir.For) -> bool:
    """The loop body certainly starts at least once."""
    if loop.iter != "range":
        return True
    if not all(isinstance(a, ir.Const) for a in loop.args):
        return False
    return len(range(*(a.value for a in loop.args))) > 0


def may_exit(stmt) -> bool:
    return any(isinstance(n, ir.TERMINAL) for _, n in ir.walk(stmt))


def assignable(name: str) -> bool:
    return name[0] in "av"


# ------------------------------------------------------------- validity

class Invalid(Exception):
    pass


def validate(prog: ir.Program) -> None:
    """Raises Invalid when `prog` breaks a rule the generator keeps."""
    seen = set()
    for fn in prog.funcs():
        for callee in ir.calls(fn):
            if callee not in seen:
                raise Invalid(f"{fn.name} calls {callee}, not defined before it")
        kinds = dict(fn.params)
        _check_block(fn.body, dict(fn.params), kinds, fn, in_loop=False)
        if not fn.body or not isinstance(fn.body[-1], ir.Return):
            raise Invalid(f"{fn.name} does not end with a return")
        seen.add(fn.name)


def _check_expr(e, scope, kinds):
    for _, n in ir.walk(e):
        if isinstance(n, ir.Name) and scope.get(n.name) != n.kind:
            raise Invalid(f"{n.name} read where it is not certainly assigned as {n.kind}")


def _check_block(stmts, scope, kinds, fn, in_loop):
    for i, s in enumerate(stmts):
        if isinstance(s, ir.TERMINAL) and i != len(stmts) - 1:
            raise Invalid("statements after a jump")
        _check_stmt(s, scope, kinds, fn, in_loop)
        scope = after(s, scope)


def _check_stmt(s, scope, kinds, fn, in_loop):
    if isinstance(s, ir.Assign):
        _check_expr(s.value, scope, kinds)
        if not assignable(s.target) or kinds.setdefault(s.target, s.kind) != s.kind:
            raise Invalid(f"bad assignment to {s.target}")
        if s.op and scope.get(s.target) != s.kind:
            raise Invalid(f"{s.target} {s.op}= before assignment")
    elif isinstance(s, ir.If):
        _check_expr(s.test, scope, kinds)
        _check_block(s.body, scope, kinds, fn, in_loop)
        _check_block(s.orelse, scope, kinds, fn, in_loop)
    elif isinstance(s, ir.While):
        if s.counter in kinds:
            raise Invalid(f"counter {s.counter} reused")
        kinds[s.counter] = "i"
        inner = {**scope, s.counter: "i"}
        _check_expr(s.bound, inner, kinds)
        if s.test is not None:
            _check_expr(s.test, inner, kinds)
        _check_block(s.body, inner, kinds, fn, in_loop=True)
    elif isinstance(s, ir.For):
        for a in s.args:
            _check_expr(a, scope, kinds)
        for t, k in zip(s.targets, s.kinds):
            if kinds.setdefault(t, k) != k or t in scope:
                raise Invalid(f"bad loop target {t}")
        _check_block(s.body, {**scope, **dict(zip(s.targets, s.kinds))}, kinds, fn, in_loop=True)
    elif isinstance(s, ir.Collect):
        loop = s.loop
        if loop.iter not in ("array", "enumerate", "zip") or may_exit(loop):
            raise Invalid("a list may only collect over an array, without early exits")
        _check_stmt(loop, scope, kinds, fn, in_loop)
        inner = after_block(loop.body, {**scope, **dict(zip(loop.targets, loop.kinds))})
        _check_expr(s.item, inner, kinds)
        if s.item.kind not in ("f", "i") or not assignable(s.target) or \
                kinds.setdefault(s.target, s.kind) != s.kind:
            raise Invalid(f"bad list collection into {s.target}")
    elif isinstance(s, (ir.Break, ir.Continue)):
        if not in_loop:
            raise Invalid("break/continue outside a loop")
    elif isinstance(s, ir.Return):
        if [v.kind for v in s.values] != list(fn.ret):
            raise Invalid("return of the wrong kinds")
        for v in s.values:
            _check_expr(v, scope, kinds)
