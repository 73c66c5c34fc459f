"""Questions about image, video, speech-to-text and embedding models, and about language models on phones and
boards: the question's reading (answers/reading/media_words.py) → the facts (answers/facts/media.py,
media_other.py) → the answer (answers/templates/media.md.j2). Mixed into `answers.engine.Engine`.

Which answer: a kind's own units for every intent — "can it run" and "how fast" rate the named card, memory
size, CPU or device; "which card" (or no hardware named) lists the memory per format and the typical card of
each common size; "best 16 GB card" ranks the cards of that size; a card with a kind and no model lists what
it runs; a fact question (maker, release, licence) answers from the record.

The media records and their rules (catalog.media, answers.facts.media and media_other: ~20 ms of record classes
and estimator modules) are imported by the methods that use them, so a question about a language model never
loads them; whether a question names media at all is read from the cached names (answers/knowledge/media_names.py).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from msgspec import Struct
from msgspec.structs import replace

from answers.api import Answer, AskOptions
from answers.facts import choice
from answers.facts.advice import typical_record
from answers.facts.also import media_notes
from answers.facts.budget import buyable
from answers.facts.common import Built, Estimates, uses_epoch
from answers.facts.device_pick import device_pick
from answers.facts.media_parts import audio_time, gpus_of, gpus_said, memory_of, npu_asked
from answers.facts.rag_turn import constants as rag_constants
from answers.facts.rag_turn import with_rag_turn
from answers.facts.scope import RATED_INTENTS
from answers.intents_table import INFO_INTENTS
from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.cpus import find_cpu
from answers.knowledge.profiles import Profiles
from answers.records.asked import Asked, MediaAsked
from answers.rendering import markdown, render
from answers.rendering.answer import AnswerWriting
from answers.rendering.side_notes_text import with_notes
from answers.rendering.sub_ask_text import device_pick_line
from answers.resolving.names import NameProblem, NameResolution
from catalog.media_kind import kind_of
from catalog.records import GpuRecord, ModelRecord
from estimator.cpu_machine import CpuSpec
from estimator.machine import MachineConstants
from estimator.model import InvalidInput, ModelSize

if TYPE_CHECKING:
    from catalog.media import MediaRecord

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
    cpu_spec: CpuSpec | None = None  # the processor named ("whisper on a ryzen 9 7950x"), rated as itself
    gpus: int = 1  # cards in the setup ("two 3090s"): a diffusion model runs on one of them (said)
    cpu_cores: int | None = None  # cores said without a processor we know ("a 16-core xeon"): the CPU rated with them


class MediaAnswering:
    """How the engine answers media and device questions (attributes set by `answers.engine.Engine`)."""

    knowledge: Knowledge
    profiles: Profiles
    estimates: Estimates
    names: NameResolution  # the resolving stage
    writing: AnswerWriting  # the rendering stage

    def _machine(self) -> MachineConstants:
        raise NotImplementedError  # the engine's: the CPU platforms' RAM

    def _voice_answer(self, q: Asked, m: MediaAsked, lang: str, options: AskOptions, inline: bool) -> Answer | None:
        from answers.facts.voice_parts import voice_on_card, voice_on_device  # lazy: only for a voice assistant
        card = self._card(q, options)  # a card, a Jetson or a Mac; else a board's cores (a Raspberry Pi 5)
        return voice_on_device(self, q, m, lang, options, inline) if card is None else \
            voice_on_card(self, q, m, card, lang, options, inline)

    def _media(self, q: Asked, lang: str, options: AskOptions, inline: bool) -> Answer | None:
        """The media or device answer, or None when the question is not one (a language model on a card); with
        the sourced lines of what it asks beside ("draw things or comfyui?", "does it split over two gpus?")."""
        # "embedder + reranker + qwen3 8b on X": the embedding answer becomes the whole retrieval turn there
        answer = with_rag_turn(self, self._media_answer(q, lang, options, inline), q, lang, options, inline)
        notes = media_notes(q.also) if answer is not None else []
        if answer is not None and gpus_said(answer.facts):  # the answer already says how cards split the work
            notes = [n for n in notes if n["kind"] != "comfy_gpu_split"]
        if answer is None or not notes:
            return answer
        facts = {**answer.facts, "also": {**(answer.facts.get("also") or {}), "notes": notes}}
        return replace(answer, facts=facts, text=with_notes(answer.text, notes, lang))

    def _media_answer(self, q: Asked, lang: str, options: AskOptions, inline: bool) -> Answer | None:
        m: MediaAsked | None = q.media
        if m is None or not m.any:
            return None
        from catalog.media import media_named  # lazy: only for a question that names media (module docstring)

        oos = q.out_of_scope
        if oos is not None and oos.kind in ("fine_tuning", "from_scratch", "full_fine_tuning", "api_price"):
            return None  # training, or a paid service's price ("1000 images with flux on replicate"): said so
        if m.voice and (m.tts or m.tts_generic):  # "whisper + a small llm + piper on X": the whole turn there
            voiced = self._voice_answer(q, m, lang, options, inline)
            if voiced is not None:
                return voiced
        if m.tts or m.tts_generic:  # reading text aloud: the voices' public figures, and a pick
            return self._tts_answer(q, m, lang, options, inline)
        record = media_named(m.model) if m.model else None
        try:
            on_device = bool(m.device or m.phone_generic)
            if record is None and on_device and not q.card and m.kind_word is None and q.image_model is None:
                return self._device_answer(q, m, lang, options, inline)  # a language model on a phone or board
            if on_device and (record is None or record.kind in ("image", "video")):
                return None  # "stable diffusion on my phone": not estimated on phones and boards (said plainly)
            if record is None:
                if m.kind_word is None or q.model is not None:
                    return None  # "llama 3.2 vision reads images": a language model is named
                if oos is not None and oos.kind == "speech" and not oos.generic:
                    return None  # "parakeet … transcription": that model said as not rated, never Whisper's table
                if q.card2 is not None and q.intent == "compare":
                    return None  # "a used 3090 or a new 5060 ti, for llms and images?": the two cards weighed
                return self._kind_answer(q, m, lang, options, inline)
            if (q.card2 is not None and q.intent == "compare" or q.budget is not None and not q.card) \
                    and (q.model is not None or q.model_size_b is not None) and record.kind in ("image", "video"):
                return None  # "30b + a bit of sdxl: 3090 or 5070 ti?", "…on 1000 €": cards weighed for the LLM
            cores_alone = bool(q.cpu_cores and not (q.card or q.setup or q.memory_gb))  # "on 12 cores": a CPU
            ask = MediaAsk((q.intent or "fallback"), m, memory_of(q), bool(q.cpu_only or q.cpu_named or cores_alone),
                           find_cpu(q.cpu_named), gpus_of(q), q.cpu_cores)
            card = self._card(q, options)
            if m.model2 and (card is not None or ask.memory_gb) and ask.intent in WHICH_INTENTS:
                ask = replace(ask, intent="speed")  # "sdxl or flux on my 4070, which is faster": both rated there
            first = self._model_answer(ask, record, card, lang, options, inline)
            if card is not None and record.kind in ("image", "video", "speech") and not m.model2:
                from answers.facts.llm_with_image import with_language_model  # lazy: an LLM beside an image model

                both = with_language_model(self, q, first, card, lang, options, inline)
                if both is not None:  # "qwen3 30b and sdxl together on a 3090": each, then both at once or swapped
                    return both
            second = media_named(m.model2) if m.model2 else None
            if second is None or second.kind != record.kind or ask.intent in INFO_INTENTS:
                return self._alternatives(first, record, card, lang) if "alternatives" in q.also else first
            # "flux schnell or sdxl on a 3060": both answered, then the pick between them
            other = self._model_answer(replace(ask, media=replace(m, model=second.name, model2=None)), second, card,
                                       lang, options, inline)
            if record.kind == "embedding" and record.role != second.role:  # loaded together: the sum, no pick
                memory = card.memory_gb if card is not None else ask.memory_gb
                return self._together(self.writing.joined([first, other]), record, second, memory, lang)
            # the audio's language as said ("riunioni in italiano"): an English-only transcriber is then no pick
            paired = self._pair(first, other, lang, q.speaks.language if q.speaks is not None else None)
            # "X vs Y vs Z": every model named is answered, the third and beyond after the pick of the first two
            extra = [self._model_answer(replace(ask, media=replace(m, model=r.name, model2=None, more=())), r, card,
                                        lang, options, inline)
                     for r in (media_named(n) for n in m.more) if r is not None and r.kind == record.kind]
            return self.writing.joined([paired, *extra]) if extra else paired
        except InvalidInput as bad:
            bad_facts = Built({"reason": "media", "detail": str(bad)})
            return self.writing.finish("invalid", lang, options, {}, bad_facts, inline)

    def _pair(self, first: Answer, second: Answer, lang: str, language: str | None = None) -> Answer:
        """Two media models' answers one after the other, and the one pick between them (answers/facts/choice.py)."""
        both = self.writing.joined([first, second])
        if both is first or both is second:
            return both  # a part that could not be answered stands alone
        picked = choice.between_media(first.facts, second.facts,
                                      [first.entities.get("model", ""), second.entities.get("model", "")],
                                      language or lang)  # the language named, else the question's
        if picked is None:
            return both
        return self.writing.with_choice(both, picked, lang)

    @staticmethod
    def _alternatives(answer: Answer, record: MediaRecord, card: GpuRecord | None, lang: str) -> Answer:
        """"Is it the only one that runs on small cards?": the other image or video models of the catalog that
        run on the card named, each at its usual settings, quickest first."""
        from answers.facts import media as diffusion  # lazy: only for a question that names media
        from catalog.media import media_models  # lazy: only for a question that names media

        if card is None or record.kind not in ("image", "video") or answer.facts.get("media") != record.kind:
            return answer
        unit = f"seconds_per_{record.kind}"
        rows = []
        for other in media_models():
            if other.kind != record.kind or other.name == record.name or other.defaults is None:
                continue
            f = diffusion.on_card(other, diffusion.job_for(other, None), card, None)
            if f.get("verdict") != "no" and f.get(unit):
                rows.append({"model": other.name, "seconds": f[unit], "precision": f["precision"],
                             "resolution": f["resolution"]})
        rows.sort(key=lambda r: r["seconds"])
        facts = dict(answer.facts, alternatives={"card": card.name, "kind": record.kind, "models": rows})
        line = " ".join(render.render(lang, "_media_alternatives", {"alternatives": facts["alternatives"]}).split())
        return replace(answer, facts=facts, text=markdown.finish(answer.text.rstrip() + "\n" + line))

    @staticmethod
    def _together(both: Answer, first: MediaRecord, second: MediaRecord, memory_gb: float | None,
                  lang: str) -> Answer:
        """An embedder and a reranker asked about at once: the two answers, then their sum and its fit."""
        from answers.facts import rag_pairs  # lazy: only for a retrieval set-up

        sums = rag_pairs.together(first, second, memory_gb)
        line = " ".join(render.render(lang, "_media_rag", sums).split())
        facts = dict(both.facts, together=sums)
        return replace(both, facts=facts, text=markdown.finish(both.text.rstrip() + "\n" + line))

    # ------------------------------------------------------------------------------------ one model
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
                                    scale=(card.bandwidth_gbps, self.names.resolve_card) if card else None)
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

    # ------------------------------------------------------------------------------------ phones and boards
    def _second_on_device(self, q: Asked, profile: Any, d: Any, memory: float | None, assumed: bool,
                          options: AskOptions) -> tuple[ModelRecord, dict[str, Any]] | None:
        """The second model of "X or Y on my phone", rated on the same device (None when there is none)."""
        # lazy: only for a question that names media (module docstring)
        from answers.facts import media_other as other

        if not q.model2:
            return None
        try:
            record = self.names.resolve_model(q.model2)
        except NameProblem:
            return None
        size = self.estimates.size_of(record) if record is not None else None
        if record is None or size is None:
            return None
        return record, other.llm_on_device(profile, record, size, d, memory, assumed, options.min_quality, q.quant)

    def _device_answer(self, q: Asked, m: MediaAsked, lang: str, options: AskOptions, inline: bool) -> Answer | None:
        """A language model on a phone or board; two devices named ("my pixel 9 pro or an iphone 16 pro?"): each
        answered, one after the other."""
        first = self._one_device_answer(q, m, lang, options, inline)
        if first is None or not m.device2:
            return first
        one = replace(m, device=m.device2, device_said=m.device2_said, device2=None, device2_said=None)
        second = self._one_device_answer(q, one, lang, options, inline)
        if second is None:
            return first
        both = self.writing.joined([first, second])
        picked = device_pick(first.facts, second.facts)  # "…or is the iPhone better for this?": the pick said
        line = device_pick_line(picked, lang)
        if picked is None or line is None:
            return both
        return replace(both, facts={**both.facts, "device_choice": picked},
                       text=markdown.finish(both.text.rstrip() + "\n\n" + line))

    def _device_candidates(self) -> list[tuple[Any, Any]]:
        """The language models a phone or board list is drawn from: recent dense models with a known size."""
        return [(r, s) for r in self.knowledge.rankable_models(0.1, DEVICE_SINCE) if not uses_epoch(r)
                for s in [self.estimates.size_of(r)] if s is not None and not s.is_moe]

    def _one_device_answer(self, q: Asked, m: MediaAsked, lang: str, options: AskOptions,
                           inline: bool) -> Answer | None:
        # lazy: only for a question that names media (module docstring)
        from answers.facts import media_other as other

        d, assumed = other.device_record(m.device, m.phone_generic)
        if d is None:
            return None
        profile = self.profiles.get(options.profile or "reference")
        memory = memory_of(q) if memory_of(q) in d.memory_options else None
        if memory is None and d.memory_for(m.device_said) != d.memory_gb:
            memory = d.memory_for(m.device_said)  # "pixel 9 pro": the phone's own 16 GB
        try:
            record = self.names.resolve_model(q.model) if q.model else None
        except NameProblem:
            record = None
        size = self.estimates.size_of(record) if record is not None else None
        entities: dict[str, Any] = {"card": d.name}
        asked_npu = "npu" in q.also  # "does it use the NPU / the Tensor TPU?": a phone's NPU line is said
        if record is not None and size is not None:
            entities["model"] = record.name
            facts = other.llm_on_device(profile, record, size, d, memory, assumed, options.min_quality, q.quant,
                                        self._machine())
            second = self._second_on_device(q, profile, d, memory, assumed, options)
            if second is not None:  # "gemma 3 27b or the 4b on my phone?": both rated, and a pick
                facts["second"] = second[1]
                facts["choice"] = choice.between_models(other.choice_side(facts), other.choice_side(second[1]),
                                                        [record, second[0]], None)
                entities["model2"] = second[0].name
            if "what_runs" in q.also:  # "what models can my phone run? and is llama 3.2 3b smooth?": a few more
                more = other.device_runs(profile, self._device_candidates(), d, memory, assumed)["models"]
                facts["others"] = [r for r in more if r["model"] != record.name][:5]
            npu_asked(facts, asked_npu)
            built = Built(facts)
            if uses_epoch(record):
                built.sources.add("epoch")
            intent = (q.intent or "fallback") if (q.intent or "fallback") in ("can_run", "speed") else "can_run"
            return self.writing.finish(intent, lang, options, entities, built, inline)
        facts = other.device_runs(profile, self._device_candidates(), d, memory, assumed)
        npu_asked(facts, asked_npu)
        return self.writing.finish("card_models", lang, options, entities, Built(facts), inline)
