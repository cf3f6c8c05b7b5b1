"""explain(f)(*args): what every converted statement became in one trace.

The counterpart of `torch._dynamo.explain`: for each statement, its
file:line, the construct, what it became (`lax.cond`, `lax.while_loop`,
`lax.fori_loop`, `lax.scan`, Python, ...) and why; and, for calls, which
functions were converted and which were called as they are.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import jax

from autograph_py.runtime import trace_log


@dataclass(frozen=True)
class Entry:
    location: str   # file:line
    construct: str  # if, while, for, call, print, assert
    became: str     # lax.cond, lax.while_loop, python, converted, called as is, ...
    reason: str


@dataclass(frozen=True)
class Report:
    entries: tuple[Entry, ...]

    def __str__(self) -> str:
        if not self.entries:
            return "no converted statement ran"
        rows = [("location", "construct", "became", "why")]
        rows += [(e.location, e.construct, e.became, e.reason) for e in self.entries]
        widths = [max(len(r[i]) for r in rows) for i in range(3)]
        return "\n".join(f"{r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}  {r[3]}"
                         for r in rows)

    def by_construct(self, construct: str) -> list[Entry]:
        return [e for e in self.entries if e.construct == construct]


def explain(fn: Callable[..., Any], **jit_options: Any) -> Callable[..., Report]:
    """Returns a function that traces `fn` on its arguments and returns a Report.

    Nothing is compiled or run: `fn` is converted and traced once with
    `jax.make_jaxpr` (jit options such as `static_argnums` are honoured).
    """
    from autograph_py import api

    def run(*args: Any, **kwargs: Any) -> Report:
        converted = api.convert(fn.__wrapped__ if isinstance(fn, api.Function) else fn)
        def traced(*a: Any, **k: Any) -> Any:  # a new function each time: make_jaxpr caches traces by function
            return converted(*a, **k)

        trace_log.start()
        try:
            jax.make_jaxpr(traced, static_argnums=jit_options.get("static_argnums", ()))(
                *args, **kwargs)
        finally:
            records = trace_log.stop()
        seen, entries = set(), []
        for rec in records:
            if rec not in seen:
                seen.add(rec)
                entries.append(Entry(*rec))
        return Report(tuple(entries))

    return run
