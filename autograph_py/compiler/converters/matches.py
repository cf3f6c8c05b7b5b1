"""`match` on values becomes an `if`/`elif` chain, so a traced subject works.

    match code:                       subject = code
        case 0:                       if subject == 0:
            y = a                         y = a
        case 1 | 2:           ==>     elif subject == 1 or subject == 2:
            y = b                         y = b
        case n if n > 9:              else:
            y = n                         n = subject
        case _:                           if n > 9:
            y = c                             y = n
                                          else:
                                              y = c

Converted: value patterns (`==`), `None`/`True`/`False` (`is`), `|` of
those, the wildcard, a capture name, and guards on them. The subject is
evaluated once, and a capture binds before its guard runs, as in Python.
A `match` with any other pattern (sequence, mapping, class, `as`) stays a
Python `match`, with its subject checked at run time: a traced subject
there is an error that says what to write instead.
"""
from __future__ import annotations

import gast

from autograph_py.compiler import templates, visitors


def _bind(target, subject):
    target = subject


def _checked_subject(subject, why):
    ag__.match_subject(subject, why)  # noqa: F821


def _name(name):
    return gast.Name(name, gast.Load(), None, None)


def _test(pattern, subject):
    """(test expression or None when the pattern always matches, captured name or None).

    Raises _Unsupported for patterns this converter leaves to Python.
    """
    if isinstance(pattern, gast.MatchValue):
        return gast.Compare(_name(subject), [gast.Eq()], [pattern.value]), None
    if isinstance(pattern, gast.MatchSingleton):
        return gast.Compare(_name(subject), [gast.Is()],
                            [gast.Constant(pattern.value, None)]), None
    if isinstance(pattern, gast.MatchAs) and pattern.pattern is None:
        return None, pattern.name   # `_` (name None) or a capture
    if isinstance(pattern, gast.MatchOr):
        tests = []
        for alt in pattern.patterns:
            test, captured = _test(alt, subject)
            if test is None or captured is not None:
                raise _Unsupported("an alternative that captures or always matches")
            tests.append(test)
        return gast.BoolOp(gast.Or(), tests), None
    raise _Unsupported(f"a {type(pattern).__name__[5:].lower() or 'other'} pattern")


class _Unsupported(Exception):
    pass


class _Matches(visitors.StatementTransformer):
    def __init__(self, ctx):
        self.ctx = ctx

    def visit_Match(self, node):
        self.generic_visit(node)
        subject = self.ctx.namer.new("subject")
        try:
            chain = self._chain(node.cases, subject)
        except _Unsupported as e:
            check = templates.replace(_checked_subject, subject=node.subject,
                                      why=gast.Constant(f"it has {e}", None))
            node.subject = check[0].value
            return templates.located(node, node)
        bind = templates.replace(_bind, target=subject, subject=node.subject)
        return templates.located(bind, node) + chain

    def _chain(self, cases, subject):
        """The statements for `cases`, tried in order; [] when none is left."""
        if not cases:
            return []
        case, rest = cases[0], cases[1:]
        test, captured = _test(case.pattern, subject)
        bind = (templates.located(templates.replace(_bind, target=captured, subject=_name(subject)),
                                  case.pattern) if captured else [])
        if test is not None and case.guard is not None:
            test, guard = gast.BoolOp(gast.And(), [test, case.guard]), None
        else:
            guard = case.guard
        if test is None:   # the pattern always matches: bind, then the guard decides
            if guard is None:
                return bind + case.body
            return bind + [self._if(guard, case.body, self._chain(rest, subject), case.pattern)]
        return [self._if(test, case.body, self._chain(rest, subject), case.pattern)]

    @staticmethod
    def _if(test, body, orelse, origin):
        node = gast.If(test, body, orelse)
        return templates.located(node, origin)


def transform(node, ctx):
    return _Matches(ctx).visit(node)
