"""More statements of the `shapes7` config (idiom_shapes7.py has classes 1 to 4).

    class Kid7(Base7):                   5. zero-argument super() in a branch or loop body
        def step(self, v):                  of a method (F146: the nested function the
            for j in range(2):              converter makes had neither __class__ nor
                if v > 0.5:                 self): __init__, a for, a while with a traced
                    v = super().step(v)     test, a return under an `if`; maybe a third
            return v                        level (Grand7)

    w = wnp.zeros(3)                     6. item writes of an array (F147: a static index
    w[1] = x                                past the end was dropped by the scatter; NumPy
    if t > 0: w[3] = t                      raises IndexError): static indices in range,
                                            past the end (rarely), negative, traced ones
                                            in range, `+=`, 2-D

    v = v + np.zeros(n % 3 + 1).shape[0]  7. NumPy (and jnp.tile) with a size that may be
                                            traced: a ConcreteValueError naming the
                                            function is the documented outcome (F147: a
                                            raw TypeError); a Python size runs

    print(x, "k", n, sep=" | ", end="!\n") 8. print with sep= and end= of Python and traced
    print(x, 1.5, sep=1)                    values; a sep or end that is no str (rarely):
                                            Python's TypeError where the print runs

    def acc7(a, y):                      9. a module-level def with a traced `if` handed to
        if y > 0.25: return a + y * 0.5     functools.reduce, itertools.accumulate, heapq
        return a * 0.5                      nlargest/nsmallest(key=) (F147: it ran
    v = v + functools.reduce(acc7, xs, 0.0)  unconverted; JAX's error). heapq orders its
                                            items by traced keys: a ConcreteValueError
                                            naming it is documented where they are traced

`wnp` is imported as `import jax.numpy as wnp`, which pyjax.eager_source makes `import
numpy as wnp` for the eager runs: the reference of `w[i] = v` is NumPy's in-place write
(a JAX array has none eagerly), the meaning autograph_py gives it on a JAX array.
"""
from __future__ import annotations

from tests.fuzz import shapes2_lines as s2
from tests.fuzz.shapes2_lines import Lines

CLIP = "jnp.clip({}, -8.0, 8.0)"
INITS = [["if k > {c}:", "    super().__init__(k)", "else:", "    super().__init__(-k)"],
         ["for j in range(2):", "    super().__init__(k + j * 0.5)"],
         ["super().__init__(k * 0.5)"]]
STEPS = [["w = v", "for j in range(2):", "    if w > {c}:", "        w = super().step(w)",
          "return w"],
         ["w = v", "i = 0", "while w < 2.0 and i < 3:", "    w = super().step(w) + 1.0",
          "    i += 1", "return w"],
         ["if v > {c}:", "    return super().step(v) * 2.0", "return v"],
         ["w = v", "for y in (0.5, 1.0):", "    if w > y:", "        w = super().step(w) - y",
          "    else:", "        w = w + y * 0.25", "return w"]]
TWICES = [["if x > {c}:", "    return super().twice(x)", "return x"],
          ["r = x", "if r < {c}:", "    r = super().twice(r) + self.k", "return r"]]
BASE = """class Base7:
    def __init__(self, k):
        self.k = k

    def step(self, v):
        return v * 0.5 + 0.25

    def twice(self, x):
        return x * 2.0"""
SIZES = [  # (a NumPy or jnp call with a size hole "n", the name its refusal gives)
    ("np.zeros(@ % 3 + 1).shape[0]", "zeros"), ("len(np.ones(@ % 2 + 1))", "ones"),
    ("np.full(@ % 3 + 1, 0.5).sum()", "full"), ("np.empty((@ % 2 + 1, 2)).shape[0]", "empty"),
    ("np.arange(@ % 4).size", "arange"),
    ("np.random.default_rng(0).random(size=@ % 3 + 1).shape[0]", "Generator.random")]
ACCS = [["if y > {c}:", "    return a + y * 0.5", "return a * 0.5"],
        ["if y > a:", "    return y", "elif y < {c}:", "    return a - 0.25", "return a"]]
KEYS = [["if y > {c}:", "    return -y", "return y * 0.5"]]
FOLDS = [  # (text with `acc`/`key` for the defs, hole kinds, refused by heapq's order)
    ("functools.reduce(acc, @, 0.0)", "fa", False), ("functools.reduce(acc, @)", "fa", False),
    ("functools.reduce(acc, [@, @, 0.5], @)", "f f f", False),
    ("list(itertools.accumulate(@, acc))[-1]", "fa", False),
    ("sum(itertools.accumulate(@, acc, initial=0.25))", "fa", False),
    ("sum(heapq.nlargest(2, @, key=key))", "fa", True),
    ("heapq.nsmallest(1, [@, 0.25, 1.0], key=key)[0]", "f", True)]


def upd(v, text):
    """`v = clip(text)`."""
    return f"{v} = " + CLIP.format(text)


def _method(name, args, body, c):
    return [f"    def {name}(self, {args}):"] + ["        " + x.format(c=c) for x in body]


class Shapes7MoreGen:
    """Mixin for gen.Gen (through idiom_shapes7.Shapes7Gen)."""

    # ------------------------------------------- 5. zero-argument super() in bodies

    def _s7_classes(self):
        """Base7 and Kid7 (maybe Grand7) at module level, once; returns the class f makes."""
        rng = self.rng
        have = [d.name for d in self.idiom_defs]
        if "Kid7" in have:
            return "Grand7" if "Grand7" in have else "Kid7"
        c = rng.choice([0.0, 0.5, 1.0, -0.5])
        lines = ["class Kid7(Base7):"] + _method("__init__", "k", rng.choice(INITS), c)
        lines += [""] + _method("step", "v", rng.choice(STEPS), c)
        lines += [""] + _method("twice", "x", rng.choice(TWICES), c)
        self.idiom_defs.append(s2.S2Def("Base7", BASE, tag="super-in-body"))
        self.idiom_defs.append(s2.S2Def("Kid7", "\n".join(lines), tag="super-in-body"))
        if rng.random() < 0.3:
            body = rng.choice([["w = v", "for j in range(2):", "    w = super().step(w) * 0.5",
                                "return w"], ["if v < {c}:", "    return super().step(v + 1.0)",
                                              "return v * 0.5"]])
            self.idiom_defs.append(s2.S2Def("Grand7", "\n".join(
                ["class Grand7(Kid7):"] + _method("step", "v", body, c)), tag="super-in-body"))
            return "Grand7"
        return "Kid7"

    def gen_s7_super(self, scope, depth, loops, fn, exits=True):
        """Objects of a class whose methods call super() in branch and loop bodies on
        maybe-traced values, made and called here or in maybe-traced constructs."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        rng, cls = self.rng, self._s7_classes()
        v, start, held = self._s5_start(scope)

        def core(inner):
            c, o = Lines(inner), self.fresh("o")
            c.add(0, f"{o} = {cls}(@)", self.expr("f", inner, 1))
            call = rng.choice(["step", "twice", "step"])
            c.add(0, upd(v, f"{v} * 0.5 + {o}.{call}(@) + {o}.k * 0.25"), self._s3_step(inner, {}))
            return [c.code("super-in-body")]
        return [start] + self._s5_place(held, depth, loops, fn, exits, core, p_here=0.4)

    # ------------------------------------------- 6. item writes of an array

    def _s7_index(self):
        """A static index of a length-L axis: in range mostly, past either end rarely."""
        rng, L = self.rng, self.L
        if rng.random() < 0.35:
            return str(rng.choice([L, L + 2, -L - 1]))
        return str(rng.choice([0, 1, -1, L - 1, -L]))

    def gen_s7_itemw(self, scope, depth, loops, fn, exits=True):
        """An array (NumPy's eagerly, JAX's converted: `wnp`) made here, its items written
        here or in maybe-traced constructs by static (maybe past the end) or traced
        indices, read after."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        rng, L, w = self.rng, self.L, self.fresh("w")
        self.imports.add("jax.numpy as wnp")
        v, start, held = self._s5_start(scope)
        two = rng.random() < 0.2
        b = Lines(held)
        if two:
            b.add(0, f"{w} = wnp.zeros((2, {L}))")
        elif rng.random() < 0.5:
            b.add(0, f"{w} = wnp.array(@)", self.expr("fa", held, 1))
        else:
            b.add(0, f"{w} = wnp.{rng.choice(['zeros', 'ones'])}({L})")
        out = [start, b.code("item-write")]

        def core(inner):
            c = Lines(inner)
            for _ in range(rng.choice([1, 1, 2])):
                at = f"{rng.choice([0, 1, -1, -2, 0, 1, 2])}, {self._s7_index()}" if two else \
                    self._s7_index()
                if not two and rng.random() < 0.25:
                    c.add(0, f"{w}[@ % {L}] = @", self.expr("i", inner, 1),
                          self._s3_step(inner, {}))
                else:
                    op = rng.choice(["=", "=", "+="])
                    c.add(0, f"{w}[{at}] {op} @", self._s3_step(inner, {}))
            return [c.code("item-write")]
        out += self._s5_place(held, depth, loops, fn, exits, core, p_here=0.35)
        after = Lines(held)
        after.add(0, upd(v, f"{v} * 0.5 + wnp.sum({w}) * 0.25 + {w}[-1]" + ("[0]" if two else "")))
        return out + [after.code("item-write")]

    # ------------------------------------------- 7. NumPy with traced sizes

    def gen_s7_npsize(self, scope, depth, loops, fn, exits=True):
        """A NumPy constructor (or jnp.tile) with a maybe-traced size."""
        rng = self.rng
        self.imports.add("numpy as np")

        def make(c, v, inner):
            if rng.random() < 0.2:
                text, name, holes = "jnp.tile(@, @ % 3 + 1).sum()", "tile", ["fa", "i"]
            else:
                (text, name), holes = rng.choice(SIZES), ["i"]
            c.add(0, upd(v, f"{v} * 0.5 + {text} * 0.25"), *[self.expr(k, inner, 1)
                                                             for k in holes])
            return [f"ConcreteValueError:{name}(...) needs a concrete value"]
        return self._s7_simple(scope, depth, loops, fn, exits, make, "numpy-traced-size")

    # ------------------------------------------- 8. print with sep= and end=

    def gen_s7_print(self, scope, depth, loops, fn, exits=True):
        """print(a, b, sep=s, end=e) of Python and traced values; rarely a sep or end that
        is no str: Python's TypeError where it runs. Not in a `while` (F11)."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        rng = self.rng
        v, start, held = self._s5_start(scope)

        def core(inner):
            c = Lines(inner)
            items = [rng.choice(["@", "@", '"k"', "len('ab')", "@ % 3"]) for _ in range(2)]
            holes = [self.expr("i" if x == "@ % 3" else "f", inner, 1)
                     for x in items if x.startswith("@")]
            sep = rng.choice(['", "', '""', '" | "', "None", '"\\t"'])
            end = rng.choice(['"\\n"', '"!\\n"', '" "', "None"])
            if rng.random() < 0.2:   # no str: TypeError (a traced one on a traced path
                # that never runs was refused while tracing: F149)
                traced = ["@"] * 2
                sep = rng.choice(["1", "0.5"] + traced)
                holes += [self.expr("f", inner, 1)] if sep == "@" else []
            elif rng.random() < 0.05:
                end = "0"
            c.add(0, f"print({', '.join(items)}, sep={sep}, end={end})", *holes)
            c.add(0, upd(v, f"{v} * 0.5 + @"), self._s3_step(inner, {}))
            return [c.code("print-sep-end")]
        shapes = [rng.choice(["if", "array", "enumerate"]) for _ in range(rng.choice([1, 2]))]
        return [start] + self._s5_place(held, depth, loops, fn, exits, core, p_here=0.4,
                                         shapes=shapes)

    # ------------------------------------------- 9. module defs handed to stdlib folds

    def gen_s7_hof(self, scope, depth, loops, fn, exits=True):
        """A module-level def with a traced `if` handed to functools.reduce,
        itertools.accumulate or heapq's nlargest/nsmallest as key=."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        rng, n = self.rng, len(self.idiom_defs)
        self.imports |= {"itertools", "heapq"}
        text, kinds, ordered = rng.choice(FOLDS)
        c0 = rng.choice([0.0, 0.25, 0.5, -0.5])
        name, args, body = (f"key{n}", "y", rng.choice(KEYS)) if ordered else \
            (f"acc{n}", "a, y", rng.choice(ACCS))
        self.idiom_defs.append(s2.S2Def(name, f"def {name}({args}):\n" + "\n".join(
            "    " + x.format(c=c0) for x in body), tag="stdlib-fold-def"))
        call = text.replace("acc", name).replace("key=key", f"key={name}")
        which = "nlargest" if "nlargest" in call else "nsmallest"   # items by traced keys
        refuse = [f"ConcreteValueError:{which}(...) needs a concrete value"] if ordered else []

        def make(c, v, inner):
            c.add(0, upd(v, f"{v} * 0.5 + {call} * 0.25"),
                  *[self.expr(k, inner, 1) for k in kinds.split()])
            return refuse
        return self._s7_simple(scope, depth, loops, fn, exits, make, "stdlib-fold")
