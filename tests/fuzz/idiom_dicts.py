"""The idioms config's dict key order (FINDINGS F104, F116) and attributes set by name
(F108): statements of idioms.IdiomGen (see idioms.py for the shapes).

A dict `s7` (kind "kd", or "od": a collections.OrderedDict) has the keys "a", "b", "c" in
a random order, and maybe "x" and "y" (added in both branches of an `if`, or in
straight-line code). Every change keeps those keys; one that may move a key says how in
ir.Code.order ("s7 end a", "s7 front b", "s7 sorted", "s7 add x y"), which
idiom_ops.may_refuse reads to tell whether the order may depend on the traced path.
"""
from __future__ import annotations

import copy

from tests.fuzz import idiom_ops as iops
from tests.fuzz.ir import Code, If, Name, Op

ORDER_READS = ['float(list({0}).index("a"))',
               "sum(v * (j + 1) for j, v in enumerate({0}.values()))", "list({0}.values())[0]",
               "list({0}.values())[-1]", 'float(list({0})[0] == "b")', "list({0}.items())[1][1]",
               'float("".join({0}).index("c"))']


class DictGen:
    """Mixin for gen.Gen (through idioms.IdiomGen): key order and setattr."""

    def _new_dict(self, name, kind, scope):
        """`s7 = {"b": e, "a": e, "c": e}`, `dict(c=e, ...)`, `dict(zip("cab", [...]))` or an
        OrderedDict of pairs or keywords."""
        rng = self.rng
        keys = rng.sample("abc", 3)
        values = [self.expr("f", scope, 1) for _ in keys]
        pairs = [(k, "{%d}" % j) for j, k in enumerate(keys)]
        r = rng.random()
        if kind == "od":
            self.imports.add("collections")
            text = "collections.OrderedDict(" + (
                "[" + ", ".join(f'("{k}", {v})' for k, v in pairs) + "]" if r < 0.5
                else ", ".join(f"{k}={v}" for k, v in pairs)) + ")"
        elif r < 0.5:
            text = "{{" + ", ".join(f'"{k}": {v}' for k, v in pairs) + "}}"
        elif r < 0.75:
            text = "dict(" + ", ".join(f"{k}={v}" for k, v in pairs) + ")"
        else:
            text = f'dict(zip("{"".join(keys)}", [' + ", ".join(v for _, v in pairs) + "]))"
        return Code([f"{name} = {text}"], values, binds=[(name, kind)])

    def _order_op(self, name, kind, scope, in_loop=False):
        """A change of the dict: an item set in place, or a key moved (ir.Code.order). A dict
        rebuilt in another order (sorted, rsorted) not in a loop, but with the open findings
        (a traced loop that may not run left the body's order)."""
        rng = self.rng
        d, e = Name(name, kind), self.expr("f", scope, 1)
        k = rng.choice("abc")
        rebuilt = ["sorted", "rsorted"] if self.cfg.idiom_open or not in_loop else []
        moves = ["set", "end", "del"] + (["move", "front"] if kind == "od" else rebuilt)
        move = rng.choice(moves)
        if move == "set":
            return Code([f'{{0}}["{k}"] = {{0}}["{k}"] * 0.5 + {{1}}'], [d, e])
        if move == "end":
            return Code([f'{{0}}["{k}"] = {{0}}.pop("{k}") * 0.5 + {{1}}'], [d, e],
                        order=f"{name} end {k}")
        if move == "del":
            return Code([f'del {{0}}["{k}"]', f'{{0}}["{k}"] = {{1}}'], [d, e],
                        order=f"{name} end {k}")
        if move == "move":
            return Code([f'{{0}}.move_to_end("{k}")'], [d], order=f"{name} end {k}")
        if move == "front":
            return Code([f'{{0}}.move_to_end("{k}", last=False)'], [d], order=f"{name} front {k}")
        if move == "sorted":   # of (key, traced value) pairs: open (a raw error converted)
            text = "dict(sorted({0}.items()))" if self.cfg.idiom_open else \
                "{{k: {0}[k] for k in sorted({0})}}"
            return Code([f"{name} = {text}"], [d], binds=[(name, kind)], order=f"{name} sorted")
        return Code([f"{name} = {{{{k: {{0}}[k] for k in sorted({{0}}, reverse=True)}}}}"], [d],
                    binds=[(name, kind)], order=f"{name} rsorted")

    def _add(self, name, kind, keys, scope):
        """`s7["x"] = e1; s7["y"] = e2` in the order `keys`."""
        lines = [f'{{0}}["{k}"] = {{{j + 1}}}' for j, k in enumerate(keys)]
        return Code(lines, [Name(name, kind)] + [self.expr("f", scope, 1) for _ in keys],
                    order=f"{name} add {' '.join(keys)}")

    def _order_if(self, name, kind, scope, depth, loops, fn, exits):
        """An `if` whose branches change the order alike, differently, or on one side."""
        rng = self.rng
        ops = [self._order_op(name, kind, scope, loops > 0) for _ in range(rng.randint(1, 2))]
        r = rng.random()
        if r < 0.25:
            keys = ["x", "y"]
            ops = [self._add(name, kind, keys, scope)]
            others = [self._add(name, kind, keys if rng.random() < 0.5 else keys[::-1], scope)]
        elif r < 0.55:   # the same moves with other values
            others = []
            for op in ops:
                same = copy.deepcopy(op)
                same.args = [a if isinstance(a, Name) and a.kind in iops.HELD
                             else self.expr("f", scope, 1) for a in op.args]
                others.append(same)
        elif r < 0.8:
            others = []
        else:
            others = [self._order_op(name, kind, scope, loops > 0)]
        body = ops + self.block(scope, depth + 1, loops, fn, n=rng.randint(0, 1), exits=exits)
        orelse = others + self.block(scope, depth + 1, loops, fn, n=rng.randint(0, 1), exits=exits)
        return If(self.test(scope), body, orelse)

    def gen_idiom_order(self, scope, depth, loops, fn, exits=True):
        """A dict made in some key order, reordered in a construct, read by order."""
        if fn.name != "f" or depth >= self.cfg.max_depth:
            return self.gen_assign(scope, depth, loops, fn)
        rng, out = self.rng, []
        dicts = [n for n, k in scope.items() if k in ("kd", "od")]
        if dicts and rng.random() < 0.6:
            name = rng.choice(dicts)
            kind = scope[name]
        else:
            name, kind = self.fresh("s"), rng.choice(["kd", "kd", "od"])
            out.append(self._new_dict(name, kind, scope))
        scope = {**scope, name: kind}
        shape = rng.choice(["if", "if", "range", "array", "while", "plain"])
        if shape == "if":
            out.append(self._order_if(name, kind, scope, depth, loops, fn, exits))
        else:
            out += self._around(shape, scope, depth, loops, fn, exits,
                                lambda inner: [self._order_op(name, kind, inner, loops > 0 or
                                                              shape != "plain")])
        out.append(self._keep(Op(rng.choice(ORDER_READS), [Name(name, kind)], "f"), scope))
        return out

    # ---------------------------------------------- attributes by name (F108)

    def gen_idiom_attr(self, scope, depth, loops, fn, exits=True):
        """`setattr(s9, "v", e)` in a construct, on a types.SimpleNamespace made at f's top
        level or a K0 object; its attributes read after."""
        if fn.name != "f" or depth >= self.cfg.max_depth or not exits:
            return self.gen_assign(scope, depth, loops, fn)
        rng, out = self.rng, []
        objs = [n for n, k in scope.items() if k in ("ns", "o")]
        if depth == 0 and (not objs or rng.random() < 0.3):
            obj, kind = self.fresh("s"), "ns"
            self.imports.add("types")
            # open: values computed after a staged raise, then setattr: a leaked tracer
            made = [self.expr("f", scope, 1) if self.cfg.idiom_open else self.const("f")
                    for _ in "vw"]
            out.append(Code([obj + " = types.SimpleNamespace(v={0}, w={1})"], made,
                            binds=[(obj, "ns")]))
        elif objs:
            obj = rng.choice(objs)
            kind = scope[obj]
        else:
            return self.gen_assign(scope, depth, loops, fn)
        scope = {**scope, obj: kind}

        def core(inner):
            attr = "total" if kind == "o" else rng.choice("vw")
            e = self.expr("f", inner, 1)
            if rng.random() < 0.5:
                return [Code([f'setattr({{0}}, "{attr}", {{1}})'],
                             [Name(obj, kind), self.assigned("f", inner, e)])]
            return [Code([f'setattr({{0}}, "{attr}", getattr({{0}}, "{attr}") * 0.5 + {{1}})'],
                         [Name(obj, kind), e])]
        out += self._around(rng.choice(["if", "if", "range", "while", "plain"]), scope, depth,
                            loops, fn, exits, core)
        read = '({0}.v + getattr({0}, "w"))' if kind == "ns" else "({0}.total * 0.5)"
        out.append(self._keep(Op(read, [Name(obj, kind)], "f"), scope))
        return out
