"""More statements of the `shapes5` config (idiom_shapes5.py has the others):

    def gy3(xs, c):                 4. module-level generators whose yields are ternaries
        for v in xs:                on traced values (and a `yield from` of one that
            yield v if v > c else -v    returns a value), made where they are consumed:
    g = gy3(xs, t); a = next(g)     partly taken by next() before a reduction, walked by
    v = v + a + sum(g)              a Python `for`, listed, zipped

    ST4 = 0.0                       5. module-level values (a `global` float, a dict, a
    def put4(x):                    list, a class attribute) a callee changes in maybe-
        global ST4                  traced constructs and a second function (or a later
        ST4 = ST4 * 0.5 + x         call of the same) reads; made afresh first (`zero4()`).
    zero4(); put4(x); v = get4()    A clear StateError (or TracedListError) is a
                                    documented outcome, a raw JAX error never is. A value
                                    a trace left may also be looked at (`* 0.0`) before
                                    the fresh start: F131's Stale, a StateError at most

    s6 = [xs[0] * 2.0]              6. a list whose entry items are traced, appended in
    for t in xs:                    two nested loops over arrays (or a constant range),
        for u in ys:                the body reading an entry item or the last item, all
            s6.append(t * u + s6[0])    of it read after; and a bounded `while` whose
            v = v + s6[-1]          test calls a helper that prints, where the test reads
                                    a Python value first that the body turns traced
    y = 1.0                         (`y = y + x`), maximum_iterations above its bound
    while pr7(y) < 2.0 and w < 3:
        autograph_py.set_loop_options(maximum_iterations=5)
        w += 1; y = y + x * 0.25
"""
from __future__ import annotations

from tests.fuzz import scope as sc
from tests.fuzz import shapes2_lines as s2
from tests.fuzz.shapes2_lines import Lines

CLIP = "jnp.clip({}, -8.0, 8.0)"
YIELDS = ["v if v > c else -v", "v * 0.5 if v > 0.0 else v + c", "(v if v > c else c) * 0.5",
          "jnp.sin(v) if v < c else v * 0.25", "-v if v * c > 0.5 else v"]
STATIC_NESTS = ("array", "enumerate")


class Shapes5MoreGen:
    """Mixin for gen.Gen (through idiom_shapes5.Shapes5Gen)."""

    # --------------------------------------- 4. generators with traced ternaries

    def _s5_generator(self):
        """Module-level generator functions `(xs, c)`; returns the name to call and
        whether it ends in a `yield from` of one that returns a value."""
        rng, n = self.rng, len(self.idiom_defs)
        name = f"gy{n}"
        body = rng.choice(YIELDS)
        if rng.random() < 0.5:
            text = f"def {name}(xs, c):\n    for v in xs:\n        yield {body}"
        else:
            ret = rng.choice(["s", "c * 0.5", "s * 0.5 + c"])
            text = (f"def {name}(xs, c):\n    s = 0.0\n    for v in xs:\n"
                    f"        s = s + v * 0.5\n        yield {body}\n    return {ret}")
            if rng.random() < 0.6:
                outer = f"gw{n}"
                last = rng.choice(["r * 0.5", "r if r > 0.0 else -r", "r + c"])
                text += (f"\n\n\ndef {outer}(xs, c):\n    r = yield from {name}(xs, c)\n"
                         f"    yield {last}")
                name = outer
        self.idiom_defs.append(s2.S2Def(name, text, tag="generator-ternary"))
        return name

    def _s5_consume(self, c, gname, v, inner):
        """Lines at 0 that make a generator of `gname` and read it into `v`."""
        rng, g, u = self.rng, self.fresh("s"), self.fresh("y")
        made = f"{gname}(@, @)"
        args = [self.expr("fa", inner, 1), self._s3_step(inner, {})]
        r = rng.random()
        if r < 0.35:
            c.add(0, f"{g} = {made}", *args)
            c.add(0, f"{v} = " + CLIP.format(f"{v} * 0.5 + next({g}) * 0.5"))
            if rng.random() < 0.3:
                c.add(0, f"{v} = " + CLIP.format(f"{v} + next({g}, -1.0) * 0.25"))
            rest = rng.choice([f"sum({g})", f"sum({g}, 0.5)", f"max({g}, default=0.0)",
                               f"len(list({g}))", f"min([{u} * 0.5 for {u} in {g}], default=1.0)"])
            c.add(0, f"{v} = " + CLIP.format(f"{v} + {rest} * 0.25"))
        elif r < 0.5:
            c.add(0, f"{v} = " + CLIP.format(f"{v} * 0.5 + sum({made}) * 0.25"), *args)
        elif r < 0.7:
            c.add(0, f"for {u} in {made}:", *args)
            c.add(4, f"{v} = " + CLIP.format(f"{v} * 0.5 + {u}"))
            if rng.random() < 0.25:   # a break whose test may be traced
                c.add(4, f"if {u} > {rng.choice([0.5, 1.0])}:")
                c.add(8, "break")
        elif r < 0.8:
            c.add(0, f"{g} = list({made})", *args)
            c.add(0, f"{v} = " + CLIP.format(f"{v} + {g}[0] * 0.5 + {g}[-1] * 0.25"))
        elif r < 0.9:
            k = self.fresh("y")
            c.add(0, f"for {k}, {u} in enumerate({made}):", *args)
            c.add(4, f"{v} = " + CLIP.format(f"{v} + {u} * {k} * 0.25"))
        elif r < 0.95:
            # zip() of an iterator and an array, walked by a `for` or a comprehension,
            # crashed in iterables._as_array (5001/26, 5001/62; fixed, F135)
            if rng.random() < 0.5:
                c.add(0, f"{v} = " + CLIP.format(f"{v} + sum({u} * w for {u}, w in zip("
                                                 f"{made}, @)) * 0.25"),
                      *(args + [self.expr("fa", inner, 1)]))
            else:
                c.add(0, f"for {u}, w in zip({made}, @):", *(args + [self.expr("fa", inner, 1)]))
                c.add(4, f"{v} = " + CLIP.format(f"{v} * 0.5 + {u} * w"))
        else:
            c.add(0, f"for w, {u} in zip(range({self.L}), {made}):", *args)
            c.add(4, f"{v} = " + CLIP.format(f"{v} * 0.5 + {u} * w * 0.25"))

    def gen_s5_gen(self, scope, depth, loops, fn, exits=True):
        """A generator with traced ternaries, made and read here or in constructs."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        gname = self._s5_generator()
        v, start, held = self._s5_start(scope)

        def core(inner):
            c = Lines(inner)
            self._s5_consume(c, gname, v, inner)
            return [c.code("generator-ternary")]
        return [start] + self._s5_place(held, depth, loops, fn, exits, core)

    # -------------------------------------------------- 5. module-level values

    def _s5_module(self):
        """Module-level text: a value, what changes it, what reads it, what makes it
        afresh. Returns (change call text with a hole, read text, reset text, is a list,
        whether it is open: a rebound global or class attribute, not watched)."""
        rng, n = self.rng, len(self.idiom_defs)
        form = rng.choice(["global", "global", "swap", "dict", "list", "class"])
        item = rng.choice(["x * 0.5", "jnp.sin(x)", "x"])
        if form in ("global", "swap"):
            if form == "global":
                change = rng.choice([f"ST{n} = ST{n} * 0.5 + {item}", f"ST{n} = {item}",
                                     f"if x > ST{n}:\n        ST{n} = {item}"])
                text = (f"ST{n} = 0.0\n\n\ndef put{n}(x):\n    global ST{n}\n    {change}\n"
                        f"    return x")
            else:   # a later call reads what the one before left
                text = (f"ST{n} = 0.0\n\n\ndef put{n}(x):\n    global ST{n}\n"
                        f"    old = ST{n}\n    ST{n} = {item}\n    return old")
            text += (f"\n\n\ndef get{n}():\n    return ST{n}\n\n\ndef zero{n}():\n"
                     f"    global ST{n}\n    ST{n} = 0.0")
            read = rng.choice([f"get{n}()", f"ST{n}"])
            out = (f"put{n}(@)", read, f"zero{n}()", False, True)
        elif form == "dict":
            text = (f'BOX{n} = {{"v": 0.0, "k": 0}}\n\n\ndef put{n}(x):\n'
                    f'    BOX{n}["v"] = BOX{n}["v"] * 0.5 + {item}\n    BOX{n}["k"] += 1\n'
                    f'    return x\n\n\ndef get{n}():\n    return BOX{n}["v"] + BOX{n}["k"] * 0.25')
            out = (f"put{n}(@)", f"get{n}()", f'BOX{n}["v"] = 0.0; BOX{n}["k"] = 0', False,
                   False)
        elif form == "list":
            text = (f"LOG{n} = []\n\n\ndef put{n}(x):\n    LOG{n}.append({item})\n    return x"
                    f"\n\n\ndef get{n}():\n    return (LOG{n}[-1] if LOG{n} else -1.0) + "
                    f"len(LOG{n}) * 0.25")
            out = (f"put{n}(@)", f"get{n}()", f"LOG{n}.clear()", True, False)
        else:   # a class attribute rebound
            text = (f"class Cfg{n}:\n    scale = 1.0\n\n\ndef put{n}(x):\n"
                    f"    Cfg{n}.scale = Cfg{n}.scale * 0.5 + {item}\n    return x\n\n\n"
                    f"def get{n}():\n    return Cfg{n}.scale")
            out = (f"put{n}(@)", f"get{n}()", f"Cfg{n}.scale = 1.0", False, True)
        self.idiom_defs.append(s2.S2Def(f"put{n}", text, tag=f"module-value-{form}"))
        return out

    def gen_s5_module(self, scope, depth, loops, fn, exits=True):
        """A module-level value made afresh, changed by a callee in nested maybe-traced
        constructs, read by another function (or a later call) in them and after."""
        if not self._s3_ok(fn, depth, loops) or depth or loops or self.returned:
            return self.gen_assign(scope, depth, loops, fn)
        rng = self.rng
        change, read, reset, is_list, unwatched = self._s5_module()
        # a global or a class attribute a callee rebinds in a traced construct was not
        # watched (silently wrong under an `if`, JAX's raw UnexpectedTracerError in a loop:
        # 5001/15, 5001/60), nor one an earlier trace left and a later one reads (raw
        # UnexpectedTracerError, 5001/4); fixed (F135): carried, or a StateError
        gated = False
        refuse = ["StateError", "TracedListError"]
        v = self.fresh("v")
        b = Lines(scope)
        if rng.random() < 0.25 and not gated:   # what an earlier trace left, looked at (F131)
            b.add(0, f"{v} = @ + ({read}) * 0.0", self.expr("f", scope, 1))
            b.add(0, reset)
        else:
            b.add(0, reset)
            b.add(0, f"{v} = @", self.expr("f", scope, 1))
        self.idiom_reads.append(v)
        held = {**scope, v: "f"}
        out = [b.code("module-value", binds=[(v, "f")], refuse=refuse)]

        def core(inner):
            c = Lines(inner)
            for _ in range(rng.choice([1, 1, 2])):
                arg = self._s3_step(inner, held)
                if rng.random() < 0.5:
                    c.add(0, change, arg)
                else:
                    c.add(0, f"{v} = " + CLIP.format(f"{v} * 0.5 + {change} * 0.25"), arg)
            r = rng.random()
            if r < 0.35:
                c.add(0, f"{v} = " + CLIP.format(f"{v} + ({read}) * 0.25"))
            elif r < 0.5:
                c.add(0, f"if {read} > {rng.choice([0.0, 0.5])}:")
                c.add(4, f"{v} = " + CLIP.format(f"{v} * 0.5 + 0.25"))
            return [c.code("module-value", refuse=refuse)]
        shapes = None
        if is_list and rng.random() < 0.6:
            shapes = [rng.choice(STATIC_NESTS) for _ in range(rng.choice([1, 2]))]
        out += self._s5_place(held, depth, loops, fn, exits, core, p_here=1.0 if gated else 0.2,
                              shapes=shapes)
        after = Lines(held)
        after.add(0, f"{v} = " + CLIP.format(f"{v} + ({read}) * 0.5"))
        out.append(after.code("module-value", refuse=refuse))
        return out

    # ------------------------------ 6. appended lists whose entry items are traced

    def gen_s5_append(self, scope, depth, loops, fn, exits=True):
        """`s = [xs[0] * 2.0]` appended in two nested loops over arrays, the body reading
        an entry item or the last one; read after."""
        if not self._s3_ok(fn, depth, loops) or loops:
            return self.gen_assign(scope, depth, loops, fn)
        rng, lst = self.rng, self.fresh("s")
        v, start, held = self._s5_start(scope)
        b = Lines(held)
        entry = rng.choice(["[@[0] * 2.0]", "[@]", "[@, @]"])
        args = [self.expr("fa", held, 1)] if entry.startswith("[@[") else \
            [self.expr("f", held, 1) for _ in range(entry.count("@"))]
        b.add(0, f"{lst} = {entry}", *args)
        out = [start, b.code("appended-entry", binds=[(lst, "s5l")])]
        two = entry.count("@") == 2
        # a list that grows under a traced `if` or by a traced trip count: a clear error
        shapes = [rng.choice(STATIC_NESTS) for _ in range(2)]
        refuse = []
        if rng.random() < 0.2:
            shapes[rng.randrange(2)] = rng.choice(["if", "while", "range"])
            refuse = ["StateError", "TracedListError"]

        def core(inner):
            c = Lines(inner)
            step = self._s3_step(inner, held)
            reads = [f"{lst}[0]", f"{lst}[-1]"] + ([f"{lst}[1]"] if two else [])
            if rng.random() < 0.5:
                c.add(0, f"{v} = " + CLIP.format(f"{v} * 0.5 + {rng.choice(reads)} * 0.25"))
            c.add(0, f"{lst}.append(" + CLIP.format(f"@ + {rng.choice(reads)} * 0.5") + ")",
                  step)
            if rng.random() < 0.6:
                c.add(0, f"{v} = " + CLIP.format(f"{v} * 0.5 + {rng.choice(reads)}"))
            return [c.code("appended-entry", refuse=refuse)]
        # no random break or return where the list must not grow by a traced count
        out += self._s3_nest(shapes, held, depth, loops, fn, exits and bool(refuse), core)
        after = Lines(held)
        after.add(0, f"{v} = " + CLIP.format(
            f"{v} + sum({lst}) * 0.125 + len({lst}) * 0.25 + {lst}[-1]"))
        out.append(after.code("appended-entry", refuse=refuse))
        return out

    # --------------------- a bounded `while` whose test turns traced and prints

    def gen_s5_whileprint(self, scope, depth, loops, fn, exits=True):
        """`y = 1.0; while pr(y) < 2.0 and w < k:` whose body makes `y` traced."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        rng, y, w = self.rng, self.fresh("v"), self.fresh("w")
        pr = f"pr{len(self.idiom_defs)}"
        said = rng.choice([f'print("{pr}", w)', f'print("{pr} at", w)', f'print("{pr}")'])
        self.idiom_defs.append(s2.S2Def(pr, f"def {pr}(w):\n    {said}\n    return w",
                                        tag="while-test-turns-traced"))
        bound = self.size(scope)
        top = sc.size_bound(bound) + rng.choice([1, 2, 4])
        b = Lines(scope)
        b.add(0, f"{y} = {rng.choice(['1.0', '0.5', '0'])}")
        b.add(0, f"{w} = 0")
        lim = rng.choice([2.0, 1.5, 3.0])
        test = rng.choice([f"{pr}({y}) < {lim} and {w} < @", f"{w} < @ and {pr}({y}) < {lim}",
                           f"{pr}({w}) < @ and {y} < {lim}"])
        b.add(0, f"while {test}:", bound)
        b.add(4, f"autograph_py.set_loop_options(maximum_iterations={top})")
        b.add(4, f"{w} += 1")
        b.add(4, f"{y} = " + CLIP.format(f"{y} + @ * 0.25"), self.expr("f", scope, 1))
        if rng.random() < 0.3:
            b.add(4, f'print("{pr} body", {w})')
        self.idiom_reads.append(y)
        return [b.code("while-test-turns-traced", binds=[(y, "f")])]
