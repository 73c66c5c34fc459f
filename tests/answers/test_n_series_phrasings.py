"""Intel's N-series mini PCs as people describe them: one memory channel (Intel ARK, Processor N100: 1 channel of
DDR4-3200 or DDR5-4800), so at most 38 GB/s, never a dual-channel desktop's 51-77 GB/s. With no RAM type said the
answer takes DDR5 and says DDR4 would be slower, never that DDR5 would be faster."""

from __future__ import annotations

import pytest

N_SERIES = [
    ("n100 mini pc with 16gb, what llm runs without a gpu?", "en", "with DDR4 they would be lower"),
    ("mein Mini-PC mit Intel N100 und 16 GB RAM: welches Modell läuft ohne Grafikkarte?", "de", "mit DDR4 wären"),
    ("beelink n150 con 16gb, che modello gira solo su cpu?", "it", "con DDR4 sarebbero più basse"),
    ("mini pc com n100 e 16gb de ram, que modelo roda só na cpu?", "pt", "com DDR4 seriam mais baixas"),
]


@pytest.mark.parametrize(("question", "lang", "words"), N_SERIES)
def test_an_n_series_mini_pc_has_one_channel(engine, question, lang, words) -> None:
    a = engine.ask(question, locale=lang)
    cpu = a.facts["cpu"]
    assert cpu["ram_gb"] == 16 and cpu["ram_bandwidth_gbps"] <= 38.5
    assert words in a.text and "DDR5 they would be higher" not in a.text
