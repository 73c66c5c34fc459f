""""The Max" after an Apple chip is that generation's Max: "m5 pro 48gb, or wait for the max?" sets the M5 Pro
beside the M5 Max (Apple newsroom 2026-03-03: 307 against 614 GB/s), in every language; a tier already named
("m4 max …, the max is fast") adds nothing."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang", "first", "second"), [
    ("macbook pro m5 pro 48gb: buy now or hold out for the max?", "en", "Apple M5 Pro", "Apple M5 Max"),
    ("macbook pro m5 pro da 48gb: lo compro subito o aspetto il max?", "it", "Apple M5 Pro", "Apple M5 Max"),
    ("MacBook Pro M5 Pro mit 48 GB jetzt kaufen oder auf den Max warten?", "de", "Apple M5 Pro", "Apple M5 Max"),
    ("mac studio m2 max 64gb o me conviene la ultra?", "es", "Apple M2 Max", "Apple M2 Ultra"),
])
def test_a_bare_tier_is_the_same_generations_chip(engine, question, lang, first, second) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "compare" and a.locale == lang
    assert first in a.text and second in a.text


def test_a_tier_already_named_adds_no_second_machine(engine) -> None:
    a = engine.ask("m4 max 128gb, the max is quick, how fast is qwen3 32b?")
    assert a.intent != "compare" and "M4 Max" in a.text and "Ultra" not in a.text
