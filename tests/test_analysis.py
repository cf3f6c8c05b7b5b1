"""Level 1: analyses on tiny functions (activity, liveness)."""
from __future__ import annotations

import textwrap

import gast

from autograph_py.compiler.analysis import activity, liveness
from autograph_py.compiler import anno


def parse(src):
    return gast.parse(textwrap.dedent(src)).body[0]


def stmts_of(fn, kind):
    return [n for n in gast.walk(fn) if isinstance(n, kind)]


def test_activity_reads_and_writes_of_an_if():
    fn = parse("""
        def f(x, self):
            if x > 0:
                y = x * 2
                self.n = y
                d['k'] = 1
                a[i] = 2
    """)
    (node,) = stmts_of(fn, gast.If)
    s = activity.statement_scope(node)
    assert {"x", "self", "d", "a", "i"} <= s.reads
    assert s.writes == {"y", "a"}          # a[i] with computed i rewrites `a` as a whole
    assert set(s.composite_writes) == {"self.n", "d['k']"}


def test_augassign_reads_its_target():
    fn = parse("""
        def f(n):
            n += 1
    """)
    s = activity.statement_scope(fn.body[0])
    assert s.reads == {"n"} and s.writes == {"n"}


def test_comprehension_targets_are_not_writes():
    fn = parse("""
        def f(xs, k):
            ys = [x * k for x in xs if x > 0]
    """)
    s = activity.statement_scope(fn.body[0])
    assert s.writes == {"ys"}
    assert s.reads == {"xs", "k"}


def test_nested_function_free_reads_and_nonlocals():
    fn = parse("""
        def f(a):
            def g(b):
                nonlocal c
                c = a + b
            return g
    """)
    s = activity.statement_scope(fn.body[0])
    assert "a" in s.reads and "b" not in s.reads
    assert "c" in s.nonlocal_writes and "g" in s.writes


def test_a_nested_functions_nonlocal_is_not_the_outer_functions():
    # The nested def stands directly in f's body: walking f's own scope must
    # not enter it (F16 came from `s` being taken for f's own nonlocal).
    fn = parse("""
        def f(n):
            s = 0.0
            def bump():
                nonlocal s
                s = s + 1.0
            bump()
            return s
    """)
    fs = activity.function_scope(fn)
    assert fs.nonlocals == set() and "s" in fs.locals and "bump" in fs.locals
    assert activity.block_scope(fn.body).nonlocal_writes == {"s"}


def test_name_aliases_group_plain_assignments():
    fn = parse("""
        def f(d, ds):
            e = d
            g = e
            h = ds[0]
            return g, h
    """)
    groups = activity.name_aliases(fn)
    assert groups["d"] == groups["e"] == groups["g"] == {"d", "e", "g"}
    assert "h" not in groups


def test_function_scope_params_locals_globals():
    fn = parse("""
        def f(x, *args, k=1, **kw):
            global G
            G = x
            y = 2
    """)
    fs = activity.function_scope(fn)
    assert fs.params == {"x", "args", "k", "kw"}
    assert fs.globals == {"G"}
    assert "y" in fs.locals and "G" not in fs.locals


def test_liveness_branch_temporaries_are_not_live_out():
    fn = parse("""
        def f(x):
            if x > 0:
                t = x * 2
                y = t + 1
            else:
                y = x
            return y
    """)
    liveness.analyze_function(fn)
    (node,) = stmts_of(fn, gast.If)
    assert anno.get(node, anno.LIVE_OUT) == {"y"}


def test_liveness_loop_head_and_exit():
    fn = parse("""
        def f(xs):
            s = 0
            c = 5
            for x in xs:
                t = x * 2
                s = s + t
            return s
    """)
    liveness.analyze_function(fn)
    (loop,) = stmts_of(fn, gast.For)
    assert anno.get(loop, anno.LIVE_OUT) == {"s"}
    assert anno.get(loop, anno.LIVE_IN) == {"s"}   # t is a loop-local temporary, c is dead


def test_liveness_while_test_reads_are_live_in_the_body():
    fn = parse("""
        def f(n):
            r = 1
            while n > 1:
                r = r * n
                n = n - 1
            return r
    """)
    liveness.analyze_function(fn)
    (loop,) = stmts_of(fn, gast.While)
    assert anno.get(loop, anno.LIVE_IN) == {"n", "r"}
    assert anno.get(loop, anno.LIVE_OUT) == {"r"}


def test_liveness_value_read_in_next_iteration_is_live_after_inner_if():
    fn = parse("""
        def f(xs):
            prev = 0.0
            out = 0.0
            for x in xs:
                out = out + prev
                if x > 0:
                    prev = x
            return out
    """)
    liveness.analyze_function(fn)
    (node,) = stmts_of(fn, gast.If)
    assert "prev" in anno.get(node, anno.LIVE_OUT)


def test_liveness_sees_the_extra_test_of_a_for():
    fn = parse("""
        def f(xs):
            brk = False
            for x in xs:
                if x > 0:
                    brk = True
            return 1
    """)
    (loop,) = stmts_of(fn, gast.For)
    anno.set(loop, anno.EXTRA_TEST, gast.parse("not brk", mode="eval").body)
    liveness.analyze_function(fn)
    (node,) = stmts_of(fn, gast.If)
    assert "brk" in anno.get(node, anno.LIVE_OUT)


def test_nonlocal_names_are_always_live():
    fn = parse("""
        def f():
            total = 0
            def add(v):
                nonlocal total
                total = total + v
            if cond:
                total = 1
            return add
    """)
    liveness.analyze_function(fn)
    (node,) = stmts_of(fn, gast.If)
    assert "total" in anno.get(node, anno.LIVE_OUT)
