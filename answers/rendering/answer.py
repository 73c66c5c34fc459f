"""Built facts → the `Answer` a person reads: the template's text (with the table written in for a terminal),
the lines said after it (variants picked, a Mac stand-in, a stated speed, a generic model), the title,
the paged table's display rows and the credits.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.api import Answer, AskOptions
from answers.facts.common import Built, Lru, TableRow
from answers.intents_table import SPECS, TITLES
from answers.knowledge import i18n
from answers.knowledge.credits import credit_lines
from answers.knowledge.i18n import N_
from answers.knowledge.profiles import Profiles
from answers.rendering import format as fmt
from answers.rendering import markdown, render
from answers.rendering.accounting_text import asked_lines
from answers.rendering.api_home_text import api_home_lines
from answers.rendering.engine_text import refused_text, speculative_line, users_target_line, weight_only_line
from answers.rendering.generic_model import (
    GENERIC_NEAR,
    capitalize_leads,
    generic_note,
    moe_line,
    stand_in_note,
    typed_note,
)
from answers.rendering.mac_line import mac_lines
from answers.rendering.sub_ask_text import chip_lines, pair_lines, power_lines

# The title of a budget answer (answers/facts/budget.py): for one model, or an overview of what to buy.
BUDGET_TITLE_MODEL = N_("Which GPU for %(model)s within %(budget)s")
BUDGET_TITLE_OVERVIEW = N_("Which GPU to buy within %(budget)s")
# One line after an answer whose card name fitted several variants (defaults, not quizzes).
CARD_VARIANTS = N_("I used the most common variant; others: %(names)s.")
VARIANT_HOLDS = N_("The %(default)s cannot hold it at %(quant)s: these figures are for the %(card)s, the smallest "
                   "memory size of that chip that does.")
# …the same with no level named: none of the usual levels fits the chip's most common size.
VARIANT_HOLDS_ANY = N_("The %(default)s cannot hold it at a usual level: these figures are for the %(card)s, the "
                       "smallest memory size of that chip that does.")
# …after one about a Mac named by its memory only ("mac with 64gb": answers/reading/apple_typical.py).
MAC_STAND_IN = N_("For a Mac with %(memory)s GB I used the %(chip)s; other chips with that memory run at other "
                  "speeds: %(names)s.")
OFFLOAD_STAND_IN = N_("No hardware named: these offload figures are for the machine people usually offload on, a "
                      "%(memory)s GB %(card)s beside a server's RAM (%(channels)s channels of %(ram)s); name your "
                      "card and RAM for your own figures.")
MAC_STAND_IN_ONLY = N_("For a Mac with %(memory)s GB I used the %(chip)s, the only chip sold with that memory.")
# …and after one whose model name fitted several generations ("llama 70b": answers/resolving/model_default.py).
MODEL_VARIANTS = N_("I used the newest model of that name; others: %(names)s.")
# A text-to-image model the reference site rates (GLIDE): its figures stay the site's, said for what they are.
IMAGE_GENERATOR = N_("%(model)s generates images: these figures apply the language-model formula to its size; "
                     "image generation is measured in seconds per image, not in tokens per second.")
# One line when the asker states a speed ("my 7900 xtx gets 20 t/s on 32b, normal?"): within the estimated
# range, or below / above it with what commonly explains the gap.
OBSERVED = {
    "within": N_("You mention about %(seen)s tokens per second: that is within the estimated range (%(range)s), "
                 "so it looks normal."),
    "below": N_("You mention about %(seen)s tokens per second, below the estimated range (%(range)s). The usual "
                "causes: part of the model running from system RAM (not every layer on the GPU), a long context, a "
                "less compressed level than %(quant)s, or an older runtime or driver."),
    "short": N_("You mention about %(seen)s tokens per second, below the %(estimate)s this setup usually gets, so "
                "it can be improved: keep as many layers on the card as fit (`-ngl`, or `--n-cpu-moe` for a mixture "
                "of experts), set the threads to the physical cores, and check that nothing is read from disk or "
                "swap (enough free RAM)."),
    "above": N_("You mention about %(seen)s tokens per second, above the estimated range (%(range)s): a more "
                "compressed level than %(quant)s, a short prompt or speculative decoding would explain it."),
}
# A speed wanted with no hardware named (answers/facts/target_speed.py): how many cards reach it, the one to get.
TARGET = {
    "price": N_("For %(wanted)s tokens per second: %(cards)s of the %(runs)s cards that run it get there; the "
                "cheapest you can buy and use is %(card)s (%(memory)s GB, %(price)s at launch), at %(quant)s, "
                "about %(tok)s tokens per second."),
    "memory": N_("For %(wanted)s tokens per second: %(cards)s of the %(runs)s cards that run it get there; the "
                 "smallest you can buy and use is %(card)s (%(memory)s GB), at %(quant)s, about %(tok)s tokens per "
                 "second."),
    "data_centre": N_("For %(wanted)s tokens per second: only data-centre cards get there (%(cards)s of the "
                      "%(runs)s that run it); the smallest is %(card)s (%(memory)s GB), at %(quant)s, about "
                      "%(tok)s tokens per second."),
    "none": N_("No card reaches %(wanted)s tokens per second with it; the fastest, %(card)s, gives about %(tok)s "
               "at %(quant)s."),
}
# The other profile's figure in one line (answers/facts/truer.py). Under `reference`: the figures are the site's,
# with the calibrated speed or memory when it differs by more than 1.5×.
REFERENCE_NOTE = N_("These are the reference site's figures (its TPS calculator's formula); the default profile is "
                    "calibrated on real llama.cpp runs.")
TRUER = {
    "speed": N_("These are the reference site's figures (its TPS calculator's formula); calibrated on real "
                "llama.cpp runs on similar hardware, it is closer to %(tok_s)s tokens per second at %(quant)s "
                "(range %(range)s)."),
    "memory": N_("These are the reference site's figures (its TPS calculator's formula); calibrated on real "
                 "llama.cpp runs, %(quant)s needs closer to %(need)s GB."),
}
# Under the default, for one of the site's own page models: the page's figure, so its readers recognise it.
PAGE = {
    "row": N_("The reference site's page for %(model)s gives %(tok_s)s tokens per second at %(quant)s on this card "
              "(its formula)."),
    "memory": N_("The reference site's page for %(model)s gives %(need)s GB at %(quant)s (its formula)."),
    "page": N_("The reference site's page for %(model)s: smallest card %(small)s (%(memory)s GB), fastest %(fast)s "
               "at %(tok_s)s tokens per second (its formula)."),
}


def truer_line(facts: dict[str, Any], lang: str) -> str | None:
    """The one line that puts the other profile's figure beside the answer's, or None."""
    m = facts.get("measured_figure")
    if m is not None:
        if m["kind"] == "memory":
            need = fmt.gb(m["need_gb"], lang)
            return i18n.gettext(lang, TRUER["memory"]) % {"quant": f"`{m['quant']}`", "need": need}
        return i18n.gettext(lang, TRUER["speed"]) % {
            "tok_s": fmt.tok_s(m["tok_s"], lang), "quant": f"`{m['quant']}`",
            "range": fmt.tok_range(m["tok_s_low"], m["tok_s_high"], lang)}
    if facts.get("reference_note"):
        return i18n.gettext(lang, REFERENCE_NOTE)
    r = facts.get("reference_figure")
    if r is None:
        return None
    model = markdown.escape(r["model"])
    if r["kind"] == "row":
        return i18n.gettext(lang, PAGE["row"]) % {"model": model, "tok_s": fmt.tok_s(r["tok_s"], lang),
                                                  "quant": f"`{r['quant']}`"}
    if r["kind"] == "memory":
        return i18n.gettext(lang, PAGE["memory"]) % {"model": model, "need": fmt.gb(r["need_gb"], lang),
                                                     "quant": f"`{r['quant']}`"}
    return i18n.gettext(lang, PAGE["page"]) % {
        "model": model, "small": markdown.escape(r["smallest"]), "memory": fmt.memory(r["smallest_memory_gb"], lang),
        "fast": markdown.escape(r["fastest"]), "tok_s": fmt.tok_s(r["fastest_tok_s"], lang)}


def budget_title(facts: dict[str, Any], lang: str) -> tuple[str, str]:
    """A budget answer's title msgid and its budget, formatted in the answer's language."""
    b = facts["budget"]
    title = BUDGET_TITLE_MODEL if facts.get("budget_mode") == "model" else BUDGET_TITLE_OVERVIEW
    return title, fmt.money(b["amount"], b["currency"], lang)


class AnswerWriting:
    """Built facts → an `Answer`: the rendering stage the engine holds (`Engine.writing`)."""

    def __init__(self, profiles: Profiles) -> None:
        self.profiles = profiles
        self._tables = Lru(256)

    @staticmethod
    def joined(parts: list[Answer]) -> Answer:
        """One answer from several: the first answer's intent and facts, the others' facts under
        `parts`, the texts one after the other. A part that could not be answered stands alone."""
        # a closed model named beside another is a line of its own ("Mistral Medium 3 is an online service")
        bad = next((p for p in parts if p.intent in ("not_found", "ambiguous", "invalid", "fallback")
                    and "closed" not in p.facts), None)
        if bad is not None:
            return bad
        first = parts[0]
        facts = dict(first.facts, parts=[{"intent": p.intent, "facts": p.facts} for p in parts[1:]])
        # A line one part already said is not said again ("Qwen3 is a family of 8 models" heads both
        # the maker and the licence answer about a family).
        said: set[str] = set()
        texts = []
        for p in parts:
            lines = [ln for ln in p.text.split("\n") if not ln.strip() or ln not in said]
            said.update(ln for ln in lines if ln.strip())
            texts.append("\n".join(lines).strip("\n"))
        text = markdown.finish("\n\n".join(t for t in texts if t))
        credits = list(dict.fromkeys(c for p in parts for c in p.credits))
        return replace(first, facts=facts, text=text, credits=credits)

    @staticmethod
    def with_quality(answer: Answer, weighed: dict[str, Any], lang: str) -> Answer:
        """Two models answered in turn, then the public scores on the task and the pick they give with the speeds
        (answers/facts/task_quality.py `between_parts`); `facts.quality` says so to `--json` readers."""
        line = render.render(lang, "_quality", weighed).strip()
        if not line:
            return answer
        return replace(answer, facts={**answer.facts, **{k: v for k, v in weighed.items() if v is not None}},
                       text=markdown.finish(answer.text.rstrip() + "\n" + line))

    @staticmethod
    def with_choice(answer: Answer, picked: dict[str, Any], lang: str) -> Answer:
        """A joined answer with the pick between its parts (answers/facts/choice.py) said last."""
        line = render.render(lang, "_media_choice", {"choice": picked}).strip()
        facts = dict(answer.facts, choice=markdown.inert(picked))
        return replace(answer, facts=facts, text=markdown.finish(answer.text.rstrip() + "\n" + line))

    @staticmethod
    def with_worth(answer: Answer, worth: dict[str, Any], lang: str) -> Answer:
        """A joined answer of two models on one machine with the bigger-but-slower verdict said first, the
        figures after it (answers/facts/worth_bigger.py)."""
        line = render.render(lang, "_worth", {"worth": worth}).strip()
        facts = dict(answer.facts, worth=markdown.inert(worth))
        return replace(answer, facts=facts, text=markdown.finish(line + "\n\n" + answer.text.lstrip()))

    def invalid(self, lang: str, options: AskOptions, reason: str, facts: dict[str, Any]) -> Answer:
        return self.finish("invalid", lang, options, {}, Built({"reason": reason, **facts}), inline=False)

    def finish(self, intent: str, lang: str, options: AskOptions, entities: dict[str, Any], built: Built,
                inline: bool) -> Answer:
        facts = built.facts
        facts.setdefault("profile", self.profile_name(options))
        facts["intent"] = intent
        table_rows = built.table
        text = refused_text(intent, facts, lang) or self._text(intent, lang, facts, table_rows if inline else None)
        text, entities = self._lines_after(intent, lang, facts, text, entities)
        title_values = {k: markdown.escape(v) for k, v in entities.items() if k in ("model", "card", "card2")}
        if intent == "compare" and facts.get("mode") == "models" and "model2" in entities:
            title_values.update(card=markdown.escape(entities["model"]), card2=markdown.escape(entities["model2"]))
        elif intent == "compare" and facts.get("mode") == "setups" and "setups" in entities:
            title_values.update(card=markdown.escape(entities["setups"][0]),
                                card2=markdown.escape(entities["setups"][1]))
        title = None
        title_id = None if facts.get("out_of_scope") else TITLES.get(intent)  # not "I did not understand"
        if intent == "what_gpu" and facts.get("budget"):
            title_id, title_values["budget"] = budget_title(facts, lang)
        if facts.get("mode") == "memory" and SPECS[intent].memory_title:
            title_id = SPECS[intent].memory_title
            title_values["memory"] = fmt.memory(facts["memory_gb"], lang)
        if title_id:
            try:
                title = render.gettext(lang, title_id, **{"model": "", "card": "", "card2": "", **title_values})
            except (KeyError, ValueError):
                title = None
            title = title.strip(" —") if title else None
        credits = credit_lines(built.sources, lang)
        return Answer(
            # inert: JSON consumers may post entity and fact strings, so they never ping either
            intent=intent, locale=lang, entities=markdown.inert(entities), facts=markdown.inert(facts), text=text,
            title=title, profile=facts["profile"],
            table=self._table(built, lang, inline), credits=credits,
        )

    @staticmethod
    def _lines_after(intent: str, lang: str, facts: dict[str, Any], text: str,
                     entities: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The lines said after (or, for a name the catalog lacks, before) the template's text: the
        variant picked, the Mac a memory size stands for, a stated speed, the generic model assumed."""
        if facts.get("card_alternatives") and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            names = ", ".join(markdown.escape(n) for n in facts["card_alternatives"])
            text = markdown.finish(text.rstrip() + "\n" + i18n.gettext(lang, CARD_VARIANTS) % {"names": names})
        held = facts.get("variant_holds")
        if held and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            sizes = {"default": markdown.escape(held["default"]), "card": markdown.escape(held["card"])}
            line = (i18n.gettext(lang, VARIANT_HOLDS) % {**sizes, "quant": f"`{markdown.escape(held['quant'])}`"}
                    if held.get("quant") else i18n.gettext(lang, VARIANT_HOLDS_ANY) % sizes)
            text = markdown.finish(text.rstrip() + "\n" + line)
        mac = facts.get("mac_stand_in")
        if mac and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            line = i18n.gettext(lang, MAC_STAND_IN if mac["others"] else MAC_STAND_IN_ONLY) % {
                "memory": fmt.memory(mac["memory_gb"], lang), "chip": markdown.escape(mac["chip"]),
                "names": ", ".join(markdown.escape(n) for n in mac["others"])}
            text = markdown.finish(text.rstrip() + "\n" + line)
        off = facts.get("offload_stand_in")
        if off and off.get("card") and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            line = i18n.gettext(lang, OFFLOAD_STAND_IN) % {
                "memory": fmt.memory(off["memory_gb"], lang), "card": markdown.escape(off["card"]),
                "channels": fmt.integer(off["ram_channels"] or 2, lang),
                "ram": f"{off['ram_type'] or 'DDR4'}-{off['ram_mts'] or 3200}"}
            text = markdown.finish(line + "\n" + text.lstrip())
        if facts.get("mac_unsized") and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            line = mac_lines(facts["mac_unsized"], lang, bool(facts["mac_unsized"]["model_asked"]))
            text = markdown.finish(text.rstrip() + "\n" + line)
        if facts.get("model_alternatives") and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            names = ", ".join(markdown.escape(n) for n in facts["model_alternatives"])
            text = markdown.finish(text.rstrip() + "\n" + i18n.gettext(lang, MODEL_VARIANTS) % {"names": names})
        if facts.get("observed"):
            o = facts["observed"]
            values = {"seen": fmt.tok_s(o["tok_s"], lang), "range": fmt.tok_range(o["low"], o["high"], lang),
                      "quant": f"`{o['quant']}`", "estimate": fmt.tok_s(o["estimate_tok_s"], lang)}
            seen_line = i18n.gettext(lang, OBSERVED[o["verdict"]]) % values
            # "is 11 t/s about max?" on an offload that should do better: the verdict on it leads
            text = markdown.finish(seen_line + "\n" + text.lstrip() if o["verdict"] == "short"
                                   else text.rstrip() + "\n" + seen_line)
        for engine_line in (weight_only_line(intent, facts, lang), users_target_line(intent, facts, lang),
                            speculative_line(facts, lang)):
            if engine_line:
                text = markdown.finish(text.rstrip() + "\n" + engine_line)
        if facts.get("target_speed"):
            text = markdown.finish(text.rstrip() + "\n" + target_line(facts["target_speed"], lang))
        if facts.get("also") or facts.get("prefill_sides"):  # what the message asked beside it (facts/also.py)
            extra = render.render(lang, "_also", facts).strip()
            if extra and intent == "card_models" and (_npu_asked(facts) or _split_asked(facts)):
                # "is its NPU any use?", "does TP help over the layer split on my x8/x8 cards?": that first
                text = markdown.finish(extra + "\n\n" + text.strip())
            elif extra:
                text = markdown.finish(text.rstrip() + "\n" + extra)
        if facts.get("prefill_cards"):  # two cards, no model, the prompt asked (facts/cards_prefill.py)
            lines = render.render(lang, "_cards_prefill", facts).strip()
            if lines:
                text = markdown.finish(text.rstrip() + "\n" + lines)
        if facts.get("versions"):  # "is there a thinking version?", "a base model?" (facts/model_versions.py)
            versions = render.render(lang, "_versions", facts).strip()
            if versions:
                text = markdown.finish(text.rstrip() + "\n" + versions)
        if facts.get("quality") or facts.get("quality_one"):  # public scores on the task asked (facts/task_quality.py)
            scores = render.render(lang, "_quality", facts).strip()
            if scores:
                text = markdown.finish(text.rstrip() + "\n" + scores)
        if facts.get("sheet"):  # each model fact asked beside the answer (facts/model_sheet.py)
            sheet = render.render(lang, "_sheet", facts).strip()
            if sheet:
                text = markdown.finish(text.rstrip() + "\n" + sheet)
        # a chip's sizes, power beside a comparison, a length or a speed named: answered
        for line in [*chip_lines(facts, lang), *power_lines(facts, lang), *pair_lines(facts, lang),
                     *api_home_lines(facts, lang), *asked_lines(facts, lang)]:
            text = markdown.finish(text.rstrip() + "\n" + line)
        other = truer_line(facts, lang) if intent not in ("ambiguous", "not_found", "invalid", "fallback",
                                                           "help") else None
        if other:
            text = markdown.finish(text.rstrip() + "\n" + other)
        if facts.get("image_generator"):
            line = i18n.gettext(lang, IMAGE_GENERATOR) % {"model": markdown.escape(facts["image_generator"])}
            text = markdown.finish(text.rstrip() + "\n" + line)
        if facts.get("generic_model_b") and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            if facts.get("generic_for"):  # "mythomax 13b": first, so the figures are never read as that model's
                note = typed_note(facts["generic_for"], facts["generic_model_b"], lang,
                                  facts.get("generic_model_active_b"))
                if facts.get("generic_near"):
                    names = ", ".join(markdown.escape(n) for n in facts["generic_near"])
                    note += " " + i18n.gettext(lang, GENERIC_NEAR) % {"names": names}
                text = markdown.finish(note + "\n" + text)
                entities = {**entities, "model_typed": facts["generic_for"]}
            else:
                said = stand_in_note(facts["generic_model_b"], lang) if facts.get("generic_stand_in") else \
                    generic_note(facts["generic_model_b"], lang, facts.get("generic_model_active_b"))
                text = markdown.finish(text.rstrip() + "\n" + said)
            if facts.get("generic_moe"):
                text = markdown.finish(text.rstrip() + "\n" + moe_line(facts["generic_moe"], lang))
            entities = {**entities, "model_size_b": facts["generic_model_b"]}
            if isinstance(entities.get("model"), str):
                text = capitalize_leads(text, markdown.escape(entities["model"]))
        return text, entities

    def profile_name(self, options: AskOptions) -> str:
        return self.profiles.get(options.profile).name

    def _text(self, intent: str, lang: str, facts: dict[str, Any], rows: list[TableRow] | None) -> str:
        """The answer text; with `rows` (CLI), the table is written in, as many rows as fit."""
        shown = None if rows is None else len(facts.get("rows", []))
        while True:
            extra: dict[str, Any] = {"inline": rows is not None}
            if rows is not None:
                n = shown or 0  # an int whenever there are rows
                extra["more"] = max(0, len(rows) - n)
                top = facts.get("rows", [])
                facts_view = dict(facts, rows=top[:n] if n <= len(top) else [t.facts() for t in rows[:n]])
            else:
                extra["more"] = 0
                facts_view = facts
            template = "media" if facts.get("media") else intent  # image, video, speech… (answers/media_engine.py)
            text = markdown.finish(render.render(lang, template, facts_view, **extra), limit=10**9)
            if len(text) <= markdown.MAX_CHARS or not shown:
                return markdown.finish(text)
            shown = max(0, shown - max(1, shown // 4))

    def _table(self, built: Built, lang: str, inline: bool) -> list[dict[str, str]] | None:
        if inline or not built.table:
            return None
        if built.key is None:
            return self._display_rows(lang, built.table)
        return self._tables.get_or((built.key, lang), lambda: self._display_rows(lang, built.table))

    @staticmethod
    def _display_rows(lang: str, rows: list[TableRow] | None) -> list[dict[str, str]] | None:
        """Every row as display strings for the bot's pages (hundreds of rows: answers.format memoizes)."""
        if not rows:
            return None
        out = []
        tok_s, gb, memory, integer = fmt.tok_s, fmt.gb, fmt.memory, fmt.integer
        fit_labels = {k: i18n.gettext(lang, k) for k in ("comfortable", "tight", "does not fit")}
        for t in rows:
            r = t.row
            out.append({
                "model" if t.model else "card": markdown.defuse_mentions(t.name),
                "tok_s": f"{tok_s(r.tok_s, lang)} tok/s",
                "range": f"{integer(r.tok_s_low, lang)}–{integer(r.tok_s_high, lang)}",
                "quant": r.quant.name if r.quant else "",
                "need": f"{gb(r.need_gb, lang)} GB",
                "memory": f"{memory(r.card.memory_gb, lang)} GB",
                "fit": fit_labels.get(r.fit, fit_labels["does not fit"]),
            })
        return out


def target_line(t: dict[str, Any], lang: str) -> str:
    """The line for a speed wanted (answers/facts/target_speed.py), every figure through Babel."""
    row = t.get("pick") or t.get("fastest")
    if row is None:
        return ""
    # the speed wanted as the asker wrote it ("20", "12.5"), the others as every speed is shown
    values = {"wanted": fmt.memory(t["tok_s"], lang), "cards": fmt.integer(t["cards"], lang),
              "runs": fmt.integer(t["runs"], lang), "card": markdown.escape(row["card"]),
              "memory": fmt.memory(row["memory_gb"], lang), "quant": f"`{row['quant']}`",
              "tok": fmt.tok_s(row["tok_s"], lang),
              "price": fmt.usd(row["launch_price_usd"], lang) if row.get("launch_price_usd") else ""}
    return i18n.gettext(lang, TARGET[t.get("pick_by") or "none"]) % values


def _split_asked(facts: dict[str, Any]) -> bool:
    """Cards named with no model and how to split them asked ("2x 3090 on x8/x8: does TP in vLLM beat the layer
    split?"): the answer weighs the two ways on the list's pick, which is what was asked, not the list."""
    also = facts.get("also")
    ways = also.get("split_ways") if isinstance(also, dict) else None
    return isinstance(ways, dict) and bool(ways.get("pick"))


def _npu_asked(facts: dict[str, Any]) -> bool:
    """The message asks about the machine's NPU ("is the NPU any use for LLMs?"): a note of that kind."""
    also = facts.get("also")
    notes = also.get("notes") if isinstance(also, dict) else None
    return any(isinstance(n, dict) and n.get("kind") in ("npu", "npu_qualcomm") for n in notes or ())
