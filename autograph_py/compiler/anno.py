"""Annotations that analyses attach to AST nodes and converters read.

Keys are plain strings kept in one dict per node, so a `copy.deepcopy` of a
node carries its annotations with it.
"""
from __future__ import annotations

from typing import Any

# Keys written by analyses (see autograph_py/compiler/analysis).
SCOPE = "scope"              # (generation, activity.Scope) of a statement or a block
FUNCTION_SCOPE = "function_scope"  # (generation, activity.FunctionScope) of a FunctionDef or Lambda
LIVE_OUT = "live_out"        # frozenset of names live after a compound statement
LIVE_IN = "live_in"          # frozenset of names live at a loop head
ALWAYS_LIVE = "always_live"  # on a FunctionDef: names read by nested closures
# Keys written by converters for later converters.
EXTRA_TEST = "extra_test"    # on a For: expression that must hold before each iteration
LOOP_OPTIONS = "loop_options"  # on a loop: gast.keyword list from set_loop_options
ORIGIN = "origin"            # on generated code: the user statement it stands for
PYTHON_ONLY = "python_only"  # on a generated If whose test is always a Python value
LOOP_GUARD = "loop_guard"    # on the If that while_tests makes of a loop's test
HANDED_BACK = "handed_back"  # on a FunctionDef: parameters it may change in place (written_back)

_ATTR = "_ag_anno"


def get(node, key: str, default: Any = None) -> Any:
    return getattr(node, _ATTR, {}).get(key, default)


def has(node, key: str) -> bool:
    return key in getattr(node, _ATTR, {})


def set(node, key: str, value: Any) -> None:  # noqa: A001 - mirrors get()
    d = getattr(node, _ATTR, None)
    if d is None:
        d = {}
        setattr(node, _ATTR, d)
    d[key] = value


def clear(node, key: str) -> None:
    getattr(node, _ATTR, {}).pop(key, None)
