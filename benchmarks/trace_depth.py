"""Tracing nested traced loops: how many loop-body traces, and how long, per depth.

    .venv/bin/python benchmarks/trace_depth.py [--depths 2,4,6,8]

Each program nests `depth` `while` loops with a traced bound, each counting
with a Python int (`c = 0`, `c += 1`: traced after the first trace of its
body, so each body settles in two traces); the `checked` programs also
`assert` a traced test in each body (a body with run-time checks is traced
again with the body that masks them under vmap). It prints, per depth, how
many times loop bodies were traced (runtime/settle.py's `_trace_step`) and
the time of `jax.jit(convert(f)).trace(...)`, in process CPU time. They grow
as 2**depth (3**depth with the asserts): each inner loop settles from
scratch in every trace of the body around it (tests/fuzz/FINDINGS.md, F159).
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


def nested_source(depth: int, checked: bool) -> str:
    lines = ["def f(n, x):", "    s = 0.0"]
    pad = "    "
    for k in range(depth):
        lines += [f"{pad}c{k} = 0", f"{pad}while c{k} < n:", f"{pad}    c{k} += 1"]
        if checked:
            lines.append(f"{pad}    assert x > -100.0, 'never'")
        pad += "    "
    lines += [f"{pad}s = s + x * c{depth - 1}", "    return s"]
    return "\n".join(lines) + "\n"


def measure(depth: int, checked: bool, tmp: Path) -> tuple[int, float]:
    path = tmp / f"_agdepth_{depth}_{int(checked)}.py"
    path.write_text(nested_source(depth, checked))
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
    p.add_argument("--depths", default="2,4,6,8")
    args = p.parse_args(argv)
    print(f"{'depth':>5} {'body traces':>12} {'trace s':>8} {'checked: traces':>16} {'trace s':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for depth in (int(d) for d in args.depths.split(",")):
            row = [x for checked in (False, True) for x in measure(depth, checked, Path(tmp))]
            print(f"{depth:>5} {row[0]:>12} {row[1]:>8.3f} {row[2]:>16} {row[3]:>8.3f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
