"""The statements of the `shapes9` config: the classes the fourteenth session's hunts found
(FINDINGS F156), where a Python value of the eager run (a range's item, an `int()` cast,
a flag set in a branch) is a traced scalar converted and JAX's operators differ from
Python's on it. Each is a statement made here or inside 1-2 maybe-traced constructs
(idiom_shapes5's _s5_place), reading and changing a variable `v` that f returns.

    for t in range(n % 5):                  1. the power operator of integers: a negative
        v = v + 2 ** (t % 3) + int(x) ** -1    constant exponent (Python's float; JAX
        h **= 2; v = v + 10 ** t * 0.25       refused it), traced naturals, `**=`, a
        v = v + 0.5 ** -t                      float base (a negative traced exponent of
                                               an integer is IntegerPowerError: rare)

    k = (t % 3 == 0) + (t % 5 == 0)         2. arithmetic of bools Python counts with:
    s = (k > 0) - (k < 0); w = -(t >= 1)       bool + bool, the sign idiom, unary minus,
    found = False; if ...: found = True        flags a branch sets, max/min of bools
    v = v + found * 0.5 + max(t > 2, t > 3)    (JAX: or/and, or a TypeError)

    r = range(0, n % 7 + 1, 2)[t % 2]       3. a range with a traced bound indexed,
    for a, b in zip(range(m), reversed(range(n))):   zipped with another range (a loop,
        ...                                    enumerate of it, a reduction over it)

    math.isqrt(int(x) % 50), math.fmod(x, 1.5)   4. two math functions mapped this session

Config `shapes10` (the sixteenth session's classes, FINDINGS F161): a local `k` some paths
assign, under two nested maybe-traced `if`s, in a loop under one, or in an `elif`, as a
value, None or () (None and () have no array leaf to mark "maybe unassigned" on), read
under a later `if` whose test implies the first's (a read after a traced `if` that only
one branch assigns is the documented UndefinedVariableError, a refusal here): Python raises UnboundLocalError on the runs where no path assigned it,
and so must the converted program, with the value on the others.

Every bool operand is a comparison of Python ints eagerly (a counter, an `int()`, a
flag): of a traced array's item eagerly JAX's `+` is logical, which converted code keeps
only for arrays (README), so such operands are not generated.
"""
from __future__ import annotations

from tests.fuzz.idiom_shapes7 import upd

POWERS = [  # (an expression of the power operator, its holes' kinds)
    ("2 ** (int(@) % 4)", "i"), ("(int(@) % 3 + 1) ** -1", "i"), ("int(@) ** 2", "i"),
    ("(@ * 0.5) ** (int(@) % 3)", "f i"), ("0.5 ** -(int(@) % 3)", "i"),
    ("10 ** (int(@) % 3) * 0.25", "i"), ("abs(@) ** 0.5", "f"),
    ("(int(@) % 4 - 2) ** 3", "i"),
]
COUNTS = [  # (a count made of comparisons of Python ints eagerly, its holes' kinds)
    ("(int(@) % 3 == 0) + (int(@) % 5 == 0)", "i i"),
    ("(int(@) > 0) - (int(@) < 0)", "i i"),
    ("-(int(@) % 4 >= 2)", "i"),
    ("(int(@) > 1) * (int(@) < 4)", "i i"),
    ("max(int(@) > 2, int(@) > 3) + True", "i i"),
    ("(not int(@) % 2) + (int(@) % 3 == 1) * 2", "i i"),
]
RANGE_ITEMS = [  # (an item of a range with a maybe-traced bound, its holes' kinds)
    ("range(0, @ % 7 + 2, 2)[1]", "i"), ("range(@ % 5 + 1)[-1]", "i"),
    ("range(@ % 6 + 3, 0, -2)[int(@) % 2]", "i i"),
    ("range(1, @ % 9 + 2)[-(int(@) % 2) - 1]", "i i"),
]
ZIPS = [  # (a zip of ranges, its holes' kinds)
    ("zip(range(@ % 5), reversed(range(@ % 4)))", "i i"),
    ("zip(range(1, @ % 6, 2), range(@ % 5, 0, -1))", "i i"),
    ("zip(range(@ % 4), range(3))", "i"),
]
MATH = [("math.isqrt(int(@) % 50)", "i"), ("math.fmod(@, 1.5)", "f"),
        ("math.fmod(-@, 0.75)", "f"), ("math.isqrt(abs(int(@)) + 3) * 0.5", "i")]


class Shapes9Gen:
    """Mixin for gen.Gen: `gen_s9_*` statements of the shapes9 config."""

    # ------------------------------------------- 1. the power operator of integers

    def gen_s9_power(self, scope, depth, loops, fn, exits=True):
        """`**` and `**=` of traced integers (a negative exponent gave JAX's 0 silently)."""
        rng = self.rng

        def make(c, v, inner):
            if rng.random() < 0.35:
                t, h = self.fresh("t"), self.fresh("h")
                c.add(0, f"{h} = 1")
                c.add(0, f"for {t} in range(@ % 4):", self.expr("i", inner, 1))
                step = rng.choice([f"{h} = {h} * 2 + 2 ** ({t} % 3)", f"{h} **= 2",
                                   f"{h} = {h} + {t} ** 2", f"{h} = ({h} + {t}) % 7"])
                c.add(4, step)
                if rng.random() < 0.3:
                    c.add(4, upd(v, f"{v} * 0.5 + 0.5 ** {t}"))
                c.add(0, upd(v, f"{v} * 0.5 + ({h} % 11) * 0.25"))
                return None
            text, kinds = rng.choice(POWERS)
            c.add(0, upd(v, f"{v} * 0.5 + {text} * 0.25"), *self._s7_holes(kinds, inner))
            return None
        return self._s7_simple(scope, depth, loops, fn, exits, make, "integer-power")

    # ------------------------------------------- 2. arithmetic of bools

    def gen_s9_count(self, scope, depth, loops, fn, exits=True):
        """Bools Python counts with: comparisons of a counter, an int(), a flag."""
        rng = self.rng

        def make(c, v, inner):
            form = rng.random()
            if form < 0.4:
                t, k = self.fresh("t"), self.fresh("k")
                c.add(0, f"{k} = 0")
                c.add(0, f"for {t} in range(@ % 6):", self.expr("i", inner, 1))
                c.add(4, rng.choice([f"{k} = {k} + ({t} % 3 == 0) + ({t} % 5 == 0)",
                                     f"{k} += ({t} > 3) - ({t} < 3)",
                                     f"{k} = {k} - ({t} >= 1)",
                                     f"{k} = {k} + max({t} > 2, {t} > 3) + True",
                                     f"{k} += ({t} % 2 == 0) * ({t} > 1)"]))
                c.add(0, upd(v, f"{v} * 0.5 + {k} * 0.25"))
            elif form < 0.7:
                found, other = self.fresh("found"), self.fresh("seen")
                c.add(0, f"{found} = {other} = False")
                c.add(0, "if @ > 0.5:", self.expr("f", inner, 1))
                c.add(4, f"{found} = True")
                c.add(0, "if @ < 0.0:", self.expr("f", inner, 1))
                c.add(4, f"{other} = True")
                c.add(0, upd(v, rng.choice([f"{v} * 0.5 + ({found} + {other}) * 0.25",
                                            f"{v} * 0.5 + ({found} - {other}) * 0.25",
                                            f"{v} * 0.5 + -{found} * 0.5 + {other} * 2"])))
            else:
                text, kinds = rng.choice(COUNTS)
                c.add(0, upd(v, f"{v} * 0.5 + ({text}) * 0.25"), *self._s7_holes(kinds, inner))
            return None
        return self._s7_simple(scope, depth, loops, fn, exits, make, "bool-count")

    # ------------------------------------------- 3. ranges indexed and zipped

    def gen_s9_ranges(self, scope, depth, loops, fn, exits=True):
        """An item of a range with a traced bound; zip of ranges in a loop, enumerate of
        it, a reduction over it."""
        rng = self.rng

        def make(c, v, inner):
            if rng.random() < 0.4:
                text, kinds = rng.choice(RANGE_ITEMS)
                c.add(0, upd(v, f"{v} * 0.5 + {text} * 0.25"), *self._s7_holes(kinds, inner))
                return None
            text, kinds = rng.choice(ZIPS)
            a, b, j = self.fresh("a"), self.fresh("b"), self.fresh("j")
            form = rng.random()
            if form < 0.4:
                c.add(0, f"for {a}, {b} in {text}:", *self._s7_holes(kinds, inner))
                c.add(4, upd(v, f"{v} * 0.5 + ({a} * {b}) * 0.25"))
                if rng.random() < 0.3:
                    c.add(4, f"if {a} > 2:")
                    c.add(8, "break")
            elif form < 0.7:
                c.add(0, f"for {j}, ({a}, {b}) in enumerate({text}, 1):",
                      *self._s7_holes(kinds, inner))
                c.add(4, upd(v, f"{v} * 0.5 + ({j} * {a} - {b}) * 0.25"))
            else:
                red = rng.choice([f"sum({a} * {b} for {a}, {b} in {text})",
                                  f"max(({a} - {b} for {a}, {b} in {text}), default=-1)"])
                c.add(0, upd(v, f"{v} * 0.5 + {red} * 0.25"), *self._s7_holes(kinds, inner))
            return None
        return self._s7_simple(scope, depth, loops, fn, exits, make, "range-items")

    # ------------------------------------------- 4. math.isqrt, math.fmod

    def gen_s9_math(self, scope, depth, loops, fn, exits=True):
        """math.isqrt of a traced int, math.fmod of a traced float."""
        def make(c, v, inner):
            self.imports.add("math")
            text, kinds = self.rng.choice(MATH)
            c.add(0, upd(v, f"{v} * 0.5 + {text} * 0.25"), *self._s7_holes(kinds, inner))
        return self._s7_simple(scope, depth, loops, fn, exits, make, "math-integers")

    # ------------------------------------------- 5. locals some paths assign (shapes10)

    def gen_s10_partly(self, scope, depth, loops, fn, exits=True):
        """`k` assigned (a value, None or ()) on some paths of nested maybe-traced `if`s
        or a loop under one, read under a later `if` whose test implies the first's."""
        rng = self.rng

        def make(c, v, inner):
            k = self.fresh("k")
            value, read = rng.choice([("@", f"{k} * 0.5"),
                                      ("None", f"(0.5 if {k} is None else 1.0)"),
                                      ("()", f"(len({k}) + 0.5)")])

            def assign(indent):
                holes = [self.expr("f", inner, 1)] if value == "@" else []
                c.add(indent, f"{k} = {value}", *holes)
            test = self.expr("f", inner, 1)   # the read's test implies it: traced alike
            c.add(0, "if @ > 0.0:", test)
            form = rng.random()
            if form < 0.5:
                c.add(4, "if @ > 0.5:", self.expr("f", inner, 1))
                assign(8)
            elif form < 0.8:
                t = self.fresh("t")
                c.add(4, f"for {t} in range(@ % 3):", self.expr("i", inner, 1))
                assign(8)
            else:
                assign(4)
            if rng.random() < 0.5:
                c.add(0, "elif @ < -0.5:", self.expr("f", inner, 1))
                if rng.random() < 0.5:
                    c.add(4, "if @ < -1.0:", self.expr("f", inner, 1))
                    assign(8)
                else:
                    assign(4)
            if rng.random() < 0.5:
                c.add(0, "if @ > 0.0:", test)
            else:
                c.add(0, f"if @ > 0.0 and @ > {rng.choice([-0.25, 0.25, 0.75])}:", test,
                      self.expr("f", inner, 1))
            c.add(4, upd(v, f"{v} * 0.5 + {read}"))
            # A Python outer `if` leaves the read after a traced inner one: documented error.
            return ["UndefinedVariableError:is read after the"]
        return self._s7_simple(scope, depth, loops, fn, exits, make, "partly-assigned")
