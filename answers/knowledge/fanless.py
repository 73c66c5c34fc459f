"""Which machines have no fan (fanless.json, with sources), checked at load: an answer about one says in one
line that its sustained speed falls below the figures once the chip heats up (answers/rendering/scope_text.py)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


class FanlessDataError(ValueError):
    """fanless.json is malformed; the message says what."""


def parse(data: object) -> tuple[str, ...]:
    """The prefixes, folded to lower case; each entry needs a prefix and a source."""
    devices = data.get("devices") if isinstance(data, dict) else None
    if not isinstance(devices, list) or not devices:
        raise FanlessDataError("fanless.json: 'devices' must be a non-empty list")
    out = []
    for i, d in enumerate(devices):
        if not isinstance(d, dict) or not str(d.get("prefix", "")).strip() or not str(d.get("source", "")).strip():
            raise FanlessDataError(f"fanless.json: devices[{i}] needs a 'prefix' and a 'source'")
        out.append(str(d["prefix"]).strip().lower())
    return tuple(out)


@cache
def fanless_prefixes() -> tuple[str, ...]:
    return parse(json.loads((resources.files("answers.knowledge") / "fanless.json").read_text("utf-8")))


def is_fanless(device: str | None) -> bool:
    """Whether the machine named (`Asked.device`, "MacBook Air M3") is one without a fan."""
    return bool(device) and device.strip().lower().startswith(fanless_prefixes())  # type: ignore[union-attr]
