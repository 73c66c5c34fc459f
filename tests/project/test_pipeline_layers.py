"""docs/ARCHITECTURE.md's first rule, kept: inside answers/ every import points down the pipeline, never up.

The layers, bottom to top, as the document draws them. A module may import its own layer and the layers below;
an import of a layer above fails here with the module and the import named. Read from the source (ast), imports
inside functions included; `if TYPE_CHECKING:` imports are left out (they never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("records", "knowledge", "lexicon", "intents_table", "api", "reading", "resolving", "facts", "rendering",
          "engine")


# The top layer is the engine: engine.py runs the stages, media_engine.py is its mixin for media questions (with
# media_models.py for one media model and media_devices.py for phones and boards).
ENGINE_MODULES = {"engine", "engine_stages", "media_engine", "media_models", "media_devices", "said_models"}


def _layer(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != "answers":
        return None
    return "engine" if parts[1] in ENGINE_MODULES else parts[1]


def _imports(path: Path) -> list[str]:
    out: list[str] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import):
                out.extend(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and not child.level:
                out.append(child.module)
                out.extend(f"{child.module}.{a.name}" for a in child.names)
            walk(child)

    walk(ast.parse(path.read_text(encoding="utf-8")))
    return out


def _modules() -> dict[str, Path]:
    out = {}
    for p in sorted((ROOT / "answers").rglob("*.py")):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p
    return out


def test_every_module_of_answers_has_a_layer() -> None:
    unplaced = [m for m in _modules() if m != "answers" and _layer(m) not in LAYERS]
    assert not unplaced, f"modules in no layer of docs/ARCHITECTURE.md: {unplaced}"


@pytest.mark.parametrize("module", sorted(m for m in _modules() if m != "answers"))
def test_no_import_points_back_up(module: str) -> None:
    own = LAYERS.index(_layer(module) or "")
    known = _modules()
    up = sorted({t for t in _imports(known[module]) if t in known and (layer := _layer(t)) in LAYERS
                 and LAYERS.index(layer) > own})
    assert not up, f"{module} ({LAYERS[own]}) imports a layer above it: {up}"


def test_the_engine_holds_the_stages_and_inherits_none() -> None:
    """docs/ARCHITECTURE.md: the engine runs the stages in order; resolving, facts and rendering are objects it
    holds (`names`, `building`, `writing`), never classes it inherits from."""
    from answers.engine import Engine  # a test may import inside: it reads the class the layout is about

    inherited = [c.__module__ for c in Engine.__mro__ if _layer(c.__module__) in ("resolving", "facts", "rendering")]
    assert not inherited, f"Engine inherits from lower stages: {inherited}"
