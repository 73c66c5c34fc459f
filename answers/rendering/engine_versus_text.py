"""Two engines or formats weighed (answers/facts/engine_versus.py) in words: one line per side, one verdict."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.api import Answer
from answers.facts.engine_versus import weighed
from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering import markdown, render
from answers.rendering.format_notes import PAIRS
from answers.rendering.side_notes_text import notes_of, with_notes
from answers.rendering.sub_ask_text import at_once_line

HEAD = N_("%(model)s on %(hardware)s, both ways:")
SIDE = N_("**%(engine)s** at %(quant)s: about %(tok)s tokens per second (%(range)s), %(need)s GB.")
SIDE_EACH = N_("**%(engine)s** at %(quant)s: about %(tok)s tokens per second each for %(users)s people "
               "(%(range)s), %(need)s GB.")
SIDE_TOTAL = N_("About %(total)s tokens per second in all.")
# Ollama as installed with more people than its default slots: the others wait in its queue
SIDE_QUEUE = N_("**%(engine)s** at %(quant)s as installed answers %(slots)s request at a time (`OLLAMA_NUM_PARALLEL`), "
                "the others wait in its queue: with %(users)s people asking together, about %(tok)s tokens per second "
                "each on average (%(range)s).")
SIDE_NO_FIT = N_("**%(engine)s** at %(quant)s: does not fit here (needs about %(need)s GB).")
SIDE_CANNOT = N_("**%(engine)s**: cannot run %(quant)s on %(card)s.")
SIDE_NO_OFFLOAD = N_("**%(engine)s** at %(quant)s: needs about %(need)s GB, more than the cards hold, and it keeps the "
                     "whole model in graphics memory: it cannot leave part of it in system RAM the way llama.cpp "
                     "does (vLLM's `--cpu-offload-gb` copies that part to the card on every token, far slower).")
WITH_CACHE = N_("%(quant)s with the conversation cache at %(cache)s")
SIDE_PROMPT = N_("With %(engine)s the prompt of %(prompt)s tokens takes about %(ttft)s s: about %(tok)s tokens per "
                 "second (range %(range)s).")
SAME_RUNTIME = N_("Both run llama.cpp underneath: the difference is the level each picks by default (%(a)s, %(b)s); "
                  "at the same level they run at the same speed.")
HEAD_MORE = N_("%(model)s on %(hardware)s, %(n)s ways:")
# three sides or more ("exl3 vs gguf vs awq"): the pick against the best of the rest
VERDICT_MORE = {
    "same": N_("Verdict: %(winner)s and %(loser)s, about the same speed here and the fastest of the %(n)s: choose "
               "between them by the features you need."),
    "only": N_("Verdict: %(winner)s, the only one of the %(n)s that runs it here."),
    "neither": N_("Verdict: none of the %(n)s runs it here."),
}
VERDICT = {
    "faster": N_("Verdict: %(winner)s, about %(ratio)s× as fast as %(loser)s here."),
    "same": N_("Verdict: about the same speed here, closer than the estimates' own spread: choose by the features "
               "you need."),
    "only": N_("Verdict: %(winner)s, the only one of the two that runs it here."),
    "neither": N_("Verdict: neither of the two runs it here."),
}


def _side_lines(s: dict[str, Any], lang: str) -> str:
    """The side's line, and its prompt reading under it when the question gave a prompt."""
    line = _side_line(s, lang)
    if not s.get("prefill_tok_s") or not s.get("ttft_s"):
        return line
    return line + "\n" + i18n.gettext(lang, SIDE_PROMPT) % {
        "engine": markdown.escape(s["engine_label"]), "prompt": fmt.integer(s["prompt_tokens"], lang),
        "ttft": fmt.decimal(s["ttft_s"], 1, lang), "tok": fmt.tok_s(s["prefill_tok_s"], lang),
        "range": fmt.tok_range(s["prefill_tok_s_low"], s["prefill_tok_s_high"], lang)}


def _side_line(s: dict[str, Any], lang: str) -> str:
    level = f"`{s['quant']}`" if s["quant"] else "—"
    if s.get("cache_type"):
        level = i18n.gettext(lang, WITH_CACHE) % {"quant": level, "cache": f"`{s['cache_type']}`"}
    values = {"engine": markdown.escape(s["engine_label"]), "quant": level,
              "need": fmt.gb(need, lang) if (need := s.get("users_need_gb") or s["need_gb"]) is not None else "—",
              "card": markdown.escape(s.get("card") or "")}
    if s["runs"]:
        values.update(tok=fmt.tok_s(s["tok_s"], lang), range=fmt.tok_range(s["tok_s_low"], s["tok_s_high"], lang))
        if s.get("users") and s.get("default_slots"):
            return i18n.gettext(lang, SIDE_QUEUE) % {**values, "users": fmt.integer(s["users"], lang),
                                                     "slots": fmt.integer(s["default_slots"], lang)}
        if s.get("users"):
            line = i18n.gettext(lang, SIDE_EACH) % {**values, "users": fmt.integer(s["users"], lang)}
            if s.get("total_tok_s"):
                line += " " + i18n.gettext(lang, SIDE_TOTAL) % {"total": fmt.tok_s(s["total_tok_s"], lang)}
            return line
        return i18n.gettext(lang, SIDE) % values
    if s["reason"] == "fit":
        return i18n.gettext(lang, SIDE_NO_FIT) % values
    if s["reason"] == "offload":
        return i18n.gettext(lang, SIDE_NO_OFFLOAD) % values
    return i18n.gettext(lang, SIDE_CANNOT) % values


def text(v: dict[str, Any], lang: str) -> str:
    """The sides, then the verdict, in the answer's language."""
    sides = v["sides"]
    n = len(sides)
    lines = [_side_lines(s, lang) for s in sides]
    if v.get("model") and v.get("hardware"):
        lines.insert(0, i18n.gettext(lang, HEAD if n == 2 else HEAD_MORE) % {
            "model": markdown.escape(v["model"]), "hardware": markdown.escape(v["hardware"]),
            "n": fmt.integer(n, lang)})
    lines.append(_verdict(v, lang))
    if v.get("same_runtime"):
        lines.append(i18n.gettext(lang, SAME_RUNTIME) % {"a": f"`{sides[0]['quant']}`", "b": f"`{sides[1]['quant']}`"})
    return markdown.finish("\n".join(lines))


def _verdict(v: dict[str, Any], lang: str) -> str:
    """The verdict line: between two sides, or the pick against the best of the rest among more."""
    sides = v["sides"]
    n = len(sides)
    win, lose = (v.get("best"), v.get("runner")) if n > 2 else (v["winner"], v.get("loser"))
    if win is None and v["winner"] is not None:  # an engine_versus made before `loser` was kept
        win, lose = v["winner"], 1 - v["winner"]
    values: dict[str, str] = {"n": fmt.integer(n, lang)}
    if win is not None and lose is not None:
        values.update(winner=_name(sides[win]), loser=_name(sides[lose]))
    if v["ratio"] is not None:
        values["ratio"] = fmt.decimal(v["ratio"], 1, lang)
    if n > 2 and v["verdict"] in VERDICT_MORE:
        return i18n.gettext(lang, VERDICT_MORE[v["verdict"]]) % values
    said = i18n.gettext(lang, VERDICT[v["verdict"]])
    engines = frozenset(s["engine"] for s in sides)
    if v["verdict"] == "same" and len(engines) == 2 and engines in PAIRS:
        # the same speed here: the verdict is what else tells the two apart (a plain sentence, no placeholders)
        return i18n.gettext(lang, PAIRS[engines])
    return said % values if "%(" in said else said


def _name(s: dict[str, Any]) -> str:
    """"vLLM (FP8)": the engine and the level, so two formats under one engine stay apart."""
    label = markdown.escape(s["engine_label"])
    return f"{label} (`{s['quant']}`)" if s["quant"] else label


def answered(first: Answer, sides: list[Answer], lang: str) -> Answer:
    """The answer weighing both sides, or `first` unchanged when a side gives no speed on one machine. The facts
    are the first side's (its engine, its row) with `engine_versus` beside them."""
    v = weighed([s.facts for s in sides])
    if v is None:
        return first
    model = sides[0].facts.get("model")
    v = {**v, "model": model.get("name") if isinstance(model, dict) else None, "hardware": v["sides"][0]["card"]}
    facts = {**sides[0].facts, "engine_versus": v}
    credits = list(dict.fromkeys(c for s in sides for c in s.credits))
    said = with_notes(text(v, lang), notes_of(sides[0].facts), lang)  # "…worth it for throughput?": said too
    said = _with_context_fit(said, sides[0].facts, lang)  # "…and how much context before it swaps?"
    if _serving(sides[0]):
        # "sglang or vllm, and how many requests in parallel?": the first side's serving answer after the verdict
        # (how many fit in the cache pool beside the weights, the queue, an 8-bit cache, the newcomer's wait)
        said = markdown.finish(f"{said.rstrip()}\n\n{sides[0].text.strip()}")
    else:
        at_once = at_once_line(sides[0].facts, lang)  # "…and how many requests in parallel?": the memory's answer
        if at_once:
            said = markdown.finish(said.rstrip() + "\n" + at_once)
    return replace(sides[0], facts=markdown.inert(facts), text=said, credits=credits)


def _serving(side: Answer) -> bool:
    """A side answered for several people at once whose caches do not all fit: the pool is the answer's point."""
    row = side.facts.get("row") or {}
    return side.intent == "users" and (row.get("users") or 0) > 1 and row.get("users_fit") is False


def _with_context_fit(said: str, facts: dict[str, Any], lang: str) -> str:
    """`said` with the first side's "what fits" line (the tokens of context its level leaves room for), when the
    question asked it beside the weighing: the sides' text replaces the answer's own, never what it was asked."""
    also = facts.get("also")
    if not isinstance(also, dict) or not isinstance(fit := also.get("context_fit"), dict):
        return said
    line = render.render(lang, "_also", {"also": {"context_fit": fit, "model": also.get("model")}}).strip()
    return markdown.finish(f"{said.rstrip()}\n{line}") if line else said
