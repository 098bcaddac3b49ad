"""No import circles: the Python package and the workbench page's JavaScript modules.

A circle hides which module stands on which (and in Python one import inside a function is
enough to hide it): each graph is read from the source, function-level imports included,
and its strongly connected components must be single modules.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "puzzlewright"
STATIC = SRC / "workbench" / "static"


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return found


def test_circles_finds_loops_and_only_loops() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert circles(graph) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []


# -- Python ------------------------------------------------------------------------------------
def python_modules() -> dict[str, Path]:
    """Module name (relative to ``puzzlewright``, packages by their folder) -> file."""
    found = {}
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports_of(tree: ast.AST, here: str, is_package: bool) -> Iterable[tuple[str, str | None]]:
    """Every import in ``tree`` as (module, name imported from it or None), relative
    imports resolved, module names relative to ``puzzlewright``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = here.split(".") if is_package else here.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(["puzzlewright", *package, *([base] if base else [])])
            yield from ((base, alias.name) for alias in node.names)


def python_graph() -> dict[str, set[str]]:
    """Module -> the modules it imports; a name a package hands on (``from
    puzzlewright.crossword.fill import fill``) leads to the module that defines it."""
    modules = python_modules()
    trees = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in modules.items()}
    parsed = {
        name: [
            (base.removeprefix("puzzlewright."), item)
            for base, item in imports_of(trees[name], name, modules[name].name == "__init__.py")
            if base.startswith("puzzlewright.")
        ]
        for name in modules
    }
    handed_on = {  # package -> {name: module defining it}
        name: {item: base for base, item in parsed[name] if item and base in modules}
        for name, path in modules.items()
        if path.name == "__init__.py"
    }

    def target(base: str, item: str | None) -> str | None:
        if item and f"{base}.{item}" in modules:
            return f"{base}.{item}"
        while item and base in handed_on and item in handed_on[base]:
            base = handed_on[base][item]
        return base if base in modules else None

    return {
        name: {t for base, item in parsed[name] if (t := target(base, item)) not in (None, name)}
        for name in modules
    }


def test_python_imports_have_no_circle() -> None:
    found = circles(python_graph())
    assert not found, f"import circles: {[sorted(c) for c in found]}"


# -- the page's JavaScript ----------------------------------------------------------------------
JS_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^;'"]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']""",
    re.M,
)


def js_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in STATIC.rglob("*.js"):
        name = path.relative_to(STATIC).as_posix()
        targets = set()
        for match in JS_IMPORT.finditer(path.read_text(encoding="utf-8")):
            spec = match.group(1) or match.group(2)
            if spec.startswith("."):
                target = (path.parent / spec).resolve().relative_to(STATIC.resolve())
                targets.add(target.as_posix())
        graph[name] = targets
    return graph


def test_js_reader_sees_the_imports() -> None:
    graph = js_graph()
    assert "crossword/model.js" in graph["crossword/editor.js"]
    assert all(target in graph for targets in graph.values() for target in targets)


def test_page_modules_have_no_circle() -> None:
    found = circles(js_graph())
    assert not found, f"JS import circles: {[sorted(c) for c in found]}"


def test_play_page_stays_one_self_contained_file() -> None:
    play = [path for path in SRC.rglob("play.js")]
    assert play, "play.js not found"
    for path in play:
        assert not JS_IMPORT.search(path.read_text(encoding="utf-8")), path
