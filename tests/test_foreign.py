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
                           corpus_edges, corpus_objects, corpus_python, corpus_tf,
                           corpus_tf_composite)
from tests.foreign.harness import CASES, run_case

_LIST_GATHER = "Python list indexed by a traced int: raw TracerIntegerConversionError " \
               "(SEMANTICS: gathered as an array)"
_SETITEM = "x[i] = v on a JAX array is not rewritten to x.at[i].set(v): raw TypeError"
_MINMAX = "min/max on traced values: raw TracerBoolConversionError"
_PROMOTED = "documented promotion: eager keeps the int, converted gives the float (dtype only)"

KNOWN_FAILURES = {
    "python_list_indexed_by_traced_range": "CRASH jit: " + _LIST_GATHER,
    "python_list_indexed_out_of_range": "CRASH jit: " + _LIST_GATHER,
    "binomial_pascal_row": "CRASH jit: " + _LIST_GATHER,
    "knapsack_01": "CRASH jit: " + _LIST_GATHER,
    "list_of_arrays_sum_traced_len": "CRASH jit: " + _LIST_GATHER + " (list of arrays)",
    "matmul_loops": "CRASH arr: " + _SETITEM,
    "bubble_sort_items": "CRASH arr: " + _SETITEM,
    "selection_sort_swap_tuple": "CRASH arr: " + _SETITEM,
    "item_assignment_traced_index": "CRASH arr: " + _SETITEM,
    "item_augmented_assignment": "CRASH arr: " + _SETITEM + " (x[i] += v)",
    "nested_subscript_assignment": "CRASH arr: " + _SETITEM + " (m[0][1] = v)",
    "kadane_max_subarray": "CRASH jit: " + _MINMAX,
    "softmax_loop": "CRASH jit: " + _MINMAX,
    "builtin_min_max_two": "CRASH jit: " + _MINMAX,
    "builtin_max_three": "CRASH jit: " + _MINMAX,
    "builtin_max_over_array": "CRASH jit: " + _MINMAX + " (max over an array)",
    "builtin_int_truncates": "CRASH jit: int() on a traced float: raw ConcretizationTypeError",
    "builtin_float_and_bool": "CRASH jit: float()/bool() on a traced int: raw ConcretizationTypeError",
    "builtin_any_all_generators": "CRASH jit: any/all over a traced generator: raw TracerBoolConversionError",
    "builtin_sorted_array": "CRASH jit: sorted(traced array): raw TracerBoolConversionError",
    "tuple_contains_traced": "CRASH jit: `x in (1.0, 2.0)` with traced x: raw TracerBoolConversionError",
    "dynamic_slice_static_size": "CRASH jit: x[i:i + 2] with traced i: raw IndexError "
                                 "(SEMANTICS: a dynamic slice)",
    "dynamic_slice_bound": "CRASH jit: x[:n] with traced n has a data-dependent shape: raw "
                           "IndexError instead of a clear error",
    "int_overflow_documented": "MISMATCH fn: int32 wraparound (documented JAX int model)",
    "while_int_init_float_step": "MISMATCH fn: zero-trip traced while, " + _PROMOTED,
    "cond_int_vs_float_branches": "MISMATCH jit: traced if, " + _PROMOTED,
    "cond_returns_different_types": "MISMATCH jit: traced early return, " + _PROMOTED,
}

KNOWN_REFUSED = {
    "while_imbalanced_dict": "UndefinedVariableError: y['a'] first assigned in a traced loop",
    "cond_branch_changes_shape": "StateError: 'y' has a different shape in the two branches",
    "cond_branch_changes_structure": "StateError: 'y' has a different structure in the branches",
    "return_none_on_one_path": "StateError: the return value has a different structure",
    "mutate_list_in_traced_branch": "StateError: 'xs' has a different structure in the branches",
    "for_loop_returns_python_list_sum": "TracedListError: 'xs' grows in a loop with a traced "
                                        "trip count",
    "recursion_on_traced_int": "TracedRecursionError: recursion on a traced argument",
    "generator_sum_over_traced_range": "StateError: a generator over range() with a traced "
                                       "bound (issue 12: such reductions become one loop)",
    "sum_of_squares_minus_square_of_sum": "StateError: the same, sum(i * i for i in "
                                          "range(n)) with a traced n",
    "global_side_effect_in_traced_loop": "TracedListError: a module-level list grows in a "
                                         "traced while (it counted traces, not iterations)",
    "logical_and_arrays": "StateError: `and` of arrays of several elements (Python: ValueError)",
    "logical_not_array": "StateError: `not` of an array of several elements (Python: ValueError)",
}

_BY_NAME = {c["name"]: c for c in CASES}
assert len(_BY_NAME) == len(CASES), "corpus program names must be unique"
assert not set(KNOWN_FAILURES) - set(_BY_NAME) and not set(KNOWN_REFUSED) - set(_BY_NAME)


def expected(name: str) -> str:
    if name in KNOWN_FAILURES:
        return KNOWN_FAILURES[name].split(":", 1)[0]
    return "refused" if name in KNOWN_REFUSED else "ok"


@pytest.mark.parametrize("name", sorted(_BY_NAME))
def test_foreign_program(name):
    outcome = run_case(_BY_NAME[name])
    want = expected(name)
    assert outcome.key == want, (
        f"{name}: expected {want!r}, got {outcome.key!r} ({outcome.mode})\n{outcome.detail}\n"
        "If this is a fix, remove the entry from KNOWN_FAILURES / KNOWN_REFUSED.")
