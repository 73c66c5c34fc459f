"""Questions about image, video, speech-to-text and embedding models, and about language models on phones and
boards: the question's reading (answers/reading/media_words.py) → the facts (answers/facts/media.py,
media_other.py) → the answer (answers/templates/media.md.j2). Mixed into `answers.engine.Engine`.

Which answer: a kind's own units for every intent — "can it run" and "how fast" rate the named card, memory
size, CPU or device; "which card" (or no hardware named) lists the memory per format and the typical card of
each common size; "best 16 GB card" ranks the cards of that size; a card with a kind and no model lists what
it runs; a fact question (maker, release, licence) answers from the record.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from msgspec import Struct

from answers.api import Answer, AskOptions
from answers.facts import media as image_facts
from answers.facts import media_other as other
from answers.facts.advice import typical_record
from answers.facts.budget import buyable
from answers.facts.common import Built, Estimates, uses_epoch
from answers.facts.scope import RATED_INTENTS
from answers.intents_table import INFO_INTENTS
from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.profiles import Profiles
from answers.reading.media_words import MediaAsked
from answers.reading.question import Question
from answers.resolving.names import NameProblem
from catalog.media import MediaRecord, find_media, kind_of, media_named
from catalog.records import GpuRecord, ModelRecord
from estimator.machine import MachineConstants
from estimator.model import InvalidInput, ModelSize

WHICH_INTENTS = frozenset({"what_gpu", "smallest", "fastest"})
# The intents a media answer keeps (its title says what was asked); any other reads as "can it run".
ANSWER_INTENTS = frozenset({"can_run", "speed", "vram", "what_gpu", "smallest", "fastest", "memory_cards"})
DEVICE_SINCE = dt.date(2024, 1, 1)  # models a phone or board list offers: recent releases


class MediaAsk(Struct, frozen=True):
    """What a media question asks, from a question's reading or a slash command's fields."""

    intent: str
    media: MediaAsked
    memory_gb: float | None = None
    cpu: bool = False  # no graphics card: on the CPU


class MediaAnswering:
    """How the engine answers media and device questions (attributes set by `answers.engine.Engine`)."""

    knowledge: Knowledge
    profiles: Profiles
    estimates: Estimates

    # Provided by the engine and its other mixins, which come first in its bases (these never run).
    def _finish(self, intent: str, lang: str, options: AskOptions, entities: dict[str, Any], built: Built,
                inline: bool) -> Answer:
        raise NotImplementedError

    def _resolve_card(self, value: Any, profile: str | None = None) -> GpuRecord | None:
        raise NotImplementedError

    def _resolve_model(self, value: Any) -> Any:
        raise NotImplementedError

    def _machine(self) -> MachineConstants:
        raise NotImplementedError

    def _profile_name(self, options: AskOptions) -> str:
        raise NotImplementedError

    def _media(self, q: Question, lang: str, options: AskOptions, inline: bool) -> Answer | None:
        """The media or device answer, or None when the question is not one (a language model on a card)."""
        m: MediaAsked | None = q.media
        if m is None or not m.any:
            return None
        oos = q.out_of_scope
        if oos is not None and oos.kind in ("fine_tuning", "from_scratch", "full_fine_tuning"):
            return None
        record = media_named(m.model) if m.model else None
        try:
            on_device = bool(m.device or m.phone_generic)
            if record is None and on_device and not q.parsed.card and m.kind_word is None and q.image_model is None:
                return self._device_answer(q, m, lang, options, inline)  # a language model on a phone or board
            if on_device and (record is None or record.kind in ("image", "video")):
                return None  # "stable diffusion on my phone": not estimated on phones and boards (said plainly)
            if record is None:
                if m.kind_word is None or q.parsed.model is not None:
                    return None  # "llama 3.2 vision reads images": a language model is named
                return self._kind_answer(q, m, lang, options, inline)
            ask = MediaAsk(q.parsed.intent, m, q.parsed.memory_gb, bool(q.cpu_only or q.cpu_named))
            return self._model_answer(ask, record, self._card(q, options), lang, options, inline)
        except InvalidInput as bad:
            return self._finish("invalid", lang, options, {}, Built({"reason": "media", "detail": str(bad)}), inline)

    # ------------------------------------------------------------------------------------ one model
    def _card(self, q: Question, options: AskOptions) -> GpuRecord | None:
        if not q.parsed.card:
            return None
        try:
            return self._resolve_card(q.parsed.card, options.profile)
        except NameProblem:
            return None

    def _media_fields(self, intent: str, lang: str, options: AskOptions, model: str, card: Any,
                      memory_gb: float | None) -> Answer | None:
        """A slash command naming a media model in its model field ("/speed model: flux dev card: 3060"),
        or None when the field names no curated media model (the language-model path answers it)."""
        record = media_named(model) or find_media(model)
        if record is None:
            return None
        try:
            gpu = self._resolve_card(card, options.profile) if card else None
        except NameProblem:
            return None  # the usual path says which card names it knows
        ask = MediaAsk(intent, MediaAsked(model=record.name), memory_gb)
        try:
            return self._model_answer(ask, record, gpu, lang, options, inline=False)
        except InvalidInput as bad:
            return self._finish("invalid", lang, options, {}, Built({"reason": "media", "detail": str(bad)}), False)

    def _model_answer(self, ask: MediaAsk, record: MediaRecord, card: GpuRecord | None, lang: str,
                      options: AskOptions, inline: bool) -> Answer:
        intent = ask.intent
        entities: dict[str, Any] = {"model": record.name}
        if intent in INFO_INTENTS:
            facts: dict[str, Any] = {"media": record.kind, "mode": "info", "model": image_facts.model_facts(record)}
            return self._finish(intent, lang, options, entities, Built(facts), inline)
        if card is not None:
            entities["card"] = card.name
        if record.kind in ("image", "video"):
            facts = self._diffusion(ask, record, card, options)
        elif record.kind == "speech":
            facts = self._speech(ask, record, card)
        else:
            facts = self._embedding(ask, record, card)
        return self._finish(intent if intent in ANSWER_INTENTS else "can_run", lang, options, entities, Built(facts),
                            inline)

    def _diffusion(self, ask: MediaAsk, record: MediaRecord, card: GpuRecord | None,
                   options: AskOptions) -> dict[str, Any]:
        m = ask.media
        job = image_facts.job_for(record, m)
        intent, memory = ask.intent, ask.memory_gb
        cards = self.knowledge.gpus_for(options.profile)
        if intent == "memory_cards" and memory and card is None:
            group = [c for c in cards if c.memory_gb == memory and buyable(c) and c.vendor == "NVIDIA"]
            return image_facts.best_of_size(record, job, group, memory, m)
        if card is not None and intent not in WHICH_INTENTS:
            return image_facts.on_card(record, job, card, m)
        if memory and card is None and intent not in WHICH_INTENTS:
            return image_facts.on_memory(record, job, memory, typical_record(cards, memory), m)
        # NVIDIA cards: ComfyUI and diffusers run on CUDA first, and the calibration rows are NVIDIA's
        nvidia = [c for c in cards if c.vendor == "NVIDIA"]
        typical = [t for t in (typical_record(nvidia, gb) for gb in image_facts.TIERS) if t is not None]
        return image_facts.which_cards(record, job, typical, m)

    def _speech(self, ask: MediaAsk, record: MediaRecord, card: GpuRecord | None) -> dict[str, Any]:
        m = ask.media
        if card is not None:
            return other.speech_on_card(record, card)
        if m.device:
            d, _ = other.device_record(m.device, False)
            if d is not None and d.cpu is not None:
                facts = other.speech_on_cpu(record, self._machine(), "device",
                                            (d.cpu.cores, d.cpu.ghz, d.cpu.flops_per_cycle), d.bandwidth_gbps)
                facts["device"] = {"name": d.name, "kind": d.kind}
                return facts
        if ask.cpu:
            return other.speech_on_cpu(record, self._machine())
        return other.speech_sizes(record)

    def _embedding(self, ask: MediaAsk, record: MediaRecord, card: GpuRecord | None) -> dict[str, Any]:
        enc = record.encoder
        assert enc is not None
        if card is not None:
            return other.embedding_on_card(record, card, ModelSize(enc.params_b))
        if ask.cpu:
            return other.embedding_on_cpu(record, self._machine())
        return other.embedding_sizes(record)

    def _catalog_media(self, record: ModelRecord, intent: str, lang: str, options: AskOptions, inline: bool,
                       card: GpuRecord | None = None, memory_gb: float | None = None,
                       page: dict[str, Any] | None = None) -> Answer | None:
        """A catalog model that makes images or video (Epoch's domain: GLIDE, TiTok-L) rated in a kind's units
        under the calibrated profile; `reference` keeps the site's tokens per second (answers/facts/scope.py).
        `page`: the site's page figure for a page model, said in one line (answers/facts/truer.py)."""
        if intent not in RATED_INTENTS or record.params_b is None or self._profile_name(options) == "reference":
            return None
        kind = kind_of(record.domain, record.tasks)
        if kind not in ("image", "video"):
            return None
        memory = card.memory_gb if card is not None else memory_gb
        facts = image_facts.catalog_generic(kind, record.name, record.params_b, memory)
        if page is not None:
            facts["reference_figure"] = page
        built = Built(facts)
        if uses_epoch(record):
            built.sources.add("epoch")
        entities: dict[str, Any] = {"model": record.name}
        if card is not None:
            entities["card"] = card.name  # the fit is the named card's memory
        return self._finish(intent, lang, options, entities, built, inline)

    # ------------------------------------------------------------------------------------ a kind, no model
    def _kind_answer(self, q: Question, m: MediaAsked, lang: str, options: AskOptions, inline: bool) -> Answer | None:
        card = self._card(q, options)
        kind = m.kind_word
        assert kind is not None
        if card is not None and kind in ("image", "video"):
            facts = image_facts.card_runs(kind, card)
            return self._finish("card_models", lang, options, {"card": card.name}, Built(facts), inline)
        if kind == "speech":
            return self._finish(q.parsed.intent, lang, options, {}, Built(other.speech_sizes()), inline)
        return None

    # ------------------------------------------------------------------------------------ phones and boards
    def _device_answer(self, q: Question, m: MediaAsked, lang: str, options: AskOptions, inline: bool) -> Answer | None:
        d, assumed = other.device_record(m.device, m.phone_generic)
        if d is None:
            return None
        profile = self.profiles.get(options.profile or "reference")
        memory = q.parsed.memory_gb if q.parsed.memory_gb in d.memory_options else None
        if memory is None and d.memory_for(m.device_said) != d.memory_gb:
            memory = d.memory_for(m.device_said)  # "pixel 9 pro": the phone's own 16 GB
        try:
            record = self._resolve_model(q.parsed.model) if q.parsed.model else None
        except NameProblem:
            record = None
        size = self.estimates.size_of(record) if record is not None else None
        entities: dict[str, Any] = {"card": d.name}
        if record is not None and size is not None:
            entities["model"] = record.name
            facts = other.llm_on_device(profile, record, size, d, memory, assumed, options.min_quality)
            built = Built(facts)
            if uses_epoch(record):
                built.sources.add("epoch")
            intent = q.parsed.intent if q.parsed.intent in ("can_run", "speed") else "can_run"
            return self._finish(intent, lang, options, entities, built, inline)
        candidates = [(r, s) for r in self.knowledge.rankable_models(0.1, DEVICE_SINCE) if not uses_epoch(r)
                      for s in [self.estimates.size_of(r)] if s is not None and not s.is_moe]
        facts = other.device_runs(profile, candidates, d, memory, assumed)
        return self._finish("card_models", lang, options, entities, Built(facts), inline)

