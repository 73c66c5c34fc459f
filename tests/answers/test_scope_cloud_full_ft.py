"""What the bot cannot answer, said in one line beside what it can: a rented GPU's price (the hardware part is
still answered), and a full fine-tune (its own memory figure, 16 bytes a parameter, never LoRA's in its place).
Phrasings in six languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine


def _plain(text: str) -> str:
    return text.replace("`", "").replace("**", "")


@pytest.mark.parametrize(("question", "lang", "line"), [
    ("how much does it cost to rent an H100 on aws to run llama 3.3 70b?", "en", "Cloud rental prices"),
    ("cuánto cuesta alquilar una A100 en AWS para qwen3 32b?", "es", "Los precios de alquiler en la nube"),
    ("quanto costa noleggiare una H100 su azure per llama 3.3 70b?", "it", "I prezzi di noleggio nel cloud"),
    ("combien coûte louer une A100 sur azure pour qwen3 32b ?", "fr", "Les prix de location dans le cloud"),
    ("was kostet es, eine H100 bei AWS zu mieten, für llama 3.3 70b?", "de", "Mietpreise in der Cloud"),
    ("quanto custa alugar uma A100 na AWS pra rodar qwen3 32b?", "pt", "Os preços de aluguel na nuvem"),
])
def test_a_rental_price_is_said_unknown_and_the_hardware_still_answered(engine: Engine, question: str, lang: str,
                                                                       line: str) -> None:
    a = engine.ask(question)
    text = _plain(a.text)
    assert a.locale == lang and text.startswith(line)
    assert a.facts["not_answered"] == ["cloud_price"]
    # …and the card named is rated for the model named: a speed, not a refusal
    assert a.facts["row"]["tok_s"] > 0 and a.entities.get("model")


@pytest.mark.parametrize("question", ["is an H100 on azure fast enough for qwen3 32b?",
                                      "h100 on lambda for llama 3.3 70b, tok/s?"])
def test_a_provider_named_alone_is_a_rental(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.facts["not_answered"] == ["cloud_price"] and a.facts["row"]["tok_s"] > 0


@pytest.mark.parametrize(("question", "lang", "price"), [
    ("how much does it cost to rent an H100 on runpod to run llama 3.3 70b?", "en", "1.99–2.79"),
    ("quanto costa noleggiare una H100 su runpod per llama 3.3 70b?", "it", "1,99–2,79"),
    ("combien coûte louer une A100 sur vast.ai pour qwen3 32b ?", "fr", "1,19–2,10"),
    ("is an H100 on vast.ai fast enough for qwen3 32b?", "en", "1.99–2.79"),
])
def test_a_marketplace_rental_gets_its_hourly_prices_and_the_speed(engine: Engine, question: str, lang: str,
                                                                   price: str) -> None:
    # RunPod's hourly prices are in the know-how table (cloud_gpu_rent, sourced): said after the figures
    a = engine.ask(question)
    assert a.locale == lang and price in a.text and "not_answered" not in a.facts
    assert a.facts["row"]["tok_s"] > 0


def test_speeds_per_hour_are_not_a_rental(engine: Engine) -> None:
    a = engine.ask("how many tokens per hour can a 3090 do with llama 3 8b?")
    assert "not_answered" not in a.facts and "Cloud rental" not in a.text


@pytest.mark.parametrize(("question", "lang", "figure"), [
    # Llama 3.1 8B: 8.03e9 parameters × 16 bytes ≈ 128.5 GB (ZeRO's mixed-precision Adam: 2 + 2 + 12 bytes)
    ("how much VRAM to full fine-tune llama 3.1 8b?", "en", "about 128.5 GB"),
    ("quanta vram serve per un fine-tuning completo di llama 3.1 8b?", "it", "circa 128,5 GB"),
    ("Wie viel VRAM braucht ein vollständiges Fine-Tuning von Llama 3.1 8B?", "de", "etwa 128,5 GB"),
    ("combien de vram pour un fine-tuning complet de llama 3.1 8b ?", "fr", "environ 128,5 Go"),
    ("cuánta vram para un fine-tuning completo de llama 3.1 8b?", "es", "unos 128,5 GB"),
    ("quanta vram pra treinar todos os parametros do llama 3.1 8b?", "pt", "cerca de 128,5 GB"),
    ("how much vram to fine-tune llama 3.1 8b fully?", "en", "about 128.5 GB"),
    ("full training of llama 3.1 8b, how much vram?", "en", "about 128.5 GB"),
])
def test_a_full_fine_tune_gets_its_own_figure_not_loras(engine: Engine, question: str, lang: str,
                                                        figure: str) -> None:
    a = engine.ask(question)
    text = _plain(a.text)
    assert a.locale == lang and a.facts["out_of_scope"] == "full_fine_tuning"
    full = a.facts["full_fine_tuning"]
    assert full["bytes_per_param"] == 16 and full["gb"] == pytest.approx(8.03 * 16, rel=0.01)
    assert figure in text
    # LoRA's figure comes after, as the alternative, never first
    lora = a.facts["fine_tuning"]["lora_gb"]
    assert text.index(figure) < text.index("LoRA")
    assert lora < full["gb"]


def test_a_full_fine_tune_against_the_card_named(engine: Engine) -> None:
    a = engine.ask("full fine-tune of qwen3 8b on a 4090, possible?")
    full = a.facts["full_fine_tuning"]
    assert full["memory_gb"] == 24 and not full["fits"]
    assert "24 GB is not enough for that" in _plain(a.text)


def test_a_lora_question_stays_a_lora_answer(engine: Engine) -> None:
    a = engine.ask("qlora llama 3.1 8b on 12gb?")
    assert a.facts["out_of_scope"] == "fine_tuning" and "full_fine_tuning" not in a.facts
