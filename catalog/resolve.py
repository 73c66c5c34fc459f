"""Name resolution: what the user typed → a catalog model or GPU.

Shared by the command line, the answers layer and the bot's autocomplete, so it must be fast
(≤ 1 ms per lookup over ~3,400 models) and must never guess silently:

1. Both sides are normalized (casefold, vendor words dropped, punctuation and spaces removed),
   so "GLM 4.5 V", "glm45v" and "GLM-4.5V" are the same key.
2. An exact normalized name or alias always wins. For GPUs a few derived keys are exact too:
   the name without its series word ("3080 ti" → "GeForce RTX 3080 Ti") and, for cards sold in
   several memory sizes, the name without the size ("H100 SXM5" → the group of 64/80/94/96 GB).
3. Otherwise rapidfuzz ranks the pre-normalized keys; numbers are then checked separately,
   because a one-digit edit is a small string distance but a different product ("3080" ≠ "3090",
   "8b" ≠ "80b").
4. Close runner-ups make the answer ambiguous (best=None, candidates ranked for "did you mean").

A group of memory variants is not ambiguous: its canonical member is the first one the caller
passed (callers pass catalog order, oldest release first), so "h100 sxm" → H100 SXM5 80 GB,
with the 64/94/96 GB variants ranked after it as candidates.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from typing import Generic, Literal, TypeVar

from .gpu_names import resolve_gpu
from .name_entries import gpu_entries, model_entries
from .name_keys import (
    GPU_SERIES_WORDS,
    VENDOR_WORDS,
    Match,
    NumberToken,
    Resolution,
    bag_key,
    model_bag_key,
    name_words,
    normalize,
    number_tokens,
)
from .name_memo import remembered
from .name_sizes import size_fits, sizes_in, typed_size
from .text import fold, parse_memory_size  # noqa: F401 — fold: the one fold, as callers import it

__all__ = [
    "Match", "Resolution", "Resolver", "normalize", "number_tokens", "parse_memory_size", "bag_key",
    "model_bag_key", "name_words", "GPU_SERIES_WORDS", "VENDOR_WORDS", "NumberToken",
    "CUTOFF", "AMBIGUITY_MARGIN", "model_entries", "gpu_entries", "curated_first",
]

# A fuzzy hit must score at least this (0–100, after number checks) to be a match at all.
# Tuned on the Epoch catalog: typos like "lama 3 8b" score ~93, nonsense stays below ~70.
CUTOFF = 80.0
# Short queries have few characters to be wrong in, so they need to be closer still.
SHORT_CUTOFF = 88.0
SHORT_LEN = 5
# Queries this short are never fuzzy-matched ("the", "o3" must be exact).
MIN_FUZZY_LEN = 4
# A runner-up (another display name) within this many points makes the answer ambiguous.
AMBIGUITY_MARGIN = 5.0
# A number typed without decimals that only matches a version's integer part ("3" vs "3.1")
# still counts, but costs this much, so "llama 3 8b" prefers Llama 3 8B over Llama 3.1 8B.
LOOSE_NUMBER_PENALTY = 10.0
# A model whose size differs from the one typed ("qwen3 3b" vs Qwen3-30B-A3B) loses this much: at most
# 75, below CUTOFF, so it is never the match nor a rival of one, but stays a near miss for "did you mean".
SIZE_MISMATCH_PENALTY = 25.0
# How many fuzzy hits to re-rank; enough for every variant of a popular card.
_FUZZY_LIMIT = 60
# A query that is the start of a key ("llama 3" → "llama38b") scores PREFIX_BASE plus up to
# PREFIX_SPAN by how much of the key it covers: above any typo match, below an exact one, and
# equal-ish across siblings, so a family name comes back ambiguous with its members ranked.
PREFIX_BASE = 95.0
PREFIX_SPAN = 4.9
# …but only when it covers a fair share of the key, or "gpt" would "match" every GPT-x model.
PREFIX_MIN_COVER = 0.4

# Trailing words people add to a model name that the catalog does not carry.
_MODEL_NOISE_WORDS = frozenset({"instruct", "chat", "it", "gguf", "hf", "base", "model", "the"})
# Tier words of professional cards ("Radeon AI PRO R9700", "Arc Pro B60"), dropped for a card's bare code.
_PRO_WORDS = frozenset({"pro", "ai"})
_CODE_RE = re.compile(r"[a-z]\d{2,4}[a-z]?")
_TRAILING_MEMORY_RE = re.compile(r"\s+\d+(?:[.,]\d+)?\s*(?:gb|gib)\s*$", re.IGNORECASE)
# What fine-tunes and re-uploads append to the base model's name ("Qwen2.5-7B-Instruct-abliterated",
# "Qwen3-Coder-30B-A3B-Instruct-1M", "Qwen3-30B-A3B-4bit", "…-2507"): a fine-tune runs in the memory and at the
# speed of its base, so the name falls back to the base, and the answer names the base it used.
_FINE_TUNE_SUFFIX_RE = re.compile(
    r"[\s_-]+(?:abliterated|uncensored|heretic|ablit|uncen|finetuned?|fine[\s_-]?tuned?|ft|lora|merged?|dpo|sft|orpo|"
    r"distill(?:ed)?|reasoning|thinking|instruct|chat|it|gguf|hf|mlx|awq|gptq|exl[23]|fp8|fp16|bf16|int[48]|"
    r"[348]bit|[348]-bit|\d+(?:\.\d+)?bpw|i?matrix|imat|1m|128k|\d{4}|v\d+(?:\.\d+)?)$",
    re.IGNORECASE)


T = TypeVar("T")


def _numbers_fit(query: tuple[NumberToken, ...], cand: tuple[NumberToken, ...]) -> int | None:
    """How many loose (integer-part) matches it takes for the query's numbers to appear in order
    in the candidate's; None when they cannot. Candidates may carry extra numbers."""
    loose = 0
    j = 0
    for digits, _, _ in query:
        while j < len(cand):
            c_digits, c_int, _ = cand[j]
            j += 1
            if digits == c_digits:
                break
            if digits == c_int:  # "3" typed, "3.1" in the name
                loose += 1
                break
        else:
            return None
    return loose


class Resolver(Generic[T]):
    """Resolves typed names against one kind of catalog entry (models or GPUs); matches carry the
    entries' payloads with their type (`Resolver[ModelRecord]` → `Match[ModelRecord]`)."""

    def __init__(
        self,
        entries: Iterable[tuple[str, Sequence[str], T]],
        *,
        kind: Literal["model", "gpu"],
    ) -> None:
        # Every attribute set here is plain data that `index_state` hands to the start-up cache, so the
        # helpers below set only these (the aliases per name are passed along, never kept).
        self.kind = kind
        aliases_of = self._group_entries(entries)
        # Tier 0: the normalized display name and aliases. Tier 1: derived GPU keys.
        self._exact: dict[str, list[int]] = {}
        self._derived: dict[str, list[int]] = {}
        # Variant group: name index → canonical name index (itself unless a memory variant).
        self._canonical: list[int] = list(range(len(self._names)))
        self._choices: list[str] = []
        self._choice_name: list[int] = []
        self._index_names(aliases_of)
        self._bags: dict[str, list[int]] = self._word_order_keys(aliases_of)
        # Sizes each model's names write ("Qwen3-30B-A3B" → 30): a typed size must fit one (catalog/name_sizes.py).
        self._name_sizes: list[tuple[float, ...]] = [
            tuple(x for text in [name, *aliases_of[i]] for x in sizes_in(text)) if kind == "model" else ()
            for i, name in enumerate(self._names)
        ]
        # Sorted keys for prefix lookups by bisection (O(log n) instead of a scan).
        choices = self._choices
        self._prefix_order = sorted(range(len(choices)), key=choices.__getitem__)
        self._prefix_keys = [choices[ci] for ci in self._prefix_order]
        self._choice_numbers = [number_tokens(c) for c in choices]
        # Number tokens of the normalized key lose separators ("3.1" → "31"), which is what the
        # query side sees too when a user types "llama31"; keep the names' own readings as well.
        self._name_aliases_numbers = [
            [number_tokens(n)] + [number_tokens(a) for a in aliases_of[i]]
            for i, n in enumerate(self._names)
        ]

    def _group_entries(self, entries: Iterable[tuple[str, Sequence[str], T]]) -> list[list[str]]:
        """One name per distinct display name, in first-seen order, with every payload passed under it;
        returns each name's aliases (all entries' together)."""
        self._names: list[str] = []
        self._payloads: list[list[T]] = []
        index_of: dict[str, int] = {}
        aliases_of: list[list[str]] = []
        for name, aliases, key in entries:
            i = index_of.get(name)
            if i is None:
                i = index_of[name] = len(self._names)
                self._names.append(name)
                self._payloads.append([])
                aliases_of.append([])
            self._payloads[i].append(key)
            aliases_of[i].extend(a for a in aliases if a)
        return aliases_of

    def _add_key(self, table: dict[str, list[int]], key: str, i: int) -> None:
        """Files name `i` under `key`; each new (key, name) pair is also a choice for fuzzy and prefix search."""
        if not key:
            return
        bucket = table.setdefault(key, [])
        if i not in bucket:
            bucket.append(i)
            self._choices.append(key)
            self._choice_name.append(i)

    def _index_names(self, aliases_of: list[list[str]]) -> None:
        """The exact keys (names and aliases) and, for GPUs, the derived keys and memory-variant groups."""
        for i, name in enumerate(self._names):
            self._add_key(self._exact, normalize(name), i)
            for alias in aliases_of[i]:
                self._add_key(self._exact, normalize(alias), i)
        if self.kind != "gpu":
            return
        group_first: dict[str, int] = {}
        for i, name in enumerate(self._names):
            base = _TRAILING_MEMORY_RE.sub("", name)
            if base != name:
                gkey = normalize(base)
                # A card named exactly like the base ("GeForce RTX 3080") leads its group;
                # otherwise the first variant passed (oldest) does.
                plain = self._exact.get(gkey)
                self._canonical[i] = group_first.setdefault(gkey, plain[0] if plain else i)
                self._add_key(self._derived, gkey, i)
                self._add_key(self._derived, "".join(name_words(base, VENDOR_WORDS | GPU_SERIES_WORDS)), i)
            self._add_key(self._derived, "".join(name_words(name, VENDOR_WORDS | GPU_SERIES_WORDS)), i)
        self._code_keys()

    def _code_keys(self) -> None:
        """A professional card by its bare model code, as people write it ("r9700" for Radeon AI PRO R9700,
        "w7900", "b60" for Arc Pro B60): the code alone, a letter and two to four digits, when no other name
        or key holds it, nor begins another card's ("a40" stays NVIDIA's A40 PCIe, never the Arc Pro A40)."""
        keys = [*self._exact, *self._derived]
        for i, name in enumerate(self._names):
            if "pro" not in name.casefold().split():
                continue
            code = "".join(name_words(name, VENDOR_WORDS | GPU_SERIES_WORDS | _PRO_WORDS))
            if _CODE_RE.fullmatch(code) and not any(
                    k.startswith(code) and i not in (self._exact.get(k) or self._derived.get(k) or []) for k in keys):
                self._add_key(self._derived, code, i)

    def _word_order_keys(self, aliases_of: list[list[str]]) -> dict[str, list[int]]:
        """Names by their words in any order: a GPU's words sorted ("4090 rtx", "sxm4 a100 40gb"); a model's
        bag of three words or more ("gemma 3 27b qat" is "Gemma 3 QAT 27B") — shorter bags say too little."""
        bags: dict[str, list[int]] = {}
        for i, name in enumerate(self._names):
            for text in [name, *aliases_of[i]]:
                if self.kind == "gpu":
                    words = bag_key(text)
                else:
                    words = model_bag_key(text)
                    if words.count(" ") < 2:
                        continue
                bucket = bags.setdefault(words, [])
                if i not in bucket:
                    bucket.append(i)
        return bags

    # ------------------------------------------------------------------ start-up cache
    def index_state(self) -> dict[str, object]:
        """Everything __init__ derived from the entries except their payloads: plain data a caller
        may store (answers keeps the GPU index in its start-up cache) and hand to `from_index_state`."""
        return {k: v for k, v in vars(self).items() if k != "_payloads"}

    @classmethod
    def from_index_state(cls, state: dict[str, object], entries: Iterable[tuple[str, Sequence[str], T]]) -> Resolver[T]:
        """The resolver `Resolver(entries, kind=…)` would build, from the `index_state()` it had; only
        valid for the same entries' names and aliases (the caller's cache key must say so)."""
        self = cls.__new__(cls)
        vars(self).update(state)
        index_of = {name: i for i, name in enumerate(self._names)}
        self._payloads = [[] for _ in self._names]
        for name, _aliases, key in entries:
            self._payloads[index_of[name]].append(key)
        return self

    # ------------------------------------------------------------------ helpers
    @property
    def names(self) -> list[str]:
        return list(self._names)

    def _match(self, i: int, score: float) -> Match[T]:
        return Match(self._names[i], tuple(self._payloads[i]), round(score, 1))

    def _fuzzy(self, q: str, qnums: tuple[NumberToken, ...], limit: int,
               typed: float | None = None) -> dict[int, float]:
        """Best score per display-name index over fuzzy hits that pass the number check (and, for a
        model, fit the size `typed`: "qwen3 3b" is not Qwen3-30B-A3B, whose digits it shares)."""
        best: dict[int, float] = {}
        hits: list[tuple[str, float, int]] = []
        if len(q) >= MIN_FUZZY_LEN:
            from rapidfuzz import fuzz, process  # loaded on the first fuzzy lookup: exact names need none

            hits = process.extract(
                q, self._choices, scorer=fuzz.ratio, processor=None, limit=limit, score_cutoff=60
            )
        elif not (len(q) >= 3 and any(ch.isdigit() for ch in q)):
            return best  # "the", "o3": exact or nothing; "a10" may still start a name
        for ci in self._prefix_hits(q):
            cover = len(q) / len(self._choices[ci])
            if cover >= PREFIX_MIN_COVER:
                hits.append((self._choices[ci], PREFIX_BASE + PREFIX_SPAN * cover, ci))
        for _choice, score, ci in hits:
            i = self._choice_name[ci]
            loose = self._number_penalty(i, ci, qnums)
            if loose is None:
                continue
            s = score - loose * LOOSE_NUMBER_PENALTY
            if not self._size_fits(i, typed):
                s -= SIZE_MISMATCH_PENALTY  # never a match, still a "did you mean" ("gemma 3 13b" → Gemma 3 12B)
            if s > best.get(i, -1.0):
                best[i] = s
        return best

    def _retry_text(self, text: str) -> str | None:
        """The query without what the catalog never carries: trailing noise words ("GLIDE model",
        "llama 3 8b instruct") or a trailing memory size ("arc a770 16gb"). None if unchanged."""
        trimmed = _TRAILING_MEMORY_RE.sub("", " " + text.strip()).strip()
        words = trimmed.split()
        while words and normalize(words[-1]) in _MODEL_NOISE_WORDS:
            words.pop()
        retry = " ".join(words)
        while self.kind == "model" and (shorter := _FINE_TUNE_SUFFIX_RE.sub("", retry)) != retry and shorter:
            retry = shorter
        return retry if retry and normalize(retry) != normalize(text) else None

    def _prefix_hits(self, q: str, cap: int = 200) -> list[int]:
        lo = bisect.bisect_left(self._prefix_keys, q)
        hi = bisect.bisect_left(self._prefix_keys, q + "\x7f", lo, min(lo + cap, len(self._prefix_keys)))
        return [self._prefix_order[k] for k in range(lo, hi)]

    def _number_penalty(self, i: int, ci: int, qnums: tuple[NumberToken, ...]) -> int | None:
        if not qnums:
            return 0
        fits = [_numbers_fit(qnums, self._choice_numbers[ci])]
        fits += [_numbers_fit(qnums, n) for n in self._name_aliases_numbers[i]]
        ok = [f for f in fits if f is not None]
        return min(ok) if ok else None

    def _size_fits(self, i: int, typed: float | None) -> bool:
        if typed is None or self.kind != "model":
            return True
        written, params_b = self._size_facts(i)
        return size_fits(typed, written, params_b)

    def _size_facts(self, i: int) -> tuple[tuple[float, ...], float | None]:
        """(sizes the names write, parameter count if the payload has one) of name index `i`."""
        return self._name_sizes[i], getattr(self._payloads[i][0], "params_b", None)

    def _typed_fit(self, text: str, idxs: list[int]) -> list[int]:
        """The exact hits that fit the size typed in `text` ("GLA 13b" and "GLA 1.3B" share a key)."""
        typed = typed_size(text) if self.kind == "model" else None
        return [i for i in idxs if self._size_fits(i, typed)] if typed is not None else idxs

    def _model_bag(self, text: str) -> list[int] | None:
        if self.kind != "model":
            return None
        key = model_bag_key(text)
        return self._bags.get(key) if key.count(" ") >= 2 else None

    def _ranked(self, scores: dict[int, float]) -> list[tuple[int, float]]:
        # Ties: canonical members first, then catalog order, so results are stable.
        return sorted(scores.items(), key=lambda kv: (-kv[1], self._canonical[kv[0]] != kv[0], kv[0]))

    # ------------------------------------------------------------------ public API
    @remembered
    def resolve(self, text: str) -> Resolution[T]:
        """Best match for `text`, or ranked candidates when unsure."""
        if self.kind == "gpu":
            return resolve_gpu(self, text[:200], fuzzy=True)  # type: ignore[return-value]
        return self._resolve_plain(text)

    def _resolve_plain(self, text: str) -> Resolution:
        text = text[:200]
        if parse_memory_size(text) is not None:
            return Resolution(None, [], False)  # "12 GB" is a size, never a name
        q = normalize(text)
        if not q:
            return Resolution(None, [], False)
        qnums = number_tokens(text)

        exact = self._exact.get(q) or self._derived.get(q) or self._model_bag(text)
        if exact:
            exact = self._typed_fit(text, exact)
        if exact:
            return self._from_exact(q, qnums, exact)

        typed = typed_size(text) if self.kind == "model" else None
        scores = self._fuzzy(q, qnums, _FUZZY_LIMIT, typed)
        cutoff = SHORT_CUTOFF if len(q) <= SHORT_LEN else CUTOFF
        if not scores or max(scores.values()) < cutoff:
            retry = self._retry_text(text)
            if retry is not None:
                again = self._resolve_plain(retry)
                if again.best is not None or again.ambiguous:
                    return again
            if not scores:
                return Resolution(None, [], False)
        ranked = self._ranked(scores)
        ranked = [(i, s) for i, s in ranked if s >= cutoff - 15]  # keep near misses for "did you mean"
        candidates = [self._match(i, s) for i, s in ranked[:10]]
        if not ranked or ranked[0][1] < cutoff:
            return Resolution(None, [c for c in candidates if c.score >= cutoff - 15], False)
        top_i, top_s = ranked[0]
        group = self._canonical[top_i]
        rivals = [(i, s) for i, s in ranked[1:] if self._canonical[i] != group]
        if rivals and top_s - rivals[0][1] < AMBIGUITY_MARGIN:
            # "Qwen3-30B-A3B-Instruct": a chat-tune tag the names write on several models (the VL and Coder
            # "-Instruct" too) ties them; the name without it may pin one down
            untagged = self._retry_text(text)
            plain = self._resolve_plain(untagged) if untagged is not None else None
            if plain is not None and plain.best is not None:
                return plain
            return Resolution(None, candidates, True)
        if self._canonical[top_i] != top_i and group in scores:
            # A memory variant won, but its group's canonical card also matched: prefer it.
            top_i = group
            ordered = [top_i] + [i for i, _ in ranked if i != top_i]
            candidates = [self._match(i, scores[i]) for i in ordered[:10]]
        return Resolution(self._match(top_i, scores.get(top_i, top_s)), candidates, False)

    @remembered
    def starts_a_name(self, text: str) -> bool:
        """Whether some name (or alias) begins with `text` and goes on ("mistral small" → Mistral Small 3.x):
        the parser then reads the longer words as the name rather than an exact shorter one ("mistral")."""
        q = normalize(text[:200])
        return bool(q) and any(self._key(ci) != q for ci in self._prefix_hits(q, cap=8))

    def _key(self, ci: int) -> str:
        return self._choices[ci]

    @remembered
    def lookup(self, text: str) -> Resolution[T] | None:
        """Exact names, aliases and derived keys only (a dictionary lookup, no fuzzing and no
        "did you mean" extras); None when `text` is not exactly a name. For callers that scan
        many spans of a sentence (answers/parse.py)."""
        text = text[:200]
        if self.kind == "gpu":
            found = resolve_gpu(self, text, fuzzy=False)
            return found if found is not None and found.best is not None else None
        return self._lookup_plain(text)

    def _lookup_plain(self, text: str) -> Resolution | None:
        q = normalize(text)
        idxs = (self._exact.get(q) or self._derived.get(q) or self._model_bag(text)) if q else None
        if idxs:
            idxs = self._typed_fit(text, idxs)
        if not idxs or parse_memory_size(text) is not None:
            return None
        return self._from_exact(q, number_tokens(text), idxs, extras=False)

    def _from_exact(
        self, q: str, qnums: tuple[NumberToken, ...], idxs: list[int], extras: bool = True
    ) -> Resolution[T]:
        if len({self._canonical[i] for i in idxs}) > 1 and qnums:
            # Same key, different numbers: "OPT-1.3B" and "OPT-13B" are both "opt13b".
            raw = tuple(n[2] for n in qnums)
            same = [i for i in idxs if any(tuple(n[2] for n in ns) == raw for ns in self._name_aliases_numbers[i])]
            idxs = same or idxs
        groups = {self._canonical[i] for i in idxs}
        # Near variants ("rtx 4060" → 4060 Ti, 4060 Mobile…) ride along for "did you mean".
        extra = self._ranked(self._fuzzy(q, qnums, 20)) if extras else []
        if len(groups) > 1:
            cands = [self._match(i, 100.0) for i in idxs]
            cands += [self._match(i, s) for i, s in extra if i not in idxs and s >= CUTOFF]
            return Resolution(None, cands[:10], True)
        canon = groups.pop()
        top = canon if canon in idxs else idxs[0]
        ordered = [top] + [i for i in idxs if i != top]
        cands = [self._match(i, 100.0) for i in ordered]
        cands += [self._match(i, s) for i, s in extra if i not in ordered and s >= CUTOFF - 10]
        return Resolution(cands[0], cands[:10], False)

    def suggest(self, text: str, limit: int = 25) -> list[Match[T]]:
        """Autocomplete choices, best first: exact, then names starting with the text (what people
        expect while typing "rtx 40"), then names containing it, then fuzzy matches with the same
        numbers. "" → the first `limit` names in the order given."""
        q = normalize(text[:100])
        if not q:
            return [self._match(i, 100.0) for i in range(min(limit, len(self._names)))]
        qnums = number_tokens(text)
        scores: dict[int, float] = {}

        def offer(i: int, score: float) -> None:
            if score > scores.get(i, -1.0):
                scores[i] = score

        for i in self._exact.get(q) or self._derived.get(q) or []:
            offer(i, 100.0)
        for ci in self._prefix_hits(q, cap=limit * 8):
            # Shorter completions first: "rtx 409" → "RTX 4090" before "RTX 4090 Mobile".
            offer(self._choice_name[ci], 95.0 - min(len(self._choices[ci]) - len(q), 40) * 0.1)
        if len(scores) < limit and len(q) >= 3:
            for ci, choice in enumerate(self._choices):
                if q in choice:
                    offer(self._choice_name[ci], 90.0 - min(len(choice) - len(q), 40) * 0.1)
        if len(scores) < limit and len(q) >= MIN_FUZZY_LEN:
            for i, s in self._fuzzy(q, qnums, limit * 2).items():
                offer(i, min(s, 85.0))
        return [self._match(i, s) for i, s in self._ranked(scores)[:limit]]


def curated_first(candidates: Sequence[Match[T]]) -> list[Match[T]]:
    """An ambiguous model name's candidates for "did you mean", the curated records (a layout or native
    format on record: the built-in models) first among the close ones (within AMBIGUITY_MARGIN of the
    best), then the rest in rank order. Importing thousands of Epoch names must not put "Qwen-VL" or
    "Gemma 3n" before the Qwen3 and Gemma 3 models people mean when they type "qwen" or "gemma 3"."""
    if not candidates:
        return []
    top = candidates[0].score
    close = [c for c in candidates if top - c.score < AMBIGUITY_MARGIN]

    def curated(m: Match[T]) -> bool:
        p = m.key
        return getattr(p, "architecture", None) is not None or getattr(p, "native_format", None) is not None

    return sorted(close, key=lambda m: not curated(m)) + list(candidates[len(close):])
