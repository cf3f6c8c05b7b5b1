"""The statement tree of a generated program, and how it prints as Python.

A program is a module with helper functions `h0, h1, ...` and a main
function `f`. Every value has one of five kinds, fixed per variable name:

    f   float scalar (Python float/int or float32 array of shape ())
    i   int scalar   (Python int or int32 array of shape ())
    b   bool scalar  (Python bool or bool array of shape ())
    fa  float32 array of shape (L,)
    ia  int32 array of shape (L,)
    p   a pair (f, i): a tuple, so a pytree in branch and loop state
    d   a dict {"s": f, "k": i}: mutated in place by `d["s"] = ...`, or by a
        mutator `u0(d, x)` that changes its items
    o   an object of a class `K0` defined in the module, with attributes
        `total` (f) and `count` (i) that its methods change; not one of
        KINDS: created once at the top of `f`, never reassigned, passed or
        returned (an object is no pytree, so it cannot be branch state)

Names say what a variable may do:

    a0, a1 ...  parameters; assignable
    n0, n1 ...  int parameters used as sizes (0..4); read-only
    v0, v1 ...  variables; assignable
    t0, t1 ...  `for` targets; assignable (Python resets them each iteration)
    w0, w1 ...  `while` counters; read-only
    c0, c1 ...  lists that collect loop items; only appended to
    o0, o1 ...  objects (kind o); read-only names, changed through methods
    h0, h1 ...  helper functions (module level); g0, g1 ... closures inside `f`
    u0, u1 ...  dict mutators (module level): `u0(d, x)` changes d's items
    K0          a class (module level) whose methods change `self` attributes
    q0, q1 ...  objects of the user class `Q0` (kind q; the extras config, extras.py):
                made at the top of `f`, read-only names, used through operators
    s0, s1 ...  the idioms config's values (idioms.py): dicts whose key order it reads
                (kinds kd, od), namespaces (ns), lists of rows (ll); bound by ir.Code only
    TAB0        the idioms config's module-level table (ir.TopLevel)

A closure may declare `nonlocal` one of `f`'s parameters and update it.
The extras config (extras.py) adds generator functions defined in `f`
(`Func.generator`, `Yield`; a call of one is an expression of kind "gen"),
loops whose body raises (`For.raises`, `While.raises`) and a module-level
user class `Q0` (UserClass; its objects have kind "q"). The idioms config
(idioms.py) adds statements written as lines with expression holes (Code),
module-level text (TopLevel), `with contextlib.suppress(...)` (With.ctx) and
imports (Program.imports).
A method call `o1.add(x)` and a mutator call `u0(d, x)` have side effects;
like a `nonlocal` closure they are called only as a statement or the value
of an assignment of `f` (scope.py).

Expressions are templates (`"({0} + {1})"`) over typed children, so the
shrinker can replace any expression by a child of the same kind.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, fields, is_dataclass

KINDS = ("f", "i", "b", "fa", "ia", "p", "d")


# ------------------------------------------------------------- expressions

@dataclass
class Name:
    name: str
    kind: str


@dataclass
class Const:
    value: object
    kind: str


@dataclass
class Op:
    template: str
    args: list
    kind: str


Expr = Name | Const | Op


# -------------------------------------------------------------- statements

@dataclass
class Assign:
    target: str
    kind: str
    value: Expr
    op: str = ""            # "" for `=`, else the augmented operator: "+", "-", "*"
    annot: str = ""         # `target: annot = value` (only with op "")


@dataclass
class Unpack:
    """`x, y = e1, e2`: both values are computed before either is assigned."""
    targets: list
    kinds: list
    values: list


@dataclass
class SetItem:
    """`d[key] = value` or `d[key] op= value` on a dict variable (an in-place update)."""
    target: str
    key: str
    value: Expr
    op: str = ""

    @property
    def kind(self):
        return self.value.kind


@dataclass
class Declare:
    """A bare annotation `v: int`: declares a local, assigns nothing."""
    name: str
    annot: str


@dataclass
class SetPath:
    """`d["a"]["b"] = value` or `d["b"] = {"a": value}` on a nested dict (kind nd):
    `keys` is the item path; an item it names that is not there is added."""
    target: str
    keys: list
    value: Expr


@dataclass
class ListOp:
    """`c.pop()`, `c.append(x)`, `c.insert(0, x)`, `c.extend([x, y])`, `c.remove(c[0])`
    on a list of floats (kind l); `result` takes what `pop` returns (`v = c.pop()`).
    Method "setitem" is the item assignment `c[i] = x` (args i, x)."""
    target: str
    method: str
    args: list
    result: str | None = None
    aug: str = ""       # "setitem" only: `c[i] += x` for "+"


@dataclass
class If:
    test: Expr
    body: list
    orelse: list = field(default_factory=list)


@dataclass
class While:
    """`w = 0; while w < bound [and test]: w += 1; body` (always terminates).

    With `max_iter`, the body starts with
    `autograph_py.set_loop_options(maximum_iterations=max_iter)`: a traced
    loop becomes a reverse-differentiable scan. The bound stays below it.
    With `walrus`, the counter counts in the test instead:
    `while (w := w + 1) <= bound [and test]:` (the same values in the body).
    With `lead`, a body that starts with `if c: ...; break` has it before
    `w += 1`: the loop's leading exit, which the converter folds into the test.
    """
    counter: str
    bound: Expr
    test: Expr | None
    body: list
    max_iter: int | None = None
    walrus: bool = False
    lead: bool = False
    leaks: list = field(default_factory=list)   # [(name, kind)]: read after it (see For)
    raises: str = ""    # the extras config's tag of a body that raises ("pop", "index", ...)


@dataclass
class For:
    """`for targets in <iter>(args): body`; iter is range, array, enumerate, zip or tuple,
    or "gen": a call of a generator function (the extras config), iterated as it is."""
    targets: list
    kinds: list
    iter: str
    args: list
    body: list
    # [(name, kind)]: the body's first statements (or the targets) assign these and the
    # code after the loop reads them, although the loop may run zero times: then eager
    # Python raises UnboundLocalError, and so must the converted program.
    leaks: list = field(default_factory=list)
    raises: str = ""    # the extras config's tag of a body that raises ("pop", "index", ...)


@dataclass
class Collect:
    """`acc = []; for ...: body; acc.append(item)`, then `target = jnp.stack(acc)`.

    The loop goes over an array (L items) and its body never exits early, so
    the list is only appended to: a traced loop stacks the items (scan ys).
    """
    acc: str
    target: str
    loop: For
    item: Expr
    read: str = ""   # the appended item also reads the list: "len", "sum" or "last"

    @property
    def kind(self):
        return self.item.kind + "a"


@dataclass
class Assert:
    """`assert test, "message"`: a run-time check when `test` is traced."""
    test: Expr
    msg: str
    values: list = field(default_factory=list)   # shown in the message (see render_text)
    style: str = ""


@dataclass
class Print:
    """`print("tag", values...)`: jax.debug.print when a value is traced; with a
    `style`, one string built from the values (render_text). check.py compares the
    output where the case says `compare_prints`."""
    tag: str
    values: list
    style: str = ""


@dataclass
class With:
    """`with contextlib.nullcontext(): body` (the context does nothing); with `ctx` (the
    idioms config) `with <ctx>: body`, e.g. `contextlib.suppress(KeyError)`."""
    body: list
    ctx: str = ""


@dataclass
class Try:
    """`try: body except ZeroDivisionError: handler`; the body never raises it.

    Generated programs never divide by a variable, so the handler never runs;
    it assigns fallbacks for what the body assigns, as users write it. With
    `exc="ValueError"` the body may call a raising helper (`r0(k, x)`) whose
    raise a Python value decides, so the handler may run (shapes.py).
    """
    body: list
    handler: list
    exc: str = "ZeroDivisionError"


@dataclass
class MatchCase:
    """One `case` of a Match: `values` ([0], [1, 2]) or None for an
    irrefutable pattern, which is the wildcard `_` (capture None) or a
    capture name (an int variable bound to the subject); an optional guard."""
    values: list | None
    capture: str | None
    guard: Expr | None
    body: list


@dataclass
class Match:
    """`match subject: case ...` on an int subject (value patterns, `|`, captures, guards).

    An irrefutable case (wildcard or unguarded capture) is only the last one,
    as Python requires.
    """
    subject: Expr
    cases: list


@dataclass
class Raise:
    """`raise ValueError(msg)`: only inside an `if` (gen.py decides whether it may run)."""
    msg: str
    values: list = field(default_factory=list)   # shown in the message (see render_text)
    style: str = ""


@dataclass
class Obj:
    """`o1 = K0(total, count)`: an object, created among `f`'s top-level statements;
    kind "q": `q1 = Q0(x, k)`, an object of the extras config's user class."""
    target: str
    cls: str
    args: list
    kind: str = "o"


@dataclass
class ExprStmt:
    """An expression as a statement: a method or mutator call (`o1.add(x)`, `u0(d, x)`)."""
    value: Expr


@dataclass
class Yield:
    """`yield value` (a float), or `yield from value` (an array or a generator call) with
    `frm`: only in a generator function (Func.generator; the extras config)."""
    value: Expr
    frm: bool = False


@dataclass
class Code:
    """Lines of source with holes `{0}`, `{1}` for `args` (the idioms config, idioms.py):
    `s5[0][1] = x`, `del s7["a"]`, `setattr(s9, "v", x)`. `binds`: [(name, kind)] the lines
    certainly assign; `order`: the key-order change it makes to a dict ("s7 end a"), which
    idiom_ops.may_refuse reads; "" for none."""
    lines: list
    args: list
    binds: list = field(default_factory=list)
    order: str = ""


@dataclass
class TopLevel:
    """A module-level statement as text (the idioms config's tables `TAB0 = [...]`)."""
    name: str
    text: str


@dataclass
class Break:
    pass


@dataclass
class Continue:
    pass


@dataclass
class Return:
    values: list


@dataclass
class Func:
    name: str
    params: list            # [(name, kind)]
    ret: list               # kinds of the returned values
    body: list
    nonlocals: list = field(default_factory=list)   # [(name, kind)]: `nonlocal` in a closure
    # The transforms config (transforms.py): a decorator line (`@jax.jit`) and module-level
    # wrappers made right after the def (`h0_grad = jax.grad(h0)`), as text.
    decorator: str = ""
    wrappers: list = field(default_factory=list)
    # The extras config (extras.py): a generator function defined in `f` ("py": its bounds
    # and tests are Python values; "traced": one may be traced, a ConcreteValueError when
    # converted). Its body has `yield` and no `return`; `ret` is the kind of its items.
    generator: str = ""


@dataclass
class Def:
    """A nested function `def g(...)` at the top of `f`: a closure over `f`'s parameters.

    It reads them (their values when it is called, which `f` may have
    reassigned by then) and assigns only its own parameters and locals, and
    the parameters it declares `nonlocal` (fn.nonlocals), which a call changes
    in `f` too.
    """
    fn: Func


@dataclass
class ClassDef:
    """A module-level class `K0`: `__init__(self, total, count)` and methods that
    change `self.total` / `self.count`. `methods`: name -> (argument kinds,
    result kind, body lines); gen.py chooses them."""
    name: str
    methods: dict

    @property
    def text(self) -> str:
        out = [f"class {self.name}:", "    def __init__(self, total, count):",
               "        self.total = total", "        self.count = count"]
        for name, (kinds, _, body) in self.methods.items():
            params = ", ".join(["self"] + [PARAM_NAMES[k] for k in kinds])
            out += ["", f"    def {name}({params}):"] + ["        " + line for line in body]
        return "\n".join(out)


@dataclass
class UserClass:
    """The extras config's module-level class `Q0` (extras.make_user_class): `__init__(self,
    x, k)`, some operator methods and a `size` property, as text; `caps` says which ones
    (and whether `q * xs` takes an array, whether `len(q)` is a Python int)."""
    name: str
    text: str
    caps: dict = field(default_factory=dict)


PARAM_NAMES = {"f": "x", "i": "k", "fa": "xs"}   # of methods and mutators, by kind


@dataclass
class Mutator:
    """A module-level `def u0(d, x):` that changes items of its dict argument
    and returns one; `arg` is the kind of x, `ret` the result kind."""
    name: str
    arg: str
    ret: str
    text: str


@dataclass
class Program:
    L: int
    helpers: list
    main: Func
    classes: list = field(default_factory=list)     # ClassDef, Mutator, UserClass, TopLevel
    transforms: bool = False    # imports functools and lax too (the transforms config)
    imports: list = field(default_factory=list)    # more modules (the idioms config: math)

    def funcs(self):
        return [*self.helpers, self.main]

    def source(self) -> str:
        return render(self)


TERMINAL = (Break, Continue, Return, Raise)


# -------------------------------------------------------------- rendering

def render_expr(e) -> str:
    if isinstance(e, Name):
        return e.name
    if isinstance(e, Const):
        text = repr(e.value)
        return f"({text})" if text.startswith("-") else text
    return e.template.format(*(render_expr(a) for a in e.args))


def _render_block(stmts, indent, out):
    if not stmts:
        out.append(" " * indent + "pass")
    for s in stmts:
        _render_stmt(s, indent, out)


def leading_exit(s) -> bool:
    """`if c: [one statement]; break` with no else: a While's `lead`."""
    return (isinstance(s, If) and not s.orelse and bool(s.body)
            and isinstance(s.body[-1], Break))


def _render_stmt(s, indent, out, keyword="if"):
    pad = " " * indent
    if isinstance(s, Assign) and s.annot:
        out.append(f"{pad}{s.target}: {s.annot} = {render_expr(s.value)}")
    elif isinstance(s, Assign):
        out.append(f"{pad}{s.target} {s.op}= {render_expr(s.value)}")
    elif isinstance(s, Declare):
        out.append(f"{pad}{s.name}: {s.annot}")
    elif isinstance(s, SetPath):
        keys = "".join(f"[{k!r}]" for k in s.keys)
        value = render_expr(s.value)
        out.append(f"{pad}{s.target}{keys} = " + (value if len(s.keys) > 1 else f'{{"a": {value}}}'))
    elif isinstance(s, ListOp) and s.method == "setitem":
        op = f" {s.aug}= " if s.aug else " = "
        out.append(f"{pad}{s.target}[{render_expr(s.args[0])}]{op}{render_expr(s.args[1])}")
    elif isinstance(s, ListOp):
        call = f"{s.target}.{s.method}({', '.join(render_expr(a) for a in s.args)})"
        out.append(f"{pad}{s.result} = {call}" if s.result else pad + call)
    elif isinstance(s, Unpack):
        out.append(f"{pad}{', '.join(s.targets)} = {', '.join(render_expr(v) for v in s.values)}")
    elif isinstance(s, SetItem):
        out.append(f"{pad}{s.target}[{s.key!r}] {s.op}= {render_expr(s.value)}")
    elif isinstance(s, If):
        out.append(f"{pad}{keyword} {render_expr(s.test)}:")
        _render_block(s.body, indent + 4, out)
        if len(s.orelse) == 1 and isinstance(s.orelse[0], If):
            _render_stmt(s.orelse[0], indent, out, keyword="elif")
        elif s.orelse:
            out.append(f"{pad}else:")
            _render_block(s.orelse, indent + 4, out)
    elif isinstance(s, While):
        if s.walrus:
            test = f"({s.counter} := {s.counter} + 1) <= {render_expr(s.bound)}"
        else:
            test = f"{s.counter} < {render_expr(s.bound)}"
        if s.test is not None:
            test += f" and {render_expr(s.test)}"
        out.append(f"{pad}{s.counter} = 0")
        out.append(f"{pad}while {test}:")
        if s.max_iter is not None:
            out.append(f"{pad}    autograph_py.set_loop_options(maximum_iterations={s.max_iter})")
        body = s.body
        if s.lead and not s.walrus and body and leading_exit(body[0]):
            _render_stmt(body[0], indent + 4, out)
            body = body[1:]
        if not s.walrus:
            out.append(f"{pad}    {s.counter} += 1")
        elif not body and s.max_iter is None:
            out.append(f"{pad}    pass")
        for b in body:
            _render_stmt(b, indent + 4, out)
    elif isinstance(s, With):
        out.append(f"{pad}with {s.ctx or 'contextlib.nullcontext()'}:")
        _render_block(s.body, indent + 4, out)
    elif isinstance(s, Try):
        out.append(f"{pad}try:")
        _render_block(s.body, indent + 4, out)
        out.append(f"{pad}except {s.exc}:")
        _render_block(s.handler, indent + 4, out)
    elif isinstance(s, For):
        _render_for(s, indent, out)
    elif isinstance(s, Collect):
        out.append(f"{pad}{s.acc} = []")
        item = render_expr(s.item)
        item = {"len": f"({item}) + len({s.acc})", "sum": f"({item}) + 0.5 * sum({s.acc}, 0.0)",
                "last": f"({item}) + ({s.acc}[-1] if {s.acc} else 0)"}.get(s.read, item)
        _render_for(s.loop, indent, out, tail=f"{s.acc}.append({item})")
        out.append(f"{pad}{s.target} = jnp.stack({s.acc})")
    elif isinstance(s, Def):
        out.append(render_func(s.fn, indent))
    elif isinstance(s, Assert):
        out.append(f"{pad}assert {render_expr(s.test)}, {render_text(s.msg, s.values, s.style)}")
    elif isinstance(s, Print) and s.style:
        out.append(f"{pad}print({render_text(s.tag, s.values, s.style)})")
    elif isinstance(s, Print):
        out.append(f"{pad}print({', '.join([repr(s.tag)] + [render_expr(v) for v in s.values])})")
    elif isinstance(s, Match):
        out.append(f"{pad}match {render_expr(s.subject)}:")
        for c in s.cases:
            if c.values is not None:
                pattern = " | ".join(repr(v) for v in c.values)
            else:
                pattern = c.capture or "_"
            guard = f" if {render_expr(c.guard)}" if c.guard is not None else ""
            out.append(f"{pad}    case {pattern}{guard}:")
            _render_block(c.body, indent + 8, out)
    elif isinstance(s, Raise):
        out.append(f"{pad}raise ValueError({render_text(s.msg, s.values, s.style)})")
    elif isinstance(s, Obj):
        out.append(f"{pad}{s.target} = {s.cls}({', '.join(render_expr(a) for a in s.args)})")
    elif isinstance(s, ExprStmt):
        out.append(f"{pad}{render_expr(s.value)}")
    elif isinstance(s, Code):
        args = [render_expr(a) for a in s.args]
        out += [pad + line.format(*args) for line in s.lines]
    elif isinstance(s, Yield):
        out.append(f"{pad}yield {'from ' if s.frm else ''}{render_expr(s.value)}")
    elif isinstance(s, Break):
        out.append(f"{pad}break")
    elif isinstance(s, Continue):
        out.append(f"{pad}continue")
    elif isinstance(s, Return):
        vals = [render_expr(v) for v in s.values]
        out.append(f"{pad}return {vals[0]}" if len(vals) == 1 else f"{pad}return ({', '.join(vals)})")
    else:
        raise TypeError(f"not a statement: {s!r}")


def render_text(tag: str, values: list, style: str) -> str:
    """A string expression: `tag` and the values, built the way `style` says."""
    vals = [render_expr(v) for v in values]
    if not style or not vals:
        return repr(tag)
    if style == "str":
        return " + ".join([repr(tag)] + [f'" " + str({v})' for v in vals])
    if style == "repr":
        return " + ".join([repr(tag)] + [f'" " + repr({v})' for v in vals])
    if style == "format":
        return f"{tag + ' {}' * len(vals)!r}.format({', '.join(vals)})"
    if style == "percent":
        return f"{tag + ' %s' * len(vals)!r} % ({', '.join(vals)},)"
    if style == "fstring":
        return "f'" + tag + "".join(f" {{ {v} }}" for v in vals) + "'"   # `{ {"a": ..} }`
    raise ValueError(f"unknown text style {style!r}")


def _render_for(s: For, indent, out, tail=None):
    out.append(f"{' ' * indent}for {', '.join(s.targets)} in {render_iter(s)}:")
    if tail is None:
        _render_block(s.body, indent + 4, out)
    else:
        for b in s.body:
            _render_stmt(b, indent + 4, out)
        out.append(" " * (indent + 4) + tail)


def render_iter(s: For) -> str:
    args = [render_expr(a) for a in s.args]
    if s.iter == "range":
        return f"range({', '.join(args)})"
    if s.iter in ("array", "gen"):
        return args[0]
    if s.iter == "ziprange":
        return f"zip(range({args[0]}), {args[1]})"
    if s.iter == "tuple":
        return f"({', '.join(args)}{',' if len(args) == 1 else ''})"
    return f"{s.iter}({', '.join(args)})"


def render_func(fn: Func, indent: int = 0) -> str:
    out = [f"{' ' * indent}{fn.decorator}"] if fn.decorator else []
    out.append(f"{' ' * indent}def {fn.name}({', '.join(p for p, _ in fn.params)}):")
    if fn.nonlocals:
        out.append(f"{' ' * (indent + 4)}nonlocal {', '.join(n for n, _ in fn.nonlocals)}")
    _render_block(fn.body, indent + 4, out)
    if fn.wrappers:
        out.append("")
        out += [" " * indent + w for w in fn.wrappers]
    return "\n".join(out)


HEADER = "import contextlib\n\nimport jax\nimport jax.numpy as jnp\n\nimport autograph_py\n"
# The transforms config's: pyjax.eager_source rebinds the `jax` and `lax` lines for eager runs.
HEADER_TRANSFORMS = ("import contextlib\nimport functools\n\nimport jax\nfrom jax import lax\n"
                     "import jax.numpy as jnp\n\nimport autograph_py\n")


def render(prog: Program) -> str:
    header = HEADER_TRANSFORMS if prog.transforms else HEADER
    header = "".join(f"import {m}\n" for m in prog.imports) + header
    parts = [header] + [c.text for c in prog.classes] + [render_func(fn) for fn in prog.funcs()]
    return "\n\n".join(parts) + "\n"


# ---------------------------------------------------------------- walking

def is_expr(x) -> bool:
    return isinstance(x, (Name, Const, Op))


def is_stmt(x) -> bool:
    return isinstance(x, (Assign, Unpack, SetItem, If, While, For, Collect, Def, Assert, Print,
                          With, Try, Break, Continue, Return, Match, Raise, Obj, ExprStmt,
                          Declare, SetPath, ListOp, Yield, Code))


def walk(node, path=()):
    """Yields (path, value) for every expression, statement list and statement below `node`."""
    if is_expr(node) or is_stmt(node):
        yield path, node
    if isinstance(node, list):
        if node and all(is_stmt(s) for s in node) or (not node and path and path[-1] in
                                                      ("body", "orelse", "handler")):
            yield path, node
        for i, x in enumerate(node):
            yield from walk(x, path + (i,))
    elif is_dataclass(node) and not isinstance(node, type):
        for f in fields(node):
            yield from walk(getattr(node, f.name), path + (f.name,))


def get(node, path):
    for step in path:
        node = node[step] if isinstance(step, int) else getattr(node, step)
    return node


def replaced(prog, path, value):
    """A deep copy of `prog` with the node at `path` replaced by `value`."""
    new = copy.deepcopy(prog)
    parent, last = get(new, path[:-1]), path[-1]
    if isinstance(last, int):
        parent[last] = value
    else:
        setattr(parent, last, value)
    return new


def names_read(node) -> set:
    return {n.name for _, n in walk(node) if isinstance(n, Name)} | (
        {node.counter} if isinstance(node, While) else set())


def own_returns(fn: Func) -> list:
    """The `return` statements of `fn` itself, not of the closures it defines."""
    out, seen, todo = [], set(), [fn.body]
    while todo:
        for s in todo.pop():
            if isinstance(s, Return):
                if id(s) not in seen:   # a block can be reached twice (a Collect's loop)
                    seen.add(id(s))
                    out.append(s)
            elif isinstance(s, (If, While, For, With, Try)):
                todo += [s.body] + ([s.orelse] if isinstance(s, If) else []) + \
                    ([s.handler] if isinstance(s, Try) else [])
            elif isinstance(s, Collect):
                todo.append(s.loop.body)
            elif isinstance(s, Match):
                todo += [c.body for c in s.cases]
    return out


def is_effect(e) -> bool:
    """A call with a side effect on its arguments: a method (`o1.add(x)`) or a mutator `u0(d, x)`."""
    return isinstance(e, Op) and re.match(r"\{0\}\.\w+\(|u\d+\(", e.template) is not None


# A helper (h0, hr0), closure (g5) or mutator (u0) named in a template: called
# (`h0(...)`), handed to a transformation (`jax.grad(h0)`) or through its module-level
# wrapper (`h0_grad(...)`, transforms.py).
_REF = re.compile(r"(?<![\w.])((?:hr|[hgu])\d+)(?!\d)")


def refs(template: str) -> set:
    """The helpers, closures and mutators a template names (see _REF)."""
    return set(_REF.findall(template))


def calls(node, prefix="h") -> set:
    """Names of the helpers (prefix "h") or closures ("g") called below `node`."""
    return {m for _, n in walk(node) if isinstance(n, Op) for m in refs(n.template)
            if m.startswith(prefix)}
