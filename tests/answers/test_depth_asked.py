""""Is that only with an empty context?": a speed answer adds the speed once the conversation fills (8k and 32k
tokens), beside the headline figure measured near an empty context; a speed someone else reports ("people say
200+ tok/s") is a claim weighed against the estimate, never a speed the asker wants."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen3 8b on a 4070: what speed, and does it hold up in long chats or only with an empty context?", "en"),
    ("qwen3 8b auf einer 4070, wie schnell? gilt das auch bei vollem kontext oder nur bei leerem kontext?", "de"),
    ("qwen3 8b su una 4070, che velocità? anche a contesto pieno o solo a contesto vuoto?", "it"),
    ("qwen3 8b sur une 4070, quelle vitesse ? même quand le contexte se remplit, ou seulement à contexte vide ?",
     "fr"),
    ("qwen3 8b en una 4070, ¿qué velocidad? ¿también con contexto lleno o solo con contexto vacío?", "es"),
    ("qwen3 8b numa 4070, qual velocidade? vale com contexto cheio ou só com contexto vazio?", "pt"),
])
def test_the_speed_at_depth_is_given(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    deep = a.facts["also"]["depth"]
    head = deep["tok_s"]
    speeds = [d["tok_s"] for d in deep["depths"]]
    assert [d["context"] for d in deep["depths"]] == [8192, 32768]
    # every token also reads the cache: slower with depth, and not absurdly so for an 8B model on a 12 GB card
    assert head > speeds[0] > speeds[1] > 0.4 * head
    from babel.numbers import format_decimal
    assert format_decimal(32768, locale=lang) in a.text, a.text


def test_no_depth_line_without_the_ask(engine: Engine) -> None:
    a = engine.ask("qwen3 8b on a 4070, how fast?")
    assert "depth" not in (a.facts.get("also") or {})


@pytest.mark.parametrize(("question", "lang"), [
    ("how fast is qwen3 8b on a 4070? people say 90+ tok/s, is that real?", "en"),
    ("wie schnell ist qwen3 8b auf einer 4070? man liest von 90+ tok/s, stimmt das?", "de"),
    ("quanto va qwen3 8b su una 4070? dicono 90+ tok/s, è vero?", "it"),
    ("qwen3 8b sur une 4070, quelle vitesse ? on parle de 90+ tok/s, c'est vrai ?", "fr"),
    ("¿qué tan rápido va qwen3 8b en una 4070? dicen que 90+ tok/s, ¿es real?", "es"),
    ("qwen3 8b numa 4070, qual a velocidade? falam em 90+ tok/s, é verdade?", "pt"),
])
def test_a_reported_speed_is_a_claim_not_a_target(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts.get("target") is None and "target_speed" not in a.facts, a.text
    assert a.asked.get("target_tok_s") is None, a.asked
