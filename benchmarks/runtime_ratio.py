"""Converted eager-style code vs hand-written lax: steady-state runtime and jaxpr size.

For each workload both sides are jitted and run once (compile, and a check
that they agree), then timed interleaved. The ratio is converted / hand per
round, so a slow moment of the machine hits both halves of the ratio; it is
taken on process CPU time (`ratio`, the one judged against the target) and
on wall time (`ratio_wall`, noisier where others share the machine). The
jaxpr sizes are the noise-free part: equations counted recursively through
every cond branch, loop body and nested jit. The optimised HLO's instruction
count says how much of a jaxpr difference survives XLA (dead code and
fusion): where it is equal, a runtime difference is noise.

Each round also times a second jit of the hand-written code (`ratio_aa`,
A/A): the same program, so how far its ratio strays from 1 is the noise
floor. A dispatch-bound workload (microseconds per call) strays by several
per cent.

Where a workload has a select form (`jnp.where` for an `if`), it is timed in
the same rounds and reported as `ratio_select`; SEMANTICS.md makes a traced
`if` a `lax.cond`, so the targets are judged against the cond.
"""
from __future__ import annotations

from pathlib import Path

import jax
import numpy as np

import autograph_py
from measure import (blocking, counter_diff, describe_error, hlo_size, interleaved, jaxpr_size,
                     paired_ratio)
from workloads import WORKLOADS, Workload, traceable_pair, traceable_select


def _agree(a, b) -> bool:
    la, lb = jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)
    return len(la) == len(lb) and all(
        np.shape(x) == np.shape(y) and np.allclose(np.asarray(x, np.float64),
                                                   np.asarray(y, np.float64),
                                                   rtol=1e-4, atol=1e-5)
        for x, y in zip(la, lb))


def _error(stage: str, e: BaseException) -> dict:
    return {"status": "failed", "stage": stage, "error": describe_error(e, 500)}


def measure_one(w: Workload, rounds: int, sample_s: float, budget_s: float,
                jaxpr_dir: Path | None) -> dict:
    row = {"name": w.name, "what": w.what}
    args = w.args()
    try:
        conv, hand = traceable_pair(w, autograph_py.convert)
        n_conv, c_conv, t_conv = jaxpr_size(conv, *args)
    except Exception as e:  # noqa: BLE001 -- a failing workload is a result, not a crash
        return row | _error("convert/trace", e)
    n_hand, c_hand, t_hand = jaxpr_size(hand, *args)
    row |= {"eqns_converted": n_conv, "eqns_hand": n_hand,
            "eqns_extra": counter_diff(c_conv, c_hand)}
    if jaxpr_dir is not None:
        jaxpr_dir.mkdir(parents=True, exist_ok=True)
        (jaxpr_dir / f"{w.name}.converted.txt").write_text(t_conv + "\n")
        (jaxpr_dir / f"{w.name}.hand.txt").write_text(t_hand + "\n")

    f_conv, f_hand = jax.jit(conv), jax.jit(hand)
    try:
        out_conv = jax.block_until_ready(f_conv(*args))
    except Exception as e:  # noqa: BLE001
        return row | _error("run", e)
    out_hand = jax.block_until_ready(f_hand(*args))
    row |= {"hlo_converted": hlo_size(f_conv, *args), "hlo_hand": hlo_size(f_hand, *args)}
    if not _agree(out_conv, out_hand):
        row |= {"status": "failed", "stage": "check",
                "error": "converted result differs from the hand-written one"}
    else:
        row["status"] = "ok"

    # A/A control: a second jit of the hand-written code, the same program, so
    # its ratio to the first is the noise floor of this workload's ratios.
    f_again = jax.jit(lambda *a: hand(*a))
    jax.block_until_ready(f_again(*args))
    contenders = {"converted": blocking(f_conv, *args), "hand": blocking(f_hand, *args),
                  "hand_again": blocking(f_again, *args)}
    if w.select is not None:
        select = traceable_select(w)
        row["eqns_select"] = jaxpr_size(select, *args)[0]
        f_select = jax.jit(select)
        if not _agree(out_conv, jax.block_until_ready(f_select(*args))):
            row |= {"status": "failed", "stage": "check",
                    "error": "converted result differs from the select form"}
        contenders["select"] = blocking(f_select, *args)
    samples = interleaved(contenders, rounds=rounds, sample_s=sample_s, budget_s=budget_s)
    row |= {"time_converted_s": float(np.median(samples["converted"]["wall"])),
            "time_hand_s": float(np.median(samples["hand"]["wall"])),
            "cpu_converted_s": float(np.median(samples["converted"]["cpu"])),
            "cpu_hand_s": float(np.median(samples["hand"]["cpu"])),
            "ratio": paired_ratio(samples["converted"]["cpu"], samples["hand"]["cpu"]),
            "ratio_wall": paired_ratio(samples["converted"]["wall"], samples["hand"]["wall"]),
            "samples_s": samples}
    row["ratio_aa"] = paired_ratio(samples["hand_again"]["cpu"], samples["hand"]["cpu"])
    if w.select is not None:
        row["ratio_select"] = paired_ratio(samples["converted"]["cpu"], samples["select"]["cpu"])
    return row


def run(rounds: int, sample_s: float, budget_s: float, jaxpr_dir: Path | None) -> list[dict]:
    return [measure_one(w, rounds, sample_s, budget_s, jaxpr_dir) for w in WORKLOADS]
