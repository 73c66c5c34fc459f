"""Facts for "which Whisper runs in real time on my phone": every Whisper size with the public runs on phones
(catalog/data/media/speech_phones.json), a verdict per phone class, and the largest size that keeps up.

Measured, not estimated. One rule for the verdict: a size keeps up with speech on a class of phone when a
public run of it, or of a larger size, has a real-time factor below 1 on a phone of that class (a smaller
Whisper is never slower on the same phone); a flagship keeps up with whatever a mid-range phone does.
"""

from __future__ import annotations

from typing import Any

from catalog.media import media_models
from catalog.speech_phones import PhoneRun, speech_phones

REAL_TIME = 1.0
TIERS = ("mid-range", "flagship")


def _run(r: PhoneRun) -> dict[str, Any]:
    return {"rtf": r.rtf, "phone": r.phone, "soc": r.soc, "engine": r.engine, "source": r.source}


def _tier(tier: str, own: list[PhoneRun], larger: list[PhoneRun]) -> dict[str, Any]:
    """One size on one class of phone: its own fastest run there, and whether it (or a larger size) keeps up."""
    classes = TIERS[: TIERS.index(tier) + 1]  # a flagship does what a mid-range phone does
    mine = [r for r in own if r.tier in classes]
    best = min(mine, key=lambda r: r.rtf) if mine else None
    bigger = [r for r in larger if r.tier in classes and r.rtf < REAL_TIME]
    keeps_up = (best is not None and best.rtf < REAL_TIME) or bool(bigger)
    known = best is not None or bool(bigger)
    return {"run": _run(best) if best is not None else None, "real_time": keeps_up if known else None,
            "by_larger": keeps_up and not (best is not None and best.rtf < REAL_TIME)}


def speech_on_phone(named: str | None, phone: str | None, assumed: bool) -> dict[str, Any]:
    """Every Whisper size (smallest first) with its runs on phones, a verdict per class, and the picks."""
    data = speech_phones()
    sizes = sorted((r for r in media_models() if r.kind == "speech" and r.speech is not None
                    and r.speech.arch == "whisper" and r.speech.params_b is not None),
                   key=lambda r: r.speech.params_b if r.speech is not None else 0.0)
    rows: list[dict[str, Any]] = []
    for i, record in enumerate(sizes):
        own = [r for r in data.runs if r.model == record.name]
        larger = [r for r in data.runs if r.model in {s.name for s in sizes[i + 1:]}]
        rows.append({"model": record.name, **{t.replace("-", "_"): _tier(t, own, larger) for t in TIERS}})
    picks = {t.replace("-", "_"): next((r["model"] for r in reversed(rows) if r[t.replace("-", "_")]["real_time"]),
                                       None) for t in TIERS}
    return {"media": "speech", "mode": "phone", "phone": phone, "phone_assumed": assumed, "named": named,
            "sizes": rows, "picks": picks, "advice": {"models": list(data.advice.models),
                                                      "source": data.advice.source}}
