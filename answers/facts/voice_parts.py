"""The stages of a voice assistant on a named card, Jetson or Mac, each from its own home: Whisper on the card
(answers/facts/media_other.py), the language model's card answer (the engine's own, asked for the assumed
prompt), the voice's public runs (answers/facts/media_tts.py); summed by answers/facts/voice_turn.py."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.api import Answer, AskOptions
from answers.facts.common import Built
from answers.facts.voice_turn import constants, voice_facts
from answers.records.asked import Asked, MediaAsked

DEFAULT_STT = "Whisper small"  # no speech model named: the size people run beside a small model on a small device
DEFAULT_TTS = "Piper"


def _tts_row(named: str, lang: str, card: Any, shared: bool) -> dict[str, Any]:
    """The voice on that hardware: a GPU run when it has one, else the processor beside the card (a Jetson's
    Arm cores are a board's, a desktop's or a Mac's a CPU's: Piper and Kokoro run there)."""
    from answers.facts import media_tts

    on_gpu = media_tts.tts_facts([named], lang, cpu=False, card=card.name)["models"][0]
    if on_gpu.get("on_processor"):
        return on_gpu
    board = shared and card.vendor != "Apple"  # a module whose memory is the system's: a board's cores
    return media_tts.tts_facts([named], lang, cpu=not board, card=None,
                               board=card.name if board else None)["models"][0]


def voice_on_card(engine: Any, q: Asked, m: MediaAsked, card: Any, lang: str, options: AskOptions,
                  inline: bool) -> Answer | None:
    from answers.facts import media_other as other
    from catalog.media import media_named

    c = constants()
    stt_record = media_named(m.stt or DEFAULT_STT)
    if stt_record is None:
        return None
    stt = other.speech_on_card(stt_record, card)
    llm_named = q.model is not None
    asked = replace(q, media=None, model=q.model or c.llm, quant=q.quant or c.llm_quant, prompt_tokens=c.prompt_tokens)
    part = engine._answer("prefill", lang, options, asked, inline=True)
    row = part.facts.get("row") or {}
    if not row.get("tok_s") or not row.get("need_gb"):
        return None  # the language model could not be rated there: the voices' own answer instead
    llm = {"name": part.entities.get("model") or c.llm, **row}
    tts = _tts_row(m.tts[0] if m.tts else DEFAULT_TTS, lang, card, row.get("why") == "unified")
    usable = float(row.get("usable_gb") or card.memory_gb)
    facts = voice_facts(stt, llm, tts, card.name, usable, not llm_named)
    facts["stt"]["assumed"] = m.stt is None
    facts["tts"]["assumed"] = not m.tts
    entities = {"card": card.name, "model": llm["name"]}
    return engine.writing.finish("can_run", lang, options, entities, Built(facts), inline)
