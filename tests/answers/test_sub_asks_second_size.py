"""A second speed asked in the same message by a size alone ("…? and a 70b at q4 with RAM?"): the size gets its
own part with its own level, and the first model keeps the level said with it; a size right after "and"/"vs"
is the first model's line at that size."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading.more_sizes import size_apart
from answers.reading.spans import Span
from answers.reading.tokens import tokenize


def _parts(a) -> list[dict]:  # noqa: ANN001
    """The first part's facts (the answer's own), then each further part's."""
    return [a.facts, *(p["facts"] for p in a.facts.get("parts") or ())]


@pytest.mark.parametrize(("question", "lang", "first", "level"), [
    ("how fast is mistral 7b at q8 on a 4070 ti super? and a 70b at q4 spilling into ram?", "en", "Mistral 7B",
     "Q8_0"),
    ("combien de tokens/s pour gemma 3 12b en q8 sur une 3090 ? et un 70b en q4 avec la ram ?", "fr", "Gemma 3 12B",
     "Q8_0"),
    ("cuántos tok/s da phi-4 en q8 en una 4080? y un 70b en q4 repartido con la ram?", "es", "Phi-4", "Q8_0"),
    ("wie viele token/s schafft qwen3 8b in q8 auf einer 3090? und ein 70b in q4 mit ram?", "de", "Qwen3 8B",
     "Q8_0"),
    ("quanti token/s fa llama 3.1 8b in q8 su una 4070? e un 32b in q4 con la ram?", "it", "Llama 3.1 8B", "Q8_0"),
    ("quantos tokens por segundo o gemma 3 4b faz em q8 numa 4080? e um 70b em q4 dividido com a ram?", "pt",
     "Gemma 3 4B", "Q8_0"),
])
def test_the_second_size_gets_its_own_part(engine: Engine, question: str, lang: str, first: str,
                                           level: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    parts = _parts(a)
    assert len(parts) == 2, a.text
    one, two = parts
    assert one["model"]["name"] == first and one["row"]["quant"] == level  # q8 stays the first model's
    assert two["model"]["params_b"] in (70.0, 32.0)
    assert two["quant"] == "Q4_K_M"  # the level said with the size is its part's
    # the size part answers with RAM: the card alone cannot hold it at q4, the spill into RAM gets its figure
    row = two["row"]
    spill = row if row.get("fit") == "offload" else two.get("offload_guess") or two.get("offload_assumed")
    assert spill and spill["tok_s"] > 0 and spill["quant"] == "Q4_K_M", a.text


def test_a_size_right_after_and_is_the_same_line(engine: Engine) -> None:
    a = engine.ask("gemma 3 4b and 27b on a 4090, how fast?")
    names = [p["model"]["name"] for p in _parts(a)]
    assert names == ["Gemma 3 4B", "Gemma 3 27B"], a.text


def _span(toks: list, start: int, end: int) -> Span:
    return Span(start=start, end=end, text=" ".join(t.text for t in toks[start:end]), kind="model", res=None)


@pytest.mark.parametrize(("text", "model", "expected"), [
    ("qwen3 8b at q8 and a 70b at q4", (0, 2), (70.0, "Q4_K_M", None)),
    ("llama 3.1 8b and 70b", (0, 3), (70.0, None, "llama 3.1 70b")),
    ("qwen3 8b on a 3090 with 70b of ram", (0, 2), None),  # no "and" before it: not a second ask
])
def test_the_size_apart_is_read(text: str, model: tuple[int, int], expected: tuple | None) -> None:
    toks = tokenize(text)
    span = _span(toks, *model)
    assert size_apart(toks, [span], span) == expected


@pytest.mark.parametrize(("question", "lang"), [
    ("m4 max 64gb: llama 3.3 70b q4 realistic, or rather 32b models? and mlx vs llama.cpp, which is faster?", "en"),
    ("m4 max 64gb: llama 3.3 70b en q4 c'est réaliste, ou plutôt des 32b ? et mlx ou llama.cpp, lequel va plus "
     "vite ?", "fr"),
])
def test_a_size_beside_two_engines_gets_its_part_after_the_verdict(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert len(a.facts["engine_versus"]["sides"]) == 2
    parts = _parts(a)
    assert len(parts) == 2 and parts[1]["model"]["params_b"] == 32.0, a.text
    assert parts[1]["row"]["tok_s"] > parts[0]["engine_versus"]["sides"][0]["tok_s"]  # the smaller runs faster


@pytest.mark.parametrize(("question", "lang"), [
    ("cpu only, ryzen 5 7600 with 32gb ddr5-6000: how fast is an 8b and a 14b?", "en"),
    ("juste le cpu, un ryzen 5 7600 avec 32 go de ddr5-6000 : quelle vitesse pour un 8b et pour un 14b ?", "fr"),
    ("nur cpu, ryzen 5 7600 mit 32gb ddr5-6000: wie schnell ist ein 8b und ein 14b?", "de"),
    ("solo cpu, ryzen 5 7600 con 32gb ddr5-6000: ¿qué velocidad da un 8b y un 14b?", "es"),
    ("solo cpu, ryzen 5 7600 con 32gb ddr5-6000: che velocità fa un 8b e un 14b?", "it"),
    ("só cpu, ryzen 5 7600 com 32gb ddr5-6000: qual a velocidade de um 8b e de um 14b?", "pt"),
])
def test_two_bare_sizes_each_get_a_figure(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    parts = _parts(a)
    sizes = [p["model"]["params_b"] for p in parts]
    assert sorted(sizes) == [8.0, 14.0], a.text
    speed = {p["model"]["params_b"]: p["cpu"]["pick"]["tok_s"] for p in parts}  # the CPU answer's figure
    assert speed[8.0] > speed[14.0] > 0  # on one machine the smaller model reads less per token
