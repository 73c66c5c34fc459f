"""The text of a slash command's (or the CLI's) fields, read here like a question's: a setup typed in the
card field ("2x RTX 3090", "M4 Max 128GB", "4090 + 64 GB DDR5"), a budget typed in a field of its own.

    card_field("2x NVIDIA H100 PCIe 80GB") → CardField(parts=[("nvidia h100 pcie 80gb", 2)], …)

Pure: text in, typed fields out; the names are resolved later (facts/setups.py), through the same card
resolver as a single card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from answers.reading import setup_words
from answers.reading.budget_words import default_currency, read_typed


@dataclass(frozen=True)
class CardField:
    """What a card field says. `parts` is None for one plain card (resolved by name), else the cards with
    their counts; `ram_gb`/`ram_type` are the RAM typed in the field or given as options."""

    parts: list[tuple[str, int]] | None = None
    ram_gb: float | None = None
    ram_type: str | None = None
    gpu_count: int | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)


def card_parts(text: str, count: int | None = None) -> list[tuple[str, int]]:
    """A card field as typed ("2x RTX 3090", "M4 Max 128GB", "4090"), with an optional --gpus count.
    One plain card ("NVIDIA H100 PCIe 80GB", "Tesla V100 SXM2 16 GB") is the whole name, for the card
    resolver to read every word. A count below one raises ValueError."""
    sw = setup_words.read(text)
    parts = list(sw.cards) if sw.cards and sw.is_setup else [(text.strip(), 1)]
    if count is not None:
        if count < 1:
            raise ValueError("the number of cards must be at least 1")
        parts = [(parts[0][0], count)] + parts[1:]
    return parts


def card_field(text: str | None, count: int | None = None, ram_gb: float | None = None,
               ram_type: str | None = None) -> CardField:
    """The card field with the count and RAM options: a setup (parts) when the field or the options make
    one, else one plain card (parts None). A count below one is kept for the setup builder to refuse."""
    if not isinstance(text, str) or not text.strip():
        return CardField(None, ram_gb, ram_type, count)
    words = setup_words.read(text)
    if not (words.is_setup or (count or 1) > 1 or ram_gb):
        return CardField(None, ram_gb, ram_type, count)
    parts = card_parts(text, count if count and count > 1 else None)
    return CardField(parts, ram_gb or words.ram_gb, ram_type or words.ram_type, count)


def budget_field(text: str, lang: str) -> dict[str, object] | None:
    """A budget typed in a field of its own ("400", "500 €"), in the asker's language; None when it is no amount."""
    said = read_typed(text)
    if said is None:
        return None
    return {"amount": said.amount, "currency": said.currency or default_currency(lang),
            "currency_said": said.currency is not None}
