"""The price records of catalog/data/hardware/prices.json beyond launch prices: what cards sell for used, whole
machines (a Mac, a Strix Halo box, a DGX Spark) and the rest of a PC around the cards; each with its source,
checked at load by catalog/hardware.py."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

Sourced = Annotated[str, Meta(min_length=10)]


class _Strict(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An entry of a data file (msgspec: a key the entry does not know is refused). msgspec builds its
    checks when a file is first read, so a question that only needs this module's rules pays nothing."""


class UsedPrice(_Strict, frozen=True, kw_only=True):
    """What a card people buy second-hand for local models sells for used (prices.json `used`): a range, its
    year and its source; launch prices stay in `prices`."""
    name: str
    usd_low: Annotated[float, Meta(gt=0)]
    usd_high: Annotated[float, Meta(gt=0)]
    year: Annotated[int, Meta(ge=2020, le=2100)]
    source: Sourced

    def __post_init__(self) -> None:
        if self.usd_high < self.usd_low:
            raise ValueError(f"{self.name}: usd_high {self.usd_high} is below usd_low {self.usd_low}")


class MachinePrice(_Strict, frozen=True, kw_only=True):
    """A whole machine weighed against a PC with cards (prices.json `machines`): a Mac, a Strix Halo box, a DGX
    Spark, by the catalog name of its chip and memory, the product it is sold as, its price and source."""
    name: str
    machine: str
    usd: Annotated[float, Meta(gt=0)]
    year: Annotated[int, Meta(ge=2020, le=2100)]
    source: Sourced


class LocalCost(_Strict, frozen=True, kw_only=True):
    """What the same parts cost in one currency's own shops (local prices, not the US price converted)."""
    amount: Annotated[float, Meta(gt=0)]
    year: Annotated[int, Meta(ge=2020, le=2100)]
    source: Sourced


class RestOfPc(_Strict, frozen=True, kw_only=True):
    """What the rest of a PC costs around up to `cards_max` graphics cards (prices.json `rest_of_pc`), in US
    dollars and, by currency code, in the shops of the currencies kept in `local`."""
    cards_max: Annotated[int, Meta(ge=1, le=8)]
    usd: Annotated[float, Meta(gt=0)]
    year: Annotated[int, Meta(ge=2020, le=2100)]
    source: Sourced
    local: dict[str, LocalCost] = {}


class RegionalCard(_Strict, frozen=True, kw_only=True):
    """A card sold in one country's market only (regional.json): never a headline pick for anyone else."""
    market: str
    source: Sourced
