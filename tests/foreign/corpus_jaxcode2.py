"""Code written by others for JAX (part 2 of 3, see corpus_jaxcode.py): a
conjugate gradient with an early return, adaptive Runge-Kutta and Heun
steppers, Kalman filters (tuples and registered dataclasses), QuantEcon's
successive approximation and Howard policy iteration (plain Python loops over
jnp values that print as they go). Origins and edits as in corpus_jaxcode.py.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
_A3 = np.array([[4.0, -1.0, 0.0], [-1.0, 4.0, -1.0], [0.0, -1.0, 4.0]], np.float32)


def av3(v):  # driver: A v for a symmetric positive definite 3x3
    return jnp.dot(jnp.asarray(_A3), v)


# ------------------------------------------------------------ linear solvers

# origin: bogdantoader/simplecryoem/src/algorithm.py
@case((av3, F(1.0, 2.0, 3.0), F(0.0, 0.0, 0.0), 10, 1e-16, False),
      (av3, F(2.0, 4.0, 10.0), F(0.0, 0.0, 0.0), 10, 1e-3, False),
      (av3, F(1.0, 0.0, 0.0), F(1.0, 1.0, 1.0), 12, 1e-3, True), grad=1, vmap=True)
def conjugate_gradient(op, b, x0, iterations, eps = 1e-16, verbose = False):
    """ Apply the conjugate gradient method where op(x) performs Ax for
    Hermitian positive-definite matrix A."""
    r = b - op(x0)

    x = x0
    p = r
    #for k in tqdm(range(iterations)):
    for k in range(iterations):
        rkTrk = jnp.sum(jnp.conj(r) * r)
        Ap = op(p)

        alpha = rkTrk / jnp.sum(jnp.conj(p) * Ap)

        x = x + alpha * p
        r = r - alpha * Ap

        norm_r = jnp.linalg.norm(r.ravel(),2)
        if norm_r < eps:
            #print("  cg iter", k, "||r|| =", norm_r)
            return x, k

        beta = jnp.sum(jnp.conj(r) * r) / rkTrk
        p = r + beta * p

        if verbose and jnp.mod(k,10) == 0:
            print("  cg iter", k, "||r|| =", norm_r)

    return x, k


# ------------------------------------------------------------ ODE steppers

def ode_lin(y, t):  # driver: y' = -2 y + t, called as func(y, t) by rk45_step
    return -2.0 * y + t


# origin: ThomasYangth/NHWP-SP/src/py/RK45.py  (default `ncp = np` -> `ncp = jnp`)
@case((ode_lin, 0.0, F(1.0, 2.0).reshape(2, 1), 0.1),
      (ode_lin, 0.5, F(0.5, -1.0).reshape(2, 1), 0.3),
      (ode_lin, 1.0, F(0.0, 1e-3).reshape(2, 1), 0.01), grad=3, vmap=True)
def rk45_step(func, t, y, h, tol=1e-6, ncp = jnp):
    c = ncp.array([0, 1/4, 3/8, 12/13, 1, 1/2])
    a = [
        [],
        [1/4],
        [3/32, 9/32],
        [1932/2197, -7200/2197, 7296/2197],
        [439/216, -8, 3680/513, -845/4104],
        [-8/27, 2, -3544/2565, 1859/4104, -11/40]
    ]
    b = ncp.array([16/135, 0, 6656/12825, 28561/56430, -9/50, 2/55])
    b_star = ncp.array([25/216, 0, 1408/2565, 2197/4104, -1/5, 0])

    k = []
    for i in range(6):
        y_temp = y + h * ncp.sum(ncp.array([a[i][j] * k[j] for j in range(i)]), axis=0)[:,ncp.newaxis] if i > 0 else y
        k.append(func(y_temp.flatten(), t + c[i] * h))

    y_new = y + h * ncp.sum(ncp.array([b[i] * k[i] for i in range(6)]), axis=0)[:,ncp.newaxis]
    y_new_star = y + h * ncp.sum(ncp.array([b_star[i] * k[i] for i in range(6)]), axis=0)[:,ncp.newaxis]

    error = ncp.linalg.norm(y_new - y_new_star, ord=ncp.inf)
    if error > tol:
        h_new = h * min(0.9 * (tol / error)**0.2, 1.0)
    else:
        h_new = h * min(0.9 * (tol / error)**0.25, 1.5)

    return t + h, y_new, h_new


# origin: ThomasYangth/NHWP-SP/src/py/RK45.py  (default `ncp = np` -> `ncp = jnp`)
@case((ode_lin, (0.0, 1.0), F(1.0, 2.0).reshape(2, 1), 0.1, 1e-4),
      (ode_lin, (0.0, 0.5), F(0.5, -1.0).reshape(2, 1), 0.2, 1e-3))
def rk45(func, t_span, y0, h0=0.1, tol=1e-6, ncp = jnp):
    t0, tf = t_span
    t = t0
    y = ncp.array(y0, dtype=float)
    h = h0

    t_vals = [t]
    y_vals = [y]

    while t < tf:
        if t + h > tf:
            h = tf - t
        t, y, h = rk45_step(func, t, y, h, tol)
        t_vals.append(t)
        y_vals.append(y)

    return y


def rhs_heun(y, t, rhsArgs):  # driver
    return -y + jnp.sin(t)


# origin: markusschmitt/vmc_jax/jVMC/stepper.py (an early version of the file)
class AdaptiveHeun:

    def __init__(self, timeStep=1e-3, tol=1e-8, maxStep=1.):
        self.dt = timeStep
        self.tolerance = tol
        self.maxStep = maxStep


    def step(self, t, f, yInitial, normFunction, rhsArgs=None):

        fe = 0.5

        dt = self.dt

        while fe < 1.:

            y = yInitial.copy()
            k0 = f(y, t, rhsArgs)
            y += dt * k0
            k1 = f(y, t + dt, rhsArgs)
            dy0 = 0.5 * dt * (k0 + k1)

            # now with half step size
            y -= 0.5 * dt * k0
            k10 = f(y, t + 0.5 * dt, rhsArgs)
            dy1 = 0.25 * dt * (k0 + k10)
            y = yInitial + dy1
            k01 = f(y, t + 0.5 * dt, rhsArgs)
            y += 0.5 * dt * k01
            k11 = f(y, t + dt, rhsArgs)
            dy1 += 0.25 * dt * (k01 + k11)

            # compute deviation
            updateDiff = normFunction(dy1 - dy0)
            fe = self.tolerance / updateDiff

            if 0.2>0.9*fe**0.33333:
                tmp = 0.2
            else:
                tmp = 0.9*fe**0.33333
            if tmp > 2.:
                tmp = 2.

            realDt = dt
            dt *= tmp

            if dt > self.maxStep:
                dt = self.maxStep

        # end while

        self.dt = dt

        return yInitial + dy1, realDt


@case((F(1.0, 0.5), 1e-4), (F(-1.0, 2.0), 1e-3), (F(0.0, 0.0), 1e-4), vmap=True)
def heun_integrate(y0, tol):  # driver: the commented-out script of the origin, 4 steps
    stepper = AdaptiveHeun(timeStep=0.1, tol=tol)
    y, t = y0, 0.0
    for k in range(4):
        y, dt = stepper.step(t, rhs_heun, y, normFunction=jnp.linalg.norm)
        t += dt
    return y, t, stepper.dt


# ------------------------------------------------------------ Kalman filters

# origin: pnkraemer/code-robust-state-estimation-singular-noise/src/ckf/ckf.py (an earlier
# version of the file: kalman_filter, predict, update)
def kalman_filter():
    def kf(data, /, *, init, latent, observe):
        n, _ = data.shape
        d, = init[0].shape
        ms = jnp.zeros((n, d))
        cs = jnp.zeros((n, d, d))

        rv = init
        body = body_fun(latent, observe)
        _, (ms, cs) = jax.lax.scan(body, xs=data, init=init, reverse=False)
        return ms, cs

    def body_fun(latent, observe):
        def fun(rv, datum):
            rv = predict(rv, latent)
            rv = update(rv, datum, observe)
            return rv, rv
        return fun

    return kf


def predict(rv, model):
    A, Q = model
    m, C = rv

    m = A @ m
    C = A @ C @ A.T + Q
    return m, C


def update(rv, data, model):
    A, Q = model
    m, C = rv

    z = A @ m
    S = A @ C @ A.T + Q
    K = C @ A.T @ jnp.linalg.inv(S)

    m = m - K @ (z - data)
    C = C - K @ A @ C
    return (m, C)


_DATA = np.array([[0.1], [0.4], [0.35], [0.9], [1.2]], np.float32)
_KF = (_DATA, F(0.0, 1.0), np.eye(2, dtype=np.float32),
       np.array([[1.0, 0.1], [0.0, 1.0]], np.float32),
       0.01 * np.eye(2, dtype=np.float32), np.array([[1.0, 0.0]], np.float32), F(0.1).reshape(1, 1))
_KF2 = (_DATA[::-1].copy(),) + _KF[1:]


@case(_KF, _KF2, grad=1, vmap=True)
def kf_scan(data, m0, C0, A, Q, H, R):  # driver: runs kalman_filter()
    return kalman_filter()(data, init=(m0, C0), latent=(A, Q), observe=(H, R))


@case(_KF, _KF2, grad=1, vmap=True)
def kf_loop(data, m0, C0, A, Q, H, R):  # driver: the loop the author left commented out in kf
    latent, observe = (A, Q), (H, R)
    n, _ = data.shape
    d, = m0.shape
    ms = jnp.zeros((n, d))
    cs = jnp.zeros((n, d, d))
    rv = (m0, C0)
    for i, d in enumerate(data):
        rv = predict(rv, latent)
        rv = update(rv, d, observe)

        ms = ms.at[i].set(rv[0])
        cs = cs.at[i].set(rv[1])
    return (ms, cs)


# origin: pnkraemer/code-robust-state-estimation-singular-noise/src/ckf/ckf.py
@jax.tree_util.register_dataclass
@dataclasses.dataclass
class RandVar:
    mean: jax.Array
    cov: jax.Array


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Trafo:
    linop: jax.Array
    bias: jax.Array
    cov: jax.Array


def marginal(*, prior: RandVar, trafo: Trafo) -> RandVar:
    m = trafo.linop @ prior.mean + trafo.bias
    C = trafo.linop @ prior.cov @ trafo.linop.T + trafo.cov
    return RandVar(m, C)


def condition(data, *, prior: RandVar, trafo: Trafo) -> RandVar:
    z = trafo.linop @ prior.mean + trafo.bias
    S = trafo.linop @ prior.cov @ trafo.linop.T + trafo.cov
    marg = RandVar(z, S)

    K = prior.cov @ trafo.linop.T @ jnp.linalg.inv(S)
    m = prior.mean - K @ (z - data)
    C = prior.cov - K @ trafo.linop @ prior.cov
    cond = RandVar(m, C)
    return marg, cond


@case(_KF, _KF2, grad=1, vmap=True)
def kf_dataclass(data, m0, C0, A, Q, H, R):  # driver: a filter loop over marginal/condition
    rv = RandVar(m0, C0)
    latent = Trafo(A, jnp.zeros_like(m0), Q)
    observe = Trafo(H, jnp.zeros(H.shape[0]), R)
    means = []
    loglik = 0.0
    for y in data:
        rv = marginal(prior=rv, trafo=latent)
        marg, rv = condition(y, prior=rv, trafo=observe)
        if jnp.abs(y - marg.mean)[0] > 3.0 * jnp.sqrt(marg.cov[0, 0]):
            loglik = loglik - 10.0
        means.append(rv.mean)
    return jnp.stack(means), rv.cov, loglik


# ------------------------------------------------------------ QuantEcon

def T_half(x):  # driver: a contraction with fixed point 2
    return 0.5 * x + 1.0


# origin: QuantEcon/book-dp1-public-companion/source_code_py/s_approx.py (np.max/np.abs -> jnp)
@case((T_half, F(0.0, 10.0), 1e-3, 100, 5), (T_half, F(3.0, 2.0), 1e-3, 100, 5),
      (T_half, F(0.0, 100.0), 1e-6, 10, 4), vmap=True)
def successive_approx(T,                     # Operator (callable)
                      x_0,                   # Initial condition
                      tolerance=1e-6,        # Error tolerance
                      max_iter=10_000,       # Max iteration bound
                      print_step=25):        # Print at multiples
    x = x_0
    error = tolerance + 1
    k = 1
    while (error > tolerance) and (k <= max_iter):
        x_new = T(x)
        error = jnp.max(jnp.abs(x_new - x))
        if k % print_step == 0:
            print(f"Completed iteration {k} with error {error}.")
        x = x_new
        k += 1
    if error <= tolerance:
        print(f"Terminated successfully in {k} iterations.")
    else:
        print("Warning: hit iteration bound.")
    return x


def get_value(σ, constants, sizes, arrays):  # driver: v_σ = (I - β P_σ)^{-1} r_σ
    β, = constants
    n, = sizes
    r, P = arrays
    idx = jnp.arange(n)
    return jnp.linalg.solve(jnp.eye(n) - β * P[idx, σ], r[idx, σ])


def get_greedy(v, constants, sizes, arrays):  # driver: argmax_a r(s, a) + β P(s, a) v
    β, = constants
    r, P = arrays
    return jnp.argmax(r + β * P @ v, axis=1)


_R = np.array([[1.0, 0.0], [0.0, 2.0], [0.5, 0.4]], np.float32)
_P = np.array([[[0.9, 0.1, 0.0], [0.1, 0.1, 0.8]], [[0.5, 0.5, 0.0], [0.0, 0.2, 0.8]],
               [[0.3, 0.3, 0.4], [1.0, 0.0, 0.0]]], np.float32)


# origin: QuantEcon/lecture-jax/lectures/_static/lecture_specific/hpi.py
@case(((0.9,), (3,), (_R, _P)), ((0.5,), (3,), (_R[::-1].copy(), _P)), static=(1,))
def policy_iteration(constants, sizes, arrays, maxiter=250):  # driver: model unpacked
    model = constants, sizes, arrays  # driver
    constants, sizes, arrays = model
    vz = jnp.zeros(sizes)
    σ = jnp.zeros(sizes, dtype=int)
    i, error = 0, 1.0
    while error > 0 and i < maxiter:
        v_σ = get_value(σ, constants, sizes, arrays)
        σ_new = get_greedy(v_σ, constants, sizes, arrays)
        error = jnp.max(jnp.abs(σ_new - σ))
        σ = σ_new
        i = i + 1
        print(f"Concluded loop {i} with error {error}.")
    return σ
