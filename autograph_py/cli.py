"""The `autograph-py` command (also `python -m autograph_py`).

    autograph-py dump    TARGET                  the converted source
    autograph-py explain TARGET --args SPEC      what each statement became (explain())
    autograph-py jaxpr   TARGET --args SPEC      the jaxpr of the converted, jitted function
    autograph-py hlo     TARGET --args SPEC      its StableHLO text
    autograph-py export  TARGET --args SPEC -o FILE [--platforms cpu,cuda,tpu]
    autograph-py run     FILE --args VALUES      call an exported artifact (needs jax only)

TARGET is FILE.py:FUNCTION or package.module:FUNCTION; SPEC is the syntax of
autograph_py/specs.py ("f32[n,3], i32[], static=3"). A user error is one line
`autograph-py: ...` on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import os
import sys
import types


def _fail(msg: str) -> "NoReturn":  # noqa: F821
    print(f"autograph-py: {msg}", file=sys.stderr)
    raise SystemExit(2)


def _load(target: str):
    where, sep, name = target.rpartition(":")
    if not sep or not where or not name:
        _fail(f"expected FILE_OR_MODULE:FUNCTION, got {target!r}")
    if where.endswith(".py") or os.sep in where:
        if os.path.isdir(where):
            _fail(f"{where} is a directory, not a Python file")
        if not os.path.isfile(where):
            _fail(f"no such file: {where}")
        mod_name = "_autograph_py_dump_" + os.path.splitext(os.path.basename(where))[0]
        spec = importlib.util.spec_from_file_location(mod_name, where)
        module = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = module
        sys.path.insert(0, os.path.dirname(os.path.abspath(where)))
        _run_user_code(where, lambda: spec.loader.exec_module(module))
    else:
        if "" not in sys.path and os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())   # as `python -m` does: modules of this directory
        try:
            module = _run_user_code(where, lambda: importlib.import_module(where))
        except ImportError as e:
            _fail(f"cannot import module {where!r}: {e}")
    obj = module
    for part in name.split("."):
        if not hasattr(obj, part):
            _fail(f"{where} has no function {name!r}")
        obj = inspect.getattr_static(obj, part) if isinstance(obj, type) else getattr(obj, part)
        if isinstance(obj, (classmethod, staticmethod)):
            obj = obj.__func__
    from autograph_py.api import Function
    while isinstance(obj, Function):
        obj = obj.__wrapped__
    if isinstance(obj, types.MethodType):
        obj = obj.__func__
    if not isinstance(obj, types.FunctionType):
        _fail(f"{target} is not a function (it is of type {type(obj).__name__})")
    return obj


def _run_user_code(where, load):
    """Imports the user's file or module; its own errors become one line, exit status 2."""
    try:
        return load()
    except ImportError:
        raise
    except SyntaxError as e:
        _fail(f"{e.filename}:{e.lineno}: syntax error: {e.msg}")
    except Exception as e:  # noqa: BLE001 - any error of the user's module
        _fail(f"importing {where} raised {type(e).__name__}: {e}")


def _one_line(text: str) -> str:
    return "; ".join(line.strip() for line in str(text).splitlines() if line.strip())


def _print(text: str) -> None:
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:   # `autograph-py dump ... | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _specs(text: str):
    from autograph_py import specs
    try:
        return specs.parse(text)
    except specs.SpecError as e:
        _fail(f"--args: {e}")


def _traced(fn, target: str, parsed, work):
    """`work()`, which traces `fn` at `parsed`; what it raises becomes one line."""
    import inspect
    from autograph_py import errors
    try:
        inspect.signature(fn).bind(*parsed.args)
    except TypeError as e:
        given = len(parsed.args)
        _fail(f"{target} cannot be called with the {given} argument{'s' * (given != 1)} "
              f"of --args: {e}")
    except ValueError:   # no signature to check
        pass
    try:
        return work()
    except errors.AutographError as e:
        _fail(_one_line(e))
    except Exception as e:  # noqa: BLE001 - the user's code, or JAX about it
        first = next((line for line in str(e).splitlines() if line.strip()), "")
        _fail(f"tracing {target} raised {type(e).__name__}: {first}".rstrip(": "))


def _explain(args) -> int:
    fn, parsed = _load(args.target), _specs(args.args)
    from autograph_py.explain import explain
    report = _traced(fn, args.target, parsed, lambda: explain(
        fn, static_argnums=parsed.static_argnums)(*parsed.args))
    _print(str(_relative(report)))
    return 0


def _relative(report):
    """`report` with its files named relative to the current directory, where they are in it."""
    import dataclasses
    here = os.getcwd() + os.sep

    def short(location):
        return location[len(here):] if location.startswith(here) else location
    return dataclasses.replace(report, entries=tuple(
        dataclasses.replace(e, location=short(e.location)) for e in report.entries))


def _jaxpr(args) -> int:
    fn, parsed = _load(args.target), _specs(args.args)
    from autograph_py import deploy
    jitted = deploy.program(fn, parsed.static_argnums)
    _print(str(_traced(fn, args.target, parsed, lambda: jitted.trace(*parsed.args).jaxpr)))
    return 0


def _hlo(args) -> int:
    fn, parsed = _load(args.target), _specs(args.args)
    from autograph_py import deploy
    jitted = deploy.program(fn, parsed.static_argnums)
    _print(_traced(fn, args.target, parsed, lambda: jitted.lower(*parsed.args).as_text()))
    return 0


def _export(args) -> int:
    from autograph_py import deploy, specs
    platforms = None
    if args.platforms is not None:
        platforms = tuple(p.strip().lower() for p in args.platforms.split(","))
        try:
            deploy._platforms(platforms)
        except ValueError as e:
            _fail(f"--platforms: {e}")
    fn, parsed = _load(args.target), _specs(args.args)
    exported = _traced(fn, args.target, parsed, lambda: deploy.export(
        fn, *parsed.args, platforms=platforms, static_argnums=parsed.static_argnums))
    blob = exported.serialize()
    try:
        with open(args.output, "wb") as f:
            f.write(blob)
    except OSError as e:
        _fail(f"cannot write {args.output}: {e.strerror or e}")
    inputs = ", ".join(f"static={a!r}" if i in parsed.static_argnums else specs.describe(a)
                       for i, a in enumerate(parsed.args))
    outputs = ", ".join(specs.describe(a) for a in exported.out_avals)
    _print(f"wrote {args.output} ({len(blob)} bytes): {exported.fun_name}({inputs}) -> "
           f"({outputs}) for {', '.join(exported.platforms)}")
    return 0


def _run(args) -> int:
    """Calls an artifact of `export`: jax and NumPy only, no source, no converter."""
    from autograph_py import specs
    try:
        with open(args.file, "rb") as f:
            blob = f.read()
    except FileNotFoundError:
        _fail(f"no such file: {args.file}")
    except OSError as e:
        _fail(f"cannot read {args.file}: {e.strerror or e}")
    try:
        values = specs.parse_values(args.args)
    except specs.SpecError as e:
        _fail(f"--args: {e}")
    import jax
    import numpy as np
    try:
        exported = jax.export.deserialize(bytearray(blob))
    except Exception as e:  # noqa: BLE001 - flatbuffers' own errors on a file that is not one
        _fail(f"{args.file} is not a jax.export artifact ({type(e).__name__}: "
              f"{_one_line(e)[:200]})")
    avals = exported.in_avals
    takes = ", ".join(specs.describe(a) for a in avals) or "no arguments"
    flat = jax.tree_util.tree_structure((tuple(range(len(avals))), {}))
    if exported.in_tree != flat:
        _fail(f"{args.file} takes arguments structured as {exported.in_tree}; "
              "call it from Python with jax.export.deserialize(...).call(...)")
    if len(values) != len(avals):
        _fail(f"{args.file} takes {len(avals)} argument{'s' * (len(avals) != 1)} ({takes}), "
              f"--args gives {len(values)}")
    arrays = []
    for i, (value, aval) in enumerate(zip(values, avals)):
        try:
            arrays.append(np.asarray(value, dtype=aval.dtype))
        except (TypeError, ValueError, OverflowError) as e:
            _fail(f"--args: argument {i + 1} {value!r} does not convert to "
                  f"{specs.describe(aval)}: {e}")
    try:
        result = exported.call(*arrays)
    except Exception as e:  # noqa: BLE001 - JAX's shape and platform checks
        first = next((line for line in str(e).splitlines() if line.strip()), "")
        _fail(f"calling {args.file} with {takes}: {type(e).__name__}: {first}")
    _print(repr(jax.tree_util.tree_map(np.asarray, result)))
    return 0


def _dump(args) -> int:
    fn = _load(args.target)
    from autograph_py import api, errors
    try:
        text = api.to_code(fn)
    except errors.AutographError as e:
        _fail(str(e))
    _print(text)
    return 0


_TARGET = "FILE.py:FUNCTION or package.module:FUNCTION"
_SPEC = ('argument specs, comma-separated: dtype[dims] (f32[n,3], i32[]; dims are integers '
         'or symbolic names) or static=VALUE (a Python literal)')


def main(argv=None) -> int:
    from autograph_py import __version__
    parser = argparse.ArgumentParser(
        prog="autograph-py",
        description="Convert Python control flow in JAX functions to jax.lax.")
    parser.add_argument("--version", action="version", version=f"autograph-py {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    dump = sub.add_parser("dump", help="print the converted source of a function")
    dump.add_argument("target", help=_TARGET)
    for name, what in [("explain", "print what each converted statement became, traced "
                                   "at these argument shapes"),
                       ("jaxpr", "print the jaxpr of the converted, jitted function"),
                       ("hlo", "print the StableHLO text of the converted, jitted function"),
                       ("export", "write the converted function as a serialized jax.export "
                                  "artifact")]:
        p = sub.add_parser(name, help=what, description=what)
        p.add_argument("target", help=_TARGET)
        p.add_argument("--args", default="", metavar="SPEC", help=_SPEC)
        if name == "export":
            p.add_argument("-o", "--output", required=True, metavar="FILE",
                           help="the file to write")
            p.add_argument("--platforms", metavar="LIST",
                           help="comma-separated, of cpu, cuda, rocm, tpu (default: the "
                                "platform JAX runs on here)")
    run = sub.add_parser("run", help="call an artifact of `export` and print the result",
                         description="Call an artifact of `export` (jax only: no source, "
                                     "no conversion) and print the result.")
    run.add_argument("file", help="the artifact")
    run.add_argument("--args", default="", metavar="VALUES",
                     help='the arguments, as Python literals: "[1.0, 2.0, 3.0], 2"; '
                          "each becomes an array of the artifact's input dtype")
    args = parser.parse_args(argv)
    return {"dump": _dump, "explain": _explain, "jaxpr": _jaxpr, "hlo": _hlo,
            "export": _export, "run": _run}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
