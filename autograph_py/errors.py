"""Every error autograph_py raises, and the one formatter that writes them.

Messages follow JAX's style: say what happened, name the user's variable,
show both sides of a mismatch, point at the user's file:line, and end with
what to change.
"""
from __future__ import annotations

import ast
import re
import sys
import types

from autograph_py import labels


_INTERNAL = ("autograph_py", "jax", "jaxlib")   # a runtime call may come through a JAX trace


def _internal(frame, also=()) -> bool:
    """A frame of autograph_py or JAX (or of the modules `also`: not the user's); False
    past the outermost."""
    return frame is not None and frame.f_globals.get("__name__", "").partition(".")[0] in (
        *_INTERNAL, *also)


def where(depth: int = 2, also: tuple = ()) -> str:
    """file:line of the user statement that called into the runtime.

    Generated code keeps the user's file name and line numbers, so the frame
    that called a runtime operator is the user's line.
    """
    f = sys._getframe(depth)
    while _internal(f, also):   # (`also`: a library between, Flax's make_rng)
        f = f.f_back
    if f is None:
        return "<unknown>"
    return f"{f.f_code.co_filename}:{f.f_lineno}"


def local_name(value, generated=False) -> str | None:
    """The name of a variable of the user's code running now that holds `value`, if any
    (with `generated`, a converter's own `ag__` local too)."""
    f = sys._getframe(1)
    while f is not None:
        if not _internal(f, ()):
            for name, v in f.f_locals.items():
                if v is value and (generated or not name.startswith("ag__")):
                    return name
        f = f.f_back
    return None


def raised_at(exc: BaseException) -> tuple[str, str] | None:
    """(top-level module, "file:line") of the last frame of `exc`'s traceback outside
    autograph_py: whose code raised it (the user's, JAX's, NumPy's). None if none is."""
    last, tb = None, exc.__traceback__
    while tb is not None:
        if not tb.tb_frame.f_globals.get("__name__", "").startswith("autograph_py"):
            last = tb
        tb = tb.tb_next
    if last is None:
        return None
    module = last.tb_frame.f_globals.get("__name__", "").partition(".")[0]
    return module, f"{last.tb_frame.f_code.co_filename}:{last.tb_lineno}"


def warn_at_user(text: str, category: type) -> None:
    """warnings.warn, attributed to the first frame outside autograph_py and JAX."""
    import warnings
    level, f = 1, sys._getframe(1)
    while _internal(f):
        level, f = level + 1, f.f_back
    warnings.warn(text, category, stacklevel=level + 1)


def at_user_line(error: BaseException, at: str, cause: BaseException | None = None):
    """`error` with a traceback of one frame at `at` ("file:line"), to be raised by the caller.

    For failures found when a compiled program runs (a run-time assert, a
    staged raise): the statement that failed has no frame of its own then,
    so the traceback gets one that shows the user's line.
    """
    filename, _, line = at.rpartition(":")
    try:
        lineno = int(line)
    except ValueError:
        lineno = 1
    code = compile("\n" * (lineno - 1) + "raise __ag_error", filename or "<unknown>", "exec")
    code = code.replace(co_name="<checked when the program ran>")
    try:
        exec(code, {"__ag_error": error})
    except BaseException as raised:  # noqa: BLE001 - it is `error`
        tb = raised.__traceback__
        error = raised.with_traceback(tb.tb_next if tb is not None else None)  # not this frame
    error.__cause__, error.__suppress_context__ = cause, True
    return error


def assignment_lines(at: str, name: str) -> tuple[list[int], list[int]]:
    """Lines that assign `name` in the body and in the else part of the statement at `at`.

    Only called while building an error message: it parses the user's file
    then, so the happy path pays nothing.
    """
    filename, _, line = at.rpartition(":")
    try:
        tree = _parsed_file(filename)
        lineno = int(line)
    except (SyntaxError, ValueError, OSError):
        return [], []
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While, ast.For)) and node.lineno == lineno:
            return _assigning(node.body, name), _assigning(node.orelse, name)
    return [], []


def _parsed_file(filename):
    import linecache
    return ast.parse("".join(linecache.getlines(filename)))


def _assigning(stmts, name):
    lines = set()
    for stmt in stmts:
        for node in ast.walk(stmt):
            if name == labels.RETURN_VALUE:
                if isinstance(node, ast.Return):
                    lines.add(node.lineno)
                continue
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr, ast.For)):
                targets = [node.target]
            for t in targets:
                for sub in ast.walk(t):
                    if (isinstance(sub, ast.Name) and sub.id == name) or (
                            isinstance(sub, (ast.Attribute, ast.Subscript))
                            and ast.unparse(sub) == name):
                        lines.add(node.lineno)
    return sorted(lines)


def lines_note(lines) -> str:
    if not lines:
        return ""
    return f" (assigned at line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))})"


def message(what: str, *, details: tuple[str, ...] = (), at: str | None = None,
            fix: str | None = None) -> str:
    """The one formatter: a headline, indented details, the location, the fix."""
    parts = [what]
    parts.extend("  " + d for d in details)
    if at:
        parts.append(f"  at {at}")
    if fix:
        parts.append(fix)
    return "\n".join(parts)


class AutographError(Exception):
    """Base class of autograph_py's own errors."""


class ConversionError(AutographError, SyntaxError):
    """Syntax that cannot be converted; carries file, line and column."""

    def __init__(self, reason: str, filename: str, lineno: int, col: int = 0, fix: str | None = None):
        text = message(f"autograph_py cannot convert this code: {reason}",
                       at=f"{filename}:{lineno}:{col + 1}", fix=fix)
        SyntaxError.__init__(self, text, (filename, lineno, col + 1, None))
        self.reason = reason

    def __str__(self):
        return self.msg


class SourceUnavailableError(AutographError):
    """The source of a function cannot be read or parsed."""

    def __init__(self, fn, why: str):
        name = getattr(fn, "__qualname__", repr(fn))
        code = getattr(fn, "__code__", None)
        loc = f" ({code.co_filename}:{code.co_firstlineno})" if code else ""
        self.headline = f"cannot convert {name}{loc}: {why}"
        super().__init__(message(
            self.headline,
            fix="Define it with `def` in a source file, or mark it with do_not_convert "
                "to call it as it is without this message."))
        self.fn, self.why = fn, why


class SourceChangedError(SourceUnavailableError):
    """The function's file changed since it was defined: its text is not its code.

    Unlike other unreadable sources this is always an error: the function
    must not run unconverted in place of the one the user now reads.
    """

    def __init__(self, fn, why: str):
        super().__init__(fn, why)
        self.args = (message(self.headline, fix="Re-import the module (importlib.reload) or "
                                                 "restart Python, then call it again."),)


class StateError(AutographError, TypeError):
    """Branch outputs or loop state that cannot be joined (shape, dtype, structure)."""


class AmbiguousTruthError(StateError, ValueError):
    """The truth of an array of several elements (an `if`, `while`, `and`, `not`, an
    assert on one): a ValueError too, as Python's own is."""


class UndefinedVariableError(AutographError, UnboundLocalError):
    """A variable read where it has no value on some path.

    An UnboundLocalError (so a NameError), as Python's own read of an
    unassigned local is: `except UnboundLocalError` catches both.
    """


class TracedListError(AutographError, TypeError):
    """A Python list used in a traced loop in a way that cannot be staged."""


class TracedShapeError(AutographError, TypeError):
    """A value whose shape or length would depend on traced data (`x[:n]`,
    `[v for v in xs if v > 0]`), or a Python container that a traced index
    cannot select from (items of different shapes)."""


class ConcreteValueError(TracedShapeError):
    """A function called as it is (jax.numpy, NumPy, math, ...) needed a concrete value
    (a shape, a size, a Python number) and got a traced one."""


class TracedRecursionError(AutographError, RecursionError):
    """Recursion whose stopping condition is traced never ends at trace time."""


class DifferentiationError(AutographError, TypeError):
    """`jax.grad` (or `jvp`) of a converted loop whose body JAX cannot differentiate (a
    host callback, a primitive with no derivative rule): at the loop's line."""


class IntegerPowerError(AutographError, ValueError):
    """An integer raised to a negative traced integer (`2 ** -i`, `i` a traced range's):
    a float in Python, which a dtype fixed when tracing cannot follow. A ValueError,
    as NumPy's for the same power."""


class StagedRaiseError(AutographError):
    """A raise under a traced condition that a `try` around it would catch."""


class UnconvertedWarning(UserWarning):
    """A function runs unconverted (its source cannot be read)."""


_REPEATED = re.compile(r"unsupported operand type\(s\) for \*=?: '(\w+)' and '(\w+)'|"
                       r"can't multiply sequence by non-int of type '(\w+)'")


class clearer_errors:
    """Around a converted function's entry: what an error that leaves it says in this
    project's terms (`clearer`), and the runtime's own frames dropped from its traceback,
    as JAX drops its own at its API boundaries (JAX_TRACEBACK_FILTERING=off keeps them):
    the last frame is the user's line under `convert` without jit too (a failing `assert`,
    `int("abc")`, `min([])`), not the runtime function that raised it for them."""
    __slots__ = ()

    def __enter__(self):
        return self

    def __exit__(self, kind, e, tb):
        if not isinstance(e, Exception):
            return False
        clear = _clearer_of(e)
        if clear is not None:
            raise clear.with_traceback(_users_frames(tb)) from None
        e.with_traceback(_users_frames(tb))
        return False


def _clearer_of(e: Exception) -> BaseException | None:
    if isinstance(e, TypeError):
        return clearer(e)
    if type(e).__name__ != "InconclusiveDimensionOperation":   # JAX's, jax.export
        return None
    return ConcreteValueError(message(
        "a comparison of symbolic dimensions (jax.export) has no answer while the "
        "function is traced: it depends on the shapes the exported program is called with",
        details=(f"JAX: {str(e).strip().splitlines()[0]}",), at=_user_line(e),
        fix="Compare the dimension's value when the program runs: jnp.asarray(x.shape[0]) "
            "> 2 is a traced bool a converted `if` or `while` stages."))


def _users_frames(tb):
    """`tb` without the frames of autograph_py's own modules (converted code runs in the
    user's module, so its frames stay); all of it where none would remain."""
    import jax
    if jax.config.jax_traceback_filtering == "off":
        return tb
    kept, t = [], tb
    while t is not None:
        if not t.tb_frame.f_globals.get("__name__", "").startswith("autograph_py"):
            kept.append(t)
        t = t.tb_next
    if not kept:
        return tb
    out = None
    for t in reversed(kept):
        out = types.TracebackType(out, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return out


def clearer(e: TypeError) -> BaseException | None:
    """What Python's TypeError for an operator that a traced value cannot serve says in this
    project's terms, at the user's line: a list, tuple or str repeated a traced number of
    times (`(n + 1) * [0.0]`, its length would depend on the data); None for any other."""
    at = _user_line(e) if type(e).__name__ == "TracerBoolConversionError" else None
    if at is not None:
        return ConcreteValueError(message(
            "the truth of a traced value is needed here, in code that runs as Python (code "
            "autograph_py leaves as it is: a comprehension that assigns with `:=`, "
            "a function it does not convert, a library's)",
            details=(f"JAX: {str(e).strip().splitlines()[0]}",), at=at,
            fix="Write the condition as a converted `if` or loop, or compute it with "
                "jnp.where; or make the value a Python one (a static argument)."))
    if re.search(r"unhashable type: '\w*Tracer'", str(e)):
        return TracedShapeError(message(
            "a traced value is hashed here: a set's item, a dict's key, or an argument of a "
            "cached function (functools.lru_cache, cache); which values are equal depends on "
            "the data, and a compiled program's sets and dicts have static keys",
            details=(f"Python: TypeError: {e}",), at=_user_line(e),
            fix="Keep the values in an array and compare them there (`jnp.any(seen == v)`, "
                "`jnp.unique(x, size=n, fill_value=...)` has a static size), or use Python "
                "values as keys; call a cached function with Python values (a static "
                "argument), or without its cache."))
    m = _REPEATED.search(str(e))
    if m is None or "Tracer" not in str(e) or not (
            m.group(3) or {m.group(1), m.group(2)} & {"list", "tuple", "str"}):
        return None
    return TracedShapeError(message(
        "a list, tuple or str repeated a traced number of times: its length would depend "
        "on the data, and a compiled program's lists have static lengths",
        details=(f"Python: TypeError: {e}",),
        at=_user_line(e),
        fix="Make the count a Python int (computed from static values), or keep an array "
            "of a fixed size (`jnp.full(n_max, v)`) and mask the items you do not want."))


def _user_line(e: BaseException) -> str | None:
    """The user's line of `e`: the last frame of its traceback not of autograph_py, JAX or
    NumPy."""
    tb, at = e.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_globals.get("__name__", "").partition(".")[0] not in (
                "autograph_py", "jax", "jaxlib", "numpy"):
            at = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    return at
