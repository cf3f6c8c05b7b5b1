"""Pieces of the shapes2 config (idiom_shapes2.py): statements written as lines, and the
module-level text they use.

The shapes2 statements have syntax the statement tree (ir.py) has no node for (`for ...
else:`, `with C() as c:`, a class, a lambda pair), so each is an `S2Code`: lines with
holes for generated expressions, built by `Lines`:

    b = Lines(scope)                     # the names the holes may read
    b.add(0, "for @ in @:", name, xs)    # `@`: a hole for the next expression
    b.add(4, "if @:", test)
    b.code("for-else", binds=[(v, "f")])

An expression that reads only names of `scope` becomes a hole (ir.Code's `{0}`: the
validity check and the shrinker see it); one that reads a name the lines bind is written
as text. `S2Def` is module-level text (a class, a context manager, a helper); `refuse`
on either names the autograph_py errors that are a documented, clear outcome for it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tests.fuzz import ir


@dataclass
class S2Code(ir.Code):
    """An ir.Code of the shapes2 config: `tag` says which shape (gen.shape_tags)."""
    tag: str = ""
    refuse: list = field(default_factory=list)


@dataclass
class S2Def:
    """Module-level text of the shapes2 config (Program.classes renders `.text`)."""
    name: str
    text: str
    tag: str = ""
    refuse: list = field(default_factory=list)


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


class Lines:
    """Lines of source with holes for expressions that read only `outer` names."""

    def __init__(self, outer: dict):
        self.outer = outer
        self.lines: list[str] = []
        self.args: list = []

    def expr(self, e) -> str:
        names = [n for _, n in ir.walk(e) if isinstance(n, ir.Name)]
        if all(self.outer.get(n.name) == n.kind for n in names):
            self.args.append(e)
            return "{%d}" % (len(self.args) - 1)
        return _escape(ir.render_expr(e))

    def add(self, indent: int, text: str, *exprs):
        parts = _escape(text).split("@")
        if len(parts) != len(exprs) + 1:
            raise ValueError(f"{len(exprs)} expressions for {text!r}")
        out = parts[0] + "".join(self.expr(e) + p for e, p in zip(exprs, parts[1:]))
        self.lines.append(" " * indent + out)

    def stmts(self, indent: int, stmts: list):
        """Simple statements (Assign, If of them) as lines."""
        for s in stmts:
            if isinstance(s, ir.Assign):
                self.add(indent, f"{s.target} {s.op}= @", s.value)
            elif isinstance(s, ir.If):
                self.add(indent, "if @:", s.test)
                self.stmts(indent + 4, s.body or [ir.Code(["pass"], [])])
                if s.orelse:
                    self.add(indent, "else:")
                    self.stmts(indent + 4, s.orelse)
            elif isinstance(s, ir.Code) and s.lines == ["pass"]:
                self.add(indent, "pass")
            else:
                raise TypeError(f"not a simple statement: {s!r}")

    def code(self, tag: str, binds=(), refuse=()) -> S2Code:
        return S2Code(list(self.lines), list(self.args), list(binds), tag=tag,
                      refuse=list(refuse))


# ----------------------------------------------------------- module-level text

def cm_class(name: str, rng) -> tuple[str, str]:
    """A context manager class: with __init__ (its object `as` target; attributes x, n) or
    without (`__enter__` returns a float). Returns (text, what `as` binds: "obj" | "f")."""
    if rng.random() < 0.6:
        enter = rng.choice(["        return self",
                            "        self.n = self.n + 1\n        return self"])
        exit_ = rng.choice(["        self.n = self.n + 2\n        return False",
                            "        self.n = self.n * 2 + 1", "        return None"])
        text = (f"class {name}:\n    def __init__(self, x):\n        self.x = x\n"
                f"        self.n = 0\n\n    def __enter__(self):\n{enter}\n\n"
                f"    def __exit__(self, exc_type, exc, tb):\n{exit_}")
        return text, "obj"
    value = rng.choice([0.5, -1.0, 2.0, 0.25])
    exit_ = rng.choice(["        pass", "        return False"])
    text = (f"class {name}:\n    def __enter__(self):\n        return {value}\n\n"
            f"    def __exit__(self, *args):\n{exit_}")
    return text, "f"


def cm_generator(name: str, rng, prints: bool) -> str:
    """A `@contextlib.contextmanager` generator that yields a float (and maybe prints)."""
    lines = ["@contextlib.contextmanager", f"def {name}(x):"]
    if prints and rng.random() < 0.6:
        lines.append(rng.choice([f'    print("{name} enter")', f'    print("{name} enter", x)']))
    lines.append(rng.choice(["    yield x * 0.5", "    yield jnp.sin(x)", "    yield x"]))
    if prints and rng.random() < 0.6:
        lines.append(f'    print("{name} exit")')
    return "\n".join(lines)


def state_class(name: str, rng) -> str:
    """A plain class or a dataclass with a float `v` and an int `k` (default 0)."""
    if rng.random() < 0.5:
        return (f"class {name}:\n    def __init__(self, v, k=0):\n        self.v = v\n"
                f"        self.k = k")
    frozen = rng.choice(["", "(frozen=True)"])
    return f"@dataclasses.dataclass{frozen}\nclass {name}:\n    v: float\n    k: int = 0"


def root_helper(name: str, L: int, rng, first: bool) -> str:
    """`def hz3(xs, n)`: a search loop with `else: root = None`, then `if root is None:
    return -1.0`; `first`: `root = None` before the loop too."""
    c = rng.choice([0.0, 0.5, 1.0, -0.5])
    if rng.random() < 0.5:
        head, elem = "    for j in range(n):", f"        x = xs[j % {L}]"
    else:
        head, elem = "    for x in xs:", ""
    test = rng.choice([f"x > {c}", f"jnp.abs(x - {c}) < 0.5", f"x * x > {c + 1.0}"])
    lines = [f"def {name}(xs, n):"] + (["    root = None"] if first else []) + [head]
    lines += ([elem] if elem else []) + [
        f"        if {test}:", f"            root = {rng.choice(['x * 0.5', 'x', 'x + 0.25'])}",
        "            break", "    else:", "        root = None", "    if root is None:",
        "        return -1.0", "    return root"]
    return "\n".join(lines)


# Bodies of the grad-of-grad helpers `def hq3(x, n)`: (kind, body lines). "while" has a
# traced trip count (its test reads y): grad of grad through it is a DifferentiationError.
GRAD_BODIES = [
    ("if", ["if x > 0.0:", "    y = x * x * {c}", "else:", "    y = jnp.sin(x) + x * {c}"]),
    ("for", ["y = x * 0.5", "for j in range(n):", "    y = jnp.sin(y) + x * {c}"]),
    ("for", ["y = x", "for j in range(3):", "    if y > 0.0:", "        y = y * {c} + x * x",
             "    else:", "        y = jnp.tanh(y) - x"]),
    ("while_static", ["y = x * 0.5", "k = 0", "while k < n:", "    y = y * {c} + jnp.sin(x)",
                      "    k += 1"]),
    ("while", ["y = x * 0.5", "k = 0", "while k < n and y < 4.0:",
               "    y = y * {c} + jnp.sin(x) + 1.0", "    k += 1"]),
]


def grad_helper(name: str, rng) -> tuple[str, str]:
    kind, body = rng.choice(GRAD_BODIES)
    c = rng.choice([0.5, -0.5, 1.5, 0.25])
    lines = [f"def {name}(x, n):"] + ["    " + b.format(c=c) for b in body] + ["    return y"]
    return "\n".join(lines), kind
