"""Dumps autograph_py.to_code of every function in the test and sample corpora.

    .venv/bin/python benchmarks/to_code_dump.py OUT.txt

For checking that a change to the compiler leaves the converted code as it
was: run it before and after, and diff the two files. Covered: the
functions (module-level, in classes, and in the PROGRAMS / CASES registries,
closures and lambdas included) of tests/programs.py, samples/*.py and
tests/foreign/*.py. A function that does not convert is recorded with its
error's type and message. Each converted source is followed by a digest of
the converted code object (marshal: bytecode, constants, names, line and
column tables), so generated code that prints the same but carries other
locations shows too (the paths in it must then be the same: run both from
one checkout).
"""
from __future__ import annotations

import hashlib
import importlib
import inspect
import marshal
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import autograph_py  # noqa: E402

MODULES = (["tests.programs"]
           + [f"samples.{p.stem}" for p in sorted((ROOT / "samples").glob("*.py"))
              if p.stem not in ("__init__", "demo")]
           + [f"tests.foreign.{p.stem}" for p in sorted((ROOT / "tests" / "foreign").glob("*.py"))
              if p.stem not in ("__init__", "harness")])


def _functions(mod):
    seen, out = set(), []

    def add(fn, label):
        fn = inspect.unwrap(fn) if callable(fn) else fn
        if isinstance(fn, types.FunctionType) and id(fn) not in seen:
            seen.add(id(fn))
            out.append((label, fn))

    for name, value in sorted(vars(mod).items()):
        if isinstance(value, types.FunctionType) and value.__module__ == mod.__name__:
            add(value, name)
        elif isinstance(value, type) and value.__module__ == mod.__name__:
            for attr, member in sorted(vars(value).items()):
                if isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                add(member, f"{name}.{attr}")
    for registry in ("PROGRAMS", "CASES"):
        for k, entry in enumerate(getattr(mod, registry, None) or ()):
            fns = ([entry["fn"], entry.get("ref")] if isinstance(entry, dict)
                   else [e for e in entry if callable(e)] if isinstance(entry, tuple) else [entry])
            for fn in fns:
                if fn is not None:
                    add(fn, f"{registry}[{k}] {getattr(fn, '__qualname__', '?')}")
    return out


def main(out_path: str) -> None:
    lines = []
    for name in MODULES:
        mod = importlib.import_module(name)
        for label, fn in _functions(mod):
            try:
                text = autograph_py.to_code(fn)
                code = autograph_py.convert(fn).__code__
                text += f"\n--- code {hashlib.sha256(marshal.dumps(code)).hexdigest()[:16]}"
            except Exception as e:  # noqa: BLE001 -- recorded, compared like the code
                text = f"!! {type(e).__name__}: {e}"
            lines.append(f"=== {name}:{label} ({fn.__qualname__}, line {fn.__code__.co_firstlineno})")
            lines.append(text)
    Path(out_path).write_text("\n".join(lines) + "\n")
    print(f"{sum(1 for x in lines if x.startswith('=== '))} functions -> {out_path}")


if __name__ == "__main__":
    main(sys.argv[1])
