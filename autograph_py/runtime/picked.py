"""A function a traced condition picks.

    act = jnp.tanh if x > 0 else jnp.sin          # or: if x > 0: act = lambda v: 2 * v
    y = act(z)                                    #     else:     act = lambda v: v - 1

A compiled program holds arrays, not functions, so the join of a traced `if` or
conditional expression whose paths bind one name to two functions keeps both:
a `Picked`, whose call is the conditional expression `f(z) if x > 0 else g(z)`
(runtime/calls.py converts each as it converts any call). What the two calls
return must join as any two branches do.

A Picked is a pytree whose leaves are its condition and its two functions: a
pick made inside a branch (`if/elif/else` among three functions) leaves the
branch with its condition as an output, not as a tracer of the branch's trace.
"""
from __future__ import annotations

import enum

import operator

import jax
import jax.numpy as jnp
import numpy as np

from autograph_py import errors
from autograph_py.lowering import scalars
from autograph_py.lowering.plans import Dynamic, Static, aval_of
from autograph_py.runtime.dispatch import python_bool


class Picked:
    """`if_true` where the traced scalar bool `pred` holds, `if_false` where it does not."""
    __slots__ = ("pred", "if_true", "if_false")

    # Set by runtime/calls.py: `call(picked, args, kwargs)`, the conditional expression.
    call = None
    # Set by runtime/conditionals.py: `choose(pred, if_true, if_false)`, its if_exp.
    choose = None
    # Set by runtime/calls.py: failures.stage, a raise where a test fails at run time.
    stage = None
    # Set by runtime/text.py: `joined(pred, a, b)`, two texts as one the program picks;
    # `str_call(v, name, args, kwargs)`, a str method of one value, text of traced ones.
    joined = str_call = None

    def __init__(self, pred, if_true, if_false):
        self.pred = pred
        self.if_true = None if if_true is NONE else if_true
        self.if_false = None if if_false is NONE else if_false

    def __call__(self, *args, **kwargs):   # a call from code that is not converted
        return Picked.call(self, args, kwargs)

    def __repr__(self):
        return f"<{self.if_true!r} or {self.if_false!r}, as a traced condition picks>"

    def apply(self, op, *args, pure=False):
        """`op(value, *args)` of the value the condition picks: both, under it. Of a str or
        None (`len(m)` after `if m is None: return`), where `op` of None raises: the
        str's, with a run-time check that raises Python's error where None is picked.
        `pure`: `op` has no effect, so both are made here, and two texts join as one that
        the program picks (`m + str(x)`: runtime/text.py `joined`)."""
        def on(v):   # a pick among three or more: a Picked inside
            return v.apply(op, *args, pure=pure) if type(v) is Picked else op(v, *args)
        sides = (self.if_true, self.if_false)
        if (sides[0] is None) != (sides[1] is None):   # (not `in`: a Picked's == is traced)
            k = 0 if sides[0] is None else 1
            try:
                on(None)
            except (TypeError, AttributeError) as e:
                Picked.stage(e, self.pred if k else jnp.logical_not(self.pred),
                             errors.where(3))
                return on(sides[1 - k])
        if not pure:
            return Picked.choose(self.pred, lambda: on(self.if_true), lambda: on(self.if_false))
        a, b = on(self.if_true), on(self.if_false)
        out = Picked.joined(self.pred, a, b)
        return Picked.choose(self.pred, lambda: a, lambda: b) if out is None else out

    def set_in(self, x: dict, v, where=True):
        """`x[self] = v`: each key the condition may pick gets `v` where it does (a key `x`
        has: a new one would make the dict's keys depend on the condition)."""
        for key, cond in ((self.if_true, self.pred), (self.if_false, jnp.logical_not(self.pred))):
            here = cond if where is True else jnp.logical_and(where, cond)
            if type(key) is Picked:
                key.set_in(x, v, here)
            elif key not in x:
                raise errors.StateError(errors.message(
                    f"this adds the key {key!r}, which a traced condition picks, to a dict: "
                    "which keys the dict has would depend on the condition", at=errors.where(3),
                    fix=f"Give the dict every key first (`d[{key!r}] = 0.0`), then set it."))
            else:
                old = x[key]
                x[key] = Picked.choose(here, lambda: v, lambda old=old: old)
        return x

    def __getattr__(self, name):   # a str method of a picked str (`mode.upper()`): of both
        # (Not a function's attributes: JAX's wrappers copy `__name__` and read `_fun`.)
        if name in ("name", "value") and isinstance(_first(self), enum.Enum):
            return self.apply(lambda v: getattr(v, name), pure=True)   # an Enum member's
        if name.startswith("__") or not hasattr(str, name):
            raise AttributeError(name)
        return lambda *args, **kwargs: self.apply(
            lambda v: Picked.str_call(v, name, args, kwargs), pure=True)

    def __bool__(self):
        both = {bool(self.if_true), bool(self.if_false)}
        if len(both) == 1:
            return both.pop()
        raise _text_error("its truth")

    def __len__(self):
        return self.same(len, "its length")

    def same(self, f, what: str):
        """`f` of the value it picks, where `f` gives every value one answer (a length, a
        hash); else an error: the answer is known only when the program runs."""
        both = {v.same(f, what) if type(v) is Picked else f(v)
                for v in (self.if_true, self.if_false)}
        if len(both) == 1:
            return both.pop()
        raise _text_error(what)

    def chosen(self):
        """The value a concrete condition picks (when the program runs: a print's or an
        f-string's text rebuilds the Picked from run-time values); None while traced."""
        if not known(self.pred):
            return None
        v = self.if_true if bool(self.pred) else self.if_false
        return v.chosen() if type(v) is Picked else v

    def __str__(self):   # while traced (an error message's), shown as any object is
        v = self.chosen()
        return repr(self) if v is None else str(v)

    def __format__(self, spec):
        v = self.chosen()
        return format(repr(self), spec) if v is None else format(v, spec)


def _first(p):
    return _first(p.if_true) if type(p.if_true) is Picked else p.if_true


def _op(op, swapped=False):
    if swapped:
        return lambda self, other: self.apply(lambda v, o: op(o, v), other, pure=True)
    return lambda self, *args: self.apply(op, *args, pure=True)


for _name, _fn in (("eq", operator.eq), ("ne", operator.ne), ("add", operator.add),
                   ("mul", operator.mul), ("mod", lambda a, b: Picked.str_call(
                       a, "__mod__", (b,), {}) if isinstance(a, str) else operator.mod(a, b)),
                   ("getitem", operator.getitem),
                   ("contains", operator.contains), ("lt", operator.lt), ("le", operator.le),
                   ("gt", operator.gt), ("ge", operator.ge)):
    setattr(Picked, f"__{_name}__", _op(_fn))
for _name, _fn in (("radd", operator.add), ("rmul", operator.mul)):
    setattr(Picked, f"__{_name}__", _op(_fn, swapped=True))
Picked.__hash__ = None   # a dict key or set member: `m[k]` is items.getitem's


def find(args):
    """(k, None) for a Picked argument k, (k, j) for one at item j of a list or tuple
    argument k (`"-".join([mode, "z"])`, `"%s-%s" % (mode, x)`), or None."""
    for k, a in enumerate(args):
        if type(a) is Picked:
            return k, None
        if type(a) in (list, tuple):
            j = next((j for j, b in enumerate(a) if type(b) is Picked), None)
            if j is not None:
                return k, j
    return None


def each(call, args, kwargs, pure=False):
    """`call(*args, **kwargs)` for each value a Picked among `args` may be (`find`), under
    its condition; a second Picked in turn. `pure`: see Picked.apply (text of each
    joins as one the program picks)."""
    k, j = find(args)
    p = args[k] if j is None else args[k][j]

    def with_value(v):
        a = v if j is None else type(args[k])((*args[k][:j], v, *args[k][j + 1:]))
        new = (*args[:k], a, *args[k + 1:])
        return each(call, new, kwargs, pure) if find(new) is not None else call(*new, **kwargs)
    return p.apply(with_value, pure=pure)


def asked(f, args, kwargs):
    """isinstance, type, callable or issubclass of a picked value: Python's answer for each
    value it may be; where they differ, the traced choice (for type(): an error)."""
    at = next((k for k, a in enumerate(args) if type(a) is Picked), None)
    if at is None:
        return f(*args, **kwargs)
    p = args[at]
    a, b = (asked(f, (*args[:at], v, *args[at + 1:]), kwargs) for v in (p.if_true, p.if_false))
    if a is b or type(a) is bool and a == b:
        return a
    if type(a) is not bool:
        raise errors.StateError(errors.message(
            f"{f.__name__}() of a value a traced condition picks among values of different "
            "types: its answer is known only when the program runs", at=errors.where(3),
            fix="Pick values of one type, or ask about each before the condition picks."))
    return Picked.choose(p.pred, lambda: a, lambda: b)


def _text_error(what: str):
    return errors.StateError(errors.message(
        f"this needs {what} of a str a traced condition picks (as the program runs); while "
        "it is traced, it is either str",
        at=errors.where(3),
        fix="Compare it (`k == 'a'`), index a dict with it, or call the function it names; "
            "to print it, print the condition."))


class _NoneMarker:
    """None as one leaf, where a join picks between a str and None (state._joinable): None
    itself is a pytree with no leaves. A Picked holds None again."""
    __slots__ = ()


NONE = _NoneMarker()
_TEXT = (str, type(None), _NoneMarker)


def text_or_none(a, b) -> bool:
    """A str on one side of a join, None on the other (`"ab" if c else None`)."""
    return {type(a), type(b)} == {str, type(None)}


def pickable(a, b) -> bool:
    """Whether two values a traced condition picks between join as a Picked: two functions
    or other callables, not classes (two objects of two classes join as nothing: the
    choice of class is the error, at the variable that holds it); two strs (`mode`, a key),
    or a str and None; two members of one Enum."""
    if type(a) in _TEXT and type(b) in _TEXT and str in (type(a), type(b)):
        return True   # (a str or None: `m = "ab" if x > 0 else None`, then `m is None`)
    if isinstance(a, enum.Enum) and type(a) is type(b):
        return True   # two members of one Enum: `.name`, `==` and an IntEnum's arithmetic
    return callable(a) and callable(b) and not isinstance(a, type) and not isinstance(b, type)


jax.tree_util.register_pytree_node(   # (None as the leaf NONE: `"a" if c else None` is as
    Picked, lambda p: ((p.pred, *(NONE if v is None else v for v in (p.if_true, p.if_false))),
                       None),   # many leaves as `"a" if c else "b"`, which it may join)
    lambda _, children: Picked(*children))


def known(pred) -> bool:
    """A condition whose value is known: a concrete scalar (not a tracer, nor eval_shape's
    ShapeDtypeStruct, nor a batch of conditions)."""
    return (isinstance(pred, (bool, int, np.generic, np.ndarray)) or isinstance(
        pred, jax.Array) and not isinstance(pred, jax.core.Tracer)) and not np.shape(pred)


def aligned(a, b):
    """`a` and `b`, one or both Picked, as two values of one pytree structure (a plain
    function `f` where the other side is a Picked is `Picked(True, f, f)`, its functions
    aligned in turn); None where they cannot be (the join's own error says why)."""
    if type(a) is Picked and type(b) is Picked:
        t, f = aligned(a.if_true, b.if_true), aligned(a.if_false, b.if_false)
        if t is None or f is None:
            return None
        return Picked(a.pred, t[0], f[0]), Picked(b.pred, t[1], f[1])
    if type(a) is Picked or type(b) is Picked:
        p, other = (a, b) if type(a) is Picked else (b, a)
        if type(other) is not Picked and not pickable(other, other) and other is not None:
            return None   # (None: one side of a pick of a str or None, `else: m = None`)
        t, f = aligned(p.if_true, other), aligned(p.if_false, other)
        wrapped = Picked(True, t[1], f[1])
        p = Picked(p.pred, t[0], f[0])
        return (p, wrapped) if type(a) is Picked else (wrapped, p)
    return a, b


# A str a traced condition picks, carried by a traced loop (`m = "up"`, then `if x > t:
# m = "down"` in its body): each iteration's pick would nest the last one, a structure
# no carry holds. A loop carries it as a chain over the strs it may be, in one order,
# `Picked(m == o0, o0, Picked(m == o1, o1, o2))`: the same structure on every iteration.

def text_options(v):
    """The strs `v` (a str or a pick of strs) may be, in a fixed order; None otherwise."""
    if type(v) is str:
        return (v,)
    if type(v) is not Picked:
        return None
    a, b = text_options(v.if_true), text_options(v.if_false)
    return None if a is None or b is None else tuple(sorted(set(a) | set(b)))


def chained(v, options):
    """`v` (a str or a pick of strs among `options`) as the chain over `options`."""
    if len(options) == 1:
        return options[0]
    return Picked(jnp.asarray(v == options[0]), options[0], chained(v, options[1:]))


def loop_text(v_in, v_out):
    """(treedef, leaf specs) of the chain a loop carries for a variable that is a str or a
    pick of strs on entry and after an iteration, over the strs of both; else None."""
    a, b = text_options(v_in), text_options(v_out)
    if a is None or b is None or len(set(a) | set(b)) < 2:
        return None
    options = tuple(sorted(set(a) | set(b)))   # (of a concrete str: no tracer of the body)
    leaves, treedef = jax.tree_util.tree_flatten(chained(options[0], options))
    return treedef, [Static(x) if type(x) is str else Dynamic(aval_of(x)) for x in leaves]


def chain_leaves(treedef, specs, v):
    """The leaves of `v` as the chain a loop's plan (`treedef`, leaf `specs`) describes, or
    None where the plan is no such chain or `v` not a str or pick among its strs."""
    options = tuple(x for x in (getattr(sp, "value", None) for sp in specs) if type(x) is str)
    have = text_options(v)
    if len(options) < 2 or have is None or not set(have) <= set(options) or (
            jax.tree_util.tree_structure(chained(options[0], options)) != treedef):
        return None
    return jax.tree_util.tree_leaves(chained(v, options))


def where(pred, a, b, what: str):
    """`a` where the traced scalar `pred` holds, else `b`, leaf by leaf: numbers and arrays
    by jnp.where, two strs or functions by a Picked (`min(d, key=d.get)`: a key), one
    object by itself; other objects are an error of `what` (`max()`) at the user's line."""
    def leaf(x, y):
        if x is y:
            return x
        if pickable(x, y) or Picked in (type(x), type(y)):   # (among three: one inside)
            return Picked(pred, x, y)
        try:
            out = jnp.where(pred, x, y)
        except TypeError:
            raise errors.TracedShapeError(errors.message(
                f"{what} picks between {type(x).__name__} and {type(y).__name__} objects by "
                "a traced comparison: which one depends on the data", at=errors.where(),
                fix="Pick an index instead (`jnp.argmin(jnp.stack(keys))`) and keep the "
                    "objects' data in arrays.")) from None
        # A pick of two Python bools is one (`max(i > 2, True)`): weakly typed, as JAX
        # types a comparison of Python numbers (bool_arith counts with it).
        return scalars.weak_cast(out, bool) if python_bool(x) and python_bool(y) else out
    return jax.tree_util.tree_map(leaf, a, b)


def refuse_objects(items, what: str) -> None:
    """An error of `what` (`sorted()`) where items ordered by traced keys are not numbers
    or arrays (strs, functions): their order depends on the data."""
    bad = next((x for v in items for x in jax.tree_util.tree_leaves(v)
                if not isinstance(x, (bool, int, float, complex, jax.Array))), None)
    if bad is not None:
        raise errors.TracedShapeError(errors.message(
            f"{what} orders {type(bad).__name__} objects by traced keys: their order depends "
            "on the data", at=errors.where(),
            fix="Order indices instead (`order = jnp.argsort(jnp.stack(keys))`) and keep the "
                "objects' data in arrays."))
