"""One Namer per converted function: fresh, readable names for generated symbols."""
from __future__ import annotations

import gast

from autograph_py.compiler import visitors


class Namer:
    """Hands out names with semantic roots (`if_body`, `loop_test`, ...).

    A name is never one the user's function already uses, nor one handed out
    before, so generated symbols cannot shadow user variables.
    """

    def __init__(self, taken: set[str]):
        self._taken = set(taken)

    @classmethod
    def for_tree(cls, tree) -> "Namer":
        taken = set()
        for node in visitors.walk(tree):
            if isinstance(node, gast.Name):
                taken.add(node.id)
            elif isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)):
                taken.add(node.name)
            elif isinstance(node, (gast.Global, gast.Nonlocal)):
                taken.update(node.names)
        return cls(taken)

    def new(self, root: str) -> str:
        name, k = root, 1
        while name in self._taken:
            name = f"{root}_{k}"
            k += 1
        self._taken.add(name)
        return name


def mangled(name: str, owner: str | None) -> str:
    """`name` as Python spells a private name (`__n`) in the body of class `owner`."""
    if owner is None or not name.startswith("__") or name.endswith("__"):
        return name
    stripped = owner.lstrip("_")
    return f"_{stripped}{name}" if stripped else name
