"""An upgrade whose built-in data changed rebuilds the catalog on first use, keeps the Epoch import,
says why in one log line, and `catalog info` shows the data's hash. The catalog package has no
import loops."""

from __future__ import annotations

import ast
import asyncio
import json
import logging
import shutil
from pathlib import Path

import pytest

from bot.cli.parser import main
from catalog import build as build_module
from catalog import builtin, database
from catalog.build import build_catalog, import_epoch
from catalog.records import ModelRecord
from catalog.store import CatalogStore
from tests.conftest import ROOT

SNAP = "Model,Parameters\nKept Epoch Model,7000000000\n"


@pytest.fixture
def db(tmp_path) -> Path:
    path, snap = tmp_path / "catalog.db", tmp_path / "snapshot.csv"
    snap.write_text(SNAP)
    asyncio.run(build_catalog(path))
    asyncio.run(import_epoch(path, snap))
    return path


async def _names(path: Path) -> tuple[set[str], dict[str, str]]:
    async with await CatalogStore.open(path) as store:
        return {m.name for m in await store.models()}, await store.meta()


def test_new_built_in_data_rebuilds_the_catalog_keeping_the_import(db, monkeypatch, caplog) -> None:
    names, meta = asyncio.run(_names(db))
    assert "Kept Epoch Model" in names and meta["builtin_data"] == builtin.builtin_data_hash()
    # The next release: one more built-in model, hence other data files and another hash.
    added = ModelRecord(name="Brand New Release Model 9B", params_b=9.0)
    monkeypatch.setattr(build_module, "load_builtin_models", lambda: (*builtin.load_builtin_models(), added))
    monkeypatch.setattr(database, "builtin_data_hash", lambda: "next-release")
    with caplog.at_level(logging.INFO, logger="catalog"):
        names, meta = asyncio.run(_names(db))
    assert {"Brand New Release Model 9B", "Kept Epoch Model"} <= names
    assert meta["builtin_data"] == "next-release"
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("catalog")]
    assert len(lines) == 1 and "built-in data changed" in lines[0] and "Epoch import is kept" in lines[0], lines
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="catalog"):
        asyncio.run(_names(db))  # now current: not rebuilt again
    assert not [r for r in caplog.records if r.name.startswith("catalog")]


def test_the_hash_follows_the_content_of_the_data_files(tmp_path, monkeypatch) -> None:
    package = tmp_path / "catalog"
    shutil.copytree(ROOT / "catalog", package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(builtin.resources, "files", lambda name: package)
    builtin.builtin_data_hash.cache_clear()
    try:
        first = builtin.builtin_data_hash()
        model_file = sorted((package / "data" / "models").glob("*.json"))[0]
        model_file.write_bytes(model_file.read_bytes().replace(b'"', b'"', 1) + b"\n")
        builtin.builtin_data_hash.cache_clear()
        second = builtin.builtin_data_hash()
        (package / "data" / "hardware" / "extra.json").write_text("{}")
        builtin.builtin_data_hash.cache_clear()
        third = builtin.builtin_data_hash()
    finally:
        builtin.builtin_data_hash.cache_clear()
    assert len({first, second, third}) == 3


def test_catalog_info_shows_the_built_in_data_hash(db, capsys) -> None:
    capsys.readouterr()
    assert main(["catalog", "info", "--db", str(db), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["builtin_data"] == builtin.builtin_data_hash() == info["meta"]["builtin_data"]
    assert main(["catalog", "info", "--db", str(db)]) == 0
    assert f"built-in data {builtin.builtin_data_hash()}" in capsys.readouterr().out


def _imports(package: str) -> dict[str, set[str]]:
    """Module → the modules of `package` it imports at run time, at any level (a function-level
    import is still an edge of the graph)."""
    graph: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).glob("*.py")):
        module = f"{package}.{path.stem}" if path.stem != "__init__" else package
        edges = graph.setdefault(module, set())
        tree = ast.parse(path.read_text("utf-8"))
        typing_only = {id(n) for block in ast.walk(tree)
                       if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
                       for n in ast.walk(block)}  # imports for type checkers only: not run
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = package + ("." + base if base else "")
                if base == package:
                    edges.update(f"{package}.{a.name}" for a in node.names)
                elif base.startswith(package + "."):
                    edges.add(base)
            elif isinstance(node, ast.Import):
                edges.update(a.name for a in node.names if a.name.startswith(package + "."))
    return graph


def test_the_catalog_package_has_no_import_loops() -> None:
    graph = _imports("catalog")
    loops: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt in trail:
                loops.append(trail[trail.index(nxt):] + [nxt])
            elif nxt in graph and len(trail) < 30:
                visit(nxt, [*trail, nxt])

    for start in graph:
        visit(start, [start])
    assert not loops, loops[:3]
