"""Language models on phones and boards ("llama 3.2 3b on my pixel 9", "what runs on a raspberry pi 5?"): the
device's rating of one or two models, or the list of what runs there (answers/facts/media_other.py). Mixed into the
engine through `answers.media_engine.MediaAnswering`.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from msgspec.structs import replace

from answers.api import Answer, AskOptions
from answers.engine_stages import EngineStages
from answers.facts import choice
from answers.facts.common import Built, uses_epoch
from answers.facts.device_pick import device_pick
from answers.facts.media_parts import memory_of, npu_asked
from answers.records.asked import Asked, MediaAsked
from answers.rendering import markdown
from answers.rendering.sub_ask_text import device_pick_line
from answers.resolving.names import NameProblem
from catalog.records import ModelRecord

DEVICE_SINCE = dt.date(2024, 1, 1)  # models a phone or board list offers: recent releases


class MediaDevices(EngineStages):
    """Phone and board answers (attributes set by `answers.engine.Engine`)."""

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
