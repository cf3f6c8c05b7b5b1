"""`None` as "no value yet": the idioms numerical code in public algorithm collections
and textbooks writes around a search, a running best or a bracket, with traced inputs
(runtime/optional.py). Written for this corpus in that style; every argument set runs
eagerly and converted (harness.py), and the converted result must agree."""
from __future__ import annotations

import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


@case((F(4.0, 1.0, 3.0, 1.0), 4), (F(4.0, 1.0, 3.0, 1.0), 0), (F(2.0, 5.0), 2))
def argmin_first(values, n):
    best_index = None
    i = 0
    while i < n:
        if best_index is None or values[i] < values[best_index]:
            best_index = i
        i += 1
    return -1 if best_index is None else best_index


@case((F(0.5, 2.5, 0.25, 3.5), 2.0, 4), (F(0.5, 1.5), 2.0, 2), (F(3.0), 2.0, 0))
def first_above_threshold(xs, threshold, n):
    found = None
    for i in range(n):
        if found is None and xs[i] > threshold:
            found = xs[i]
    if found is not None:
        return found * 2.0
    return 0.0


@case((37,), (0,), (8,), (1041,), vmap=True)
def longest_binary_gap(number):
    previous = None
    gap = 0
    position = 0
    while number > 0:
        if number % 2 == 1:
            if previous is not None:
                gap = max(gap, position - previous - 1)
            previous = position
        number //= 2
        position += 1
    return gap


@case((F(1.0, -2.0, 3.0, -4.0, 5.0), 5), (F(1.0, 2.0), 2))
def last_negative(xs, n):
    last = None
    i = 0
    while i < n:
        if xs[i] < 0:
            last = xs[i]
        i += 1
    return last or 0.0


@case((2.0,), (10.0,), (0.0,), vmap=True, grad=0)
def bisect_sqrt(target):
    # The bracket's upper end is unknown until a doubling passes the root.
    lo, hi = 0.0, None
    guess = 1.0
    for _ in range(60):
        if hi is None:
            if guess * guess < target:
                lo = guess
                guess = guess * 2.0
            else:
                hi = guess
        else:
            mid = (lo + hi) / 2.0
            if mid * mid < target:
                lo = mid
            else:
                hi = mid
    return lo if hi is None else (lo + hi) / 2.0


def _find(xs, n, target):
    i = 0
    while i < n:
        if xs[i] == target:
            return i
        i += 1
    return None


@case((F(3.0, 1.0, 4.0, 1.0), 4, 4.0), (F(3.0, 1.0, 4.0, 1.0), 4, 9.0),
      (F(3.0, 1.0), 0, 3.0))
def index_or_default(xs, n, target):
    where = _find(xs, n, target)
    if where is None:
        return -1
    return where


@case((F(1.0, 2.0, 3.0), 3), (F(5.0, 1.0), 2), (F(7.0), 0))
def running_max_with_none(xs, n):
    best = None
    i = 0
    while i < n:
        v = xs[i]
        best = v if best is None else max(best, v)
        i += 1
    print("best:", best)
    return 0.0 if best is None else best


@case((F(1.0, 3.0, 6.0, 10.0), 4), (F(1.0, 2.0), 2), (F(1.0), 1))
def smallest_step(xs, n):
    step = None
    k = 1
    while k < n:
        d = xs[k] - xs[k - 1]
        if not step or d < step:
            step = d
        k += 1
    return step if step is not None else -1.0
