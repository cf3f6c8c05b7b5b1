"""Tables, targets and plots from one run's results dict.

The targets are reported as met / not met; nothing here fails the run.
"""
from __future__ import annotations

import math
from pathlib import Path

TARGETS = {
    "runtime_ratio": "runtime ratio converted/hand <= 1.05 on every workload",
    "jaxpr_size": "converted jaxpr no larger than hand-written on every workload",
    "conversion": "first conversion median <= 5 ms per function",
    "conversion_corpus": "first conversion median <= 1.0 ms per function over samples/*.py and "
                         "tests/programs.py",
    "conversion_linear": "conversion time linear in function size (log-log slope <= 1.1 in "
                         "statements, loop state and nesting)",
    "conversion_state_200": "a while with 200 loop-state variables converts in < 50 ms",
    "call_overhead": "cached call of @autograph_py.function <= 1.2x jax.jit(hand-written)",
    "compile_flat": "converted traced loop compile time flat in trip count "
                    "(log-log slope <= 0.1)",
    "first_call": "first call (convert + trace + lower + compile) <= 1.15x the hand-written "
                  "one on every workload",
}


def _ratio_note(r: dict) -> str:
    if "ratio" not in r:
        return f"{r['name']} (failed)"
    same = ", same optimised HLO size" if r.get("hlo_converted") == r.get("hlo_hand") else ""
    return (f"{r['name']} ({r['ratio']['median']:.3f}; A/A noise floor "
            f"{r['ratio_aa']['median']:.3f}{same})")


def targets(res: dict) -> dict[str, dict]:
    out = {}
    rows = res.get("runtime", [])
    if rows:
        bad = [r for r in rows if r["status"] != "ok" or r["ratio"]["median"] > 1.05]
        out["runtime_ratio"] = {"met": not bad, "detail": "not met by: " + ", ".join(
            map(_ratio_note, bad)) if bad else "all workloads"}
        bad = [r["name"] for r in rows if "eqns_converted" not in r
               or r["eqns_converted"] > r["eqns_hand"]]
        out["jaxpr_size"] = {"met": not bad, "detail": "larger on: " + ", ".join(bad)
                             if bad else "all workloads"}
    conv = res.get("conversion")
    if conv:
        m = conv["first_median_s"]
        out["conversion"] = {"met": m <= 5e-3 and not conv["errors"],
                             "detail": f"median {m * 1e3:.2f} ms over {conv['functions']} functions"
                             + (f", {len(conv['errors'])} errors" if conv["errors"] else "")}
    scaling = res.get("scaling")
    if scaling:
        corpus = scaling.get("corpus")
        if corpus:
            m = corpus["median_s"]
            out["conversion_corpus"] = {"met": m <= 1e-3, "detail": f"median {m * 1e3:.2f} ms over "
                                        f"{corpus['functions']} functions"}
        axes = scaling["axes"]
        out["conversion_linear"] = {
            "met": all(a["slope"] <= scaling["target_slope"] for a in axes.values()),
            "detail": ", ".join(f"{k}: slope {a['slope']:.2f}" for k, a in axes.items())}
        if "state_200_s" in scaling:
            t = scaling["state_200_s"]
            out["conversion_state_200"] = {"met": t < 0.05, "detail": f"{t * 1e3:.1f} ms"}
    call = res.get("call_overhead")
    if call:
        r = call["decorated_over_jit_hand"]["median"]
        out["call_overhead"] = {"met": r <= 1.2, "detail": f"{r:.2f}x"}
    first = res.get("first_call")
    if first:
        bad = [f"{k} ({v['ratio']:.2f})" for k, v in first.items() if v["ratio"] > 1.15]
        out["first_call"] = {"met": not bad, "detail": "not met by: " + ", ".join(bad)
                             if bad else "all workloads"}
    comp = res.get("compile_time")
    if comp:
        flat = comp["flatness"]
        conv = {k: v for k, v in flat.items() if k.startswith("converted")}
        out["compile_flat"] = {"met": all(v["flat"] for v in conv.values()),
                               "detail": ", ".join(f"{k}: slope {v['slope']:.3f}"
                                                   f" (max/min {v['max_over_min']:.2f})"
                                                   for k, v in flat.items())}
    return out


def _ms(s: float) -> str:
    if s is None or (isinstance(s, float) and math.isnan(s)):
        return "-"
    return f"{s * 1e3:.3f}" if s < 1e-2 else f"{s * 1e3:.1f}"


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]
    line = lambda cells: "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])


def _extra(diff: dict[str, int]) -> str:
    return " ".join(f"{k}{v:+d}" for k, v in sorted(diff.items(), key=lambda kv: -abs(kv[1])))


def _vs_select(r: dict) -> str:
    if "ratio_select" not in r:
        return ""
    return f"{r['ratio_select']['median']:.3f} ({r['eqns_converted']}/{r['eqns_select']} eqns)"


def text(res: dict) -> str:
    parts = []
    if res.get("runtime"):
        rows = []
        for r in res["runtime"]:
            if "ratio" not in r:
                rows.append([r["name"], "-", "-", "-", "-", "-", f"{r.get('eqns_converted', '-')}/"
                             f"{r.get('eqns_hand', '-')}", "-", "",
                             f"FAILED ({r['stage']}): {r['error']}"])
                continue
            q = r["ratio"]
            status = "ok" if r["status"] == "ok" else f"FAILED ({r['stage']}): {r['error']}"
            rows.append([r["name"], _ms(r["time_converted_s"]), _ms(r["time_hand_s"]),
                         f"{q['median']:.3f} [{q['p25']:.2f}-{q['p75']:.2f}]",
                         f"{r['ratio_wall']['median']:.3f}", f"{r['ratio_aa']['median']:.3f}",
                         f"{r['eqns_converted']}/{r['eqns_hand']}",
                         f"{r['hlo_converted']}/{r['hlo_hand']}", _extra(r["eqns_extra"]),
                         _vs_select(r), status])
        parts.append("Runtime: converted eager-style vs hand-written lax (jit, steady state)\n" + _table(
            ["workload", "conv ms", "hand ms", "ratio cpu [IQR]", "ratio wall", "A/A", "eqns c/h",
             "hlo c/h", "extra eqns (conv-hand)", "vs select", "status"], rows)
            + "\n(ms: median wall time per call; ratios: median over rounds of converted/hand, "
              "on process CPU time, and on wall time;\n A/A: the same ratio between two jits of the "
              "hand-written code, the noise floor;\n eqns: jaxpr equations, recursive; "
              "hlo: instructions after XLA optimisation;\n vs select: ratio and eqns against "
              "jnp.where, which runs every branch where the lax.cond that\n SEMANTICS.md "
              "prescribes for a traced `if` runs one; reported, not judged)")
    if res.get("compile_time"):
        comp = res["compile_time"]
        names = list(comp["series"])
        by_n = {n: {} for n in comp["sizes"]}
        for name, series in comp["series"].items():
            for p in series:
                by_n[p["n"]][name] = ("~" + f"{p['seconds']:.1f}" + " (extrapolated)"
                                      if p.get("extrapolated") else f"{p['seconds']:.3f}")
        rows = [[str(n)] + [by_n[n].get(k, "-") for k in names] for n in comp["sizes"]]
        rows.append(["log-log slope"] + [f"{comp['flatness'][k]['slope']:.3f}"
                                         if k in comp["flatness"] else "-" for k in names])
        parts.append("Compile time (s): trace + lower + XLA compile, vs loop trip count "
                     f"(wall, best of {comp['repeats']}; slope fitted on CPU time)\n"
                     + _table(["trip count"] + names, rows)
                     + f"\n(unrolled sizes predicted to take > {comp['cap_s']:.0f} s are not run; "
                       "'~' marks a value extrapolated linearly from the last measured size)")
    smp = res.get("samples")
    if smp is not None:
        if smp["status"] != "ok":
            parts.append(f"Samples: eager vs compiled: skipped ({smp['reason']})")
        else:
            rows = [[f"{r['module']}.{r['name']}", _ms(r.get("eager_s")), _ms(r.get("compiled_s")),
                     f"{r['speedup']['median']:.1f}x" if "speedup" in r else "-",
                     _ms(r.get("first_call_s")), r["status"] + (f": {r['error']}" if "error" in r else "")]
                    for r in smp["rows"]]
            parts.append("Samples: eager JAX vs @autograph_py.function (per call)\n" + _table(
                ["program", "eager ms", "compiled ms", "speedup", "first call ms", "status"], rows)
                + "".join(f"\n  problem: {p}" for p in smp["problems"]))
    conv = res.get("conversion")
    if conv:
        lines = [f"Conversion cost over {conv['functions']} functions x {conv['copies']} fresh copies:",
                 f"  first conversion  median {_ms(conv['first_median_s'])} ms",
                 f"  cached (same fn)  median {conv['cached_median_s'] * 1e6:.2f} us",
                 f"  cached (same code, new fn object)  median {conv['cached_code_median_s'] * 1e6:.1f} us"]
        slow = sorted(conv["per_function"].items(), key=lambda kv: -kv[1]["first_s"])[:3]
        lines.append("  slowest first conversions: " + ", ".join(
            f"{n} {_ms(v['first_s'])} ms" for n, v in slow))
        tf = conv["tensorflow"]
        if tf["status"] == "ok":
            lines.append(f"  to_code median: autograph_py {_ms(tf['autograph_py_to_code_median_s'])} ms"
                         f", TensorFlow AutoGraph {tf['version']} "
                         f"{_ms(tf['tf_to_code_median_s'])} ms")
        else:
            lines.append(f"  TensorFlow AutoGraph side-by-side: skipped ({tf['reason']})")
        lines += [f"  error: {e}" for e in conv["errors"]]
        parts.append("\n".join(lines))
    if res.get("scaling"):
        import conversion_scaling
        parts.append(conversion_scaling.text(res["scaling"]).replace(
            "conversion time by function size", "Conversion time by function size", 1))
    if res.get("first_call"):
        import first_call
        parts.append("First call: convert + trace + lower + compile (CPU ms, median of rounds; "
                     "hand = the expert's lax for the early-exit workloads)\n"
                     + first_call.text(res["first_call"]))
    if res.get("gradients"):
        import gradients
        parts.append(gradients.text(res["gradients"]).replace(
            "gradient through", "Gradient through", 1))
    call = res.get("call_overhead")
    if call:
        pc = call["per_call_s"]
        pw = call["per_call_wall_s"]
        q = call["decorated_over_jit_hand"]
        parts.append("Cached-call overhead (tiny scalar function, 200 calls then wait)\n" + _table(
            ["contender", "us/call cpu", "us/call wall"],
            [[label, f"{pc[k] * 1e6:.2f}", f"{pw[k] * 1e6:.2f}"] for label, k in (
                ("@autograph_py.function", "decorated"),
                ("jax.jit(autograph_py.convert(f))", "jit_convert"),
                ("jax.jit(hand-written)", "jit_hand"))])
            + f"\n  decorated / jit(hand) {q['median']:.3f} [{q['p25']:.2f}-{q['p75']:.2f}]"
              f" (wall {call['decorated_over_jit_hand_wall']['median']:.3f})"
              f"\n  = wrapper: decorated / jit(convert) {call['decorated_over_jit_convert']['median']:.3f}"
              f" x program: jit(convert) / jit(hand) {call['jit_convert_over_jit_hand']['median']:.3f}")
    t = targets(res)
    if t:
        parts.append("Targets\n" + "\n".join(
            f"  [{'met' if v['met'] else 'NOT MET'}] {TARGETS[k]}: {v['detail']}"
            for k, v in t.items()))
    return "\n\n".join(parts)


def plots(res: dict, outdir: Path) -> list[str] | None:
    """PNG plots of compile time vs trip count and of the runtime ratios.

    Returns the file names written, or None when matplotlib is missing.
    """
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    written = []
    comp = res.get("compile_time")
    if comp:
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for name, series in comp["series"].items():
            real = [p for p in series if not p.get("extrapolated")]
            line, = ax.plot([p["n"] for p in real], [p["seconds"] for p in real], "o-", label=name)
            extra = [p for p in series if p.get("extrapolated")]
            if extra:
                pts = real[-1:] + extra
                ax.plot([p["n"] for p in pts], [p["seconds"] for p in pts], "o--",
                        color=line.get_color(), markerfacecolor="none",
                        label=f"{name}, extrapolated")
        ax.set(xscale="log", yscale="log", xlabel="loop trip count",
               ylabel="trace + lower + compile (s)", title="Compile time vs trip count")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(outdir / "compile_time.png", dpi=110)
        plt.close(fig)
        written.append("compile_time.png")
    rows = [r for r in res.get("runtime", []) if "ratio" in r]
    if rows:
        fig, (ax, bx) = plt.subplots(1, 2, figsize=(11, 4), gridspec_kw={"width_ratios": [3, 2]})
        names = [r["name"] for r in rows]
        med = [r["ratio"]["median"] for r in rows]
        err = [[m - r["ratio"]["p25"] for m, r in zip(med, rows)],
               [r["ratio"]["p75"] - m for m, r in zip(med, rows)]]
        colors = ["tab:green" if m <= 1.05 and r["status"] == "ok" else "tab:red"
                  for m, r in zip(med, rows)]
        ax.barh(names, med, xerr=err, color=colors)
        ax.set_xlim(left=min(0.8, min(med) - 0.05))
        ax.axvline(1.0, color="k", lw=0.8)
        ax.axvline(1.05, color="tab:red", ls="--", lw=0.8, label="target 1.05")
        ax.invert_yaxis()
        ax.set(xlabel="runtime converted / hand-written (median, IQR)",
               title="Steady-state runtime ratio")
        ax.legend(fontsize=8)
        y = range(len(rows))
        bx.barh([i - 0.2 for i in y], [r["eqns_converted"] for r in rows], 0.4, label="converted")
        bx.barh([i + 0.2 for i in y], [r["eqns_hand"] for r in rows], 0.4, label="hand-written")
        bx.set_yticks(list(y), names)
        bx.invert_yaxis()
        bx.set(xlabel="jaxpr equations (recursive)", title="Jaxpr size")
        bx.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(outdir / "runtime_ratio.png", dpi=110)
        plt.close(fig)
        written.append("runtime_ratio.png")
    return written
