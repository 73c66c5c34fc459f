"""A media model the catalog lacks, or lacks in the release asked, is said plainly, never silently answered as
another (issue 29, item 2 of the trial's classes): a reranker's size is the one asked; a speech model the
catalog does not rate is never answered with Whisper's table; another release of a video model is said to be
another release before its figures. Phrasings of our own, several languages."""

from __future__ import annotations

import pytest

from answers.knowledge import i18n
from answers.rendering.scope_text import OTHER_RELEASE_LINE


@pytest.mark.parametrize(("question", "name"), [
    ("qwen3-reranker-4b on an rtx 4060 ti, how many tokens a second?", "Qwen3-Reranker-4B"),
    ("quanto va qwen3-reranker-8b su una 4090?", "Qwen3-Reranker-8B"),
    ("wie schnell ist qwen3 reranker 4b auf einer 3060?", "Qwen3-Reranker-4B"),
])
def test_a_rerankers_size_is_the_one_asked(engine, question: str, name: str) -> None:
    answer = engine.ask(question)
    assert name in answer.text, answer.text
    assert "0.6B" not in answer.text and "0,6B" not in answer.text, answer.text


@pytest.mark.parametrize("question", [
    "parakeet tdt 0.6b für die transkription von meetings, wie schnell auf einer 4070?",
    "parakeet v2 per la trascrizione in italiano su una 3060?",
    "parakeet for transcription on a 3090, how fast?",
])
def test_a_speech_model_outside_the_catalog_is_never_whispers_table(engine, question: str) -> None:
    answer = engine.ask(question)
    assert "Whisper large-v3" not in answer.text, answer.text
    assert "parakeet" in answer.text.casefold()


@pytest.mark.parametrize(("question", "typed", "lang"), [
    ("wan 2.5 on a 4090: minutes for a 5 second clip?", "wan 2.5", "en"),
    ("quanto ci mette wan 2.5 su una 5090 per una clip di 5 secondi?", "wan 2.5", "it"),
    ("wan 2.5 auf einer 4090, wie lange für 5 sekunden video?", "wan 2.5", "de"),
])
def test_another_release_is_said_before_the_figures(engine, question: str, typed: str, lang: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    lead = i18n.gettext(lang, OTHER_RELEASE_LINE).split("%(typed)s")[1].split(":")[0]
    first = answer.text.split("\n")[0]
    assert typed in first and lead in first, answer.text
    assert answer.facts["other_release"]["asked"] == typed


def test_the_release_in_the_catalog_gets_no_such_line(engine) -> None:
    answer = engine.ask("wan 2.2 on a 4090, minutes for a 5 second clip?")
    assert "other_release" not in answer.facts
