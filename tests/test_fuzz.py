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

The transforms batch: TR_N programs that hand their helpers to jax.grad, vmap,
checkpoint, jit, lax.fori_loop/scan (tests/fuzz/transforms.py), jit and a call
sequence each, against the Python meaning of those transformations
(tests/fuzz/pyjax.py): `python -m tests.fuzz.run --seed 5045 --config transforms-ci
--modes jit,seq --only K`.

The none batch: NONE_N programs of config none-ci (shapes.gen_maybe_none: a variable
None until a maybe-traced `if` or loop gives it a value), jit and a call sequence:
`python -m tests.fuzz.run --seed 6060 --config none-ci --modes jit,seq --only K`.

The idioms batch: IDIOMS_N programs of config idioms (tests/fuzz/idioms.py: text of
traced values, appended lists read by index, exceptions caught after a traced `if`,
callees that change lists, aliases, dict key order, setattr, `in range`, tables,
sorted/min/max with a key, math), jit only:
`python -m tests.fuzz.run --seed 97001 --config idioms --modes jit --only K`.

The shapes2 batch: SHAPES2_N programs of config shapes2 (tests/fuzz/idiom_shapes2.py:
tuple order, for/else, user context managers, guarded tails, objects as state, enumerate
indices, twin lambdas, root finders, math.isclose, grad of grad), jit only:
`python -m tests.fuzz.run --seed 97001 --config shapes2 --modes jit --only K`.

The shapes3 batch: SHAPES3_N programs of config shapes3 (tests/fuzz/idiom_shapes3.py:
lists and dicts held two ways and changed in nested constructs, iterators read in
constructs, functions a traced test picks, for/else that runs as Python), jit only:
`python -m tests.fuzz.run --seed 99001 --config shapes3 --modes jit --only K`.

The shapes5 batch: SHAPES5_N programs of config shapes5 (tests/fuzz/idiom_shapes5.py:
late-bound closures of comprehensions, filtered comprehensions handed to reductions, strs
a traced condition picks, generators with traced ternaries, module-level values, lists
with traced entry items appended in nested loops, a while test that turns traced), jit:
`python -m tests.fuzz.run --seed 99501 --config shapes5 --modes jit --only K`.

The shapes6 batch: SHAPES6_N programs of config shapes6 (tests/fuzz/idiom_shapes6.py:
closures over a comprehension's variable called after traced constructs, filtered
generators partly taken by next() before a reduction, strs a traced condition picks used
after, generator expressions inside generator functions, module values compiled calls
change and read, Python control flow in functions handed to jax.grad/vmap/lax loops), jit:
`python -m tests.fuzz.run --seed 6003 --config shapes6 --modes jit --only K`.

The shapes7 batch: SHAPES7_N programs of config shapes7 (tests/fuzz/idiom_shapes7.py: the
classes of the third and fourth hand-written hunts: modular pow with a negative exponent,
zip of names and an array, len of traced ranges and user objects, min/max of tuples,
super() in bodies, array item writes past the end, NumPy with traced sizes, print's sep
and end, module defs handed to reduce/accumulate/heapq), jit:
`python -m tests.fuzz.run --seed 7007 --config shapes7 --modes jit --only K`.

The shapes8 batch: SHAPES8_N programs of config shapes8 (tests/fuzz/idiom_shapes8.py: the
classes of the twelfth session: tuples of an outside dict or list made in traced
constructs, objects in a list changed through another name, errors raised on paths Python
may skip, picks among three with None, filter/map under reductions, callable instances
handed to jax.vmap/grad), jit:
`python -m tests.fuzz.run --seed 8008 --config shapes8 --modes jit --only K`.

The shapes9 batch: SHAPES9_N programs of config shapes9 (tests/fuzz/idiom_shapes9.py: the
classes of the fourteenth session: the power operator of integers, arithmetic of bools
Python counts with, ranges with a traced bound indexed and zipped, math.isqrt/fmod), jit
and a call sequence:
`python -m tests.fuzz.run --seed 9009 --config shapes9 --modes jit,seq --only K`.

The shapes10 batch: SHAPES10_N programs of config shapes10 (a local some paths of nested
traced `if`s assign, a value, None or (), read under a later `if`; FINDINGS F161), jit and
a call sequence:
`python -m tests.fuzz.run --seed 10010 --config shapes10 --modes jit,seq --only K`.
"""
import pytest

from tests.fuzz import gen
from tests.fuzz.run import run_batch
from tests.fuzz.worker import Worker

SEED = 1234
N = 200
SEQ_SEED, SEQ_N = 4321, 24
TR_SEED, TR_N = 5045, 8     # every kind of transformation call among them; about 20 s
NONE_SEED, NONE_N = 6060, 12   # values None on some runs (config none-ci); about 30 s
IDIOMS_SEED, IDIOMS_N = 97001, 12   # config idioms (tests/fuzz/idioms.py); about 10 s
SHAPES2_SEED, SHAPES2_N = 97001, 12   # config shapes2 (tests/fuzz/idiom_shapes2.py)
SHAPES3_SEED, SHAPES3_N = 99001, 12   # config shapes3 (tests/fuzz/idiom_shapes3.py)
SHAPES5_SEED, SHAPES5_N = 99501, 12   # config shapes5 (tests/fuzz/idiom_shapes5.py)
SHAPES6_SEED, SHAPES6_N = 6003, 12   # config shapes6 (tests/fuzz/idiom_shapes6.py)
SHAPES7_SEED, SHAPES7_N = 7007, 12   # config shapes7 (tests/fuzz/idiom_shapes7.py)
SHAPES8_SEED, SHAPES8_N = 8008, 10   # config shapes8 (tests/fuzz/idiom_shapes8.py)
SHAPES9_SEED, SHAPES9_N = 9009, 8   # config shapes9 (tests/fuzz/idiom_shapes9.py)
SHAPES10_SEED, SHAPES10_N = 10010, 8   # config shapes10 (idiom_shapes9.py's gen_s10_partly)
FULL_EVERY = 8      # grad and vmap too on every eighth program (they compile twice more)


def _report(failures):
    lines = []
    for k, case, res in failures:
        for f in res["failures"]:
            lines.append(f"program {k} ({case.label}): {f['status']} [{f['mode']}] {f['kind']}\n"
                         f"  {f['detail']}")
        lines.append(f"args={case.args} static={case.static}\n{case.prog.source()}")
    return "\n".join(lines)


@pytest.mark.parametrize("half", [0, 1])   # two tests: the xdist workers share the batch
def test_fuzz_batch(half):
    failures = []
    with Worker(timeout_s=120) as worker:
        for modes, indices in ((("jit", "grad", "vmap"), range(0, N, FULL_EVERY)),
                               (("jit",), [k for k in range(N) if k % FULL_EVERY])):
            bad, _, _ = run_batch(SEED, [k for k in indices if k % 2 == half], "small", modes,
                                  worker, log=lambda s: None, every=0)
            failures += bad
    failures.sort(key=lambda f: f[0])
    n_bad = len(failures)
    assert not failures, (f"{n_bad} of {N // 2} fuzzed programs disagree with eager Python "
                          f"(see tests/fuzz/FINDINGS.md):\n" + _report(failures[:5]))


def _check_batch(seed, n, config, modes, what):
    with Worker(timeout_s=120) as worker:
        failures, _, _ = run_batch(seed, range(n), config, modes, worker, log=lambda s: None,
                                   every=0)
    assert not failures, (f"{len(failures)} of {n} {what} disagree with eager Python "
                          f"(see tests/fuzz/FINDINGS.md):\n" + _report(failures[:5]))


def test_fuzz_call_sequences():
    _check_batch(SEQ_SEED, SEQ_N, "calls-ci", ("seq",), "call sequences")


def test_fuzz_transforms():
    _check_batch(TR_SEED, TR_N, "transforms-ci", ("jit", "seq"),
                 "programs with JAX transformations")


def test_fuzz_values_none_on_some_runs():
    _check_batch(NONE_SEED, NONE_N, "none-ci", ("jit", "seq"),
                 "programs with values None on some runs")


def test_fuzz_idioms():
    _check_batch(IDIOMS_SEED, IDIOMS_N, "idioms", ("jit",), "programs of the idioms config")


def test_fuzz_shapes2():
    _check_batch(SHAPES2_SEED, SHAPES2_N, "shapes2", ("jit",), "programs of the shapes2 config")


def test_fuzz_shapes3():
    _check_batch(SHAPES3_SEED, SHAPES3_N, "shapes3", ("jit",), "programs of the shapes3 config")


def test_fuzz_shapes5():
    _check_batch(SHAPES5_SEED, SHAPES5_N, "shapes5", ("jit",), "programs of the shapes5 config")


def test_fuzz_shapes6():
    _check_batch(SHAPES6_SEED, SHAPES6_N, "shapes6", ("jit",), "programs of the shapes6 config")


def test_fuzz_shapes7():
    _check_batch(SHAPES7_SEED, SHAPES7_N, "shapes7", ("jit",), "programs of the shapes7 config")


def test_fuzz_shapes8():
    _check_batch(SHAPES8_SEED, SHAPES8_N, "shapes8", ("jit",), "programs of the shapes8 config")


def test_fuzz_shapes9():
    _check_batch(SHAPES9_SEED, SHAPES9_N, "shapes9", ("jit", "seq"),
                 "programs of the shapes9 config")


def test_fuzz_shapes10():
    _check_batch(SHAPES10_SEED, SHAPES10_N, "shapes10", ("jit", "seq"),
                 "programs of the shapes10 config")


def test_shapes9_config_makes_its_shapes():
    shapes = set()
    for k in range(40):
        shapes |= set(gen.make_case(SHAPES9_SEED, k, "shapes9").to_dict()["shapes"])
    assert {"integer-power", "bool-count", "range-items", "math-integers"} <= shapes


def test_shapes8_config_makes_its_shapes():
    shapes = set()
    for k in range(60):
        shapes |= set(gen.make_case(SHAPES8_SEED, k, "shapes8").to_dict()["shapes"])
    assert {"tuple-of-outside", "held-objects", "raise-on-a-path", "pick-of-three",
            "filter-map-reduce", "callable-instance"} <= shapes


def test_shapes7_config_makes_its_shapes():
    shapes = set()
    for k in range(60):
        shapes |= set(gen.make_case(SHAPES7_SEED, k, "shapes7").to_dict()["shapes"])
    assert {"pow-modular", "zip-names", "len-traced", "argmax-tuples", "super-in-body",
            "item-write", "numpy-traced-size", "print-sep-end", "stdlib-fold"} <= shapes


def test_shapes6_config_makes_its_shapes():
    shapes = set()
    for k in range(60):
        shapes |= set(gen.make_case(SHAPES6_SEED, k, "shapes6").to_dict()["shapes"])
    assert {"late-closures-before", "late-closures-in", "late-closures-after",
            "filtered-reduction-in", "filtered-reduction-after", "picked-str-before",
            "picked-str-in", "picked-str-after", "genexpr-in-generator",
            "module-compiled-calls", "transformed-control-flow", "closure-held-before",
            "closure-held-in", "closure-held-after"} <= shapes


def test_shapes5_config_makes_its_shapes():
    shapes = set()
    for k in range(60):
        shapes |= set(gen.make_case(SHAPES5_SEED, k, "shapes5").to_dict()["shapes"])
    assert {"late-closures", "filtered-reduction", "picked-str", "generator-ternary",
            "module-value", "appended-entry", "while-test-turns-traced"} <= shapes


def test_shapes3_config_makes_its_shapes():
    shapes = set()
    for k in range(60):
        shapes |= set(gen.make_case(SHAPES3_SEED, k, "shapes3").to_dict()["shapes"])
    assert {"alias-nested", "alias-object", "dict-rebuilt", "iterator-before",
            "iterator-inside", "iterator-rest", "picked-function", "for-else-python"} <= shapes


def test_shapes2_config_makes_its_shapes():
    shapes = set()
    for k in range(60):
        shapes |= set(gen.make_case(SHAPES2_SEED, k, "shapes2").to_dict()["shapes"])
    assert {"tuple-order", "for-else", "with-class", "with-contextmanager", "guarded-tail",
            "object-state", "enumerate-index", "twin-lambdas", "root-finder", "isclose",
            "grad-of-grad"} <= shapes


def test_idioms_config_makes_its_shapes_and_no_other_config_does():
    shapes = set()
    for k in range(60):
        shapes |= set(gen.make_case(IDIOMS_SEED, k, "idioms").to_dict()["shapes"])
    assert {"text-of-traced", "appended-list-read", "try-lookup", "suppress", "callee-mutates",
            "alias", "shared-rows", "key-order-end", "ordered-dict", "setattr", "namespace",
            "range-membership", "table-index", "ordered-by-key", "tuple-order", "math"} <= shapes
    for config in gen.CONFIGS:
        if not config.startswith(("idioms", "shapes2", "shapes3", "shapes6",
                                  "shapes7")):   # (modules)
            for k in range(3):
                case = gen.make_case(SEED, k, config)
                assert not case.prog.imports and "TAB0" not in case.prog.source()


def test_generator_is_reproducible():
    a, b = gen.make_case(SEED, 3, "small"), gen.make_case(SEED, 3, "small")
    assert a.prog.source() == b.prog.source() and a.args == b.args and a.static == b.static


def test_python_meanings_of_the_transformations_agree_with_jax_on_pure_functions():
    """The eager reference of the transforms config (tests/fuzz/pyjax.py) is JAX's meaning
    where JAX can run the function (no Python control flow on traced values)."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    from tests.fuzz import pyjax

    def h(x, y):
        return jnp.sin(x) * y, x + 1

    xs, ys = jnp.arange(3.0), jnp.ones(3)
    for axes, args in ((0, (xs, ys)), ((0, None), (xs, 2.0)), ((0, 0), (xs, ys))):
        jax.tree_util.tree_map(np.testing.assert_allclose, pyjax.vmap(h, in_axes=axes)(*args),
                               jax.vmap(h, in_axes=axes)(*args))
    body = lambda i, c: c * 0.5 + i   # noqa: E731
    assert np.allclose(pyjax.fori_loop(1, 4, body, 1.0), jax.lax.fori_loop(1, 4, body, 1.0))
    step = lambda c, x: (c + x, c * x)   # noqa: E731
    jax.tree_util.tree_map(np.testing.assert_allclose, pyjax.scan(step, 0.5, xs),
                           jax.lax.scan(step, 0.5, xs))
    assert pyjax.jit(h, static_argnums=1) is h and pyjax.checkpoint(h) is h
    assert pyjax.jax.grad is jax.grad and pyjax.jax.numpy is jnp
    source = gen.make_case(TR_SEED, 0, "transforms-ci").prog.source()
    eager = pyjax.eager_source(source)
    assert "\nimport jax\n" in source and "\nfrom jax import lax\n" in source
    assert "from tests.fuzz.pyjax import jax\n" in eager and "from tests.fuzz.pyjax import lax\n" in \
        eager and "import jax.numpy as jnp\n" in eager
    assert eager.count("\n") == source.count("\n")
    # shapes7's arrays written by item: NumPy's eagerly (a JAX array has no in-place write)
    assert pyjax.eager_source("import jax.numpy as wnp\nimport jax.numpy as jnp\n") == \
        "import numpy as wnp\nimport jax.numpy as jnp\n"


def test_printed_text_compares_values_not_weak_type_annotations():
    # The comparator ignores type words (Array, dtype, float32, weak_type) but read the
    # `True` of `weak_type=True` as a printed value: `1.0` and `Array(1., dtype=float32,
    # weak_type=True)` differed (shapes6 seed 12000, program 44). Values still count.
    from tests.fuzz.sequence import text_differs
    assert text_differs("p 1.0", "p Array(1., dtype=float32, weak_type=True)", 1e-5, 1e-6) is None
    assert text_differs("Array(False, dtype=bool, weak_type=True)", "Array(False, dtype=bool)",
                        1e-5, 1e-6) is None
    assert text_differs("p True", "p Array(False, dtype=bool, weak_type=True)", 1e-5, 1e-6)
