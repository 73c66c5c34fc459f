"""The text of a slash command's (or the CLI's) fields, read here like a question's: a setup typed in the
card field ("2x RTX 3090", "M4 Max 128GB", "4090 + 64 GB DDR5"), a budget typed in a field of its own, a
size typed in the model field ("mythomax 13b").

    card_field("2x NVIDIA H100 PCIe 80GB") → CardField(parts=[("nvidia h100 pcie 80gb", 2)], …)
    from_fields("en", model="Llama 3.1 8B", card="2x 3090", machine=…, catalog=…) → Asked(…)

`from_fields` makes of the fields the same `Asked` record a typed question becomes (answers/records/asked.py):
from there both take one path to the answer. Text in, typed fields out; the names are resolved later
(facts/entities.py, facts/setups.py), through the same resolvers as a question's.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct, field
from msgspec.structs import replace

from answers.reading import ram_words, setup_words
from answers.reading.budget_words import default_currency, read_typed
from answers.reading.clues import only_task_words
from answers.reading.sizes import usable_size
from answers.records.asked import Asked, Budget
from catalog.name_sizes import typed_size
from catalog.records import GpuRecord, ModelRecord
from catalog.resolve import Resolver, normalize
from estimator.machine import MachineConstants


class CardField(Struct, frozen=True):
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


def budget_field(text: str, lang: str) -> Budget | None:
    """A budget typed in a field of its own ("400", "500 €"), in the asker's language; None when it is no amount."""
    said = read_typed(text)
    if said is None:
        return None
    return Budget(said.amount, said.currency or default_currency(lang), said.currency is not None, said.whole)


class UnreadBudget(ValueError):
    """A budget field that holds no amount ("lots"): answered as invalid input, quoting `text`."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def with_card_field(asked: Asked) -> Asked:
    """A card with a count or RAM beside it, or a setup typed where one card goes: the setup's parts, RAM
    and type (the facts only resolve the names)."""
    if asked.setup:
        return asked
    said = card_field(asked.card if isinstance(asked.card, str) else None, asked.gpu_count, asked.ram_gb,
                      asked.ram_type)
    if not said.parts:
        return asked
    return replace(asked, setup=tuple(said.parts), ram_gb=said.ram_gb, ram_type=said.ram_type)


def task_not_model(asked: Asked) -> Asked:
    """"best coding model for a 4090": a model name of task words only ("coding") is the task, not an unknown
    model; `task_as_model` says so, for the intent to become the card's list."""
    if asked.task and isinstance(asked.model, str) and only_task_words(asked.model):
        return replace(asked, model=None, task_as_model=True)
    return asked


class Catalog(Struct, frozen=True):
    """What reading a model field needs of the catalog (answers.knowledge): its resolver, an exact-name
    lookup, and the did-you-mean names of a name that matched nothing."""

    models: Resolver
    named: Callable[[str], object]
    near: Callable[[str], list[str]]


def generic_size(typed: str, catalog: Catalog) -> tuple[float, str | None] | None:
    """A model field the catalog has no model for, with a size in it ("mythomax 13b", "70b"): that size (a
    generic dense model of it stands in, like a question's) and the name typed with it (None for a bare
    size); None when the field names a model, or near names to pick from ("Gemma 3 13B" → Gemma 3 12B)."""
    text = typed.strip()[:200]
    size = typed_size(text)
    if size is None or not usable_size(size) or catalog.named(text) is not None:
        return None
    bare = normalize(text) == f"{size:g}b".replace(".", "")  # "70b": a size, never a name
    res = catalog.models.resolve(text)
    if res.best is not None or res.ambiguous or (not bare and (res.candidates or catalog.near(text))):
        return None
    return size, None if bare else text


def from_fields(lang: str, *, machine: Callable[[], MachineConstants], catalog: Catalog, sized_model: bool = True,
                model: str | ModelRecord | None = None, model2: str | ModelRecord | None = None,
                card: str | GpuRecord | None = None, card2: str | GpuRecord | None = None,
                memory_gb: float | None = None, context: int | None = None, quant: str | None = None,
                task: str | None = None, gpu_count: int | None = None, ram_gb: float | None = None,
                ram_type: str | None = None, budget: str | Budget | None = None, prompt_tokens: int | None = None,
                users: int | None = None) -> Asked:
    """A slash command's (or a button's) fields → the `Asked` a typed question also becomes. `lang` is the
    asker's (a budget without a currency is in its usual one); `sized_model` False leaves a size in the
    model field a name (facts about a model: a 70B model has no maker); `machine()` gives the CPU platforms'
    RAM, asked only when one is named. Raises `UnreadBudget`."""
    if prompt_tokens and (context or 0) < prompt_tokens:
        context = prompt_tokens  # the cache holds the prompt
    if isinstance(budget, str):  # a budget typed in a field of its own ("400", "500 €"), in the asker's language
        typed = budget_field(budget, lang)
        if typed is None:
            raise UnreadBudget(budget.strip()[:40])
        budget = typed
    asked = task_not_model(with_card_field(Asked(
        model=model, model2=model2, card=card, card2=card2, memory_gb=memory_gb, context=context, context_said=context,
        quant=quant,
        task=task, gpu_count=gpu_count, ram_gb=ram_gb, ram_type=ram_type, budget=budget or None,
        prompt_tokens=prompt_tokens, users=users)))
    if asked.setup and isinstance(card, str):
        said = ram_words.read(card)  # "3090 + 512GB DDR5-6000, 12 channels" typed in the card field
        if said.platform is not None:
            said = ram_words.with_platform(said, machine())
        asked = replace(asked, ram_type=asked.ram_type or said.kind, ram_mts=said.mts, ram_channels=said.channels)
    sized = generic_size(asked.model, catalog) if isinstance(asked.model, str) and sized_model else None
    if sized is not None:  # "/can_run model: mythomax 13b": the size typed, said so
        asked = replace(asked, model=None, model_size_b=sized[0], model_typed=sized[1])
    return asked
