""""Both cards together, or the faster one alone with the rest in RAM?": the baseline asked (the faster card alone,
spilling the level asked into system RAM) gets its own figure beside the pair's, and the conclusion."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("4090 + 4060 ti 16gb, llama 3.3 70b q4_k_m: both cards together or just the 4090 with ram offload?", "en",
     "alone"),
    ("j'ai une 4090 et une 3060 12 go, pour un 70b en q4 : les deux ensemble ou seulement la 4090 avec le reste "
     "en ram ?", "fr", "seule"),
    ("tengo una 3090 y una 3060 12gb: para un 70b en q4 me conviene usarlas juntas o solo la 3090 con el resto "
     "en ram?", "es", "sola"),
    ("ich hab eine 3090 und eine 3060 12gb, 70b in q4: beide zusammen oder nur die 3090 mit ram-offload?", "de",
     "allein"),
    ("ho una 4090 e una 3060 12gb, per un 70b q4 meglio insieme o solo la 4090 col resto in ram?", "it", "da sola"),
    ("tenho uma 3090 e uma 3060 12gb, pra um 70b em q4 uso as duas juntas ou so a 3090 com o resto na ram?", "pt",
     "sozinha"),
])
def test_the_faster_card_alone_with_ram_is_weighed(engine: Engine, question: str, lang: str, word: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    drag = a.facts["also"]["slower_card"]
    alone = drag["alone_offload"]
    # the faster card alone spills the 4-bit 70B (about 40 GB) into RAM: a crawl well under the pair's figure
    assert alone["quant"].startswith("Q4") and 0.5 < alone["tok_s"] < 4
    assert alone["ratio"] > 2 and drag["split_tok_s"] > alone["tok_s"]
    line = next(ln for ln in a.text.split("\n") if word in ln and alone["quant"] in ln)
    assert f"{alone['ratio']:.1f}".replace(".", ",") in line or f"{alone['ratio']:.1f}" in line, a.text


def test_without_the_alone_ask_no_baseline_is_added(engine: Engine) -> None:
    a = engine.ask("3090 + 3060 12gb, how fast is a 70b at q4?")
    assert "alone_offload" not in (a.facts.get("also") or {}).get("slower_card", {})
