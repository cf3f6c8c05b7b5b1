"""The statement shapes of the `shapes` config (gen.py's Gen inherits these).

Off in the default and small configs (weight 0, no extra kinds), so their
programs stay what they were. Each shape, with what eager Python does:

    v: float = e            annotated assignment (sometimes a "wrong" annotation:
    v: int                  Python ignores it); a bare annotation assigns nothing
    try:                    a helper `hr0(k, x)` raises ValueError when the Python
        return hr0(3, x)    int k (a constant or len(xs)) is above its threshold,
    except ValueError:      so whether the handler runs is decided in Python
        pass
    v = {"a": {"a": e}}     nested dict (kind nd); items added in branches and
    v["a"]["b"] = e         loops, so the structure may depend on a traced test:
    v["b"] = {"a": e}       converted may then refuse with an autograph_py error
    c = [e, e]              list of floats (kind l): pop/append/insert/extend/remove,
    c.insert(0, e)          in Python and traced loops (a length that depends on a
    v = c.pop()             traced trip count: converted may refuse)
    for t in range(n):      a variable first assigned in a loop that may run zero
        v = e               times, read after it: eager raises UnboundLocalError
    v2 = v + 1.0            when it does, and so must the converted program
    v = t and (hr0(k, x) > 0.0)   the right operand of `and`/`or` runs (and may raise)
                            only where Python evaluates it (config shapes-effects)
    t, v2 = 1.0, v          a second name for a nested dict or list, and an item changed
    v2["a"]["a"] = x        through it, often in a traced block where neither name is
    v2[0] = x               state (FINDINGS F44; config shapes-alias), or first bound
    if t: v2 = [e, e]       anew under a condition (F93; config shapes-rebind)
    v = None                a value that is None on some runs (runtime/optional.py): a
    if t: v = e             value under a (maybe traced) `if`, also in a loop over a
    w = (e2 if v is None    (maybe traced) range, then a test of it and a use of its
         else v + e3)       value, or its truth (`v or e`) (config shapes-none); its kind
                            "none" keeps every other expression from reading it

Prints, asserts and raises may build their text with str(), repr(),
.format, % or an f-string (ir.render_text); check.py compares printed
output and messages for these cases.
"""
from __future__ import annotations

from tests.fuzz import ir, scope as sc
from tests.fuzz.ir import Assign, Const, Func, If, Name, Op, Return

ANNOTATIONS = {"f": ["float", "jax.Array"], "i": ["int"], "b": ["bool"], "fa": ["jax.Array"],
               "ia": ["jnp.ndarray"], "p": ["tuple", "tuple[float, int]"], "d": ["dict"],
               "nd": ["dict", "dict[str, dict]"], "l": ["list", "list[float]"]}
WRONG = ["int", "float", "object", "'SomeType'"]   # annotations are not checked by Python

# Expression templates of the extra kinds: (template, argument kinds, weight).
EXTRA_OPS = {
    "nd": [('{{"a": {{"a": {0}}}}}', "f", 3)],
    "l": [("[{0}, {1}]", "f f", 3)],   # always two items: only ListOp changes the length
    "f": [('{0}["a"]["a"]', "nd", 3), ("sum({0})", "l", 2)],
    "i": [("len({0})", "l", 1), ('len({0}["a"])', "nd", 1)],
}
PICK = "({1} if {0} else {2})"   # gen_alias's pick of one of two lists or dicts
EXTRA_LEAVES = {"nd": ['{{"a": {{"a": 0.5}}}}'], "l": ["[0.5, 1.0]", "[0.0, 2.0]"]}


class ShapeGen:
    """Mixin for gen.Gen: one `gen_<shape>` per statement kind of the shapes config."""

    def annotate(self, stmt, fn):
        """Sometimes `v: T = e` for `v = e` (never for a `nonlocal` name: a SyntaxError)."""
        if not self.cfg.p_annot or stmt.op or stmt.target in {n for n, _ in fn.nonlocals}:
            return stmt
        if self.rng.random() < self.cfg.p_annot:
            pool = ANNOTATIONS.get(stmt.kind, ["object"])
            stmt.annot = self.rng.choice(pool if self.rng.random() < 0.8 else WRONG)
        return stmt

    def gen_declare(self, scope, depth, loops, fn, exits=True):
        names = [n for n in scope if self.assignable(n) and n[0] == "v" and
                 n not in {m for m, _ in fn.nonlocals}]
        name = self.rng.choice(names) if names and self.rng.random() < 0.5 else self.fresh("v")
        kind = scope.get(name, self.rng.choice(["f", "i", "fa"]))
        return ir.Declare(name, self.rng.choice(ANNOTATIONS.get(kind, ["int"])))

    # ------------------------------------------------ try/except ValueError

    def raiser_call(self, scope):
        """`hr0(k, x)`: k a Python int (a constant or len(xs)); raises when k > threshold."""
        r = self.rng.choice(self.raisers)
        arrays = [n for n, k in scope.items() if k == "fa"]
        if arrays and self.rng.random() < 0.3:
            k = Op("len({0})", [Name(self.rng.choice(arrays), "fa")], "i")
        else:
            k = Const(self.rng.randint(0, 4), "i")
        return Op(f"{r.name}({{0}}, {{1}})", [k, self.expr("f", scope, 1)], "f")

    def gen_try_call(self, scope, depth, loops, fn, exits=True):
        """`try: v = hr0(k, x) ... except ValueError: v = fallback`."""
        target = self.fresh("v")
        body = [Assign(target, "f", self.raiser_call(scope))]
        if self.rng.random() < 0.4:   # no raise of its own that a traced test decides
            self.no_random_raise = True
            try:
                body += self.block({**scope, target: "f"}, depth + 1, loops, fn,
                                   n=self.rng.randint(1, 2), exits=exits)
            finally:
                self.no_random_raise = False
        new = {n: k for n, k in sc.after_block(body, scope).items()
               if n not in scope and sc.assignable(n)}
        handler = [Assign(n, k, self.const(k)) for n, k in new.items()]
        if self.rng.random() < 0.3:   # the handler leaves some unassigned (not read after)
            handler = handler[:1]
        return ir.Try(body, handler, "ValueError")

    def gen_try_return(self, scope, depth, loops, fn, exits=True):
        """`try: return hr0(k, x) except ValueError: pass`, or a return under an `if`."""
        values = [self.expr(k, scope) for k in fn.ret]
        fs = [j for j, k in enumerate(fn.ret) if k == "f"]
        if fs and self.rng.random() < 0.8:
            values[self.rng.choice(fs)] = self.raiser_call(scope)
        ret = Return(values)
        if self.rng.random() < 0.5:
            body = [ret]
        else:   # the raise may come first, from an assignment before the return
            v = self.fresh("v")
            body = [Assign(v, "f", self.raiser_call(scope)),
                    If(self.test({**scope, v: "f"}), [ret])]
        handler = [] if self.rng.random() < 0.6 else [Assign(self.fresh("v"), "f", self.const("f"))]
        return ir.Try(body, handler, "ValueError")

    def make_raisers(self):
        """Module-level helpers that raise ValueError on a Python-decided test."""
        out = []
        for j in range(self.rng.choice([1, 1, 2])):
            k, x = self.fresh("a"), self.fresh("a")
            msg = ir.Raise(f"hr{j} got", [Name(k, "i")], self.rng.choice(self.cfg.text_styles or ("",)))
            body = [If(Op("({0} > %d)" % self.rng.randint(1, 3), [Name(k, "i")], "b"), [msg]),
                    Return([Op("jnp.clip(({0} * 0.5), -8.0, 8.0)", [Name(x, "f")], "f")])]
            out.append(Func(f"hr{j}", [(k, "i"), (x, "f")], ["f"], body))
        return out

    # ----------------------------------------------- short-circuit effects

    def gen_short_circuit(self, scope, depth, loops, fn, exits=True):
        """`v = t and (hr0(k, x) > 0.0)` (or `or`): the right operand raises when Python
        evaluates it and k is large, so eager raises only where `t` lets it run."""
        op = self.rng.choice(["and", "or"])
        right = Op("({0} > 0.0)", [self.raiser_call(scope)], "b")
        return Assign(self.fresh("v"), "b",
                      Op("({0} %s {1})" % op, [self.test(scope), right], "b"))

    # ------------------------------------------------------- nested dicts

    def gen_nested(self, scope, depth, loops, fn, exits=True):
        dicts = [n for n, k in scope.items() if k == "nd" and n not in self.frozen]
        if not dicts:
            return Assign(self.fresh("v"), "nd", self.expr("nd", scope))
        name = self.rng.choice(dicts)
        others = {n: k for n, k in scope.items() if n != name}
        value = self.assigned("f", others)
        r = self.rng.random()
        keys = ["a", "a"] if r < 0.3 else ["a", self.rng.choice("bc")] if r < 0.75 else \
            [self.rng.choice("bc")]
        return ir.SetPath(name, keys, value)

    # -------------------------------------------------------------- lists

    def gen_listop(self, scope, depth, loops, fn, exits=True):
        lists = [n for n, k in scope.items() if k == "l" and n not in self.frozen]
        if not lists:
            return Assign(self.fresh("v"), "l", self.expr("l", scope))
        name = self.rng.choice(lists)
        others = {n: k for n, k in scope.items() if n != name}
        rng = self.rng
        methods = ["pop", "pop", "append", "insert", "extend", "remove", "pop0"]
        if self.cfg.builtin_ops:   # an item at a (maybe traced) index, = or op= (issue 12)
            methods += ["setitem", "setitem", "augitem"]
        method = rng.choice(methods)
        if method in ("setitem", "augitem"):
            index = Op("({0} % 2)", [self.expr("i", others, 1)], "i")
            op = ir.ListOp(name, "setitem", [index, self.assigned("f", others)])
            op.aug = "+" if method == "augitem" else ""
            return op
        if method == "pop0":
            op = ir.ListOp(name, "pop", [Const(0, "i")])
        elif method == "pop":
            op = ir.ListOp(name, "pop", [])
        elif method == "append":
            op = ir.ListOp(name, "append", [self.assigned("f", others)])
        elif method == "insert":
            op = ir.ListOp(name, "insert", [Const(0, "i"), self.assigned("f", others)])
        elif method == "extend":
            op = ir.ListOp(name, "extend", [self.expr("l", others, 1)])
        else:
            op = ir.ListOp(name, "remove", [Op("{0}[0]", [Name(name, "l")], "f")])
        if op.method == "pop" and rng.random() < 0.5:
            targets = [n for n, k in scope.items() if k == "f" and self.assignable(n)]
            op.result = rng.choice(targets) if targets and rng.random() < 0.4 else self.fresh("v")
        if rng.random() < 0.4 and op.method in ("pop", "remove"):   # keep the length
            return [op, ir.ListOp(name, "append", [self.const("f")])]
        return op

    # ------------------------------------------------------------ aliases

    def gen_alias(self, scope, depth, loops, fn, exits=True):
        """`e = v` (or `t, e = 1.0, v`), then an item of the object changed through `e`."""
        held = [n for n, k in scope.items() if k in ("nd", "l") and n not in self.frozen]
        if not held:
            kind = self.rng.choice(["nd", "l"])
            return Assign(self.fresh("v"), kind, self.expr(kind, scope))
        name = self.rng.choice(held)
        kind = scope[name]
        alias = self.fresh("v")
        others = [n for n in held if n != name and scope[n] == kind]
        if others and self.rng.random() < 0.35:
            # One of two outside objects, picked by a (maybe traced) condition (FINDINGS
            # F66): changing it is a StateError where the condition is traced.
            made = Assign(alias, kind, Op(PICK, [self.expr("b", scope), Name(name, kind),
                                                 Name(self.rng.choice(others), kind)], kind))
        elif self.rng.random() < 0.4:
            made = ir.Unpack([self.fresh("v"), alias], ["f", kind],
                             [self.const("f"), Name(name, kind)])
        else:
            made = Assign(alias, kind, Name(name, kind))
            if self.cfg.p_alias_rebind and self.rng.random() < self.cfg.p_alias_rebind:
                # Bound anew under a (maybe traced) condition that names only the alias
                # (FINDINGS F93): the change below reaches `name` on some runs only.
                made = [made, If(self.test(scope), [Assign(alias, kind, self.expr(kind, scope))])]
        others = {n: k for n, k in scope.items() if n != name}
        value = self.assigned("f", others)
        if kind == "nd":
            keys = ["a", "a"] if self.rng.random() < 0.7 else ["a", self.rng.choice("bc")]
            change = ir.SetPath(alias, keys, value)
        else:
            change = ir.ListOp(alias, "setitem", [Const(self.rng.choice([0, -1]), "i"), value])
        return [*(made if isinstance(made, list) else [made]), change]

    # --------------------------------------------------- zero-trip loops

    def gen_zerotrip(self, scope, depth, loops, fn, exits=True):
        """A loop that may run zero times, a variable it assigns first, a read after it."""
        kind = self.rng.choice(["f", "f", "i", "fa"])
        name = self.fresh("v")
        if self.rng.random() < 0.7:
            t = self.fresh("t")
            inner = {**scope, t: "i"}
            body = self.block(inner, depth + 1, loops + 1, fn, n=self.rng.randint(0, 2), exits=exits)
            loop = ir.For([t], ["i"], "range", [self.size(scope)], body)
            leaks = [(name, kind)]
            if self.rng.random() < 0.3:
                leaks.append((loop.targets[0], "i"))
        else:
            loop = self.gen_while(scope, depth, loops, fn, exits=exits)
            inner, leaks = {**scope, loop.counter: "i"}, [(name, kind)]
        first = Assign(name, kind, self.assigned(kind, inner))
        if self.rng.random() < 0.3 and "nd" in self.kinds:   # a key created in the loop
            dicts = [n for n, k in scope.items() if k == "nd"]
            if dicts:
                loop.body.insert(0, ir.SetPath(self.rng.choice(dicts), ["a", "z"],
                                               self.assigned("f", inner)))
        loop.body.insert(0, first)
        loop.leaks = leaks
        after = sc.after(loop, scope)
        read_kind = "f" if kind in ("f", "i") else "fa"
        reader = self.expr(read_kind, {n: k for n, k in after.items() if n != name}, 1)
        template = {"f": "({0} + {1})", "i": "(({0} * 0.5) + {1})", "fa": "({0} + {1})"}[kind]
        read = Assign(self.fresh("v"), read_kind,
                      Op("jnp.clip(%s, -8.0, 8.0)" % template, [Name(name, kind), reader], read_kind))
        return [loop, read]

    # --------------------------------------------------- None on some runs

    def gen_maybe_none(self, scope, depth, loops, fn, exits=True):
        """`v = None`, a value on some paths (an `if`, maybe in a loop), then `is None`."""
        name, out = self.fresh("v"), self.fresh("v")
        start = Assign(name, "none", Op("None", [], "none"))
        if loops < self.cfg.max_loops and self.rng.random() < 0.5:
            t = self.fresh("t")
            inner = {**scope, t: "i"}
            setter = If(self.test(inner), [Assign(name, "none", self.expr("f", inner, 1))])
            made = ir.For([t], ["i"], "range", [self.size(scope)], [setter])
        else:
            made = If(self.test(scope), [Assign(name, "none", self.expr("f", scope, 1))])
        none = Op("({0} is None)", [Name(name, "none")], "b")
        used = Op("({0} + {1})", [Name(name, "none"), self.expr("f", scope, 1)], "f")
        r = self.rng.random()
        if r < 0.4:
            test = If(none, [Assign(out, "f", self.expr("f", scope, 1))], [Assign(out, "f", used)])
        elif r < 0.7:
            test = Assign(out, "f", Op("({0} if {1} else {2})",
                                       [self.expr("f", scope, 1), none, used], "f"))
        else:   # its truth: None is false, and so is a zero value
            test = Assign(out, "f", Op("({0} or {1})", [Name(name, "none"),
                                                        self.expr("f", scope, 1)], "f"))
        return [start, made, test]
