"""A laptop card with the RAM size said but not its type: the RAM is the one laptops of that card's generation are
built with (an RTX 40 or 50 laptop: DDR5, whose processors take no DDR4), said as assumed; an RTX 30 laptop keeps
DDR4. Figures follow: the same offload on DDR5-5600's 89.6 GB/s against DDR4-3200's 51.2."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "kind"), [
    ("gaming laptop, rtx 4080 laptop 12gb and 32gb ram: gemma 3 27b at q4, how fast?", "en", "DDR5"),
    ("notebook com rtx 4060 laptop 8gb e 32gb de ram, qwen3 14b q4 roda a quantos tok/s?", "pt", "DDR5"),
    ("portatile con rtx 5070 ti laptop 12gb e 64gb di ram, gemma 3 27b q4 a che velocità?", "it", "DDR5"),
    ("laptop mit rtx 3070 laptop 8gb und 32gb ram, qwen3 14b q4 wie schnell?", "de", "DDR4"),
])
def test_a_laptop_cards_ram_is_its_generations(engine: Engine, question: str, lang: str, kind: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    row = a.facts["row"]
    assert row["ram_type"] == kind, (row["ram_type"], a.text)
    assert "type" in row["ram_guessed"]
    if kind == "DDR5":
        assert row.get("ram_laptop") is True and "DDR5-5600" in a.text, a.text
        # dual channel, 5600 MT/s, 8 bytes a transfer: 89.6 GB/s
        assert row["ram_bandwidth_gbps"] == pytest.approx(89.6, rel=0.02)


def test_a_desktop_card_of_that_year_keeps_ddr4(engine: Engine) -> None:
    a = engine.ask("rtx 4070 desktop with 32gb ram, gemma 3 27b at q4, how fast?")
    assert a.facts["row"]["ram_type"] == "DDR4"


@pytest.mark.parametrize(("question", "lang"), [
    ("laptop with a 4090 laptop 16gb and 64gb ram: can qwen3 30b a3b at q4 fit fully in vram? how fast", "en"),
    ("notebook mit 4090 laptop 16gb und 64gb ram: passt qwen3 30b a3b in q4 komplett in den vram?", "de"),
    ("portátil con 4090 laptop 16gb y 64gb de ram, ¿qwen3 30b a3b en q4 entra todo en la vram?", "es"),
    ("notebook com 4090 laptop 16gb e 64gb de ram, o qwen3 30b a3b em q4 cabe tudo na vram?", "pt"),
    ("portable avec 4090 laptop 16gb et 64gb de ram, qwen3 30b a3b en q4 tient tout en vram ?", "fr"),
])
def test_all_in_vram_gets_the_spill_and_the_level_held_whole(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    w = a.facts["also"]["whole_vram"]
    # Q4_K_M of a 30.5B model is about 17-18 GB: past a 16 GB card, so part spills; a ~3-bit level fits whole
    assert w["spill_gb"] > 0 and w["memory_gb"] == 16.0
    assert w["whole"]["need_gb"] <= 16.0 and w["whole"]["quant"] != w["quant"]
    assert w["whole"]["quant"] in a.text


def test_the_level_held_whole_is_said_once_when_all_in_vram_is_asked(engine: Engine) -> None:
    # the near-miss line ("at Q3_K_M it holds it whole") and the all-in-VRAM line name the same level: said once
    a = engine.ask("laptop with an RTX 4090 laptop GPU 16GB and 64GB RAM: can I keep qwen3 30b a3b fully in vram "
                   "at q4_k_m? speed?")
    level = a.facts["also"]["whole_vram"]["whole"]["quant"]
    assert a.facts["held_instead"]["quant"] == level
    assert a.text.count(f"`{level}`") == 1, a.text
