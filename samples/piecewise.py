"""Piecewise scalar functions written with if/elif/else, meant for jax.vmap."""
import jax.numpy as jnp


def smooth_clip(x):
    """Clips to [-1, 1] with a cubic that joins the flat parts smoothly."""
    if x < -1.0:
        y = -1.0
    elif x > 1.0:
        y = 1.0
    else:
        y = 1.5 * x - 0.5 * x ** 3
    return y


def huber(r, delta=1.0):
    """Huber loss of one residual, as a conditional expression."""
    return 0.5 * r * r if jnp.abs(r) <= delta else delta * (jnp.abs(r) - 0.5 * delta)


def soft_threshold(x, lam):
    """Proximal operator of lam*|x|, with one return per region."""
    if x > lam:
        return x - lam
    if x < -lam:
        return x + lam
    return 0.0 * x


PROGRAMS = [
    ("smooth_clip_vmap", smooth_clip, (jnp.linspace(-2.0, 2.0, 33),), {"vmap": True}),
    ("huber_vmap", huber, (jnp.linspace(-3.0, 3.0, 25),), {"vmap": True}),
    ("soft_threshold_vmap", soft_threshold, (jnp.linspace(-2.0, 2.0, 17), jnp.float32(0.5)),
     {"vmap": True, "in_axes": (0, None)}),
]
