"""Process-wide switches: eager mode, strict mode, verbosity."""
from __future__ import annotations

import contextlib
import logging
import os
import threading
from typing import Iterator

_state = threading.local()
# Read directly by api._call on every call of an @function (a dict lookup, not a call).
FLAGS = {"eager": False, "strict": os.environ.get("AUTOGRAPH_PY_STRICT", "") not in ("", "0")}


class _Restores:
    """What a switch returns: as a context manager, it restores the value it replaced."""
    __slots__ = ("key", "before")

    def __init__(self, key: str, before: bool) -> None:
        self.key, self.before = key, before

    def __enter__(self) -> "_Restores":
        return self

    def __exit__(self, *exc: object) -> None:
        FLAGS[self.key] = self.before


def run_functions_eagerly(flag: bool) -> _Restores:
    """Makes every `@function` run as its original Python: not converted, not jitted.

    Also a context manager: `with run_functions_eagerly(True): ...` restores the
    previous setting on exit.
    """
    before, FLAGS["eager"] = FLAGS["eager"], bool(flag)
    return _Restores("eager", before)


def functions_run_eagerly() -> bool:
    return FLAGS["eager"]


def set_strict(flag: bool) -> None:
    """In strict mode a function whose source is unavailable is an error, not a warning."""
    FLAGS["strict"] = bool(flag)


def strict() -> bool:
    """Global strict mode, or a strict `@function(strict=True)` being called on this thread."""
    return FLAGS["strict"] or getattr(_state, "strict", False)


@contextlib.contextmanager
def scope(strict: bool = False, include: tuple[str, ...] = ()) -> Iterator[None]:
    """The options of a function for what runs inside it: the functions a strict
    function calls are strict too, and `include`d modules are converted for them."""
    before = getattr(_state, "strict", False), getattr(_state, "include", ())
    _state.strict = before[0] or strict
    _state.include = before[1] + tuple(include)
    try:
        yield
    finally:
        _state.strict, _state.include = before


def included() -> tuple[str, ...]:
    """Modules to convert although they are libraries (`function(f, include=...)`)."""
    return getattr(_state, "include", ())


@contextlib.contextmanager
def calls_as_is() -> Iterator[None]:
    """`with autograph_py.do_not_convert(): ...`: what converted code calls inside is
    called as it is."""
    before = getattr(_state, "as_is", False)
    _state.as_is = True
    try:
        yield
    finally:
        _state.as_is = before


def calling_as_is() -> bool:
    return getattr(_state, "as_is", False)


def set_verbosity(level: int) -> None:
    """0: silent; 1: conversions; 2: also each dispatch decision (logging.DEBUG)."""
    logger = logging.getLogger("autograph_py")
    logger.setLevel({0: logging.WARNING, 1: logging.INFO}.get(level, logging.DEBUG))
    if level > 0 and not logger.handlers:
        logger.addHandler(logging.StreamHandler())


if os.environ.get("AUTOGRAPH_PY_VERBOSITY"):
    set_verbosity(int(os.environ["AUTOGRAPH_PY_VERBOSITY"]))
