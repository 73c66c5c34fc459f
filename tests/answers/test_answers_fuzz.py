"""Any text, any locale: Engine.ask answers (never raises, never pings, stays within the limit)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answers.api import INTENTS
from answers.engine import Engine
from answers.knowledge import i18n
from answers.rendering.markdown import MAX_CHARS

PINGS = re.compile(r"@(everyone|here)|<@[!&]?\d+>")
WORDS = st.sampled_from([
    "can", "run", "on", "12 GB", "8 Go", "GLIDE", "gLM", "GLM-4.5V", "Llama 3.1 8B", "RTX 4090", "H100", "@everyone",
    "<@123>", "**", "`", "||", "fastest", "più veloce", "combien", "wie viel", "¿cuánta", "vram", "32k", "Q4",
    "q9_z", "0 GB", "1e9 GB", "who made", "compare", "vs", "\n", "#", ">", "[x](y)", "9999999999 tokens",
])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    question=st.one_of(st.lists(WORDS, min_size=0, max_size=8).map(" ".join), st.text(max_size=300)),
    locale=st.sampled_from([None, "en", "it", "fr-FR", "de", "es-419", "pt-BR", "xx"]),
)
def test_any_question_gets_a_safe_answer(engine: Engine, question: str, locale: str | None) -> None:
    answer = engine.ask(question, locale)
    assert answer.intent in INTENTS
    assert answer.locale in i18n.SUPPORTED
    assert answer.text.strip()
    assert len(answer.text) <= MAX_CHARS
    assert not PINGS.search(answer.text)
    assert "%(" not in answer.text
