"""More statements of the `shapes3` config (idiom_shapes3.py has the others):

    s4 = jnp.tanh if x > 0 else jnp.sin     a function picked by a maybe-traced test: a
    if x > t:                               conditional expression, or bound on each path
        s4 = (lambda y: y * 0.5 + e)        of an `if` (jnp functions, lambdas that may
    else:                                   close over a value, a module-level helper),
        s4 = hp3                            picked before a loop or in its body; called
    v = s4(e); v = jnp.sum(jax.vmap(s4)(xs))  on a float or an array, in a loop, or
                                            through jax.vmap or jax.grad (F128); also a
                                            function rebound in a loop's body and called
                                            after it, and a lambda whose free variable is
                                            rebound after the pick (Python's late
                                            binding). Every candidate is elementwise on
                                            floats: same shape and dtype
    for k in range(2):                      for/else and while/else whose traced `break`
        for j in range(3):                  leaves a loop that runs as Python (a
            if e > j * 0.5:                 constant range, a `while` with a Python count,
                s9 = e2                     a list), a variable first bound in the
                break                       breaking branch and in `else:` (`else: s9 =
        else:                               None`, then `if s9 is None:`), maybe in an
            s9 = None                       outer Python loop (F127), where `s9 = None`
        if s9 is None: v = ...              may come before the outer loop and the last
                                            iteration's value be read at the next's start

Also a pick among three candidates (`A if c1 else (B if c2 else C)`, if/elif/else, or an
`elif` rebinding the function in a loop's body): S5 of FINDINGS, fixed by 640929f (it
was shapes3-open only while open).
"""
from __future__ import annotations

from tests.fuzz import shapes2_lines as s2
from tests.fuzz.ir import Const, If, Name, Op, Return
from tests.fuzz.shapes2_lines import Lines

FUNCS = ["jnp.tanh", "jnp.sin", "jnp.cos", "jnp.abs", "jax.nn.relu", "jnp.exp2"]
LAMBDAS = ["(lambda y: y * 0.5)", "(lambda y: jnp.sin(y) - 0.25)", "(lambda y: y * y * 0.25)",
           "(lambda y: jnp.maximum(y, 0.0))"]
HELPER_BODIES = ["    return jnp.tanh(y) * 0.5 + 0.25",
                 "    z = y * 0.5\n    for _ in range(2):\n        z = jnp.sin(z) + y * 0.25\n"
                 "    return z",
                 "    return jnp.where(y > 0.0, y * 0.5, -y)"]
CLIP = "jnp.clip({}, -8.0, 8.0)"


class Shapes3MoreGen:
    """Mixin for gen.Gen (through idiom_shapes3.Shapes3Gen)."""

    # ------------------------------------------ 3. a picked function (F128)

    def _s3_candidate(self, scope):
        """One function text: a jnp function, a lambda (maybe closing over a value of
        `scope`, as a hole), or a module-level helper. Returns (text, its expressions)."""
        rng = self.rng
        r = rng.random()
        if r < 0.4:
            return rng.choice(FUNCS), []
        if r < 0.65:
            return rng.choice(LAMBDAS), []
        if r < 0.8:
            return "(lambda y: y * 0.5 + @)", [self.expr("f", scope, 1)]
        name = f"hp{len(self.idiom_defs)}"
        self.idiom_defs.append(s2.S2Def(name, f"def {name}(y):\n{rng.choice(HELPER_BODIES)}",
                                        tag="picked-helper"))
        return name, []

    def _s3_pick(self, b, ind, fn_name, scope, test):
        """Lines at `ind` that bind `fn_name` to one of two candidates by `test` (or of
        three by two tests: S5 of the module doc)."""
        one, a1 = self._s3_candidate(scope)
        two, a2 = self._s3_candidate(scope)
        three = self.rng.random() < 0.4
        if three:
            more, a3 = self._s3_candidate(scope)
            test2 = self.test(scope)
        if self.rng.random() < 0.5:
            if three:
                b.add(ind, f"{fn_name} = {one} if @ else ({two} if @ else {more})",
                      *(a1 + [test] + a2 + [test2] + a3))
            else:
                b.add(ind, f"{fn_name} = {one} if @ else {two}", *(a1 + [test] + a2))
            return
        b.add(ind, "if @:", test)
        b.add(ind + 4, f"{fn_name} = {one}", *a1)
        if three:
            b.add(ind, "elif @:", test2)
            b.add(ind + 4, f"{fn_name} = {more}", *a3)
        b.add(ind, "else:")
        b.add(ind + 4, f"{fn_name} = {two}", *a2)

    def _s3_carried(self, b, act, v, scope):
        """`act` bound before a loop and maybe rebound in its body by a maybe-traced
        test (maybe an `elif` too, S5); called in the loop and after it."""
        rng = self.rng
        one, a1 = self._s3_candidate(scope)
        b.add(0, f"{act} = {one}", *a1)
        x = self.fresh("t")
        b.add(0, f"for {x} in @:", self.expr("fa", scope, 1))
        inner = {**scope, x: "f", v: "f"}
        for word in ["if"] + (["elif"] if rng.random() < 0.4 else []):
            two, a2 = self._s3_candidate(inner)
            test = Op(f"({{0}} > {rng.choice([0.0, 0.5, -0.5])})", [Name(x, "f")], "b") \
                if rng.random() < 0.6 else self.test(inner)
            b.add(4, f"{word} @:", test)
            b.add(8, f"{act} = {two}", *a2)
        if rng.random() < 0.5:
            self._s3_call(b, 4, act, v, inner, x)
        self._s3_call(b, 0, act, v, {**scope, v: "f"})

    def _s3_call(self, b, ind, act, v, scope, x=None):
        """A line at `ind` that calls `act` into `v` (on `x`, a name, if given)."""
        rng = self.rng
        arg = Name(x, "f") if x else self.expr("f", scope, 1)
        r = rng.random()
        if r < 0.45:
            b.add(ind, f"{v} = " + CLIP.format(f"{v} * 0.5 + {act}(@)"), arg)
        elif r < 0.7:
            b.add(ind, f"{v} = " + CLIP.format(f"{v} + jnp.sum({act}(@)) * 0.25"),
                  self.expr("fa", scope, 1))
        elif r < 0.9:
            b.add(ind, f"{v} = " + CLIP.format(f"{v} + jnp.sum(jax.vmap({act})(@)) * 0.25"),
                  self.expr("fa", scope, 1))
        elif r < 0.95:
            b.add(ind, f"{v} = " + CLIP.format(f"{act}({v}) + @"), arg)
        else:
            b.add(ind, f"{v} = " + CLIP.format(f"{v} + jax.grad({act})(@ * 1.0)"), arg)

    def gen_s3_pick(self, scope, depth, loops, fn, exits=True):
        """A function picked by a maybe-traced test, called after, in a loop, or
        picked and called in a loop's body."""
        if fn.name != "f" or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        rng, act, v = self.rng, self.fresh("s"), self.fresh("v")
        b = Lines(scope)
        b.add(0, f"{v} = @", self.expr("f", scope, 1))
        r = rng.random() if loops < self.cfg.max_loops else 0.0
        if r < 0.25:
            self._s3_pick(b, 0, act, scope, self.test(scope))
            for _ in range(rng.randint(1, 2)):
                self._s3_call(b, 0, act, v, scope)
        elif r < 0.4:   # a lambda reads a variable rebound after the pick: its last value
            k = self.fresh("s")
            b.add(0, f"{k} = @", self.expr("f", scope, 1))
            other, args = self._s3_candidate(scope)
            lam = f"(lambda y: y * 0.5 + {k})"
            pair = (lam, other) if rng.random() < 0.5 else (other, lam)
            b.add(0, f"{act} = {pair[0]} if @ else {pair[1]}",
                  *((args if pair[0] == other else []) + [self.test(scope)]
                    + (args if pair[1] == other else [])))
            b.add(0, f"{k} = " + CLIP.format(f"{k} * 2.0 + @"), self.expr("f", scope, 1))
            self._s3_call(b, 0, act, v, scope)
        elif r < 0.65:
            self._s3_pick(b, 0, act, scope, self.test(scope))
            self._s3_loop_call(b, act, v, scope)
        elif r < 0.8:
            self._s3_carried(b, act, v, scope)
        else:   # picked in the body, by the element
            x = self.fresh("t")
            b.add(0, f"for {x} in @:", self.expr("fa", scope, 1))
            inner = {**scope, x: "f", v: "f"}
            test = Op(f"({{0}} > {rng.choice([0.0, 0.5, -0.5])})", [Name(x, "f")], "b") \
                if rng.random() < 0.7 else self.test(inner)
            self._s3_pick(b, 4, act, inner, test)
            self._s3_call(b, 4, act, v, inner, x if rng.random() < 0.6 else None)
        self.idiom_reads.append(v)
        return [b.code("picked-function", binds=[(v, "f")])]

    def _s3_loop_call(self, b, act, v, scope):
        """A loop (over an array, or a while with a maybe-traced bound) calling `act`."""
        if self.rng.random() < 0.5:
            x = self.fresh("t")
            b.add(0, f"for {x} in @:", self.expr("fa", scope, 1))
            self._s3_call(b, 4, act, v, {**scope, x: "f", v: "f"}, x)
        else:
            w = self.fresh("w")
            b.add(0, f"{w} = 0")
            b.add(0, f"while {w} < @:", self.size(scope))
            b.add(4, f"{w} += 1")
            self._s3_call(b, 4, act, v, {**scope, w: "i", v: "f"})

    # ---------------------------- 4. for/else that runs as Python (F127)

    def _s3_python_loop(self, b, ind, scope):
        """A loop header at `ind` that runs as Python; returns (inner scope, the Python
        count or element text, the line to end an iteration with or None)."""
        rng = self.rng
        kind = rng.choice(["range", "range", "while", "list"])
        if kind == "range":
            j = self.fresh("t")
            b.add(ind, f"for {j} in range({rng.randint(0, 4)}):")
            return {**scope, j: "i"}, f"{j} * 0.5", None
        if kind == "while":
            w = self.fresh("w")
            b.add(ind, f"{w} = 0")
            b.add(ind, f"while {w} < {rng.randint(0, 4)}:")
            return {**scope, w: "i"}, f"{w} * 0.5", f"{w} += 1"
        y = self.fresh("t")
        es = [self.expr("f", scope, 1) for _ in range(rng.randint(1, 3))]
        b.add(ind, f"for {y} in [" + ", ".join("@" for _ in es) + "]:", *es)
        return {**scope, y: "f"}, y, None

    def _s3_search(self, b, ind, scope, r, v, none):
        """A search loop at `ind` (for/else or while/else) that binds `r` in its
        breaking branch and its `else:`, then a read of `r` into `v`."""
        rng = self.rng
        inner, count, tail = self._s3_python_loop(b, ind, scope)
        if rng.random() < 0.4:
            b.add(ind + 4, f"{v} = " + CLIP.format(f"{v} * 0.5 + @"), self.expr("f", inner, 1))
        b.add(ind + 4, f"if @ > {count}:", self.expr("f", inner, 1))
        b.add(ind + 8, f"{r} = @", self.assigned("f", inner))
        b.add(ind + 8, "break")
        if tail:
            b.add(ind + 4, tail)
        b.add(ind, "else:")
        if none:
            b.add(ind + 4, f"{r} = None")
            b.add(ind, f"if {r} is None:")
            b.add(ind + 4, f"{v} = " + CLIP.format(f"{v} * 0.5 + @"), self.expr("f", scope, 1))
            b.add(ind, "else:")
            b.add(ind + 4, f"{v} = " + CLIP.format(f"{v} + {r}"))
        else:
            b.add(ind + 4, f"{r} = @", self.assigned("f", scope))
            b.add(ind, f"{v} = " + CLIP.format(f"{v} * 0.5 + {r}"))

    def gen_s3_forelse(self, scope, depth, loops, fn, exits=True):
        """Search loops that run as Python with a traced break, maybe in an outer Python
        loop; `else: r = None` read by `is None` (in f's top level: `return -1.0`)."""
        if fn.name != "f" or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        rng, r, v = self.rng, self.fresh("s"), self.fresh("v")
        none = rng.random() < 0.5
        b = Lines(scope)
        b.add(0, f"{v} = @", self.expr("f", scope, 1))
        inner, ind = {**scope, v: "f"}, 0
        if rng.random() < 0.6:   # an outer Python loop
            early = none and rng.random() < 0.5   # the last iteration's r read first
            if early:
                b.add(0, f"{r} = None")
            inner, _, tail = self._s3_python_loop(b, 0, inner)
            if tail:
                b.add(4, tail)
            if early:
                b.add(4, f"if {r} is not None:")
                b.add(8, f"{v} = " + CLIP.format(f"{v} + {r} * 0.25"))
            ind = 4
        self._s3_search(b, ind, inner, r, v, none)
        self.idiom_reads.append(v)
        out = [b.code("for-else-python", binds=[(v, "f")])]
        if ind == 0 and none and exits and depth == 0 and rng.random() < 0.3:
            values = [self.expr(k, scope) for k in fn.ret]
            fs = [j for j, k in enumerate(fn.ret) if k == "f"]
            if fs:
                values[fs[0]] = Const(-1.0, "f")
            out.append(If(Op("({0} is None)", [Name(r, "s3r")], "b"), [Return(values)]))
            out[0].binds.append((r, "s3r"))
        return out
