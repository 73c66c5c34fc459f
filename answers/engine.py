"""The answers engine: question or slash command → what is asked → decided intent → entities → facts → text.

    engine = await Engine.open()            # loads the catalog once
    engine.ask("can GLIDE run on 12 GB?")   # read, then answer in the question's language
    engine.command("fastest", "it", model="gLM")

A question's text is read once (`answers.reading.question`), a slash command's fields by
`answers.reading.options.from_fields`; both become one `Asked` record (answers/records/asked.py) and take one
path from there: the intent decided (answers/facts/routing.py), names resolved (answers/facts/entities.py),
facts built (one builder per intent family, declared in `answers.intents_table`), text from the jinja2
templates through `answers.rendering.render`; every answer is Discord-markdown safe (`answers.rendering.markdown`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from pathlib import Path

from msgspec import Struct
from msgspec.structs import replace

from answers.api import MAX_QUESTION_CHARS, Answer, AskOptions
from answers.facts import accounting, also, completing, engine_versus, finetune_cards, finetune_run, worth_bigger
from answers.facts import scope as scope_facts
from answers.facts.advice import typical_record
from answers.facts.common import BadInput, Built, Entities, Estimates, uses_epoch
from answers.facts.entities import EntityBuilding
from answers.facts.llm_with_image import beside_cards
from answers.facts.model_sheet import add_sheet
from answers.facts.routing import decide_before_resolving, left_out, practical_only
from answers.facts.stated import checkpoint_repo, stated, with_repos
from answers.facts.task_quality import axis_of, between_parts, scores_said, weighs_models
from answers.facts.truer import media_reference_figure
from answers.intents_table import INFO_INTENTS, INTENTS
from answers.knowledge import i18n
from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.closed_models import closed_line
from answers.knowledge.profiles import Profiles
from answers.media_engine import MediaAnswering
from answers.reading import scope
from answers.reading.options import Catalog, UnreadBudget, from_fields
from answers.reading.question import echo_of, language_of, read
from answers.reading.sizes import usable_size
from answers.records.asked import Asked, Budget, OutOfScope
from answers.rendering import engine_versus_text, format_notes, knowhow_text, markdown, side_notes_text
from answers.rendering.accounting_text import unused_line
from answers.rendering.answer import AnswerWriting
from answers.rendering.engine_text import assumed_line
from answers.rendering.generic_model import LAYOUT_DONOR_SPAN, attention_donor, generic_record
from answers.rendering.ollama_slots_text import appended as with_slots
from answers.rendering.scope_text import (
    api_noted,
    cloud_noted,
    fanless_noted,
    gaming_noted,
    off_topic_noted,
    other_release_noted,
)
from answers.resolving.names import NameProblem, NameResolution
from answers.said_models import image_named, left_out_models, plain_name
from catalog.name_sizes import typed_active_size, typed_size
from catalog.records import GpuRecord, ModelRecord
from estimator.machine import BadRam, MachineConstants


def _active_size(asked: Asked) -> dict[float, float]:
    """{total: active} when the model's typed name writes both ("Qwen3.5-35B-A3B" → {35: 3}): a stand-in for
    that name is a mixture of experts, not a dense model of 35 billion parameters."""
    typed = asked.model_typed if isinstance(asked.model_typed, str) else None
    total, active = (typed_size(typed), typed_active_size(typed)) if typed else (None, None)
    return {total: active} if total and active and active < total else {}


def _catalogue(code: str | None) -> str | None:
    return i18n.catalogue_locale(code) if code else None


class Engine(MediaAnswering):
    """Runs the stages in order: read → decide → resolve (`names`) → build facts (`building`) → write the
    answer (`writing`). Each stage is an object of its own layer; the engine holds them, never inherits them."""

    def __init__(self, knowledge: Knowledge, profiles: Profiles | None = None) -> None:
        self.knowledge = knowledge
        self.profiles = profiles or Profiles()
        self.estimates = Estimates(knowledge, self.profiles)
        self.names = NameResolution(knowledge)
        self.building = EntityBuilding(knowledge, self.profiles, self.estimates, self.names)
        self.writing = AnswerWriting(self.profiles)
        # Stand-in records for "a 70b" (answers/rendering/generic_model.py), kept alive: caches key on id().
        self._generic: dict[tuple[float, str, float | None], ModelRecord] = {}
        self._generic_ids: dict[int, float] = {}

    def complete_model(self, text: str, limit: int = 25) -> list[str]:
        """Model names for a slash command's autocomplete."""
        return self.names.complete_model(text, limit)

    def complete_card(self, text: str, limit: int = 25, profile: str | None = None) -> list[str]:
        """Card names for a slash command's autocomplete."""
        return self.names.complete_card(text, limit, profile)

    @classmethod
    async def open(cls, db_path: Path | None = None, profiles: Profiles | None = None) -> Engine:
        """The catalog from the database and the estimator profiles (each built on first use)."""
        return cls(await Knowledge.load(db_path), profiles)

    # ------------------------------------------------------------------------ the two entrances
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
        ram_gb: float | None = None, ram_type: str | None = None, budget: str | Budget | None = None,
        model2: str | ModelRecord | None = None, prompt_tokens: int | None = None, users: int | None = None,
    ) -> Answer:
        """A slash command's (or a button's) fields, read by answers/reading/options.py into the record a
        question also becomes; from there the same path as `ask`."""
        lang = _catalogue(locale) or i18n.DEFAULT
        options = options or AskOptions()
        if intent not in INTENTS:
            return self.writing.invalid(lang, options, "intent", {"intent": intent})
        if isinstance(model, str) and model2 is None:  # "/speed model: flux dev": a media model's own answer
            media = self._media_fields(intent, lang, options, model, card, memory_gb)
            if media is not None:
                return media
        kn = self.knowledge
        catalog = Catalog(kn.model_resolver, kn.model_named, lambda text: self.names.near(kn.model_resolver, text))
        try:
            asked = from_fields(
                lang, machine=self._machine, catalog=catalog,
                sized_model=intent not in INFO_INTENTS, model=model, model2=model2, card=card, card2=card2,
                memory_gb=memory_gb, context=context, quant=quant, task=task, gpu_count=gpu_count, ram_gb=ram_gb,
                ram_type=ram_type, budget=budget, prompt_tokens=prompt_tokens, users=users)
        except UnreadBudget as bad:
            return self.writing.invalid(lang, options, "budget", {"text": bad.text})
        return self._accounted(self._asked(intent, asked, lang, options, inline=False), asked, options)

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
            too_long = {"limit": MAX_QUESTION_CHARS, "length": len(question)}
            return self.writing.invalid(lang, options, "too_long", too_long)
        if not question.strip():
            return self._answer("help", lang or i18n.DEFAULT, options, Asked(), inline=inline)
        # `hint` (the asker's Discord locale) is evidence for the language, not a verdict: a question
        # plainly written in another language is answered in it; one that does not tell, in the hint's.
        asked = self._read(question, options.profile, hint)  # the one reading: the text is not looked at again
        lang = lang or _catalogue(asked.language) or _catalogue(hint) or i18n.DEFAULT
        media = self._media(asked, lang, options, inline)  # image, video, speech, embeddings, phones, boards
        if media is not None and asked.media is not None and asked.media.other_release and asked.media.model:
            media = other_release_noted(media, asked.media.other_release, asked.media.model)
        if media is not None:
            # what it stated is said back, as for every answer; the media answer says its own engine and level
            # (ComfyUI, faster-whisper, llama.cpp on a phone's CPU), so no engine line is added
            return self._accounted(media, asked, options)
        paid = asked.out_of_scope
        if paid is not None and paid.kind == "api_price" and (asked.image_model or (asked.media and asked.media.model)):
            # "1000 images with flux on replicate, how much?": a paid service's price, declined as such
            return self._accounted(self._out_of_scope(asked, paid, lang, options, inline), asked, options)
        # training, or know-how about an image app ("comfyui to start with windows"): never the image decline
        kept = asked.out_of_scope is not None and asked.out_of_scope.kind == "fine_tuning" or practical_only(asked)
        if asked.image_model is not None and not (asked.card2 and asked.intent == "compare") and not kept:
            # "do I need a 5090 for Flux?": image generation is outside this estimator (language models only);
            # "a used 4090 or a new 5080, for llms and images?" still weighs the two cards.
            return self._accounted(self.writing.finish(
                "fallback", lang, options, {}, Built({"out_of_scope": "image_generation", "named": asked.image_model}),
                inline), asked, options)
        intent = asked.intent or "fallback"
        echo = echo_of(question)
        oos = asked.out_of_scope
        if oos is not None and oos.kind == scope.CLOUD:  # the hardware answered, the rental price said as unknown
            answer = self._ask_read(intent, asked, echo, lang, options, inline)
            if knowhow_text.CLOUD_PRICES in asked.knowhow:  # the table's hourly prices answer it: no "unknown" line
                return answer
            # "how much a month for an L4 on AWS, or buy?": no model to run, so nothing else to answer than the
            # price, which is not known: the one line alone, never a card's list or "did not understand" after it
            named = asked.model is not None or asked.model_size_b is not None or asked.image_model is not None
            return cloud_noted(answer, alone=not named or answer.intent == "fallback")
        if oos is not None and oos.kind == scope.GAMING_ALSO:  # the games declined in a line, the AI part answered
            return gaming_noted(self._ask_read(intent, asked, echo, lang, options, inline))
        if oos is not None and oos.kind == "api_price" and oos.generic and isinstance(asked.model, str) \
                and closed_line(asked.model):
            # "gpt-5 by api or locally?": the closed model said so, its maker's open models offered, the price unknown
            return api_noted(self._ask_read(intent, asked, echo, lang, options, inline))
        if oos is not None and oos.kind == "api_price" and oos.generic and asked.api_cost \
                and isinstance(asked.model, str):
            # "deepseek v3 por openrouter o en casa?": the kept API prices beside a million tokens' energy at home
            # (answers/facts/api_home.py); a model with no kept price keeps the "prices unknown" line
            answer = self._ask_read(intent if intent != "fallback" else "model_info", asked, echo, lang, options,
                                    inline)
            return answer if answer.facts.get("api_home") else api_noted(answer)
        if oos is not None and (oos.kind in scope.ALWAYS_SAID or intent not in INFO_INTENTS
                                or finetune_cards.a_run(asked)):
            # A phone, a board, speech, embeddings, fine-tuning: said plainly, never a card's decode figure
            # (answers/facts/scope.py); "who made Whisper", "Llama 3's training data" still get the model's facts.
            return self._accounted(self._out_of_scope(asked, oos, lang, options, inline), asked, options)
        return self._ask_read(intent, asked, echo, lang, options, inline)

    def _ask_read(self, intent: str, asked: Asked, echo: str, lang: str, options: AskOptions,
                  inline: bool) -> Answer:
        answer = self._asked(intent, asked, lang, options, inline=inline, echo=echo)
        answer = beside_cards(self, answer, asked, lang, options, inline)  # "30b + sdxl: 3090 or 5070 ti?"
        if answer.intent == "off_topic":  # declined (answers/facts/routing.py `declined`): no format notes after it
            return self._accounted(answer, asked, options)
        # a topic out of scope beside the ask answered ("which driver … and how fast is X there"): said left out
        # …unless a sourced know-how line answers that topic ("which front-end for ollama", "install the driver on
        # ubuntu"): then the line says it, and "not something I answer" would contradict it
        topic = knowhow_text.left_out_unless_answered(left_out(asked, answer.intent), asked.knowhow)
        if topic == "quality" and scores_said(answer.facts):
            topic = None  # "which is smarter?" answered by public scores on the task (answers/facts/task_quality.py)
        answer = off_topic_noted(answer, topic)
        if format_notes.about_formats(asked, intent):  # "nvfp4 or fp8?", "ollama vs llama.cpp": about them
            kinds = knowhow_text.side_kinds(also.engine_notes(asked.also), asked.knowhow)
            return knowhow_text.ensured(side_notes_text.ensured(format_notes.answered(answer, asked, answer.locale),
                                                                kinds), asked.knowhow, first=True,
                                       listed=asked.knowhow_lists)
        answer = format_notes.led(answer, asked, intent)
        if asked.versus is not None and answer.intent == "users" and not (
                asked.card or asked.setup or asked.memory_gb or asked.device):
            return self._accounted(format_notes.with_verdict(answer, asked), asked, options)  # the box, then the pick
        weigh = engine_versus.side_intent(answer.intent, asked) if asked.versus is not None else None
        if weigh is not None:  # "vllm or llama.cpp for X on Y": each side answered, then one verdict
            side_intent = intent if weigh == answer.intent else weigh
            apple = (answer.facts.get("row") or {}).get("vendor") == "Apple"  # LM Studio runs MLX there
            sides = [self._asked(side_intent, a, lang, options, inline=inline, echo=echo)
                     for a in engine_versus.side_asks(asked, apple)]
            sides = [replace(s, facts={**s.facts, "engine_label": label}) if label else s
                     for s, label in zip(sides, engine_versus.mac_labels(asked, apple), strict=True)]
            answer = engine_versus_text.answered(answer, sides, lang)
            # "…, or rather 32b models?", a further model named: their own parts after the sides' verdict
            extra = self._models_left_out((side_intent, asked), [answer], lang, options, inline=inline, echo=echo)
            answer = self.writing.joined([answer, *extra]) if extra else answer
        return self._accounted(with_slots(answer), asked, options)  # "OLLAMA_NUM_PARALLEL?"

    def _accounted(self, answer: Answer, asked: Asked, options: AskOptions) -> Answer:
        """The answer with what the question stated, what it assumed instead and what it could not use
        (answers/facts/stated.py, answers/facts/accounting.py), and that said in one line of its text."""
        def model_name(value: str | ModelRecord) -> str | None:
            record = self.names.resolve_model(value)
            return record.name if record is not None else None

        if answer.intent not in ("invalid", "help") or "format_notes" in answer.facts:
            kinds = knowhow_text.side_kinds(also.engine_notes(asked.also), asked.knowhow)
            answer = side_notes_text.ensured(answer, kinds)
        said = stated(asked, model_name, lambda value: self.names.resolve_card(value, options.profile))
        # the fanless line before the know-how, so "throttling on my MacBook Air" is not said twice
        answer = fanless_noted(answer, said.get("device"))
        if answer.intent not in ("invalid", "help"):  # practical know-how asked: said beside, or as the answer
            answer = knowhow_text.ensured(answer, asked.knowhow, listed=asked.knowhow_lists)
        account = accounting.account(said, answer.intent, answer.entities, answer.facts)
        text = answer.text
        for line in (assumed_line(answer.locale, account.assumed, said, answer.facts),
                     unused_line(answer.locale, said, account.unused, account.why)):
            if line:
                text = markdown.finish(f"{text.rstrip()}\n{line}")
        first = (said.get("models") or [None])[0]  # the model the typed span names: its checkpoint's repository
        said = with_repos(said, lambda name: self._repo_of(name, asked.model_span if name == first else None))
        return replace(answer, asked=said, assumed=account.assumed, unused=account.unused, unused_why=account.why,
                       text=text)

    def _repo_of(self, name: str, typed: str | None = None) -> str | None:
        """A catalog model's repository ("Qwen/Qwen3-32B"), its maker's own spelling, or that of the checkpoint
        `typed` names (answers/facts/stated.checkpoint_repo); None when not on record."""
        record = self.knowledge.model_named(name)
        repo = record.huggingface if record is not None and record.huggingface else None
        return checkpoint_repo(repo, record.aliases, typed) if record is not None else None

    def _machine(self) -> MachineConstants:
        return self.profiles.setup_constants().machine  # the CPU platforms' RAM, loaded when one is named

    def _read(self, question: str, profile: str | None = None, hint: str | None = None) -> Asked:
        kn = self.knowledge
        return read(question, kn.model_resolver, kn.gpu_resolver_for(profile), self._machine, hint)

    # ------------------------------------------------------------------------ one path from what is asked
    def _asked(self, intent: str, asked: Asked, lang: str, options: AskOptions, *, inline: bool,
               echo: str | None = None) -> Answer:
        """What is asked (a question's or a slash command's) → the intent decided → each ask answered."""
        active = _active_size(asked)
        decided = decide_before_resolving(intent, asked,
                                          lambda size: self._generic_model(size, lang, active.get(size)),
                                          lambda text: self.names.resolve_card(text, options.profile))
        parts = [self._answer(i, lang, options, a, inline=inline, echo=echo) for i, a in decided.asks]
        parts += self._models_left_out(decided.asks[0], parts, lang, options, inline=inline, echo=echo)
        if len(parts) == 1:
            return parts[0]
        joined = self.writing.joined(parts)
        weighed = between_parts(parts[0].facts, [p.facts for p in parts[1:]], axis_of(asked)) \
            if weighs_models(asked, [p.intent for p in parts]) else None
        if weighed is not None:  # two models answered in turn: which is better for the task, worth its speed?
            joined = self.writing.with_quality(joined, weighed, lang)
        # with no task scores: "GLM-4.5-Air with experts in RAM, worth it over Qwen3-30B-A3B?"
        worth = worth_bigger.between(parts, self.names.resolve_model) \
            if weighed is None and joined is not parts[0] else None
        joined = joined if worth is None else self.writing.with_worth(joined, worth, lang)
        if decided.memory_then_card:  # the card's entities, the size's where both name one
            return replace(joined, entities={**parts[1].entities, **joined.entities})
        return joined

    def _models_left_out(self, first: tuple[str, Asked], parts: list[Answer], lang: str, options: AskOptions, *,
                         inline: bool, echo: str | None) -> list[Answer]:
        """Every model named is answered: one the answers so far never name ("gemma 3 4b and qwen3 8b on my
        laptop", a third of "X vs Y vs Z", a second one the CPU-only answer cannot set beside the first) gets its
        own part, the same ask about it alone. A part that cannot be answered is left to the `unused` line."""
        intent, asked = first
        if parts[0].intent in _UNANSWERABLE:
            return []
        # a language line names every model without a figure for it: not an answer about them
        said = plain_name(" ".join(p.text for p in parts if p.intent != "model_language"))
        extra = []
        for name in left_out_models(asked, said):
            alone = replace(asked, model=name, model2=None, model2_span=None, model_span=name, more_models=(),
                            together=False)
            part = self._answer("speed" if intent == "compare" else intent, lang, options, alone, inline=inline,
                                echo=echo)
            if part.intent not in _UNANSWERABLE or "closed" in part.facts:  # a closed model: said so, not dropped
                extra.append(part)
        for size, level, line in asked.more_sizes:  # "…? and a 70b at q4 with ram?": the same ask about that size
            same = self._same_line(line, size)  # "llama 3.1 8b and 70b": Llama 3.1 70B, not a generic 70B
            if same is not None and plain_name(same) in said:
                continue
            alone = replace(asked, model=same, model_span=same, model_size_b=None if same else size, model_typed=None,
                            quant=level, quants=(), model2=None, model2_span=None, more_models=(), more_sizes=(),
                            together=False, versus=None, versus_more=())
            part = self._asked(_SIZE_PART.get(intent, intent), alone, lang, options, inline=inline, echo=echo)
            if part.intent not in _UNANSWERABLE:
                extra.append(part)
        return extra

    def _same_line(self, typed: str | None, size: float) -> str | None:
        """The catalog's model of `typed` ("llama 3.1 70b") when it resolves to one of about that size, else None."""
        try:
            rec = self.names.resolve_model(typed)
        except NameProblem:
            return None
        near = rec is not None and rec.params_b is not None and abs(rec.params_b - size) <= 0.15 * size
        return rec.name if rec is not None and near else None

    def _answer(self, intent: str, lang: str, options: AskOptions, asked: Asked, *, inline: bool,
                echo: str | None = None) -> Answer:
        try:
            settings = self.building.settings_for(options, asked)
            entities = self.building.entities(intent, asked, options.profile)
            if entities.model is not None:  # GLIDE under a calibrated profile: seconds per image, not tok/s
                # a page model (GLIDE, TiTok-L) still gives the site's page figure in one line (facts/truer.py)
                page = media_reference_figure(self.estimates, entities, settings, intent)
                media = self._catalog_media(entities.model, intent, lang, options, inline, entities.card,
                                            entities.memory_gb, page)
                if media is not None:
                    return media
            intent, built, entities = self.building.facts_for(intent, entities, settings, asked)
            completing.assumed(built, entities, asked, self._named(entities, asked, options))
        except NameProblem as p:
            # "which qwen3 for my 6700 XT": every member rated on that hardware (answers/facts/family_fit.py)
            fit = self.building.family_fit(intent, p, asked, options)
            if fit is not None:
                return self.writing.finish("family_fit", lang, options, {"model": fit.facts["family"],
                                                                  "card": fit.facts["hardware"]}, fit, inline)
            # "when did Gemma 3 come out": the family's answer (answers/facts/family.py)
            family = self.building.family(intent, p)
            if family is not None:
                named = {"model": family.facts["family"]["name"]}
                add_sheet(intent, family, None, asked)  # "gemma 3: what context, commercial use?": each fact asked
                return self.writing.finish(intent, lang, options, named, family, inline)
            facts = {"kind": p.kind, "query": p.text, "candidates": p.candidates, "same_line": p.same_line}
            closed = closed_line(p.text) if p.kind == "model" else None
            if closed is not None:  # "Mistral Medium 3", "GPT-4o": an online service, never a near spelling
                facts["closed"] = {"line": closed.line, "maker": closed.maker, "source": closed.source}
                facts["candidates"] = list(closed.open)  # the maker's open models, never a near spelling
            return self.writing.finish(p.intent, lang, options, {p.kind: p.text}, Built(facts), inline)
        except BadInput as b:
            return self.writing.invalid(lang, options, b.reason, b.facts)
        except BadRam:  # "ddr4-9000", "40 channels": no such RAM (estimator.machine checks the type's speeds)
            return self.writing.invalid(lang, options, "ram", {})
        names = completing.complete(self.estimates, intent, built, entities, settings, asked, echo)
        return self.writing.finish(intent, lang, options, names, built, inline)

    def _named(self, entities: Entities, asked: Asked, options: AskOptions) -> completing.Named:
        """What the resolving stage says of the names beside the records (answers/facts/completing.py)."""
        typed = asked.card_typed or asked.card
        generic_b = self._generic_ids.get(id(entities.model)) if entities.model is not None else None
        near = self.names.near(self.knowledge.model_resolver, asked.model_typed) \
            if generic_b is not None and asked.model_typed else []
        return completing.Named(
            card_alternatives=self.names.card_variants(typed if isinstance(typed, str) else None, entities.card,
                                                  options.profile),
            model_alternatives=self.names.model_variants(asked.model, entities.model), generic_b=generic_b,
            generic_near=near)

    def _generic_model(self, params_b: float, lang: str, active_b: float | None = None) -> ModelRecord:
        key = (params_b, lang, active_b)
        if key not in self._generic:
            donor = None if active_b else attention_donor(
                params_b, self.knowledge.rankable_models(params_b * (1 - LAYOUT_DONOR_SPAN), dt.date.min))
            record = generic_record(params_b, lang, active_b, donor)
            self._generic[key] = record
            self._generic_ids[id(record)] = params_b
        return self._generic[key]

    def _card_or_none(self, name: str, profile: str) -> GpuRecord | None:
        try:
            return self.names.resolve_card(name, profile)
        except NameProblem:
            return None

    def _out_of_scope(self, parsed: Asked, oos: OutOfScope, lang: str, options: AskOptions, inline: bool) -> Answer:
        """What the question asks that the estimator does not rate, with what it can say: the memory the
        model's weights take, the fine-tuning rule of thumb against the memory named."""
        kind = oos.kind
        try:  # an image phrase read keeps its words ("stable" of "stable diffusion xl"): no language model then
            record = self.names.resolve_model(parsed.model) if parsed.image_model is None else None
        except NameProblem:
            record = None
        size = self.estimates.size_of(record) if record is not None else None
        if size is None and parsed.model_size_b is not None and usable_size(parsed.model_size_b):
            size = self.estimates.size_of(self._generic_model(parsed.model_size_b, lang))
        model = {"name": record.name, "params_b": size.params_b} if record is not None and size is not None else None
        memory = parsed.memory_gb if parsed.cpu is None else parsed.cpu.ram_gb
        try:
            card = self.names.resolve_card(parsed.card, options.profile) if parsed.card else None
        except NameProblem:
            card = None
        if card is not None:
            memory = card.memory_gb * (parsed.gpu_count or 1)
        device = oos.named if kind in scope.DEVICE_KINDS else None
        built = scope_facts.build(kind, oos.named, model=model, size=size, memory_gb=memory, device=device,
                                  image=image_named(parsed),
                                  tflops=finetune_cards.training_tflops(card, parsed.gpu_count)
                                  if kind == "from_scratch" else None)
        built.facts["generic"] = oos.generic
        if "image_lora" in built.facts and card is not None:  # "a flux lora on my 4060 ti, 2000 steps: how long?"
            from answers.facts import image_lora_time  # lazy: the image estimate only for an image LoRA on a card

            lora_run = image_lora_time.run(built.facts["image_lora"]["named"], card, parsed.train, parsed.media)
            if lora_run is not None:
                built.facts["image_lora"]["run"] = lora_run
        if kind in ("fine_tuning", "full_fine_tuning") and size is not None and "image_lora" not in built.facts:
            built.facts.update(finetune_cards.run_facts(
                kind, size, memory, card, parsed, lambda name: self._card_or_none(name, options.profile),
                lambda gb: typical_record([g for g in self.knowledge.gpus_for(options.profile)  # trainers run CUDA
                                           if g.vendor == "NVIDIA"], gb)))
        elif kind in ("fine_tuning", "full_fine_tuning") and card is not None and "run" not in built.facts.get(
                "image_lora", {}):  # no model: the card's hourly prices (an image LoRA's run has its own time)
            built.facts["finetune_prices"] = finetune_run.prices(card.name, parsed.train)
        if card is not None and kind in scope.TOPICS:  # "mine bitcoin on my 3090": the decline names the card
            built.facts["card"] = card.name
        if record is not None and uses_epoch(record):
            built.sources.add("epoch")
        return self.writing.finish("fallback", lang, options, {"model": record.name} if record else {}, built, inline)


# A size asked apart is answered for its speed where the first ask weighed levels or two things side by side.
_SIZE_PART = {"compare": "speed", "why_quant": "speed"}
_UNANSWERABLE = ("not_found", "ambiguous", "invalid", "fallback", "help")


class LineError(Struct, frozen=True):
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
