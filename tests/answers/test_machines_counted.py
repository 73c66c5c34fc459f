"""Two machines said the way owners say them: the maker before the count's machine, the chip in brackets
after it, the count after the memory ("x2"), in several languages."""

from __future__ import annotations

import pytest

from answers.reading.setup_words import read


@pytest.mark.parametrize("text", [
    "what speed for GLM 4.6 across 2x AMD Strix Halo (8060S) boxes",
    "Qwen3 235B sur deux AMD Ryzen AI Max+ 395 (Radeon 8060S) reliés en USB4 ?",
    "Kimi K2 auf Ryzen AI Max+ 395 (gfx1151) 128GB x2 über Thunderbolt",
    "quanto va minimax m2 con due Strix Halo 128gb in rpc",
])
def test_two_machines_are_counted(text: str) -> None:
    cards = read(text).cards
    assert len(cards) == 1 and cards[0][1] == 2, cards


def test_a_card_after_a_maker_keeps_its_name() -> None:
    assert read("llama 70b on 2x AMD Radeon RX 7900 XTX").cards == [("amd radeon rx 7900 xtx", 2)]
