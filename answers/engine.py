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

from collections.abc import Iterable, Iterator
from pathlib import Path

from msgspec import Struct

from answers.api import MAX_QUESTION_CHARS, Answer, AskOptions
from answers.facts import accounting
from answers.facts import scope as scope_facts
from answers.facts.as_asked import as_asked
from answers.facts.common import BadInput, Built, Entities, Estimates, EstimateSettings, Lru, uses_epoch
from answers.facts.entities import EntityBuilding
from answers.facts.routing import decide_before_resolving
from answers.facts.stated import stated
from answers.facts.target_speed import TARGET_INTENTS, target_speed
from answers.facts.truer import add_other_profile, media_reference_figure
from answers.intents_table import INFO_INTENTS, INTENTS
from answers.knowledge import i18n
from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.profiles import Profiles
from answers.media_engine import MediaAnswering
from answers.reading import scope
from answers.reading.apple_typical import stand_in_facts
from answers.reading.options import Catalog, UnreadBudget, from_fields
from answers.reading.question import Question, asked_of, language_of, read
from answers.reading.sizes import usable_size
from answers.records.asked import Asked, Budget
from answers.rendering import markdown
from answers.rendering.accounting_text import unused_line
from answers.rendering.answer import AnswerWriting
from answers.rendering.generic_model import generic_record
from answers.rendering.scope_text import cloud_noted, fanless_noted
from answers.resolving.names import NameProblem, NameResolution
from catalog.records import GpuRecord, ModelRecord
from estimator.machine import BadRam, MachineConstants


def _catalogue(code: str | None) -> str | None:
    return i18n.catalogue_locale(code) if code else None


class Engine(NameResolution, EntityBuilding, AnswerWriting, MediaAnswering):
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
            return self._invalid(lang, options, "intent", {"intent": intent})
        if isinstance(model, str) and model2 is None:  # "/speed model: flux dev": a media model's own answer
            media = self._media_fields(intent, lang, options, model, card, memory_gb)
            if media is not None:
                return media
        kn = self.knowledge
        catalog = Catalog(kn.model_resolver, kn.model_named, lambda text: self._near(kn.model_resolver, text))
        try:
            asked = from_fields(
                lang, machine=self._machine, catalog=catalog,
                sized_model=intent not in INFO_INTENTS, model=model, model2=model2, card=card, card2=card2,
                memory_gb=memory_gb, context=context, quant=quant, task=task, gpu_count=gpu_count, ram_gb=ram_gb,
                ram_type=ram_type, budget=budget, prompt_tokens=prompt_tokens, users=users)
        except UnreadBudget as bad:
            return self._invalid(lang, options, "budget", {"text": bad.text})
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
            return self._invalid(lang, options, "too_long", {"limit": MAX_QUESTION_CHARS, "length": len(question)})
        if not question.strip():
            return self._answer("help", lang or i18n.DEFAULT, options, Asked(), inline=inline)
        # `hint` (the asker's Discord locale) is evidence for the language, not a verdict: a question
        # plainly written in another language is answered in it; one that does not tell, in the hint's.
        q = self._read(question, options.profile, hint)  # the one reading: the text is not looked at again
        lang = lang or _catalogue(q.parsed.language) or _catalogue(hint) or i18n.DEFAULT
        media = self._media(q, lang, options, inline)  # image, video, speech, embeddings, phones, boards
        if media is not None:
            return media
        if q.image_model is not None:
            # "do I need a 5090 for Flux?": image generation is outside this estimator (language models only).
            return self._finish("fallback", lang, options, {}, Built({"out_of_scope": "image_generation",
                                                                      "named": q.image_model}), inline)
        oos = q.out_of_scope
        if oos is not None and oos.kind == scope.CLOUD:  # the hardware answered, the rental price said as unknown
            return cloud_noted(self._ask_read(q, lang, options, inline))
        if oos is not None and (oos.kind in scope.ALWAYS_SAID or q.parsed.intent not in INFO_INTENTS):
            # A phone, a board, speech, embeddings, fine-tuning: said plainly, never a card's decode figure
            # (answers/facts/scope.py); "who made Whisper", "Llama 3's training data" still get the model's facts.
            return self._out_of_scope(q, lang, options, inline)
        return self._ask_read(q, lang, options, inline)

    def _ask_read(self, q: Question, lang: str, options: AskOptions, inline: bool) -> Answer:
        asked = asked_of(q, self._machine)
        answer = self._asked(q.parsed.intent, asked, lang, options, inline=inline, echo=q.echo)
        return self._accounted(answer, asked, options)

    def _accounted(self, answer: Answer, asked: Asked, options: AskOptions) -> Answer:
        """The answer with what the question stated, what it assumed instead and what it could not use
        (answers/facts/stated.py, answers/facts/accounting.py), and that said in one line of its text."""
        def model_name(value: str | ModelRecord) -> str | None:
            record = self._resolve_model(value)
            return record.name if record is not None else None

        said = stated(asked, model_name, lambda value: self._resolve_card(value, options.profile))
        account = accounting.account(said, answer.intent, answer.entities, answer.facts)
        text = answer.text
        line = unused_line(answer.locale, said, account.unused, account.why)
        if line:
            text = markdown.finish(f"{text.rstrip()}\n{line}")
        return fanless_noted(answer.model_copy(update={"asked": said, "assumed": account.assumed,
                                                       "unused": account.unused, "unused_why": account.why,
                                                       "text": text}), said.get("device"))

    def _machine(self) -> MachineConstants:
        return self.profiles.setup_constants().machine  # the CPU platforms' RAM, loaded when one is named

    def _read(self, question: str, profile: str | None = None, hint: str | None = None) -> Question:
        kn = self.knowledge
        return read(question, kn.model_resolver, kn.gpu_resolver_for(profile), hint)

    # ------------------------------------------------------------------------ one path from what is asked
    def _asked(self, intent: str, asked: Asked, lang: str, options: AskOptions, *, inline: bool,
               echo: str | None = None) -> Answer:
        """What is asked (a question's or a slash command's) → the intent decided → each ask answered."""
        decided = decide_before_resolving(intent, asked, lambda size: self._generic_model(size, lang),
                                          lambda text: self._resolve_card(text, options.profile))
        parts = [self._answer(i, lang, options, a, inline=inline, echo=echo) for i, a in decided.asks]
        if len(parts) == 1:
            return parts[0]
        joined = self._joined(parts)
        if decided.memory_then_card:  # the card's entities, the size's where both name one
            return joined.model_copy(update={"entities": {**parts[1].entities, **joined.entities}})
        return joined

    def _engine_facts(self, built: Built, entities: Entities, settings: EstimateSettings) -> None:
        """Every answer says which engine its figures assume (llama.cpp unless asked); a level asked for on
        one named card says whether that engine runs it there (answers/facts/engine_facts.py)."""
        # lazy: the engines' data is read on the first answer that needs it, not at start-up
        from answers.facts.engine_facts import check_keys, engine_keys

        size = self.estimates.size_of(entities.model) if entities.model is not None else None
        keys = engine_keys(self.estimates.profiles, settings.profile, settings.engine, settings.split, settings.link,
                           size, settings.min_quality, settings.quant)
        built.facts.update({k: v for k, v in keys.items() if k not in built.facts})
        if settings.quant and entities.card is not None:
            built.facts.setdefault("engine_check", check_keys(self.estimates.profiles, settings.engine,
                                                              settings.quant, entities.card, size))

    def _answer(self, intent: str, lang: str, options: AskOptions, asked: Asked, *, inline: bool,
                echo: str | None = None) -> Answer:
        try:
            settings = self._settings_for(options, asked)
            entities = self._entities(intent, asked, options.profile)
            if entities.model is not None:  # GLIDE under a calibrated profile: seconds per image, not tok/s
                # a page model (GLIDE, TiTok-L) still gives the site's page figure in one line (facts/truer.py)
                page = media_reference_figure(self.estimates, entities, settings, intent)
                media = self._catalog_media(entities.model, intent, lang, options, inline, entities.card,
                                            entities.memory_gb, page)
                if media is not None:
                    return media
            intent, built, entities = self._facts_for(intent, entities, settings, asked)
            self._what_was_assumed(built, entities, asked, options)
        except NameProblem as p:
            # "which qwen3 for my 6700 XT": every member rated on that hardware (answers/facts/family_fit.py)
            fit = self._family_fit(intent, p, asked, options)
            if fit is not None:
                return self._finish("family_fit", lang, options, {"model": fit.facts["family"],
                                                                  "card": fit.facts["hardware"]}, fit, inline)
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
        as_asked(intent, built, entities, asked, echo)
        self._engine_facts(built, entities, settings)
        if entities.model is not None and scope_facts.image_generator(entities.model.domain, intent):
            built.facts["image_generator"] = entities.model.name  # GLIDE: the site's figures, said for what they are
        if asked.target_tok_s and entities.model is not None and entities.card is None and entities.setup is None \
                and intent in TARGET_INTENTS:  # "what gpu for 100 tok/s on X": the cards that reach it
            built.facts["target_speed"] = target_speed(self.estimates, entities, settings, asked.target_tok_s)
        # the other profile's figure in one line where it helps: a page model's page figure under the default,
        # the site's-figures note under `reference` (facts/truer.py)
        add_other_profile(self.estimates, entities, settings, intent, built.facts)
        names = self._entity_names(entities, settings)
        if built.facts.get("together"):
            names["together"] = True  # two models loaded at once: `model2` is the second
        if "budget" in built.facts:
            spent = built.facts["budget"]
            names["budget"] = {"amount": spent["amount"], "currency": spent["currency"], "usd": spent["usd"]}
        return self._finish(intent, lang, options, names, built, inline)

    def _what_was_assumed(self, built: Built, entities: Entities, asked: Asked, options: AskOptions) -> None:
        """Facts that say what the answer assumed: a courtesy, the card or model variant picked, the Mac
        a memory size stands for, the generic model a size stands for (and the catalog's nearest names)."""
        if asked.courtesy:
            built.facts["courtesy"] = True
        if asked.cpu_named and built.facts.get("cpu"):
            built.facts["cpu_named"] = asked.cpu_named  # "i9 13900k": a processor, answered from system RAM
        typed = asked.card_typed or asked.card
        variants = self._card_variants(typed if isinstance(typed, str) else None, entities.card, options.profile)
        if variants:
            built.facts["card_alternatives"] = variants
        if entities.setup is not None:
            mac = stand_in_facts(asked.setup)  # the setup as read (answers/reading/options.py for a card field)
            if mac is not None:
                built.facts["mac_stand_in"] = mac
        model_variants = self._model_variants(asked.model, entities.model)
        if model_variants:
            built.facts["model_alternatives"] = model_variants
        if entities.model is not None and id(entities.model) in self._generic_ids:
            built.facts["generic_model_b"] = self._generic_ids[id(entities.model)]
            if asked.model_size_stand_in:
                built.facts["generic_stand_in"] = True  # no size was said: "q4 or q8?" on a typical model
            if asked.model_typed:
                built.facts["generic_for"] = asked.model_typed
                near = self._near(self.knowledge.model_resolver, asked.model_typed)
                if near:  # "gemma 3 13b": the sizes the catalog does have
                    built.facts["generic_near"] = near

    def _generic_model(self, params_b: float, lang: str) -> ModelRecord:
        key = (params_b, lang)
        if key not in self._generic:
            record = generic_record(params_b, lang)
            self._generic[key] = record
            self._generic_ids[id(record)] = params_b
        return self._generic[key]

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
