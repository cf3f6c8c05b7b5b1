"""A function a traced condition picks.

    act = jnp.tanh if x > 0 else jnp.sin          # or: if x > 0: act = lambda v: 2 * v
    y = act(z)                                    #     else:     act = lambda v: v - 1

A compiled program holds arrays, not functions, so the join of a traced `if` or
conditional expression whose paths bind one name to two functions keeps both:
a `Picked`, whose call is the conditional expression `f(z) if x > 0 else g(z)`
(runtime/calls.py converts each as it converts any call). What the two calls
return must join as any two branches do.

A Picked is a pytree whose leaves are its condition and its two functions: a
pick made inside a branch (`if/elif/else` among three functions) leaves the
branch with its condition as an output, not as a tracer of the branch's trace.
"""
from __future__ import annotations

import jax


class Picked:
    """`if_true` where the traced scalar bool `pred` holds, `if_false` where it does not."""
    __slots__ = ("pred", "if_true", "if_false")

    # Set by runtime/calls.py: `call(picked, args, kwargs)`, the conditional expression.
    call = None

    def __init__(self, pred, if_true, if_false):
        self.pred, self.if_true, self.if_false = pred, if_true, if_false

    def __call__(self, *args, **kwargs):   # a call from code that is not converted
        return Picked.call(self, args, kwargs)

    def __repr__(self):
        return f"<{self.if_true!r} or {self.if_false!r}, as a traced condition picks>"


def pickable(a, b) -> bool:
    """Whether two values a traced condition picks between join as a Picked: two functions
    or other callables, not classes (two objects of two classes join as nothing: the
    choice of class is the error, at the variable that holds it)."""
    return callable(a) and callable(b) and not isinstance(a, type) and not isinstance(b, type)


jax.tree_util.register_pytree_node(
    Picked, lambda p: ((p.pred, p.if_true, p.if_false), None),
    lambda _, children: Picked(*children))


def aligned(a, b):
    """`a` and `b`, one or both Picked, as two values of one pytree structure (a plain
    function `f` where the other side is a Picked is `Picked(True, f, f)`, its functions
    aligned in turn); None where they cannot be (the join's own error says why)."""
    if type(a) is Picked and type(b) is Picked:
        t, f = aligned(a.if_true, b.if_true), aligned(a.if_false, b.if_false)
        if t is None or f is None:
            return None
        return Picked(a.pred, t[0], f[0]), Picked(b.pred, t[1], f[1])
    if type(a) is Picked or type(b) is Picked:
        p, other = (a, b) if type(a) is Picked else (b, a)
        if type(other) is not Picked and not pickable(other, other):
            return None
        t, f = aligned(p.if_true, other), aligned(p.if_false, other)
        wrapped = Picked(True, t[1], f[1])
        p = Picked(p.pred, t[0], f[0])
        return (p, wrapped) if type(a) is Picked else (wrapped, p)
    return a, b
