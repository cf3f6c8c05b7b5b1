"""The statements of the `idioms` config (gen.py's Gen inherits these): relatives of
FINDINGS F92, F99, F100-F105, F108, F112 and F116, on top of the shapes-small programs
(idiom_ops.py has its expressions: F106, F107, F110, F111; idiom_dicts.py the key order
and setattr statements).

Off in every other config (weight 0, `idiom_ops` False, no draws), so their programs stay
what they were. Each shape sits in a random construct (a maybe-traced `if`, a `for` over a
maybe-traced range or an array, a `while`, or none) with random statements around it;
eager Python is the reference:

    print("p5", ", ".join(map(str, [x, k])), str(x).rjust(8), str(b).upper())
                            text of values (F92): joins, maps, str methods, slices
    c = [e]                 a list a loop appends to, its last items read in the body
    for t in range(n):      (guarded by `len(c) > 1`) and after the loop (F99; F90's
        if len(c) > 1:      sliding window `c.pop(0)` sometimes)
            v = c[-2] * 0.5 + e
        c.append(e)
    r = e                   a LookupError raised and caught after a traced `if` that
    try:                    set a variable, the variable dead after the raise and read
        if x > 0: r = e2    after the `try` (F105); `with contextlib.suppress(...)` too;
        v = {"s": e}["t"]   rarely the raise is in the branch or in a loop (F100: a
        r = 100.0           StagedRaiseError is then fair), or nothing raises
    except KeyError: ...
    u5(c, e)                a module-level helper that changes a list or dict argument
                            in place (`lst[0] = x`, `lst.append(x)`, `d["s"] = x`), called
                            in a construct, the list read after (F102)
    v2 = v1; v2[0] = e      a second name for a list or dict changed in a construct,
    s6 = [row, row]         read through the first after it (F103); one list at several
    s6[0][1] = e            places (`[row, row]`, `[row] * 2`, or a copy `[row, row[:]]`)
                            changed through either (F112)
    s7 = {"b": e, "a": e, "c": e}   dicts (and collections.OrderedDict) built in a random
    s7["a"] = s7.pop("a") + e       key order, reordered in a construct (pop and add
    del s7["a"]; s7["a"] = e        again, del and add, move_to_end, rebuilt sorted, keys
    s7.move_to_end("b")             added in both branches in one or two orders), then
    v = float(list(s7).index("a"))  read by order (F104, F116); where the order depends
                                    on the traced path, a StateError about the key order
                                    is fair (idiom_ops.may_refuse)
    s9 = types.SimpleNamespace(v=e, w=e)
    setattr(s9, "v", e)     attributes set by name in a construct (F108)

Open findings of the config's first runs (seeds 97001-97008): the idioms config steps
around them, so that a run shows new ones; config idioms-open (`Config.idiom_open`) makes
the shapes as written, to check fixes:

- `max(range(L), key=lambda j: xs[j])`: a raw TracerBoolConversionError (not made);
- `dict(sorted(d.items()))` with traced values: a raw error sorting (str, traced) pairs
  (the keys are sorted instead);
- `n in range(1, 4)` of a concrete array inside a trace (grad mode's closed-over
  arguments): a raw TracerBoolConversionError (the operand goes through `% 7`, `* 1.0`);
- `with contextlib.suppress(...)` around an error on a traced path: the error escapes
  (suppress only at f's top level with the raise on the Python path; else `try`);
- a key moved in a `for` over a traced array: a StateError about the key order, though the
  trip count is static (a fair refusal in the idioms config: idiom_ops._static_trip);
- a dict or namespace made from values computed after a staged raise, then changed by a
  callee or setattr: a leaked tracer (dict mutators change only the dict f makes first;
  namespaces are made of constants);
- a dict rebuilt in another key order in a loop whose trip count is traced: the body's
  order also where the loop runs zero times, silently (no rebuilding in loops);
- a list changed through one name in a traced loop and read through another there: the
  entry items, silently (the change's value reads neither name).
"""
from __future__ import annotations

from tests.fuzz import idiom_ops as iops, ir, scope as sc
from tests.fuzz.idiom_dicts import DictGen
from tests.fuzz.ir import Assign, Code, Const, ExprStmt, For, If, ListOp, Name, Op, While

LOOPS = ("range", "array", "enumerate", "while")


class IdiomGen(DictGen):
    """Mixin for gen.Gen: the idioms config's statements (`gen_idiom_*`; key order and
    setattr in idiom_dicts.py) and expressions (idiom_ops.py)."""

    def idiom_start(self):
        """The module-level table TAB0 that expressions index by a traced int (F107)."""
        values = [self.rng.randint(-8, 8) / 4 for _ in range(self.rng.randint(3, 5))]
        self.idiom_defs.append(ir.TopLevel("TAB0", f"TAB0 = {values!r}"))
        self.imports.add("math")

    def idiom_ops(self, kind, scope):
        return iops.available(iops.IDIOM_OPS.get(kind, []), scope, self.cfg.idiom_open)

    # ------------------------------------------------------------- pieces

    def _keep(self, value, scope):
        """`v = value` for a fresh v, or `v += value` for an f variable in scope."""
        targets = [n for n, k in scope.items() if k == "f" and self.assignable(n)]
        if targets and self.rng.random() < 0.4:
            out = Assign(self.rng.choice(targets), "f", self.assigned("f", scope, value), "+")
        else:
            out = Assign(self.fresh("v"), "f", self.assigned("f", scope, value))
        self.idiom_reads.append(out.target)
        return out

    def idiom_read_back(self, main):
        """f's last return adds up to three of the shapes' reads that reach it: the value
        compared is then the one they read (not code liveness may drop)."""
        last = main.body[-1]
        scope = sc.after_block(main.body[:-1], dict(main.params))
        names = list(dict.fromkeys(n for n in self.idiom_reads if scope.get(n) == "f"))
        for j, k in enumerate(main.ret):
            if k in ("f", "fa") and names and isinstance(last, ir.Return):
                for n in self.rng.sample(names, min(3, len(names))):
                    last.values[j] = Op("({0} + {1})", [last.values[j], Name(n, "f")], k)
                return

    def _around(self, shape, scope, depth, loops, fn, exits, core):
        """`core(scope)`'s statements in a construct (`shape`: if, range, array, enumerate,
        while, plain) with 0-1 random statements before or after them."""
        rng = self.rng
        if shape in LOOPS and loops >= self.cfg.max_loops:
            shape = "if"
        if shape == "plain":
            return core(scope)
        prefixes, kinds = {"range": ("t", ["i"]), "array": ("t", ["f"]), "while": ("w", ["i"]),
                           "enumerate": ("tt", ["i", "f"]), "if": ("", [])}[shape]
        names = [self.fresh(p) for p in prefixes]
        inner = {**scope, **dict(zip(names, kinds))}
        n_loops = loops + (shape != "if")
        body = core(inner)
        extra = self.block(inner, depth + 1, n_loops, fn, n=rng.randint(0, 1), exits=exits)
        if extra and not isinstance(extra[-1], ir.TERMINAL) and rng.random() < 0.5:
            body = extra + body
        else:
            body = body + extra
        if shape == "if":
            orelse = self.block(scope, depth + 1, loops, fn, exits=exits) \
                if rng.random() < 0.4 else []
            return [If(self.test(scope), body, orelse)]
        if shape == "while":
            return [While(names[0], self.size(scope), None, body)]
        if shape == "range":
            return [For(names, kinds, "range", [self.size(scope)], body)]
        return [For(names, kinds, shape, [self.expr("fa", scope, 1)], body)]

    def _held(self, scope, kinds):
        return [n for n, k in scope.items() if k in kinds and n not in self.frozen]

    # ------------------------------------------------------ text (F92)

    def gen_idiom_text(self, scope, depth, loops, fn, exits=True):
        """`print("p5", <text>, ...)`: text joined, mapped, sliced or padded from values."""
        parts = []
        for _ in range(self.rng.randint(1, 2)):
            template, kinds = self.rng.choice(iops.TEXT_OPS)
            parts.append(Op(template, [self.expr(k, scope, 1) for k in kinds.split()], "txt"))
        return ir.Print(self.fresh("p"), parts)

    # ------------------------------------------ appended lists read (F99)

    def gen_idiom_append(self, scope, depth, loops, fn, exits=True):
        """A loop appends to a list and reads its last items; the list read after it."""
        if depth >= self.cfg.max_depth or loops >= self.cfg.max_loops:
            return self.gen_assign(scope, depth, loops, fn)
        rng, out = self.rng, []
        lists = self._held(scope, ("l",))
        if lists and rng.random() < 0.4:
            c, full = rng.choice(lists), True
        else:
            c = self.fresh("v")
            n = rng.choice([0, 1, 1, 2])
            full = n > 0
            out.append(Assign(c, "l", Op("[%s]" % ", ".join("{%d}" % j for j in range(n)),
                                         [self.expr("f", scope, 1) for _ in range(n)], "l")))
        lst = Name(c, "l")

        def core(inner):
            guard = Op("(len({0}) > 1)", [lst], "b") if rng.random() < 0.8 else self.test(inner)
            read = Op("({0}[-2] * 0.5 + {1})", [lst, self.expr("f", inner, 1)], "f")
            stmts = [If(guard, [self._keep(read, inner)]),
                     ListOp(c, "append", [self.assigned("f", inner)])]
            if rng.random() < 0.6:
                stmts.append(self._keep(Op("({0}[-1] + {1})", [lst, self.expr("f", inner, 1)],
                                           "f"), inner))
            if rng.random() < 0.25:   # a sliding window (F90)
                stmts.append(If(Op("(len({0}) > 3)", [lst], "b"),
                                [ListOp(c, "pop", [Const(0, "i")])]))
            return stmts
        scope = {**scope, c: "l"}
        out += self._around(rng.choice(LOOPS), scope, depth, loops, fn, exits, core)
        reads = ["({0}[-1] if {0} else 0.5)", "(len({0}) * 0.25)", "sum({0}, 0.5)"]
        reads += ["{0}[-1]", "({0}[-1] - {0}[0])"] if full else []
        out.append(self._keep(Op(rng.choice(reads), [lst], "f"), scope))
        return out

    # ------------------------------------- exceptions caught (F100, F105)

    def gen_idiom_try(self, scope, depth, loops, fn, exits=True):
        """`try:` (or `with contextlib.suppress(...)`) around a traced `if` that sets `r`, a
        statement that raises, `r` assigned again; `r` read after."""
        if not exits or fn.name != "f" or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        rng, out = self.rng, []
        fs = [n for n, k in scope.items() if k == "f" and self.assignable(n)]
        if fs and rng.random() < 0.5:
            r = rng.choice(fs)
        else:
            r = self.fresh("v")
            out.append(Assign(r, "f", self.assigned("f", scope)))
        inner = {**scope, r: "f"}
        others = {n: k for n, k in inner.items() if n != r}
        exc, template, kinds = rng.choice(iops.RAISES)
        if rng.random() < 0.15:
            template, kinds = rng.choice(iops.NO_RAISE)
        value = Op(template, [self.expr(k, others, 1) for k in kinds.split()], "f")
        raising = Assign(self.fresh("v"), "f", value) if rng.random() < 0.7 else ExprStmt(value)
        sets = [Assign(r, "f", self.assigned("f", others))]
        if rng.random() < 0.4:
            sets += self.block(inner, depth + 2, loops, fn, n=1, exits=exits)
        where, staged = rng.random(), True
        if where < 0.15 and not isinstance(sets[-1], ir.TERMINAL):
            sets.append(raising)   # on the traced path itself (F100)
        orelse = [Assign(r, "f", self.assigned("f", others))] if rng.random() < 0.4 else []
        body = [If(self.test(inner), sets, orelse)]
        if where >= 0.25 or where >= 0.15 and loops >= self.cfg.max_loops:
            body.append(raising)
            staged = False
        elif where >= 0.15:   # in a loop whose trip count may be traced (F100)
            body.append(For([self.fresh("t")], ["i"], "range", [self.size(inner)], [raising]))
        body.append(Assign(r, "f", Const(rng.choice([100.0, 4.0, -2.0]), "f")))   # r dead (F105)
        names = [exc, "LookupError", "KeyError, IndexError"]
        if rng.random() < 0.5:
            handler = rng.choice([[], [Assign(r, "f", Op("({0} * 0.5)", [Name(r, "f")], "f"))],
                                  self.block(inner, depth + 1, loops, fn, n=1, exits=exits)])
            caught = rng.choice(names)
            stmt = ir.Try(body, handler, f"({caught})" if "," in caught else caught)
        elif self.cfg.idiom_open or not (depth or self.returned):
            stmt = ir.With(body, ctx=f"contextlib.suppress({rng.choice(names)})")
            if staged and not self.cfg.idiom_open:   # open: a staged error escapes it
                if sets[-1] is raising:
                    sets.pop()
                    body.insert(1, raising)
                elif isinstance(body[1], For):
                    body[1] = raising
        else:   # open: suppress on a traced path lets a staged error escape
            caught = rng.choice(names)
            stmt = ir.Try(body, [], f"({caught})" if "," in caught else caught)
        read = Op("({0} + {1})", [Name(r, "f"), self.expr("f", others, 1)], "f")
        return out + [stmt, self._keep(read, inner)]

    # ------------------------------------------- callees that mutate (F102)

    def _mutator(self, arg, ret, body):
        """The module-level `def u5(lst, x):` with this body (made once)."""
        param = "lst" if arg == "l" else "d"
        for m in self.idiom_muts:
            if m.text.split("\n")[1:] == ["    " + line for line in body]:
                return m.name
        name = f"u{5 + len(self.idiom_muts)}"
        text = "\n".join([f"def {name}({param}, x):"] + ["    " + line for line in body])
        m = ir.Mutator(name, "f", ret, text)
        self.idiom_muts.append(m)
        self.idiom_defs.append(m)
        return name

    def gen_idiom_mutate(self, scope, depth, loops, fn, exits=True):
        """`u5(c, e)` in a construct: a helper changes its list or dict argument."""
        if not exits or fn.name != "f" or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        rng, out = self.rng, []
        arg, ret, body = rng.choice(iops.MUTATORS)
        held = self._held(scope, (arg,))
        if arg == "d" and not self.cfg.idiom_open:   # open: a dict made after a staged raise
            held = self._dicts(scope)                # (gen.objects': made first thing in f)
            if not held:
                arg, ret, body = rng.choice([m for m in iops.MUTATORS if m[0] == "l"])
                held = self._held(scope, (arg,))
        if held and (rng.random() < 0.6 or arg == "d"):
            c = rng.choice(held)
        else:
            c = self.fresh("v")
            out.append(Assign(c, arg, self.expr(arg, scope, 1)))
        name = self._mutator(arg, ret, body)
        scope = {**scope, c: arg}

        def core(inner):
            call = Op(name + "({0}, {1})", [Name(c, arg), self.expr("f", inner, 1)], ret)
            if ret == "none" or rng.random() < 0.4:
                return [ExprStmt(call)]
            return [self._keep(call, inner)]
        out += self._around(rng.choice(["if", "if", "range", "array", "while", "plain"]), scope,
                            depth, loops, fn, exits, core)
        reads = ["({0}[0] + {0}[-1])", "sum({0})", "{0}[-1]", "(len({0}) * 0.5)"] if arg == "l" \
            else ['{0}["s"]', '({0}["k"] * 0.5)']
        out.append(self._keep(Op(rng.choice(reads), [Name(c, arg)], "f"), scope))
        return out

    # ------------------------------------- aliases and shared rows (F103, F112)

    def _change(self, via, kind, scope, other=None):
        """An item of the list or dict `via` changed (`via[0] = via[0] * 0.5 + e`); `e`
        reads `other`, another name of the object, only with the open findings (a traced
        loop's body read a list's entry items through it, after a change through `via`)."""
        avoid = (via,) if self.cfg.idiom_open else (via, other)
        e = self.expr("f", {n: k for n, k in scope.items() if n not in avoid}, 1)
        if kind == "l":
            j = self.rng.choice([0, -1])
            if self.rng.random() < 0.3:
                return ListOp(via, "setitem", [Const(j, "i"), e], aug="+")
            value = Op("({0}[%d] * 0.5 + {1})" % j, [Name(via, "l"), e], "f")
            return ListOp(via, "setitem", [Const(j, "i"), self.assigned("f", scope, value)])
        if kind == "d":
            value = Op('({0}["s"] * 0.5 + {1})', [Name(via, "d"), e], "f")
            return ir.SetItem(via, "s", self.assigned("f", scope, value))
        value = Op('({0}["a"]["a"] * 0.5 + {1})', [Name(via, "nd"), e], "f")
        return ir.SetPath(via, ["a", "a"], self.assigned("f", scope, value))

    def gen_idiom_alias(self, scope, depth, loops, fn, exits=True):
        """`v2 = v1` (or rows sharing a list), an item changed through one name in a
        construct, read through the other after it."""
        if fn.name != "f" or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        rng, out = self.rng, []
        if rng.random() < 0.5:
            return self._rows(scope, depth, loops, fn, exits)
        held = self._held(scope, ("l", "d", "nd"))
        if held and rng.random() < 0.5:
            a = rng.choice(held)
            kind = scope[a]
        else:
            a, kind = self.fresh("v"), rng.choice(["l", "l", "d", "nd"])
            out.append(Assign(a, kind, self.expr(kind, scope, 1)))
        b = self.fresh("v")
        out.append(Code([b + " = {0}"], [Name(a, kind)], binds=[(b, kind)]))
        scope = {**scope, a: kind, b: kind}
        via, other = (b, a) if rng.random() < 0.7 else (a, b)
        out += self._around(rng.choice(["if", "range", "array", "while"]), scope, depth, loops, fn,
                            exits, lambda inner: [self._change(via, kind, inner, other)])
        reads = {"l": ["{0}[0]", "({0}[-1] * 0.5)", "sum({0})"], "d": ['{0}["s"]'],
                 "nd": ['{0}["a"]["a"]']}[kind]
        out.append(self._keep(Op(rng.choice(reads), [Name(other, kind)], "f"), scope))
        return out

    def _rows(self, scope, depth, loops, fn, exits):
        rng, out = self.rng, []
        lists = self._held(scope, ("l",))
        if lists and rng.random() < 0.3:
            row = rng.choice(lists)
        else:
            row = self.fresh("v")
            out.append(Assign(row, "l", Op("[{0}, {1}]", [self.expr("f", scope, 1),
                                                          self.expr("f", scope, 1)], "l")))
        rows = self.fresh("s")
        form = rng.choice(["[{0}, {0}]", "[{0}] * 2", "[{0}, {0}[:]]", "[{0}, list({0})]",
                           "[{0}, [{1}, 0.5], {0}]"])
        args = [Name(row, "l")] + ([self.expr("f", scope, 1)] if "{1}" in form else [])
        out.append(Code([f"{rows} = {form}"], args, binds=[(rows, "ll")]))
        scope = {**scope, row: "l", rows: "ll"}

        def core(inner):
            if rng.random() < 0.4:
                return [self._change(row, "l", inner, rows)]
            i, j = rng.choice([0, 1]), rng.choice([0, 1, -1])
            seen = inner if self.cfg.idiom_open else {n: k for n, k in inner.items() if n != row}
            value = Op("({0}[%d][%d] * 0.5 + {1})" % (i, j),
                       [Name(rows, "ll"), self.expr("f", seen, 1)], "f")
            return [Code(["{0}[{1}][{2}] = {3}"], [Name(rows, "ll"), Const(i, "i"), Const(j, "i"),
                                                  self.assigned("f", inner, value)])]
        out += self._around(rng.choice(["if", "range", "array", "while"]), scope, depth, loops, fn,
                            exits, core)
        read = rng.choice(["({0}[1][1] + {1}[1])", "({0}[0][0] - {0}[-1][0] + {1}[0])",
                           "(sum({0}[1]) * 0.5)", "({0}[-1][-1] * 0.5)"])
        out.append(self._keep(Op(read, [Name(rows, "ll"), Name(row, "l")], "f"), scope))
        return out
