"""Properties of the one reading (issue 19): ways of typing the same question that must not change its
figures — letter case, extra spaces, how a count is written ("2x", "x2", "two", "dual"), how a memory size
is written ("GB", "gb", "gigs", "Go"), trailing punctuation, and the order of the model and the hardware."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answers.api import AskOptions
from answers.engine import Engine

# (model as typed, card as typed): data-centre and home cards, dense and mixture models.
MODELS = ["llama 3.1 8b", "qwen3 30b a3b", "llama 3.3 70b", "gemma 3 27b", "mistral nemo"]
CARDS = ["3090", "4090", "rtx 3060", "a100 80gb", "h100", "7900 xtx"]
# The plural as people write it: "3090s", "h100s", "7900 xtxs" is rare, "a100s 80gb" rarer.
PLURAL = {"3090": "3090s", "4090": "4090s", "rtx 3060": "rtx 3060s", "a100 80gb": "a100 80gb", "h100": "h100s",
          "7900 xtx": "7900 xtx"}
COUNTS = ["2x {c}", "{c} x2", "two {p}", "dual {c}", "2x{c}", "2 x {c}"]
UNITS = ["{n} GB", "{n}gb", "{n} gigs", "{n} Go", "{n}GB"]
ENDINGS = ["", "?", "!", " ?", "..."]


def _figures(engine: Engine, q: str, profile: str) -> tuple[object, ...]:
    """What must stay the same: the hardware and model read, and the verdict's level and speed."""
    a = engine.ask(q, "en", AskOptions(profile=profile))
    row = a.facts.get("row") or {}
    e = a.entities
    return (e.get("model"), e.get("card"), e.get("gpu_count"), e.get("memory_gb"), e.get("ram_gb"),
            e.get("context"), row.get("quant"), row.get("tok_s"), row.get("fit"))


def _case(text: str, flips: list[bool]) -> str:
    padded = flips + [False] * len(text)  # flips may be shorter than the text
    return "".join(ch.upper() if flip else ch for ch, flip in zip(text, padded, strict=False))


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(model=st.sampled_from(MODELS), card=st.sampled_from(CARDS), count=st.sampled_from(COUNTS),
       profile=st.sampled_from(["reference", "measured"]))
def test_a_count_reads_the_same_however_it_is_written(engine: Engine, model: str, card: str, count: str,
                                                      profile: str) -> None:
    base = _figures(engine, f"can i run {model} on 2x {card}", profile)
    assert base[2] == 2
    assert _figures(engine, f"can i run {model} on {count.format(c=card, p=PLURAL[card])}", profile) == base


@SETTINGS
@given(model=st.sampled_from(MODELS), n=st.sampled_from([8, 12, 16, 24, 48]), unit=st.sampled_from(UNITS),
       profile=st.sampled_from(["reference", "measured"]))
def test_a_memory_size_reads_the_same_in_every_unit(engine: Engine, model: str, n: int, unit: str,
                                                    profile: str) -> None:
    base = _figures(engine, f"can {model} run on {n} GB of vram", profile)
    assert base[3] == float(n)
    assert _figures(engine, f"can {model} run on {unit.format(n=n)} of vram", profile) == base


@SETTINGS
@given(model=st.sampled_from(MODELS), card=st.sampled_from(CARDS),
       flips=st.lists(st.booleans(), min_size=0, max_size=60), spaces=st.integers(min_value=1, max_value=4),
       ending=st.sampled_from(ENDINGS), profile=st.sampled_from(["reference", "measured"]))
def test_case_spaces_and_punctuation_never_change_the_figures(engine: Engine, model: str, card: str,
                                                              flips: list[bool], spaces: int, ending: str,
                                                              profile: str) -> None:
    q = f"can i run {model} on a {card}"
    typed = _case((" " * spaces).join(q.split()), flips) + ending
    assert _figures(engine, typed, profile) == _figures(engine, q, profile)


@pytest.mark.parametrize("profile", ["reference", "measured"])
@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("card", CARDS)
def test_the_order_of_model_and_hardware_never_changes_the_figures(engine: Engine, model: str, card: str,
                                                                   profile: str) -> None:
    first = _figures(engine, f"{model} on a {card}, how fast?", profile)
    assert first[0] is not None and first[1] is not None
    assert _figures(engine, f"{card}: how fast is {model}?", profile) == first
