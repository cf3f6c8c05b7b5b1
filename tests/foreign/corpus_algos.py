"""Numerical functions in the style of public algorithm collections (maths/,
dynamic_programming/, searches/, sorts/), written for jnp arrays and Python ints."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


@case((48, 18), (7, 0), (0, 5), vmap=True)
def gcd_euclid(a, b):
    while b != 0:
        a, b = b, a % b
    return a


@case((4, 6), (21, 6))
def lcm_via_gcd(a, b):
    return a * b // gcd_euclid(a, b)


@case((240, 46), (3, 7))
def extended_euclid(a, b):
    old_r, r = a, b
    old_s, s = 1, 0
    while r != 0:
        q = old_r // r
        old_r, r = r, old_r - q * r
        old_s, s = s, old_s - q * s
    return old_r, old_s


@case((3, 5), (2, 0), (7, 3))
def fast_power(base, exp):
    result = 1
    while exp > 0:
        if exp % 2 == 1:
            result = result * base
        base = base * base
        exp = exp // 2
    return result


@case((7,), (12,), (2,), (1,), (97,))
def is_prime_trial(n):
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True


@case((30,), (2,))
def sieve_count(n):
    flags = jnp.ones(31, dtype=bool)
    flags = flags.at[0].set(False)
    flags = flags.at[1].set(False)
    for p in range(2, 6):
        if flags[p]:
            for m in range(p * p, 31, p):
                flags = flags.at[m].set(False)
    return jnp.sum(jnp.where(jnp.arange(31) <= n, flags, False))


@case((10,), (1,), (0,))
def fibonacci_iterative(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@case((5,), (0,), (10,))
def factorial_while(n):
    r = 1
    while n > 1:
        r *= n
        n -= 1
    return r


@case((5, 2), (6, 0), (6, 6))
def binomial_pascal_row(n, k):
    row = [1] + [0] * 10
    for i in range(1, 7):
        for j in range(i, 0, -1):
            row[j] = row[j] + row[j - 1]
        if i == n:
            break
    return row[k]


@case((6,), (27,), (1,))
def collatz_length(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@case((1234,), (0,), (9,))
def digit_sum(n):
    s = 0
    while n > 0:
        s += n % 10
        n //= 10
    return s


@case((1221,), (123,), (7,))
def is_palindrome_number(n):
    rev, m = 0, n
    while m > 0:
        rev = rev * 10 + m % 10
        m = m // 10
    return rev == n


@case((6,), (28,), (12,))
def is_perfect(n):
    total = 0
    for d in range(1, n):
        if n % d == 0:
            total += d
    return total == n


@case((153,), (154,))
def is_armstrong(n):
    digits = 0
    m = n
    while m > 0:
        digits += 1
        m //= 10
    m, total = n, 0
    while m > 0:
        total += (m % 10) ** digits
        m //= 10
    return total == n


@case((2.0,), (9.0,), (0.25,), grad=0, vmap=True)
def newton_sqrt(a):
    x = a
    for _ in range(20):
        x = 0.5 * (x + a / x)
    return x


@case((2.0,), (10.0,), vmap=True)
def newton_sqrt_tolerance(a):
    x = a
    while abs(x * x - a) > 1e-4:
        x = 0.5 * (x + a / x)
    return x


@case((2.0,), (5.0,))
def bisection_root(c):
    lo, hi = 0.0, c + 1.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if mid * mid > c:
            hi = mid
        else:
            lo = mid
    return lo


@case((1.0,), (2.0,), grad=0)
def simpson_integral(b):
    n = 10
    h = b / n
    s = 0.0
    for i in range(n + 1):
        x = i * h
        w = 1 if i == 0 or i == n else (4 if i % 2 == 1 else 2)
        s = s + w * x * x
    return s * h / 3


@case((F(1.0, 2.0, 3.0), 2.0), (F(0.5, 0.0, -1.0), -1.0), grad=1)
def horner(coeffs, x):
    r = 0.0
    for c in coeffs:
        r = r * x + c
    return r
