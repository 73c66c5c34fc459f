"""Two engines or two formats weighed in one question are answered on both sides, with one verdict, in every
language: each side's figures are the ones the same question asks with that side alone."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.choice import between_engines as verdict
from answers.reading.engine_versus_words import sides


@pytest.mark.parametrize(("text", "expected"), [
    ("vllm or llama.cpp for qwen3 32b on 2x3090?", (("vllm", None), ("llama.cpp", None))),
    ("mlx vs gguf on m4 max for qwen3 30b a3b", (("mlx", None), ("llama.cpp", None))),
    ("exl2 4bpw vs q4_k_m on a 3090", ((None, "EXL2-4.0bpw"), (None, "Q4_K_M"))),
    ("awq or gguf", ((None, "AWQ"), ("llama.cpp", None))),
    ("awq oder gguf fur qwen 32b auf einer 3090", ((None, "AWQ"), ("llama.cpp", None))),
    ("exl2 4.65bpw ou gguf q4_k_m", ((None, "EXL2-4.65bpw"), ("llama.cpp", "Q4_K_M"))),
    ("mlx 4bit or q4_k_m", ((None, "MLX-4bit"), (None, "Q4_K_M"))),
    ("lm studio mlx vs gguf m4 max", (("mlx", None), ("llama.cpp", None))),
    ("is vllm faster than llama.cpp on a 4090", (("vllm", None), ("llama.cpp", None))),
    ("tensorrt-llm vs vllm for llama 3.1 8b fp8 on an l40s", (("tensorrt-llm", "FP8"), ("vllm", "FP8"))),
    ("vllm vs llama.cpp q4_k_m", (("vllm", None), ("llama.cpp", "Q4_K_M"))),
])
def test_the_two_sides_are_read(text: str, expected: tuple) -> None:
    assert sides(text) == expected


@pytest.mark.parametrize("text", [
    "q8 or q4 for llama 3 8b",  # two GGUF levels: the levels answer weighs those
    "qwen2.5 32b awq on 2x 3090 with vllm",  # one side: AWQ is what vLLM runs
    "llama 3 8b on a 3090 or 4090",  # two cards, no engine
    "vllm for llama 3 8b",
])
def test_no_sides_where_nothing_is_weighed(text: str) -> None:
    assert sides(text) is None


@pytest.mark.parametrize(("question", "engines", "lang"), [
    ("vllm or llama.cpp for qwen3 32b on 2x3090?", ("vllm", "llama.cpp"), "en"),
    ("mlx vs gguf on m4 max for qwen3 30b a3b", ("mlx", "llama.cpp"), "en"),
    ("exl2 4bpw vs q4_k_m on a 3090 for llama 3.1 8b", ("exllamav2", "llama.cpp"), "en"),
    ("awq or gguf for qwen2.5 32b on a 3090", ("vllm", "llama.cpp"), "en"),
    ("vllm o llama.cpp per qwen3 32b su 2x3090?", ("vllm", "llama.cpp"), "it"),
    ("vllm ou llama.cpp pour qwen3 32b sur 2x3090 ?", ("vllm", "llama.cpp"), "fr"),
    ("vllm oder llama.cpp für qwen3 32b auf 2x3090?", ("vllm", "llama.cpp"), "de"),
    ("¿vllm o llama.cpp para qwen3 32b en 2x3090?", ("vllm", "llama.cpp"), "es"),
    ("mlx ou gguf no m4 max para qwen3 30b a3b", ("mlx", "llama.cpp"), "pt"),
])
def test_both_sides_are_answered_with_a_verdict(engine: Engine, question: str, engines: tuple[str, str],
                                                lang: str) -> None:
    a = engine.ask(question)
    v = a.facts["engine_versus"]
    assert a.locale == lang
    assert tuple(s["engine"] for s in v["sides"]) == engines
    assert all(s["runs"] and s["tok_s"] > 0 for s in v["sides"])
    lines = a.text.split("\n")
    for i, side in enumerate(v["sides"]):  # one line per side: its engine and its level, after the heading
        assert side["engine_label"] in lines[1 + i] and side["quant"] in lines[1 + i], a.text
    assert v["verdict"] in ("faster", "same")
    if v["verdict"] == "faster":  # the verdict names the winner, in the answer's language
        winner = v["sides"][v["winner"]]["engine_label"]
        assert any(winner in ln and ln not in lines[:3] for ln in lines)


def test_each_side_is_what_that_side_alone_answers(engine: Engine) -> None:
    """Independent check: the two figures are the ones the question gets naming one side only."""
    both = engine.ask("vllm or llama.cpp for qwen3 32b on 2x3090?").facts["engine_versus"]["sides"]
    vllm = engine.ask("qwen3 32b on 2x3090 with vllm").facts["row"]
    llama = engine.ask("qwen3 32b on 2x3090 with llama.cpp").facts["row"]
    assert both[0]["tok_s"] == pytest.approx(vllm["tok_s"]) and both[0]["quant"] == vllm["quant"]
    assert both[1]["tok_s"] == pytest.approx(llama["tok_s"]) and both[1]["quant"] == llama["quant"]
    # tensor parallel over two cards beats llama.cpp's card-after-card split at a similar size
    assert both[0]["tok_s"] > both[1]["tok_s"]


def test_an_engine_that_cannot_run_there_loses_by_default(engine: Engine) -> None:
    a = engine.ask("mlx or llama.cpp for llama 3.1 8b on a 3090")
    v = a.facts["engine_versus"]
    assert v["verdict"] == "only" and v["sides"][v["winner"]]["engine"] == "llama.cpp"
    assert not v["sides"][0]["runs"] and v["sides"][0]["reason"] == "engine_hardware"


def test_a_download_question_is_not_weighed(engine: Engine) -> None:
    a = engine.ask("where can i download the gguf or awq of qwen2.5 32b")
    assert "engine_versus" not in a.facts


def test_two_front_ends_of_llama_cpp_are_said_to_differ_by_level_only(engine: Engine) -> None:
    v = engine.ask("ollama or lm studio for qwen3 8b on a 4060 ti 16gb").facts["engine_versus"]
    assert v["same_runtime"] is True and v["sides"][0]["quant"] != v["sides"][1]["quant"]


def test_the_verdict_rule() -> None:
    def s(tok: float | None) -> dict:
        return {"runs": tok is not None, "tok_s": tok}
    assert verdict(s(30), s(10)) == {"verdict": "faster", "winner": 0, "ratio": 3.0}
    assert verdict(s(10), s(11))["verdict"] == "same"
    assert verdict(s(None), s(5)) == {"verdict": "only", "winner": 1, "ratio": None}
    assert verdict(s(None), s(None))["verdict"] == "neither"


@pytest.mark.parametrize(("question", "line"), [
    ("llama 3.1 8b on a 4090", "Figures for llama.cpp with a GGUF file, the default engine"),
    ("qwen3 8b on a m4 pro 48gb", "name another (MLX)"),
    ("fp8 on a 3090 for qwen3 8b", "Figures for vLLM, the engine `FP8` files are usually run with."),
])
def test_the_answer_says_the_engine_it_assumed(engine: Engine, question: str, line: str) -> None:
    a = engine.ask(question)
    assert "engine" in a.assumed
    assert line.replace("`", "") in a.text.replace("`", "")


def test_an_engine_named_is_not_said_assumed(engine: Engine) -> None:
    a = engine.ask("llama 3.1 8b on a 4090 with vllm")
    assert "engine" not in a.assumed and "Figures for" not in a.text


@pytest.mark.parametrize(("question", "said"), [
    ("nvfp4 on a 4090 for llama 3.1 8b", "vLLM cannot run `NVFP4` on GeForce RTX 4090"),  # NVFP4 is Blackwell's
    ("llama 3.1 8b in mlx on a 4090", "MLX does not run on GeForce RTX 4090"),  # MLX is Apple's
    ("llama 3.1 8b exl2 on an m4 max", "ExLlamaV2 does not run on Apple M4 Max"),  # EXL2 is CUDA/ROCm
    ("qwen3 8b fp8 with sglang on a 3090", "SGLang cannot run `FP8` on GeForce RTX 3090"),  # Ampere has no FP8
])
def test_a_format_the_machine_cannot_run_is_refused_with_the_nearest(engine: Engine, question: str,
                                                                      said: str) -> None:
    """No memory figure, no offload speed for a file that machine never loads: the refusal, then the nearest
    with its own figures (never "ask again")."""
    a = engine.ask(question)
    check = a.facts["engine_check"]
    assert check["runs"] is False and check["nearest_quant"]
    assert a.text.startswith(said), a.text
    assert f"`{check['nearest_quant']}`" in a.text and "Ask again" not in a.text
    figures = [line for line in a.text.splitlines() if "tokens per second" in line]
    row = check["nearest_row"]
    assert figures and all(f"`{row['quant']}`" in line for line in figures), a.text


def test_fp8_on_ampere_is_said_to_be_weight_only(engine: Engine) -> None:
    a = engine.ask("fp8 on a 3090 for qwen3 8b")
    assert a.facts["engine_check"]["mode"] == "weight_only" and "W8A16" in a.text


def test_how_many_people_at_a_speed_each(engine: Engine) -> None:
    """"How many users at 40 tok/s each": the most that each get it, fewer than at reading speed (10 tok/s); at
    that count each does get it, one more does not (checked through the several-users answer itself)."""
    a = engine.ask("how many users can get at least 40 tok/s each with vllm on an H100 for qwen3 32b awq")
    row = a.facts["row"]
    assert a.facts["engine"] == "vllm" and "target_tok_s" not in a.unused_why
    n = row["users_at_target"]
    assert 1 <= n < row["users_at_reading_speed"]
    assert row["users"] == n and row["per_user_tok_s"] >= 40
    more = engine.ask(f"qwen3 32b awq with vllm on an H100 for {n + 1} users").facts["row"]
    assert more["per_user_tok_s"] < 40 or not more["users_fit"]
    assert f"up to {n} people at once" in a.text
    none = engine.ask("how many users can get at least 60 tok/s each with vllm on an RTX 4090 for llama 3.1 8b")
    assert none.facts["row"]["users_at_target"] == 0 and "Not even one person gets 60 tokens" in none.text
