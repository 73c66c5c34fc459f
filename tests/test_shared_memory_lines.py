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
