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

from typing import TYPE_CHECKING

from msgspec.structs import replace

from answers.api import Answer, AskOptions
from answers.facts import choice
from answers.facts.also import media_notes
from answers.facts.common import Built
from answers.facts.media_parts import gpus_of, gpus_said, memory_of
from answers.facts.rag_turn import with_rag_turn
from answers.intents_table import INFO_INTENTS
from answers.knowledge.cpus import find_cpu
from answers.media_devices import MediaDevices
from answers.media_models import WHICH_INTENTS, MediaAsk, MediaModels
from answers.records.asked import Asked, MediaAsked
from answers.rendering import markdown, render
from answers.rendering.side_notes_text import with_notes
from catalog.records import GpuRecord
from estimator.model import InvalidInput

if TYPE_CHECKING:
    from catalog.media import MediaRecord


class MediaAnswering(MediaModels, MediaDevices):
    """How the engine answers media and device questions: which answer a question gets, two models weighed
    (attributes set by `answers.engine.Engine`; one model in media_models.py, phones and boards in
    media_devices.py)."""

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
            return self._two_models(q, ask, first, record, second, card, lang, options, inline)
        except InvalidInput as bad:
            bad_facts = Built({"reason": "media", "detail": str(bad)})
            return self.writing.finish("invalid", lang, options, {}, bad_facts, inline)

    def _two_models(self, q: Asked, ask: MediaAsk, first: Answer, record: MediaRecord, second: MediaRecord,
                    card: GpuRecord | None, lang: str, options: AskOptions, inline: bool) -> Answer:
        """"flux schnell or sdxl on a 3060": both answered, then the pick between them (the third and beyond of
        "X vs Y vs Z" after it); an embedder and a reranker are loaded together, so their sum, no pick."""
        from catalog.media import media_named  # lazy: only for a question that names media (module docstring)

        m = ask.media
        other = self._model_answer(replace(ask, media=replace(m, model=second.name, model2=None)), second, card,
                                   lang, options, inline)
        if record.kind == "embedding" and record.role != second.role:  # loaded together: the sum, no pick
            memory = card.memory_gb if card is not None else ask.memory_gb
            return self._together(self.writing.joined([first, other]), record, second, memory, lang)
        # the audio's language as said ("riunioni in italiano"): an English-only transcriber is then no pick
        paired = self._pair(first, other, lang, q.speaks.language if q.speaks is not None else None)
        extra = [self._model_answer(replace(ask, media=replace(m, model=r.name, model2=None, more=())), r, card,
                                    lang, options, inline)
                 for r in (media_named(n) for n in m.more) if r is not None and r.kind == record.kind]
        return self.writing.joined([paired, *extra]) if extra else paired

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
