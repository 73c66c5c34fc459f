"""Issue 30 item 3: "vllm tp=4, do the x4 lanes throttle it?" gets both figures (tensor parallel and llama.cpp's
layer split on the same cards) and a verdict on the lanes said, in six languages. Every phrasing is written for this
test; the verdict's share is checked against the link's own bytes and the figure it is a share of."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize("question", [
    "four 3060 12gb on x4 risers gen3, vllm tp=4 with qwen3 14b awq: worth it or do the lanes choke it?",
    "vier 5060 ti 16gb an pcie x4, sglang tp 4 mit qwen3 32b awq, würgen die lanes das ab?",
    "quatre 3090 en pcie x4, vllm tp=4 pour llama 3.3 70b awq, les lignes vont brider ?",
    "cuatro 3090 en ranuras pcie x4, vllm tp=4 con llama 3.3 70b awq, ¿las líneas x4 lo frenan?",
    "quattro 3090 su slot pcie x4, vllm tp=4 con qwen3 32b awq, le linee x4 lo rallentano?",
    "quatro 3090 em slots pcie x4, vllm tp=4 com qwen3 32b awq, as linhas x4 seguram tudo?",
])
def test_tp_with_lanes_said_gets_both_ways_and_a_verdict(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    ways = a.facts["also"]["split_ways"]
    assert ways["layer"]["tok_s"] > 0 and ways["tensor"]["tok_s"] > 0
    link = ways["link"]
    assert link["lanes"] == 4
    # the share is the lanes' time over the token's time at the tensor-parallel figure
    assert link["share"] == pytest.approx(link["token_ms"] / 1000 * ways["tensor"]["tok_s"], rel=1e-6)
    text = a.text
    # both figures are said, and the generic "much less on x4" line is not, since the figure says how much
    for tok in (ways["tensor"]["tok_s"], ways["layer"]["tok_s"]):
        assert f"{tok:.1f}".replace(".", ",") in text or f"{tok:.1f}" in text
    # the verdict repeats the ratio on the lanes said: once in the comparison, once in the verdict
    ratio = f"{ways['tensor_vs_layer']:.1f}"
    assert text.count(ratio) + text.count(ratio.replace(".", ",")) >= 2


def test_the_verdict_follows_the_lane_share(engine: Engine) -> None:
    """x1 risers eat far more of a token than x16: the verdict words differ (and both stay sourced figures)."""
    wide = engine.ask("4x rtx 3090 on pcie 4.0 x16, vllm tp=4 llama 3.3 70b awq, do the lanes matter?")
    narrow = engine.ask("4x rtx 3090 on pcie 3.0 x1 risers, vllm tp=4 llama 3.3 70b awq, do the lanes matter?")
    w, n = wide.facts["also"]["split_ways"], narrow.facts["also"]["split_ways"]
    assert n["link"]["share"] > w["link"]["share"] * 10
    assert "does not throttle" in wide.text
    assert "does not throttle" not in narrow.text
    assert "much less on x4" not in wide.text and "much less on x4" not in narrow.text


@pytest.mark.parametrize(("question", "lang"), [
    ("two 3090s on pcie 4.0 x8/x8, no nvlink: is vllm tensor parallel worth it over a layer split?", "en"),
    ("due 3090 su pcie 4.0 x8/x8 senza nvlink: il parallelismo tensoriale in vllm conviene rispetto al layer split?",
     "it"),
    ("deux 3090 en pcie 4.0 x8/x8 sans nvlink : le parallélisme de tenseurs de vllm vaut-il mieux que le layer split ?",
     "fr"),
])
def test_cards_with_only_the_split_asked_lead_with_it(engine: Engine, question: str, lang: str) -> None:
    """No model named, only how to split the cards asked: the two ways on the list's pick come before the list."""
    a = engine.ask(question, locale=lang)
    ways = a.facts["also"]["split_ways"]
    assert a.intent == "card_models" and ways["pick"] and ways["layer"]
    first_list_line = next(i for i, line in enumerate(a.text.splitlines()) if line.startswith("1. "))
    split_line = next(i for i, line in enumerate(a.text.splitlines()) if ways["pick"] in line and "vLLM" in line)
    assert split_line < first_list_line
