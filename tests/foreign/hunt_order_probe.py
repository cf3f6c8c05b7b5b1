"""Order-dependence probe for autograph_py (silently wrong results that depend on
which calls came before).

Usage:
    .venv/bin/python tests/foreign/hunt_order_probe.py [NAME ...]     # run programs
    .venv/bin/python tests/foreign/hunt_order_probe.py --list

For each program: every step runs in a fresh subprocess (ground truth), the
steps run in sequence in one process, in reverse order, and (where given)
eagerly with `ag` replaced by a no-conversion stub. Every result is compared.
A tool of the bug hunt of 2026-12-06 (not collected by pytest: each step is a process);
tests/test_call_order.py keeps what it found as regression tests.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGS = os.path.join(tempfile.gettempdir(), "autograph_py_order_probe")   # generated modules
PY = os.path.join(ROOT, ".venv", "bin", "python")

# --------------------------------------------------------------------------------------
# programs: name -> (module source, [steps]); a step is (pre_statements, expression)
# `pre` runs before the expression in every mode (fresh, sequence) - use it for global
# changes; put order-independent setup in the module source.
# --------------------------------------------------------------------------------------
PROGRAMS: dict = {}


def prog(name, src, steps, eager=True):
    PROGRAMS[name] = (textwrap.dedent(src), [s if isinstance(s, tuple) else ("", s)
                                             for s in steps], eager)


HEADER = """
import jax, jax.numpy as jnp, numpy as np, functools
import autograph_py as ag
"""

# ---- 1. static/traced argument patterns on one function -----------------------------
prog("static_patterns_loop", """
def f(n, x):
    s = 0
    i = 0
    while i < n:
        s = s + x
        i += 1
    return s
""", [
    "ag.function(f, static_argnums=0)(3, jnp.float32(2.0))",
    "ag.function(f)(jnp.int32(3), jnp.float32(2.0))",
    "ag.function(f, static_argnums=1)(jnp.int32(3), 2)",
    "ag.function(f, static_argnums=(0, 1))(3, 2)",
    "ag.convert(f)(3, 2)",
    "ag.convert(f)(jnp.int32(2), 5)",
])

prog("callee_shared_static_traced", """
def g(n, x):
    out = x
    for i in range(n):
        if out > 10:
            break
        out = out * 2
    return out, i

def f1(n, x):
    return g(n, x)

def f2(n, x):
    return g(n, x)
""", [
    "ag.function(f1, static_argnums=0)(4, jnp.int32(3))",
    "ag.function(f2)(jnp.int32(4), jnp.int32(3))",
    "ag.function(f1, static_argnums=1)(jnp.int32(4), 3)",
    "ag.convert(f2)(4, 3)",
    "ag.convert(f1)(4, jnp.int32(3))",
])

prog("dtype_patterns", """
def f(x, y):
    if x > 0:
        r = x + y
    else:
        r = x - y
    return r
""", [
    "ag.function(f)(jnp.int32(1), jnp.float32(0.5))",
    "ag.function(f)(jnp.float32(1), jnp.int32(2))",
    "ag.function(f)(jnp.bool_(True), jnp.bool_(True))",
    "ag.function(f)(1, 2.5)",
    "ag.function(f)(jnp.int32(-1), 3)",
    "ag.convert(f)(-1, 3)",
    "ag.convert(f)(-1.5, 3)",
])

prog("pytree_patterns", """
def f(xs, k):
    tot = 0.0
    for v in xs:
        if v is None:
            continue
        if k > 0:
            tot = tot + v
        else:
            tot = tot - v
    return tot
""", [
    "ag.function(f)([jnp.float32(1), jnp.float32(2)], jnp.int32(1))",
    "ag.function(f)((jnp.float32(1), None), jnp.int32(-1))",
    "ag.function(f, static_argnums=1)([jnp.float32(1), jnp.float32(2)], 1)",
    "ag.function(f)(jnp.arange(3.0), jnp.int32(1))",
    "ag.convert(f)([1.0, 2.0], -1)",
])

# ---- 2. loops that turn traced half-way ----------------------------------------------
prog("half_traced_loop", """
def g(x, lim):
    i = 0
    s = 0
    while i < 5:
        if s > lim:
            break
        s = s + x
        i = i + 1
    return s, i

def caller(x, lim):
    return g(x, lim)
""", [
    "ag.function(caller)(jnp.int32(2), jnp.int32(5))",
    "ag.function(caller, static_argnums=1)(jnp.int32(2), 5)",
    "ag.convert(caller)(2, 5)",
    "ag.function(caller, static_argnums=0)(2, jnp.int32(3))",
    "ag.function(caller)(jnp.int32(2), jnp.int32(100))",
])

prog("python_then_traced_callee", """
def h(a, b):
    acc = []
    for i in range(3):
        if a > i:
            acc.append(b)
        else:
            acc.append(-b)
    return sum(acc)

def top(a, b):
    return h(1, b) + h(a, b)
""", [
    "ag.function(top)(jnp.int32(2), jnp.int32(10))",
    "ag.function(top, static_argnums=0)(2, jnp.int32(10))",
    "ag.convert(top)(0, 5)",
    "ag.function(top)(jnp.int32(0), jnp.int32(5))",
])

# ---- 3. globals / closures changed between calls -------------------------------------
prog("global_changed", """
K = 2
def f(x):
    if x > K:
        return x * K
    return x
""", [
    ("K = 2", "ag.convert(f)(jnp.int32(3))"),
    ("K = 5", "ag.convert(f)(jnp.int32(3))"),
    ("K = 1", "ag.function(f)(jnp.int32(3))"),
    ("K = 4", "ag.function(f)(jnp.int32(3))"),
])

prog("closure_changed", """
def make(k):
    def inner(x):
        while x < k:
            x = x * 2
        return x
    return inner

f3 = make(3)
f100 = make(100)
def use(f, x):
    return f(x)
""", [
    "ag.convert(f3)(jnp.int32(1))",
    "ag.convert(f100)(jnp.int32(1))",
    "ag.function(use, static_argnums=0)(f3, jnp.int32(1))",
    "ag.function(use, static_argnums=0)(f100, jnp.int32(1))",
    "ag.function(lambda x: f3(x) + f100(x))(jnp.int32(1))",
])

prog("mutable_default", """
def f(x, acc=[]):
    acc.append(x)
    t = 0
    for a in acc:
        t = t + a
    return t
""", [
    "ag.convert(f)(1, [])",
    "ag.convert(f)(jnp.int32(2), [])",
    "ag.function(f)(jnp.int32(3), [jnp.int32(1)])",
])

# ---- 4. exceptions leaving state -----------------------------------------------------
prog("raise_then_normal", """
def f(x, bad):
    s = 0
    for i in range(3):
        if x > i:
            s = s + 1
        if bad:
            raise ValueError("boom")
    return s
""", [
    "ag.function(f, static_argnums=1)(jnp.int32(2), True)",
    "ag.function(f, static_argnums=1)(jnp.int32(2), False)",
    "ag.convert(f)(jnp.int32(1), False)",
])

prog("error_in_callee_midtrace", """
def bad(x, n):
    if n > 2:
        raise ValueError("n too big")
    return x + n

def f(x, n):
    t = 0
    i = 0
    while i < 3:
        if x > i:
            t = t + bad(x, n)
        i += 1
    return t
""", [
    "ag.function(f, static_argnums=1)(jnp.int32(2), 5)",
    "ag.function(f, static_argnums=1)(jnp.int32(2), 1)",
    "ag.function(f)(jnp.int32(2), jnp.int32(1))",
    "ag.convert(f)(2, 1)",
])

prog("traced_error_then_mismatch", """
def f(x, flag):
    if x > 0:
        y = x + 1
    else:
        y = x
    if flag:
        y = (y, y)
    return y
""", [
    "ag.function(f, static_argnums=1)(jnp.int32(2), True)",
    "ag.function(f, static_argnums=1)(jnp.int32(-2), False)",
])

# ---- 5. run_functions_eagerly toggled --------------------------------------------------
prog("eager_toggle", """
import autograph_py as ag
@ag.function
def f(x):
    s = 0
    for i in range(3):
        if x > i:
            s = s + x
    return s
""", [
    ("ag.run_functions_eagerly(True)", "f(jnp.int32(2))"),
    ("ag.run_functions_eagerly(False)", "f(jnp.int32(2))"),
    ("ag.run_functions_eagerly(True)", "f(2)"),
    ("ag.run_functions_eagerly(False)", "f(jnp.float32(1.5))"),
], eager=False)

# ---- 6. methods of one class, instances with different attribute types --------------
prog("methods_attr_types", """
class C:
    def __init__(self, k):
        self.k = k
    def f(self, x):
        out = x
        while out < self.k:
            out = out + 3
        return out

ci = C(10)
cj = C(jnp.int32(10))
cf = C(10.5)
""", [
    "ag.convert(ci.f)(jnp.int32(1))",
    "ag.convert(cj.f)(jnp.int32(1))",
    "ag.convert(cf.f)(jnp.int32(1))",
    "ag.function(C.f, static_argnums=0)(ci, jnp.int32(1))",
    "ag.function(lambda x: C(x).f(jnp.int32(0)))(jnp.int32(7))",
])

# ---- 7. recursion ----------------------------------------------------------------------
prog("recursion", """
def r(n, x):
    if n <= 0:
        return x
    return r(n - 1, x * 2)
""", [
    "ag.function(r, static_argnums=0)(3, jnp.int32(1))",
    "ag.function(r)(jnp.int32(3), jnp.int32(1))",
    "ag.convert(r)(2, 1)",
    "ag.function(r, static_argnums=1)(jnp.int32(4), 1)",
])

# ---- 8. functools.partial ----------------------------------------------------------
prog("partials", """
import functools
def f(a, b):
    if a > b:
        return a - b
    return b - a
p1 = functools.partial(f, 1)
p2 = functools.partial(f, b=5)
""", [
    "ag.convert(p1)(jnp.int32(3))",
    "ag.convert(p2)(jnp.int32(3))",
    "ag.function(p1)(jnp.int32(0))",
    "ag.function(p2)(jnp.int32(9))",
    "ag.function(f)(jnp.int32(9), jnp.int32(5))",
])

# ---- 9. transforms ---------------------------------------------------------------------
prog("transforms_mix", """
def f(x):
    y = x
    for _ in range(3):
        if y > 1.0:
            y = y * 0.5
        else:
            y = y * 3.0
    return y
""", [
    "ag.convert(f)(jnp.float32(5.0))",
    "jax.grad(ag.convert(f))(jnp.float32(5.0))",
    "jax.vmap(ag.convert(f))(jnp.array([0.2, 5.0]))",
    "jax.jit(ag.convert(f))(jnp.float32(0.2))",
    "jax.eval_shape(ag.convert(f), jnp.float32(0.2))",
    "ag.function(f).eval_shape(jnp.float32(0.2))",
    "ag.convert(f)(5.0)",
], eager=False)


# ---- 10. write-back records (runtime/written_back.py) left unread -------------------
prog("writeback_return_stmt", """
A = jnp.arange(3)
def set0(a):
    a[0] = 100
    return 0
def f1(a):
    return set0(a)     # a return statement: no `a = latest(a)` after it
def ident(a):
    return 1
def f2(a):
    b = ident(a)
    return a
""", [
    "ag.convert(f1)(A)",
    "ag.convert(f2)(A)",
    "ag.function(f2)(A)",
], eager=False)

prog("writeback_global", """
A = jnp.arange(3)
def set0(a):
    a[0] = 100
def f1(x):
    set0(A)          # a global: no `A = latest(A)` after the call
    return x
def ident(a):
    return 1
def f2(x):
    a = A
    ident(a)
    return a + x
""", [
    "ag.convert(f1)(jnp.int32(0))",
    "ag.function(f2)(jnp.int32(0))",
    "ag.function(f1)(jnp.int32(0))",
    "ag.convert(f2)(jnp.int32(0))",
], eager=False)


# ---- 11. two jax.jit wrappers of one function, different static_argnums -------------
# (plain JAX collides here too: jax.jit's C++ cache keys on the function object)
prog("rejit_static_positions", """
def h(a, b):
    if a > b:
        return a - b
    return (a - b) * 10
j0 = jax.jit(h, static_argnums=0)
j1 = jax.jit(h, static_argnums=1)
def f(x): return j0(1, x)
def g(x): return j1(x, 1)
""", [
    "ag.convert(f)(jnp.int32(5))",
    "ag.convert(g)(jnp.int32(5))",
    "ag.convert(j0)(1, jnp.int32(5))",
    "ag.convert(j1)(jnp.int32(5), 1)",
    "ag.function(g)(jnp.int32(5))",
], eager=False)

# ---- 12. @function methods: bound functions cached per instance by __eq__/__hash__ ---
prog("bound_method_equal_instances", """
import dataclasses
@dataclasses.dataclass(frozen=True)
class M:
    scale: object
    @ag.function
    def apply(self, x):
        if x > 0:
            return x * self.scale
        return x

class N:
    def __init__(self, name, scale):
        self.name, self.scale = name, scale
    def __eq__(self, other):
        return isinstance(other, N) and self.name == other.name
    def __hash__(self):
        return hash(self.name)
    @ag.function
    def apply(self, x):
        if x > 0:
            return x * self.scale
        return x

m1 = M(2.0); m2 = M(2); m3 = M(True)
n1 = N("a", 2); n2 = N("a", 5)
""", [
    "m1.apply(jnp.int32(3))",
    "m2.apply(jnp.int32(3))",
    "m3.apply(jnp.int32(3))",
    "n1.apply(jnp.int32(3))",
    "n2.apply(jnp.int32(3))",
])


prog("writeback_exception", """
A = jnp.arange(3)
def set0(a):
    a[0] = 100
    return 0
def f1(a, d):
    y = set0(a) // d     # raises after set0 handed `a` back: `a = latest(a)` never runs
    return y
def ident(a):
    return 1
def f2(a):
    ident(a)
    return a
def f3(a):
    if set0(a) == 0:     # an if test: no latest after it
        return a
    return a
""", [
    "ag.convert(f1)(A, 0)",
    "ag.convert(f2)(A)",
    "ag.convert(f3)(A)",
    "ag.convert(f2)(A)",
    "ag.function(f2)(A)",
], eager=False)


# ---- 13. batch 2: more patterns ------------------------------------------------------
prog("grad_traced_trip", """
def f(x, n):
    i = 0
    while i < n:
        x = x * 0.9 + 0.1
        i = i + 1
    return x
def g(x, n):
    return jnp.sum(f(x, n))
""", [
    "jax.grad(ag.convert(g))(jnp.float32(2.0), jnp.int32(3))",
    "jax.grad(ag.convert(g))(jnp.float32(2.0), 3)",
    "jax.grad(ag.convert(g))(jnp.ones(2), jnp.int32(2))",
    "jax.jit(jax.grad(ag.convert(g)))(jnp.float32(2.0), jnp.int32(5))",
    "jax.vmap(jax.grad(ag.convert(g)), in_axes=(0, None))(jnp.ones(2), jnp.int32(2))",
    "ag.function(jax.grad(g))(jnp.float32(2.0), jnp.int32(1))",
], eager=False)

prog("append_traced_then_static", """
def f(xs, k):
    out = []
    for x in xs:
        if x > k:
            out.append(x * 2)
        else:
            out.append(x)
    return out
def g(xs, k):
    r = f(xs, k)
    return jnp.stack(r) if not isinstance(r, list) else jnp.stack([jnp.asarray(v) for v in r])
""", [
    "ag.function(g)(jnp.arange(4.0), jnp.float32(1.5))",
    "ag.function(g, static_argnums=1)(jnp.arange(3.0), 0.5)",
    "ag.convert(g)([1.0, 2.0, 3.0], 1.5)",
    "ag.function(g)(jnp.arange(5), jnp.int32(2))",
])

prog("loop_options_diff", """
def f(x, lim):
    while x < lim:
        ag.set_loop_options(maximum_iterations=3)
        x = x + 1
    return x
def g(x, lim):
    while x < lim:
        ag.set_loop_options(maximum_iterations=10)
        x = x + 1
    return x
def h(x, lim):
    return f(x, lim) + g(x, lim) * 100
""", [
    "ag.function(f)(jnp.int32(0), jnp.int32(8))",
    "ag.function(g)(jnp.int32(0), jnp.int32(8))",
    "ag.function(h)(jnp.int32(0), jnp.int32(8))",
    "ag.convert(f)(0, 8)",
], eager=False)

prog("shared_lambda_static", """
L = lambda a, b: (a - b) * 10 if a > b else a - b
def both(x):
    return L(1, x), L(x, 1)
""", [
    "ag.function(L, static_argnums=0)(1, jnp.int32(5))",
    "ag.function(L, static_argnums=1)(jnp.int32(5), 1)",
    "ag.function(L)(jnp.int32(5), jnp.int32(1))",
    "ag.convert(L)(5, 1)",
    "ag.function(both)(jnp.int32(5))",
    "ag.convert(both)(5)",
])

prog("factory_closures_types", """
def make(k):
    def inner(x):
        out = x
        for i in range(3):
            if out < k:
                out = out + k
        return out
    return inner
fi = make(2)
ff = make(2.5)
fa = make(jnp.int32(2))
def use(x):
    return fi(x), ff(x), fa(x)
""", [
    "ag.convert(fa)(jnp.int32(1))",
    "ag.function(fi)(jnp.int32(1))",
    "ag.function(ff)(jnp.int32(1))",
    "ag.function(fa)(jnp.int32(1))",
    "ag.function(use)(jnp.int32(1))",
    "ag.convert(use)(1)",
])

prog("optional_none_vs_array", """
def g(x, bias):
    if bias is None:
        bias = 0.0
    if x > 0:
        return x + bias
    return x - bias
def f(x, b):
    return g(x, b)
""", [
    "ag.function(f)(jnp.float32(1.0), None)",
    "ag.function(f)(jnp.float32(1.0), jnp.float32(2.0))",
    "ag.convert(f)(-1.0, None)",
    "ag.function(f)(jnp.float32(-1.0), jnp.float32(2.0))",
])

prog("pytree_structs", """
def f(d):
    tot = 0
    for k in d:
        v = d[k]
        if v > 0:
            tot = tot + v
    return tot
""", [
    "ag.function(f)({'a': jnp.int32(1), 'b': jnp.int32(-2)})",
    "ag.function(f)({'b': jnp.int32(1), 'a': jnp.int32(5)})",
    "ag.function(f)([jnp.int32(1), jnp.int32(3)])",
    "ag.function(f)((jnp.float32(1), jnp.float32(3)))",
    "ag.convert(f)({'x': 2, 'y': -1})",
])

prog("eval_shape_first", """
def f(x, n):
    acc = x
    for i in range(n):
        if acc.sum() > 3:
            acc = acc * 0.5
        else:
            acc = acc + 1
    return acc
""", [
    "ag.function(f, static_argnums=1).eval_shape(jnp.ones(3), 2)",
    "ag.function(f, static_argnums=1)(jnp.ones(3), 2)",
    "jax.eval_shape(ag.convert(f), jnp.ones(3), jnp.int32(2))",
    "ag.convert(f)(jnp.ones(3), jnp.int32(2))",
    "jax.jit(ag.convert(f))(jnp.ones(3), jnp.int32(4))",
    "jax.vmap(ag.convert(f), in_axes=(0, None))(jnp.ones((2, 3)), jnp.int32(3))",
], eager=False)

prog("traced_raise_then_normal", """
def check(x):
    if x < 0:
        raise ValueError("negative")
    return x
def f(x):
    return check(x) * 2
""", [
    "ag.function(f)(jnp.int32(-1))",
    "ag.function(f)(jnp.int32(3))",
    "ag.convert(f)(-1)",
    "ag.convert(f)(3)",
    "jax.jit(ag.convert(f))(jnp.int32(-2))",
    "ag.function(f)(jnp.int32(4))",
])


# ---- 14. batch 3: classes, operators, eager toggles, do_not_convert ------------------
prog("operator_class_then_plain_jit", """
class V:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        if self.v > o:
            return V(self.v - o)
        return V(self.v + o)
def use(x):
    return (V(x) + 2).v
""", [
    "jax.jit(use)(jnp.int32(5))",
    "ag.function(use)(jnp.int32(5))",
    "jax.jit(use)(jnp.int32(1))",
    "use(jnp.int32(1)).tolist()",
    "ag.convert(use)(1)",
], eager=False)

prog("property_getter_types", """
class P:
    def __init__(self, a):
        self.a = a
    @property
    def pos(self):
        if self.a > 0:
            return self.a
        return -self.a
def f(x):
    return P(x).pos + P(3).pos + P(-2.5).pos
""", [
    "ag.function(f)(jnp.int32(-4))",
    "ag.convert(f)(-4)",
    "ag.function(f)(jnp.float32(4))",
    "ag.convert(f)(jnp.int32(-4))",
])

prog("eager_toggle_nested", """
import autograph_py as ag
@ag.function
def inner(x):
    while x < 10:
        x = x * 2
    return x
@ag.function
def outer(x):
    y = inner(x)
    if y > 12:
        return y - 1
    return y
def plain_outer(x):
    return inner(x) + 1
""", [
    ("ag.run_functions_eagerly(True)", "outer(jnp.int32(3))"),
    ("ag.run_functions_eagerly(False)", "outer(jnp.int32(3))"),
    ("ag.run_functions_eagerly(True)", "jax.jit(ag.convert(plain_outer))(jnp.int32(3))"),
    ("ag.run_functions_eagerly(False)", "jax.jit(ag.convert(plain_outer))(jnp.int32(5))"),
    ("ag.run_functions_eagerly(False)", "outer(jnp.int32(7))"),
], eager=False)

prog("do_not_convert_mix", """
def helper(x):
    return x * 2 if isinstance(x, int) else x + 1
def f(x):
    with ag.do_not_convert():
        a = helper(x)
    b = helper(x)
    return a, b
def g(x):
    return helper(x)
""", [
    "ag.convert(f)(3)",
    "ag.function(f)(jnp.int32(3))",
    "ag.function(g)(jnp.int32(3))",
    "ag.convert(g)(3)",
], eager=False)

prog("method_instances", """
class Acc:
    def __init__(self, scale):
        self.scale = scale
    def run(self, x, n):
        t = x
        for i in range(n):
            if t > 5:
                t = t - self.scale
            else:
                t = t + self.scale
        return t
a1 = Acc(1)
a2 = Acc(jnp.float32(0.5))
a3 = Acc(3)
""", [
    "ag.function(a1.run, static_argnums=1)(jnp.int32(4), 3)",
    "ag.function(a2.run, static_argnums=1)(jnp.int32(4), 3)",
    "ag.function(a3.run)(jnp.int32(4), jnp.int32(3))",
    "ag.convert(a1.run)(4, 3)",
    "ag.function(Acc.run, static_argnums=2)(a2, jnp.float32(4), 3)",
])


# ---- 15. batch 4 ----------------------------------------------------------------------
# Not order-dependent, found on the way: two lambdas on one line whose code objects
# compare equal (1 == 1.0) convert to the same (first) lambda where the module was not
# imported by a SourceFileLoader (runpy.run_path, exec, pytest's assertion rewriting).
prog("same_line_lambdas_runpy", """
import runpy, os, tempfile
_d = tempfile.mkdtemp()
_p = os.path.join(_d, "lams.py")
with open(_p, "w") as _f:
    _f.write("f_int, f_float = (lambda x: x + 1 if x > 0 else x), "
             "(lambda x: x + 1.0 if x > 0 else x)\\n")
_ns = runpy.run_path(_p)
f_int, f_float = _ns["f_int"], _ns["f_float"]
""", [
    "ag.convert(f_float)(jnp.int32(2))",
    "ag.function(f_float)(jnp.int32(2))",
    "ag.convert(f_int)(jnp.int32(2))",
])

prog("writeback_list_item", """
A = jnp.arange(3)
LST = [A]
def set0(a):
    a[0] = 100
def f1():
    set0(LST[0])        # not a bare name: no latest
    return 0
def ident(a):
    return 1
def f2(x):
    a = LST[0]
    ident(a)
    return a + x
""", [
    "ag.convert(f1)()",
    "ag.convert(f2)(0)",
    "ag.function(f2)(jnp.int32(0))",
], eager=False)


# ---- 16. transforms._REBUILT snapshots --------------------------------------------------
prog("rebuilt_custom_jvp_rule", """
@jax.custom_jvp
def sq(x):
    return x * x
@sq.defjvp
def r1(p, t):
    return sq(p[0]), 2 * p[0] * t[0]
def r2(p, t):
    return sq(p[0]), 100.0 * t[0]
def loss(x):
    if x > 0:
        return sq(x)
    return x
""", [
    "jax.grad(ag.convert(loss))(3.0)",
    ("sq.defjvp(r2)", "jax.grad(ag.convert(loss))(3.0)"),
], eager=True)

prog("rebuilt_wraps_hooks", """
import functools
def with_hooks(fn):
    hooks = []
    impl = [fn]
    @functools.wraps(fn)
    def w(x):
        y = fn(x)
        for h in hooks:
            y = h(y)
        return y
    w.hooks = hooks
    return w
def base(x):
    return x + 1
wb = with_hooks(base)
def double(y):
    return y * 2
wb.hooks.append(double)
def f(x):
    return jax.vmap(wb)(x)

def make_switchable(fn):
    target = fn
    @functools.wraps(fn)
    def w(x):
        return target(x)
    def switch(g):
        nonlocal target
        target = g
    w.switch = switch
    return w
def plus1(x):
    return x + 1
def times10(x):
    return x * 10
ws = make_switchable(plus1)
def g(x):
    return jax.vmap(ws)(x)
""", [
    "ag.convert(f)(jnp.ones(2))",
    ("wb.hooks.append(double)", "ag.convert(f)(jnp.ones(2))"),
    "ag.convert(g)(jnp.ones(2))",
    ("ws.switch(times10)", "ag.convert(g)(jnp.ones(2))"),
])


# A jax.jit object of a library function: whether it is rebuilt around the converted
# function is decided once, under the `include` scope of its first use (`chex` stands in
# for a library: it is in reach.LIBRARIES and not installed here).
prog("rebuilt_include_scope", """
import os, sys, tempfile
_d = tempfile.mkdtemp()
os.makedirs(os.path.join(_d, "chex"))
with open(os.path.join(_d, "chex", "__init__.py"), "w") as _f:
    _f.write("import jax\\ndef lf(x):\\n    if x > 0:\\n        return x\\n    return -x\\n"
             "jlf = jax.jit(lf)\\n")
sys.path.insert(0, _d)
import chex
def f(x):
    return chex.jlf(x)
""", [
    "ag.function(f)(jnp.float32(-2))",
    "ag.function(f, include=('chex',))(jnp.float32(-2))",
    "ag.convert(f, include=('chex',))(jnp.float32(-3))",
], eager=False)


# The most natural trigger of the unread write-back: `a = helper(a)`, where the helper
# item-assigns its parameter and returns it (the caller's `a = latest(a)` runs on the
# returned array, so the record for the caller's original array is never read).
prog("writeback_rebind_assign", """
def clip_first(a):
    a[0] = 0
    return a
def normalize(a):
    a = clip_first(a)
    return a
def check(a):
    return None
def report(a):
    check(a)
    return a.sum()
X = jnp.array([5, 1, 2])
""", [
    "ag.convert(normalize)(X)",
    "ag.convert(report)(X)",
    "ag.convert(normalize)(X)",
    "ag.function(report)(X)",
    "ag.convert(report)(X)",
], eager=False)


# A function that converted code made (a closure a converted factory returns) is handed
# back by `convert` as the same object each time: two jits of it with different
# static_argnums share JAX's C++ cache (what pipeline.distinct avoids for others).
prog("converted_factory_closure_static", """
def make():
    def inner(a, b):
        if a > b:
            return a - b
        return (a - b) * 10
    return inner
inner = ag.convert(make)()
def h(a, b):
    if a > b:
        return a - b
    return (a - b) * 10
""", [
    "jax.jit(ag.convert(inner), static_argnums=0)(1, jnp.int32(5))",
    "jax.jit(ag.convert(inner), static_argnums=1)(jnp.int32(5), 1)",
    "jax.jit(ag.convert(h), static_argnums=0)(1, jnp.int32(5))",
    "jax.jit(ag.convert(h), static_argnums=1)(jnp.int32(5), 1)",
    "ag.function(inner, static_argnums=1)(jnp.int32(5), 1)",
], eager=False)


prog("explain_after_calls", """
from autograph_py.explain import explain
@jax.jit
def helper(v):
    if v > 0:
        return v
    return -v
def body(i, c):
    while c > 10:
        c = c - 3
    return c + i
def f(x, n):
    y = helper(x)
    z = jax.lax.fori_loop(0, 2, body, y)
    for i in range(n):
        if z > 1:
            z = z - 1
    return z
def rows(fn, *a, **kw):
    return [(e.construct, e.became) for e in explain(fn, **kw)(*a).entries]
""", [
    "rows(f, jnp.int32(3), 2, static_argnums=1)",
    "ag.function(f, static_argnums=1)(jnp.int32(30), 2)",
    "ag.convert(f)(jnp.int32(30), jnp.int32(2))",
    "rows(f, jnp.int32(3), jnp.int32(2))",
    "rows(f, jnp.int32(3), 2, static_argnums=1)",
], eager=False)

prog("set_strict_toggle", """
import math
def uses_builtin(x):
    return math.floor(2.5) + x
def f(x):
    if x > 0:
        return uses_builtin(x) + sum([1, 2])
    return x
""", [
    "ag.function(f)(jnp.int32(1))",
    ("ag.set_strict(True)", "ag.function(f)(jnp.int32(2))"),
    ("ag.set_strict(False)", "ag.function(f)(jnp.int32(3))"),
])


# A held `convert(f)` reads the defaults the cached converted function last synced
# (pipeline._cached syncs them only when the cache is looked up again).
prog("held_convert_defaults", """
def f(x, k=1):
    if x > k:
        return x - k
    return x + k
cf = ag.convert(f)
""", [
    ("f.__defaults__ = (10,)", "cf(5)"),
    ("f.__defaults__ = (10,)", "ag.convert(f)(5)"),
    ("f.__defaults__ = (10,)", "cf(5)"),
])


# `f.__code__` replaced (what IPython's autoreload does): the conversion cached on `f`
# (pipeline._cached: keyed on the function, not on its code) is used still.
prog("code_swapped", """
def f(x):
    if x > 0:
        return x + 1
    return x
def f_v2(x):
    if x > 0:
        return x + 100
    return x
def caller(x):
    return f(x)
""", [
    "ag.convert(f)(jnp.int32(1))",
    "ag.function(caller)(jnp.int32(2))",
    ("f.__code__ = f_v2.__code__", "ag.convert(f)(jnp.int32(1))"),
    ("f.__code__ = f_v2.__code__", "ag.function(caller)(jnp.int32(2))"),
])


prog("lambdas_shared_code_defaults", """
fs = [lambda x, i=i: (x + i) * 2 if x > i else x - i for i in (0, 1.5, 3)]
def apply_all(x):
    return [f(x) for f in fs]
def pick(x, k):
    return fs[k](x)
""", [
    "ag.convert(fs[1])(jnp.int32(1))",
    "ag.function(fs[2])(jnp.int32(5))",
    "ag.function(apply_all)(jnp.int32(2))",
    "ag.function(pick, static_argnums=1)(jnp.int32(2), 1)",
    "ag.convert(fs[0])(2)",
])


# The shortest form: the same converted call, same input, three times -> [1,0,0],
# [2,0,0], [1,0,0] (each call reads the write-back record the previous one left).
prog("writeback_same_call_twice", """
def bump(a):
    a[0] = a[0] + 1
    return a
def check(a):
    pass
def step(a):
    check(a)
    a = bump(a)
    return a
X = jnp.zeros(3)
s = ag.convert(step)
""", [
    "s(X)",
    "s(X)",
    "s(X)",
], eager=False)


# ======================================================================================
# runner
# ======================================================================================
WORKER = r'''
import sys, json, importlib, traceback, types, os, warnings
warnings.simplefilter("ignore")
sys.path.insert(0, sys.argv[1])
name, mode, idxs = sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
steps = json.loads(sys.argv[5])
import jax, jax.numpy as jnp, numpy as np
if mode == "eager":
    stub = types.ModuleType("autograph_py")
    def function(f=None, **kw):
        if f is None:
            return lambda g: g
        return f
    stub.function = function
    stub.convert = lambda f, **kw: f
    stub.run_functions_eagerly = lambda flag: None
    sys.modules["autograph_py"] = stub
import autograph_py as ag
mod = importlib.import_module(name)
ns = mod.__dict__

def canon(v):
    if isinstance(v, BaseException):
        import re
        msg = re.sub(r"0x[0-9a-f]+", "0x..", str(v).splitlines()[0][:160]) if str(v) else ""
        return ["EXC", type(v).__name__, msg]
    if isinstance(v, jax.ShapeDtypeStruct):
        return ["SDS", str(v.dtype), list(v.shape)]
    if isinstance(v, (list, tuple)):
        return [type(v).__name__, [canon(x) for x in v]]
    if isinstance(v, dict):
        return ["dict", [[repr(k), canon(x)] for k, x in v.items()]]
    if isinstance(v, (jax.Array, np.ndarray, np.generic)):
        a = np.asarray(v)
        wt = bool(getattr(getattr(v, "aval", None), "weak_type", False))
        return ["arr", str(a.dtype), list(a.shape), np.round(a.astype(float), 5).tolist() if a.dtype != object else repr(a), wt]
    if isinstance(v, (bool, int, float)) or v is None:
        return [type(v).__name__, v]
    return ["repr", repr(v)[:160]]

out = []
for i in idxs:
    pre, expr = steps[i]
    try:
        if pre:
            exec(pre, ns)
        v = eval(expr, ns)
        v = jax.block_until_ready(v) if not isinstance(v, BaseException) else v
    except BaseException as e:
        v = e
    out.append(canon(v))
print("@@RESULT@@" + json.dumps(out))
'''


def run_worker(name, mode, idxs, steps, timeout=240):
    env = dict(os.environ, JAX_PLATFORMS="cpu", XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")
    p = subprocess.run([PY, "-c", WORKER, PROGS, name, mode, json.dumps(idxs),
                        json.dumps(steps)], capture_output=True, text=True, timeout=timeout,
                       env=env, cwd=ROOT)
    for line in p.stdout.splitlines():
        if line.startswith("@@RESULT@@"):
            return json.loads(line[len("@@RESULT@@"):])
    return [["WORKER-FAILED", p.stderr[-800:]]] * len(idxs)


def values_only(c):
    """A result's values, for comparing with eager (dtypes differ there: Python ints)."""
    if not isinstance(c, list):
        return c
    if c and c[0] == "arr":
        return c[3]
    if c and c[0] in ("int", "float", "bool"):
        return float(c[1])
    if c and c[0] in ("list", "tuple"):
        return [values_only(x) for x in c[1]]
    if c and c[0] == "EXC":
        return ["EXC", c[1]]
    return c


def run_program(name):
    src, steps, eager = PROGRAMS[name]
    os.makedirs(PROGS, exist_ok=True)
    with open(os.path.join(PROGS, name + ".py"), "w") as f:
        f.write(HEADER + src)
    n = len(steps)
    fresh = [run_worker(name, "fresh", [i], steps)[0] for i in range(n)]
    seq = run_worker(name, "seq", list(range(n)), steps)
    has_pre = any(pre for pre, _ in steps)   # global changes: a reverse order means else
    rev = (fresh if has_pre else
           run_worker(name, "seq", list(reversed(range(n))), steps)[::-1])
    problems = [f"  step {i}: the worker failed: {r[1][-300:]}" for i, r in enumerate(fresh)
                if r and r[0] == "WORKER-FAILED"]
    for i in range(n):
        if seq[i] != fresh[i]:
            problems.append(f"  step {i} [{steps[i][1]}] SEQ  {seq[i]}\n"
                            f"           FRESH {fresh[i]}")
        if rev[i] != fresh[i]:
            problems.append(f"  step {i} [{steps[i][1]}] REV  {rev[i]}\n"
                            f"           FRESH {fresh[i]}")
    if eager:
        eg = run_worker(name, "eager", list(range(n)), steps)
        for i in range(n):
            if eg[i][0] == "EXC" or fresh[i][0] == "EXC":
                continue
            both_arrays = eg[i][0] == "arr" and fresh[i][0] == "arr"
            if values_only(eg[i]) != values_only(fresh[i]) or (
                    both_arrays and eg[i][1] != fresh[i][1]):   # dtypes too, for arrays
                problems.append(f"  step {i} [{steps[i][1]}] EAGER {eg[i]}\n"
                                f"           FRESH {fresh[i]}")
    status = "MISMATCH" if problems else "ok"
    print(f"== {name}: {status}")
    for p in problems:
        print(p)
    if os.environ.get("VERBOSE"):
        for i in range(n):
            print(f"    {i}: {steps[i][1]} -> {fresh[i]}")
    sys.stdout.flush()
    return not problems


if __name__ == "__main__":
    if "--list" in sys.argv:
        print("\n".join(PROGRAMS))
        sys.exit(0)
    names = sys.argv[1:] or list(PROGRAMS)
    bad = [n for n in names if not run_program(n)]
    print("mismatching:", bad)
