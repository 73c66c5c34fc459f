"""One media model asked about (an image, video, speech-to-text, embedding or text-to-speech model), or a kind of
media with no model named: its facts on the card, memory size, CPU or device named (answers/facts/media.py,
media_other.py, media_tts.py). Mixed into the engine through `answers.media_engine.MediaAnswering`.

The media records and their rules are imported by the methods that use them, so a question about a language
model never loads them (answers/media_engine.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec import Struct
from msgspec.structs import replace

from answers.api import Answer, AskOptions
from answers.engine_stages import EngineStages
from answers.facts.advice import typical_record
from answers.facts.budget import buyable
from answers.facts.common import Built, uses_epoch
from answers.facts.media_parts import audio_time, gpus_of, memory_of
from answers.facts.rag_turn import constants as rag_constants
from answers.facts.scope import RATED_INTENTS
from answers.intents_table import INFO_INTENTS
from answers.knowledge.cpus import find_cpu
from answers.records.asked import Asked, MediaAsked
from answers.resolving.names import NameProblem
from catalog.media_kind import kind_of
from catalog.records import GpuRecord, ModelRecord
from estimator.cpu_machine import CpuSpec
from estimator.model import InvalidInput, ModelSize

if TYPE_CHECKING:
    from catalog.media import MediaRecord

WHICH_INTENTS = frozenset({"what_gpu", "smallest", "fastest"})
# The intents a media answer keeps (its title says what was asked); any other reads as "can it run".
ANSWER_INTENTS = frozenset({"can_run", "speed", "vram", "what_gpu", "smallest", "fastest", "memory_cards"})


class MediaAsk(Struct, frozen=True):
    """What a media question asks, from a question's reading or a slash command's fields."""

    intent: str
    media: MediaAsked
    memory_gb: float | None = None
    cpu: bool = False  # no graphics card: on the CPU
    cpu_spec: CpuSpec | None = None  # the processor named ("whisper on a ryzen 9 7950x"), rated as itself
    gpus: int = 1  # cards in the setup ("two 3090s"): a diffusion model runs on one of them (said)
    cpu_cores: int | None = None  # cores said without a processor we know ("a 16-core xeon"): the CPU rated with them


class MediaModels(EngineStages):
    """One media model's answer, a kind's answer and text to speech (attributes set by `answers.engine.Engine`)."""

    def _card(self, q: Asked, options: AskOptions) -> GpuRecord | None:
        """The card asked: the setup's one card where the reading made one ("notebook com rtx 3050": the laptop
        part, as every other answer and the account of what was asked take it), else the card named."""
        one = q.setup[0][0] if q.setup and len(q.setup) == 1 and q.setup[0][1] == 1 else None
        typed = one or q.card
        if not typed:
            return None
        try:
            return self.names.resolve_card(typed, options.profile)
        except NameProblem:
            return None

    def _media_fields(self, intent: str, lang: str, options: AskOptions, model: str, card: Any,
                      memory_gb: float | None) -> Answer | None:
        """A slash command naming a media model in its model field ("/speed model: flux dev card: 3060"),
        or None when the field names no curated media model (the language-model path answers it)."""
        # lazy: only for a question that names media (module docstring)
        from catalog.media import find_media, media_named

        record = media_named(model) or find_media(model)
        if record is None:
            return None
        try:
            gpu = self.names.resolve_card(card, options.profile) if card else None
        except NameProblem:
            return None  # the usual path says which card names it knows
        ask = MediaAsk(intent, MediaAsked(model=record.name), memory_gb)
        try:
            return self._model_answer(ask, record, gpu, lang, options, inline=False)
        except InvalidInput as bad:
            bad_facts = Built({"reason": "media", "detail": str(bad)})
            return self.writing.finish("invalid", lang, options, {}, bad_facts, False)

    def _model_answer(self, ask: MediaAsk, record: MediaRecord, card: GpuRecord | None, lang: str,
                      options: AskOptions, inline: bool) -> Answer:
        # lazy: only for a question that names media (module docstring)
        from answers.facts import media as image_facts

        intent = ask.intent
        entities: dict[str, Any] = {"model": record.name}
        if intent in INFO_INTENTS:
            facts: dict[str, Any] = {"media": record.kind, "mode": "info", "model": image_facts.model_facts(record)}
            return self.writing.finish(intent, lang, options, entities, Built(facts), inline)
        if card is not None:
            entities["card"] = card.name
        if record.kind in ("image", "video"):
            facts = self._diffusion(ask, record, card, options)
        elif record.kind == "speech":
            facts = audio_time(self._speech(ask, record, card), ask.media.audio_seconds)
        else:
            facts = self._embedding(ask, record, card)
        kept = intent if intent in ANSWER_INTENTS else "can_run"
        return self.writing.finish(kept, lang, options, entities, Built(facts), inline)

    def _diffusion(self, ask: MediaAsk, record: MediaRecord, card: GpuRecord | None,
                   options: AskOptions) -> dict[str, Any]:
        # lazy: only for a question that names media (module docstring)
        from answers.facts import media as image_facts

        m = ask.media
        job = image_facts.job_for(record, m)
        intent, memory = ask.intent, ask.memory_gb
        cards = self.knowledge.gpus_for(options.profile)
        if intent == "memory_cards" and memory and card is None:
            group = [c for c in cards if c.memory_gb == memory and buyable(c) and c.vendor == "NVIDIA"]
            return image_facts.best_of_size(record, job, group, memory, m)
        if card is not None and intent not in WHICH_INTENTS:
            facts = image_facts.on_card(record, job, card, m)
            if ask.gpus > 1:  # ComfyUI runs one model on one card: the time is one card's, and said so
                facts["gpus_asked"] = ask.gpus
            return facts
        # NVIDIA cards: ComfyUI and diffusers run on CUDA first, and the calibration rows are NVIDIA's; "16 GB"
        # alone means the NVIDIA card of that size people run these on, not a Radeon (ROCm is slower here)
        nvidia = [c for c in cards if c.vendor == "NVIDIA"]
        if memory and card is None and intent not in WHICH_INTENTS:
            return image_facts.on_memory(record, job, memory, typical_record(nvidia or cards, memory), m)
        typical = [t for t in (typical_record(nvidia, gb) for gb in image_facts.TIERS) if t is not None]
        return image_facts.which_cards(record, job, typical, m)

    def _speech(self, ask: MediaAsk, record: MediaRecord, card: GpuRecord | None) -> dict[str, Any]:
        # lazy: only for a question that names media (module docstring)
        from answers.facts import media_other as other

        m = ask.media
        if card is not None:
            return other.speech_on_card(record, card)
        if m.device or m.phone_generic:
            d, assumed = other.device_record(m.device, m.phone_generic)
            if d is not None and d.kind == "phone":  # "whisper on my android": the public runs on phones
                from answers.facts.speech_phone import speech_on_phone  # lazy: only for speech on a phone

                return speech_on_phone(record.name, None if assumed else d.name, assumed)
            if d is not None and d.cpu is not None:
                facts = other.speech_on_cpu(record, self._machine(), "device",
                                            (d.cpu.cores, d.cpu.ghz, d.cpu.effective_flops_per_cycle), d.bandwidth_gbps)
                facts["device"] = {"name": d.name, "kind": d.kind}
                return facts
        if ask.cpu:
            return other.speech_on_cpu(record, self._machine(), named=ask.cpu_spec)
        return other.speech_sizes(record)

    def _embedding(self, ask: MediaAsk, record: MediaRecord, card: GpuRecord | None) -> dict[str, Any]:
        # lazy: only for a question that names media (module docstring)
        from answers.facts import media_other as other

        enc = record.encoder
        assert enc is not None
        facts: dict[str, Any] | None = None
        if card is not None:
            facts = other.embedding_on_card(record, card, ModelSize(enc.params_b))
        elif ask.media.device:
            d, _ = other.device_record(ask.media.device, False)
            if d is not None and d.cpu is not None:
                facts = other.embedding_on_device(record, self._machine(), d)
        if facts is None and ask.cpu:
            facts = other.embedding_on_cpu(record, self._machine(), ask.cpu_spec, ask.cpu_cores)
        if facts is None:
            return other.embedding_sizes(record)
        long_docs = rag_constants().document_tokens if ask.media.items_long else None  # "300k pdf": documents
        out = other.embedding_throughput(facts, ask.media.items, long_docs)  # chunks (pairs) a second, the total
        if out.get("where") == "cpu" and out.get("total_seconds") and out.get("role") != "reranker":
            # "…on the CPU, or is a cheap GPU worth it?": the same job on an entry card, weighed in one line
            cheap = self.names.resolve_card(rag_constants().cheap_card)
            if cheap is not None:
                on = other.embedding_throughput(other.embedding_on_card(record, cheap, ModelSize(enc.params_b)),
                                                ask.media.items, long_docs)
                if on.get("total_seconds"):
                    out["cheap_gpu"] = {k: on[k] for k in ("card", "tokens_per_second", "total_seconds",
                                                           "total_seconds_low", "total_seconds_high", "need_gb")}
        return out

    def _catalog_media(self, record: ModelRecord, intent: str, lang: str, options: AskOptions, inline: bool,
                       card: GpuRecord | None = None, memory_gb: float | None = None,
                       page: dict[str, Any] | None = None) -> Answer | None:
        """A catalog model that makes images or video (Epoch's domain: GLIDE, TiTok-L) rated in a kind's units
        under the calibrated profile; `reference` keeps the site's tokens per second (answers/facts/scope.py).
        `page`: the site's page figure for a page model, said in one line (answers/facts/truer.py)."""
        if intent not in RATED_INTENTS or record.params_b is None or self.writing.profile_name(options) == "reference":
            return None
        kind = kind_of(record.domain, record.tasks)
        if kind not in ("image", "video"):
            return None
        from answers.facts import media as image_facts  # lazy: only for a model that makes images or video

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
        return self.writing.finish(intent, lang, options, entities, built, inline)

    # ------------------------------------------------------------------------------------ text to speech
    def _tts_answer(self, q: Asked, m: MediaAsked, lang: str, options: AskOptions, inline: bool) -> Answer:
        # lazy: only for a question that names media (module docstring)
        from answers.facts import media_other as other
        from answers.facts import media_tts

        card = self._card(q, options)
        d = other.device_record(m.device, False)[0] if m.device else None
        facts = media_tts.tts_facts(m.tts, lang, cpu=bool(q.cpu_only or q.cpu_named), card=card.name if card else None,
                                    board=d.name if d is not None and d.kind == "board" else None,
                                memory_gb=q.memory_gb if q.cpu is None else None,
                                    scale=(card.bandwidth_gbps, self.names.resolve_card) if card else None,
                                    cloning=m.cloning)
        entities: dict[str, Any] = {"model": ", ".join(r["name"] for r in facts["models"])}
        if card is not None:
            entities["card"] = card.name
        intent = q.intent if q.intent in ANSWER_INTENTS else "can_run"
        return self.writing.finish(intent, lang, options, entities, Built(facts), inline)

    # ------------------------------------------------------------------------------------ a kind, no model
    def _kind_answer(self, q: Asked, m: MediaAsked, lang: str, options: AskOptions, inline: bool) -> Answer | None:
        # lazy: only for a question that names media (module docstring)
        from answers.facts import media as image_facts
        from answers.facts import media_other as other

        card = self._card(q, options)
        kind = m.kind_word
        assert kind is not None
        if card is not None and kind in ("image", "video"):
            facts = image_facts.card_runs(kind, card)
            return self.writing.finish("card_models", lang, options, {"card": card.name}, Built(facts), inline)
        if kind == "embedding" and (q.memory_gb or q.model_size_b):  # "embedder + reranker for RAG in 8 GB"
            # lazy: only for a retrieval set-up
            from answers.facts import rag_pairs
            from catalog.media import media_models

            records = {r.name: r for r in media_models() if r.kind == "embedding"}
            memory = card.memory_gb if card is not None else q.memory_gb
            facts = rag_pairs.pairs(records, memory, q.model_size_b)
            return self.writing.finish("can_run", lang, options, {}, Built(facts), inline)
        if kind == "embedding" and (card is not None or q.cpu_only or q.cpu_named or m.device or m.items):
            return self._default_embedder(q, m, card, lang, options, inline)
        if kind == "speech":
            return self.writing.finish((q.intent or "fallback"), lang, options, {}, Built(other.speech_sizes()), inline)
        return None

    def _default_embedder(self, q: Asked, m: MediaAsked, card: GpuRecord | None, lang: str, options: AskOptions,
                          inline: bool) -> Answer:
        """"RAG over 200k documents, is my 3060 enough?": no embedder named, so the catalog's default one (multilingual,
        long inputs: catalog/data/media/embedding.json) is measured on the hardware named, and said so."""
        # lazy: only for a retrieval question
        from catalog.media import default_embedder, media_named

        pick = default_embedder()
        record = media_named(pick.name)
        assert record is not None  # checked at load
        ask = MediaAsk((q.intent or "can_run"), replace(m, model=record.name), memory_of(q),
                       bool(q.cpu_only or q.cpu_named), find_cpu(q.cpu_named), gpus_of(q))
        facts = {**self._embedding(ask, record, card),
                 "embedder_picked": {"name": pick.name, "smaller": pick.smaller, "source": pick.source}}
        entities: dict[str, Any] = {"model": record.name, **({"card": card.name} if card is not None else {})}
        kept = ask.intent if ask.intent in ANSWER_INTENTS else "can_run"
        return self.writing.finish(kept, lang, options, entities, Built(facts), inline)
