"""A budget said beside a model on a named card or setup is used: the card's launch price, or for a card no
longer sold new its kept used price range (prices.json `used`), against the budget — never "not used"."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "within"), [
    ("with 1800 dollars to spend, how fast is a 70b on two used 3090s?", "en", True),
    ("ho 900 euro: quanto va un 70b su due 3090 usate?", "it", False),
    ("presupuesto de 700 euros: ¿qwen3 14b corre bien en una 5060 ti 16gb?", "es", True),
])
def test_a_budget_beside_a_card_answer_is_weighed(engine: Engine, question: str, lang: str, within: bool) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent in ("speed", "can_run")
    assert "budget" not in a.unused_why, a.text
    sides = a.facts["budget_sides"]["sides"]
    assert len(sides) == 1 and sides[0]["within"] is within
    side = sides[0]
    if side.get("used_low_usd"):
        # two used 3090s: twice the kept range of one (independent arithmetic over prices.json)
        from catalog.hardware import load_hardware_data
        one = next(u for u in load_hardware_data().used_prices if u.name == "GeForce RTX 3090")
        assert side["used_low_usd"] == 2 * one.usd_low and side["used_high_usd"] == 2 * one.usd_high
    assert side["name"].split("×")[-1].strip() in a.text
