"""Out-of-scope questions get one clean, localized decline (issue 29, items 1-2 of the trial's classes): a
rented GPU's monthly price with nothing to run is the price line alone (never a card's list or "did not
understand" after it); pretraining from scratch is said impractical with its order of magnitude (memory, then
time on the card named). Phrasings of our own, several languages."""

from __future__ import annotations

import re

import pytest

from answers.knowledge import i18n
from answers.rendering.scope_text import CLOUD_LINE

FALLBACK_LEADS = {  # the first words of the "did not understand" answer, per language
    "en": "I did not understand", "it": "Non ho capito", "pt": "Não entendi", "de": "Ich habe",
    "fr": "Je n'ai pas compris", "es": "No entendí",
}


@pytest.mark.parametrize(("question", "lang"), [
    ("what does an h100 on lambda cost per month, and is buying cheaper?", "en"),
    ("quanto costa al mese una a100 su azure? meglio comprare una scheda?", "it"),
    ("combien coûte par mois une l40s sur aws ? plus rentable d'acheter ?", "fr"),
    ("was kostet eine l4 im monat bei gcp mieten, oder lieber kaufen?", "de"),
    ("¿cuánto cuesta al mes alquilar una a10 en azure? ¿compensa comprar?", "es"),
])
def test_a_rental_price_alone_is_one_clean_decline(engine, question: str, lang: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    assert answer.text.strip() == i18n.gettext(lang, CLOUD_LINE).strip(), answer.text
    assert answer.facts.get("not_answered") == ["cloud_price"]


def test_a_rental_question_with_a_model_still_gets_its_figures(engine) -> None:
    answer = engine.ask("renting an h100 on aws for qwen3 32b: how fast, and what does it cost?")
    assert answer.text.startswith(i18n.gettext("en", CLOUD_LINE).split(":")[0])
    assert "tokens per second" in answer.text


def test_a_marketplace_rental_gets_the_sourced_hourly_prices_beside_the_figures(engine) -> None:
    # RunPod's hourly prices are in the know-how table (answers/knowledge/knowhow.json, cloud_gpu_rent): said
    # beside the speed, never "prices are unknown" (tests/answers/test_knowhow.py covers it asked alone)
    answer = engine.ask("renting an h100 on runpod for qwen3 32b: how fast, and what does it cost?")
    assert "tokens per second" in answer.text and "1.99–2.79" in answer.text
    assert not answer.text.startswith(i18n.gettext("en", CLOUD_LINE).split(":")[0])


@pytest.mark.parametrize(("question", "lang", "unit"), [
    ("how long would pretraining a 3b model take on one rtx 3090?", "en", "days"),
    ("quanto tempo leva para treinar um 7b de raiz numa rtx 4090?", "pt", "dias"),
    ("¿cuánto tardaría en preentrenar un modelo de 8b desde cero en una 4090?", "es", "días"),
    ("quanto ci vuole a pre-addestrare un 1b su una 3090?", "it", "giorni"),
    ("combien de temps pour pré-entraîner un 13b à partir de zéro sur une 4090 ?", "fr", "ans"),
    ("wie lange dauert es, ein 14b modell von grund auf auf einer 5090 zu trainieren?", "de", "Jahre"),
])
def test_pretraining_is_declined_with_its_time(engine, question: str, lang: str, unit: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    assert answer.facts.get("out_of_scope") == "from_scratch", answer.facts
    scratch = answer.facts["from_scratch"]
    assert scratch["days"] > 1 and f" {unit} " in answer.text, answer.text
    assert "qlora" not in answer.text.casefold()  # never the fine-tuning rule instead
    for lead in FALLBACK_LEADS.values():
        assert lead not in answer.text


def test_pretraining_time_follows_the_compute_rule(engine) -> None:
    """6 x params x (20 x params) FLOPs at 40% of the card's 16-bit rate: independent arithmetic on the facts."""
    scratch = engine.ask("how long to pretrain a 2b model from scratch on a 4090?").facts["from_scratch"]
    params = 2e9
    seconds = 6 * params * 20 * params / (scratch["tflops"] * 1e12 * 0.4)
    assert scratch["days"] == pytest.approx(seconds / 86_400, rel=0.02)
    assert 100 < scratch["tflops"] < 500  # an RTX 4090's dense 16-bit rate, not its int8 or sparse figure


def test_a_small_model_fits_and_the_time_is_what_stops_it(engine) -> None:
    answer = engine.ask("pretraining a 1b from scratch on an rtx 4090, how long?")
    assert answer.facts["from_scratch"]["fits"] is True
    assert "many data-centre cards" not in answer.text
    assert re.search(r"about \d+ days", answer.text), answer.text


@pytest.mark.parametrize(("question", "lang"), [
    ("how much would 500 sdxl images cost me on replicate?", "en"),
    ("quanto costa generare immagini con flux schnell su fal.ai?", "it"),
    ("combien coûte une image flux dev sur replicate ?", "fr"),
])
def test_a_paid_image_service_price_is_declined_as_such(engine, question: str, lang: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    assert answer.facts.get("out_of_scope") == "api_price", answer.facts
    assert " s " not in answer.text and "GB" not in answer.text, answer.text  # no card's seconds or memory table
