"""Every comparison of weight formats or engines asked without a model ends with a verdict for the asker's use:
FP8 against a 4-bit file is never "the same size" (8 bits against about 4.25), NVFP4's speed-up is said where it
is real, SGLang against llama.cpp at home picks one, and EXL3 against GGUF says whether it is speed or quality."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.rendering.format_notes import PAIRS, _verdicts


def _verdict_lines(text: str) -> list[str]:
    starts = ("Verdict", "Fazit", "Verdetto", "Veredicto", "Veredito")
    return [line for line in text.split("\n") if line.startswith(starts)]


@pytest.mark.parametrize(("question", "lang"), [
    ("fp8 or awq on vllm with a 4080, which one, quality and speed?", "en"),
    ("fp8 oder awq in vllm auf einer 4080, was ist besser bei qualität und tempo?", "de"),
    ("fp8 o gptq su vllm con una 4080, cosa conviene per qualità e velocità?", "it"),
    ("¿fp8 o awq en vllm con una 4080, qué conviene en calidad y velocidad?", "es"),
])
def test_fp8_against_four_bits_has_its_own_verdict(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    lines = _verdict_lines(a.text)
    fp8 = [line for line in lines if "FP8" in line]
    assert fp8, a.text
    assert "1,5" in fp8[0] or "1.5" in fp8[0]  # the 4-bit file reads half the bytes: faster, never "the same"


def test_three_formats_get_the_pair_and_the_fp8_verdict(engine: Engine) -> None:
    a = engine.ask("gptq, awq ou fp8 no vllm numa placa ada, qual é o mais rápido?")
    assert a.locale == "pt"
    lines = _verdict_lines(a.text)
    assert len(lines) == 2, a.text  # AWQ and GPTQ alike; the 4-bit pair against FP8
    assert any("FP8" in line for line in lines)


@pytest.mark.parametrize(("question", "lang"), [
    ("is sglang worth it at home with one gpu, or stick to llama.cpp?", "en"),
    ("sglang lohnt sich zuhause mit einer gpu oder lieber llama.cpp?", "de"),
    ("sglang ça vaut le coup chez soi avec un seul gpu ou llama.cpp suffit ?", "fr"),
])
def test_sglang_against_llama_cpp_picks_one(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    lines = _verdict_lines(a.text)
    assert len(lines) == 1, a.text
    assert "llama.cpp" in lines[0] and "SGLang" in lines[0]


@pytest.mark.parametrize(("question", "lang"), [
    ("nvfp4 on my rtx 5080 with tensorrt-llm, actual speedup or hype? vs mxfp4?", "en"),
    ("nvfp4 sulla 5080 con tensorrt-llm, velocizza davvero o è marketing? e rispetto a mxfp4?", "it"),
])
def test_nvfp4_against_mxfp4_says_where_the_gain_is(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    lines = _verdict_lines(a.text)
    assert len(lines) == 1, a.text  # an engine named between the two formats no longer hides their verdict
    assert "Blackwell" in lines[0] and "FP8" in lines[0]


@pytest.mark.parametrize(("question", "lang"), [
    ("exllamav3 exl3 or gguf on a 3090, quicker or just better per bit? is tabbyapi worth it", "en"),
    ("exl3 contra gguf en una 4090 con tabbyapi, ¿más rápido o solo más calidad por bit?", "es"),
])
def test_exl3_against_gguf_is_one_verdict_on_speed_and_quality(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    lines = _verdict_lines(a.text)
    assert len(lines) == 1, a.text  # TabbyAPI serves EXL3 too: no EXL2 verdict beside it
    assert "EXL3" in lines[0] and "TabbyAPI" in lines[0]


def test_verdicts_are_each_said_once_and_only_for_known_pairs() -> None:
    assert _verdicts(["AWQ", "GPTQ", "FP8"]) == [PAIRS[frozenset({"AWQ", "GPTQ"})], PAIRS[frozenset({"FP8", "GPTQ"})]]
    assert _verdicts(["NVFP4", "tensorrt-llm", "MXFP4"]) == [PAIRS[frozenset({"NVFP4", "MXFP4"})]]
    assert _verdicts(["EXL2"]) == []
