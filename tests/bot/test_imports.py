"""bot/ has no import loops (annotations-only imports under TYPE_CHECKING excepted), and imports
inside functions are the CLI's documented lazy imports only."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
# Lazy on purpose, each with a comment saying why (start-up time and memory of short commands;
# Pillow's 4 MB in a bot that may never draw a chart; importlib.metadata's ~25 ms for a version
# a one-question `tpsbot ask` never shows).
LAZY_OK = {"cli.py", "cli_commands.py", "admin_cli.py", "chart.py", "version.py"}  # admin_cli: like state/cli.py


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _imports(tree: ast.Module) -> tuple[set[str], int]:
    """→ (bot modules imported at run time, count of imports inside functions)."""
    found: set[str] = set()
    nested = 0

    def visit(node: ast.AST, in_function: bool) -> None:
        nonlocal nested
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                nested += in_function
                if isinstance(child, ast.ImportFrom) and child.level == 1:
                    names = [child.module] if child.module else [a.name for a in child.names]
                    found.update(n.split(".")[0] for n in names)
                elif isinstance(child, ast.ImportFrom) and (child.module or "").startswith("bot."):
                    found.add(child.module.split(".")[1])  # type: ignore[union-attr]
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(tree, False)
    return found, nested


def _graph() -> tuple[dict[str, set[str]], dict[str, int]]:
    graph, nested = {}, {}
    for path in BOT.glob("*.py"):
        deps, n = _imports(ast.parse(path.read_text()))
        graph[path.stem] = {d for d in deps if (BOT / f"{d}.py").exists()}
        nested[path.name] = n
    return graph, nested


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return None


def test_bot_has_no_import_loops() -> None:
    graph, _ = _graph()
    assert "client" in graph["runner"] and "context" in graph["commands"]  # the parser sees imports
    assert _cycle(graph) is None, " → ".join(_cycle(graph) or [])


def test_a_loop_would_be_found() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_imports_inside_functions_only_where_documented() -> None:
    _, nested = _graph()
    assert {name for name, n in nested.items() if n} <= LAZY_OK, nested
