"""Which versions of a model exist ("is there a thinking version?", "esiste la versione base?", "128k or 256k?"): each
released checkpoint with its day and context, and plainly whether a thinking and a base version exist. Phrasings of
our own in six languages; the figures are the model cards' (Kimi-K2-Thinking published 6 November 2025 with 262,144
tokens, the first Kimi-K2-Instruct 131,072; Seed-OSS-36B-Base and Seed-OSS-36B-Base-woSyn beside the Instruct)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from answers.engine import Engine
from answers.knowledge.model_versions import ModelVersionsDataError, lines, parse
from answers.reading import also_words

ROOT = Path(__file__).resolve().parents[2]


def test_every_line_is_a_catalog_model() -> None:
    names = set()
    for path in (ROOT / "catalog" / "data" / "models").glob("*.json"):
        data = json.loads(path.read_text("utf-8"))
        items = data if isinstance(data, list) else data.get("models", [])
        names |= {m["name"] for m in items if isinstance(m, dict) and "name" in m}
    for line in lines():
        assert line.model in names and line.source.startswith("https://")


def test_a_version_without_a_day_is_refused() -> None:
    bad = {"models": [{"model": "X", "source": "https://s", "versions": [
        {"name": "X-Base", "kind": "base", "released": "July 2025", "context": 8192, "repo": "a/b"}]}]}
    with pytest.raises(ModelVersionsDataError):
        parse(bad)


@pytest.mark.parametrize("question", [
    "does kimi k2 come with a thinking variant?",
    "kimi k2 ha una versione di ragionamento?",
    "y a-t-il une version thinking de kimi k2 ?",
    "gibt es eine Thinking-Version von Kimi K2?",
    "kimi k2 tiene versión razonadora?",
    "o kimi k2 tem versão de raciocínio?",
])
def test_the_versions_ask_is_read_in_six_languages(question: str) -> None:
    assert "versions" in also_words.read(question)


@pytest.mark.parametrize(("question", "lang"), [
    ("is there a thinking variant of kimi k2, and is its context 128k or 256k?", "en"),
    ("kimi k2 ha una versione thinking? e il contesto è 128k o 256k?", "it"),
    ("kimi k2 a-t-il une version thinking ? le contexte, 128k ou 256k ?", "fr"),
])
def test_kimi_k2_thinking_is_named_with_its_day_and_each_versions_context(engine: Engine, question: str,
                                                                          lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    v = a.facts["versions"]
    assert v["thinking"] and v["base"]
    by_name = {x["name"]: x for x in v["list"]}
    assert by_name["Kimi-K2-Thinking"]["released"] == "2025-11-06"
    assert by_name["Kimi-K2-Thinking"]["context"] == 262_144 and by_name["Kimi-K2-Instruct"]["context"] == 131_072
    assert "Kimi-K2-Thinking" in a.text and re.search(r"262\D?144", a.text)


@pytest.mark.parametrize(("question", "lang"), [
    ("gibt es von seed-oss-36b auch eine basis-version?", "de"),
    ("seed-oss-36b: ¿hay versión base además de la instruct?", "es"),
    ("o seed-oss-36b tem versão base além da instruct?", "pt"),
])
def test_a_base_model_asked_about_is_said_to_exist(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    v = a.facts["versions"]
    assert v["base"] and {"Seed-OSS-36B-Base", "Seed-OSS-36B-Base-woSyn"} <= {x["name"] for x in v["list"]}
    assert "Seed-OSS-36B-Base" in a.text


def test_a_model_with_no_base_published_says_so(engine: Engine) -> None:
    a = engine.ask("is there a base model version of gpt-oss-20b?")
    v = a.facts["versions"]
    assert v["known"] and not v["base"]
    assert "No base model has been published" in a.text
