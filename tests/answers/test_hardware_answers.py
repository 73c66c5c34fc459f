"""Answers on the hardware people own: each profile uses its own card list, a family name answers with
its usual variant and names the others in one line, in every language."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from answers.rendering.markdown import escape


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine

LANGS = ("en", "it", "fr", "de", "es")
MEASURED = AskOptions(profile="measured")


def test_each_profile_has_its_card_list(engine: Engine) -> None:
    kn = engine.knowledge
    ref, cur = kn.gpus_for("reference"), kn.gpus_for("measured")
    assert len(ref) == 818 and kn.gpus is ref
    names = {g.name for g in cur}
    assert {"H20", "Apple M4 Pro 48 GB", "Ryzen AI Max+ 395 128 GB"} <= names
    assert "RTX A5000-8Q" not in names and "RTX A5000-8Q" in {g.name for g in ref}


@pytest.mark.parametrize(
    ("question", "card"),
    [("can my M4 Pro 48GB run llama 3 8b", "Apple M4 Pro 48 GB"),
     ("can a 4070 laptop run llama 3 8b", "GeForce RTX 4070 Mobile"),
     ("can I run llama 3 70b on a DGX Spark", "GB10"),
     ("how fast is llama 3 8b on the h20", "H20")],
)
def test_measured_profile_answers_on_new_hardware(engine: Engine, question: str, card: str) -> None:
    answer = engine.ask(question, "en", MEASURED)
    assert answer.entities.get("card") == card, answer.facts
    assert escape(card) in answer.text


def test_reference_profile_answers_on_hardware_the_pages_never_listed(engine: Engine) -> None:
    """The pages' 818 cards stay the reference tables; a chip the asker names is rated all the same."""
    answer = engine.command("can_run", "en", model="Llama 3 8B", card="M4 Pro 48GB")
    assert answer.intent == "can_run" and "Tesla M4" not in answer.entities.values()
    assert "Apple M4 Pro" in answer.text
    fastest = engine.command("fastest", "en", model="Llama 3 8B")
    assert fastest.facts["cards_total"] == 818


@pytest.mark.parametrize("lang", LANGS)
def test_family_name_answers_and_names_the_other_variants(engine: Engine, lang: str) -> None:
    answer = engine.command("speed", lang, model="Llama 3 8B", card="H100", options=MEASURED)
    assert answer.intent == "speed" and answer.entities["card"] == "H100 SXM5 80 GB"
    alternatives = answer.facts["card_alternatives"]
    assert alternatives[0] == "H100 PCIe 80 GB"
    assert "H100 SXM5 80 GB" not in alternatives
    assert any(escape("H100 PCIe 80 GB") in line for line in answer.text.splitlines())


def test_exact_card_name_has_no_variants_line(engine: Engine) -> None:
    answer = engine.command("speed", "en", model="Llama 3 8B", card="GeForce RTX 4090", options=MEASURED)
    assert "card_alternatives" not in answer.facts
    assert "most common variant" not in answer.text


def test_question_with_a_family_name_gets_the_variants_line(engine: Engine) -> None:
    answer = engine.ask("can an a100 80gb run llama 3 70b", "en", MEASURED)
    assert answer.entities["card"] == "A100 SXM4 80 GB"
    assert answer.facts["card_alternatives"][0] == "A100 PCIe 80 GB"
    assert all(g != "A100 SXM4 40 GB" for g in answer.facts["card_alternatives"])  # the size narrowed them


@pytest.mark.parametrize(("question", "near"), [("what can my m9 ultra run", "Ultra"),
                                                ("can an mi400 run llama 3 70b", "MI3")])
def test_unknown_chip_shaped_names_are_answered_as_not_found(engine: Engine, question: str, near: str) -> None:
    answer = engine.ask(question, "en", MEASURED)
    assert answer.intent == "not_found" and answer.facts["kind"] == "card"
    assert any(near in c for c in answer.facts["candidates"])


def test_reference_cards_carry_launch_prices_without_figure_changes(engine: Engine) -> None:
    card = next(g for g in engine.knowledge.gpus_for("reference") if g.name == "GeForce RTX 4090")
    assert card.launch_price_usd == 1599 and card.bandwidth_gbps == 1010.0
