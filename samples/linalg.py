"""Small linear-algebra routines with data-dependent loops."""
import jax.numpy as jnp


def power_iteration(a, tol=1e-6, max_iter=500):
    """Dominant eigenvalue and eigenvector of the symmetric matrix `a`."""
    v = jnp.ones(a.shape[0]) / jnp.sqrt(a.shape[0])
    lam = 0.0
    for _ in range(max_iter):
        w = a @ v
        lam_new = v @ w
        v = w / jnp.linalg.norm(w)
        if jnp.abs(lam_new - lam) < tol * jnp.abs(lam_new):
            lam = lam_new
            break
        lam = lam_new
    return lam, v


def insertion_sort(xs):
    """Sorts a 1-D array; the inner `while` has a traced, short-circuit test."""
    for i in range(1, xs.shape[0]):
        key = xs[i]
        j = i - 1
        while j >= 0 and xs[j] > key:
            xs = xs.at[j + 1].set(xs[j])
            j -= 1
        xs = xs.at[j + 1].set(key)
    return xs


def first_entry_above(m, threshold):
    """(row, col) of the first entry above `threshold` in row-major order."""
    for i, row in enumerate(m):
        for j, v in enumerate(row):
            if v > threshold:
                return i, j
    return -1, -1


_SPD = jnp.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 1.0]], jnp.float32)
_GRID = jnp.array([[0.1, 0.7, 0.3, 0.2], [0.4, 0.5, 0.9, 1.3], [2.2, 0.0, 0.1, 0.6]],
                  jnp.float32)

PROGRAMS = [
    ("power_iteration", power_iteration, (_SPD,), {}),
    ("insertion_sort", insertion_sort,
     (jnp.array([3.0, -1.0, 2.5, 0.0, 7.0, -4.0, 2.5, 1.0], jnp.float32),), {}),
    ("first_entry_above", first_entry_above, (_GRID, jnp.float32(0.8)), {}),
]
