"""The answers engine: question or slash command → intent + entities → facts → localized text.

    engine = await Engine.open()            # loads the catalog once
    engine.ask("can GLIDE run on 12 GB?")   # parse, then answer in the question's language
    engine.command("fastest", "it", model="gLM")

Facts come from `answers.intents` (pure builders over the estimator), text from the jinja2
templates through `answers.render`; every answer is Discord-markdown safe (`answers.markdown`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from catalog.records import GpuRecord, ModelRecord
from catalog.resolve import Resolution, Resolver, normalize
from estimator.model import DEFAULT_CONTEXT, MAX_CONTEXT
from estimator.quants import UnknownQuant, quant as lookup_quant

from . import format as fmt
from . import i18n, markdown, render
from .api import MAX_QUESTION_CHARS, Answer, AskOptions
from .credits import credit_lines
from .intents import MAX_MEMORY_GB, BadInput, Built, Entities, Estimates, Lru, Settings, TableRow, uses_epoch
from .intents_table import INFO_INTENTS, INTENTS, MODEL_INTENTS, SIZE_INTENTS, SPECS, TABLE_INTENTS, TITLES
from .knowledge import Knowledge, faster_variant
from .profiles import Profiles

if TYPE_CHECKING:
    from .parse import Parsed

CANDIDATES_SHOWN = 8
T = TypeVar("T")  # a resolver's payload type


def _catalogue(code: str | None) -> str | None:
    return i18n.catalogue_locale(code) if code else None


class _Problem(Exception):
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
        self._models_by_name: dict[str, ModelRecord] | None = None
        self._cards_by_name: dict[str, GpuRecord] | None = None
        self._tables = Lru(256)

    @classmethod
    async def open(cls, db_path: Path | None = None, profiles: Profiles | None = None) -> Engine:
        """The catalog from the database and the estimator profiles (each built on first use)."""
        return cls(await Knowledge.load(db_path), profiles)

    # ------------------------------------------------------------------------ public API
    def ask(self, question: str, locale: str | None = None, options: AskOptions | None = None) -> Answer:
        return self._ask(question, locale, options, inline=False)

    def command(
        self, intent: str, locale: str, *, model: str | ModelRecord | None = None,
        card: str | GpuRecord | None = None, card2: str | GpuRecord | None = None,
        memory_gb: float | None = None, context: int | None = None, quant: str | None = None,
        options: AskOptions | None = None,
    ) -> Answer:
        lang = _catalogue(locale) or i18n.DEFAULT
        options = options or AskOptions()
        if intent not in INTENTS:
            return self._invalid(lang, options, "intent", {"intent": intent})
        raw = {"model": model, "card": card, "card2": card2, "memory_gb": memory_gb, "context": context, "quant": quant}
        return self._answer(intent, lang, options, raw, inline=False)

    def complete_model(self, text: str, limit: int = 25) -> list[str]:
        return [m.name for m in self.knowledge.model_resolver.suggest(text or "", limit)][:limit]

    def complete_card(self, text: str, limit: int = 25) -> list[str]:
        return [m.name for m in self.knowledge.gpu_resolver.suggest(text or "", limit)][:limit]

    # ------------------------------------------------------------------------ parsing
    def _parsed(self, question: str) -> Parsed:
        from .parse import parse  # imported on first question: slash commands do not need it

        kn = self.knowledge
        return parse(question, kn.model_resolver, kn.gpu_resolver)

    def _ask(self, question: str, locale: str | None, options: AskOptions | None, *, inline: bool) -> Answer:
        options = options or AskOptions()
        lang = _catalogue(locale)
        question = question or ""
        if len(question) > MAX_QUESTION_CHARS:
            # Refused, but in the asker's language: the start of the question is enough to tell it.
            lang = lang or _catalogue(self._parsed(question[:300]).language) or i18n.DEFAULT
            return self._invalid(lang, options, "too_long", {"limit": MAX_QUESTION_CHARS, "length": len(question)})
        if not question.strip():
            return self._answer("help", lang or i18n.DEFAULT, options, {}, inline=inline)
        parsed = self._parsed(question)
        lang = lang or _catalogue(parsed.language) or i18n.DEFAULT
        intent = parsed.intent if parsed.intent in INTENTS else "fallback"
        raw = {"model": parsed.model, "card": parsed.card, "card2": parsed.card2, "memory_gb": parsed.memory_gb,
               "context": parsed.context, "quant": parsed.quant}
        return self._answer(intent, lang, options, raw, inline=inline, question=question)

    # ------------------------------------------------------------------------ resolution
    def _resolve_model(self, value: str | ModelRecord | None) -> ModelRecord | None:
        """A typed name or a record → the record; a name that does not resolve raises `_Problem`."""
        if value is None or isinstance(value, ModelRecord):
            return value
        text = value.strip()[:200]
        if not text:
            return None
        known = self._model_names().get(text)
        if known is not None:  # a display name (what the parser and autocomplete hand over)
            return known
        resolver = self.knowledge.model_resolver
        res = resolver.resolve(text)
        if res.best is not None:
            return res.best.key  # same-name models: the first in catalog order
        raise self._problem("model", resolver, text, res)

    def _resolve_card(self, value: str | GpuRecord | None) -> GpuRecord | None:
        """A typed name or a record → the card (the faster of same-name variants); problems raise."""
        if value is None or isinstance(value, GpuRecord):
            return value
        text = value.strip()[:200]
        if not text:
            return None
        known = self._card_names().get(text)
        if known is not None:
            return known
        resolver = self.knowledge.gpu_resolver
        res = resolver.resolve(text)
        if res.best is not None:
            return faster_variant(list(res.best.payloads))
        raise self._problem("card", resolver, text, res)

    def _problem(self, kind: str, resolver: Resolver[T], text: str, res: Resolution[T]) -> _Problem:
        cands = [c.name for c in res.candidates]
        if res.ambiguous and cands:
            return _Problem("ambiguous", kind, text, cands[:CANDIDATES_SHOWN])
        if not cands:
            cands = self._near(resolver, text)
        return _Problem("not_found", kind, text, cands[:CANDIDATES_SHOWN])

    def _model_names(self) -> dict[str, ModelRecord]:
        if self._models_by_name is None:
            table: dict[str, ModelRecord] = {}
            for m in self.knowledge.models:
                table.setdefault(m.name, m)
            self._models_by_name = table
        return self._models_by_name

    def _card_names(self) -> dict[str, GpuRecord]:
        if self._cards_by_name is None:
            groups: dict[str, list[GpuRecord]] = {}
            for g in self.knowledge.gpus:
                groups.setdefault(g.name, []).append(g)
            self._cards_by_name = {name: faster_variant(gs) for name, gs in groups.items()}
        return self._cards_by_name

    def _near(self, resolver: Resolver[T], text: str) -> list[str]:
        """Did-you-mean names for a name that matched nothing: autocomplete's picks, else the
        closest spellings (numbers included: "Gemma 3 13B" → Gemma 3 12B)."""
        names = [m.name for m in resolver.suggest(text, CANDIDATES_SHOWN) if m.score >= 75]
        if names:
            return names
        from rapidfuzz import fuzz, process

        keys = self._keys.get(id(resolver))  # normalized names, per resolver
        if keys is None:
            keys = self._keys[id(resolver)] = [normalize(n) for n in resolver.names]
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
            entities = self._entities(intent, raw)
            intent = self._route(intent, entities)
            if intent in SIZE_INTENTS and entities.model is not None and self.estimates.size_of(entities.model) is None:
                raise BadInput("no_params", model=entities.model.name)
            built = self._build(intent, entities, settings)
        except _Problem as p:
            facts = {"kind": p.kind, "query": p.text, "candidates": p.candidates}
            return self._finish(p.intent, lang, options, {p.kind: p.text}, Built(facts), inline)
        except BadInput as b:
            return self._invalid(lang, options, b.reason, b.facts)
        if entities.model is not None and uses_epoch(entities.model):
            built.sources.add("epoch")
        if intent == "fallback" and question is not None:
            built.facts["question"] = question[:200]
        return self._finish(intent, lang, options, self._entity_names(entities, settings), built, inline)

    def _build(self, intent: str, e: Entities, s: Settings) -> Built:
        build = SPECS[intent].builder
        if build is None:
            return Built({})
        if intent not in TABLE_INTENTS:
            return build(self.estimates, e, s)
        key = (intent, id(e.model), id(e.card), s)
        built = self._built.get_or(key, lambda: build(self.estimates, e, s))
        # Callers add keys to facts; the cached rows themselves are never changed.
        return Built(dict(built.facts), built.table, set(built.sources), key)

    def _entities(self, intent: str, raw: dict[str, Any]) -> Entities:
        model = self._resolve_model(raw.get("model")) if SPECS[intent].takes_model else None
        # Facts about a model never use a card: an unknown card named alongside is not an error there.
        uses_cards = intent not in INFO_INTENTS
        card = self._resolve_card(raw.get("card")) if uses_cards else None
        card2 = self._resolve_card(raw.get("card2")) if uses_cards else None
        memory = raw.get("memory_gb")
        if memory is not None:
            try:
                memory = float(memory)
            except (TypeError, ValueError):
                raise BadInput("memory", memory_gb=str(memory)[:40]) from None
            if not (0 < memory <= MAX_MEMORY_GB):
                raise BadInput("memory", memory_gb=memory)
        return Entities(model=model, card=card, card2=card2, memory_gb=memory)

    @staticmethod
    def _route(intent: str, e: Entities) -> str:
        """Fill gaps between what was asked and what was named."""
        if intent in ("not_found", "ambiguous", "invalid"):
            return "fallback"
        if intent == "compare" and (e.card is None or e.card2 is None):
            intent = "speed" if e.card is not None else "fastest"
        if intent in MODEL_INTENTS and e.model is None:
            if intent in ("speed", "can_run", "card_models", "compare") and e.card is not None:
                return "card_models"
            return "fallback"
        if intent == "card_models" and e.card is None:
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
        if e.card2 is not None:
            out["card2"] = e.card2.name
        if e.memory_gb is not None:
            out["memory_gb"] = e.memory_gb
        out["context"] = s.context
        if s.quant:
            out["quant"] = s.quant
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
        title_values = {k: markdown.escape(v) for k, v in entities.items() if k in ("model", "card", "card2")}
        title = None
        if intent in TITLES:
            try:
                title = render.gettext(lang, TITLES[intent], **{"model": "", "card": "", "card2": "", **title_values})
            except (KeyError, ValueError):
                title = None
            title = title.strip(" —") if title else None
        credits = credit_lines(built.sources, lang)
        return Answer(
            intent=intent, locale=lang, entities=entities, facts=facts, text=text, title=title,
            profile=facts["profile"],
            table=self._table(built, lang, inline), credits=credits,
        )

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
