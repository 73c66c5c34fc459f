"""Facts for local text-to-speech models (Kokoro, Piper, XTTS-v2, F5-TTS): their public figures side by side,
and one pick when the question weighs them.

Nothing is estimated (catalog/speech_synthesis.py): each model's memory and the real-time factor of a public
run on the kind of processor asked (a CPU when the question says so or names no card, else a GPU), and
whether its voices speak the asker's language. The pick follows the language-model rule of thumb: the
largest model that speaks the language and runs faster than real time on that processor in a public run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from answers.resolving.names import NameProblem
from catalog.speech_synthesis import TtsRecord, tts_models

REAL_TIME = 1.0  # a real-time factor below this speaks faster than it is heard


def _speed(s: Any) -> dict[str, Any]:
    return {"on": s.on, "rtf": s.rtf, "hardware": s.hardware, "source": s.source}


def _row(m: TtsRecord, processor: str, lang: str, hardware: str | None = None) -> dict[str, Any]:
    best = m.fastest_on(processor, hardware)
    speaks = "native" if lang in m.languages else "finetune" if lang in m.finetune_languages else "no"
    return {"name": m.name, "organization": m.organization, "license": m.license,
            "non_commercial": m.non_commercial, "params_b": m.params_b,
            "file_gb": m.file_gb, "memory_gb": m.memory_gb, "languages": list(m.languages), "speaks": speaks,
            "finetune_source": m.finetune_source if speaks == "finetune" else None,
            "on_processor": _speed(best) if best is not None else None,
            "runs": [_speed(s) for s in m.speeds], "source": m.source,
            "first_chunk": ({"low_s": m.first_chunk.low_s, "high_s": m.first_chunk.high_s,
                             "source": m.first_chunk.source} if m.first_chunk is not None else None),
            "cloning": m.cloning, "natural": m.natural, "cpu": _on_cpu(m)}


def _on_cpu(m: TtsRecord) -> dict[str, Any]:
    """Whether it keeps up on a CPU: its fastest measured CPU run, else a public statement, else not known
    (then a GPU is the safe plan)."""
    run = m.fastest_on("cpu")
    if run is not None:
        return {"real_time": run.rtf < REAL_TIME, "rtf": run.rtf, "source": run.source}
    if m.cpu_real_time is not None:
        return {"real_time": m.cpu_real_time, "rtf": None, "source": m.cpu_source}
    return {"real_time": None, "rtf": None, "source": None}


def natural_verdict(rows: Sequence[dict[str, Any]], lang: str, named: bool) -> dict[str, Any] | None:
    """"Which sounds most natural in French?": among the voices named (else all), those of the most natural kind
    that speak the language natively; the other voices of that kind that speak it, not named, beside them; and
    the kinds below among those named (Kokoro's flatter style, Piper's robotic one), each said."""
    native = [r for r in rows if r["speaks"] == "native" and r.get("natural")]
    if not native:
        return None
    top = min(r["natural"] for r in native)
    best = [r for r in native if r["natural"] == top]
    shown = {r["name"] for r in rows}
    others = [_row(m, "gpu", lang) for m in tts_models() if m.name not in shown and m.natural == 1
              and lang in m.languages] if named or top > 1 else []
    return {"language": lang, "best": [_brief(r) for r in best], "others": [_brief(r) for r in others[:3]],
            "below": [_brief(r) for r in native if r["natural"] > top], "tier": top}


def _brief(r: dict[str, Any]) -> dict[str, Any]:
    return {"name": r["name"], "natural": r["natural"], "cloning": r["cloning"],
            "non_commercial": r["non_commercial"], "license": r["license"]}


def _pick(rows: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The largest that speaks the language natively and runs faster than real time on the processor."""
    fit = [r for r in rows if r["speaks"] == "native" and r["on_processor"] and r["on_processor"]["rtf"] < REAL_TIME]
    if not fit:
        return None
    # of two the same size, the one a business may use (MIT before a non-commercial licence), then the quicker
    best = max(fit, key=lambda r: (r["params_b"] or 0.0, not r["non_commercial"], -r["on_processor"]["rtf"]))
    return {"name": best["name"], "rtf": best["on_processor"]["rtf"]}


def _verdict(row: dict[str, Any], processor: str, where: str | None, memory_gb: float | None,
             others: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """"Is it real time there?": the one model named, on the processor asked, from its public run (None without
    one). `same_hardware`: the run is on the very board or card named; `fits`: its memory within the card's;
    `instead`: when it is slower than real time, the fastest other voice that speaks the language and is not."""
    run = row["on_processor"]
    if run is None:
        return None
    real_time = run["rtf"] < REAL_TIME
    fits = None if memory_gb is None or not row["memory_gb"] else row["memory_gb"] <= memory_gb
    quicker = [r for r in others if r["speaks"] == "native" and r["on_processor"]
               and r["on_processor"]["rtf"] < REAL_TIME]
    instead = min(quicker, key=lambda r: r["on_processor"]["rtf"]) if not real_time and quicker else None
    return {"name": row["name"], "rtf": run["rtf"], "real_time": real_time, "hardware": run["hardware"],
            "where": where, "same_hardware": bool(where) and run["hardware"].casefold() == str(where).casefold(),
            "seconds_per_minute": round(run["rtf"] * 60, 1), "fits": fits, "memory_gb": memory_gb,
            "first_chunk": row["first_chunk"] if processor == "gpu" else None,
            "instead": {"name": instead["name"], "rtf": instead["on_processor"]["rtf"],
                        "hardware": instead["on_processor"]["hardware"]} if instead else None}


def tts_facts(named: Sequence[str], lang: str, *, cpu: bool, card: str | None,
              board: str | None = None, memory_gb: float | None = None,
              scale: tuple[float, Callable[[str], Any]] | None = None, cloning: bool = False) -> dict[str, Any]:
    """The models named (every curated one when none is), rated on a CPU or a GPU, in the asker's language;
    on a board named ("raspberry pi 5"), its runs on boards (that board's own first), never a desktop CPU's;
    a card's memory said ("a 6 GB GPU") is a GPU. One model named: a real-time verdict there. `scale`: the card's
    bandwidth and a card resolver, for each named voice's factor on that card (`on_card`)."""
    models = [m for m in tts_models() if m.name in named] or list(tts_models())
    on_gpu = card is not None or (memory_gb is not None and not cpu)
    processor = "board" if board and not on_gpu else "gpu" if on_gpu else "cpu"
    rows = [_row(m, processor, lang, board if processor == "board" else card) for m in models]
    if not named:  # no voice named: the voices that speak the language (the rest would only fill the answer)
        rows = [r for r in rows if r["speaks"] != "no" and (r["cloning"] or not cloning)] or rows
    also = _also(models, processor, lang, board if processor == "board" else card) if named else []
    verdict = None
    if len(rows) == 1:
        others = [_row(m, processor, lang, board if processor == "board" else card)
                  for m in tts_models() if m.name != rows[0]["name"]]
        verdict = _verdict(rows[0], processor, board if processor == "board" else card,
                           memory_gb if processor == "gpu" else None, others)
    voiced = [r for r in rows if r["cloning"] or not cloning]  # "voice cloning" asked: only the voices that clone
    choice = _pick([r for r in rows + also if r["cloning"] or not cloning]) if len(rows) > 1 else None
    out: dict[str, Any] = {
        "media": "tts", "processor": processor, "card": card, "board": board if processor == "board" else None,
        "language": lang, "models": rows, "named": list(named), "memory_gb": memory_gb if on_gpu else None,
        "choice": choice, "verdict": verdict, "also_voices": also, "cloning_asked": cloning,
        "natural": natural_verdict(voiced, lang, bool(named)),
        # one voice named: its own verdict says it
        "cpu_verdicts": [{"name": r["name"], **r["cpu"]} for r in rows] if processor == "cpu" and len(named) > 1
        else []}
    if scale is not None and card is not None and processor == "gpu":  # "does it run in real time on a 3060?"
        out["on_card"] = scaled_to_card(rows, card, scale[0], scale[1], bool(named))
        ranged = pick_on_card(choice, rows + also, card, scale[0], scale[1])
        if ranged is not None and all(o["name"] != ranged["name"] for o in out["on_card"]):
            out["pick_on_card"] = ranged
    return out


ALSO_AT_MOST = 3  # voices not named, listed beside the named ones: enough to show the way, not a second table


def _also(named: Sequence[TtsRecord], processor: str, lang: str, hardware: str | None) -> list[dict[str, Any]]:
    """Voices the asker did not name that speak their language natively and run faster than real time on that
    kind of processor in a public run, fastest first: "the best Italian voice? Piper sounds robotic" names the
    voices ruled out, and the answer must still show the ones left."""
    rows = [_row(m, processor, lang, hardware) for m in tts_models() if m not in named]
    fit = [r for r in rows if r["speaks"] == "native" and r["on_processor"] and r["on_processor"]["rtf"] < REAL_TIME]
    return sorted(fit, key=lambda r: r["on_processor"]["rtf"])[:ALSO_AT_MOST]


def _bandwidth(resolve: Callable[[str], Any], hardware: str) -> float | None:
    """The memory bandwidth of the card a public run names ("RTX 4090"); None when the catalog lacks it."""
    try:
        card = resolve(hardware)
    except NameProblem:
        return None
    return getattr(card, "bandwidth_gbps", None)


def scaled_to_card(rows: Sequence[dict[str, Any]], card: str, bandwidth: float,
                   resolve: Callable[[str], Any], named: bool) -> list[dict[str, Any]]:
    """Each voice's real-time factor on the card asked, from its public run on a named card, scaled by the ratio
    of memory bandwidths: these voices make audio token by token or in small diffusion steps at batch 1, where the
    weights' reads set the pace (XTTS-v2's 0.27 on an RTX 4090 becomes about 0.76 on a 3060: people report
    0.5-0.8). The voices named when some are, else those that speak the asker's language."""
    out = []
    for r in rows if named else [r for r in rows if r["speaks"] == "native"]:
        run = r.get("on_processor")
        if not run or not run.get("hardware"):
            continue
        source_bw = _bandwidth(resolve, run["hardware"])
        if not source_bw:
            continue
        rtf = run["rtf"] * source_bw / bandwidth
        out.append({"name": r["name"], "card": card, "rtf": round(rtf, 2), "real_time": rtf < REAL_TIME,
                    "from_rtf": run["rtf"], "from_hardware": run["hardware"], "from_bandwidth_gbs": source_bw,
                    "bandwidth_gbs": bandwidth, "speaks": r["speaks"], "seconds_per_minute": round(rtf * 60)})
    return out


def pick_on_card(pick: dict[str, Any] | None, rows: Sequence[dict[str, Any]], card: str, bandwidth: float,
                 resolve: Callable[[str], Any]) -> dict[str, Any] | None:
    """The pick's minute of audio on the card asked when its fastest run names no card ("a fork with CUDA graphs,
    card not named"): the range between that run and its runs on named cards scaled by bandwidth, said as a
    range, since the set-ups differ."""
    row = next((r for r in rows if pick is not None and r["name"] == pick["name"]), None)
    if row is None or not row["runs"] or (row["on_processor"] or {}).get("hardware"):
        return None
    factors = []
    for run in row["runs"]:
        if run["on"] != "gpu":
            continue
        source_bw = _bandwidth(resolve, run["hardware"]) if run["hardware"] else None
        factors.append(run["rtf"] * source_bw / bandwidth if source_bw else run["rtf"])
    if not factors:
        return None
    low, high = min(factors), max(factors)
    return {"name": row["name"], "card": card, "rtf_low": round(low, 2), "rtf_high": round(high, 2),
            "seconds_low": round(low * 60), "seconds_high": round(high * 60)}
