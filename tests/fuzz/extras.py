"""The shapes of the `extras` config (gen.py's Gen inherits these): relatives of FINDINGS
F94, F95 and F97/F98, on top of the shapes-small programs.

Off in every other config (weight 0, `p_user_class` 0, no draws), so their programs stay
what they were. Each shape, with what eager Python does:

    def g5(a6, a7):             a generator function defined in f (F94), anywhere in its
        for t8 in range(a7):    blocks: a `for` or `while` around `yield` whose bound is a
            if t8 % 2 == 0:     Python value (a constant passed in, len(xs)), a test on
                yield e         the loop's Python counter, `yield from xs` or from an
        yield from xs           inner generator; its items read f's variables (closure
    v9 = sum(g5(x, 3))          cells, which a `for` over it may change between items).
    for t10 in g5(x, 2):        Consumed by sum, max/min(default=), next, list, len(list),
        ...                     a generator expression, or a `for`. Rarely a test or bound
                                on a maybe-traced value: converted must then raise
                                autograph_py's ConcreteValueError (may_refuse says so)
    for t in range(n):          a statement that raises when it runs, in a loop whose trip
        v.pop(); v.pop(); v.pop()   count may be traced (F95): three pops of a two-item
    w = 0                       list (read after the loop: its tracing must not have
    while w < (k % 5):          emptied it), `[e, e][5]`, `{"s": e}["t"]`,
        w += 1                  `[0.5, 1.0].index(2.0)`, a raising helper `hr0(4, x)` or
        if w > 1:               `hr0(t, x)`; maybe under a test of the counter. A trip
            v = [e, e][3]       count of 0 raises nothing; else eager raises, and the
                                converted program must raise the same type when it runs
    class Q0:                   a module-level class (F97/F98) whose `__init__`,
        def __init__(self, x, k):   operator methods (__mul__, __rmul__, __lt__, __add__,
            if x > 0.0: ...     __bool__ or __len__) and property getter test (maybe
        def __mul__(self, y):   traced) attributes or arguments; f makes objects of it at
            if self.v > 0.5: ...    its top level (`q1 = Q0(x, k)`) or inline, and uses them
        @property               through operators: `q1 * x`, `x * q1`, `q1 < q2`,
        def size(self): ...     `(q1 + q2).size`, `not q1`, `if q1:`, `len(q1)`; results
                                are floats and arrays, never the objects themselves
"""
from __future__ import annotations

from tests.fuzz import ir
from tests.fuzz.ir import Assign, Const, For, Func, If, Name, Op, While, Yield

# ------------------------------------------------------------ the user class (F97/F98)

INITS = [
    ["if x > 0.0:", "    self.v = x", "else:", "    self.v = x * -0.5", "self.k = k"],
    ["self.v = x", "self.k = k % 4", "if k > 2:", "    self.v = self.v + 1.0"],
    ["self.v = jnp.clip(x, -4.0, 4.0)", "if k % 2 == 0:", "    self.k = k // 2", "else:",
     "    self.k = k - 1"],
    ["self.v = x", "self.k = k"],
]
# __mul__ bodies: (lines, whether y may be an array)
MULS = [
    (["if self.v > 0.5:", "    return y * self.v", "return y - self.v"], True),
    (["if y > self.v:", "    return y * 0.5", "else:", "    return self.v - y"], False),
    (["if self.k % 2 == 0:", "    return y * 0.5", "return y + self.v"], True),
]
RMULS = [["return self * y"], None]   # None: `__rmul__ = __mul__`
LTS = [["return self.v < other.v"],
       ["if self.k == other.k:", "    return self.v < other.v", "return self.k < other.k"],
       ["if self.v < other.v:", "    return True", "return False"]]
BOOLS = [["return bool(self.v > 0.0)"],
         ["if self.k > 1:", "    return bool(self.v > 0.0)", "return False"]]
LENS = [(["return 2"], True),   # (lines, whether len(q) is a Python int)
        (["if self.v > 0.0:", "    return 1", "return 0"], False)]
PROPS = [["if self.v > 1.0:", "    return self.v * 0.5", "return self.v + 1.0"],
         ["if self.k > 0:", "    return self.v * 0.5", "return self.v"]]
ADDS = [["return Q0(self.v + other.v, self.k + other.k)"]]


def _method(name, params, body):
    return [f"    def {name}(self{''.join(', ' + p for p in params)}):"] + \
        ["        " + line for line in body]


# ------------------------------------------------------------ raising statements (F95)

# Expressions that raise when they run: (template, argument kinds, exception).
RAISING = [("[{0}, {1}][%d]", "f f", "IndexError"), ('{{"s": {0}}}["t"]', "f", "KeyError"),
           ("[0.5, 1.0].index(2.0)", "", "ValueError")]

# Templates whose truth test runs Python's bool() on a value, or that call code the
# generator (which runs as Python) would run unconverted: not in a generator's items.
_NOT_PLAIN = (" if ", " and ", " or ", "not ", "< {1} <", "<= {1} <", "Q0")


def plain(op) -> bool:
    template, argkinds = op[0], op[1]
    return isinstance(template, str) and not any(t in template for t in _NOT_PLAIN) and \
        "q" not in (argkinds or "").split() and not ir.refs(template)


class ExtraGen:
    """Mixin for gen.Gen: the extras config's statements, expressions and class."""

    # ------------------------------------------------------------- user class

    def make_user_class(self):
        """`class Q0` with a random choice of operator methods and a property."""
        rng = self.rng
        caps = {}
        lines = ["class Q0:"] + _method("__init__", ["x", "k"], rng.choice(INITS))
        if rng.random() < 0.75:
            body, caps["mul_array"] = rng.choice(MULS)
            lines += [""] + _method("__mul__", ["y"], body)
            caps["mul"] = True
            if rng.random() < 0.5:
                r = rng.choice(RMULS)
                lines += [""] + (["    __rmul__ = __mul__"] if r is None
                                 else _method("__rmul__", ["y"], r))
                caps["rmul"] = True
        if rng.random() < 0.7:
            lines += [""] + _method("__lt__", ["other"], rng.choice(LTS))
            caps["lt"] = True
        r = rng.random()
        if r < 0.45:
            lines += [""] + _method("__bool__", [], rng.choice(BOOLS))
            caps["bool"] = True
        if r > 0.3:
            body, caps["len"] = rng.choice(LENS)
            lines += [""] + _method("__len__", [], body)
            caps["truth"] = True
        caps["truth"] = caps.get("truth") or caps.get("bool", False)
        if rng.random() < 0.7:
            lines += ["", "    @property"] + _method("size", [], rng.choice(PROPS))
            caps["prop"] = True
        if rng.random() < 0.35:
            lines += [""] + _method("__add__", ["other"], rng.choice(ADDS))
            caps["add"] = True
        self.qcls = ir.UserClass("Q0", "\n".join(lines), caps)

    def q_expr(self, scope, depth=1):
        """An object of the user class: a name made at f's top, or `Q0(x, k)` inline."""
        names = [n for n, k in scope.items() if k == "q"]
        caps = self.qcls.caps
        r = self.rng.random()
        if names and r < 0.6:
            return Name(self.rng.choice(names), "q")
        depth = max(depth, 0)
        if caps.get("add") and r < 0.7 and depth > 0:
            return Op("({0} + {1})", [self.q_expr(scope, depth - 1),
                                      self.q_expr(scope, depth - 1)], "q")
        return Op("Q0({0}, {1})", [self.expr("f", scope, depth), self.expr("i", scope, depth)],
                  "q")

    def q_ops(self, kind):
        """Templates that use user-class objects through operators, as gen.OPS."""
        c = self.qcls.caps
        ops = {"f": [("({0} * {1})", "q f", 3)] * bool(c.get("mul")) +
                    [("({1} * {0})", "q f", 1.5)] * bool(c.get("rmul")) +
                    [("{0}.size", "q", 3)] * bool(c.get("prop")) + [("{0}.v", "q", 0.5)],
               "fa": [("({0} * {1})", "q fa", 1.5)] * bool(c.get("mul_array")) +
                     [("({1} * {0})", "q fa", 0.7)] * bool(c.get("mul_array") and c.get("rmul")),
               "b": [("({0} < {1})", "q q", 3), ("({0} > {1})", "q q", 1)] * bool(c.get("lt")) +
                    [("(not {0})", "q", 1.5)] * bool(c.get("truth")),
               "i": [("len({0})", "q", 1)] * bool(c.get("len"))}
        return ops.get(kind, [])

    def gen_qobj(self, scope, depth, loops, fn, exits=True):
        """`q1 = Q0(x, k)` among f's top-level statements."""
        if not self.qcls or fn.name != "f" or depth:
            return self.gen_assign(scope, depth, loops, fn)
        return ir.Obj(self.fresh("q"), "Q0", [self.expr("f", scope), self.expr("i", scope)],
                      kind="q")

    def gen_qif(self, scope, depth, loops, fn, exits=True):
        """`if q1:` (its __bool__ or __len__), or a test through an operator."""
        if not self.qcls or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        if self.qcls.caps.get("truth") and self.rng.random() < 0.7:
            test = Op("{0}", [self.q_expr(scope)], "b")
        else:
            ops = self.q_ops("b") or [("({0}.v > 0.0)", "q", 1)]
            template, kinds, _ = self.rng.choice(ops)
            test = Op(template, [self.q_expr(scope) for _ in kinds.split()], "b")
        body = self.block(scope, depth + 1, loops, fn, exits=exits)
        orelse = self.block(scope, depth + 1, loops, fn, exits=exits) \
            if self.rng.random() < 0.5 else []
        return If(test, body, orelse)

    # ------------------------------------------------------- generators (F94)

    def _plain(self, kind, scope, depth=1):
        """An expression whose evaluation tests no truth and calls no converted code."""
        self.plain_exprs = True
        try:
            return self.expr(kind, scope, depth)
        finally:
            self.plain_exprs = False

    def _python_int(self, scope, params):
        """A bound that is a Python int: a constant, len(xs), or an int parameter of the
        generator (each call passes a constant)."""
        r = self.rng.random()
        ints = [n for n, k in params if k == "i"]
        if ints and r < 0.5:
            return Name(self.rng.choice(ints), "i")
        arrays = [n for n, k in scope.items() if k == "fa"]
        if arrays and r < 0.75:
            return Op("len({0})", [Name(self.rng.choice(arrays), "fa")], "i")
        return Const(self.rng.randint(0, 4), "i")

    def make_generator(self, scope, inner_gen=None):
        """`def g5(...):` yielding floats; `inner_gen` an earlier one it may `yield from`."""
        rng = self.rng
        params = [(self.fresh("a"), rng.choice(["f", "fa", "i", "i"]))
                  for _ in range(rng.randint(0, 2))]
        traced = rng.random() < 0.12
        inside = {**scope, **dict(params)}
        body = []
        shape = rng.choice(["range", "range", "while", "array", "from"])
        if inner_gen is not None and rng.random() < 0.7:
            body.append(Yield(self._gen_call(inner_gen, inside), frm=True))
            shape = rng.choice(["range", "none"])
        if shape in ("range", "while"):
            sizes = [n for n in scope if n.startswith("n")]
            if traced and rng.random() < 0.5:   # a maybe-traced bound
                bound = Name(rng.choice(sizes), "i") if sizes else \
                    Op("({0} % 5)", [self.expr("i", scope, 1)], "i")
            else:
                bound = self._python_int(scope, params)
            if shape == "range":
                t = self.fresh("t")
                loop_scope = {**inside, t: "i"}
                counter = Name(t, "i")
            else:
                t = self.fresh("w")
                loop_scope = {**inside, t: "i"}
                counter = Name(t, "i")
            item = Yield(self._plain("f", loop_scope, 2))
            r = rng.random()
            if traced and r < 0.5:
                stmt = If(self._plain("b", loop_scope, 1), [item])
            elif r < 0.35:
                test = rng.choice([Op("({0} % 2 == 0)", [counter], "b"),
                                   Op("({0} > {1})", [counter, Const(rng.randint(0, 2), "i")], "b")])
                stmt = If(test, [item])
            else:
                stmt = item
            inner = [stmt]
            if rng.random() < 0.3:   # two yields in one iteration
                inner.append(Yield(self._plain("f", loop_scope, 1)))
            if shape == "range":
                args = [bound] if rng.random() < 0.7 else [Const(rng.randint(0, 1), "i"), bound]
                body.append(For([t], ["i"], "range", args, inner))
            else:
                body.append(While(t, bound, None, inner))
        elif shape == "array":   # `for e in xs: yield e * x`
            t = self.fresh("t")
            over = self._plain("fa", inside, 1)
            body.append(For([t], ["f"], "array", [over],
                            [Yield(self._plain("f", {**inside, t: "f"}, 1))]))
        elif shape == "from":
            body.append(Yield(self._plain("fa", inside, 1), frm=True))
        if not body or rng.random() < 0.25:   # one more item after the loop
            body.append(Yield(self._plain("f", inside, 1)))
        return Func(self.fresh("g"), params, ["f"], body,
                    generator="traced" if traced else "py")

    def _gen_call(self, g, scope):
        """`g5(args)`: int parameters get a constant (a Python bound), others an expression."""
        args = [Const(self.rng.randint(0, 4), "i") if k == "i" else self.expr(k, scope, 1)
                for _, k in g.params]
        template = f"{g.name}({', '.join('{%d}' % j for j in range(len(args)))})"
        return Op(template, args, "gen")

    def gen_genfn(self, scope, depth, loops, fn, exits=True):
        """A generator function defined here, then consumed (a statement or a `for`)."""
        if fn.name != "f":
            return self.gen_assign(scope, depth, loops, fn)
        rng = self.rng
        out = []
        inner = None
        if rng.random() < 0.2:
            inner = self.make_generator(scope)
            out.append(ir.Def(inner))
        g = self.make_generator(scope, inner)
        out.append(ir.Def(g))
        for _ in range(rng.choice([1, 1, 2])):
            out.append(self._consume(g, scope, depth, loops, fn, exits))
        return out

    def _consume(self, g, scope, depth, loops, fn, exits):
        rng = self.rng
        call = self._gen_call(g, scope)
        r = rng.random()
        if r < 0.3 and depth < self.cfg.max_depth and loops < self.cfg.max_loops:
            t = self.fresh("t")
            body = self.block({**scope, t: "f"}, depth + 1, loops + 1, fn, exits=exits)
            return For([t], ["f"], "gen", [call], body)
        if r < 0.4 and "l" in self.kinds:
            return Assign(self.fresh("v"), "l", Op("list({0})", [call], "l"))
        if r < 0.5:
            value = Op("len(list({0}))", [call], "i")
            return Assign(self.fresh("v"), "i", self.assigned("i", scope, value))
        template, kinds = rng.choice([
            ("sum({0})", "gen"), ("sum({0})", "gen"), ("max({0}, default=0.0)", "gen"),
            ("min({0}, default=1.0)", "gen"), ("next({0}, 0.5)", "gen"),
            ("sum(list({0}), 0.5)", "gen"), ("sum(e * {1} for e in {0})", "gen f"),
            ("max((e for e in {0} if e > {1}), default=-1.0)", "gen f")])
        args = [call] + [self.expr(k, scope, 1) for k in kinds.split()[1:]]
        targets = [n for n, k in scope.items() if k == "f" and self.assignable(n)]
        name = rng.choice(targets) if targets and rng.random() < 0.4 else self.fresh("v")
        return Assign(name, "f", self.assigned("f", scope, Op(template, args, "f")))

    # ----------------------------------------------- raising loop bodies (F95)

    def _trip(self, scope):
        """A trip count 0..4 that may be traced: a size parameter, `(k % 5)`, a constant."""
        sizes = [n for n in scope if n.startswith("n")]
        r = self.rng.random()
        if sizes and r < 0.6:
            return Name(self.rng.choice(sizes), "i")
        if r < 0.9:
            return Op("({0} % 5)", [self.expr("i", scope, 1)], "i")
        return Const(self.rng.randint(0, 2), "i")

    def gen_raising_loop(self, scope, depth, loops, fn, exits=True):
        """A loop (maybe traced trip count) whose body has a statement that raises."""
        if not exits or depth >= self.cfg.max_depth or loops >= self.cfg.max_loops or \
                self.cfg.truisms_only:   # F8: under jax.jit(convert(f)) a JaxRuntimeError
            return self.gen_assign(scope, depth, loops, fn)
        rng = self.rng
        before, after = [], []
        if rng.random() < 0.6:
            counter = self.fresh("t")
        else:
            counter = self.fresh("w")
        inner = {**scope, counter: "i"}
        kinds = ["pop", "index", "key", "list_index"]
        if getattr(self, "no_random_raise", False):   # in `try: ... except ValueError`
            kinds.remove("list_index")
        elif self.raisers:
            kinds += ["raiser", "raiser"]
        kind = rng.choice(kinds) if "l" in self.kinds else rng.choice(kinds[1:])
        if kind == "pop":
            lst = self.fresh("v")
            before.append(Assign(lst, "l", Op("[{0}, {1}]", [self.expr("f", scope, 1),
                                                             self.expr("f", scope, 1)], "l")))
            raising = []
            for j in range(3):
                res = self.fresh("v") if rng.random() < 0.3 else None
                raising.append(ir.ListOp(lst, "pop", [Const(0, "i")] if rng.random() < 0.3 else [],
                                         result=res))
            if rng.random() < 0.6:   # the list read after the loop
                targets = [n for n, k in scope.items() if k == "f" and self.assignable(n)]
                tgt = rng.choice(targets) if targets and rng.random() < 0.6 else self.fresh("v")
                read = Op(rng.choice(["(sum({0}) * 0.5)", "(len({0}) * 0.5)"]), [Name(lst, "l")], "f")
                after.append(Assign(tgt, "f", read, "+" if tgt in scope else ""))
        else:
            others = {n: k for n, k in inner.items()}
            if kind == "raiser":
                r = rng.choice(self.raisers)
                k = Name(counter, "i") if rng.random() < 0.4 else Const(4, "i")
                value = Op(f"{r.name}({{0}}, {{1}})", [k, self.expr("f", others, 1)], "f")
            elif kind == "index":
                value = Op("[{0}, {1}][%d]" % rng.choice([2, 3, 5]),
                           [self.expr("f", others, 1), self.expr("f", others, 1)], "f")
            elif kind == "key":
                value = Op('{{"s": {0}}}["t"]', [self.expr("f", others, 1)], "f")
            else:
                value = Op("([0.5, 1.0].index(2.0) * 0.5)", [], "f")
            if rng.random() < 0.3:
                raising = [ir.ExprStmt(value)]
            else:
                targets = [n for n, k in scope.items() if k == "f" and self.assignable(n)]
                tgt = rng.choice(targets) if targets and rng.random() < 0.5 else self.fresh("v")
                raising = [Assign(tgt, "f", value, "+" if tgt in scope and rng.random() < 0.5
                                  else "")]
        if rng.random() < 0.3:   # only from some iteration on
            raising = [If(Op("({0} > {1})", [Name(counter, "i"), Const(rng.randint(0, 2), "i")],
                             "b"), raising)]
        body = self.block(inner, depth + 1, loops + 1, fn, n=rng.randint(0, 1), exits=exits)
        if body and (isinstance(body[-1], ir.TERMINAL) or rng.random() < 0.5):
            body = raising + body
        else:
            body = body + raising
        trip = self._trip(scope)
        if counter.startswith("t"):
            loop = For([counter], ["i"], "range", [trip], body)
        else:
            loop = While(counter, trip, None, body)
        loop.raises = kind.replace("_", "-")
        return [*before, loop, *after]


def tags(prog) -> set:
    """The extras config's shapes in `prog` (gen.shape_tags)."""
    out = set()
    for _, n in ir.walk(prog):
        if isinstance(n, ir.Def) and n.fn.generator:
            out.add("generator" + ("-traced" if n.fn.generator == "traced" else ""))
            if any(isinstance(y, Yield) and y.frm for _, y in ir.walk(n.fn)):
                out.add("yield-from")
        elif isinstance(n, For) and n.iter == "gen":
            out.add("for-over-generator")
        elif isinstance(n, ir.Obj) and n.kind == "q":
            out.add("user-class-object")
        elif isinstance(n, Op) and n.kind == "q" or isinstance(n, Name) and n.kind == "q":
            out.add("user-class-operator")
        elif isinstance(n, (For, While)) and n.raises:
            out.add("raising-loop-" + n.raises)
    if any(isinstance(c, ir.UserClass) for c in prog.classes):
        out.add("user-class")
    return out


def may_refuse(prog) -> list:
    """A generator whose bound or test may be traced: autograph_py's ConcreteValueError."""
    if any(isinstance(n, ir.Def) and n.fn.generator == "traced" for _, n in ir.walk(prog)):
        return ["ConcreteValueError"]
    return []
