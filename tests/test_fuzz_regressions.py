"""Shrunk programs the fuzzer found (tests/fuzz/regressions/case_*.py), kept as regressions.

Each file is a program plus FUZZ_CASE (arguments, which are static, the mode
that failed); its docstring says what went wrong. The converted program
must agree with eager Python. See tests/fuzz/FINDINGS.md for the findings
these come from.
"""
import ast
import glob
import os

import pytest

from tests.fuzz.worker import Worker

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fuzz", "regressions")
CASES = sorted(glob.glob(os.path.join(HERE, "case_*.py")))


def _case(path):
    with open(path) as fh:
        tree = ast.parse(fh.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "FUZZ_CASE":
            return {**ast.literal_eval(node.value), "file": path}
    raise ValueError(f"{path} has no FUZZ_CASE")


@pytest.fixture(scope="module")
def worker():
    with Worker(timeout_s=120) as w:
        yield w


@pytest.mark.parametrize("path", CASES, ids=[os.path.basename(p)[:-3] for p in CASES])
def test_regression(path, worker, request):
    case = _case(path)
    if case.get("known_limitation"):
        # A documented limitation (README, FINDINGS.md): expected to fail, and
        # strict, so the mark must go once it passes.
        request.applymarker(pytest.mark.xfail(reason=case["known_limitation"], strict=True))
    res = worker.check(case)
    assert res["status"] == "ok", "\n".join(
        f"{f['status']} [{f['mode']}] {f['kind']}: {f['detail']}" for f in res["failures"])
