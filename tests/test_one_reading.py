"""Issue 19, one reading: the same hardware however it is typed (counts without an "x", "gigs", a card's
full name inside a setup, a card number before "tokens", the language of a mostly-English question)."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine

PROFILES = ("reference", "measured")


def _ask(engine: Engine, q: str, lang: str = "en", profile: str = "reference"):
    return engine.ask(q, lang, AskOptions(profile=profile))


@pytest.mark.parametrize(("q", "lang"), [
    ("llama 3.3 70b on an M3 Max with 64 gigs", "en"),
    ("llama 3.3 70b su un M3 Max con 64 giga", "it"),
    ("llama 3.3 70b sur un M3 Max avec 64 gigas", "fr"),
    ("llama 3.3 70b auf einem M3 Max mit 64 gig", "de"),
])
def test_gigs_is_a_memory_size(engine: Engine, q: str, lang: str) -> None:
    """"64 gigs" is the 64 GB M3 Max, never the 36 GB one the bare chip name stands for."""
    a = _ask(engine, q, lang)
    assert a.entities.get("card") == "Apple M3 Max 64 GB"
