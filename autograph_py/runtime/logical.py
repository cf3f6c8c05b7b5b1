"""`and`, `or`, `not`.

    a and b    ==>   ag__.and_(lambda: a, lambda: b)
    not a      ==>   ag__.not_(a)

Python operands keep Python's short-circuit and return the operand itself;
a traced operand gives `jnp.logical_and` / `logical_or` / `logical_not`.
"""
from __future__ import annotations

import jax.numpy as jnp

from autograph_py.runtime.dispatch import is_traced


def and_(a, b):
    """`a() and b()`; a traced left operand evaluates both sides."""
    left = a()
    if not is_traced(left):
        if not left:
            return left
        right = b()
        return right
    return jnp.logical_and(left, b())


def or_(a, b):
    """`a() or b()`; a traced left operand evaluates both sides."""
    left = a()
    if not is_traced(left):
        if left:
            return left
        return b()
    return jnp.logical_or(left, b())


def not_(a):
    """`not a`."""
    if is_traced(a):
        return jnp.logical_not(a)
    return not a
