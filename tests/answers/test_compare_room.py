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


@pytest.mark.parametrize(("question", "lang"), [
    ("7900 xtx vs a used 3090 for llama.cpp in 2026: does amd still trail on pp? tg is about equal", "en"),
    ("7900 xtx oder gebrauchte 3090 für llama.cpp: hängt AMD beim pp noch hinterher? tg ist ja gleich", "de"),
    ("7900 xtx ou 3090 usada no llama.cpp, a amd ainda perde no pp? o tg parece igual", "pt"),
])
def test_two_cards_asked_about_prompt_reading_get_it_compared(engine: Engine, question: str, lang: str) -> None:
    # decode is about the same (960 against 936 GB/s); prompt reading follows compute, where the 3090's CUDA
    # kernels lead llama.cpp's ROCm ones in public runs
    a = engine.ask(question)
    assert a.locale == lang
    f = a.facts
    rows = (f["prefill_cards"]["a"], f["prefill_cards"]["b"]) if "prefill_cards" in f else (f["a"], f["b"])
    fast, slow = sorted(rows, key=lambda r: -r["prefill_tok_s"])
    assert fast["card"] == "GeForce RTX 3090" and fast["prefill_tok_s"] >= 1.15 * slow["prefill_tok_s"]
    assert f["choice"]["why"] == "prompt" and f["choice"]["pick"] == "GeForce RTX 3090"
