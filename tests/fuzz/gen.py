"""Random, always-terminating programs in the style users write, reproducible from a seed.

    prog, case = make_case(seed=0, index=17)     # the same program every time
    print(prog.source())

What keeps a program valid under SEMANTICS.md, so that eager and converted
runs must agree:

- reads only where the variable is certainly assigned (scope.py);
- every variable keeps its kind (shape, dtype kind) on every path; an `f`
  variable may start as a Python int (`s = 0`) and become float (promotion);
- `while` loops count up to a small bound; `range` bounds are constants,
  size parameters (0..4) or `(expr % 5)`; so every loop ends;
- int assignments wrap (`% m`), float assignments clip to [-8, 8] (and
  `v += e` never reads `v` in `e`), and float constants are dyadic (0.5,
  0.25), so int32 never overflows, values stay well-conditioned, Python
  floats and float32 give the same numbers, and comparisons do not flip
  between them;
- no division by a variable, no Python `int()`/`float()`/`min`/`max` of a
  traced value, no float `==`; so `try: ... except ZeroDivisionError:`
  never runs its handler, eagerly or converted;
- `set_loop_options(maximum_iterations=K)` only where the loop's bound is at
  most K, so the option never cuts a loop short;
- a closure that declares `nonlocal`, a method that changes its object
  (`o1.add(x)`) and a mutator that changes its dict argument (`u0(d, x)`)
  are called only where scope.py allows (as a statement or the value of an
  assignment of `f`); their updates wrap and clip like assignments;
- a `raise ValueError(...)` stands under an `if` whose test is false for
  every input (`n1 < 0` for a size, `not jnp.isfinite(x)`), so staging it
  must change nothing; rarely the test is a random one, and then eager and
  converted must both raise ValueError (check.py compares error kinds);
- a `match` has an int subject, value patterns, `|`, guards, captures and a
  wildcard or unguarded capture only as its last case, as Python requires.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field

from tests.fuzz import builtins as builtin_shapes, calls as seq, ir, scope as sc, shapes
from tests.fuzz import extras, idiom_ops, idiom_shapes2, idiom_shapes2b, idiom_shapes3, \
    idiom_shapes4, idiom_shapes5, idiom_shapes6, idiom_shapes7, idiom_shapes8, idiom_shapes9, \
    idioms, transforms
from tests.fuzz.ir import (Assign, Break, Const, Continue, For, Func, If, Match, MatchCase, Name, Op,
                           Program, Return, While)

# Templates per result kind: (template, argument kinds, weight). "L" is the
# array length; "cs" a float scale, "ck" a small int, "cm" a modulus.
OPS = {
    "f": [("({0} + {1})", "f f", 4), ("({0} - {1})", "f f", 3), ("({0} * {1})", "f cs", 3),
          ("({0} * {1})", "f f", 1), ("jnp.sin({0})", "f", 2), ("jnp.tanh({0})", "f", 1),
          ("jnp.abs({0})", "f", 1), ("jnp.maximum({0}, {1})", "f f", 1),
          ("jnp.minimum({0}, {1})", "f f", 1), ("(-{0})", "f", 1), ("jnp.sum({0})", "fa", 2),
          ("jnp.max({0})", "fa", 1), ("{0}[{1} % L]", "fa i", 3), ("({0} * 0.5)", "i", 1),
          ("({0} / 2)", "i", 1), ("({1} if {0} else {2})", "b f f", 2), ("{0}[0]", "p", 2),
          ('{0}["s"]', "d", 2),
          ("jnp.where({0}, {1}, {2})", "b f f", 1), ("jnp.dot({0}, {1})", "fa fa", 1)],
    "i": [("({0} + {1})", "i i", 3), ("({0} - {1})", "i i", 2), ("({0} * {1})", "i ck", 2),
          ("({0} // 2)", "i", 1), ("({0} % {1})", "i cm", 2), ("{0}[{1} % L]", "ia i", 3),
          ("jnp.sum({0})", "ia", 1), ("jnp.argmax({0})", "fa", 1), ("jnp.sum({0} > {1})", "fa f", 1),
          ("({1} if {0} else {2})", "b i i", 2), ("jnp.where({0}, {1}, {2})", "b i i", 1),
          ("(-{0})", "i", 1), ("abs({0})", "i", 1), ("len({0})", "fa", 1), ("({0} or {1})", "i i", 1),
          ("{0}[1]", "p", 2), ('{0}["k"]', "d", 2)],
    "b": [("({0} > {1})", "f f", 4), ("({0} < {1})", "f f", 3), ("({0} >= {1})", "f f", 1),
          ("({0} == {1})", "i i", 2), ("({0} != {1})", "i i", 1), ("({0} < {1})", "i i", 2),
          ("({0} % 2 == 0)", "i", 1), ("({0} and {1})", "b b", 3), ("({0} or {1})", "b b", 2),
          ("(not {0})", "b", 2), ("jnp.any({0} > {1})", "fa f", 1), ("jnp.all({0} < {1})", "fa f", 1),
          ("({1} if {0} else {2})", "b b b", 1), ("({0} < {1} < {2})", "f f f", 1),
          ("({0} <= {1} < {2})", "i i i", 1)],
    "fa": [("({0} + {1})", "fa fa", 3), ("({0} - {1})", "fa fa", 1), ("({0} + {1})", "fa f", 2),
           ("({0} * {1})", "fa cs", 2), ("({0} * {1})", "fa f", 1), ("jnp.sin({0})", "fa", 2),
           ("jnp.tanh({0})", "fa", 1), ("jnp.where({0} > {1}, {0}, {2})", "fa f f", 1),
           ("{0}.at[{1} % L].set({2})", "fa i f", 2), ("{0}.at[{1} % L].add({2})", "fa i f", 1),
           ("{0}[::-1]", "fa", 1), ("jnp.roll({0}, 1)", "fa", 1), ("({0} * 0.5)", "ia", 1),
           ("({1} if {0} else {2})", "b fa fa", 1), ("jnp.cumsum({0})", "fa", 1)],
    "ia": [("({0} + {1})", "ia i", 3), ("({0} * {1})", "ia ck", 1), ("({0} % {1})", "ia cm", 2),
           ("{0}.at[{1} % L].set({2})", "ia i i", 2), ("{0}.at[{1} % L].add({2})", "ia i ck", 1),
           ("({0} + {1})", "ia ia", 1), ("({1} if {0} else {2})", "b ia ia", 1),
           ("{0}[::-1]", "ia", 1)],
    "p": [("({0}, {1} % 7)", "f i", 3), ("({1} if {0} else {2})", "b p p", 1)],
    "d": [('{{"s": {0}, "k": {1} % 7}}', "f i", 3)],
}

COMPARISONS = [(t, a) for t, a, _ in OPS["b"] if a in ("f f", "i i", "f f f")]

CONSTS = {
    "f": [0.0, 0.5, 1.0, 1.5, 2.0, -0.5, -1.0, 0.25, 0, 1],
    "i": [0, 1, 2, 3, -1, 4],
    "b": [True, False],
    "cs": [0.5, -0.5, 0.25, 2.0, -1.0],
    "ck": [1, 2, 3],
    "cm": [2, 3, 4, 5, 7],
    "none": [None],   # shapes.gen_maybe_none's variables, before a value is given
}
# Assertions that hold for any values (an assert that may fail is also generated, rarely).
TRUISM_MSG = "cannot fail"
TRUISMS = [("jnp.isfinite({0})", "f"), ("jnp.all(jnp.isfinite({0}))", "fa"), ("(abs({0}) >= 0)", "i"),
           ("({0} % 3 < 3)", "i"), ("({0} or (not {0}))", "b"), ("({0}[1] < 7)", "p")]

# Tests that no generated input makes true: a `raise` under one never runs.
NEVER = [("(not jnp.isfinite({0}))", "f"), ("jnp.any(jnp.isnan({0}))", "fa"), ("(abs({0}) < 0)", "i"),
         ("(not ({0} or (not {0})))", "b"), ("({0}[1] >= 7)", "p"), ("({0} % 3 >= 3)", "i")]
NEVER_SIZE = ["({0} < 0)", "({0} > 4)"]   # size parameters are 0..4

# The module's class: `add` always, some of the others (name: argument kinds,
# result kind, body lines). Updates stay bounded, like generated assignments
# (`add` without a clip only adds, so the total stays well within float32).
ADD_BODIES = ["self.total = self.total + x", "self.total = jnp.clip(self.total + x, -8.0, 8.0)",
              "self.total = self.total * 0.5 + x"]
METHODS = {
    "bump": (["i"], "i", ["self.count = (self.count + k) % 7", "return self.count"]),
    "step": (["f", "i"], "i", ["if x > self.total:", "    self.total = x", "else:",
                               "    self.count = (self.count * 2 + k) % 5", "return self.count"]),
    "spread": (["fa"], "f", ["for x in xs:", "    if x > 0.0:",
                             "        self.count = (self.count + 1) % 7",
                             "        self.total = jnp.clip(self.total + x, -8.0, 8.0)",
                             "return self.total"]),
}

# Dict mutators `def u0(d, x)`: (argument kind, result kind, body lines).
MUTATORS = [
    ("f", "f", ['d["s"] = jnp.clip(d["s"] + x, -8.0, 8.0)', 'return d["s"]']),
    ("f", "f", ['d["s"] = d["s"] * 0.5 + x', 'd["k"] = (d["k"] * 2) % 7', 'return d["s"]']),
    ("i", "i", ['d["k"] = (d["k"] * 2 + k) % 7', 'return d["k"]']),
    ("f", "i", ['if x > d["s"]:', '    d["s"] = x', '    d["k"] = (d["k"] + 1) % 7',
                'return d["k"]']),
    ("i", "f", ['for _ in range(2):', '    d["s"] = d["s"] * 0.5 + k', 'return d["s"]']),
]

ARRAY_LEAVES = {"fa": ["jnp.ones(L)", "jnp.zeros(L)", "(jnp.arange(L) * 0.5)"],
                "ia": ["jnp.arange(L)", "jnp.zeros(L, jnp.int32)"],
                "p": ["(0.5, 1)", "(0.0, 0)"],
                "d": ['{{"s": 0.5, "k": 1}}']}


@dataclass
class Config:
    """Sizes of generated programs."""
    max_block: int = 4          # statements per block
    max_depth: int = 3          # nested blocks
    max_loops: int = 2          # nested loops
    expr_depth: int = 2
    n_helpers: tuple = (0, 2)
    n_closures: tuple = (0, 1)
    n_params: tuple = (2, 5)
    p_static: float = 0.3
    L: tuple = (2, 4)
    weights: dict = field(default_factory=lambda: {
        "assign": 10, "if": 5, "for": 4, "while": 2, "collect": 1, "jump": 2, "return": 1,
        "assert": 1, "print": 0.15, "unpack": 1, "setitem": 1.5, "with": 0.3, "try": 0.3,
        "call_writer": 2, "match": 1.2, "raise": 0.5, "method": 2, "mutate": 1.5,
        # the shapes config's (shapes.py); 0 keeps the other configs' programs as they were
        "declare": 0, "try_call": 0, "try_return": 0, "nested": 0, "listop": 0, "zerotrip": 0,
        "alias": 0, "maybe_none": 0})
    p_writer: float = 0.4       # a closure declares `nonlocal` one of f's parameters
    p_class: float = 0.35       # the module defines a class; f creates objects of it
    p_mutator: float = 0.35     # the module defines dict mutators `u0(d, x)`
    p_raise_runs: float = 0.04  # a `raise` under a random test (else one never true)
    # The shapes config (shapes.py, calls.py); the defaults change nothing.
    extra_kinds: tuple = ()     # "nd" (nested dict), "l" (list of floats)
    p_annot: float = 0.0        # an assignment is annotated (`v: float = e`)
    text_styles: tuple = ()     # how prints, asserts and raises build their text
    dtypes: tuple = ("float32",)   # float dtype of the inputs; "float64" runs with x64
    calls: tuple = (0, 0)       # a call sequence of this many calls (check.py's "seq" mode)
    p_swap: float = 0.0         # the sequence has the same static value at two positions
    param_kinds: tuple = ("f", "f", "fa", "fa", "i", "ia", "b")
    # Gates for open findings, for the fixed-seed batch of `make test` (FINDINGS.md):
    gate_static_positions: bool = False   # F25: equal static values at other positions
    truisms_only: bool = False            # F8: a failing assert under jax.jit(convert(f))
    builtin_ops: bool = False   # builtins.py's expressions (config builtins)
    p_collect_read: float = 0.0   # a collecting loop's item reads the list (len, sum, [-1])
    p_alias_rebind: float = 0.0   # gen_alias binds the alias anew under a condition (F93)
    transforms: tuple = (0, 0)  # this many helpers that f hands to JAX transformations
    transform_calls: int = 4    # at most this many in f's expressions (and one per unused helper)
    gate_wrapped_jit: bool = False  # F61: no module-level wrapper of a jax.jit-decorated helper
    # The extras config (extras.py): a module-level class `Q0` with operator methods and a
    # property (F97/F98); its statement weights ("genfn", "raising_loop", "qobj", "qif") are
    # in its own `weights` only.
    p_user_class: float = 0.0
    # The idioms config (idioms.py, idiom_ops.py): its expressions; its statement weights
    # ("idiom_text", "idiom_append", ...) are in its own `weights` only.
    idiom_ops: bool = False
    idiom_open: bool = False    # also the shapes of its open findings (idioms.py lists them)
    shapes2: bool = False       # the shapes2 config (idiom_shapes2.py): its results read back
    pyjax: bool = False         # the transforms header: eager runs take pyjax.py's meanings


# "small" is the `make test` batch: fewer and shallower statements, one array length.
# "shapes" adds shapes.py's statements and kinds, formatted text, bfloat16 and x64
# inputs, and a call sequence per program; "shapes-small" is its `make test` batch.
SHAPE_WEIGHTS = {"declare": 0.5, "try_call": 1.2, "try_return": 1.0, "nested": 3,
                 "listop": 3, "zerotrip": 1.5, "print": 0.6}
_SHAPES = dict(extra_kinds=("nd", "l"), p_annot=0.25,
               text_styles=("", "str", "repr", "format", "percent", "fstring"),
               dtypes=("float32", "float32", "float32", "bfloat16", "float64"), calls=(3, 6),
               p_swap=0.5, param_kinds=("f", "f", "fa", "i", "i", "ia", "b"))
CONFIGS = {"default": Config(), "small": Config(max_block=3, max_depth=2, max_loops=2,
                                                n_helpers=(0, 1), n_params=(2, 4), L=(3, 3))}
CONFIGS["shapes"] = Config(weights={**Config().weights, **SHAPE_WEIGHTS}, **_SHAPES)
CONFIGS["shapes-small"] = Config(max_block=3, max_depth=2, max_loops=2, n_helpers=(0, 1),
                                 n_params=(2, 4), L=(3, 3),
                                 weights={**Config().weights, **SHAPE_WEIGHTS}, **_SHAPES)
# The shapes-small programs plus right operands of `and`/`or` that raise: its own config,
# so the seeds FINDINGS names for shapes-small still make the same programs.
CONFIGS["shapes-effects"] = dataclasses.replace(
    CONFIGS["shapes-small"], weights={**CONFIGS["shapes-small"].weights, "short_circuit": 1.5})
# The shapes-small programs plus changes through a second name (FINDINGS F44).
CONFIGS["shapes-alias"] = dataclasses.replace(
    CONFIGS["shapes-small"], weights={**CONFIGS["shapes-small"].weights, "alias": 2.5})
# shapes-alias with the alias bound anew under a condition before the change (F93).
CONFIGS["shapes-rebind"] = dataclasses.replace(CONFIGS["shapes-alias"], p_alias_rebind=0.4)
# The shapes-small programs plus values that are None on some runs (runtime/optional.py).
CONFIGS["shapes-none"] = dataclasses.replace(
    CONFIGS["shapes-small"], weights={**CONFIGS["shapes-small"].weights, "maybe_none": 2.5})
# Its `make test` batch: float32 inputs only (a bfloat16 input can meet the documented join
# of branch dtypes) and no failing assert (F8 under jax.jit(convert(f)) in seq mode).
CONFIGS["none-ci"] = dataclasses.replace(CONFIGS["shapes-none"], dtypes=("float32",),
                                         truisms_only=True)
# The shapes-small programs plus builtins, comprehensions and traced indexing (issue 12).
CONFIGS["builtins"] = dataclasses.replace(CONFIGS["shapes-small"], builtin_ops=True,
                                          p_collect_read=0.5)
# The shapes-small programs plus extras.py's shapes: generator functions defined in f
# (FINDINGS F94), loop bodies that raise when an iteration runs (F95), and a user class
# whose __init__, operator methods and property test maybe-traced values (F97/F98).
CONFIGS["extras"] = dataclasses.replace(
    CONFIGS["shapes-small"], p_user_class=0.6,
    weights={**CONFIGS["shapes-small"].weights, "genfn": 1.5, "raising_loop": 1.2, "qobj": 2.5,
             "qif": 0.8})
# The shapes-small programs plus idioms.py's shapes: text of traced values (FINDINGS F92),
# appended lists read by negative index (F99), exceptions caught after a traced `if` (F100,
# F105), callees that change a list in place (F102), aliases and shared rows (F103, F112),
# dict key order (F104, F116), setattr (F108); and idiom_ops.py's expressions: `in range`,
# tables at a traced index, sorted/min/max with a key, tuple order, math (F106-F111).
CONFIGS["idioms"] = dataclasses.replace(
    CONFIGS["shapes-small"], idiom_ops=True,
    weights={**CONFIGS["shapes-small"].weights, "idiom_text": 0.8, "idiom_append": 1.2,
             "idiom_try": 1.2, "idiom_mutate": 1.2, "idiom_alias": 1.2, "idiom_order": 1.6,
             "idiom_attr": 0.8})
# With the shapes of its open findings (see idiom_ops.gated): to check fixes of them.
CONFIGS["idioms-open"] = dataclasses.replace(CONFIGS["idioms"], idiom_open=True)
# The shapes-small programs plus idiom_shapes2.py's shapes: tuple order, for/else and
# while/else, `with` on user context managers, guarded tails, objects as state, enumerate
# indices and twin lambdas, root finders, math.isclose, grad of grad. No bfloat16 input: a
# root finder's Python `-1.0` meets it in the documented join of branch dtypes.
CONFIGS["shapes2"] = dataclasses.replace(
    CONFIGS["shapes-small"], shapes2=True, dtypes=("float32", "float32", "float64"),
    weights={**CONFIGS["shapes-small"].weights, "s2_tuple": 2.5, "s2_forelse": 2.5,
             "s2_with": 2.5, "s2_tail": 2.0, "s2_state": 2.5, "s2_enum": 2.0, "s2_root": 2.0,
             "s2_isclose": 2.0, "s2_grad2": 1.2})
CONFIGS["shapes2-open"] = dataclasses.replace(CONFIGS["shapes2"], idiom_open=True)
# The shapes-small programs plus idiom_shapes3.py's shapes (FINDINGS F125-F128): a list or
# dict held two ways and changed in nested constructs, iterators read in constructs,
# functions a traced test picks, for/else that runs as Python. Its S2Code lines carry
# their own `refuse`; `shapes2` for the read-back of their results.
CONFIGS["shapes3"] = dataclasses.replace(
    CONFIGS["shapes-small"], shapes2=True, dtypes=("float32", "float32", "float64"),
    param_kinds=("f", "f", "f", "fa", "fa", "i", "ia", "b"),
    weights={**CONFIGS["shapes-small"].weights, "s3_alias": 3.0, "s3_rebuilt": 1.5,
             "s3_iter": 2.5, "s3_pick": 2.5, "s3_forelse": 2.5})
CONFIGS["shapes3-open"] = dataclasses.replace(CONFIGS["shapes3"], idiom_open=True)
# The shapes-small programs plus idiom_shapes4.py's shapes (FINDINGS S7-S9, F129): iterators
# broken out of in Python then read, nested items changed through an alias two levels
# down, locals assigned under one `if` and read under another, callees changing
# module-level lists and dicts or their defaults, a bounded `while` whose test prints.
CONFIGS["shapes4"] = dataclasses.replace(
    CONFIGS["shapes3"], weights={**CONFIGS["shapes-small"].weights, "s4_iter": 2.5,
                                 "s4_deep": 3.0, "s4_twoif": 2.5, "s4_global": 3.0,
                                 "s4_whileprint": 1.2, "s3_pick": 0.8})
CONFIGS["shapes4-open"] = dataclasses.replace(CONFIGS["shapes4"], idiom_open=True)
# The shapes-small programs plus idiom_shapes5.py's shapes (classes found by hand, F132,
# F133 and after): closures a comprehension makes over its variable (late binding),
# filtered comprehensions handed to reductions, a str a traced condition picks,
# generators whose yields are traced ternaries, module-level values a callee changes
# and another function reads, lists with traced entry items appended in nested loops,
# and a bounded `while` whose printing test turns traced after a Python iteration.
CONFIGS["shapes5"] = dataclasses.replace(
    CONFIGS["shapes3"], weights={**CONFIGS["shapes-small"].weights, "s5_late": 2.5,
                                 "s5_reduce": 3.0, "s5_mode": 2.5, "s5_gen": 2.5,
                                 "s5_module": 2.5, "s5_append": 2.0, "s5_whileprint": 1.2})
CONFIGS["shapes5-open"] = dataclasses.replace(CONFIGS["shapes5"], idiom_open=True)
# The shapes-small programs plus idiom_shapes6.py's shapes (shapes5's, in the places and
# orders hand-written tests have them): closures over a comprehension's variable called
# after traced constructs, filtered generators partly taken by next() before a reduction,
# strs a traced condition picks used after, generator expressions inside generator
# functions, module values one compiled call changes and a later one reads, and Python
# control flow in functions handed to jax.grad/vmap/lax.scan/fori_loop (pyjax: eager runs
# give those their Python meanings).
CONFIGS["shapes6"] = dataclasses.replace(
    CONFIGS["shapes3"], pyjax=True,
    weights={**CONFIGS["shapes-small"].weights, "s6_late": 2.5, "s6_reduce": 3.0,
             "s6_mode": 2.5, "s6_genfn": 2.5, "s6_module": 2.0, "s6_transform": 2.5,
             "s6_held": 2.0, "s6_search": 3.0,
             "s6_listarg": 2.5, "s6_retbox": 2.5, "s6_glist": 2.0, "s6_enum": 1.5,
             "s6_match": 1.5, "s6_vtruth": 0.5})
CONFIGS["shapes6-open"] = dataclasses.replace(CONFIGS["shapes6"], idiom_open=True)
# The shapes-small programs plus idiom_shapes7.py's shapes: the classes the third and fourth
# hand-written hunts found (FINDINGS F146, F147, F149): pow with a modulus and a negative
# exponent, zip of names and a traced array, len of traced ranges and user objects,
# min/max of (value, index) tuples, super() in bodies, array item writes past the end,
# NumPy with traced sizes, print's sep/end, module defs handed to reduce/accumulate/heapq.
# Its own config (pyjax for the eager NumPy arrays), so shapes6's seeds keep their programs.
CONFIGS["shapes7"] = dataclasses.replace(
    CONFIGS["shapes6"], weights={**CONFIGS["shapes-small"].weights, "s7_pow": 2.0,
                                 "s7_zip": 2.0, "s7_len": 2.0, "s7_argmax": 2.0,
                                 "s7_super": 2.0, "s7_itemw": 2.0, "s7_npsize": 1.2,
                                 "s7_print": 1.5, "s7_hof": 2.0})
CONFIGS["shapes7-open"] = dataclasses.replace(CONFIGS["shapes7"], idiom_open=True)
# The shapes-small programs plus idiom_shapes8.py's shapes: the classes the twelfth
# session's corpora and volume runs found (F149 to F151): tuples of an outside dict or list
# made in traced constructs, objects held in a list changed through another name, errors
# raised while a path Python may skip is traced, picks among three with None, filter/map
# under reductions, callable instances handed to jax.vmap/grad.
CONFIGS["shapes8"] = dataclasses.replace(
    CONFIGS["shapes6"], weights={**CONFIGS["shapes-small"].weights, "s8_pair": 2.5,
                                 "s8_alias": 2.0, "s8_raise": 1.0, "s8_pick3": 2.0,
                                 "s8_reduce": 2.0, "s8_callobj": 1.5})
CONFIGS["shapes8-open"] = dataclasses.replace(CONFIGS["shapes8"], idiom_open=True)
# The shapes-small programs plus idiom_shapes9.py's shapes: the classes the fourteenth
# session's hunts found (F156): the power operator of integers, arithmetic of bools Python
# counts with, ranges with a traced bound indexed and zipped, math.isqrt and math.fmod.
CONFIGS["shapes9"] = dataclasses.replace(
    CONFIGS["shapes6"], weights={**CONFIGS["shapes-small"].weights, "s9_power": 2.5,
                                 "s9_count": 2.5, "s9_ranges": 2.5, "s9_math": 1.5})
CONFIGS["shapes9-open"] = dataclasses.replace(CONFIGS["shapes9"], idiom_open=True)
# The shapes-small programs plus a local some paths assign, read under a later `if` (F161:
# nested traced ifs, None or () on one path; idiom_shapes9.py's gen_s10_partly).
CONFIGS["shapes10"] = dataclasses.replace(
    CONFIGS["shapes6"], weights={**CONFIGS["shapes-small"].weights, "s10_partly": 4.0})
# Sequences only: the default statements, called in several signatures.
CONFIGS["calls"] = Config(calls=(3, 6), p_swap=0.6, param_kinds=_SHAPES["param_kinds"])
CONFIGS["calls-small"] = Config(max_block=3, max_depth=2, max_loops=2, n_helpers=(0, 1),
                                n_params=(2, 4), L=(3, 3), calls=(2, 4), p_swap=0.6,
                                param_kinds=_SHAPES["param_kinds"])
# The `make test` batch of call sequences: calls-small, with no failing assert (F8: under
# jax.jit(convert(f)) JAX reports it as a JaxRuntimeError, which no wrapper of ours sees).
CONFIGS["calls-ci"] = dataclasses.replace(CONFIGS["calls-small"], truisms_only=True)
# Helpers handed to JAX transformations inside f (transforms.py): jax.grad, value_and_grad,
# jacfwd, vmap, checkpoint, jit (with static_argnums), lax.fori_loop and lax.scan bodies,
# inline and as module-level wrappers; each called in a short sequence (seq mode). No
# failing assert or raise (FINDINGS F8: a run-time failure is a JaxRuntimeError there).
_TRANSFORMS = dict(calls=(2, 4), p_swap=0.3, param_kinds=_SHAPES["param_kinds"],
                   truisms_only=True, p_raise_runs=0.0)
CONFIGS["transforms"] = Config(max_depth=2, n_helpers=(0, 2), transforms=(1, 3), **_TRANSFORMS)
CONFIGS["transforms-small"] = Config(max_block=3, max_depth=2, max_loops=2, n_helpers=(0, 1),
                                     n_params=(2, 4), L=(3, 3), transforms=(1, 2),
                                     transform_calls=3, **{**_TRANSFORMS, "calls": (1, 3)})
# The `make test` batch of transforms-small (F61, which it once had to look past, is fixed).
CONFIGS["transforms-ci"] = dataclasses.replace(CONFIGS["transforms-small"])


@dataclass
class Case:
    """A program and how to run it: inputs (two sets), which arguments are static."""
    prog: Program
    args: list              # [input set A, input set B]; each a list of Python values
    static: list            # per parameter
    grad_arg: int | None    # traced float parameter to differentiate, if any
    label: str = ""
    calls: list | None = None   # a call sequence (calls.py), for the "seq" mode
    dtype: str = "float32"      # of float inputs; "float64": run with x64
    compare_text: bool = False  # compare prints, messages and dtypes too
    idiom_open: bool = False    # idioms-open: refusals of its open findings are mismatches

    def to_dict(self, modes=("jit", "grad", "vmap")) -> dict:
        return {"source": self.prog.source(), "params": self.prog.main.params,
                "ret": self.prog.main.ret, "args": self.args, "static": self.static,
                "grad_arg": self.grad_arg,
                "print_in_while": print_in_while(self.prog),
                "modes": list(modes), "label": self.label, "calls": self.calls,
                "dtype": self.dtype, "x64": self.dtype == "float64",
                "compare_text": self.compare_text, "may_refuse": may_refuse(self),
                "shapes": shape_tags(self.prog), "py_transforms": self.prog.transforms}


class Gen(shapes.ShapeGen, transforms.TransformGen, extras.ExtraGen, idioms.IdiomGen,
          idiom_shapes2.Shapes2Gen, idiom_shapes3.Shapes3Gen, idiom_shapes4.Shapes4Gen,
          idiom_shapes5.Shapes5Gen, idiom_shapes6.Shapes6Gen, idiom_shapes7.Shapes7Gen,
          idiom_shapes8.Shapes8Gen, idiom_shapes9.Shapes9Gen):
    def __init__(self, rng: random.Random, cfg: Config):
        self.rng, self.cfg = rng, cfg
        self.kinds = ir.KINDS + tuple(cfg.extra_kinds)
        self.raisers: list[Func] = []       # helpers that raise ValueError (shapes.py)
        self.counter = 0
        self.helpers: list[Func] = []
        self.callables: list[Func] = []     # what expressions may call here
        self.frozen: frozenset = frozenset()   # enclosing names a closure must not assign
        self.writers: list[Func] = []       # closures with `nonlocal`: called by statements only
        self.cls: ir.ClassDef | None = None
        self.mutators: list[ir.Mutator] = []
        # Dicts that mutators change: created at the top of `f`, never reassigned
        # (FINDINGS F19: one created inside a traced block and changed by a call there).
        self.kept: set = set()
        self.returned = False   # f has a statement that may return: the rest may be a traced branch
        self.L = rng.randint(*cfg.L)
        # The transforms config (transforms.py): helpers handed to JAX transformations, the
        # expressions of f that call them, and statement weights while making one.
        self.thelpers: list[Func] = []
        self.tclosures: list[Func] = []
        self.readonly: set = set()      # parameters of f that a transformed closure reads
        self.tsites: list = []
        self.tcalls = 0     # how many transformation calls f's expressions have made
        self.stmt_weights: dict = {}
        # The extras config: its user class, and whether expressions are made for a
        # generator's body (no truth tests, no calls of converted code).
        self.qcls: ir.UserClass | None = None
        self.plain_exprs = False
        # The idioms config: module-level tables and mutators, and the modules they import.
        self.idiom_defs: list = []
        self.idiom_muts: list = []
        self.idiom_reads: list = []     # variables that read the shapes' results
        self.imports: set = set()

    def assignable(self, name):
        return sc.assignable(name) and name not in self.frozen and name not in self.kept and \
            name not in self.readonly

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"

    # ---------------------------------------------------------- expressions

    def const(self, kind):
        if kind in shapes.EXTRA_LEAVES:
            return Op(self.rng.choice(shapes.EXTRA_LEAVES[kind]), [], kind)
        if kind in ARRAY_LEAVES:
            return Op(self.rng.choice(ARRAY_LEAVES[kind]).replace("L", str(self.L)), [], kind)
        real = {"cs": "f", "ck": "i", "cm": "i"}.get(kind, kind)
        return Const(self.rng.choice(CONSTS[kind]), real)

    def leaf(self, kind, scope):
        names = [n for n, k in scope.items() if k == kind]
        if names and self.rng.random() < 0.85:
            return Name(self.rng.choice(names), kind)
        if kind == "b" and self.rng.random() < 0.7:   # a comparison reads better than `True`
            template, argkinds = self.rng.choice(COMPARISONS)
            return Op(template, [self.leaf(k, scope) for k in argkinds.split()], kind)
        return self.const(kind)

    def expr(self, kind, scope, depth=None):
        depth = self.cfg.expr_depth if depth is None else depth
        if kind in ("cs", "ck", "cm", "none"):
            return self.const(kind)
        if kind == "o" or kind in idiom_ops.HELD:   # an object: always a name of it
            return Name(self.rng.choice([n for n, k in scope.items() if k == kind]), kind)
        if kind == "q":
            return self.q_expr(scope, depth - 1)
        if depth <= 0 or self.rng.random() < 0.35:
            return self.leaf(kind, scope)
        ops = list(OPS.get(kind, []))
        if self.cfg.extra_kinds:
            ops += [op for op in shapes.EXTRA_OPS.get(kind, [])
                    if all(k in scope.values() or k in OPS for k in op[1].split())]
        if self.cfg.builtin_ops:
            ops += builtin_shapes.BUILTIN_OPS.get(kind, [])
            ops += builtin_shapes.fold_ops(kind, self.raisers, self.callables)
        ops += [(self._call_template(h), " ".join(k for _, k in h.params), 2)
                for h in self.callables if h.ret[0] == kind]
        if self.tsites:
            ops += [(site, None, w) for site, w in self.transform_ops(kind)]
        if kind in ("f", "i") and "o" in scope.values():   # an attribute of an object
            ops.append(("{0}.total" if kind == "f" else "{0}.count", "o", 3))
        if self.qcls:
            ops += self.q_ops(kind)
        if self.cfg.idiom_ops:
            ops += self.idiom_ops(kind, scope)
        if self.plain_exprs:
            ops = [op for op in ops if extras.plain(op)]
            if not ops:
                return self.leaf(kind, scope)
        template, argkinds, _ = self.rng.choices(ops, weights=[w for *_, w in ops])[0]
        if isinstance(template, transforms.Site):
            return self.transform_call(template, scope, depth)
        args = [self.expr(k, scope, depth - 1) for k in argkinds.split()]
        return Op(template.replace("L", str(self.L)) if "L" in template else template, args, kind)

    @staticmethod
    def _call_template(h):
        return f"{h.name}({', '.join('{%d}' % i for i in range(len(h.params)))})"

    def size(self, scope):
        """A small non-negative int: a trip count."""
        sizes = [n for n in scope if n.startswith("n")]
        r = self.rng.random()
        if sizes and r < 0.4:
            return Name(self.rng.choice(sizes), "i")
        if r < 0.7:
            return Const(self.rng.randint(0, 4), "i")
        if r < 0.8:
            return Op("len({0})", [self.expr("fa", scope, 1)], "i")   # `range(len(xs))`
        return Op("({0} % 5)", [self.expr("i", scope, 1)], "i")

    def test(self, scope):
        if self.rng.random() < 0.08:   # truthiness of an int
            return self.expr("i", scope)
        return self.expr("b", scope)

    # ----------------------------------------------------------- statements

    def block(self, scope, depth, loops, fn, n=None, exits=True):
        n = n if n is not None else self.rng.randint(1, self.cfg.max_block)
        out = []
        writer_ok = fn.name == "f"   # any block of f may call a writer closure (scope.py)
        for _ in range(n):
            made = self.stmt(scope, depth, loops, fn, exits, writer_ok=writer_ok)
            for s in made if isinstance(made, list) else [made]:   # shapes.py makes pairs
                out.append(s)
                scope = sc.after(s, scope)
                if fn.name == "f" and depth == 0 and sc.may_return(s):
                    self.returned = True
            if isinstance(out[-1], ir.TERMINAL):
                break
        return out

    def stmt(self, scope, depth, loops, fn, exits=True, writer_ok=False):
        """One statement; `exits=False` inside a loop that collects a list (no jumps)."""
        w = dict(self.cfg.weights)
        w.update(self.stmt_weights)
        if not (writer_ok and self.writers):
            w["call_writer"] = 0
        if not (writer_ok and "o" in scope.values()):
            w["method"] = 0
        if not (writer_ok and self.mutators and self._dicts(scope)):
            w["mutate"] = 0
        if not exits:   # in a loop that collects a list: FINDINGS F21 (a staged raise),
            w["raise"] = w["method"] = w["mutate"] = 0   # F22 (a callee's change)
        if depth >= self.cfg.max_depth:
            w["if"] = w["for"] = w["while"] = w["collect"] = w["with"] = w["try"] = 0
            w["match"] = 0
        if loops >= self.cfg.max_loops:
            w["for"] = w["while"] = w["collect"] = 0
        if not loops or not exits:
            w["jump"] = 0
        if depth == 0 or not exits:
            w["return"] = 0
        if not exits or fn.name != "f" or not self.raisers:
            w["try_call"] = w["try_return"] = 0
        if not self.raisers:
            w["short_circuit"] = 0
        if depth >= self.cfg.max_depth or loops >= self.cfg.max_loops:
            w["zerotrip"] = 0
        if depth >= self.cfg.max_depth:
            w["maybe_none"] = 0
        if getattr(self, "no_random_raise", False):   # inside `except ValueError`'s try body
            w["raise"] = 0
        if "qobj" in w and (depth or fn.name != "f" or not self.qcls):
            w["qobj"] = 0
        if "qif" in w and not self.qcls:
            w["qif"] = 0
        kind = self.rng.choices(list(w), weights=list(w.values()))[0]
        if kind in ("assign", "jump", "return", "assert", "print", "unpack", "setitem",
                    "call_writer", "method", "mutate"):
            return getattr(self, "gen_" + kind)(scope, depth, loops, fn)
        return getattr(self, "gen_" + kind)(scope, depth, loops, fn, exits)

    def gen_assign(self, scope, depth, loops, fn):
        return self.annotate(self._assign(scope, depth, loops, fn), fn)

    def _assign(self, scope, depth, loops, fn):
        targets = [n for n in scope if self.assignable(n)]
        if targets and self.rng.random() < 0.6:
            name = self.rng.choice(targets)
            kind = scope[name]
        else:
            name, kind = self.fresh("v"), self.rng.choice(self.kinds)
        if name in scope and self.rng.random() < 0.35:
            if kind in ("f", "fa"):
                op = self.rng.choice("+-*")
                if op == "*":
                    return Assign(name, kind, Const(self.rng.choice([0.5, -0.5, 0.25, -1.0]), "f"), op)
                outer = {n: k for n, k in scope.items() if n != name}   # no v += f(v): it compounds
                return Assign(name, kind, self.expr(self.rng.choice(["f", kind]), outer), op)
            if kind in ("i", "ia"):
                return Assign(name, kind, self.const("ck"), self.rng.choice("+-"))
        return Assign(name, kind, self.assigned(kind, scope))

    def assigned(self, kind, scope, value=None):
        """A value to assign to a `kind` variable: ints wrap, floats clip (see the module doc)."""
        value = self.expr(kind, scope) if value is None else value
        if kind in ("i", "ia") and not isinstance(value, (Name, Const)):
            value = Op("({0} % {1})", [value, self.const("cm")], kind)
        elif kind in ("f", "fa") and isinstance(value, Op) and \
                any(isinstance(n, Name) for _, n in ir.walk(value)):
            # Bounded values keep float32 rounding from turning into different
            # branches or ill-conditioned results (sin of a huge number).
            value = Op("jnp.clip({0}, -8.0, 8.0)", [value], kind)
        return value

    def gen_call_writer(self, scope, depth, loops, fn):
        """`v = g(...)` where `g` declares `nonlocal` (only as a statement: scope.py)."""
        g = self.rng.choice(self.writers)
        kind = g.ret[0]
        targets = [n for n, k in scope.items() if k == kind and self.assignable(n)]
        name = self.rng.choice(targets) if targets and self.rng.random() < 0.5 else self.fresh("v")
        call = Op(self._call_template(g), [self.expr(k, scope, 1) for _, k in g.params], kind)
        return Assign(name, kind, self.assigned(kind, scope, call))

    def _effect(self, call, scope):
        """A call that changes its object or dict: a statement, or the value of an assignment."""
        if self.rng.random() < 0.5:
            return ir.ExprStmt(call)
        kind = call.kind
        targets = [n for n, k in scope.items() if k == kind and self.assignable(n)]
        name = self.rng.choice(targets) if targets and self.rng.random() < 0.5 else self.fresh("v")
        return Assign(name, kind, self.assigned(kind, scope, call))

    def gen_method(self, scope, depth, loops, fn):
        """`o1.add(x)` or `v = o1.add(x)`: a method that changes `self` attributes."""
        name = self.rng.choice(sorted(self.cls.methods))
        argkinds, ret, _ = self.cls.methods[name]
        template = "{0}.%s(%s)" % (name, ", ".join("{%d}" % (i + 1) for i in range(len(argkinds))))
        args = [self.expr("o", scope)] + [self.expr(k, scope, 1) for k in argkinds]
        return self._effect(Op(template, args, ret), scope)

    def _dicts(self, scope):
        return [n for n in sorted(self.kept) if n in scope]

    def gen_mutate(self, scope, depth, loops, fn):
        """`u0(d, x)` or `v = u0(d, x)`: a helper that changes items of its dict argument."""
        u = self.rng.choice(self.mutators)
        args = [Name(self.rng.choice(self._dicts(scope)), "d"), self.expr(u.arg, scope, 1)]
        return self._effect(Op(u.name + "({0}, {1})", args, u.ret), scope)

    def never(self, scope):
        """A test that is false for every generated input."""
        sizes = [n for n in scope if n.startswith("n")]
        if sizes and self.rng.random() < 0.3:
            return Op(self.rng.choice(NEVER_SIZE), [Name(self.rng.choice(sizes), "i")], "b")
        template, kind = self.rng.choice(NEVER)
        return Op(template, [self.expr(kind, scope, 1)], "b")

    def gen_raise(self, scope, depth, loops, fn, exits=True):
        """`if <test>: raise ValueError(...)`, the test false for the inputs (rarely random)."""
        tag = self.fresh("")
        if self.rng.random() < self.cfg.p_raise_runs:
            test, msg = self.test(scope), f"raised {tag}"
        else:
            test, msg = self.never(scope), f"never {tag}"
        body = [self.styled(ir.Raise(msg), scope)]
        if self.rng.random() < 0.25:   # something before it in the branch
            body.insert(0, self.gen_assign(scope, depth + 1, loops, fn))
        orelse = []
        if self.rng.random() < 0.3 and depth + 1 < self.cfg.max_depth:
            orelse = self.block(scope, depth + 1, loops, fn, exits=exits)
        return If(test, body, orelse)

    def gen_match(self, scope, depth, loops, fn, exits=True):
        """`match` on an int: value patterns, `|`, guards, captures, a wildcard or none."""
        rng = self.rng
        sizes = [n for n in scope if n.startswith("n")]
        r = rng.random()
        if r < 0.45:
            subject = Op("({0} % {1})", [self.expr("i", scope, 1), Const(rng.randint(2, 5), "i")], "i")
        elif r < 0.65 and sizes:
            subject = Name(rng.choice(sizes), "i")
        else:
            subject = self.leaf("i", scope)
        pool = [v for v in range(-1, 6)]
        rng.shuffle(pool)
        pool.sort(key=lambda v: v > 3 or v < 0)   # mostly 0..3, which a `% m` subject takes
        cases = []
        for _ in range(rng.randint(1, 3)):
            r = rng.random()
            if r < 0.8 and pool:
                n = 1 if r < 0.5 or len(pool) < 2 else rng.randint(2, min(3, len(pool)))
                values, pool = pool[:n], pool[n:]
                guard = self.test(scope) if r >= 0.65 else None
                cases.append(MatchCase(values, None, guard, None))
            else:
                cases.append(MatchCase(None, self._capture(scope), None, None))
                c = cases[-1]
                c.guard = self._capture_guard(c.capture, sc.case_scope(c, scope))
        r = rng.random()
        if r < 0.5:
            cases.append(MatchCase(None, None, None, None))               # case _:
        elif r < 0.65:
            cases.append(MatchCase(None, self._capture(scope), None, None))   # case v:
        for c in cases:
            c.body = self.block(sc.case_scope(c, scope), depth + 1, loops, fn, exits=exits)
        return Match(subject, cases)

    def _capture(self, scope):
        """A new int variable, sometimes one already in scope (Python rebinds it)."""
        old = [n for n, k in scope.items() if k == "i" and self.assignable(n)]
        return self.rng.choice(old) if old and self.rng.random() < 0.2 else self.fresh("v")

    def _capture_guard(self, name, scope):
        r = self.rng.random()
        cap = Name(name, "i")
        if r < 0.3:
            return Op("({0} > {1})", [cap, Const(self.rng.randint(0, 4), "i")], "b")
        if r < 0.45:
            return Op("({0} % 2 == 0)", [cap], "b")
        if r < 0.6:
            return Op("({0} != {1})", [cap, self.expr("i", scope, 1)], "b")
        return self.test(scope)

    def gen_with(self, scope, depth, loops, fn, exits=True):
        return ir.With(self.block(scope, depth + 1, loops, fn, n=self.rng.randint(1, 3), exits=exits))

    def gen_try(self, scope, depth, loops, fn, exits=True):
        """`try: body except ZeroDivisionError: fallbacks` for what the body assigns."""
        body = self.block(scope, depth + 1, loops, fn, exits=exits)
        new = {n: k for n, k in sc.after_block(body, scope).items()
               if n not in scope and sc.assignable(n)}
        handler = [Assign(n, k, self.const(k)) for n, k in new.items()]
        if not handler and self.rng.random() < 0.5:
            handler = [self.gen_assign(scope, depth + 1, loops, fn)]
        return ir.Try(body, handler)

    def gen_unpack(self, scope, depth, loops, fn):
        """`x, y = e1, e2`; sometimes a swap `x, y = y, x`."""
        targets = [n for n in scope if self.assignable(n)]
        pair = [t for t in self.rng.sample(targets, min(2, len(targets)))]
        while len(pair) < 2:
            pair.append(self.fresh("v"))
        kinds = [scope.get(t) or self.rng.choice(["f", "i", "fa"]) for t in pair]
        if all(t in scope for t in pair) and kinds[0] == kinds[1] and self.rng.random() < 0.5:
            values = [Name(pair[1], kinds[1]), Name(pair[0], kinds[0])]
        else:
            values = [self.assigned(k, scope) for k in kinds]
        return ir.Unpack(pair, kinds, values)

    def gen_setitem(self, scope, depth, loops, fn):
        # FINDINGS F20: an item assigned in a traced block and changed by a call
        # there; so the mutators' dicts take item assignments only at the top of
        # f before any statement that may return (after one the rest of f may
        # be a traced branch).
        dicts = [n for n, k in scope.items() if k == "d" and n not in self.frozen and
                 (depth == 0 and not self.returned or n not in self.kept)]
        if not dicts:
            return self.gen_assign(scope, depth, loops, fn)
        name = self.rng.choice(dicts)
        key, kind = self.rng.choice([("s", "f"), ("k", "i")])
        r = self.rng.random()
        if r < 0.3 and kind == "i":
            return ir.SetItem(name, key, self.const("ck"), "+")
        if r < 0.3:
            outer = {n: k for n, k in scope.items() if n != name}
            return ir.SetItem(name, key, self.expr("f", outer), self.rng.choice("+-"))
        value = self.assigned(kind, scope)
        if kind == "i" and isinstance(value, Name):
            value = Op("({0} % {1})", [value, Const(7, "i")], "i")
        return ir.SetItem(name, key, value)

    def gen_assert(self, scope, depth, loops, fn):
        if self.rng.random() < 0.03 and not self.cfg.truisms_only:
            return self.styled(ir.Assert(self.expr("b", scope), f"check {self.fresh('')} failed"),
                               scope)
        template, kind = self.rng.choice(TRUISMS)
        return self.styled(ir.Assert(Op(template, [self.expr(kind, scope, 1)], "b"), TRUISM_MSG),
                           scope)

    def gen_print(self, scope, depth, loops, fn):
        kinds = self.rng.sample(["f", "i", "fa", "b"], self.rng.randint(1, 2))
        return self.styled(ir.Print(self.fresh("p"), [self.expr(k, scope, 1) for k in kinds]),
                           scope, keep_values=True)

    def styled(self, node, scope, keep_values=False):
        """With the config's text styles: the text built by str/repr/format/%/f-string."""
        if not self.cfg.text_styles:
            return node
        node.style = self.rng.choice(self.cfg.text_styles)
        if node.style and not keep_values:
            kinds = self.rng.sample(["f", "i", "fa", "b"], self.rng.randint(1, 2))
            node.values = [self.expr(k, scope, 1) for k in kinds]
        return node

    def gen_if(self, scope, depth, loops, fn, exits=True):
        body = self.block(scope, depth + 1, loops, fn, exits=exits)
        r = self.rng.random()
        if r < 0.35:
            orelse = []
        elif r < 0.55 and depth + 1 < self.cfg.max_depth:
            orelse = [self.gen_if(scope, depth + 1, loops, fn, exits)]   # elif
        else:
            orelse = self.block(scope, depth + 1, loops, fn, exits=exits)
        return If(self.test(scope), body, orelse)

    def gen_while(self, scope, depth, loops, fn, exits=True):
        counter = self.fresh("w")
        inner = {**scope, counter: "i"}
        test = self.test(inner) if self.rng.random() < 0.5 else None
        body = self.block(inner, depth + 1, loops + 1, fn, exits=exits)
        bound = self.size(scope)
        max_iter = None
        if self.rng.random() < 0.4:   # K at least the bound; sometimes exactly
            max_iter = self.rng.choice([sc.size_bound(bound), 5, 8])
        # A walrus counter moves the test into the body, where loop options
        # cannot bound it exactly: autograph_py refuses that pair.
        walrus = max_iter is None and self.rng.random() < 0.3
        lead = not walrus and exits and self.rng.random() < 0.3
        if lead:   # `if c: [v = e]; break` first: the break the converter folds into the test
            c = (Op("({0} > {1})", [Name(counter, "i"), Const(self.rng.randint(0, 3), "i")], "b")
                 if self.rng.random() < 0.5 else self.test(inner))
            before = [self._assign(scope, depth, loops, fn)] if self.rng.random() < 0.8 else []
            body = [If(c, before + [Break()])] + body
        return While(counter, bound, test, body, max_iter, walrus=walrus, lead=lead)

    def gen_collect(self, scope, depth, loops, fn, exits=True):
        loop = self.gen_for(scope, depth, loops, fn, exits=False, over_array=True)
        inner = sc.after_block(loop.body, {**scope, **dict(zip(loop.targets, loop.kinds))})
        out = ir.Collect(self.fresh("c"), self.fresh("v"), loop,
                         self.expr(self.rng.choice(["f", "f", "i"]), inner))
        if self.cfg.p_collect_read and self.rng.random() < self.cfg.p_collect_read:
            # the list read as it grows (a scan's body sees only its entry items)
            out.read = self.rng.choice(["len", "last"] + (["sum"] if out.item.kind == "f" else []))
        return out

    def gen_for(self, scope, depth, loops, fn, exits=True, over_array=False):
        # A collected list has one item per array element: not over zip(range(n), xs).
        r = self.rng.uniform(0.35, 0.81) if over_array else self.rng.random()
        if r < 0.35:
            n_args = self.rng.choice([1, 1, 1, 2, 3])
            if n_args == 1:
                args = [self.size(scope)]
            elif n_args == 2:
                args = [Const(self.rng.randint(0, 2), "i"), self.size(scope)]
            else:
                args = self.rng.choice([[self.size(scope), Const(0, "i"), Const(-1, "i")],
                                        [Const(0, "i"), self.size(scope), Const(2, "i")]])
            it, kinds, targets = "range", ["i"], [self.fresh("t")]
        elif r < 0.6:
            ak = self.rng.choice(["fa", "fa", "ia"])
            it, args, kinds = "array", [self.expr(ak, scope, 1)], [ak[0]]
        elif r < 0.75:
            it, args, kinds = "enumerate", [self.expr("fa", scope, 1)], ["i", "f"]
        elif r < 0.81:
            ks = self.rng.choice([("fa", "fa"), ("fa", "ia")])
            it, args, kinds = "zip", [self.expr(k, scope, 1) for k in ks], [k[0] for k in ks]
        elif r < 0.87:   # `zip(range(n), xs)`
            n = Const(self.L, "i") if self.rng.random() < 0.7 else self.size(scope)
            it, args, kinds = "ziprange", [n, self.expr("fa", scope, 1)], ["i", "f"]
        else:
            k = self.rng.choice(["f", "i"])
            it, kinds = "tuple", [k]
            args = [self.expr(k, scope, 1) for _ in range(self.rng.randint(1, 3))]
        targets = [self.fresh("t") for _ in kinds]
        inner = {**scope, **dict(zip(targets, kinds))}
        body = self.block(inner, depth + 1, loops + 1, fn, exits=exits)
        return For(targets, kinds, it, args, body)

    def gen_jump(self, scope, depth, loops, fn):
        jump = self.rng.choice([Break(), Break(), Continue()])
        if self.rng.random() < 0.15:
            return jump
        body = self.block(scope, depth + 1, loops, fn, n=self.rng.randint(0, 1))
        if body and isinstance(body[-1], ir.TERMINAL):
            return If(self.test(scope), body)
        return If(self.test(scope), body + [jump])

    def gen_return(self, scope, depth, loops, fn):
        if self.rng.random() < 0.2:
            return Return([self.expr(k, scope) for k in fn.ret])
        return If(self.test(scope), [Return([self.expr(k, scope) for k in fn.ret])])

    # ------------------------------------------------------------ functions

    def function(self, name, params, ret, n_stmts, outer=None, prefix=(), nonlocals=()):
        """A function; `outer`: the enclosing scope of a closure; `prefix`: its first statements."""
        fn = Func(name, params, ret, list(prefix), list(nonlocals))
        scope = sc.after_block(fn.body, {**(outer or {}), **dict(params)})
        fn.body += self.block(scope, 0, 0, fn, n=n_stmts)
        if not isinstance(fn.body[-1], Return):
            end = sc.after_block(fn.body, scope)
            fn.body.append(Return([self.expr(k, end) for k in ret]))
        return fn

    def helper(self, name, outer=None, nonlocals=()):
        rng = self.rng
        # No dict parameters: a callee that mutates its argument's items is a
        # side effect the caller's conversion cannot see.
        params = [(self.fresh("a"), rng.choice(ir.KINDS[:-1])) for _ in range(rng.randint(1, 3))]
        ret = [rng.choice(["f", "f", "i", "fa", "b", "p", "d"])]
        prefix = []
        for n, k in nonlocals:   # `nonlocal n` and an update of n, first thing
            scope = {**outer, **dict(params)}
            if k in ("f", "fa") and rng.random() < 0.5:
                others = {m: j for m, j in scope.items() if m != n}
                prefix.append(Assign(n, k, self.expr(rng.choice(["f", k]), others), rng.choice("+-")))
            elif k in ("i", "ia") and rng.random() < 0.5:
                prefix.append(Assign(n, k, self.const("ck"), "+"))
            else:
                prefix.append(Assign(n, k, self.assigned(k, scope)))
        return self.function(name, params, ret, rng.randint(1, 3), outer, prefix, nonlocals)

    def program(self) -> tuple[Program, list]:
        cfg, rng = self.cfg, self.rng
        if cfg.idiom_ops:
            self.idiom_start()
        if cfg.p_user_class and rng.random() < cfg.p_user_class:
            self.make_user_class()
        for k in range(rng.randint(*cfg.n_helpers)):
            self.callables = list(self.helpers)
            self.helpers.append(self.helper(f"h{k}"))
        if cfg.transforms[1]:
            self.thelpers = self.transform_helpers()
        params = [(self.fresh("n"), "i")]
        for _ in range(rng.randint(*cfg.n_params) - 1):
            params.append((self.fresh("a"), rng.choice(cfg.param_kinds)))
        rng.shuffle(params)
        self.callables, closures = list(self.helpers), []
        for _ in range(rng.randint(*cfg.n_closures)):
            updatable = [(n, k) for n, k in params if sc.assignable(n)]
            nonlocals = [rng.choice(updatable)] if updatable and rng.random() < cfg.p_writer else []
            self.frozen = frozenset(n for n, _ in params) - {n for n, _ in nonlocals}
            closures.append(ir.Def(self.helper(self.fresh("g"), dict(params), nonlocals)))
        self.frozen = frozenset()
        self.callables += [d.fn for d in closures if not d.fn.nonlocals]
        self.writers = [d.fn for d in closures if d.fn.nonlocals]
        if cfg.transforms[1]:   # not a callable: f hands it to a transformation (transforms.py)
            closures += self.transform_closure(params)
        prefix = closures + self.objects(dict(params))
        if cfg.weights.get("try_call") or cfg.weights.get("try_return"):
            self.raisers = self.make_raisers()
        ret = [rng.choice(self.kinds) for _ in range(rng.randint(1, 3))]
        if not any(k in ("f", "fa") for k in ret):
            ret[0] = rng.choice(["f", "fa"])
        self.tsites = self.tsites_all if self.thelpers else []
        main = self.function("f", params, ret, rng.randint(2, cfg.max_block + 2), prefix=prefix)
        if self.thelpers:
            self.use_transforms(main)
        self.tsites = []
        self.read_back(main)
        if cfg.idiom_ops or cfg.shapes2:
            self.idiom_read_back(main)
        classes = ([self.cls] if self.cls else []) + self.mutators + \
            ([self.qcls] if self.qcls else []) + self.idiom_defs
        return Program(self.L, self.raisers + self.helpers + self.thelpers, main, classes,
                       transforms=bool(cfg.transforms[1]) or cfg.pyjax, imports=sorted(self.imports)), params

    def objects(self, scope):
        """The module's class and dict mutators (sometimes), and `f`'s first statements that
        create objects and a dict for them to change."""
        rng, out = self.rng, []
        if rng.random() < self.cfg.p_class:
            methods = {"add": (["f"], "f", [rng.choice(ADD_BODIES), "return self.total"])}
            methods.update((m, METHODS[m]) for m in sorted(METHODS) if rng.random() < 0.5)
            self.cls = ir.ClassDef("K0", methods)
            for _ in range(rng.choice([1, 1, 2])):
                out.append(ir.Obj(self.fresh("o"), "K0", [self.expr("f", scope, 1),
                                                          self.expr("i", scope, 1)]))
        if rng.random() < self.cfg.p_mutator:
            for k, (arg, ret, body) in enumerate(rng.sample(MUTATORS, rng.choice([1, 1, 2]))):
                text = [f"def u{k}(d, {ir.PARAM_NAMES[arg]}):"] + ["    " + line for line in body]
                self.mutators.append(ir.Mutator(f"u{k}", arg, ret, "\n".join(text)))
            out.append(Assign(self.fresh("v"), "d", self.assigned("d", scope)))
            self.kept.add(out[-1].target)
        return out

    def read_back(self, main):
        """`f`'s last return reads what the methods and mutators changed, sometimes."""
        changed = [Name(s.target, "o") for s in main.body if isinstance(s, ir.Obj) and
                   s.kind == "o"] + [Name(n, "d") for n in sorted(self.kept)]
        last = main.body[-1]
        if not changed or self.rng.random() < 0.4:
            return
        x = self.rng.choice(changed)
        parts = {"f": "{1}.total", "i": "{1}.count"} if x.kind == "o" else \
            {"f": '{1}["s"]', "i": '{1}["k"]'}
        for j, k in enumerate(main.ret):
            if k in parts:
                last.values[j] = Op("({0} + %s)" % parts[k], [last.values[j], x], k)
                return

    def value(self, name, kind):
        rng, L = self.rng, self.L
        dyadic = lambda: rng.randint(-8, 8) / 4
        if name.startswith("n"):
            return rng.randint(0, 4)
        return {"f": dyadic, "i": lambda: rng.randint(-3, 5), "b": lambda: rng.random() < 0.5,
                "fa": lambda: [dyadic() for _ in range(L)],
                "ia": lambda: [rng.randint(-3, 5) for _ in range(L)]}[kind]()


def print_in_while(prog: Program) -> bool:
    """A `print` that may run in a `while` body: in one, or in a function called from one."""
    in_while = any(isinstance(n, ir.Print) for _, w in ir.walk(prog) if isinstance(w, ir.While)
                   for _, n in ir.walk(w.body))
    callee_prints = any(isinstance(n, ir.Print) for fn in prog.helpers for _, n in ir.walk(fn)) or \
        any(isinstance(n, ir.Print) for _, d in ir.walk(prog.main) if isinstance(d, ir.Def)
            for _, n in ir.walk(d))
    callee_prints = callee_prints or any(   # module-level text that prints (shapes4)
        "print(" in getattr(c, "text", "") for c in prog.classes)
    code_while = any(isinstance(c, ir.Code) and any(x.lstrip().startswith("while ")
                                                    for x in c.lines) for _, c in ir.walk(prog))
    return in_while or (callee_prints and (code_while or any(isinstance(w, ir.While)
                                                             for _, w in ir.walk(prog))))


def may_refuse(case: Case) -> list:
    """The autograph_py errors that are an acceptable outcome for this program (SEMANTICS.md:
    a clear error where no lax program can express Python's behaviour), counted as
    "refused", not as mismatches: a nested dict's keys or a list's length that may depend
    on a traced value (or bfloat16 mixed with float32); a raise under a traced test inside
    a `try` that catches it (a callee's `raise` that never runs); a generator function's
    test or bound on a traced value (the extras config: ConcreteValueError, F94)."""
    out = []
    if case.dtype == "bfloat16" or any(
            isinstance(n, ir.ListOp) and n.method != "setitem" or
            isinstance(n, ir.SetPath) and n.keys != ["a", "a"]
            for _, n in ir.walk(case.prog)):
        out += ["StateError", "TracedListError", "UndefinedVariableError"]
    if any(isinstance(n, ir.Try) and n.exc == "ValueError" for _, n in ir.walk(case.prog)):
        out.append("StagedRaiseError")
    if case.dtype == "float64":   # int64 inputs, an int32 the program names: a traced loop
        out.append("LoopStateMismatch:changes dtype")   # cannot narrow (shapes6 14000/406)
    if "StateError" not in out and any(   # a list or dict a traced value may pick (F66, F73)
            isinstance(n, Assign) and n.kind in ("d", "nd", "l") and (
                isinstance(n.value, Name) or isinstance(n.value, ir.Op)
                and n.value.template == shapes.PICK) for _, n in ir.walk(case.prog)):
        out.append("StateError")
    if "StateError" not in out and any(_changes_then_rebinds(n.body) for _, n in
                                       ir.walk(case.prog) if isinstance(n, (For, While))):
        out.append("StateError")   # the entry dict changed only if the loop ran (15000/395)
    out += extras.may_refuse(case.prog)   # a generator's traced test (F94)
    out += idiom_ops.may_refuse(case.prog, case.idiom_open)   # key order (F116), F100, F102
    out += idiom_shapes2b.may_refuse(case.prog)   # grad of grad via a traced while; F120
    return out


def _changes_then_rebinds(body) -> bool:
    """A loop body that changes a nested dict's inner dict in place and binds its name
    anew: whether the dict the loop started with was changed depends on whether the loop
    ran, a traced value's choice (a clear StateError, "one of several lists or dicts")."""
    nodes = [n for _, n in ir.walk(body)]
    changed = {n.target for n in nodes if isinstance(n, ir.SetPath)}
    return any(isinstance(n, Assign) and n.target in changed for n in nodes)


def shape_tags(prog: Program) -> list:
    """Which of the shapes (and transforms, extras) configs' shapes the program has (to sort
    findings by shape)."""
    tags = set()
    for _, n in ir.walk(prog):
        if isinstance(n, ir.Assign) and n.annot or isinstance(n, ir.Declare):
            tags.add("annotation")
        elif isinstance(n, ir.Try) and n.exc == "ValueError":
            tags.add("try-return" if any(isinstance(m, Return) for _, m in ir.walk(n.body))
                     else "try-call")
        elif isinstance(n, ir.SetPath):
            tags.add("nested-dict")
        elif isinstance(n, ir.ListOp):
            tags.add("list-" + n.method)
        elif isinstance(n, (For, While)) and n.leaks:
            tags.add("zero-trip-read")
        elif isinstance(n, (ir.Print, ir.Assert, ir.Raise)) and n.style:
            tags.add(f"text-{n.style}")
        elif isinstance(n, ir.Print):
            tags.add("print")
    if prog.transforms:
        tags |= transforms.tags(prog)
    tags |= extras.tags(prog)   # the extras config's shapes
    tags |= idiom_ops.tags(prog)   # the idioms config's
    tags |= idiom_shapes2b.tags(prog)   # the shapes2 config's
    return sorted(tags)


def make_case(seed: int, index: int, config: str | Config = "default") -> Case:
    """Program number `index` of the run with `seed`: the same for the same arguments."""
    cfg = CONFIGS[config] if isinstance(config, str) else config
    rng = random.Random(f"autograph-fuzz:{seed}:{index}")
    g = Gen(rng, cfg)
    prog, params = g.program()
    sc.validate(prog)
    static = [k in ("f", "i", "b") and rng.random() < cfg.p_static for _, k in params]
    a = [g.value(n, k) for n, k in params]
    b = [x if s else g.value(n, k) for x, s, (n, k) in zip(a, static, params)]
    floats = [j for j, (_, k) in enumerate(params) if k in ("f", "fa") and not static[j]]
    grad_arg = rng.choice(floats) if floats else None
    case = Case(prog, [a, b], static, grad_arg, label=f"seed={seed} index={index}")
    # Draws for the shapes configs come last: the other configs' cases stay as they were.
    if len(cfg.dtypes) > 1:
        case.dtype = rng.choice(cfg.dtypes)
    case.compare_text = bool(cfg.text_styles or cfg.calls[1])
    case.idiom_open = cfg.idiom_open
    if cfg.calls[1]:
        case.calls = seq.plan(rng, g, params, cfg)
    return case
