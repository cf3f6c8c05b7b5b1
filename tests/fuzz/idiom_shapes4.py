"""The statements of the `shapes4` config (gen.py's Gen inherits these), on top of the
shapes-small programs: generated relatives of the classes S7-S9 (FINDINGS, fixed by
a62269d..640929f). Lines are S2Code (shapes2_lines.py). idiom_shapes4b.py has F129's
module-level containers and the bounded `while` whose test prints.

    s5 = gn3(xs)                    S7: an iterator (iter() of an array or a list, a
    for t6 in s5:                   generator expression, map, a user generator) walked
        v = v + t6                  by a Python `for` that breaks in Python (a count, an
        k += 1                      enumerate index, zip with a range), then the rest
        if k >= 2: break            read (list, sum, next, a comprehension, another for);
    v = v + len(list(s5))           maybe all of it in the body of a traced construct

    s7 = {"a": {"a": e}}            S8: a nested container (dict of dicts, list of lists,
    s8 = s7                         dict of lists, list of dicts, an object's dict of
    for ...: for ...:               lists) and a second name for it or for its first
        s8["a"]["a"] = e2           level; an item two levels down changed through one,
    v = s7["a"]["a"]                read through the other in the same body and after

    c = e                           S9: a local assigned under one maybe-traced `if`
    if c > 0.0:                     (directly, or by a Python loop inside it, maybe with
        for j in range(n): k = e    a traced break), read under a second `if`: one its
    if c > 0.5: v = v + k           test implies, the same test, a disjoint one, or an
                                    independent one (Python may raise UnboundLocalError;
                                    the converted program must raise it too)
"""
from __future__ import annotations

from tests.fuzz import shapes2_lines as s2
from tests.fuzz.idiom_shapes4b import Shapes4MoreGen
from tests.fuzz.ir import Name, Op
from tests.fuzz.shapes2_lines import Lines

CLIP = "jnp.clip({}, -8.0, 8.0)"


class Shapes4Gen(Shapes4MoreGen):
    """Mixin for gen.Gen: `gen_s4_*` statements of the shapes4 config."""

    # ------------------------------------- S7: iterators broken out of in Python

    def _s4_walk(self, b, ind, it, v):
        """A Python `for` at `ind` over `it` that breaks in Python (or stops by zip)."""
        rng, y, k = self.rng, self.fresh("t"), self.fresh("k")
        stop = rng.randint(0, 3)
        form = rng.choice(["count", "count", "enumerate", "zip"])
        if form == "count":
            b.add(ind, f"{k} = 0")
            b.add(ind, f"for {y} in {it}:")
            b.add(ind + 4, f"{v} = {CLIP.format(f'{v} + {y} * 0.5')}")
            b.add(ind + 4, f"{k} += 1")
            b.add(ind + 4, f"if {k} >= {stop}:")
            b.add(ind + 8, "break")
        elif form == "enumerate":
            b.add(ind, f"for {k}, {y} in enumerate({it}):")
            b.add(ind + 4, f"if {k} == {stop}:")
            b.add(ind + 8, "break")
            b.add(ind + 4, f"{v} = {CLIP.format(f'{v} * 0.5 + {y}')}")
        else:   # zip takes from the range first: `it` keeps the rest
            b.add(ind, f"for {k}, {y} in zip(range({stop}), {it}):")
            b.add(ind + 4, f"{v} = {CLIP.format(f'{v} + {y} * {k}')}")

    def _s4_rest(self, b, ind, it, v):
        """Lines at `ind` that read what is left of `it` into `v`."""
        rng, y = self.rng, self.fresh("t")
        r = rng.random()
        if r < 0.6:
            rest = rng.choice([f"len(list({it})) * 0.5", f"sum({it}, 0.0)", f"next({it}, -1.0)",
                               f"sum([{y} * 0.5 for {y} in {it}], 0.25)",
                               f"len(tuple({it})) * 0.25"])
            b.add(ind, f"{v} = " + CLIP.format(f"{v} * {rng.choice([1.0, 0.5])} + {rest}"))
        elif r < 0.85:
            b.add(ind, f"for {y} in {it}:")
            b.add(ind + 4, f"{v} = {CLIP.format(f'{v} + {y} * 0.25')}")
        else:   # a second walk that breaks, then the rest
            self._s4_walk(b, ind, it, v)
            b.add(ind, f"{v} = {v} + len(list({it})) * 0.5")

    def gen_s4_iter(self, scope, depth, loops, fn, exits=True):
        """An iterator walked by a Python loop that breaks in Python, its rest read after;
        all of it at this level or in the body of a maybe-traced construct."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        rng, it, v = self.rng, self.fresh("s"), self.fresh("v")
        b = Lines(scope)
        b.add(0, f"{v} = @", self.expr("f", scope, 1))
        held = {**scope, v: "f"}

        def core(inner, c=None, binds=()):
            c = c or Lines(inner)
            text, args = self._s3_iterable(inner, c)
            c.add(0, f"{it} = {text}", *args)
            if rng.random() < 0.25:
                c.add(0, f"{v} = {v} + next({it}, 0.5) * 0.5")
            self._s4_walk(c, 0, it, v)
            self._s4_rest(c, 0, it, v)
            return [c.code("iterator-python-break", binds=binds)]
        self.idiom_reads.append(v)
        if rng.random() < 0.5:   # at this level
            return core(held, b, [(v, "f")])
        out = [b.code("iterator-python-break", binds=[(v, "f")])]
        shapes = [rng.choice(["if", "range", "array", "while"])]
        return out + self._s3_nest(shapes, held, depth, loops, fn, exits, core)

    # ------------------------------- S8: nested items changed through an alias

    def _s4_deep_setup(self, scope):
        """Lines making a two-level container and a second name (for it, or for its
        first level of a three-level one). Returns (lines, binds, ways, two-level slots)."""
        rng, b = self.rng, Lines(scope)
        e = lambda: self.expr("f", scope, 1)
        a, c = self.fresh("s"), self.fresh("s")
        form = rng.choice(["dd", "ll", "dl", "ld", "ddd", "obj"])
        if form == "dd":
            b.add(0, f'{a} = {{"a": {{"a": @, "b": @}}, "z": {{"a": @}}}}', e(), e(), e())
            slots = ['["a"]["a"]', '["a"]["b"]', '["z"]["a"]']
        elif form == "ll":
            b.add(0, f"{a} = [[@, @], [@, @]]", e(), e(), e(), e())
            slots = ["[0][0]", "[1][0]", "[-1][1]"]
        elif form == "dl":
            b.add(0, f'{a} = {{"a": [@, @], "b": [@]}}', e(), e(), e())
            slots = ['["a"][0]', '["a"][-1]', '["b"][0]']
        elif form == "ld":
            b.add(0, f'{a} = [{{"a": @}}, {{"a": @, "b": @}}]', e(), e(), e())
            slots = ['[0]["a"]', '[1]["b"]', '[-1]["a"]']
        elif form == "ddd":
            b.add(0, f'{a} = {{"a": {{"a": {{"a": @}}, "b": [@, @]}}}}', e(), e(), e())
            b.add(0, f'{c} = {a}["a"]')
            kinds = {a: "s4n", c: "s4n"}
            return b, kinds, [('{0}["a"]', a, "s4n"), ("{0}", c, "s4n")], \
                ['["a"]["a"]', '["b"][0]', '["b"][1]']
        else:
            name = f"Deep{len(self.idiom_defs)}"
            self.idiom_defs.append(s2.S2Def(name, (
                f"class {name}:\n    def __init__(self, x):\n"
                f'        self.v = {{"a": [x, 0.5], "b": [x * 2.0]}}'), tag="alias-deep-object"))
            b.add(0, f"{a} = {name}(@)", e())
            b.add(0, f"{c} = " + rng.choice([f"{a}.v", a]))
            way = "{0}" if b.lines[-1].endswith(f"= {a}") else "{0}.v"
            kinds = {a: "s4o", c: "s4o" if way == "{0}" else "s4n"}
            return b, kinds, [("{0}.v", a, "s4o"), ("{0}" if way == "{0}.v" else "{0}.v",
                                                   c, kinds[c])], \
                ['["a"][0]', '["a"][1]', '["b"][0]']
        b.add(0, f"{c} = {a}")
        kinds = {a: "s4n", c: "s4n"}
        return b, kinds, [("{0}", a, "s4n"), ("{0}", c, "s4n")], slots

    def gen_s4_deep(self, scope, depth, loops, fn, exits=True):
        """A nested container held two ways, an item two levels down changed through
        one in nested constructs, read through the other in the body and after."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        rng = self.rng
        b, kinds, ways, slots = self._s4_deep_setup(scope)
        out = [b.code("alias-deep", binds=list(kinds.items()))]
        held = {**scope, **kinds}
        by, other = rng.sample(ways, 2)

        def way(w, slot):
            return Op(w[0] + slot, [Name(w[1], w[2])], "f")

        def core(inner):
            c = Lines(inner)
            for _ in range(rng.choice([1, 1, 2])):
                target = by[0].format(by[1]) + rng.choice(slots)
                step = self._s3_step(inner, held)
                if rng.random() < 0.3:
                    c.add(0, f"{target} += @", Op("({0} * 0.25)", [step], "f"))
                else:
                    value = Op(CLIP.format("{0} * 0.5 + {1}"),
                               [way(rng.choice(ways), rng.choice(slots)), step], "f")
                    c.add(0, f"{target} = @", value)
            if rng.random() < 0.5:   # read back through the other name in the same body
                v = self.fresh("v")
                c.add(0, f"{v} = @", way(other, rng.choice(slots)))
                c.add(0, f"{by[0].format(by[1])}{rng.choice(slots)} = " +
                      CLIP.format(f"{v} * 0.5 + 0.25"))
            c.stmts(0, self._s2_simple(inner, rng.randint(0, 1)))
            return [c.code("alias-deep")]
        out += self._s3_nest(self._s3_shapes(loops), held, depth, loops, fn, exits, core)
        read = Op(CLIP.format("{0} + {1} * 0.5"), [way(other, rng.choice(slots)),
                                                    way(by, rng.choice(slots))], "f")
        out.append(self._keep(read, held))
        return out

    # -------------------------- S9: assigned under one `if`, read under another

    def _s4_assign_k(self, b, k, inner):
        """Lines at 4 that assign `k` (maybe by a Python loop, maybe with a traced break)."""
        rng = self.rng
        r = rng.random()
        if r < 0.4:
            b.add(4, f"{k} = @", self.assigned("f", inner))
            return
        j = self.fresh("t")
        if r < 0.75:
            b.add(4, f"for {j} in range(@):", self.size(inner))
            b.add(8, f"{k} = {CLIP.format(f'{j} * 0.5 + @')}", self.expr("f", inner, 1))
        else:
            b.add(4, f"for {j} in @:", self.expr("fa", inner, 1))
            b.add(8, f"{k} = {CLIP.format(f'{j} + @')}", self.expr("f", inner, 1))
        if rng.random() < 0.4:   # a break whose test may be traced
            b.add(8, f"if {k} > {rng.choice([0.0, 0.5, -0.5])}:")
            b.add(12, "break")

    def gen_s4_twoif(self, scope, depth, loops, fn, exits=True):
        """`k` assigned under one maybe-traced `if`, read under a second one."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        rng, c, k, v = self.rng, self.fresh("s"), self.fresh("k"), self.fresh("v")
        held = {**scope, v: "f", c: "f"}

        def core(inner):
            b = Lines(inner)
            b.add(0, f"{v} = @", self.assigned("f", inner))
            b.add(0, f"{c} = @", self.assigned("f", inner))
            t1 = rng.choice([0.0, 0.5, -0.5])
            b.add(0, f"if {c} > {t1}:")
            self._s4_assign_k(b, k, {**inner, v: "f", c: "f"})
            if rng.random() < 0.3:
                b.add(0, "else:")
                b.add(4, f"{v} = {CLIP.format(f'{v} - {c}')}")
            b.stmts(0, self._s2_simple({**inner, v: "f"}, rng.randint(0, 1)))
            r = rng.random()
            if r < 0.45:
                second = f"{c} > {t1 + rng.choice([0.0, 0.25, 1.0])}"
            elif r < 0.6:
                second = f"{c} < {t1 - 0.25}"   # disjoint: never reads
            else:   # independent (traced where the first is): Python may raise
                second = f"{c} * 0.5 + @ > 0.0"   # UnboundLocalError
            test = [self.expr("f", {**inner, v: "f"}, 1)] if "@" in second else []
            b.add(0, f"if {second}:", *test)
            b.add(4, f"{v} = {CLIP.format(f'{v} + {k} * 0.5')}")
            return [b.code("maybe-assigned-read", binds=[(v, "f"), (c, "f")])]
        self.idiom_reads.append(v)
        if rng.random() < 0.5:
            return core(scope)
        shapes = [rng.choice(["if", "range", "array", "while"])]
        pre = Lines(scope)
        pre.add(0, f"{v} = @", self.expr("f", scope, 1))
        pre.add(0, f"{c} = @", self.expr("f", scope, 1))
        return [pre.code("maybe-assigned-read", binds=[(v, "f"), (c, "f")])] + \
            self._s3_nest(shapes, held, depth, loops, fn, exits, core)
