"""`break` becomes a flag that is part of the loop's test.

    while n > 0:                   break_ = False
        n -= 1                     while not break_ and n > 0:
        if f(n):          ==>          n -= 1
            break                      if f(n):
                                           break_ = True

A `while` whose body starts with `if c: break` folds `not c` into its
test instead; so does one whose leading `if c:` assigns before it breaks
(`if k % d == 0: is_prime = False; break`), the assignments moving after
the loop under the test that says the break ended it:

    while d * d <= k:                  while d * d <= k and not k % d == 0:
        if k % d == 0:                     d += 1
            is_prime = False    ==>    if d * d <= k and k % d == 0:
            break                          is_prime = False
        d += 1

That is exact where the test and `c` have no effects (no calls: they are
evaluated once more after the loop), nothing else in the body breaks, and the
names the branch assigns are bound before the loop. A `for` gets `not break_`
as its extra test (anno.EXTRA_TEST), checked before each iteration. A loop
`else:` runs when the flag is still false, so `for`/`else` and `while`/`else`
work with traced tests too.
"""
from __future__ import annotations

import copy

import gast

from autograph_py.compiler.converters import early_exit
from autograph_py.compiler import anno, templates, visitors


def _init_flag(flag):
    flag = False


def _if_not_flag(flag, body):
    if not flag:
        body


class _Breaks(visitors.StatementTransformer):
    def __init__(self, ctx, bound):
        self.ctx, self.bound = ctx, bound

    def _loop(self, node):
        self.generic_visit(node)
        after = []   # the assignments of folded breaks, under the test that says which
        if isinstance(node, gast.While) and not node.orelse:
            after = _hoist_leading_breaks(node, self.bound.get(id(node), frozenset()))
        has_break = any(early_exit.contains(s, gast.Break, cross_loops=False) for s in node.body)
        orelse, node.orelse = node.orelse, []
        if not has_break:
            return templates.located([node] + after, node) if after else [node] + orelse
        flag = self.ctx.namer.new("break_")
        node.body = early_exit.rewrite_block(
            node.body, gast.Break, flag, False, lambda _: early_exit.set_flag(flag)) or [gast.Pass()]
        if isinstance(node, gast.While):
            node.test = early_exit.and_test(early_exit.not_flag(flag), node.test)
        else:
            extra = anno.get(node, anno.EXTRA_TEST)
            test = early_exit.not_flag(flag)
            anno.set(node, anno.EXTRA_TEST, test if extra is None else early_exit.and_test(extra, test))
        out = templates.replace(_init_flag, flag=flag) + [node] + after
        if orelse:
            out += templates.replace(_if_not_flag, flag=flag, body=orelse)
        return templates.located(out, node)

    visit_While = visit_For = _loop

    def visit_AsyncFunctionDef(self, node):
        return node


def _hoist_leading_breaks(loop, bound) -> list:
    """`while t: if c: break` ... becomes `while t and not c:` ...; with assignments
    before the break (see the module docstring), also returns the `if` that makes them
    after the loop.

    The test and `c` are evaluated in the same order as before, so this is
    exact; it saves the flag, and under a traced test it is the loop an
    expert writes by hand.
    """
    after = []
    while loop.body and _exits_first(loop.body[0]):
        branch = loop.body[0]
        actions = branch.body[:-1]
        if actions and not _foldable(loop, branch, actions, bound):
            break
        loop.body.pop(0)
        if actions:
            exited = early_exit.and_test(copy.deepcopy(loop.test), copy.deepcopy(branch.test))
            after.append(gast.If(test=exited, body=actions, orelse=[]))
        loop.test = early_exit.and_test(loop.test, gast.UnaryOp(gast.Not(), branch.test))
    if not loop.body:
        loop.body = [gast.Pass()]
    return after


def _exits_first(stmt) -> bool:
    return (isinstance(stmt, gast.If) and not stmt.orelse and bool(stmt.body)
            and isinstance(stmt.body[-1], gast.Break))


# Expressions with no effects: evaluating them once more after the loop changes nothing.
_PURE = (gast.Name, gast.Constant, gast.Attribute, gast.Subscript, gast.Slice, gast.BinOp,
         gast.UnaryOp, gast.BoolOp, gast.Compare, gast.Tuple, gast.IfExp, gast.expr_context,
         gast.operator, gast.unaryop, gast.boolop, gast.cmpop)


def _foldable(loop, branch, actions, bound) -> bool:
    if not all(isinstance(n, _PURE) for e in (loop.test, branch.test) for n in gast.walk(e)):
        return False
    if any(early_exit.contains(s, (gast.Break, gast.Continue), cross_loops=False)
           or early_exit.contains(s, gast.Return, cross_loops=True) for s in actions):
        return False
    if any(isinstance(n, (gast.Yield, gast.YieldFrom, gast.Await, gast.FunctionDef,
                          gast.ClassDef, gast.Global, gast.Nonlocal))
           for s in actions for n in gast.walk(s)):
        return False
    rest = loop.body[1:]
    if any(early_exit.contains(s, gast.Break, cross_loops=False) for s in rest):
        return False   # a break there ends the loop where the test may say c holds
    return _assigned_names(actions) <= bound


def _assigned_names(stmts) -> set:
    return {n.id for s in stmts for n in gast.walk(s)
            if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}


def _bound_before_loops(fn) -> dict:
    """id(while) -> the names that statements before it in its block, and in the blocks
    around it, bind by a plain assignment (or the function's parameters): bound when the
    loop ends, so a folded break's assignments after it keep them bound either way."""
    out = {}
    if type(getattr(fn, "body", None)) is not list:   # a lambda: no statements
        return out
    params = {a.id for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)
              if isinstance(a, gast.Name)} | {a.id for a in (fn.args.vararg, fn.args.kwarg)
                                             if isinstance(a, gast.Name)}

    def walk(block, bound):
        for stmt in block:
            if isinstance(stmt, gast.While):
                out[id(stmt)] = frozenset(bound)
            if isinstance(stmt, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)):
                continue
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(stmt, field, None)
                if type(inner) is list and inner and isinstance(inner[0], gast.stmt):
                    walk(inner, set(bound))
            if isinstance(stmt, (gast.Assign, gast.AugAssign)):
                bound |= _assigned_names([stmt])
    walk(fn.body, set(params))
    return out


def transform(node, ctx):
    return _Breaks(ctx, _bound_before_loops(node)).visit(node)
