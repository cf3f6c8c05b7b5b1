"""More statements of the `shapes4` config (idiom_shapes4.py has the others):

    LOG3 = []                       F129: a module-level function of the program that
    def rec3(x):                    appends to a module-level list, adds to a module-level
        LOG3.append(x * 0.5)        dict's entries, or changes its mutable default (maybe
                                    through a second callee), called in nested maybe-
    LOG3.clear()                    traced constructs; the container's contents read after
    for t in xs:                    them. The statement starts by making the container
        if t > 0.0: rec3(t)         afresh (`LOG3.clear()`, `rec3.__defaults__[0].clear()`)
    v = v + sum(LOG3)               so that calls are independent (FINDINGS F129: after a
                                    trace the container holds its tracers). A list that
                                    grows under a traced `if` or a loop of a traced trip
                                    count is a clear StateError (`refuse`)

    def pr5(w):                     a `while` whose test calls a function that prints,
        print("pr5", w)             bounded by set_loop_options(maximum_iterations=K), K
        return w                    at least its bound (F125 (6): as often as Python); the
    while pr5(w) < n and v < 2.0:   prints are compared (check.py, compare_text), and vmap
        autograph_py.set_loop_options(maximum_iterations=4)   is skipped (F11)
"""
from __future__ import annotations

from tests.fuzz import scope as sc
from tests.fuzz import shapes2_lines as s2
from tests.fuzz.shapes2_lines import Lines

CLIP = "jnp.clip({}, -8.0, 8.0)"
STATIC_NESTS = ("array", "enumerate")


class Shapes4MoreGen:
    """Mixin for gen.Gen (through idiom_shapes4.Shapes4Gen)."""

    # ---------------------------------- F129: a callee changes module-level state

    def _s4_container(self):
        """Module-level text: a container and a callee that changes it. Returns (what f
        calls, the reset line, the read expression, whether the container is a list)."""
        rng, n = self.rng, len(self.idiom_defs)
        form = rng.choice(["list", "list", "dict", "default_list", "default_dict"])
        item = rng.choice(["x * 0.5", "jnp.sin(x)", "x"])
        name = f"rec{n}"
        if form == "list":
            c = f"LOG{n}"
            text = f"{c} = []\n\n\ndef {name}(x):\n    {c}.append({item})\n    return x * 0.5"
            reset, read, is_list = f"{c}.clear()", self._s4_list_read(c), True
        elif form == "dict":
            c = f"TALLY{n}"
            text = (f'{c} = {{"n": 0.0, "k": 0}}\n\n\ndef {name}(x):\n'
                    f'    {c}["n"] += {item}\n    {c}["k"] += 1\n    return {c}["n"]')
            reset = f'{c}["n"] = 0.0; {c}["k"] = 0'
            read, is_list = f'{c}["n"] + {c}["k"] * 0.25', False
        elif form == "default_list":
            text = (f"def {name}(x, box=[]):\n    box.append({item})\n"
                    f"    return len(box)")
            c = f"{name}.__defaults__[0]"
            reset, read, is_list = f"{c}.clear()", self._s4_list_read(c), True
        else:
            text = (f'def {name}(x, box={{"s": 0.0}}):\n    box["s"] += {item}\n'
                    f'    return box["s"]')
            c = f"{name}.__defaults__[0]"
            reset, read, is_list = f'{c}["s"] = 0.0', f'{c}["s"]', False
        if rng.random() < 0.3:   # called through a second user function
            outer = f"via{n}"
            text += f"\n\n\ndef {outer}(x):\n    {name}(x * 0.5)\n    return x"
            name = outer
        self.idiom_defs.append(s2.S2Def(name, text, tag="module-state-callee"))
        return name, reset, read, is_list

    def _s4_list_read(self, c):
        return self.rng.choice([f"sum({c}, 0.0)", f"len({c}) * 0.5",
                                f"({c}[-1] if {c} else -1.0)", f"sum({c}[:2], 0.25)"])

    def gen_s4_global(self, scope, depth, loops, fn, exits=True):
        """A callee changing module-level state (or its default) called in nested
        constructs; the state made afresh first and read after."""
        if not self._s3_ok(fn, depth, loops) or depth or loops:
            return self.gen_assign(scope, depth, loops, fn)
        rng, v = self.rng, self.fresh("v")
        call, reset, read, is_list = self._s4_container()
        b = Lines(scope)
        b.add(0, reset)
        b.add(0, f"{v} = @", self.expr("f", scope, 1))
        held = {**scope, v: "f"}
        shapes = self._s3_shapes(loops)
        if is_list and rng.random() < 0.5:   # loops of a static trip count only
            shapes = [rng.choice(STATIC_NESTS) for _ in shapes]
        grows = is_list and any(s not in STATIC_NESTS for s in shapes)
        refuse = ["StateError", "TracedListError"] if grows else []
        out = [b.code("module-state", binds=[(v, "f")], refuse=refuse)]

        def core(inner):
            c = Lines(inner)
            new = [n for n, k in inner.items() if n not in held and k == "f"]
            arg = new[0] if new and rng.random() < 0.7 else "@"
            args = [self.expr("f", inner, 1)] if arg == "@" else []
            if rng.random() < 0.5:
                c.add(0, f"{call}({arg})", *args)
            else:
                c.add(0, f"{v} = {CLIP.format(f'{v} * 0.5 + {call}({arg}) * 0.25')}", *args)
            if rng.random() < 0.3:   # the container read in the body too
                c.add(0, f"{v} = {CLIP.format(f'{v} + ({read}) * 0.25')}")
            return [c.code("module-state", refuse=refuse)]
        out += self._s3_nest(shapes, held, depth, loops, fn, exits, core)
        after = Lines(held)
        after.add(0, f"{v} = {CLIP.format(f'{v} + ({read}) * 0.5')}")
        out.append(after.code("module-state", refuse=refuse))
        self.idiom_reads.append(v)
        return out

    # ------------------------- a bounded `while` whose test prints (F125 (6))

    def gen_s4_whileprint(self, scope, depth, loops, fn, exits=True):
        """`while pr(w) < bound and ...:` with maximum_iterations at least the bound."""
        if not self._s3_ok(fn, depth, loops):
            return self.gen_assign(scope, depth, loops, fn)
        rng, v, w = self.rng, self.fresh("v"), self.fresh("w")
        pr = f"pr{len(self.idiom_defs)}"
        said = rng.choice([f'print("{pr}")', f'print("{pr}", w)', f'print("{pr} at", w + 1)'])
        self.idiom_defs.append(s2.S2Def(pr, f"def {pr}(w):\n    {said}\n    return w",
                                        tag="while-test-prints"))
        bound = self.size(scope)
        top = max(sc.size_bound(bound), rng.choice([4, 5, 8]))
        b = Lines(scope)
        b.add(0, f"{v} = @", self.expr("f", scope, 1))
        b.add(0, f"{w} = 0")
        more = rng.choice(["", f" and {v} < 2.0", " and @"])
        extra = [self.test({**scope})] if more == " and @" else []
        b.add(0, f"while {pr}({w}) < @{more}:", bound, *extra)
        b.add(4, f"autograph_py.set_loop_options(maximum_iterations={top})")
        b.add(4, f"{w} += 1")
        b.add(4, f"{v} = @", self.assigned("f", {**scope, w: "i", v: "f"}))
        if rng.random() < 0.3:
            b.add(4, f'print("{pr} body")')
        self.idiom_reads.append(v)
        return [b.code("while-test-prints", binds=[(v, "f")])]
