"""What is asked (`Asked`, from a question or a slash command's fields) → the resolved `Entities` and `EstimateSettings`
a facts builder takes, and the builder's call. The intent is routed by what was found in answers/facts/routing.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from msgspec.structs import replace

from answers.api import AskOptions
from answers.facts.advice import TASKS, typical_record
from answers.facts.chip_sizes import sized_sides
from answers.facts.common import MAX_MEMORY_GB, BadInput, Built, Entities, Estimates, EstimateSettings, Lru, uses_epoch
from answers.facts.family_fit import FIT_INTENTS, family_fit
from answers.facts.routing import decide_after_resolving
from answers.facts.side_power import side_power
from answers.facts.together import facts as at_once_facts
from answers.facts.variant_fit import larger_variant
from answers.intents_table import INFO_INTENTS, SIZE_INTENTS, SPECS, TABLE_INTENTS
from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.cpus import find_cpu
from answers.knowledge.profiles import Profiles
from answers.reading.budget_words import MAX_AMOUNT
from answers.records.asked import Asked, Parts
from answers.resolving.modded import with_modded_memory
from answers.resolving.names import NameProblem, NameResolution
from catalog.records import GpuRecord, ModelRecord
from estimator.memory import UnknownCacheType
from estimator.memory import cache_type as canonical_cache_type
from estimator.model import DEFAULT_CONTEXT, MAX_CONTEXT, InvalidInput
from estimator.quants import UnknownQuant
from estimator.quants import quant as lookup_quant
from estimator.setups import Device, Setup

# The context a list for summarising documents is rated at when none is said: a page of text is about 500 to 700
# tokens (OpenAI's rule of thumb: 1,000 tokens are about 750 English words; a page holds about 500 words), so 16,384
# tokens hold a PDF of some 20 pages with room for the summary.
DOCUMENT_CONTEXT = 16_384
# the answers about one machine and one model a second card of one of its cards is weighed beside
PAIR_INTENTS = ("can_run", "speed", "two_gpus")


class EntityBuilding:
    """Entities, settings and the builder's call: the facts stage the engine holds (`Engine.building`); names
    resolve through the resolving stage it is given (`answers.resolving.names.NameResolution`)."""

    def __init__(self, knowledge: Knowledge, profiles: Profiles, estimates: Estimates, names: NameResolution) -> None:
        self.knowledge = knowledge
        self.profiles = profiles
        self.estimates = estimates
        self.names = names
        self._built = Lru(256)

    def settings(self, options: AskOptions, context: int | None, quant: str | None) -> EstimateSettings:
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
        return EstimateSettings(profile=options.profile, context=ctx, min_quality=mq, quant=q, engine=options.engine)

    def settings_for(self, options: AskOptions, asked: Asked) -> EstimateSettings:
        """The estimate's settings: the server's options, what was asked overriding them (context, level,
        KV-cache type, task)."""
        # documents to summarise, no context said: room for a document (DOCUMENT_CONTEXT), said in the answer
        # (a prompt's length said sets the context itself: "summarise a 30k-token pdf")
        doc_context = DOCUMENT_CONTEXT if asked.documents and options.context is None and not asked.prompt_tokens \
            else None
        settings = self.settings(options, asked.context if asked.context is not None else doc_context, asked.quant)
        if asked.documents or (asked.work_language and asked.work_language != "en"):
            language = asked.work_language if asked.work_language != "en" else None
            settings = replace(settings, language=language, documents=asked.documents)
        engine = getattr(asked, "engine", None)  # "with vllm" read from the question, when the reader has it
        if engine:
            settings = replace(settings, engine=engine)
        if settings.quant and not settings.engine:  # "qwen 32b awq": the engine AWQ is run with (vLLM)
            # lazy: only a question naming a level needs the engines' rules
            from estimator.engines import implied_engine
            from estimator.quants import quant as level

            implied = implied_engine(self.estimates.profiles.engine_constants(), None, level(settings.quant))
            if implied:
                settings = replace(settings, engine=implied)
        if asked.link and not settings.link:  # "x8/x8", "x1 risers", "with nvlink": a tensor-parallel figure pays it
            settings = replace(settings, link=asked.link)
        kv = asked.cache_type or options.cache_type
        if kv:
            try:
                settings = replace(settings, cache_type=canonical_cache_type(kv), cache_said=True)
            except UnknownCacheType as exc:
                raise BadInput("cache_type", text=str(exc.text)[:40]) from None
        if asked.task:
            if asked.task not in TASKS:
                raise BadInput("task", text=str(asked.task)[:40], known=", ".join(TASKS))
            settings = replace(settings, task=asked.task)
        return settings

    def facts_for(self, intent: str, e: Entities, s: EstimateSettings, asked: Asked) -> tuple[str, Built, Entities]:
        """The intent as what resolved decides it (answers/facts/routing.py) and its facts; a price asked
        beside a model or a card ("best gpu under 400 bucks", "is a 3090 worth 700 dollars") adds its own."""
        budget = self._budget(asked) if intent == "what_gpu" and e.setup is None else None
        if budget is not None:  # "best gpu under 400 bucks (for X)": cards by launch price (answers/facts/budget.py)
            # lazy: the budget rules (and the setup rules below them) only for a question naming a price
            from answers.facts.budget import build as build_budget

            self._needs_size(e)
            if self._whole(asked, budget):
                # "2200 € for the whole PC": the cards get what the rest of the PC leaves
                # lazy: the build rules (answers/facts/build_budget.py) only for a whole-machine budget
                from answers.facts.build_budget import for_cards

                budget = for_cards(budget)
            return intent, build_budget(self.estimates, e, s, budget), e
        if intent == "off_topic":  # declined: what it can say of the card or model named (answers/facts/off_topic.py)
            # lazy: the decline's builder only for a declined topic, as the other side builders
            from answers.facts.off_topic import build as build_off_topic

            return intent, build_off_topic(self.estimates, e, s, asked.off_topic or "", self._line_of(asked.model)), e
        intent = decide_after_resolving(intent, e)
        if intent == "compare" and e.sides is not None and (said := self._budget(asked)) is not None \
                and self._whole(asked, said, e):
            # "$2500 total: used 3090s or a Strix Halo?": the one-card side as the build the budget pays for
            # lazy: the build rules only for a whole-machine budget beside a comparison
            from answers.facts.build_budget import sized

            e = sized(self.estimates, e, s, said, self._said_prices(asked, e))
        chips: list[dict[str, Any]] = []
        if intent == "compare":  # "… vs an m4 max": each chip named without its memory at the size that holds it
            e, chips = sized_sides(self.names, self.estimates, e, s, asked)
        if intent in SIZE_INTENTS:
            self._needs_size(e)
        built = self.build(intent, e, s)
        if asked.api_cost and (e.model is not None or isinstance(asked.model, str)):
            # "openrouter vs correrlo en casa": the API's prices beside a million tokens' energy at home
            self._api_home(built, intent, e, s, asked)
        if intent in PAIR_INTENTS and asked.pair_of and e.setup is not None and e.model is not None:
            # "3090 + 4060 Ti: 70B at Q4_K_M? or do I get another 3090": two of that card, answered too
            self._pair_option(built, intent, e, s, asked)
        if chips:
            built.facts["chip_sizes"] = chips
        if intent == "compare" and (asked.power is not None or "power" in asked.intents):
            weighed = side_power(e, built.facts)  # "…and power costs 35 ct/kWh here": each side's draw and cost
            if weighed is not None:
                built.facts["power_sides"] = weighed
        # "M4 Max" too small at its common size for the level named: the smallest of its sizes that holds it
        held = larger_variant(self.names, self.build, intent, e, s, asked, built)
        if held is not None:
            built, e = held
        if intent == "can_run" and asked.together and e.model is not None and e.setup is None and e.cpu is None:
            second = self.names.resolve_model(asked.model2)
            if second is not None and self.estimates.size_of(second) is not None:
                both = at_once_facts(self.estimates, e.model, second, s, e.card, e.memory_gb)
                if both is not None:
                    built.facts["together"] = both
                    e = replace(e, model2=second)
        if intent == "card_models" and asked.budget and asked.local_price is not None and e.card is not None \
                and (said := self._budget(asked)) is not None:
            # "R$ 10 mil, monto oq? 3090 usada ta uns 4 mil aqui": the card at the asker's price within the budget
            # lazy: the build rules only for a local price said
            from answers.facts.budget import budget_facts
            from answers.facts.build_budget import local_build

            local = asked.local_price[1]
            built.facts["local_build"] = local_build(e, said, budget_facts(local.amount, local.currency, True),
                                                     self._whole(asked, said, e))
        elif intent == "card_models" and asked.budget and e.card is not None and e.setup is None and e.model is None \
                and (price := self._budget(asked)) is not None:
            # "is a 3090 worth 700 dollars": the asked price against launch prices (answers/facts/card_price.py)
            # lazy: the price rules (and the budget and setup rules below them) only for a price asked
            from answers.facts.card_price import facts as price_facts

            built.facts["price_check"] = price_facts(self.estimates, e.card, s, price)
        if asked.budget and ((intent == "compare" and (e.card2 is not None or e.sides))
                             or (intent in ("speed", "can_run") and (e.card is not None or e.setup is not None)
                                 and e.cpu is None and e.card2 is None)) \
                and (said := self._budget(asked)) is not None:
            # "3000 EUR: a 5090 or an M4 Max?": which side's price is within it (answers/facts/side_prices.py)
            # lazy: the price rules only for a price said
            from answers.facts.side_prices import facts as side_prices

            built.facts["budget_sides"] = side_prices(self.estimates, e, s, said, self._whole(asked, said, e),
                                                      bool(asked.mac_unsized), self._said_prices(asked, e))
            if asked.ram_gb and e.sides:  # "2x 3090 + 128gb ddr5 or a 5090": the RAM of the first option, unpriced
                built.facts["budget_sides"]["ram_unpriced"] = {"ram_gb": asked.ram_gb, "ram_type": asked.ram_type,
                                                               "side": e.sides[0].label}
            self._held_to_budget(built, e)
        if asked.budget and intent == "users" and built.facts.get("needed") \
                and (said := self._budget(asked)) is not None:
            # "100 at once on a 70B with vLLM, about 40,000 EUR": each serving box at launch prices against it
            # lazy: the price rules only for a budget said beside a serving box
            from answers.facts.sizing import priced

            built.facts["needed_prices"] = priced(self.estimates, built.facts["needed"], said, s.profile)
        if asked.model_stand_in:
            built.facts["model_stand_in"] = True
        return intent, built, e

    def _needs_size(self, e: Entities) -> None:
        if e.model is not None and self.estimates.size_of(e.model) is None:
            raise BadInput("no_params", model=e.model.name)

    @staticmethod
    def _whole(asked: Asked, said: dict[str, Any], e: Entities | None = None) -> bool:
        """The budget is for the whole machine: said so ("total", "PC completo") or a whole machine weighed
        against cards (`machine_beside`), and more than the rest of a PC costs (a "$400 build" is read as the
        card's budget: no machine is built for that)."""
        # lazy: the build rules (answers/facts/build_budget.py) only for a budget
        from answers.facts.build_budget import machine_beside, rest_cost

        if asked.budget is None or not (asked.budget.whole or (e is not None and machine_beside(e))):
            return False

        rest = rest_cost(said, 1)
        return rest is not None and said["amount"] > rest["amount"]

    @staticmethod
    def _held_to_budget(built: Built, e: Entities) -> None:
        """The comparison's pick, when over the budget and another side is within it, becomes the side within
        (answers/facts/budget_pick.py); the pick it replaces stays in `choice_over_budget`."""
        # lazy: the budget pick only for a budget beside a comparison
        from answers.facts.budget_pick import within_pick
        from answers.facts.said_prices import side_memory

        picked = within_pick(built.facts.get("choice"), built.facts.get("budget_sides"), side_memory(e))
        if picked is not None:
            built.facts["choice_over_budget"] = built.facts.get("choice")
            built.facts["choice"] = picked

    @staticmethod
    def _said_prices(asked: Asked, e: Entities) -> dict[str, float] | None:
        """The asker's own price for a card of the comparison ("3090 usada uns 4 mil"), in US dollars by card."""
        said = asked.local_prices or ((asked.local_price,) if asked.local_price is not None else ())
        if not said:
            return None
        # lazy: the exchange-rate data only for a price said
        from answers.facts.budget import budget_facts
        from answers.facts.said_prices import card_of

        out: dict[str, float] = {}
        for typed, price in said:
            card = e.card if typed == asked.card_typed else e.card2 if typed == asked.card2_typed else card_of(typed, e)
            if card is not None and card.name not in out:
                out[card.name] = budget_facts(price.amount, price.currency, True)["usd"]
        return out or None

    @staticmethod
    def _budget(asked: Asked) -> dict[str, Any] | None:
        """The budget facts (answers/facts/budget.py) of a parsed or typed budget; None when none was said."""
        said = asked.budget
        if said is None:
            return None
        # lazy: the exchange-rate data (~15 ms) and the budget rules are only needed for budget answers
        from answers.facts.budget import budget_facts
        from catalog.currency import rates

        amount, currency = float(said.amount), said.currency.upper()
        if currency not in rates().currencies() or not (0 < amount <= MAX_AMOUNT):
            raise BadInput("budget", text=f"{amount:.0f} {currency}"[:40])  # echoes what was typed
        facts = budget_facts(amount, currency, said.currency_said)
        if said.used:
            facts["used_said"] = True  # "usada de preferencia": a card bought used is the pick when one runs it
        return facts

    def family(self, intent: str, p: NameProblem) -> Built | None:
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

    def family_fit(self, intent: str, p: NameProblem, asked: Asked, options: AskOptions) -> Built | None:
        """"Which qwen3 for my 6700 XT": an ambiguous model name beside hardware, every member (the family's,
        else the near names) rated on that hardware (answers/facts/family_fit.py); None: ask which was meant."""
        if p.intent != "ambiguous" or p.kind != "model" or intent not in FIT_INTENTS \
                or not (asked.card or asked.setup or asked.memory_gb):
            return None
        # lazy: the family rules (~9 ms of patterns) only for an ambiguous model name
        from answers.facts.family import members

        try:
            settings = self.settings_for(options, asked)
            hardware = self.entities("can_run", replace(asked, model=None, model2=None), options.profile)
        except (NameProblem, BadInput):
            return None  # the hardware itself is unknown: the "did you mean" answer says which model first
        if hardware.card is None and hardware.setup is None and hardware.memory_gb is None:
            return None
        ms = members(p.text, self.knowledge.models)
        named = [m.record for m in ms] if len(ms) >= 2 else \
            [r for r in (self.knowledge.model_named(c) for c in p.candidates) if r is not None]
        records = [r for r in named if self.estimates.size_of(r) is not None]

        def rate(rec: ModelRecord) -> Built | None:
            return self.build("can_run", replace(hardware, model=rec), settings)

        name = ms[0].family_name if len(ms) >= 2 else p.text.strip()[:40]
        names = self.entity_names(hardware, settings)
        where = names.get("setup") or names.get("card")
        if where is None and hardware.memory_gb is not None:
            where = f"{hardware.memory_gb:g} GB"
        return family_fit(name, where or "", settings.profile, records, rate)

    def build(self, intent: str, e: Entities, s: EstimateSettings) -> Built:
        build = SPECS[intent].builder
        if build is None:
            return Built({})
        if intent not in TABLE_INTENTS:
            return build(self.estimates, e, s)
        key = (intent, id(e.model), id(e.card), e.memory_gb, s, e.setup, e.cpu, e.ram_type, e.ram_mts, e.ram_channels,
               e.cpu_spec, e.target_tok_s)  # a speed wanted sets what-runs' floor (answers/facts/what_runs.py)
        built = self._built.get_or(key, lambda: build(self.estimates, e, s))
        # Callers add keys to facts; the cached rows themselves are never changed.
        return Built(dict(built.facts), built.table, set(built.sources), key)

    def _line_of(self, typed: Any) -> tuple[ModelRecord, ...]:
        """The models a family's name stands for ("llama 3": 8B, 70B…), when it names several; else none."""
        if not isinstance(typed, str):
            return ()
        try:
            self.names.resolve_model(typed)
        except NameProblem as p:
            if p.intent == "ambiguous":
                return tuple(m for m in (self.knowledge.model_named(c) for c in p.candidates) if m is not None)
        return ()

    def _in_passing(self, asked: Asked, profile: str) -> Entities:
        """A topic declined: the model and the card named in passing, where they resolve ("is chatgpt better than
        llama 3": the first of Llama 3's models); a name that does not ("install cuda 12.8") is dropped, never
        answered "not found" or with a list of near names."""
        def first(resolve: Callable[[str], Any], value: Any) -> Any:
            if value is None or not isinstance(value, str):
                return value
            try:
                return resolve(value)
            except NameProblem as p:
                if p.intent != "ambiguous" or not p.candidates:
                    return None
                try:
                    return resolve(p.candidates[0])
                except NameProblem:
                    return None

        model = first(self.names.resolve_model, asked.model)
        model2 = first(self.names.resolve_model, asked.model2)
        card = first(lambda v: self.names.resolve_card(v, profile), asked.card)
        return Entities(model=model, card=card, model2=None if model2 is model else model2,
                        memory_gb=_memory(asked.memory_gb) if card is None else None)

    def entities(self, intent: str, asked: Asked, profile: str) -> Entities:
        if intent == "off_topic":
            return self._in_passing(asked, profile)
        model = self.names.resolve_model(asked.model) if SPECS[intent].takes_model else None
        # Facts about a model never use a card: an unknown card named alongside is not an error there.
        uses_cards = intent not in INFO_INTENTS
        # Two machines set side by side ("dgx spark vs m4 max") are compared, not pooled into one setup.
        side_by_side = intent == "compare" and asked.card2 is not None and not asked.setup
        sides = self._sides(asked, profile) if intent == "compare" and asked.setup2 else None
        if sides is not None:  # "2x 3090 or one a6000": two setups, each rated as a whole (answers/facts/versus.py)
            side_by_side = True
            asked = replace(asked, card=cast(GpuRecord, sides[0].devices[0].card),
                            card2=cast(GpuRecord, sides[1].devices[0].card))
        setup = self._setup(asked, profile) if uses_cards and not side_by_side else None
        card = self.names.resolve_card(asked.card, profile) if uses_cards and setup is None else None
        card2 = self.names.resolve_card(asked.card2, profile) if uses_cards and setup is None else None
        if setup is None and card is not None and card2 is None and card.unified_memory:
            # A handheld, console or SoC named on its own shares its memory with the system: rated as
            # the unified setup it is (the GPU's share of the memory), never as a 16 GB graphics card.
            setup = Setup((Device(card),))
        if setup is not None:
            # routing ("a card was named") and entities.card; a setup read here holds catalog records
            card = cast(GpuRecord, setup.devices[0].card)
        memory = _memory(asked.memory_gb)
        if setup is None and card is not None and memory:  # "a 2080 ti 22gb": the rebuild (catalog modded.json)
            card = with_modded_memory(card, f"{memory:g} gb")
        try:
            levels = tuple(lookup_quant(lv).name for lv in asked.levels)
        except UnknownQuant as exc:
            raise BadInput("quant", text=str(exc.text)[:40]) from None
        cpu = asked.cpu if setup is None and card is None else None
        if cpu is not None and cpu.ram_gb is not None and not (0 < cpu.ram_gb <= MAX_MEMORY_GB):
            raise BadInput("memory", memory_gb=cpu.ram_gb)
        # a second model is weighed in a comparison, or beside a question about the KV cache ("X's against Y's")
        weighed = intent == "compare" or (intent == "vram" and asked.kv is not None)
        model2 = self.names.resolve_model(asked.model2) if weighed and model is not None else None
        if model2 is not None and model2 is model:
            model2 = None  # the same model twice is one model
        # a processor named beside no card: its cores, channels and usual RAM (the RAM said still wins)
        # beside a card, the processor's platform fills the RAM not said (its type, speed and channels)
        cpu_spec = None
        if asked.cpu_named and (cpu is not None or card is not None):  # "EPYC 96 cores": the series' newest part
            cpu_spec = find_cpu(asked.cpu_named, asked.cpu_cores, asked.cpu_sockets) or (
                find_cpu(f"{asked.cpu_named} {asked.cpu_cores} cores") if asked.cpu_cores else None)
        if setup is not None and cpu_spec is not None and setup.cpu is None:
            setup = replace(setup, cpu=cpu_spec)
        more = self._more_sides(asked, profile) if intent == "compare" and side_by_side or (
            intent == "compare" and card2 is not None) else ()
        if intent == "compare" and asked.pair_of and (card2 is not None or sides is not None):
            # "5090 ~R$18k, 3090 usada R$4.5k… vale montar com 2?": two of the card offered, a side of its own
            more = more + self._pair_side(asked, profile, (card, card2), sides, more)
        return Entities(model=model, card=card, card2=card2, memory_gb=memory, levels=levels, cpu_spec=cpu_spec,
                        setup=setup, cpu=cpu, model2=model2, sides=sides, more_sides=more,
                        prompt_tokens=asked.prompt_tokens,
                        users=asked.users, per_day=asked.per_day, per_day_requests=asked.per_day_requests,
                        target_tok_s=asked.target_tok_s, backend=asked.backend,
                        ram_type=asked.ram_type, ram_mts=asked.ram_mts, ram_channels=asked.ram_channels,
                        ram_from_platform=asked.ram_from_platform,
                        card_stand_in=setup is not None and not asked.setup and asked.card is None,
                        power=asked.power, speaks=asked.speaks, kv=asked.kv)

    def _sides(self, asked: Asked, profile: str) -> tuple[Setup, Setup] | None:
        """The two setups of a comparison (`setup` and `setup2` as read from the question), RAM beside both."""
        # lazy: the setup rules (RAM offload, CPU-only, the Mac wired limit) only for a question naming a setup
        from answers.facts.setups import setup_from_asked

        def side(parts: Parts) -> Setup | None:
            one = replace(asked, setup=parts, gpu_count=None)
            return setup_from_asked(one, lambda text: self.names.resolve_card(text, profile), self.knowledge.added_card)

        a, b = side(asked.setup or ()), side(asked.setup2 or ())
        return (a, b) if a is not None and b is not None else None

    def _api_home(self, built: Built, intent: str, e: Entities, s: EstimateSettings, asked: Asked) -> None:
        """`api_home` (answers/facts/api_home.py) on the machine the answer runs the model on: the asker's card or
        setup, else the fastest machine that holds it."""
        # lazy: the API prices only for a message weighing an API against home
        from answers.facts.api_home import api_home

        if e.model is None:  # a power answer keeps the machine only: the model named is read back for the API
            try:
                e = replace(e, model=self.names.resolve_model(asked.model))
            except NameProblem:
                return
            if e.model is None:
                return
        row = built.facts.get("row")
        if not isinstance(row, dict) and (e.card is not None or e.setup is not None) and intent != "can_run":
            row = self.build("can_run", e, s).facts.get("row")  # a power or cost question: the speed it runs at
        fastest = built.facts.get("fastest")
        cards: list[tuple[Any, int]] = [(d.card, d.count) for d in e.setup.devices] if e.setup is not None else (
            [(e.card, 1)] if e.card is not None else [])
        machine, tok = None, None
        if isinstance(row, dict) and row.get("tok_s"):
            machine, tok = row.get("card"), row["tok_s"]
        elif isinstance(fastest, dict) and fastest.get("tok_s"):
            machine, tok, cards = fastest.get("card"), fastest["tok_s"], []
        said = e.power
        price = said.price_kwh if said is not None else None
        currency = said.currency if said is not None and price is not None else None
        rate = None
        if currency is not None:
            # lazy: the exchange-rate data only for a kWh price said beside an API
            from catalog.currency import rates

            rate = rates().usd_per_unit(currency)
        found = api_home(e.model.name, machine, tok, cards, price, currency, rate)
        if found is not None:
            built.facts["api_home"] = found

    def _pair_option(self, built: Built, intent: str, e: Entities, s: EstimateSettings, asked: Asked) -> None:
        """Two of the card a second one is offered of, in place of the machine asked about: its row for the same
        model, level and context, as `pair_option` (answers/rendering/sub_ask_text.py writes it)."""
        # lazy: the setup rules only for a second card offered
        from answers.facts.said_prices import pair_card
        from answers.facts.setups import setup_from_asked

        setup = e.setup
        card = pair_card(asked.pair_of, [], (setup,)) if setup is not None else None
        if card is None or setup is None or (len(setup.devices) == 1 and setup.devices[0].count >= 2):
            return
        one = replace(asked, setup=((card.name, 2),), gpu_count=None)
        alt = setup_from_asked(one, lambda text: self.names.resolve_card(text, s.profile), self.knowledge.added_card)
        row = self.build(intent, replace(e, setup=alt), s).facts.get("row") if alt is not None else None
        if isinstance(row, dict):
            built.facts["pair_option"] = {"card": card.name, "label": row.get("card"), "quant": row.get("quant"),
                                          "fit": row.get("fit"), "tok_s": row.get("tok_s"),
                                          "need_gb": row.get("need_gb"), "usable_gb": row.get("usable_gb"),
                                          "memory_gb": row.get("memory_gb")}

    def _pair_side(self, asked: Asked, profile: str, cards: tuple[Any, ...], sides: tuple[Setup, ...] | None,
                   more: tuple[Setup, ...]) -> tuple[Setup, ...]:
        """Two of the card a second one is offered of, as a side of the comparison; () when it is no card of the
        comparison or a side already holds two of it."""
        # lazy: the setup rules only for a second card offered
        from answers.facts.said_prices import pair_card
        from answers.facts.setups import setup_from_asked

        every = (*(sides or ()), *more)
        card = pair_card(asked.pair_of, [c for c in cards if c is not None], every)
        if card is None or any(d.card.name == card.name and d.count >= 2 for x in every for d in x.devices):
            return ()
        one = replace(asked, setup=((card.name, 2),), gpu_count=None, ram_gb=None)
        side = setup_from_asked(one, lambda text: self.names.resolve_card(text, profile), self.knowledge.added_card)
        return () if side is None else (side,)

    def _more_sides(self, asked: Asked, profile: str) -> tuple[Setup, ...]:
        """The sides after the second ("3090 vs 4060 ti vs 5060 ti"), each a setup of its own; a side whose card
        is unknown raises the same "no such card" a first side would."""
        if not asked.more_sides or asked.model2 is not None:
            return ()
        # lazy: the setup rules (RAM offload, CPU-only, the Mac wired limit) only for a question naming a setup
        from answers.facts.setups import setup_from_asked

        found = []
        for parts in asked.more_sides:
            one = replace(asked, setup=parts, gpu_count=None, ram_gb=None)
            side = setup_from_asked(one, lambda text: self.names.resolve_card(text, profile), self.knowledge.added_card)
            if side is not None:
                found.append(side)
        return tuple(found)

    def _setup(self, asked: Asked, profile: str) -> Setup | None:
        """The setup the asker owns (several cards, a Mac, a card plus RAM), or None for one plain card."""
        card = asked.card
        if not asked.setup and not (isinstance(card, str) and card.strip()) and not (
                asked.memory_gb and asked.ram_gb):
            return None  # what setup_from_asked answers here, without importing the setup code on every start
        # lazy: the setup rules (RAM offload, CPU-only, the Mac wired limit) only for a question naming a setup
        from answers.facts.setups import setup_from_asked

        if not asked.setup and asked.card is None and asked.memory_gb and asked.ram_gb:
            return self._typical_setup(float(asked.memory_gb), asked, profile)
        return setup_from_asked(asked, lambda text: self.names.resolve_card(text, profile), self.knowledge.added_card,
                                self.profiles.setup_constants().machine)

    def _typical_setup(self, memory_gb: float, asked: Asked, profile: str) -> Setup | None:
        """"My 8 GB card with 32 GB of RAM": a typical card of exactly that memory, plus the RAM, so the
        answer can say whether offloading makes it usable (None when no card has that memory)."""
        record = typical_record(self.knowledge.gpus_for(profile), memory_gb)
        if record is None:
            return None
        try:
            return Setup((Device(record),), ram_gb=float(asked.ram_gb or 0), ram_type=asked.ram_type,
                         ram_mts=asked.ram_mts, ram_channels=asked.ram_channels)
        except InvalidInput:
            raise BadInput("setup", ram_gb=asked.ram_gb) from None

    @staticmethod
    def entity_names(e: Entities, s: EstimateSettings) -> dict[str, Any]:
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


def _memory(said: float | None) -> float | None:
    """An amount of memory asked about, checked: a slash command's field may hold anything."""
    if said is None:
        return None
    try:
        memory = float(said)
    except (TypeError, ValueError):
        raise BadInput("memory", memory_gb=str(said)[:40]) from None
    if not (0 < memory <= MAX_MEMORY_GB):
        raise BadInput("memory", memory_gb=memory)
    return memory
