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
- after a `while`: nothing new but its counter (it may run zero times);
- after a `with`: what its body assigns; after a `try`: what both the body
  and the `except` handler assign (like an `if`; the handler never runs, but
  the rule does not lean on that).

A closure that declares `nonlocal` (a "writer") changes `f`'s variable as a
side effect of the call; a traced block around the call carries it as state
(FINDINGS F16, fixed). `f` calls a writer as the value of an assignment, in
any of its blocks, but never under `and`/`or`/`if`-else: with a traced
operand those evaluate both sides, as SEMANTICS.md says, so the side effect
would happen where Python's short-circuit skips it.

Methods of the module's class (`o1.add(x)`) and dict mutators (`u0(d, x)`)
change their object or dict; the rule for writer calls holds for them too
(as a statement or the value of an assignment of `f`, never under
`and`/`or`/`if`-else). Objects are created among `f`'s top-level statements
only, and never reassigned: an object is no pytree, so it cannot be the
output of a traced block.

- a loop with `leaks` (shapes.py): also the leaked names, which its body's
  first statements (or its targets) assign; if the loop runs zero times,
  reading one raises UnboundLocalError, eagerly and converted alike;
- a bare annotation `v: int` assigns nothing; `c.pop()` assigns its result.

- after a `match`: what every case assigns (a capture counts in its own
  case) when the last case is irrefutable (`_`, or a capture without a
  guard); otherwise nothing new, like an `if` without `else`.

The extras config (extras.py):

- a generator function (`def g5(...)` with `yield`, Func.generator) is
  defined in `f`, in any of its blocks, and called only after its `def`; its
  body yields, never returns, assigns only its own names, and its
  expressions call no helper or closure (a generator runs as Python) other
  than an earlier generator it yields from; `yield` stands in no other
  function; a `for` over a generator call may run zero times;
- an object of the user class (`q1 = Q0(x, k)`, kind q) is made among `f`'s
  top-level statements, like the K0 objects, and only where the module
  defines `Q0`.

The idioms config (idioms.py): a statement written as lines (ir.Code) assigns
the names it `binds`; after `with contextlib.suppress(...)` (With.ctx) nothing
its body assigns counts, since it may stop anywhere.

The generator and the shrinker's validity check use these same rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from tests.fuzz import ir


def after(stmt, scope: dict) -> dict:
    """Variables (name -> kind) certainly assigned after `stmt` runs in `scope`."""
    if isinstance(stmt, ir.Assign):
        return {**scope, stmt.target: stmt.kind}
    if isinstance(stmt, ir.Unpack):
        return {**scope, **dict(zip(stmt.targets, stmt.kinds))}
    if isinstance(stmt, ir.If):
        a, b = after_block(stmt.body, scope), after_block(stmt.orelse, scope)
        return {**scope, **{n: k for n, k in a.items() if n in b}}
    if isinstance(stmt, ir.While):
        return {**scope, stmt.counter: "i", **dict(leaked(stmt, scope))}
    if isinstance(stmt, ir.ListOp) and stmt.result:
        return {**scope, stmt.result: "f"}
    if isinstance(stmt, ir.With):   # `contextlib.suppress(...)` may stop its body anywhere
        return scope if stmt.ctx else after_block(stmt.body, scope)
    if isinstance(stmt, ir.Code):
        return {**scope, **dict(stmt.binds)}
    if isinstance(stmt, ir.Try):
        a, b = after_block(stmt.body, scope), after_block(stmt.handler, scope)
        return {**scope, **{n: k for n, k in a.items() if n in b}}
    if isinstance(stmt, ir.Collect):
        return {**after(stmt.loop, scope), stmt.target: stmt.kind}
    if isinstance(stmt, ir.Match):
        paths = [after_block(c.body, case_scope(c, scope)) for c in stmt.cases]
        if not (stmt.cases and stmt.cases[-1].values is None and stmt.cases[-1].guard is None):
            paths.append(scope)   # no case may match
        return {**scope, **{n: k for n, k in paths[0].items() if all(n in p for p in paths)}}
    if isinstance(stmt, ir.Obj):
        return {**scope, stmt.target: stmt.kind}
    if isinstance(stmt, ir.For) and runs_once(stmt):
        inner = {**scope, **dict(zip(stmt.targets, stmt.kinds))}
        for s in stmt.body:
            if may_exit(s):
                break
            inner = after(s, inner)
        return inner
    if isinstance(stmt, ir.For):
        return {**scope, **dict(leaked(stmt, scope))}
    return scope


def leaked(loop, scope: dict) -> list:
    """The loop's `leaks` that its targets or its body's first statements certainly assign."""
    if not loop.leaks:
        return []
    inner = {**scope, loop.counter: "i"} if isinstance(loop, ir.While) else \
        {**scope, **dict(zip(loop.targets, loop.kinds))}
    for s in loop.body:
        if may_exit(s):
            break
        inner = after(s, inner)
    return [(n, k) for n, k in loop.leaks if inner.get(n) == k]


def case_scope(case: ir.MatchCase, scope: dict) -> dict:
    """The scope of a `case`'s guard and body: its capture is bound (an int)."""
    return {**scope, case.capture: "i"} if case.capture else scope


def after_block(stmts, scope: dict) -> dict:
    for s in stmts:
        scope = after(s, scope)
    return scope


def runs_once(loop: ir.For) -> bool:
    """The loop body certainly starts at least once (a generator may yield nothing)."""
    if loop.iter == "gen":
        return False
    if loop.iter not in ("range", "ziprange"):
        return True
    bounds = loop.args[:1] if loop.iter == "ziprange" else loop.args
    if not all(isinstance(a, ir.Const) for a in bounds):
        return False
    return len(range(*(a.value for a in bounds))) > 0


def may_exit(stmt) -> bool:
    return any(isinstance(n, ir.TERMINAL) for _, n in ir.walk(stmt))


def may_return(stmt) -> bool:
    """`stmt` has a `return` of its own function (not of a closure it defines)."""
    return not isinstance(stmt, ir.Def) and any(isinstance(n, ir.Return) for _, n in ir.walk(stmt))


# Templates whose operands a traced value may evaluate lazily (in a lax.cond branch).
LAZY = (" if ", " and ", " or ")


def writer_call_at(stmt) -> bool:
    """Where a statement of `f` may call a writer closure, a method or a mutator
    (see the module doc)."""
    return isinstance(stmt, (ir.Assign, ir.ExprStmt))


def assignable(name: str) -> bool:
    return name[0] in "avt"


def small_size(e) -> bool:
    """`e` is certainly in 0..4: a constant, a size parameter, or `(... % 5)`."""
    if isinstance(e, ir.Const):
        return 0 <= e.value <= 4
    if isinstance(e, ir.Name):
        return e.name.startswith("n")
    return isinstance(e, ir.Op) and e.template in ("({0} % 5)", "len({0})")


def size_bound(e) -> int:
    """The largest value of a `small_size` expression."""
    return e.value if isinstance(e, ir.Const) else 4


# ------------------------------------------------------------- validity

class Invalid(Exception):
    pass


@dataclass
class _Ctx:
    fn: ir.Func
    kinds: dict                 # every name of the function -> its one kind
    callable: set               # helpers (and closures) defined before this point
    frozen: frozenset = frozenset()   # enclosing variables a closure may read, not assign
    in_loop: bool = False
    writers: set = field(default_factory=set)   # closures that declare `nonlocal`
    writer_ok: bool = False     # this statement may call a writer (see the module doc)
    generators: set = field(default_factory=set)   # generator functions defined so far


def validate(prog: ir.Program) -> None:
    """Raises Invalid when `prog` breaks a rule the generator keeps."""
    helpers = {c.name for c in prog.classes if isinstance(c, ir.Mutator)}
    classes = {c.name: c for c in prog.classes if isinstance(c, ir.ClassDef)}
    users = {c.name for c in prog.classes if isinstance(c, ir.UserClass)}
    top = [s for s in prog.main.body if isinstance(s, ir.Obj)]
    objs = [s for _, s in ir.walk(prog) if isinstance(s, ir.Obj)]
    if len(top) != len(objs) or any(
            (s.cls not in classes if s.kind == "o" else s.kind != "q" or s.cls not in users)
            or len(s.args) != 2 or [a.kind for a in s.args] != ["f", "i"] for s in top):
        raise Invalid("an object created other than as K(f, i) at the top of f")
    if not users and any(ir.is_expr(n) and n.kind == "q" or
                         isinstance(n, ir.Op) and "Q0(" in n.template for _, n in ir.walk(prog)):
        raise Invalid("an object of the user class Q0, which the module does not define")
    methods = {m for c in classes.values() for m in c.methods}
    for _, n in ir.walk(prog):
        if ir.is_effect(n) and n.template.startswith("{0}.") and \
                n.template[4:].split("(")[0] not in methods:
            raise Invalid(f"call of an unknown method: {n.template}")
    for fn in prog.funcs():
        if fn.nonlocals:
            raise Invalid(f"{fn.name}: `nonlocal` outside a closure")
        _check_function(fn, {}, _Ctx(fn, dict(fn.params), set(helpers)))
        helpers.add(fn.name)


def _check_function(fn, scope, ctx):
    if fn.generator:
        own = [n for _, n in ir.walk(fn.body)]
        if not any(isinstance(n, ir.Yield) for n in own) or \
                any(isinstance(n, (ir.Return, ir.Def)) for n in own) or fn.nonlocals:
            raise Invalid(f"generator {fn.name} without a yield, or with a return, a def "
                          "or `nonlocal`")
    elif not fn.body or not isinstance(fn.body[-1], ir.Return):
        raise Invalid(f"{fn.name} does not end with a return")
    _check_block(fn.body, {**scope, **dict(fn.params)}, ctx)


def _check_expr(e, scope, ctx):
    for _, n in ir.walk(e):
        if isinstance(n, ir.Name) and scope.get(n.name) != n.kind:
            raise Invalid(f"{n.name} read where it is not certainly assigned as {n.kind}")
        if isinstance(n, ir.Op) and ir.refs(n.template) - ctx.callable:
            raise Invalid(f"call of {sorted(ir.refs(n.template) - ctx.callable)}, "
                          "not defined before")
        if isinstance(n, ir.Op) and ctx.fn.generator and ir.refs(n.template) - ctx.generators:
            raise Invalid(f"generator {ctx.fn.name} calls converted code: {n.template}")
        if isinstance(n, ir.Op) and ir.calls(n, "g") & ctx.writers and \
                (not ctx.writer_ok or any(t in n.template for t in LAZY)):
            raise Invalid("a closure that declares `nonlocal` called other than as the value "
                          "of an assignment, or where `and`/`or`/`if` may skip it")
        if isinstance(n, ir.Op) and any(ir.is_effect(m) for _, m in ir.walk(n)) and \
                (not ctx.writer_ok or ctx.fn.name != "f" or any(t in n.template for t in LAZY)):
            raise Invalid("a method or mutator called other than as a statement or the value "
                          "of an assignment of f, or where `and`/`or`/`if` may skip it")


def _check_block(stmts, scope, ctx):
    for i, s in enumerate(stmts):
        if isinstance(s, ir.TERMINAL) and i != len(stmts) - 1:
            raise Invalid("statements after a jump")
        _check_stmt(s, scope, replace(ctx, writer_ok=writer_call_at(s)))
        scope = after(s, scope)


def _check_stmt(s, scope, ctx):
    loop_ctx = replace(ctx, in_loop=True, writer_ok=False)
    if isinstance(s, ir.Assign):
        _check_expr(s.value, scope, ctx)
        if s.annot and (s.op or s.target in {n for n, _ in ctx.fn.nonlocals}):
            raise Invalid(f"annotated augmented or nonlocal assignment to {s.target}")
        if not assignable(s.target) or s.target in ctx.frozen or \
                ctx.kinds.setdefault(s.target, s.kind) != s.kind:
            raise Invalid(f"bad assignment to {s.target}")
        if s.op and scope.get(s.target) != s.kind:
            raise Invalid(f"{s.target} {s.op}= before assignment")
    elif isinstance(s, ir.Declare):
        if not assignable(s.name) or s.name in ctx.frozen or \
                s.name in {n for n, _ in ctx.fn.nonlocals}:
            raise Invalid(f"bad annotation of {s.name}")
    elif isinstance(s, ir.SetPath):
        _check_expr(s.value, scope, ctx)
        if scope.get(s.target) != "nd" or s.target in ctx.frozen or s.value.kind != "f" or \
                not 1 <= len(s.keys) <= 2 or s.keys[0] == "a" and len(s.keys) == 1:
            raise Invalid(f"bad nested item assignment to {s.target}")
    elif isinstance(s, ir.ListOp):
        for a in s.args:
            _check_expr(a, scope, ctx)
        if scope.get(s.target) != "l" or s.target in ctx.frozen or \
                s.result and (not assignable(s.result) or s.method != "pop" or
                              ctx.kinds.setdefault(s.result, "f") != "f"):
            raise Invalid(f"bad list operation on {s.target}")
    elif isinstance(s, ir.Unpack):
        for v in s.values:
            _check_expr(v, scope, ctx)
        for t, k in zip(s.targets, s.kinds):
            if not assignable(t) or t in ctx.frozen or ctx.kinds.setdefault(t, k) != k:
                raise Invalid(f"bad assignment to {t}")
        if len(set(s.targets)) != len(s.targets) or [v.kind for v in s.values] != list(s.kinds):
            raise Invalid("bad unpacking")
    elif isinstance(s, ir.SetItem):
        _check_expr(s.value, scope, ctx)
        want = {"s": "f", "k": "i"}.get(s.key)
        if scope.get(s.target) != "d" or s.target in ctx.frozen or s.kind != want:
            raise Invalid(f"bad item assignment to {s.target}")
    elif isinstance(s, ir.If):
        _check_expr(s.test, scope, ctx)
        _check_block(s.body, scope, ctx)
        _check_block(s.orelse, scope, ctx)
    elif isinstance(s, ir.While):
        if s.counter in ctx.kinds:
            raise Invalid(f"counter {s.counter} reused")
        ctx.kinds[s.counter] = "i"
        if s.walrus and s.max_iter is not None:
            raise Invalid("a walrus loop counter with loop options (refused by autograph_py)")
        if s.max_iter is not None and not (small_size(s.bound) and s.max_iter >= size_bound(s.bound)):
            raise Invalid("a while with maximum_iterations must not need more")
        inner = {**scope, s.counter: "i"}
        _check_expr(s.bound, inner, ctx)
        if s.test is not None:
            _check_expr(s.test, inner, ctx)
        _check_block(s.body, inner, loop_ctx)
    elif isinstance(s, ir.For):
        for a in s.args:
            _check_expr(a, scope, ctx)
        if (s.iter == "gen") != any(a.kind == "gen" for a in s.args) or \
                s.iter == "gen" and (len(s.args) != 1 or s.kinds != ["f"]):
            raise Invalid("a for over other than one generator call, or a generator otherwise")
        for t, k in zip(s.targets, s.kinds):
            if ctx.kinds.setdefault(t, k) != k or t in scope:
                raise Invalid(f"bad loop target {t}")
        _check_block(s.body, {**scope, **dict(zip(s.targets, s.kinds))}, loop_ctx)
    elif isinstance(s, ir.Collect):
        loop = s.loop
        if loop.iter not in ("array", "enumerate", "zip") or may_exit(loop):
            raise Invalid("a list may only collect over an array, without early exits")
        _check_stmt(loop, scope, ctx)
        inner = after_block(loop.body, {**scope, **dict(zip(loop.targets, loop.kinds))})
        _check_expr(s.item, inner, ctx)
        if s.item.kind not in ("f", "i") or not assignable(s.target) or \
                ctx.kinds.setdefault(s.target, s.kind) != s.kind:
            raise Invalid(f"bad list collection into {s.target}")
    elif isinstance(s, ir.Match):
        _check_expr(s.subject, scope, ctx)
        if s.subject.kind != "i" or not s.cases:
            raise Invalid("a match on other than an int, or without cases")
        case_ctx = replace(ctx, writer_ok=False)
        seen = set()
        for j, c in enumerate(s.cases):
            if c.values is None and c.guard is None and j != len(s.cases) - 1:
                raise Invalid("an irrefutable case before the last")
            if c.values is not None and (not c.values or c.capture or seen & set(c.values)
                                         or not all(type(v) is int for v in c.values)):
                raise Invalid("bad value pattern")
            seen |= set(c.values or ())
            if c.capture and (not assignable(c.capture) or c.capture in ctx.frozen or
                              ctx.kinds.setdefault(c.capture, "i") != "i"):
                raise Invalid(f"bad capture {c.capture}")
            inner = case_scope(c, scope)
            if c.guard is not None:
                _check_expr(c.guard, inner, case_ctx)
                if c.guard.kind not in ("b", "i"):
                    raise Invalid("a guard of another kind")
            _check_block(c.body, inner, ctx)
    elif isinstance(s, ir.Raise):
        for v in s.values:
            _check_expr(v, scope, ctx)
    elif isinstance(s, ir.Obj):
        for a in s.args:
            _check_expr(a, scope, ctx)
        if not s.target.startswith(s.kind) or ctx.fn.name != "f" or \
                ctx.kinds.setdefault(s.target, s.kind) != s.kind or s.target in scope:
            raise Invalid(f"bad object {s.target}")
    elif isinstance(s, ir.ExprStmt):
        _check_expr(s.value, scope, ctx)
    elif isinstance(s, ir.Code):
        for a in s.args:
            _check_expr(a, scope, replace(ctx, writer_ok=False))
        for n, k in s.binds:
            if ctx.kinds.setdefault(n, k) != k or n in ctx.frozen:
                raise Invalid(f"bad binding of {n} by {s.lines[0]!r}")
    elif isinstance(s, ir.Yield):
        _check_expr(s.value, scope, ctx)
        if not ctx.fn.generator or s.value.kind not in (("fa", "gen") if s.frm else ("f",)):
            raise Invalid("a yield outside a generator function, or of the wrong kind")
    elif isinstance(s, ir.With):
        _check_block(s.body, scope, ctx)
    elif isinstance(s, ir.Try):
        _check_block(s.body, scope, ctx)
        _check_block(s.handler, scope, ctx)
        if s.exc != "ZeroDivisionError" and ctx.fn.name != "f":
            raise Invalid("a try that catches a raising helper outside f")
    elif isinstance(s, ir.Def):
        if ctx.frozen or s.fn.name in ctx.callable:
            raise Invalid("nested function inside a nested function, or defined twice")
        if s.fn.generator and (ctx.fn.name != "f" or s.fn.ret != ["f"]):
            raise Invalid("a generator function defined other than in f, or not of floats")
        params = {p for p, _ in s.fn.params}
        for n, k in s.fn.nonlocals:
            if n in params or not assignable(n) or scope.get(n) != k or \
                    n not in dict(ctx.fn.params):
                raise Invalid(f"`nonlocal {n}` is not a parameter of {ctx.fn.name} of kind {k}")
        inner = _Ctx(s.fn, {**ctx.kinds, **dict(s.fn.params)}, set(ctx.callable),
                     frozenset(scope) - params - {n for n, _ in s.fn.nonlocals},
                     writers=ctx.writers, generators=ctx.generators)
        _check_function(s.fn, scope, inner)
        ctx.callable.add(s.fn.name)
        if s.fn.generator:
            ctx.generators.add(s.fn.name)
        if s.fn.nonlocals:
            ctx.writers.add(s.fn.name)
    elif isinstance(s, ir.Assert):
        _check_expr(s.test, scope, ctx)
        for v in s.values:
            _check_expr(v, scope, ctx)
    elif isinstance(s, ir.Print):
        for v in s.values:
            _check_expr(v, scope, ctx)
    elif isinstance(s, (ir.Break, ir.Continue)):
        if not ctx.in_loop:
            raise Invalid("break/continue outside a loop")
    elif isinstance(s, ir.Return):
        if [v.kind for v in s.values] != list(ctx.fn.ret):
            raise Invalid("return of the wrong kinds")
        for v in s.values:
            _check_expr(v, scope, ctx)
