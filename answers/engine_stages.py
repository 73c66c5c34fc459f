"""The stages the engine holds, declared once for the mixins that answer media and devices with them
(answers/media_models.py, answers/media_devices.py, answers/media_engine.py); `answers.engine.Engine` sets them."""

from __future__ import annotations

from answers.facts.common import Estimates
from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.profiles import Profiles
from answers.rendering.answer import AnswerWriting
from answers.resolving.names import NameResolution
from estimator.machine import MachineConstants


class EngineStages:
    """What every part of the engine reads: the catalog, the profiles, the estimates and the stages."""

    knowledge: Knowledge
    profiles: Profiles
    estimates: Estimates
    names: NameResolution  # the resolving stage
    writing: AnswerWriting  # the rendering stage

    def _machine(self) -> MachineConstants:
        raise NotImplementedError  # the engine's: the CPU platforms' RAM
