"""Argument specs: one text syntax for the shapes a function is traced, lowered or exported at.

    "f32[n,3], i32[], f32[4], static=3, static=True"

Each comma-separated item is an array, `dtype[dims]`, or a static argument,
`static=VALUE` (a Python literal; its position becomes one of `static_argnums`).
Dims are integers, or symbolic names (and expressions such as `2*n`) as
`jax.export.symbolic_shape` reads them; one name means one size across all
the items of a spec. `[]` is a scalar. Only jax and the standard library are used.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass

import numpy as np

import jax
import jax.numpy as jnp

_SHORT = {"f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64",
          "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
          "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
          "bool": "bool", "c64": "complex64", "c128": "complex128"}
# The long (NumPy) names, each to its short name, which is how specs print.
_LONG = {long: short for short, long in _SHORT.items()} | {"bool_": "bool"}
_OPENERS, _CLOSERS = "([{", ")]}"
_ARRAY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\[(.*)\]", re.DOTALL)
_STATIC = re.compile(r"static\s*=(.*)", re.DOTALL)


class SpecError(ValueError):
    """A spec that cannot be read; the message says which item and why."""


@dataclass(frozen=True)
class Specs:
    """A parsed spec: `args` in order (jax.ShapeDtypeStruct for arrays, the values of
    static items), and the positions of the static ones."""
    args: tuple
    static_argnums: tuple

    @property
    def arrays(self) -> tuple:
        return tuple(a for i, a in enumerate(self.args) if i not in self.static_argnums)


def dtype_of(name: str):
    """The dtype a spec's dtype name (f32, float32, bf16, ...) stands for."""
    long = _SHORT.get(name, name if name in _LONG else None)
    if long is None:
        raise SpecError(f"unknown dtype {name!r}; use one of {' '.join(_SHORT)} "
                        "(or the long names: float32, int32, ...)")
    dtype = jnp.bfloat16 if long == "bfloat16" else np.dtype(long)
    if _bits(dtype) == 64 and not jax.config.jax_enable_x64:
        raise SpecError(f"{name} needs JAX's 64-bit mode: set JAX_ENABLE_X64=1")
    return dtype


def _bits(dtype) -> int:
    """Bits of a number of `dtype` (of each part, for complex)."""
    dtype = np.dtype(dtype)
    return dtype.itemsize * 8 // (2 if dtype.kind == "c" else 1)


def short_name(dtype) -> str:
    """`f32` for float32: how a spec names `dtype`."""
    name = np.dtype(dtype).name
    return _LONG.get(name, name)


def describe(aval) -> str:
    """`f32[n,3]` for an array of that dtype and shape (a ShapeDtypeStruct, an aval)."""
    return f"{short_name(aval.dtype)}[{','.join(str(d) for d in aval.shape)}]"


def split_items(text: str) -> list[str]:
    """`text` cut at its top-level commas: not those inside brackets or string literals."""
    items, start, stack, quote, i = [], 0, [], None, 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch in _OPENERS:
            stack.append((ch, i))
        elif ch in _CLOSERS:
            want = _OPENERS[_CLOSERS.index(ch)]
            if not stack or stack[-1][0] != want:
                raise SpecError(f"unbalanced brackets in {text!r}: {ch!r} at column {i + 1} "
                                + (f"closes {stack[-1][0]!r}" if stack else "closes nothing"))
            stack.pop()
        elif ch == "," and not stack:
            items.append(text[start:i])
            start = i + 1
        i += 1
    if quote:
        raise SpecError(f"unterminated string in {text!r}")
    if stack:
        ch, at = stack[-1]
        raise SpecError(f"unbalanced brackets in {text!r}: {ch!r} at column {at + 1} "
                        "is never closed")
    items.append(text[start:])
    if len(items) == 1 and not items[0].strip():
        return []
    for item in items:
        if not item.strip():
            raise SpecError(f"empty item in {text!r}")
    return [item.strip() for item in items]


def parse(text: str, *, scope=None) -> Specs:
    """Reads a spec: `parse("f32[n,3], static=2")` is Specs(args=(ShapeDtypeStruct((n, 3),
    float32), 2), static_argnums=(1,)). All symbolic names share one scope (`scope`, a
    jax.export.SymbolicScope, if given)."""
    args, static = [], []
    scope = jax.export.SymbolicScope() if scope is None else scope
    for item in split_items(text):
        m = _STATIC.fullmatch(item)
        if m:
            static.append(len(args))
            args.append(_static_value(item, m.group(1).strip()))
            continue
        args.append(parse_array(item, scope))
    return Specs(tuple(args), tuple(static))


def parse_array(item: str, scope):
    """One `dtype[dims]` item, as a jax.ShapeDtypeStruct; symbolic dims live in `scope`."""
    m = _ARRAY.fullmatch(item.strip())
    if not m:
        raise SpecError(f"expected dtype[dims] or static=VALUE, got {item!r}")
    dtype = dtype_of(m.group(1))
    dims = m.group(2).strip()
    try:
        shape = jax.export.symbolic_shape(dims, scope=scope) if dims else ()
    except ValueError as e:
        raise SpecError(f"cannot read the dims of {item!r}: {str(e).splitlines()[0]}") from None
    for d in shape:
        if isinstance(d, int) and d < 0:
            raise SpecError(f"negative dimension {d} in {item!r}")
    return jax.ShapeDtypeStruct(shape, dtype)


def _static_value(item: str, source: str):
    try:
        value = ast.literal_eval(source)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        raise SpecError(f"{item!r}: the value of static= must be a Python literal "
                        "(a number, string, True/False/None, or a tuple of them)") from None
    try:
        hash(value)
    except TypeError:
        raise SpecError(f"{item!r}: a static argument must be hashable (jax.jit compares "
                        f"them by hash); write a tuple instead of a {type(value).__name__}"
                        ) from None
    return value


def parse_values(text: str) -> tuple:
    """`--args` of `autograph-py run`: Python literals, "[1.0, 2.0], 3" -> ([1.0, 2.0], 3)."""
    items = split_items(text)   # brackets and quotes checked, with the same messages
    values = []
    for item in items:
        try:
            values.append(ast.literal_eval(item))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise SpecError(f"{item!r} is not a Python literal (a number, True/False, "
                            "or a nested list of them)") from None
    return tuple(values)
