"""A language model and an image, video or speech model on one card ("qwen3 30b and sdxl together on a 3090",
"llama 3.1 8b and whisper together on a jetson"): each
model's own answer there (the card answer and the media answer, their homes), then whether both stay loaded,
fit with the image model loading one part at a time, or must be swapped, with the time a swap takes read from
an NVMe drive (answers/knowledge/side_notes.json `ssd`, a floor: loading also copies to the card)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.api import Answer, AskOptions
from answers.facts.common import Built
from answers.facts.voice_parts import language_model_named
from answers.knowledge.side_notes import figures
from answers.records.asked import Asked


def together_facts(llm: dict[str, Any], image: dict[str, Any], usable_gb: float) -> dict[str, Any]:
    """`llm`: the language model's row on the card (need_gb, quant, tok_s); `image`: the media facts (need_gb one
    part at a time, resident_gb everything loaded)."""
    nvme = float(figures("ssd")["nvme_gbps"])
    llm_gb = float(llm["need_gb"])
    one_part = float(image["need_gb"])
    resident = float(image.get("resident_gb") or one_part)
    if llm_gb + resident <= usable_gb:
        mode = "loaded"
    elif llm_gb + one_part <= usable_gb:
        mode = "parts"  # the image model's parts take turns beside the language model
    else:
        mode = "swap"
    return {"media": "besidellm", "mode": mode, "kind": image.get("media"), "usable_gb": round(usable_gb, 1),
            "llm_gb": round(llm_gb, 2),
            "llm": llm.get("name"), "quant": llm.get("quant"), "tok_s": llm.get("tok_s"),
            "image": (image.get("model") or {}).get("name"), "image_gb": round(one_part, 2),
            "image_resident_gb": round(resident, 2), "total_gb": round(llm_gb + resident, 2),
            "seconds_per_image": image.get("seconds_per_image"),
            "swap_s": round(max(llm_gb, resident) / nvme, 1), "nvme_gbps": nvme}


SMALLER = "Q4_K_M"  # the usual level people drop to so a second model fits beside the language model


IMAGE_SMALLER = "fp8"  # the image model's 8-bit file, the usual one beside another model


def _image_at(image: dict[str, Any], precision: str) -> dict[str, Any] | None:
    """The image answer's figures for another file of it (its `levels`), None when it has none such."""
    if image.get("precision") == precision:
        return image
    level = next((lv for lv in image.get("levels") or () if lv.get("precision") == precision), None)
    return None if level is None else {**level, "model": image.get("model"),
                                       "seconds_per_image": level.get("seconds")}


def _keep_both(engine: Any, asked: Asked, llm: dict[str, Any], image: dict[str, Any], usable: float, lang: str,
               options: AskOptions) -> dict[str, Any] | None:
    """The least change that keeps both on the card without swapping: the image model's 8-bit file, then the
    language model at Q4_K_M, then both (a level or file the question named is kept)."""
    low = None
    if asked.quant is None and llm.get("quant") != SMALLER:
        row = engine._answer("speed", lang, options, replace(asked, quant=SMALLER), inline=True).facts.get("row") or {}
        low = {**row, "name": llm["name"]} if row.get("need_gb") and row.get("tok_s") \
            and row["need_gb"] < llm["need_gb"] else None
    # a speech model has one file the card holds whole (its own answer's precision): only the language model drops
    speech = image.get("media") == "speech"
    fp8 = None if image.get("precision_said") or speech else _image_at(image, IMAGE_SMALLER)
    tries = [(lm, im) for lm, im in ((llm, fp8), (low, image), (low, fp8))
             if lm is not None and im is not None and not (lm is llm and im is image)]
    for wanted in ("loaded", "parts"):  # both kept whole first, else the image model's parts taking turns
        for lm, im in tries:
            there = together_facts(lm, im, usable)
            if there["mode"] != wanted:
                continue
            return {"quant": lm.get("quant"), "llm_gb": there["llm_gb"], "tok_s": lm.get("tok_s"),
                    "precision": im.get("precision"), "image_gb": there["image_gb"], "mode": there["mode"],
                    "total_gb": there["total_gb"], "seconds_per_image": im.get("seconds_per_image")}
    return None


def with_language_model(engine: Any, q: Asked, media: Answer, card: Any, lang: str, options: AskOptions,
                        inline: bool) -> Answer | None:
    """The media answer with the language model named beside it answered on the same card, and the line on
    running both; None when no language model is named or it cannot be rated there."""
    named = language_model_named(q)
    if named is None and q.model_size_b is None:
        return None
    asked = replace(q, media=None, image_model=None, model=named, model2=None, more_models=())
    part = engine._answer("speed", lang, options, asked, inline=True)
    row = part.facts.get("row") or {}
    if not row.get("need_gb") or part.intent in ("not_found", "ambiguous", "invalid", "fallback"):
        return None
    llm = {**row, "name": part.entities.get("model")}
    usable = float(row.get("usable_gb") or card.memory_gb)
    facts = together_facts(llm, media.facts, usable)
    if facts["mode"] != "loaded":
        smaller = _keep_both(engine, asked, llm, media.facts, usable, lang, options)
        if smaller is not None:
            facts["smaller"] = smaller
    entities = {"card": card.name, "model": facts["image"]}
    line = engine.writing.finish("can_run", lang, options, entities, Built(facts), inline)
    return engine.writing.joined([part, media, line])


BUDGET_SHOWN = 5  # the budget answer's list shows its five fastest cards


def _side_llm(side: dict[str, Any]) -> dict[str, Any] | None:
    """A compared card's language-model row: the level it holds, or the lower one it recommends when the usual
    level does not fit (the 30B on a 16 GB card at Q3_K_M)."""
    if side.get("need_gb") and side.get("tok_s"):
        return side
    rec = (side.get("verdict") or {}).get("recommended") or {}
    return {**side, **rec} if rec.get("need_gb") else None


def beside_cards(engine: Any, answer: Answer, q: Asked, lang: str, options: AskOptions, inline: bool) -> Answer:
    """"30b models and a bit of sdxl: 3090, 5070 ti or arc pro b60?": the cards weighed for the language model,
    then the image model on each of them, and whether it runs beside the language model or swaps with it."""
    m = q.media
    if answer.intent not in ("compare", "what_gpu") or m is None or not m.model:
        return answer
    # lazy: after the check, so the media records load only for a question naming media (answers/media_engine.py)
    from catalog.media import media_named

    record = media_named(m.model)
    f = answer.facts
    # the cards compared, or those a budget answer lists (the ones shown, and the used card it offers)
    sides = [f.get("a"), f.get("b"), *(f.get("more") or ())] if answer.intent == "compare" \
        else [*(f.get("in_budget") or ())[:BUDGET_SHOWN], f.get("used_card")]
    if record is None or record.kind not in ("image", "video"):
        return answer
    rows: list[dict[str, Any]] = []
    for side in (s for s in sides if s and s.get("card")):
        llm = _side_llm(side or {})
        if llm is None:
            continue
        # the media answer's own path for a model and a card named (as a slash command's fields give them)
        media = engine._media_fields("can_run", lang, options, record.name, side["card"], None)
        image = media.facts if media is not None else {}
        if not image.get("seconds_per_image"):
            continue
        usable = float(llm.get("usable_gb") or side.get("memory_gb") or 0.0)
        both = together_facts({**llm, "name": answer.entities.get("model")}, image, usable)
        if all(r["card"] != side["card"] for r in rows):
            rows.append({**both, "card": side["card"]})
    if not rows:
        return answer
    facts = {"media": "besidecards", "image": record.name, "rows": rows}
    line = engine.writing.finish("can_run", lang, options, {"model": record.name}, Built(facts), inline)
    return replace(answer, facts={**answer.facts, "image_beside": rows},
                   text=answer.text.rstrip() + "\n\n" + line.text)
