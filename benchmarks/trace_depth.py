"""Tracing nested traced loops: how many loop-body traces, and how long, per depth.

    .venv/bin/python benchmarks/trace_depth.py [--depths 2,4,6,8,10]

Each program nests `depth` `while` loops with a traced bound, each counting
with a Python int (`c = 0`, `c += 1`: traced after the first trace of its
body, so each body settles in two traces). It prints, per depth, how many
times loop bodies were traced (runtime/settle.py's `_trace_step`) and the
time of `jax.jit(convert(f)).trace(...)`, in process CPU time. Traces that
grow as 2**depth would mean each inner loop settles from scratch in every
trace of the body around it (runtime/settled_plans.py keeps it from that).
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
import time
from pathlib import Path

import jax
import jax.numpy as jnp

import autograph_py
from autograph_py.runtime import settle


def nested_source(depth: int) -> str:
    lines = ["def f(n, x):", "    s = 0.0"]
    pad = "    "
    for k in range(depth):
        lines += [f"{pad}c{k} = 0", f"{pad}while c{k} < n:", f"{pad}    c{k} += 1"]
        pad += "    "
    lines += [f"{pad}s = s + x * c{depth - 1}", "    return s"]
    return "\n".join(lines) + "\n"


def measure(depth: int, tmp: Path) -> tuple[int, float]:
    path = tmp / f"_agdepth_{depth}.py"
    path.write_text(nested_source(depth))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    traces, real = [], settle._trace_step

    def counted(*a, **k):
        traces.append(1)
        return real(*a, **k)
    settle._trace_step = counted
    try:
        t = time.process_time()
        jax.jit(autograph_py.convert(mod.f)).trace(jnp.int32(2), jnp.float32(1.0))
        return len(traces), time.process_time() - t
    finally:
        settle._trace_step = real


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--depths", default="2,4,6,8,10")
    args = p.parse_args(argv)
    print(f"{'depth':>5} {'body traces':>12} {'trace s':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for depth in (int(d) for d in args.depths.split(",")):
            traces, seconds = measure(depth, Path(tmp))
            print(f"{depth:>5} {traces:>12} {seconds:>8.3f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
