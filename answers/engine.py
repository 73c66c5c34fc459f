"""The answers engine: question or slash command → intent + entities → facts → localized text.

    engine = await Engine.open()            # loads the catalog once
    engine.ask("can GLIDE run on 12 GB?")   # parse, then answer in the question's language
    engine.command("fastest", "it", model="gLM")

Reading is `answers.reading`, facts come from `answers.facts` (pure builders over the estimator, one
per intent family, declared in `answers.intents_table`), text from the jinja2 templates through
`answers.rendering.render`; every answer is Discord-markdown safe (`answers.rendering.markdown`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from answers.api import MAX_QUESTION_CHARS, Answer, AskOptions
from answers.facts import scope as scope_facts
from answers.facts.advice import TASKS
from answers.facts.common import BadInput, Built, Entities, Estimates, Lru, uses_epoch
from answers.facts.entities import EntityBuilding
from answers.facts.together import facts as at_once_facts
from answers.facts.truer import TRUER_INTENTS, measured_figure
from answers.intents_table import INFO_INTENTS, INTENTS, SIZE_INTENTS
from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.names import NameProblem, NameResolution
from answers.knowledge.profiles import Profiles
from answers.reading import ram_words, scope
from answers.reading.apple_typical import stand_in_facts
from answers.reading.clues import only_task_words
from answers.reading.options import budget_field, card_field
from answers.reading.question import Question, language_of, read
from answers.reading.sizes import usable_size
from answers.rendering import i18n, markdown
from answers.rendering.answer import AnswerWriting
from answers.rendering.generic_model import generic_record
from catalog.name_sizes import typed_size
from catalog.records import GpuRecord, ModelRecord
from catalog.resolve import normalize
from estimator.machine import BadRam
from estimator.memory import UnknownCacheType
from estimator.memory import cache_type as canonical_cache_type

if TYPE_CHECKING:
    pass

# Fact questions that, with a card named beside them, also ask whether the model runs on it.
FACT_THEN_FIT = frozenset({"maker", "release", "parameters", "open_source", "purpose", "model_info"})




def _catalogue(code: str | None) -> str | None:
    return i18n.catalogue_locale(code) if code else None




# Prompt and several-users questions that name a card but no model ("how long for a 32k prompt on a 3090")
# are answered for the model people run most on one card (the example of llama.cpp's own benchmarks).
SERVING_INTENTS = frozenset({"prefill", "users"})
SERVING_STAND_IN = "Llama 3.1 8B"

class Engine(NameResolution, EntityBuilding, AnswerWriting):
    def __init__(self, knowledge: Knowledge, profiles: Profiles | None = None) -> None:
        self.knowledge = knowledge
        self.profiles = profiles or Profiles()
        self.estimates = Estimates(knowledge, self.profiles)
        self._built = Lru(256)
        self._keys: dict[int, list[str]] = {}
        self._cards_by_name: dict[int, dict[str, GpuRecord]] = {}  # per card list (id of Knowledge's list)
        self._tables = Lru(256)
        # Stand-in records for "a 70b" (answers/rendering/generic_model.py), kept alive: caches key on id().
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
        model2: str | ModelRecord | None = None, prompt_tokens: int | None = None, users: int | None = None,
    ) -> Answer:
        lang = _catalogue(locale) or i18n.DEFAULT
        options = options or AskOptions()
        if intent not in INTENTS:
            return self._invalid(lang, options, "intent", {"intent": intent})
        raw: dict[str, Any] = {
            "model": model, "card": card, "card2": card2, "memory_gb": memory_gb, "context": context, "quant": quant,
            # a setup may be typed in `card`
            "task": task, "gpu_count": gpu_count, "ram_gb": ram_gb, "ram_type": ram_type,
            "model2": model2, "prompt_tokens": prompt_tokens, "users": users}
        if prompt_tokens and (context or 0) < prompt_tokens:
            raw["context"] = prompt_tokens  # the cache holds the prompt
        if isinstance(budget, str):  # a budget typed in a field of its own ("400", "500 €"), in the asker's language
            typed = budget_field(budget, lang)
            if typed is None:
                return self._invalid(lang, options, "budget", {"text": budget.strip()[:40]})
            budget = typed
        if budget:
            raw["budget"] = budget
        _with_card_field(raw)  # "2x RTX 3090", "M4 Max 128GB" typed in the card field: read as a setup
        if raw.get("setup") and isinstance(card, str):
            said = ram_words.read(card)  # "3090 + 512GB DDR5-6000, 12 channels" typed in the card field
            if said.platform is not None:
                said = ram_words.with_platform(said, self.profiles.setup_constants().machine)
            raw["ram_type"] = raw["ram_type"] or said.kind
            raw["ram_mts"], raw["ram_channels"] = said.mts, said.channels
        if isinstance(model, str) and intent not in INFO_INTENTS:
            self._typed_generic(raw, model, lang)  # "/can_run model: mythomax 13b": the size typed, said so
        return self._answer(intent, lang, options, raw, inline=False)

    def _typed_generic(self, raw: dict[str, Any], typed: str, lang: str) -> None:
        """A model field the catalog has no model for, with a size in it ("mythomax 13b", "70b"): a generic
        dense model of that size, like a question's (the parser's rule); anything else is left to resolve."""
        text = typed.strip()[:200]
        size = typed_size(text)
        if size is None or not usable_size(size) or self.knowledge.model_named(text) is not None:
            return
        resolver = self.knowledge.model_resolver
        bare = normalize(text) == f"{size:g}b".replace(".", "")  # "70b": a size, never a name
        res = resolver.resolve(text)
        if res.best is not None or res.ambiguous or (not bare and (res.candidates or self._near(resolver, text))):
            return  # a match, or near names to pick from ("Gemma 3 13B" → did you mean Gemma 3 12B)
        raw["model"] = self._generic_model(size, lang)
        if not bare:
            raw["model_typed"] = text



    # ------------------------------------------------------------------------ parsing
    def _read(self, question: str, profile: str | None = None, hint: str | None = None) -> Question:
        kn = self.knowledge
        return read(question, kn.model_resolver, kn.gpu_resolver_for(profile), hint)

    def _ask(
        self, question: str, locale: str | None, options: AskOptions | None, *, inline: bool, hint: str | None = None,
    ) -> Answer:
        options = options or AskOptions()
        lang = _catalogue(locale)
        question = markdown.clean(question or "")  # no control, bidi or combining flood reaches an echo
        if len(question) > MAX_QUESTION_CHARS:
            # Refused, but in the asker's language: the start of the question is enough to tell it.
            kn = self.knowledge
            start = language_of(question[:300], kn.model_resolver, kn.gpu_resolver_for(options.profile))
            lang = lang or _catalogue(start) or i18n.DEFAULT
            return self._invalid(lang, options, "too_long", {"limit": MAX_QUESTION_CHARS, "length": len(question)})
        if not question.strip():
            return self._answer("help", lang or i18n.DEFAULT, options, {}, inline=inline)
        # `hint` (the asker's Discord locale) is evidence for the language, not a verdict: a question
        # plainly written in another language is answered in it; one that does not tell, in the hint's.
        q = self._read(question, options.profile, hint)  # the one reading: the text is not looked at again
        lang = lang or _catalogue(q.parsed.language) or _catalogue(hint) or i18n.DEFAULT
        if q.image_model is not None:
            # "do I need a 5090 for Flux?": image generation is outside this estimator (language models only).
            return self._finish("fallback", lang, options, {}, Built({"out_of_scope": "image_generation",
                                                                      "named": q.image_model}), inline)
        oos = q.out_of_scope
        if oos is not None and (oos.kind in scope.DEVICE_KINDS or q.parsed.intent not in INFO_INTENTS):
            # A phone, a board, speech, embeddings, fine-tuning: said plainly, never a card's decode figure
            # (answers/facts/scope.py); "who made Whisper", "Llama 3's training data" still get the model's facts.
            return self._out_of_scope(q, lang, options, inline)
        raw = self._raw(q)
        self._ram(q, raw)
        _with_card_field(raw)  # one card with RAM beside it (said, or a platform's): a setup of that card
        intent = self._sized_models(q, q.parsed.intent if q.parsed.intent in INTENTS else "fallback", raw, lang)
        intent = self._refined(q, intent, raw)
        asks = self._asks(q, intent, raw)
        if len(asks) >= 2 and raw["model"] is not None:
            # Two asks in one question ("who released X and when"): answer each, joined.
            return self._joined([self._answer(i, lang, options, dict(raw), inline=inline, echo=q.echo)
                                 for i in asks])
        if intent == "help":
            raw["courtesy"] = q.courtesy  # "thanks!", "a presto": one line, not the whole help
        if q.parsed.memory_apart and self._memory_or_card(intent, raw, options.profile):
            # "is 16gb enough for gemma 3 27b or do i need a 3090": the size answered, then the card named.
            size, card = (self._answer(intent, lang, options, dict(raw, card=None, card_typed=None), inline=inline,
                                       echo=q.echo),
                          self._answer(intent, lang, options, dict(raw, memory_gb=None), inline=inline, echo=q.echo))
            both = self._joined([size, card])
            return both.model_copy(update={"entities": {**card.entities, **both.entities}})
        return self._answer(intent, lang, options, raw, inline=inline, echo=q.echo)

    def _out_of_scope(self, q: Question, lang: str, options: AskOptions, inline: bool) -> Answer:
        """What the question asks that the estimator does not rate, with what it can say: the memory the
        model's weights take, the fine-tuning rule of thumb against the memory named."""
        assert q.out_of_scope is not None
        parsed, kind = q.parsed, q.out_of_scope.kind
        try:
            record = self._resolve_model(parsed.model)
        except NameProblem:
            record = None
        size = self.estimates.size_of(record) if record is not None else None
        if size is None and parsed.model_size_b is not None and usable_size(parsed.model_size_b):
            size = self.estimates.size_of(self._generic_model(parsed.model_size_b, lang))
        model = {"name": record.name, "params_b": size.params_b} if record is not None and size is not None else None
        memory = parsed.memory_gb
        try:
            card = self._resolve_card(parsed.card, options.profile) if parsed.card else None
        except NameProblem:
            card = None
        if card is not None:
            memory = card.memory_gb * (parsed.gpu_count or 1)
        device = q.out_of_scope.named if kind in scope.DEVICE_KINDS else None
        built = scope_facts.build(kind, q.out_of_scope.named, model=model, size=size, memory_gb=memory, device=device)
        built.facts["generic"] = q.out_of_scope.generic
        if record is not None and uses_epoch(record):
            built.sources.add("epoch")
        return self._finish("fallback", lang, options, {"model": record.name} if record else {}, built, inline)

    def _memory_or_card(self, intent: str, raw: dict[str, Any], profile: str | None) -> bool:
        """A memory size and one card that is not that size, beside a model: two hardware questions in one
        ("16gb or a 3090"), answered one after the other. A size that is the card's own ("3060 12gb") is not."""
        if intent not in ("can_run", "speed") or raw["model"] is None or not raw["memory_gb"] or not raw["card"] \
                or raw["setup"] or raw["card2"] or raw.get("cpu") is not None:
            return False
        size = float(raw["memory_gb"])
        try:
            card = self._resolve_card(raw["card"], profile)
        except NameProblem:
            return False
        try:  # "mi50 32gb": a size one of the card's own variants has is that variant's, not a second question
            variant = self._resolve_card(f"{raw.get('card_typed') or raw['card']} {size:g} GB", profile)
        except NameProblem:
            variant = None
        return card is not None and abs(card.memory_gb - size) >= 1.0 \
            and (variant is None or abs(variant.memory_gb - size) >= 1.0)

    # ------------------------------------------------------------------------ deciding the intent
    @staticmethod
    def _raw(q: Question) -> dict[str, Any]:
        """The entities as read, before they resolve (the same keys a slash command's fields fill)."""
        parsed = q.parsed
        raw: dict[str, Any] = {
               "model": parsed.model, "card": parsed.card, "card2": parsed.card2, "memory_gb": parsed.memory_gb,
               "context": parsed.context, "quant": parsed.quant, "setup": parsed.setup, "gpu_count": parsed.gpu_count,
               "ram_gb": parsed.ram_gb, "ram_type": parsed.ram_type, "card_typed": parsed.card_span,
               "budget": parsed.budget, "model2": parsed.model2, "setup2": parsed.setup2}
        raw["task"] = parsed.task
        raw["cache_type"] = parsed.cache_type
        raw["observed_tok_s"] = q.observed_tok_s
        raw["prompt_tokens"], raw["users"], raw["backend"] = q.prompt_tokens, q.users, q.backend
        if q.prompt_tokens is not None and (parsed.context or 0) < q.prompt_tokens:
            raw["context"] = q.prompt_tokens  # a 32k prompt needs a 32k cache ("32k" may also have been read as it)
        if raw["observed_tok_s"] and parsed.context is not None and abs(parsed.context - raw["observed_tok_s"]) < 1:
            raw["context"] = None  # "12 token al secondo" is a speed the asker states, not a context length
        return raw

    def _ram(self, q: Question, raw: dict[str, Any]) -> None:
        """The RAM's type, speed and channels said anywhere in the question ("8gb vram 64gb ddr5", "ddr5-6000,
        12 channels", "an EPYC Genoa"): estimator.machine assumes what is not said, and the answer says so."""
        ram = q.ram
        if ram.platform is not None:  # "an EPYC Genoa with 384 GB": the platform's RAM where nothing else is said
            ram = ram_words.with_platform(ram, self.profiles.setup_constants().machine)
            if raw["ram_gb"] is None and raw["memory_gb"] and raw["memory_gb"] >= 64 and (raw["card"] or raw["setup"]):
                raw["ram_gb"], raw["memory_gb"] = raw["memory_gb"], None  # beside a card and a CPU, the size is RAM
        raw["ram_type"] = raw["ram_type"] or ram.kind
        raw["ram_mts"], raw["ram_channels"] = ram.mts, ram.channels

    def _sized_models(self, q: Question, intent: str, raw: dict[str, Any], lang: str) -> str:
        """Models named by their size alone ("enough for a 70b?", "a 7b and a 14b at once"): generic
        stand-ins, said so in the answer. Returns the intent, which such a model may change."""
        parsed = q.parsed
        size = parsed.model_size_b
        if raw["model"] is None and size is not None and usable_size(size):
            # "enough for a 70b?": a generic dense model of that size, said so in the answer.
            raw["model"] = self._generic_model(size, lang)
            raw["model_typed"] = parsed.model_typed  # "mythomax 13b": a name the catalog lacks, said so
            if intent in INFO_INTENTS:
                intent = "vram"  # facts of "a 70B model" (maker, date) do not exist; its memory does
        elif raw["model"] is None and parsed.model_size_b is not None:
            raw["model"] = f"{parsed.model_size_b:g}b"  # beyond any model: answered as an unknown name

        if parsed.together and intent in ("can_run", "speed", "vram"):
            # "llama 3.1 8b and qwen3 8b at the same time on a 4090": both loaded at once (answers/reading/at_once.py).
            sizes = list(q.generic_sizes)
            if len(sizes) >= 2 and usable_size(sizes[0]) and usable_size(sizes[1]):
                raw["model"], raw["model2"] = self._generic_model(sizes[0], lang), self._generic_model(sizes[1], lang)
            if raw["model2"] is not None and raw["model"] is not None:
                intent, raw["together"] = "can_run", True
        return intent

    @staticmethod
    def _refined(q: Question, intent: str, raw: dict[str, Any]) -> str:
        """The intent as the rest of the Question refines it: no GPU, a task word, the cheapest or the
        biggest, which level."""
        parsed = q.parsed
        quants = parsed.quants or ([parsed.quant] if parsed.quant else [])
        if (q.cpu_only or q.cpu_named) and not parsed.card and not parsed.setup:
            # "llama 3.1 8b without a gpu", "no gpu, 64gb ram", "on an i9 13900k": the machine's RAM is the
            # memory, a size is RAM; a processor named as the device is said back (answers/templates/_cpu.md.j2).
            raw["cpu"] = scope.CpuOnly(parsed.ram_gb or parsed.memory_gb, raw["ram_type"] or q.ram_type_said,
                                       raw["ram_mts"], raw["ram_channels"])
            raw["memory_gb"] = None
            raw["cpu_named"] = q.cpu_named
            if q.cpu_named and raw["context"] is not None and scope.model_number_context(q.cpu_named, raw["context"]):
                raw["context"] = None  # "13900k" is the processor's model number, not a 13,900k-token context
        if raw["task"] and isinstance(raw["model"], str) and only_task_words(raw["model"]):
            # "best coding model for a 4090": "coding" is the task, not an unknown model.
            raw["model"] = None
            if raw["card"] is not None or raw["memory_gb"] is not None:
                intent = "card_models"
        if parsed.cheapest and raw["model"] is not None and raw["card"] is None and raw["setup"] is None \
                and not raw["budget"]:
            # "cheapest card for X": by launch price (answers/facts/picks.py)
            intent, raw["lead"] = "smallest", "cheapest"
        if parsed.biggest and intent == "card_models":
            raw["lead"] = "biggest"
        if intent in SERVING_INTENTS and raw["model"] is None and (raw["card"] or raw["setup"]):
            # "how long for a 32k prompt on a 3090", "vllm 4 users 3090": no model named; a common one stands
            # in and the answer says so.
            raw["model"], raw["model_stand_in"] = SERVING_STAND_IN, True
        if raw["model"] is None and parsed.quant_question and (raw["card"] is not None or raw["memory_gb"] is not None):
            intent, raw["lead"] = "card_models", "levels"  # "which quant fits 48 GB": sizes per level
        if raw["model"] is not None and intent not in INFO_INTENTS and (parsed.quant_question or len(quants) >= 2) \
                and raw["model2"] is None:
            # "which quant of Mixtral fits 24 GB", "q8 or q4 for Llama 3.1 8B": the level advice.
            intent = "why_quant"
            if len(quants) >= 2:
                raw["levels"] = quants
            raw["quant"] = None
        return intent

    @staticmethod
    def _asks(q: Question, intent: str, raw: dict[str, Any]) -> list[str]:
        """Every intent the question asks, in order, when it asks more than one."""
        asks = [i for i in dict.fromkeys(q.parsed.intents) if i in INTENTS]
        if intent in FACT_THEN_FIT and raw["model"] is not None \
                and (raw["card"] is not None or raw["setup"] is not None) \
                and raw["model2"] is None and raw["card2"] is None:
            # "who made gemma 3 27b and can it run on a 3090?": a card named beside a fact question is
            # the second question; it gets the yes/no answer after the fact.
            asks = [*(a for a in (asks or [intent]) if a in INFO_INTENTS), "can_run"]
        return asks

    # ------------------------------------------------------------------------ answering
    def _answer(self, intent: str, lang: str, options: AskOptions, raw: dict[str, Any], *, inline: bool,
                echo: str | None = None) -> Answer:
        try:
            settings = self._settings(options, raw.get("context"), raw.get("quant"))
            kv = raw.get("cache_type") or options.cache_type
            if kv:
                try:
                    settings = replace(settings, cache_type=canonical_cache_type(kv))
                except UnknownCacheType as exc:
                    raise BadInput("cache_type", text=str(exc.text)[:40]) from None
            if raw.get("task"):
                if raw["task"] not in TASKS:
                    raise BadInput("task", text=str(raw["task"])[:40], known=", ".join(TASKS))
                settings = replace(settings, task=raw["task"])
            entities = self._entities(intent, raw, options.profile)
            budget = self._budget(raw) if intent == "what_gpu" and entities.setup is None else None
            # "best gpu under 400 bucks (for X)": cards by launch price (answers/facts/budget.py)
            if budget is not None:
                # lazy: the budget rules (and the setup rules below them) only for a question naming a price
                from answers.facts.budget import build as build_budget

                if entities.model is not None and self.estimates.size_of(entities.model) is None:
                    raise BadInput("no_params", model=entities.model.name)
                built = build_budget(self.estimates, entities, settings, budget)
            else:
                intent = self._route(intent, entities)
                if intent in SIZE_INTENTS and entities.model is not None \
                        and self.estimates.size_of(entities.model) is None:
                    raise BadInput("no_params", model=entities.model.name)
                built = self._build(intent, entities, settings)
                if intent == "can_run" and raw.get("together") and entities.model is not None \
                        and entities.setup is None and entities.cpu is None:
                    second = self._resolve_model(raw.get("model2"))
                    if second is not None and self.estimates.size_of(second) is not None:
                        both = at_once_facts(self.estimates, entities.model, second, settings, entities.card,
                                             entities.memory_gb)
                        if both is not None:
                            built.facts["together"] = both
                            entities = replace(entities, model2=second)
                if intent == "card_models" and raw.get("budget") and entities.card is not None \
                        and entities.setup is None and entities.model is None \
                        and (asked := self._budget(raw)) is not None:
                    # "is a 3090 worth 700 dollars": the asked price against launch prices (answers/facts/card_price.py)
                    # lazy: the price rules (and the budget and setup rules below them) only for a price asked
                    from answers.facts.card_price import facts as price_facts

                    built.facts["price_check"] = price_facts(self.estimates, entities.card, settings, asked)
            self._what_was_assumed(built, entities, raw, options)
            if raw.get("model_stand_in"):
                built.facts["model_stand_in"] = True
        except NameProblem as p:
            # "when did Gemma 3 come out": the family's answer (answers/facts/family.py)
            family = self._family(intent, p)
            if family is not None:
                return self._finish(intent, lang, options, {"model": family.facts["family"]["name"]}, family, inline)
            facts = {"kind": p.kind, "query": p.text, "candidates": p.candidates}
            return self._finish(p.intent, lang, options, {p.kind: p.text}, Built(facts), inline)
        except BadInput as b:
            return self._invalid(lang, options, b.reason, b.facts)
        except BadRam:  # "ddr4-9000", "40 channels": no such RAM (estimator.machine checks the type's speeds)
            return self._invalid(lang, options, "ram", {})
        self._as_asked(intent, built, entities, raw, echo)
        if entities.model is not None and scope_facts.image_generator(entities.model.domain, intent):
            built.facts["image_generator"] = entities.model.name  # GLIDE: the site's figures, said for what they are
        if intent in TRUER_INTENTS:  # under `reference`: the measured figure when it differs (facts/truer.py)
            truer = measured_figure(self.estimates, entities, settings, built.facts)
            if truer is not None:
                built.facts["measured_figure"] = truer
        names = self._entity_names(entities, settings)
        if built.facts.get("together"):
            names["together"] = True  # two models loaded at once: `model2` is the second
        if "budget" in built.facts:
            spent = built.facts["budget"]
            names["budget"] = {"amount": spent["amount"], "currency": spent["currency"], "usd": spent["usd"]}
        return self._finish(intent, lang, options, names, built, inline)













    def _what_was_assumed(self, built: Built, entities: Entities, raw: dict[str, Any], options: AskOptions) -> None:
        """Facts that say what the answer assumed: a courtesy, the card or model variant picked, the Mac
        a memory size stands for, the generic model a size stands for (and the catalog's nearest names)."""
        if raw.get("courtesy"):
            built.facts["courtesy"] = True
        if raw.get("cpu_named") and built.facts.get("cpu"):
            built.facts["cpu_named"] = raw["cpu_named"]  # "i9 13900k": a processor, answered from system RAM
        typed = raw.get("card_typed") or raw.get("card")
        variants = self._card_variants(typed if isinstance(typed, str) else None, entities.card, options.profile)
        if variants:
            built.facts["card_alternatives"] = variants
        if entities.setup is not None:
            mac = stand_in_facts(raw.get("setup"))  # the setup as read (answers/reading/options.py for a card field)
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

    @staticmethod
    def _as_asked(intent: str, built: Built, entities: Entities, raw: dict[str, Any], echo: str | None) -> None:
        """Facts from how it was asked: the sources, the question quoted back by a fallback, the line
        that comes first (cheapest, biggest, levels), a speed the asker states against the estimate."""
        if entities.model is not None and uses_epoch(entities.model):
            built.sources.add("epoch")
        if intent == "fallback" and echo is not None:
            built.facts["question"] = echo  # the question's start, quoted back
        if raw.get("lead") == "cheapest" and intent == "smallest":
            built.facts["lead"] = "cheapest"
        if raw.get("lead") and intent == "card_models":
            built.facts["lead"] = raw["lead"]  # "the biggest model for X": that line comes first
        if raw.get("observed_tok_s") and intent in ("can_run", "speed"):
            seen = _observed(built.facts, float(raw["observed_tok_s"]))
            if seen is not None:
                built.facts["observed"] = seen
    def _generic_model(self, params_b: float, lang: str) -> ModelRecord:
        key = (params_b, lang)
        if key not in self._generic:
            record = generic_record(params_b, lang)
            self._generic[key] = record
            self._generic_ids[id(record)] = params_b
        return self._generic[key]






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


def _with_card_field(raw: dict[str, Any]) -> None:
    """A card with a count or RAM beside it, or a setup typed where one card goes: the setup's parts, RAM
    and type as answers/reading/options.py reads them (the facts only resolve the names)."""
    if raw.get("setup"):
        return
    said = card_field(raw.get("card") if isinstance(raw.get("card"), str) else None, raw.get("gpu_count"),
                      raw.get("ram_gb"), raw.get("ram_type"))
    if said.parts:
        raw.update(setup=said.parts, ram_gb=said.ram_gb, ram_type=said.ram_type)


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
