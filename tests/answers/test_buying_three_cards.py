"""Three cards named to buy ("a 5070 Ti, a used 3090 or an R9700 32 GB?") are all weighed, at one level: a third side
rated at another level than the first two also gets its figure at theirs, the pick's ratio sets two sides at one
level (never IQ3_M against Q6_K), and each card carries its price (the R9700's launch price: huggingface.co/hardware/
r9700-pro, MSRP $1.3k)."""

from __future__ import annotations

import pytest

CASES = [
    ("with 2200 dollars, which gpu for llms: a new 5070 ti, a used 3090 or the radeon ai pro r9700 32gb?", "en"),
    ("mit 2000 euro, welche karte für llms: eine neue 5070 ti, eine gebrauchte 3090 oder die radeon ai pro r9700 32gb?",
     "de"),
    ("avec 2000 euros, quelle carte pour des llm : une 5070 ti neuve, une 3090 d'occasion ou la radeon ai pro r9700 "
     "32 go ?", "fr"),
]


@pytest.mark.parametrize(("question", "lang"), CASES)
def test_three_cards_one_level(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    names = [r["name"] for r in a.facts["budget_sides"]["sides"]]
    assert names == ["GeForce RTX 5070 Ti", "GeForce RTX 3090", "Radeon AI PRO R9700"]
    r9700 = a.facts["budget_sides"]["sides"][2]
    assert r9700["price_usd"] == 1300
    sizes = {z["params_b"]: z for z in a.facts["sizes"]}
    big = sizes[max(sizes)]
    third = big["more"][0]
    common = big["same_level"]["quant"] if big.get("same_level") else big["a"]["quant"]
    if third["quant"] != common:
        assert third["at_common"]["quant"] == common and third["at_common"]["tok_s"] > third["tok_s"]
    c = a.facts["choice"]
    if {c["pick"], c["other"]} == {"GeForce RTX 3090", "Radeon AI PRO R9700"} and c.get("ratio"):
        level = big["b"]["quant"]  # the 3090's own level; the R9700 rated at it too
        r9 = third["tok_s"] if third["quant"] == level else third["at_levels"][level]
        assert c["ratio"] == pytest.approx(max(big["b"]["tok_s"] / r9, r9 / big["b"]["tok_s"]))
