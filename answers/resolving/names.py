"""Names typed by people or handed over by the bot → catalog records: the engine's resolution of model and
card names, its did-you-mean candidates, the variants it picked among, and autocomplete.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, TypeVar

from answers.knowledge.catalog_view import Knowledge, faster_variant
from answers.knowledge.closed_models import closed_line
from answers.knowledge.unresolved import UnresolvedName
from answers.resolving.modded import with_modded_memory
from answers.resolving.model_default import default_model
from catalog.name_versions import version_clash
from catalog.records import GpuRecord, ModelRecord
from catalog.resolve import Resolution, Resolver, curated_first, fold, normalize

CANDIDATES_SHOWN = 8
LINE_SHOWN = 4  # models of the same line offered for a name that matches nothing
_FIRST_WORD = re.compile(r"[^\W\d_]{3,}")  # a name's first word of three letters or more ("gpt" of "gpt-6")
T = TypeVar("T")  # a resolver's payload type
VARIANTS_SHOWN = 5


def find_model(knowledge: Knowledge, text: str) -> tuple[ModelRecord | None, Resolution[ModelRecord] | None]:
    """A typed model name → the record it pins down (a display name, else the resolver's best match; same-name
    models: the first in catalog order), with the resolution whose candidates a caller words when it pins
    none down (None when the display name matched). The engine and the command line's reports both use it."""
    known = knowledge.model_named(text)
    if known is not None:  # a display name (what the parser and autocomplete hand over)
        return known, None
    res = knowledge.model_resolver.resolve(text)
    return (res.best.key if res.best is not None else None), res


def find_card(knowledge: Knowledge, text: str,
              profile: str | None) -> tuple[GpuRecord | None, int, Resolution[GpuRecord]]:
    """A typed card name, among the cards the profile rates → the card (the faster of same-name variants),
    how many variants share its name, and the resolution (its candidates when it pins none down)."""
    res = knowledge.gpu_resolver_for(profile).resolve(text)
    if res.best is None:
        return None, 0, res
    variants = list(res.best.payloads)
    return faster_variant(variants), len(variants), res


class NameProblem(UnresolvedName):
    """A name that did not resolve: becomes a not_found / ambiguous answer."""

    def __init__(self, intent: str, kind: str, text: str, candidates: list[str], same_line: bool = False) -> None:
        super().__init__(intent)
        self.intent, self.kind, self.text, self.candidates = intent, kind, text, candidates
        self.same_line = same_line  # the candidates are the models of the name's line, not near spellings


_SIZE_AT_END = re.compile(r"^(.*\S)\s+\d{1,3}\s?(?:gb|g|go|gib)$", re.IGNORECASE)


class NameResolution:
    """Model and card name resolution: the resolving stage the engine holds (`Engine.names`); a name that does
    not resolve raises `NameProblem`."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self._keys: dict[int, list[str]] = {}
        self._cards_by_name: dict[int, dict[str, GpuRecord]] = {}  # per card list (id of Knowledge's list)

    def complete_model(self, text: str, limit: int = 25) -> list[str]:
        return [m.name for m in self.knowledge.model_resolver.suggest(text or "", limit)][:limit]

    def complete_card(self, text: str, limit: int = 25, profile: str | None = None) -> list[str]:
        resolver = self.knowledge.gpu_resolver_for(profile)
        return [m.name for m in resolver.suggest(text or "", limit)][:limit]

    def resolve_model(self, value: str | ModelRecord | None) -> ModelRecord | None:
        """A typed name or a record → the record; a name that does not resolve raises `NameProblem`."""
        if value is None or isinstance(value, ModelRecord):
            return value
        text = value.strip()[:200]
        if not text:
            return None
        found, res = find_model(self.knowledge, text)
        if found is not None and res is not None and version_clash(text, found.name):
            # "gemma 9" is not Gemma 2 9B: a release the catalog lacks is said so, its nearest names offered
            raise NameProblem("not_found", "model", text, [found.name, *(c.name for c in res.candidates
                                                                      if c.name != found.name)][:CANDIDATES_SHOWN])
        if found is not None and res is not None and closed_line(text) is not None:
            # "mistral medium 3" is API only: said closed, never the open Mistral Medium 3.5 it loosely matches
            raise NameProblem("not_found", "model", text, [])
        if found is not None:
            return found
        assert res is not None
        if res.ambiguous:
            picked = default_model(text, res.candidates)  # "llama 70b": the newest general one
            if picked is not None:
                return picked.pick
        raise self._problem("model", self.knowledge.model_resolver, text, res)

    def model_variants(self, typed: Any, model: ModelRecord | None) -> list[str]:
        """The other models when the typed name was resolved by the newest-of-the-family rule."""
        if not isinstance(typed, str) or not typed.strip() or model is None or typed == model.name:
            return []

        text = typed.strip()[:200]
        if self.knowledge.model_named(text) is not None:
            return []
        res = self.knowledge.model_resolver.resolve(text)
        picked = default_model(text, res.candidates) if res.best is None and res.ambiguous else None
        if picked is None or picked.pick.name != model.name:
            return []
        return picked.others[:VARIANTS_SHOWN]

    def resolve_card(self, value: str | GpuRecord | None, profile: str | None = None) -> GpuRecord | None:
        """A typed name or a record → the card (the faster of same-name variants); problems raise."""
        if value is None or isinstance(value, GpuRecord):
            return value
        text = value.strip()[:200]
        if not text:
            return None
        known = self._card_names(profile).get(text)
        if known is not None:
            return with_modded_memory(known, text)
        found, _, res = find_card(self.knowledge, text, profile)
        if found is not None:
            return with_modded_memory(found, text)  # "2080 ti 22gb": the 22 GB rebuild (catalog modded.json)
        rebuilt = self._rebuilt(text, profile)
        if rebuilt is not None:  # "2080 ti 22gb": no such variant, a rebuild of that size (catalog modded.json)
            return rebuilt
        added = self.knowledge.added_card(text)
        if added is not None:
            # Hardware the reference pages never listed (an Apple chip, an H20): named by the asker, it is
            # rated with this profile's rules; the pages' tables and figures keep their 818 cards.
            return added
        raise self._problem("card", self.knowledge.gpu_resolver_for(profile), text, res)

    def _rebuilt(self, text: str, profile: str | None) -> GpuRecord | None:
        """The card before a trailing memory size that is one of its rebuilds' sizes, with that memory."""
        hit = _SIZE_AT_END.match(text)
        if hit is None:
            return None
        found, _, _ = find_card(self.knowledge, hit.group(1), profile)
        if found is None:
            return None
        card = with_modded_memory(found, text)
        return card if card is not found else None

    def _problem(self, kind: str, resolver: Resolver[T], text: str, res: Resolution[T]) -> NameProblem:
        # "qwen": Qwen3 before an import's Qwen-VL
        cands = [c.name for c in (curated_first(res.candidates) if kind == "model" else res.candidates)]
        if res.ambiguous and cands:
            return NameProblem("ambiguous", kind, text, cands[:CANDIDATES_SHOWN])
        if not cands:
            cands = self.near(resolver, text)
        if not cands and kind == "model":
            line = self._same_line(resolver, text)
            return NameProblem("not_found", kind, text, line[:LINE_SHOWN], same_line=bool(line))
        return NameProblem("not_found", kind, text, cands[:CANDIDATES_SHOWN])

    def card_variants(self, typed: str | None, card: GpuRecord | None, profile: str | None) -> list[str]:
        """The other variants when the typed card name was resolved by the defaults rule."""
        if not typed or not typed.strip() or card is None:
            return []
        resolver = self.knowledge.gpu_resolver_for(profile)
        # The exact reading first: its default and alternatives are the same, and the fuzzy pass (rapidfuzz
        # over every card name) is only needed for a name typed with a typo.
        res = resolver.lookup(typed.strip()[:200]) or resolver.resolve(typed.strip()[:200])
        if res.default is None or res.best is None or res.best.name != card.name:
            return []
        return [m.name for m in res.alternatives][:VARIANTS_SHOWN]

    def _card_names(self, profile: str | None) -> dict[str, GpuRecord]:
        """Display name → card, for the card list this profile rates (reference: the pages' 818)."""
        cards = self.knowledge.gpus_for(profile)
        table = self._cards_by_name.get(id(cards))
        if table is None:
            groups: dict[str, list[GpuRecord]] = {}
            for g in cards:
                groups.setdefault(g.name, []).append(g)
            table = self._cards_by_name[id(cards)] = {name: faster_variant(gs) for name, gs in groups.items()}
        return table

    def _same_line(self, resolver: Resolver[T], text: str) -> list[str]:
        """A model name that matches nothing, not even misspelt ("gpt-6 mini", "phi-9"): the models whose
        name begins with its first word, the maker's line ("gpt" → gpt-oss), so the asker sees what exists."""
        first = _FIRST_WORD.match(fold(text))
        if first is None:
            return []
        word = first.group(0)
        names = [m.name for m in resolver.suggest(word, 40) if fold(m.name).startswith(word)]
        records = [r for r in (self.knowledge.model_named(n) for n in names) if r is not None]
        newest_first = sorted(records, key=lambda r: r.publication_date or dt.date.min, reverse=True)
        return [r.name for r in newest_first]

    def near(self, resolver: Resolver[T], text: str) -> list[str]:
        """Did-you-mean names for a name that matched nothing: autocomplete's picks, else the
        closest spellings (numbers included: "Gemma 3 13B" → Gemma 3 12B)."""
        names = [m.name for m in resolver.suggest(text, CANDIDATES_SHOWN) if m.score >= 75]
        if names:
            return names
        # lazy: rapidfuzz is only needed when an exact lookup fails; `tpsbot ask` start-up stays without it
        from rapidfuzz import fuzz, process

        keys = self._keys.get(id(resolver))  # normalized names, per resolver
        if keys is None:
            stored = getattr(resolver, "normalized_names", None)  # a stored catalog keeps them (catalog/model_index.py)
            keys = self._keys[id(resolver)] = stored() if stored else [normalize(n) for n in resolver.names]
        hits = process.extract(normalize(text), keys, scorer=fuzz.ratio, limit=5, score_cutoff=75)
        return [resolver.names[i] for _, _, i in hits]
