"""Every Apple chip with every memory Apple sells it with (catalog/data/hardware/apple.json) reads as that
machine when the size follows the chip as a bare number; a number no variant of the chip has is not its
memory. The whole table, not a few examples."""

from __future__ import annotations

import json
from pathlib import Path

from answers.reading.setup_words import read

APPLE = json.loads((Path(__file__).parents[2] / "catalog/data/hardware/apple.json").read_text("utf-8"))
OFFERED = {(c["chip"], float(m)) for c in APPLE["chips"] for v in c["variants"] for m in v["memory_gb"]}
CHIPS = sorted({c for c, _ in OFFERED})


def test_every_chip_and_memory_sold_reads_as_that_machine() -> None:
    for chip, mem in sorted(OFFERED):
        if " " not in chip:
            continue  # a bare "m4 128" is no tier: the chip alone is also a Tesla card's name
        words = read(f"mac studio {chip.lower()} {mem:g} for qwen3 32b")
        assert words.cards == [(f"{chip.lower()} {mem:g} GB", 1)], (chip, mem)


def test_a_number_no_variant_has_is_not_the_memory() -> None:
    for chip in CHIPS:
        if " " not in chip:
            continue
        sold = {m for c, m in OFFERED if c == chip}
        wrong = next(n for n in (40, 56, 80, 100, 160) if float(n) not in sold)
        words = read(f"{chip.lower()} {wrong} for qwen3 32b")
        assert all(f"{wrong} GB" not in name for name, _ in words.cards), (chip, wrong)
