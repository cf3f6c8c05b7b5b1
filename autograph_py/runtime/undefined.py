"""Placeholders for variables that have no value yet on some path."""
from __future__ import annotations

import contextlib
import threading
import warnings

import jax

from autograph_py import errors, labels
from autograph_py.runtime import copies, paths


class Undefined:
    """Value of a local that a converted function has not assigned yet.

    Generated code binds such locals to `Undefined('x')` at function entry so
    that branch and loop bodies can declare them `nonlocal`. Any use of the
    placeholder raises an error that names the variable; a traced `if` or loop
    that finds one in its state reports where the value is missing.
    """

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return f"<undefined {self.name}>"

    def _fail(self, *args, **kwargs):
        raise errors.UndefinedVariableError(errors.message(
            f"local variable '{self.name}' is used before it is assigned",
            at=errors.where(2),
            fix=f"Assign '{self.name}' on every path before this use."))

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        self._fail()


for _op in ("add sub mul truediv floordiv mod pow matmul and or xor lshift rshift "
            "radd rsub rmul rtruediv rfloordiv rmod rpow rmatmul rand ror rxor "
            "lt le gt ge neg pos abs invert bool int float index len iter getitem "
            "setitem call array jax_array complex round").split():
    setattr(Undefined, f"__{_op}__", Undefined._fail)


class UndefinedReturnValue(Undefined):
    """The return value before a `return` has run: it may be missing in one branch of a
    traced `if` or before a traced loop (the return flag guards every later read of it, so
    it is zeros there). `kept`: code may run after a `return` (`finally`, `__exit__`) and
    change what it returned (runtime/returns.py, told by `made`)."""

    __slots__ = ("kept",)
    made = staticmethod(lambda kept: None)   # (set by runtime/returns)

    def __init__(self, kept=False):
        super().__init__(labels.RETURN_VALUE)
        self.kept = kept
        self.made(kept)


class MaybeUndefined(Undefined):
    """A value that only some paths assigned: one branch of a traced `if` did not.

    It carries the value of the paths that did assign it (zeros where none
    did) through lax constructs, and every read of it raises the error that
    `reason` (headline, details, location, fix) describes: a read cannot know
    which path ran. A later assignment replaces it. `assigned`, where known,
    is the traced condition under which a path assigned it (the taken branch
    of the traced `if` that made it): a loop that carries it on (a Python
    loop turning traced) makes it an UnboundUnlessAssigned with that flag.
    """

    __slots__ = ("value", "reason", "assigned")

    def __init__(self, name: str, value, reason: str, assigned=None):
        super().__init__(name)
        self.value, self.reason, self.assigned = value, reason, assigned

    def __repr__(self):
        return f"<maybe undefined {self.name}>"

    def _fail(self, *args, **kwargs):
        what, details, at, fix = self.reason
        paths.refuse_if_caught(UnboundLocalError(), at)   # not the user's: not caught there
        raise errors.UndefinedVariableError(errors.message(
            what, details=details + (f"read at {errors.where(2)}",), at=at, fix=fix))


for _op in ("add sub mul truediv floordiv mod pow matmul and or xor lshift rshift "
            "radd rsub rmul rtruediv rfloordiv rmod rpow rmatmul rand ror rxor "
            "lt le gt ge neg pos abs invert bool int float index len iter getitem "
            "setitem call array jax_array complex round").split():
    setattr(MaybeUndefined, f"__{_op}__", MaybeUndefined._fail)


class UnboundUnlessAssigned:
    """A local first assigned in a traced loop that may run zero times: `value` if `assigned`.

    `assigned` is a traced bool carried through the loop (False on entry,
    True once an iteration assigned the variable), and through the traced
    `if`s and loops after it, which treat it as part of the variable (a
    pytree of the value and the flag). A read of the variable (`ag__.ld`)
    checks the flag when the compiled program runs and raises
    UnboundLocalError at the read's line if the variable was never assigned,
    as Python does.
    """

    __slots__ = ("name", "value", "assigned")

    def __init__(self, name: str, value, assigned):
        self.name, self.value, self.assigned = name, value, assigned

    def __repr__(self):
        return f"<{self.name} if assigned>"


# A use of the variable that is not a generated `ag__.ld` read (an operator, a JAX function
# taking it as an array) is a read all the same: the check, then the value. The runtime's
# reader (builtins.read_local) sets `_reader`: this module sits below it.
_reader = [lambda u: u.value]


VALUE_OPERATORS = ("add sub mul truediv floordiv mod pow matmul and or xor lshift rshift "
                   "radd rsub rmul rtruediv rfloordiv rmod rpow rmatmul rand ror rxor "
                   "lt le gt ge neg pos abs invert int float index len iter getitem "
                   "complex round array")
VALUE_ATTRIBUTES = "shape dtype ndim size T at astype reshape sum item"


def delegate(cls, read, operators=VALUE_OPERATORS, attributes=VALUE_ATTRIBUTES) -> None:
    """Makes every operator, JAX's array conversion and the array attributes of `cls`'s
    instances use `read(self, what)`: the value a placeholder stands for, checked."""
    def using(op):
        def use(self, *args):
            return getattr(read(self, f"`{op.strip('_')}`"), op)(*args)
        use.__name__ = op
        return use
    for op in operators.split():
        setattr(cls, f"__{op}__", using(f"__{op}__"))
    cls.__jax_array__ = lambda self: read(self, "an array operation")
    for attr in attributes.split():
        setattr(cls, attr, property(lambda self, attr=attr: getattr(read(self, f"`.{attr}`"),
                                                                     attr)))


delegate(UnboundUnlessAssigned, lambda u, what: _reader[0](u),
         operators=VALUE_OPERATORS + " eq ne bool")
UnboundUnlessAssigned.__hash__ = object.__hash__


class Label:
    """The variable's name as a placeholder's pytree aux data, equal to every other: the
    name is for messages only, and a placeholder moved into another variable
    (`v, t = t, v` under a traced `if`) must join with that variable's own."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, Label)

    def __hash__(self):
        return 0

    def __repr__(self):
        return repr(self.text)


jax.tree_util.register_pytree_node(
    UnboundUnlessAssigned,
    lambda u: ((u.value, u.assigned), Label(u.name)),
    lambda name, children: UnboundUnlessAssigned(name.text, *children))


def checked_at_run_time(value):
    """A MaybeUndefined whose assigning condition is known, as an UnboundUnlessAssigned that
    a read checks when the program runs. Its value may itself be one a loop may not have
    assigned (`for k in range(3): return` under the `if`): then both flags."""
    if not isinstance(value, MaybeUndefined) or value.assigned is None or isinstance(
            inner := value.value, Undefined):
        return value
    if isinstance(inner, UnboundUnlessAssigned):
        return UnboundUnlessAssigned(value.name, inner.value,
                                     jax.numpy.logical_and(value.assigned, inner.assigned))
    return UnboundUnlessAssigned(value.name, inner, value.assigned)


def lift_assigned(name: str, value):
    """`value`, which a path assigned, as the other paths' UnboundUnlessAssigned."""
    if isinstance(value, (UnboundUnlessAssigned, Undefined)):
        return value
    return UnboundUnlessAssigned(name, value, True)


class _Reads(threading.local):
    def __init__(self):
        self.stack = []   # per loop body being traced: names read while unassigned


_reads = _Reads()


@contextlib.contextmanager
def unassigned_reads():
    """Collects the names of locals read while they have no value (or may have none)."""
    names: set = set()
    _reads.stack.append(names)
    try:
        yield names
    finally:
        _reads.stack.pop()


def note_unassigned_read(name: str) -> None:
    for names in _reads.stack:
        names.add(name)


_region = paths.Nesting()


def conditional_region():
    """Code traced here runs only under a traced condition (a branch, a loop body).

    A read there of a value that may be unassigned is not reported: the read
    may never run, as when a flag set with the value guards it. Its value is
    the placeholder, which a run that reaches the read with no assignment
    would see; eagerly, that run raises NameError.
    """
    return _region()


def in_conditional_region() -> bool:
    return _region.depth() > 0


def conditional_depth() -> int:
    """How many traced branches and loop bodies the code being traced is inside."""
    return _region.depth()


def read(value):
    """A user read of a local that may be unassigned (generated code calls it as ag__.ld)."""
    if isinstance(value, Undefined):
        if isinstance(value, MaybeUndefined) and in_conditional_region():
            return value.value
        value._fail()
    return value


def is_undefined(v) -> bool:
    """No value on any path (a MaybeUndefined has one on some)."""
    return isinstance(v, Undefined) and not isinstance(v, MaybeUndefined)


def is_placeholder(v) -> bool:
    return isinstance(v, Undefined)


def load_part(base, key, label: str, attribute: bool):
    """`base.key` or `base[key]` as branch or loop state: a placeholder where it is missing.

    A key or attribute that the block adds (`d['k'] = v` on a dict without
    'k') or whose base the block creates has no entry value; like a local
    assigned later, it is an `Undefined` until a path assigns it.
    """
    base = _assigned_value(base)
    if isinstance(base, Undefined):
        return Undefined(label)
    try:
        if attribute and written_by_code(type(base), key):
            return WRITTEN_BY_CODE   # (its writes converted and watched: runtime/classes.py)
        return _attribute(base, key) if attribute else base[key]
    except (KeyError, AttributeError):
        return Undefined(label)
    except IndexError:
        if type(base) is list:   # a branch that shortened the list (`lst.pop()`) has none
            return Undefined(label)
        raise


class _WrittenByCode:
    """The state slot of an attribute a user class's code writes (a property's setter, a
    descriptor's, its `__setattr__`): no state. The assignment runs that code once on each
    path, as eagerly; the construct carries what it changes, as it does a callee's change."""
    __slots__ = ()


WRITTEN_BY_CODE = _WrittenByCode()


def written_by_code(cls, key) -> bool:   # (runtime/classes.py puts its test here)
    return False


def _attribute(base, key):
    """`getattr(base, key)`, whose warnings (a library's deprecated property: NNX's
    `Variable.value`) name the user's line that reads it, not this one."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = getattr(base, key)
    for w in caught:
        errors.warn_at_user(str(w.message), w.category)
    return value


def _assigned_value(base):
    """The object a base only some paths (or runs) assigned holds where they did."""
    while isinstance(base, (MaybeUndefined, UnboundUnlessAssigned)):   # (a traced `if`
        base = base.value   # joins a loop's UnboundUnlessAssigned as a MaybeUndefined of one)
    return base


def store_part(base, key, value, attribute: bool) -> None:
    """The inverse of `load_part`: a placeholder value makes the part missing again.

    A part that only some paths of a traced construct assign cannot be
    represented: unlike a local, an item or attribute stays visible to code
    this function cannot see (the caller holds the dict), so that is an error
    here, not at a later read.
    """
    if base is not _assigned_value(base):
        inner = base.value if isinstance(base, MaybeUndefined) else base
        base_unbound = isinstance(inner, UnboundUnlessAssigned)
        base = _assigned_value(base)
        while isinstance(value, MaybeUndefined) or (
                base_unbound and isinstance(value, UnboundUnlessAssigned)):
            value = value.value   # what the base's own placeholder guards (F58: both first
            #                       assigned in one loop: the part exists where the base does)
    if isinstance(base, Undefined) or value is WRITTEN_BY_CODE:
        return  # the base itself is restored to "unassigned": so is the part
    if isinstance(value, MaybeUndefined) and not in_conditional_region():
        what, details, at, fix = value.reason
        raise errors.UndefinedVariableError(errors.message(
            what.replace(" is read after ", " outlives ", 1),
            details=details + ("an item or attribute stays visible after the block, so every "
                               "path must give it a value",),
            at=at, fix=fix))
    if isinstance(value, UnboundUnlessAssigned) and not in_conditional_region():
        raise _part_maybe_unassigned(value.name)
    # A read-only copy (runtime/copies) is written through its base class: this is the
    # runtime putting back the state the program holds, not a change of the user's.
    own = type(base).__mro__[1] if isinstance(base, copies.READ_ONLY) else type(base)
    if is_undefined(value):
        try:
            delattr(base, key) if attribute else own.__delitem__(base, key)
        except (KeyError, AttributeError):
            pass
    elif attribute:
        setattr(base, key, value)
    elif isinstance(base, tuple):   # `t[0]["s"] = x` of `t = ({...},)`: its item, refilled
        _refill_item(base, key, value)
    else:
        own.__setitem__(base, key, value)


def _refill_item(t: tuple, key, value) -> None:
    item = t[key]
    if value is item:
        return
    if type(item) is list and type(value) is list:
        item[:] = value
        return
    if type(item) is dict and type(value) is dict:   # its keys in their order (a rebuilt
        new = {**{k: value[k] for k in item if k in value}, **value}   # dict's are sorted)
        item.clear()
        item.update(new)
        return
    raise errors.StateError(errors.message(
        f"item {key!r} of a tuple is state of this construct, and a tuple cannot change: "
        f"its {type(item).__name__} became a {type(value).__name__}", at=errors.where(3),
        fix="Keep the values in a list or dict, or bind the tuple again after the construct."))


def _part_maybe_unassigned(label: str):
    return errors.UndefinedVariableError(errors.message(
        f"{label} is first assigned in a traced loop that may run zero times, and an item or "
        "attribute cannot be missing on some runs only",
        details=(f"Whether {label} exists after the loop would depend on its trip count, "
                 "which is known only when the compiled program runs.",),
        at=errors.where(2),
        fix=f"Assign {label} before the loop (for example to zeros of its final shape and "
            "dtype), or make the loop's trip count a Python value."))
