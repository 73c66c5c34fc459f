"""Two setups as fast on every size tried, one with much more memory ("2× 5090 or one RTX PRO 6000?"): a layer split
runs at one card's pace, so both read their weights at 1,792 GB/s (the 5090's and the PRO 6000's bandwidth, TechPowerUp)
and the verdict is what the extra memory buys, never "either will do" and never the two-card side "faster"."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.choice import ROOM_EDGE


@pytest.mark.parametrize(("question", "lang"), [
    ("duas rtx 5090 ou uma rtx pro 6000 para llms em casa: compensa pagar pelos 96 gb?", "pt"),
    ("zwei rtx 5090 oder eine rtx pro 6000 für lokale llms, lohnen sich die 96 gb?", "de"),
])
def test_the_memory_is_what_the_price_buys(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "compare"
    c = a.facts["choice"]
    assert c["why"] == "roomsame" and c["pick"] == "RTX PRO 6000 Blackwell"
    assert c["memory_gb"] >= ROOM_EDGE * c["other_memory_gb"]
    assert "96" in a.text and "64" in a.text


def test_a_ratio_is_never_read_across_two_levels(engine: Engine) -> None:
    # three sides: a 70B is Q8_0 on 96 GB and Q6_K on 64 GB, so "1.4× faster" there would compare two files
    a = engine.ask("rtx 5090, rtx pro 6000 o due rtx 5090 per llm in casa: vale pagare di più per i 96 gb?")
    assert a.locale == "it"
    c = a.facts["choice"]
    assert c["why"] != "faster" or c.get("params_b") != 70.0
