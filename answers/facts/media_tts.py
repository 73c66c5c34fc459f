"""Facts for local text-to-speech models (Kokoro, Piper, XTTS-v2, F5-TTS): their public figures side by side,
and one pick when the question weighs them.

Nothing is estimated (catalog/speech_synthesis.py): each model's memory and the real-time factor of a public
run on the kind of processor asked (a CPU when the question says so or names no card, else a GPU), and
whether its voices speak the asker's language. The pick follows the language-model rule of thumb: the
largest model that speaks the language and runs faster than real time on that processor in a public run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from catalog.speech_synthesis import TtsRecord, tts_models

REAL_TIME = 1.0  # a real-time factor below this speaks faster than it is heard


def _speed(s: Any) -> dict[str, Any]:
    return {"on": s.on, "rtf": s.rtf, "hardware": s.hardware, "source": s.source}


def _row(m: TtsRecord, processor: str, lang: str) -> dict[str, Any]:
    best = m.fastest_on(processor)
    speaks = "native" if lang in m.languages else "finetune" if lang in m.finetune_languages else "no"
    return {"name": m.name, "organization": m.organization, "license": m.license,
            "non_commercial": m.non_commercial, "params_b": m.params_b,
            "file_gb": m.file_gb, "memory_gb": m.memory_gb, "languages": list(m.languages), "speaks": speaks,
            "finetune_source": m.finetune_source if speaks == "finetune" else None,
            "on_processor": _speed(best) if best is not None else None,
            "runs": [_speed(s) for s in m.speeds], "source": m.source}


def _pick(rows: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The largest that speaks the language natively and runs faster than real time on the processor."""
    fit = [r for r in rows if r["speaks"] == "native" and r["on_processor"] and r["on_processor"]["rtf"] < REAL_TIME]
    if not fit:
        return None
    best = max(fit, key=lambda r: (r["params_b"] or 0.0, -r["on_processor"]["rtf"]))
    return {"name": best["name"], "rtf": best["on_processor"]["rtf"]}


def tts_facts(named: Sequence[str], lang: str, *, cpu: bool, card: str | None,
              board: str | None = None) -> dict[str, Any]:
    """The models named (every curated one when none is), rated on a CPU or a GPU, in the asker's language;
    on a board named ("raspberry pi 5"), its runs on boards, never a desktop CPU's."""
    models = [m for m in tts_models() if m.name in named] or list(tts_models())
    processor = "board" if board and card is None else "cpu" if cpu or card is None else "gpu"
    rows = [_row(m, processor, lang) for m in models]
    return {"media": "tts", "processor": processor, "card": card, "board": board if processor == "board" else None,
            "language": lang, "models": rows, "named": list(named),
            "choice": _pick(rows) if len(rows) > 1 else None}
