"""A Raspberry Pi or a phone is answered as that device, never with a graphics card's speed, and never as
another device: a Pi 4 is not a Pi 5 (half the cores' speed, 12.8 GB/s against 17.1), a Pixel's Tensor chip is
not a Snapdragon. Phrasings in several languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("llama 3.2 3b on a raspberry pi 4 4gb, how fast?", "en"),
    ("llama 3.2 3b su un raspberry pi 4 da 8gb, quanti token al secondo?", "it"),
    ("Llama 3.2 3B auf einem Raspberry Pi 4 mit 8 GB, wie schnell?", "de"),
    ("llama 3.2 3b sur un rpi 4, quelle vitesse ?", "fr"),
])
def test_a_pi_4_is_its_own_board(engine: Engine, question: str, lang: str) -> None:
    """Public llama.cpp runs on a Pi 4 8 GB put Llama 3.2 3B at Q4_K_M near 3.4 tokens per second (2–5 across
    reports); the board's LPDDR4-3200 on a 32-bit bus is 12.8 GB/s."""
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("media") == "device"
    row = a.facts["row"]
    assert row["card"] == "Raspberry Pi 4" and row["bandwidth_gbps"] == 12.8
    assert 2.0 <= row["tok_s"] <= 5.5
    assert "Pi 5" not in a.text and "GeForce" not in a.text


def test_a_pi_5_is_still_a_pi_5(engine: Engine) -> None:
    a = engine.ask("llama 3.2 3b on a raspberry pi 5, how fast?")
    assert a.facts["row"]["card"] == "Raspberry Pi 5"


@pytest.mark.parametrize(("question", "lang"), [
    ("pixel 8 pro llama 3.2 3b tok/s?", "en"),
    ("tensor g3 llama 3.2 3b speed", "en"),
    ("gemma 3 1b sul mio pixel 8, quanto va?", "it"),
    ("qwen3 1.7b auf dem Pixel 7, wie schnell?", "de"),
])
def test_a_pixel_without_a_record_is_said_plainly_never_a_snapdragon(engine: Engine, question: str,
                                                                     lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts.get("out_of_scope") == "phone" or a.facts.get("row", {}).get("card", "").startswith("Google")
    assert "Snapdragon" not in a.text and "GeForce" not in a.text and "Radeon" not in a.text


def test_a_pixel_9_is_a_tensor_g4(engine: Engine) -> None:
    a = engine.ask("can my pixel 9 run gemma 3 4b?")
    assert a.facts["row"]["card"] == "Google Tensor G4" and "Snapdragon" not in a.text


@pytest.mark.parametrize("question", ["orange pi 5 qwen3 4b velocità?", "qwen3 4b on an orange pi 5 plus?"])
def test_another_board_is_never_a_raspberry_pi(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert "Raspberry" not in a.text and "GeForce" not in a.text


@pytest.mark.parametrize(("question", "lang", "card"), [
    ("how long does a Raspberry Pi 5 with an RX 7600 on its PCIe slot take to read a 4000 token prompt with "
     "Llama 3.2 3B?", "en", "Radeon RX 7600"),
    ("Qwen3 8B Q4_K_M su una RTX 3060 collegata a un Raspberry Pi 5: quanto ci mette un prompt di 2000 token?",
     "it", "GeForce RTX 3060"),
    ("Mistral 7B auf einer Radeon RX 6600 am Raspberry Pi 5 (PCIe-Adapter): wie lange dauert die Verarbeitung "
     "eines Prompts von 1000 Tokens?", "de", "Radeon RX 6600"),
])
def test_a_card_on_a_pi_is_rated_as_that_card(engine: Engine, question: str, lang: str, card: str) -> None:
    """A graphics card wired to a Pi (public llama.cpp runs of RX cards on a Pi 5 over its PCIe lane) does the
    work: the answer is the card's prompt figure, never "single-board computers are outside"."""
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "prefill"
    assert a.facts["row"]["card"].startswith(card)
    assert a.facts["row"]["prefill_tok_s"] > 0
