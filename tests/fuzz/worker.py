"""Runs checks in a child process, so a program that hangs or kills its process is a result.

    with Worker(timeout_s=60) as w:
        result = w.check(case.to_dict())

A compiled `lax.while_loop` that never ends cannot be interrupted from
Python, and a compiler crash (SIGSEGV) takes the process with it; so each
check runs in one long-lived child process (JAX is imported once). A
timeout is reported as a mismatch of kind "timeout", a dead child as a
crash of kind "process died (SIGSEGV)" (of the first mode that dies on its
own); either way a fresh child takes over.
"""
from __future__ import annotations

import contextlib
import io
import logging
import multiprocessing as mp
import os
import signal
import tempfile
import time

# Set before the child imports JAX: full tracebacks (to tell crashes from
# mismatches), CPU only, and a light footprint on a shared machine.
os.environ.setdefault("JAX_TRACEBACK_FILTERING", "off")
os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                   "intra_op_parallelism_threads=1 "
                                   "--xla_backend_optimization_level=0 "
                                   "--xla_llvm_disable_expensive_passes=true "
                                   # bfloat16 rounds after every op, as eager does
                                   "--xla_allow_excess_precision=false")
# Compiled programs are cached on disk: the fixed-seed batch of `make test`
# compiles the same few thousand small computations on every run.
os.environ.setdefault("JAX_COMPILATION_CACHE_DIR",
                      os.path.join(tempfile.gettempdir(), "autograph_py_fuzz_xla_cache"))
os.environ.setdefault("JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS", "0")
os.environ.setdefault("JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES", "0")


def _serve(conn, x64=False):
    if x64:
        os.environ["JAX_ENABLE_X64"] = "1"
    from tests.fuzz import check
    # A failing traced assert is an outcome to compare, not a log entry.
    logging.getLogger("jax._src.debugging").setLevel(logging.CRITICAL)
    while True:
        try:
            case = conn.recv()
        except EOFError:
            return
        try:
            with contextlib.redirect_stdout(io.StringIO()):   # what generated programs print
                conn.send(("result", check.check_case(case)))
        except Exception:  # noqa: BLE001 -- a bug in the checker itself: the parent re-raises
            import traceback
            conn.send(("error", traceback.format_exc()))


class CheckerError(RuntimeError):
    """The checker (not the program under test) failed; the child's traceback is the message."""


def _failed(status, modes, kind, detail):
    fail = {"status": status, "mode": ",".join(modes), "kind": kind, "detail": detail}
    return {"status": status, "failures": [fail], "skipped": [], "eager_raised": []}


class Worker:
    def __init__(self, timeout_s: float = 60.0, recycle_after: int = 300, x64: bool = False):
        self.timeout_s, self.recycle_after, self.x64 = timeout_s, recycle_after, x64
        self._ctx = mp.get_context("spawn")
        self._proc = self._conn = None
        self._done = 0
        self._x64 = None    # the x64 worker, started on the first x64 case

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self._x64 is not None:
            self._x64.close()
            self._x64 = None
        self._close()

    def _close(self):
        if self._proc is not None:
            self._conn.close()
            self._proc.kill()
            self._proc.join()
            self._proc = self._conn = None

    def _start(self):
        self._close()
        self._conn, child = self._ctx.Pipe()
        self._proc = self._ctx.Process(target=_serve, args=(child, self.x64), daemon=True)
        self._proc.start()
        child.close()
        self._done = 0

    def check(self, case: dict) -> dict:
        if case.get("x64") and not self.x64:
            if self._x64 is None:
                self._x64 = Worker(self.timeout_s, self.recycle_after, x64=True)
            return self._x64.check(case)
        result = self._check(case)
        if result["failures"] and result["failures"][0]["kind"].startswith("process died") \
                and len(case["modes"]) > 1:
            for mode in case["modes"]:     # which mode kills it?
                alone = self._check({**case, "modes": [mode]})
                if alone["status"] != "ok":
                    return alone
        return result

    def _check(self, case: dict) -> dict:
        if self._proc is None or not self._proc.is_alive() or self._done >= self.recycle_after:
            self._start()
        self._done += 1
        self._conn.send(case)
        deadline = time.monotonic() + self.timeout_s
        while time.monotonic() < deadline:
            if self._conn.poll(0.1):
                try:
                    tag, value = self._conn.recv()
                except EOFError:
                    break
                if tag == "error":
                    raise CheckerError(value)
                return value
            if not self._proc.is_alive():
                break
        else:
            self._close()
            return _failed("mismatch", case["modes"], "timeout",
                           f"no result within {self.timeout_s:.0f} s (eager runs end by "
                           "construction; a converted loop may not)")
        self._proc.join()
        code = self._proc.exitcode
        self._close()
        how = signal.Signals(-code).name if code is not None and code < 0 else f"exit code {code}"
        return _failed("crash", case["modes"], f"process died ({how})",
                       f"the process running the program died ({how}), e.g. in XLA compilation")
