"""Typed results for the command line's `table`, `summary`, `card` and `model`: the facts (the
`--json` contract, answers.facts) plus what the text needs, built over the same catalog, resolvers
and profiles as the bot's answers. `answers.report_text` writes them through the catalogues.

    reports = await Reports.open(db_path, with_models=True)
    report = reports.table(EstimateRequest(model="llama 3.1 8b"))
    report.data                       # JSON-ready, keys only ever added
    report_text.table(report, "it")   # localized text
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from msgspec import Struct, to_builtins
from msgspec.structs import asdict, replace

from answers.api import ReportError
from answers.facts.common import BadInput, Estimates, EstimateSettings, Rated
from answers.facts.cpu_report import cpu_only_data, named_cpu, ram_said
from answers.facts.describe import MEMORY_SIZES, card_brief, summary_facts, table_facts
from answers.facts.engine_facts import check_keys, engine_keys
from answers.facts.setup_request import SetupRequest
from answers.facts.setup_rows import row_facts, setup_facts
from answers.facts.setups import UnresolvedName, build_setup, words_from_text
from answers.facts.throughput import Ask, add_to_rows, setup_keys, top_facts
from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.credits import credit_lines
from answers.knowledge.i18n import N_
from answers.knowledge.profiles import DEFAULT_PROFILE, Profiles
from answers.reading import ram_words
from answers.reading.options import card_field
from answers.resolving.names import CANDIDATES_SHOWN, find_card, find_model
from catalog.records import GpuRecord, ModelRecord
from catalog.text import parse_memory_size
from estimator.engines import UnknownEngine, default_context, engine_levels, implied_engine
from estimator.memory import DEFAULT_CACHE_TYPE, UnknownCacheType
from estimator.model import DEFAULT_CONTEXT, InvalidInput, ModelSize, check_context
from estimator.profile import Profile
from estimator.quants import BY_NAME, UnknownQuant, quant
from estimator.ranking import Query, Row, summarize
from estimator.ranking import table as table_order
from estimator.setups import Setup, SetupRow, rate_setup, setup_ram

SEVERAL_MODELS = N_("%(text)s matches several models: %(names)s")
NO_MODEL = N_("no model in the catalog matches %(text)s")
SEVERAL_CARDS = N_("%(text)s matches several cards: %(names)s")
NO_CARD = N_("no card in the catalog matches %(text)s")
NO_CARD_CLOSEST = N_("no card in the catalog matches %(text)s; closest: %(names)s")
MEMORY_NOT_CARD = N_("%(text)s is a memory size, not a card; try `tpsbot summary MODEL` for the best card of that size")
NO_PARAMS = N_("%(model)s has no published parameter count; give one with --params")
NO_MODEL_GIVEN = N_("name a model or give its size with --params")
UNKNOWN_QUANT = N_("unknown quantization level %(text)s; known: %(known)s")
SETUP_NEEDS_CARD = N_("--gpus and --ram need a card: --card NAME")
BAD_GPU_COUNT = N_("--gpus must be at least 1")
BAD_RAM = N_("--ram must be a size in GB, for example 64")
MAX_RAM_GB = 16384
UNKNOWN_ENGINE = N_("unknown engine %(text)s; known: %(known)s")
ENGINE_FORMAT = N_("%(engine)s does not read %(quant)s files; the nearest it runs is %(nearest)s "
                   "(engines that read %(quant)s: %(others)s)")


def context_for(context: int | None, prompt: int | None, answer: int | None) -> int:
    """The context a request is rated at: as asked (default 4,096), but never shorter than the prompt and
    answer it asks about — a 32k prompt needs a 32k cache."""
    ctx = context or DEFAULT_CONTEXT
    return max(ctx, (prompt or 0) + (answer or 0))


@contextmanager
def _estimator_errors() -> Iterator[None]:
    """The estimator's input errors as report errors (one message each, localized where it is ours): a bad
    level, cache type or context comes as the answers' BadInput (Estimates.query checks them for every figure)."""
    try:
        yield
    except BadInput as bad:
        raise _reworded(bad) from None
    except InvalidInput as exc:
        raise ReportError.text(str(exc)) from None


def _reworded(bad: BadInput) -> ReportError:
    """The answers' BadInput (answers/facts/common.py Estimates.query) in the command line's words."""
    if bad.reason == "quant":
        return ReportError(UNKNOWN_QUANT, text=repr(bad.facts["text"]), known=", ".join(BY_NAME))
    if bad.reason == "cache_type":
        return ReportError.text(str(UnknownCacheType(bad.facts["text"])))
    if bad.reason == "context":
        try:
            check_context(bad.facts["context"])
        except InvalidInput as exc:
            return ReportError.text(str(exc))
    return ReportError.text(f"invalid input: {bad.reason}")


class CardNotResolved(ReportError, UnresolvedName):
    """A card name that matches no card or several: the setups resolution reads its candidates."""

    def __init__(self, msgid: str, candidates: list[str], **values: Any) -> None:
        super().__init__(msgid, **values)
        self.candidates = candidates


class EstimateRequest(Struct, frozen=True):
    model: str | None = None  # a name to resolve
    params_b: float | None = None  # overrides the record's size
    active_params_b: float | None = None
    context: int | None = None
    min_quality: str | None = None
    quant: str | None = None
    profile: str = DEFAULT_PROFILE
    cache_type: str | None = None  # llama.cpp KV-cache type (f16, q8_0, q4_0 or "K/V"); None → f16
    prompt: int | None = None  # prompt tokens: adds prefill speed and time to first token (answers.throughput)
    answer: int | None = None  # answer tokens: adds the total time
    users: int | None = None  # parallel requests: adds per-user and total speed, memory with N caches
    backend: str | None = None  # the runtime backend the prefill efficiency is for (CUDA, ROCm, Vulkan, Metal, SYCL)
    flash_attention: bool = True
    engine: str | None = None  # the engine that runs it (estimator.engines); None: llama.cpp
    split: str | None = None  # several cards: layer | row | tensor (None: the engine's own way)
    link: str | None = None  # between the cards: pcie3 | pcie4 | pcie5 | nvlink (None: PCIe without P2P)


class ModelLabel(Struct, frozen=True):
    name: str | None
    params_b: float
    active_params_b: float | None  # shown only for mixtures of experts


class TableReport(Struct, frozen=True):
    model: ModelLabel
    context: int
    profile: str
    data: dict[str, Any]  # table_facts: the `--json` contract

    @property
    def cards_fit(self) -> int:
        return sum(1 for r in self.data["rows"] if r["fit"] != "no")


class SummaryReport(Struct, frozen=True):
    model: ModelLabel
    context: int
    profile: str
    data: dict[str, Any]  # summary_facts


class CardReport(Struct, frozen=True):
    card: GpuRecord
    context: int
    models_fit: int
    models_total: int
    data: dict[str, Any]
    label: str | None = None  # a setup's name ("2× GeForce RTX 3090") when the report is about one


class ModelReport(Struct, frozen=True):
    record: ModelRecord
    data: dict[str, Any]
    sources: frozenset[str] = frozenset()  # data sources to credit ("epoch")


def card_facts(card: GpuRecord) -> dict[str, Any]:
    return {**card_brief(card), "architecture": card.architecture, "memory_type": card.memory_type,
            "segment": card.segment, "unified_memory": card.unified_memory, "launch_price_usd": card.launch_price_usd}


def _model_facts(prof: Profile, m: ModelSize, r: Row | SetupRow) -> dict[str, Any]:
    """One model's line in `tpsbot card`, on a card or on a setup."""
    return {"model": m.name, "params_b": m.params_b, "active_params_b": m.active_params_b,
            "cache_estimate": prof.cache_kind(m), "quant": r.quant.name if r.quant else None, "need_gb": r.need_gb,
            "fit": r.fit, "tok_s": r.tok_s, "tok_s_low": r.tok_s_low, "tok_s_high": r.tok_s_high,
            "confidence": r.confidence}


class Reports:
    def __init__(self, knowledge: Knowledge, profiles: Profiles | None = None) -> None:
        self.knowledge = knowledge
        self.profiles = profiles or Profiles()
        self.estimates = Estimates(knowledge, self.profiles)  # the answers' route to every figure

    @classmethod
    async def open(cls, db_path: Path | None = None, *, with_models: bool = True) -> Reports:
        return cls(await Knowledge.load(db_path, with_models=with_models))

    # ------------------------------------------------------------------ names
    def resolve_model(self, text: str) -> ModelRecord:
        """The named model, found as the answers find it (answers/resolving/names.py); the command line
        names the candidates instead of picking the newest of a family."""
        found, res = find_model(self.knowledge, text)
        if found is not None:
            return found
        assert res is not None
        if res.candidates:
            raise ReportError(SEVERAL_MODELS, text=repr(text),
                              names=", ".join(c.name for c in res.candidates[:CANDIDATES_SHOWN]))
        raise ReportError(NO_MODEL, text=repr(text))

    def resolve_card(self, text: str, profile: str | None = None) -> tuple[GpuRecord, int]:
        """The named card (the faster one of same-name variants) and how many variants share its name,
        among the cards the profile rates (found as the answers find it, answers/resolving/names.py)."""
        if parse_memory_size(text) is not None:
            raise ReportError(MEMORY_NOT_CARD, text=repr(text))
        found, variants, res = find_card(self.knowledge, text, profile)
        if found is not None:
            return found, variants
        cands = [c.name for c in res.candidates]
        names = ", ".join(cands[:CANDIDATES_SHOWN])
        if res.candidates and res.ambiguous:
            raise CardNotResolved(SEVERAL_CARDS, cands, text=repr(text), names=names)
        if res.candidates:
            raise CardNotResolved(NO_CARD_CLOSEST, cands, text=repr(text), names=names)
        raise CardNotResolved(NO_CARD, [], text=repr(text))

    # ------------------------------------------------------------------ reports
    def _settings(self, req: EstimateRequest) -> EstimateSettings:
        self._check_engine(req.engine, req.quant)
        return EstimateSettings(profile=req.profile, context=context_for(req.context, req.prompt, req.answer),
                        min_quality=req.min_quality, quant=req.quant, cache_type=req.cache_type or DEFAULT_CACHE_TYPE,
                        engine=req.engine, split=req.split, link=req.link)

    def _check_engine(self, engine: str | None, level: str | None) -> None:
        """An unknown engine, or a level the engine never reads (AWQ under llama.cpp, EXL2 under vLLM), is
        refused in words with the nearest it runs and an engine that reads it (estimator.engines)."""
        c = self.profiles.engine_constants()
        try:
            e = c.engine(engine)
        except UnknownEngine as exc:
            raise ReportError(UNKNOWN_ENGINE, text=repr(exc.text), known=", ".join(c.engines)) from None
        if level is None:
            return
        with _estimator_errors():
            try:
                q = quant(level)
            except UnknownQuant as exc:
                raise BadInput("quant", text=exc.text) from None
        root = c.root(e.name)
        if q.family not in root.formats:
            # llama.cpp: the levels people download (Q8_0, Q6_K, Q4_K_M); another engine: its own ladder
            near = engine_levels(c, root, tuple(quant(n) for n in ("Q8_0", "Q6_K", "Q4_K_M")))
            nearest = min(near, key=lambda x: abs(math.log(x.bpw / q.bpw))).name if near else "—"
            others = [o.label for o in c.engines.values() if o.base is None and q.family in o.formats]
            raise ReportError(ENGINE_FORMAT, engine=e.label, quant=q.name, nearest=nearest,
                              others=", ".join(others) or "—")

    def _kernels(self, engine: str | None) -> str | None:
        """The engine whose kernels read a prompt, as its root; None for llama.cpp (and Ollama, LM Studio)."""
        if engine is None:
            return None
        root = self.profiles.engine_constants().root(engine).name
        return None if root == "llama.cpp" else root

    def _implied_engine(self, req: EstimateRequest) -> EstimateRequest:
        """A format llama.cpp does not read, named without --engine, is rated under the engine it is run
        with (AWQ, FP8 → vLLM; EXL2 → ExLlamaV2; MLX → MLX): estimator.engines.implied_engine."""
        if req.engine or not req.quant:
            return req
        with _estimator_errors():
            try:
                q = quant(req.quant)
            except UnknownQuant as exc:
                raise BadInput("quant", text=exc.text) from None
        implied = implied_engine(self.profiles.engine_constants(), None, q)
        return replace(req, engine=implied) if implied else req

    def _engine_context(self, req: EstimateRequest, setup: SetupRequest | None) -> EstimateRequest:
        """Ollama opens a model with a context that depends on the card's memory (4k under 24 GiB, 32k to
        48 GiB, 256k above): with no --context and a named card or setup, the figures are for that context."""
        if req.context is not None or req.engine is None or setup is None or not setup.text:
            return req
        e = self.profiles.engine_constants().engine(req.engine)
        if not e.default_context:
            return req
        rig = self.setup(setup, req.profile)
        if rig is None:
            return req
        memory = sum(d.card.memory_gb * d.count for d in rig.devices)
        ctx = default_context(e, memory)
        return replace(req, context=ctx) if ctx else req

    def engine_facts(self, profile: str, engine: str | None) -> dict[str, Any]:
        return engine_keys(self.profiles, profile, engine)

    def _rated(self, req: EstimateRequest) -> Rated:
        """The model from the name (resolved) and/or the given sizes (which override the record's), rated
        over every card of the profile by the answers' `Estimates`."""
        record: ModelRecord | None = None
        size: ModelSize | None = None
        if req.model:
            record = self.resolve_model(req.model)
            size = self.estimates.size_of(record)
            if size is None and req.params_b is None:
                raise ReportError(NO_PARAMS, model=record.name)
        elif req.params_b is None:
            raise ReportError(NO_MODEL_GIVEN)
        s = self._settings(req)
        with _estimator_errors():
            if req.params_b is None and req.active_params_b is None:
                assert record is not None
                return self.estimates.rated(record, s)
            params = req.params_b if req.params_b is not None else size.params_b  # type: ignore[union-attr]
            own = size is not None and req.params_b is None  # the record's own total: keep its layout
            active = (req.active_params_b if req.active_params_b is not None
                      else (size.active_params_b if own else None))  # type: ignore[union-attr]
            return self.estimates.rated_size(ModelSize(params, active, size.layout if own else None,  # type: ignore[union-attr]
                                                       record.name if record else None), s)

    @staticmethod
    def _label(q: Query) -> ModelLabel:
        m = q.model
        return ModelLabel(m.name, m.params_b, m.active_params_b if m.is_moe else None)

    @staticmethod
    def ask_of(prompt: int | None = None, answer: int | None = None, users: int | None = None,
               backend: str | None = None, flash_attention: bool = True, engine: str | None = None) -> Ask:
        """A prompt / answer / several-users request, its bad values as report errors. `engine`: the one whose
        kernels read the prompt (MLX's own prefill rules; Ollama and LM Studio are llama.cpp's)."""
        with _estimator_errors():
            return Ask(prompt, answer, users, backend, flash_attention, engine=engine)

    def table(self, req: EstimateRequest, include_misses: bool = False,
              setup: SetupRequest | None = None) -> TableReport:
        req = self._engine_context(self._implied_engine(req), setup)
        rated = self._rated(req)
        ask = self.ask_of(req.prompt, req.answer, req.users, req.backend, req.flash_attention,
                          self._kernels(req.engine))
        q, rows = rated.query, rated.rows
        data = table_facts(q, rows, include_misses=include_misses)
        data.update(engine_keys(self.profiles, req.profile, req.engine, req.split, req.link, q.model,
                                q.min_quality, q.forced_quant))
        if ask.wanted:
            data.update(top_facts(ask))
            with _estimator_errors():
                add_to_rows(data["rows"], table_order(rows, include_misses), q.profile, q.model, q.context,
                            q.cache_type, ask, self.profiles.setup_constants())
        self._rate_setup(q, setup, data, ask)
        self._check_on_setup(req, q, data)
        return TableReport(self._label(q), q.context, q.profile.name, data)

    def summary(self, req: EstimateRequest, setup: SetupRequest | None = None) -> SummaryReport:
        req = self._engine_context(self._implied_engine(req), setup)
        rated = self._rated(req)
        ask = self.ask_of(req.prompt, req.answer, req.users, req.backend, req.flash_attention,
                          self._kernels(req.engine))
        q, rows = rated.query, rated.rows
        s = summarize(q, rows, MEMORY_SIZES)
        # The cards rated as cards (rated.summary rates shared-memory machines as machines for its picks)
        data = summary_facts(q, rows, s)
        data.update(engine_keys(self.profiles, req.profile, req.engine, req.split, req.link, q.model,
                                q.min_quality, q.forced_quant))
        if ask.wanted:
            data.update(top_facts(ask))
            picked = [(data["fastest"], s.fastest), (data["smallest"], s.smallest),
                      *((data["by_memory"][str(n)], r) for n, r in s.by_memory.items())]
            with _estimator_errors():
                for d, r in picked:
                    if d is not None and r is not None:
                        add_to_rows([d], [r], q.profile, q.model, q.context, q.cache_type, ask,
                                    self.profiles.setup_constants())
        self._rate_setup(q, setup, data, ask)
        return SummaryReport(self._label(q), q.context, q.profile.name, data)

    def _check_on_setup(self, req: EstimateRequest, q: Query, data: dict[str, Any]) -> None:
        """A level asked for on the named hardware: `engine_check` says whether the engine runs it on the
        first card there (FP8 under TensorRT-LLM on a 3090: no, with the nearest that works)."""
        if req.quant and "setup" in data and data["setup"].get("row", {}).get("cards"):
            name = data["setup"]["row"]["cards"][0]
            card = next((g for g in self.knowledge.gpus_for(req.profile) if g.name == name), None)
            if card is not None:
                data["engine_check"] = check_keys(self.profiles, req.engine, req.quant, card, q.model)

    # ------------------------------------------------------------------ setups
    def setup(self, req: SetupRequest, profile: str | None = None, *, plain: bool = True) -> Setup | None:
        """The setup a request describes; None when it names none (with `plain=False`, also for one plain card)."""
        if not req.text:
            if req.gpus is not None or (req.ram_gb is not None and not req.cpu):
                raise ReportError(SETUP_NEEDS_CARD)
            return None
        if req.gpus is not None and req.gpus < 1:
            raise ReportError(BAD_GPU_COUNT)
        if req.ram_gb is not None and not (0 < req.ram_gb <= MAX_RAM_GB):
            raise ReportError(BAD_RAM)
        field = card_field(req.text, req.gpus, req.ram_gb, req.ram_type)  # read in answers/reading/options.py
        if not plain and field.parts is None and req.ram_gb is None:
            return None
        said, cpu = ram_said(req), named_cpu(req)
        if said.platform is not None and cpu is None:  # "--card '3090 + epyc genoa'": the platform's RAM
            said = ram_words.with_platform(said, self.profiles.setup_constants().machine)
        try:
            rig = build_setup(words_from_text(req.text, req.gpus), lambda t: self.resolve_card(t, profile)[0],
                              req.ram_gb if req.ram_gb is not None else field.ram_gb,
                              said.kind or req.ram_type or field.ram_type, added=self.knowledge.added_card,
                              ram_mts=req.ram_mts or said.mts, ram_channels=req.ram_channels or said.channels)
            rig = replace(rig, cpu=cpu) if cpu is not None else rig
            if rig.ram_gb is not None:
                setup_ram(self.profiles.setup_constants(), rig)  # "DDR4-9000", 40 channels: refused here, said why
            return rig
        except InvalidInput as exc:
            raise ReportError.text(str(exc)) from None

    def _rate_setup(self, q: Query, req: SetupRequest | None, data: dict[str, Any], ask: Ask | None = None) -> None:
        """`table`/`summary` with a setup: its rating under data["setup"], like one card's row."""
        if req is not None and not req.text and req.cpu:  # --cpu without --card: the processor alone
            data["cpu_only"] = cpu_only_data(self.profiles.setup_constants(), q, req)
        setup = self.setup(req, q.profile.name) if req is not None else None
        if setup is not None:
            constants = self.profiles.setup_constants()
            row = rate_setup(q.profile, q.model, setup, q.context, q.min_quality, q.forced_quant, constants=constants)
            facts = row_facts(row)
            if ask is not None and ask.wanted:
                with _estimator_errors():
                    facts.update(setup_keys(q.profile, q.model, setup, row, q.context, q.cache_type, ask,
                                                  constants))
            data["setup"] = {**setup_facts(setup), "row": facts}

    def card(self, text: str, context: int | None = None, min_quality: str | None = None,
             profile: str = DEFAULT_PROFILE, cache_type: str | None = None,
             setup: SetupRequest | None = None, ask: Ask | None = None, engine: str | None = None) -> CardReport:
        """The catalog's models on one card or setup; `ask` (a prompt, several users) adds its keys per model."""
        rig = self.setup(replace(setup, text=text) if setup else SetupRequest(text), profile, plain=False)
        # a setup resolved from the catalog holds catalog records
        card, variants = ((cast(GpuRecord, rig.devices[0].card), 1) if rig is not None
                          else self.resolve_card(text, profile))
        self._check_engine(engine, None)
        e = self.profiles.engine_constants().engine(engine)
        if context is None and e.default_context:  # Ollama opens a model with a context by the card's memory
            vram = sum(d.card.memory_gb * d.count for d in rig.devices) if rig else card.memory_gb
            context = default_context(e, vram)
        ctx = context_for(context, ask.prompt if ask else None, ask.answer if ask else None)
        prof = self.profiles.get(profile, engine)
        s = EstimateSettings(profile, ctx, min_quality, cache_type=cache_type or DEFAULT_CACHE_TYPE, engine=engine)
        if rig is not None:
            report = self._card_on_setup(rig, card, s, ask)
            report.data.update(self.engine_facts(profile, engine))
            return report
        with _estimator_errors():
            found = self.estimates.every_model_on(card, s)
        total = self.knowledge.sized_model_count()
        data: dict[str, Any] = {
                "card": {**card_facts(card), "variants": variants}, "context": ctx, "profile": prof.name,
                "cache_type": s.cache_type, "min_quality": min_quality or prof.default_min_quality,
                "models_total": total, "models": [_model_facts(prof, m, r) for _, m, r in found],
                **self.engine_facts(profile, engine)}
        if not found and engine:  # MLX on a GeForce: say why nothing runs, and what would
            data["engine_check"] = check_keys(self.profiles, engine, e.miss_quant or self.profiles.engine_constants()
                                              .root(engine).miss_quant or "Q4_K_M", card)
        if ask is not None and ask.wanted:
            data.update(top_facts(ask))
            constants = self.profiles.setup_constants()
            with _estimator_errors():
                for d, (_, m, r) in zip(data["models"], found, strict=True):
                    add_to_rows([d], [r], prof, m, ctx, s.cache_type, ask, constants)
        return CardReport(card, ctx, len(found), total, data)

    def _card_on_setup(self, rig: Setup, card: GpuRecord, s: EstimateSettings, ask: Ask | None = None) -> CardReport:
        """`card` on a setup: the same keys, every model rated on the whole setup (offload counts), fastest
        first. The KV cache is f16 here: the setup rules (estimator.setups) take no cache type."""
        sizes = [m for m in map(self.estimates.size_of, self.knowledge.models) if m is not None]
        prof, constants = self.profiles.get(s.profile, s.engine), self.profiles.setup_constants()
        models: list[dict[str, Any]] = []
        with _estimator_errors():
            self.estimates.query(ModelSize(1.0), s)  # the context and minimum quality checked as for one card
            for m in sizes:
                r = rate_setup(prof, m, rig, s.context, s.min_quality, constants=constants)
                if r.runs and r.quant is not None:
                    models.append({**_model_facts(prof, m, r), "why": r.why})
                    if ask is not None and ask.wanted:
                        models[-1].update(setup_keys(prof, m, rig, r, s.context, DEFAULT_CACHE_TYPE, ask, constants))
        models.sort(key=lambda d: (-d["tok_s"], d["model"] or ""))
        data = {"card": {**card_facts(card), "variants": 1}, "context": s.context, "profile": prof.name,
                "min_quality": s.min_quality or prof.default_min_quality, "models_total": len(sizes),
                "setup": setup_facts(rig), "models": models}
        if ask is not None and ask.wanted:
            data.update(top_facts(ask))
        return CardReport(card, s.context, len(models), len(sizes), data, label=rig.label)

    def model(self, text: str) -> ModelReport:
        record = self.resolve_model(text)
        data: dict[str, Any] = {"model": to_builtins(record)}  # the fields at their defaults left out
        data["model"]["provenance"] = {k: asdict(v) for k, v in record.provenance.items()}  # each in full
        sources = frozenset({"epoch"}) if any(p.source == "epoch" for p in record.provenance.values()) else frozenset()
        data["credits"] = credit_lines(sources)
        return ModelReport(record, data, sources)
