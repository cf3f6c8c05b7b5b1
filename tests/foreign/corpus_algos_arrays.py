"""Algorithm-collection functions over arrays: sorting, dynamic programming,
search, numerical iterations with item assignment."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


@case((F(1, 2, 3, 4).reshape(2, 2), F(5, 6, 7, 8).reshape(2, 2)), np_ref=True)
def matmul_loops(a, b):
    c = np.zeros((2, 2), np.float32) * a
    for i in range(2):
        for j in range(2):
            for k in range(2):
                c[i, j] += a[i, k] * b[k, j]
    return c


@case((F(3.0, 1.0, 2.0, 0.5),), (F(1.0, 2.0, 3.0, 4.0),), np_ref=True)
def bubble_sort_items(x):
    n = x.shape[0]
    for i in range(n):
        for j in range(n - 1 - i):
            if x[j] > x[j + 1]:
                t = x[j]
                x[j] = x[j + 1]
                x[j + 1] = t
    return x


@case((F(3.0, 1.0, 2.0, 0.5),), (F(4.0, 3.0, 2.0, 1.0),))
def insertion_sort_while(x):
    for i in range(1, x.shape[0]):
        key = x[i]
        j = i - 1
        while j >= 0 and x[j] > key:
            x = x.at[j + 1].set(x[j])
            j -= 1
        x = x.at[j + 1].set(key)
    return x


@case((F(-2, 1, -3, 4, -1, 2, 1, -5, 4),), (F(-1, -2, -3),))
def kadane_max_subarray(x):
    best = x[0]
    cur = x[0]
    for v in x[1:]:
        cur = max(v, cur + v)
        best = max(best, cur)
    return best


@case((I(10, 9, 2, 5, 3, 7, 101, 18),), (I(3, 2, 1),))
def longest_increasing_subsequence(a):
    n = a.shape[0]
    dp = jnp.ones(n, dtype=jnp.int32)
    for i in range(n):
        for j in range(i):
            if a[j] < a[i]:
                dp = dp.at[i].set(jnp.maximum(dp[i], dp[j] + 1))
    return jnp.max(dp)


@case((I(1, 3, 4, 5), I(1, 4, 5, 7), 7), (I(2, 3), I(3, 4), 5))
def knapsack_01(weights, values, cap):
    dp = [0] * 8
    for i in range(weights.shape[0]):
        for w in range(7, 0, -1):
            if weights[i] <= w and w <= cap:
                dp[w] = max(dp[w], dp[w - weights[i]] + values[i])
    return dp[7]


@case((11,), (3,), (0,))
def coin_change_min(amount):
    coins = [1, 2, 5]
    dp = jnp.full(12, 1000, dtype=jnp.int32).at[0].set(0)
    for a in range(1, 12):
        for c in coins:
            if c <= a:
                dp = dp.at[a].min(dp[a - c] + 1)
    return dp[amount]


@case((5,), (1,), (0,))
def climbing_stairs(n):
    if n <= 1:
        return 1
    a, b = 1, 1
    for _ in range(n - 1):
        a, b = b, a + b
    return b


@case((I(1, 3, 5, 7, 9, 11), 7), (I(1, 3, 5, 7, 9, 11), 4), (I(1, 3, 5, 7, 9, 11), 11))
def binary_search(a, target):
    lo, hi = 0, a.shape[0] - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if a[mid] == target:
            return mid
        elif a[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


@case((I(2, 4, 1, 3, 5),), (I(5, 4, 3, 2, 1),))
def count_inversions(a):
    n = a.shape[0]
    c = 0
    for i in range(n):
        for j in range(i + 1, n):
            if a[i] > a[j]:
                c += 1
    return c


@case((F(1.0, 2.0, 3.0),), (F(1000.0, 1000.0, 0.0),), grad=0)
def softmax_loop(x):
    m = x[0]
    for v in x:
        m = max(m, v)
    z = 0.0
    for v in x:
        z += jnp.exp(v - m)
    return jnp.exp(x - m) / z


@case((F(1.0, 2.0, 4.0, 7.0),), (F(3.0, 3.0),))
def welford_mean_var(x):
    mean, m2, n = 0.0, 0.0, 0
    for v in x:
        n += 1
        d = v - mean
        mean += d / n
        m2 += d * (v - mean)
    return mean, m2 / n


@case((F(3.0, -7.0, 2.0),), (F(-1.0, 0.5),))
def abs_max_enumerate(x):
    best_i, best = 0, abs(x[0])
    for i, v in enumerate(x):
        if abs(v) > best:
            best_i, best = i, abs(v)
    return best_i, best


@case((F(1.0, 3.0, 3.0, 0.0),), (F(2.0, 2.0),))
def argmax_first_tie(x):
    idx = 0
    for i in range(1, x.shape[0]):
        if x[i] > x[idx]:
            idx = i
    return idx


@case((10,), (1,))
def harmonic_series(n):
    s = 0.0
    for k in range(1, n + 1):
        s += 1 / k
    return s


@case((1.0,), (2.5,), (-1.0,), vmap=True)
def exp_taylor_until_small(x):
    term, total, k = 1.0, 1.0, 1
    while abs(term) > 1e-7:
        term = term * x / k
        total = total + term
        k += 1
    return total


@case((0.5,), (1.0,), grad=0)
def sin_taylor_fixed(x):
    total = 0.0
    term = x
    for n in range(8):
        total += term
        term = -term * x * x / ((2 * n + 2) * (2 * n + 3))
    return total


@case((1.0, 10), (0.5, 4), grad=0)
def euler_ode(y0, steps):
    y, t, h = y0, 0.0, 0.1
    for _ in range(steps):
        y = y + h * (-2.0 * y + t)
        t += h
    return y


@case((1.0,), (0.2,), grad=0)
def rk4_decay(y0):
    def f(t, y):
        return -y + t
    y, t, h = y0, 0.0, 0.1
    for _ in range(5):
        k1 = f(t, y)
        k2 = f(t + h / 2, y + h * k1 / 2)
        k3 = f(t + h / 2, y + h * k2 / 2)
        k4 = f(t + h, y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        t = t + h
    return y


@case((F(4, 1, 1, 3).reshape(2, 2), F(1.0, 2.0)),)
def jacobi_iteration(a, b):
    x = jnp.zeros(2)
    for _ in range(25):
        new = jnp.zeros(2)
        for i in range(2):
            s = b[i]
            for j in range(2):
                if j != i:
                    s = s - a[i, j] * x[j]
            new = new.at[i].set(s / a[i, i])
        x = new
    return x


@case((F(1.0, 2.0, 3.0, 4.0),), (F(5.0),))
def prefix_sums_items(x):
    out = jnp.zeros_like(x)
    acc = 0.0
    for i in range(x.shape[0]):
        acc = acc + x[i]
        out = out.at[i].set(acc)
    return out


@case((F(2, 1, 1, 3).reshape(2, 2),))
def power_iteration(a):
    v = jnp.ones(2) / jnp.sqrt(2.0)
    lam = 0.0
    for _ in range(30):
        w = a @ v
        lam = jnp.dot(v, w)
        v = w / jnp.linalg.norm(w)
    return lam


@case((1000,), (5,))
def pi_leibniz(n):
    s = 0.0
    sign = 1.0
    for k in range(n):
        s += sign / (2 * k + 1)
        sign = -sign
    return 4 * s


@case((10,), (3,))
def sum_of_squares_minus_square_of_sum(n):
    sq = sum(i * i for i in range(1, n + 1))
    s = sum(range(1, n + 1))
    return s * s - sq


@case((F(1.0, 2.0, 3.0), 2), (F(4.0, 5.0, 6.0), 1), np_ref=True)
def dynamic_slice_bound(x, n):
    return x[:n].sum()


@case((F(5.0, 1.0, 4.0),), (F(1.0, 2.0, 3.0),), np_ref=True)
def selection_sort_swap_tuple(x):
    n = x.shape[0]
    for i in range(n):
        m = i
        for j in range(i + 1, n):
            if x[j] < x[m]:
                m = j
        x[i], x[m] = x[m], x[i]
    return x
