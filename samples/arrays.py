"""Loops over the elements of an array: scans, early exits, skips."""
import jax.numpy as jnp


def running_max(xs):
    """The maximum of xs[:i+1] for every i, built by appending to a list."""
    best = xs[0]
    out = []
    for x in xs:
        if x > best:
            best = x
        out.append(best)
    return jnp.stack(out)


def first_index_above(xs, threshold):
    """Index of the first element above `threshold`, or -1."""
    for i, x in enumerate(xs):
        if x > threshold:
            return i
    return -1


def spend_budget(costs, budget):
    """How many items, taken in order, fit into `budget`, and what they cost."""
    total = 0.0
    n = 0
    for c in costs:
        if total + c > budget:
            break
        total += c
        n += 1
    return n, total


def mean_of_positives(xs):
    """Mean of the strictly positive entries, skipping the rest."""
    s = 0.0
    count = 0
    for x in xs:
        if x <= 0.0:
            continue
        s += x
        count += 1
    if count == 0:
        return 0.0 * s
    return s / count


_WALK = jnp.array([0.3, -1.2, 0.8, 2.5, 1.1, -0.4, 3.2, 0.0, -2.0, 2.9, 1.7, -0.6], jnp.float32)

PROGRAMS = [
    ("running_max", running_max, (_WALK,), {}),
    ("first_index_above", first_index_above, (_WALK, jnp.float32(3.0)), {}),
    ("first_index_above_none", first_index_above, (_WALK, jnp.float32(10.0)), {}),
    ("spend_budget", spend_budget, (jnp.abs(_WALK), jnp.float32(6.0)), {}),
    ("mean_of_positives", mean_of_positives, (_WALK,), {}),
]
