"""What `asked` says of machines and boards: two unified-memory machines weighed are both stated (the second was
dropped), and a board's or a phone's one memory is stated as its RAM and as the memory the model has."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "first", "second"), [
    ("m3 max or a dgx spark for glm 4.5 air, which one?", "M3 Max", "DGX Spark"),
    ("strix halo oder dgx spark für gpt-oss-120b, was ist schneller?", "Ryzen AI Max+ 395", "DGX Spark"),
    ("dgx spark o mac studio m2 ultra per llama 3.3 70b?", "DGX Spark", "M2 Ultra"),
])
def test_two_machines_weighed_are_both_stated(engine, question: str, first: str, second: str) -> None:
    answer = engine.ask(question)
    asked = answer.asked
    assert first in asked["device"]
    assert [c["count"] for c in asked["cards"]] == [1]
    assert second in asked["cards"][0]["name"]
    assert not any(u.startswith("cards") for u in answer.unused), answer.unused  # both machines are answered


@pytest.mark.parametrize(("question", "size"), [
    ("raspberry pi 5 with 4gb, can it run qwen3 0.6b?", 4.0),
    ("orange pi 5 de 32go, llama 3.2 1b ça tourne ?", 32.0),
    ("mein pixel 9 hat 12gb ram, wie schnell läuft gemma 3 1b?", 12.0),
])
def test_a_boards_memory_is_its_ram(engine, question: str, size: float) -> None:
    asked = engine.ask(question).asked
    assert asked["ram_gb"] == size
    assert asked["memory_gb"] == size


def test_a_card_beside_the_ram_keeps_them_apart(engine) -> None:
    asked = engine.ask("rtx 3060 12gb with 32gb ram, qwen3 14b q4?").asked
    assert asked["ram_gb"] == 32.0
    assert asked.get("memory_gb") != 32.0


@pytest.mark.parametrize(("question", "memory"), [
    ("gmktec evo-x2 (ryzen ai max+ 395, 64gb): la bios dà 48gb alla gpu, qwen3 32b q8 ci sta?", 64.0),
    ("framework desktop (395, 128 go), je mets 96 go pour le gpu, gpt-oss-120b ça passe ?", 128.0),
])
def test_a_memory_in_brackets_after_a_machine_is_its_own(engine, question: str, memory: float) -> None:
    answer = engine.ask(question)
    assert answer.intent != "not_found"
    assert answer.asked["memory_gb"] == memory


@pytest.mark.parametrize(("question", "memory"), [
    ("rx 7800 xt 16gb, llama 3.1 8b q8 tok/s?", 16.0),
    ("zwei a6000 48gb für llama 3.3 70b q8?", 48.0),
    ("rtx 3050 6 go + 32 go de ram, qwen3 8b ça tourne ?", 6.0),
])
def test_a_cards_memory_said_with_it_is_stated(engine, question: str, memory: float) -> None:
    assert engine.ask(question).asked["memory_gb"] == memory
