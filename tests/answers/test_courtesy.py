"""Thanks and goodbyes get one short line in the asker's language, not the whole help; a greeting
still gets the help. The intent stays `help` (the corpora's label); the answer reads `courtesy`."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine

PROFILES = ("reference", "measured")
# The first line of the full help, in English: a courtesy reply must not contain it.
HELP_START = "I tell which graphics cards can run which AI models"


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("q, lang, welcome", [
    ("thanks!", "en", "You're welcome"), ("thank you so much", "en", "You're welcome"),
    ("thanks for the help!", "en", "You're welcome"), ("bye", "en", "You're welcome"),
    ("grazie mille", "it", "Prego"), ("grazie per l'aiuto", "it", "Prego"),
    ("merci beaucoup", "fr", "Avec plaisir"), ("danke dir", "de", "Gern geschehen"),
    ("gracias", "es", "¡De nada"), ("valeu", "pt", "De nada"), ("obrigado pela ajuda", "pt", "De nada"),
])
def test_thanks_get_one_short_localized_line(engine: Engine, profile, q, lang, welcome):
    a = engine.ask(q, options=AskOptions(profile=profile))
    assert a.intent == "help" and a.locale == lang
    assert a.facts.get("courtesy") is True
    assert a.text.startswith(welcome)
    assert "\n" not in a.text.strip() and len(a.text) < 160  # one line, not the card count and seven examples
    assert "Gemma 3 12B" in a.text  # and one example of what to ask


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("q", ["hi", "ciao", "hello", "help me thanks", "what can you do? thanks"])
def test_greetings_and_help_requests_keep_the_full_help(engine: Engine, profile, q):
    a = engine.ask(q, options=AskOptions(profile=profile))
    assert a.intent == "help"
    assert not a.facts.get("courtesy")
    assert len(a.text.strip().splitlines()) >= 8  # the opening line, seven examples, the note on speeds


def test_thanks_with_a_question_answers_the_question(engine: Engine):
    a = engine.ask("thanks, what can a 3060 run?")
    assert a.intent == "card_models" and not a.facts.get("courtesy")
