"""Headlines recommend cards people can buy and use, and models people run (issue 19, new-user answers):
"which card do I need" leads with a home card, the reference's all-card pick (a Xeon Phi) follows with its
figures; "what should I run on my machine" ranks each model at the level people run it (reading speed)."""

from __future__ import annotations

import re

import pytest

from answers.api import AskOptions
from answers.facts import advice, picks
from estimator.quants import BY_NAME


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine

BOLD = re.compile(r"\*\*(.+?)\*\*")


def _cards(knowledge, profile: str) -> dict:
    return {c.name: c for c in knowledge.gpus_for(profile)}


@pytest.mark.parametrize(("question", "lang"), [
    ("che scheda mi serve per gemma 3 27b", "it"),
    ("quelle carte pour faire tourner mistral small 24b", "fr"),
    ("welche grafikkarte brauche ich für gemma 3 27b", "de"),
    ("qual placa preciso pra rodar gemma 3 27b", "pt"),
    ("what gpu do i need for gemma 3 27b", "en"),
    ("¿qué tarjeta necesito para gemma 3 27b?", "es"),
])
@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_which_card_leads_with_a_card_people_can_buy(engine, knowledge, question, lang, profile) -> None:
    a = engine.ask(question, options=AskOptions(profile=profile))
    assert a.intent == "what_gpu" and a.locale == lang
    cards = _cards(knowledge, profile)
    lead = BOLD.search(a.text.splitlines()[0]).group(1)
    assert picks.home_tier(cards[lead]) is not None, a.text  # not a Xeon Phi, a mining card or a vGPU
    assert lead == a.facts["picks"]["smallest"]["card"]
    page = a.facts["smallest"]["card"]
    if profile == "reference" and page != lead:
        # The reference's own pick stays in the answer, after the home card, with its figures.
        assert a.text.index(f"**{page}**") > a.text.index(f"**{lead}**")


@pytest.mark.parametrize("model", ["Gemma 3 27B", "Mistral Small 3", "Llama 3.1 8B", "Qwen3 32B", "Llama 3 70B",
                                   "gpt-oss-20b", "Qwen3-30B-A3B", "Phi-4"])
def test_no_which_card_answer_leads_with_a_part_never_headlined(engine, knowledge, model) -> None:
    a = engine.command("what_gpu", "en", model=model)
    cards = _cards(knowledge, "reference")
    lead = BOLD.search(a.text.splitlines()[0])
    if lead is not None and lead.group(1) in cards:
        assert not picks.never_headline(cards[lead.group(1)]), a.text.splitlines()[0]


@pytest.mark.parametrize("profile", ["reference", "measured"])
@pytest.mark.parametrize("question", ["what model should i run on my m2 macbook air 16gb",
                                      "quale modello posso usare sul mio macbook air m2 da 16gb?"])
def test_a_16_gb_macbook_air_gets_the_8b_to_12b_models_people_run(engine, question, profile) -> None:
    a = engine.ask(question, options=AskOptions(profile=profile))
    rows = {r["model"]: r for r in a.facts["rows"]}
    # An 8-9B model reaches reading speed on an M2 (100 GB/s): the Qwen line's is ranked (one model per family:
    # Qwen3.5 9B since the March 2026 small series is in the catalog, Qwen3 8B before).
    qwen = rows.get("Qwen3.5 9B") or rows.get("Qwen3 8B")
    assert qwen is not None, list(rows)
    assert qwen["tok_s"] >= advice.READING_SPEED_TOK_S
    pick = a.facts["rows"][0]
    assert pick["params_b"] >= 7, pick  # not a 3-4B model when an 8-12B one runs at reading speed
    assert pick["model"] not in ("Moonlight-16B-A3B", "Kimi-VL-A3B")


def test_a_level_asked_for_is_kept(engine) -> None:
    a = engine.ask("what can an m2 macbook air 16gb run at q8_0")
    assert all(r["quant"] == "Q8_0" for r in a.facts["rows"])


def test_at_reading_speed_steps_down_only_to_the_good_level() -> None:
    class R:  # a Row stand-in: quant, tok_s, runs
        def __init__(self, q: str, tok: float) -> None:
            self.quant, self.tok_s, self.runs = BY_NAME[q], tok, True

    speeds = {"Q6_K": 8.0, "Q5_K_M": 9.0, "Q4_K_M": 11.0, "IQ4_XS": 12.0}
    tried: list[str] = []

    def rerate(rec, level):
        tried.append(level)
        return R(level, speeds[level])

    out = advice.at_reading_speed([("m", R("Q8_0", 5.0))], rerate)
    assert out[0][1].quant.name == "Q4_K_M" and tried == ["Q6_K", "Q5_K_M", "Q4_K_M"]
    slow = {k: 1.0 for k in speeds}
    out = advice.at_reading_speed([("m", R("Q8_0", 5.0))], lambda rec, lv: R(lv, slow[lv]))
    assert out[0][1].quant.name == "Q8_0"  # never below the good level: kept as it was


@pytest.mark.parametrize(("question", "lang"), [
    ("smallest gpu for gemma 3 27b", "en"),
    ("smallest card for qwen3 14b", "en"),
    ("la carte la plus petite pour gemma 3 27b", "fr"),
    ("la scheda più piccola per qwen3 14b", "it"),
])
def test_smallest_card_never_leads_with_a_part_never_headlined(engine, knowledge, question, lang) -> None:
    a = engine.ask(question)
    assert a.intent == "smallest" and a.locale == lang
    cards = _cards(knowledge, "reference")
    page = a.facts["smallest"]["card"]
    assert picks.never_headline(cards[page])  # the pages' pick: a Xeon Phi or a mining card, kept below
    lead = BOLD.search(a.text.splitlines()[0]).group(1)
    assert picks.home_tier(cards[lead]) is not None and lead == a.facts["picks"]["smallest"]["card"]
    assert a.text.index(f"**{page}**") > a.text.index(f"**{lead}**")
    assert a.facts["picks"]["page_never_headline"]["smallest"] is True


@pytest.mark.parametrize("question", ["gpt-oss 20b on rtx 4060", "can a 3060 run gemma 3 27b",
                                      "gpt-oss 20b sur une rtx 4060", "kann eine rtx 4060 gpt-oss 20b"])
@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_the_smallest_card_after_a_no_is_one_llm_runtimes_drive(engine, knowledge, question, profile) -> None:
    """"No, it does not fit … the smallest card that runs it is …": never a Xeon Phi (a coprocessor no LLM
    runtime drives), a mining card or a vGPU slice, under either profile; the page's own pick stays in the
    JSON (and in the smallest-card answer, after the home card)."""
    a = engine.ask(question, options=AskOptions(profile=profile))
    assert a.intent == "can_run" and a.facts["row"]["quant"] is None
    cards = _cards(knowledge, profile)
    named = [c for c in BOLD.findall(a.text) if c in cards]
    assert named and all(not picks.never_headline(cards[c]) for c in named), a.text
    assert a.facts["picks"]["smallest"]["card"] in named
    if profile == "reference":
        assert picks.never_headline(cards[a.facts["smallest"]["card"]])  # the page's pick, kept in the facts
