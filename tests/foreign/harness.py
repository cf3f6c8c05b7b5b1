"""Differential harness: every corpus program runs eagerly and converted, and must agree.

    outcome = run_case(case)       # Outcome(cls="ok"|"refused"|"MISMATCH"|"CRASH", ...)

A case is a function plus argument sets of plain Python values. Each set runs
in these modes, each against the eager call of the same function on the
same inputs:

- `py`:   `convert(f)(*args)` on the Python values (types must match exactly);
- `arr`:  `convert(f)` on concrete jnp arrays (numbers become arrays), no jit;
- `jit`:  `jax.jit(convert(f), static_argnums=...)` on the arrays (first set);
- `fn`:   one `autograph_py.function(f, static_argnums=...)` reused for all sets;
- `grad`: `jax.grad` w.r.t. one float argument, where the case asks;
- `vmap`: `jax.vmap(convert(f))` over all the sets stacked, where the case asks.

Compared: pytree structure, leaf shapes, dtypes (Python scalars as JAX
would type them), values, captured stdout, and exception kinds. A converted
`autograph_py.errors.AutographError` where eager succeeds is `refused`; a raw
JAX tracer error, or any exception whose last frame is inside autograph_py,
is a `CRASH`; any other difference is a `MISMATCH`.
"""
from __future__ import annotations

import contextlib
import copy
import dataclasses
import io
import os
import traceback

import jax
import jax.numpy as jnp
import numpy as np

import autograph_py as ag
from autograph_py import errors as ag_errors

AG_DIR = os.path.dirname(os.path.abspath(ag.__file__)) + os.sep
RAW_JAX = ("TracerBoolConversionError", "ConcretizationTypeError", "UnexpectedTracerError",
           "TracerIntegerConversionError", "TracerArrayConversionError")
KINDS = (ZeroDivisionError, IndexError, KeyError, NameError, AttributeError, AssertionError,
         RecursionError, TypeError, ValueError, ArithmeticError, LookupError, RuntimeError)
SEVERITY = {"ok": 0, "refused": 1, "CRASH": 2, "MISMATCH": 3}
CASES: list[dict] = []


def case(*arg_sets, static=(), grad=None, vmap=False, np_ref=False, ref=None,
         modes=("py", "arr", "jit", "fn")):
    """Registers a corpus program. `grad`: index of a float argument to differentiate.

    `np_ref`: the eager reference gets NumPy copies of the array arguments, for
    programs that assign items (`x[i] = v`), which converted code supports on
    JAX arrays and eager JAX does not. `ref`: the eager reference, for programs
    that hand Python control flow to a JAX transformation (which eager JAX
    cannot run); it computes the same thing without it.
    """
    assert arg_sets, "a case needs argument sets"

    def deco(fn):
        CASES.append(dict(fn=fn, name=fn.__name__, args=[tuple(a) for a in arg_sets],
                          static=tuple(static), grad=grad, vmap=vmap, np_ref=np_ref,
                          ref=ref, modes=tuple(modes)))
        return fn
    return deco


@dataclasses.dataclass
class Outcome:
    cls: str
    mode: str = ""
    detail: str = ""

    @property
    def key(self) -> str:
        return self.cls if self.cls in ("ok", "refused") else f"{self.cls} {self.mode}"


# ------------------------------------------------------------------ running

class Raised:
    def __init__(self, exc):
        self.exc = exc

    def headline(self) -> str:
        first = (str(self.exc).strip().splitlines() or [""])[0][:200]
        return f"{type(self.exc).__name__}: {first}"


def capture(fn, *args):
    """(result or Raised, stdout text)."""
    buf = io.StringIO()
    args = copy.deepcopy(args)   # a program may change its arguments in place
    with contextlib.redirect_stdout(buf):
        try:
            out = fn(*args)
            out = jax.block_until_ready(out)
        except Exception as e:  # noqa: BLE001 -- every error is an outcome to compare
            out = Raised(e)
        try:
            jax.effects_barrier()
        except Exception:  # noqa: BLE001
            pass
    return out, buf.getvalue()


def to_array(v):
    if isinstance(v, bool):
        return jnp.asarray(v, jnp.bool_)
    if isinstance(v, int):
        return jnp.asarray(v, jnp.int32)
    if isinstance(v, float):
        return jnp.asarray(v, jnp.float32)
    if isinstance(v, (list, tuple)) and v and all(isinstance(x, (int, float, bool)) for x in v):
        return type(v)(to_array(x) for x in v)
    if isinstance(v, (list, tuple)):
        return type(v)(to_array(x) for x in v)
    if isinstance(v, dict):
        return {k: to_array(x) for k, x in v.items()}
    if isinstance(v, np.ndarray):
        return jnp.asarray(v)
    return v


def _traceable(v) -> bool:
    leaves = jax.tree_util.tree_leaves(v)
    return all(isinstance(x, (int, float, bool, np.ndarray, np.generic, jax.Array)) for x in leaves)


def static_of(c, args) -> tuple:
    return tuple(sorted(set(c["static"]) | {i for i, a in enumerate(args) if not _traceable(a)}))


def arrays_of(c, args):
    static = static_of(c, args)
    return tuple(a if i in static else to_array(a) for i, a in enumerate(args))


# ------------------------------------------------------------------ comparing

def exc_kind(exc) -> str:
    for cls in type(exc).__mro__:
        if cls in KINDS:
            return cls.__name__
    return "Exception"


def last_frame_inside(exc) -> str | None:
    frames = traceback.extract_tb(exc.__traceback__)
    if frames and os.path.abspath(frames[-1].filename).startswith(AG_DIR):
        f = frames[-1]
        return f"{os.path.relpath(f.filename, os.path.dirname(AG_DIR.rstrip(os.sep)))}:{f.lineno} in {f.name}"
    return None


def tail(exc, n=4) -> str:
    lines = traceback.format_exception(exc)
    return "".join(lines[-n:])[-1500:]


def leaf_dtype(x, exact: bool):
    if isinstance(x, (bool, int, float)) and not exact:
        return jnp.asarray(x).dtype
    if isinstance(x, (bool, int, float, str)) or x is None:
        return type(x).__name__
    return np.asarray(x).dtype


def values_differ(want, got, exact_types: bool) -> str | None:
    lw, tw = jax.tree_util.tree_flatten(want)
    lg, tg = jax.tree_util.tree_flatten(got)
    if tw != tg:
        return f"structure {tw} vs {tg}"
    for i, (w, g) in enumerate(zip(lw, lg)):
        if exact_types and type(w) is not type(g) and not (
                isinstance(w, jax.Array) and isinstance(g, jax.Array)):
            return f"leaf {i}: type {type(w).__name__} vs {type(g).__name__}"
        dw, dg = leaf_dtype(w, exact_types), leaf_dtype(g, exact_types)
        if dw != dg:
            return f"leaf {i}: dtype {dw} vs {dg}"
        if isinstance(w, str) or w is None:
            if w != g:
                return f"leaf {i}: {w!r} vs {g!r}"
            continue
        aw, agt = np.asarray(w), np.asarray(g)
        if aw.shape != agt.shape:
            return f"leaf {i}: shape {aw.shape} vs {agt.shape}"
        if aw.dtype.kind in "iub":
            if not np.array_equal(aw, agt):
                return f"leaf {i}: {aw.tolist()} vs {agt.tolist()}"
        elif not np.allclose(*(a.astype(np.complex128 if "c" in (aw.dtype.kind, agt.dtype.kind)
                                        else np.float64) for a in (aw, agt)),
                             rtol=1e-4, atol=1e-5, equal_nan=True):
            return f"leaf {i}: {aw.tolist()} vs {agt.tolist()}"
    return None


def short(v) -> str:
    try:
        text = repr(jax.tree_util.tree_map(lambda x: np.asarray(x).tolist()
                                           if isinstance(x, (jax.Array, np.ndarray)) else x, v))
    except Exception:  # noqa: BLE001
        text = repr(v)
    return text if len(text) < 300 else text[:300] + "..."


def compare(want, got, mode, exact_types=False, check_print=True) -> Outcome:
    (w, wout), (g, gout) = want, got
    if isinstance(g, Raised):
        e = g.exc
        if isinstance(w, Raised) and (isinstance(e, type(w.exc)) or exc_kind(e) == exc_kind(w.exc)):
            return Outcome("ok")
        if isinstance(e, ag_errors.AutographError):
            return Outcome("refused", mode, g.headline())
        inside = last_frame_inside(e)
        eager = w.headline() if isinstance(w, Raised) else f"returned {short(w)}"
        detail = (f"[{inside}] " if inside else "") + \
            f"converted raised {g.headline()}; eager {eager}\n{tail(e)}"
        if isinstance(w, Raised) and type(e).__name__ not in RAW_JAX and not inside:
            return Outcome("MISMATCH", mode, "wrong exception: " + detail)
        return Outcome("CRASH", mode, detail)
    if isinstance(w, Raised):
        return Outcome("MISMATCH", mode, f"eager raised {w.headline()}; converted returned {short(g)}")
    why = values_differ(w, g, exact_types)
    if why:
        return Outcome("MISMATCH", mode, f"{why}\n  eager: {short(w)}\n  converted: {short(g)}")
    if check_print and wout != gout:
        return Outcome("MISMATCH", mode, f"stdout differs\n  eager: {wout!r}\n  converted: {gout!r}")
    return Outcome("ok")


# ------------------------------------------------------------------ modes

def _scalar_loss(fn, args, at):
    def loss(p):
        full = list(args)
        full[at] = p
        leaves = jax.tree_util.tree_leaves(fn(*full))
        return sum(jnp.sum(jnp.asarray(x, jnp.float32)) for x in leaves
                   if jnp.issubdtype(jnp.asarray(x).dtype, jnp.floating))
    return loss


def _np_copies(args):
    return tuple(np.array(a) if isinstance(a, jax.Array) and a.ndim else a for a in args)


def run_case(c) -> Outcome:
    """The worst outcome over all modes and argument sets of one case."""
    try:
        conv, outcomes = ag.convert(c["fn"]), []
    except ag_errors.ConversionError as e:   # refused at conversion (a jump out of finally)
        return Outcome("refused", "convert", f"{type(e).__name__}: {e}")
    fn = c["ref"] or c["fn"]
    modes = c["modes"]
    for args in c["args"]:
        if "py" in modes:
            outcomes.append(compare(capture(fn, *args), capture(conv, *args), "py", exact_types=True))
    sets = [arrays_of(c, a) for a in c["args"]]
    eager = [capture(fn, *(_np_copies(a) if c["np_ref"] else a)) for a in sets]
    if "arr" in modes:
        for a, e in zip(sets, eager):
            outcomes.append(compare(e, capture(conv, *a), "arr"))
    untraceable = [not isinstance(e[0], Raised) and not _traceable(e[0]) for e in eager]
    if "jit" in modes and not any(untraceable):
        st = static_of(c, c["args"][0])
        outcomes.append(compare(eager[0], capture(jax.jit(conv, static_argnums=st), *sets[0]), "jit"))
    if "fn" in modes and not any(untraceable):
        agf = ag.function(fn, static_argnums=static_of(c, c["args"][0]))
        for a, e in zip(sets, eager):
            outcomes.append(compare(e, capture(agf, *a), "fn"))
    if c["grad"] is not None:
        at = c["grad"]
        for a, e in zip(sets, eager):
            if isinstance(e[0], Raised):
                continue
            want = capture(jax.grad(_scalar_loss(fn, a, at)), a[at])
            if isinstance(want[0], Raised):
                continue
            got = capture(jax.jit(jax.grad(_scalar_loss(conv, a, at))), a[at])
            outcomes.append(compare(want, got, "grad", check_print=False))
    if c["vmap"] and not any(isinstance(e[0], Raised) for e in eager):
        st = static_of(c, c["args"][0])
        dyn = [i for i in range(len(sets[0])) if i not in st]
        shapes = {tuple((jnp.shape(s[i]), jnp.result_type(s[i])) for i in dyn) for s in sets}
        assert len(shapes) == 1, f"{c['name']}: vmap needs argument sets of one shape and dtype"
        batch = [jnp.stack([s[i] for s in sets]) for i in dyn]

        def call(*xs, _base=sets[0]):
            full = list(_base)
            for i, x in zip(dyn, xs):
                full[i] = x
            return conv(*full)
        want = jax.tree_util.tree_map(lambda *xs: jnp.stack([jnp.asarray(x) for x in xs]),
                                      *[e[0] for e in eager])
        outcomes.append(compare((want, ""), capture(jax.jit(jax.vmap(call)), *batch), "vmap",
                                check_print=False))
    return max(outcomes, key=lambda o: SEVERITY[o.cls]) if outcomes else Outcome("ok")
