"""Small pieces of the media answers (answers/media_engine.py), kept with the facts they touch: what a question
gives them (its cards, its memory) and what they mark after the fact (an NPU asked about, several cards already
said, an audio length's time)."""

from __future__ import annotations

from typing import Any

from answers.records.asked import Asked


def npu_asked(facts: dict[str, Any], asked: bool) -> None:
    """Mark a device's NPU as asked about (a board's is always said; a phone's only when asked)."""
    npu = (facts.get("device") or {}).get("npu")
    if isinstance(npu, dict):
        npu["asked"] = asked


def gpus_said(facts: dict[str, Any]) -> bool:
    """The media answer's own line on several cards is there (`gpus_asked`, at its top or under `media`)."""
    media = facts.get("media")
    return bool(facts.get("gpus_asked") or (isinstance(media, dict) and media.get("gpus_asked")))


def gpus_of(q: Asked) -> int:
    """Cards in the setup asked ("2x 3090", "two 3090s"), 1 when one or none."""
    if q.setup:
        return max(1, sum(count for _, count in q.setup))
    return max(1, q.gpu_count or 1)


def memory_of(q: Asked) -> float | None:
    """The memory a question names: a card's size, or the machine's RAM when it has no card."""
    return q.memory_gb if q.cpu is None else q.cpu.ram_gb


def audio_time(facts: dict[str, Any], seconds: float | None) -> dict[str, Any]:
    """The time for the audio length asked ("2 hours of audio"): its seconds times the real-time factor."""
    rtf = facts.get("realtime_factor")
    if not seconds or not isinstance(rtf, (int, float)):
        return facts
    return {**facts, "audio_seconds": seconds, "audio_time_s": round(seconds * rtf, 1),
            "audio_time_low_s": round(seconds * facts["realtime_factor_low"], 1),
            "audio_time_high_s": round(seconds * facts["realtime_factor_high"], 1)}
