"""Text to speech and embeddings on a Raspberry Pi 5 get the board's own figures, never a desktop CPU's: Piper
runs several times faster than real time there and Kokoro slower than real time (KittenTTS at real-time factor
0.6 on a Pi 5, KittenML/KittenTTS#40, and the voices compared on one machine in k2-fsa/sherpa-onnx#2460);
EmbeddingGemma 300M reads on the Pi 5's four Cortex-A76 cores (4 x 2.4 GHz x 16 FLOPs a cycle = 154 GFLOPS)."""

from __future__ import annotations

import pytest

TTS = [
    ("piper or kokoro on a raspberry pi 5, which one speaks in real time?", "en"),
    ("piper o kokoro su un raspberry pi 5, quale va in tempo reale?", "it"),
    ("piper ou kokoro sur un raspberry pi 5, lequel tient le temps réel ?", "fr"),
    ("piper oder kokoro auf dem raspberry pi 5 – welches schafft echtzeit?", "de"),
]


@pytest.mark.parametrize(("question", "lang"), TTS)
def test_tts_on_a_pi_5_uses_board_runs_and_picks_piper(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    f = a.facts
    assert f["processor"] == "board" and f["board"] == "Raspberry Pi 5"
    runs = {r["name"]: r["on_processor"] for r in f["models"]}
    assert runs["Piper"]["rtf"] < 0.5 and runs["Kokoro-82M"]["rtf"] > 1.0
    assert f["choice"]["name"] == "Piper"
    assert "5950X" not in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("embeddinggemma 300m on a raspberry pi 5: how many embeddings a second?", "en"),
    ("embeddinggemma 300m auf einem raspberry pi 5, wie viele embeddings pro sekunde?", "de"),
    ("embeddinggemma 300m en una raspberry pi 5, cuántos embeddings por segundo?", "es"),
])
def test_embeddings_on_a_pi_5_are_answered_from_its_cores(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    f = a.facts
    assert f.get("media") == "embedding" and f["where"] == "device" and f["device"]["name"] == "Raspberry Pi 5"
    peak_tok_s = 4 * 2.4e9 * 16 / (2 * 0.308e9)  # the cores' peak over 2 FLOPs a weight a token
    assert 0.2 * peak_tok_s <= f["tokens_per_second"] <= peak_tok_s
    assert f["short_texts_per_second"] >= 1
    assert "Raspberry Pi 5" in a.text
