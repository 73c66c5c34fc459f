"""Every suggestion of the default profile names hardware a llama.cpp user can run today (issue 28):
CUDA compute capability 5.0 and newer, Radeons from Polaris on, Intel Arc and Xe, Apple M-series; never a
virtual-GPU profile or a co-processor. The rule's data: answers/knowledge/usable_hardware.json."""

from __future__ import annotations

import json
import re

import pytest

from answers.engine import Engine
from answers.knowledge import usable as u
from catalog.gpus import load_current_records, load_gpu_records

# "smallest / cheapest / what do I need / which to buy / best 12 GB card", six languages.
QUESTIONS = [
    ("en", "smallest card for llama 3.1 8b"), ("en", "cheapest gpu for qwen3 32b"),
    ("en", "what do i need to run gemma 3 27b"), ("en", "which gpu should i buy for mistral 7b"),
    ("en", "best 12 gb card"), ("en", "smallest gpu for gpt-oss-20b"), ("en", "kimi k2 what do i need"),
    ("en", "what gpu should i buy for 300 dollars"),
    ("it", "scheda più piccola per llama 3.1 8b"), ("it", "gpu più economica per qwen3 14b"),
    ("it", "quale gpu comprare per gemma 3 12b"), ("it", "miglior scheda 12gb per llm"),
    ("fr", "plus petite carte pour llama 3.1 8b"), ("fr", "carte la moins chère pour qwen3 14b"),
    ("fr", "quelle carte acheter pour gemma 3 27b"), ("fr", "meilleure carte 12 Go"),
    ("de", "kleinste Karte für llama 3.1 8b"), ("de", "günstigste GPU für qwen3 32b"),
    ("de", "welche Grafikkarte kaufen für gemma 3 27b"), ("de", "beste 12 GB Karte"),
    ("es", "tarjeta más pequeña para llama 3.1 8b"), ("es", "gpu más barata para qwen3 14b"),
    ("es", "qué gpu comprar para gemma 3 27b"), ("es", "mejor tarjeta de 12 GB"),
    ("pt", "menor placa para llama 3.1 8b"), ("pt", "gpu mais barata para qwen3 14b"),
    ("pt", "qual placa comprar para gemma 3 27b"), ("pt", "melhor placa de 12 GB"),
    ("en", "smallest card for glide"), ("en", "smallest card for glm-4.5v"), ("en", "what do i need for deepseek r1"),
    ("it", "scheda più piccola per qwen2.5 0.5b"), ("de", "kleinste Karte für tinyllama"),
]


def _unusable_names() -> set[str]:
    usable_names = {g.name for g in load_current_records() if u.usable(g)}
    return {g.name for g in load_current_records() if not u.usable(g)} - usable_names


def _named(value: object) -> list[str]:
    """Every card a fact names (picks, cheapest, rows, listed cards, hardware kinds)."""
    out: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("card", "fastest_card", "smallest_card") and isinstance(v, str):
                out.append(v)
            else:
                out.extend(_named(v))
    elif isinstance(value, list):
        for v in value:
            out.extend(_named(v))
    return out


# Page-level facts that stay the site's whatever the profile (the summary's all-card figures): only what an
# answer suggests is checked here.
SITE_FACTS = ("smallest", "fastest", "by_memory", "range_example", "rows", "reference_figure", "page_never_headline")


@pytest.mark.parametrize(("lang", "question"), QUESTIONS, ids=[q for _, q in QUESTIONS])
def test_no_suggestion_names_unusable_hardware(engine: Engine, lang: str, question: str) -> None:
    a = engine.ask(question)
    assert a.profile == "measured"
    bad = _unusable_names()
    suggested = {k: v for k, v in a.facts.items() if k not in SITE_FACTS}
    named = [n for n in _named(suggested) if n in bad]
    assert not named, (question, named)
    shown = [n for n in re.findall(r"\*\*([^*]+)\*\*", a.text) if n in bad]
    assert not shown, (question, shown)
    if a.intent == "smallest" and a.facts.get("media") == "image":
        assert "rows" not in a.facts  # GLIDE makes images: its answer is memory in its own units, no list of cards
    elif a.intent == "smallest":  # the list itself, under the default, is usable hardware only
        assert all(r["card"] not in bad for r in a.facts["rows"])


def test_the_issues_examples_are_unusable_and_current_cards_usable() -> None:
    cards = {g.name: g for g in [*load_gpu_records(), *load_current_records()]}
    for name in ("Xeon Phi 7120P", "Tesla C1080", "FirePro S9170", "Radeon R9 290X2", "GRID RTX T10-4",
                 "Tesla K80", "Tesla K40m"):
        assert name in cards and not u.usable(cards[name]), name
    for name in ("GeForce GTX 970", "Tesla M40", "Radeon RX 580", "Radeon RX 7900 XTX", "Arc A770",
                 "GeForce RTX 3060 12 GB", "Radeon Instinct MI300X", "H100 SXM5 80 GB"):
        assert name in cards and u.usable(cards[name]), name
    assert any(g.vendor == "Apple" and u.usable(g) for g in cards.values())


def test_every_architecture_of_the_catalog_is_decided_by_the_data_file() -> None:
    undecided = {(g.vendor, g.architecture) for g in [*load_gpu_records(), *load_current_records()]
                 if g.architecture and not u.known(g.vendor, g.architecture)}
    assert not undecided


def test_the_data_file_is_checked_at_load() -> None:
    from importlib import resources

    data = json.loads((resources.files("answers.knowledge") / "usable_hardware.json").read_text("utf-8"))
    u.parse(data)
    for broken in ({**data, "usable": {"NVIDIA": ["Kepler"]}}, {**data, "sources": {}}, {"usable": {}}, []):
        with pytest.raises(u.UsableDataError):
            u.parse(broken)


def test_buying_picks_say_new_or_used(engine: Engine) -> None:
    a = engine.ask("cheapest gpu for qwen3 32b")
    pick = a.facts["cheapest"]["pick"]
    assert pick["usable"] is True and pick["market"] in ("new", "used") and pick["segment"]
