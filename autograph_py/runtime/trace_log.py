"""What each converted statement became in the current trace.

Records are kept only while someone listens (explain(), or logging at
verbosity >= 2), so the Python path pays one attribute check.
"""
from __future__ import annotations

import logging
import threading

logger = logging.getLogger("autograph_py")
_local = threading.local()


def listening() -> bool:
    return getattr(_local, "records", None) is not None or logger.isEnabledFor(logging.DEBUG)


def record(construct: str, became: str, reason: str, at: str | None = None) -> int | None:
    """Records one decision; returns its place, for `amend`, when someone listens."""
    if not listening():
        return None
    from autograph_py import errors
    at = at or errors.where(3)
    records = getattr(_local, "records", None)
    logger.debug("%s: %s -> %s (%s)", at, construct, became, reason)
    if records is not None:
        records.append((at, construct, became, reason))
        return len(records) - 1
    return None


def amend(place: int | None, became: str, reason: str) -> None:
    """What a recorded statement became after all, once its lowering chose (a select)."""
    records = getattr(_local, "records", None)
    if place is not None and records is not None and place < len(records):
        at, construct = records[place][:2]
        records[place] = (at, construct, became, reason)
        logger.debug("%s: %s -> %s (%s)", at, construct, became, reason)


def start():
    _local.records = []


def stop() -> list:
    records, _local.records = _local.records, None
    return records
