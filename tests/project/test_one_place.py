"""Each shared concept lives in one place: the parser, the estimator, the engine and the bot agree."""

from __future__ import annotations

import pytest

from answers.api import MAX_QUESTION_CHARS
from catalog.text import fold, parse_memory_size
from estimator.quants import QUANT_ALIASES, quant


@pytest.mark.parametrize("alias", sorted(QUANT_ALIASES))
def test_parser_and_estimator_read_quant_shorthands_alike(alias: str) -> None:
    from answers.reading.units import canonical_quant

    assert canonical_quant(alias) == quant(alias).name == QUANT_ALIASES[alias]


def test_shorthands_name_the_expected_levels() -> None:
    assert [quant(a).name for a in ("q4", "Q8", "fp16", "iq4", "int4", "BF16")] == [
        "Q4_K_M", "Q8_0", "F16", "IQ4_XS", "Q4_K_M", "BF16"]


def test_one_fold_for_names_and_questions() -> None:
    from answers.reading import parse
    from catalog import resolve

    assert parse.fold is fold and resolve.fold is fold
    assert [fold(x) for x in ("Läuft", "STRAßE", "ﬁne", "¿Qué")] == ["lauft", "strasse", "fine", "¿que"]


@pytest.mark.parametrize(("text", "bare", "gb"), [
    ("12 GB", False, 12.0), ("12", False, None), ("12", True, 12.0), ("7,5 Go", True, 7.5), ("16 gio", False, 16.0),
    ("24 GB VRAM", True, 24.0), ("RTX 4090", True, None), ("0", True, None),
])
def test_one_memory_size_parser(text: str, bare: bool, gb: float | None) -> None:
    assert parse_memory_size(text, bare_number=bare) == gb


def test_one_question_length_limit() -> None:
    from answers.reading.tokens import MAX_INPUT
    from bot.settings import Settings

    assert MAX_QUESTION_CHARS == MAX_INPUT == Settings.model_fields["max_question_length"].default == 500


def test_the_engine_refuses_one_character_over_the_limit() -> None:
    from answers.engine import Engine
    from answers.knowledge.catalog_view import Knowledge
    from catalog.builtin import load_builtin_models
    from catalog.gpus import load_gpu_records

    engine = Engine(Knowledge(load_gpu_records(), list(load_builtin_models())))
    head = "can GLIDE run on 12 GB?"
    at_limit = head + " " * (MAX_QUESTION_CHARS - len(head))
    assert engine.ask(at_limit, "en").intent == "can_run"
    over = engine.ask(at_limit + "x", "en")
    assert over.intent == "invalid" and over.facts["reason"] == "too_long" and over.facts["limit"] == 500


def test_one_credits_source() -> None:
    from answers.knowledge.credits import CREDITS, credit_lines
    from bot.cli.commands import CREDITS as CLI_CREDITS

    assert CLI_CREDITS == list(CREDITS.values()) == credit_lines(["epoch", "gpus"])
    assert credit_lines(["epoch"], "it")[0].startswith("Dati sui modelli: Epoch AI")


def test_start_up_cache_is_keyed_by_content_and_optional(tmp_path, monkeypatch) -> None:
    """Compiled templates, catalogues and number symbols are cached by content; the output is the same
    with the cache, without it, and with a directory that cannot be written."""
    import subprocess
    import sys

    code = ("from answers.engine import Engine; from answers.knowledge.catalog_view import Knowledge; "
            "from catalog.builtin import load_builtin_models; from catalog.gpus import load_gpu_records; "
            "e = Engine(Knowledge(load_gpu_records(), list(load_builtin_models()))); "
            "print(e.ask('GLIDE gira su una GPU da 12 GB?').text)")

    def run(cache_dir: str) -> str:
        env = {**__import__("os").environ, "TPSBOT_CACHE_DIR": cache_dir}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    cold = run(str(tmp_path / "c"))
    names = sorted(p.name for p in (tmp_path / "c").iterdir())
    assert any(n.startswith("jinja2-") for n in names) and any(n.startswith("tpsbot-it-") for n in names)
    assert any(n.startswith("babel-it-") and n.endswith("-number-symbols.json") for n in names)
    assert run(str(tmp_path / "c")) == cold  # warm
    assert run("") == cold  # no cache at all
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    assert run(str(blocked)) == cold  # unwritable: ignored
    assert "12 GB" in cold and "**Sì**" in cold


def test_k_tokens_is_written_once() -> None:
    """"32k" is 32 × 1,024 tokens: the reader writes that factor in answers/reading/amounts.py only."""
    import re
    from pathlib import Path

    reading = Path(__file__).resolve().parents[2] / "answers" / "reading"
    # an image's width in pixels ("1024x576": {576: 1024}) is no thousand tokens
    pixels = re.compile(r"\b\d{3,4}: 1024\b|\b1024: \d{3,4}\b")
    written = [p.name for p in sorted(reading.glob("*.py"))
               if re.search(r"(?<![\w=])1024(?![\w])",
                            pixels.sub("", re.sub(r"#.*|\"\"\"[\s\S]*?\"\"\"", "", p.read_text())))]
    assert written == ["amounts.py"]
