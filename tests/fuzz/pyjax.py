"""What the JAX transformations mean in Python: the eager reference of the transforms config.

A program of the transforms config (transforms.py) calls its helpers through
`jax.grad`, `jax.vmap`, `jax.checkpoint`, `jax.jit`, `lax.fori_loop`, `lax.scan`, ...
The converted run calls the real ones: the converter must see JAX's own
functions (it tells them by their module). The eager run cannot: plain JAX traces
the function it vmaps, checkpoints, jits or loops over, and a Python `if` on a
traced value fails there. So check.py loads the program a second time for its
eager runs, with the two import lines

    import jax                 ->  from tests.fuzz.pyjax import jax
    from jax import lax        ->  from tests.fuzz.pyjax import lax

(`eager_source`): `jax` and `lax` are then these namespaces, where

    grad, value_and_grad, jacfwd, ...   the real functions: run eagerly (no jit)
                                        JAX differentiates with concrete primal
                                        values, so a Python `if` is plain Python
    vmap(f, in_axes)                    a Python loop over the leading axis of the
                                        batched arguments, results stacked
    checkpoint, remat, jit              the function itself (static_argnums: the
                                        argument is a Python value either way)
    lax.fori_loop, lax.scan             Python loops (the loop index an int32)

and everything else is JAX's own. A program may also `import jax.numpy as wnp` (the
shapes7 config): eagerly `import numpy as wnp`, so that `w = wnp.zeros(3)` is a NumPy
array whose `w[i] = v` is NumPy's write in place, the meaning autograph_py gives an item
write of a JAX array (a JAX array has none eagerly). Module-level wrappers (`h0_vmap =
jax.vmap(h0)`) and decorators are made by these at import, so they have these meanings too.
"""
from __future__ import annotations

import re
import types

import jax as _jax
import jax.numpy as jnp

__all__ = ["jax", "lax", "eager_source"]


def _stack(outs):
    return _jax.tree_util.tree_map(lambda *ys: jnp.stack([jnp.asarray(y) for y in ys]), *outs)


def vmap(fun, in_axes=0, out_axes=0, **_):
    """A Python loop over the leading axis of the arguments whose in_axes is 0."""
    assert out_axes == 0, "only out_axes=0 is generated"

    def batched(*args):
        axes = tuple(in_axes) if isinstance(in_axes, (tuple, list)) else (in_axes,) * len(args)
        assert len(axes) == len(args) and all(a in (0, None) for a in axes), in_axes
        sizes = {jnp.shape(a)[0] for a, ax in zip(args, axes) if ax == 0}
        assert len(sizes) == 1, f"batched arguments of lengths {sizes}"
        (n,) = sizes
        return _stack([fun(*[a[i] if ax == 0 else a for a, ax in zip(args, axes)])
                       for i in range(n)])
    return batched


def checkpoint(fun=None, **_):
    """The function itself (also as `@functools.partial(jax.checkpoint, ...)`)."""
    return fun if fun is not None else (lambda f: f)


def jit(fun=None, **_):
    """The function itself; a static argument is a Python value here anyway."""
    return fun if fun is not None else (lambda f: f)


def fori_loop(lower, upper, body_fun, init_val, **_):
    val = init_val
    for i in range(int(lower), int(upper)):
        val = body_fun(jnp.int32(i), val)
    return val


def scan(f, init, xs, length=None, reverse=False, **_):
    assert xs is not None and not reverse, "only scans over xs are generated"
    carry, ys = init, []
    for x in xs:
        carry, y = f(carry, x)
        ys.append(y)
    return carry, _stack(ys)


class _Namespace(types.ModuleType):
    """`base`'s attributes, except the ones given."""

    def __init__(self, name, base, **own):
        super().__init__(name)
        self.__dict__.update(own)
        self._base = base

    def __getattr__(self, name):
        return getattr(self._base, name)


lax = _Namespace("pyjax.lax", _jax.lax, fori_loop=fori_loop, scan=scan)
jax = _Namespace("pyjax.jax", _jax, vmap=vmap, checkpoint=checkpoint, remat=checkpoint, jit=jit,
                 lax=lax)

_IMPORTS = ((re.compile(r"^import jax$", re.M), "from tests.fuzz.pyjax import jax"),
            (re.compile(r"^from jax import lax$", re.M), "from tests.fuzz.pyjax import lax"),
            # NumPy's arrays, whose `w[i] = v` writes in place (shapes7's item writes)
            (re.compile(r"^import jax\.numpy as wnp$", re.M), "import numpy as wnp"))


def eager_source(source: str) -> str:
    """The program with `jax` and `lax` bound to these meanings (the same line numbers)."""
    for pattern, line in _IMPORTS:
        source = pattern.sub(line, source)
    return source
