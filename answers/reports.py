"""Typed results for the command line's `table`, `summary`, `card` and `model`: the facts (the
`--json` contract, answers.facts) plus what the text needs, built over the same catalog, resolvers
and profiles as the bot's answers. `answers.report_text` writes them through the catalogues.

    reports = await Reports.open(db_path, with_models=True)
    report = reports.table(EstimateRequest(model="llama 3.1 8b"))
    report.data                       # JSON-ready, keys only ever added
    report_text.table(report, "it")   # localized text
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from catalog.records import GpuRecord, ModelRecord
from catalog.text import parse_memory_size
from estimator.model import DEFAULT_CONTEXT, InvalidInput, ModelSize
from estimator.quants import BY_NAME, UnknownQuant
from estimator.ranking import Query, models_on_card, rate_all

from .api import ReportError
from .credits import credit_lines
from .facts import summary_facts, table_facts
from .i18n import N_
from .knowledge import Knowledge, faster_variant, model_size
from .profiles import Profiles

CANDIDATES_SHOWN = 8

SEVERAL_MODELS = N_("%(text)s matches several models: %(names)s")
NO_MODEL = N_("no model in the catalog matches %(text)s")
SEVERAL_CARDS = N_("%(text)s matches several cards: %(names)s")
NO_CARD = N_("no card in the catalog matches %(text)s")
MEMORY_NOT_CARD = N_("%(text)s is a memory size, not a card; try `tpsbot summary MODEL` for the best card of that size")
NO_PARAMS = N_("%(model)s has no published parameter count; give one with --params")
NO_MODEL_GIVEN = N_("name a model or give its size with --params")
UNKNOWN_QUANT = N_("unknown quantization level %(text)s; known: %(known)s")


@dataclass(frozen=True)
class EstimateRequest:
    model: str | None = None  # a name to resolve
    params_b: float | None = None  # overrides the record's size
    active_params_b: float | None = None
    context: int | None = None
    min_quality: str | None = None
    quant: str | None = None
    profile: str = "reference"


@dataclass(frozen=True)
class ModelLabel:
    name: str | None
    params_b: float
    active_params_b: float | None  # shown only for mixtures of experts


@dataclass(frozen=True)
class TableReport:
    model: ModelLabel
    context: int
    profile: str
    data: dict[str, Any]  # table_facts: the `--json` contract

    @property
    def cards_fit(self) -> int:
        return sum(1 for r in self.data["rows"] if r["fit"] != "no")


@dataclass(frozen=True)
class SummaryReport:
    model: ModelLabel
    context: int
    profile: str
    data: dict[str, Any]  # summary_facts


@dataclass(frozen=True)
class CardReport:
    card: GpuRecord
    context: int
    models_fit: int
    models_total: int
    data: dict[str, Any]


@dataclass(frozen=True)
class ModelReport:
    record: ModelRecord
    data: dict[str, Any]
    sources: frozenset[str] = frozenset()  # data sources to credit ("epoch")


def card_facts(card: GpuRecord) -> dict[str, Any]:
    return {"name": card.name, "vendor": card.vendor, "memory_gb": card.memory_gb,
            "bandwidth_gbps": card.bandwidth_gbps, "release": card.release_label,
            "architecture": card.architecture, "memory_type": card.memory_type}


class Reports:
    def __init__(self, knowledge: Knowledge, profiles: Profiles | None = None) -> None:
        self.knowledge = knowledge
        self.profiles = profiles or Profiles()

    @classmethod
    async def open(cls, db_path: Path | None = None, *, with_models: bool = True) -> Reports:
        return cls(await Knowledge.load(db_path, with_models=with_models))

    # ------------------------------------------------------------------ names
    def resolve_model(self, text: str) -> ModelRecord:
        res = self.knowledge.model_resolver.resolve(text)
        if res.best is None:
            if res.candidates:
                raise ReportError(SEVERAL_MODELS, text=repr(text),
                                  names=", ".join(c.name for c in res.candidates[:CANDIDATES_SHOWN]))
            raise ReportError(NO_MODEL, text=repr(text))
        return res.best.key

    def resolve_card(self, text: str) -> tuple[GpuRecord, int]:
        """The named card (the faster one of same-name variants) and how many variants share its name."""
        if parse_memory_size(text) is not None:
            raise ReportError(MEMORY_NOT_CARD, text=repr(text))
        res = self.knowledge.gpu_resolver.resolve(text)
        if res.best is None:
            if res.candidates:
                raise ReportError(SEVERAL_CARDS, text=repr(text),
                                  names=", ".join(c.name for c in res.candidates[:CANDIDATES_SHOWN]))
            raise ReportError(NO_CARD, text=repr(text))
        variants = list(res.best.payloads)
        return faster_variant(variants), len(variants)

    # ------------------------------------------------------------------ reports
    def _query(self, req: EstimateRequest) -> Query:
        """Model from the name (resolved) and/or the given sizes (which override the record's)."""
        record: ModelRecord | None = None
        size: ModelSize | None = None
        if req.model:
            record = self.resolve_model(req.model)
            size = model_size(record)
            if size is None and req.params_b is None:
                raise ReportError(NO_PARAMS, model=record.name)
        elif req.params_b is None:
            raise ReportError(NO_MODEL_GIVEN)
        try:
            if req.params_b is not None or req.active_params_b is not None:
                params = req.params_b if req.params_b is not None else size.params_b  # type: ignore[union-attr]
                own = size is not None and req.params_b is None  # the record's own total: keep its layout
                active = req.active_params_b if req.active_params_b is not None else (size.active_params_b if own else None)  # type: ignore[union-attr]
                size = ModelSize(params, active, size.layout if own else None,  # type: ignore[union-attr]
                                 record.name if record else None)
            assert size is not None
            return Query(size, context=req.context or DEFAULT_CONTEXT, min_quality=req.min_quality,
                         forced_quant=req.quant, profile=self.profiles.get(req.profile))
        except UnknownQuant as exc:
            raise ReportError(UNKNOWN_QUANT, text=repr(exc.text), known=", ".join(BY_NAME)) from None
        except InvalidInput as exc:
            raise ReportError.text(str(exc)) from None

    @staticmethod
    def _label(q: Query) -> ModelLabel:
        m = q.model
        return ModelLabel(m.name, m.params_b, m.active_params_b if m.is_moe else None)

    def table(self, req: EstimateRequest, include_misses: bool = False) -> TableReport:
        q = self._query(req)
        data = table_facts(q, rate_all(q, self.knowledge.gpus), include_misses=include_misses)
        return TableReport(self._label(q), q.context, q.profile.name, data)

    def summary(self, req: EstimateRequest) -> SummaryReport:
        q = self._query(req)
        data = summary_facts(q, rate_all(q, self.knowledge.gpus))
        return SummaryReport(self._label(q), q.context, q.profile.name, data)

    def card(self, text: str, context: int | None = None, min_quality: str | None = None,
             profile: str = "reference") -> CardReport:
        card, variants = self.resolve_card(text)
        sizes = [s for s in (model_size(m) for m in self.knowledge.models) if s is not None]
        ctx = context or DEFAULT_CONTEXT
        prof = self.profiles.get(profile)
        try:
            found = models_on_card(sizes, card, ctx, min_quality, prof)
        except UnknownQuant as exc:
            raise ReportError(UNKNOWN_QUANT, text=repr(exc.text), known=", ".join(BY_NAME)) from None
        except InvalidInput as exc:
            raise ReportError.text(str(exc)) from None
        data = {"card": {**card_facts(card), "variants": variants}, "context": ctx, "profile": prof.name,
                "min_quality": min_quality or prof.default_min_quality, "models_total": len(sizes),
                "models": [{"model": x.model.name, "params_b": x.model.params_b,
                            "active_params_b": x.model.active_params_b, "cache_estimate": prof.cache_kind(x.model),
                            "quant": x.row.quant.name if x.row.quant else None, "need_gb": x.row.need_gb,
                            "fit": x.row.fit, "tok_s": x.row.tok_s, "tok_s_low": x.row.tok_s_low,
                            "tok_s_high": x.row.tok_s_high, "confidence": x.row.confidence} for x in found]}
        return CardReport(card, ctx, len(found), len(sizes), data)

    def model(self, text: str) -> ModelReport:
        record = self.resolve_model(text)
        data: dict[str, Any] = {"model": record.model_dump(mode="json", exclude_defaults=True)}
        data["model"]["provenance"] = {k: v.model_dump() for k, v in record.provenance.items()}
        sources = frozenset({"epoch"}) if any(p.source == "epoch" for p in record.provenance.values()) else frozenset()
        data["credits"] = credit_lines(sources)
        return ModelReport(record, data, sources)
