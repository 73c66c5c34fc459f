"""A daily count asked about ("200 users a day", "500 requests per day", "50 Nutzer am Tag") is not a number of
people at once: the several-users answer (answers/facts/serving.py) is given at the requests in flight in the
busiest hour that count implies (estimator/users.py at_once_from_daily), with the assumptions in the facts so
the answer says them (estimator/data/daily_load.json holds the figures and their sources)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from estimator.users import AtOnce, DailyLoad, at_once_from_daily

_KEYS = ("requests_per_person", "busy_hour_share", "request_seconds", "percentile")


@cache
def daily_load() -> DailyLoad:
    """The figures of daily_load.json, each with its source (a missing source or a figure out of range fails)."""
    data = json.loads((resources.files("estimator") / "data" / "daily_load.json").read_text("utf-8"))
    for key in _KEYS:
        entry = data.get(key)
        if not isinstance(entry, dict) or not str(entry.get("source", "")).strip():
            raise ValueError(f"daily_load.json: {key}: a value with its source is required")
    return DailyLoad(*(float(data[k]["value"]) for k in _KEYS))


def at_once(count: int, requests: bool) -> tuple[AtOnce, dict[str, Any]]:
    """(the requests at once, the JSON-ready `daily` facts the answer says the assumption from)."""
    load = daily_load()
    got = at_once_from_daily(count, load, requests)
    return got, {"count": count, "requests": requests, "requests_per_day": got.requests_per_day,
                 "requests_per_person": load.requests_per_person, "busy_hour_share": load.busy_hour_share,
                 "busy_hour": got.busy_hour, "request_seconds": load.request_seconds, "mean_at_once": got.mean,
                 "at_once": got.peak, "percentile": load.percentile}
