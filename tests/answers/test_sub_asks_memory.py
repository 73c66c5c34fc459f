""""Is 16 GB enough, or too little?": a verdict on the memory from the largest dense model it runs, and what each
larger variant of the same machine would run, in every language."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.memory_enough import verdict


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("mac mini m4 16gb for local models: is 16gb enough or should I get more memory?", "en", "enough"),
    ("mac mini m4 16 go pour des llm, 16 go ça suffit ?", "fr", "assez"),
    ("mac mini m4 mit 16gb für lokale llms: genug speicher oder zu wenig?", "de", "Reichen"),
    ("mac mini m4 de 16gb para llms locales, ¿16gb son suficientes?", "es", "Bastan"),
    ("mac mini m4 da 16gb per llm in locale: ha abbastanza memoria o è poca?", "it", "Bastano"),
    ("mac mini m4 de 16gb pra rodar llm, é pouca memória?", "pt", "bastam"),
])
def test_the_memory_gets_a_verdict_and_the_next_size(engine: Engine, question: str, lang: str, word: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    m = a.facts["also"]["memory_enough"]
    assert m["memory_gb"] == 16 and m["verdict"] == "small"  # 16 GB: models up to about 14B, not the 24-32B class
    assert m["biggest"]["params_b"] < 20
    assert [o["card"] for o in m["larger"]] == ["Apple M4 24 GB", "Apple M4 32 GB"]
    # more memory buys larger models at the same bandwidth: larger, and slower
    assert all(o["params_b"] > m["biggest"]["params_b"] for o in m["larger"])
    line = next(ln for ln in a.text.split("\n") if word in ln)
    assert "Apple M4 24 GB" in line and m["biggest"]["model"] in line, a.text


@pytest.mark.parametrize(("params", "kind"), [(None, "none"), (8.0, "small"), (14.8, "small"), (32.8, "mid"),
                                               (70.6, "large")])
def test_the_verdict_rule(params: float | None, kind: str) -> None:
    assert verdict(params) == kind


def test_no_verdict_without_the_ask(engine: Engine) -> None:
    a = engine.ask("what can a mac mini m4 16gb run?")
    assert "memory_enough" not in (a.facts.get("also") or {})
