"""Facts of a know-how answer asked alone (intent `knowhow`): the profile, as every answer has; the lines asked
(`facts.knowhow`) are added from the question's words by answers/rendering/knowhow_text.py. A command names no
topic, so its answer lists the topics the table holds (answers/knowledge/knowhow.json)."""

from __future__ import annotations

from answers.facts.common import Built, Entities, Estimates, EstimateSettings


def build(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    return Built({"profile": est.profile(s.profile).name})
