"""The transforms config: `f` hands generated helpers to JAX transformations.

Off unless `Config.transforms` asks for helpers (gen.py's Gen inherits this mixin).
Each such helper has traced control flow (its first statement is an `if` on a
parameter, a loop over an array parameter, or `for t in range(n)` over a static
int), a signature its transformation needs, and one purpose:

    grad            (x: f, ...) -> f    jax.grad(h3)((x * 1.0), xs)
                                        jax.grad(h3, argnums=1)(x, (y * 1.0))
                                        jax.grad(jax.checkpoint(h3))((x * 1.0))
    value_and_grad  (x: f, ...) -> f    jax.value_and_grad(h3)((x * 1.0))[1]
    jacfwd          (x: f, ...) -> f    jax.jacfwd(h3)((x * 1.0))   (forward mode: a
                                        traced `while` may be in it)
    vmap            (x: f|i, ...) -> f|i   jax.vmap(h3, in_axes=(0, None))(xs, k): over
                                        the leading axis of the batched arguments
    checkpoint      any                 jax.checkpoint(h3)(...)
    jit             any                 jax.jit(h3)(...)
    jit_static      (..., n: i, ...)    jax.jit(h3, static_argnums=(1,))(x, 3): the helper
                                        runs `for t in range(n)`; n a Python int (a
                                        constant or len(xs)) at every call
    fori_loop       (i: i, c) -> c      lax.fori_loop(0, n, h3, jnp.float32(c))
    scan            (c, x) -> (c, y)    lax.scan(h3, jnp.float32(c), xs)[0]

The same transformation is also made at module level, next to the helper, before
anything is converted (`h3_grad = jax.grad(h3)`, called as `h3_grad(x * 1.0)`), and a
helper may be decorated (`@jax.jit`, `@jax.checkpoint`,
`@functools.partial(jax.jit, static_argnums=(1,))`) and then also called directly.
`f` calls these in any of its expressions, and at least once each (the value
goes into `f`'s last return).

What keeps eager and converted comparable (pyjax.py defines the eager meanings):

- no print in a helper under a transformation (eager prints a JVPTracer, or once
  per vmapped element); the config has no failing assert or raise (FINDINGS F8);
- reverse mode (grad, value_and_grad) goes through helpers with any loop, a
  traced trip count too (issue 15: a converted while_loop is reverse-
  differentiable); so do forward mode, vmap and the rest;
- the value JAX needs of one dtype is cast where the helper returns it (a carry of
  fori_loop/scan, a scan's y, a vmapped or differentiated result: `jnp.float32(e)`),
  since a generated float may be a Python int on some path; the argument that
  grad differentiates is `(e * 1.0)`, a float even where e is a Python int;
- generated inputs and constants are dyadic, so a branch test on them is
  decided alike eagerly and compiled, and both differentiate the same branch
  (JAX's own rules at a tie: jnp.abs at 0, jnp.maximum of equals); gradients are
  compared with the checker's tolerance.
"""
from __future__ import annotations

import re

from tests.fuzz import ir, scope as sc
from tests.fuzz.ir import Const, For, Func, If, Name, Op, Return

FLOAT = "({0} * 1.0)"
CAST = {"f": "jnp.float32({0})", "i": "jnp.int32({0})", "fa": "jnp.asarray({0}, jnp.float32)"}
KEEP_WRAPPERS = {FLOAT, *CAST.values()}     # the shrinker keeps these (shrink.py)

PURPOSES = {"grad": 3, "value_and_grad": 1.5, "jacfwd": 1, "vmap": 3, "checkpoint": 1.5,
            "jit": 1.5, "jit_static": 2, "fori_loop": 2, "scan": 2}
DIFFERENTIATING = ("grad", "value_and_grad", "jacfwd")
WRAPPER_SUFFIX = {"grad": "grad", "value_and_grad": "vg", "jacfwd": "jacfwd", "vmap": "vmap",
                  "checkpoint": "ckpt", "jit": "jit", "jit_static": "jit"}
P_CLOSURE = 0.3     # f also hands a closure of its own to a transformation
# The parameters of a lambda form (`jax.grad(lambda x: h3(x, e))`): no generated name is one
# letter, so these shadow nothing.
LAMBDA_NAMES = {"grad": "x", "value_and_grad": "x", "jacfwd": "x", "vmap": "xyz",
                "checkpoint": "x", "jit": "x", "jit_static": "x", "fori_loop": ("i", "c"),
                "scan": ("c", "x")}
# A float scalar from a value of each kind: how `f`'s last return takes in a result.
TO_FLOAT = {"f": "{0}", "i": "({0} * 0.5)", "fa": "jnp.sum({0})", "ia": "(jnp.sum({0}) * 0.5)",
            "b": "jnp.where({0}, 1.0, 0.0)", "p": "{0}[0]", "d": '{0}["s"]'}


def prints(fn: Func, helpers: dict) -> bool:
    return any(isinstance(n, ir.Print) for _, n in ir.walk(fn)) or \
        any(prints(helpers[h], helpers) for h in ir.calls(fn) if h in helpers)


class Site:
    """One way `f` calls a transformed helper: `make(scope, depth)` is the expression (its
    arguments at most depth - 1 deep, so a call in them is rare)."""

    def __init__(self, kind, helper, make):
        self.kind, self.helper, self.make = kind, helper, make


class TransformGen:
    """Mixin for gen.Gen: the transformed helpers and the expressions that call them."""

    def _purpose(self):
        return self.rng.choices(list(PURPOSES), weights=list(PURPOSES.values()))[0]

    def _safe_helper(self, name, purpose, outer=None):
        """A helper for `purpose`, calling only helpers that suit it (no print)."""
        regular = {h.name: h for h in self.helpers}
        callables = self.callables
        safe = [h for h in self.helpers if not prints(h, regular)]
        fn = self._transform_helper(name, purpose, safe, outer)
        self.callables, self.stmt_weights = callables, {}
        return fn

    def transform_helpers(self) -> list:
        """The module-level helpers f hands to transformations (after the other helpers)."""
        out = []
        self.tsites_all = []
        for _ in range(self.rng.randint(*self.cfg.transforms)):
            purpose = self._purpose()
            fn = self._safe_helper(f"h{len(self.helpers) + len(out)}", purpose)
            self._dress(fn, purpose)
            out.append(fn)
            self.tsites_all += self._sites(fn, purpose, module=True)
        return out

    def transform_closure(self, params):
        """Sometimes a closure `def g(...)` at the top of f, over f's parameters, that f hands
        to a transformation (a decorator on it is applied inside converted code)."""
        if self.rng.random() >= P_CLOSURE:
            return []
        purpose = self._purpose()
        # jax.jit and jax.checkpoint keep what they traced of a function object: a closure
        # whose free variable changes between calls gives stale values (eagerly too), which
        # is JAX's meaning, not Python's. So the closure reads parameters f never assigns.
        written = {n for w in self.writers for n, _ in w.nonlocals}
        readable = [(n, k) for n, k in params if n not in written]
        outer = dict(self.rng.sample(readable, min(len(readable), self.rng.randint(1, 2))))
        self.readonly |= set(outer)
        self.frozen = frozenset(n for n, _ in params)
        fn = self._safe_helper(self.fresh("g"), purpose, outer=outer)
        self.frozen = frozenset()
        self._dress(fn, purpose)
        self.tclosures.append(fn)
        self.tsites_all += self._sites(fn, purpose, module=False)
        return [ir.Def(fn)]

    # ------------------------------------------------------------ helpers

    def _signature(self, purpose):
        rng = self.rng
        a = lambda: self.fresh("a")   # noqa: E731
        if purpose in DIFFERENTIATING:
            extra = [(a(), rng.choice(["f", "f", "fa", "i", "b"])) for _ in
                     range(rng.choice([0, 0, 1, 2]))]
            return [(a(), "f")] + extra, ["f"]
        if purpose == "vmap":
            extra = [(a(), rng.choice(["f", "i", "fa", "b"])) for _ in range(rng.choice([0, 1, 1, 2]))]
            return [(a(), rng.choice(["f", "f", "i"]))] + extra, [rng.choice(["f", "f", "i"])]
        if purpose == "fori_loop":
            ck = rng.choice(["f", "f", "fa", "i"])
            return [(a(), "i"), (a(), ck)], [ck]
        if purpose == "scan":
            ck, xk = rng.choice(["f", "f", "fa", "i"]), rng.choice(["f", "f", "i"])
            return [(a(), ck), (a(), xk)], [ck, rng.choice(["f", "i"])]
        params = [(a(), rng.choice(ir.KINDS[:-1])) for _ in range(rng.randint(1, 3))]
        if purpose == "jit_static":
            params.insert(rng.randint(0, len(params)), (self.fresh("n"), "i"))
        return params, [rng.choice(["f", "f", "i", "fa", "b", "p", "d"])]

    def _transform_helper(self, name, purpose, callables, outer=None):
        rng = self.rng
        params, ret = self._signature(purpose)
        fn = Func(name, params, ret, [])
        self.callables = list(callables)
        self.stmt_weights = {"print": 0}
        scope = {**(outer or {}), **dict(params)}
        static = [n for n, _ in params if n.startswith("n")]
        arrays = [n for n, k in params if k in ("fa", "ia")]
        if static:   # a Python loop: n is static under jit
            t = self.fresh("t")
            body = self.block({**scope, t: "i"}, 1, 1, fn, n=rng.randint(1, 2))
            first = For([t], ["i"], "range", [Name(static[0], "i")], body)
        elif arrays and rng.random() < 0.3:   # a scan over an array parameter
            x = rng.choice(arrays)
            t = self.fresh("t")
            kind = dict(params)[x][0]
            body = self.block({**scope, t: kind}, 1, 1, fn, n=rng.randint(1, 2))
            first = For([t], [kind], "array", [Name(x, dict(params)[x])], body)
        else:
            body = self.block(scope, 1, 0, fn)
            orelse = self.block(scope, 1, 0, fn) if rng.random() < 0.6 else []
            first = If(self._traced_test(params), body, orelse)
        fn.body.append(first)
        fn.body += self.block(sc.after(first, scope), 0, 0, fn, n=rng.randint(0, 2))
        if not isinstance(fn.body[-1], Return):
            end = sc.after_block(fn.body, scope)
            fn.body.append(Return([self.expr(k, end) for k in ret]))
        last = fn.body[-1]
        readers = [n for n, k in params if k == ret[0] and k in ("f", "i", "fa", "ia")
                   and not n.startswith("n")]   # (`+` of bools is an int, of tuples a tuple)
        if readers and not any(isinstance(n, Name) for _, n in ir.walk(last.values[0])):
            # what a transformation computes depends on the input: a gradient that is not 0
            last.values[0] = Op("({0} + {1})", [last.values[0], Name(readers[0], ret[0])], ret[0])
        if purpose not in ("checkpoint", "jit", "jit_static"):
            for r in ir.own_returns(fn):
                r.values = [Op(CAST[k], [v], k) if k in CAST else v for v, k in zip(r.values, ret)]
        return fn

    def _traced_test(self, params):
        """A test that reads a parameter (traced under every transformation)."""
        rng = self.rng
        traced = [(n, k) for n, k in params if not n.startswith("n")]
        n, k = rng.choice(traced)
        x = Name(n, k)
        cf = lambda: Const(rng.choice([0.0, 0.5, 1.0, -0.5, 1.5, -1.0]), "f")  # noqa: E731
        if k == "f":
            return Op(rng.choice(["({0} > {1})", "({0} < {1})", "({0} >= {1})"]), [x, cf()], "b")
        if k == "i":
            return rng.choice([Op("({0} % 2 == 0)", [x], "b"),
                               Op("({0} < {1})", [x, Const(rng.randint(-1, 3), "i")], "b")])
        if k == "b":
            return x
        if k == "fa":
            return rng.choice([Op("jnp.any({0} > {1})", [x, cf()], "b"),
                               Op("({0} > {1})", [Op("jnp.sum({0})", [x], "f"), cf()], "b")])
        if k == "ia":
            return Op("({0} < {1})", [Op("jnp.sum({0})", [x], "i"), Const(rng.randint(0, 4), "i")],
                      "b")
        return Op("({0} > {1})", [Op("{0}[0]", [x], "f"), cf()], "b")   # p

    def _dress(self, fn, purpose):
        """A decorator, sometimes."""
        if self.rng.random() < 0.2:
            if purpose == "jit_static":
                j = next(j for j, (n, _) in enumerate(fn.params) if n[0] == "n")
                fn.decorator = f"@functools.partial(jax.jit, static_argnums=({j},))"
            else:
                fn.decorator = self.rng.choice(["@jax.jit", "@jax.checkpoint"])

    # ------------------------------------------------------------- sites

    def _args(self, scope, depth, kinds, static=None, floats=()):
        out, depth = [], max(depth - 1, 0)
        for j, k in enumerate(kinds):
            if j == static:
                if self.rng.random() < 0.25 and "fa" in scope.values():
                    out.append(Op("len({0})", [self.expr("fa", scope, 0)], "i"))
                else:
                    out.append(Const(self.rng.randint(0, 4), "i"))
            elif j in floats:
                out.append(Op(FLOAT, [self._input("f", scope, depth)], "f"))
            else:
                out.append(self._input(k, scope, depth))
        return out

    def _input(self, kind, scope, depth):
        """An argument: often a variable of f (a parameter, so traced under jit)."""
        names = [n for n, k in scope.items() if k == kind]
        if names and self.rng.random() < 0.5:
            return Name(self.rng.choice(names), kind)
        return self.expr(kind, scope, depth)

    def _sites(self, fn, purpose, module) -> list:
        """The ways f calls `fn`: inline (`jax.grad(h3)(x)`), through a lambda
        (`jax.grad(lambda x: h3(x, e))(y)`), through a module-level wrapper (`module`), and
        the decorated function itself."""
        rng, name = self.rng, fn.name
        kinds = [k for _, k in fn.params]
        static = next((j for j, (n, _) in enumerate(fn.params) if n[0] == "n"), None)
        sites = []

        def call_site(callee, kind, arg_kinds=kinds, suffixes=("",), floats=(), lam=None):
            """`callee(args)suffix`; with `lam` (the positions the lambda takes), the callee
            is `transform(lambda x, y: fn(x, e, y))`, the other arguments closed over."""
            n = len(arg_kinds)
            inside = [] if lam is None else [j for j in range(n) if j not in lam]
            outside = list(range(n)) if lam is None else list(lam)

            def args(scope, depth, positions):
                return self._args(scope, depth, [arg_kinds[j] for j in positions],
                                  positions.index(static) if static in positions else None,
                                  [positions.index(j) for j in floats if j in positions])

            def make(scope, depth):
                closed, passed = args(scope, depth, inside), args(scope, depth, outside)
                text = callee
                if lam is not None:
                    names = dict(zip(lam, LAMBDA_NAMES[purpose][:len(lam)]))
                    parts = [names[j] if j in names else "{%d}" % inside.index(j)
                             for j in range(n)]
                    text = callee.replace("@", f"lambda {', '.join(names.values())}: "
                                               f"{name}({', '.join(parts)})")
                holes = ", ".join("{%d}" % (len(closed) + j) for j in range(len(passed)))
                return Op(f"{text}({holes}){rng.choice(suffixes)}", closed + passed, kind)
            sites.append(Site(kind, name, make))

        if purpose in ("fori_loop", "scan"):
            r = rng.random()
            lam = r < 0.25
            body = f"lambda {', '.join(LAMBDA_NAMES[purpose])}: {name}(" \
                   f"{', '.join(LAMBDA_NAMES[purpose])})" if lam else \
                name if r < 0.8 else f"jax.checkpoint({name})"
            ck = kinds[1] if purpose == "fori_loop" else kinds[0]

            def loop(scope, depth, j, body=body, ck=ck):
                depth = max(depth - 1, 0)
                init = Op(CAST[ck], [self.expr(ck, scope, depth)], ck)
                if purpose == "fori_loop":
                    lo, hi = Const(rng.randint(0, 2), "i"), self.size(scope)
                    return Op(f"lax.fori_loop({{0}}, {{1}}, {body}, {{2}})", [lo, hi, init], ck)
                xs = self.expr(kinds[1] + "a", scope, depth)
                kind = ck if j == 0 else fn.ret[1] + "a"
                return Op(f"lax.scan({body}, {{0}}, {{1}})[{j}]", [init, xs], kind)
            sites.append(Site(ck, name, lambda scope, depth: loop(scope, depth, 0)))
            if purpose == "scan":   # the stacked ys
                sites.append(Site(fn.ret[1] + "a", name, lambda scope, depth: loop(scope, depth, 1)))
            if fn.decorator and purpose == "fori_loop":
                call_site(name, ck)
            return sites

        floats, suffixes, kind, arg_kinds = (), ("",), fn.ret[0], kinds
        lam = None      # the positions a lambda form takes as its parameters
        if purpose in DIFFERENTIATING:
            fs = [j for j, k in enumerate(kinds) if k == "f"]
            argnum = rng.choice(fs[1:]) if len(fs) > 1 and rng.random() < 0.3 else 0
            opt = f", argnums={argnum}" if argnum else ""
            inner = name
            if purpose == "grad" and rng.random() < 0.25:
                inner = f"jax.checkpoint({name})"
            tf = f"jax.{purpose}({inner}{opt})"
            floats, lam = (argnum,), [argnum]
            lam_tf = f"jax.{purpose}(@)"
            if purpose == "value_and_grad":
                suffixes = ("[0]", "[1]")
        elif purpose == "vmap":
            axes = [0] + [0 if k in ("f", "i") and rng.random() < 0.4 else None for k in kinds[1:]]
            tuple_ = "(%s)" % ", ".join(str(a) for a in axes) if len(axes) > 1 else "(0,)"
            options = [", in_axes=" + tuple_]
            if all(a == 0 for a in axes):
                options += ["", ", in_axes=0"]
            opt = rng.choice(options)
            tf = f"jax.vmap({name}{opt})"
            arg_kinds = [k + "a" if a == 0 else k for k, a in zip(kinds, axes)]
            kind = fn.ret[0] + "a"
            lam, lam_tf = [j for j, a in enumerate(axes) if a == 0], "jax.vmap(@)"
        elif purpose == "checkpoint":
            tf = f"jax.{rng.choice(['checkpoint', 'checkpoint', 'remat'])}({name})"
            lam, lam_tf = [0], "jax.checkpoint(@)"
        elif purpose == "jit":
            tf = f"jax.jit({name})"
            lam, lam_tf = [0], "jax.jit(@)"
        else:   # jit_static
            pname = fn.params[static][0]
            opt = rng.choice([f"static_argnums=({static},)", f"static_argnums={static}",
                              f"static_argnames=({pname!r},)"])
            tf = f"jax.jit({name}, {opt})"
            lam, lam_tf = [j for j in range(len(kinds)) if j != static][:1], "jax.jit(@)"
        call_site(tf, kind, arg_kinds, suffixes, floats)
        if rng.random() < 0.3:   # a lambda around the function, made where f calls it
            call_site(lam_tf, kind, arg_kinds, suffixes, floats, lam=lam)
        jitted = "jax.jit" in fn.decorator
        if module and rng.random() < 0.4 and not (jitted and self.cfg.gate_wrapped_jit):
            # made at module level, before conversion (FINDINGS F61: of a jitted helper)
            wrapper = f"{name}_{WRAPPER_SUFFIX[purpose]}"
            fn.wrappers = [f"{wrapper} = {tf}"]
            call_site(wrapper, kind, arg_kinds, suffixes, floats)
        if fn.decorator:   # the decorated function itself
            call_site(name, fn.ret[0], kinds, ("",), ())
        return sites

    # -------------------------------------------------------------- uses

    def transform_ops(self, kind):
        """(site, weight) for `expr`: the transformed helpers' calls of this kind, while f has
        fewer than `cfg.transform_calls` (each may compile several times: keep f cheap)."""
        if self.tcalls >= self.cfg.transform_calls:
            return []
        return [(s, 2.0) for s in self.tsites if s.kind == kind]

    def transform_call(self, site, scope, depth):
        self.tcalls += 1
        return site.make(scope, depth)

    def use_transforms(self, main):
        """Each transformed helper or closure that `f` does not call yet is called before its
        last return, and the value goes into that return."""
        used = ir.calls(main) | ir.calls(main, "g")
        last = main.body[-1]
        for fn in self.thelpers + self.tclosures:
            if fn.name in used:
                continue
            scope = sc.after_block(main.body[:-1], dict(main.params))
            site = self.rng.choice([s for s in self.tsites_all if s.helper == fn.name])
            op = site.make(scope, 2)
            v = self.fresh("v")
            main.body.insert(len(main.body) - 1, ir.Assign(v, op.kind, op))
            j = self.rng.choice([j for j, k in enumerate(main.ret) if k in ("f", "fa")])
            taken = Op(TO_FLOAT[op.kind], [Name(v, op.kind)], "f")
            last.values[j] = Op("({0} + {1})", [last.values[j], taken], main.ret[j])


_CALLED = re.compile(r"(?<![\w.])(?:jax|lax)\.(\w+)\(")


def tags(prog) -> set:
    """What a program hands to transformations (gen.shape_tags): `t-grad`, `t-vmap`, ...,
    `t-wrapper` (a module-level wrapper called), `t-decorated` (a decorated helper)."""
    out = set()
    for _, n in ir.walk(prog.main):
        if isinstance(n, Op):
            out |= {"t-" + m for m in _CALLED.findall(n.template)}
            if re.match(r"h\d+_\w+\(", n.template):
                out.add("t-wrapper")
            if "lambda" in n.template:
                out.add("t-lambda")
            if re.search(r"(?:jax|lax)\.\w+\(g\d", n.template):
                out.add("t-closure")
    if any(fn.decorator for fn in prog.helpers):
        out.add("t-decorated")
    return out
