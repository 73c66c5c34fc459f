"""A text-to-speech model's languages are said as a fact, whatever language is asked about.

Public figure: Kokoro-82M's voices cover American and British English, Spanish, French, Hindi, Italian, Japanese,
Portuguese and Chinese (hexgrad/Kokoro-82M's voice list); no German voice.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "names"), [
    ("which languages can kokoro tts speak?", ("English", "Italian", "Japanese", "Hindi")),
    ("welche Sprachen spricht Kokoro TTS?", ("Englisch", "Italienisch", "Japanisch")),
    ("kokoro tts sait parler quelles langues ?", ("anglais", "italien", "japonais")),
    ("¿en qué idiomas habla kokoro tts?", ("inglés", "italiano", "japonés")),
])
def test_kokoros_languages_are_listed(engine, question: str, names: tuple[str, ...]) -> None:
    text = engine.ask(question).text
    line = next(line for line in text.splitlines() if "Kokoro" in line)
    for name in names:
        assert name in line, text


def test_a_missing_voice_is_said_beside_the_list(engine) -> None:
    text = engine.ask("kann Kokoro TTS deutsch sprechen?").text
    line = next(line for line in text.splitlines() if "Kokoro" in line)
    assert "keine Stimme auf Deutsch" in line and "Italienisch" in line, text
