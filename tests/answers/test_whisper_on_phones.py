"""Speech to text on a phone gets the public runs of each Whisper size on phones and a real-time verdict per
class of phone, never a graphics card's memory table. Own phrasings in several languages, none from a trial;
the figures are catalog/data/media/speech_phones.json's (each with its source)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from catalog.speech_phones import speech_phones


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("quale whisper riesce a trascrivere in tempo reale sul mio telefono?", "it", "Tempo reale su un telefono"),
    ("welches whisper modell schafft echtzeit auf meinem handy mit whisper.cpp", "de", "Echtzeit auf dem Handy"),
    ("which whisper size is fast enough for live captions on an android phone", "en", "Real time on a phone"),
])
def test_speech_on_a_phone_gets_each_size_and_a_verdict(engine: Engine, question: str, lang: str,
                                                        word: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("mode") == "phone"
    rows = {r["model"]: r for r in a.facts["sizes"]}
    assert rows["Whisper base"]["mid_range"]["real_time"] is True  # 48 s in 37 s on a Redmi Note 9S
    assert rows["Whisper small"]["mid_range"]["real_time"] is False
    assert rows["Whisper small"]["flagship"]["real_time"] is True
    assert a.facts["picks"]["mid_range"] == "Whisper base"
    assert word in a.text and "GB" not in a.text  # no memory table for a card


def test_a_smaller_size_keeps_up_wherever_a_larger_one_does(engine: Engine) -> None:
    a = engine.ask("whisper on my phone, real time?")
    order = [r["model"] for r in a.facts["sizes"]]
    for tier in ("mid_range", "flagship"):
        verdicts = [a.facts["sizes"][i][tier]["real_time"] for i in range(len(order))]
        for i, v in enumerate(verdicts):
            if v:
                assert all(verdicts[j] for j in range(i)), (tier, order)
    # every run shown is one of the data file's, with its source
    runs = {(r.model, r.rtf) for r in speech_phones().runs}
    for r in a.facts["sizes"]:
        for tier in ("mid_range", "flagship"):
            run = r[tier]["run"]
            assert run is None or ((r["model"], run["rtf"]) in runs and len(run["source"]) > 10)


@pytest.mark.parametrize(("question", "seconds"), [
    ("whisper large-v3-turbo vs parakeet tdt 0.6b v2 sur cpu, combien de temps pour 3 heures d'audio ?", 3 * 3600),
    ("faster-whisper large-v3 auf einer 3060, wie lange für 45 minuten audio?", 45 * 60),
    ("parakeet tdt 0.6b v3 en cpu, cuánto tarda con 2 horas de audio", 2 * 3600),
])
def test_the_audio_length_asked_gets_its_time(engine: Engine, question: str, seconds: int) -> None:
    a = engine.ask(question)
    sides = [a.facts, *(p["facts"] for p in a.facts.get("parts", []))]
    for f in sides:
        assert f["audio_seconds"] == seconds
        assert f["audio_time_s"] == pytest.approx(seconds * f["realtime_factor"], rel=0.01)
    assert len(sides) == (2 if "vs" in question else 1)
