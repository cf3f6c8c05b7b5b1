"""Differential fuzzing of autograph_py: `make fuzz N=1000 SEED=0`.

    python -m tests.fuzz.run --n 1000 --seed 0

Generates N programs (gen.py), checks each eagerly against jit / grad /
vmap of the converted program (check.py, in a child process), prints
progress, shrinks the first failure of each kind (shrink.py) and saves it
as a regression case under tests/fuzz/regressions/ (run by
tests/test_fuzz_regressions.py). The last line is

    fuzz: N programs, M mismatches, K crashes

One program: `python -m tests.fuzz.run --seed 0 --only 17 --show`.
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import pprint
import sys
import time

from tests.fuzz import gen, shrink
from tests.fuzz.worker import Worker

REGRESSIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "regressions")
MODES = ("jit", "grad", "vmap")


def signature(failure: dict) -> tuple:
    return failure["status"], failure["mode"], failure["kind"]


def run_batch(seed, indices, config="default", modes=MODES, worker=None, log=print, every=50,
              jsonl=None):
    """Checks the programs `indices` of `seed`; returns [(index, case, result)] of failures
    and the counts of statuses and skipped modes (and "refused": programs where a
    converted run refused with an autograph_py error that `may_refuse` allows).
    `jsonl`: a file to append one line per failing or refusing program to."""
    own = worker is None
    worker = worker or Worker()
    failures, counts, skipped = [], {"ok": 0, "mismatch": 0, "crash": 0, "refused": 0}, {}
    start = time.monotonic()
    try:
        for n, k in enumerate(indices, 1):
            case = gen.make_case(seed, k, config)
            d = case.to_dict(modes)
            res = worker.check(d)
            counts[res["status"]] += 1
            counts["refused"] += bool(res.get("refused"))
            if jsonl and (res["status"] != "ok" or res.get("refused")):
                with open(jsonl, "a") as fh:
                    fh.write(json.dumps({"seed": seed, "index": k, "shapes": d["shapes"],
                                         "dtype": d["dtype"], "status": res["status"],
                                         "refused": res.get("refused", []),
                                         "failures": [{x: f.get(x) for x in
                                                       ("status", "mode", "kind", "route", "call",
                                                        "detail")} for f in res["failures"]]})
                             + "\n")
            for s in res["skipped"]:
                why = s.split(" raised ")[0]
                skipped[why] = skipped.get(why, 0) + 1
            if res["status"] != "ok":
                failures.append((k, case, res))
                f0 = res["failures"][0]
                log(f"  program {k}: {f0['status']} [{f0['mode']}] {f0['kind']}: "
                    f"{f0['detail'].splitlines()[0][:160]}")
            if every and (n % every == 0 or n == len(indices)):
                log(f"[{n}/{len(indices)}] {counts['mismatch']} mismatches, {counts['crash']} "
                    f"crashes ({time.monotonic() - start:.0f} s)")
    finally:
        if own:
            worker.close()
    return failures, counts, skipped


def shrink_failure(case, failure, worker, budget_s, log=print):
    sig = signature(failure)
    if failure.get("input"):   # shrink with the failing input set only (run twice: one jit)
        case = dataclasses.replace(case, args=[case.args[failure["input"]]] * 2)

    def still_fails(c):
        res = worker.check(c.to_dict((failure["mode"],)))
        return any(signature(f) == sig for f in res["failures"])

    small = shrink.shrink(case, still_fails, budget_s=budget_s)
    res = worker.check(small.to_dict((failure["mode"],)))
    same = [f for f in res["failures"] if signature(f) == sig]
    return small, (same or res["failures"] or [failure])[0]


def regression_source(case, failure, mode) -> str:
    """A module that is the shrunk program plus FUZZ_CASE: how to run it and what went wrong."""
    detail = failure["detail"].replace('"""', "'''")
    meta = {k: v for k, v in case.to_dict((mode,)).items() if k not in ("source", "label")}
    doc = (f'"""Fuzz regression ({case.label}, shrunk): {failure["status"]} under {mode}, '
           f'{failure["kind"]}.\n\nObserved:\n  {detail}\nExpected: the converted '
           f'program agrees with eager Python.\n"""\n')
    return doc + case.prog.source() + "\n\nFUZZ_CASE = " + pprint.pformat(meta, width=90) + "\n"


def save_regression(case, failure) -> str:
    text = regression_source(case, failure, failure["mode"])
    digest = hashlib.sha1(case.prog.source().encode() + repr(case.args).encode()).hexdigest()[:10]
    os.makedirs(REGRESSIONS, exist_ok=True)
    path = os.path.join(REGRESSIONS, f"case_{digest}.py")
    with open(path, "w") as fh:
        fh.write(text)
    return path


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=1000, help="number of programs")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--start", type=int, default=0, help="index of the first program")
    p.add_argument("--only", type=int, action="append", help="check only these program indices")
    p.add_argument("--config", default="default", choices=sorted(gen.CONFIGS))
    p.add_argument("--modes", default=",".join(MODES), help="jit,grad,vmap and seq (the call "
                   "sequence of the calls and shapes configs)")
    p.add_argument("--without", default="", help="statement kinds not to generate, e.g. "
                   "assert,print (to look past an open finding); wrapped_jit: no module-level "
                   "wrapper of a jitted helper (transforms configs, F61)")
    p.add_argument("--show", action="store_true", help="print each checked program's source")
    p.add_argument("--shrink", type=int, default=5, help="shrink at most this many failure kinds")
    p.add_argument("--shrink-budget", type=float, default=150.0, help="seconds per shrink")
    p.add_argument("--no-save", action="store_true", help="do not write regression cases")
    p.add_argument("--timeout", type=float, default=90.0, help="seconds per program")
    p.add_argument("--jsonl", help="append each failing or refusing program's result to this file")
    a = p.parse_args(argv)

    modes = tuple(m for m in a.modes.split(",") if m)
    config = gen.CONFIGS[a.config]
    if a.without:
        without = a.without.split(",")
        weights = {k: (0 if k in without else w) for k, w in config.weights.items()}
        config = dataclasses.replace(config, weights=weights)
        if "annotation" in without:   # shapes configs: `v: T = e` and `v: T`
            config = dataclasses.replace(config, p_annot=0.0, weights={**weights, "declare": 0})
        if "text" in without:         # shapes configs: text built by str/repr/format/%
            config = dataclasses.replace(config, text_styles=())
        if "wrapped_jit" in without:  # transforms configs: FINDINGS F61
            config = dataclasses.replace(config, gate_wrapped_jit=True)
    indices = a.only or list(range(a.start, a.start + a.n))
    if a.show:
        for k in indices:
            case = gen.make_case(a.seed, k, config)
            print(f"# ---- program {k} (seed {a.seed}) static={case.static} args={case.args}")
            print(case.prog.source())
    print(f"fuzz: seed {a.seed}, {len(indices)} programs, config {a.config}"
          f"{' without ' + a.without if a.without else ''}, modes {','.join(modes)}",
          flush=True)
    with Worker(timeout_s=a.timeout) as worker:
        failures, counts, skipped = run_batch(a.seed, indices, config, modes, worker,
                                              log=lambda s: print(s, flush=True),
                                              every=max(1, min(50, len(indices) // 10)),
                                              jsonl=a.jsonl)
        if skipped:
            print("not applicable: " + "; ".join(f"{k} ({v})" for k, v in sorted(skipped.items())))
        kinds = {}
        for k, _, res in failures:
            for f in res["failures"]:
                kinds.setdefault(signature(f), []).append(k)
        for sig, ks in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
            print(f"{len(ks):5d} x {sig[0]} [{sig[1]}] {sig[2][:110]}  (e.g. program {ks[0]})")
        seen = set()
        for k, case, res in failures:
            f0 = res["failures"][0]
            if signature(f0) in seen or len(seen) >= a.shrink:
                continue
            seen.add(signature(f0))
            print(f"\nshrinking program {k}: {f0['status']} [{f0['mode']}] {f0['kind']}", flush=True)
            small, fail = shrink_failure(case, f0, worker, a.shrink_budget)
            print(small.prog.source())
            print(f"args={small.args} static={small.static}")
            print(fail["detail"])
            if not a.no_save:
                print("saved " + os.path.relpath(save_regression(small, fail)))
    n_bad = len(failures)
    print(f"fuzz: {len(indices)} programs, {counts['mismatch']} mismatches, {counts['crash']} crashes"
          + (f", {counts['refused']} refused" if counts["refused"] else ""))
    return 1 if n_bad else 0


if __name__ == "__main__":
    sys.exit(main())
