"""The layers hold (STYLE.md, "Shape of the system"; issue 11).

    compiler/   source -> code object; imports no jax
    runtime/    decides Python or traced, owns error text; no jax.lax, no jax.debug
    lowering/   the only user of jax.lax and jax.debug; imports nothing above it

Imports inside functions count as much as those at the top of a module.
"""
from __future__ import annotations

import ast
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "autograph_py"
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60


def _modules() -> dict:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


MODULES = _modules()


def _imported(module: str, node) -> list:
    """The modules an import statement names (for `from p import m`, p.m if it is one)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".")
        if MODULES[module].name != "__init__.py":
            package = package[:-1]
        package = package[:len(package) - node.level + 1]
        base = ".".join(package + ([base] if base else []))
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES or base == "jax" else base
            for a in node.names]


def _own(name: str) -> str:
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _uses() -> dict:
    """module -> (the autograph_py modules it imports, the jax names it imports or uses)."""
    out = {}
    for module, path in MODULES.items():
        ours, jax_names = set(), set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for name in _imported(module, node):
                    if name.split(".")[0] == "autograph_py":
                        ours.add(_own(name))
                    elif name.split(".")[0] in ("jax", "jaxlib"):
                        jax_names.add(name)
            elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id == "jax"):
                jax_names.add(f"jax.{node.attr}")
        out[module] = (ours - {module}, jax_names)
    return out


USES = _uses()


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 else "top"


def _cycles() -> list:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(USES[v][0]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(MODULES):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_read():
    # The checks below mean something only if the walk sees the known edges.
    assert "autograph_py.runtime.conditionals" in USES["autograph_py.ag__"][0]
    assert "jax.lax" in USES["autograph_py.lowering.tracing"][1]
    assert "autograph_py.compiler.pipeline" in USES["autograph_py.api"][0]


def test_no_import_cycles():
    assert _cycles() == []


def test_only_lowering_uses_jax_lax_and_jax_debug():
    bad = {m: sorted(n for n in names if n.startswith(("jax.lax", "jax.debug", "jax._src.lax")))
           for m, (_, names) in USES.items() if _layer(m) != "lowering"}
    assert {m: n for m, n in bad.items() if n} == {}


def test_lowering_imports_nothing_above_it():
    bad = {m: sorted(o for o in ours if _layer(o) not in ("lowering",) and
                     o not in ("autograph_py", "autograph_py.errors"))
           for m, (ours, _) in USES.items() if _layer(m) == "lowering"}
    assert {m: o for m, o in bad.items() if o} == {}


def test_compiler_imports_no_jax_and_no_runtime():
    bad = {}
    for m, (ours, names) in USES.items():
        if _layer(m) == "compiler":
            wrong = sorted(names) + sorted(o for o in ours if _layer(o) in ("runtime", "lowering")
                                           or o == "autograph_py.ag__")
            if wrong:
                bad[m] = wrong
    assert bad == {}


def test_files_and_functions_stay_small():
    long_files, long_functions = {}, {}
    for module, path in MODULES.items():
        text = path.read_text()
        if text.count("\n") > MAX_FILE_LINES:
            long_files[module] = text.count("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length >= MAX_FUNCTION_LINES:
                    long_functions[f"{module}.{node.name}"] = length
    assert long_files == {}
    assert long_functions == {}


def _string_constants(path) -> set:
    return {n.value for n in ast.walk(ast.parse(path.read_text()))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def test_the_labels_of_generated_variables_are_spelt_in_one_module():
    # The compiler writes them into generated code and the runtime reads them: a string
    # protocol between layers, so both take it from autograph_py/labels.py.
    import autograph_py.labels as labels
    spelt = {labels.RETURN_VALUE, labels.RETURN_FLAG}
    bad = sorted(m for m, path in MODULES.items()
                 if m != "autograph_py.labels" and _string_constants(path) & spelt)
    assert bad == []


def _compiler_functions():
    """(module, FunctionDef) of every function in compiler/, but scopes.py's."""
    for module, path in MODULES.items():
        if module.startswith("autograph_py.compiler.") and not module.endswith(".scopes"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.FunctionDef):
                    yield module, node


def test_converters_keep_the_function_they_are_in_with_one_stack():
    # compiler/scopes.FunctionStack pushes and pops; a converter says what it keeps of a
    # function (`enter`), not how to keep it.
    bad = []
    for module, node in _compiler_functions():
        if node.name in ("visit_FunctionDef", "visit_AsyncFunctionDef"):
            calls = {n.func.attr for n in ast.walk(node)
                     if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}
            if {"append", "pop"} <= calls:
                bad.append(f"{module}.{node.name}")
    assert bad == []


def test_one_walk_finds_a_scopes_own_nodes():
    # A walk of a gast tree that stops at nested functions lives in compiler/scopes.py
    # only: elsewhere, a function that tests for a nested def while it walks children is a
    # second copy of it. (parsing.py walks the module's `ast` tree, before gast.)
    bad = []
    for module, node in _compiler_functions():
        if any(isinstance(n, ast.While) for n in ast.walk(node)):
            text = ast.unparse(node)
            if "gast.FunctionDef" in text and ("iter_child_nodes" in text
                                          or "child_fields" in text):
                bad.append(f"{module}.{node.name}")
    assert bad == []


def test_a_converter_that_reads_an_analysis_declares_it():
    # The pipeline runs (and so refreshes) an analysis only for the converters that name
    # it in NEEDS: one that reads activity or liveness without it would read results of
    # the tree as an earlier converter left it.
    bad = {}
    for module, path in MODULES.items():
        if not module.startswith("autograph_py.compiler.converters."):
            continue
        tree = ast.parse(path.read_text())
        read = {n.value.id for n in ast.walk(tree) if isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name) and n.value.id in ("activity", "liveness")}
        needs = set()
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "NEEDS" for t in node.targets):
                needs = set(ast.literal_eval(node.value))
        if read - needs:
            bad[module] = sorted(read - needs)
    assert bad == {}
