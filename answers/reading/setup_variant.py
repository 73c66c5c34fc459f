"""A card read as the variant of the memory said ("a 3050 de 6gb y 16gb de ram": the 6 GB one) stays that variant
when the RAM beside it makes a setup of it, instead of the setup resolving the bare name again to the common
variant (8 GB). Pure: the reading's record in, the same record out with the setup's part renamed."""

from __future__ import annotations

import re

from msgspec.structs import replace

from answers.records.asked import Asked
from catalog.resolve import Resolver

# a catalog variant's name ends in its memory: "GeForce RTX 3050 6 GB"
VARIANT_GB_RE = re.compile(r"\s(\d+(?:\.\d+)?) GB$")


def variant_kept(asked: Asked, gpus: Resolver) -> Asked:
    """"a 3050 de 6gb y 16gb de ram": the card read is the variant of the memory said (the 6 GB one); the setup
    the RAM makes of it keeps that variant instead of resolving the bare name again to the common one (8 GB)."""
    card = asked.card
    if not asked.setup or len(asked.setup) != 1 or not isinstance(card, str) or asked.memory_gb is None:
        return asked
    name, count = asked.setup[0]
    said = VARIANT_GB_RE.search(card)
    if count != 1 or (asked.card_typed or "").casefold() != name.casefold() or said is None \
            or abs(float(said.group(1)) - asked.memory_gb) >= 0.5:
        return asked
    res = gpus.lookup(name)
    bare = res.best.name if res is not None and res.best is not None else None
    return asked if bare == card else replace(asked, setup=((card, 1),))

