"""Integer algorithms: `while` loops whose tests are traced ints."""
import jax.numpy as jnp


def collatz_steps(n):
    """Number of Collatz steps from `n` down to 1."""
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def gcd(a, b):
    """Greatest common divisor by Euclid's algorithm."""
    while b != 0:
        a, b = b, a % b
    return a


def is_prime(n):
    """Trial division with early returns from inside the loop."""
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


PROGRAMS = [
    ("collatz_steps", collatz_steps, (jnp.int32(27),), {}),
    ("gcd", gcd, (jnp.int32(1071), jnp.int32(462)), {}),
    ("gcd_vmap", gcd,
     (jnp.array([12, 1071, 17, 100, 81, 0, 270, 35], jnp.int32),
      jnp.array([18, 462, 5, 75, 27, 9, 192, 0], jnp.int32)),
     {"vmap": True}),
    ("is_prime_vmap", is_prime, (jnp.arange(-1, 31, dtype=jnp.int32),), {"vmap": True}),
]
