"""Adversarial user programs, errors hunt: places where a traced value meets
Python or NumPy and where JAX itself would raise -- data-dependent shapes,
NumPy on tracers, Python containers indexed or keyed by traced values,
conditions that need a Python bool, text formatting, recursion / generators /
try / del / global under traced conditions, and calls into the standard
library. Each program is ordinary numerical Python; the contract is the eager
result or a clear autograph_py error at the user's line."""
from __future__ import annotations

import bisect
import collections
import functools
import heapq
import itertools
import math
import operator
import random
import statistics

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


# ================================================================ data-dependent shapes

# boolean mask indexing at top level, reduced right away
@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, -3.0),))
def he_mask_index_sum(x):
    return x[x > 0].sum()


# boolean mask indexing inside a traced branch
@case((F(1.0, -2.0, 3.0), 0.5), (F(1.0, -2.0, 3.0), -1.0))
def he_mask_index_in_traced_if(x, t):
    if t > 0:
        y = x[x > t].sum()
    else:
        y = x.sum()
    return y


# mask indexing then len() to count
@case((F(1.0, -2.0, 3.0),), (F(0.0, 0.0, 0.0),))
def he_mask_len_count(x):
    pos = x[x > 0]
    return len(pos)


# mask indexing inside a for over the rows of a matrix
@case((np.array([[1.0, -1.0], [2.0, 3.0]], np.float32),))
def he_mask_rows_in_for(m):
    tot = 0.0
    for row in m:
        tot = tot + row[row > 1.5].sum()
    return tot


# jnp.nonzero and the number of hits
@case((F(1.0, 0.0, 3.0),), (F(0.0, 0.0, 0.0),))
def he_nonzero_count(x):
    idx = jnp.nonzero(x)[0]
    return idx.shape[0]


# one-argument jnp.where, as np.where(c) is used for indices
@case((F(0.5, 2.0, 3.0),), (F(0.0, 0.0, 0.0),))
def he_where_one_arg(x):
    (idx,) = jnp.where(x > 1.0)
    return len(idx)


# jnp.argwhere to find first hit
@case((F(0.5, 2.0, 3.0),))
def he_argwhere_first(x):
    hits = jnp.argwhere(x > 1.0)
    return hits[0, 0]


# jnp.unique to count distinct values
@case((F(1.0, 1.0, 2.0),), (F(1.0, 2.0, 3.0),))
def he_unique_count(x):
    return len(jnp.unique(x))


# prefix slice with a traced length
@case((F(1.0, 2.0, 3.0, 4.0), 2), (F(1.0, 2.0, 3.0, 4.0), 4))
def he_prefix_slice_traced(x, n):
    return x[:n].sum()


# a window x[i:j] with both bounds traced inside a traced branch
@case((F(1.0, 2.0, 3.0, 4.0), 1, 3), (F(1.0, 2.0, 3.0, 4.0), 2, 2))
def he_slice_both_bounds_in_branch(x, i, j):
    if j > i:
        s = x[i:j].mean()
    else:
        s = 0.0
    return s


# a suffix slice whose start comes from argmax
@case((F(1.0, 5.0, 3.0, 4.0),), (F(9.0, 5.0, 3.0, 4.0),))
def he_suffix_from_argmax(x):
    k = jnp.argmax(x)
    return x[k:].sum()


# list(range(n)) with a traced n
@case((3,), (0,))
def he_list_range_traced(n):
    xs = list(range(n))
    return sum(xs)


# [0] * n with a traced n
@case((3,), (1,))
def he_zero_list_times_traced(n):
    buf = [0] * n
    return len(buf)


# jnp.zeros(n) with a traced n
@case((3,), (1,))
def he_jnp_zeros_traced(n):
    return jnp.zeros(n).sum() + n


# jnp.arange(n) inside a traced branch
@case((4, 1.0), (4, -1.0))
def he_arange_in_branch(n, x):
    if x > 0:
        s = jnp.arange(n).sum()
    else:
        s = 0
    return s


# np.zeros(n) with a traced n (a NumPy scratch buffer)
@case((3,), (2,))
def he_np_zeros_traced(n):
    buf = np.zeros(n)
    return buf.shape[0]


# reshape to a traced number of rows
@case((F(1.0, 2.0, 3.0, 4.0), 2), (F(1.0, 2.0, 3.0, 4.0), 1))
def he_reshape_traced_rows(x, n):
    return x.reshape(n, -1).sum(axis=1).max()


# a list grown in a while with a traced trip count, then stacked
@case((3,), (5,))
def he_append_while_then_array(n):
    lst = []
    i = 0
    while i < n:
        lst.append(i * i)
        i += 1
    return jnp.array(lst).sum()


# a list grown in a for over a traced range, then stacked
@case((3,), (1,))
def he_append_range_then_array(n):
    vals = []
    for i in range(n):
        vals.append(float(i) / 2)
    return jnp.stack(vals).sum()


# a list appended to only under a traced condition inside a for over an array
@case((F(1.0, -2.0, 3.0),))
def he_append_filtered_in_for(x):
    keep = []
    for v in x:
        if v > 0:
            keep.append(v)
    return jnp.array(keep).sum()


# jnp.linspace with a traced number of points
@case((5,), (3,))
def he_linspace_traced_num(n):
    return jnp.linspace(0.0, 1.0, n).sum()


# jnp.eye with a traced size
@case((3,), (2,))
def he_eye_traced(n):
    return jnp.eye(n).trace()


# jnp.repeat with a traced repeat count
@case((F(1.0, 2.0), 2), (F(1.0, 2.0), 3))
def he_repeat_traced_count(x, k):
    return jnp.repeat(x, k).sum()


# a shape computed from a data maximum
@case((I(1, 3, 2),))
def he_shape_from_data_max(x):
    m = int(x.max())
    hist = jnp.zeros(m + 1)
    return hist.shape[0]


# static shapes from x.shape are fine
@case((F(1.0, 2.0, 3.0),))
def he_shape_static_fine(x):
    n = x.shape[0]
    out = jnp.zeros(n)
    for i in range(n):
        if x[i] > 1.5:
            out = out.at[i].set(x[i])
    return out


# np.arange with a traced bound in a traced loop
@case((3,), (0,))
def he_np_arange_in_while(n):
    tot = 0
    i = 0
    while i < n:
        tot = tot + np.arange(i).sum()
        i += 1
    return tot


# jnp.split into a traced number of parts
@case((F(1.0, 2.0, 3.0, 4.0), 2))
def he_split_traced_parts(x, k):
    parts = jnp.split(x, k)
    return parts[0].sum()


# mask read inside a traced while
@case((F(1.0, -2.0, 3.0), 2), (F(1.0, -2.0, 3.0), 0))
def he_mask_in_traced_while(x, n):
    s = 0.0
    i = 0
    while i < n:
        s = s + x[x > i].sum()
        i += 1
    return s


# ================================================================ NumPy and math on traced values

# np.sin on a traced vector
@case((F(0.0, 1.0, 2.0),))
def he_np_sin_vector(x):
    return np.sin(x).sum()


# np.array(x) to get a NumPy copy, then sum
@case((F(1.0, 2.0, 3.0),))
def he_np_array_copy(x):
    y = np.array(x)
    y[0] = 0.0
    return y.sum()


# np.mean of a Python list of traced scalars
@case(([1.0, 2.0, 4.0],))
def he_np_mean_of_list(xs):
    return np.mean(xs)


# np.mean of a traced array (NumPy forwards to .mean)
@case((F(1.0, 2.0, 4.0),))
def he_np_mean_of_array(x):
    m = np.mean(x)
    if m > 2.0:
        m = m - 1.0
    return m


# math.sqrt of a vector: eager raises TypeError (only scalars)
@case((F(1.0, 4.0, 9.0),))
def he_math_sqrt_vector(x):
    return math.sqrt(x)


# math.exp of a vector inside a traced branch
@case((F(1.0, 2.0), 1.0), (F(1.0, 2.0), -1.0))
def he_math_exp_vector_in_branch(x, t):
    if t > 0:
        y = math.exp(x)
    else:
        y = x
    return y


# .item() of a traced scalar used as a Python number
@case((2.0,), (-2.0,))
def he_item_scalar(x):
    v = (x * 2).item()
    if v > 0:
        return v + 1
    return v


# .item() inside a traced loop body
@case((F(1.0, -2.0, 3.0),))
def he_item_in_for(x):
    tot = 0.0
    for v in x:
        tot += v.item() ** 2
    return tot


# .tolist() then Python sum
@case((F(1.0, 2.0, 3.0),))
def he_tolist_sum(x):
    vals = x.tolist()
    return sum(vals) / len(vals)


# float() of a vector: eager TypeError
@case((F(1.0, 2.0),))
def he_float_of_vector(x):
    return float(x) + 1.0


# int() of a traced value used as a Python list index
@case((1.7,), (0.2,))
def he_int_as_list_index(x):
    table = [10.0, 20.0, 30.0]
    return table[int(x)]


# int() of a traced value as a range bound
@case((3.5,), (0.5,))
def he_int_as_range_bound(x):
    tot = 0
    for i in range(int(x)):
        tot += i
    return tot


# int() of a traced value as a shape
@case((3.2,), (1.0,))
def he_int_as_shape(x):
    return jnp.ones(int(x)).sum()


# x.shape[0] as a Python loop bound (fine)
@case((F(1.0, -2.0, 3.0),))
def he_shape0_loop_fine(x):
    s = 0.0
    for i in range(x.shape[0]):
        if x[i] > 0:
            s += x[i]
    return s


# np.dot of two traced vectors
@case((F(1.0, 2.0), F(3.0, 4.0)))
def he_np_dot(x, y):
    return np.dot(x, y)


# np.where with three arguments on traced values
@case((F(1.0, -2.0, 3.0),))
def he_np_where_three(x):
    return np.where(x > 0, x, 0.0).sum()


# np.clip (NumPy forwards to .clip)
@case((F(-1.0, 0.5, 3.0),))
def he_np_clip(x):
    return np.clip(x, 0.0, 1.0).sum()


# np.isnan in an if on a traced scalar
@case((1.0,), (float("nan"),))
def he_np_isnan_if(x):
    if np.isnan(x):
        return 0.0
    return x


# np.sqrt of a traced scalar inside a while
@case((16.0,), (2.0,))
def he_np_sqrt_in_while(x):
    n = 0
    while x > 1.5:
        x = np.sqrt(x)
        n += 1
    return x, n


# np.float32(x) of a traced scalar
@case((1.5,), (-2.5,))
def he_np_float32_cast(x):
    y = np.float32(x)
    return y * 2


# np.asarray then .sum()
@case((F(1.0, 2.0),))
def he_np_asarray_sum(x):
    return np.asarray(x).sum()


# np.linalg.norm of a traced vector
@case((F(3.0, 4.0),))
def he_np_linalg_norm(x):
    n = np.linalg.norm(x)
    if n > 1.0:
        x = x / n
    return x


# np.max (forwards to .max) used as a branch condition
@case((F(3.0, 4.0),), (F(-3.0, 0.5),))
def he_np_max_condition(x):
    if np.max(x) > 1.0:
        return x / np.max(x)
    return x


# math.isclose between traced scalars
@case((1.0, 1.0000001), (1.0, 2.0))
def he_math_isclose(a, b):
    if math.isclose(a, b):
        return 0.0
    return a - b


# math.floor of a traced value as a list index
@case((1.5,), (2.9,))
def he_math_floor_index(x):
    weights = [0.1, 0.2, 0.3, 0.4]
    return weights[math.floor(x)] * x


# np.random with a traced size
@case((3,),)
def he_np_random_traced_size(n):
    rng = np.random.default_rng(0)
    return rng.normal(size=n).shape[0]


# np.concatenate of traced vectors
@case((F(1.0, 2.0), F(3.0)))
def he_np_concatenate(x, y):
    return np.concatenate([x, y]).sum()


# np.exp inside a traced while
@case((0.5, 3), (0.5, 0))
def he_np_exp_in_traced_while(x, n):
    i = 0
    while i < n:
        x = np.exp(-x)
        i += 1
    return x


# math.fsum of a list of traced values
@case(([0.1, 0.2, 0.3],))
def he_math_fsum(xs):
    return math.fsum(xs)


# math.prod of a list of traced values
@case(([1.0, 2.0, 3.0],))
def he_math_prod(xs):
    return math.prod(xs)


# np.round (forwards to .round)
@case((F(1.234, 2.345),))
def he_np_round(x):
    return np.round(x, 1).sum()


# np.argsort of a traced vector to reorder it
@case((F(3.0, 1.0, 2.0),))
def he_np_argsort_reorder(x):
    order = np.argsort(x)
    return x[order]


# float() of a traced sum, then Python arithmetic in a branch
@case((F(1.0, 2.0),), (F(-1.0, -2.0),))
def he_float_of_sum_branch(x):
    s = float(x.sum())
    if s > 0:
        return s * 2
    return -s


# np.cumsum on a traced vector
@case((F(1.0, 2.0, 3.0),))
def he_np_cumsum(x):
    return np.cumsum(x)[-1]


# np.histogram of traced data
@case((F(0.1, 0.5, 0.9),))
def he_np_histogram(x):
    counts, _ = np.histogram(x, bins=2, range=(0.0, 1.0))
    return counts[0]


# math.log of a vector with a base
@case((F(1.0, 8.0),))
def he_math_log_vector_base(x):
    return math.log(x, 2)


# int() of a two-element vector as a loop bound
@case((I(2, 3),))
def he_int_of_vector_range(x):
    tot = 0
    for i in range(int(x)):
        tot += i
    return tot


# ================================================================ Python containers and traced keys

# a homogeneous Python list indexed by a traced int
@case((0,), (2,))
def he_list_index_homog(i):
    rates = [0.1, 0.2, 0.5]
    return rates[i] * 10


# a heterogeneous list (ints and floats) indexed by a traced int
@case((0,), (1,))
def he_list_index_mixed_num(i):
    vals = [1, 2.5, 3]
    return vals[i] * 2


# a list of strings indexed by a traced int, printed
@case((0,), (1,))
def he_list_of_str_traced_index(i):
    names = ["low", "high"]
    print("level:", names[i])
    return i


# a list of strings indexed by a traced int, returned
@case((0,), (1,))
def he_list_of_str_returned(i):
    names = ["low", "high"]
    return names[i]


# a list of arrays of different lengths indexed by a traced int
@case((0,), (1,))
def he_list_ragged_traced_index(i):
    parts = [jnp.ones(2), jnp.ones(3)]
    return parts[i].sum()


# a dict with int keys looked up by a traced key
@case((1,), (2,))
def he_dict_traced_key(k):
    cost = {1: 0.5, 2: 1.5, 3: 2.5}
    return cost[k]


# dict.get with a traced key and a default
@case((1,), (7,))
def he_dict_get_traced_key(k):
    cost = {1: 0.5, 2: 1.5}
    return cost.get(k, 0.0)


# a tuple indexed by a traced int in a traced loop
@case((3,), (0,))
def he_tuple_index_in_while(n):
    steps = (1.0, 0.5, 0.25)
    x = 0.0
    i = 0
    while i < n:
        x = x + steps[i % 3]
        i += 1
    return x


# a str indexed by a traced int
@case((0,), (2,))
def he_str_traced_index(i):
    code = "abc"
    return code[i] == "a"


# membership of a traced int in a set of ints
@case((2,), (5,))
def he_in_set_of_ints(k):
    primes = {2, 3, 5, 7}
    if k in primes:
        return 1
    return 0


# membership of a traced int in dict keys
@case((2,), (9,))
def he_in_dict_keys(k):
    table = {2: "two", 3: "three"}
    return 1.0 if k in table else 0.0


# a dict built with a traced key
@case((1.0,), (2.0,))
def he_dict_with_traced_key(x):
    d = {x: 1}
    return len(d)


# set() of a list of traced values
@case(([1, 2, 2],), ([1, 2, 3],))
def he_set_of_traced_list(xs):
    return len(set(xs))


# sorted list of pairs by a traced key
@case(([3.0, 1.0, 2.0],))
def he_sorted_pairs_key(xs):
    pairs = [(i, v) for i, v in enumerate(xs)]
    pairs = sorted(pairs, key=lambda p: p[1])
    return pairs[0][0]


# hash() of a traced value
@case((1,), (2,))
def he_hash_traced(k):
    return hash(k) % 7


# list.index of a traced value
@case(([1, 2, 3], 2), ([1, 2, 3], 3))
def he_list_index_of_traced(xs, v):
    return xs.index(v)


# a list of lists indexed by two traced ints
@case((0, 1), (1, 0))
def he_nested_list_two_traced(i, j):
    grid = [[1, 2], [3, 4]]
    return grid[i][j]


# counting into a dict keyed by traced values
@case(([1, 2, 1],))
def he_dict_counter_traced_keys(xs):
    counts = {}
    for v in xs:
        counts[v] = counts.get(v, 0) + 1
    return max(counts.values())


# collections.Counter of traced values
@case(([1, 2, 1],))
def he_collections_counter(xs):
    c = collections.Counter(xs)
    return c.most_common(1)[0][1]


# list.pop at a traced index
@case((0,), (2,))
def he_list_pop_traced(i):
    xs = [1.0, 2.0, 3.0]
    v = xs.pop(i)
    return v + sum(xs)


# list.insert at a traced index
@case((0,), (2,))
def he_list_insert_traced(i):
    xs = [1.0, 2.0, 3.0]
    xs.insert(i, 9.0)
    return xs[0] + xs[3]


# del lst[i] with a traced i
@case((0,), (1,))
def he_del_list_item_traced(i):
    xs = [1.0, 2.0, 3.0]
    del xs[i]
    return sum(xs)


# range(10)[i] with a traced i
@case((3,), (7,))
def he_range_index_traced(i):
    r = range(0, 20, 2)
    return r[i]


# a Python list sliced with traced bounds
@case((1, 3), (0, 2))
def he_list_slice_traced(i, j):
    xs = [1.0, 2.0, 3.0, 4.0]
    return sum(xs[i:j])


# max over dict keys by traced values
@case((1.0, 2.0), (3.0, 2.0))
def he_argmax_dict_key(a, b):
    scores = {"a": a, "b": b}
    best = max(scores, key=scores.get)
    return 0 if best == "a" else 1


# a list item assigned at a traced index, then summed (documented)
@case((0,), (2,))
def he_list_setitem_traced(i):
    xs = [0.0, 0.0, 0.0]
    xs[i] = 5.0
    return xs[0] + 2 * xs[2]


# a traced index out of range of a Python list (IndexError where Python raises)
@case((1,), (5,))
def he_list_index_out_of_range(i):
    xs = [1.0, 2.0, 3.0]
    return xs[i]


# a dict of functions chosen by a traced key
@case((0, 2.0), (1, 2.0))
def he_dict_of_functions_traced(k, x):
    ops = {0: jnp.sin, 1: jnp.cos}
    return ops[k](x)


# a list of functions indexed by a traced int
@case((0, 2.0), (1, 2.0))
def he_list_of_functions_traced(k, x):
    ops = [lambda v: v + 1.0, lambda v: v * 2.0]
    return ops[k](x)


# a negative traced index into a list
@case((1,), (3,))
def he_list_negative_traced(k):
    xs = [10, 20, 30]
    return xs[-k]


# a traced value looked up in a list of tuples (a table)
@case((2.0,), (7.0,))
def he_table_lookup_loop(x):
    table = [(0.0, 1.0), (5.0, 2.0), (10.0, 3.0)]
    rate = 0.0
    for lo, r in table:
        if x >= lo:
            rate = r
    return rate * x


# ================================================================ conditions that need a Python bool

# if x.any() of a vector (one bool: fine)
@case((F(0.0, 1.0),), (F(0.0, 0.0),))
def he_if_any_vector(x):
    if x.any():
        return x.sum()
    return -1.0


# if x of a vector: eager ValueError (truth of an array)
@case((F(1.0, 2.0),))
def he_if_vector_truth(x):
    if x:
        return 1.0
    return 0.0


# if x > 0 of a vector inside a for over rows
@case((np.array([[1.0, 2.0], [3.0, -4.0]], np.float32),))
def he_if_row_compare_in_for(m):
    tot = 0.0
    for row in m:
        if row > 0:
            tot += 1.0
    return tot


# while lst: popping under a traced condition
@case(([1.0, -2.0, 3.0],))
def he_while_list_pop_traced(xs):
    stack = list(xs)
    tot = 0.0
    while stack:
        v = stack.pop()
        if v > 0:
            tot += v
    return tot


# while lst: the list shrinks only when a traced test holds
@case(([1.0, 2.0, 3.0], 2.5), ([1.0, 2.0, 3.0], 0.5))
def he_while_list_shrinks_traced(xs, t):
    items = list(xs)
    n = 0
    while items and items[-1] > t:
        items.pop()
        n += 1
    return n


# assert on static shapes (fine)
@case((F(1.0, 2.0), F(3.0, 4.0)))
def he_assert_shapes_static(x, y):
    assert x.shape == y.shape, "shapes differ"
    return x + y


# assert on traced data
@case((F(1.0, 2.0), F(1.0, 2.0)), (F(1.0, 2.0), F(1.0, 3.0)))
def he_assert_all_equal(x, y):
    assert (x == y).all(), "x and y differ"
    return x * 2


# assert of a vector comparison without .all(): eager ValueError
@case((F(1.0, 2.0),))
def he_assert_vector_no_all(x):
    assert x > 0, "x must be positive"
    return x


# x == None on an array
@case((F(1.0, 2.0),))
def he_eq_none(x):
    if x == None:  # noqa: E711
        return 0.0
    return x.sum()


# bool of an empty array: eager error
@case((F(1.0, 2.0),))
def he_bool_empty(x):
    e = x[x > 10.0]
    if e.size:
        return 1.0
    return 0.0


# chained comparison on a vector: eager ValueError
@case((F(0.5, 0.2),), (F(0.5, 2.0),))
def he_chained_compare_vector(x):
    if 0 < x < 1:
        return 1.0
    return 0.0


# chained comparison on a vector used as a value
@case((F(0.5, 0.2),),)
def he_chained_compare_vector_value(x):
    ok = 0 < x < 1
    return ok


# chained comparison on a traced scalar (fine)
@case((0.5,), (2.0,))
def he_chained_compare_scalar(x):
    if 0 < x < 1:
        return x
    return -x


# not of a vector
@case((F(0.0, 1.0),))
def he_not_vector(x):
    if not x:
        return 1.0
    return 0.0


# `x and y` of vectors: eager ValueError
@case((F(1.0, 0.0), F(1.0, 1.0)))
def he_and_vectors(x, y):
    z = x and y
    return z


# any() builtin of a vector comparison (documented reduction)
@case((F(-1.0, 2.0),), (F(-1.0, -2.0),))
def he_builtin_any_vector(x):
    if any(x > 0):
        return 1
    return 0


# all() of a list of traced comparisons
@case((1.0, 2.0), (1.0, -2.0))
def he_all_list_traced(a, b):
    return 1 if all([a > 0, b > 0]) else 0


# if x == y on vectors inside a while
@case((F(1.0, 2.0), F(1.0, 2.0), 2))
def he_vector_eq_in_while(x, y, n):
    i = 0
    c = 0
    while i < n:
        if x == y:
            c += 1
        i += 1
    return c


# min() of two vectors: eager ValueError
@case((F(1.0, 5.0), F(2.0, 3.0)))
def he_min_two_vectors(x, y):
    return min(x, y)


# a ternary with a vector condition
@case((F(1.0, -1.0),))
def he_ternary_vector_cond(x):
    return x if x > 0 else -x


# if on a shape-(1,) vector (documented: truth of its item)
@case((F(2.0),), (F(-2.0),))
def he_if_shape1_vector(x):
    if x > 0:
        return x * 2
    return x


# while on a vector condition: eager ValueError
@case((F(5.0, 6.0),))
def he_while_vector_cond(x):
    n = 0
    while x > 1:
        x = x / 2
        n += 1
    return n


# `x is None or x > 0` with a traced vector
@case((F(1.0, 2.0),))
def he_is_none_or_vector(x):
    if x is None or x.min() > 0:
        return 1.0
    return 0.0


# an `in` test of a traced value in a traced array (documented any)
@case((F(1.0, 2.0, 3.0), 2.0), (F(1.0, 2.0, 3.0), 5.0))
def he_in_traced_array(x, v):
    return 1 if v in x else 0


# if on a traced bool of a 2x2 comparison matrix: eager ValueError
@case((np.eye(2, dtype=np.float32),))
def he_if_matrix_truth(m):
    if m == m.T:
        return 1.0
    return 0.0


# ================================================================ text and formatting

# len(str(x)) of a traced value
@case((12.0,), (3.0,))
def he_len_str_traced(x):
    return len(str(x))


# an f-string with a .2f spec printed in a traced branch
@case((1.2345,), (-1.0,))
def he_fstring_2f_in_branch(x):
    if x > 0:
        print(f"x = {x:.2f}")
    else:
        print(f"negative: {x:.1f}")
    return x


# an f-string with a 5d spec on a traced int in a traced loop
@case((3,), (0,))
def he_fstring_5d_in_loop(n):
    i = 0
    while i < n:
        print(f"step {i:5d}")
        i += 1
    return i


# an f-string with a >8 alignment on a traced float
@case((2.5,),)
def he_fstring_align_traced(x):
    if x > 1:
        print(f"[{x:>8}]")
    return x


# "%d" % x printed in a traced branch
@case((7,), (-7,))
def he_percent_d_in_branch(n):
    if n > 0:
        print("count: %d" % n)
    return n


# "%5.2f" % x in a traced for
@case((F(1.5, 2.25),))
def he_percent_f_in_for(x):
    for v in x:
        print("v=%5.2f" % v)
    return x.sum()


# str.join of traced values, printed
@case(([1.0, 2.0],))
def he_join_traced_print(xs):
    print(", ".join(str(v) for v in xs))
    return xs[0]


# str.join of formatted traced values, returned
@case(([1.0, 2.0],))
def he_join_traced_returned(xs):
    return ", ".join(f"{v:.1f}" for v in xs)


# str(x) returned from a traced branch
@case((1.0,), (-1.0,))
def he_label_from_branch_returned(x):
    if x > 0:
        label = "pos"
    else:
        label = "neg"
    return label


# a label chosen by a traced condition, then printed
@case((1.0,), (-1.0,))
def he_label_from_branch_printed(x):
    label = "pos" if x > 0 else "neg"
    print("sign:", label)
    return x


# a string grown in a traced while
@case((3,), (0,))
def he_string_grow_traced_while(n):
    s = ""
    i = 0
    while i < n:
        s += "*"
        i += 1
    print(s)
    return i


# "{:.3e}".format(x) printed under jit
@case((12345.678,),)
def he_str_format_e(x):
    if x > 0:
        print("{:.3e}".format(x))
    return x


# raise with a formatted traced value in a traced branch
@case((1.0,), (-1.0,))
def he_raise_fstring_traced(x):
    if x < 0:
        raise ValueError(f"x must be >= 0, got {x:.2f}")
    return x * 2


# assert with a formatted message
@case((1.0,), (-1.0,))
def he_assert_fmt_message(x):
    assert x >= 0, f"bad x={x:+.3f}"
    return x


# str(x).startswith on a traced value
@case((-1.0,), (1.0,))
def he_str_startswith_traced(x):
    if str(x).startswith("-"):
        return 0.0
    return x


# repr printed of a traced value
@case((1.5,),)
def he_repr_printed(x):
    if x > 0:
        print("x:", repr(x))
    return x


# a dict key built from an f-string of a traced int
@case((0,), (1,))
def he_dict_fstring_key_traced(i):
    d = {"w0": 1.0, "w1": 2.0}
    return d[f"w{i}"]


# print with sep given a traced value: eager TypeError
@case((1.0,),)
def he_print_sep_traced(x):
    print("a", "b", sep=x)
    return x


# rounding by formatting, float(f"{x:.2f}")
@case((1.23456,),)
def he_round_by_format(x):
    return float(f"{x:.2f}")


# format with a thousands separator
@case((1234567,),)
def he_format_thousands(n):
    if n > 1000:
        print(format(n, ","))
    return n


# an f-string with a width from a traced value (a nested spec)
@case((3.14159, 3),)
def he_fstring_nested_spec(x, d):
    print(f"{x:.{d}f}")
    return x


# a percent format with a tuple of traced values
@case((1.0, 2),)
def he_percent_tuple(x, n):
    if n > 1:
        print("x=%.1f n=%d" % (x, n))
    return x


# %s of a vector in a traced branch
@case((F(1.0, 2.0), 1.0),)
def he_percent_s_vector(x, t):
    if t > 0:
        print("vec: %s" % x)
    return x


# ================================================================ recursion, generators, try, del, scopes

def _fact(n):
    if n <= 1:
        return 1
    return n * _fact(n - 1)


# recursion whose depth depends on a traced int
@case((4,), (1,))
def he_recursive_factorial_traced(n):
    return _fact(n)


def _bisect_rec(f_lo, lo, hi, depth):
    mid = (lo + hi) / 2
    if depth == 0:
        return mid
    if mid * mid > f_lo:
        return _bisect_rec(f_lo, lo, mid, depth - 1)
    return _bisect_rec(f_lo, mid, hi, depth - 1)


# recursion with a static depth and traced branches (fine)
@case((2.0,), (9.0,))
def he_recursive_bisect_static_depth(a):
    return _bisect_rec(a, 0.0, 10.0, 6)


def _gcd(a, b):
    if b == 0:
        return a
    return _gcd(b, a % b)


# Euclid's gcd by recursion on traced ints
@case((12, 18), (7, 0))
def he_recursive_gcd_traced(a, b):
    return _gcd(a, b)


# a Python while True whose exit needs a traced value
@case((10.0,), (0.5,))
def he_while_true_traced_break(x):
    n = 0
    while True:
        if x < 1.0:
            break
        x = x / 2
        n += 1
    return n


# a while True whose exit is a return on a traced value
@case((10,), (3,))
def he_while_true_traced_return(n):
    steps = 0
    while True:
        if n == 1:
            return steps
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1


def _count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1


# a user generator with a traced stop, summed
@case((3,), (0,))
def he_generator_traced_stop_sum(n):
    return sum(_count_up(n))


def _pairs(xs):
    for i in range(len(xs) - 1):
        yield xs[i], xs[i + 1]


# a user generator over static length with traced items (fine)
@case((F(1.0, 3.0, 2.0),))
def he_generator_static_pairs(x):
    tot = 0.0
    for a, b in _pairs(x):
        if b > a:
            tot += b - a
    return tot


def _scaled(xs, k):
    for v in xs:
        if v > 0:
            yield v * k


# a generator that filters by a traced condition, listed
@case((F(1.0, -2.0, 3.0),))
def he_generator_filter_listed(x):
    return jnp.array(list(_scaled(x, 2.0))).sum()


# try/except around a raise under a traced condition
@case((1.0,), (-1.0,))
def he_try_except_traced_raise(x):
    try:
        if x < 0:
            raise ValueError("negative")
        y = x * 2
    except ValueError:
        y = 0.0
    return y


# try/except IndexError around a traced list index
@case((1,), (5,))
def he_try_except_index_traced(i):
    xs = [1.0, 2.0, 3.0]
    try:
        v = xs[i]
    except IndexError:
        v = -1.0
    return v


# try/except ZeroDivisionError around a traced division
@case((2.0,), (0.0,))
def he_try_except_zero_division(x):
    try:
        y = 1.0 / x
    except ZeroDivisionError:
        y = 0.0
    return y


# try/finally in a traced loop
@case((3,), (0,))
def he_try_finally_traced_loop(n):
    tot = 0
    i = 0
    while i < n:
        try:
            tot += i
        finally:
            i += 1
    return tot


# del of a name assigned in a traced branch
@case((1.0,), (-1.0,))
def he_del_after_traced_branch(x):
    if x > 0:
        tmp = x * 2
    else:
        tmp = x * 3
    y = tmp + 1
    del tmp
    return y


# del inside a traced branch
@case((1.0,), (-1.0,))
def he_del_inside_traced_branch(x):
    tmp = x * 2
    if x > 0:
        del tmp
        tmp = x
    return tmp


_TOTAL = [0.0]
_COUNT = 0


# a global counter written under a traced condition (documented refusal)
@case((1.0,), (-1.0,))
def he_global_under_traced_if(x):
    global _COUNT
    if x > 0:
        _COUNT = _COUNT + 1
    return x


# a nonlocal written under a traced condition
@case((1.0,), (-1.0,))
def he_nonlocal_under_traced_if(x):
    hits = 0

    def visit(v):
        nonlocal hits
        if v > 0:
            hits += 1
    visit(x)
    visit(x * 2)
    return hits


# a module-level list mutated under a traced condition
@case((1.0,), (-1.0,))
def he_global_list_append_traced(x):
    log = []
    if x > 0:
        log.append(x)
    return len(log)


# for/else with a traced break
@case((F(1.0, 5.0, 2.0), 4.0), (F(1.0, 2.0, 3.0), 4.0))
def he_for_else_traced_break(x, t):
    for v in x:
        if v > t:
            found = 1
            break
    else:
        found = 0
    return found


# a with-statement (a Python context manager) inside a traced branch
@case((1.0,), (-1.0,))
def he_with_in_traced_branch(x):
    import contextlib
    if x > 0:
        with contextlib.suppress(ZeroDivisionError):
            x = x * 2
    return x


# recursion on a traced list index (binary search)
def _bsearch(xs, t, lo, hi):
    if lo >= hi:
        return lo
    mid = (lo + hi) // 2
    if xs[mid] < t:
        return _bsearch(xs, t, mid + 1, hi)
    return _bsearch(xs, t, lo, mid)


@case((F(1.0, 3.0, 5.0, 7.0), 4.0), (F(1.0, 3.0, 5.0, 7.0), 0.0))
def he_recursive_bsearch_traced(x, t):
    return _bsearch(x, t, 0, len(x))


# a variable unbound on one path of a traced branch, read after
@case((1.0,), (-1.0,))
def he_unbound_one_branch(x):
    if x > 0:
        y = x
    return y


# ================================================================ standard library calls

# functools.reduce adding traced values (fine)
@case(([1.0, 2.0, 3.0],))
def he_reduce_add(xs):
    return functools.reduce(lambda a, b: a + b, xs, 0.0)


# functools.reduce with a traced condition in the lambda
@case(([1.0, 5.0, 3.0],))
def he_reduce_max_lambda(xs):
    return functools.reduce(lambda a, b: a if a > b else b, xs)


# functools.reduce over a traced array with a user function that branches
def _clip_add(acc, v):
    if v > 0:
        return acc + v
    return acc


@case((F(1.0, -5.0, 3.0),))
def he_reduce_user_fn_array(x):
    return functools.reduce(_clip_add, x, 0.0)


# functools.reduce with operator.mul
@case(([1.0, 2.0, 3.0],))
def he_reduce_operator_mul(xs):
    return functools.reduce(operator.mul, xs, 1.0)


# itertools.accumulate of traced values
@case(([1.0, 2.0, 3.0],))
def he_accumulate_sum(xs):
    return list(itertools.accumulate(xs))[-1]


# itertools.accumulate with max (a running maximum)
@case(([1.0, 5.0, 3.0],))
def he_accumulate_max(xs):
    run = list(itertools.accumulate(xs, max))
    return run[-1] - run[0]


# statistics.mean of traced values
@case(([1.0, 2.0, 4.0],))
def he_statistics_mean(xs):
    return statistics.mean(xs)


# statistics.median of traced values
@case(([1.0, 7.0, 4.0],))
def he_statistics_median(xs):
    return statistics.median(xs)


# statistics.stdev of traced values
@case(([1.0, 2.0, 4.0],))
def he_statistics_stdev(xs):
    return statistics.stdev(xs)


# random.random() in a traced loop: one number at trace time
@case((3,), (1,))
def he_random_in_traced_loop(n):
    random.seed(0)
    tot = 0.0
    i = 0
    while i < n:
        tot += random.random()
        i += 1
    return tot


# random.choice from a list inside a traced branch
@case((1.0,), (-1.0,))
def he_random_choice_branch(x):
    random.seed(1)
    if x > 0:
        k = random.choice([1, 2, 3])
    else:
        k = 0
    return k


# time.perf_counter in a traced loop, then the elapsed count discarded
@case((3,),)
def he_time_in_traced_loop(n):
    import time
    t0 = time.perf_counter()
    tot = 0
    i = 0
    while i < n:
        tot += i
        i += 1
    _ = time.perf_counter() - t0
    return tot


# heapq with traced values
@case(([3.0, 1.0, 2.0],))
def he_heapq_push_traced(xs):
    h = []
    for v in xs:
        heapq.heappush(h, v)
    return heapq.heappop(h)


# heapq.nlargest of traced values
@case(([3.0, 1.0, 2.0],))
def he_heapq_nlargest(xs):
    return sum(heapq.nlargest(2, xs))


# bisect into a static list with a traced value
@case((2.5,), (0.0,))
def he_bisect_traced_value(x):
    edges = [1.0, 2.0, 3.0]
    return bisect.bisect_left(edges, x)


# collections.deque.rotate by a traced count
@case((1,), (2,))
def he_deque_rotate_traced(k):
    d = collections.deque([1.0, 2.0, 3.0])
    d.rotate(k)
    return d[0]


# operator.itemgetter with a traced index
@case((0,), (2,))
def he_itemgetter_traced(i):
    get = operator.itemgetter(i)
    return get([1.0, 2.0, 3.0])


# functools.lru_cache helper called with a traced argument
@functools.lru_cache(maxsize=None)
def _cached_sq(v):
    return v * v


@case((2.0,),)
def he_lru_cache_traced(x):
    return _cached_sq(x) + 1


# max with a key function that reads traced values
@case(([3.0, -5.0, 2.0],))
def he_max_key_abs(xs):
    return max(xs, key=abs)


# sorted with key=abs over a traced array
@case((F(3.0, -5.0, 2.0),))
def he_sorted_key_abs_array(x):
    return sorted(x, key=abs)[0]


# map(float, xs) over a traced vector
@case((I(1, 2, 3),))
def he_map_float_vector(x):
    vals = list(map(float, x))
    return sum(vals)


# itertools.takewhile with a traced predicate
@case(([1.0, 2.0, -1.0, 3.0],))
def he_takewhile_traced(xs):
    return sum(itertools.takewhile(lambda v: v > 0, xs))


# itertools.groupby over traced keys
@case(([1, 1, 2],))
def he_groupby_traced(xs):
    return len([k for k, _ in itertools.groupby(xs)])


# enumerate + max over a traced array (argmax by hand, fine)
@case((F(1.0, 5.0, 3.0),))
def he_argmax_by_hand(x):
    best_i, best_v = 0, x[0]
    for i, v in enumerate(x):
        if v > best_v:
            best_i, best_v = i, v
    return best_i


# math.gcd of traced ints
@case((12, 18),)
def he_math_gcd_traced(a, b):
    return math.gcd(a, b)


# math.comb with a traced n
@case((5, 2),)
def he_math_comb_traced(n, k):
    return math.comb(n, k)


# divmod then used as a list index
@case((7,), (2,))
def he_divmod_index(n):
    q, r = divmod(n, 3)
    table = [0.0, 1.0, 2.0]
    return table[r] + q


# round() of a traced value used as a range bound
@case((2.6,), (0.4,))
def he_round_range_bound(x):
    tot = 0
    for i in range(round(x)):
        tot += i + 1
    return tot


# ================================================================ more shapes and item writes

# np.full with a traced length
@case((3,), (2,))
def he_np_full_traced(n):
    buf = np.full(n, 0.5)
    return buf.sum()


# np.empty with a traced length, filled in a loop
@case((3,), (2,))
def he_np_empty_traced(n):
    out = np.empty(n)
    return out.shape[0]


# jnp.tile with a traced count
@case((F(1.0, 2.0), 2), (F(1.0, 2.0), 3))
def he_jnp_tile_traced(x, k):
    return jnp.tile(x, k).sum()


# a reduction over a traced axis
@case((np.ones((2, 3), np.float32), 0), (np.ones((2, 3), np.float32), 1))
def he_sum_traced_axis(m, axis):
    return m.sum(axis=axis).max()


# an item write past the end at a traced index (NumPy raises IndexError)
@case((F(1.0, 2.0, 3.0), 1), (F(1.0, 2.0, 3.0), 5), np_ref=True)
def he_setitem_out_of_bounds_traced(x, i):
    x[i] = 9.0
    return x


# an item write past the end at a Python index (NumPy raises IndexError)
@case((F(1.0, 2.0, 3.0), 5), static=(1,), np_ref=True)
def he_setitem_out_of_bounds_static(x, i):
    x[i] = 9.0
    return x


# a `:d` format spec on a traced float in a traced branch (ValueError, as Python)
@case((1.5,), (-1.5,))
def he_fstring_d_on_float(x):
    if x > 0:
        print(f"value {x:5d}")
    return x


# a `.2f` spec on a vector (TypeError, as NumPy)
@case((F(1.0, 2.0), 1),)
def he_fstring_2f_on_vector(x, n):
    if n > 0:
        print(f"{x:.2f}")
    return x


# Outcomes of this hunt, "<key>: reason" with key "refused" or "<class> <mode>", in the
# format of corpus_hunt_python3.KNOWN. OPEN marks a converter bug or an unclear refusal
# still to fix; the others are fair refusals or documented behaviour.
_NP = ("OPEN (unclear): a NumPy function on a traced array; the fix says a shape/size/Python "
       "number must be known, where the fix is the jnp function (names the call and line, not "
       "the variable)")
_METH = ("OPEN (unclear): the call is named `_forward_method_to_aval.<locals>.meth(...)` (a "
         "JAX internal), not the method the user wrote")
_LIB = ("OPEN (unclear): a traced truth test inside a function a library calls is reported as "
        "the library call needing a concrete value, with the shape/size fix")
_APPEND = ("OPEN (unclear): a list appended to under a traced `if` is 'a different structure in "
           "the two branches' with the fix 'pad or reshape it'; a list cannot be padded, the "
           "real issue is a data-dependent length (suggest a mask / jnp.where)")
_FRAME = ("OPEN (traceback): message fine, but the last frame is autograph_py/errors.py:265 "
          "clearer_errors, not the user's line")
_RTE = ("documented: a run-time check under plain jax.jit surfaces as JaxRuntimeError (README "
        "'Under a plain jax.jit'); @function raises Python's exception at the user's line")
_CONC = "refused: ConcreteValueError: {} (fair: names the call and line, says what to do)"
_VEC = ("refused: StateError: truth of a vector {} (fair message at the line; eager raises "
        "ValueError, this is a TypeError subclass)")
KNOWN: dict[str, str] = {
    "he_vector_eq_in_while": "MISMATCH jit: the truth of a vector on a traced path (a while "
                             "body) is Python's ValueError where that path runs: plain "
                             "jax.jit reports it as JaxRuntimeError (FINDINGS F8); "
                             "@function raises the ValueError",
    # ---- fair refusals: data-dependent shapes
    "he_mask_index_sum": "refused: TracedShapeError: boolean mask read (fair, suggests where/sum)",
    "he_mask_index_in_traced_if": "refused: TracedShapeError: boolean mask read (fair)",
    "he_mask_len_count": "refused: TracedShapeError: boolean mask read (fair)",
    "he_mask_rows_in_for": "refused: TracedShapeError: boolean mask read in a scan (fair)",
    "he_mask_in_traced_while": "refused: TracedShapeError: boolean mask read in a while (fair)",
    "he_bool_empty": "refused: TracedShapeError: boolean mask read (fair)",
    "he_nonzero_count": _CONC.format("jnp.nonzero without size= (could mention size=)"),
    "he_where_one_arg": _CONC.format("one-argument jnp.where (could mention size=)"),
    "he_argwhere_first": _CONC.format("jnp.argwhere (could mention size=)"),
    "he_unique_count": _CONC.format("jnp.unique (could mention size=)"),
    "he_prefix_slice_traced": "refused: TracedShapeError: slice with a traced bound (fair)",
    "he_slice_both_bounds_in_branch": "refused: TracedShapeError: traced slice (fair)",
    "he_suffix_from_argmax": "refused: TracedShapeError: traced slice (fair)",
    "he_list_range_traced": "refused: StateError: list(range(traced)) (fair)",
    "he_jnp_zeros_traced": _CONC.format("jnp.zeros(n)"),
    "he_arange_in_branch": _CONC.format("jnp.arange(n)"),
    "he_append_while_then_array": "refused: TracedListError: names 'lst' (fair)",
    "he_append_range_then_array": "refused: TracedListError: names 'vals' (fair)",
    "he_linspace_traced_num": _CONC.format("jnp.linspace num"),
    "he_eye_traced": _CONC.format("jnp.eye(n)"),
    "he_repeat_traced_count": _CONC.format("jnp.repeat count"),
    "he_shape_from_data_max": _CONC.format("jnp.zeros(int(x.max()) + 1)"),
    "he_np_arange_in_while": _CONC.format("np.arange(traced)"),
    "he_split_traced_parts": _CONC.format("jnp.split count"),
    "he_int_as_shape": _CONC.format("jnp.ones(int(x))"),
    "he_tolist_sum": _CONC.format("Tracer.tolist()"),
    "he_math_fsum": _CONC.format("math.fsum"),
    # ---- fair refusals: containers, text, scopes, libraries
    "he_list_of_str_traced_index": "refused: TracedShapeError: list of str at a traced index "
                                   "(fair)",
    "he_list_ragged_traced_index": "refused: TracedShapeError: ragged list (fair, shows shapes)",
    "he_list_of_functions_traced": "refused: TracedShapeError: list of lambdas at a traced "
                                   "index (fair; a dict of functions is a clear TypeError)",
    "he_str_traced_index": "refused: ConcreteValueError: str at a traced index (fair)",
    "he_list_pop_traced": _CONC.format("list.pop(traced)"),
    "he_list_insert_traced": _CONC.format("list.insert(traced)"),
    "he_list_slice_traced": "refused: TracedShapeError: list slice with traced bounds (fair)",
    "he_while_list_shrinks_traced": "refused: LoopStateMismatch: names 'items' (fair)",
    "he_len_str_traced": "refused: ConcreteValueError: len(str(traced)) (fair)",
    "he_string_grow_traced_while": "refused: LoopStateMismatch: names 's' (fair)",
    "he_str_startswith_traced": "refused: ConcreteValueError: str(x).startswith (fair)",
    "he_round_by_format": "refused: ConcreteValueError: float(f'{x:.2f}') (fair)",
    "he_generator_traced_stop_sum": "refused: ConcreteValueError: user generator with a traced "
                                    "while (fair, names the generator and both lines)",
    "he_generator_filter_listed": "refused: ConcreteValueError: user generator filtering by a "
                                  "traced test (fair)",
    "he_try_except_traced_raise": "refused: StagedRaiseError: documented (fair)",
    "he_try_except_index_traced": "refused: StagedRaiseError: IndexError of a traced list "
                                  "index caught by try (fair)",
    "he_global_under_traced_if": "refused: StateError: documented (fair)",
    "he_unbound_one_branch": "refused: UndefinedVariableError: names 'y' (fair)",
    "he_statistics_median": _CONC.format("statistics.median"),
    "he_heapq_push_traced": _CONC.format("heapq.heappush"),
    "he_heapq_nlargest": _CONC.format("heapq.nlargest"),
    "he_bisect_traced_value": _CONC.format("bisect.bisect_left"),
    "he_deque_rotate_traced": _CONC.format("deque.rotate"),
    "he_itemgetter_traced": _CONC.format("operator.itemgetter(traced)"),
    "he_math_gcd_traced": _CONC.format("math.gcd"),
    "he_math_comb_traced": _CONC.format("math.comb"),
    # ---- unclear refusals
    "he_np_sin_vector": "refused: ConcreteValueError: " + _NP,
    "he_np_array_copy": "refused: ConcreteValueError: " + _NP,
    "he_np_mean_of_list": "refused: ConcreteValueError: " + _NP,
    "he_np_dot": "refused: ConcreteValueError: " + _NP,
    "he_np_where_three": "refused: ConcreteValueError: " + _NP,
    "he_np_clip": "refused: ConcreteValueError: " + _NP,
    "he_np_isnan_if": "refused: ConcreteValueError: " + _NP,
    "he_np_sqrt_in_while": "refused: ConcreteValueError: " + _NP,
    "he_np_float32_cast": "refused: ConcreteValueError: " + _NP,
    "he_np_asarray_sum": "refused: ConcreteValueError: " + _NP,
    "he_np_linalg_norm": "refused: ConcreteValueError: " + _NP,
    "he_np_concatenate": "refused: ConcreteValueError: " + _NP,
    "he_np_exp_in_traced_while": "refused: ConcreteValueError: " + _NP,
    "he_np_histogram": "refused: ConcreteValueError: " + _NP,
    "he_item_scalar": "refused: ConcreteValueError: " + _METH + " (`.item()`)",
    "he_item_in_for": "refused: ConcreteValueError: " + _METH + " (`.item()`)",
    "he_reshape_traced_rows": "refused: ConcreteValueError: " + _METH + " (`.reshape`)",
    "he_sum_traced_axis": "refused: ConcreteValueError: " + _METH + " (`.sum(axis=)`)",
    "he_accumulate_max": "refused: ConcreteValueError: " + _LIB + " (itertools.accumulate "
                         "with max; named `list(...)`)",
    "he_append_filtered_in_for": "refused: StateError: " + _APPEND,
    "he_global_list_append_traced": "refused: StateError: " + _APPEND,
    "he_recursive_bisect_static_depth": "refused: TracedRecursionError: OPEN (unfair/unclear): "
                                        "the recursion stops on a Python `depth == 0`; a "
                                        "traced `if` with a recursive call in both branches "
                                        "makes 2**depth traced calls (127 for depth 6) and the "
                                        "counter at 100 says to make the stopping condition "
                                        "static, which it already is",
    "he_dict_fstring_key_traced": "refused: ConcreteValueError: OPEN (unclear): the message "
                                  "shows the text as `wJitTracer(int32[])` and the fix "
                                  "(compute from the values) does not fit a dict lookup",
    "he_takewhile_traced": "refused: ConcreteValueError: " + _FRAME,
    "he_groupby_traced": "refused: ConcreteValueError: " + _FRAME,
    # ---- CRASH
    "he_np_zeros_traced": ("refused: ConcreteValueError: np.zeros of a traced size needs a concrete "
                             "value (fair, clear)"),
    "he_np_empty_traced": ("refused: ConcreteValueError: np.empty of a traced size needs a concrete "
                             "value (fair, clear)"),
    "he_np_full_traced": ("refused: ConcreteValueError: np.full of a traced size needs a concrete "
                            "value (fair, clear)"),
    "he_np_random_traced_size": ("refused: ConcreteValueError: default_rng().normal(size=...) of a traced size needs a concrete "
                                   "value (fair, clear)"),
    "he_jnp_tile_traced": ("refused: ConcreteValueError: jnp.tile of a traced size needs a concrete "
                             "value (fair, clear)"),
    "he_np_argsort_reorder": "CRASH jit: OPEN: np.argsort(tracer) forwards to Tracer.argsort "
                             "and dies in MLIR ('get(): incompatible function arguments'); "
                             "plain jax.jit too",
    # ---- MISMATCH
    "he_setitem_out_of_bounds_traced": "MISMATCH arr: OPEN: x[i] = v past the end is dropped "
                                       "silently (JAX scatter); NumPy raises IndexError",
    "he_random_in_traced_loop": "MISMATCH jit: OPEN (inherent to tracing): random.random() in "
                                "a traced while runs once at trace time; every iteration adds "
                                "the same number, silently",
    "he_math_exp_vector_in_branch": "MISMATCH jit: " + _RTE,
    "he_fstring_d_on_float": "MISMATCH jit: " + _RTE,
    "he_fstring_2f_on_vector": "MISMATCH jit: " + _RTE,
    "he_list_index_mixed_num": "MISMATCH jit: documented-like promotion: [1, 2.5, 3][i] is the "
                               "Python int eagerly, float32 gathered (dtype only)",
}
