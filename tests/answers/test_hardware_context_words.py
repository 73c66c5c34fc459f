"""Words of the machine around the cards (a motherboard's chipset, its slots and PCIe lanes, a maker said alone,
a memory total) are never read as a model's or a card's name: the cards are answered, never "no model called
'slot x16'" nor "did you mean Arc B580" for a B650 board."""

from __future__ import annotations

import pytest

from answers.engine import Engine

_UNKNOWN = ("no model called", "nessun modello", "aucun modèle", "kein modell", "ningún modelo", "não conheço",
            "no card called", "keine grafikkarte", "did you mean", "meintest du", "quisiste decir",
            "did not understand", "nicht verstanden", "não entendi", "non ho capito", "pas compris", "no entendí")


@pytest.mark.parametrize(("question", "lang", "card"), [
    ("two 3090s on an x570 board, one slot x16 and one x4: does vllm tensor parallel still help?", "en", "3090"),
    ("zwei 4060 Ti auf einem Z790 Mainboard, PCIe 4.0 x8/x8: lohnt sich tensor parallel mit vllm?", "de", "4060"),
    ("due 3090 su scheda madre b550, uno slot x16 e l'altro x4 tramite chipset: tensor parallel con vllm ha senso?",
     "it", "3090"),
    ("deux 7900 xtx sur une carte mère x670e en x8/x8, le tensor parallel de vllm vaut le coup ?", "fr", "7900"),
    ("tengo 4 3060 en risers x1 sobre una b450, sirve el tensor parallel de vllm o mata el rendimiento?", "es",
     "3060"),
])
def test_board_and_lane_words_leave_the_cards_answered(engine: Engine, question: str, lang: str, card: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent not in ("not_found", "fallback")
    assert card in a.text
    assert not any(w in a.text.lower() for w in _UNKNOWN)
    assert "Arc B" not in a.text  # a chipset is never guessed as an Intel card


@pytest.mark.parametrize(("question", "lang"), [
    ("can I run an rx 7900 xt and an rtx 4080 together, amd + nvidia in one llama.cpp?", "en"),
    ("posso mischiare nvidia e amd, una 4070 e una 7800 xt, in llama.cpp con vulkan?", "it"),
    ("dá pra juntar uma 3060 12gb e uma 4060 ti 16gb no ollama pra ter 28gb?", "pt"),
])
def test_a_maker_or_a_memory_total_is_no_model_name(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent not in ("not_found", "fallback")
    assert not any(w in a.text.lower() for w in _UNKNOWN)


def test_a_card_count_after_a_card_stays_a_count(engine: Engine) -> None:
    # "3090 x4" with a board word beside it still counts four cards: never a PCIe width
    a = engine.ask("3090 x4 on an x570 board with risers, what can they run?")
    assert "4× GeForce RTX 3090" in a.text.replace("**", "")


@pytest.mark.parametrize(("question", "lang"), [
    ("zwei 4060 ti 16gb besser als eine 3090 für 32b?", "de"),
    ("2x 5060 ti 16gb compensa mais do que uma 4090 pra modelos 32b?", "pt"),
    ("dos 4060 ti 16gb mejor que una 3090 para modelos de 32b?", "es"),
])
def test_better_than_sets_the_cards_side_by_side(engine: Engine, question: str, lang: str) -> None:
    # "besser als", "mais do que": the two setups weighed, never pooled into one machine
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent == "compare"
    assert " + " not in a.text.split("\n")[0]
