""""In offload" with no hardware named: the machine people offload on (a 24 GB RTX 3090 beside an 8-channel
DDR4-3200 server, estimator/data/setup_constants.json machine.offload_stand_in) stands in and the answer says
so, instead of the fastest data-centre card, which holds the model whole and is no offload at all.

Independent arithmetic for the time to first token: a long prompt on a card with the experts in RAM is read at
tens of tokens a second (public --n-cpu-moe runs of 235B-480B mixtures: 30-200 tok/s of prompt), so 64k tokens
take minutes to tens of minutes, never the seconds a B300 gives."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "locale", "said"), [
    ("qwen3 235b in offload, how many tokens per second?", "en", "No hardware named"),
    ("deepseek v3 in offload con un prompt da 64k, quanto aspetto il primo token?", "it", "Nessun hardware"),
    ("GLM-4.5 mit ausgelagerten Experten, wie schnell ist das?", "de", "Keine Hardware"),
    ("qwen3 coder 480b avec les experts en ram, ça tourne à combien ?", "fr", "Aucun matériel"),
])
def test_offload_without_hardware_takes_the_usual_offload_machine(engine, question: str, locale: str,
                                                                   said: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == locale
    off = answer.facts["offload_stand_in"]
    assert off["card"] == "GeForce RTX 3090" and off["memory_gb"] == 24
    assert off["ram_channels"] == 8 and off["ram_type"] == "DDR4" and off["ram_mts"] == 3200
    assert answer.text.startswith(said), answer.text
    assert "B300" not in answer.text and "B200" not in answer.text


def test_a_long_prompt_in_offload_takes_minutes(engine) -> None:
    answer = engine.ask("deepseek v3 in offload with a 64k prompt, how long until the first token?")
    assert "offload_stand_in" in answer.facts
    seconds = [v for k, v in _walk(answer.facts) if k in ("prompt_seconds", "ttft_s", "seconds")]
    assert seconds and max(seconds) > 120, answer.text  # minutes, not the seconds of a data-centre card


def _walk(x: object):  # noqa: ANN202
    if isinstance(x, dict):
        for k, v in x.items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                yield k, v
            else:
                yield from _walk(v)
    elif isinstance(x, list):
        for v in x:
            yield from _walk(v)


@pytest.mark.parametrize("question", [
    "which card runs qwen3 32b without offloading anything?",
    "senza offload, che scheda serve per gemma 3 27b?",
    "qwen3 235b on a 4090 in offload with 128gb ddr5, speed?",
])
def test_no_stand_in_when_offload_is_refused_or_hardware_is_named(engine, question: str) -> None:
    assert "offload_stand_in" not in engine.ask(question).facts
