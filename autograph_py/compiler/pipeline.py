"""The conversion pipeline and its cache.

    source -> gast -> converters (PIPELINE, analyses run as each declares)
           -> ast -> compile in memory (user's file name and line numbers)
           -> function with the original's globals, closure cells and defaults

Conversions are cached per code object (the compiled code, weakly) and on each function
object (its closure and defaults), behind one lock; neither keeps a function alive.
"""
from __future__ import annotations

import ast
import functools
import gc
import linecache
import logging
import threading
import time
import types
import weakref
from dataclasses import dataclass, field

import gast

from autograph_py import errors
from autograph_py.compiler.analysis import activity, liveness
from autograph_py.compiler.converters import (annotations, arithmetic, asserts, break_statements,
                                     call_trees, comprehensions, conditional_expressions,
                                     continue_statements, control_flow, directives, lists,
                                     logical_expressions, matches, raises, return_statements,
                                     strings, subscripts, while_tests, withs, written_back)
from autograph_py.compiler import (codegen, fence, parsing, recursion, staleness, translation,
                                   verbatim)
from autograph_py.compiler.naming import Namer

# The order matters; each line says why a converter sits where it does.
PIPELINE = (
    annotations,              # first: `y: int = x` is a plain assignment to every pass after it
    matches,                  # first: the if/elif chains it makes are converted like the user's
    directives,               # set_loop_options(...) must leave the body before call_trees wraps it
    lists,                    # lst.append(v) becomes an assignment the analyses then see
    subscripts,               # x[i] = v: `x = ag__.setitem(..)`, after lists (lst.append)
    comprehensions,           # `(f(x) for x in xs)` becomes lambdas: before call_trees, which
                              # converts the calls in them, and before control flow's analyses
    asserts,                  # emits an ag__ call, which call_trees leaves alone
    raises,                   # the `return` it adds after a raise is lowered below
    withs,                    # `m_ = Guard(b)`; after raises, which tells `with suppress(E)`
    while_tests,              # a test that assigns moves into the body: before break lowers
                              # the `break` it adds, after directives took the loop options
    break_statements,         # early exits become flags before control flow is functionalised;
                              # break first: it hoists a leading `if c: break` into the test
    continue_statements,      # ...before continue puts its flag reset at the top of the body
    return_statements,        # ...return last: its flag wraps the break flags in loop tests
    strings,                  # f-strings and "..." % v become ag__ calls: before call_trees,
                              # which leaves ag__ calls alone
    arithmetic,               # `a ** b`, counts of bools: before call_trees, after subscripts
    call_trees,               # before control_flow, so the ag__ calls it generates stay direct
    written_back,             # `a = ag__.latest(a)` after a call with `a`: needs call_trees'
                              # calls, and control flow must see the assignment
    control_flow,             # needs liveness of the final structured code
    conditional_expressions,  # after control_flow: their lambdas must not look like closures
    logical_expressions,      # last: also rewrites the `not flag and test` the exits wrote
)

# A generator's body suspends at each `yield`, which no branch or loop function can: its
# statements stay Python, only its expressions and calls are converted (a `print` prints
# when the program runs, `a if c else b` of a traced `c` is a select).
GENERATOR = (annotations, comprehensions, asserts, strings, arithmetic, call_trees,
             conditional_expressions, logical_expressions)

ANALYSES = {
    "activity": lambda tree: activity.clear(tree),
    "liveness": lambda tree: _liveness(tree),
}


def _liveness(tree):
    if isinstance(tree, (gast.FunctionDef, gast.AsyncFunctionDef)):
        liveness.analyze_function(tree)


@dataclass
class Context:
    namer: Namer
    filename: str
    name: str
    options: dict = field(default_factory=dict)
    # The class a method is written in: its private names are mangled with it.
    owner: str | None = None
    # Generated variables, and how errors should call them (labels.RETURN_VALUE).
    labels: dict = field(default_factory=dict)


@dataclass
class Conversion:
    """What one code object converts to; shared by all functions with that code."""
    code: types.CodeType
    tree: object            # converted gast FunctionDef / Lambda
    source: str | None = None
    entry_code: types.CodeType | None = None   # the wrapper's, with the user's names: entry()

    def text(self) -> str:
        """The converted source; also registered in linecache under generated_filename()."""
        if self.source is None:
            with recursion.room():
                self.source = ast.unparse(translation.gast_to_ast(self.tree))
            lines = self.source.splitlines(keepends=True)
            linecache.cache[self.generated_filename()] = (
                len(self.source), None, lines, self.generated_filename())  # mtime None: kept
        return self.source

    def generated_filename(self) -> str:
        code = self.code
        name = getattr(code, "co_qualname", code.co_name)
        return f"<autograph_py {name} from {code.co_filename}:{code.co_firstlineno}>"


_lock = threading.RLock()
class _ByIdentity:
    """A weak-keyed map that compares keys by identity.

    Code objects compare equal across files when their bytecode and line
    numbers match, so a WeakKeyDictionary would hand one file's conversion
    (and its file name, in tracebacks) to another.
    """

    def __init__(self):
        self._items = {}

    def get(self, key, default=None):
        item = self._items.get(id(key))
        return item[1] if item is not None and item[0]() is key else default

    def __setitem__(self, key, value):
        k = id(key)
        self._items[k] = (weakref.ref(key, lambda _, k=k: self._items.pop(k, None)), value)

    def __contains__(self, key):
        item = self._items.get(id(key))
        return item is not None and item[0]() is key

    def pop(self, key, default=None):
        value = self.get(key, default)
        if key in self:
            del self._items[id(key)]
        return value


_by_code = _ByIdentity()          # code object -> Conversion
_CACHED = "__ag_cached__"         # function attribute: (function, converted or _Unconvertible)
_converted_codes = _ByIdentity()  # code objects that conversion produced
_warned: "weakref.WeakSet" = weakref.WeakSet()
_warned_unreferenceable: set = set()   # builtins and C functions take no weak reference
logger = logging.getLogger("autograph_py")


class _Unconvertible:
    """The cache entry of a function that runs as it is, and why."""
    __slots__ = ("why",)

    def __init__(self, why: str):
        self.why = why


def transform(node, filename: str, name: str, owner: str | None = None, generator=False):
    """Runs the pipeline (a generator's: GENERATOR) on a parsed function; returns it."""
    ctx = Context(Namer.for_tree(node), filename, name, owner=owner)
    kept = verbatim.python_bodies(node)
    generators = verbatim.generators(node) if kept else ()
    node = _converted(node, ctx, GENERATOR if generator else PIPELINE)
    for key in generators:   # nested generators: their expressions and calls
        kept[key] = _converted(gast.FunctionDef(key[0], gast.arguments(
            [], [], None, [], [], None, []), kept[key], [], None, None), ctx, GENERATOR).body
    verbatim.restore(node, kept)
    codegen.fill_locations(node)
    return node


def _converted(node, ctx, converters):
    for converter in converters:
        for analysis in getattr(converter, "NEEDS", ()):
            ANALYSES[analysis](node)
        node = converter.transform(node, ctx)
    return node


def _conversion(fn) -> Conversion:
    code = fn.__code__
    conv = _by_code.get(code)
    if conv is not None:
        return conv
    # Conversion allocates tens of thousands of tree nodes and frees them by
    # reference counting; the cyclic collector it would trigger scans the
    # whole heap (JAX's included) several times per function for nothing.
    enabled = gc.isenabled()
    gc.disable()
    try:
        with recursion.room():
            return _convert_code(fn, code)
    except RecursionError as e:
        raise recursion.too_deep(code, e) from None
    finally:
        if enabled:
            gc.enable()


def _convert_code(fn, code) -> Conversion:
    start = time.perf_counter()
    node = parsing.parse_function(fn)
    generator = fence.check(node, code.co_filename, generator_ok=True)   # (refuse_generator)
    if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef)):
        node.decorator_list = []
    node = transform(node, code.co_filename, fn.__name__,
                     staleness.enclosing_class(fn.__qualname__), generator)
    new_code = codegen.compile_function(node, fn, code)
    _register(new_code)
    conv = _by_code[code] = Conversion(new_code, node)
    logger.info("converted %s (%s:%d) in %.2f ms", fn.__qualname__, code.co_filename,
                code.co_firstlineno, (time.perf_counter() - start) * 1e3)
    return conv


def _register(code):   # and its functions; not a class body's (converted when called)
    _converted_codes[code] = True
    for c in code.co_consts:
        if isinstance(c, types.CodeType) and c.co_flags & 1:   # CO_OPTIMIZED: no class body
            _register(c)


def is_converted_code(code) -> bool:
    return code in _converted_codes


def _cell(value):
    return types.CellType(value)


# The module generated code calls as `ag__` (autograph_py.ag__). The compiler does not
# import it (it would import the runtime, and jax): the package wires it (use_runtime).
_RUNTIME = {"ag__": None}


def use_runtime(module) -> None:
    _RUNTIME["ag__"] = module


def _instantiate(conv: Conversion, fn):
    ag__ = _RUNTIME["ag__"]
    cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
    closure = tuple(_cell(ag__) if name == "ag__" else cells[name]
                    for name in conv.code.co_freevars)
    new = _function_like(fn, conv.code, closure)
    new.__dict__.pop(_CACHED, None)
    new.__wrapped__ = fn
    new.__ag_converted__ = True
    return new


def _cached(fn):
    """The cached conversion of `fn`, kept on `fn` so it dies with it (a weak-keyed map
    would keep `fn` alive through `__wrapped__`). The entry names its function and code:
    `functools.wraps` copies `__dict__` to a wrapper; autoreload replaces `__code__`."""
    entry = fn.__dict__.get(_CACHED)
    if entry is None or entry[0] is not fn or entry[2] is not fn.__code__:
        return None
    if type(entry[1]) is not _Unconvertible:
        _follow_defaults(entry[1], fn)
    return entry[1]


def _follow_defaults(converted, fn):
    """Defaults are read when the function is called: the original's, now."""
    if converted.__defaults__ is not fn.__defaults__ or \
            converted.__kwdefaults__ is not fn.__kwdefaults__:
        converted.__defaults__, converted.__kwdefaults__ = fn.__defaults__, fn.__kwdefaults__


def convert_function(fn):
    """The converted version of `fn` (cached). Raises if it cannot be converted."""
    converted = _cached(fn)
    if converted is not None and type(converted) is not _Unconvertible:
        return converted
    with _lock:
        converted = _cached(fn)
        if converted is None or type(converted) is _Unconvertible:
            converted = _instantiate(_conversion(fn), fn)
            fn.__dict__[_CACHED] = (fn, converted, fn.__code__)
    return converted


def converted_or_none(fn, strict: bool = False):
    """Like convert_function, but a function whose source is unavailable runs as is.

    It warns once per function (an error when `strict`, or in strict mode,
    whenever it is asked for again). Syntax that cannot be converted is
    always an error.
    """
    converted = _cached(fn)
    if converted is not None:
        if type(converted) is not _Unconvertible:
            return converted
        return run_unconverted(fn, converted.why, strict)
    if is_converted_code(fn.__code__):
        return None
    try:
        return convert_function(fn)
    except errors.SourceChangedError:
        raise
    except errors.SourceUnavailableError as e:
        with _lock:
            fn.__dict__[_CACHED] = (fn, _Unconvertible(e.why), fn.__code__)
        return run_unconverted(fn, e.why, strict)


def run_unconverted(fn, why: str, strict: bool = False):
    """None (`fn` runs as it is) after one warning per function; raises when strict."""
    from autograph_py import config
    if strict or config.strict():
        raise errors.SourceUnavailableError(fn, why)
    with _lock:
        try:
            first = fn not in _warned
            _warned.add(fn)
        except TypeError:
            first = fn not in _warned_unreferenceable
            _warned_unreferenceable.add(fn)
    if first:
        text = f"{errors.SourceUnavailableError(fn, why).headline}; it runs unconverted"
        logger.info("%s", text)
        errors.warn_at_user(text, errors.UnconvertedWarning)
    return None


def entry(converted):
    """What `convert` hands its caller: `converted`, whose result passes through
    `ag__.returned`, as its own function object (see `distinct`).
    A value that a traced `if` or loop left None on some runs only (runtime/optional.py)
    can go from one converted function to another, which tests it with `is None`; code
    outside converted code (JAX's jit, the user) gets its value, checked when the program
    runs. The wrapper's code object carries the user's file, first line and names, so
    `inspect` and tracebacks point at the user's `def`.
    """
    fn = converted.__wrapped__
    conv = _by_code.get(fn.__code__)
    if conv is None:
        return distinct(converted)
    if conv.entry_code is None:
        code = fn.__code__
        conv.entry_code = _ENTRY_CODE.replace(co_filename=code.co_filename,
                                              co_firstlineno=code.co_firstlineno,
                                              **codegen.code_names(code))
    new = types.FunctionType(conv.entry_code, _entry_factory.__globals__, fn.__name__, None,
                             (_cell(_RUNTIME["ag__"]), _cell(converted)))
    return functools.update_wrapper(new, converted)


def _entry_factory(ag__, converted):
    def entry(*args, **kwargs):
        _follow_defaults(converted, converted.__wrapped__)
        ag__.poison_stale(converted)   # a module-level list's tracers of an ended trace
        with ag__.clearer_errors():    # Python's TypeError of an operator, in our terms
            return ag__.returned(converted(*args, **kwargs), converted)
    return entry


_ENTRY_CODE = _entry_factory(None, None).__code__   # free variables: ag__, converted


def distinct(converted):
    """A new function object over `converted`'s code, closure, globals and attributes.

    Each public `convert` and each `@function` hands JAX its own function
    object. JAX's C++ jit cache is keyed on the function object and the
    static argument values, not on which positions are static, so two jits
    of one shared object, one with `static_argnums=0` and one with `1`, can
    run each other's programs when the static values and the other
    arguments' types coincide (silently wrong).
    """
    return _function_like(converted, converted.__code__, converted.__closure__)


def _function_like(fn, code, closure):
    """A function of `code` and `closure` with `fn`'s globals, names, defaults, doc and
    attributes."""
    new = types.FunctionType(code, fn.__globals__, fn.__name__, fn.__defaults__, closure)
    new.__kwdefaults__ = fn.__kwdefaults__
    new.__qualname__ = fn.__qualname__
    new.__module__ = fn.__module__
    new.__doc__ = fn.__doc__
    new.__dict__.update(fn.__dict__)
    return new


def to_code(fn) -> str:
    fn = getattr(fn, "__wrapped__", fn) if not isinstance(fn, types.FunctionType) else fn
    if not isinstance(fn, types.FunctionType):
        raise errors.SourceUnavailableError(fn, f"it is a {type(fn).__name__}, not a Python function")
    return _conversion(fn).text()


