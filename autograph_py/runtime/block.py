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
