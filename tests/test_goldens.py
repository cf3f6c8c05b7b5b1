"""Pins what every reference program and sample lowers to (issue 11: a refactor of
the runtime or lowering must not change it).

For each program and its first argument set, `tests/goldens/lowering.json` holds
what `explain()` reports (construct, line relative to the `def`, what it became,
why) and the primitives of its jaxpr, counted through every sub-jaxpr (a scan
that became an unrolled loop, or a cast that appeared, changes the counts).
`tests/goldens/collatz.py` is the whole pipeline's output for the README's
listing. Regenerate both after an intended change with
`AUTOGRAPH_UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/test_goldens.py`
and review the diff.
"""
from __future__ import annotations

import collections
import inspect
import json
import os
import pathlib

import jax
import pytest
from jax.extend.core import jaxprs_in_params

import autograph_py as ag
from samples import arrays, integers, linalg, ode, piecewise, roots
from tests.programs import PROGRAMS

HERE = pathlib.Path(__file__).parent / "goldens"
UPDATE = os.environ.get("AUTOGRAPH_UPDATE_GOLDENS") == "1"


def _cases():
    out = {}
    for fn, arg_sets, opts in PROGRAMS:
        out[f"programs.{fn.__name__}"] = (fn, arg_sets[0], opts.get("static", ()), False)
    for module in (arrays, integers, linalg, ode, piecewise, roots):
        for name, fn, args, opts in module.PROGRAMS:
            vmap = opts.get("vmap", False) and opts.get("in_axes", 0)
            out[f"samples.{name}"] = (fn, args, opts.get("static_argnums", ()), vmap)
    return out


def _primitives(jaxpr, counts):
    for eqn in jaxpr.eqns:
        counts[eqn.primitive.name] += 1
        for sub in jaxprs_in_params(eqn.params):
            _primitives(sub, counts)
    return counts


def _record(fn, args, static, vmap):
    first = inspect.getsourcelines(fn)[1]
    f, report_args = ag.convert(fn), args
    if vmap is not False:   # in_axes: explain one batch element
        axes = (vmap,) * len(args) if isinstance(vmap, int) else vmap
        f = jax.vmap(f, in_axes=vmap)
        report_args = [a if ax is None else a[ax] for a, ax in zip(args, axes)]
    report = ag.explain(fn, static_argnums=static)(*report_args)
    entries = []
    for e in report.entries:
        path, _, line = e.location.rpartition(":")
        where = (f"+{int(line) - first}" if path == inspect.getsourcefile(fn)
                 else os.path.basename(path) + ":" + line)
        entries.append([where, e.construct, e.became, e.reason])
    closed = jax.make_jaxpr(f, static_argnums=static)(*args)
    return {"explain": entries, "primitives": dict(sorted(_primitives(
        closed.jaxpr, collections.Counter()).items()))}


CASES = _cases()


def _golden():
    path = HERE / "lowering.json"
    return json.loads(path.read_text()) if path.exists() else {}


def test_the_golden_covers_every_program_and_sample():
    if UPDATE:
        table = {name: _record(*case) for name, case in CASES.items()}
        (HERE / "lowering.json").write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
    assert sorted(_golden()) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_explain_and_jaxpr_primitives_match_the_golden(name):
    golden = _golden()
    assert name in golden, "new program: regenerate the golden (see the module docstring)"
    assert _record(*CASES[name]) == golden[name]


def test_collatz_listing_of_the_readme_is_the_pipelines_output():
    text = ag.to_code(integers.collatz_steps)
    path = HERE / "collatz.py"
    if UPDATE:
        path.write_text(text)
    assert text == path.read_text()
    readme = (pathlib.Path(__file__).parent.parent / "README.md").read_text()
    assert text.strip() in readme
