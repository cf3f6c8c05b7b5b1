"""Scores autograph_py on the public-code corpus (tests/foreign/corpus_public.py).

    .venv/bin/python benchmarks/corpus_score.py [--json FILE] [--only NAME[,NAME]] [--category CAT]
                                                [--timeout S] [--strict-na] [--eager-only]

For every function and argument set of the corpus it computes

- the eager reference `f(*args)` on plain Python values (list arguments as
  NumPy arrays);
- the eager call `f(*jnp_args)` on concrete JAX arrays, without autograph
  (ints -> int32, floats -> float32, lists -> jnp.asarray; callables, None
  and strings stay Python values and are static);
- the converted call `autograph_py.function(f, static_argnums=...)(*jnp_args)`,
  where every numeric argument is traced.

and classifies each function by its worst argument set:

  pass              the converted result equals the reference (np.allclose,
                    rtol 1e-4, atol 1e-5; bool/int/float of equal value are
                    equal; sequences element-wise), or both raised the same kind
  clear error       converted raised an autograph_py.errors.AutographError
  raw tracer error  converted raised a JAX error (a Tracer*/Concretization*
                    error, or one from jax's modules), or a TypeError/
                    IndexError/ValueError whose last frame is inside jax or
                    autograph_py
  wrong             converted returned a different value, or returned where
                    the reference raised, or raised another kind
  crash             any other exception (the per-function timeout included)
  n/a               the function cannot run on JAX arrays at all: eager
                    `f(*jnp_args)` raises where the reference does not (or the
                    reference raises on every set); not counted

One exception to n/a: a function that fails eagerly on JAX arrays only
because it assigns array items (`x[i] = v`, which JAX arrays refuse) is
counted, against a NumPy reference (the function run with `jnp` bound to
NumPy; see `numpy_twin`), because converted code supports item assignment.
`--strict-na` drops that exception.

A reference value computed on Python values may differ from the eager JAX one
(float32 vs float64, int32 overflow, NumPy's in-place `.sort()` vs JAX's
copying one), and both from the function run on plain Python lists (the type
most of the code was written for: a list's slice is a copy, a NumPy array's a
view): the converted value passes if it equals any of them.

Each function runs in a worker process under a soft timeout (SIGALRM) and a
hard one (the worker is killed and restarted on the next function), so one
hang or crash does not stop the run.
"""
from __future__ import annotations

import argparse
import collections
import copy
import inspect
import json
import os
import re
import signal
import subprocess
import sys
import time
import traceback
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path[:1]:
    sys.path.insert(0, ROOT)

CLASSES = ("pass", "clear error", "raw tracer error", "wrong", "crash")
SEVERITY = {"pass": 0, "clear error": 1, "raw tracer error": 2, "crash": 3, "wrong": 4}
RESULT_TAG = "@@CORPUS@@ "


# ============================================================================ worker

def _worker_imports():
    global jax, jnp, np, ag, ag_errors, corpus, AG_DIR, JAX_DIRS
    import jax
    jax.config.update("jax_traceback_filtering", "off")
    import jax.numpy as jnp
    import numpy as np
    import autograph_py as ag
    from autograph_py import errors as ag_errors
    from tests.foreign import corpus_public as corpus
    AG_DIR = os.path.dirname(os.path.abspath(ag.__file__)) + os.sep
    JAX_DIRS = tuple(os.path.dirname(os.path.abspath(m.__file__)) + os.sep
                     for m in (jax, __import__("jaxlib")))


class SoftTimeout(BaseException):
    """A BaseException, so that no `except Exception` in the code under test swallows it."""


def _alarm(signum, frame):
    raise SoftTimeout("function ran past the per-function timeout")


class Raised:
    def __init__(self, exc):
        self.exc = exc

    def kind(self):
        for cls in type(self.exc).__mro__:
            if cls in (ZeroDivisionError, IndexError, KeyError, AssertionError, RecursionError,
                       TypeError, ValueError, ArithmeticError, LookupError, RuntimeError, OverflowError):
                return cls.__name__
        return type(self.exc).__name__

    def headline(self):
        first = (str(self.exc).strip().splitlines() or [""])[0]
        return f"{type(self.exc).__name__}: {first[:240]}"


def call(fn, args):
    args = copy.deepcopy(args)
    try:
        out = fn(*args)
        out = jax.block_until_ready(out)
        return out
    except SoftTimeout:
        raise
    except RecursionError as e:
        return Raised(e)
    except Exception as e:  # noqa: BLE001 -- every error is an outcome
        return Raised(e)


def is_immutability_error(r) -> bool:
    if not isinstance(r, Raised) or not isinstance(r.exc, TypeError):
        return False
    text = str(r.exc)
    return "immutable" in text or "does not support item assignment" in text


def last_frame(exc):
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return None, ""
    f = frames[-1]
    return os.path.abspath(f.filename), f"{f.filename}:{f.lineno} in {f.name}"


def deepest_ag_frame(exc):
    hit = None
    for f in traceback.extract_tb(exc.__traceback__):
        if os.path.abspath(f.filename).startswith(AG_DIR):
            hit = f"{os.path.relpath(f.filename, os.path.dirname(AG_DIR.rstrip(os.sep)))}:{f.lineno} in {f.name}"
    return hit


def classify_exc(exc) -> str:
    if isinstance(exc, ag_errors.AutographError):
        return "clear error"
    name, mod = type(exc).__name__, type(exc).__module__ or ""
    if "Tracer" in name or "Concretization" in name or mod.startswith(("jax", "jaxlib")):
        return "raw tracer error"
    if isinstance(exc, (TypeError, IndexError, ValueError)):
        path, _ = last_frame(exc)
        if path and (path.startswith(AG_DIR) or path.startswith(JAX_DIRS)):
            return "raw tracer error"
    return "crash"


# ------------------------------------------------------------------ arguments

def _numeric_list(v):
    return isinstance(v, (list, tuple)) and all(
        isinstance(x, (bool, int, float)) or _numeric_list(x) for x in v)


def arg_kinds(entry, args):
    """'array' | 'scalar' | 'static' per argument."""
    kinds = []
    for i, a in enumerate(args):
        if entry["arrays"] is not None and i in entry["arrays"]:
            kinds.append("array")
        elif isinstance(a, (bool, int, float)):
            kinds.append("scalar")
        elif isinstance(a, (list, tuple)) and _numeric_list(a):
            kinds.append("array")
        else:
            kinds.append("static")
    return kinds


def py_args(args, kinds):
    return tuple(np.asarray(a) if k == "array" else a for a, k in zip(args, kinds))


def jnp_args(args, kinds):
    out = []
    for a, k in zip(args, kinds):
        if k == "static":
            out.append(a)
        elif k == "array":
            out.append(jnp.asarray(a))
        elif isinstance(a, bool):
            out.append(jnp.asarray(a, jnp.bool_))
        elif isinstance(a, int):
            out.append(jnp.asarray(a, jnp.int32))
        else:
            out.append(jnp.asarray(a, jnp.float32))
    return tuple(out)


_TWIN = {}


def numpy_twin(fn):
    """`fn` with the corpus module's globals copied and `jnp` bound to NumPy
    (every function and lambda of the module rebound to those globals), for a
    reference of code that assigns array items."""
    if not _TWIN:
        g = dict(vars(corpus))
        g["jnp"] = np

        def rebind(f):
            return types.FunctionType(f.__code__, g, f.__name__, f.__defaults__, f.__closure__)
        for k, v in list(g.items()):
            if isinstance(v, types.FunctionType) and v.__module__ == corpus.__name__:
                g[k] = rebind(v)
        _TWIN["g"], _TWIN["rebind"] = g, rebind
    return _TWIN["g"].get(fn.__name__) or _TWIN["rebind"](fn)


def twin_args(args):
    rebind = _TWIN["rebind"]
    return tuple(rebind(a) if isinstance(a, types.FunctionType) and a.__module__ == corpus.__name__
                 else a for a in args)


# ------------------------------------------------------------------ comparing

def plain(v):
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    if v is None or isinstance(v, (str, bytes)):
        return v
    if isinstance(v, (bool, int, float, complex, np.ndarray, np.generic)) or hasattr(v, "__array__"):
        try:
            return np.asarray(v)
        except Exception:  # noqa: BLE001
            return v
    return v


def equal(a, b) -> bool:
    a, b = plain(a), plain(b)
    return _equal(a, b)


def _equal(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, (str, bytes)) or isinstance(b, (str, bytes)):
        return a == b
    if isinstance(a, dict) or isinstance(b, dict):
        return isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys() and all(
            _equal(a[k], b[k]) for k in a)
    if isinstance(a, list) or isinstance(b, list):
        try:
            A = np.asarray(a, dtype=np.float64)
            B = np.asarray(b, dtype=np.float64)
            if A.shape == B.shape:
                return bool(np.allclose(A, B, rtol=1e-4, atol=1e-5, equal_nan=True))
        except Exception:  # noqa: BLE001
            pass
        if isinstance(a, np.ndarray) and a.ndim:
            a = list(a)
        if isinstance(b, np.ndarray) and b.ndim:
            b = list(b)
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            return all(_equal(x, y) for x, y in zip(a, b))
        return False
    try:
        A = np.asarray(a)
        B = np.asarray(b)
        if A.shape != B.shape:
            return False
        if A.dtype.kind in "cO" or B.dtype.kind in "cO":
            return bool(np.all(A == B))
        return bool(np.allclose(A.astype(np.float64), B.astype(np.float64), rtol=1e-4, atol=1e-5,
                                equal_nan=True))
    except Exception:  # noqa: BLE001
        return False


def short(v, n=160) -> str:
    if isinstance(v, Raised):
        return "raised " + v.headline()
    try:
        def conv(x):
            if isinstance(x, (list, tuple)):
                return type(x)(conv(y) for y in x)
            if hasattr(x, "tolist") and not isinstance(x, type):
                return x.tolist()
            return x
        text = repr(conv(v))
    except Exception:  # noqa: BLE001
        text = repr(v)
    return text if len(text) <= n else text[:n] + "..."


# ------------------------------------------------------------------ one function

def score_set(entry, args, agf_cache, strict_na):
    fn = entry["fn"]
    kinds = arg_kinds(entry, args)
    static = tuple(i for i, k in enumerate(kinds) if k == "static")
    rec = {"args": short(args, 200)}
    ref = call(fn, py_args(args, kinds))
    np_ref = False
    if is_immutability_error(ref):
        ref = call(numpy_twin(fn), twin_args(py_args(args, kinds)))
        np_ref = True
    ja = jnp_args(args, kinds)
    eager = call(fn, ja)
    rec["ref"], rec["eager"] = short(ref), short(eager)
    if is_immutability_error(eager):
        if strict_na:
            rec.update(cls="n/a", reason="eager JAX: " + eager.headline())
            return rec
        eager, np_ref = ref, True
    elif isinstance(eager, Raised) and not isinstance(ref, Raised):
        rec.update(cls="n/a", reason="eager JAX fails: " + eager.headline())
        return rec
    rec["np_ref"] = np_ref
    if static not in agf_cache:
        agf_cache[static] = ag.function(fn, static_argnums=static)
    conv = call(agf_cache[static], ja)
    rec["conv"] = short(conv)
    # The code's own types: most of it was written for Python lists, whose slices are
    # copies where NumPy's are views (a merge sort of slices differs on NumPy arrays).
    as_lists = call(fn, tuple(copy.deepcopy(a) for a in args))
    refs = [r for r in (ref, eager, as_lists) if not isinstance(r, Raised)]
    if isinstance(conv, Raised):
        e = conv.exc
        rec["where"] = last_frame(e)[1]
        rec["ag_frame"] = deepest_ag_frame(e)
        if isinstance(ref, Raised) and (conv.kind() == ref.kind() or
                                        (isinstance(eager, Raised) and conv.kind() == eager.kind())):
            rec.update(cls="pass", reason="raised as eager: " + conv.headline())
            return rec
        cls = classify_exc(e)
        if cls == "crash" and not refs:
            cls = "wrong"   # another kind than the reference's exception
        rec.update(cls=cls, reason=conv.headline(), exc=type(e).__name__)
        return rec
    if not refs:
        rec.update(cls="wrong", reason=f"eager raised {ref.headline()}; converted returned {short(conv, 80)}")
        return rec
    if any(equal(r, conv) for r in refs):
        rec["cls"] = "pass"
        return rec
    rec.update(cls="wrong", reason=f"eager {short(refs[0], 70)} vs converted {short(conv, 70)}")
    return rec


def score_function(entry, strict_na):
    agf_cache = {}
    sets = [score_set(entry, args, agf_cache, strict_na) for args in entry["args"]]
    if all(s["cls"] == "n/a" for s in sets) or any(s["cls"] == "n/a" for s in sets):
        bad = next(s for s in sets if s["cls"] == "n/a")
        return dict(cls="n/a", reason=bad["reason"], sets=sets)
    if all(s["ref"].startswith("raised ") for s in sets):
        return dict(cls="n/a", reason="the reference raises on every argument set: " + sets[0]["ref"], sets=sets)
    worst = max(sets, key=lambda s: SEVERITY[s["cls"]])
    return dict(cls=worst["cls"], reason=worst.get("reason", ""), sets=sets,
                np_ref=any(s.get("np_ref") for s in sets))


def origin_of(fn):
    text = inspect.getcomments(fn) or ""
    m = re.search(r"# origin: (.*)", text)
    return m.group(1).strip() if m else None


def worker(start, names, cat, timeout, strict_na, eager_only):
    out = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = open(os.devnull, "w")
    sys.stdout = devnull
    _worker_imports()
    signal.signal(signal.SIGALRM, _alarm)
    entries = select(corpus.PUBLIC, names, cat)
    out.write(RESULT_TAG + json.dumps({"ag_file": ag.__file__, "n": len(entries),
                                       "names": [(e["name"], e["category"], origin_of(e["fn"]))
                                                 for e in entries]}) + "\n")
    for idx in range(start, len(entries)):
        e = entries[idx]
        t0 = time.time()
        signal.alarm(int(timeout))
        try:
            if eager_only:
                res = eager_check(e)
            else:
                res = score_function(e, strict_na)
        except SoftTimeout as ex:
            res = dict(cls="crash", reason=f"Timeout: {ex} ({timeout:.0f} s)", sets=[])
        except Exception as ex:  # noqa: BLE001 -- the scorer itself failed on this one
            res = dict(cls="crash", reason=f"scorer: {type(ex).__name__}: {ex}", sets=[])
        finally:
            signal.alarm(0)
        res.update(index=idx, name=e["name"], category=e["category"], origin=origin_of(e["fn"]),
                   note=e.get("note", ""), seconds=round(time.time() - t0, 2))
        out.write(RESULT_TAG + json.dumps(res, default=str) + "\n")
    out.write(RESULT_TAG + json.dumps({"done": True}) + "\n")


def eager_check(entry):
    """Reference and eager JAX only (for building the corpus): no conversion."""
    sets = []
    for args in entry["args"]:
        kinds = arg_kinds(entry, args)
        ref = call(entry["fn"], py_args(args, kinds))
        if is_immutability_error(ref):
            ref = call(numpy_twin(entry["fn"]), twin_args(py_args(args, kinds)))
        eager = call(entry["fn"], jnp_args(args, kinds))
        s = {"args": short(args, 120), "ref": short(ref), "eager": short(eager)}
        if isinstance(eager, Raised) and not is_immutability_error(eager) and not isinstance(ref, Raised):
            s["cls"] = "n/a"
        elif isinstance(ref, Raised):
            s["cls"] = "ref raises"
        elif not isinstance(eager, Raised) and not equal(ref, eager):
            s["cls"] = "ref != eager"
        else:
            s["cls"] = "pass"
        sets.append(s)
    worst = next((s for s in sets if s["cls"] != "pass"), sets[0])
    return dict(cls=worst["cls"], reason=f"{worst['args']}: ref {worst['ref']} / eager {worst['eager']}", sets=sets)


def select(entries, names, cat):
    if names:
        want = set(names)
        entries = [e for e in entries if e["name"] in want]
    if cat:
        entries = [e for e in entries if e["category"] == cat]
    return entries


# ============================================================================ orchestrator

def run_all(opts):
    results, meta = {}, {}
    start, n = 0, None
    hard = opts.timeout + 10
    while n is None or start < n:
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--start", str(start),
               "--timeout", str(opts.timeout)]
        if opts.only:
            cmd += ["--only", opts.only]
        if opts.category:
            cmd += ["--category", opts.category]
        if opts.strict_na:
            cmd.append("--strict-na")
        if opts.eager_only:
            cmd.append("--eager-only")
        env = dict(os.environ)
        env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL if not opts.verbose else None,
                                text=True, env=env, cwd=ROOT)
        os.set_blocking(proc.stdout.fileno(), False)
        buf, last, done = "", time.time(), False
        while True:
            chunk = None
            try:
                chunk = proc.stdout.read()
            except (BlockingIOError, TypeError):
                chunk = None
            if chunk:
                buf += chunk
                last = time.time()
                while "\n" in buf:
                    line, buf = buf.split("\n", 1)
                    if not line.startswith(RESULT_TAG):
                        continue
                    rec = json.loads(line[len(RESULT_TAG):])
                    if "n" in rec and "ag_file" in rec:
                        n, meta["autograph_py"], meta["names"] = rec["n"], rec["ag_file"], rec["names"]
                        if not opts.quiet_header and not meta.get("printed"):
                            print(f"autograph_py: {rec['ag_file']}  ({n} functions)", flush=True)
                            meta["printed"] = True
                    elif rec.get("done"):
                        done = True
                    else:
                        results[rec["index"]] = rec
                        start = rec["index"] + 1
                        if opts.progress:
                            print(f"  [{rec['index'] + 1}/{n}] {rec['name']}: {rec['cls']}"
                                  f" ({rec['seconds']} s)", flush=True)
            elif proc.poll() is not None:
                break
            elif time.time() - last > hard:
                proc.kill()
                proc.wait()
                break
            else:
                time.sleep(0.05)
        if done:
            break
        if n is None:
            raise SystemExit("the worker died before reporting; rerun with --verbose")
        if start < n and start not in results:
            # the worker died or hung on function `start`: record it and go on after it
            name, cat, origin = meta["names"][start]
            results[start] = dict(index=start, name=name, category=cat, origin=origin, cls="crash",
                                  reason=f"Timeout: the worker hung past the hard timeout ({hard:.0f} s) "
                                         "and was killed", sets=[])
            start += 1
    return [results[i] for i in sorted(results)], meta


def normalize_reason(reason: str) -> str:
    r = re.sub(r"0x[0-9a-f]+", "0x…", reason)
    r = re.sub(r"\d+", "N", r)
    r = re.sub(r"'[^']*'", "'…'", r)
    r = re.sub(r"`[^`]*`", "`…`", r)
    return r[:110]


def report(results, meta, opts, wall):
    lines = []
    p = lines.append
    counted = [r for r in results if r["cls"] != "n/a"]
    total = collections.Counter(r["cls"] for r in results)
    p(f"public corpus: {len(results)} functions, {len(counted)} counted ({total['n/a']} n/a), "
      f"autograph_py from {meta.get('autograph_py')}")
    p("")
    cats = sorted({r["category"] for r in results})
    cols = list(CLASSES) + ["n/a"]
    width = max([len(c) for c in cats] + [8])
    head = f"{'category':<{width}}  " + "  ".join(f"{c:>6}" if len(c) <= 6 else c for c in
                                                   ["pass", "clear", "raw", "wrong", "crash", "n/a"]) + "   total  pass%"
    p(head)
    p("-" * len(head))

    def row(name, rs):
        c = collections.Counter(r["cls"] for r in rs)
        n = sum(c[k] for k in CLASSES)
        pct = f"{100 * c['pass'] / n:5.1f}" if n else "    -"
        return (f"{name:<{width}}  " + "  ".join(f"{c[k]:>6}" for k in cols) + f"  {len(rs):>6}  {pct}")
    for cat in cats:
        p(row(cat, [r for r in results if r["category"] == cat]))
    p("-" * len(head))
    p(row("ALL", results))
    p("")
    p("(clear = clear error, raw = raw tracer error; pass% over counted functions)")
    p("")
    bad = [r for r in results if r["cls"] != "pass"]
    p(f"non-passing functions ({len(bad)}):")
    for r in sorted(bad, key=lambda r: (cols.index(r["cls"]) if r["cls"] in cols else 99, r["category"], r["name"])):
        p(f"  {r['cls']:<16} {r['name']:<40} {r.get('reason', '')[:150]}")
    p("")
    reasons = collections.Counter()
    for r in bad:
        if r["cls"] in ("n/a",):
            continue
        reasons[(r["cls"], normalize_reason(r.get("reason", "")))] += 1
    p("top failure reasons (counted functions):")
    for (cls, reason), k in reasons.most_common(15):
        p(f"  {k:>4}  {cls:<16} {reason}")
    inside = collections.Counter()
    inside_fns = collections.defaultdict(list)
    for r in counted:
        for s in r.get("sets", []):
            if s.get("cls") in ("crash", "raw tracer error", "wrong") and s.get("ag_frame") and \
                    s.get("where", "").find("autograph_py") >= 0:
                inside[s["ag_frame"]] += 1
                inside_fns[s["ag_frame"]].append(r["name"])
                break
    if inside:
        p("")
        p("exceptions whose last frame is inside autograph_py/ (by deepest autograph_py frame):")
        for fr, k in inside.most_common(15):
            p(f"  {k:>4}  {fr}  e.g. {', '.join(sorted(set(inside_fns[fr]))[:4])}")
    p("")
    p(f"elapsed {wall:.0f} s")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", help="write per-function results to this file")
    ap.add_argument("--only", help="comma-separated function names")
    ap.add_argument("--category", help="only this category")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per function (soft)")
    ap.add_argument("--strict-na", action="store_true",
                    help="count item-assigning functions that fail eagerly on JAX arrays as n/a")
    ap.add_argument("--eager-only", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--progress", action="store_true", help="print each function as it finishes")
    ap.add_argument("--verbose", action="store_true", help="show the worker's stderr")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--start", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--quiet-header", action="store_true", help=argparse.SUPPRESS)
    opts = ap.parse_args()
    names = [x for x in (opts.only or "").split(",") if x]
    if opts.worker:
        worker(opts.start, names, opts.category, opts.timeout, opts.strict_na, opts.eager_only)
        return
    t0 = time.time()
    results, meta = run_all(opts)
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump({"autograph_py": meta.get("autograph_py"), "strict_na": opts.strict_na,
                       "functions": results}, f, indent=1, default=str)
    print(report(results, meta, opts, time.time() - t0))


if __name__ == "__main__":
    main()
