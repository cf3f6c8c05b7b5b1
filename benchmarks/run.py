"""Benchmark runner behind `make bench`.

usage: python benchmarks/run.py [--quick] [--only SECTION[,SECTION...]] [--no-save]

Sections, in order: runtime, compile, first_call, samples, conversion, scaling, call, gradients. Prints one
table per section and the targets (met / not met), writes
benchmarks/results/latest.json, latest.txt and the PNG plots, and ends with
the total elapsed time. Everything runs in this one process so that the two
sides of every comparison share the machine's state; see benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
SECTIONS = ("runtime", "compile", "first_call", "samples", "conversion", "scaling", "call", "gradients")


def _args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true",
                   help="fewer rounds and smaller trip counts: a smoke test, not a measurement")
    p.add_argument("--only", default=",".join(SECTIONS),
                   help=f"comma-separated sections among {', '.join(SECTIONS)}")
    p.add_argument("--no-save", action="store_true", help="print only; write nothing")
    p.add_argument("--unroll-cap", type=float, default=20.0,
                   help="seconds above which an unrolled compile is extrapolated, not run")
    args = p.parse_args()
    args.only = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = set(args.only) - set(SECTIONS)
    if unknown:
        p.error(f"unknown sections {sorted(unknown)}; choose among {', '.join(SECTIONS)}")
    return args


def _meta() -> dict:
    import jax
    import jaxlib
    def git(*args):
        try:
            return subprocess.run(["git", *args], cwd=HERE.parent, text=True,
                                  capture_output=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return None
    commit = git("rev-parse", "--short", "HEAD")
    # Results describe the working tree, which may hold uncommitted converter changes.
    dirty = git("status", "--porcelain", "--", "autograph_py")
    return {"when": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "commit": commit, "autograph_py_uncommitted_changes": bool(dirty), "python": platform.python_version(), "jax": jax.__version__,
            "jaxlib": jaxlib.__version__, "backend": jax.default_backend(),
            "cpus": os.cpu_count(), "machine": platform.machine(), "platform": platform.platform()}


def _section(title: str):
    print(f"\n== {title} ...", flush=True)
    return time.perf_counter()


def main() -> int:
    start = time.perf_counter()
    args = _args()
    sys.path.insert(0, str(HERE))
    import report  # after the path: the sections import each other by plain name

    res: dict = {"meta": _meta(), "quick": args.quick}
    jaxpr_dir = None if args.no_save else RESULTS / "jaxprs"
    timings = {}
    if "runtime" in args.only:
        import runtime_ratio
        t = _section("runtime: converted vs hand-written lax")
        res["runtime"] = runtime_ratio.run(rounds=5 if args.quick else 41,
                                           sample_s=0.01 if args.quick else 0.08,
                                           budget_s=1.0 if args.quick else 12.0,
                                           jaxpr_dir=jaxpr_dir)
        timings["runtime"] = time.perf_counter() - t
    if "compile" in args.only:
        import compile_time
        t = _section("compile time vs trip count")
        res["compile_time"] = compile_time.run(
            sizes=(10, 100, 1000) if args.quick else (10, 100, 1000, 3000, 10000),
            repeats=1 if args.quick else 5, cap_s=5.0 if args.quick else args.unroll_cap)
        timings["compile"] = time.perf_counter() - t
    if "first_call" in args.only:
        import first_call
        t = _section("first call: convert + trace + lower + compile")
        res["first_call"] = first_call.run(rounds=1 if args.quick else 7)
        timings["first_call"] = time.perf_counter() - t
    if "samples" in args.only:
        import samples_eager
        t = _section("samples: eager vs compiled")
        res["samples"] = samples_eager.run(budget_s=10.0 if args.quick else 60.0)
        timings["samples"] = time.perf_counter() - t
    if "conversion" in args.only:
        import conversion_cost
        t = _section("conversion cost")
        res["conversion"] = conversion_cost.run(copies=1 if args.quick else 5)
        timings["conversion"] = time.perf_counter() - t
    if "scaling" in args.only:
        import conversion_scaling
        t = _section("conversion time vs function size")
        res["scaling"] = conversion_scaling.run(quick=args.quick, repeats=3 if args.quick else 5,
                                                budget_s=0.5 if args.quick else 3.0)
        timings["scaling"] = time.perf_counter() - t
    if "call" in args.only:
        import call_overhead
        t = _section("cached-call overhead")
        res["call_overhead"] = call_overhead.run(rounds=5 if args.quick else 41,
                                                 sample_s=0.01 if args.quick else 0.08,
                                                 budget_s=1.0 if args.quick else 15.0)
        timings["call"] = time.perf_counter() - t
    if "gradients" in args.only:
        import gradients
        t = _section("gradients through loops with a traced trip count")
        res["gradients"] = gradients.run(quick=args.quick)
        timings["gradients"] = time.perf_counter() - t

    res["targets"] = report.targets(res)
    table = report.text(res)
    print("\n" + table)
    elapsed = time.perf_counter() - start
    res["meta"]["section_seconds"] = timings
    res["meta"]["elapsed_s"] = elapsed
    if not args.no_save:
        RESULTS.mkdir(parents=True, exist_ok=True)
        tmp = RESULTS / "latest.json.tmp"
        tmp.write_text(json.dumps(res, indent=1, default=str) + "\n")
        tmp.replace(RESULTS / "latest.json")
        (RESULTS / "latest.txt").write_text(table + "\n")
        written = report.plots(res, RESULTS)
        plots = ("no plots (matplotlib is not installed)" if written is None
                 else ", ".join(written) or "no plots (no runtime or compile section)")
        print(f"\nwrote {RESULTS.relative_to(HERE.parent)}/: latest.json, latest.txt, jaxprs/, {plots}")
    m = res["meta"]
    print(f"\n{m['jax']} on {m['backend']}, {m['cpus']} cpus; sections: "
          + ", ".join(f"{k} {v:.0f}s" for k, v in timings.items()))
    print(f"total elapsed: {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
