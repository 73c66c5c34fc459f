"""A speed answer about a fanless machine (a MacBook Air) ends with one line: its sustained speed falls below
the figures once the chip heats up. The machines are data with sources (answers/knowledge/fanless.json)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.knowledge.fanless import FanlessDataError, is_fanless, parse


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("gemma 3 4b on a macbook air m3 16gb, sustained speed?", "en", "No fan in the MacBook Air M3"),
    ("qwen3 8b su un macbook air m4 da 24gb, quanto va?", "it", "Nessuna ventola nel MacBook Air M4"),
    ("llama 3.1 8b auf einem MacBook Air M2 mit 16 GB, wie schnell?", "de", "Kein Lüfter im MacBook Air M2"),
    ("qwen3 4b en un macbook air m3 de 16gb, ¿qué velocidad?", "es", "Sin ventilador en el MacBook Air M3"),
])
def test_a_macbook_air_answer_says_it_slows_when_hot(engine: Engine, question: str, lang: str, words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("fanless") is True
    assert words in a.text and a.text.count("\n") >= 1


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("which coding models can my macbook air m3 24gb run without slowing down after a while?", "en",
     "No fan in the MacBook Air M3"),
    ("MacBook Air M4 mit 16 GB: welche Modelle laufen, ohne dass er nach ein paar Minuten drosselt?", "de",
     "Kein Lüfter im MacBook Air M4"),
    ("que modelos corre mi macbook air m2 de 16gb sin que se caliente?", "es", "Sin ventilador en el MacBook Air M2"),
])
def test_a_list_of_what_runs_on_a_macbook_air_says_it_slows_when_hot(engine: Engine, question: str, lang: str,
                                                                     words: str) -> None:
    a = engine.ask(question)
    assert a.intent == "card_models" and a.locale == lang and a.facts.get("fanless") is True
    assert words in a.text


@pytest.mark.parametrize("question", ["qwen3 8b on a macbook pro m4 pro 24gb?", "qwen3 8b on a mac studio m2 max?",
                                      "qwen3 8b on a 3060?"])
def test_machines_with_a_fan_get_no_such_line(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert "fanless" not in a.facts and "No fan" not in a.text


def test_the_data_needs_a_source_for_every_machine() -> None:
    assert is_fanless("MacBook Air M1") and not is_fanless("MacBook Pro M3 Max") and not is_fanless(None)
    with pytest.raises(FanlessDataError):
        parse({"devices": [{"prefix": "MacBook Air"}]})
    with pytest.raises(FanlessDataError):
        parse({"devices": []})
