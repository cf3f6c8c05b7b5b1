"""The expressions of the `idioms` config (idioms.py), and what its programs may refuse.

Expressions (FINDINGS F106, F107, F110, F111) join the shapes-small expressions, as
builtins.BUILTIN_OPS do for the builtins config; each has Python's meaning eagerly:

    k in range(-1, 4)   k not in range(4, -3, -2)   x in range(0, 3)  (a float: ==)
    TAB0[k % len(TAB0)]   TAB0[-1 - k % len(TAB0)]   range(2, 20, 3)[k % 6]
    sorted([x, y, z], key=abs)[0]   sorted(range(L), key=lambda j: xs[j])[0]
    min([x, y], key=lambda e: abs(e - 0.5))   (x, k) < (y, 2)   min((x, 0), (y, 1))[0]
    math.sqrt(abs(x) + 0.25)   math.hypot(x, y)   math.isfinite(x)   math.sqrt(x)

and reads of the idioms config's own values: a dict's key order (`float(list(s5).index("a"))`,
the values weighted by position), a namespace's attributes, a shared row. Text (kind
"txt", F92) is made only for the config's prints: joins, maps and str methods of values.

Open findings of the config's first runs are gated (`gated`; see idioms.py; config
idioms-open makes the shapes as written): `max(range(L), key=lambda j: xs[j])` is left
out, and a range membership's operand goes through `% 7` or `* 1.0`. Not made at all:
`math.floor`/`ceil` of a traced number (a ConcreteValueError; README lists neither).
"""
from __future__ import annotations

from tests.fuzz import ir

# Kinds only the idioms config makes; their names (`s5`) are bound by ir.Code, never
# assigned by other statements; an expression of one is always one of those names.
HELD = ("kd", "od", "ns", "ll")
BASE = {"f", "i", "b", "fa", "ia", "p", "d", "l", "nd", "cs", "ck", "cm"}

IDIOM_OPS = {
    "b": [("({0} in range(-1, 4))", "i", 1), ("({0} in range({1}, 6, 2))", "i ck", 0.7),
          ("({0} not in range(4, -3, -2))", "i", 0.7), ("({0} in range(0, 3))", "f", 0.7),
          ("(({0}, {1}) < ({2}, {3}))", "f i f i", 1), ("(({0}, {1}) >= ({2}, 0.5))", "i f i", 0.7),
          ("(({0}, {1}) <= ({1}, {0}))", "f f", 0.5), ("math.isfinite({0})", "f", 0.3),
          ("(not math.isnan({0}))", "f", 0.3)],
    "i": [("sorted(range(L), key=lambda j: -{0}[j])[0]", "fa", 0.7),
          ("max(({0}, 0), ({1}, 1))[1]", "f f", 0.7), ("int({0} in range(1, 4))", "i", 0.5),
          ("max(range(L), key=lambda j: {0}[j])", "fa", 0.5)],
    "f": [("TAB0[{0} % len(TAB0)]", "i", 1.5), ("TAB0[-1 - {0} % len(TAB0)]", "i", 1),
          ("(range(2, 20, 3)[{0} % 6] * 0.25)", "i", 0.7), ("(0.5, -1.5, 2.0)[{0} % 3]", "i", 0.5),
          ("[[0.5, {1}], [-1.0, 2.0]][{0} % 2][{2} % 2]", "i f i", 0.7),
          ("sorted([{0}, {1}, {2}], key=abs)[0]", "f f f", 0.6),
          ("sorted([{0}, {1}], key=lambda e: -e)[1]", "f f", 0.4),
          ("sorted([{0}, {1}, 0.5], key=lambda e: (e > 0.0, e))[1]", "f f", 0.3),
          ("sorted({0}, key=lambda e: abs(e - {1}))[0]", "fa f", 0.3),
          ("(sorted(range(L), key=lambda j: {0}[j])[0] * 0.5)", "fa", 0.4),
          ("min([{0}, {1}, {2}], key=lambda e: abs(e - 0.5))", "f f f", 0.4),
          ("max({0}, {1}, key=abs)", "f f", 0.3),
          ("min(({0}, {1}), ({2}, {3}))[0]", "f i f i", 0.5),
          ("math.sqrt(abs({0}) + 0.25)", "f", 0.5), ("math.exp(-abs({0}))", "f", 0.4),
          ("math.log(abs({0}) + 1.0)", "f", 0.4), ("math.log1p(abs({0}))", "f", 0.2),
          ("math.hypot({0}, {1})", "f f", 0.3), ("math.atan2({0}, abs({1}) + 0.5)", "f f", 0.3),
          ("math.copysign({0}, {1})", "f f", 0.2), ("math.fabs({0})", "f", 0.2),
          ("math.tanh({0})", "f", 0.2), ("math.erf({0})", "f", 0.2),
          ("(math.degrees({0}) * 0.01)", "f", 0.2), ("math.sqrt({0})", "f", 0.1),
          # the config's own values
          ('float(list({0}).index("a"))', "kd", 1), ('float(list({0}).index("a"))', "od", 1),
          ("sum(v * (j + 1) for j, v in enumerate({0}.values()))", "kd", 1),
          ("list({0}.values())[0]", "od", 1), ("list({0}.items())[-1][1]", "kd", 0.5),
          ('({0}.v + getattr({0}, "w"))', "ns", 1), ("{0}[1][0]", "ll", 0.5)],
}

# Text of values for the config's prints (F92): (template, argument kinds).
TEXT_OPS = [('", ".join(map(str, [{0}, {1}]))', "f i"),
            ('", ".join(map(str, [{0}, {1}, {2}]))', "f b f"),
            ('" ".join(str(e) for e in {0})', "fa"),
            ('"/".join(str(e) for e in ({0}, {1}))', "f f"),
            ('" ".join(map(str, {0}))', "ia"), ('", ".join(f"{{e}}" for e in {0})', "fa"),
            ("str({0}).rjust(8)", "f"), ('str({0}).ljust(7) + "|"', "i"),
            ("str({0}).center(9)", "f"),
            ("str({0}).upper()", "b"), ("str({0}).lower()", "b"), ("str({0})[:3]", "f"),
            ("str({0})[1:]", "i"), ('"{{}}".format({0}).rjust(6)', "i"), ("str({0}).zfill(5)", "i"),
            ('str({0}).replace("-", "m")', "i"), ('"<" + str({0}).strip() + ">"', "f")]

# Statements that raise a LookupError when they run (F100, F105): (exception, template,
# argument kinds); and look-alikes that do not raise.
RAISES = [("KeyError", '{{"s": {0}}}["t"]', "f"), ("IndexError", "[{0}, {1}][3]", "f f"),
          ("KeyError", '{{"s": {0}}}.pop("t")', "f"), ("IndexError", "[{0}][-2]", "f")]
NO_RAISE = [('{{"s": {0}}}["s"]', "f"), ("[{0}, {1}][-1]", "f f")]
RAISE_TEMPLATES = {t for _, t, _ in RAISES}

# Module-level list and dict mutators (F102): (argument kind, result kind, body lines).
MUTATORS = [
    ("l", "none", ["lst[0] = x"]),
    ("l", "none", ["lst[-1] = jnp.clip(lst[-1] * 0.5 + x, -8.0, 8.0)"]),
    ("l", "f", ["if x > lst[0]:", "    lst[0] = x", "return lst[0]"]),
    ("l", "none", ["lst.append(x)"]),
    ("l", "none", ["lst.insert(0, x)", "lst.pop()"]),
    ("l", "none", ["for j in range(len(lst)):", "    lst[j] = lst[j] * 0.5 + x"]),
    ("l", "f", ["lst.extend([x])", "return len(lst) * 0.5"]),
    ("d", "none", ['d["s"] = x']),
    ("d", "f", ['d["k"] = (d["k"] + 1) % 7', 'return d["s"]']),
    ("d", "none", ['d.update(s=jnp.clip(d["s"] + x, -8.0, 8.0))']),
]
RESIZES = (".append(", ".extend(", ".insert(", ".pop(")


def gated(template: str, kinds: str) -> str | None:
    """The template as the idioms config makes it, past its open findings (None: not
    made); idioms-open makes each as written."""
    if template.startswith("max(range(L), key="):
        return None
    if " in range(" in template:
        return template.replace("{0} ", "({0} % 7) " if kinds[0] == "i" else "({0} * 1.0) ", 1)
    return template


def available(ops, scope, open_=False):
    """The ops whose argument kinds the scope can give (the config's own kinds by name)."""
    have = set(scope.values())
    ops = ops if open_ else [(gated(t, k), k, w) for t, k, w in ops if gated(t, k)]
    return [op for op in ops if all(k in BASE or k in have for k in op[1].split())]


# ----------------------------------------------------------------- may_refuse

def mine(prog) -> bool:
    """A program of the idioms config (it has the module-level table)."""
    return any(isinstance(c, ir.TopLevel) for c in prog.classes)


def _orders(block) -> list:
    """The key-order changes (ir.Code.order) below `block`, in order."""
    return [n.order for _, n in ir.walk(block) if isinstance(n, ir.Code) and n.order]


def _static_trip(loop, open_) -> bool:
    """The loop runs a number of times known when traced: a Python range or tuple, or (with
    the open findings) a traced array, which the converter refuses to reorder in (a scan)."""
    if loop.iter in ("array", "enumerate", "zip"):
        return open_
    return loop.iter == "tuple" or loop.iter == "range" and all(
        isinstance(a, ir.Const) for a in loop.args)


def _exits(s) -> bool:
    """`s` may end its block (a closure's `return` ends nothing of f, a loop's `break` only
    the loop)."""
    if isinstance(s, ir.Def):
        return False
    kinds = (ir.Return, ir.Raise) if isinstance(s, (ir.For, ir.While, ir.Collect)) else ir.TERMINAL
    return any(isinstance(n, kinds) for _, n in ir.walk(s))


def _visit(block, cond, found, open_):
    """Notes in `found` the key-order changes that run on some paths only: under an `if`
    whose branches change the order differently, in a loop whose trip count may be traced
    or that may exit early, after a statement that may exit; `found["add"]` an added key
    anywhere but straight-line code and balanced branches (its key set may differ)."""
    for s in block:
        if isinstance(s, ir.Code) and s.order:
            found["order"] |= cond
            found["add"] |= cond and s.order.split()[1] == "add"
        elif isinstance(s, ir.If):
            unbalanced = _orders(s.body) != _orders(s.orelse) or _exits(s)
            _visit(s.body, cond or unbalanced, found, open_)
            _visit(s.orelse, cond or unbalanced, found, open_)
        elif isinstance(s, ir.For):
            _visit(s.body, cond or not _static_trip(s, open_) or _exits(s), found, open_)
        elif isinstance(s, (ir.While, ir.Match)):
            for body in [s.body] if isinstance(s, ir.While) else [c.body for c in s.cases]:
                _visit(body, True, found, open_)
        elif isinstance(s, (ir.With, ir.Try)):
            _visit(s.body, cond, found, open_)
            _visit(getattr(s, "handler", []), True, found, open_)
        elif isinstance(s, ir.Collect):
            _visit(s.loop.body, cond, found, open_)
        cond = cond or _exits(s)


def _lookup_may_raise(node) -> bool:
    return any(isinstance(n, ir.ListOp) or isinstance(n, ir.Op) and (
        n.template in RAISE_TEMPLATES or ir.is_effect(n)) for _, n in ir.walk(node))


def _staged_in_try(main) -> bool:
    """A try or `contextlib.suppress` that catches a LookupError, where a statement that
    may raise one stands on a traced path: nested in a construct, after a statement of f
    that may return, or in a construct of its body (F100: a StagedRaiseError)."""
    exited = False
    for s in main.body:
        for _, n in ir.walk(s):
            mine = isinstance(n, ir.Try) and n.exc not in ("ZeroDivisionError", "ValueError") \
                or isinstance(n, ir.With) and n.ctx
            if not mine or not _lookup_may_raise(n.body):
                continue
            if n is not s or exited or any(
                    isinstance(b, (ir.If, ir.For, ir.While, ir.Match, ir.With, ir.Try)) and
                    _lookup_may_raise(b) for b in n.body):
                return True
        exited = exited or _exits(s)
    return False


def _rebound_alias(main) -> bool:
    """A second name `v2 = v1` (idioms.gen_idiom_alias) where a statement binds one of the
    two anew: after a traced construct that may have, the name picks one of two objects,
    and a change of the other is F66's StateError ("picks which")."""
    names = {n for _, c in ir.walk(main) if isinstance(c, ir.Code) and c.lines[0].endswith(" = {0}")
             and isinstance(c.args[0], ir.Name) for n in (c.binds[0][0], c.args[0].name)}
    return any(isinstance(n, ir.Assign) and n.target in names or
               isinstance(n, ir.Unpack) and names & set(n.targets) for _, n in ir.walk(main))


def may_refuse(prog, open_=False) -> list:
    """The idioms config's clear refusals: a dict's key order that depends on the traced
    path (a StateError saying "key order"; a key set that may differ: any StateError); a
    second name of a list or dict that a traced construct may bind anew (F66); a
    LookupError raised on a traced path inside a `try` that catches it; a list a callee
    resizes (as a ListOp: its length may depend on a traced value)."""
    if not mine(prog):
        return []
    found = {"order": False, "add": False}
    _visit(prog.main.body, False, found, open_)
    out = ["StateError:key order"] * found["order"] + ["StateError"] * found["add"]
    if _rebound_alias(prog.main):
        out.append("StateError:picks which")
    if _staged_in_try(prog.main):
        out.append("StagedRaiseError")
    resizers = {c.name for c in prog.classes if isinstance(c, ir.Mutator) and
                any(r in c.text for r in RESIZES)}
    if any(isinstance(n, ir.Op) and n.template.split("(")[0] in resizers
           for _, n in ir.walk(prog)):
        out += ["StateError", "TracedListError", "UndefinedVariableError"]
    return out


CODE_MARKS = {"setattr(": "setattr", "SimpleNamespace": "namespace", "OrderedDict": "ordered-dict",
              "[{1}][{2}]": "shared-row-write", ", {0}]": "shared-rows", "] * 2": "shared-rows"}
OP_MARKS = {" in range(": "range-membership", "TAB0[": "table-index", "key=": "ordered-by-key",
            "math.": "math", ") < (": "tuple-order", ") >= (": "tuple-order",
            "list({0}).index": "dict-order-read", "[-2] * 0.5 + ": "appended-list-read"}


def tags(prog) -> set:
    """The idioms config's shapes in `prog` (gen.shape_tags)."""
    out = set()
    if not mine(prog):
        return out
    muts = {c.name for c in prog.classes if isinstance(c, ir.Mutator) and int(c.name[1:]) >= 5}
    for _, n in ir.walk(prog):
        if isinstance(n, ir.Op):
            out |= {tag for mark, tag in OP_MARKS.items() if mark in n.template}
            out |= {"text-of-traced"} if n.kind == "txt" else set()
            out |= {"callee-mutates"} if n.template.split("(")[0] in muts else set()
        elif isinstance(n, ir.Code):
            text = "\n".join(n.lines)
            out |= {tag for mark, tag in CODE_MARKS.items() if mark in text}
            out |= {"key-order-" + n.order.split()[1]} if n.order else set()
            out |= {"alias"} if n.lines[0].endswith(" = {0}") else set()
        elif isinstance(n, ir.With) and n.ctx:
            out.add("suppress")
        elif isinstance(n, ir.Try) and n.exc not in ("ZeroDivisionError", "ValueError"):
            out.add("try-lookup")
    return out
