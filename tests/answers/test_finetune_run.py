"""A fine-tuning question gets its run worked out: the conditions read in six languages (examples, tokens, length,
epochs, method, rental cloud), the time on the cards named with its range, and the rental cost with the price
list's date. Phrasings written for these tests."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading.train_words import read


@pytest.mark.parametrize(("question", "said"), [
    ("how long to lora-train qwen3 14b on a 4090 with 25k samples, 3 epochs?",
     {"examples": 25_000, "epochs": 3, "method": "lora"}),
    ("quanto ci mette un qlora di gemma 3 12b su una 3090 con ventimila esempi?", {"examples": 20_000,
                                                                                   "method": "qlora"}),
    ("combien de temps pour fine-tuner mistral 7b sur 300 millions de tokens chez lambda ?",
     {"tokens": 3e8, "provider": "Lambda"}),
    ("wie lange dauert ein Finetune von llama 3.1 8b mit 8000 Beispielen zu je 700 Tokens auf einer 5090?",
     {"examples": 8000, "example_tokens": 700}),
    ("cuánto tarda entrenar un lora de qwen3 8b con 2 mil millones de tokens en vast.ai?",
     {"tokens": 2e9, "method": "lora", "provider": "Vast.ai"}),
    ("quanto tempo leva um fine-tuning do llama 3.1 8b com 40 mil exemplos em 2 épocas numa runpod?",
     {"examples": 40_000, "epochs": 2, "provider": "RunPod"}),
])
def test_the_conditions_of_a_run_are_read(question: str, said: dict) -> None:
    got = read(question)
    assert got is not None
    for key, value in said.items():
        assert getattr(got, key) == pytest.approx(value) if isinstance(value, (int, float)) else \
            getattr(got, key) == value, key


def test_a_prompt_length_is_not_a_dataset() -> None:
    got = read("fine-tune llama 3.1 8b with a 32k context")
    assert got is None or (got.tokens is None and got.examples is None)


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("how long does a lora of llama 3.1 8b take on a 3090 with 12k examples?", "en", "hours"),
    ("quanto tempo serve per un fine-tuning lora di llama 3.1 8b su una 3090 con 12 mila esempi?", "it", "ore"),
    ("combien de temps pour un fine-tuning lora de llama 3.1 8b sur une 3090 avec 12 000 exemples ?", "fr", "heures"),
    ("wie lange braucht ein LoRA-Finetune von llama 3.1 8b auf einer 3090 mit 12.000 Beispielen?", "de", "Stunden"),
    ("cuánto tarda un fine-tuning lora de llama 3.1 8b en una 3090 con 12 mil ejemplos?", "es", "horas"),
    ("quanto demora um fine-tuning lora do llama 3.1 8b numa 3090 com 12 mil exemplos?", "pt", "horas"),
])
def test_the_time_on_the_card_is_given_in_every_language(engine: Engine, question: str, lang: str,
                                                         word: str) -> None:
    a = engine.ask(question)
    run = a.facts["finetune"]
    assert a.locale == lang and run["examples"] == 12_000 and run["time"]["card"] == "GeForce RTX 3090"
    # by hand: 12,000 × 512 tokens × 4 × 8.03B FLOPs ÷ (71.2 TFLOPS × 0.42) ≈ 1.8 hours
    assert run["time"]["hours"] == pytest.approx(12_000 * 512 * 4 * 8.03e9 / (71.2e12 * 0.42) / 3600, rel=0.03)
    assert word in a.text and "torchtune" in a.text
    assert a.facts.get("asked", {}).get("train_examples", 12_000) == 12_000


def test_a_rental_cloud_without_a_card_is_priced_on_the_usual_card(engine: Engine) -> None:
    a = engine.ask("what would it cost to fine-tune qwen3 8b on runpod with 50k examples?")
    run = a.facts["finetune"]
    assert run["time"]["card_assumed"] and run["time"]["card"].startswith("H100")
    assert run["cost"] and all(c["provider"] == "RunPod" for c in run["cost"])
    cheapest = run["cost"][0]
    assert cheapest["usd"] == pytest.approx(cheapest["usd_per_hour"] * run["time"]["hours"], rel=0.02)
    assert cheapest["date"] in a.text


def test_qlora_of_a_70b_on_two_3090s_fits_across_them(engine: Engine) -> None:
    run = engine.ask("qlora of llama 3.3 70b on 2x 3090, feasible? how long for 5k examples?").facts["finetune"]
    assert run["method"] == "qlora" and run["fits"] is True and run["time"]["count"] == 2
    assert run["totals_gb"]["qlora"] < run["totals_gb"]["lora"] < run["totals_gb"]["full"]


@pytest.mark.parametrize(("question", "mb"), [
    ("how long to fine-tune mistral 7b on a 300 MB dataset with a 4090?", 300),
    ("quanto ci vuole per un lora di qwen3 8b su 2 gb di testo con una 5090?", 2000),
    ("combien de temps pour fine-tuner llama 3.1 8b sur 800 Mo de données avec une 4090 ?", 800),
])
def test_a_dataset_said_by_its_size_is_read_as_tokens_not_memory(engine: Engine, question: str, mb: float) -> None:
    a = engine.ask(question)
    assert a.asked["dataset_mb"] == mb and "memory_gb" not in a.asked
    # about 4 bytes of text a token: 300 MB → 75 million tokens
    assert a.facts["finetune"]["tokens"] == pytest.approx(mb * 1e6 / 4)
    assert a.facts["finetune"]["fits"] is True


@pytest.mark.parametrize("question", ["what does fine-tuning on a rented h100 at runpod cost per hour?",
                                      "quanto costa fare un finetune su una 4090 a noleggio?"])
def test_with_no_model_the_cards_hourly_prices_are_said(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    prices = a.facts["finetune_prices"]
    assert prices and prices == sorted(prices, key=lambda p: p["usd_per_hour"])
    assert prices[0]["date"] in a.text


def test_what_the_run_assumed_is_in_the_assumed_record(engine: Engine) -> None:
    a = engine.ask("cuánto me cuesta afinar llama 3.1 8b en runpod?")
    assert a.assumed["train_examples"] == 10_000 and a.assumed["example_tokens"] == 512
    assert a.assumed["cards"][0]["name"].startswith("H100") and "train_examples" not in a.asked
