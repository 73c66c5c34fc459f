"""A wattage, an NPU's rating and software with its version are never a model's name; a PSU question is a power
question; text the asker quotes (a pasted error) does not decide the answer's language. Phrasings of our own."""

from __future__ import annotations

import pytest

from answers.rendering.generic_model import typed_note


def _no_model_lead(answer) -> None:  # noqa: ANN001
    assert answer.intent != "not_found", answer.text
    lead = typed_note("Zq", 32, answer.locale).split("Zq")[1].split(":")[0]
    assert lead not in answer.text, answer.text


@pytest.mark.parametrize("question", [
    "is an 850w psu enough for a 4090 and a 7800x3d?",
    "basta un alimentatore da 1200 w per tre 3090?",
    "reicht ein 1000w netzteil für zwei 4090?",
    "¿una fuente de poder de 750 watts aguanta una 3090?",
    "uma fonte de alimentação de 650w segura uma 4070 ti?",
    "une alimentation de 1000 W suffit pour deux 3090 ?",
])
def test_a_psu_question_is_answered_with_the_power_drawn(engine, question: str) -> None:
    answer = engine.ask(question)
    _no_model_lead(answer)
    assert answer.intent == "power", (answer.intent, answer.text)
    assert "models" not in answer.asked
    assert answer.facts["power"]["decode_w"] > 0


@pytest.mark.parametrize("question", [
    "my ubuntu 24.04 box with a 3090 keeps crashing when loading models",
    "la mia rx 7900 xtx su windows 11 non viene rilevata da ollama, non rileva la scheda",
    "el npu de 50 tops de mi portátil ryzen no me detecta nada en ollama",
])
def test_software_versions_and_tops_are_no_model_names(engine, question: str) -> None:
    answer = engine.ask(question)
    _no_model_lead(answer)
    assert "models" not in answer.asked, answer.asked


@pytest.mark.parametrize(("question", "lang"), [
    ("me sale 'CUDA error: out of memory while allocating the buffer' con mi 3060, que hago?", "es"),
    ('ollama mi dà "failed to load model: unknown model architecture" sulla 4070, come risolvo?', "it"),
    ("j'ai `RuntimeError: no kernel image is available for execution` avec ma 5090, une idée ?", "fr"),
    ("bekomme 'segmentation fault (core dumped) in the backend' auf meiner 3090, was tun?", "de"),
])
def test_quoted_text_does_not_set_the_language(engine, question: str, lang: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang, (answer.locale, answer.text)


@pytest.mark.parametrize("question", [
    "llama.cpp não tá detectando a minha rx 6700 xt, como faço?",
    "llama.cpp no me detecta la rx 6700 xt, qué hago?",
    "llama.cpp findet die gpu nicht, rx 6700 xt, was kann ich tun?",
    "llama.cpp ne détecte pas ma rx 6700 xt, que faire ?",
])
def test_a_card_not_detected_is_a_fault_declined(engine, question: str) -> None:
    answer = engine.ask(question)
    # the fault is no model's name; since 0.21.0 the know-how line for llama.cpp left on the processor (its GPU
    # build, `-ngl`) replaces the decline, which `facts.off_topic` still records
    assert answer.intent == "knowhow", (answer.intent, answer.text)
    assert answer.facts["off_topic"] == "troubleshoot"
    assert [k["id"] for k in answer.facts["knowhow"]] == ["llamacpp_no_gpu"]


@pytest.mark.parametrize("question", [
    "qwen3 32b q4_k_m on a 3090 (power limited to 280 W), how many tok/s?",
    "llama 3.1 8b auf einer 4090 mit 350 W Limit, wie viele Token pro Sekunde?",
])
def test_a_wattage_beside_a_speed_question_keeps_the_speed(engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.intent in ("speed", "can_run"), (answer.intent, answer.text)
