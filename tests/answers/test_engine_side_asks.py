"""An engine named beside a speed or a fit gets its sourced line with a verdict (issue 29 item 2): "Ollama or
llama.cpp directly?", "KTransformers or llama.cpp?", "TabbyAPI?", "ik_llama.cpp?", whatever the main answer is
(a card's speed, an offload, the engines' own comparison). Phrasings of our own, six languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts import also
from answers.knowledge import side_notes
from answers.reading import also_words


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


def _notes(a: object) -> list[str]:
    got = a.facts.get("also") or {}  # type: ignore[attr-defined]
    return [n["kind"] for n in got.get("notes", ())]


@pytest.mark.parametrize(("question", "lang", "kind", "words"), [
    ("how fast is mistral small 24b on a 4090, and is there any real gap between ollama and llama.cpp?", "en",
     "ollama_llamacpp", "within a few percent"),
    ("qwen3 8b auf einer rtx 4070, wie viele token/s? und lohnt llama.cpp statt ollama?", "de",
     "ollama_llamacpp", "wenige Prozent"),
    ("threadripper 7970x, 256 go de ddr5 et une 4090 pour deepseek v3 : ktransformers ou llama.cpp ?", "fr",
     "ktransformers", "AMX"),
    ("rtx 3090, llama 3.3 70b en iq2: cuantos tokens/s? y con tabbyapi iría mejor?", "es", "tabbyapi",
     "solo en la GPU"),
    ("qwen3 235b a22b con una 4090 e 192 gb di ram, quanto va? ik_llama.cpp cambia qualcosa?", "it", "ik_llama",
     "1,5 a 3 volte"),
    ("quero largar o ollama e usar o ik_llama.cpp, muda muito a velocidade?", "pt", "ik_llama", "1,5 a 3 vezes"),
])
def test_an_engine_named_beside_gets_its_line(engine: Engine, question: str, lang: str, kind: str,
                                              words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert kind in _notes(a)
    assert words in _plain(a.text)


def test_a_line_is_said_once(engine: Engine) -> None:
    a = engine.ask("qwen3 235b a22b con una 4090 e 192 gb di ram, quanto va? ik_llama.cpp cambia qualcosa?")
    assert _notes(a).count("ik_llama") == 1


def test_the_fork_is_not_llama_cpp_itself() -> None:
    # "ik_llama.cpp" alone names the fork, never llama.cpp: no Ollama-or-llama.cpp line with ollama beside it
    kinds = also_words.read("quero largar o ollama e usar o ik_llama.cpp")
    assert "llama_cpp" not in kinds
    assert also.engine_notes(kinds) == ["ik_llama"]
    assert "llama_cpp" in also_words.read("ollama ou llama.cpp direct, ça change ?")


def test_every_engine_line_is_sourced() -> None:
    for kind in ("ollama_llamacpp", "ktransformers", "tabbyapi"):
        assert kind in side_notes.sourced()
