"""The answers engine: question or slash command → intent + entities → facts → localized text.

    engine = await Engine.open()            # loads the catalog once
    engine.ask("can GLIDE run on 12 GB?")   # parse, then answer in the question's language
    engine.command("fastest", "it", model="gLM")

Facts come from `answers.intents` (pure builders over the estimator), text from the jinja2
templates through `answers.render`; every answer is Discord-markdown safe (`answers.markdown`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from catalog.records import GpuRecord, ModelRecord
from catalog.resolve import Resolution, Resolver, normalize
from estimator.machine import BadRam
from estimator.model import DEFAULT_CONTEXT, MAX_CONTEXT, InvalidInput
from estimator.memory import UnknownCacheType, cache_type as canonical_cache_type
from estimator.quants import UnknownQuant, quant as lookup_quant

from . import format as fmt
from . import i18n, markdown, render
from .i18n import N_
from .api import MAX_QUESTION_CHARS, Answer, AskOptions
from .credits import credit_lines
from .generic_model import GENERIC_NEAR, capitalize_leads, generic_note, generic_record, typed_note, usable_size
from .intents import MAX_MEMORY_GB, BadInput, Built, Entities, Estimates, Lru, Settings, TableRow, uses_epoch
from .intents_table import INFO_INTENTS, INTENTS, MODEL_INTENTS, SIZE_INTENTS, SPECS, TABLE_INTENTS, TITLES
from .knowledge import Knowledge, faster_variant
from .profiles import Profiles
from .unresolved import UnresolvedName

if TYPE_CHECKING:
    from estimator.setups import Setup

    from .parse import Parsed

# Fact questions that, with a card named beside them, also ask whether the model runs on it.
FACT_THEN_FIT = frozenset({"maker", "release", "parameters", "open_source", "purpose", "model_info"})
CANDIDATES_SHOWN = 8
T = TypeVar("T")  # a resolver's payload type


# One line after an answer whose card name fitted several variants (defaults, not quizzes).
CARD_VARIANTS = N_("I used the most common variant; others: %(names)s.")
# …after one about a Mac named by its memory only ("mac with 64gb": answers/apple_typical.py).
MAC_STAND_IN = N_("For a Mac with %(memory)s GB I used the %(chip)s; other chips with that memory run at other speeds: %(names)s.")
MAC_STAND_IN_ONLY = N_("For a Mac with %(memory)s GB I used the %(chip)s, the only chip sold with that memory.")
# …and after one whose model name fitted several generations ("llama 70b": answers/model_default.py).
MODEL_VARIANTS = N_("I used the newest model of that name; others: %(names)s.")
VARIANTS_SHOWN = 5
# One line when the asker states a speed ("my 7900 xtx gets 20 t/s on 32b, normal?"): within the estimated
# range, or below / above it with what commonly explains the gap.
OBSERVED = {
    "within": N_("You mention about %(seen)s tokens per second: that is within the estimated range (%(range)s), "
                 "so it looks normal."),
    "below": N_("You mention about %(seen)s tokens per second, below the estimated range (%(range)s). The usual "
                "causes: part of the model running from system RAM (not every layer on the GPU), a long context, a "
                "less compressed level than %(quant)s, or an older runtime or driver."),
    "above": N_("You mention about %(seen)s tokens per second, above the estimated range (%(range)s): a more "
                "compressed level than %(quant)s, a short prompt or speculative decoding would explain it."),
}


def _catalogue(code: str | None) -> str | None:
    return i18n.catalogue_locale(code) if code else None


class _Problem(UnresolvedName):
    """A name that did not resolve: becomes a not_found / ambiguous answer."""

    def __init__(self, intent: str, kind: str, text: str, candidates: list[str]) -> None:
        super().__init__(intent)
        self.intent, self.kind, self.text, self.candidates = intent, kind, text, candidates


class Engine:
    def __init__(self, knowledge: Knowledge, profiles: Profiles | None = None) -> None:
        self.knowledge = knowledge
        self.profiles = profiles or Profiles()
        self.estimates = Estimates(knowledge, self.profiles)
        self._built = Lru(256)
        self._keys: dict[int, list[str]] = {}
        self._cards_by_name: dict[int, dict[str, GpuRecord]] = {}  # per card list (id of Knowledge's list)
        self._tables = Lru(256)
        # Stand-in records for "a 70b" (answers/generic_model.py), kept alive: caches key on id().
        self._generic: dict[tuple[float, str], ModelRecord] = {}
        self._generic_ids: dict[int, float] = {}

    @classmethod
    async def open(cls, db_path: Path | None = None, profiles: Profiles | None = None) -> Engine:
        """The catalog from the database and the estimator profiles (each built on first use)."""
        return cls(await Knowledge.load(db_path), profiles)

    # ------------------------------------------------------------------------ public API
    def ask(
        self, question: str, locale: str | None = None, options: AskOptions | None = None, hint: str | None = None,
    ) -> Answer:
        """`locale` forces the answer's language; `hint` (a Discord locale) only weighs in when the
        question's own words do not tell."""
        return self._ask(question, locale, options, inline=False, hint=hint)

    def command(
        self, intent: str, locale: str, *, model: str | ModelRecord | None = None,
        card: str | GpuRecord | None = None, card2: str | GpuRecord | None = None,
        memory_gb: float | None = None, context: int | None = None, quant: str | None = None,
        options: AskOptions | None = None, task: str | None = None, gpu_count: int | None = None,
        ram_gb: float | None = None, ram_type: str | None = None, budget: str | dict[str, Any] | None = None,
        model2: str | ModelRecord | None = None,
    ) -> Answer:
        lang = _catalogue(locale) or i18n.DEFAULT
        options = options or AskOptions()
        if intent not in INTENTS:
            return self._invalid(lang, options, "intent", {"intent": intent})
        raw = {"model": model, "card": card, "card2": card2, "memory_gb": memory_gb, "context": context, "quant": quant,
               "task": task, "gpu_count": gpu_count, "ram_gb": ram_gb, "ram_type": ram_type,  # a setup may be typed in `card`
               "model2": model2}
        if isinstance(budget, str):  # a budget typed in a field of its own ("400", "500 €"), in the asker's language
            from .budget_words import default_currency, read_typed

            said = read_typed(budget)
            if said is None:
                return self._invalid(lang, options, "budget", {"text": budget.strip()[:40]})
            budget = {"amount": said.amount, "currency": said.currency or default_currency(lang),
                      "currency_said": said.currency is not None}
        if budget:
            raw["budget"] = budget
        if isinstance(model, str) and intent not in INFO_INTENTS:
            self._typed_generic(raw, model, lang)  # "/can_run model: mythomax 13b": the size typed, said so
        return self._answer(intent, lang, options, raw, inline=False)

    def _typed_generic(self, raw: dict[str, Any], typed: str, lang: str) -> None:
        """A model field the catalog has no model for, with a size in it ("mythomax 13b", "70b"): a generic
        dense model of that size, like a question's (the parser's rule); anything else is left to resolve."""
        from catalog.name_sizes import typed_size

        text = typed.strip()[:200]
        size = typed_size(text)
        if not usable_size(size) or self.knowledge.model_named(text) is not None:
            return
        resolver = self.knowledge.model_resolver
        bare = normalize(text) == f"{size:g}b".replace(".", "")  # "70b": a size, never a name
        res = resolver.resolve(text)
        if res.best is not None or res.ambiguous or (not bare and (res.candidates or self._near(resolver, text))):
            return  # a match, or near names to pick from ("Gemma 3 13B" → did you mean Gemma 3 12B)
        raw["model"] = self._generic_model(size, lang)
        if not bare:
            raw["model_typed"] = text

    def complete_model(self, text: str, limit: int = 25) -> list[str]:
        return [m.name for m in self.knowledge.model_resolver.suggest(text or "", limit)][:limit]

    def complete_card(self, text: str, limit: int = 25, profile: str | None = None) -> list[str]:
        resolver = self.knowledge.gpu_resolver_for(profile)
        return [m.name for m in resolver.suggest(text or "", limit)][:limit]

    # ------------------------------------------------------------------------ parsing
    def _parsed(self, question: str, profile: str | None = None, hint: str | None = None) -> Parsed:
        from .parse import parse  # imported on first question: slash commands do not need it

        kn = self.knowledge
        return parse(question, kn.model_resolver, kn.gpu_resolver_for(profile), hint)

    def _ask(
        self, question: str, locale: str | None, options: AskOptions | None, *, inline: bool, hint: str | None = None,
    ) -> Answer:
        options = options or AskOptions()
        lang = _catalogue(locale)
        question = markdown.clean(question or "")  # no control, bidi or combining flood reaches an echo
        if len(question) > MAX_QUESTION_CHARS:
            # Refused, but in the asker's language: the start of the question is enough to tell it.
            lang = lang or _catalogue(self._parsed(question[:300], options.profile).language) or i18n.DEFAULT
            return self._invalid(lang, options, "too_long", {"limit": MAX_QUESTION_CHARS, "length": len(question)})
        if not question.strip():
            return self._answer("help", lang or i18n.DEFAULT, options, {}, inline=inline)
        # `hint` (the asker's Discord locale) is evidence for the language, not a verdict: a question
        # plainly written in another language is answered in it; one that does not tell, in the hint's.
        parsed = self._parsed(question, options.profile, hint)
        lang = lang or _catalogue(parsed.language) or _catalogue(hint) or i18n.DEFAULT
        intent = parsed.intent if parsed.intent in INTENTS else "fallback"
        raw = {"model": parsed.model, "card": parsed.card, "card2": parsed.card2, "memory_gb": parsed.memory_gb,
               "context": parsed.context, "quant": parsed.quant, "setup": parsed.setup, "gpu_count": parsed.gpu_count,
               "ram_gb": parsed.ram_gb, "ram_type": parsed.ram_type, "card_typed": parsed.card_span,
               "budget": parsed.budget, "model2": parsed.model2, "setup2": parsed.setup2}
        from .parse import only_task_words

        if raw["model"] is None and usable_size(parsed.model_size_b):
            # "enough for a 70b?": a generic dense model of that size, said so in the answer.
            raw["model"] = self._generic_model(parsed.model_size_b, lang)
            raw["model_typed"] = parsed.model_typed  # "mythomax 13b": a name the catalog lacks, said so
            if intent in INFO_INTENTS:
                intent = "vram"  # facts of "a 70B model" (maker, date) do not exist; its memory does
        elif raw["model"] is None and parsed.model_size_b is not None:
            raw["model"] = f"{parsed.model_size_b:g}b"  # beyond any model: answered as an unknown name

        if parsed.together and intent in ("can_run", "speed", "vram"):
            from . import at_once

            # "llama 3.1 8b and qwen3 8b at the same time on a 4090": both loaded at once (answers/at_once.py).
            sizes = at_once.generic_sizes(question) if parsed.model is None and raw["model2"] is None else []
            if len(sizes) >= 2 and usable_size(sizes[0]) and usable_size(sizes[1]):
                raw["model"], raw["model2"] = self._generic_model(sizes[0], lang), self._generic_model(sizes[1], lang)
            if raw["model2"] is not None and raw["model"] is not None:
                intent, raw["together"] = "can_run", True
        quants = parsed.quants or ([parsed.quant] if parsed.quant else [])
        from . import ram_words

        # The RAM's type, speed and channels, anywhere in the question ("8gb vram 64gb ddr5", "ddr5-6000, 12
        # channels"): estimator.machine assumes what is not said, and the answer says so.
        ram = ram_words.read(question)
        if ram.platform is not None:  # "an EPYC Genoa with 384 GB": the platform's RAM where nothing else is said
            ram = ram_words.with_platform(ram, self.profiles.setup_constants().machine)
            if raw["ram_gb"] is None and raw["memory_gb"] and raw["memory_gb"] >= 64 and (raw["card"] or raw["setup"]):
                raw["ram_gb"], raw["memory_gb"] = raw["memory_gb"], None  # beside a card and a CPU, the size is RAM
        raw["ram_type"] = raw["ram_type"] or ram.kind
        raw["ram_mts"], raw["ram_channels"] = ram.mts, ram.channels
        raw["task"] = parsed.task
        raw["cache_type"] = parsed.cache_type
        from . import scope

        raw["observed_tok_s"] = scope.observed_tok_s(question)
        if raw["observed_tok_s"] and parsed.context is not None and abs(parsed.context - raw["observed_tok_s"]) < 1:
            raw["context"] = None  # "12 token al secondo" is a speed the asker states, not a context length

        image = scope.image_model(question)
        if image is not None and scope.overlaps(question, image, parsed.model_span):
            # "do I need a 5090 for Flux?": image generation is outside this estimator (language models only).
            return self._finish("fallback", lang, options, {}, Built({"out_of_scope": "image_generation",
                                                                      "named": image}), inline)
        if scope.cpu_only(question) and not parsed.card and not parsed.setup:
            # "llama 3.1 8b without a gpu", "no gpu, 64gb ram": the machine's RAM is the memory; a size is RAM.
            raw["cpu"] = scope.CpuOnly(parsed.ram_gb or parsed.memory_gb, raw["ram_type"] or scope.ram_type(question),
                                       raw["ram_mts"], raw["ram_channels"])
            raw["memory_gb"] = None
        if raw["task"] and isinstance(raw["model"], str) and only_task_words(raw["model"]):
            # "best coding model for a 4090": "coding" is the task, not an unknown model.
            raw["model"] = None
            if raw["card"] is not None or raw["memory_gb"] is not None:
                intent = "card_models"
        if parsed.cheapest and raw["model"] is not None and raw["card"] is None and raw["setup"] is None and not raw["budget"]:
            intent, raw["lead"] = "smallest", "cheapest"  # "cheapest card for X": by launch price (answers/picks.py)
        if parsed.biggest and intent == "card_models":
            raw["lead"] = "biggest"
        if raw["model"] is None and parsed.quant_question and (raw["card"] is not None or raw["memory_gb"] is not None):
            intent, raw["lead"] = "card_models", "levels"  # "which quant fits 48 GB": sizes per level
        if raw["model"] is not None and intent not in INFO_INTENTS and (parsed.quant_question or len(quants) >= 2) \
                and raw["model2"] is None:
            # "which quant of Mixtral fits 24 GB", "q8 or q4 for Llama 3.1 8B": the level advice.
            intent = "why_quant"
            if len(quants) >= 2:
                raw["levels"] = quants
            raw["quant"] = None
        asks = [i for i in dict.fromkeys(parsed.intents) if i in INTENTS]
        if intent in FACT_THEN_FIT and raw["model"] is not None and (raw["card"] is not None or raw["setup"] is not None) \
                and raw["model2"] is None and raw["card2"] is None:
            # "who made gemma 3 27b and can it run on a 3090?": a card named beside a fact question is
            # the second question; it gets the yes/no answer after the fact.
            asks = [*(a for a in (asks or [intent]) if a in INFO_INTENTS), "can_run"]
        if len(asks) >= 2 and raw["model"] is not None:
            # Two asks in one question ("who released X and when"): answer each, joined.
            return self._joined([self._answer(i, lang, options, dict(raw), inline=inline, question=question)
                                 for i in asks])
        if intent == "help":
            from .courtesy import is_courtesy

            raw["courtesy"] = is_courtesy(question)  # "thanks!", "a presto": one line, not the whole help
        return self._answer(intent, lang, options, raw, inline=inline, question=question)

    @staticmethod
    def _joined(parts: list[Answer]) -> Answer:
        """One answer from several: the first answer's intent and facts, the others' facts under
        `parts`, the texts one after the other. A part that could not be answered stands alone."""
        bad = next((p for p in parts if p.intent in ("not_found", "ambiguous", "invalid", "fallback")), None)
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
        return first.model_copy(update={"facts": facts, "text": text, "credits": credits})

    # ------------------------------------------------------------------------ resolution
    def _resolve_model(self, value: str | ModelRecord | None) -> ModelRecord | None:
        """A typed name or a record → the record; a name that does not resolve raises `_Problem`."""
        if value is None or isinstance(value, ModelRecord):
            return value
        text = value.strip()[:200]
        if not text:
            return None
        known = self.knowledge.model_named(text)
        if known is not None:  # a display name (what the parser and autocomplete hand over)
            return known
        resolver = self.knowledge.model_resolver
        res = resolver.resolve(text)
        if res.best is not None:
            return res.best.key  # same-name models: the first in catalog order
        if res.ambiguous:
            from .model_default import default_model

            picked = default_model(text, res.candidates)  # "llama 70b": the newest general one
            if picked is not None:
                return picked.pick
        raise self._problem("model", resolver, text, res)

    def _model_variants(self, typed: Any, model: ModelRecord | None) -> list[str]:
        """The other models when the typed name was resolved by the newest-of-the-family rule."""
        if not isinstance(typed, str) or not typed.strip() or model is None or typed == model.name:
            return []
        from .model_default import default_model

        text = typed.strip()[:200]
        if self.knowledge.model_named(text) is not None:
            return []
        res = self.knowledge.model_resolver.resolve(text)
        picked = default_model(text, res.candidates) if res.best is None and res.ambiguous else None
        if picked is None or picked.pick.name != model.name:
            return []
        return picked.others[:VARIANTS_SHOWN]

    def _resolve_card(self, value: str | GpuRecord | None, profile: str | None = None) -> GpuRecord | None:
        """A typed name or a record → the card (the faster of same-name variants); problems raise."""
        if value is None or isinstance(value, GpuRecord):
            return value
        text = value.strip()[:200]
        if not text:
            return None
        known = self._card_names(profile).get(text)
        if known is not None:
            return known
        resolver = self.knowledge.gpu_resolver_for(profile)
        res = resolver.resolve(text)
        if res.best is not None:
            return faster_variant(list(res.best.payloads))
        added = self.knowledge.added_card(text)
        if added is not None:
            # Hardware the reference pages never listed (an Apple chip, an H20): named by the asker, it is
            # rated with this profile's rules; the pages' tables and figures keep their 818 cards.
            return added
        raise self._problem("card", resolver, text, res)

    def _problem(self, kind: str, resolver: Resolver[T], text: str, res: Resolution[T]) -> _Problem:
        from catalog.resolve import curated_first  # "qwen": Qwen3 before an import's Qwen-VL

        cands = [c.name for c in (curated_first(res.candidates) if kind == "model" else res.candidates)]
        if res.ambiguous and cands:
            return _Problem("ambiguous", kind, text, cands[:CANDIDATES_SHOWN])
        if not cands:
            cands = self._near(resolver, text)
        return _Problem("not_found", kind, text, cands[:CANDIDATES_SHOWN])

    def _card_variants(self, typed: str | None, card: GpuRecord | None, profile: str | None) -> list[str]:
        """The other variants when the typed card name was resolved by the defaults rule."""
        if not typed or not typed.strip() or card is None:
            return []
        res = self.knowledge.gpu_resolver_for(profile).resolve(typed.strip()[:200])
        if res.default is None or res.best is None or res.best.name != card.name:
            return []
        return [m.name for m in res.alternatives][:VARIANTS_SHOWN]

    def _card_names(self, profile: str | None) -> dict[str, GpuRecord]:
        """Display name → card, for the card list this profile rates (reference: the pages' 818)."""
        cards = self.knowledge.gpus_for(profile)
        table = self._cards_by_name.get(id(cards))
        if table is None:
            groups: dict[str, list[GpuRecord]] = {}
            for g in cards:
                groups.setdefault(g.name, []).append(g)
            table = self._cards_by_name[id(cards)] = {name: faster_variant(gs) for name, gs in groups.items()}
        return table

    def _near(self, resolver: Resolver[T], text: str) -> list[str]:
        """Did-you-mean names for a name that matched nothing: autocomplete's picks, else the
        closest spellings (numbers included: "Gemma 3 13B" → Gemma 3 12B)."""
        names = [m.name for m in resolver.suggest(text, CANDIDATES_SHOWN) if m.score >= 75]
        if names:
            return names
        from rapidfuzz import fuzz, process

        keys = self._keys.get(id(resolver))  # normalized names, per resolver
        if keys is None:
            stored = getattr(resolver, "normalized_names", None)  # a stored catalog keeps them (catalog/model_index.py)
            keys = self._keys[id(resolver)] = stored() if stored else [normalize(n) for n in resolver.names]
        hits = process.extract(normalize(text), keys, scorer=fuzz.ratio, limit=5, score_cutoff=75)
        return [resolver.names[i] for _, _, i in hits]

    # ------------------------------------------------------------------------ answering
    def _settings(self, options: AskOptions, context: Any, quant: Any) -> Settings:
        ctx = context if context is not None else options.context
        if ctx is None:
            ctx = DEFAULT_CONTEXT
        try:
            ctx = int(ctx)
        except (TypeError, ValueError):
            raise BadInput("context", context=str(ctx)[:40]) from None
        if not (1 <= ctx <= MAX_CONTEXT):
            raise BadInput("context", context=ctx)
        q = quant or options.quant
        mq = options.min_quality
        try:
            q = lookup_quant(q).name if q else None
            mq = lookup_quant(mq).name if mq else None
        except UnknownQuant as exc:
            raise BadInput("quant", text=str(exc.text)[:40]) from None
        return Settings(profile=options.profile, context=ctx, min_quality=mq, quant=q)

    def _answer(self, intent: str, lang: str, options: AskOptions, raw: dict[str, Any], *, inline: bool,
                question: str | None = None) -> Answer:
        try:
            settings = self._settings(options, raw.get("context"), raw.get("quant"))
            kv = raw.get("cache_type") or options.cache_type
            if kv:
                try:
                    settings = replace(settings, cache_type=canonical_cache_type(kv))
                except UnknownCacheType as exc:
                    raise BadInput("cache_type", text=str(exc.text)[:40]) from None
            if raw.get("task"):
                from .advice import TASKS

                if raw["task"] not in TASKS:
                    raise BadInput("task", text=str(raw["task"])[:40], known=", ".join(TASKS))
                settings = replace(settings, task=raw["task"])
            entities = self._entities(intent, raw, options.profile)
            budget = self._budget(raw) if intent == "what_gpu" and entities.setup is None else None
            if budget is not None:  # "best gpu under 400 bucks (for X)": cards by launch price (answers/budget.py)
                from .budget import build as build_budget

                if entities.model is not None and self.estimates.size_of(entities.model) is None:
                    raise BadInput("no_params", model=entities.model.name)
                built = build_budget(self.estimates, entities, settings, budget)
            else:
                intent = self._route(intent, entities)
                if intent in SIZE_INTENTS and entities.model is not None and self.estimates.size_of(entities.model) is None:
                    raise BadInput("no_params", model=entities.model.name)
                built = self._build(intent, entities, settings)
                if intent == "can_run" and raw.get("together") and entities.model is not None \
                        and entities.setup is None and entities.cpu is None:
                    from .at_once import facts as at_once_facts

                    second = self._resolve_model(raw.get("model2"))
                    if second is not None and self.estimates.size_of(second) is not None:
                        both = at_once_facts(self.estimates, entities.model, second, settings, entities.card,
                                             entities.memory_gb)
                        if both is not None:
                            built.facts["together"] = both
                            entities = replace(entities, model2=second)
                if intent == "card_models" and raw.get("budget") and entities.card is not None \
                        and entities.setup is None and entities.model is None:
                    # "is a 3090 worth 700 dollars": the asked price against launch prices (answers/card_price.py)
                    from .card_price import facts as price_facts

                    built.facts["price_check"] = price_facts(self.estimates, entities.card, settings,
                                                             self._budget(raw))
            if raw.get("courtesy"):
                built.facts["courtesy"] = True
            typed = raw.get("card_typed") or raw.get("card")
            variants = self._card_variants(typed if isinstance(typed, str) else None, entities.card, options.profile)
            if variants:
                built.facts["card_alternatives"] = variants
            if entities.setup is not None:
                from .apple_typical import stand_in_facts
                from .setup_words import read as read_setup

                card_text = raw.get("card")
                typed = raw.get("setup") or (read_setup(card_text).cards if isinstance(card_text, str) else None)
                mac = stand_in_facts(typed)
                if mac is not None:
                    built.facts["mac_stand_in"] = mac
            model_variants = self._model_variants(raw.get("model"), entities.model)
            if model_variants:
                built.facts["model_alternatives"] = model_variants
            if entities.model is not None and id(entities.model) in self._generic_ids:
                built.facts["generic_model_b"] = self._generic_ids[id(entities.model)]
                if raw.get("model_typed"):
                    built.facts["generic_for"] = raw["model_typed"]
                    near = self._near(self.knowledge.model_resolver, raw["model_typed"])
                    if near:  # "gemma 3 13b": the sizes the catalog does have
                        built.facts["generic_near"] = near
        except _Problem as p:
            family = self._family(intent, p)  # "when did Gemma 3 come out": the family's answer (answers/family.py)
            if family is not None:
                return self._finish(intent, lang, options, {"model": family.facts["family"]["name"]}, family, inline)
            facts = {"kind": p.kind, "query": p.text, "candidates": p.candidates}
            return self._finish(p.intent, lang, options, {p.kind: p.text}, Built(facts), inline)
        except BadInput as b:
            return self._invalid(lang, options, b.reason, b.facts)
        except BadRam:  # "ddr4-9000", "40 channels": no such RAM (estimator.machine checks the type's speeds)
            return self._invalid(lang, options, "ram", {})
        if entities.model is not None and uses_epoch(entities.model):
            built.sources.add("epoch")
        if intent == "fallback" and question is not None:
            built.facts["question"] = question[:200]
        if raw.get("lead") == "cheapest" and intent == "smallest":
            built.facts["lead"] = "cheapest"
        if raw.get("lead") and intent == "card_models":
            built.facts["lead"] = raw["lead"]  # "the biggest model for X": that line comes first
        if raw.get("observed_tok_s") and intent in ("can_run", "speed"):
            seen = _observed(built.facts, float(raw["observed_tok_s"]))
            if seen is not None:
                built.facts["observed"] = seen
        names = self._entity_names(entities, settings)
        if built.facts.get("together"):
            names["together"] = True  # two models loaded at once: `model2` is the second
        if "budget" in built.facts:
            b = built.facts["budget"]
            names["budget"] = {"amount": b["amount"], "currency": b["currency"], "usd": b["usd"]}
        return self._finish(intent, lang, options, names, built, inline)

    @staticmethod
    def _budget(raw: dict[str, Any]) -> dict[str, Any] | None:
        """The budget facts (answers/budget.py) of a parsed or typed budget; None when none was said."""
        said = raw.get("budget")
        if not said:
            return None
        from catalog.currency import CURRENCIES

        from .budget import budget_facts
        from .budget_words import MAX_AMOUNT

        try:
            amount, currency = float(said["amount"]), str(said["currency"]).upper()
        except (KeyError, TypeError, ValueError):
            raise BadInput("budget", text=str(said)[:40]) from None
        if currency not in CURRENCIES or not (0 < amount <= MAX_AMOUNT):
            raise BadInput("budget", text=f"{amount:.0f} {currency}"[:40])  # echoes what was typed
        return budget_facts(amount, currency, bool(said.get("currency_said", True)))

    def _family(self, intent: str, p: _Problem) -> Built | None:
        """A fact question on an ambiguous model name that names a family: facts for every member."""
        from .family import FAMILY_INTENTS, family_facts, members

        if p.intent != "ambiguous" or p.kind != "model" or intent not in FAMILY_INTENTS:
            return None
        family = family_facts(p.text, self.knowledge.models, p.candidates)
        if family is None:
            return None
        epoch = any(uses_epoch(m.record) for m in members(p.text, self.knowledge.models))
        return Built({"family": family}, sources={"epoch"} if epoch else set())

    def _build(self, intent: str, e: Entities, s: Settings) -> Built:
        build = SPECS[intent].builder
        if build is None:
            return Built({})
        if intent not in TABLE_INTENTS:
            return build(self.estimates, e, s)
        key = (intent, id(e.model), id(e.card), e.memory_gb, s, e.setup, e.cpu)
        built = self._built.get_or(key, lambda: build(self.estimates, e, s))
        # Callers add keys to facts; the cached rows themselves are never changed.
        return Built(dict(built.facts), built.table, set(built.sources), key)

    def _entities(self, intent: str, raw: dict[str, Any], profile: str) -> Entities:
        model = self._resolve_model(raw.get("model")) if SPECS[intent].takes_model else None
        # Facts about a model never use a card: an unknown card named alongside is not an error there.
        uses_cards = intent not in INFO_INTENTS
        # Two machines set side by side ("dgx spark vs m4 max") are compared, not pooled into one setup.
        side_by_side = intent == "compare" and raw.get("card2") is not None and not raw.get("setup")
        sides = self._sides(raw, profile) if intent == "compare" and raw.get("setup2") else None
        if sides is not None:  # "2x 3090 or one a6000": two setups, each rated as a whole (answers/versus.py)
            side_by_side = True
            raw = {**raw, "card": sides[0].devices[0].card, "card2": sides[1].devices[0].card}
        setup = self._setup(raw, profile) if uses_cards and not side_by_side else None
        card = self._resolve_card(raw.get("card"), profile) if uses_cards and setup is None else None
        card2 = self._resolve_card(raw.get("card2"), profile) if uses_cards and setup is None else None
        if setup is None and card is not None and card2 is None and card.unified_memory:
            # A handheld, console or SoC named on its own shares its memory with the system: rated as
            # the unified setup it is (the GPU's share of the memory), never as a 16 GB graphics card.
            from estimator.setups import Device, Setup

            setup = Setup((Device(card),))
        if setup is not None:
            card = setup.devices[0].card  # routing ("a card was named") and entities.card
        memory = raw.get("memory_gb")
        if memory is not None:
            try:
                memory = float(memory)
            except (TypeError, ValueError):
                raise BadInput("memory", memory_gb=str(memory)[:40]) from None
            if not (0 < memory <= MAX_MEMORY_GB):
                raise BadInput("memory", memory_gb=memory)
        try:
            levels = tuple(lookup_quant(lv).name for lv in raw.get("levels") or ())
        except UnknownQuant as exc:
            raise BadInput("quant", text=str(exc.text)[:40]) from None
        cpu = raw.get("cpu") if setup is None and card is None else None
        if cpu is not None and cpu.ram_gb is not None and not (0 < cpu.ram_gb <= MAX_MEMORY_GB):
            raise BadInput("memory", memory_gb=cpu.ram_gb)
        model2 = self._resolve_model(raw.get("model2")) if intent == "compare" and model is not None else None
        if model2 is not None and model2 is model:
            model2 = None  # the same model twice is one model
        return Entities(model=model, card=card, card2=card2, memory_gb=memory, levels=levels, setup=setup, cpu=cpu,
                        model2=model2, sides=sides)

    def _sides(self, raw: dict[str, Any], profile: str) -> tuple[Setup, Setup] | None:
        """The two setups of a comparison (`setup` and `setup2` as read from the question), RAM beside both."""
        from .setups import setup_from_raw

        def side(parts: Any) -> Setup | None:
            one = {"setup": list(parts), "ram_gb": raw.get("ram_gb"), "ram_type": raw.get("ram_type"),
                   "ram_mts": raw.get("ram_mts"), "ram_channels": raw.get("ram_channels")}
            return setup_from_raw(one, lambda text: self._resolve_card(text, profile), self.knowledge.added_card)

        a, b = side(raw.get("setup") or ()), side(raw.get("setup2") or ())
        return (a, b) if a is not None and b is not None else None

    def _setup(self, raw: dict[str, Any], profile: str) -> Setup | None:
        """The setup the asker owns (several cards, a Mac, a card plus RAM), or None for one plain card."""
        card = raw.get("card")
        if not raw.get("setup") and not (isinstance(card, str) and card.strip()) and not (
                raw.get("memory_gb") and raw.get("ram_gb")):
            return None  # what setup_from_raw answers here, without importing the setup code on every start
        from .setups import setup_from_raw

        if not raw.get("setup") and raw.get("card") is None and raw.get("memory_gb") and raw.get("ram_gb"):
            return self._typical_setup(float(raw["memory_gb"]), raw, profile)
        return setup_from_raw(raw, lambda text: self._resolve_card(text, profile), self.knowledge.added_card,
                              self.profiles.setup_constants().machine)

    def _typical_setup(self, memory_gb: float, raw: dict[str, Any], profile: str) -> Setup | None:
        """"My 8 GB card with 32 GB of RAM": a typical card of exactly that memory, plus the RAM, so the
        answer can say whether offloading makes it usable (None when no card has that memory)."""
        from estimator.setups import Device, Setup

        from .advice import typical_record

        record = typical_record(self.knowledge.gpus_for(profile), memory_gb)
        if record is None:
            return None
        try:
            return Setup((Device(record),), ram_gb=float(raw["ram_gb"]), ram_type=raw.get("ram_type"),
                         ram_mts=raw.get("ram_mts"), ram_channels=raw.get("ram_channels"))
        except InvalidInput:
            raise BadInput("setup", ram_gb=raw.get("ram_gb")) from None

    @staticmethod
    def _route(intent: str, e: Entities) -> str:
        """Fill gaps between what was asked and what was named."""
        if intent in ("not_found", "ambiguous", "invalid"):
            return "fallback"
        if e.cpu is not None:
            # No card: "how much RAM" is vram, "how fast" speed, what-can-I-run card_models, the rest can_run.
            if e.model is None:
                return "card_models" if intent not in INFO_INTENTS and intent != "help" else intent
            return intent if intent in ("vram", "speed", "can_run") or intent in INFO_INTENTS else "can_run"
        if intent == "compare" and (e.sides is not None or (e.model2 is not None and e.model is not None)):
            return "compare"  # two setups, or two models, side by side (answers/versus.py)
        if e.setup is not None and e.model is not None and intent in ("compare", "card_models", "fastest", "what_gpu"):
            return "can_run"  # the asker's own hardware: the answer is about it
        if intent in ("fastest", "what_gpu") and e.model is not None and e.card is None and e.memory_gb is not None:
            return "can_run"  # "best 12 GB card for X": the fastest card of that size, and the home pick
        if intent == "compare" and e.card is not None and e.card2 is not None and e.model is None:
            return "compare"  # two cards, no model: memory, bandwidth and two typical model sizes
        if intent == "compare" and (e.card is None or e.card2 is None):
            intent = "speed" if e.card is not None else "fastest"
        if intent in MODEL_INTENTS and e.model is None:
            if intent in ("speed", "can_run", "card_models", "compare", "fastest") and e.card is not None:
                return "card_models"  # "what's the fastest model I can run on a 4080": the card's list
            if e.card is None and e.memory_gb is not None:
                return "card_models"  # "good llm for 16 GB?": what runs on that much memory
            return "fallback"
        if intent == "card_models" and e.card is None:
            if e.model is None and e.memory_gb is not None:
                return "card_models"
            return "fastest" if e.model is not None else "fallback"
        if intent == "speed" and e.card is None and e.memory_gb is not None:
            return "can_run"
        return intent

    @staticmethod
    def _entity_names(e: Entities, s: Settings) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if e.model is not None:
            out["model"] = e.model.name
        if e.card is not None:
            out["card"] = e.card.name
        if e.setup is not None:
            out["setup"] = e.setup.label
            out["cards"] = [d.card.name for d in e.setup.devices]
            if e.setup.gpu_count > 1:
                out["gpu_count"] = e.setup.gpu_count
            if e.setup.ram_gb is not None:
                out["ram_gb"] = e.setup.ram_gb
        if e.cpu is not None:
            out["cpu_only"] = True
            if e.cpu.ram_gb is not None:
                out["ram_gb"] = e.cpu.ram_gb
        if e.card2 is not None:
            out["card2"] = e.card2.name
        if e.model2 is not None:
            out["model2"] = e.model2.name
        if e.sides is not None:
            out["setups"] = [x.label for x in e.sides]
        if e.memory_gb is not None:
            out["memory_gb"] = e.memory_gb
        out["context"] = s.context
        if s.quant:
            out["quant"] = s.quant
        if s.cache_type != "f16":
            out["cache_type"] = s.cache_type
        return out

    def _invalid(self, lang: str, options: AskOptions, reason: str, facts: dict[str, Any]) -> Answer:
        return self._finish("invalid", lang, options, {}, Built({"reason": reason, **facts}), inline=False)

    def _finish(self, intent: str, lang: str, options: AskOptions, entities: dict[str, Any], built: Built,
                inline: bool) -> Answer:
        facts = built.facts
        facts.setdefault("profile", self._profile_name(options))
        facts["intent"] = intent
        table_rows = built.table
        text = self._text(intent, lang, facts, table_rows if inline else None)
        if facts.get("card_alternatives") and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            names = ", ".join(markdown.escape(n) for n in facts["card_alternatives"])
            text = markdown.finish(text.rstrip() + "\n" + i18n.gettext(lang, CARD_VARIANTS) % {"names": names})
        mac = facts.get("mac_stand_in")
        if mac and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            line = i18n.gettext(lang, MAC_STAND_IN if mac["others"] else MAC_STAND_IN_ONLY) % {
                "memory": fmt.memory(mac["memory_gb"], lang), "chip": markdown.escape(mac["chip"]),
                "names": ", ".join(markdown.escape(n) for n in mac["others"])}
            text = markdown.finish(text.rstrip() + "\n" + line)
        if facts.get("model_alternatives") and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            names = ", ".join(markdown.escape(n) for n in facts["model_alternatives"])
            text = markdown.finish(text.rstrip() + "\n" + i18n.gettext(lang, MODEL_VARIANTS) % {"names": names})
        if facts.get("observed"):
            o = facts["observed"]
            values = {"seen": fmt.tok_s(o["tok_s"], lang), "range": fmt.tok_range(o["low"], o["high"], lang),
                      "quant": f"`{o['quant']}`"}
            text = markdown.finish(text.rstrip() + "\n" + i18n.gettext(lang, OBSERVED[o["verdict"]]) % values)
        if facts.get("generic_model_b") and intent not in ("ambiguous", "not_found", "invalid", "fallback", "help"):
            if facts.get("generic_for"):  # "mythomax 13b": first, so the figures are never read as that model's
                note = typed_note(facts["generic_for"], facts["generic_model_b"], lang)
                if facts.get("generic_near"):
                    names = ", ".join(markdown.escape(n) for n in facts["generic_near"])
                    note += " " + i18n.gettext(lang, GENERIC_NEAR) % {"names": names}
                text = markdown.finish(note + "\n" + text)
                entities = {**entities, "model_typed": facts["generic_for"]}
            else:
                text = markdown.finish(text.rstrip() + "\n" + generic_note(facts["generic_model_b"], lang))
            entities = {**entities, "model_size_b": facts["generic_model_b"]}
            if isinstance(entities.get("model"), str):
                text = capitalize_leads(text, markdown.escape(entities["model"]))
        title_values = {k: markdown.escape(v) for k, v in entities.items() if k in ("model", "card", "card2")}
        if intent == "compare" and facts.get("mode") == "models" and "model2" in entities:
            title_values.update(card=markdown.escape(entities["model"]), card2=markdown.escape(entities["model2"]))
        elif intent == "compare" and facts.get("mode") == "setups" and "setups" in entities:
            title_values.update(card=markdown.escape(entities["setups"][0]), card2=markdown.escape(entities["setups"][1]))
        title = None
        title_id = None if facts.get("out_of_scope") else TITLES.get(intent)  # not "I did not understand"
        if intent == "what_gpu" and facts.get("budget"):
            from .budget import title as budget_title

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

    def _generic_model(self, params_b: float, lang: str) -> ModelRecord:
        key = (params_b, lang)
        if key not in self._generic:
            record = generic_record(params_b, lang)
            self._generic[key] = record
            self._generic_ids[id(record)] = params_b
        return self._generic[key]

    def _profile_name(self, options: AskOptions) -> str:
        return self.profiles.get(options.profile).name

    def _text(self, intent: str, lang: str, facts: dict[str, Any], rows: list[TableRow] | None) -> str:
        """The answer text; with `rows` (CLI), the table is written in, as many rows as fit."""
        shown = None if rows is None else len(facts.get("rows", []))
        while True:
            extra: dict[str, Any] = {"inline": rows is not None}
            if rows is not None:
                extra["more"] = max(0, len(rows) - (shown or 0))
                top = facts.get("rows", [])
                facts_view = dict(facts, rows=top[:shown] if shown <= len(top) else [t.facts() for t in rows[:shown]])
            else:
                extra["more"] = 0
                facts_view = facts
            text = markdown.finish(render.render(lang, intent, facts_view, **extra), limit=10**9)
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


def _observed(facts: dict[str, Any], seen: float) -> dict[str, Any] | None:
    """The stated speed against the answer's estimate (one card or setup, or the CPU alone): within the
    range, below or above it; None when the answer has no speed to compare with."""
    row = facts.get("row") if isinstance(facts.get("row"), dict) else None
    if not (row and row.get("tok_s")) and isinstance(facts.get("cpu"), dict):
        row = facts["cpu"].get("pick")
    if not row or not row.get("tok_s") or row.get("tok_s_low") is None or row.get("tok_s_high") is None:
        return None
    low, high = row["tok_s_low"], row["tok_s_high"]
    verdict = "below" if seen < low else "above" if seen > high else "within"
    return {"tok_s": seen, "estimate_tok_s": row["tok_s"], "low": low, "high": high, "quant": row.get("quant"),
            "verdict": verdict}


@dataclass(frozen=True)
class LineError:
    """A line of `tpsbot ask -` that could not be answered: reported, and the stream goes on."""

    line: int  # 1-based line number in the input
    question: str
    error: str


def answer_lines(engine: Engine, lines: Iterable[str], locale: str | None = None,
                 options: AskOptions | None = None) -> Iterator[Answer | LineError]:
    """One answer per non-empty line (the CLI's `tpsbot ask -`); tables are written into the text.

    A line whose answer fails (a defect, never bad input: that gets an "invalid" answer) yields a
    `LineError` instead, so one bad line does not cost the answers to every later one.
    """
    for n, line in enumerate(lines, 1):
        question = line.strip()
        if not question:
            continue
        try:
            yield engine._ask(question, locale, options, inline=True)
        except Exception as exc:  # noqa: BLE001 — reported per line; the caller decides the exit code
            yield LineError(n, question[:200], f"{type(exc).__name__}: {exc}"[:300])
