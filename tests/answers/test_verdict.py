"""One verdict for every rating question (answers/verdict.py): the level recommended is the least
compressed one that fits and runs at reading speed; a level that fits but crawls is named with its
speed; "can it run", "how fast" and "tok/s" about the same thing give the same figures."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.facts.verdict import LevelRating, decide
from estimator.profile import READING_SPEED_TOK_S

PROFILES = ("reference", "measured")


def _lv(name: str, tok: float | None, fits: bool = True, below: bool = False) -> LevelRating:
    return LevelRating(name, 10.0, fits, below, "comfortable" if fits else None, tok if fits else None,
                       None if tok is None else tok * 0.6, None if tok is None else tok * 1.6)


# ------------------------------------------------------------------ the rule, on made-up ratings
def test_fast_card_keeps_the_least_compressed_level() -> None:
    # An 8B on a 4090: Q8_0 at 100 tok/s is what people run; nothing lower is recommended.
    v = decide([_lv("Q8_0", 100), _lv("Q6_K", 120), _lv("Q4_K_M", 150)])
    assert (v["outcome"], v["recommended"]["quant"], v["higher"], v["levels_named"]) == ("runs", "Q8_0", None, ["Q8_0"])


def test_crawling_higher_level_gives_way_to_the_first_readable_one_and_is_named() -> None:
    v = decide([_lv("Q8_0", 6), _lv("Q6_K", 8), _lv("Q5_K_M", 11), _lv("Q4_K_M", 13)])
    assert v["outcome"] == "runs"
    assert v["recommended"]["quant"] == "Q5_K_M"
    assert v["higher"]["quant"] == "Q8_0" and v["higher"]["tok_s"] == 6  # the page's level, with its speed
    assert v["levels_named"] == ["Q5_K_M", "Q8_0"]


def test_nothing_readable_prefers_q4_k_m_and_says_slow() -> None:
    v = decide([_lv("Q8_0", 1.2), _lv("Q6_K", 1.6), _lv("Q5_K_M", 2.0), _lv("Q4_K_M", 2.8), _lv("IQ4_XS", 3.0)])
    assert (v["outcome"], v["recommended"]["quant"], v["higher"]["quant"]) == ("slow", "Q4_K_M", "Q8_0")


def test_nothing_readable_without_q4_k_m_takes_the_most_compressed_within_the_floor() -> None:
    v = decide([_lv("Q8_0", 1), _lv("Q4_K_M", 2, fits=False), _lv("IQ4_XS", 3), _lv("Q2_K", 5, below=True)])
    assert (v["outcome"], v["recommended"]["quant"]) == ("slow", "IQ4_XS")


def test_only_below_the_floor_gives_that_level_with_its_speed() -> None:
    v = decide([_lv("Q8_0", None, fits=False), _lv("IQ4_XS", None, fits=False), _lv("IQ2_XXS", 27, below=True)])
    assert (v["outcome"], v["recommended"]["quant"], v["recommended"]["tok_s"]) == ("lower_only", "IQ2_XXS", 27)
    assert v["least_compressed_fit"] is None


def test_nothing_fits_is_no() -> None:
    v = decide([_lv("Q8_0", None, fits=False), _lv("IQ2_XXS", None, fits=False, below=True)])
    assert (v["outcome"], v["recommended"], v["levels_named"]) == ("no", None, [])


def test_threshold_is_reading_speed() -> None:
    assert READING_SPEED_TOK_S == 10.0
    at = decide([_lv("Q8_0", READING_SPEED_TOK_S), _lv("Q4_K_M", 30)])
    below = decide([_lv("Q8_0", READING_SPEED_TOK_S - 0.01), _lv("Q4_K_M", 30)])
    assert at["recommended"]["quant"] == "Q8_0" and below["recommended"]["quant"] == "Q4_K_M"


# ------------------------------------------------------------------ the answers
def _ask(engine, q: str, profile: str):
    return engine.ask(q, locale="en", options=AskOptions(profile=profile))


@pytest.mark.parametrize("profile", PROFILES)
def test_speed_and_can_run_wordings_carry_the_same_lower_level(engine, profile) -> None:
    """Llama 3 70B on a 3090: every wording says it fits only at a lower level, with that level's speed."""
    answers = [_ask(engine, q, profile) for q in ("can a 3090 run llama 3 70b", "llama 3 70b speed on a 3090",
                                                 "tok/s for llama 3 70b on rtx 3090")]
    verdicts = [a.facts["verdict"] for a in answers]
    assert all(v == verdicts[0] for v in verdicts)
    v = verdicts[0]
    assert v["outcome"] == "lower_only" and v["recommended"]["below_floor"]
    for a in answers:
        assert v["recommended"]["quant"] in a.text and "tokens per second" in a.text
        assert a.facts["recommended_quant"] == v["recommended"]["quant"]


@pytest.mark.parametrize("profile", PROFILES)
def test_70b_q8_on_strix_halo_is_not_a_plain_yes(engine, profile) -> None:
    a = _ask(engine, "can the ryzen ai max+ 395 run llama 3.3 70b", profile)
    v = a.facts["verdict"]
    assert v["recommended"]["quant"] != "Q8_0"
    assert v["higher"]["quant"] == "Q8_0" and v["higher"]["tok_s"] < READING_SPEED_TOK_S
    assert "Q8_0" in a.text  # the least compressed level that fits stays in the answer, with its speed
    assert not a.text.startswith("**Yes**, Ryzen AI Max+ 395 128 GB runs Llama 3.3 70B at `Q8_0`")


@pytest.mark.parametrize("profile", PROFILES)
def test_8b_on_a_4090_stays_at_q8(engine, profile) -> None:
    a = _ask(engine, "how fast is llama 3.1 8b on a 4090", profile)
    assert a.facts["verdict"]["outcome"] == "runs"
    assert a.facts["recommended_quant"] == "Q8_0" and a.facts["levels_named"] == ["Q8_0"]


@pytest.mark.parametrize("profile", PROFILES)
def test_every_level_named_comes_with_its_speed(engine, profile) -> None:
    for q in ("llama 3.3 70b on m4 max 128gb", "llama 3.3 70b on ryzen ai max+ 395", "qwen2.5 72b on a 4090",
              "llama 3.3 70b on 2x 3090"):
        a = _ask(engine, q, profile)
        v = a.facts["verdict"]
        for part in (v["recommended"], v["higher"]):
            if part:
                assert part["tok_s"] is not None, q
                assert f"`{part['quant']}`" in a.text, (q, part["quant"])


def test_reference_keeps_the_pages_level(engine) -> None:
    """Under `reference` the row stays the site's level (least compressed that fits); the verdict is beside it."""
    a = _ask(engine, "llama 3.3 70b on m4 max 128gb", "reference")
    assert a.facts["row"]["quant"] == "Q8_0"
    assert a.facts["verdict"]["least_compressed_fit"]["quant"] == "Q8_0"


SPOKEN = [
    "can i offload llama 3.3 70b on my 3090 with 64gb ram", "is qwen3 32b usable on a 3060 12gb",
    "llama 3 70b speed on a 3090", "wie schnell läuft llama 3 70b auf einer 3090", "can llama 3.3 70b run on 24gb",
    "llama 3.3 70b on m4 max 128gb", "velocidad de llama 3.1 8b en un macbook pro m3 pro 18gb",
    "llama 3.1 405b on m3 ultra 512gb how fast", "can the dgx spark run qwen3 235b", "phi-4 on a 2070 super speed",
    "llama 3.3 70b su due 3090", "qwen3 30b a3b on rtx 4060 with 32gb ddr5",
]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("question", SPOKEN)
def test_each_level_in_the_verdict_is_said_with_its_speed(engine, profile, question) -> None:
    from answers.rendering import format as fmt

    a = engine.ask(question, options=AskOptions(profile=profile))
    v = a.facts["verdict"]
    for part in (v["recommended"], v["higher"]):
        if part and part["tok_s"] is not None:
            assert f"`{part['quant']}`" in a.text, (question, part["quant"])
            assert fmt.tok_s(part["tok_s"], a.locale) in a.text, (question, part["quant"], part["tok_s"])


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("machine", ["m4 max 64gb", "m4 max 128gb", "ryzen ai max+ 395", "rtx 4090", "rtx 3060 12gb"])
def test_which_quant_and_can_it_run_recommend_the_same_level(engine, profile, machine) -> None:
    """"Which quant of X for Y" and "can Y run X" name the same level and, on a shared-memory machine,
    the same levels fit (the GPU's share of the memory, as the machine's own answer counts it)."""
    options = AskOptions(profile=profile)
    levels = engine.ask(f"which quant of llama 3.3 70b for an {machine}", locale="en", options=options).facts
    rating = engine.ask(f"can an {machine} run llama 3.3 70b", locale="en", options=options).facts
    assert levels["advice"]["recommended_quant"] == rating["recommended_quant"]
    fitting = [r["quant"] for r in levels["advice"]["levels"] if r["fits"] and not r["lower_quality"]]
    best = rating["verdict"]["least_compressed_fit"]
    assert (fitting[0] if fitting else None) == (best["quant"] if best else None)


@pytest.mark.parametrize("profile", PROFILES)
def test_slash_commands_give_the_chat_verdict(engine, profile) -> None:
    """/speed, /fit and a typed question about one model on one card share one verdict."""
    options = AskOptions(profile=profile)
    typed = engine.ask("how fast is llama 3 70b on a 3090", locale="en", options=options).facts["verdict"]
    for intent in ("speed", "can_run"):
        slash = engine.command(intent, "en", model="Llama 3 70B", card="RTX 3090", options=options)
        assert slash.facts["verdict"] == typed, intent
    two = engine.command("speed", "en", model="Llama 3.3 70B", card="RTX 3090", gpu_count=2, options=options)
    asked = engine.ask("how fast is llama 3.3 70b on two 3090s", locale="en", options=options)
    assert two.facts["verdict"] == asked.facts["verdict"]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("setup", "model", "memory"), [
    ("2x 3090", "llama 3.3 70b", 48), ("3 rtx 3090", "qwen2.5 72b", 72), ("two 4060 ti 16gb", "qwen3 32b", 32)])
def test_which_level_on_several_cards_is_the_setups_own_verdict(engine, profile, setup, model, memory) -> None:
    """"which quant of X fits 2x 3090" rates the cards together (it rated one card of the pair): the level it
    recommends and its speed are those "can 2x 3090 run X" gives."""
    levels = _ask(engine, f"what quant of {model} fits {setup}", profile)
    rating = _ask(engine, f"can {setup} run {model}", profile)
    advice, v = levels.facts["advice"], rating.facts["verdict"]
    assert levels.intent == "why_quant" and advice["target"]["memory_gb"] == memory
    assert advice["recommended_quant"] == v["recommended"]["quant"]
    row = next(r for r in advice["levels"] if r["quant"] == v["recommended"]["quant"])
    assert row["tok_s"] == pytest.approx(v["recommended"]["tok_s"]) and row["need_gb"] == pytest.approx(
        v["recommended"]["need_gb"])
