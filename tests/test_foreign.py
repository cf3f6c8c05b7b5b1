"""Foreign corpus (tests/foreign): programs in the style of TF AutoGraph's and
Catalyst's reference tests and of public algorithm collections, each run eagerly
and converted (py / arr / jit / function / grad / vmap, see harness.py).

Every program must come out `ok`, except those listed below, which must still
fail exactly as recorded ("<class> <mode>"): fixing one makes its test fail
until its entry is removed, so the list stays the truth.
"""
from __future__ import annotations

import pytest

from tests.foreign import (corpus_algos, corpus_algos_arrays, corpus_catalyst,  # noqa: F401
                           corpus_dynamo, corpus_edges, corpus_hunt_jax, corpus_hunt_numeric,
                           corpus_hunt_errors, corpus_hunt_numeric2, corpus_hunt_python2,
                           corpus_hunt_python3, corpus_hunt_python4, corpus_hunt_transforms,
                           corpus_hunt_python, corpus_hunt_returns, corpus_jaxcode, corpus_jaxcode2,
                           corpus_jaxcode3, corpus_none, corpus_numerics, corpus_objects,
                           corpus_paddle, corpus_python, corpus_realworld2, corpus_tf,
                           corpus_tf_composite)
from tests.foreign.harness import CASES, run_case

_PROMOTED = "documented promotion: eager keeps the int, converted gives the float (dtype only)"

KNOWN_FAILURES = {
    "python_list_indexed_out_of_range": "MISMATCH jit: the IndexError is a run-time check, "
                                        "which plain jax.jit reports as JaxRuntimeError "
                                        "(FINDINGS F8); @function raises IndexError",
    "int_overflow_documented": "MISMATCH fn: int32 wraparound (documented JAX int model)",
    "while_int_init_float_step": "MISMATCH fn: zero-trip traced while, " + _PROMOTED,
    "cond_int_vs_float_branches": "MISMATCH jit: traced if, " + _PROMOTED,
    "cond_returns_different_types": "MISMATCH jit: traced early return, " + _PROMOTED,
    # Paddle's dygraph_to_static tests (corpus_paddle.py):
    "paddle_ifelse_ret_int3": "MISMATCH jit: traced early return, " + _PROMOTED,
    "paddle_while_class_var_break_continue": "MISMATCH fn: traced loop, " + _PROMOTED,
    "paddle_logical_not_and_or_traced": "MISMATCH fn: `(x > 0 and a) or (not a and x)` with "
                                        "traced operands is a select of a bool and an int32: "
                                        "eager gives one operand, converted their common dtype "
                                        "(documented join of branch dtypes)",
    "paddle_return_none": "CRASH jit: None on one path is a StateError when the program runs, "
                          "which plain jax.jit reports as JaxRuntimeError (FINDINGS F8); "
                          "@function raises the StateError",
    "paddle_return_no_variable": "CRASH jit: as paddle_return_none (FINDINGS F8)",
    "paddle_assert_variable": "MISMATCH jit: a failing traced assert under plain jax.jit is a "
                              "JaxRuntimeError (FINDINGS F8); @function raises AssertionError",
    "paddle_assert_non_variable": "MISMATCH jit: as paddle_assert_variable (FINDINGS F8)",
}

KNOWN_REFUSED = {
    "while_imbalanced_dict": "UndefinedVariableError: y['a'] first assigned in a traced loop",
    "cond_branch_changes_shape": "StateError: 'y' has a different shape in the two branches",
    "cond_branch_changes_structure": "StateError: 'y' has a different structure in the branches",
    "return_none_on_one_path": "StateError when the program runs: the runs that return None "
                               "(a jit program returns arrays on every run)",
    "mutate_list_in_traced_branch": "StateError: 'xs' has a different structure in the branches",
    "for_loop_returns_python_list_sum": "TracedListError: 'xs' grows in a loop with a traced "
                                        "trip count",
    "global_side_effect_in_traced_loop": "TracedListError: a module-level list grows in a "
                                         "traced while (it counted traces, not iterations)",
    "dynamic_slice_bound": "TracedShapeError: x[:n] with a traced n has a length that "
                           "depends on the data",
    # Paddle's dygraph_to_static tests (corpus_paddle.py): Paddle refuses these too, or
    # they need a shape or a list length that depends on the data.
    "paddle_net_with_control_flow_if": "StateError: an attribute's shape differs by branch",
    "paddle_ifelse_ret_int2": "StateError: the return value's structure differs by branch",
    "paddle_new_var_create_in_one_branch": "StateError: a list's structure differs by branch",
    "paddle_while_loop_class_var": "LoopStateMismatch: an attribute changes shape per iteration",
    "paddle_for_loop_class_var": "LoopStateMismatch: an attribute changes shape per iteration",
    "paddle_return_different_length_if_body": "StateError: return structure differs by branch",
    "paddle_return_different_length_else": "StateError: return structure differs by branch",
    "paddle_list_append_in_if": "StateError: a list's length differs by branch",
    "paddle_list_append_in_for_loop": "TracedListError: grows in a traced-trip-count loop",
    "paddle_list_append_in_for_loop_with_concat": "TracedListError: as above",
    "paddle_list_append_in_while_loop": "TracedListError: as above",
    "paddle_list_pop_in_if": "StateError: a list's length differs by branch",
    "paddle_list_pop_in_for_loop": "TracedListError: changes length in a traced loop",
    "paddle_list_pop_in_while_loop": "TracedListError: changes length in a traced loop",
    "paddle_slice_in_while_loop": "TracedListError: changes length in a traced loop",
    "paddle_forward_contains_for_layer": "TracedListError: grows in a traced-trip-count loop",
    "paddle_push_pop_1": "ConcreteValueError: k.pop(i) with a traced i",
    # TorchDynamo's tests (corpus_dynamo.py): data-dependent lengths or structure, raises
    # caught under a traced condition, and generators (which are not converted).
    "dynamo_truth": "ConcreteValueError: operator.truth of a traced value (stdlib called as is; "
                    "bool(x) works)",
    "dynamo_generator_traced_if": "ConcreteValueError: a generator is not converted; its `if` on "
                                  "a traced item needs a Python bool",
    "dynamo_generator_next_in_traced_while": "StateError: next() of an iterator made before a "
                                             "traced while",
    "dynamo_raise_on_traced_condition_caught": "StagedRaiseError: raise under a traced condition "
                                               "caught by the enclosing try",
    "dynamo_raise_in_array_loop_caught": "StagedRaiseError: raise on enumerate's traced index "
                                         "inside a loop over an array, caught outside it",
    "dynamo_filtered_list_comprehension": "TracedShapeError: length depends on the data",
    "dynamo_del_key_traced_branch": "StateError: 'd' has a different structure in the branches",
}

# Public numerical code (corpus_numerics.py) keeps its accepted outcomes in its KNOWN,
# "<key>: reason" with key "refused" or "<class> <mode>".
# Code written for JAX (corpus_jaxcode*.py) does the same, in corpus_jaxcode3.KNOWN, and
# so do the programs of the bug hunts of 2026-12-06 (corpus_hunt_*.py).
_HUNTS = {**corpus_hunt_python.KNOWN, **corpus_hunt_numeric.KNOWN, **corpus_hunt_jax.KNOWN,
          **corpus_hunt_numeric2.KNOWN, **corpus_hunt_python2.KNOWN,
          **corpus_hunt_returns.KNOWN, **corpus_hunt_python3.KNOWN, **corpus_hunt_python4.KNOWN,
          **corpus_hunt_errors.KNOWN, **corpus_realworld2.KNOWN,
          **corpus_hunt_transforms.KNOWN}
for _name, _why in {**corpus_numerics.KNOWN, **corpus_jaxcode3.KNOWN, **_HUNTS}.items():
    _key, _reason = _why.split(":", 1)
    if _key == "refused":
        KNOWN_REFUSED[_name] = _reason.strip()
    else:
        KNOWN_FAILURES[_name] = _why

_BY_NAME = {c["name"]: c for c in CASES}
assert len(_BY_NAME) == len(CASES), "corpus program names must be unique"
assert not set(KNOWN_FAILURES) - set(_BY_NAME) and not set(KNOWN_REFUSED) - set(_BY_NAME)


def expected(name: str) -> str:
    if name in KNOWN_FAILURES:
        return KNOWN_FAILURES[name].split(":", 1)[0]
    return "refused" if name in KNOWN_REFUSED else "ok"


_NUMERICS = {n for n, c in _BY_NAME.items() if c["fn"].__module__ == corpus_numerics.__name__}
assert not set(corpus_numerics.KNOWN) - _NUMERICS
_JAXCODE = {n for n, c in _BY_NAME.items()
            if c["fn"].__module__.startswith(corpus_jaxcode.__name__)}
assert not set(corpus_jaxcode3.KNOWN) - _JAXCODE


@pytest.mark.parametrize("name", sorted(set(_BY_NAME) - _NUMERICS - _JAXCODE))
def test_foreign_program(name):
    _check(name)


@pytest.mark.parametrize("name", sorted(_NUMERICS))
def test_numerics_program(name):
    """corpus_numerics.py: `pytest -k numerics`."""
    _check(name)


@pytest.mark.parametrize("name", sorted(_JAXCODE))
def test_jaxcode_program(name):
    """corpus_jaxcode*.py: `pytest -k jaxcode`."""
    _check(name)


def _check(name):
    outcome = run_case(_BY_NAME[name])
    want = expected(name)
    assert outcome.key == want, (
        f"{name}: expected {want!r}, got {outcome.key!r} ({outcome.mode})\n{outcome.detail}\n"
        "If this is a fix, remove the entry from KNOWN_FAILURES / KNOWN_REFUSED.")
