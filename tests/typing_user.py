"""A user file that uses every public name; `mypy --strict` must accept it (test_typing.py)."""
from __future__ import annotations

import jax
import jax.numpy as jnp

import autograph_py as ag


@ag.function
def halve(x: jax.Array) -> jax.Array:
    while jnp.sum(x) > 1:
        ag.set_loop_options(maximum_iterations=100)
        x = x / 2
    return x


@ag.function(static_argnums=1)
def repeat(x: jax.Array, n: int) -> jax.Array:
    for _ in range(n):
        x = x + 1
    return x


@ag.do_not_convert
def host(x: float) -> float:
    return x * 2


def twice(x: jax.Array) -> jax.Array:
    return x * 2


def use_everything() -> None:
    y: jax.Array = halve(jnp.ones(3))
    z: jax.Array = repeat(y, 2)
    lowered = halve.lower(jnp.ones(3))
    print(lowered.as_text()[:10], halve.trace(jnp.ones(3)).jaxpr, halve.eval_shape(z))
    halve.clear_cache()
    converted = ag.convert(twice, strict=True, include=("mylib",))
    w: jax.Array = converted(z)
    print(ag.to_code(twice), host(1.0), w)
    report = ag.explain(twice)(jnp.ones(2))
    print(report.entries, report.by_construct("call"))
    with ag.run_functions_eagerly(True):
        assert ag.functions_run_eagerly()
    with ag.do_not_convert():
        pass
    ag.set_strict(False)
    ag.set_verbosity(0)
    errors: tuple[type[Exception], ...] = (ag.AutographError, ag.ConversionError,
                                            ag.StateError, ag.UndefinedVariableError)
    print(errors, ag.UnconvertedWarning, ag.__version__)
