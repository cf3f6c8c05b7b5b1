"""Runs checks in a child process, so a converted program that never ends is a result.

    with Worker(timeout_s=60) as w:
        result = w.check(case.to_dict())

A compiled `lax.while_loop` that never ends cannot be interrupted from
Python, so each check runs in one long-lived child process (JAX is imported
once); on a timeout the child is killed, the case reported as a mismatch
of kind "timeout", and a fresh child started.
"""
from __future__ import annotations

import contextlib
import io
import logging
import multiprocessing as mp
import os
import tempfile

# Set before the child imports JAX: full tracebacks (to tell crashes from
# mismatches), CPU only, and a light footprint on a shared machine.
os.environ.setdefault("JAX_TRACEBACK_FILTERING", "off")
os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                   "intra_op_parallelism_threads=1 "
                                   "--xla_backend_optimization_level=0 "
                                   "--xla_llvm_disable_expensive_passes=true")
# Compiled programs are cached on disk: the fixed-seed batch of `make test`
# compiles the same few thousand small computations on every run.
os.environ.setdefault("JAX_COMPILATION_CACHE_DIR",
                      os.path.join(tempfile.gettempdir(), "autograph_py_fuzz_xla_cache"))
os.environ.setdefault("JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS", "0")
os.environ.setdefault("JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES", "0")


def _run(case):
    from tests.fuzz import check
    # A failing traced assert is an outcome to compare, not a log entry.
    logging.getLogger("jax._src.debugging").setLevel(logging.CRITICAL)
    with contextlib.redirect_stdout(io.StringIO()):   # what generated programs print
        return check.check_case(case)


class Worker:
    def __init__(self, timeout_s: float = 60.0, recycle_after: int = 300):
        self.timeout_s, self.recycle_after = timeout_s, recycle_after
        self._ctx = mp.get_context("spawn")
        self._pool = None
        self._done = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def check(self, case: dict) -> dict:
        if self._pool is None or self._done >= self.recycle_after:
            self.close()
            self._pool = self._ctx.Pool(1)
            self._done = 0
        self._done += 1
        pending = self._pool.apply_async(_run, (case,))
        try:
            return pending.get(self.timeout_s)
        except mp.TimeoutError:
            self.close()
            fail = {"status": "mismatch", "mode": ",".join(case["modes"]), "kind": "timeout",
                    "detail": f"no result within {self.timeout_s:.0f} s (eager runs end by "
                              "construction; a converted loop may not)"}
            return {"status": "mismatch", "failures": [fail], "skipped": [], "eager_raised": []}
