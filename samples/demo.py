"""Converts every sample program, checks it against eager JAX, and times both.

Run as `make demo` (or `.venv/bin/python samples/demo.py`). For each program
in `samples.*.PROGRAMS` it builds

* the compiled version: `autograph_py.function(f, static_argnums=...)`, or for
  `vmap=True` programs `jax.jit(jax.vmap(autograph_py.convert(f)))`;
* the converted, un-jitted version: `autograph_py.convert(f)` (under
  `jax.vmap` for vmap programs);

and compares both with the eager reference: the plain function on concrete
`jnp` arrays, or, for vmap programs, a Python loop of it over the batch.
Exits 1 if any program fails to convert, raises, or disagrees.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import autograph_py  # noqa: E402
from samples import arrays, integers, linalg, ode, piecewise, roots  # noqa: E402

MODULES = [integers, roots, piecewise, arrays, linalg, ode]
SHOWN = integers.collatz_steps
MIN_REP_SECONDS = 2e-3
REPS = 5


def _block(tree):
    return jax.tree_util.tree_map(
        lambda v: v.block_until_ready() if hasattr(v, "block_until_ready") else v, tree)


def _median_seconds(fn, args) -> float:
    """Median wall time of one call, after one warm-up call."""
    _block(fn(*args))
    start = time.perf_counter()
    _block(fn(*args))
    once = time.perf_counter() - start
    number = max(1, min(1000, int(MIN_REP_SECONDS / max(once, 1e-7))))
    times = []
    for _ in range(REPS):
        start = time.perf_counter()
        for _ in range(number):
            _block(fn(*args))
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def _eager_vmap(fn, in_axes):
    """The reference for a vmap program: a Python loop of `fn` over the batch."""
    def looped(*args):
        axes = in_axes if in_axes is not None else (0,) * len(args)
        size = next(len(a) for a, ax in zip(args, axes) if ax is not None)
        outs = [fn(*[a if ax is None else a[i] for a, ax in zip(args, axes)])
                for i in range(size)]
        return jax.tree_util.tree_map(lambda *leaves: jnp.stack(
            [jnp.asarray(v) for v in leaves]), *outs)
    return looped


def _same(expected, got) -> bool:
    exp_leaves, exp_tree = jax.tree_util.tree_flatten(expected)
    got_leaves, got_tree = jax.tree_util.tree_flatten(got)
    if exp_tree != got_tree:
        return False
    return all(np.shape(e) == np.shape(g) and np.allclose(np.asarray(e), np.asarray(g))
               for e, g in zip(exp_leaves, got_leaves))


def _build(fn, options):
    """(reference, converted, compiled) callables for one program."""
    if options.get("vmap"):
        in_axes = options.get("in_axes", 0)
        converted = jax.vmap(autograph_py.convert(fn), in_axes=in_axes)
        compiled = jax.jit(converted)
        reference = _eager_vmap(fn, in_axes if in_axes != 0 else None)
        return reference, converted, compiled
    compiled = autograph_py.function(fn, static_argnums=options.get("static_argnums"))
    return fn, autograph_py.convert(fn), compiled


def run_program(name, fn, args, options):
    """One table row: (name, eager s, compiled s, ok, problem or None)."""
    try:
        reference, converted, compiled = _build(fn, options)
        expected = _block(reference(*args))
        problems = []
        for label, candidate in (("compiled", compiled), ("converted", converted)):
            got = _block(candidate(*args))
            if not _same(expected, got):
                problems.append(f"{label} gave {got!r}, eager gave {expected!r}")
        eager_s = _median_seconds(reference, args)
        compiled_s = _median_seconds(compiled, args)
        return name, eager_s, compiled_s, not problems, "; ".join(problems) or None
    except Exception as e:  # noqa: BLE001 - report every failure, keep going
        detail = "".join(traceback.format_exception_only(type(e), e)).strip()
        return name, None, None, False, detail


def _fmt_time(seconds):
    if seconds is None:
        return "-"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} us"


def main() -> int:
    print(f"# Converted source of {SHOWN.__module__}.{SHOWN.__name__} "
          "(autograph_py.to_code)\n")
    print(autograph_py.to_code(SHOWN))
    print()
    programs = [p for module in MODULES for p in module.PROGRAMS]
    rows = [run_program(*p) for p in programs]
    header = ("program", "eager", "compiled", "speedup", "equal")
    table = [header] + [
        (name, _fmt_time(e), _fmt_time(c),
         f"{e / c:.0f}x" if e is not None and c else "-", "yes" if ok else "NO")
        for name, e, c, ok, _ in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    line = lambda r: "| " + " | ".join(  # noqa: E731
        r[i].ljust(widths[i]) if i == 0 else r[i].rjust(widths[i])
        for i in range(len(r))) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in table[1:]:
        print(line(r))
    failures = [(name, problem) for name, _, _, ok, problem in rows if not ok]
    for name, problem in failures:
        print(f"\nFAILED {name}: {problem}")
    print(f"\n{len(rows) - len(failures)}/{len(rows)} programs agree with eager JAX "
          f"(jax {jax.__version__}, {jax.default_backend()}).")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
