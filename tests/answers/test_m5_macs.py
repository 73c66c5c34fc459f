"""The 2026 MacBook Pro chips (M5 Pro, M5 Max) are hardware the catalog rates: public 2026 decode rows name them,
and before they were "unknown card"."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("question", [
    "how fast is llama 3.1 8b with ollama on a macbook pro m5 max 48gb?",
    "wie schnell läuft llama 3.1 8b mit ollama auf einem MacBook Pro M5 Max mit 48 GB?",
])
def test_m5_max_is_rated(engine, question: str) -> None:
    """Ollama's llama3.1:8b on an M5 Max 48 GB: 89.3 tok/s in a public 2026 row; 614 GB/s (Apple newsroom)."""
    a = engine.ask(question)
    row = a.facts["row"]
    assert row["tok_s"], a.text
    assert row["tok_s_low"] <= 89.3 <= row["tok_s_high"]


@pytest.mark.parametrize("question", [
    "glm-4.7-flash q8_0 on an m5 pro 64gb mac, tokens per second?",
    "glm-4.7-flash en q8_0 sur un mac m5 pro 64 go, combien de tokens par seconde ?",
])
def test_m5_pro_is_rated(engine, question: str) -> None:
    """GLM-4.7-Flash Q8_0 on an M5 Pro 64 GB under Ollama: 52.9 tok/s in a public 2026 row; 307 GB/s."""
    a = engine.ask(question)
    row = a.facts["row"]
    assert row["tok_s"], a.text
    assert row["tok_s_low"] <= 52.9 <= row["tok_s_high"]
