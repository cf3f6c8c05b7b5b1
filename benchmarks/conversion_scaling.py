"""How conversion time grows with the size of the function, along three axes.

    .venv/bin/python benchmarks/conversion_scaling.py [--quick] [--axes lines,state,nesting]

Generated functions of growing size:

- lines:   N straight-line statements (100 .. 3,000): assignments, calls,
           arithmetic, an attribute and a subscript read, each reading
           earlier results;
- state:   one `while` with N loop-state variables (5 .. 200), each
           assigned before the loop, updated in its body and read after it;
- nesting: N levels of nested if/for/while (5 .. 50), each level assigning
           a temporary and updating a variable the levels around it carry.
           CPython rejects more than 20 statically nested loops, so the
           levels repeat the pattern if, for, if, while, if (20 loops in 50
           levels). All levels share their names (`y`, `t`, `i`): with a
           new name per level, each construct's state (its `nonlocal` list,
           get_state, set_state) would name every variable of the levels
           inside it, and the converted code itself would grow with the
           square of the depth.

Conversion time is the time of `autograph_py.convert(f)` of a never-seen
function: parse, the converter pipeline and the compile of the result to a
code object (not tracing). Each sample is a fresh function: its source is
written to a new temporary file and imported, which gives a new code object
(conversions are cached per code object, by identity) and a real file, so
the source is read, parsed and checked against the code as a user's would be.
Times are process CPU time; each point is the median of several samples. The
slope is the least-squares slope of log(time) against log(size): 1 is linear,
2 quadratic. Also printed: the time of a 200-state-variable `while`, and the median
conversion time of the functions of samples/*.py and tests/programs.py (the
reference programs), each module copied to a fresh file per round.

`make bench` runs it as the `scaling` section of benchmarks/run.py.
"""
from __future__ import annotations

import argparse
import gc
import importlib.util
import itertools
import math
import shutil
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

import autograph_py

_ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((_ROOT / "samples").glob("*.py")) + [_ROOT / "tests" / "programs.py"]
CORPUS = [p for p in CORPUS if p.name not in ("__init__.py", "demo.py")]
if str(_ROOT) not in sys.path:   # tests/programs.py imports `tests.`; run as a script too
    sys.path.insert(0, str(_ROOT))
TARGET_MEDIAN_S = 0.001

AXES = {
    "lines": (100, 200, 500, 1000, 2000, 3000),
    "state": (5, 10, 20, 50, 100, 200),
    "nesting": (5, 10, 20, 30, 40, 50),
}
QUICK_AXES = {
    "lines": (100, 300, 1000),
    "state": (5, 20, 100),
    "nesting": (5, 15, 30),
}
TARGET_SLOPE = 1.1
TARGET_STATE_200_S = 0.050

_counter = itertools.count()


def lines_source(n: int) -> str:
    """`n` straight-line statements, each reading what came before."""
    out = ["import jax.numpy as jnp", "", "", "def f(x, y):", "    v0 = x + y"]
    for i in range(1, n):
        a, b = f"v{i - 1}", f"v{max(0, i - 7)}"
        kind = i % 6
        if kind == 0:
            line = f"v{i} = jnp.sin({a}) * {b} + {i}"
        elif kind == 1:
            line = f"v{i} = {a} - {b} / 2.0"
        elif kind == 2:
            line = f"v{i} = jnp.maximum({a}, {b}).sum() + x"
        elif kind == 3:
            line = f"v{i} = {a}.T @ {b}"
        elif kind == 4:
            line = f"v{i} = {a}[0] + {b}.shape[0]"
        else:
            line = f"v{i} = ({a} if y is None else {b}) + 1"
        out.append("    " + line)
    out.append(f"    return v{n - 1}")
    return "\n".join(out) + "\n"


def state_source(n: int) -> str:
    """One `while` whose body updates `n` variables that are read after it."""
    out = ["def f(x, n):"]
    out += [f"    s{k} = x + {k}" for k in range(n)]
    out += ["    i = 0", "    while i < n:"]
    out += [f"        s{k} = s{k} * 0.5 + s{(k + 1) % n}" for k in range(n)]
    out += ["        i = i + 1"]
    out += ["    return (" + ", ".join(f"s{k}" for k in range(n)) + ",)"]
    return "\n".join(out) + "\n"


_NEST_PATTERN = ("if", "for", "if", "while", "if")


def nesting_source(depth: int) -> str:
    """`depth` nested if/for/while levels, each updating `y` (and `t`, `i`)."""
    out = ["def f(x, n):", "    y = x"]
    ind = "    "
    for k in range(depth):
        kind = _NEST_PATTERN[k % len(_NEST_PATTERN)]
        out.append(f"{ind}t = y * {k}")
        if kind == "if":
            out.append(f"{ind}if y > t:")
        elif kind == "for":
            out.append(f"{ind}for i in range(n):")
        else:
            out.append(f"{ind}while y < t + n:")
        ind += "    "
        out.append(f"{ind}y = y + t * {k}")
    out.append("    return y")
    return "\n".join(out) + "\n"


SOURCES = {"lines": lines_source, "state": state_source, "nesting": nesting_source}


def fresh_function(tmp: Path, source: str):
    """`f` of `source`, imported from a new file: a code object never converted before."""
    name = f"_agscale_{next(_counter)}"
    path = tmp / f"{name}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        del sys.modules[name]
    return mod.f


def conversion_seconds(tmp: Path, source: str) -> float:
    fn = fresh_function(tmp, source)
    gc.collect()
    t0 = time.process_time()
    converted = autograph_py.convert(fn)
    seconds = time.process_time() - t0
    if converted is fn:
        raise RuntimeError("the function was returned unconverted")
    return seconds


def _module_functions(tmp: Path, path: Path) -> list:
    """The functions defined in a fresh copy of the module at `path`."""
    name = f"_agscale_{next(_counter)}"
    copy = tmp / f"{name}.py"
    copy.write_text(path.read_text())
    spec = importlib.util.spec_from_file_location(name, copy)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod   # dataclasses look their module up while the class is built
    try:
        spec.loader.exec_module(mod)
    finally:
        del sys.modules[name]
    return [v for v in vars(mod).values()
            if isinstance(v, types.FunctionType) and v.__module__ == name]


def corpus_seconds(tmp: Path, rounds: int) -> dict:
    """Median conversion time of every function in samples/*.py and tests/programs.py."""
    per_round = []
    for _ in range(rounds):
        times = []
        for path in CORPUS:
            for fn in _module_functions(tmp, path):
                gc.collect()
                t0 = time.process_time()
                try:
                    autograph_py.convert(fn)
                except Exception:  # noqa: BLE001 -- e.g. a helper that is not convertible
                    continue
                times.append(time.process_time() - t0)
        per_round.append(times)
    return {"functions": len(per_round[-1]), "rounds": rounds,
            "median_s": statistics.median(t for r in per_round for t in r),
            "mean_s": statistics.fmean(t for r in per_round for t in r)}


def slope(sizes, seconds) -> float:
    """Least-squares slope of log(seconds) against log(size)."""
    xs = [math.log(s) for s in sizes]
    ys = [math.log(t) for t in seconds]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return (sum((x - mx) * (y - my) for x, y in zip(xs, ys))
            / sum((x - mx) ** 2 for x in xs))


def _samples_for(first: float, budget_s: float, repeats: int) -> int:
    """`repeats` samples, fewer (never under 3) for points whose first took long."""
    return max(3, min(repeats, int(budget_s / max(first, 1e-6))))


def run(axes=None, repeats: int = 7, budget_s: float = 3.0, quick: bool = False,
        corpus_rounds: int = 5) -> dict:
    """{axis: {sizes, median_s, slope}}, the 200-state `while` time, the corpus median."""
    grid = QUICK_AXES if quick else AXES
    axes = list(axes or grid)
    tmp = Path(tempfile.mkdtemp(prefix="agscale_"))
    out: dict = {"axes": {}, "target_slope": TARGET_SLOPE}
    try:
        corpus_seconds(tmp, 1)   # warm-up: imports and first-use caches of every converter
        out["corpus"] = corpus_seconds(tmp, 1 if quick else corpus_rounds)
        for axis in axes:   # warm-up: imports and first-use caches of every converter
            conversion_seconds(tmp, SOURCES[axis](grid[axis][0]))
        for axis in axes:
            sizes, medians, samples = [], [], []
            for size in grid[axis]:
                source = SOURCES[axis](size)
                first = conversion_seconds(tmp, source)
                times = [first] + [conversion_seconds(tmp, source)
                                   for _ in range(_samples_for(first, budget_s, repeats) - 1)]
                sizes.append(size)
                medians.append(statistics.median(times))
                samples.append(times)
            out["axes"][axis] = {"sizes": sizes, "median_s": medians, "samples_s": samples,
                                 "slope": slope(sizes, medians)}
        state = out["axes"].get("state")
        if state is not None and 200 in state["sizes"]:
            out["state_200_s"] = state["median_s"][state["sizes"].index(200)]
        elif not quick:
            out["state_200_s"] = statistics.median(
                conversion_seconds(tmp, state_source(200)) for _ in range(3))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def text(res: dict) -> str:
    lines = ["conversion time by function size (median of fresh conversions, CPU ms)"]
    corpus = res.get("corpus")
    if corpus is not None:
        ok = "met" if corpus["median_s"] <= TARGET_MEDIAN_S else "NOT met"
        lines.append(f"  samples + reference programs ({corpus['functions']} functions): median "
                     f"{corpus['median_s'] * 1e3:.2f} ms, mean {corpus['mean_s'] * 1e3:.2f} ms "
                     f"(target median <= {TARGET_MEDIAN_S * 1e3:.1f} ms: {ok})")
    for axis, r in res["axes"].items():
        cells = "  ".join(f"{s:>5}: {t * 1e3:8.2f}" for s, t in zip(r["sizes"], r["median_s"]))
        ok = "met" if r["slope"] <= res["target_slope"] else "NOT met"
        lines.append(f"  {axis:8s} {cells}")
        lines.append(f"  {'':8s} log-log slope {r['slope']:.2f} (target <= {res['target_slope']}: {ok})")
    if "state_200_s" in res:
        ok = "met" if res["state_200_s"] <= TARGET_STATE_200_S else "NOT met"
        lines.append(f"  while with 200 state variables: {res['state_200_s'] * 1e3:.1f} ms "
                     f"(target < {TARGET_STATE_200_S * 1e3:.0f} ms: {ok})")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="three sizes per axis")
    p.add_argument("--axes", default=",".join(AXES), help="comma-separated among lines,state,nesting")
    p.add_argument("--repeats", type=int, default=7, help="samples per point (at most)")
    args = p.parse_args()
    res = run([a for a in args.axes.split(",") if a], repeats=args.repeats, quick=args.quick)
    print(text(res))


if __name__ == "__main__":
    main()
