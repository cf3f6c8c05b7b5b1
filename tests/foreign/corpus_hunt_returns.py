"""Adversarial user programs, third hunt: around the fixes of 2026-12-07 -- a traced
`return d` that gives back the list or dict itself (a finally / __exit__ / ExitStack
callback changing it after the return), text joined from traced values and a str a
traced condition picks, and a global's or closure's list/dict item-assigned by a
computed index in a function with traced control flow."""
from __future__ import annotations

import contextlib

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


# ================================================================ 1. returned objects

class _Bump:
    def __init__(self, box, key, by=1.0):
        self.box, self.key, self.by = box, key, by

    def __enter__(self):
        return self.box

    def __exit__(self, *exc):
        self.box[self.key] = self.box[self.key] + self.by
        return False


@contextlib.contextmanager
def _tally(box):
    try:
        yield box
    finally:
        box["t"] = box["t"] + 10.0


@case((1.0,), (-1.0,))
def h3_ret_dict_if_finally(x):
    d = {"k": x, "n": 0.0}
    try:
        if x > 0:
            return d
        d["k"] = d["k"] * 2.0
    finally:
        d["n"] = d["n"] + 1.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_alias_if_finally(x):
    d = {"k": x}
    e = d
    try:
        if x > 0:
            return e
        e["k"] = e["k"] - 1.0
    finally:
        d["k"] = d["k"] + 5.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_list_in_new_list(x):
    d = [x, 0.0]
    try:
        if x > 0:
            return [d, x]
    finally:
        d[1] = d[1] + 3.0
    return [d, -x]


@case((1.0,), (-1.0,))
def h3_ret_dict_in_new_dict(x):
    d = {"a": x}
    try:
        if x > 0:
            return {"inner": d, "s": x}
    finally:
        d["a"] = d["a"] + 3.0
    return {"inner": d, "s": -x}


@case((1.0,), (-1.0,))
def h3_ret_tuple_two_lists(x):
    a = [x]
    b = [0.0]
    try:
        if x > 0:
            return a, b
    finally:
        a[0] = a[0] + 1.0
        b[0] = b[0] + 2.0
    return b, a


@case((1.0,), (-1.0,))
def h3_ret_tuple_same_lists_both_paths(x):
    a = [x]
    b = [0.0]
    try:
        if x > 0:
            return a, b
    finally:
        a[0] = a[0] + 1.0
        b[0] = b[0] + 2.0
    return a, b


@case((1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0))
def h3_ret_two_objects_two_conditions(x, y):
    d = {"k": 0.0}
    e = {"k": 100.0}
    try:
        if x > 0:
            return d
        if y > 0:
            return e
    finally:
        d["k"] = d["k"] + 1.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_finally_rebinds_then_mutates_new(x):
    d = {"k": x}
    try:
        if x > 0:
            return d
    finally:
        d = {"k": 99.0}
        d["k"] = d["k"] + 1.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_nested_list_element(x):
    rows = [[x, 1.0], [2.0, 3.0]]
    try:
        if x > 0:
            return rows[0]
    finally:
        rows[0][1] = rows[0][1] + 10.0
    return rows[1]


@case((1.0,), (-1.0,))
def h3_ret_nested_list_element_same(x):
    rows = [[x, 1.0], [2.0, 3.0]]
    try:
        if x > 0:
            return rows[0]
        rows[0][0] = rows[0][0] - 1.0
    finally:
        rows[0][1] = rows[0][1] + 10.0
    return rows[0]


@case((3,), (0,), (7,))
def h3_ret_list_while_finally_append_count(n):
    d = [0, 0]
    i = 0
    while i < 5:
        try:
            if i == n:
                return d
            d[0] = d[0] + i
            i += 1
        finally:
            d[1] = d[1] + 1
    return d


@case((2,), (0,), (9,))
def h3_ret_dict_for_range_finally(n):
    d = {"s": 0, "f": 0}
    for i in range(6):
        try:
            if i >= n:
                return d
            d["s"] = d["s"] + i * i
        finally:
            d["f"] = d["f"] + 1
    return d


@case((F(1.0, -2.0, 3.0), 0.0), (F(-1.0, -2.0, -3.0), 0.0), (F(0.5, 5.0, 1.0), 2.0))
def h3_ret_list_for_array_finally(xs, t):
    box = [0.0, 0.0]
    for v in xs:
        try:
            if v > t + 1.0:
                return box
            box[0] = box[0] + v
        finally:
            box[1] = box[1] + 1.0
    return box


@case((F(1.0, -2.0, 3.0),), (F(-1.0, -2.0, -3.0),))
def h3_ret_dict_for_array_with_exit(xs):
    box = {"s": 0.0, "e": 0.0}
    for v in xs:
        with _Bump(box, "e"):
            if v > 2.0:
                return box
            box["s"] = box["s"] + v
    return box


@case((1.0,), (-1.0,))
def h3_ret_dict_with_generator_cm(x):
    box = {"t": 0.0, "v": x}
    with _tally(box) as b:
        if x > 0:
            return b
        b["v"] = b["v"] * 3.0
    return box


@case((1.0,), (-1.0,))
def h3_ret_dict_exitstack_callback(x):
    box = {"k": x}

    def bump():
        box["k"] = box["k"] + 7.0
    with contextlib.ExitStack() as st:
        st.callback(bump)
        if x > 0:
            return box
    box["k"] = box["k"] * 2.0
    return box


@case((1.0,), (-1.0,))
def h3_ret_list_finally_append(x):
    d = [x]
    try:
        if x > 0:
            return d
        d[0] = d[0] - 1.0
    finally:
        d.append(9.0)
    return d


@case((1.0,), (-1.0,))
def h3_ret_list_finally_pop(x):
    d = [x, 1.0, 2.0]
    try:
        if x > 0:
            return d
    finally:
        d.pop()
    return d


@case((1.0,), (-1.0,))
def h3_ret_dict_finally_new_key(x):
    d = {"a": x}
    try:
        if x > 0:
            return d
    finally:
        d["done"] = 1.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_dict_finally_clear(x):
    d = {"a": x}
    try:
        if x > 0:
            return d
    finally:
        d.clear()
    return d


@case((3,), (0,))
def h3_ret_list_nested_loops_finally(n):
    d = [0, 0]
    for i in range(3):
        for j in range(3):
            try:
                if i * 3 + j == n:
                    return d
                d[0] = d[0] + 1
            finally:
                d[1] = d[1] + 10
    return d


@case((3,), (0,))
def h3_ret_list_inner_loop_outer_finally(n):
    d = [0, 0]
    try:
        i = 0
        while i < 4:
            j = 0
            while j < 4:
                if i + j == n:
                    return d
                d[0] = d[0] + 1
                j += 1
            i += 1
    finally:
        d[1] = d[1] + 1
    return d


def _helper_returns(d, x):
    if x > 0:
        return d
    d["k"] = d["k"] - 1.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_helper_then_caller_finally(x):
    d = {"k": x}
    try:
        r = _helper_returns(d, x)
        return r
    finally:
        d["k"] = d["k"] + 4.0


@case((1.0,), (-1.0,))
def h3_ret_helper_result_under_traced_if(x):
    d = {"k": x}
    try:
        if x > 0:
            return _helper_returns(d, x)
    finally:
        d["k"] = d["k"] + 4.0
    return d


def _helper_finally(d, x):
    try:
        if x > 0:
            return d
        d[0] = d[0] * 2.0
    finally:
        d[1] = d[1] + 1.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_helper_with_finally_then_caller_mutates(x):
    d = [x, 0.0]
    r = _helper_finally(d, x)
    d[0] = d[0] + 100.0
    return r, d


@case(([1.0, 2.0], 1.0), ([1.0, 2.0], -1.0))
def h3_ret_argument_list(d, x):
    try:
        if x > 0:
            return d
        d[0] = d[0] + x
    finally:
        d[1] = d[1] * 2.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_list_then_is_check(x):
    d = [x, 0.0]

    def inner():
        try:
            if x > 0:
                return d
        finally:
            d[1] = d[1] + 1.0
        return d
    r = inner()
    return r is d, r


@case((1.0,), (-1.0,))
def h3_ret_list_then_caller_appends(x):
    d = [x]

    def inner():
        try:
            if x > 0:
                return d
        finally:
            d[0] = d[0] + 1.0
        return d
    r = inner()
    d.append(5.0)
    return r


@case((1.0,), (-1.0,))
def h3_ret_dict_or_none(x):
    d = {"k": x}
    try:
        if x > 0:
            return d
    finally:
        d["k"] = d["k"] + 1.0
    return {"k": -x}


@case((1.0,), (-1.0,))
def h3_ret_x_and_dict_finally_rebinds_x(x):
    d = {"k": x}
    y = x
    try:
        if x > 0:
            return y, d
        y = y * 2.0
    finally:
        y = 0.0
        d["k"] = d["k"] + 1.0
    return y, d


@case((1.0,), (-1.0,), grad=0)
def h3_ret_grad_through_finally(x):
    d = {"k": x * x}
    try:
        if x > 0:
            return d
        d["k"] = d["k"] * 3.0
    finally:
        d["k"] = d["k"] + x
    return d


@case((1.0,), (-1.0,), (2.0,), vmap=True)
def h3_ret_vmap_finally(x):
    d = [x, 0.0]
    try:
        if x > 1.5:
            return d
        d[0] = d[0] - 1.0
    finally:
        d[1] = d[1] + x
    return d


@case((3,), (0,), (9,), vmap=True)
def h3_ret_vmap_while_finally(n):
    d = {"k": 0}
    i = 0
    while i < 5:
        try:
            if i == n:
                return d
            i += 1
        finally:
            d["k"] = d["k"] + 1
    return d


@case((1.0,), (-1.0,))
def h3_ret_nested_try_finally(x):
    d = [x, 0.0, 0.0]
    try:
        try:
            if x > 0:
                return d
        finally:
            d[1] = d[1] + 1.0
        d[0] = d[0] * 2.0
    finally:
        d[2] = d[2] + d[1]
    return d


@case((1.0,), (-1.0,))
def h3_ret_finally_reads_returned(x):
    d = [x, 0.0]
    try:
        if x > 0:
            return d
        d[0] = -d[0]
    finally:
        d[1] = d[0] * 10.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_finally_swaps_items(x):
    d = [x, 2.0]
    try:
        if x > 0:
            return d
    finally:
        d[0], d[1] = d[1], d[0]
    return d


@case((1.0,), (-1.0,))
def h3_ret_object_attr_list(x):
    class Box:
        pass
    b = Box()
    b.items = [x, 0.0]
    try:
        if x > 0:
            return b.items
    finally:
        b.items[1] = b.items[1] + 1.0
    return b.items


_GRET = [0.0, 0.0]


def _ret_global(x):
    _GRET[:] = [x, 0.0]
    try:
        if x > 0:
            return _GRET
    finally:
        _GRET[1] = _GRET[1] + 1.0
    return _GRET


@case((1.0,), (-1.0,))
def h3_ret_global_list(x):
    r = _ret_global(x)
    return r is _GRET, r[0], r[1]


@case((1.0,), (-1.0,))
def h3_ret_dict_then_rebind_in_not_taken_path(x):
    d = {"k": x}
    try:
        if x > 0:
            return d
        d = {"k": -x}
    finally:
        d["k"] = d["k"] + 1.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_list_finally_in_conditional(x):
    d = [x, 0.0]
    try:
        if x > 0:
            return d
    finally:
        if x < 5.0:
            d[1] = d[1] + 1.0
    return d


@case((3,), (0,), (9,))
def h3_ret_list_nested_range_outer_finally(n):
    d = [0, 0]
    try:
        for i in range(4):
            for j in range(4):
                if i + j == n:
                    return d
                d[0] = d[0] + 1
    finally:
        d[1] = d[1] + 1
    return d


@case((3,), (0,), (9,))
def h3_ret_list_single_while_outer_finally(n):
    d = [0, 0]
    try:
        i = 0
        while i < 4:
            if i == n:
                return d
            d[0] = d[0] + 1
            i += 1
    finally:
        d[1] = d[1] + 1
    return d


@case((3,), (0,), (9,))
def h3_ret_list_nested_while_no_finally_then_mutate(n):
    d = [0, 0]

    def inner():
        i = 0
        while i < 4:
            j = 0
            while j < 4:
                if i + j == n:
                    return d
                d[0] = d[0] + 1
                j += 1
            i += 1
        return d
    r = inner()
    d[1] = d[1] + 5
    return r


@case((3,), (0,), (9,))
def h3_ret_dict_while_in_if_outer_finally(n):
    d = {"a": 0, "b": 0}
    try:
        if n > 1:
            i = 0
            while i < 5:
                if i == n:
                    return d
                d["a"] = d["a"] + 1
                i += 1
    finally:
        d["b"] = d["b"] + 1
    return d


# ================================================================ 2. picked str in text

@case((2.0,), (0.5,), (-1.0,))
def h3_txt_fstring_format_spec(x):
    m = "up" if x > 0 else "down"
    print(f"[{m:>6}] [{m:<5}|{m:^7}] {x:+.3f}")
    return x * 2.0


@case((2.0,), (-1.0,))
def h3_txt_fstring_repr_conversion(x):
    m = "up" if x > 0 else "down"
    print(f"{m!r} {x}")
    return x


@case((2.0,), (0.5,), (-3.0,))
def h3_txt_three_way_pick(x):
    m = "big" if x > 1 else ("small" if x > 0 else "neg")
    print(f"{m}: {x:.2f}")
    return x + 1.0


@case((2.0,), (0.5,), (-3.0,))
def h3_txt_three_way_inline(x):
    print(f"{'big' if x > 1 else 'small' if x > 0 else 'neg'} {x}")
    return x


@case((2.0,), (-1.0,))
def h3_txt_join_picked_pieces(x):
    m = "up" if x > 0 else "down"
    s = " | ".join([m, str(x), m.upper()])
    print(s)
    return x


@case((2.0,), (-1.0,))
def h3_txt_join_two_picks(x):
    a = "A" if x > 0 else "a"
    b = "B" if x > 1 else "b"
    print("-".join([a, b]), a + b, f"{a}{b}{x}")
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_template_format(x):
    t = "pos {}" if x > 0 else "neg {}"
    print(t.format(x))
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_template_percent(x):
    t = "pos %.2f" if x > 0 else "neg %.1f"
    print(t % x)
    return x


@case((2.0,), (-1.0,))
def h3_txt_str_plus_picked_swapped(x):
    m = "up" if x > 0 else "down"
    print(str(x) + m, repr(x) + " " + m)
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_methods(x):
    m = "up" if x > 0 else "down"
    print(m.upper() + str(x), m.replace("o", "0") + ":" + str(x), m.ljust(6, ".") + str(x))
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_len_and_index(x):
    m = "up" if x > 0 else "down"
    print(len(m), m[0], m[-1:], x)
    return x + len(m)


@case((2.0,), (-1.0,))
def h3_txt_percent_tuple_spec(x):
    m = "up" if x > 0 else "down"
    print("%-6s|%8.3f|%s" % (m, x, m))
    return x


@case((2.0,), (-1.0,))
def h3_txt_format_kwargs(x):
    m = "up" if x > 0 else "down"
    print("{name}: {val:.1f}".format(name=m, val=x))
    return x


@case((2.0,), (-1.0,))
def h3_txt_format_positional_spec(x):
    m = "up" if x > 0 else "down"
    print("{0:>5} {1:.2f} {0}".format(m, x))
    return x


@case((2.0,), (-1.0,))
def h3_txt_print_sep_end_picked(x):
    m = "up" if x > 0 else "down"
    s = "," if x > 0 else ";"
    print(m, x, sep=s)
    print(x, end=m + "\n")
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_none_fstring(x):
    m = "a" if x > 0 else None
    print(f"{m} {x}", str(m) + str(x))
    return x


@case((2.0,), (-1.0,), (20.0,))
def h3_txt_assert_picked_message(x):
    m = "pos" if x > 0 else "neg"
    assert x < 10.0, f"{m} too big: {x}"
    return x


@case((2.0,), (-3.0,), (-0.5,))
def h3_txt_raise_fstring_picked(x):
    m = "very" if x < -1 else "a bit"
    if x < 0:
        raise ValueError(f"{m} negative: {x}")
    return x


@case((2.0,), (-3.0,), (-0.5,))
def h3_txt_raise_two_args_picked(x):
    if x < 0:
        raise ValueError("neg" if x < -1 else "small", 3)
    return x


@case((2.0,), (-3.0,), (-0.5,))
def h3_txt_raise_picked_class(x):
    if x < 0:
        raise (ValueError if x < -1 else TypeError)("bad")
    return x


@case((2.0,), (-3.0,), (-0.5,))
def h3_txt_exception_message_caught(x):
    try:
        if x < 0:
            raise ValueError("neg" if x < -1 else "small")
        r = x
    except ValueError:
        r = -x
    return r


@case((2.0,), (0.5,), (-1.0,), vmap=True)
def h3_txt_vmap_print_picked(x):
    m = "big" if x > 1 else "small"
    print(f"{m} {x:.1f}")
    return x * 3.0


@case((2.0,), (0.5,), (-1.0,), vmap=True)
def h3_txt_vmap_picked_dict_key(x):
    scale = {"big": 10.0, "small": 1.0}
    m = "big" if x > 1 else "small"
    return x * scale[m]


@case((F(1.0, -2.0, 3.0),), (F(-1.0, -1.0, 0.0),))
def h3_txt_in_traced_loop_over_array(xs):
    n = 0
    for v in xs:
        m = "+" if v > 0 else "-"
        print(f"{m}{v:.1f}")
        n = n + 1
    return n


@case((3,), (0,))
def h3_txt_in_traced_while(n):
    i = 0
    while i < n:
        m = "even" if i % 2 == 0 else "odd"
        print("%d is %s" % (i, m))
        i += 1
    return i


@case((2.0,), (-1.0,))
def h3_txt_accumulated_string(x):
    s = "x"
    s = s + ("+" if x > 0 else "-")
    s = s + str(x)
    print(s)
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_compare_then_branch(x):
    m = "up" if x > 0 else "down"
    if m == "up":
        y = x + 1.0
    else:
        y = x - 1.0
    print(f"{m}={y}")
    return y


@case((2.0,), (-1.0,))
def h3_txt_picked_in_list_then_joined(x):
    parts = []
    parts.append("s")
    parts.append("up" if x > 0 else "down")
    parts.append(f"{x:.1f}")
    print("/".join(parts))
    return x


@case((2.0,), (-1.0,))
def h3_txt_str_of_picked_int_and_float(x):
    k = 1 if x > 0 else 2
    print(f"k={k} x={x}", str(k) + "/" + str(x))
    return x * k


@case((2.0,), (-1.0,))
def h3_txt_picked_mult_and_concat(x):
    m = "ab" if x > 0 else "c"
    print(m * 2 + str(x), (m + "!") * 2)
    return x


@case((2.0, 1), (-1.0, 0))
def h3_txt_picked_by_int_index(x, i):
    m = ["zero", "one"][1 if x > 0 else 0]
    print(f"{m}:{x}")
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_fstring_nested_braces(x):
    m = "up" if x > 0 else "down"
    w = 6
    print(f"{m:>{w}}|{x:{w}.2f}")
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_fstring_in_helper(x):
    def label(v):
        return f"{'pos' if v > 0 else 'neg'}({v})"
    print(label(x), label(-x))
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_returned_from_helper_then_formatted(x):
    def kind(v):
        if v > 0:
            return "pos"
        return "neg"
    print(kind(x) + ":" + str(x), f"{kind(x)} {x}")
    return x


@case((2.0,), (-1.0,))
def h3_txt_str_format_method_on_literal_picked_both(x):
    a = "A" if x > 0 else "a"
    print("{}{}{}".format(a, "B" if x > 1 else "b", x))
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_startswith_branch(x):
    m = "up" if x > 0 else "down"
    y = x * 2.0 if m.startswith("u") else x * 3.0
    print(m.startswith("u"), y)
    return y


@case((2.0,), (-1.0,))
def h3_txt_picked_format_builtin(x):
    m = "up" if x > 0 else "down"
    print(format(m, ">6") + format(x, ".2f"))
    return x


@case((2.0,), (-1.0,))
def h3_txt_fstring_nested_spec_no_pick(x):
    w = 6
    print(f"{x:{w}.2f}")
    return x


# ================================================================ 3. globals / closures item-assigned

_G = [0.0, 0.0, 0.0]
_GI = [0, 0, 0, 0]
_GD = {"a": 0.0, "b": 0.0}
_GN = [[0.0, 0.0], [0.0, 0.0]]
_GA = np.zeros(3, np.float32)


@case((2.0, 1), (-1.0, 2))
def h3_glob_setitem_one_branch(x, i):
    _G[:] = [0.0, 0.0, 0.0]
    if x > 0:
        _G[i] = x
    return _G[0], _G[1], _G[2]


@case((2.0, 1), (-1.0, 2))
def h3_glob_setitem_both_branches(x, i):
    _G[:] = [0.0, 0.0, 0.0]
    if x > 0:
        _G[i] = x
    else:
        _G[i - 1] = -x
    return _G[0], _G[1], _G[2]


@case((2.0, 1), (-1.0, 2))
def h3_glob_augassign_both_branches(x, i):
    _G[:] = [1.0, 1.0, 1.0]
    if x > 0:
        _G[i] += x
    else:
        _G[i] *= x
    return _G[0] + 10.0 * _G[1] + 100.0 * _G[2]


@case((4,), (0,), (1,))
def h3_glob_while_mod_index(n):
    _GI[:] = [0, 0, 0, 0]
    k = 0
    while k < n:
        _GI[k % 4] += k
        k += 1
    return _GI[0], _GI[1], _GI[2], _GI[3]


@case((F(1.0, -2.0, 3.0),), (F(-1.0, -1.0, -1.0),))
def h3_glob_for_array_conditional_index(xs):
    _G[:] = [0.0, 0.0, 0.0]
    for v in xs:
        j = 0 if v > 0 else 1
        _G[j] = _G[j] + v
    return _G[0], _G[1]


@case((3,), (0,))
def h3_glob_for_range_traced_bound(n):
    _G[:] = [0.0, 0.0, 0.0]
    for i in range(n):
        _G[i % 3] = _G[i % 3] + 1.0
    return _G[0], _G[1], _G[2]


@case((2.0, 1, 0), (-1.0, 0, 1))
def h3_glob_nested_list(x, i, j):
    _GN[0][0] = 0.0
    _GN[0][1] = 0.0
    _GN[1][0] = 0.0
    _GN[1][1] = 0.0
    if x > 0:
        _GN[i][j] = x
    _GN[j][i] += 1.0
    return _GN[0][0], _GN[0][1], _GN[1][0], _GN[1][1]


@case((2.0,), (-1.0,))
def h3_glob_dict_computed_key(x):
    _GD["a"] = 0.0
    _GD["b"] = 0.0
    k = "a" if 1 > 0 else "b"
    if x > 0:
        _GD[k] = x
    _GD["b" + ""] += 1.0
    return _GD["a"], _GD["b"]


@case((2.0,), (-1.0,))
def h3_glob_dict_picked_key(x):
    _GD["a"] = 0.0
    _GD["b"] = 0.0
    k = "a" if x > 0 else "b"
    _GD[k] = x
    return _GD["a"], _GD["b"]


@case((2.0, 1), (-1.0, 2))
def h3_glob_declared_global(x, i):
    global _G
    _G[:] = [0.0, 0.0, 0.0]
    if x > 0:
        _G[i] = x
    return _G[0], _G[1], _G[2]


@case((2.0, 1), (-1.0, 2))
def h3_glob_declared_global_rebound(x, i):
    global _G
    _G = [0.0, 0.0, 0.0]
    if x > 0:
        _G[i] = x
    return _G[0], _G[1], _G[2]


@case((3,), (0,))
def h3_closure_nonlocal_list_loop(n):
    acc = [0, 0, 0]

    def add(k):
        nonlocal acc
        acc[k % 3] += 1
    i = 0
    while i < n:
        add(i)
        i += 1
    return acc


@case((3,), (0,))
def h3_closure_list_setitem_in_inner_loop(n):
    acc = [0, 0, 0]

    def run():
        i = 0
        while i < n:
            acc[i % 3] = acc[i % 3] + i
            i += 1
        return i
    k = run()
    return k, acc


@case((2.0, 1), (-1.0, 0))
def h3_closure_dict_traced_if(x, i):
    d = {0: 0.0, 1: 0.0}

    def put(v):
        if v > 0:
            d[i] = v
        else:
            d[1 - i] = v
    put(x)
    return d


@case((2.0, 1), (-1.0, 0))
def h3_glob_tuple_target_swap(x, i):
    _G[:] = [1.0, 2.0, 3.0]
    if x > 0:
        _G[i], _G[i + 1] = _G[i + 1], _G[i]
    return _G[0], _G[1], _G[2]


@case((2.0, 1), (-1.0, 0))
def h3_glob_chained_targets(x, i):
    _G[:] = [0.0, 0.0, 0.0]
    _GI[:] = [0, 0, 0, 0]
    if x > 0:
        _G[i] = _G[i + 1] = x
    return _G[0], _G[1], _G[2]


@case((2.0, 1), (-1.0, 0))
def h3_glob_slice_computed(x, i):
    _G[:] = [0.0, 0.0, 0.0]
    if x > 0:
        _G[i:i + 2] = [x, x]
    return _G[0], _G[1], _G[2]


@case((2.0, 1), (-1.0, 0))
def h3_glob_del_item(x, i):
    _G[:] = [0.0, 1.0, 2.0]
    del _G[i]
    if x > 0:
        y = x
    else:
        y = -x
    return y, len(_G), _G[0]


class _Holder:
    items = [0.0, 0.0]


@case((2.0, 1), (-1.0, 0))
def h3_glob_attr_list_setitem(x, i):
    _Holder.items = [0.0, 0.0]
    if x > 0:
        _Holder.items[i] = x
    return _Holder.items[0], _Holder.items[1]


@case((2.0, 1), (-1.0, 0))
def h3_glob_numpy_array_setitem(x, i):
    _GA[:] = 0.0
    if x > 0:
        y = x
    else:
        y = -x
    _GA[i] = y
    return float(_GA[0]) + float(_GA[1])


def _bump_global(i, v):
    _G[i] += v


@case((3,), (0,))
def h3_glob_helper_setitem_in_traced_loop(n):
    _G[:] = [0.0, 0.0, 0.0]
    k = 0
    while k < n:
        _bump_global(k % 3, 1.5)
        k += 1
    return _G[0], _G[1], _G[2]


_CALLS = [0]


def _next_index():
    _CALLS[0] += 1
    return _CALLS[0] % 3


@case((2.0,), (-1.0,))
def h3_glob_index_side_effect_once(x):
    _CALLS[0] = 0
    _G[:] = [0.0, 0.0, 0.0]
    if x > 0:
        y = x
    else:
        y = 1.0
    _G[_next_index()] += y
    return _G[0], _G[1], _G[2], _CALLS[0]


@case((2.0, 1), (-1.0, 0))
def h3_glob_row_assign_list(x, i):
    _GN[0] = [0.0, 0.0]
    _GN[1] = [0.0, 0.0]
    if x > 0:
        _GN[i] = [x, -x]
    return _GN[0][0], _GN[0][1], _GN[1][0], _GN[1][1]


@case((2.0, 1), (-1.0, 0))
def h3_glob_setitem_then_read_in_condition(x, i):
    _G[:] = [0.0, 5.0, 0.0]
    _G[i] = x
    if _G[1] > 1.0:
        r = _G[1] * 2.0
    else:
        r = _G[0]
    return r


@case((2.0,), (-1.0,))
def h3_glob_setitem_then_raise(x):
    _G[:] = [0.0, 0.0, 0.0]
    k = 1
    _G[k] = 7.0
    if x < 0:
        raise ValueError("neg")
    _G[k + 1] = x
    return _G[1] + _G[2]


@case((3, 2.0), (0, 1.0))
def h3_glob_setitem_nested_loops(n, x):
    _GN[0] = [0.0, 0.0]
    _GN[1] = [0.0, 0.0]
    for i in range(2):
        j = 0
        while j < n:
            _GN[i][j % 2] += x
            j += 1
    return _GN[0][0], _GN[0][1], _GN[1][0], _GN[1][1]


@case((2.0, 1), (-1.0, 0))
def h3_glob_return_global_after_setitem(x, i):
    _G[:] = [0.0, 0.0, 0.0]
    try:
        if x > 0:
            _G[i] = x
            return 1.0, _G[0], _G[1]
    finally:
        _G[i] += 1.0
    return 0.0, _G[0], _G[1]


@case((3,), (0,))
def h3_closure_two_levels_nonlocal(n):
    box = [0, 0]

    def outer():
        def inner(k):
            box[k % 2] += 1
        i = 0
        while i < n:
            inner(i)
            i += 1
    outer()
    return box


@case((2.0, 1), (-1.0, 0), vmap=True)
def h3_glob_vmap_setitem(x, i):
    _G[:] = [0.0, 0.0, 0.0]
    if x > 0:
        _G[i] = x
    return _G[0] + _G[1] * 2.0


@case((2.0, 1), (-1.0, 0), grad=0)
def h3_glob_grad_setitem(x, i):
    _G[:] = [0.0, 0.0, 0.0]
    if x > 0:
        _G[i] = x * x
    else:
        _G[i] = x * 3.0
    return _G[0] + _G[1] * 2.0


@case((3,), (0,))
def h3_match_captured_list_setitem_loop(n):
    match [0, 0, 0]:
        case [_, _, _] as acc:
            pass
    i = 0
    while i < n:
        acc[i % 3] += i
        i += 1
    return acc[0], acc[1], acc[2]


@case((2.0, 1), (-1.0, 0))
def h3_match_captured_numpy_setitem(x, i):
    match np.zeros(3, np.float32):
        case buf:
            pass
    y = x if x > 0 else -x
    buf[i] = y
    return buf[0] + buf[1]


_GJ = jnp.zeros(3)
_GT = (0.0, 0.0)


@case((2.0, 1), (-1.0, 0))
def h3_glob_jax_array_setitem_error(x, i):
    y = x if x > 0 else -x
    _GJ[i] = y
    return y


@case((2.0, 1), (-1.0, 0))
def h3_glob_tuple_setitem_error(x, i):
    y = x if x > 0 else -x
    _GT[i] = y
    return y


@case((2.0, 1), (-1.0, 0))
def h3_glob_dict_traced_int_key(x, i):
    d = {0: 0.0, 1: 0.0}

    def put(v):
        if v > 0:
            d[i] += v
        return v
    put(x)
    return d[0], d[1]


@case((3, 2.0), (0, 1.0))
def h3_closure_enumerate_augassign(n, x):
    acc = [0.0, 0.0, 0.0]

    def go():
        for k, v in enumerate(range(3)):
            if k < n:
                acc[k] -= x * v
    go()
    return acc


# ---------------------------------------------------------------- more returns

@case((1.0,), (-1.0,))
def h3_ret_dict_finally_returns_other(x):
    d = {"k": x}
    try:
        if x > 0:
            return d
    finally:
        d["k"] = d["k"] + 1.0
        if x < -5.0:
            return {"k": 0.0}
    return d


@case((1.0,), (-1.0,))
def h3_ret_with_exit_mutates_tuple_member(x):
    a = [x, 0.0]
    with _Bump(a, 1, 2.0):
        if x > 0:
            return x * 2.0, a
    return x, a


@case((3,), (0,), (9,))
def h3_ret_while_else_finally(n):
    d = [0, 0]
    i = 0
    try:
        while i < 4:
            if i == n:
                return d
            i += 1
        else:
            d[0] = 100
    finally:
        d[1] = d[1] + i
    return d


@case((3,), (0,), (9,))
def h3_ret_break_then_return_finally(n):
    d = [0, 0]
    try:
        for i in range(5):
            if i == n:
                break
            d[0] = d[0] + 1
        if d[0] > 2:
            return d
    finally:
        d[1] = d[1] + 1
    return [d[0], -1]


@case((1.0,), (-1.0,))
def h3_ret_dict_nested_in_dict_outside(x):
    outer = {"in": {"k": x}}
    try:
        if x > 0:
            return outer["in"]
    finally:
        outer["in"]["k"] = outer["in"]["k"] + 1.0
    return outer["in"]


@case((1.0,), (-1.0,))
def h3_ret_list_finally_extends(x):
    d = [x]
    try:
        if x > 0:
            return d
        d[0] = d[0] * 2.0
    finally:
        d.extend([1.0, 2.0])
    return d


@case((1.0,), (-1.0,))
def h3_ret_list_exit_appends_only_return_path(x):
    d = [x]
    try:
        if x > 0:
            return d
    finally:
        d.append(1.0)
    d.append(2.0)
    return d


@case((1.0, 2.0), (-1.0, 2.0), (-1.0, -2.0))
def h3_ret_same_dict_two_sites(x, y):
    d = {"k": 0.0}
    try:
        if x > 0:
            d["k"] = 1.0
            return d
        if y > 0:
            d["k"] = 2.0
            return d
    finally:
        d["k"] = d["k"] * 10.0
    return d


@case((1.0,), (-1.0,))
def h3_ret_two_dicts_picked_alias(x):
    d = {"k": 1.0}
    e = {"k": 2.0}
    r = d if x > 0 else e
    try:
        if x > -5.0:
            return r
    finally:
        r["k"] = r["k"] + 0.5
    return d


@case((3,), (0,))
def h3_ret_generator_cm_in_loop(n):
    box = {"t": 0.0, "i": 0.0}
    i = 0
    while i < 5:
        with _tally(box):
            if i == n:
                return box
            box["i"] = box["i"] + 1.0
        i += 1
    return box


# ---------------------------------------------------------------- more text

@case((2.0,), (-1.0,))
def h3_txt_picked_template_format_map(x):
    t = "pos {v:.1f}" if x > 0 else "neg {v:.2f}"
    print(t.format(v=x))
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_template_no_traced(x):
    t = "pos {}" if x > 0 else "neg {}"
    print(t.format(3), t % () if "%" in t else t)
    return x


@case((2.0,), (-1.0,))
def h3_txt_join_with_picked_separator(x):
    sep = ", " if x > 0 else "; "
    print(sep.join(["a", "b", str(x)]))
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_end_only(x):
    e = "!\n" if x > 0 else "?\n"
    print(x, end=e)
    return x


@case((2.0,), (0.5,), (-1.0,))
def h3_txt_fstring_picked_inside_loop_accumulate(x):
    out = ""
    for k in range(3):
        out = out + ("+" if x > k else "-")
    print(out + f" {x}")
    return x


@case((2.0,), (-1.0,))
def h3_txt_picked_repr_of_exception(x):
    e = ValueError("neg" if x < 0 else "pos")
    print(repr(e), str(e) + str(x))
    return x


@case((2.0,), (-1.0,), (20.0,))
def h3_txt_assert_percent_picked(x):
    m = "pos" if x > 0 else "neg"
    assert x < 10.0, "%s too big: %.1f" % (m, x)
    return x


@case((2.0,), (-3.0,))
def h3_txt_raise_format_picked(x):
    if x < 0:
        raise ValueError("{} {}".format("very" if x < -1 else "bit", x))
    return x


@case((2.0,), (-3.0,), (-0.5,))
def h3_txt_raise_keyerror_picked(x):
    if x < 0:
        raise KeyError("neg" if x < -1 else "small")
    return x


# ---------------------------------------------------------------- returns: nesting across calls

def _h3_inner_ret(d, v):
    try:
        if v > 1:
            return d
        d[0] = d[0] + 1
    finally:
        d[1] = d[1] + 10
    return d


@case((3,), (0,), (9,))
def h3_ret_loop_calls_helper_returning_same(n):
    d = [0, 0]
    i = 0
    while i < 5:
        r = _h3_inner_ret(d, i)
        r[0] = r[0] + 100
        if i == n:
            return d
        i += 1
    return d


@case((3,), (0,), (9,))
def h3_ret_loop_returns_helper_result(n):
    d = [0, 0]
    i = 0
    try:
        while i < 5:
            if i == n:
                return _h3_inner_ret(d, i)
            i += 1
    finally:
        d[0] = d[0] + 1000
    return d


@case((1.0,), (-1.0,))
def h3_ret_list_wrapped_in_tuple_in_list(x):
    d = [x, 0.0]
    try:
        if x > 0:
            return (d,)
    finally:
        d[1] = d[1] + 1.0
    return (d,)


@case((1.0,), (-1.0,))
def h3_ret_same_tuple_object(x):
    d = [x, 0.0]
    t = (d, 1.0)
    try:
        if x > 0:
            return t
    finally:
        d[1] = d[1] + 1.0
    return t


KNOWN = {
    # ---- 0. returns inside traced loops: the 14 listed here give Python's result since
    # the tenth session (FINDINGS F143)
    # ---- 1. returned objects
    "h3_ret_list_exit_appends_only_return_path": "refused: StateError: the list's length "
                                                 "differs by a traced condition (fair)",
    "h3_ret_two_dicts_picked_alias": "refused: StateError: a dict a traced condition picks, "
                                     "changed (fair, clear)",
    # ---- 2. picked str in text
    "h3_txt_raise_picked_class": "refused: StateError: two exception classes picked (fair; "
                                 "names '<conditional expression>')",
    "h3_txt_exception_message_caught": "refused: StagedRaiseError: raise under a traced "
                                       "condition, caught (fair)",
    "h3_txt_picked_by_int_index": "refused: TracedShapeError: a list of str indexed by a "
                                  "traced int (fair, clear)",
    # ---- 3. globals / closures item-assigned
    "h3_glob_numpy_array_setitem": "refused: StateError: a global NumPy array given a traced "
                                   "value by a traced index (was a raw "
                                   "TracerArrayConversionError)",
    "h3_glob_nested_list": "refused: TracedShapeError: a row picked by a traced index "
                           "(fair, as a local)",
    "h3_glob_slice_computed": "refused: TracedShapeError: a slice with a traced bound (fair, "
                              "as a local; message speaks of 'an item')",
    "h3_glob_dict_traced_int_key": "refused: ConcreteValueError: a dict keyed by a traced int "
                                   "(fair; was a MISMATCH before)",
}
