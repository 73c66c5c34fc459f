"""One turn of a voice assistant: speech to text, a language model, text to speech, one after the other.

The first word is heard after the whole request is transcribed, the prompt is read, the first sentence is
written and that sentence is spoken aloud by the voice (the rest streams while it plays):

    first word = clip × STT real-time factor + prompt time + first-sentence tokens ÷ decode speed
                 + first sentence's audio × TTS real-time factor

Memory: the three models stay loaded together, so their memories add up against what the device can use.
Pure functions; the assumed turn comes in as `TurnConstants` (estimator/data/voice_turn.json, with sources).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct


class TurnConstants(Struct, frozen=True):
    clip_s: float
    prompt_tokens: int
    answer_tokens: int
    first_sentence_tokens: int
    words_per_token: float
    words_per_second: float
    llm: str
    llm_quant: str
    tts_memory_gb: float

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TurnConstants:
        try:
            out = cls(clip_s=float(data["clip_s"]["value"]), prompt_tokens=int(data["prompt_tokens"]["value"]),
                      answer_tokens=int(data["answer_tokens"]["value"]),
                      first_sentence_tokens=int(data["first_sentence_tokens"]["value"]),
                      words_per_token=float(data["words_per_token"]["value"]),
                      words_per_second=float(data["words_per_second"]["value"]),
                      llm=str(data["llm"]["name"]), llm_quant=str(data["llm"]["quant"]),
                      tts_memory_gb=float(data["tts_memory_gb"]["value"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"voice turn constants: missing or malformed figure ({exc})") from exc
        if min(out.clip_s, out.words_per_token, out.words_per_second, out.tts_memory_gb) <= 0 \
                or not 0 < out.first_sentence_tokens <= out.answer_tokens or out.prompt_tokens <= 0:
            raise ValueError("voice turn constants: every figure is positive; the first sentence is in the answer")
        return out

    @property
    def first_sentence_audio_s(self) -> float:
        return self.first_sentence_tokens * self.words_per_token / self.words_per_second


class Stage(Struct, frozen=True):
    memory_gb: float
    seconds: float | None  # this stage's share of the wait for the first word (None: no figure)


class Turn(Struct, frozen=True):
    memory_gb: float
    fits: bool
    first_word_s: float | None  # None when a stage has no figure
    stt: Stage
    llm: Stage
    tts: Stage
    prompt_s: float | None
    first_sentence_s: float | None


def turn(stt_rtf: float | None, stt_gb: float, tok_s: float | None, prefill_tok_s: float | None, llm_gb: float,
         tts_rtf: float | None, tts_gb: float, usable_gb: float, c: TurnConstants) -> Turn:
    """The three stages of one turn on one device with `usable_gb` of memory for all of them; `tok_s` None: the
    language model has no speed there (it does not fit), so the turn has no time either."""
    if (tok_s is not None and tok_s <= 0) or min(stt_gb, llm_gb, tts_gb) < 0 or (stt_rtf is not None and stt_rtf < 0) \
            or (tts_rtf is not None and tts_rtf < 0):
        raise ValueError("voice turn: speeds are positive, memories and real-time factors not below zero")
    stt = Stage(stt_gb, None if stt_rtf is None else c.clip_s * stt_rtf)
    prompt_s = None if not prefill_tok_s else c.prompt_tokens / prefill_tok_s
    first_sentence_s = None if tok_s is None else c.first_sentence_tokens / tok_s
    llm = Stage(llm_gb, None if prompt_s is None or first_sentence_s is None else prompt_s + first_sentence_s)
    tts = Stage(tts_gb, None if tts_rtf is None else c.first_sentence_audio_s * tts_rtf)
    parts = (stt.seconds, llm.seconds, tts.seconds)
    first = None if any(p is None for p in parts) else sum(p for p in parts if p is not None)
    total = stt_gb + llm_gb + tts_gb
    return Turn(total, total <= usable_gb, first, stt, llm, tts, prompt_s, first_sentence_s)
