"""Import cycles between the modules of interpreter/ (an AST walk; no module is imported).

Prints the strongly connected components of the module import graph with more than one
module, and the cycles between packages (a package being the first level under interpreter/).
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent / "interpreter"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path, name: str, modules: set[str]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            submodules = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules]
            targets = submodules if len(submodules) == len(node.names) else [base] + submodules
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph() -> nx.DiGraph:
    paths = {module_name(p): p for p in ROOT.rglob("*.py")}
    modules = set(paths)
    g = nx.DiGraph()
    g.add_nodes_from(modules)
    for name, path in paths.items():
        for target in imported(path, name, modules):
            # a package's __init__ importing its own submodules is not a back-edge
            g.add_edge(name, target)
    return g


def package_of(name: str, packages: set[str]) -> str:
    """The innermost package holding a module (a package's __init__ is its own package)."""
    if name in packages:
        return name
    return name.rpartition(".")[0]


def main() -> int:
    g = graph()
    module_sccs = [c for c in nx.strongly_connected_components(g) if len(c) > 1]
    print(f"modules: {g.number_of_nodes()}, imports: {g.number_of_edges()}")
    print(f"module import cycles (strongly connected groups): {len(module_sccs)}")
    for group in sorted(module_sccs, key=len, reverse=True):
        print(f"  {len(group)}: {', '.join(sorted(group))}")
    names = {module_name(p) for p in ROOT.rglob("__init__.py")}
    packages = nx.DiGraph()
    for a, b in g.edges:
        pa, pb = package_of(a, names), package_of(b, names)
        if pa != pb and pa != "interpreter" and not pb.startswith(pa + "."):
            packages.add_edge(pa, pb)         # a package importing its own subpackages is not a back-edge
    package_sccs = [c for c in nx.strongly_connected_components(packages) if len(c) > 1]
    print(f"package import cycles: {len(package_sccs)}")
    for group in package_sccs:
        print(f"  {', '.join(sorted(group))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
