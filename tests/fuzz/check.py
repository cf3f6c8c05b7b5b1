"""Runs one generated program eagerly and converted, and says whether they agree.

    result = check_case(case_dict)    # {"status": "ok" | "mismatch" | "crash", ...}

Modes (each where the program allows it):

- `jit`:  `autograph_py.function(f, static_argnums=...)` on both input sets
          (one jit, reused), against `f` run eagerly on the same inputs;
- `grad`: `jax.jit(jax.grad(loss(convert(f))))` against `jax.grad(loss(f))`,
          with respect to one traced float parameter; the other arguments
          are closed over, so they are concrete. Every loop is compared,
          a `while` or `range` with a traced trip count too (issue 15);
- `vmap`: `jax.jit(jax.vmap(convert(f)))` over the traced parameters with
          both input sets as the batch, against the two eager results;
- `seq`:  the case's call sequence (calls.py, run by sequence.py): several
          routes and signatures in one process, each call against eager.

Where the case says `compare_text` (the shapes configs), `jit` and `seq`
also compare what each call printed, error messages and dtypes
(sequence.py); where it says `may_refuse`, a converted autograph_py error
counts as agreement ("refused", reported separately). bfloat16 cases
compare with a wider tolerance; float64 cases run in an x64 worker.

Outcomes agree when both return equal values (np.allclose, rtol=1e-4,
atol=1e-5, in float64) or both raise errors of the same kind (nearest
builtin exception class). Otherwise it is a mismatch; it is a crash when
the converted run's exception is not an autograph_py error and was raised
inside autograph_py's own code.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import sys
import tempfile
import traceback

os.environ.setdefault("JAX_TRACEBACK_FILTERING", "off")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import autograph_py  # noqa: E402
from autograph_py import errors as ag_errors  # noqa: E402
from tests.fuzz import pyjax, sequence  # noqa: E402

RTOL, ATOL = 1e-4, 1e-5
DTYPES = {"f": jnp.float32, "i": jnp.int32, "b": jnp.bool_, "fa": jnp.float32, "ia": jnp.int32}
WIDE = {"float64": jnp.int64}   # the int dtype that goes with a float input dtype
AG_DIR = os.path.dirname(os.path.abspath(autograph_py.__file__)) + os.sep
# The error kinds compared between eager and converted runs, most specific first.
KINDS = (ZeroDivisionError, IndexError, KeyError, UnboundLocalError, NameError, AttributeError, AssertionError,
         RecursionError, TypeError, ValueError, ArithmeticError, LookupError, RuntimeError)

_tmpdir = None


# ---------------------------------------------------------------- loading

def load(source: str | None = None, path: str | None = None, eager: bool = False):
    """Imports generated source (written to a real file: conversion reads it back).
    `eager`: a second copy whose `jax` and `lax` mean what Python means (pyjax.py),
    for the eager runs of a program that hands functions to JAX transformations."""
    global _tmpdir
    if eager:
        if source is None:
            with open(path) as fh:
                source = fh.read()
        source, path = pyjax.eager_source(source), None
    if path is None:
        if _tmpdir is None:
            _tmpdir = tempfile.mkdtemp(prefix="agfuzz_")
        digest = hashlib.sha1(source.encode()).hexdigest()[:12]
        path = os.path.join(_tmpdir, f"agfuzz_{'eager_' if eager else ''}{digest}.py")
        with open(path, "w") as fh:
            fh.write(source)
    name = "agfuzz_" + hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def unload(mod):
    sys.modules.pop(mod.__name__, None)


def as_array(value, kind, case=None):
    dtype = (case or {}).get("dtype", "float32")
    if kind in ("f", "fa") and dtype != "float32":
        return jnp.asarray(value, dtype)
    if kind in ("i", "ia") and dtype in WIDE:
        return jnp.asarray(value, WIDE[dtype])
    return jnp.asarray(value, DTYPES[kind])


def make_args(values, params, static, case=None):
    return [v if s else as_array(v, k, case) for v, (_, k), s in zip(values, params, static)]


def tolerance(case) -> tuple:
    return (3e-2, 3e-2) if case.get("dtype") == "bfloat16" else (RTOL, ATOL)


# ---------------------------------------------------------------- running

def _kind_class(kind: str):
    return next((k for k in KINDS if k.__name__ == kind), ())


class Raised:
    def __init__(self, exc: BaseException):
        self.exc = exc
        self.kind = error_kind(exc)

    def describe(self) -> str:
        first = (str(self.exc).strip().splitlines() or [""])[0][:300]
        return f"{type(self.exc).__module__}.{type(self.exc).__name__}: {first}"


_XLA_CUMSUM_SCATTER = re.compile(r"jnp\.cumsum\([^\n]*\.at\[")


def capture(fn, *args):
    try:
        out = fn(*args)
        # Arrays as numpy arrays (their dtype is kept); Python scalars as they are.
        return jax.tree_util.tree_map(
            lambda x: np.asarray(x) if isinstance(x, (jax.Array, np.ndarray)) else x, out)
    except Exception as e:  # noqa: BLE001 -- every error is an outcome to compare
        return Raised(e)


JAX_WHILE = "Reverse-mode differentiation does not work for lax.while_loop"


def jax_loop_limit(case, got) -> bool:
    """JAX's own limit, not ours: a `lax.fori_loop` / `lax.while_loop` the program itself
    calls (the transforms configs) gets a bound the converted program traces, and JAX
    cannot reverse-differentiate it. Converted loops are differentiable (issue 15)."""
    return isinstance(got, Raised) and JAX_WHILE in str(got.exc) and any(
        k in (case.get("source") or "") for k in ("lax.fori_loop(", "lax.while_loop("))


def converted(f):
    """`autograph_py.convert(f)`, converting at the first call: a conversion error is then
    an outcome (inside `capture`), not a failure of the checker."""
    def call(*args, **kwargs):
        return autograph_py.convert(f)(*args, **kwargs)
    return call


def error_kind(exc) -> str:
    for cls in type(exc).__mro__:
        if cls in KINDS:
            return cls.__name__
    return "Exception"


def is_internal(exc, user_file: str) -> bool:
    """Raised from autograph_py's own code (not user code, not a deliberate AutographError)."""
    if isinstance(exc, ag_errors.AutographError):
        return False
    last = None
    tb = exc.__traceback__
    while tb is not None:
        fname = os.path.abspath(tb.tb_frame.f_code.co_filename)
        if fname.startswith(AG_DIR):
            last = "autograph"
        elif fname == user_file:
            last = "user"
        tb = tb.tb_next
    return last == "autograph"


def where_raised(exc) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [f for f in frames if os.path.abspath(f.filename).startswith(AG_DIR)]
    f = (inside or frames or [None])[-1]
    if f is None:
        return "?"
    return f"{os.path.relpath(f.filename, os.path.dirname(AG_DIR.rstrip(os.sep)))}:{f.lineno} in {f.name}"


def refusable(exc, allowed) -> bool:
    """`exc` is an autograph_py error of a class `allowed` names (a base class too), or of
    one "Class:words" names whose message has the words (the idioms config's key order)."""
    if not isinstance(exc, ag_errors.AutographError):
        return False
    names = {c.__name__ for c in type(exc).__mro__}
    for entry in allowed or ():
        cls, _, words = entry.partition(":")
        if cls in names and words in str(exc):
            return True
    return False


def compare(expected, got, mode: str, user_file: str, may_refuse=False, tol=(RTOL, ATOL)):
    """None when the outcomes agree, else a failure dict; "refused" where `may_refuse`
    and the converted run raised a clear autograph_py error."""
    if isinstance(expected, Raised) and isinstance(got, Raised):
        # (of the eager error's kind: an AmbiguousTruthError is a ValueError as Python's,
        # and a TypeError as the StateError it also is)
        if expected.kind == got.kind or isinstance(got.exc, _kind_class(expected.kind)):
            return None
    if isinstance(got, Raised) and refusable(got.exc, may_refuse):
        return "refused"   # a subclass of an accepted error (LoopStateMismatch: a StateError)
    if isinstance(got, Raised):
        internal = is_internal(got.exc, user_file)
        detail = f"converted raised {got.describe()}"
        if internal:
            detail += f"\n  raised at {where_raised(got.exc)}"
        detail += ("\n  eager raised " + expected.describe() if isinstance(expected, Raised)
                   else f"\n  eager returned {_short(expected)}")
        kind = type(got.exc).__name__ + (f"@{where_raised(got.exc).split(' in ')[-1]}"
                                          if internal else ": " + _gist(got.exc))
        return {"status": "crash" if internal else "mismatch", "mode": mode, "kind": kind,
                "detail": detail,
                "traceback": "".join(traceback.format_exception(got.exc))[-6000:]}
    if isinstance(expected, Raised):
        return {"status": "mismatch", "mode": mode, "kind": "eager-raised",
                "detail": f"eager raised {expected.describe()}\n  converted returned {_short(got)}"}
    why = values_differ(expected, got, *tol)
    if why is None:
        return None
    return {"status": "mismatch", "mode": mode, "kind": "value",
            "detail": f"{why}\n  eager:     {_short(expected)}\n  converted: {_short(got)}"}


def _gist(exc) -> str:
    """The first line of an error with names and numbers blotted out: what kind of failure."""
    first = (str(exc).strip().splitlines() or [""])[0]
    return re.sub(r"\d+", "N", re.sub(r"'[^']*'", "'X'", first))[:120]


def values_differ(a, b, rtol=RTOL, atol=ATOL) -> str | None:
    la, ta = jax.tree_util.tree_flatten(a)
    lb, tb = jax.tree_util.tree_flatten(b)
    if ta != tb:
        return f"structure differs: {ta} vs {tb}"
    for i, (x, y) in enumerate(zip(la, lb)):
        x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
        if x.shape != y.shape:
            return f"leaf {i}: shape {x.shape} vs {y.shape}"
        if not np.allclose(x, y, rtol=rtol, atol=atol, equal_nan=True):
            return f"leaf {i} differs"
    return None


def _short(v) -> str:
    text = repr(jax.tree_util.tree_map(lambda x: np.asarray(x).tolist(), v))
    return text if len(text) < 400 else text[:400] + "..."


# ------------------------------------------------------------------ modes

def _loss(fn, ret, args, at):
    def loss(p):
        full = list(args)
        full[at] = p
        out = fn(*full)
        outs = out if len(ret) > 1 else (out,)
        return sum(jnp.sum(jnp.asarray(o, jnp.float32)) for o, k in zip(outs, ret) if k in ("f", "fa"))
    return loss


def _vmapped(fn, args, static):
    traced = [j for j, s in enumerate(static) if not s]

    def call(*xs):
        full = list(args)
        for j, x in zip(traced, xs):
            full[j] = x
        return fn(*full)
    return call, traced


class _Run:
    """One program's runs: the eager results, then one method per mode. `f` is what is
    converted; `ef` is what runs eagerly: `f` itself, or for a program that hands
    functions to JAX transformations, `f` of the eager copy (load(eager=True))."""

    def __init__(self, case, f, user_file, ef=None):
        self.case, self.f, self.user_file = case, f, user_file
        self.ef = f if ef is None else ef
        self.static = case["static"]
        self.sets = [make_args(v, case["params"], self.static, case) for v in case["args"]]
        self.failures, self.skipped, self.eager, self.refused = [], [], [], []
        self.printed = []   # what each eager run printed

    def _compare(self, expected, got, mode, **extra):
        fail = compare(expected, got, mode, self.user_file, self.case.get("may_refuse"),
                       tolerance(self.case))
        if fail == "refused":
            self.refused.append(f"{mode}: {_gist(got.exc)}"[:160])
            return fail
        if fail:
            self.failures.append({**fail, **extra})
        return fail

    def jit(self):
        jitted = autograph_py.function(
            self.f, static_argnums=tuple(j for j, s in enumerate(self.static) if s))
        for j, (a, e) in enumerate(zip(self.sets, self.eager)):   # one jit, both input sets
            got, printed = sequence.capture_out(sys.modules[__name__], jitted, *a)
            if self._compare(e, got, "jit", input=j):
                return
            if self.case.get("compare_text") and sequence.compare_text(
                    sys.modules[__name__], self, e, self.printed[j], got, printed, "jit", input=j):
                return

    def seq(self):
        sequence.run_sequence(sys.modules[__name__], self)

    def grad(self):
        at, args, ret = self.case.get("grad_arg"), self.sets[0], self.case["ret"]
        if at is None:
            self.skipped.append("grad: no traced float parameter")
            return
        expected = capture(jax.grad(_loss(self.ef, ret, args, at)), args[at])
        if isinstance(expected, Raised):
            self.skipped.append(f"grad: eager grad raised {expected.describe()}")
            return
        got = capture(jax.jit(jax.grad(_loss(converted(self.f), ret, args, at))),
                      args[at])
        if jax_loop_limit(self.case, got):
            self.skipped.append("grad: the program's own lax loop has a traced bound")
            return
        self._compare(expected, got, "grad")

    def vmap(self):
        call, traced = _vmapped(converted(self.f), self.sets[0], self.static)
        if not traced:
            self.skipped.append("vmap: no traced parameter")
        elif self.case.get("print_in_while"):
            # FINDINGS F11: XLA itself segfaults compiling jax.debug.print in a
            # while_loop under a batched cond; that would hide everything else.
            self.skipped.append("vmap: print in a while loop (F11)")
        elif _XLA_CUMSUM_SCATTER.search(self.case.get("source") or ""):
            # FINDINGS F150: XLA's CPU jit of vmap(cumsum(zeros.at[i].set(x))) is wrong in
            # plain JAX 0.10.2 ([1, 1, 1] for [0, 1, 1]); nothing of autograph_py's.
            self.skipped.append("vmap: jnp.cumsum of a scatter (XLA bug, F150)")
        elif any(isinstance(e, Raised) for e in self.eager):
            self.skipped.append("vmap: eager raised")
        elif (jax.tree_util.tree_structure(self.eager[0])
              != jax.tree_util.tree_structure(self.eager[1])):
            # The two inputs give results of different structures (a dict key added on
            # one path): no batched result can be right (as sequence._vmap_call).
            self.skipped.append("vmap: the inputs' results differ in structure")
        else:   # the batch is the two input sets
            batch = [jnp.stack([self.sets[0][j], self.sets[1][j]]) for j in traced]
            expected = jax.tree_util.tree_map(lambda x, y: np.stack([x, y]), *self.eager)
            self._compare(expected, capture(jax.jit(jax.vmap(call)), *batch), "vmap")


def check_case(case: dict) -> dict:
    """Runs the modes in `case["modes"]`; returns the failures and what did not apply."""
    mod = load(case.get("source"), case.get("file"))
    emod = load(case.get("source"), case.get("file"), eager=True) if case.get("py_transforms") \
        else mod
    name = case.get("fn", "f")
    run = _Run(case, getattr(mod, name), os.path.abspath(mod.__file__), getattr(emod, name))
    try:
        for a in run.sets:
            outcome, printed = sequence.capture_out(sys.modules[__name__], run.ef, *a)
            run.eager.append(outcome)
            run.printed.append(printed)
        for mode in ("jit", "grad", "vmap", "seq"):
            if mode in case["modes"]:
                getattr(run, mode)()
    finally:
        unload(mod)
        unload(emod)
    failures, skipped, eager = run.failures, run.skipped, run.eager
    status = "ok"
    if failures:
        status = "crash" if any(x["status"] == "crash" for x in failures) else "mismatch"
    return {"status": status, "failures": failures, "skipped": skipped, "refused": run.refused,
            "eager_raised": [e.describe() for e in eager if isinstance(e, Raised)]}
