"""Speech-to-text engines and models beside Whisper, answered with a sourced line in six languages.

Public figures: WhisperX about 70x real time with large-v2, under 8 GB with beam 5, word timestamps and pyannote
diarization (m-bain/whisperX README); insanely-fast-whisper 150 minutes in about 98 s with large-v3 on an A100 80 GB
(its README); canary-1b-v2 25 European languages and translation (its model card); Moonshine tiny 27M and base 61M,
English (usefulsensors/moonshine).
"""

from __future__ import annotations

import pytest

from tests.answers.knowhow_checks import knowhow_ids, line_source, sourced_line


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("whisperx or insanely-fast-whisper for podcast transcripts with speaker labels on a 4090?", "en", ("pyannote",)),
    ("WhisperX oder insanely fast whisper für Interviews mit Sprechererkennung auf meiner 3090?", "de", ("pyannote",)),
    ("whisperx ou insanely-fast-whisper pour sous-titrer des vidéos sur une rtx 4070 ?", "fr", ("98 s",)),
    ("meglio whisperx o insanely-fast-whisper per sbobinare lezioni su una 4060 ti?", "it", ("98 s",)),
])
def test_whisperx_and_insanely_fast_whisper_get_their_line(engine, question: str, lang: str,
                                                          words: tuple[str, ...]) -> None:
    a = sourced_line(engine, question, lang, "stt_engines", words)
    assert "github.com/m-bain/whisperX" in line_source(a, "stt_engines")


@pytest.mark.parametrize(("question", "lang"), [
    ("¿canary o parakeet para transcribir y traducir reuniones en español en una 3060?", "es"),
    ("moonshine ou whisper base num raspberry pi 5 para comandos de voz?", "pt"),
    ("canary-1b-v2 oder parakeet v3 für deutsche Diktate auf einer 4070?", "de"),
])
def test_canary_and_moonshine_get_their_line(engine, question: str, lang: str) -> None:
    a = sourced_line(engine, question, lang, "stt_alternatives", ("Canary", "Moonshine"))
    assert "huggingface.co/nvidia/canary-1b-v2" in line_source(a, "stt_alternatives")


def test_a_plain_whisper_question_gets_neither_line(engine) -> None:
    a = engine.ask("whisper large-v3 on a 3060, how long for an hour?")
    assert not {"stt_engines", "stt_alternatives"} & set(knowhow_ids(a))
