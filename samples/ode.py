"""Explicit Euler integration with an event that ends the run early."""
import jax.numpy as jnp

GRAVITY = 9.81
DRAG = 0.05


def projectile_range(speed, angle, dt=0.01, t_max=20.0):
    """Flight time and range of a projectile with quadratic drag.

    Integrates until the projectile comes back to the ground (early exit)
    or `t_max` passes.
    """
    pos = jnp.zeros(2)
    vel = speed * jnp.array([jnp.cos(angle), jnp.sin(angle)])
    t = 0.0
    while t < t_max:
        acc = -DRAG * jnp.linalg.norm(vel) * vel - jnp.array([0.0, GRAVITY])
        pos = pos + dt * vel
        vel = vel + dt * acc
        t = t + dt
        if pos[1] < 0.0:
            break
    return t, pos[0]


def cooling_time(temp, ambient, k, target, dt=0.1, max_steps=2000):
    """Newton cooling: steps until `temp` is within `target` of ambient."""
    for step in range(max_steps):
        if jnp.abs(temp - ambient) < target:
            return step * dt, temp
        temp = temp - dt * k * (temp - ambient)
    return max_steps * dt, temp


PROGRAMS = [
    ("projectile_range", projectile_range, (jnp.float32(20.0), jnp.float32(0.7)), {}),
    ("projectile_range_vmap", projectile_range,
     (jnp.float32(20.0), jnp.array([0.3, 0.6, 0.9, 1.2], jnp.float32)),
     {"vmap": True, "in_axes": (None, 0)}),
    ("cooling_time", cooling_time,
     (jnp.float32(90.0), jnp.float32(20.0), jnp.float32(0.3), jnp.float32(0.5)), {}),
]
