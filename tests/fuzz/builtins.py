"""Expressions of the `builtins` config: Python builtins, comprehensions, membership and
traced indexing on the generated values (issue 12). Each has Python's meaning eagerly;
the converted program must agree (or refuse with an autograph_py error).

    max(x, y)   min(x, y, 0.5)   sum(xs)   max(xs)   sorted(xs)[0]   float(k)   int(x)
    sum(e * x for e in xs)       max((e for e in xs if e > x), default=0.0)
    sum(k for k in range(n % 5) if k % 2 == 0)        any(e > x for e in xs)
    [x, x * 0.5, 2.0][k % 3]   (a Python list at a traced index; items of one dtype)   xs[k % 2:k % 2 + 2]
    k in (1, 2)   (k, 2, 3).count(2)   divmod(k, 3)[0]   pow(int(k) % 5, 2, 7)
    sorted(zip(xs, ys))[0][1]   [x, y] == [y, x]   list(xs) != sorted(xs)
    sum(a * b for a in xs if a > x for b in ys if b < a)   sum(i * j for i in range(n) for j in range(i))

and folds whose item calls a helper that prints or raises (FINDINGS F84): Python stops at
the item that decides, so a later item's print or raise must not happen.

    any(hr0(i, e) > x for i, e in enumerate(xs))   next((e for e in xs if h0(e, y) > x), 0.5)

and reductions over a Python iterable whose condition is traced:

    sum(1 for i in range(3) if xs[i] > x)   next((i for i in range(3) if xs[i] > x), -1)
"""
from __future__ import annotations

# (template, argument kinds, weight), as gen.OPS; L is the array length (3 here).
BUILTIN_OPS = {
    "f": [("max({0}, {1})", "f f", 2), ("min({0}, {1}, 0.5)", "f f", 1),
          ("max(0.0, {0} - {1})", "f f", 1), ("float({0})", "i", 1), ("sum({0})", "fa", 1),
          ("max({0})", "fa", 1), ("min({0})", "fa", 1), ("sum(e * {1} for e in {0})", "fa f", 1),
          ("sum((e for e in {0} if e > {1}), 0.5)", "fa f", 1),
          ("max((e for e in {0} if e > {1}), default=0.0)", "fa f", 1),
          ("[{0}, {0} * 0.5, 2.0][{1} % 3]", "f i", 1), ("{0}[{1} % L]", "fa i", 1),
          ("sum({0}[{1} % 2:{1} % 2 + 2])", "fa i", 1), ("sorted({0})[0]", "fa", 0.5),
          ("sorted({0}, reverse=True)[1]", "fa", 0.5),
          ("sorted(zip({0}, {1}))[0][1]", "fa fa", 0.5),   # tuples order lexicographically
          ("sorted(zip({0}, {1}), key=lambda p: p[1], reverse=True)[0][0]", "fa fa", 0.5),
          ("float({0} in ({1}, 1.0))", "f f", 0.5),
          # several `for` clauses: a loop in a loop; a later clause reading the earlier item
          ("sum(a * b for a in {0} if a > {2} for b in {1} if b < a)", "fa fa f", 0.7),
          ("max((a - b for a in {0} for b in {1}), default=0.0)", "fa fa", 0.5),
          ("sum(abs(a - b) for i, a in enumerate({0}) for b in {0}[i + 1:])", "fa", 0.5),
          ("sum({{k: v * {1} for k, v in enumerate({0})}}.values())", "fa f", 0.5),
          # a Python iterable (a static range, a list) with a traced condition
          ("max(({0}[i] for i in range(L) if {0}[i] < {1}), default=0.0)", "fa f", 0.7),
          ("min((e for e in [0.5, 1.5, 2.5] if e > {0}), default=-1.0)", "f", 0.5),
          ("next((e * {1} for e in (1.0, 2.0) if e > {0}), 0.0)", "f f", 0.5)],
    "i": [("int(jnp.clip({0}, -50.0, 50.0))", "f", 2), ("min({0}, {1})", "i i", 1),
          ("max({0}, 3)", "i", 1), ("divmod({0}, 3)[0]", "i", 1), ("pow(int({0}) % 5, 2, 7)", "i", 0.5),
          ("sum(k for k in range({0} % 5) if k % 2 == 0)", "i", 1),
          ("sum(range({0} % 4))", "i", 0.5), ("[1, 2, 3][{0} % 3]", "i", 1),
          ("sum(i * j for i in range({0} % 5) for j in range(i))", "i", 0.7),
          ("({0}, 2, 3).count(2)", "i", 0.5),
          ("sum(1 for i in range(L) if {0}[i] > {1})", "fa f", 0.7),
          ("next((i for i in range(L) if {0}[i] > {1}), -1)", "fa f", 0.7)],
    "b": [("any(e > {1} for e in {0})", "fa f", 1), ("all(e < {1} for e in {0})", "fa f", 1),
          ("({0} in (1, 2))", "i", 1), ("({0} not in [{1}, 0.5])", "f f", 1),
          ("bool({0} % 2)", "i", 1), ("any([{0}, {1}])", "b b", 0.5),
          ("any({0}[i] > {1} for i in range(L) if i != 1)", "fa f", 0.5),
          ("([{0}, {1}] == [{1}, {0}])", "f f", 0.5),   # lists compare item by item
          ("(list({0}) != sorted({0}))", "fa", 0.5), ("(({0}, 1) == ({1}, 1))", "i i", 0.5)],
}


def fold_ops(kind, raisers, callables):
    """Folds that stop early, whose item calls `raisers` (hr0(k, x) raises when k is large)
    or a helper of `callables` taking one float first (which may print); as BUILTIN_OPS."""
    ops = []
    for r in raisers:
        call = f"{r.name}(i, e)"
        if kind == "b":
            ops += [(f"any({call} > {{1}} for i, e in enumerate({{0}}))", "fa f", 1),
                    (f"all({call} < {{1}} for i, e in enumerate({{0}}))", "fa f", 1)]
        if kind == "f":
            ops += [(f"next((e for i, e in enumerate({{0}}) if {call} > {{1}}), 0.5)", "fa f", 1)]
    for h in callables:
        if not h.params or h.params[0][1] != "f" or h.ret[0] != "f":
            continue
        rest = "".join(f", {{{j + 2}}}" for j in range(len(h.params) - 1))
        kinds = "fa f" + "".join(" " + k for _, k in h.params[1:])
        call = f"{h.name}(e{rest})"
        if kind == "b":
            ops += [(f"any({call} > {{1}} for e in {{0}})", kinds, 0.7),
                    (f"all({call} < {{1}} for e in {{0}})", kinds, 0.7)]
        if kind == "f":
            ops += [(f"next((e for e in {{0}} if {call} > {{1}}), 0.5)", kinds, 0.7)]
    return ops
