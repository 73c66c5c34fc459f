"""A voice assistant on one device (speech to text + a language model + text to speech): each stage's memory
and its share of the wait for the first spoken word, the total against the device, and what was assumed (the
clip, the prompt, the answer's length). Each stage's figure comes from its own home: Whisper's from
answers/facts/media_other.py, the language model's from the card answer, the voice's from its public runs
(answers/facts/media_tts.py); the sums from estimator/voice_turn.py."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from estimator.voice_turn import TurnConstants, turn

DATA = Path(__file__).resolve().parents[2] / "estimator" / "data" / "voice_turn.json"


@cache
def constants() -> TurnConstants:
    return TurnConstants.from_dict(json.loads(DATA.read_text("utf-8")))


def _round(x: float | None, digits: int = 2) -> float | None:
    return None if x is None else round(x, digits)


def voice_facts(stt: dict[str, Any], llm: dict[str, Any], tts: dict[str, Any], hardware: str,
                usable_gb: float, llm_assumed: bool) -> dict[str, Any]:
    """`stt`: the speech answer's facts on that hardware; `llm`: the language model's row there (tok_s,
    need_gb, prefill_tok_s, quant) and its name; `tts`: the voice's row (name, on_processor, memory_gb)."""
    c = constants()
    run = tts.get("on_processor") or {}
    tts_gb = float(tts.get("memory_gb") or c.tts_memory_gb)
    tok_s = float(llm["tok_s"]) if llm.get("tok_s") else None
    t = turn(stt.get("realtime_factor"), float(stt.get("need_gb") or 0.0), tok_s,
             llm.get("prefill_tok_s"), float(llm["need_gb"]), run.get("rtf"), tts_gb, usable_gb, c)
    return {
        "media": "voice", "hardware": hardware, "usable_gb": round(usable_gb, 1),
        "memory_gb": round(t.memory_gb, 2), "fits": t.fits, "first_word_s": _round(t.first_word_s, 1),
        "stt": {"name": stt["model"]["name"], "memory_gb": round(float(stt.get("need_gb") or 0.0), 2),
                "rtf": _round(stt.get("realtime_factor"), 3), "seconds": _round(t.stt.seconds),
                "engine": stt.get("engine"), "where": stt.get("where")},
        "llm": {"name": llm["name"], "quant": llm.get("quant"), "memory_gb": round(t.llm.memory_gb, 2),
                "tok_s": _round(tok_s, 1), "prompt_s": _round(t.prompt_s),
                "first_sentence_s": _round(t.first_sentence_s), "seconds": _round(t.llm.seconds),
                "answer_s": None if tok_s is None else round(c.answer_tokens / tok_s, 1), "assumed": llm_assumed},
        "tts": {"name": tts["name"], "memory_gb": round(tts_gb, 2), "rtf": run.get("rtf"),
                "measured_on": run.get("hardware") or None, "seconds": _round(t.tts.seconds),
                "memory_assumed": not tts.get("memory_gb")},
        "assumed": {"clip_s": c.clip_s, "prompt_tokens": c.prompt_tokens, "answer_tokens": c.answer_tokens,
                    "first_sentence_tokens": c.first_sentence_tokens,
                    "first_sentence_audio_s": round(c.first_sentence_audio_s, 1)},
    }
