"""Functions defined inside converted code that keep the bodies written: generators and
coroutines, and the methods of a class defined there.

A generator's or coroutine's body suspends at each `yield` or `await`, which no branch
or loop function of converted code can: its statements stay Python, so its tests and
loops see Python values or are a clear error at their line. A generator's expressions
and calls are converted all the same (compiler/pipeline.GENERATOR), as are those of a
generator defined elsewhere that converted code calls. A class body's methods are
converted when they are called, as any method is (compiler/pipeline._register).
"""
from __future__ import annotations

import copy

import gast

from autograph_py.compiler import scopes, visitors


def python_bodies(root) -> dict:
    """{(name, line): original body} of the generator and async functions defined inside
    `root`. The converters still see them, so the enclosing function's analyses count
    what they read; `restore` puts the original bodies back afterwards."""
    out = {}
    for n in _nested_defs(root):
        if isinstance(n, gast.AsyncFunctionDef) or any(
                isinstance(m, (gast.Yield, gast.YieldFrom, gast.Await))
                for m in scopes.walk_inside(n)):
            out.setdefault((n.name, n.lineno), copy.deepcopy(n.body))
    for n in _nested_defs(root, methods=True):
        out.setdefault((n.name, n.lineno), copy.deepcopy(n.body))
    return out


def generators(root) -> set:
    """The (name, line) of the generator functions (not async) defined inside `root`: their
    kept bodies get the expressions-and-calls conversion (compiler/pipeline.GENERATOR)."""
    return {(n.name, n.lineno) for n in _nested_defs(root) if isinstance(n, gast.FunctionDef)
            and any(isinstance(m, (gast.Yield, gast.YieldFrom)) for m in scopes.walk_inside(n))}


def _nested_defs(root, methods=False) -> list:
    """The functions defined by statements under `root`, at any depth (a def is a
    statement: no need to walk the expressions, which hold most of the nodes); with
    `methods`, those a class body defines instead."""
    out, todo = [], [(root, False)]
    while todo:
        node, in_class = todo.pop()
        body = getattr(node, "body", None)
        if type(body) is not list:   # a lambda's: an expression
            continue
        for st in scopes.own_statements(body):
            if isinstance(st, (gast.FunctionDef, gast.AsyncFunctionDef)):
                if in_class == methods:
                    out.append(st)
                todo.append((st, False))
            elif methods and isinstance(st, gast.ClassDef):
                todo.append((st, True))
    return out


def restore(root, verbatim: dict) -> None:
    """Puts back the bodies `python_bodies` kept, in the converted tree `root`."""
    if not verbatim:
        return
    for n in visitors.walk(root):
        if isinstance(n, (gast.FunctionDef, gast.AsyncFunctionDef)):
            body = verbatim.pop((n.name, getattr(n, "lineno", None)), None)
            if body is not None:
                n.body = body
    assert not verbatim, f"functions lost in conversion: {sorted(verbatim)}"
