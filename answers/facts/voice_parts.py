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
    # lazy: the media records load only for a question naming media (answers/media_engine.py)
    from answers.facts import media_tts

    on_gpu = media_tts.tts_facts([named], lang, cpu=False, card=card.name)["models"][0]
    if on_gpu.get("on_processor"):
        return on_gpu
    board = shared and card.vendor != "Apple"  # a module whose memory is the system's: a board's cores
    return media_tts.tts_facts([named], lang, cpu=not board, card=None,
                               board=card.name if board else None)["models"][0]


def _name(m: Any) -> str | None:
    return m if isinstance(m, str) or m is None else str(m.name)


def _said(facts: dict[str, Any], q: Asked, m: MediaAsked, llm: Any) -> None:
    """Which stage was named and which assumed; a bare "whisper" the model reading took for one release is
    recorded as read (it is the speech stage, its size assumed), so it is never listed as not used."""
    facts["stt"]["assumed"] = m.stt is None
    facts["tts"]["assumed"] = not m.tts
    facts["stt"]["read_as"] = [n for n in (_name(x) for x in (q.model, q.model2, *q.more_models))
                               if n and n != _name(llm) and "whisper" in n.casefold()]


def language_model_named(q: Asked) -> Any:
    """The language model named, never the speech or voice model the catalog also lists ("whisper" is a
    catalog model too): the first model named that is no media or voice record."""
    # lazy: the media records load only for a question naming media (answers/media_engine.py)
    from catalog.media import media_named
    from catalog.speech_synthesis import tts_record

    for m in (q.model, q.model2, *q.more_models):
        name = _name(m)
        if name and media_named(name) is None and tts_record(name) is None and "whisper" not in name.casefold():
            return m
    return None


def voice_on_card(engine: Any, q: Asked, m: MediaAsked, card: Any, lang: str, options: AskOptions,
                  inline: bool) -> Answer | None:
    # lazy: the media records load only for a question naming media (answers/media_engine.py)
    from answers.facts import media_other as other
    from catalog.media import media_named

    c = constants()
    stt_record = media_named(m.stt or DEFAULT_STT)
    if stt_record is None:
        return None
    stt = other.speech_on_card(stt_record, card)
    named = language_model_named(q)
    llm_named = named is not None
    asked = replace(q, media=None, model=named or c.llm, model2=None, more_models=(), quant=q.quant or c.llm_quant,
                    prompt_tokens=c.prompt_tokens)
    part = engine._answer("prefill", lang, options, asked, inline=True)
    row = part.facts.get("row") or {}
    if not row.get("need_gb"):
        return None  # the language model could not be rated there: the voices' own answer instead
    llm = {"name": part.entities.get("model") or c.llm, **row, "quant": row.get("quant") or asked.quant}
    tts = _tts_row(m.tts[0] if m.tts else DEFAULT_TTS, lang, card, row.get("why") == "unified")
    usable = float(row.get("usable_gb") or card.memory_gb)
    facts = voice_facts(stt, llm, tts, card.name, usable, not llm_named)
    _said(facts, q, m, named)
    entities = {"card": card.name, "model": llm["name"]}
    return engine.writing.finish("can_run", lang, options, entities, Built(facts), inline)


BOARD_STT = "Whisper base"  # on a board's Arm cores: the size small-board voice set-ups run (tiny and base)


def voice_on_device(engine: Any, q: Asked, m: MediaAsked, lang: str, options: AskOptions,
                    inline: bool) -> Answer | None:
    """The same turn on a board's processor (a Raspberry Pi 5): Whisper and the language model on its cores
    (the prompt at the cores' matrix rate, estimator.machine.cpu_prefill), the voice from its runs on boards."""
    # lazy: the media records load only for a question naming media (answers/media_engine.py)
    from answers.facts import media_other as other
    from answers.facts import media_tts
    from catalog.media import media_named
    from estimator.machine import cpu_prefill

    d, _ = other.device_record(m.device, False)
    stt_record = media_named(m.stt or BOARD_STT)
    if d is None or d.cpu is None or d.kind != "board" or stt_record is None:
        return None
    c = constants()
    cpu = (d.cpu.cores, d.cpu.ghz, d.cpu.effective_flops_per_cycle)
    stt = {**other.speech_on_cpu(stt_record, engine._machine(), "device", cpu, d.bandwidth_gbps),
           "model": {"name": stt_record.name}}
    named = language_model_named(q)
    try:
        record = engine.names.resolve_model(named or c.llm)
    except Exception:  # noqa: BLE001 - a name the catalog cannot settle: the voices' own answer instead
        return None
    size = engine.estimates.size_of(record) if record is not None else None
    if record is None or size is None:
        return None
    profile = engine.profiles.get(options.profile or "reference")
    dev = other.llm_on_device(profile, record, size, d, None, False, None, q.quant or c.llm_quant)
    row = dev.get("row") or {}
    if not row.get("tok_s"):
        return None
    pre = cpu_prefill(engine._machine(), size.active_params_b or size.params_b, cores=d.cpu.cores, ghz=d.cpu.ghz,
                      flops_per_cycle=d.cpu.effective_flops_per_cycle, moe=size.is_moe,
                      achieved_gflops=d.cpu.llm_prompt_gflops)
    llm = {"name": record.name, "tok_s": row["tok_s"], "need_gb": row["need_gb"], "quant": row.get("quant"),
           "prefill_tok_s": pre.tok_s}
    tts = media_tts.tts_facts([m.tts[0] if m.tts else DEFAULT_TTS], lang, cpu=False, card=None,
                              board=d.name)["models"][0]
    facts = voice_facts(stt, llm, tts, d.name, float(dev["usable_gb"]), named is None)
    _said(facts, q, m, named)
    return engine.writing.finish("can_run", lang, options, {"card": d.name, "model": record.name}, Built(facts),
                                 inline)
