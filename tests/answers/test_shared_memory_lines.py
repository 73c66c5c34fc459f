"""A line that names a shared-memory machine (a Mac, a Ryzen AI Max, a DGX Spark) as a card — the
smallest or fastest card that runs a model, a table row — uses the share of memory its GPU may use that
the machine's own answer uses (estimator.setups.unified_gpu_share), never the whole memory."""

from __future__ import annotations

import pytest

from answers.api import AskOptions

MEASURED = AskOptions(profile="measured")


def test_smallest_pick_on_an_m3_ultra_matches_its_own_answer(engine) -> None:
    pick = engine.ask("smallest card for deepseek r1", locale="en", options=MEASURED)
    own = engine.ask("deepseek r1 on m3 ultra 512gb", locale="en", options=MEASURED)
    row = own.facts["row"]
    assert row["card"] == "Apple M3 Ultra 512 GB" and row["why"] == "unified"
    first = pick.facts["rows"][0]
    assert first["card"] == "Apple M3 Ultra 512 GB"
    # The same level, the same need: and it is within what the machine's answer says it can use.
    assert (first["quant"], round(first["need_gb"], 1)) == (row["quant"], round(row["need_gb"], 1))
    assert first["need_gb"] <= row["usable_gb"]
    # macOS lets the GPU wire about three quarters of a large Mac's memory (setup_constants.json).
    assert row["usable_gb"] < 0.76 * 512


@pytest.mark.parametrize("machine,question", [
    ("Apple M4 Max 128 GB", "llama 3.3 70b on m4 max 128gb"),
    ("Ryzen AI Max+ 395 128 GB", "llama 3.3 70b on ryzen ai max+ 395"),
    ("Apple M3 Ultra 512 GB", "deepseek r1 on m3 ultra 512gb"),
])
def test_a_machine_rated_as_a_card_can_use_what_its_own_answer_says(engine, machine, question) -> None:
    """Every card list (table, smallest, fastest, picks) rates the record with the profile's usable memory."""
    own = engine.ask(question, locale="en", options=MEASURED).facts["row"]
    card = next(g for g in engine.knowledge.gpus_for("measured") if g.name == machine)
    assert abs(engine.profiles.get("measured").usable_gb(card) - own["usable_gb"]) < 0.05


@pytest.mark.parametrize("profile", ["reference", "measured"])
@pytest.mark.parametrize("model,machine_question", [
    ("Qwen3-235B-A22B", "can the dgx spark run qwen3 235b"),
    ("Llama 3.1 405B", "llama 3.1 405b on m3 ultra 512gb"),
    ("DeepSeek-R1", "deepseek r1 on m3 ultra 512gb"),
])
def test_home_picks_never_offer_a_machine_more_than_its_own_answer(engine, profile, model, machine_question) -> None:
    """"Among cards you can buy and use at home: GB10 (IQ4_XS)" while GB10's own answer says IQ4_XS does
    not fit: under either profile, a pick naming a shared-memory machine holds what the machine holds."""
    options = AskOptions(profile=profile)
    own = engine.ask(machine_question, locale="en", options=options).facts["row"]
    facts = engine.ask(f"can a 3090 run {model}", locale="en", options=options).facts
    picks = [facts["picks"]["smallest"], facts["picks"]["fastest"], facts["cheapest"]["pick"],
             *facts["cheapest"]["others"], *facts["picks"]["by_memory"].values()]
    for p in picks:
        if p and p["card"] == own["card"]:
            assert p["quant"] == own["quant"] and round(p["need_gb"], 1) == round(own["need_gb"], 1), p
