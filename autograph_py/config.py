"""Process-wide switches: eager mode, strict mode, verbosity."""
from __future__ import annotations

import contextlib
import logging
import os
import threading

_state = threading.local()
# Read directly by api._call on every call of an @function (a dict lookup, not a call).
FLAGS = {"eager": False, "strict": os.environ.get("AUTOGRAPH_PY_STRICT", "") not in ("", "0")}


def run_functions_eagerly(flag: bool) -> None:
    """Makes every `@function` run as its original Python: not converted, not jitted."""
    FLAGS["eager"] = bool(flag)


def functions_run_eagerly() -> bool:
    return FLAGS["eager"]


def set_strict(flag: bool) -> None:
    """In strict mode a function whose source is unavailable is an error, not a warning."""
    FLAGS["strict"] = bool(flag)


def strict() -> bool:
    """Global strict mode, or a strict `@function(strict=True)` being called on this thread."""
    return FLAGS["strict"] or getattr(_state, "strict", False)


@contextlib.contextmanager
def strict_scope():
    """Strict mode for what runs inside: the functions a strict function calls are strict too."""
    before = getattr(_state, "strict", False)
    _state.strict = True
    try:
        yield
    finally:
        _state.strict = before


def set_verbosity(level: int) -> None:
    """0: silent; 1: conversions; 2: also each dispatch decision (logging.DEBUG)."""
    logger = logging.getLogger("autograph_py")
    logger.setLevel({0: logging.WARNING, 1: logging.INFO}.get(level, logging.DEBUG))
    if level > 0 and not logger.handlers:
        logger.addHandler(logging.StreamHandler())


if os.environ.get("AUTOGRAPH_PY_VERBOSITY"):
    set_verbosity(int(os.environ["AUTOGRAPH_PY_VERBOSITY"]))
