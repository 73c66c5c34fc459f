"""bot/ has no import loops (annotations-only imports under TYPE_CHECKING excepted), and imports
inside functions are the documented lazy ones only. Modules are named by their dotted path under
bot/ ("cli.run", "exts.ask.slash"), subpackages included."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
# Lazy on purpose, each with a comment saying why (start-up time and memory of short commands;
# Pillow's 4 MB in a bot that may never draw a chart; importlib.metadata's ~25 ms for a version
# a one-question `tpsbot ask` never shows).
LAZY_OK = {"cli.parser", "cli.commands", "cli.state", "cli.admin", "chart", "ops.version", "state.open", "web.site",
           "web.params", "web.app"}


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _module(path: Path) -> str:
    parts = path.relative_to(BOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(module: str, node: ast.ImportFrom) -> list[str]:
    """The bot modules an import names, as dotted paths under bot/."""
    if node.level:
        base = module.split(".")[: len(module.split(".")) - node.level]
        prefix = ".".join(base + ([node.module] if node.module else []))
    elif (node.module or "").startswith("bot.") or node.module == "bot":
        prefix = (node.module or "")[4:]
    else:
        return []
    return [f"{prefix}.{a.name}".strip(".") for a in node.names] + [prefix]


def _imports(module: str, tree: ast.Module) -> tuple[set[str], int]:
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
                if isinstance(child, ast.ImportFrom):
                    found.update(_resolve(module, child))
                else:
                    found.update(a.name[4:] for a in child.names if a.name.startswith("bot."))
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(tree, False)
    return found, nested


def _graph() -> tuple[dict[str, set[str]], dict[str, int]]:
    modules = {_module(p): p for p in BOT.rglob("*.py")}
    graph, nested = {}, {}
    for name, path in modules.items():
        deps, n = _imports(name, ast.parse(path.read_text()))
        # a package's __init__ is imported on the way to its modules: an edge to it is not a loop
        graph[name] = {d for d in deps if d in modules and d != name and not name.startswith(d + ".")}
        nested[name] = n
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
    assert "client" in graph["cli.run"] and "context" in graph["exts.ask.slash"]  # the parser sees imports
    assert _cycle(graph) is None, " → ".join(_cycle(graph) or [])


def test_a_loop_would_be_found() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_imports_inside_functions_only_where_documented() -> None:
    _, nested = _graph()
    assert {name for name, n in nested.items() if n} <= LAZY_OK, nested
