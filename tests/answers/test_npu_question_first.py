"""A question about a laptop's NPU without a model ("is the NPU any use for LLMs?") gets the NPU's answer first,
with a verdict, then what the processor runs. Own phrasings in several languages, none from a trial."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "first", "verdict"), [
    ("is the npu on a snapdragon x elite laptop worth anything for running llms?", "en", "The NPU", "Verdict"),
    ("la npu dello snapdragon x plus serve a qualcosa per i modelli linguistici?", "it", "La NPU", "Verdetto"),
    ("bringt die npu vom snapdragon x elite was für lokale llms?", "de", "Die NPU", "Fazit"),
])
def test_the_npu_comes_first_with_a_verdict(engine: Engine, question: str, lang: str, first: str,
                                            verdict: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    kinds = [n["kind"] for n in a.facts["also"]["notes"]]
    assert "npu_qualcomm" in kinds
    assert a.text.lstrip().startswith(first), a.text[:80]
    assert verdict in a.text.split("\n\n")[0] and "Foundry Local" in a.text


def test_a_model_named_keeps_its_answer_first(engine: Engine) -> None:
    a = engine.ask("qwen3 8b on a snapdragon x elite, does the npu help?")
    assert "Qwen3 8B" in a.text.splitlines()[0]
