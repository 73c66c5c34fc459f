"""What was read (or typed in a slash command's fields) → the resolved `Entities` and `Settings` a facts builder
takes, the intent routed by what was found (a setup, a memory size, two models), and the builder's call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from answers.api import AskOptions
from answers.facts.advice import typical_record
from answers.facts.common import MAX_MEMORY_GB, BadInput, Built, Entities, Estimates, Lru, Settings, uses_epoch
from answers.intents_table import INFO_INTENTS, MODEL_INTENTS, SPECS, TABLE_INTENTS
from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.names import NameProblem
from answers.knowledge.profiles import Profiles
from answers.reading.budget_words import MAX_AMOUNT
from catalog.records import GpuRecord, ModelRecord
from estimator.model import DEFAULT_CONTEXT, MAX_CONTEXT, InvalidInput
from estimator.quants import UnknownQuant
from estimator.quants import quant as lookup_quant
from estimator.setups import Device, Setup


class EntityBuilding:
    """Entities, settings and routing for the engine (mixed into `answers.engine.Engine`, which sets the
    attributes below and resolves names through `answers.knowledge.names.NameResolution`)."""

    knowledge: Knowledge
    estimates: Estimates
    profiles: Profiles
    _built: Lru

    if TYPE_CHECKING:  # NameResolution's, mixed in beside this class
        def _resolve_model(self, value: str | ModelRecord | None) -> ModelRecord | None: ...

        def _resolve_card(self, value: str | GpuRecord | None, profile: str | None = None) -> GpuRecord | None: ...

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

    @staticmethod
    def _budget(raw: dict[str, Any]) -> dict[str, Any] | None:
        """The budget facts (answers/facts/budget.py) of a parsed or typed budget; None when none was said."""
        said = raw.get("budget")
        if not said:
            return None
        # lazy: the exchange-rate data (~15 ms) and the budget rules are only needed for budget answers
        from answers.facts.budget import budget_facts
        from catalog.currency import CURRENCIES

        try:
            amount, currency = float(said["amount"]), str(said["currency"]).upper()
        except (KeyError, TypeError, ValueError):
            raise BadInput("budget", text=str(said)[:40]) from None
        if currency not in CURRENCIES or not (0 < amount <= MAX_AMOUNT):
            raise BadInput("budget", text=f"{amount:.0f} {currency}"[:40])  # echoes what was typed
        return budget_facts(amount, currency, bool(said.get("currency_said", True)))

    def _family(self, intent: str, p: NameProblem) -> Built | None:
        """A fact question on an ambiguous model name that names a family: facts for every member."""
        if p.intent != "ambiguous" or p.kind != "model":
            return None
        # lazy: the family rules (~9 ms of patterns) only for an ambiguous model name
        from answers.facts.family import FAMILY_INTENTS, family_facts, members

        if intent not in FAMILY_INTENTS:
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
        key = (intent, id(e.model), id(e.card), e.memory_gb, s, e.setup, e.cpu, e.ram_type)
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
        if sides is not None:  # "2x 3090 or one a6000": two setups, each rated as a whole (answers/facts/versus.py)
            side_by_side = True
            raw = {**raw, "card": sides[0].devices[0].card, "card2": sides[1].devices[0].card}
        setup = self._setup(raw, profile) if uses_cards and not side_by_side else None
        card = self._resolve_card(raw.get("card"), profile) if uses_cards and setup is None else None
        card2 = self._resolve_card(raw.get("card2"), profile) if uses_cards and setup is None else None
        if setup is None and card is not None and card2 is None and card.unified_memory:
            # A handheld, console or SoC named on its own shares its memory with the system: rated as
            # the unified setup it is (the GPU's share of the memory), never as a 16 GB graphics card.

            setup = Setup((Device(card),))
        if setup is not None:
            # routing ("a card was named") and entities.card; a setup read here holds catalog records
            card = cast(GpuRecord, setup.devices[0].card)
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
                        model2=model2, sides=sides, prompt_tokens=raw.get("prompt_tokens"), users=raw.get("users"),
                        backend=raw.get("backend"), ram_type=raw.get("ram_type"))

    def _sides(self, raw: dict[str, Any], profile: str) -> tuple[Setup, Setup] | None:
        """The two setups of a comparison (`setup` and `setup2` as read from the question), RAM beside both."""
        # lazy: the setup rules (RAM offload, CPU-only, the Mac wired limit) only for a question naming a setup
        from answers.facts.setups import setup_from_raw

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
        # lazy: the setup rules (RAM offload, CPU-only, the Mac wired limit) only for a question naming a setup
        from answers.facts.setups import setup_from_raw

        if not raw.get("setup") and raw.get("card") is None and raw.get("memory_gb") and raw.get("ram_gb"):
            return self._typical_setup(float(raw["memory_gb"]), raw, profile)
        return setup_from_raw(raw, lambda text: self._resolve_card(text, profile), self.knowledge.added_card,
                              self.profiles.setup_constants().machine)

    def _typical_setup(self, memory_gb: float, raw: dict[str, Any], profile: str) -> Setup | None:
        """"My 8 GB card with 32 GB of RAM": a typical card of exactly that memory, plus the RAM, so the
        answer can say whether offloading makes it usable (None when no card has that memory)."""
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
        if intent == "memory_cards":  # "best 8 GB card (for X)": cards of that size; with a model, its fit there
            if e.model is not None:
                return "can_run" if e.memory_gb is not None or e.card is not None else "what_gpu"
            if e.card is not None or e.memory_gb is None:
                return "card_models" if e.card is not None or e.memory_gb is not None else "fallback"
            return intent
        if e.cpu is not None:
            # No card: "how much RAM" is vram, "how fast" speed, what-can-I-run card_models, the rest can_run.
            if e.model is None:
                return "card_models" if intent not in INFO_INTENTS and intent != "help" else intent
            return intent if intent in ("vram", "speed", "can_run") or intent in INFO_INTENTS else "can_run"
        if intent == "compare" and (e.sides is not None or (e.model2 is not None and e.model is not None)):
            return "compare"  # two setups, or two models, side by side (answers/facts/versus.py)
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
