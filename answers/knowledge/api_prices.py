"""Hosted API prices for popular open models and the draw of whole machines that are no graphics card
(api_prices.json, with sources and dates), checked at load: an answer weighing "the API or my own machine" quotes
them (answers/facts/api_home.py)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

Price = Annotated[float, Meta(gt=0, lt=100)]  # US dollars per million tokens
Text = Annotated[str, Meta(min_length=1)]


class ApiPrice(Struct, frozen=True, forbid_unknown_fields=True):
    model: Text  # the catalog's name
    route: Text  # where it is bought ("OpenRouter", "DeepSeek API (V3.2)")
    input: Price
    output: Price
    date: Annotated[str, Meta(pattern=r"^\d{4}-\d{2}-\d{2}$")]
    source: Annotated[str, Meta(min_length=10)]


class MachineDraw(Struct, frozen=True, forbid_unknown_fields=True):
    name: Text  # the catalog's name of a whole machine (Apple silicon, a unified box)
    watts: Annotated[float, Meta(gt=0, le=5000)]  # at the wall while generating
    source: Annotated[str, Meta(min_length=10)]


class ApiPrices(Struct, frozen=True):
    prices: tuple[ApiPrice, ...]
    machines: tuple[MachineDraw, ...]


def parse(text: str | bytes) -> ApiPrices:
    """api_prices.json's content, checked (each price and draw sourced and positive); raises msgspec.ValidationError."""
    data = msgspec.json.decode(text)
    data.pop("_rule", None)
    return msgspec.convert(data, ApiPrices)


@cache
def api_prices() -> ApiPrices:
    return parse((resources.files("answers.knowledge") / "api_prices.json").read_text("utf-8"))


def prices_for(model: str) -> tuple[ApiPrice, ...]:
    return tuple(p for p in api_prices().prices if p.model == model)


def machine_watts(name: str) -> float | None:
    return next((m.watts for m in api_prices().machines if m.name == name), None)


__all__ = ["ApiPrice", "ApiPrices", "MachineDraw", "api_prices", "machine_watts", "parse", "prices_for"]
