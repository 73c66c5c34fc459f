"""A drive asked about beside a speed ("does an NVMe SSD help?", "mmap from the SSD", "con un ssd nvme"): loading
only, with the load time from each drive, and the bound were the weights read from it every token.

Independent arithmetic: a PCIe 4.0 NVMe reads about 7 GB/s (Samsung 990 PRO: 7,450 MB/s), a SATA SSD about 0.55
(SATA III's 6 Gb/s); a 40 GB dense model read from the NVMe every token gives at most 7 / 40 = 0.18 tok/s."""

from __future__ import annotations

import pytest

from answers.reading.also_words import read


@pytest.mark.parametrize("question", [
    "does an nvme ssd make llama 8b faster on cpu?",
    "con un ssd nvme cambia qualcosa per qwen3 8b solo cpu?",
    "bringt eine NVMe SSD etwas für Mistral 7B ohne GPU?",
    "llama.cpp avec mmap depuis le ssd, c'est plus rapide ?",
])
def test_the_drive_is_read_in_every_language(question: str) -> None:
    assert "ssd" in read(question)


def test_swapping_cards_is_not_a_drive() -> None:
    assert "ssd" not in read("should I swap my 3060 for a 3090?")


def test_a_cpu_answer_gives_load_times_and_the_drive_bound(engine) -> None:
    answer = engine.ask("cpu only, 64gb ddr5: llama 3.3 70b at q4, and would an nvme ssd help?")
    note = next(n for n in answer.facts["also"]["notes"] if n["kind"] == "ssd")
    need = note["need_gb"]
    assert note["nvme_s"] == pytest.approx(need / 7.0) and note["sata_s"] == pytest.approx(need / 0.55)
    assert note["from_drive_tok_s"] == pytest.approx(7.0 / need)  # dense: every weight read per token
    assert note["from_drive_tok_s"] < 0.5
    assert "NVMe" in answer.text
