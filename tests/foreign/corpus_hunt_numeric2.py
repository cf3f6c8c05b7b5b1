"""Numerical Python by others, second hunt: item assignment into arrays and
lists (elimination, LU, Cholesky, tridiagonal/pentadiagonal solvers, pivoting
with traced row swaps), DP tables, in-place sorts with traced indices,
comprehensions and builtins over traced values, early returns from traced
loops, helpers calling helpers. Run eager vs converted by harness.py.

Edits as in corpus_hunt_numeric.py: `math.*` / `np.*` on values that may be
traced -> `jnp.*`; arrays a function allocates stay `np.zeros(...)` with
`dtype=np.float32`; commented-out `return` lines restored where a function
only mutates its argument (noted per function); scripts wrapped in a driver.
"""
from __future__ import annotations

import math

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731


def M(*rows):  # driver: a float32 matrix
    return np.array(rows, np.float32)


# A symmetric positive definite 3x3 and 4x4, a matrix that needs pivoting,
# and one with a zero sub-diagonal entry (skips the traced `if a[i,k] != 0`).
SPD3 = M([4.0, -2.0, 2.0], [-2.0, 2.0, -4.0], [2.0, -4.0, 11.0])
SPD4 = M([18.0, 22.0, 54.0, 42.0], [22.0, 70.0, 86.0, 62.0], [54.0, 86.0, 174.0, 134.0],
         [42.0, 62.0, 134.0, 106.0])
PIV3 = M([2.0, -2.0, 6.0], [-2.0, 4.0, 3.0], [-1.0, 8.0, 4.0])
PIV3b = M([0.0, 2.0, 1.0], [1.0, 1.0, 1.0], [4.0, 2.0, -1.0])
ZERO3 = M([4.0, 1.0, 0.0], [0.0, 3.0, 1.0], [1.0, 0.0, 5.0])

# ======================================================================
# Kiusalaas, Numerical Methods in Engineering with Python
# (llueveYescampa/llueveYescampa-Numerical-Methods-with-Python)
# ======================================================================


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/gaussElimin.py
# (numpy.dot -> jnp.dot; the commented-out `return b` restored)
@case((SPD3, F(1.0, 2.0, 3.0)), (ZERO3, F(1.0, 0.0, -1.0)), (PIV3, F(16.0, 0.0, -3.0)), np_ref=True,
      vmap=True)
def gaussElimination(a, b):
    n = len(b)
    # Elimination phase
    for k in range(0, n - 1):
        for i in range(k + 1, n):
            if a[i, k] != 0.0:
                lam = a[i, k] / a[k, k]
                a[i, k + 1:n] = a[i, k + 1:n] - lam * a[k, k + 1:n]
                b[i] = b[i] - lam * b[k]
    # Back substitution
    for k in range(n - 1, -1, -1):
        b[k] = (b[k] - jnp.dot(a[k, k + 1:n], b[k + 1:n])) / a[k, k]
    return b


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/LUdecomp.py
@case((SPD3,), (ZERO3,), (PIV3,), np_ref=True, vmap=True)
def LUdecomp(a):
    n = len(a)
    for k in range(0, n - 1):
        for i in range(k + 1, n):
            if a[i, k] != 0.0:
                lam = a[i, k] / a[k, k]
                a[i, k + 1:n] = a[i, k + 1:n] - lam * a[k, k + 1:n]
                a[i, k] = lam
    return a


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/LUdecomp.py
# (numpy.dot -> jnp.dot; the commented-out `return b` restored)
def LUsolve(a, b):
    n = len(a)
    for k in range(1, n):
        b[k] = b[k] - jnp.dot(a[k, 0:k], b[0:k])
    for k in range(n - 1, -1, -1):
        b[k] = (b[k] - jnp.dot(a[k, k + 1:n], b[k + 1:n])) / a[k, k]
    return b


@case((SPD3, F(1.0, 2.0, 3.0)), (ZERO3, F(1.0, 0.0, -1.0)), np_ref=True, grad=1)
def lu_driver(a, b):  # driver: the book's example2_5 style use
    a = LUdecomp(a)
    return LUsolve(a, b)


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/choleski.py
# (math.sqrt -> jnp.sqrt; error.err -> raise ValueError; numpy.dot -> jnp.dot)
def choleski(a):
    n = len(a)
    for k in range(n):
        try:
            a[k, k] = jnp.sqrt(a[k, k] - jnp.dot(a[k, 0:k], a[k, 0:k]))
        except ValueError:
            raise ValueError('Matrix is not positive definite')
        for i in range(k + 1, n):
            a[i, k] = (a[i, k] - jnp.dot(a[i, 0:k], a[k, 0:k])) / a[k, k]
    for k in range(1, n):
        a[0:k, k] = 0.0
    return a


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/choleski.py
def choleskiSol(L, b):
    n = len(b)
    # Solution of [L]{y} = {b}
    for k in range(n):
        b[k] = (b[k] - jnp.dot(L[k, 0:k], b[0:k])) / L[k, k]
    # Solution of [L_transpose]{x} = {y}
    for k in range(n - 1, -1, -1):
        b[k] = (b[k] - jnp.dot(L[k + 1:n, k], b[k + 1:n])) / L[k, k]
    return b


@case((SPD3, F(1.0, 2.0, 3.0)), (SPD4, F(1.0, 0.0, -1.0, 2.0)), np_ref=True, grad=1)
def choleski_driver(a, b):  # driver: decompose then solve
    L = choleski(a)
    return choleskiSol(L, b)


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/LUdecomp3.py
def LUdecomp3(c, d, e):
    n = len(d)
    for k in range(1, n):
        lam = c[k - 1] / d[k - 1]
        d[k] = d[k] - lam * e[k - 1]
        c[k - 1] = lam
    return c, d, e


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/LUdecomp3.py
def LUsolve3(c, d, e, b):
    n = len(d)
    for k in range(1, n):
        b[k] = b[k] - c[k - 1] * b[k - 1]
    b[n - 1] = b[n - 1] / d[n - 1]
    for k in range(n - 2, -1, -1):
        b[k] = (b[k] - e[k] * b[k + 1]) / d[k]
    return b


@case((F(-1.0, -1.0, -1.0, -1.0), F(2.0, 2.0, 2.0, 2.0, 2.0), F(-1.0, -1.0, -1.0, -1.0),
       F(5.0, -5.0, 4.0, -5.0, 5.0)),
      (F(1.0, 0.5, 0.25, 2.0), F(4.0, 4.0, 4.0, 4.0, 4.0), F(1.0, 1.0, 1.0, 1.0),
       F(1.0, 2.0, 3.0, 4.0, 5.0)), np_ref=True, grad=3, vmap=True)
def tridiag_driver(c, d, e, b):  # driver: the book's example2_11
    c, d, e = LUdecomp3(c, d, e)
    return LUsolve3(c, d, e, b)


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/LUdecomp5.py
def LUdecomp5(d, e, f):
    n = len(d)
    for k in range(n - 2):
        lam = e[k] / d[k]
        d[k + 1] = d[k + 1] - lam * e[k]
        e[k + 1] = e[k + 1] - lam * f[k]
        e[k] = lam
        lam = f[k] / d[k]
        d[k + 2] = d[k + 2] - lam * f[k]
        f[k] = lam
    lam = e[n - 2] / d[n - 2]
    d[n - 1] = d[n - 1] - lam * e[n - 2]
    e[n - 2] = lam
    return d, e, f


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/LUdecomp5.py
def LUsolve5(d, e, f, b):
    n = len(d)
    b[1] = b[1] - e[0] * b[0]
    for k in range(2, n):
        b[k] = b[k] - e[k - 1] * b[k - 1] - f[k - 2] * b[k - 2]
    b[n - 1] = b[n - 1] / d[n - 1]
    b[n - 2] = b[n - 2] / d[n - 2] - e[n - 2] * b[n - 1]
    for k in range(n - 3, -1, -1):
        b[k] = b[k] / d[k] - e[k] * b[k + 1] - f[k] * b[k + 2]
    return b


@case((F(6.0, 6.0, 6.0, 6.0, 6.0), F(-4.0, -4.0, -4.0, -4.0), F(1.0, 1.0, 1.0),
       F(3.0, 0.0, 0.0, 0.0, 1.0)), np_ref=True, grad=3)
def pentadiag_driver(d, e, f, b):  # driver: decompose then solve
    d, e, f = LUdecomp5(d, e, f)
    return LUsolve5(d, e, f, b)


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/swap.py
# (v.setflags(write=1) dropped: a JAX array has no flags)
def swapRows(v, i, j):
    if len(v.shape) == 1:
        v[i], v[j] = v[j], v[i]
    else:
        temp = v[i].copy()
        v[i] = v[j]
        v[j] = temp


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/swap.py
def swapCols(v, i, j):
    temp = v[:, j].copy()
    v[:, j] = v[:, i]
    v[:, i] = temp


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/gaussPivot.py
# (zeros -> np.zeros(..., np.float32); argmax, dot -> jnp.*)
@case((PIV3, F(16.0, 0.0, -3.0)), (PIV3b, F(3.0, 3.0, 5.0)), (SPD3, F(1.0, 2.0, 3.0)), np_ref=True,
      grad=1, vmap=True)
def gaussPivot(a, b, tol=1.0e-9):
    n = len(b)
    # Set up scale factors
    s = np.zeros(n, dtype=np.float32)
    for i in range(n):
        s[i] = max(abs(a[i, :]))
    for k in range(0, n - 1):
        # Row interchange, if needed
        p = jnp.argmax(abs(a[k:n, k]) / s[k:n]) + k
        if abs(a[p, k]) < tol:
            print('Matrix is singular')
        if p != k:
            swapRows(b, k, p)
            swapRows(s, k, p)
            swapRows(a, k, p)
        # Elimination
        for i in range(k + 1, n):
            if a[i, k] != 0.0:
                lam = a[i, k] / a[k, k]
                a[i, k + 1:n] = a[i, k + 1:n] - lam * a[k, k + 1:n]
                b[i] = b[i] - lam * b[k]
    if abs(a[n - 1, n - 1]) < tol:
        print('Matrix is singular')
    # Back substitution
    for k in range(n - 1, -1, -1):
        b[k] = (b[k] - jnp.dot(a[k, k + 1:n], b[k + 1:n])) / a[k, k]
    return b


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/swap.py
# driver: a row swap with a traced index, as gaussPivot does, returned
@case((F(1.0, 2.0, 3.0, 4.0), 0, 2), (F(1.0, 2.0, 3.0, 4.0), 3, 3), np_ref=True, vmap=True)
def swap_rows_driver(v, i, j):
    swapRows(v, i, j)
    return v


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/LUpivot.py
# (LUdecomp renamed LUdecomp_pivot; zeros/array -> np.*; argmax/dot -> jnp.*;
#  `float` -> np.float32)
def LUdecomp_pivot(a, tol=1.0e-9):
    n = len(a)
    seq = np.array(range(n))
    # Set up scale factors
    s = np.zeros((n), dtype=np.float32)
    for i in range(n):
        s[i] = max(abs(a[i, :]))
    for k in range(0, n - 1):
        # Row interchange, if needed
        p = int(jnp.argmax(abs(a[k:n, k]) / s[k:n])) + k
        if abs(a[p, k]) < tol:
            print('Matrix is singular')
        if p != k:
            swapRows(s, k, p)
            swapRows(a, k, p)
            swapRows(seq, k, p)
        # Elimination
        for i in range(k + 1, n):
            if a[i, k] != 0.0:
                lam = a[i, k] / a[k, k]
                a[i, k + 1:n] = a[i, k + 1:n] - lam * a[k, k + 1:n]
                a[i, k] = lam
    return a, seq


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter2/LUpivot.py
# (LUsolve renamed LUsolve_pivot)
def LUsolve_pivot(a, b, seq):
    n = len(a)
    # Rearrange constant vector; store it in [x]
    x = b.copy()
    for i in range(n):
        x[i] = b[seq[i]]
    # Solution
    for k in range(1, n):
        x[k] = x[k] - jnp.dot(a[k, 0:k], x[0:k])
    for k in range(n - 1, -1, -1):
        x[k] = (x[k] - jnp.dot(a[k, k + 1:n], x[k + 1:n])) / a[k, k]
    return x


@case((PIV3, F(16.0, 0.0, -3.0)), (PIV3b, F(3.0, 3.0, 5.0)), np_ref=True, grad=1, vmap=True)
def lu_pivot_driver(a, b):  # driver
    a, seq = LUdecomp_pivot(a)
    return LUsolve_pivot(a, b, seq)


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter3/newtonPoly.py
# (evalPoly renamed evalPoly_newton)
def evalPoly_newton(a, xData, x):
    n = len(xData) - 1  # Degree of polynomial
    p = a[n]
    for k in range(1, n + 1):
        p = a[n - k] + (x - xData[n - k]) * p
    return p


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter3/newtonPoly.py
def coeffts(xData, yData):
    m = len(xData)  # Number of data points
    a = yData.copy()
    for k in range(1, m):
        a[k:m] = (a[k:m] - a[k - 1]) / (xData[k:m] - xData[k - 1])
    return a


@case((F(0.15, 2.3, 3.15, 4.85, 6.25, 7.95), F(4.79867, 4.49013, 4.2243, 3.47313, 2.66674, 1.51909),
       0.0), (F(0.0, 1.0, 2.0), F(1.0, 3.0, 2.0), 1.5), np_ref=True, grad=2)
def newton_poly_driver(xData, yData, x):  # driver: the book's example3_4
    a = coeffts(xData, yData)
    return evalPoly_newton(a, xData, x)


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter3/rational.py
# (zeros -> np.zeros(..., np.float32))
@case((F(0.0, 0.6, 0.8, 0.95), F(0.0, 1.3764, 3.0777, 12.7062), 0.5),
      (F(0.0, 0.6, 0.8, 0.95), F(0.0, 1.3764, 3.0777, 12.7062), 0.8),
      (F(0.0, 0.6, 0.8, 0.95), F(0.0, 1.3764, 3.0777, 12.7062), 0.6), np_ref=True, vmap=True)
def rational(xData, yData, x):
    m = len(xData)
    r = yData.copy()
    rOld = np.zeros(m, dtype=np.float32)
    for k in range(m - 1):
        for i in range(m - k - 1):
            if abs(x - xData[i + k + 1]) < 1.0e-9:
                return yData[i + k + 1]
            else:
                c1 = r[i + 1] - r[i]
                c2 = r[i + 1] - rOld[i + 1]
                c3 = (x - xData[i]) / (x - xData[i + k + 1])
                r[i] = r[i + 1] + c1 / (c3 * (1.0 - c1 / c2) - 1.0)
                rOld[i + 1] = r[i + 1]
    return r[0]


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter4/evalPoly.py
# (evalPoly renamed evalPoly_d2)
@case(([-250.0, 155.0, -9.0, -5.0, 1.0], 2.0), ([1.0, 0.0, 1.0], -1.5), grad=1)
def evalPoly_d2(a, x):
    n = len(a) - 1
    p = a[n]
    dp = 0.0 + 0.0j
    ddp = 0.0 + 0.0j
    for i in range(1, n + 1):
        ddp = ddp * x + 2.0 * dp
        dp = dp * x + p
        p = p * x + a[n - i]
    return p, dp, ddp


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter6/gaussNodes.py
# (zeros -> np.zeros; math kept: the nodes depend on the static m only)
def gaussNodes(m, tol=10e-9):
    def legendre(t, m):
        p0 = 1.0
        p1 = t
        for k in range(1, m):
            p = ((2.0 * k + 1.0) * t * p1 - k * p0) / (1.0 + k)
            p0 = p1
            p1 = p
        dp = m * (p0 - t * p1) / (1.0 - t ** 2)
        return p, dp

    A = np.zeros(m)
    x = np.zeros(m)
    nRoots = (m + 1) // 2  # Number of non-neg. roots
    for i in range(nRoots):
        t = math.cos(math.pi * (i + 0.75) / (m + 0.5))  # Approx. root
        for j in range(30):
            p, dp = legendre(t, m)  # Newton-Raphson
            dt = -p / dp
            t = t + dt  # method
            if abs(dt) < tol:
                x[i] = t
                x[m - i - 1] = -t
                A[i] = 2.0 / (1.0 - t ** 2) / (dp ** 2)  # Eq.(6.25)
                A[m - i - 1] = A[i]
                break
    return x, A


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter6/gaussQuad.py
@case((jnp.sin, 0.0, 3.0, 5), (jnp.exp, -1.0, 1.0, 3), static=(0, 3), grad=2)
def gaussQuad(f, a, b, m):
    c1 = (b + a) / 2.0
    c2 = (b - a) / 2.0
    x, A = gaussNodes(m)
    sum = 0.0
    for i in range(len(x)):
        sum = sum + A[i] * f(c1 + c2 * x[i])
    return c2 * sum


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter3/polyFit.py
# (zeros -> np.zeros(..., np.float32); uses gaussPivot above)
@case((F(-0.04, 0.93, 1.95, 2.9, 3.83, 5.0, 5.98, 7.05, 8.21, 9.08, 10.09),
       F(-8.66, -6.44, -4.36, -3.27, -0.88, 0.87, 3.31, 4.63, 6.19, 7.4, 8.85), 1),
      (F(1.0, 2.5, 3.5, 4.0, 1.1, 1.8, 2.2, 3.7), F(6.008, 15.722, 27.13, 33.772, 5.257, 9.549,
                                                    11.098, 28.828), 2), static=(2,), np_ref=True)
def polyFit(xData, yData, m):
    a = np.zeros((m + 1, m + 1), dtype=np.float32)
    b = np.zeros(m + 1, dtype=np.float32)
    s = np.zeros(2 * m + 1, dtype=np.float32)
    for i in range(len(xData)):
        temp = yData[i]
        for j in range(m + 1):
            b[j] = b[j] + temp
            temp = temp * xData[i]
        temp = 1.0
        for j in range(2 * m + 1):
            s[j] = s[j] + temp
            temp = temp * xData[i]
    for i in range(m + 1):
        for j in range(m + 1):
            a[i, j] = s[i + j]
    return gaussPivot(a, b)


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter3/polyFit.py
# (math.sqrt -> jnp.sqrt)
@case((F(-5.0, 1.0), F(1.0, 2.0, 3.0, 4.0), F(-4.0, -3.0, -1.0, -1.5)), np_ref=True, grad=0)
def stdDev(c, xData, yData):
    def evalPoly(c, x):
        m = len(c) - 1
        p = c[m]
        for j in range(m):
            p = p * x + c[m - j - 1]
        return p

    n = len(xData) - 1
    m = len(c) - 1
    sigma = 0.0
    for i in range(n + 1):
        p = evalPoly(c, xData[i])
        sigma = sigma + (yData[i] - p) ** 2
    sigma = jnp.sqrt(sigma / (n - m))
    return sigma


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter9/jacobi.py
# (jacobi renamed jacobi_eig; math.sqrt -> jnp.sqrt; identity/diagonal -> np.identity
#  (allocated, float32) / jnp.diagonal)
@case((SPD3,), (M([4.0, 0.0], [0.0, 1.0]),), np_ref=True)
def jacobi_eig(a, tol=1.0e-5):
    def maxElem(a):  # Find largest off-diag. element a[k,l]
        n = len(a)
        aMax = 0.0
        for i in range(n - 1):
            for j in range(i + 1, n):
                if abs(a[i, j]) >= aMax:
                    aMax = abs(a[i, j])
                    k = i
                    l = j
        return aMax, k, l

    def rotate(a, p, k, l):  # Rotate to make a[k,l] = 0
        n = len(a)
        aDiff = a[l, l] - a[k, k]
        if abs(a[k, l]) < abs(aDiff) * 1.0e-36:
            t = a[k, l] / aDiff
        else:
            phi = aDiff / (2.0 * a[k, l])
            t = 1.0 / (abs(phi) + jnp.sqrt(phi ** 2 + 1.0))
            if phi < 0.0:
                t = -t
        c = 1.0 / jnp.sqrt(t ** 2 + 1.0)
        s = t * c
        tau = s / (1.0 + c)
        temp = a[k, l]
        a[k, l] = 0.0
        a[k, k] = a[k, k] - t * temp
        a[l, l] = a[l, l] + t * temp
        for i in range(k):  # Case of i < k
            temp = a[i, k]
            a[i, k] = temp - s * (a[i, l] + tau * temp)
            a[i, l] = a[i, l] + s * (temp - tau * a[i, l])
        for i in range(k + 1, l):  # Case of k < i < l
            temp = a[k, i]
            a[k, i] = temp - s * (a[i, l] + tau * a[k, i])
            a[i, l] = a[i, l] + s * (temp - tau * a[i, l])
        for i in range(l + 1, n):  # Case of i > l
            temp = a[k, i]
            a[k, i] = temp - s * (a[l, i] + tau * temp)
            a[l, i] = a[l, i] + s * (temp - tau * a[l, i])
        for i in range(n):  # Update transformation matrix
            temp = p[i, k]
            p[i, k] = temp - s * (p[i, l] + tau * p[i, k])
            p[i, l] = p[i, l] + s * (temp - tau * p[i, l])

    n = len(a)
    maxRot = 5 * (n ** 2)  # Set limit on number of rotations
    p = np.identity(n, dtype=np.float32) * 1.0  # Initialize transformation matrix
    for i in range(maxRot):  # Jacobi rotation loop
        aMax, k, l = maxElem(a)
        if aMax < tol:
            return jnp.diagonal(a), p
        rotate(a, p, k, l)
    print('Jacobi method did not converge')


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter9/sortJacobi.py
# driver: returns the sorted arrays (the origin sorts in place and returns None)
@case((F(3.0, 1.0, 2.0), M([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0])),
      (F(1.0, 2.0, 3.0), M([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0])), np_ref=True, vmap=True)
def sortJacobi(lam, x):
    n = len(lam)
    for i in range(n - 1):
        index = i
        val = lam[i]
        for j in range(i + 1, n):
            if lam[j] < val:
                index = j
                val = lam[j]
        if index != i:
            swapRows(lam, i, index)
            swapCols(x, i, index)
    return lam, x


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter7/taylor.py
# (array -> jnp.array; deriv from example7_2)
def deriv_taylor(x, y):  # driver: y' = -2y, all four derivatives
    return jnp.array([-2.0 * y, 4.0 * y, -8.0 * y, 16.0 * y])


@case((deriv_taylor, 0.0, 1.0, 0.5, 0.1), (deriv_taylor, 0.0, 1.0, 0.0, 0.1), static=(0,))
def taylor(deriv, x, y, xStop, h):
    X = []
    Y = []
    X.append(x)
    Y.append(y)
    while x < xStop:  # Loop over integration steps
        h = min(h, xStop - x)
        D = deriv(x, y)  # Derivatives of y
        H = 1.0
        for j in range(4):  # Build Taylor series
            H = H * h / (j + 1)
            y = y + D[j] * H  # H = h^j/j!
        x = x + h
        X.append(x)  # Append results to
        Y.append(y)  # lists X and Y
    return jnp.array(X), jnp.array(Y)  # Convert lists into arrays


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter8/linInterp.py
@case((jnp.sin, 3.0, 3.3), (jnp.sin, 2.0, 4.0), static=(0,), grad=1, vmap=True)
def linInterp(f, x1, x2):
    f1 = f(x1)
    f2 = f(x2)
    return (x2 - f2 * (x2 - x1) / (f2 - f1))


# ======================================================================
# woraseth/numer (pure-Python lists)
# ======================================================================

def height(m):  # driver: woraseth/numer's matrix.height
    return len(m)


GS_M = [[4.0, 3.2, 0.5, 9.2], [2.2, 3.0, -0.3, 0.9], [-3.1, -0.2, 4.0, 7.0]]
GS_DIV = [[1.0, 3.0, 1.0], [3.0, 1.0, 2.0]]   # not diagonally dominant: diverges


# origin: woraseth/numer/gauss_seidel.py
@case((GS_M,), (GS_DIV,), (GS_M, [1.0, 1.0, 1.0]))
def gauss_seidel(m, x0=None, eps=1e-5, max_iteration=100):
    n = height(m)
    x0 = [0] * n if x0 == None else x0  # noqa: E711
    x1 = x0[:]
    for __ in range(max_iteration):
        for i in range(n):
            s = sum(-m[i][j] * x1[j] for j in range(n) if i != j)
            x1[i] = (m[i][n] + s) / m[i][i]
        if all(abs(x1[i] - x0[i]) < eps for i in range(n)):
            return x1
        x0 = x1[:]
    raise ValueError('Solution does not converge')


# origin: woraseth/numer/jacobi.py (renamed jacobi_w)
@case((GS_M,), (GS_DIV,))
def jacobi_w(m, x0=None, eps=1e-5, max_iteration=100):
    n = height(m)
    x0 = [0] * n if x0 == None else x0  # noqa: E711
    x1 = [None] * n
    for __ in range(max_iteration):
        for i in range(n):
            s = sum(-m[i][j] * x0[j] for j in range(n) if i != j)
            x1[i] = (m[i][n] + s) / m[i][i]
        if all(abs(x1[i] - x0[i]) < eps for i in range(n)):
            return x1
        x0, x1 = x1, x0
    raise ValueError('Solution does not converge')


# origin: woraseth/numer/sor.py
@case((GS_M,), (GS_M, 1.0), (GS_DIV,))
def sor_w(m, w=1.25, x0=None, eps=1e-5, max_iteration=100):
    n = height(m)
    x0 = [0] * n if x0 == None else x0  # noqa: E711
    x1 = x0[:]
    for __ in range(max_iteration):
        for i in range(n):
            s = sum(-m[i][j] * x1[j] for j in range(n) if i != j)
            x1[i] = w * (m[i][n] + s) / m[i][i] + (1 - w) * x0[i]
        if all(abs(x1[i] - x0[i]) < eps for i in range(n)):
            return x1
        x0 = x1[:]
    raise ValueError('Solution does not converge')


GE_M = [[2.0, 1.0, 2.0, 1.0, 3.0], [4.0, -2.0, -4.0, 6.0, 2.0], [6.0, 2.0, 3.0, -1.0, -3.0],
        [4.0, 3.0, 3.0, 3.0, 8.0]]
GE_SING = [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]]


# origin: woraseth/numer/gaussian_elim.py
@case((GE_M,), (GE_SING,), (GS_M,))
def gaussian_elimination_wn(m):
    # forward elimination
    n = height(m)
    for i in range(n):
        for j in range(i + 1, n):
            m[j] = [m[j][k] - m[i][k] * m[j][i] / m[i][i] for k in range(n + 1)]
    if m[n - 1][n - 1] == 0:
        raise ValueError('No unique solution')
    # backward substitution
    x = [0] * n
    for i in range(n - 1, -1, -1):  # for i in reversed(range(n)):
        s = sum(m[i][j] * x[j] for j in range(i, n))
        x[i] = (m[i][n] - s) / m[i][i]
    return x


# origin: woraseth/numer/gaussian_elim_pivot.py (pivot renamed pivot_w)
def pivot_w(m, n, i):
    max = -1e100
    for r in range(i, n):
        if max < abs(m[r][i]):
            max_row = r
            max = abs(m[r][i])
    m[i], m[max_row] = m[max_row], m[i]


# origin: woraseth/numer/gaussian_elim_pivot.py
@case(([[1.0, -1.0, 3.0, 2.0], [6.0, -6.0, 2.0, -2.0], [1.0, 1.0, 0.0, 3.0]],), (GS_M,))
def gaussian_elimination_with_pivot(m):
    # forward elimination
    n = height(m)
    for i in range(n):
        pivot_w(m, n, i)
        for j in range(i + 1, n):
            m[j] = [m[j][k] - m[i][k] * m[j][i] / m[i][i] for k in range(n + 1)]
    if m[n - 1][n - 1] == 0:
        raise ValueError('No unique solution')
    # backward substitution
    x = [0] * n
    for i in range(n - 1, -1, -1):
        s = sum(m[i][j] * x[j] for j in range(i, n))
        x[i] = (m[i][n] - s) / m[i][i]
    return x


# origin: woraseth/numer/gaussian_elim_scaled_pivot.py (pivot renamed pivot_scaled)
def pivot_scaled(m, n, i, scale):
    max = -1e100
    for r in range(i, n):
        if max < abs(m[r][i] / scale[r]):
            max_row = r
            max = abs(m[r][i] / scale[r])
    scale[i], scale[max_row] = scale[max_row], scale[i]
    m[i], m[max_row] = m[max_row], m[i]


# origin: woraseth/numer/gaussian_elim_scaled_pivot.py
@case(([[4.0, 4.0, 0.0, 400.0], [-1.0, 4.0, 2.0, 400.0], [0.0, -2.0, 4.0, 400.0]],),)
def gaussian_elimination_with_scaled_pivot(m):
    # forward elimination
    n = height(m)
    scale = [max([abs(m[i][j]) for j in range(n)]) for i in range(n)]
    for i in range(n):
        pivot_scaled(m, n, i, scale)
        for j in range(i + 1, n):
            m[j] = [m[j][k] - m[i][k] * m[j][i] / m[i][i] for k in range(n + 1)]
    if m[n - 1][n - 1] == 0:
        raise ValueError('No unique solution')
    # backward substitution
    x = [0] * n
    for i in range(n - 1, -1, -1):
        s = sum(m[i][j] * x[j] for j in range(i, n))
        x[i] = (m[i][n] - s) / m[i][i]
    return x


# origin: woraseth/numer/lagrange.py
def product(a):
    p = 1
    for i in a:
        p *= i
    return p


# origin: woraseth/numer/lagrange.py
@case(([1.0, 2.5, 4.0, 5.5, 7.0], [0.0, 0.9163, 1.3863, 1.7047, 1.9459], 6.0),
      ([0.0, 1.0], [1.0, 3.0], 0.25), grad=2)
def lagrange_interpolation(x, y, u):
    r = range(len(y))
    a = [y[i] / product(x[i] - x[j] for j in r if j != i) for i in r]
    return sum(a[i] * product(u - x[j] for j in r if j != i) for i in r)


# origin: woraseth/numer/newton_interpolation.py
@case(([1.0, 2.5, 4.0, 5.5, 7.0], [0.0, 0.9163, 1.3863, 1.7047, 1.9459], 6.0),
      ([0.0], [2.0], 3.0), grad=2)
def newton_interpolation(x, y, u):
    g = y[:]
    s = g[0]
    for i in range(len(y) - 1):
        g = [(g[j + 1] - g[j]) / (x[j + i + 1] - x[j]) for j in range(len(g) - 1)]
        s += g[0] * product(u - x[j] for j in range(i + 1))
    return s


# origin: woraseth/numer/cubic_spline.py
@case(([0.0, 1.0, 2.0, 3.0], [1.0, 2.7183, 7.3891, 20.0855]), ([0.0, 0.5, 2.0], [0.0, 1.0, -1.0]))
def cubic_spline(x, y):
    n = len(x) - 1
    h = [x[i + 1] - x[i] for i in range(n)]
    al = [3 * ((y[i + 1] - y[i]) / h[i] - (y[i] - y[i - 1]) / h[i - 1]) for i in range(1, n)]
    al.insert(0, 0)
    l = [1] * (n + 1)  # noqa: E741
    u = [0] * (n + 1)
    z = [0] * (n + 1)
    for i in range(1, n):
        l[i] = 2 * (x[i + 1] - x[i - 1]) - h[i - 1] * u[i - 1]
        u[i] = h[i] / l[i]
        z[i] = (al[i] - h[i - 1] * z[i - 1]) / l[i]
    b = [0] * (n + 1)
    c = [0] * (n + 1)
    d = [0] * (n + 1)
    for i in range(n - 1, -1, -1):  # for i in reversed(range(n)):
        c[i] = z[i] - u[i] * c[i + 1]
        b[i] = (y[i + 1] - y[i]) / h[i] - h[i] * (c[i + 1] + 2 * c[i]) / 3
        d[i] = (c[i + 1] - c[i]) / (3 * h[i])
    return [y, b, c, d]


def f_secant_w(x):  # driver: the origin's lambda
    return x ** 5 + x ** 3 + x ** 2 - 1


# origin: woraseth/numer/secant.py (renamed secant_w)
@case((f_secant_w, 1.0, 2.0), (f_secant_w, 0.5, 0.9), (jnp.cos, 1.0, 1.0 + 1e-3), static=(0,))
def secant_w(f, x0, x1, eps=0.001, max_iteration=100):
    for __ in range(max_iteration):
        dx = (x1 - x0) * f(x1) / (f(x1) - f(x0))
        x0 = x1
        x1 -= dx
        # terminate?
        if abs(f(x1)) < eps and abs(dx) < eps:
            return x1
    raise ValueError('Cannot find root')


# origin: woraseth/numer/simpson.py (renamed simpson_w)
@case((jnp.cos, 0.0, 1.5707964, 20), (jnp.cos, 0.0, 1.0, 20), (jnp.cos, 1.0, 0.0, 20), static=(0, 3),
      grad=2, vmap=True)
def simpson_w(f, a, b, n):
    h = (b - a) / n
    sum1 = sum(f(a + (2 * i + 2) * h) for i in range(0, int(n / 2) - 1))
    sum2 = sum(f(a + (2 * i + 1) * h) for i in range(0, int(n / 2)))
    return (f(a) + 2 * sum1 + 4 * sum2 + f(b)) * h / 3


# origin: woraseth/numer/system_ode.py
def euler_single(fs, x0, y0s, h):
    return [y0s[i] + fs[i](x0, y0s) * h for i in range(len(y0s))]


# origin: woraseth/numer/system_ode.py
def sys_ode(fs, x0, y0s, h, x, method=euler_single):
    for i in range(int((x - x0) / h)):
        y0s = method(fs, x0, y0s, h)
        x0 += h
    return y0s


FS_ODE = [lambda x, ys: ys[1], lambda x, ys: 2 * ys[1] - 3 * ys[0]]


@case(([4.0, 6.0],), ([0.0, 1.0],), grad=0)
def sys_ode_driver(y0s):  # driver: the origin's __main__
    return sys_ode(FS_ODE, 0, y0s, 0.5, 2, euler_single)


# origin: woraseth/numer/least_sq_interpoliation.py (gaussian_elimination_wn above as the solver)
@case(([0.0, 0.5, 1.0, 1.5, 2.0, 2.5], [0.0674, -0.9156, 1.6253, 3.0377, 3.3535, 7.9409], 2),
      ([0.0, 1.0, 2.0, 3.0], [1.0, 3.0, 5.0, 7.0], 1), static=(2,))
def least_square(x, y, order, sys_lin_method=gaussian_elimination_wn):
    sx = [sum(x[j] ** i for j in range(len(x))) for i in range(order * 2 + 1)]
    sxy = [sum(x[j] ** i * y[j] for j in range(len(x))) for i in range(order + 1)]
    m = []
    for i in range(order + 1):
        a = sx[i:(i + order + 1)]
        a.append(sxy[i])
        m.append(a)
    return sys_lin_method(m)


# origin: woraseth/numer/gaussian_quadrature.py (gq table: static Python floats)
gq = [[], [],
      [(-math.sqrt(1 / 3), 1),
       (math.sqrt(1 / 3), 1)],
      [(-math.sqrt(3 / 5), 5 / 9),
       (math.sqrt(3 / 5), 5 / 9),
       (0, 8 / 9)],
      [(-math.sqrt(3 / 7 - math.sqrt(6 / 5) * 2 / 7), (18 + math.sqrt(30)) / 36),
       (math.sqrt(3 / 7 - math.sqrt(6 / 5) * 2 / 7), (18 + math.sqrt(30)) / 36),
       (-math.sqrt(3 / 7 + math.sqrt(6 / 5) * 2 / 7), (18 - math.sqrt(30)) / 36),
       (math.sqrt(3 / 7 + math.sqrt(6 / 5) * 2 / 7), (18 - math.sqrt(30)) / 36)]]
for _i in range(len(gq)):
    gq[_i].sort(key=lambda x: x[0])


def f_gq(x):  # driver: x*sin(x), math -> jnp
    return x * jnp.sin(x)


# origin: woraseth/numer/gaussian_quadrature.py
@case((f_gq, 0.0, 2.0, 4), (f_gq, -1.0, 3.0, 4), static=(0, 3), grad=2, vmap=True)
def gaussian_quadrature(f, a, b, n=4):
    g = lambda t: ((b - a) * t + b + a) / 2  # noqa: E731
    return sum(w * f(g(p)) for (p, w) in gq[n]) * (b - a) / 2


# ======================================================================
# Rosetta Code (acmeism/RosettaCodeData)
# ======================================================================

# origin: acmeism/RosettaCodeData/Task/Cholesky-decomposition/Python/cholesky-decomposition-1.py
# (xrange -> range; math.sqrt -> jnp.sqrt)
@case(([[25.0, 15.0, -5.0], [15.0, 18.0, 0.0], [-5.0, 0.0, 11.0]],),
      ([[18.0, 22.0, 54.0, 42.0], [22.0, 70.0, 86.0, 62.0], [54.0, 86.0, 174.0, 134.0],
        [42.0, 62.0, 134.0, 106.0]],))
def cholesky_rc(A):
    L = [[0.0] * len(A) for _ in range(len(A))]
    for i in range(len(A)):
        for j in range(i + 1):
            s = sum(L[i][k] * L[j][k] for k in range(j))
            L[i][j] = jnp.sqrt(A[i][i] - s) if (i == j) else \
                (1.0 / L[j][j] * (A[i][j] - s))
    return L


# origin: acmeism/RosettaCodeData/Task/Maximum-triangle-path-sum/Python/maximum-triangle-path-sum-1.py
@case(([[55], [94, 48], [95, 30, 96], [77, 71, 26, 67]],), ([[3]],))
def solve_triangle(tri):
    while len(tri) > 1:
        t0 = tri.pop()
        t1 = tri.pop()
        tri.append([max(t0[i], t0[i + 1]) + t for i, t in enumerate(t1)])
    return tri[0][0]


# origin: acmeism/RosettaCodeData/Task/Horners-rule-for-polynomial-evaluation/Python/horners-rule-for-polynomial-evaluation-1.py
@case(((-19.0, 7.0, -4.0, 6.0), 3.0), ((), 2.0), ((1.0,), 0.5), grad=1)
def horner_rc(coeffs, x):
    acc = 0
    for c in reversed(coeffs):
        acc = acc * x + c
    return acc


# ======================================================================
# Sorting and DP with traced indices
# ======================================================================

# origin: Minyus/coding_interview_prep_python/pramp/pancake_sort.py
def flip_minyus(arr, k):
    for i in range(0, k // 2 + 1):
        arr[i], arr[k - i] = arr[k - i], arr[i]


# origin: Minyus/coding_interview_prep_python/pramp/pancake_sort.py
def find_max_val_index(arr, k):
    ans = 0
    for i in range(0, k + 1):
        if arr[i] > arr[ans]:
            ans = i
    return ans


# origin: Minyus/coding_interview_prep_python/pramp/pancake_sort.py
@case((F(1.0, 5.0, 4.0, 3.0, 2.0),), (F(3.0, 1.0, 2.0, 4.0, 6.0),), (F(9.0, 8.0, 7.0, 6.0, 5.0),),
      np_ref=True, vmap=True)
def pancake_sort_minyus(arr):
    for i in range(len(arr) - 1, -1, -1):
        max_val_index = find_max_val_index(arr, i)
        flip_minyus(arr, max_val_index)
        flip_minyus(arr, i)
    return arr


# origin: carl12/InterviewAlgorithmProblems/pancakeSort.py
def flip_carl(arr, k):
    for i in range(k // 2 + 1):
        arr[i], arr[k - i] = arr[k - i], arr[i]
    return arr


# origin: carl12/InterviewAlgorithmProblems/pancakeSort.py
@case(([1, 5, 4, 3, 2],), ([2, 2, 1],), ([7],))
def pancake_sort_carl(arr):
    for i in range(len(arr)):
        # find largest remaining element
        max_loc = 0
        for j in range(len(arr) - i):
            if arr[j] > arr[max_loc]:
                max_loc = j
        # move it to the front
        flip_carl(arr, max_loc)
        # move it in front of the greater maxes
        flip_carl(arr, len(arr) - (i + 1))
    return arr


# origin: simaocunha71/msc-thesis/returned_prompts/deepseek-coder-6.7b-instruct.Q5_K_M/mbpp/Mbpp_141/Mbpp_141-gen-6.py
def flip_while(arr, i):
    start = 0
    while start < i:
        temp = arr[start]
        arr[start] = arr[i]
        arr[i] = temp
        start += 1
        i -= 1


# origin: simaocunha71/msc-thesis/.../Mbpp_141-gen-6.py (findMax)
def findMax(arr, n):
    mi = 0
    for i in range(0, n):
        if arr[i] > arr[mi]:
            mi = i
    return mi


# origin: simaocunha71/msc-thesis/.../Mbpp_141-gen-6.py
@case(([15, 79, 25, 38, 69],), ([98, 12, 54, 36, 85],), np_ref=True)
def pancake_sort_while(arr):
    curr_size = len(arr)
    while curr_size > 0:
        mi = findMax(arr, curr_size)
        if mi != curr_size - 1:
            flip_while(arr, mi)
            flip_while(arr, curr_size - 1)
        curr_size -= 1
    return arr


# origin: INSAlgo/ICPC-Notebook/python/dp/lis.py
@case(([10, 22, 9, 33, 21, 50, 41, 60],), ([3, 2],), ([5],))
def lis_insalgo(arr):
    n = len(arr)
    lis = [1] * n
    for i in range(1, n):
        for j in range(0, i):
            if arr[i] > arr[j] and lis[i] < lis[j] + 1:
                lis[i] = lis[j] + 1
    maximum = 0
    for i in range(n):
        maximum = max(maximum, lis[i])
    return maximum


# origin: huangsam/python-algorithms/algorithms/dynamic/lis.py
@case(([10, 22, 9, 33, 21, 50, 41, 60],), ([3, 2],))
def lis_huangsam(arr):
    longest = [1] * len(arr)
    for i in range(1, len(arr)):
        for j in range(i):
            if arr[i] > arr[j]:
                longest[i] = max(longest[i], longest[j] + 1)
    return max(longest)


# origin: Kcheung42/GeeksforGeeks/Dynamic_Programming/03.Longest_Increasing_Subsequence.py
@case(([1, 2, 3, 2, 1],), ([3, 1],))
def LIS_kcheung(arr):
    n = len(arr)
    lis = [1] * n
    for i in range(1, n):
        for j in range(0, i):
            if arr[j] < arr[i] and lis[i] < lis[j] + 1:
                lis[i] = lis[j] + 1
            print(lis)
    maximum = max(lis)
    return maximum


# origin: INSAlgo/ICPC-Notebook/python/dp/lis.py as array code: the same DP on a JAX array
# argument and an np.zeros table (driver variant of lis_insalgo)
@case((np.array([10, 22, 9, 33, 21, 50, 41, 60], np.int32),), (np.array([3, 2], np.int32),),
      vmap=False)
def lis_table_array(arr):
    n = len(arr)
    lis = np.ones(n, dtype=np.int32)
    for i in range(1, n):
        for j in range(0, i):
            if arr[i] > arr[j] and lis[i] < lis[j] + 1:
                lis[i] = lis[j] + 1
    return max(lis)


# origin: tirinox/bass_extractor/goertzel_aglo.py (math.* on static bins kept)
@case((F(0.0, 1.0, 0.0, -1.0, 0.0, 1.0, 0.0, -1.0), 8.0, (1.0, 3.0)),
      (F(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0), 8.0, (0.0, 2.0)), static=(1, 2))
def goertzel(samples, sample_rate, *freqs):
    window_size = len(samples)
    f_step = sample_rate / float(window_size)
    f_step_normalized = 1.0 / window_size

    bins = set()
    for f_range in freqs:
        f_start, f_end = f_range
        k_start = int(math.floor(f_start / f_step))
        k_end = int(math.ceil(f_end / f_step))

        if k_end > window_size - 1:
            raise ValueError('frequency out of range %s' % k_end)
        bins = bins.union(range(k_start, k_end))

    n_range = range(0, window_size)
    freqs = []
    results = []
    for k in bins:
        f = k * f_step_normalized
        w_real = 2.0 * math.cos(2.0 * math.pi * f)
        w_imag = math.sin(2.0 * math.pi * f)

        d1, d2 = 0.0, 0.0
        for n in n_range:
            y = samples[n] + w_real * d1 - d2
            d2, d1 = d1, y

        results.append((
            0.5 * w_real * d1 - d2, w_imag * d1,
            d2 ** 2 + d1 ** 2 - w_real * d1 * d2)
        )
        freqs.append(f * sample_rate)
    return freqs, results


# origin: every-algorithm/python/audio/goertzel_algorithm.py (math.sqrt -> jnp.sqrt on the power;
# k/omega static)
@case((F(0.0, 1.0, 0.0, -1.0, 0.0, 1.0, 0.0, -1.0), 2.0, 8.0),
      (F(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0), 0.0, 8.0), static=(1, 2), grad=0)
def goertzel_ea2(samples, target_freq, sample_rate):
    N = len(samples)
    k = int(0.5 + (N * target_freq / sample_rate))
    omega = 2.0 * math.pi * k / N
    coeff = 2.0 * math.cos(omega)
    s_prev = 0.0
    s_prev2 = 0.0
    for sample in samples:
        s = sample - coeff * s_prev - s_prev2
        s_prev2 = s_prev
        s_prev = s
    power = s_prev2 ** 2 + s_prev ** 2 - coeff * s_prev * s_prev2
    magnitude = jnp.sqrt(power)
    return magnitude


# ======================================================================
# More Kiusalaas: helpers that change arrays in place and return nothing
# ======================================================================

# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter4/newtonRaphson2.py
# (zeros -> np.zeros(..., np.float32); dot/sqrt -> jnp.*; sys.exit -> raise RuntimeError)
def newtonRaphson2(f, x, tol=1.0e-5, iter=30):
    def jacobian(f, x):
        h = 1.0e-2
        n = len(x)
        jac = np.zeros((n, n), dtype=np.float32)
        f0 = f(x)
        for i in range(n):
            temp = x[i]
            x[i] = temp + h
            f1 = f(x)
            x[i] = temp
            jac[:, i] = (f1 - f0) / h
        return jac, f0

    for i in range(iter):
        jac, f0 = jacobian(f, x)
        if jnp.sqrt(jnp.dot(f0, f0) / len(x)) < tol:
            return x
        dx = gaussPivot(jac, -f0)
        x = x + dx
        if jnp.sqrt(jnp.dot(dx, dx)) < tol * max(max(abs(x)), 1.0):
            return x
    raise RuntimeError('Too many iterations in Newton-Raphson2')


def f_nr2(x):  # driver: the book's example4_10 system, math -> jnp
    return jnp.stack([jnp.sin(x[0]) + x[1] ** 2 + jnp.log(x[2]) - 7.0,
                      3.0 * x[0] + 2.0 ** x[1] - x[2] ** 3 + 1.0,
                      x[0] + x[1] + x[2] - 5.0])


def newtonRaphson2_ref(f, x, tol=1.0e-5, iter=30):  # driver: eager reference: x kept NumPy
    def jacobian(f, x):
        h = 1.0e-2
        n = len(x)
        jac = np.zeros((n, n), dtype=np.float32)
        f0 = f(x)
        for i in range(n):
            temp = x[i]
            x[i] = temp + h
            f1 = f(x)
            x[i] = temp
            jac[:, i] = (f1 - f0) / h
        return jac, f0

    for i in range(iter):
        jac, f0 = jacobian(f, x)
        if jnp.sqrt(jnp.dot(f0, f0) / len(x)) < tol:
            return x
        dx = gaussPivot(jac, -np.asarray(f0))
        x = np.array(x + dx)
        if jnp.sqrt(jnp.dot(dx, dx)) < tol * max(max(abs(x)), 1.0):
            return x
    raise RuntimeError('Too many iterations in Newton-Raphson2')


@case((f_nr2, F(1.0, 1.0, 1.0)), static=(0,), np_ref=True,
      ref=lambda f, x: newtonRaphson2_ref(f, x), modes=("arr", "jit"))
def newton_raphson2_driver(f, x):  # driver
    return newtonRaphson2(f, x)


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter9/inversePower.py
# (random() seeds -> 1/(i+1): deterministic; zeros/identity -> np.*(float32); dot/sqrt -> jnp.*;
#  LUdecomp/LUsolve above: LUsolve's result is ignored, as in the origin, which relies on it
#  changing x in place)
def inversePower_ref(a, s, tol=1.0e-5):  # driver: eager reference: x kept NumPy
    n = len(a)
    aStar = LUdecomp(np.array(a - np.identity(n, dtype=np.float32) * s))
    x = np.array([1.0 / (i + 1) for i in range(n)], np.float32)
    xMag = jnp.sqrt(jnp.dot(x, x))
    x = np.array(x / xMag)
    for i in range(50):
        xOld = x.copy()
        LUsolve(aStar, x)
        xMag = jnp.sqrt(jnp.dot(x, x))
        x = np.array(x / xMag)
        if jnp.dot(xOld, x) < 0.0:
            sign = -1.0
            x = -x
        else:
            sign = 1.0
        if jnp.sqrt(jnp.dot(xOld - x, xOld - x)) < tol:
            return s + sign / xMag, x
    print('Inverse power method did not converge')


@case((SPD3, 0.5), (M([5.0, -2.0], [-2.0, 2.0]), 0.0), np_ref=True, ref=inversePower_ref,
      modes=("arr", "jit"))
def inversePower(a, s, tol=1.0e-5):
    n = len(a)
    aStar = a - np.identity(n, dtype=np.float32) * s  # Form [a*] = [a] - s[I]
    aStar = LUdecomp(aStar)  # Decompose [a*]
    x = np.zeros(n, dtype=np.float32)
    for i in range(n):  # Seed [x] with random numbers
        x[i] = 1.0 / (i + 1)
    xMag = jnp.sqrt(jnp.dot(x, x))  # Normalize [x]
    x = x / xMag
    for i in range(50):  # Begin iterations
        xOld = x.copy()  # Save current [x]
        LUsolve(aStar, x)  # Solve [a*][x] = [xOld]
        xMag = jnp.sqrt(jnp.dot(x, x))  # Normalize [x]
        x = x / xMag
        if jnp.dot(xOld, x) < 0.0:  # Detect change in sign of [x]
            sign = -1.0
            x = -x
        else:
            sign = 1.0
        if jnp.sqrt(jnp.dot(xOld - x, xOld - x)) < tol:
            return s + sign / xMag, x
    print('Inverse power method did not converge')


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter9/stdForm.py
# (dot/inner/transpose -> jnp.*; choleski above)
@case((M([2.0, 0.0], [0.0, 3.0]), M([4.0, 2.0], [2.0, 5.0])), (SPD3, SPD3), np_ref=True)
def stdForm(a, b):
    def invert(L):  # Inverts lower triangular matrix L
        n = len(L)
        for j in range(n - 1):
            L[j, j] = 1.0 / L[j, j]
            for i in range(j + 1, n):
                L[i, j] = -jnp.dot(L[i, j:i], L[j:i, j]) / L[i, i]
        L[n - 1, n - 1] = 1.0 / L[n - 1, n - 1]

    n = len(a)
    L = choleski(b)
    invert(L)
    h = jnp.dot(b, jnp.inner(a, L))
    return h, jnp.transpose(L)


def f_tri(x, y):  # driver: the book's example6_16 integrand
    return (x ** 2 + y ** 2 - 1.0) * x


# origin: llueveYescampa/llueveYescampa-Numerical-Methods-with-Python/Chapter6/triangleQuadrature.py
# (array/dot -> np.array / jnp.dot)
@case((f_tri, F(-1.0, -1.0, 2.0), F(1.7320508, -1.7320508, 0.0)), static=(0,), grad=1)
def triangleQuad(f, xc, yc):
    alpha = np.array([[1.0 / 3, 1.0 / 3.0, 1.0 / 3.0],
                      [0.2, 0.2, 0.6],
                      [0.6, 0.2, 0.2],
                      [0.2, 0.6, 0.2]], np.float32)
    W = np.array([-27.0 / 48.0, 25.0 / 48.0, 25.0 / 48.0, 25.0 / 48.0], np.float32)
    x = jnp.dot(alpha, xc)
    y = jnp.dot(alpha, yc)
    A = (xc[1] * yc[2] - xc[2] * yc[1]
         - xc[0] * yc[2] + xc[2] * yc[0]
         + xc[0] * yc[1] - xc[1] * yc[0]) / 2.0
    sum = 0.0
    for i in range(4):
        sum = sum + W[i] * f(x[i], y[i])
    return A * sum


# ======================================================================
# TheAlgorithms/Python: sorts, matrix searches, rank, pivoting
# ======================================================================

colors = (0, 1, 2)


# origin: TheAlgorithms/Python/sorts/dutch_national_flag_sort.py
@case(([2, 1, 0, 0, 1, 2],), ([0, 2, 1, 2, 0],), ([1],), ([],), ([0, 3, 1],))
def dutch_national_flag_sort(sequence: list) -> list:
    if not sequence:
        return []
    if len(sequence) == 1:
        return list(sequence)
    low = 0
    high = len(sequence) - 1
    mid = 0
    while mid <= high:
        if sequence[mid] == colors[0]:
            sequence[low], sequence[mid] = sequence[mid], sequence[low]
            low += 1
            mid += 1
        elif sequence[mid] == colors[1]:
            mid += 1
        elif sequence[mid] == colors[2]:
            sequence[mid], sequence[high] = sequence[high], sequence[mid]
            high -= 1
        else:
            msg = f"The elements inside the sequence must contains only {colors} values"
            raise ValueError(msg)
    return sequence


# origin: TheAlgorithms/Python/sorts/bitonic_sort.py
def comp_and_swap(array: list[int], index1: int, index2: int, direction: int) -> None:
    if (direction == 1 and array[index1] > array[index2]) or (
        direction == 0 and array[index1] < array[index2]
    ):
        array[index1], array[index2] = array[index2], array[index1]


# origin: TheAlgorithms/Python/sorts/bitonic_sort.py
def bitonic_merge(array: list[int], low: int, length: int, direction: int) -> None:
    if length > 1:
        middle = int(length / 2)
        for i in range(low, low + middle):
            comp_and_swap(array, i, i + middle, direction)
        bitonic_merge(array, low, middle, direction)
        bitonic_merge(array, low + middle, middle, direction)


# origin: TheAlgorithms/Python/sorts/bitonic_sort.py
def bitonic_sort(array: list[int], low: int, length: int, direction: int) -> None:
    if length > 1:
        middle = int(length / 2)
        bitonic_sort(array, low, middle, 1)
        bitonic_sort(array, low + middle, middle, 0)
        bitonic_merge(array, low, length, direction)


@case(([12, 42, -21, 1],), (F(3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0),), np_ref=True)
def bitonic_driver(array):  # driver: the origin's __main__ (ascending, then descending merge)
    bitonic_sort(array, 0, len(array), 1)
    up = list(array)
    bitonic_merge(array, 0, len(array), 0)
    return up, array


# origin: TheAlgorithms/Python/sorts/slowsort.py
def slowsort(sequence: list, start: int | None = None, end: int | None = None) -> None:
    if start is None:
        start = 0
    if end is None:
        end = len(sequence) - 1
    if start >= end:
        return
    mid = (start + end) // 2
    slowsort(sequence, start, mid)
    slowsort(sequence, mid + 1, end)
    if sequence[end] < sequence[mid]:
        sequence[end], sequence[mid] = sequence[mid], sequence[end]
    slowsort(sequence, start, end - 1)


@case(([5, 4, 3, 2, 1],), (F(2.5, -1.0, 0.0),), np_ref=True)
def slowsort_driver(seq):  # driver: the origin's doctest
    slowsort(seq)
    return seq


# origin: TheAlgorithms/Python/dynamic_programming/minimum_size_subarray_sum.py
# (the isinstance(number, int) validation dropped: the harness passes arrays)
@case((7, [2, 3, 1, 2, 4, 3]), (11, [1, 1, 1, 1, 1]), (0, [1, 0, 2]), (4, [1, 4, 4]))
def minimum_subarray_sum(target: int, numbers: list[int]) -> int:
    import sys
    if not numbers:
        return 0
    if target == 0 and target in numbers:
        return 0
    left = right = curr_sum = 0
    min_len = sys.maxsize
    while right < len(numbers):
        curr_sum += numbers[right]
        while curr_sum >= target and left <= right:
            min_len = min(min_len, right - left + 1)
            curr_sum -= numbers[left]
            left += 1
        right += 1
    return 0 if min_len == sys.maxsize else min_len


# origin: TheAlgorithms/Python/linear_algebra/src/rank_of_matrix.py
@case(([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]],),
      ([[0.0, 1.0], [1.0, 0.0]],), ([[0.0, 0.0], [0.0, 0.0]],), ([[2.0, 3.0, 5.0]],))
def rank_of_matrix(matrix: list[list[int | float]]) -> int:
    rows = len(matrix)
    columns = len(matrix[0])
    rank = min(rows, columns)
    for row in range(rank):
        if matrix[row][row] != 0:
            for col in range(row + 1, rows):
                multiplier = matrix[col][row] / matrix[row][row]
                for i in range(row, columns):
                    matrix[col][i] -= multiplier * matrix[row][i]
        else:
            reduce = True
            for i in range(row + 1, rows):
                if matrix[i][row] != 0:
                    matrix[row], matrix[i] = matrix[i], matrix[row]
                    reduce = False
                    break
            if reduce:
                rank -= 1
                for i in range(rows):
                    matrix[i][row] = matrix[i][rank]
            row -= 1
    return rank


# origin: TheAlgorithms/Python/linear_algebra/src/gaussian_elimination_pivoting.py
# (np.copy / np.asarray of traced values -> jnp.*)
@case((M([5.0, -5.0, -3.0, 4.0, -11.0], [1.0, -4.0, 6.0, -4.0, -10.0],
         [-2.0, -5.0, 4.0, -5.0, -12.0], [-3.0, -3.0, 5.0, -5.0, 8.0]),),
      (M([1.0, 2.0, 3.0], [2.0, 4.0, 6.0]),), (M([0.0, 1.0, 2.0], [1.0, 1.0, 3.0]),),
      (M([1.0, 2.0, 3.0], [2.0, 4.0, 7.0]),), np_ref=True)
def solve_linear_system(matrix: np.ndarray) -> np.ndarray:
    ab = jnp.copy(matrix)
    num_of_rows = ab.shape[0]
    num_of_columns = ab.shape[1] - 1
    x_lst: list[float] = []
    if num_of_rows != num_of_columns:
        raise ValueError("Matrix is not square")
    for column_num in range(num_of_rows):
        for i in range(column_num, num_of_columns):
            if abs(ab[i][column_num]) > abs(ab[column_num][column_num]):
                ab[[column_num, i]] = ab[[i, column_num]]
        if abs(ab[column_num, column_num]) < 1e-8:
            raise ValueError("Matrix is singular")
        if column_num != 0:
            for i in range(column_num, num_of_rows):
                ab[i, :] -= (
                    ab[i, column_num - 1]
                    / ab[column_num - 1, column_num - 1]
                    * ab[column_num - 1, :]
                )
    for column_num in range(num_of_rows - 1, -1, -1):
        x = ab[column_num, -1] / ab[column_num, column_num]
        x_lst.insert(0, x)
        for i in range(column_num - 1, -1, -1):
            ab[i, -1] -= ab[i, column_num] * x
    return jnp.asarray(x_lst)


# origin: TheAlgorithms/Python/matrix/binary_search_matrix.py (binary_search renamed bsearch_rec)
def bsearch_rec(array: list, lower_bound: int, upper_bound: int, value: int) -> int:
    r = int((lower_bound + upper_bound) // 2)
    if array[r] == value:
        return r
    if lower_bound >= upper_bound:
        return -1
    if array[r] < value:
        return bsearch_rec(array, r + 1, upper_bound, value)
    else:
        return bsearch_rec(array, lower_bound, r - 1, value)


# origin: TheAlgorithms/Python/matrix/binary_search_matrix.py
@case((1, [[1, 4, 7], [2, 5, 8], [3, 6, 9]]), (5, [[1, 4, 7], [2, 5, 8], [3, 6, 9]]),
      (10, [[1, 4, 7], [2, 5, 8], [3, 6, 9]]))
def mat_bin_search(value: int, matrix: list) -> list:
    index = 0
    if matrix[index][0] == value:
        return [index, 0]
    while index < len(matrix) and matrix[index][0] < value:
        r = bsearch_rec(matrix[index], 0, len(matrix[index]) - 1, value)
        if r != -1:
            return [index, r]
        index += 1
    return [-1, -1]


NEG_GRIDS = ([[4, 3, 2, -1], [3, 2, 1, -1], [1, 1, -1, -2], [-1, -1, -2, -3]],
             [[3, 2], [1, 0]], [[7, 7, 6], [-1, -2, -3]])


# origin: TheAlgorithms/Python/matrix/count_negative_numbers_in_sorted_matrix.py
def find_negative_index(array: list[int]) -> int:
    left = 0
    right = len(array) - 1
    if not array or array[0] < 0:
        return 0
    while right + 1 > left:
        mid = (left + right) // 2
        num = array[mid]
        if num < 0 and array[mid - 1] >= 0:
            return mid
        if num >= 0:
            left = mid + 1
        else:
            right = mid - 1
    return len(array)


# origin: TheAlgorithms/Python/matrix/count_negative_numbers_in_sorted_matrix.py
@case(*[(g,) for g in NEG_GRIDS])
def count_negatives_binary_search(grid: list[list[int]]) -> int:
    total = 0
    bound = len(grid[0])
    for i in range(len(grid)):
        bound = find_negative_index(grid[i][:bound])
        total += bound
    return (len(grid) * len(grid[0])) - total


# origin: TheAlgorithms/Python/matrix/count_negative_numbers_in_sorted_matrix.py
@case(*[(g,) for g in NEG_GRIDS])
def count_negatives_brute_force(grid: list[list[int]]) -> int:
    return len([number for row in grid for number in row if number < 0])


# origin: TheAlgorithms/Python/matrix/count_negative_numbers_in_sorted_matrix.py
@case(*[(g,) for g in NEG_GRIDS], (np.array([[3, -1, -2], [-1, -2, -5]], np.int32),))
def count_negatives_brute_force_with_break(grid: list[list[int]]) -> int:
    total = 0
    for row in grid:
        for i, number in enumerate(row):
            if number < 0:
                total += len(row) - i
                break
    return total



# origin: TheAlgorithms/Python/sorts/insertion_sort.py (PEP 695 type parameters dropped:
# Python 3.11)
@case(([0, 5, 3, 2, 2],), ([],), ([-2, -5, -45],), (F(1.5, -0.5, 0.25),), np_ref=True)
def insertion_sort_ta(collection):
    for insert_index in range(1, len(collection)):
        insert_value = collection[insert_index]
        while insert_index > 0 and insert_value < collection[insert_index - 1]:
            collection[insert_index] = collection[insert_index - 1]
            insert_index -= 1
        collection[insert_index] = insert_value
    return collection


# origin: TheAlgorithms/Python/sorts/bead_sort.py (the isinstance(x, int) test dropped: the
# harness passes arrays)
@case(([5, 4, 3, 2, 1],), ([7, 9, 4, 3, 5],), ([2, -1],))
def bead_sort_ta(sequence: list) -> list:
    if any(x < 0 for x in sequence):
        raise TypeError("Sequence must be list of non-negative integers")
    for _ in range(len(sequence)):
        for i, (rod_upper, rod_lower) in enumerate(zip(sequence, sequence[1:])):  # noqa: RUF007
            if rod_upper > rod_lower:
                sequence[i] -= rod_upper - rod_lower
                sequence[i + 1] += rod_upper - rod_lower
    return sequence


# origin: TheAlgorithms/Python/sorts/merge_sort.py (renamed merge_sort_ta)
@case(([0, 5, 3, 2, 2],), ([1],), ([],))
def merge_sort_ta(collection: list) -> list:
    def merge(left: list, right: list) -> list:
        result = []
        while left and right:
            result.append(left.pop(0) if left[0] <= right[0] else right.pop(0))
        result.extend(left)
        result.extend(right)
        return result

    if len(collection) <= 1:
        return collection
    mid_index = len(collection) // 2
    return merge(merge_sort_ta(collection[:mid_index]), merge_sort_ta(collection[mid_index:]))


# origin: TheAlgorithms/Python/maths/interquartile_range.py
def find_median(nums: list[int | float]) -> float:
    div, mod = divmod(len(nums), 2)
    if mod:
        return nums[div]
    return (nums[div] + nums[(div) - 1]) / 2


# origin: TheAlgorithms/Python/maths/interquartile_range.py
@case(([4.0, 1.0, 2.0, 3.0, 2.0],), ([-2.0, -7.0, -10.0, 9.0, 8.0, 4.0, -67.0, 45.0],), ([1.0],),
      ([],))
def interquartile_range(nums: list[int | float]) -> float:
    if not nums:
        raise ValueError("The list is empty. Provide a non-empty list.")
    nums.sort()
    length = len(nums)
    div, mod = divmod(length, 2)
    q1 = find_median(nums[:div])
    half_length = sum((div, mod))
    q3 = find_median(nums[half_length:length])
    return q3 - q1


# origin: TheAlgorithms/Python/maths/geometric_mean.py (the isinstance test dropped: the harness
# passes arrays)
@case((2.0, 8.0), (-3.0, -27.0), (2.0, 2.0, 2.0), (-3.0, 3.0), (1.5, 2.5))
def compute_geometric_mean(*args: int) -> float:
    product = 1
    for number in args:
        product *= number
    if product < 0 and len(args) % 2 == 0:
        raise ArithmeticError("Cannot Compute Geometric Mean for these numbers.")
    mean = abs(product) ** (1 / len(args))
    if product < 0:
        mean = -mean
    possible_mean = float(round(mean))
    if possible_mean ** len(args) == product:
        mean = possible_mean
    return mean


# origin: TheAlgorithms/Python/maths/special_numbers/armstrong_numbers.py (isinstance test
# dropped)
@case((153,), (200,), (0,))
def pluperfect_number(n: int) -> bool:
    if n < 1:
        return False
    digit_histogram = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    digit_total = 0
    total = 0
    temp = n
    while temp > 0:
        temp, rem = divmod(temp, 10)
        digit_histogram[rem] += 1
        digit_total += 1
    for cnt, i in zip(digit_histogram, range(len(digit_histogram))):
        total += cnt * i ** digit_total
    return n == total


# origin: TheAlgorithms/Python/maths/special_numbers/armstrong_numbers.py (isinstance test
# dropped)
@case((153,), (200,), (0,))
def armstrong_number(n: int) -> bool:
    if n < 1:
        return False
    total = 0
    number_of_digits = 0
    temp = n
    number_of_digits = len(str(n))
    temp = n
    while temp > 0:
        rem = temp % 10
        total += rem ** number_of_digits
        temp //= 10
    return n == total


# origin: TheAlgorithms/Python/maths/points_are_collinear_3d.py
def create_vector(end_point1, end_point2):
    x = end_point2[0] - end_point1[0]
    y = end_point2[1] - end_point1[1]
    z = end_point2[2] - end_point1[2]
    return (x, y, z)


# origin: TheAlgorithms/Python/maths/points_are_collinear_3d.py
def get_3d_vectors_cross(ab, ac):
    x = ab[1] * ac[2] - ab[2] * ac[1]  # *i
    y = (ab[0] * ac[2] - ab[2] * ac[0]) * -1  # *j
    z = ab[0] * ac[1] - ab[1] * ac[0]  # *k
    return (x, y, z)


# origin: TheAlgorithms/Python/maths/points_are_collinear_3d.py
def is_zero_vector(vector, accuracy: int) -> bool:
    return tuple(round(x, accuracy) for x in vector) == (0, 0, 0)


# origin: TheAlgorithms/Python/maths/points_are_collinear_3d.py
@case(((4.802293083, 3.536233961, 0.0), (-2.186788107, -9.24561398, 0.0),
       (1.530169574, -2.447927606, 0.0), 4),
      ((2.399001826, -1.948262215, 0.0), (2.0, 2.0, 1.0), (-1.0, 0.0, 3.0), 4), static=(3,))
def are_collinear(a, b, c, accuracy: int = 10) -> bool:
    ab = create_vector(a, b)
    ac = create_vector(a, c)
    return is_zero_vector(get_3d_vectors_cross(ab, ac), accuracy)



# origin: TheAlgorithms/Python/sorts/insertion_sort.py, as array code under vmap (driver variant
# of insertion_sort_ta: same-shape argument sets)
@case((F(0.0, 5.0, 3.0, 2.0, 2.0),), (F(-2.0, -5.0, -45.0, 1.0, 0.0),), (F(1.0, 2.0, 3.0, 4.0, 5.0),),
      np_ref=True, vmap=True, grad=0)
def insertion_sort_vmap(collection):
    return insertion_sort_ta(collection)


# origin: TheAlgorithms/Python/sorts/bead_sort.py, on a same-shape array under vmap (driver variant)
@case((np.array([5, 4, 3, 2, 1], np.int32),), (np.array([7, 9, 4, 3, 5], np.int32),), np_ref=True,
      vmap=True)
def bead_sort_vmap(seq):
    return bead_sort_ta(seq)



# ======================================================================
# TheAlgorithms/Python: scheduling and other list programs
# ======================================================================

# origin: TheAlgorithms/Python/scheduling/first_come_first_served.py (renamed *_fcfs)
def calculate_waiting_times_fcfs(duration_times: list[int]) -> list[int]:
    waiting_times = [0] * len(duration_times)
    for i in range(1, len(duration_times)):
        waiting_times[i] = duration_times[i - 1] + waiting_times[i - 1]
    return waiting_times


# origin: TheAlgorithms/Python/scheduling/first_come_first_served.py
def calculate_turnaround_times(duration_times: list[int], waiting_times: list[int]) -> list[int]:
    return [
        duration_time + waiting_times[i]
        for i, duration_time in enumerate(duration_times)
    ]


# origin: TheAlgorithms/Python/scheduling/first_come_first_served.py
@case(([5, 10, 15],), ([1, 2, 3, 4, 5],), ([10, 3],))
def fcfs_driver(duration_times):  # driver: the origin's __main__
    waiting_times = calculate_waiting_times_fcfs(duration_times)
    turnaround_times = calculate_turnaround_times(duration_times, waiting_times)
    return (sum(turnaround_times) / len(turnaround_times), sum(waiting_times) / len(waiting_times))


# origin: TheAlgorithms/Python/scheduling/round_robin.py (renamed *_rr)
@case(([10, 4, 3],), ([0, 2],), ([1],))
def calculate_waiting_times_rr(burst_times: list[int]) -> list[int]:
    quantum = 2
    rem_burst_times = list(burst_times)
    waiting_times = [0] * len(burst_times)
    t = 0
    while True:
        done = True
        for i, burst_time in enumerate(burst_times):
            if rem_burst_times[i] > 0:
                done = False
                if rem_burst_times[i] > quantum:
                    t += quantum
                    rem_burst_times[i] -= quantum
                else:
                    t += rem_burst_times[i]
                    waiting_times[i] = t - burst_time
                    rem_burst_times[i] = 0
        if done is True:
            return waiting_times


# origin: TheAlgorithms/Python/scheduling/non_preemptive_shortest_job_first.py
@case(([0, 1, 2], [10, 5, 8], 3), ([1, 2, 2, 4], [3, 1, 4, 1], 4), static=(2,))
def calculate_waitingtime(arrival_time: list[int], burst_time: list[int],
                          no_of_processes: int) -> list[int]:
    waiting_time = [0] * no_of_processes
    remaining_time = [0] * no_of_processes
    for i in range(no_of_processes):
        remaining_time[i] = burst_time[i]
    ready_process: list[int] = []
    completed = 0
    total_time = 0
    while completed != no_of_processes:
        ready_process = []
        target_process = -1
        for i in range(no_of_processes):
            if (arrival_time[i] <= total_time) and (remaining_time[i] > 0):
                ready_process.append(i)
        if len(ready_process) > 0:
            target_process = ready_process[0]
            for i in ready_process:
                if remaining_time[i] < remaining_time[target_process]:
                    target_process = i
            total_time += burst_time[target_process]
            completed += 1
            remaining_time[target_process] = 0
            waiting_time[target_process] = (
                total_time - arrival_time[target_process] - burst_time[target_process]
            )
        else:
            total_time += 1
    return waiting_time


# origin: TheAlgorithms/Python/other/h_index.py (the isinstance validation dropped: the harness
# passes arrays)
@case(([3, 0, 6, 1, 5],), ([1, 3, 1],), ([1, 2, 3],), ([],))
def h_index(citations: list[int]) -> int:
    if not all(item >= 0 for item in citations):
        raise ValueError("The citations should be a list of non negative integers.")
    citations.sort()
    len_citations = len(citations)
    for i in range(len_citations):
        if citations[len_citations - 1 - i] <= i:
            return i
    return len_citations


# origin: TheAlgorithms/Python/other/activity_selection.py
@case(([1, 3, 0, 5, 8, 5], [2, 4, 6, 7, 9, 9]), ([0, 0], [5, 1]))
def print_max_activities(start: list[int], finish: list[int]) -> None:
    n = len(finish)
    print("The following activities are selected:")
    i = 0
    print(i, end=",")
    for j in range(n):
        if start[j] >= finish[i]:
            print(j, end=",")
            i = j



# origin: woraseth/numer/gaussian_elim_pivot.py (the origin's alternative pivot, kept there in a
# string: `max(range(i, n), key=...)` then a row swap with the traced row index)
def pivot_key(m, n, i):
    max_row = max(range(i, n), key=lambda r: abs(m[r][i]))
    m[i], m[max_row] = m[max_row], m[i]


# origin: woraseth/numer/gaussian_elim_pivot.py with pivot_key as its pivot
@case(([[1.0, -1.0, 3.0, 2.0], [6.0, -6.0, 2.0, -2.0], [1.0, 1.0, 0.0, 3.0]],), (GS_M,))
def gaussian_elimination_pivot_key(m):
    n = height(m)
    for i in range(n):
        pivot_key(m, n, i)
        for j in range(i + 1, n):
            m[j] = [m[j][k] - m[i][k] * m[j][i] / m[i][i] for k in range(n + 1)]
    if m[n - 1][n - 1] == 0:
        raise ValueError('No unique solution')
    x = [0] * n
    for i in range(n - 1, -1, -1):
        s = sum(m[i][j] * x[j] for j in range(i, n))
        x[i] = (m[i][n] - s) / m[i][i]
    return x


_F32 = "not a bug: float32 rounding"
# Accepted outcomes ("<key>: reason", key "refused" or "<class> <mode>"), as in
# corpus_hunt_numeric.py.
KNOWN: dict[str, str] = {
    "polyFit": "MISMATCH fn: " + _F32 + " of ill-conditioned normal equations (eager float32 "
               "and converted both ~1e-4 from the float64 answer)",
    "jacobi_eig": "refused: UndefinedVariableError: k/l assigned only in the branch of a traced "
                  "if (documented; eager's first test is always true)",
    "taylor": "refused: TracedListError: lists grow in a while loop with a traced trip count "
              "(fair)",
    "gaussian_elimination_with_pivot": "refused: UndefinedVariableError: max_row assigned only "
                                       "in the branch of a traced if (documented)",
    "gaussian_elimination_with_scaled_pivot": "refused: UndefinedVariableError: max_row assigned "
                                              "only in the branch of a traced if (documented)",
    "stdForm": "MISMATCH arr: NumPy aliasing through a returned parameter (`L = choleski(b)` is "
               "b): converted, `a[i] = v` on a JAX array rebinds (README, item assignment), so "
               "later changes to L do not reach b",
    "minimum_subarray_sum": "refused: StateError: `min_len = sys.maxsize` becomes traced "
                            "int32 state (was a raw OverflowError; fixed 2026-12-06)",
    "count_negatives_binary_search": "refused: TracedShapeError: list sliced by a traced bound "
                                     "(fair)",
    "merge_sort_ta": "refused: StateError: pop under a traced conditional expression changes "
                     "list lengths (fair)",
    "armstrong_number": "refused: ConcreteValueError: len(str(traced)) (fair)",
    "bead_sort_vmap": "MISMATCH arr: `for v in a` over a JAX array whose items the body "
                      "assigns reads the items `a` had when the loop began (`a[i] = v` rebinds "
                      "`a`, README); NumPy and lists read the live items",
    "calculate_waitingtime": "refused: StateError: list appended under a traced if (fair)",
}
