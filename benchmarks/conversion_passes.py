"""Where conversion time goes: each converter pass, parsing and compiling, per function.

    .venv/bin/python benchmarks/conversion_passes.py [copies]

Converts fresh copies of the conversion corpus (see conversion_cost.py) with
the pipeline's stages timed one by one, and prints the mean milliseconds per
function of each stage, largest first. A diagnostic for work on conversion
speed, not part of `make bench`.
"""
from __future__ import annotations

import collections
import gc
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import autograph_py  # noqa: E402
import conversion_cost  # noqa: E402
from autograph_py.compiler import codegen, parsing, pipeline  # noqa: E402

TIMES: collections.Counter = collections.Counter()


def _timed(label, fn):
    def run(*args):
        t0 = time.perf_counter()
        try:
            return fn(*args)
        finally:
            TIMES[label] += time.perf_counter() - t0
    return run


def _timed_transform(node, filename, name, owner=None, generator=False):
    ctx = pipeline.Context(pipeline.Namer.for_tree(node), filename, name, owner=owner)
    for converter in pipeline.GENERATOR if generator else pipeline.PIPELINE:
        label = converter.__name__.rsplit(".", 1)[-1]
        t0 = time.perf_counter()
        for analysis in getattr(converter, "NEEDS", ()):
            pipeline.ANALYSES[analysis](node)
        t1 = time.perf_counter()
        node = converter.transform(node, ctx)
        TIMES[f"analyses before {label}"] += t1 - t0
        TIMES[label] += time.perf_counter() - t1
    _timed("fill locations", codegen.fill_locations)(node)
    return node


def main(copies: int = 5) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="agpasses_"))
    for fn in conversion_cost._fresh_functions(tmp):   # warm-up: imports, template caches
        autograph_py.convert(fn)
    pipeline.transform = _timed_transform
    codegen.compile_function = _timed("compile (gast_to_ast + compile)", codegen.compile_function)
    parsing.parse_function = _timed("parse", parsing.parse_function)
    n, total = 0, 0.0
    for _ in range(copies):
        fns = conversion_cost._fresh_functions(tmp)
        gc.collect()
        t0 = time.perf_counter()
        for fn in fns:
            autograph_py.convert(fn)
        total += time.perf_counter() - t0
        n += len(fns)
    print(f"{n} conversions, mean {total / n * 1e3:.2f} ms per function")
    for label, seconds in TIMES.most_common():
        if seconds / n >= 5e-6:
            print(f"  {label:40s} {seconds / n * 1e3:7.3f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
