"""The names generated code may call, and nothing else.

Converted code reaches this module as the closure variable `ag__`. The state
protocol, worked through for one `if`:

    def f(x):                             # user code
        if x < 0:
            x = -x
        return x

    def f(x):                             # generated code
        def if_body():                    # the branches assign state by nonlocal
            nonlocal x
            x = -x
        def else_body():
            nonlocal x
        def get_state():                  # the state variables' current values
            return (x,)
        def set_state(vars_):             # assign them all
            nonlocal x
            (x,) = vars_
        ag__.if_stmt(x < 0, if_body, else_body, get_state, set_state, ('x',))
        return x

With a Python test, `if_stmt` calls one branch and that is all. With a traced
test it calls `get_state()` for the entry values, traces each branch after
`set_state(entry)`, reads each branch's result with `get_state()`, joins them
(runtime/state.py), builds one `lax.cond`, and `set_state`s its outputs.
Loops work the same way with `while_stmt` and `for_stmt`.
"""
import jax
import jax.numpy as jnp
import numpy as np

from autograph_py import errors
from autograph_py.runtime import items, returns
from autograph_py.runtime.copies import plain
from autograph_py.runtime.dispatch import holds_traced
from autograph_py.runtime.builtins import (assert_stmt, fstring, list_argument, listed,
                                           match_subject, read_local)
from autograph_py.runtime.raises import HANDLED, raise_stmt, staged_raises_escape
from autograph_py.errors import clearer_errors
from autograph_py.runtime.calls import converted_call
from autograph_py.runtime.text import str_mod
from autograph_py.runtime.conditionals import if_exp, if_stmt
from autograph_py.runtime.comprehensions import (
    comprehension, dict_comprehension, list_comprehension, nested_comprehension,
    nested_dict_comprehension, nested_list_comprehension, nested_set_comprehension,
    set_comprehension)
from autograph_py.runtime.items import getitem, in_, not_in, setitem, span
from autograph_py.runtime.logical import (and_, compare_chain, eq, is_, is_not, not_,
                                          not_eq, or_, ordered)
from autograph_py.runtime.loops import for_stmt, while_stmt
from autograph_py.runtime.mathfns import bool_arith, power
from autograph_py.runtime.optional import returned
from autograph_py.runtime.leaks import poison as poison_stale
from autograph_py.runtime.state import GlobalName as global_name
from autograph_py.runtime.written_back import give_back, latest, written_mark
from autograph_py.runtime.undefined import (Undefined, UndefinedReturnValue, load_part,
                                           store_part)


def retval(value):
    """The function's result: None when no `return` ran."""
    if isinstance(value, Undefined):
        if isinstance(value, UndefinedReturnValue):
            return None
        value._fail()
    return returns.given(value)


slice = slice  # `x[a:b]` with a computed bound: the index as a value, for getitem/setitem

ld = read_local  # a read of a local that may be unassigned: raises like Python if it is


def setitem_outside(target, k, value) -> None:
    """`G[k] = v` of a global's or enclosing function's name, with k computed: a list or
    dict changes in place (by a traced index too: items.setitem); anything else gets
    Python's own item assignment (a JAX array's error: the name cannot be rebound)."""
    if isinstance(target, (list, dict)):
        setitem(target, k, value)
    elif isinstance(target, np.ndarray) and (holds_traced(k) or holds_traced(value)):
        raise errors.StateError(errors.message(
            "this NumPy array is a global's or an enclosing function's, and a traced index "
            "or value cannot be stored in it: a NumPy array holds no traced value, and the "
            "name cannot be bound to a new array here",
            at=errors.where(), fix="Make a local JAX array of it (`a = jnp.asarray(G)`), "
            "set `a = a.at[i].set(v)` or `a[i] = v`, and return it."))
    else:
        target[k] = value


def delitem(target, k) -> None:
    """`del x[k]`: of a list by a traced index, each item after it moves down one (the list
    is one shorter whichever it is, as in Python's); anything else, Python's own."""
    if not (isinstance(target, list) and holds_traced(k)):
        del target[k]
        return
    j, rest = items.list_index(target, k, "assignment index"), [plain(v) for v in target]
    try:
        target[:] = [jax.tree_util.tree_map(lambda a, b: jnp.where(pos < j, a, b), rest[pos],
                                            rest[pos + 1]) for pos in range(len(rest) - 1)]
    except (ValueError, TypeError) as e:   # items of another structure, shape or dtype
        raise errors.TracedShapeError(errors.message(
            f"`del` of a list's item by a traced index moves the items after it, which must "
            f"be alike: {e}".split("\n")[0], at=errors.where(),
            fix="Keep the items in one array, or delete with a Python int.")) from None


def list_append(target, value):
    """`target.append(value)`, returning `target` (a Python list stays the same object)."""
    target.append(value)
    return target


__all__ = ["and_", "assert_stmt", "bool_arith", "clearer_errors", "compare_chain", "comprehension",
           "converted_call", "delitem",
           "dict_comprehension", "eq", "nested_comprehension", "nested_dict_comprehension",
           "nested_list_comprehension", "nested_set_comprehension", "set_comprehension",
           "for_stmt", "fstring", "getitem", "give_back", "global_name", "HANDLED", "if_exp",
           "if_stmt", "in_", "is_", "is_not", "latest", "ld", "list_append", "list_argument",
           "list_comprehension", "listed", "load_part", "match_subject", "not_", "not_eq", "not_in", "or_",
           "ordered", "poison_stale", "power", "raise_stmt", "returned", "retval", "setitem",
           "setitem_outside", "slice",
           "span", "staged_raises_escape", "store_part", "str_mod", "Undefined",
           "UndefinedReturnValue", "while_stmt", "written_mark"]
