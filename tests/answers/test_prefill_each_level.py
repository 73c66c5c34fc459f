"""A prompt's time asked at two levels ("how long for a 60k prompt at fp16, and at q4?") is given for each level,
with each level's fit said, never replaced by the level table (which times no prompt and left the prompt's length
"not used")."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "levels"), [
    ("how long until the first token with a 60k prompt for qwen3 14b on a 3090, q8 vs q4?", "en", ("Q8_0", "Q4_K_M")),
    ("wie lange braucht qwen3 14b auf einer rtx 3090 für einen 50k prompt, in q8 und in q4?", "de",
     ("Q8_0", "Q4_K_M")),
    ("quanto tempo ci mette qwen3 14b su una 3090 a leggere un prompt da 50k token, in q8 e in q4?", "it",
     ("Q8_0", "Q4_K_M")),
    ("combien de temps met qwen3 14b sur une 3090 pour lire un prompt de 50k tokens en q8 et en q4 ?", "fr",
     ("Q8_0", "Q4_K_M")),
    ("llama 3.1 8b en una 4090: ¿cuánto espero con un prompt de 90k tokens en f16? ¿y en q4?", "es",
     ("F16", "Q4_K_M")),
    ("quanto tempo o qwen3 14b leva numa 3090 para processar um prompt de 50k tokens, em q8 e em q4?", "pt",
     ("Q8_0", "Q4_K_M")),
])
def test_each_level_gets_its_prompt_time(engine: Engine, question: str, lang: str, levels: tuple[str, str]) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent == "prefill", (a.intent, a.text)
    assert "unused" not in a.text and not a.unused, a.unused
    parts = [a.facts, *(p["facts"] for p in a.facts.get("parts", []))]
    assert len(parts) == 2, a.text
    for f in parts:
        row = f["row"]
        # a level the card cannot hold with the prompt says how it would (the cache squeezed) or the level that does
        routes = [r["row"] for r in f.get("prompt_routes") or []]
        assert row.get("ttft_s") or any(r.get("ttft_s") for r in routes), f.keys()
    for lv in levels:
        assert f"`{lv}`" in a.text or lv in a.text, (lv, a.text)


def test_prompt_seconds_follow_the_prompt_rate(engine: Engine) -> None:
    """Independent arithmetic: the time to the first token is the prompt's tokens over the prompt rate."""
    a = engine.ask("how long until the first token with a 60k prompt for qwen3 14b on a 3090, q8 vs q4?")
    rows = []
    for f in [a.facts, *(p["facts"] for p in a.facts.get("parts", []))]:
        rows += [f["row"], *(r["row"] for r in f.get("prompt_routes") or [])]
    rows = [r for r in rows if r.get("ttft_s")]
    assert len(rows) >= 2
    for row in rows:
        assert row["ttft_s"] == pytest.approx(row["prompt_tokens"] / row["prefill_tok_s"], rel=0.05)
