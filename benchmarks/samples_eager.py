"""Eager JAX vs compiled, for every program in samples/.

A samples module exposes `PROGRAMS = [(name, fn, args, options), ...]`
(samples/__init__.py): `options` may hold `vmap=True` with `in_axes`, and
`jax.jit` keywords such as `static_argnums`.

Eager is `fn(*args)` as written: Python control flow on concrete arrays,
one dispatch per operation; for a vmap program, a Python loop of `fn` over
the batch (the reference samples/demo.py uses too). Compiled is
`autograph_py.function(fn, **jit options)`, or `jax.jit(jax.vmap(convert(fn),
in_axes))` for a vmap program, timed after its first call (whose time,
conversion + trace + compile, is reported separately). Without samples/ (or
without PROGRAMS in it) the section is skipped.
"""
from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import re
import sys
import time
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

import autograph_py
from measure import blocking, describe_error, interleaved, paired_ratio
from runtime_ratio import _agree

ROOT = Path(__file__).resolve().parent.parent
_DEFINES_PROGRAMS = re.compile(r"^PROGRAMS\s*[:=]", re.MULTILINE)
_JIT_KEYWORDS = set(inspect.signature(jax.jit).parameters) - {"fun"}


def discover() -> tuple[list[tuple[str, str, object, tuple, dict]], list[str]]:
    """(module, name, fn, args, options) of every sample program, and import problems."""
    directory = ROOT / "samples"
    programs, problems = [], []
    if not directory.is_dir():
        return programs, ["no samples/ directory"]
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    for path in sorted(directory.glob("*.py")):
        if path.name.startswith("_") or not _DEFINES_PROGRAMS.search(path.read_text(errors="replace")):
            continue  # only modules that define PROGRAMS: samples/demo.py is a script
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                module = importlib.import_module(f"samples.{path.stem}")
            entries = list(getattr(module, "PROGRAMS"))
        except Exception as e:  # noqa: BLE001 -- samples are being written; skip what breaks
            problems.append(f"{path.name}: {describe_error(e)}")
            continue
        for entry in entries:
            try:
                name, fn, args, options = entry
            except (TypeError, ValueError):
                problems.append(f"{path.name}: entry not (name, fn, args, options): {entry!r}"[:300])
                continue
            programs.append((path.stem, str(name), fn, tuple(args),
                             dict(options) if isinstance(options, dict) else {}))
    return programs, problems


def _eager_vmap(fn, in_axes):
    """A Python loop of `fn` over the batch: the eager meaning of a vmap program."""
    def looped(*args):
        axes = in_axes if in_axes is not None else (0,) * len(args)
        size = next(len(a) for a, ax in zip(args, axes) if ax is not None)
        outs = [fn(*[a if ax is None else a[i] for a, ax in zip(args, axes)])
                for i in range(size)]
        return jax.tree_util.tree_map(lambda *v: jnp.stack([jnp.asarray(x) for x in v]), *outs)
    return looped


def _pair(fn, options: dict):
    """(eager, compiled) callables for one program."""
    jit_options = {k: v for k, v in options.items() if k in _JIT_KEYWORDS}
    if options.get("vmap"):
        in_axes = options.get("in_axes")
        mapped = jax.vmap(autograph_py.convert(fn), in_axes=0 if in_axes is None else in_axes)
        return _eager_vmap(fn, in_axes), jax.jit(mapped, **jit_options)
    return fn, autograph_py.function(fn, **jit_options)


def _measure(module, name, fn, args, options, budget_s: float) -> dict:
    row = {"module": module, "name": name, "vmap": bool(options.get("vmap"))}
    try:
        eager, compiled = _pair(fn, options)
        eager_out = jax.block_until_ready(eager(*args))
    except Exception as e:  # noqa: BLE001
        return row | {"status": "eager failed", "error": describe_error(e)}
    t0 = time.perf_counter()
    try:
        out = jax.block_until_ready(compiled(*args))
    except Exception as e:  # noqa: BLE001
        return row | {"status": "failed", "error": describe_error(e)}
    row["first_call_s"] = time.perf_counter() - t0
    row["status"] = "ok" if _agree(out, eager_out) else "wrong result"
    samples = interleaved({"eager": blocking(eager, *args), "compiled": blocking(compiled, *args)},
                          rounds=9, sample_s=0.02, budget_s=budget_s)
    eager_s, compiled_s = samples["eager"]["wall"], samples["compiled"]["wall"]
    row |= {"eager_s": float(np.median(eager_s)), "compiled_s": float(np.median(compiled_s)),
            "speedup": paired_ratio(eager_s, compiled_s)}
    return row


def run(budget_s: float = 60.0) -> dict:
    programs, problems = discover()
    if not programs:
        return {"status": "skipped", "reason": "; ".join(problems) or "no PROGRAMS in samples/",
                "problems": problems, "rows": []}
    rows, start = [], time.perf_counter()
    for i, (module, name, fn, args, options) in enumerate(programs):
        left = budget_s - (time.perf_counter() - start)
        if left <= 0:
            rows.append({"module": module, "name": name, "status": "skipped (time budget)"})
            continue
        with contextlib.redirect_stdout(io.StringIO()):  # samples may print on every call
            rows.append(_measure(module, name, fn, args, options,
                                 budget_s=min(2.0, left / (len(programs) - i))))
    return {"status": "ok", "problems": problems, "rows": rows}
