"""`autograph-py dump FILE_OR_MODULE:FUNCTION` prints the converted source."""
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="autograph-py",
        description="Convert Python control flow in JAX functions to jax.lax.")
    sub = parser.add_subparsers(dest="command", required=True)
    dump = sub.add_parser("dump", help="print the converted source of a function")
    dump.add_argument("target", help="FILE.py:FUNCTION or package.module:FUNCTION")
    args = parser.parse_args(argv)
    fn = _load(args.target)
    from autograph_py import api, errors
    try:
        text = api.to_code(fn)
    except errors.AutographError as e:
        _fail(str(e))
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:   # `autograph-py dump ... | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
