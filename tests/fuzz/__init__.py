"""Differential fuzzing of autograph_py: random programs, eager vs converted.

    ir.py       the statement tree of a generated program; prints it as Python
    scope.py    where a variable is certainly assigned; the validity check
    gen.py      random valid programs and their inputs, from (seed, index)
    transforms.py  the transforms config: helpers f hands to jax.grad/vmap/jit/..., lax loops
    pyjax.py    what those transformations mean in Python: the eager reference for them
    extras.py   the extras config: generators defined in f, loop bodies that raise, a user
                class with operator methods and a property
    check.py    runs one program eagerly and converted (jit, grad, vmap); compares
    worker.py   runs checks in a child process, with a timeout
    shrink.py   delta-reduces a failing program over its statement tree
    run.py      the `make fuzz` driver: progress, shrinking, regression cases
    regressions/  shrunk failures, replayed by tests/test_fuzz_regressions.py
    FINDINGS.md   what the fuzzer found, with minimal repros
"""
