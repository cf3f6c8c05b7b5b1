"""More statements of the `shapes2` config (idiom_shapes2.py has the others), and what its
programs may refuse:

    s8, s9 = (lambda a: a + 1), (lambda a: a + 1)     twin lambdas on one line (or two
    for j, x in enumerate(xs):                        different ones); `j` a Python int
        v = v * 0.5 + x * s10[j]                      eagerly: it indexes a Python list
        for q in range(j): v = v + s8(x)              and bounds a range
    for t in range(n):              a search loop whose `else:` sets None (the loop may
        if x > t: s11 = e; break    not run, may break), then `if s11 is None: return
    else:                           -1.0`; in f, or in a module-level helper `hz3(xs, n)`
        s11 = None                  that f calls
    if math.isclose(x, y): ...      math.isclose of traced values in tests (if, a
                                    conditional expression, a while's test)
    jax.grad(jax.grad(hq3))(x, 2)   grad of grad (or jacfwd of grad) of a helper with
                                    an `if`, a `for` or a `while`; through a `while` with
                                    a traced trip count a DifferentiationError is the
                                    documented outcome (`refuse`)
"""
from __future__ import annotations

from tests.fuzz import ir, shapes2_lines as s2
from tests.fuzz.ir import Const, If, Name, Op, Return
from tests.fuzz.shapes2_lines import Lines

ISCLOSE = ["math.isclose(@, @)", "math.isclose(@, @, abs_tol=0.25)",
           "math.isclose(@, @, rel_tol=0.1)", "(not math.isclose(@, @))"]


class Shapes2MoreGen:
    """Mixin for gen.Gen (through idiom_shapes2.Shapes2Gen)."""

    # ------------------------------------------- 6. enumerate index, lambdas

    def _s2_lambdas(self, b, scope):
        """Two lambdas on one line, alike or not; returns their names."""
        f1, f2 = self.fresh("s"), self.fresh("s")
        pool = ["(lambda a: a + 1)", "(lambda a: a * 0.5)", "(lambda a: jnp.sin(a))",
                "(lambda a: a - 0.25)"]
        one = self.rng.choice(pool)
        two = one if self.rng.random() < 0.6 else self.rng.choice(pool)
        b.add(0, f"{f1}, {f2} = {one}, {two}")
        return f1, f2

    def gen_s2_enum(self, scope, depth, loops, fn, exits=True):
        """`for j, x in enumerate(xs)` with j indexing a Python list and bounding a range;
        twin lambdas on one line called in it (or alone)."""
        if fn.name != "f" or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        rng, v = self.rng, self.fresh("v")
        b = Lines(scope)
        b.add(0, f"{v} = @", self.expr("f", scope, 1))
        fs = self._s2_lambdas(b, scope) if rng.random() < 0.7 else None
        if loops + 1 >= self.cfg.max_loops and rng.random() < 0.5 or rng.random() < 0.15:
            if fs:   # the lambdas alone
                b.add(0, f"{v} = jnp.clip({fs[0]}(@) + {fs[1]}({v}), -8.0, 8.0)",
                      self.expr("f", scope, 1))
            out = [b.code("twin-lambdas" if fs else "enumerate-index", binds=[(v, "f")])]
            self.idiom_reads.append(v)
            return out
        tab = self.fresh("s")
        values = [rng.randint(-8, 8) / 4 for _ in range(self.L + rng.randint(0, 2))]
        b.add(0, f"{tab} = {values!r}")
        j, x = self.fresh("t"), self.fresh("t")
        b.add(0, f"for {j}, {x} in enumerate(@):", self.expr("fa", scope, 1))
        b.add(4, f"{v} = jnp.clip({v} * 0.5 + {x} * {tab}[{j}], -8.0, 8.0)")
        r = rng.random()
        if r < 0.5:
            q = self.fresh("t")
            b.add(4, f"for {q} in range({j}):")
            step = f"{fs[rng.randint(0, 1)]}({x})" if fs else "0.25"
            b.add(8, f"{v} = jnp.clip({v} + {step}, -8.0, 8.0)")
        elif r < 0.75:
            b.add(4, f"if {j} > {rng.randint(0, 2)}:")
            b.add(8, f"{v} = {v} + {tab}[{j} - 1]")
        else:
            b.add(4, f"{v} = {v} + {tab}[-1 - {j}] * len({tab}[:{j}])")
        if fs:
            b.add(4, f"{v} = jnp.clip({fs[0]}({v}) * 0.5 + {fs[1]}({x}) * 0.5, -8.0, 8.0)")
        out = [b.code("enumerate-index" + (" twin-lambdas" if fs else ""), binds=[(v, "f")])]
        self.idiom_reads.append(v)
        return out

    # --------------------------------------------------- 7. root finder

    def _s2_root_helper(self):
        name = f"hz{len(self.idiom_defs)}"
        text = s2.root_helper(name, self.L, self.rng, first=self.rng.random() < 0.5)
        self.idiom_defs.append(s2.S2Def(name, text,
                                        tag="root-finder"))
        return name

    def gen_s2_root(self, scope, depth, loops, fn, exits=True):
        """`else: s11 = None` after a search loop, then `if s11 is None: return -1.0`."""
        if fn.name != "f" or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        rng = self.rng
        if not exits or rng.random() < 0.4:
            name = self._s2_root_helper()
            call = Op(name + "({0}, {1})", [self.expr("fa", scope, 1), self.size(scope)], "f")
            return self._keep(call, scope)
        r = self.fresh("s")
        b = Lines(scope)
        if rng.random() < 0.5:   # else first bound in the loop (S1, fixed: F127)
            b.add(0, f"{r} = None")
        inner, x = self._s2_loop(b, 0, scope, ("enumerate", "array", "range", "while"))
        test = Op(f"({{0}} > {rng.choice([0.0, 0.5, 1.0])})", [Name(x, "f")], "b") \
            if x and rng.random() < 0.7 else self.test(inner)
        b.add(4, "if @:", test)
        b.add(8, f"{r} = @", self.assigned("f", inner))
        b.add(8, "break")
        b.add(0, "else:")
        b.add(4, f"{r} = None")
        out = [b.code("root-finder", binds=[(r, "none")])]
        values = [self.expr(k, scope) for k in fn.ret]
        fs = [j for j, k in enumerate(fn.ret) if k == "f"]
        if fs:
            values[fs[0]] = Const(-1.0, "f")
        out.append(If(Op("({0} is None)", [Name(r, "none")], "b"), [Return(values)]))
        out.append(self._keep(Op("({0} + {1})", [Name(r, "none"), self.expr("f", scope, 1)],
                                 "f"), {**scope, r: "none"}))
        return out

    # ------------------------------------------------------ 8. math.isclose

    def gen_s2_isclose(self, scope, depth, loops, fn, exits=True):
        """`math.isclose(a, b)` of maybe-traced values in an `if`, a conditional
        expression or a while's test."""
        if fn.name != "f" or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        rng, v = self.rng, self.fresh("v")
        self.imports.add("math")
        b = Lines(scope)
        a = self.expr("f", scope, 1)
        other = rng.choice([Const(rng.choice([0.5, 1.0, 0.0, -0.5]), "f"), self.expr("f", scope, 1),
                            a])
        test = rng.choice(ISCLOSE)
        r = rng.random()
        if r < 0.45:
            b.add(0, f"if {test}:", a, other)
            b.add(4, f"{v} = @", self.assigned("f", scope))
            b.add(0, "else:")
            b.add(4, f"{v} = @", self.assigned("f", scope))
        elif r < 0.75:
            b.add(0, f"{v} = (@ if {test} else @)", self.expr("f", scope, 1), a, other,
                  self.expr("f", scope, 1))
        elif loops < self.cfg.max_loops:
            w = self.fresh("w")
            b.add(0, f"{v} = @", a)
            b.add(0, f"{w} = 0")
            b.add(0, f"while {w} < @ and {test.replace('@', v, 1)}:", self.size(scope), other)
            b.add(4, f"{w} += 1")
            b.add(4, f"{v} = jnp.clip({v} * 0.5 + @, -8.0, 8.0)", self.expr("f", scope, 1))
        else:
            b.add(0, f"{v} = float({test})", a, other)
        self.idiom_reads.append(v)
        return [b.code("isclose", binds=[(v, "f")])]

    # --------------------------------------------------- 9. grad of grad

    def gen_s2_grad2(self, scope, depth, loops, fn, exits=True):
        """`jax.grad(jax.grad(hq3))(x * 1.0, k)` or jacfwd of grad, of a module-level
        helper with traced control flow."""
        if fn.name != "f":
            return self.gen_assign(scope, depth, loops, fn)
        rng = self.rng
        name = f"hq{len(self.idiom_defs)}"
        text, kind = s2.grad_helper(name, rng)
        outer = rng.choice(["jax.grad", "jax.grad", "jax.jacfwd"])
        # Through a `while` of a traced trip count, reverse over reverse is the clear
        # DifferentiationError, also where the checker's grad mode takes reverse over
        # jacfwd of grad (S4, fixed: FINDINGS F127).
        refuse = ["DifferentiationError"] if kind == "while" else []
        self.idiom_defs.append(s2.S2Def(name, text, tag="grad-of-grad", refuse=refuse))
        call = Op(f"{outer}(jax.grad({name}))(({{0}} * 1.0), {rng.randint(0, 3)})",
                  [self.expr("f", scope, 1)], "f")
        return self._keep(Op("jnp.clip({0}, -8.0, 8.0)", [call], "f"), scope)


# ------------------------------------------------------------- the checker

def may_refuse(prog) -> list:
    """The documented clear errors of the shapes2 shapes in `prog` (S2Def.refuse,
    S2Code.refuse): grad of grad through a `while` with a traced trip count (a
    DifferentiationError); a dict key added in a guarded tail (FINDINGS F120)."""
    out = [e for c in prog.classes if isinstance(c, s2.S2Def) for e in c.refuse]
    out += [e for _, n in ir.walk(prog.main) if isinstance(n, s2.S2Code) for e in n.refuse]
    return sorted(set(out))


def tags(prog) -> set:
    """The shapes2 shapes in `prog` (gen.shape_tags; a tag may name several)."""
    out = {c.tag for c in prog.classes if isinstance(c, s2.S2Def) and c.tag}
    out |= {t for _, n in ir.walk(prog.main) if isinstance(n, s2.S2Code) for t in n.tag.split()}
    return out
