"""Under `reference`, the measured profile's figure beside the site's when they differ by more than 1.5×
(issue 18): one added line and one added JSON key; the reference figures themselves never change."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine

MEASURED = AskOptions(profile="measured")


def test_a_consumer_card_where_the_profiles_differ_shows_the_measured_figure(engine: Engine) -> None:
    q = "how fast is llama 3.1 8b on an rtx 3060 12gb"
    ref, meas = engine.ask(q), engine.ask(q, options=MEASURED)
    r, m = ref.facts["row"], meas.facts["row"]
    assert max(r["tok_s"] / m["tok_s"], m["tok_s"] / r["tok_s"]) > 1.5  # the case the line is for
    # the reference row is still the site's formula: 360 GB/s × 0.45 / (8.03 × 8.5 / 8) at Q8_0
    assert r["quant"] == "Q8_0" and r["tok_s"] == pytest.approx(360 * 0.45 / (8.03 * 8.5 / 8))
    truer = ref.facts["measured_figure"]
    assert truer["kind"] == "speed" and truer["quant"] == m["quant"]
    assert truer["tok_s"] == pytest.approx(m["tok_s"]) and truer["reference_tok_s"] == pytest.approx(r["tok_s"])
    assert "measured" in ref.text.lower() and f"{m['tok_s']:.1f}" in ref.text
    assert "measured_figure" not in meas.facts  # the measured answer is already the measured figure


def test_no_line_when_the_profiles_agree(engine: Engine) -> None:
    for q in ("how fast is llama 3.1 8b on an rtx 3060 12gb", "llama 3.1 8b speed on a 4090", "qwen3 32b on a 5090"):
        ref, meas = engine.ask(q), engine.ask(q, options=MEASURED)
        r, m = ref.facts.get("row"), meas.facts.get("row")
        if not (r and m and r.get("tok_s") and m.get("tok_s")):
            continue
        ratio = max(r["tok_s"] / m["tok_s"], m["tok_s"] / r["tok_s"])
        assert ("measured_figure" in ref.facts) == (ratio > 1.5), q


def test_the_line_is_localized(engine: Engine) -> None:
    en = engine.ask("how fast is llama 3.1 8b on an rtx 3060 12gb")
    it = engine.ask("quanto va veloce llama 3.1 8b su una rtx 3060 12gb")
    assert it.locale == "it" and it.facts["measured_figure"] == en.facts["measured_figure"]
    last_en = [line for line in en.text.splitlines() if "llama.cpp" in line]
    last_it = [line for line in it.text.splitlines() if "llama.cpp" in line]
    assert last_en and last_it and last_en != last_it
    assert "30,6" in last_it[0]  # Babel's Italian decimal comma


def test_a_tiny_model_on_a_b200_keeps_the_site_figure_and_says_what_runs_reach(engine: Engine) -> None:
    a = engine.ask("how fast is gemma 3 270m on a b200")
    assert a.facts["row"]["tok_s"] > 4000  # the site's figure, uncapped
    assert a.facts["measured_figure"]["tok_s"] <= 4000  # real runs never pass the per-token floor


@pytest.mark.parametrize(("q", "differs"), [("qwen3 32b on 2x rx 7900 xtx", True),
                                             ("llama 3.3 70b on 2x rtx 3090", False)])
def test_setups_get_the_line_when_the_profiles_differ(engine: Engine, q: str, differs: bool) -> None:
    ref, meas = engine.ask(q), engine.ask(q, options=MEASURED)
    r, m = ref.facts["row"], meas.facts["row"]
    assert (max(r["tok_s"] / m["tok_s"], m["tok_s"] / r["tok_s"]) > 1.5) is differs
    if differs:
        assert ref.facts["measured_figure"]["tok_s"] == pytest.approx(m["tok_s"])
    else:
        assert "measured_figure" not in ref.facts
