"""A language model and an image model named for one card: both get their own figure there (never only the
image table), then whether both stay loaded, the image model's parts take turns beside the language model, or
one must be unloaded while the other works, with the time a swap takes from an NVMe drive (7 GB/s, the drive
data sheets in answers/knowledge/side_notes.json)."""

from __future__ import annotations

import pytest

from answers.facts.llm_with_image import together_facts

SDXL = {"model": {"name": "SDXL"}, "need_gb": 7.0, "resident_gb": 10.3, "seconds_per_image": 8.0}


def test_the_three_ways_follow_the_memory() -> None:
    assert together_facts({"need_gb": 5.0}, SDXL, 16.0)["mode"] == "loaded"  # 15.3 in 16
    assert together_facts({"need_gb": 8.0}, SDXL, 16.0)["mode"] == "parts"  # 18.3 no, 15.0 yes
    swap = together_facts({"need_gb": 20.0}, SDXL, 24.0)
    assert swap["mode"] == "swap" and swap["swap_s"] == pytest.approx(20.0 / 7.0, abs=0.05)


QUESTIONS = [
    ("qwen3 8b and sdxl at the same time on a 4060 ti 16gb?", "en"),
    ("qwen3 8b e sdxl insieme su una 4060 ti 16gb?", "it"),
    ("qwen3 8b et sdxl en même temps sur une 4060 ti 16 go ?", "fr"),
    ("qwen3 8b und sdxl gleichzeitig auf einer 4060 ti mit 16gb?", "de"),
    ("qwen3 8b y sdxl a la vez en una 4060 ti de 16gb?", "es"),
    ("qwen3 8b e sdxl juntos numa 4060 ti 16gb?", "pt"),
]


@pytest.mark.parametrize(("question", "lang"), QUESTIONS)
def test_both_models_are_answered_and_their_sum_weighed(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    parts = [a.facts, *(p["facts"] for p in a.facts.get("parts", []))]
    llm = next(p for p in parts if (p.get("row") or {}).get("tok_s"))
    image = next(p for p in parts if p.get("media") == "image")
    both = next(p for p in parts if p.get("media") == "besidellm")
    assert llm["row"]["tok_s"] > 10 and image["seconds_per_image"] > 0
    assert both["total_gb"] == pytest.approx(both["llm_gb"] + both["image_resident_gb"], abs=0.02)
    # the level picked (Q8_0, ~9 GB) and SDXL loaded whole (~10 GB) pass 16 GB: the smaller level keeps both
    assert both["mode"] != "loaded" and both["smaller"]["mode"] == "loaded" and both["smaller"]["quant"] == "Q4_K_M"
    assert both["smaller"]["llm_gb"] + both["image_resident_gb"] <= both["usable_gb"]
    assert "Qwen3 8B" in a.text and "Stable Diffusion XL" in a.text
    assert "Qwen3 8B" not in " ".join(a.unused)


def test_a_30b_beside_sdxl_on_a_3090_is_a_swap_with_its_time(engine) -> None:
    a = engine.ask("can a 3090 run qwen3 30b and sdxl together?", locale="en")
    both = next(p["facts"] for p in a.facts["parts"] if p["facts"].get("media") == "besidellm")
    assert both["mode"] == "swap" and 1 <= both["swap_s"] <= 10
    assert "NVMe" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("mostly 32b models and some flux schnell: a used 3090 or a new 5070 ti?", "en"),
    ("soprattutto modelli da 32b e un po' di sdxl: 3090 usata o 5070 ti nuova?", "it"),
    ("surtout des modèles 32b et un peu de sdxl : une 3090 d'occasion ou une 5070 ti neuve ?", "fr"),
    ("vor allem 32b modelle und ab und zu sdxl – 3090 gebraucht oder 5070 ti neu?", "de"),
])
def test_cards_weighed_for_a_language_model_also_get_the_image_model(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "compare"
    rows = a.facts["image_beside"]
    assert {r["card"] for r in rows} == {"GeForce RTX 3090", "GeForce RTX 5070 Ti"}
    for r in rows:
        assert r["seconds_per_image"] > 0 and r["mode"] in ("loaded", "parts", "swap")
        assert r["total_gb"] == pytest.approx(r["llm_gb"] + r["image_resident_gb"], abs=0.02)
    assert not any("Stable Diffusion" in u or "FLUX" in u for u in a.unused)


def test_a_30b_and_sdxl_on_24_gb_keep_both_with_smaller_files(engine) -> None:
    a = engine.ask("qwen3 30b e sdxl insieme su una 3090, si può?", locale="it")
    both = next(p["facts"] for p in a.facts["parts"] if p["facts"].get("media") == "besidellm")
    small = both["smaller"]
    # Q4_K_M (~18 GB) beside SDXL's 8-bit parts (~4.7 GB at most) stays within 24 GB without a swap
    assert small["quant"] == "Q4_K_M" and small["precision"] == "fp8" and small["mode"] == "parts"
    assert small["llm_gb"] + small["image_gb"] <= both["usable_gb"]
    assert "fp8" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("1000 euros to spend on a gpu for qwen3 14b and flux dev: which one?", "en"),
    ("con 1000 euro di budget, quale gpu per qwen3 14b e flux dev?", "it"),
    ("presupuesto de 1000 euros para qwen3 14b y flux dev, ¿qué gráfica?", "es"),
])
def test_a_budget_for_a_language_model_and_an_image_model_answers_both(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "what_gpu" and a.facts.get("budget_pick")  # the cards priced for the language model
    rows = a.facts["image_beside"]
    assert a.facts["budget_pick"]["card"] in {r["card"] for r in rows}
    assert all(r["seconds_per_image"] > 0 for r in rows)
    assert not a.unused
