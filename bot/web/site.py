"""What the pages read: the catalog as the answers see it (one `Reports` per loaded catalog), and the
slug indexes of its models and cards. The bot hands a function that returns its current catalog (it is
reloaded when the file changes, bot/ops/catalog_watch.py); `tpsbot web` hands the one it loaded."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cached_property
from typing import Any, TypeVar

from answers.facts.reports import Reports
from answers.knowledge.catalog_view import Knowledge
from answers.resolving.names import CANDIDATES_SHOWN
from bot.web import slugs

T = TypeVar("T")
MEMO_SIZE = 16  # entries kept (a model's figures at one setting, or its rows in one language): ~1 MB each at most



class Catalog:
    """One loaded catalog with its reports and slug indexes (built on first use, kept with it)."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.reports = Reports(knowledge)
        self._memo: OrderedDict[Hashable, Any] = OrderedDict()

    def memo(self, key: Hashable, build: Callable[[], T]) -> T:
        """`build()`, kept for the next request with the same key (least recently used out): a page that
        is opened, then sorted and filtered, rates its model once. Kept with the catalog it was built
        from, so a reloaded catalog starts afresh."""
        if key in self._memo:
            self._memo.move_to_end(key)
            return self._memo[key]
        value = build()
        self._memo[key] = value
        if len(self._memo) > MEMO_SIZE:
            self._memo.popitem(last=False)
        return value

    @cached_property
    def models(self) -> dict[str, str]:
        """slug → model name, for models with a size (the others have no table)."""
        sized = (m.name for m in self.knowledge.models if self.reports.estimates.size_of(m) is not None)
        return slugs.index(sized)

    @cached_property
    def cards(self) -> dict[str, str]:
        return slugs.index(g.name for g in self.knowledge.gpus)

    def model_suggestions(self, text: str, limit: int = CANDIDATES_SHOWN) -> list[str]:
        """The nearest model names, for a 404 page and the search box: the catalog resolver's choices
        (what autocomplete offers), then the closest slugs by edit distance ("glm-4-6v" → GLM-4.5V)."""
        found = [m.name for m in self.knowledge.model_resolver.suggest(text[:100], limit * 2)]
        return _nearest(text, [n for n in found if slugs.slug(n) in self.models], self.models, limit)

    def card_suggestions(self, text: str, limit: int = CANDIDATES_SHOWN) -> list[str]:
        found = [g.name for g in self.knowledge.gpu_resolver.suggest(text[:100], limit * 2)]
        return _nearest(text, found, self.cards, limit)


def _nearest(text: str, found: list[str], index: dict[str, str], limit: int) -> list[str]:
    if len(found) < limit:
        # lazy: rapidfuzz's process module, only when the resolver's choices run short
        from rapidfuzz import fuzz, process

        close = process.extract(slugs.slug(text[:100]), list(index), scorer=fuzz.WRatio, limit=limit,
                                score_cutoff=60)
        found = found + [index[key] for key, _, _ in close]
    return list(dict.fromkeys(found))[:limit]


class Site:
    """The catalog the pages read now; `current()` is None while the bot has none loaded (HTTP 503)."""

    def __init__(self, knowledge_of: Callable[[], Knowledge | None]) -> None:
        self._knowledge_of = knowledge_of
        self._catalog: Catalog | None = None

    def current(self) -> Catalog | None:
        knowledge = self._knowledge_of()
        if knowledge is None:
            return None
        if self._catalog is None or self._catalog.knowledge is not knowledge:
            self._catalog = Catalog(knowledge)
        return self._catalog
