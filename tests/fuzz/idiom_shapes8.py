"""The statements of the `shapes8` config: the classes the twelfth session's corpora and
volume runs found and fixed (FINDINGS F149 to F151), which no config generated, on top of
the shapes-small programs. Each is a statement made here or inside 1-2 maybe-traced
constructs (idiom_shapes5's _s5_place), reading and changing a variable `v` that f returns.

    d = {"s": 1.0, "k": 1}                  1. a tuple of an outside dict or list and a
    r = (d, False)                             value the construct computes, made in a
    for t in range(n):                         traced loop or `if` (F151: the tuple kept
        d["s"] = d["s"] + 0.5                  the body's tracer), read and changed
        r = (d, t > 1)                         through the tuple after it
    r[0]["s"] = r[0]["s"] * 2.0

    ps = [P8(x), P8(0.5)]                   2. objects held in a list or dict whose
    for p in ps:                               attributes change through another name in
        if p.r > t: p.r = p.r - 0.5            a traced `if` or loop (corpus_realworld2's
    q = ps[1]; if x > 0.5: q.r = q.r * 2.0     schedulers: UnexpectedTracerError), or
    for t in xs: for i in range(3): ...        by an index or key a traced loop assigns
        if ps[i].r > t: ps[i].r -= 0.5         (F153: a raw KeyError or a wrong
                                               UndefinedVariableError)

    b = x > 0.5 and [0.5, 1.0][2]           3. errors of the user's code raised while a
    for j in range(n % 3):                     path Python may not run is traced: a right
        v = v + [0.5][j + 1]                   operand of and/or, a loop body that raises
                                               on every iteration (F151: staged where no
                                               element's path runs, under vmap too)

    m = None                                4. a pick among three with None (if/elif/
    if x > 1.0: m = None                       else), read through `is None`
    elif x > 0.0: m = 0.5
    else: m = x

    len(list(filter(lambda y: y > t, xs)))  5. filter, map and generators composed under
    sum(map(lambda y: y * 0.5, xs))            a reduction (one loop), a lambda in the
                                               first iterable

    jnp.sum(jax.vmap(Sc8(0.5))(xs))         6. a callable instance with a traced `if` in
    jax.grad(Sc8(0.25))(x)                     its __call__ handed to jax.vmap/jax.grad
                                               (it lost its self: TypeError)
"""
from __future__ import annotations

from tests.fuzz import shapes2_lines as s2
from tests.fuzz.idiom_shapes7 import upd

P8 = """class P8:
    def __init__(self, r):
        self.r = r"""
SC8 = """class Sc8:
    def __init__(self, k):
        self.k = k

    def __call__(self, y):
        if y > self.k:
            return y * 2.0
        return y * 0.5 + self.k"""
RAISES = [  # (a statement that raises where Python evaluates the failing part, hole kinds)
    ("{b} = @ > 0.5 and [0.5, 1.0][2]", "f"),
    ("{b} = @ < 0.5 or {{'a': 1.0}}['b']", "f"),
    ("{b} = @ > 0.25 and @ < 0.0 and (0.5, 1.0)[-3]", "f f"),
]
REDUCE = [  # (a reduction over filters, maps and generators, its holes' kinds)
    ("len(list(filter(lambda y: y > @, @)))", "f fa"),
    ("sum(1 for y in filter(lambda y: y > @, @))", "f fa"),
    ("sum(map(lambda y: y * 0.5, @))", "fa"),
    ("max(map(abs, @))", "fa"),
    ("sum(y for y in (z * 2.0 for z in @) if y > @)", "fa f"),
    ("any(y > @ for y in map(lambda z: z * 2.0, @))", "f fa"),
    ("min(filter(lambda y: y > -10.0, @))", "fa"),
    ("sum(list(map(lambda y: y + @, @)))", "f fa"),
]
CALLS = [
    ("jnp.sum(jax.vmap(Sc8(0.5))(@))", "fa"),
    ("jnp.sum(jax.vmap(Sc8(0.25).__call__)(@))", "fa"),
    ("jax.grad(Sc8(0.5))(@ * 1.0)", "f"),
    ("jnp.sum(jax.vmap(Sc8(@))(@))", "f fa"),
    ("Sc8(@)(@)", "f f"),
]


class Shapes8Gen:
    """Mixin for gen.Gen: `gen_s8_*` statements of the shapes8 config."""

    def _s8_def(self, name, text, tag):
        if not any(d.name == name for d in self.idiom_defs):
            self.idiom_defs.append(s2.S2Def(name, text, tag=tag))

    # ------------------------------------------- 1. a tuple of an outside container

    def gen_s8_pair(self, scope, depth, loops, fn, exits=True):
        """(d, flag) made in a traced loop or `if` of a dict or list made before it."""
        rng = self.rng

        def make(c, v, inner):
            d, r, t = self.fresh("d"), self.fresh("r"), self.fresh("t")
            is_dict = rng.random() < 0.6
            key = '"s"' if is_dict else "0"
            c.add(0, f'{d} = {{"s": 1.0, "k": 1}}' if is_dict else f"{d} = [1.0, 0.5]")
            nested = rng.random() < 0.25
            at = f"{r}[0][0]" if nested else f"{r}[0]"
            pack = (lambda x: f"(({d}, 0.5), {x})") if nested else (lambda x: f"({d}, {x})")
            c.add(0, f"{r} = {pack('False')}")
            form = rng.random()
            if form < 0.4:
                c.add(0, f"for {t} in range(@ % 4):", self.expr("i", inner, 1))
                test = f"{t} > 1"
            elif form < 0.7:
                c.add(0, f"for {t} in @:", self.expr("fa", inner, 1))
                test = f"{t} > 0.5"
            else:
                c.add(0, "if @ > 0.5:", self.expr("f", inner, 1))
                test = "@ > 0.25"
            if rng.random() < 0.5:
                c.add(4, f"{d}[{key}] = {d}[{key}] + 0.5")
            c.add(4, f"{r} = {pack(test)}", *([self.expr("f", inner, 1)] if "@" in test
                                                else []))
            if rng.random() < 0.5:
                c.add(0, f"{at}[{key}] = {at}[{key}] * 2.0")
            c.add(0, upd(v, f"{v} * 0.5 + {d}[{key}] + {at}[{key}] * 0.25 + {r}[1] * 0.25"))
        return self._s7_simple(scope, depth, loops, fn, exits, make, "tuple-of-outside")

    # ------------------------------------------- 2. objects in a container, through an alias

    def gen_s8_alias(self, scope, depth, loops, fn, exits=True):
        """Attributes of objects a list or dict holds, changed through another name in a
        traced `if` or loop."""
        rng = self.rng

        def make(c, v, inner):
            self._s8_def("P8", P8, "held-objects")
            ps, p, q = self.fresh("ps"), self.fresh("p"), self.fresh("q")
            c.add(0, f"{ps} = [P8(@), P8(0.5), P8(@)]", self.expr("f", inner, 1),
                  self.expr("f", inner, 1))
            form = rng.random()
            if form < 0.35:
                c.add(0, f"for {p} in {ps}:")
                c.add(4, f"if {p}.r > @:", self.expr("f", inner, 1))
                c.add(8, f"{p}.r = {p}.r - 0.5")
            elif form < 0.6:
                c.add(0, f"{q} = {ps}[{rng.randrange(3)}]")
                c.add(0, "if @ > 0.5:", self.expr("f", inner, 1))
                c.add(4, f"{q}.r = {q}.r * 2.0")
            elif form < 0.7:
                j = self.fresh("j")
                c.add(0, f"for {j} in range(@ % 3):", self.expr("i", inner, 1))
                c.add(4, f"{q} = {ps}[0]")
                c.add(4, f"{q}.r = {q}.r + 0.25")
            elif form < 0.85:   # by an index or key a traced loop assigns (F153)
                t, i = self.fresh("t"), self.fresh("i")
                c.add(0, f"for {t} in @:", self.expr("fa", inner, 1))
                c.add(4, f"for {i} in range(3):")
                c.add(8, f"if {ps}[{i}].r > {t}:")
                c.add(12, f"{ps}[{i}].r = {ps}[{i}].r - 0.5")
                if rng.random() < 0.5:
                    c.add(4, f"{i} = {rng.randrange(3)}")
                    c.add(4, f"{ps}[{i}].r = {ps}[{i}].r * 0.5 + {t} * 0.25")
            else:
                pd, k = self.fresh("pd"), self.fresh("k")
                c.add(0, f'{pd} = {{"a": {ps}[0], "b": P8(0.5)}}')
                c.add(0, f"for {k} in {pd}:")
                c.add(4, f"if {pd}[{k}].r > @:", self.expr("f", inner, 1))
                c.add(8, f"{pd}[{k}].r = {pd}[{k}].r - 0.25")
            c.add(0, upd(v, f"{v} * 0.5 + sum({p}.r for {p} in {ps}) * 0.25"))
        return self._s7_simple(scope, depth, loops, fn, exits, make, "held-objects")

    # ------------------------------------------- 3. errors raised on paths Python may skip

    def gen_s8_raise(self, scope, depth, loops, fn, exits=True):
        """An error of the user's code raised while a path that may not run is traced."""
        rng = self.rng

        def make(c, v, inner):
            if rng.random() < 0.6:
                text, kinds = rng.choice(RAISES)
                b = self.fresh("b")
                c.add(0, text.format(b=b), *self._s7_holes(kinds, inner))
                c.add(0, upd(v, f"{v} * 0.5 + {b} * 0.25"))
            elif rng.random() < 0.5:
                j = self.fresh("j")
                c.add(0, f"for {j} in range(@ % 3):", self.expr("i", inner, 1))
                c.add(4, upd(v, f"{v} * 0.5 + [0.5][{j} + 1]"))
            else:
                w = self.fresh("w")
                c.add(0, f"{w} = 0")
                c.add(0, f"while {w} < @ % 3:", self.expr("i", inner, 1))
                c.add(4, f"{w} += [1][{w} + 1]")
                c.add(0, upd(v, f"{v} * 0.5 + {w} * 0.25"))
        return self._s7_simple(scope, depth, loops, fn, exits, make, "raise-on-a-path",
                               p_here=0.3)

    # ------------------------------------------- 4. a pick among three with None

    def gen_s8_pick3(self, scope, depth, loops, fn, exits=True):
        """if/elif/else binding None on one or two paths, read through `is None`."""
        rng = self.rng

        def make(c, v, inner):
            m = self.fresh("m")
            sides = rng.choice([("None", "0.5", "@"), ("@ * 0.5", "0.5", "None"),
                                ("None", "@", "None"), ("0.25", "None", "@")])
            c.add(0, f"{m} = None")
            for head, side in zip(("if @ > 1.0:", "elif @ > 0.0:", "else:"), sides):
                c.add(0, head, *([self.expr("f", inner, 1)] if "@" in head else []))
                c.add(4, f"{m} = {side}", *([self.expr("f", inner, 1)] * ("@" in side)))  # (drawn
                # either way, as the seeds in FINDINGS were made)
            if rng.random() < 0.5:
                c.add(0, upd(v, f"{v} * 0.5 + (0.0 if {m} is None else {m}) * 0.25"))
            else:
                c.add(0, f"if {m} is not None:")
                c.add(4, upd(v, f"{v} * 0.5 + {m}"))
        return self._s7_simple(scope, depth, loops, fn, exits, make, "pick-of-three")

    # ------------------------------------------- 5. filter and map under a reduction

    def gen_s8_reduce(self, scope, depth, loops, fn, exits=True):
        """A reduction over filter/map/generators of a traced array."""
        return self._s8_term(scope, depth, loops, fn, exits, REDUCE, "filter-map-reduce")

    def _s8_term(self, scope, depth, loops, fn, exits, forms, tag, defs=()):
        """`v = clip(v * 0.5 + e * 0.25)` of an expression of `forms` (template, hole kinds),
        after the module-level `defs` ((name, text)) it uses."""
        def make(c, v, inner):
            for name, text in defs:
                self._s8_def(name, text, tag)
            text, kinds = self.rng.choice(forms)
            c.add(0, upd(v, f"{v} * 0.5 + {text} * 0.25"), *self._s7_holes(kinds, inner))
        return self._s7_simple(scope, depth, loops, fn, exits, make, tag)

    # ------------------------------------------- 6. a callable instance to a transformation

    def gen_s8_callobj(self, scope, depth, loops, fn, exits=True):
        """A callable instance (a traced `if` in __call__) handed to jax.vmap/jax.grad."""
        return self._s8_term(scope, depth, loops, fn, exits, CALLS, "callable-instance",
                             defs=[("Sc8", SC8)])
