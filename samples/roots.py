"""Root finding: Newton, bisection and fixed-point iteration."""
import jax.numpy as jnp


def newton_sqrt(a, tol=1e-5, max_iter=50):
    """Square root of `a` by Newton's method, stopped on relative residual."""
    x = jnp.maximum(a, 1.0)
    err = jnp.abs(x * x - a) / a
    it = 0
    while err > tol and it < max_iter:
        x = 0.5 * (x + a / x)
        err = jnp.abs(x * x - a) / a
        it += 1
    return x, it


def wallis_cubic(x):
    """Wallis's example, x^3 - 2x - 5, with one real root near 2.0946."""
    return x ** 3 - 2.0 * x - 5.0


def bisection_root(lo, hi, tol=1e-5):
    """A root of `wallis_cubic` in [lo, hi], which must bracket a sign change."""
    f_lo = wallis_cubic(lo)
    while hi - lo > tol:
        mid = 0.5 * (lo + hi)
        f_mid = wallis_cubic(mid)
        if f_mid == 0.0:
            return mid
        if jnp.sign(f_mid) == jnp.sign(f_lo):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def fixed_point_cos(x, max_iter):
    """Solves x = cos(x) by iteration; `max_iter` is static, the exit is traced."""
    for i in range(max_iter):
        x_new = jnp.cos(x)
        if jnp.abs(x_new - x) < 1e-6:
            break
        x = x_new
    return x, i


PROGRAMS = [
    ("newton_sqrt", newton_sqrt, (jnp.float32(2.0),), {}),
    ("newton_sqrt_vmap", newton_sqrt,
     (jnp.array([0.25, 2.0, 9.0, 10.0, 1e4, 3.5], jnp.float32),), {"vmap": True}),
    ("bisection_root", bisection_root, (jnp.float32(2.0), jnp.float32(3.0)), {}),
    ("fixed_point_cos", fixed_point_cos, (jnp.float32(1.0), 100), {"static_argnums": (1,)}),
]
