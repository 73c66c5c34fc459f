"""Whether an engine runs a format or a pair of unlike cards is answered beside the speed, whatever the main answer:
MXFP4 needs no Blackwell (llama.cpp anywhere, vLLM on Ampere through Marlin), and unlike cards mix in llama.cpp
with --tensor-split while vLLM's equal shares count the smaller card twice."""

from __future__ import annotations

import pytest

from answers.engine import Engine


def _kinds(a) -> list[str]:  # noqa: ANN001
    return [n["kind"] for n in (a.facts.get("also") or {}).get("notes", [])]


@pytest.mark.parametrize(("question", "lang"), [
    ("does mxfp4 on gpt-oss work on an rtx 3080 or do i need blackwell? llama.cpp and vllm", "en"),
    ("läuft mxfp4 von gpt-oss auf einer 3090 oder braucht es blackwell, in llama.cpp und vllm?", "de"),
    ("el mxfp4 de gpt-oss funciona en una 3090 o necesita blackwell? en llama.cpp y en vllm", "es"),
    ("o mxfp4 do gpt-oss roda numa 3090 ou precisa de blackwell? no llama.cpp e no vllm", "pt"),
])
def test_mxfp4_on_older_cards_is_answered(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "mxfp4_where" in _kinds(a), a.text
    assert "Blackwell" in a.text and "vLLM" in a.text and "Marlin" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("can i mix a 3090 and a 4060 ti with --tensor-split? and in vllm? speed for a 32b q4", "en"),
    ("kann man eine 3090 und eine 4060 ti mischen, in llama.cpp und vllm? tempo für ein 32b q4", "de"),
    ("on peut mélanger une 3090 et une 4060 ti dans llama.cpp ? et dans vllm ? vitesse pour un 32b q4", "fr"),
    ("si possono mescolare una 3090 e una 4060 ti in llama.cpp e vllm? velocità per un 32b q4", "it"),
])
def test_mixing_unlike_cards_is_answered_for_both_engines(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "mix_cards" in _kinds(a), a.text
    assert "--tensor-split" in a.text and "vLLM" in a.text


def test_no_note_where_nothing_is_mixed_or_mxfp4(engine: Engine) -> None:
    a = engine.ask("how fast is qwen3 32b q4_k_m on a 3090")
    assert not {"mix_cards", "mxfp4_where"} & set(_kinds(a))
