"""A "does not fit" answer always gives the path that works (answers/facts/rating.py, when_short.py): the largest
level that fits whole when the levels asked do not (never "no level fits" while an IQ2 level does), and with the
system RAM said, each level's speed with part of it in that RAM and the level to take. Questions written for these
tests, in several languages."""

from __future__ import annotations

import pytest

from answers.api import AskOptions


def _advice(engine, question: str, lang: str) -> dict:
    ans = engine.ask(question, lang, AskOptions(profile="measured"))
    return ans.facts["advice"]


@pytest.mark.parametrize(("question", "lang"), [
    ("llama 3.3 70b em q2 ou q4 numa rtx 4090, quantos tok/s em cada?", "pt"),
    ("llama 3.3 70b a q4 o a q2 su una 4090, quale conviene?", "it"),
    ("llama 3.3 70b q2 or q4 on a 4090, how fast each?", "en"),
])
def test_a_two_bit_level_that_fits_is_shown_when_the_one_asked_does_not(engine, question, lang) -> None:
    a = _advice(engine, question, lang)
    fitting = [r for r in a["asked"] if r["fits"]]
    assert fitting, a["asked"]  # Q2_K misses 24 GB, an IQ2 level does not
    assert a["recommended_quant"] == fitting[0]["quant"] and fitting[0]["quant"].startswith("IQ2")
    assert fitting[0]["need_gb"] <= 24


@pytest.mark.parametrize(("question", "lang", "ram"), [
    ("qwen3 235b a22b q4 oder q3 auf einer 4090 mit 192gb ram, experten im ram?", "de", 192),
    ("glm 4.5 air q4 ou q3 sur une 3090 avec 96 go de ram, experts en ram ?", "fr", 96),
])
def test_the_ram_said_is_the_ram_used_and_a_level_is_picked(engine, question, lang, ram) -> None:
    ans = engine.ask(question, lang, AskOptions(profile="measured"))
    a = ans.facts["advice"]
    offs = [r["offload"] for r in a["asked"] if r.get("offload")]
    assert len(offs) == 2 and all(o["ram_gb"] == ram and o["tok_s"] for o in offs), a["asked"]
    assert a["offload_pick"] == a["asked"][0]["quant"]  # the less compressed of the two, both run
    assert f"{ram} " in ans.text
