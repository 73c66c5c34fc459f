"""A "no" answer names the largest smaller model of the same line that runs well on that hardware
(answers/facts/relatives.py). Expected names come from the catalog records read here, never from the answer."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.facts.relatives import READING_TOK_S, candidates

PROFILES = ("reference", "measured")


def _rec(knowledge, name: str):
    return next(m for m in knowledge.models if m.name == name)


def test_the_line_is_the_family_name_and_smaller_and_general(knowledge) -> None:
    models = knowledge.models
    r1 = [m.name for m in candidates(models, _rec(knowledge, "DeepSeek-R1"))]
    assert r1 and all(n.startswith("DeepSeek-R1-") for n in r1)  # its distills, nothing else
    assert "DeepSeek-R1-0528" not in r1  # the same size is no stand-in
    llama = [m.name for m in candidates(models, _rec(knowledge, "Llama 3.3 70B"))]
    assert llama[0] == "Llama 3.1 8B"  # largest first; a vision model is no stand-in for a general one
    assert not any("Vision" in n for n in llama) and "Llama 3.1 70B" not in llama
    sizes = [m.params_b for m in candidates(models, _rec(knowledge, "Qwen3-235B-A22B"))]
    assert sizes == sorted(sizes, reverse=True) and max(sizes) < 235


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("question", "asked"), [
    ("qwen3 235b on a 4090", "Qwen3-235B-A22B"),
    ("llama 3.3 70b on 12gb", "Llama 3.3 70B"),
    ("can i run deepseek r1 on my macbook air m2 16gb", "DeepSeek-R1"),
])
def test_a_no_names_a_smaller_model_of_the_line_that_runs_well(engine, knowledge, profile, question, asked) -> None:
    a = engine.ask(question, options=AskOptions(profile=profile))
    assert a.entities["model"] == asked
    rel = a.facts["relative"]
    assert rel is not None, question
    assert rel["name"] in {m.name for m in candidates(knowledge.models, _rec(knowledge, asked))}
    assert rel["tok_s"] >= READING_TOK_S and rel["quant"] in {"Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS"}
    assert rel["name"] in a.text and "smaller model of the same line" in a.text


def test_a_yes_names_no_relative(engine) -> None:
    a = engine.ask("can a 4090 run qwen3 14b")
    assert "relative" not in a.facts and "same line" not in a.text
