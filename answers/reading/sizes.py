"""The one home of the size shapes a question is read with: parameter counts ("70b", "1.5B", "8x7b",
"135m") and memory amounts ("24 GB", "16gb", "8 Go", "24 GiB", "64 gigs").

A model's own name carries sizes too: `catalog.name_sizes` reads those for the catalog (answers may
use it; catalog never imports answers). The unit words themselves are `catalog.text.MEMORY_UNITS`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from answers.knowledge.pickled import compile_cached
from catalog.text import MEMORY_UNITS, fold

# A token that is a parameter count alone: "70b", "7B", "1.5b" (billions of parameters).
BILLIONS_TOKEN_RE = compile_cached(r"^(\d{1,4}(?:\.\d{1,2})?)b$")
# A parameter count anywhere in a text: "7b", "14 b" (a generic size, not a digit of a longer word).
BILLIONS_IN_TEXT_RE = compile_cached(r"(?<![\w.])(\d{1,4}(?:\.\d{1,2})?)\s?b(?![\w.])")
# A size word of a model name, dense or mixture ("70b", "1.5b", "8x7b") or millions ("135m").
NAME_SIZE_TOKEN_RE = compile_cached(r"^\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)?[bm]$")

# The memory units a setup phrase uses after a number ("24gb", "24 go", "24 gib", "24g", "64 gigs",
# "32 giga"): the one list of unit words, so a size is a size wherever it is typed.
GB_UNIT = rf"(?:{MEMORY_UNITS})\b"
# A memory amount anywhere in a text, the number captured: "24 GB", "16gb".
GB_AMOUNT_RE = compile_cached(rf"(\d+(?:\.\d+)?)\s?{GB_UNIT}", re.IGNORECASE)
# One token that is a memory amount with its unit glued ("24gb", "8go", "64gigs"), and a unit alone.
NUMBER = r"\d+(?:\.\d+)?"
MEMORY_GLUED_RE = compile_cached(rf"^({NUMBER})({MEMORY_UNITS})$")
MEMORY_UNIT_RE = compile_cached(rf"^(?:{MEMORY_UNITS})$")
# A memory amount in terabytes ("1tb of ram", "1,5 TB", "1 TiB", French "1 To de RAM"): a server's RAM, read
# as gigabytes like every other size. Never a bandwidth ("3.35 TB/s") or a disk ("2tb nvme"); French "to"
# only before a RAM word, since English "1 to 2 cards" is a range.
_STORAGE = r"(?:ssd|nvme|hdd|sata|disk|disks|disco|dischi|discos|disque|festplatte|storage|speicher|m\.2)"
TERABYTES_RE = compile_cached(
    rf"(?<![\w.])(\d+(?:\.\d+)?)\s?(?:tb|tib|to(?=\s+(?:de\s+)?(?:ram|ddr|m[eé]moire)))\b"
    rf"(?!\s?(?:/|ps\b))(?!\s*(?:(?:of|de|di|an)\s+)?{_STORAGE}\b)", re.IGNORECASE)


GB_PER_TB = 1 << 10  # memory sizes are binary: a "1 TB" server holds 1,024 GB of modules


def terabytes_as_gb(text: str) -> str:
    """"1tb of ram" → "1024gb of ram": one unit for the readers of sizes after this."""
    return TERABYTES_RE.sub(lambda m: f"{round(float(m.group(1)) * GB_PER_TB)}gb", text)


# A system-RAM type ("ddr5", "lpddr5x"); a card's "gddr6x" is none.
RAM_TYPE = r"(?:lp)?ddr[3-5]x?"
RAM_TYPE_TOKEN_RE = compile_cached(rf"^{RAM_TYPE}(?:-\d{{3,5}})?$")  # "ddr4", "ddr4-3200"

# A size typed alone ("enough for a 70b?") stands for a generic dense model within these bounds.
MAX_PARAMS_B = 10_000.0  # beyond any model: a typo, answered as an unknown name instead
# Below a million parameters no one asks about hardware ("0.0000000001b" is a typo or a test of the bot):
# read as no model at all rather than a stand-in the estimator refuses.
MIN_PARAMS_B = 0.001


def usable_size(params_b: float | None) -> bool:
    """Whether a typed size gets a generic stand-in model (the one bound every caller uses)."""
    return params_b is not None and MIN_PARAMS_B <= params_b <= MAX_PARAMS_B


def name_numbers(names: Iterable[str | None]) -> frozenset[str]:
    """The numbers written in the card and model names a question names ("4090", "3.1", "7900"): a bare
    number among them is that name's, never a speed, a prompt length or a count."""
    return frozenset(n for name in names if name for n in re.findall(r"\d+(?:[.,]\d+)?", fold(name)))
