"""What `break`, `continue` and `return` share: turning a jump into a flag.

A jump statement becomes an assignment `flag = True`, and every statement
after one that may have set the flag is guarded:

    for x in xs:                    for x in xs:
        a(x)                            a(x)
        if x > 0:          ==>          if x > 0:
            break                           break_ = True
        b(x)                            if not break_:
                                            b(x)
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors

_SCOPES = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef)
_LOOPS = (gast.For, gast.While, gast.AsyncFor)
_BLOCK_ITEMS = (gast.stmt, gast.excepthandler, gast.match_case)


def _guard(flag, body):
    if not flag:
        body


def _set_flag(flag):
    flag = True


def contains(node, kinds, cross_loops: bool) -> bool:
    """Whether `node` holds a statement of `kinds` that jumps out of it.

    Nested functions never count; nested loops count only if `cross_loops`
    (a `return` leaves every loop, a `break` only its own).
    """
    if isinstance(node, _SCOPES) or (isinstance(node, _LOOPS) and not cross_loops):
        return False
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, kinds):
            return True
        for field in visitors.child_fields(type(n)):
            block = getattr(n, field, None)
            if type(block) is not list:
                continue   # statements are only ever in a block
            for child in block:
                if isinstance(child, _SCOPES) or (isinstance(child, _LOOPS) and not cross_loops):
                    continue
                if isinstance(child, _BLOCK_ITEMS):
                    todo.append(child)
    return False


def always_jumps(stmts, kinds) -> bool:
    """Whether every path through `stmts` ends in a jump of `kinds`."""
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, kinds):
        return True
    if isinstance(last, gast.If):
        return always_jumps(last.body, kinds) and always_jumps(last.orelse, kinds)
    return False


def rewrite_block(stmts, kinds, flag: str, cross_loops: bool, replacement) -> list:
    """Replaces jumps of `kinds` in `stmts` by `replacement(jump)` and guards what follows.

    When one branch of an `if` always jumps and the other never does, what
    follows the `if` moves into the other branch instead of behind a guard:

        if x > 0:                     if x > 0:
            return x        ==>           retval_ = x
        y = 2 * x                     else:
                                          y = 2 * x

    so no flag is tested and, under a traced test, one `lax.cond` remains.
    """
    out = []
    for i, st in enumerate(stmts):
        if isinstance(st, kinds):
            out.extend(templates.located(replacement(st), st))
            return out  # statements after a jump in the same block never run
        if contains(st, kinds, cross_loops):
            into = None
            if isinstance(st, gast.If):
                if always_jumps(st.body, kinds) and not _any(st.orelse, kinds, cross_loops):
                    into = "orelse"
                elif always_jumps(st.orelse, kinds) and not _any(st.body, kinds, cross_loops):
                    into = "body"
            _rewrite_children(st, kinds, flag, cross_loops, replacement)
            out.append(st)
            rest = stmts[i + 1:]
            if rest:
                rest = rewrite_block(rest, kinds, flag, cross_loops, replacement)
                if into is not None:
                    setattr(st, into, [s for s in getattr(st, into) if not isinstance(s, gast.Pass)]
                            + rest)
                else:
                    out.extend(templates.located(templates.replace(_guard, flag=flag, body=rest),
                                                 st))
            return out
        out.append(st)
    return out


def _any(stmts, kinds, cross_loops) -> bool:
    return any(isinstance(s, kinds) or contains(s, kinds, cross_loops) for s in stmts)


def _rewrite_children(st, kinds, flag, cross_loops, replacement):
    for field in ("body", "orelse", "finalbody"):
        block = getattr(st, field, None)
        if block and (not isinstance(st, _LOOPS) or cross_loops or field == "orelse"):
            setattr(st, field, rewrite_block(block, kinds, flag, cross_loops, replacement)
                    or [gast.Pass()])
    for h in getattr(st, "handlers", None) or []:
        h.body = rewrite_block(h.body, kinds, flag, cross_loops, replacement) or [gast.Pass()]
    if isinstance(st, gast.Match):
        for c in st.cases:
            c.body = rewrite_block(c.body, kinds, flag, cross_loops, replacement) or [gast.Pass()]


def set_flag(flag: str) -> list:
    return templates.replace(_set_flag, flag=flag)


def not_flag(flag: str):
    return gast.UnaryOp(gast.Not(), gast.Name(flag, gast.Load(), None, None))


def and_test(left, right):
    return gast.BoolOp(gast.And(), [left, right])
