"""The statements of the `shapes7` config: the classes the third and fourth hand-written
hunts found and fixed (FINDINGS F146, F147: tests/foreign/corpus_hunt_python3.py and
corpus_hunt_errors.py), which no config generated, on top of the shapes-small programs.
Each is a statement made here or inside 1-2 maybe-traced constructs (idiom_shapes5's
_s5_place), reading and changing a variable `v` that f returns. idiom_shapes7b.py has
classes 5 to 9.

    v = v * 0.5 + pow(int(k) % 6, -1, 6) * 0.25   1. pow with a negative exponent and a
    v = v * 0.5 + pow(2, int(k) % 4) * 0.25          modulus of traced ints (the inverse;
                                                     Python's ValueError where none
                                                     exists: base 0, 2, 3, 4 mod 6), a
                                                     natural one, two-argument pow

    names = ["w", "b", "c"]                          2. zip of a Python list of strs and
    d = dict(zip(names, xs))                         a traced array: a dict, a loop with a
    for k, y in zip(names, xs):                      traced `if` per pair, a dict
        if y > t: acc[k] = y * 2.0                   comprehension, a three-way zip,
        else: acc[k] = -y                            names longer or shorter than xs

    v = v + len(range(n % 5)) * 0.25                 3. len of a range with traced bounds,
    s = Cnt7(n % 4)                                  a user __len__ returning a traced
    while len(s) > 0: s.n = s.n - 1                  count (len, a while on it, truth)

    t = max((y, i) for i, y in enumerate(xs))        4. min/max of (value, index) tuples:
    t = min(((y, i) for ...), key=lambda p: abs(p[0]))   Python's tuple order, ties, key=,
    v = v * 0.5 + t[0] + t[1] * 0.25                 over an array or a list

Eager runs give int() its Python meaning, so the modular pow is written `pow(int(k) % 6,
...)` (JAX's own `**` takes no modulus). Also generated, the four findings of F149 (fixed
since): `len()` of a user object whose __len__ returns a negative traced count (Python's
ValueError), `pow(int(k) % 3 + 1, -1)` (Python's float), max of a filtered generator of
tuples whose items are unrolled in Python, a non-str `sep` on a traced path. `int(k) **
-1` (the operator, which the converter leaves to JAX) is not generated: JAX's TypeError.
"""
from __future__ import annotations

from tests.fuzz import shapes2_lines as s2
from tests.fuzz.idiom_shapes7b import Shapes7MoreGen
from tests.fuzz.shapes2_lines import Lines

CLIP = "jnp.clip({}, -8.0, 8.0)"
# (template, argument kinds): `@` holes, "i" a traced-or-Python int, "f" a float
POW3 = [
    ("pow(int(@) % 5 + 1, int(@) % 3 - 2, 7)", "i i"),   # an inverse always (7 is prime)
    ("pow(int(@) % 6, -1, 6)", "i"),                      # none for 0, 2, 3, 4: ValueError
    ("pow(int(@) % 4 + 2, int(@) % 4 - 2, 9)", "i i"),    # 3 has none mod 9
    ("pow(int(@) % 5 - 2, -2, 11)", "i"),                 # a negative base; 0 has none
    ("pow(int(@), 3, 5)", "i"),                           # a natural exponent
    ("pow(int(@) % 7, int(@) % 4, 10)", "i i"),
]
POW2 = [("pow(@, 2)", "f"), ("pow(@ * 0.5, 3)", "f"), ("pow(int(@) % 4, 2)", "i"),
        ("pow(2, int(@) % 4)", "i"), ("pow(abs(@) + 0.5, -1)", "f"),
        ("pow(int(@) % 3 + 1, -1)", "i")]   # (F149: JAX's TypeError, Python's float)
NAMES = [["w", "b", "c"], ["lr", "mu"], ["a", "b", "c", "d"], ["x0", "x1", "a"],
         ["k", "q", "k"]]   # (a repeated key: the dict keeps the last pair)
RANGES = ["len(range(@ % 5))", "len(range(1, @ % 5, 2))", "len(range(@ % 5, 1, -1))",
          "len(range(@ % 4, @ % 6))", "len(range(-(@ % 3), 3, 2))"]
CNT = """class Cnt7:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n"""
TUPLES = [  # (a min/max of (value, index) tuples, its holes' kinds)
    ("max((y, i) for i, y in enumerate(@))", "fa"),
    ("min((y, i) for i, y in enumerate(@))", "fa"),
    ("max((y, -i) for i, y in enumerate(@))", "fa"),
    ("max(((y, i) for i, y in enumerate(@)), key=lambda p: p[0])", "fa"),
    ("min(((y, i) for i, y in enumerate(@)), key=lambda p: abs(p[0]))", "fa"),
    ("min((abs(y - @), i) for i, y in enumerate(@))", "f fa"),
    ("max((y, i) for i, y in enumerate([@, @, 0.5]))", "f f"),
    ("min(zip(@, range(L)))", "fa"),
    # F149: a filter whose test is traced, the items unrolled in Python (a list, or an
    # array that is concrete: closed over under jax.grad): a raw TypeError before
    ("max(((y, i) for i, y in enumerate(@) if y > @), default=(0.0, -1))", "fa f"),
    ("max((y, i) for i, y in enumerate([@, 0.5, @]) if y > 0.25)", "f f"),
]


def upd(v, text):
    """`v = clip(text)`."""
    return f"{v} = " + CLIP.format(text)


class Shapes7Gen(Shapes7MoreGen):
    """Mixin for gen.Gen: `gen_s7_*` statements of the shapes7 config."""

    def _s7_holes(self, kinds, inner):
        """Expressions for the holes of a template whose kinds are `kinds`."""
        return [self.expr(k, inner, 1) for k in kinds.split()]

    def _s7_simple(self, scope, depth, loops, fn, exits, make, tag, p_here=0.4):
        """`v = e` here, then `make(c, v, inner)`'s lines (returning their documented
        errors) here or inside maybe-traced constructs."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        v, start, held = self._s5_start(scope)

        def core(inner):
            c = Lines(inner)
            refuse = make(c, v, inner)
            return [c.code(tag, refuse=refuse or [])]
        return [start] + self._s5_place(held, depth, loops, fn, exits, core, p_here=p_here)

    # ------------------------------------------- 1. pow with a modulus, a negative exponent

    def gen_s7_pow(self, scope, depth, loops, fn, exits=True):
        """pow(a, b, m) of traced ints with a negative exponent (F146: it gave 1), a
        natural one, and two-argument pow."""
        rng = self.rng

        def make(c, v, inner):
            forms = POW3 if rng.random() < 0.65 else POW2
            text, kinds = rng.choice(forms)
            if rng.random() < 0.3:
                c.add(0, f"if {text} > 1:", *self._s7_holes(kinds, inner))
                c.add(4, upd(v, f"{v} * 0.5 + @"), self._s3_step(inner, {}))
            else:
                c.add(0, upd(v, f"{v} * 0.5 + {text} * 0.25"), *self._s7_holes(kinds, inner))
        return self._s7_simple(scope, depth, loops, fn, exits, make, "pow-modular")

    # ------------------------------------------- 2. zip of a list of names and an array

    def gen_s7_zip(self, scope, depth, loops, fn, exits=True):
        """zip(names, xs): a list of strs and a traced array (F146: a raw TypeError, the
        list made an array of dtype <U1), the pairs used in a dict or a traced `if`."""
        rng = self.rng

        def make(c, v, inner):
            names = rng.choice(NAMES)
            keys = names[:self.L]
            nm, k, y, d = self.fresh("nm"), self.fresh("k"), self.fresh("y"), self.fresh("d")
            c.add(0, f"{nm} = {names!r}")
            r = rng.random()
            if r < 0.3:
                c.add(0, f"{d} = dict(zip({nm}, @))", self.expr("fa", inner, 1))
            elif r < 0.6:
                c.add(0, f"{d} = {{}}")
                c.add(0, f"for {k}, {y} in zip({nm}, @):", self.expr("fa", inner, 1))
                c.add(4, f"if {y} > @:", self.expr("f", inner, 1))
                c.add(8, f"{d}[{k}] = {y} * 2.0")
                c.add(4, "else:")
                c.add(8, f"{d}[{k}] = -{y}")
            elif r < 0.75:
                c.add(0, f"{d} = {{{k}: {y} * 0.5 for {k}, {y} in zip({nm}, @)}}",
                      self.expr("fa", inner, 1))
            else:
                z = self.fresh("y")
                c.add(0, f"for {k}, {y}, {z} in zip({nm}, @, @):", self.expr("fa", inner, 1),
                      self.expr("fa", inner, 1))
                c.add(4, f"if {y} > {z}:")
                c.add(8, upd(v, f"{v} * 0.5 + {y} + len({k}) * 0.25"))
                return
            c.add(0, upd(v, f"{v} * 0.5 + {d}[{rng.choice(keys)!r}] + "
                            f"sum({d}.values()) * 0.25"))
        return self._s7_simple(scope, depth, loops, fn, exits, make, "zip-names")

    # ------------------------------------------- 3. len of traced ranges and user objects

    def gen_s7_len(self, scope, depth, loops, fn, exits=True):
        """len(range(traced)) and len() of a user object whose __len__ returns a traced
        count (F146: raw errors), as a value, a `while` test and a truth."""
        rng = self.rng

        def make(c, v, inner):
            if not any(d.name == "Cnt7" for d in self.idiom_defs):
                self.idiom_defs.append(s2.S2Def("Cnt7", CNT, tag="len-traced"))
            n = lambda: self.expr("i", inner, 1)   # noqa: E731
            r = rng.random()
            if r < 0.35:
                text = rng.choice(RANGES)
                c.add(0, upd(v, f"{v} * 0.5 + {text} * 0.25"), *[n() for _ in
                                                                  range(text.count("@"))])
            elif r < 0.55:
                neg = rng.random() < 0.4   # (a negative count: ValueError, F149)
                c.add(0, upd(v, f"{v} * 0.5 + len(Cnt7(@ % 4{' - 1' if neg else ''})) * 0.25"),
                      n())
            elif r < 0.8:
                s = self.fresh("s")
                c.add(0, f"{s} = Cnt7(@ % 4)", n())
                c.add(0, f"while len({s}) > 0:")
                c.add(4, f"{s}.n = {s}.n - 1")
                c.add(4, upd(v, f"{v} * 0.5 + len({s}) * 0.5 + 0.25"))
            else:
                c.add(0, f"if {rng.choice(['len(Cnt7(@ % 3)) > 1', 'Cnt7(@ % 2)'])}:", n())
                c.add(4, upd(v, f"{v} * 0.5 + @"), self._s3_step(inner, {}))
        return self._s7_simple(scope, depth, loops, fn, exits, make, "len-traced")

    # ------------------------------------------- 4. min/max of (value, index) tuples

    def gen_s7_argmax(self, scope, depth, loops, fn, exits=True):
        """min/max of a generator of (value, index) tuples over a traced array, with and
        without key= (F146: a raw TypeError), read by item or tested."""
        rng = self.rng

        def make(c, v, inner):
            text, kinds = rng.choice(TUPLES)
            t = self.fresh("t")
            c.add(0, f"{t} = " + text.replace("L", str(self.L)), *self._s7_holes(kinds, inner))
            if rng.random() < 0.3:
                c.add(0, f"if {t}[1] == {rng.randrange(self.L)}:")
                c.add(4, upd(v, f"{v} * 0.5 + {t}[0]"))
            else:
                c.add(0, upd(v, f"{v} * 0.5 + {t}[0] + {t}[1] * 0.25"))
        return self._s7_simple(scope, depth, loops, fn, exits, make, "argmax-tuples")
