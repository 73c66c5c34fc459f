"""The power rules' figures as answers see them: estimator/data/power_constants.json (sources there), read once."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from estimator.power import PowerConstants


@cache
def power_constants() -> PowerConstants:
    data = json.loads((resources.files("estimator") / "data" / "power_constants.json").read_text("utf-8"))
    return PowerConstants.from_dict(data)
