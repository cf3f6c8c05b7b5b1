"""A function a traced condition picks.

    act = jnp.tanh if x > 0 else jnp.sin          # or: if x > 0: act = lambda v: 2 * v
    y = act(z)                                    #     else:     act = lambda v: v - 1

A compiled program holds arrays, not functions, so the join of a traced `if` or
conditional expression whose paths bind one name to two functions keeps both:
a `Picked`, whose call is the conditional expression `f(z) if x > 0 else g(z)`
(runtime/calls.py converts each as it converts any call). What the two calls
return must join as any two branches do.
"""
from __future__ import annotations


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
