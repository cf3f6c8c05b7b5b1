"""A fixed-seed batch of the differential fuzzer (tests/fuzz): 200 random programs,
and SEQ_N call sequences.

Every program runs eagerly and through `autograph_py.function` (jit); every
eighth also through `convert` under `jax.grad` and `jax.vmap`. Any mismatch
or crash fails the test with the program's source; reproduce one with
`python -m tests.fuzz.run --seed 1234 --config small --only K`, which
also shrinks it. The call-sequence batch calls each program several times
in one process (static, Python and array arguments; autograph_py.function,
jax.jit(convert), convert, vmap, grad) and compares every call and what it
printed: `python -m tests.fuzz.run --seed 4321 --config calls-ci --modes seq --only K`.
"""
from tests.fuzz import gen
from tests.fuzz.run import run_batch
from tests.fuzz.worker import Worker

SEED = 1234
N = 200
SEQ_SEED, SEQ_N = 4321, 24
FULL_EVERY = 8      # grad and vmap too on every eighth program (they compile twice more)


def _report(failures):
    lines = []
    for k, case, res in failures:
        for f in res["failures"]:
            lines.append(f"program {k} ({case.label}): {f['status']} [{f['mode']}] {f['kind']}\n"
                         f"  {f['detail']}")
        lines.append(f"args={case.args} static={case.static}\n{case.prog.source()}")
    return "\n".join(lines)


def test_fuzz_batch():
    failures = []
    with Worker(timeout_s=120) as worker:
        for modes, indices in ((("jit", "grad", "vmap"), range(0, N, FULL_EVERY)),
                               (("jit",), [k for k in range(N) if k % FULL_EVERY])):
            bad, _, _ = run_batch(SEED, indices, "small", modes, worker, log=lambda s: None,
                                  every=0)
            failures += bad
    failures.sort(key=lambda f: f[0])
    n_bad = len(failures)
    assert not failures, (f"{n_bad} of {N} fuzzed programs disagree with eager Python "
                          f"(see tests/fuzz/FINDINGS.md):\n" + _report(failures[:5]))


def test_fuzz_call_sequences():
    with Worker(timeout_s=120) as worker:
        failures, _, _ = run_batch(SEQ_SEED, range(SEQ_N), "calls-ci", ("seq",), worker,
                                   log=lambda s: None, every=0)
    assert not failures, (f"{len(failures)} of {SEQ_N} call sequences disagree with eager "
                          f"Python (see tests/fuzz/FINDINGS.md):\n" + _report(failures[:5]))


def test_generator_is_reproducible():
    a, b = gen.make_case(SEED, 3, "small"), gen.make_case(SEED, 3, "small")
    assert a.prog.source() == b.prog.source() and a.args == b.args and a.static == b.static
