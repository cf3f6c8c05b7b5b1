"""The state of one traced construct, as one object.

Generated code hands each `ag__` operator a `get_state` and a `set_state`
closure and the labels of the state variables (`names`); the operator wraps
them, with what it knows of the construct, in a Block that travels through
the runtime. A construct that narrows its state (state.outputs_only) or
widens it (mutations.extended) makes a new Block.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable

from autograph_py import errors
from autograph_py.runtime.dispatch import is_traced


@dataclass(frozen=True)
class Block:
    get: Callable[[], tuple]         # the state variables' values
    set: Callable[[tuple], None]     # assigns them
    names: tuple                     # their labels ('x', "d['k']", 'global g', ...)
    construct: str                   # for messages: "`if` statement", "`while` loop", ...
    at: str                          # the user's file:line
    nouts: int | None = None         # the first nouts are outputs (see state.outputs_only)
    opts: dict = field(default_factory=dict)   # set_loop_options

    def but(self, **changes) -> "Block":
        return dataclasses.replace(self, **changes)


_OPTIONS = {"maximum_iterations": 0, "unroll": 1, "checkpoints": 2}   # the least value each takes
_TF_ONLY = ("parallel_iterations", "swap_memory", "shape_invariants")   # TF's; nothing in JAX


def loop_options(opts, depth=3):
    """The loop's `set_loop_options(...)`, checked: each a Python int (not traced), at
    least its least value (`unroll` may also be a bool, as lax.scan takes it); an unknown
    name is an error, TensorFlow's own options are accepted and do nothing."""
    opts = {k: v for k, v in (opts or {}).items() if k not in _TF_ONLY}
    for name, value in opts.items():
        problem = None
        if name == "unroll" and isinstance(value, bool):
            continue
        if name not in _OPTIONS:
            problem = f"set_loop_options has no option {name!r}"
        elif is_traced(value):
            problem = f"set_loop_options({name}=...) is traced"
        elif not isinstance(value, int) or isinstance(value, bool) or value < _OPTIONS[name]:
            problem = f"set_loop_options({name}={value!r}) is not an int >= {_OPTIONS[name]}"
        if problem:
            raise errors.ConcreteValueError(errors.message(
                problem, at=errors.where(depth),
                fix=f"The options are {', '.join(sorted(_OPTIONS))}, each a Python int known "
                    "when the function is traced (a constant, or computed from static "
                    "arguments and shapes)."))
    return opts
