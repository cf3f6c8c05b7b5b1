"""check.py's "seq" mode and its text comparisons: printed output, error messages, dtypes.

    failures = run_sequence(run)    # run: check._Run; one entry per failing call

Every call of the case's sequence (calls.py) runs eagerly and through its
route, and is compared as check.compare does; where the case says
`compare_text`, also what it printed (in program order, on every call:
a compiled program that prints only when traced prints nothing on its
second run) and, where both raise AssertionError or ValueError, the
message. Text is compared as tokens: numbers within the tolerance, words
equal, dtype words and punctuation ignored, so `Array(1.5, dtype=float32)`,
`1.5` and `1.50000001` agree, and `0` and `0.0` do too.
"""
from __future__ import annotations

import contextlib
import io
import re

import jax
import numpy as np

import autograph_py
from autograph_py.runtime import failures

TOKEN = re.compile(r"nan|-?inf|[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[A-Za-z_]\w*")
IGNORED = {"Array", "dtype", "weak_type", "float16", "bfloat16", "float32", "float64", "int32",
           "int64", "bool", "bool_", "array", "np", "jnp"}
MESSAGE_KINDS = ("AssertionError", "ValueError")


def tokens(text: str) -> list:
    # (`weak_type=True` is a type, as `dtype=float32` is: its `True` is no printed value)
    return [t for t in TOKEN.findall(text.replace("weak_type=True", "")) if t not in IGNORED]


def _num(t):
    try:
        return float(t)
    except ValueError:
        return None


def _same_token(a, b, rtol, atol) -> bool:
    x, y = _num(a), _num(b)
    if x is None or y is None:
        return a == b
    return bool(np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=True))


def text_differs(expected: str, got: str, rtol, atol) -> str | None:
    """Printed output: the same lines, token by token."""
    a, b = expected.strip().splitlines(), got.strip().splitlines()
    if len(a) != len(b):
        return f"{len(a)} printed lines vs {len(b)}"
    for i, (x, y) in enumerate(zip(a, b)):
        tx, ty = tokens(x), tokens(y)
        if len(tx) != len(ty) or not all(_same_token(p, q, rtol, atol) for p, q in zip(tx, ty)):
            return f"printed line {i} differs"
    return None


def message_differs(expected: str, got: str, rtol, atol) -> str | None:
    """An error message: the eager message's tokens appear, in order, in the converted one."""
    a, b = tokens(expected), tokens(got)
    for start in range(len(b) - len(a) + 1):
        if all(_same_token(p, q, rtol, atol) for p, q in zip(a, b[start:start + len(a)])):
            return None
    return "the message differs"


def dtype_differs(expected, got) -> str | None:
    """A leaf that eagerly is a bfloat16 or 64-bit array must keep its dtype; but a bfloat16
    that comes back float32 is the contract's promotion of a traced join (SEMANTICS.md:
    "Branch outputs are promoted to their common dtype": `a += jnp.max(f32)` on the path
    not taken), where the values agree (compare_text runs after they did); so is an int64
    that comes back float64 (`v = 0`, then `v = 1.0` on a traced path: shapes6 15000/408)."""
    la, lb = jax.tree_util.tree_leaves(expected), jax.tree_util.tree_leaves(got)
    for i, (x, y) in enumerate(zip(la, lb)):
        if isinstance(x, np.ndarray) and isinstance(y, np.ndarray) and x.dtype != y.dtype and \
                str(x.dtype) in ("bfloat16", "float64", "int64") and \
                (str(x.dtype), str(y.dtype)) not in (("bfloat16", "float32"),
                                                     ("int64", "float64")):
            return f"leaf {i}: dtype {x.dtype} vs {y.dtype}"
    return None


def capture_out(check, fn, *args):
    """The outcome of fn(*args) and what it printed (callbacks flushed)."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        out = check.capture(fn, *args)
        try:
            jax.effects_barrier()
        except Exception:  # noqa: BLE001 -- a failed callback already shows in `out`
            pass
    return out, buf.getvalue()


def compare_text(check, run, eager, eager_out, got, got_out, mode, **extra):
    """Prints, messages and dtypes where eager and converted otherwise agree."""
    rtol, atol = check.tolerance(run.case)
    E, G = isinstance(eager, check.Raised), isinstance(got, check.Raised)
    why, kind = None, None
    if not E and not G:
        why, kind = text_differs(eager_out, got_out, rtol, atol), "print"
        if why is None:
            why, kind = dtype_differs(eager, got), "dtype"
    elif E and G and eager.kind == got.kind and eager.kind in MESSAGE_KINDS:
        why, kind = message_differs(str(eager.exc), str(got.exc), rtol, atol), "message"
    if why is None:
        return None
    detail = f"{why}\n  eager:     {_texts(eager, eager_out)}\n  converted: {_texts(got, got_out)}"
    run.failures.append({"status": "mismatch", "mode": mode, "kind": kind, "detail": detail,
                         **extra})
    return True


def _texts(outcome, printed):
    if hasattr(outcome, "exc"):
        return repr(str(outcome.exc)[:300])
    return repr(printed[:300])


def _args(check, case, how, values):
    params = case["params"]
    return [v if h != "array" else check.as_array(v, k, case) for v, h, (_, k) in
            zip(values, how, params)]


def run_sequence(check, run):
    case, f, ef = run.case, run.f, run.ef
    if not case.get("calls"):   # a config without call sequences (default, small)
        run.skipped.append("seq: no call sequence in this config")
        return
    reused = {}
    for i, call in enumerate(case["calls"]):
        route, how = call["route"], call["how"]
        static = tuple(j for j, h in enumerate(how) if h == "static")
        mode = "seq"
        extra = {"call": i, "route": route}
        if route.endswith("vmap"):
            _vmap_call(check, run, call, mode, extra)
            continue
        if route.endswith("grad"):
            _grad_call(check, run, call, mode, extra)
            continue
        args = _args(check, case, how, call["values"])
        eager, eager_out = capture_out(check, ef, *args)
        if route == "function":
            fn = autograph_py.function(f, static_argnums=static)
        elif route == "function_reuse":
            fn = reused.setdefault(static, autograph_py.function(f, static_argnums=static))
        elif route == "jit_convert":
            fn = jax.jit(check.converted(f), static_argnums=static)
        else:
            fn = check.converted(f)
        got, got_out = capture_out(check, fn, *args)
        if route == "jit_convert":
            got = _traced_text(check, eager, _carried(check, got))
            got = _ended_trace(check, run, eager, got, static, args)
        if not run._compare(eager, got, mode, **extra) and case.get("compare_text"):
            compare_text(check, run, eager, eager_out, got, got_out, mode, **extra)


def _carried(check, got):
    """Under a plain `jax.jit(convert(f))` a failed run-time check reaches the caller as
    JAX's JaxRuntimeError, whose text carries the exception and line (README, FINDINGS
    F8): compare the exception it carries, found the way `@function` finds it."""
    if isinstance(got, check.Raised) and isinstance(got.exc, jax.errors.JaxRuntimeError):
        found = failures.assertion_from(got.exc)
        if found is not None:
            return check.Raised(found[0])
    return got


def _ended_trace(check, run, eager, got, static, args):
    """Under a plain `jax.jit(convert(f))` an error the program raises while JAX traces it
    ends the trace, before any check staged earlier can run (README; FINDINGS F158): a
    loop body that raises on every iteration is a staged check, and a read after the loop
    of a local only that body assigns is then Python's UnboundLocalError while tracing.
    Only `@function` can return from the trace and fail where Python fails first; where it
    gives the eager outcome, so does the program."""
    if not (isinstance(got, check.Raised) and isinstance(eager, check.Raised)) or isinstance(
            got.exc, jax.errors.JaxRuntimeError) or check.is_internal(got.exc, run.user_file):
        return got   # (a crash inside autograph_py is one whatever `@function` gives)
    if check.compare(eager, got, "seq", run.user_file) is None:
        return got
    staged = check.capture(autograph_py.function(run.f, static_argnums=static), *args)
    return eager if check.compare(eager, staged, "seq", run.user_file) is None else got


_TRACER = re.compile(r"\w*Tracer\(~?\w+\[[^\]]*\]\)")   # (`~`: weakly typed)


def _traced_text(check, eager, got):
    """Under a plain `jax.jit(convert(f))` a raise on the Python path whose message shows
    traced values is raised by Python while JAX traces, each value shown as JAX's tracer
    (README; FINDINGS F155): the same exception, whose message is the eager one with each
    tracer in place of some eager text, is the eager outcome."""
    if not (isinstance(got, check.Raised) and isinstance(eager, check.Raised)) or type(
            got.exc) is not type(eager.exc) or not _TRACER.search(str(got.exc)):
        return got
    parts = _TRACER.split(str(got.exc))
    if not "".join(parts).strip():
        return got   # (only tracers: nothing of the message to compare)
    pattern = ".+".join(re.escape(part) for part in parts)
    return eager if re.fullmatch(pattern, str(eager.exc), re.S) else got


def _vmap_call(check, run, call, mode, extra):
    case = run.case
    batched = [j for j, h in enumerate(call["how"]) if h == "array"]
    if not batched or case.get("print_in_while"):   # FINDINGS F11
        return
    base = _args(check, case, call["how"], call["values"])
    sets = []
    for values in call["batch"]:
        full = list(base)
        for j in batched:
            full[j] = check.as_array(values[j], case["params"][j][1], case)
        sets.append(full)
    eager = [check.capture(run.ef, *a) for a in sets]
    if any(isinstance(e, check.Raised) for e in eager):
        return
    call_fn, _ = check._vmapped(check.converted(run.f), base, [j not in batched for j in
                                                                     range(len(base))])
    fn = jax.vmap(call_fn)
    if call["route"] == "jit_vmap":
        fn = jax.jit(fn)
    batch = [jax.numpy.stack([s[j] for s in sets]) for j in batched]
    try:
        expected = jax.tree_util.tree_map(lambda *xs: np.stack(xs), *eager)
    except ValueError:   # the elements' results differ in structure: no batched result is right
        return
    run._compare(expected, check.capture(fn, *batch), mode, **extra)


def _grad_call(check, run, call, mode, extra):
    case, at = run.case, call["at"]
    args = _args(check, case, call["how"], call["values"])
    expected = check.capture(jax.grad(check._loss(run.ef, case["ret"], args, at)), args[at])
    if isinstance(expected, check.Raised):
        return
    fn = jax.grad(check._loss(check.converted(run.f), case["ret"], args, at))
    if call["route"] == "jit_grad":
        fn = jax.jit(fn)
    got = check.capture(fn, args[at])
    if check.jax_loop_limit(case, got):
        return
    run._compare(expected, got, mode, **extra)
