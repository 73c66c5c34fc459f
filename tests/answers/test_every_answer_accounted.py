"""Every answer says back what its question stated (issue 29): phone, board, image and speech answers too;
an answer's length said with a verb of generating; a thousands space or a spoken thousand beside money; a
number glued to "tokens" is never a card's model number."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "model", "device"), [
    ("how fast is gemma 3 1b on a raspberry pi 5 with 8gb", "Gemma 3 1B", "Raspberry Pi 5"),
    ("qwen3 4b sul mio iphone 15 pro, quanti token al secondo?", "Qwen3 4B", "A17 Pro"),
    ("llama 3.2 3b auf meinem galaxy s24, wie schnell?", "Llama 3.2 3B", "galaxy s24"),
])
def test_a_device_answer_states_the_model_and_the_device(engine, question: str, model: str, device: str) -> None:
    a = engine.ask(question)
    assert a.asked.get("models") == [model]
    assert device.casefold() in a.asked.get("device", "").casefold()
    assert "engine" not in a.assumed  # the device answer says its own app; no GGUF-engine line is added


def test_a_level_named_on_a_board_is_the_level_rated(engine) -> None:
    """"at q4_0 on a pi 5": rated at Q4_0 (it was the default level, with Q4_0 listed as not used)."""
    a = engine.ask("qwen3 0.6b at q4_0 on my raspberry pi 5, tok/s?")
    assert a.asked["quant"] == "Q4_0" and "quant" not in a.unused_why
    assert "Q4_0" in a.text


@pytest.mark.parametrize(("question", "model"), [
    ("whisper large v3 on an rtx 4070, how fast does it transcribe", "Whisper large-v3"),
    ("flux schnell sur une rtx 3060 12 go, combien de secondes par image ?", "FLUX.1 [schnell]"),
])
def test_a_media_answer_states_its_model_and_assumes_no_llm_engine(engine, question: str, model: str) -> None:
    a = engine.ask(question)
    assert a.asked["models"][0] == model
    assert a.asked["cards"][0]["count"] == 1
    assert "engine" not in a.assumed and "quant" not in a.assumed


@pytest.mark.parametrize(("question", "tokens"), [
    ("how long would llama 3.1 8b on a 4090 take to generate 3k tokens", 3072),
    ("quanto ci mette qwen3 14b su una 4070 a generare 1500 token?", 1500),
    ("combien de temps pour générer 800 tokens avec mistral 7b sur une rtx 3060 ?", 800),
    ("qwen3 8b auf einer 4060 ti: 2000 tokens generieren, wie lange?", 2000),
    ("cuánto tarda en generar 1200 tokens gemma 3 12b en una 3090", 1200),
    ("quanto tempo para gerar 600 tokens com llama 3.1 8b numa rtx 3070", 600),
    ("mistral nemo 12b su una 3090, per un output di circa 900 token quanto ci vuole?", 900),
])
def test_an_answers_length_said_with_a_verb_of_generating(engine, question: str, tokens: int) -> None:
    a = engine.ask(question)
    assert a.asked.get("output_tokens") == tokens


def test_a_number_glued_to_tokens_is_no_card(engine) -> None:
    """"3000 ausgabetokens": the German compound counts tokens; 3000 is no Radeon or Quadro's number."""
    a = engine.ask("3000 ausgabetokens mit qwen3 8b auf einer rtx 4070, wie lange?")
    assert a.asked.get("output_tokens") == 3000
    assert [c["name"] for c in a.asked["cards"]] == ["GeForce RTX 4070"]


@pytest.mark.parametrize(("question", "amount", "currency"), [
    ("budget 1 500 € pour une carte graphique pour qwen3 14b", 1500.0, "EUR"),
    ("tengo 1 800 euros, qué gráfica compro para llama 3.1 70b", 1800.0, "EUR"),
    ("orçamento de 5 mil reais, qual placa para qwen3 14b", 5000.0, "BRL"),
    ("tenho r$ 3 mil, qual gpu pra rodar gemma 3 12b", 3000.0, "BRL"),
])
def test_thousands_beside_money(engine, question: str, amount: float, currency: str) -> None:
    a = engine.ask(question)
    assert a.asked.get("budget") == {"amount": amount, "currency": currency}


@pytest.mark.parametrize(("question", "level"), [
    ("how much memory does deepseek r1 ud-iq1_s take", "UD-IQ1_S"),
    ("deepseek r1 en UD-IQ1_M, cuánta memoria necesita?", "UD-IQ1_M"),
    ("glm-4.6 ud-iq2_xxs, quanta memoria serve?", "UD-IQ2_XXS"),
])
def test_unsloths_dynamic_one_and_two_bit_files_are_read_as_themselves(engine, question: str, level: str) -> None:
    """"UD-IQ1_S" was read as llama.cpp's IQ1_S, a level the estimator has no figures for: "unknown level"."""
    a = engine.ask(question)
    assert a.intent == "vram" and a.asked["quant"] == level
    assert [lv["quant"] for lv in a.facts["levels"]] == [level]
