"""A hosted API's cost set against running the model at home ("cuanto me sale deepseek por openrouter vs correrlo en
casa?", "is the API cheaper than my 3090 with power at 0.40/kWh?"): an API word and a home, running or power word
in the message (an API's price alone stays declined). Pure: the text in, a flag out; the words live in
answers/lexicon/buying.toml (`api`, `api_cost`)."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.knowledge.pickled import compile_cached
from answers.lexicon.errors import LexiconError
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "buying.toml"


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    try:
        return compile_cached(data["api"]), compile_cached(data["api_cost"])
    except (KeyError, re.error) as exc:
        raise LexiconError(f"{PATH.name}: api / api_cost: {exc}") from exc


def asks_api_cost(question: str) -> bool:
    text = fold(question or "")
    api, cost = _patterns()
    return api.search(text) is not None and cost.search(text) is not None


__all__ = ["asks_api_cost"]
