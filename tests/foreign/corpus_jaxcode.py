"""Code written by others for JAX (part 1 of 3; see corpus_jaxcode2.py, corpus_jaxcode3.py):
root finders and fixed points written with `lax.while_loop` closures,
Metropolis / HMC / rejection samplers threading `jax.random` keys, a
conjugate gradient with an early return, adaptive Runge-Kutta and Heun
steppers, and Kalman filters over pytree dataclasses. Run eager vs
converted by the differential harness (harness.py), with `grad` and `vmap`
where a float argument or a batch of inputs makes sense.

Each function is copied from the public GitHub file named in the comment above
it (`# origin: owner/repo/path`); edits are minimal and listed there. Where the
author wrote `lax.while_loop` / `lax.fori_loop` closures by hand, the copy is
kept as written (the converter converts the closures it hands to JAX) and a
`# driver` function next to it is the natural Python form of the same
algorithm, as a JAX user would write it for the converter. Lines marked
`# driver` are not from the origin: test functions, and such rewrites.

Run: `pytest tests/test_foreign.py -k jaxcode`. Accepted outcomes are in KNOWN
in corpus_jaxcode3.py (one table for the three parts).
"""
from __future__ import annotations

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random, vmap

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
KEY0, KEY1, KEY2 = (np.array([0, s], np.uint32) for s in (0, 7, 42))


def fq(x):  # driver
    return x * x - 2.0


def fcub(x):  # driver
    return x ** 3 - 2.0 * x - 5.0


# ------------------------------------------------------------ Newton, fixed points

# origin: pjanul/hmfast/src/hmfast/tools/newton_root.py
@case((fq, 1.0), (fq, 3.0), (fq, 0.5), grad=1, vmap=True)
def newton_solver(f, x0, tol=1e-8, max_iter=50):
    df = jax.grad(f)
    def cond_fn(state):
        x, i = state
        return (jnp.abs(f(x)) > tol) & (i < max_iter)
    def body_fn(state):
        x, i = state
        fx = f(x)
        dfx = df(x)
        x_new = x - fx / dfx
        return (x_new, i + 1)
    x_final, _ = lax.while_loop(cond_fn, body_fn, (x0, 0))
    return x_final


# origin: pjanul/hmfast/src/hmfast/tools/newton_root.py
@case((fq, 1.0), (fq, 3.0), (fq, 0.5), grad=1, vmap=True)
def newton_root(f, x0, tol=1e-8, max_iter=50):
    def solve(f, x0):
        return newton_solver(f, x0, tol=tol, max_iter=max_iter)
    # For scalar roots, use the recommended tangent_solve
    tangent_solve = lambda g, y: y / g(1.0)
    return lax.custom_root(f, x0, solve, tangent_solve=tangent_solve)


@case((fq, 1.0), (fq, 3.0), (fq, 0.5), grad=1, vmap=True, ref=newton_root)
def newton_solver_py(f, x0, tol=1e-8, max_iter=50):  # driver: newton_solver as Python
    df = jax.grad(f)
    x, i = x0, 0
    while jnp.abs(f(x)) > tol and i < max_iter:
        x = x - f(x) / df(x)
        i += 1
    return x


def T(x, constants, sizes, arrays):  # driver: a contraction (the lecture's Bellman operator)
    n, = sizes
    return constants * jnp.cos(x[:n]) + arrays


# origin: QuantEcon/lecture-jax/lectures/_static/lecture_specific/successive_approx.py
# (the module-level `successive_approx_jax = jax.jit(..., static_argnums=(2,))` left out)
@case((F(0.0, 1.0, 2.0), 0.5, (3,), F(1.0, 0.0, -1.0)),
      (F(5.0, 5.0, 5.0), 0.9, (3,), F(0.0, 0.0, 0.0)), static=(2,), grad=1, vmap=True)
def successive_approx_jax(x_0,                   # Initial condition
                          constants,
                          sizes,
                          arrays,
                          tolerance=1e-6,        # Error tolerance
                          max_iter=10_000):      # Max iteration bound

    def body_fun(k_x_err):
        k, x, error = k_x_err
        x_new = T(x, constants, sizes, arrays)
        error = jnp.max(jnp.abs(x_new - x))
        return k + 1, x_new, error

    def cond_fun(k_x_err):
        k, x, error = k_x_err
        return jnp.logical_and(error > tolerance, k < max_iter)

    k, x, error = jax.lax.while_loop(cond_fun, body_fun, (1, x_0, tolerance + 1))
    return x


@case((F(0.0, 1.0, 2.0), 0.5, (3,), F(1.0, 0.0, -1.0)),
      (F(5.0, 5.0, 5.0), 0.9, (3,), F(0.0, 0.0, 0.0)), static=(2,), grad=1, vmap=True)
def successive_approx_py(x_0, constants, sizes, arrays, tolerance=1e-6,
                         max_iter=10_000):  # driver: successive_approx_jax as Python
    k, x, error = 1, x_0, tolerance + 1
    while error > tolerance and k < max_iter:
        x_new = T(x, constants, sizes, arrays)
        error = jnp.max(jnp.abs(x_new - x))
        k, x = k + 1, x_new
    return x


# ------------------------------------------------------------ MCMC, HMC, rejection

def logp_batch(x):  # driver: standard normal log density of a batch (batch, n, dim)
    return -0.5 * jnp.sum(x ** 2, axis=(1, 2))


def logp_vec(x):  # driver: a correlated 2-D Gaussian
    return -0.5 * (x[0] ** 2 + 2.0 * (x[1] - 0.5 * x[0]) ** 2)


# origin: fermiflow/CoulombGas/MCMC.py
# (the module's `config.update("jax_enable_x64", True)` left out)
@partial(jax.jit, static_argnums=0)
def mcmc(logp_fn, x_init, key, mc_steps, mc_stddev=0.02):
    def step(i, state):
        x, logp, key = state
        key, key_proposal, key_accept = jax.random.split(key, 3)

        x_proposal = x + mc_stddev * jax.random.normal(key_proposal, x.shape)
        logp_proposal = logp_fn(x_proposal)
        ratio = jnp.exp(logp_proposal - logp)
        accept = jax.random.uniform(key_accept, ratio.shape) < ratio

        x_new = jnp.where(accept[:, None, None], x_proposal, x)
        logp_new = jnp.where(accept, logp_proposal, logp)
        return x_new, logp_new, key

    logp_init = logp_fn(x_init)
    x, logp, key = lax.fori_loop(0, mc_steps, step, (x_init, logp_init, key))
    return x


case((logp_batch, np.zeros((2, 3, 1), np.float32), KEY0, 20),
     (logp_batch, np.ones((2, 3, 1), np.float32), KEY1, 5), vmap=True)(mcmc)


@case((logp_vec, F(0.0, 0.0), KEY0, 30, 0.5), (logp_vec, F(1.0, -1.0), KEY2, 30, 0.5),
      grad=1, vmap=True)
def mh_single_py(logp_fn, x, key, mc_steps, mc_stddev=0.02):  # driver: mcmc, one chain, `if`
    logp = logp_fn(x)
    num_accepts = 0
    for i in range(mc_steps):
        key, key_proposal, key_accept = jax.random.split(key, 3)
        x_proposal = x + mc_stddev * jax.random.normal(key_proposal, x.shape)
        logp_proposal = logp_fn(x_proposal)
        if jax.random.uniform(key_accept) < jnp.exp(logp_proposal - logp):
            x, logp = x_proposal, logp_proposal
            num_accepts += 1
    return x, num_accepts / mc_steps


# origin: kazewong/flowMC/nfsampler/sampler/Gaussian_random_walk.py
@case((KEY0, logp_vec, F(0.0, 0.0), 0.0), (KEY1, logp_vec, F(1.0, 1.0), -0.75),
      (KEY2, logp_vec, F(3.0, 0.0), -9.0), grad=2, vmap=True)
@partial(jax.jit, static_argnums=(1,))
def rw_metropolis_kernel(rng_key, logpdf, position, log_prob):
    key1, key2 = jax.random.split(rng_key)
    move_proposal = jax.random.normal(key1, shape=position.shape) * 0.1
    proposal = position + move_proposal
    proposal_log_prob = logpdf(proposal)

    log_uniform = jnp.log(jax.random.uniform(key2))
    do_accept = log_uniform < proposal_log_prob - log_prob

    position = jnp.where(do_accept, proposal, position)
    log_prob = jnp.where(do_accept, proposal_log_prob, log_prob)
    return position, log_prob, do_accept.astype(jnp.int8)


# origin: martin-marek/mini-hmc-jax/hmc.py
def leapfrog(params, momentum, log_prob_fn, step_size, n_steps):
    # define a single step
    def step(i, args):
        params, momentum = args
        # update momentum
        grad = jax.grad(log_prob_fn)(params)
        momentum += 0.5 * step_size * grad
        # update params
        params += momentum * step_size
        # update momentum
        grad = jax.grad(log_prob_fn)(params)
        momentum += 0.5 * step_size * grad
        return params, momentum
    # do 'n_steps'
    new_params, new_momentum = jax.lax.fori_loop(0, n_steps, step, (params, momentum))
    return new_params, new_momentum


case((F(1.0, 0.0), F(0.0, 1.0), logp_vec, 0.1, 5), (F(0.5, 0.5), F(1.0, -1.0), logp_vec, 0.3, 5),
     static=(4,), grad=0, vmap=True)(leapfrog)


# origin: martin-marek/mini-hmc-jax/hmc.py
@case((F(0.0, 0.0), logp_vec, 8, 5, 0.2, KEY0), (F(1.0, 2.0), logp_vec, 8, 5, 0.2, KEY1),
      static=(2,), vmap=True)
def hmc_sampler(params, log_prob_fn, n_steps, n_leapfrog_steps, step_size, key):
    # define a single step
    def step(i, args):
        params, chain, total_accept_prob, key = args
        key, normal_key, uniform_key = jax.random.split(key, 3)
        # generate random momentum
        momentum = jax.random.normal(normal_key, shape=params.shape)
        # leapfrog
        new_params, new_momentum = leapfrog(params, momentum, log_prob_fn, step_size, n_leapfrog_steps)
        # MH correction
        potentaial_energy_diff = log_prob_fn(new_params) - log_prob_fn(params)
        kinetic_energy_diff = 0.5*(momentum**2 - new_momentum**2).sum()
        log_accept_prob = potentaial_energy_diff + kinetic_energy_diff
        log_accept_prob = jnp.nan_to_num(log_accept_prob, nan=-jnp.inf)
        accept_prob = jnp.minimum(1, jnp.exp(log_accept_prob))
        total_accept_prob += accept_prob
        accept = jax.random.uniform(uniform_key) < accept_prob
        params = jnp.where(accept, new_params, params)
        # store params
        chain = chain.at[i].set(params)
        return params, chain, total_accept_prob, key
    # do 'n_steps'
    chain = jnp.zeros([n_steps, len(params)])
    _, chain, total_accept_prob, key = jax.lax.fori_loop(0, n_steps, step, (params, chain, 0, key))
    print(f'Avg. accept. prob.: {(total_accept_prob/n_steps):.2%}')
    return chain


@case((F(0.0, 0.0), logp_vec, 8, 5, 0.2, KEY0), (F(1.0, 2.0), logp_vec, 8, 5, 0.2, KEY1),
      static=(2, 3), grad=0, vmap=True, ref=hmc_sampler)
def hmc_sampler_py(params, log_prob_fn, n_steps, n_leapfrog_steps, step_size, key):  # driver
    chain = jnp.zeros([n_steps, len(params)])  # driver: hmc_sampler with Python loops and `if`
    total_accept_prob = 0
    for i in range(n_steps):
        key, normal_key, uniform_key = jax.random.split(key, 3)
        momentum = jax.random.normal(normal_key, shape=params.shape)
        new_params, new_momentum = params, momentum
        for _ in range(n_leapfrog_steps):
            new_momentum += 0.5 * step_size * jax.grad(log_prob_fn)(new_params)
            new_params += new_momentum * step_size
            new_momentum += 0.5 * step_size * jax.grad(log_prob_fn)(new_params)
        log_accept_prob = (log_prob_fn(new_params) - log_prob_fn(params)
                           + 0.5 * (momentum ** 2 - new_momentum ** 2).sum())
        accept_prob = min(1.0, jnp.exp(log_accept_prob))
        total_accept_prob += accept_prob
        if jax.random.uniform(uniform_key) < accept_prob:
            params = new_params
        chain = chain.at[i].set(params)
    print(f'Avg. accept. prob.: {(total_accept_prob/n_steps):.2%}')
    return chain


def pdf_tri(x):  # driver: triangular density on [0, 1]
    return 2.0 * x


def sample_unit(key):  # driver: uniform proposal on [0, 1]
    return random.uniform(key)


# origin: schaffer9/MagPI/magpi/sampling.py  (`from .prelude import *` -> the imports above)
@case((KEY0, pdf_tri, sample_unit, 4, 2.0), (KEY2, pdf_tri, sample_unit, 4, 2.0),
      static=(3,), vmap=True)
def rejection_sampling(key, pdf, sample_fn, n, m):
    def draw_sample(key):
        key, samplekey, valkey = random.split(key, 3)
        sample = sample_fn(samplekey)
        p = random.uniform(valkey)

        def body(state):
            key, p, sample = state
            key, samplekey, valkey = random.split(key, 3)
            p = random.uniform(valkey)
            sample = sample_fn(samplekey)
            return key, p, sample

        def not_valid(state):
            _, p, sample = state
            return p > (pdf(sample) / m)

        _, _, sample = lax.while_loop(not_valid, body, (key, p, sample))
        return sample

    keys = random.split(key, n)
    return vmap(draw_sample)(keys)


@case((KEY0, pdf_tri, sample_unit, 4, 2.0), (KEY2, pdf_tri, sample_unit, 4, 2.0),
      static=(3,), vmap=True, ref=rejection_sampling)
def rejection_sampling_py(key, pdf, sample_fn, n, m):  # driver: rejection_sampling as Python
    def draw_sample(key):
        key, samplekey, valkey = random.split(key, 3)
        sample = sample_fn(samplekey)
        p = random.uniform(valkey)
        while p > pdf(sample) / m:
            key, samplekey, valkey = random.split(key, 3)
            p = random.uniform(valkey)
            sample = sample_fn(samplekey)
        return sample

    keys = random.split(key, n)
    return vmap(draw_sample)(keys)


def in_disk(x):  # driver: accept points of the unit disk
    return jnp.sum(x ** 2) < 1.0


def sample_square(key):  # driver
    return random.uniform(key, (2,), minval=-1.0, maxval=1.0)


# origin: schaffer9/MagPI/pinns/sampling.py  (`from .prelude import *` -> the imports above;
# `@partial(jit, static_argnames=("condition", "sampling", "n"))` left out: the harness jits)
@case((KEY0, in_disk, sample_square, 5), (KEY1, in_disk, sample_square, 5), static=(3,), vmap=True)
def rejection_sampling_domain(key, condition, sampling, n: int):
    key, subkey = random.split(key)
    sample = sampling(subkey)
    shape = (n, *sample.shape)
    samples = jnp.empty(shape, dtype=sample.dtype)
    i = 0

    def body(state):
        samples, i, key, sample = state
        valid = condition(sample)
        key, subkey = random.split(key)
        samples = lax.cond(
            valid,
            lambda samples: samples.at[i].set(sample),
            lambda samples: samples,
            samples
        )
        i = lax.cond(valid, lambda i: i+1, lambda i: i, i)
        sample = sampling(subkey)
        return (samples, i, key, sample)

    samples, *_ = lax.while_loop(
        lambda state: state[1] < n,
        body,
        (samples, i, key, sample)
    )

    return samples


@case((KEY0, in_disk, sample_square, 5), (KEY1, in_disk, sample_square, 5), static=(3,), vmap=True)
def rejection_sampling_domain_py(key, condition, sampling, n: int):  # driver: as Python
    key, subkey = random.split(key)
    sample = sampling(subkey)
    samples = jnp.empty((n, *sample.shape), dtype=sample.dtype)
    i = 0
    while i < n:
        key, subkey = random.split(key)
        if condition(sample):
            samples = samples.at[i].set(sample)
            i += 1
        sample = sampling(subkey)
    return samples
