"""A model's own facts asked beside another answer (issue 29 item 2): the expert counts in the ways people write
them ("wieviele", "experts per token"), and the parameter count asked beside a context window or a licence.
Phrasings of our own, several languages. Golden counts come from each model's published config.json:
Kimi K2 n_routed_experts 384, num_experts_per_tok 8, n_shared_experts 1; DeepSeek-V3/R1 256, 8, 1;
Qwen3-235B-A22B num_experts 128, num_experts_per_tok 8, none shared; Llama 4 Maverick num_local_experts 128,
num_experts_per_tok 1, plus one shared expert. Parameters: the model cards (DeepSeek-V3 671B total, 37B active)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading import also_words


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize(("question", "lang", "total", "per_token", "always_on"), [
    ("wieviele experten hat kimi k2 eigentlich?", "de", 384, 8, 1),
    ("deepseek r1: how many experts per token, and what licence?", "en", 256, 8, 1),
    ("qwen3-235b-a22b quantos especialistas tem e qual a licença?", "pt", 128, 8, 0),
    ("llama 4 maverick, esperti attivi per token e licenza?", "it", 128, 1, 1),
])
def test_expert_counts_come_out_in_every_phrasing(engine: Engine, question: str, lang: str, total: int,
                                                  per_token: int, always_on: int) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    x = a.facts["also"]["experts"]
    assert (x["total"], x["per_token"], x["shared"]) == (total, per_token, always_on)
    assert f"{total} " in _plain(a.text)


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("¿cuántos parámetros tiene deepseek v3 y cuál es su licencia?", "es", "671"),
    ("deepseek v3: quanti parametri ha, e qual è il contesto massimo?", "it", "671"),
    ("kimi k2: wieviele Parameter, und unter welcher Lizenz?", "de", "1.000"),
])
def test_the_parameter_count_asked_beside_another_fact_is_said(engine: Engine, question: str, lang: str,
                                                               words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert words in _plain(a.text)
    # the count is said once: by the parameters answer, or by the side ask after another answer
    assert a.intent == "parameters" or a.facts["also"]["params"]["total_b"] > 0


@pytest.mark.parametrize("question", [
    "how many params does it have", "quanti parametri ha", "wieviele Parameter", "combien de paramètres",
    "cuántos parámetros", "quantos parâmetros", "parameter count",
])
def test_the_parameters_ask_is_read_in_six_languages(question: str) -> None:
    assert "params" in also_words.read(question)


def test_a_length_in_parameters_said_is_no_ask() -> None:
    assert "params" not in also_words.read("a 70b parameters model at 32k context on two 3090s")
