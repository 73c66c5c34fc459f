""""Or should I buy another 3090?" beside a question about a mixed machine gets the figure for two of that card:
the same model, level and context on 2× the card, answered as its own question would be. Public 2× RTX 3090 runs of
a 70B at Q4_K_M in llama.cpp give about 15-17 tok/s (r/LocalLLaMA and llama.cpp discussion #4225 figures); the
model needs more than the 36 GB of a 3090 + 3060 12 GB, and fits the 48 GB of two 3090s."""

from __future__ import annotations

import pytest

CASES = [
    ("I have a 3090 and a 3060 12gb. can they run llama 3.3 70b at q4_k_m with 8k context, or should I buy another "
     "3090?", "en"),
    ("ich habe eine 3090 und eine 3060 12gb: läuft llama 3.3 70b in q4_k_m mit 8k kontext? oder lieber noch eine 3090?",
     "de"),
    ("ho una 3090 e una 3060 12gb, ci gira llama 3.3 70b q4_k_m con 8k di contesto? o prendo un'altra 3090?", "it"),
    ("j'ai une 3090 et une 3060 12 go, llama 3.3 70b en q4_k_m avec 8k de contexte ça passe ? ou j'achète une "
     "deuxième 3090 ?", "fr"),
    ("tenho uma 3090 e uma 3060 12gb, roda llama 3.3 70b q4_k_m com 8k de contexto? ou compro outra 3090?", "pt"),
]


@pytest.mark.parametrize(("question", "lang"), CASES)
def test_another_card_is_answered(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    direct = engine.ask("2x 3090: llama 3.3 70b at q4_k_m with 8k context?", locale="en").facts["row"]
    assert 12 < direct["tok_s"] < 22
    figure = f"{direct['tok_s']:.1f}" if lang == "en" else f"{direct['tok_s']:.1f}".replace(".", ",")
    text = a.text.replace("*", "")
    assert "2× GeForce RTX 3090" in text and figure in text, text
    p = a.facts.get("pair_option")
    if p is not None:  # asked about the machine owned: the pair beside it ("de" reads "oder" as a third side)
        assert p["label"] == "2× GeForce RTX 3090" and p["quant"] == "Q4_K_M" and p["fit"] != "no"
        assert p["tok_s"] == pytest.approx(direct["tok_s"]) and p["need_gb"] == pytest.approx(direct["need_gb"])


def test_no_offer_no_pair(engine) -> None:
    a = engine.ask("I have a 3090 and a 3060 12gb. can they run llama 3.3 70b at q4_k_m with 8k context?", locale="en")
    assert "pair_option" not in a.facts
