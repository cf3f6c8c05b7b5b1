"""The first call: convert + trace + lower + compile, converted vs hand-written.

    .venv/bin/python benchmarks/first_call.py [--rounds N]

For every runtime workload (workloads.py) and early-exit workload
(early_exits.py), the time from a function never seen before to a compiled
executable: for the converted side `jax.jit(autograph_py.convert(f))
.lower(*args).compile()` of a fresh copy of the user's function (its module
loaded again from a new file, so neither autograph_py's conversion cache nor
JAX's caches answer), for the hand-written side the same of a fresh function
object around the `lax` code (JAX's tracing cache is keyed by function
object). Each round times both sides, in alternating order, in process CPU
time after a `gc.collect()`; the ratio is the median of the per-round ratios,
and `best` compares the best of each side (noise only ever adds time).

`make bench` runs it as the `first_call` section of benchmarks/run.py.
"""
from __future__ import annotations

import argparse
import gc
import importlib.util
import itertools
import statistics
import sys
import tempfile
import time
from pathlib import Path

import jax

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import autograph_py  # noqa: E402
import early_exits  # noqa: E402
import workloads  # noqa: E402

TARGET = 1.15
_counter = itertools.count(1)


def _fresh_module(tmp: Path, module):
    """`module` loaded again from a new file, shifted by blank lines: new code objects."""
    k = next(_counter)
    name = f"_agfirst_{module.__name__}_{k}"
    path = tmp / f"{name}.py"
    path.write_text("\n" * k + (HERE / f"{module.__name__}.py").read_text())
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod   # dataclasses look their module up while the class is built
    spec.loader.exec_module(mod)
    return mod


def cases():
    """{name: (module, converted-side name, hand-side callable, args, batched)}."""
    out = {}
    for w in workloads.WORKLOADS:
        out[w.name] = (workloads, w.eager.__name__, w.hand, w.args(), w.batched)
    for name, (py, _, expert, make) in early_exits.CASES.items():
        out[name] = (early_exits, py.__name__, expert, make(), False)
    return out


def _seconds(fn, args) -> float:
    gc.collect()
    t0 = time.process_time()
    jax.jit(fn).lower(*args).compile()
    return time.process_time() - t0


def run(rounds: int = 7) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="agfirst_"))
    table = cases()
    # Warm-up: imports and first-use caches of the converter and of JAX's lowering.
    for module, name, hand, args, batched in table.values():
        conv = autograph_py.convert(getattr(_fresh_module(tmp, module), name))
        _seconds(jax.vmap(conv) if batched else conv, args)
    out = {}
    for case, (module, name, hand, args, batched) in table.items():
        conv_s, hand_s = [], []
        for r in range(rounds):
            fresh = getattr(_fresh_module(tmp, module), name)

            def converted():
                gc.collect()
                t0 = time.process_time()
                conv = autograph_py.convert(fresh)
                jax.jit(jax.vmap(conv) if batched else conv).lower(*args).compile()
                return time.process_time() - t0

            def hand_written():
                f = (lambda *a: hand(*a))   # noqa: E731 -- a new object: JAX caches by function
                return _seconds(jax.vmap(f) if batched else f, args)

            order = (converted, hand_written) if r % 2 else (hand_written, converted)
            got = {fn: fn() for fn in order}
            conv_s.append(got[converted])
            hand_s.append(got[hand_written])
        ratios = [c / h for c, h in zip(conv_s, hand_s)]
        out[case] = {"converted_ms": statistics.median(conv_s) * 1e3,
                     "hand_ms": statistics.median(hand_s) * 1e3,
                     "ratio": statistics.median(ratios),
                     "best_ratio": min(conv_s) / min(hand_s)}
    return out


def text(res: dict) -> str:
    lines = [f"{'workload':22s} {'converted ms':>12s} {'hand ms':>9s} {'ratio':>7s} {'best':>7s}"]
    for name, r in res.items():
        lines.append(f"{name:22s} {r['converted_ms']:12.1f} {r['hand_ms']:9.1f} "
                     f"{r['ratio']:7.2f} {r['best_ratio']:7.2f}")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=7)
    res = run(rounds=p.parse_args().rounds)
    print("first call (convert + trace + lower + compile), process CPU time, median of rounds")
    print(text(res))
    worst = max(r["ratio"] for r in res.values())
    print(f"worst ratio {worst:.2f} (target <= {TARGET}: {'met' if worst <= TARGET else 'NOT met'})")


if __name__ == "__main__":
    main()
