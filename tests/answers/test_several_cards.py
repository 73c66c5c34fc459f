""""How many 3090s for Mixtral 8x22B": when one card cannot hold a model, the card answer says how many
of that card would, at the level and speed the setup's own answer gives ("can 4x 3090 run it"), and one
card fewer would not run it at the usual quality."""

from __future__ import annotations

import pytest

from answers.api import AskOptions

PROFILES = ("reference", "measured")
CASES = [  # (question, card as typed, model as typed)
    ("how many 3090s do i need for mixtral 8x22b", "3090", "mixtral 8x22b"),
    ("quante 4060 servono per llama 3.3 70b?", "4060", "llama 3.3 70b"),
]


def _facts(engine, q: str, profile: str) -> dict:
    return engine.ask(q, options=AskOptions(profile=profile)).facts


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("question", "card", "model"), CASES)
def test_the_count_is_the_fewest_cards_whose_own_answer_runs_it(engine, question, card, model, profile) -> None:
    several = _facts(engine, question, profile)["several_cards"]
    n = several["count"]
    setup = _facts(engine, f"can {n}x {card} run {model}", profile)["verdict"]
    assert setup["outcome"] == several["outcome"]
    assert setup["recommended"]["quant"] == several["quant"]
    assert setup["recommended"]["tok_s"] == pytest.approx(several["tok_s"])
    fewer = _facts(engine, f"can {n - 1}x {card} run {model}", profile) if n > 2 else \
        _facts(engine, f"can a {card} run {model}", profile)
    assert fewer["verdict"]["outcome"] not in ("runs", "slow")


def test_the_sentence_names_the_count_in_the_askers_language(engine) -> None:
    it = engine.ask("quante 3090 servono per mixtral 8x22b?")
    n = it.facts["several_cards"]["count"]
    assert f"{n}× **GeForce RTX 3090** insieme" in it.text
    en = engine.ask("how many 3090s do i need for mixtral 8x22b")
    assert f"{n}× **GeForce RTX 3090** together would hold it" in en.text
    speed = engine.ask("tok/s of mixtral 8x22b on a 3090")  # another wording, the same line
    assert speed.intent == "speed"
    assert f"{n}× **GeForce RTX 3090** together would hold it" in speed.text


def test_no_count_for_a_shared_memory_machine_or_past_one_server(engine) -> None:
    mac = engine.ask("can an m4 pro 24gb run llama 3.3 70b").facts
    assert mac.get("several_cards") is None  # one machine: "two Macs" is not a card count
    huge = engine.ask("can a 4090 run deepseek r1").facts  # 671 B: eight 4090s are still short
    assert huge.get("several_cards") is None
