"""A processor named with no model, in a question about facts ("is its NPU any use", "what is it good for"):
the answer is what that machine runs, never a crash nor a fact about no model; and the RAM the answer says it
assumed is the processor's own kind (a Snapdragon X has LPDDR5X on the package, not desktop DDR4)."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("the npu on my snapdragon x elite laptop, is it good for anything with llms?", "en"),
    ("a che serve la npu del mio portatile snapdragon x elite per gli llm?", "it"),
    ("wofür taugt die NPU in meinem Snapdragon X Elite Notebook bei LLMs?", "de"),
    ("la npu de mi portátil snapdragon x elite sirve de algo para llms?", "es"),
])
def test_a_fact_question_about_a_processor_alone_lists_what_it_runs(engine: Engine, question: str,
                                                                     lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent == "card_models"
    cpu = a.facts["cpu"]
    # LPDDR5X-8448 on a 128-bit bus: 8448 MT/s x 16 bytes = 135 GB/s (qualcomm.com), said as LPDDR5X
    assert cpu["ram_type"] == "LPDDR5X" and cpu["ram_bandwidth_gbps"] == pytest.approx(135, abs=1)
    assert "LPDDR5X" in a.text and "DDR4" not in a.text.replace("LPDDR", "")
