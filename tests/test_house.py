"""The shape of the package: modules that import each other in a loop (an import circle)
are few. A circle is a group of modules each of which reaches every other one through its
imports; counted are the imports that run (at the top of a module or inside a function), not
those under ``if TYPE_CHECKING:``, which only type checkers follow."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "src" / "sitemigrate"
MOST_CIRCLES = 2


def module_files(package: Path) -> dict[str, Path]:
    """Dotted module name -> its file, for every module of ``package`` (a package is its
    ``__init__.py``)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside an ``if TYPE_CHECKING:`` block."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return hidden


def _imported(node: ast.Import | ast.ImportFrom, here: str, is_package: bool,
              modules: dict[str, Path]) -> Iterator[str]:
    """The modules of the package that the import statement ``node`` of module ``here``
    loads: the module it names, and each imported name that is a module itself."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name in modules)
        return
    base = node.module or ""
    if node.level:
        parts = here.split(".") if is_package else here.split(".")[:-1]
        parts = parts[:len(parts) - node.level + 1]
        base = ".".join([*parts, *([node.module] if node.module else [])])
    names = [f"{base}.{alias.name}" for alias in node.names]
    submodules = [name for name in names if name in modules]
    if base in modules and len(submodules) < len(names):
        yield base  # a name defined in the module (not only submodules of a package)
    yield from submodules


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports at run time."""
    modules = module_files(package)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text("utf-8"))
        hidden = _type_checking_only(tree)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in hidden:
                graph[name].update(_imported(node, name, path.name == "__init__.py", modules))
        graph[name].discard(name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that reach each other (strongly connected
    components, by Tarjan's algorithm), each sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in order:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], order[other])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return found


def describe(group: list[str], graph: dict[str, set[str]]) -> str:
    edges = [f"  {a} -> {b}" for a in group for b in sorted(graph[a]) if b in group]
    return "\n".join([f"{len(group)} modules: {', '.join(group)}", *edges])


def test_the_package_has_at_most_two_import_circles() -> None:
    graph = import_graph(PACKAGE)
    found = circles(graph)
    assert len(found) <= MOST_CIRCLES, "import circles:\n" + "\n".join(
        describe(group, graph) for group in found)


def test_a_circle_is_found_through_a_function_level_import(tmp_path: Path) -> None:
    """The count sees a loop closed by an import inside a function (it runs all the same),
    and not one closed only under ``TYPE_CHECKING``."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .sub import b\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ..a import x\n    return x\n")
    (pkg / "c.py").write_text("from . import d\n")
    (pkg / "d.py").write_text("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                              "    from .c import y\n")
    graph = import_graph(pkg)
    assert graph["pkg.a"] == {"pkg.sub.b"} and graph["pkg.sub.b"] == {"pkg.a"}
    assert graph["pkg.c"] == {"pkg.d"} and graph["pkg.d"] == set()
    assert circles(graph) == [["pkg.a", "pkg.sub.b"]]
