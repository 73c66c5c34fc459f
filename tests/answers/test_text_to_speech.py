"""Local text to speech (Kokoro, Piper, XTTS-v2, F5-TTS) is answered with the voices' public figures — memory,
the real-time factor of a public run on the processor asked, the languages they speak, their licence — and one
pick, instead of a decline; nothing is estimated. Phrasings in several languages, none from a trial."""

from __future__ import annotations

import msgspec
import pytest

from answers.engine import Engine
from answers.rendering.format import language_name
from catalog.speech_synthesis import TtsRecord, tts_models, tts_named_in


@pytest.mark.parametrize(("question", "lang", "language"), [
    ("synthèse vocale en local : kokoro, xtts ou f5-tts, ça tourne sur cpu ?", "fr", "français"),
    ("tts local em português no cpu: kokoro ou xtts ou f5-tts?", "pt", "português"),
    ("local tts on my cpu, kokoro or xtts v2 or f5-tts?", "en", "English"),
])
def test_three_voices_named_on_a_cpu_get_their_figures_and_one_pick(engine: Engine, question: str, lang: str,
                                                                     language: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("media") == "tts" and a.facts["processor"] == "cpu"
    names = [r["name"] for r in a.facts["models"]]
    assert names == ["Kokoro-82M", "XTTS-v2", "F5-TTS"]
    kokoro = a.facts["models"][0]
    assert kokoro["on_processor"]["rtf"] == 0.5 and kokoro["speaks"] == "native"  # the public CPU run
    assert a.facts["choice"]["name"] == "Kokoro-82M"  # the only one with a CPU run faster than real time
    assert a.facts["models"][1]["on_processor"] is None and a.facts["models"][2]["on_processor"] is None
    assert language in a.text and "Kokoro-82M" in a.text.splitlines()[-2]
    assert not a.unused and "out_of_scope" not in a.facts


def test_a_language_a_voice_does_not_speak_is_said_and_never_picked(engine: Engine) -> None:
    """Kokoro has no German voice; XTTS-v2 speaks German but has no public CPU run: neither is picked, and a voice
    not named that speaks German faster than real time on a CPU (Piper, rhasspy/piper#235) is shown instead."""
    a = engine.ask("Sprachsynthese auf Deutsch auf der CPU: kokoro oder xtts?")
    assert a.locale == "de"
    rows = {r["name"]: r for r in a.facts["models"]}
    assert rows["Kokoro-82M"]["speaks"] == "no" and rows["XTTS-v2"]["speaks"] == "native"
    assert "keine Stimme auf Deutsch" in a.text
    assert a.facts["choice"] is not None and a.facts["choice"]["name"] not in ("Kokoro-82M", "XTTS-v2")
    assert all(r["speaks"] == "native" and r["on_processor"]["rtf"] < 1 for r in a.facts["also_voices"])
    assert "Piper" in [r["name"] for r in a.facts["also_voices"]] and "Nicht genannt" in a.text


def test_voices_ruled_out_by_name_still_leave_the_others_shown(engine: Engine) -> None:
    """Naming two voices to rule them out ("sounds robotic") must not hide the other voices of that language."""
    a = engine.ask("voce sintetica in italiano su una rtx 3060, meglio di kokoro e piper che suonano male?")
    also = [r["name"] for r in a.facts["also_voices"]]
    assert also and "Kokoro-82M" not in also and "Piper" not in also
    assert all(r["speaks"] == "native" for r in a.facts["also_voices"])
    assert a.facts["choice"]["name"] in also  # the largest real-time Italian voice is not one of the two named


def test_a_card_named_rates_them_on_a_gpu(engine: Engine) -> None:
    a = engine.ask("sintesi vocale con f5-tts o kokoro su una rtx 4070?")
    assert a.facts["processor"] == "gpu" and a.facts["card"] == "GeForce RTX 4070"
    f5 = next(r for r in a.facts["models"] if r["name"] == "F5-TTS")
    assert f5["on_processor"]["rtf"] == pytest.approx(0.147) and f5["speaks"] == "no"


def test_text_to_speech_without_a_name_lists_every_voice_that_speaks_the_language(engine: Engine) -> None:
    a = engine.ask("¿qué tts local funciona bien en una cpu sin gráfica?")
    spanish = [m.name for m in tts_models() if "es" in m.languages or "es" in m.finetune_languages]
    assert a.locale == "es" and [r["name"] for r in a.facts["models"]] == spanish
    assert "Piper" in a.text and "Dia-1.6B" not in a.text  # Dia speaks English only


def test_the_voice_named_is_not_said_back_as_an_unknown_model(engine: Engine) -> None:
    a = engine.ask("f5-tts on a cpu, usable?")
    # stated under the voice catalog's name (since 0.20.0, readnames7), never as an unknown language model
    assert a.facts.get("media") == "tts" and not a.unused and a.asked.get("models") == ["F5-TTS"]


def test_every_figure_has_its_source_and_the_names_are_found_as_words() -> None:
    for m in tts_models():
        assert len(m.source) >= 10 and all(len(s.source) >= 10 for s in m.speeds)
    assert [m.name for m in tts_named_in("piper or kokoro tts?")] == ["Kokoro-82M", "Piper"]
    assert tts_named_in("my f5 key is stuck") == ()
    with pytest.raises(ValueError, match="fine-tune"):
        msgspec.convert({"name": "x", "organization": "o", "license": "l", "languages": ["en"],
                         "source": "a source text", "finetune_languages": ["es"]}, TtsRecord)


def test_language_names_come_from_babel_in_each_locale() -> None:
    assert [language_name("es", loc) for loc in ("en", "it", "fr", "de", "es", "pt")] == [
        "Spanish", "spagnolo", "espagnol", "Spanisch", "español", "espanhol"]
