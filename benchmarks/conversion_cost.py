"""Conversion cost per function: first conversion, and the cached paths.

autograph_py caches a conversion per code object, so converting the same
function twice measures the cache. Each "first conversion" here is of a fresh
copy: the corpus modules' source is written to a new temporary file and
imported, which gives new code objects the converter has never seen (and a
real file, so the source can be read like a user's). Each copy starts on a
different line: CPython's code equality ignores the file name, so an
unshifted copy would hit the cache of the previous one.

Times are process CPU time (conversion is single-threaded Python, and CPU time
leaves out time descheduled by other users of the machine). Measured per
function:
- first:         autograph_py.convert(f) of a never-seen function
- cached:        autograph_py.convert(f) again (cache by function object)
- cached_code:   convert of a new function object sharing f's code (e.g. a
                 closure created again), which reuses the conversion
- tf_to_code:    tf.autograph.to_code(f) of a fresh copy, only where
                 TensorFlow is importable (never a dependency), next to
                 autograph_py.to_code(f) of another fresh copy.
"""
from __future__ import annotations

import importlib.util
import itertools
import shutil
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

import autograph_py
import conversion_corpus
import workloads

_HERE = Path(__file__).resolve().parent
_counter = itertools.count()


def _names() -> list[tuple[str, str]]:
    corpus = [(conversion_corpus.__name__, n) for n, v in vars(conversion_corpus).items()
              if isinstance(v, types.FunctionType) and v.__module__ == conversion_corpus.__name__]
    return corpus + [(workloads.__name__, w.eager.__name__) for w in workloads.WORKLOADS]


def _fresh_functions(tmp: Path) -> list[types.FunctionType]:
    """New copies of every corpus function, loaded from a new file each call."""
    out = []
    for module in (conversion_corpus, workloads):
        k = next(_counter)
        name = f"_agbench_{module.__name__}_{k}"
        path = tmp / f"{name}.py"
        # Code objects compare equal across files when their bytecode, names and
        # line numbers match, and the converter's cache is keyed by code, so each
        # copy is shifted down by its own number of blank lines.
        path.write_text("\n" * k + (_HERE / f"{module.__name__}.py").read_text())
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod  # dataclasses look their module up while the class is built
        spec.loader.exec_module(mod)
        out.append(mod)
    by_module = dict(zip((conversion_corpus.__name__, workloads.__name__), out))
    return [getattr(by_module[m], n) for m, n in _names()]


def _time_each(fns, convert) -> tuple[list[float], list[str]]:
    seconds, errors = [], []
    for fn in fns:
        t0 = time.process_time()
        try:
            result = convert(fn)
        except Exception as e:  # noqa: BLE001 -- a function that fails is reported, not fatal
            errors.append(f"{fn.__name__}: {type(e).__name__}: {e}"[:300])
            seconds.append(float("nan"))
            continue
        seconds.append(time.process_time() - t0)
        if result is fn:
            errors.append(f"{fn.__name__}: returned unconverted")
    return seconds, errors


def _cached_seconds(fn, convert, calls: int = 2000) -> float:
    t0 = time.process_time()
    for _ in range(calls):
        convert(fn)
    return (time.process_time() - t0) / calls


def _same_code(fn):
    return types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__,
                              fn.__closure__)


def _median(xs):
    xs = [x for x in xs if x == x]
    return statistics.median(xs) if xs else float("nan")


def run(copies: int = 3) -> dict:
    names = [n for _, n in _names()]
    tmp = Path(tempfile.mkdtemp(prefix="agbench_"))
    try:
        _time_each(_fresh_functions(tmp), autograph_py.convert)  # warm-up: imports, first-use caches
        firsts, errors = [], set()
        for _ in range(copies):
            fns = _fresh_functions(tmp)
            secs, errs = _time_each(fns, autograph_py.convert)
            firsts.append(secs)
            errors.update(errs)
        cached = [_cached_seconds(fn, autograph_py.convert) for fn in fns]
        cached_code = []
        for fn in fns:
            t0 = time.process_time()
            for _ in range(200):
                autograph_py.convert(_same_code(fn))
            cached_code.append((time.process_time() - t0) / 200)
        per_function = {
            name: {"first_s": _median([c[i] for c in firsts]), "cached_s": cached[i],
                   "cached_code_s": cached_code[i]}
            for i, name in enumerate(names)}
        result = {
            "functions": len(names), "copies": copies,
            "first_median_s": _median([s for c in firsts for s in c]),
            "cached_median_s": _median(cached),
            "cached_code_median_s": _median(cached_code),
            "per_function": per_function, "errors": sorted(errors),
            "tensorflow": _tensorflow_side_by_side(tmp, names),
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return result


def _tensorflow_side_by_side(tmp: Path, names: list[str]) -> dict:
    if importlib.util.find_spec("tensorflow") is None:
        return {"status": "skipped", "reason": "tensorflow is not installed"}
    try:
        import tensorflow as tf
    except Exception as e:  # noqa: BLE001 -- an optional comparison must not break the run
        return {"status": "skipped", "reason": f"import tensorflow failed: {e}"[:300]}
    tf_to_code = lambda f: tf.autograph.to_code(f)  # noqa: E731
    _time_each(_fresh_functions(tmp), tf_to_code)  # warm-up
    ag, tfs, errors = [], [], set()
    for _ in range(3):
        a, ea = _time_each(_fresh_functions(tmp), autograph_py.to_code)
        t, et = _time_each(_fresh_functions(tmp), tf_to_code)
        ag.append(a)
        tfs.append(t)
        errors.update(ea + [f"tf: {e}" for e in et])
    return {
        "status": "ok", "version": tf.__version__,
        "autograph_py_to_code_median_s": _median([s for c in ag for s in c]),
        "tf_to_code_median_s": _median([s for c in tfs for s in c]),
        "per_function": {n: {"autograph_py_s": _median([c[i] for c in ag]),
                             "tf_s": _median([c[i] for c in tfs])} for i, n in enumerate(names)},
        "errors": sorted(e for e in errors if "returned unconverted" not in e),
    }
