"""Unit tests of the runtime's joins: what state.join_branches and
loop_state.update_loop_plan decide for given sides, and the errors they raise."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np
import pytest

from autograph_py import errors
from autograph_py.lowering.plans import Dynamic, Static
from autograph_py.runtime import loop_state, state as st
from autograph_py.runtime.undefined import Undefined

AT = "file.py:1"


def join(*pairs, names=None):
    names = names or [f"v{i}" for i in range(len(pairs))]
    t = st.flatten([p[0] for p in pairs], names)
    f = st.flatten([p[1] for p in pairs], names)
    return st.join_branches(names, (t, f), "`if` statement", AT)


def test_equal_python_values_stay_static_and_arrays_promote():
    plan = join((3, 3), (1.0, jnp.float32(2.0)), (jnp.int32(1), jnp.float32(1.0)))
    assert plan.specs[0] == [Static(3)]
    (s1,), (s2,) = plan.specs[1], plan.specs[2]
    assert isinstance(s1, Dynamic) and s1.aval.dtype == np.float32 and not s1.aval.weak_type
    assert isinstance(s2, Dynamic) and s2.aval.dtype == np.float32


def test_a_python_scalar_joins_as_weak_on_both_sides():
    (spec,), = join((1.0, 2.0)).specs
    assert isinstance(spec, Dynamic) and spec.aval.weak_type


def test_a_shape_or_structure_mismatch_names_the_variable():
    with pytest.raises(errors.StateError, match="'y'"):
        join((jnp.ones(2), jnp.ones(3)), names=["y"])
    with pytest.raises(errors.StateError, match="'p'.*structure"):
        join(((1.0, 2.0), [1.0, 2.0]), names=["p"])


def test_a_value_missing_in_one_branch_is_carried_with_a_poison():
    (spec,), = join((jnp.float32(1.0), Undefined("z")), names=["z"]).specs
    assert isinstance(spec, Dynamic) and spec.poison is not None


def loop(entry, after, allow_append=False, may_not_run=False, names=("x",)):
    ins = st.flatten([entry], list(names))
    outs = st.flatten([after], list(names))
    plan = loop_state.initial_loop_plan(ins)
    return loop_state.update_loop_plan(plan, list(names), ins, outs, "`while` loop", AT,
                                       allow_append, may_not_run)


def test_a_python_scalar_that_the_body_makes_an_array_widens_and_retraces():
    plan, changed = loop(0, jnp.int32(1))
    assert changed and plan.specs[0][0].aval.dtype == np.int32
    plan, changed = loop(jnp.int32(0), jnp.int32(1))
    assert not changed


def test_a_weak_entry_takes_the_bodys_dtype_and_a_narrowing_body_is_an_error():
    plan, changed = loop(0.0, jnp.float32(1.0))
    assert changed and not plan.specs[0][0].aval.weak_type
    with pytest.raises(errors.StateError, match="dtype"):
        loop(jnp.float32(0.0), jnp.int32(1))


def test_a_shape_change_from_one_iteration_to_the_next_is_an_error():
    with pytest.raises(errors.StateError, match="'x'.*shape"):
        loop(jnp.ones(2), jnp.ones(3))


def test_a_list_that_grows_is_stacked_in_a_scan_and_refused_with_a_traced_trip_count():
    item = jnp.float32(1.0)   # the entry items stay the same objects: appended to, not rebuilt
    plan, changed = loop([item], [item, jnp.float32(2.0)], allow_append=True)
    assert changed and 0 in plan.appends and plan.appends[0][0] == 1
    with pytest.raises(errors.TracedListError, match="'x' grows"):
        loop([item], [item, jnp.float32(2.0)])
    with pytest.raises(errors.StateError, match="structure"):   # not an append: rebuilt
        loop([item], [jnp.float32(1.0), jnp.float32(2.0)], allow_append=True)


def test_a_variable_first_assigned_in_a_loop_that_may_not_run_is_carried_with_its_flag():
    plan, changed = loop(Undefined("x"), jnp.float32(1.0), may_not_run=True)
    assert changed and len(plan.specs[0]) == 2   # the value and whether it is assigned
