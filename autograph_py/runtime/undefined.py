"""Placeholders for variables that have no value yet on some path."""
from __future__ import annotations

from autograph_py import errors


class Undefined:
    """Value of a local that a converted function has not assigned yet.

    Generated code binds such locals to `Undefined('x')` at function entry so
    that branch and loop bodies can declare them `nonlocal`. Any use of the
    placeholder raises an error that names the variable; a traced `if` or loop
    that finds one in its state reports where the value is missing.
    """

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return f"<undefined {self.name}>"

    def _fail(self, *args, **kwargs):
        raise errors.UndefinedVariableError(errors.message(
            f"local variable '{self.name}' is used before it is assigned",
            at=errors.where(2),
            fix=f"Assign '{self.name}' on every path before this use."))

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        self._fail()


for _op in ("add sub mul truediv floordiv mod pow matmul and or xor lshift rshift "
            "radd rsub rmul rtruediv rfloordiv rmod rpow rmatmul rand ror rxor "
            "lt le gt ge neg pos abs invert bool int float index len iter getitem "
            "setitem call array jax_array complex round").split():
    setattr(Undefined, f"__{_op}__", Undefined._fail)


class UndefinedReturnValue(Undefined):
    """The return value before a `return` has run.

    Unlike other locals it may be missing in one branch of a traced `if` or
    before a traced loop: the return flag guards every later read of it, so
    the runtime fills it with zeros of the right type there.
    """

    __slots__ = ()

    def __init__(self):
        super().__init__("<return value>")


def is_undefined(v) -> bool:
    return isinstance(v, Undefined)
