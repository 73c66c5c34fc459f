"""The estimator profiles an engine answers with, built where the engine is opened.

The estimator does no I/O and registers nothing at import: this module reads the measured
profile's fitted constants (estimator/data/measured_constants.json) and hands them to
`MeasuredProfile`, and reads the setups rules' constants (setup_constants.json) into a
`SetupConstants`. A `Profiles` set builds each on first use, so a question answered with
`reference` never reads the measured constants, and one about a single card never the setups'.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal, cast, get_args

from estimator.engines import EngineConstants
from estimator.profile import REFERENCE, Profile
from estimator.setups import Hardware, SetupConstants, unified_gpu_share

if TYPE_CHECKING:
    from estimator.setups import SetupConstants

ProfileName = Literal["reference", "measured"]
PROFILE_NAMES: tuple[str, ...] = get_args(ProfileName)
# What answers when nothing chooses a profile (the command line, slash commands, plain messages, a server
# that never chose): the figures calibrated on real llama.cpp runs. `reference` (the site's calculator,
# exactly) is chosen by a flag or a setting; the host's TPSBOT_DEFAULT_PROFILE, then a server's or a user's
# choice, come before this.
DEFAULT_PROFILE: ProfileName = "measured"


class UnknownProfile(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(f"unknown estimator profile {name!r}; known: {', '.join(PROFILE_NAMES)}")
        self.name = name


@cache
def page_models() -> frozenset[str]:
    """The models the reference site has pages for (catalog/data/models/reference.json: its five models,
    with their sources): under the default profile their answers also give the page's figure."""
    text = (resources.files("catalog") / "data" / "models" / "reference.json").read_text("utf-8")
    return frozenset(str(m["name"]) for m in json.loads(text))


def load_measured_constants() -> dict[str, Any]:
    text = (resources.files("estimator") / "data" / "measured_constants.json").read_text("utf-8")
    return json.loads(text)


def load_setup_constants() -> SetupConstants:
    text = (resources.files("estimator") / "data" / "setup_constants.json").read_text("utf-8")
    return SetupConstants.from_dict(json.loads(text))


def load_engine_constants() -> EngineConstants:
    """The engines' data (estimator/data/engine_constants.json), checked as it is read."""
    text = (resources.files("estimator") / "data" / "engine_constants.json").read_text("utf-8")
    return EngineConstants.from_dict(json.loads(text))


def load_profile(name: str, setup_constants: SetupConstants | None = None) -> Profile:
    """A profile by name, with its data loaded now; unknown names raise `UnknownProfile`.

    `measured` rates a unified-memory machine (a Mac, a Ryzen AI Max, a DGX Spark) with the GPU share
    of the setups rules, so a table line or a "smallest card" pick naming it says what the machine's own
    answer says it can use. The reference profile keeps the reference page's rule (its figures are the site's)."""
    if name == "reference":
        return REFERENCE
    if name == "measured":
        # lazy: only the measured profile needs its rules; `tpsbot ask` under reference starts without them
        from estimator.measured import MeasuredProfile

        c = setup_constants or load_setup_constants()
        # the share is asked only for unified-memory cards, which are catalog records (Hardware)
        return MeasuredProfile(load_measured_constants(),
                               lambda card: unified_gpu_share(c, cast(Hardware, card), card.memory_gb))
    raise UnknownProfile(name)


class Profiles:
    """The profiles of one engine (or one CLI call), each built once, on first use."""

    def __init__(self, **ready: Profile) -> None:
        self._built: dict[str, Profile] = dict(ready)
        self._setup_constants: SetupConstants | None = None
        self._engine_constants: EngineConstants | None = None
        self._engined: dict[tuple[str, str, str | None, str | None], Profile] = {}

    def get(self, name: str, engine: str | None = None, split: str | None = None, link: str | None = None) -> Profile:
        """The profile by name, under `engine` (llama.cpp when None: the profile itself)."""
        profile = self._built.get(name)
        if profile is None:
            constants = self.setup_constants() if name != "reference" else None
            profile = self._built[name] = load_profile(name, constants)
        if engine is None and split is None and link is None:
            return profile
        # lazy: the engine rules (and the measured profile below them) only for an engine asked
        from estimator.engine_profile import for_engine

        c = self.engine_constants()
        key = (name, c.engine(engine).name, split, link)
        if key not in self._engined:
            self._engined[key] = for_engine(profile, c, engine, split, link)
        return self._engined[key]

    def engine_constants(self) -> EngineConstants:
        """The engines' constants, read on first use."""
        if self._engine_constants is None:
            self._engine_constants = load_engine_constants()
        return self._engine_constants

    def setup_constants(self) -> SetupConstants:
        """The setups rules' constants, read on first use."""
        if self._setup_constants is None:
            self._setup_constants = load_setup_constants()
        return self._setup_constants
