"""Names in a question: the spans of tokens that name a model or a card, exact first, fuzzy last.
"""

from __future__ import annotations

import re
from functools import cache

from msgspec import Struct

from answers.knowledge.closed_models import closed_in
from answers.lexicon import lexicon
from answers.reading.sizes import BILLIONS_TOKEN_RE
from answers.reading.tokens import Token
from answers.reading.vocabulary import _stopwords, _task_words, _word_set
from catalog.name_versions import version_clash as _version_clash
from catalog.resolve import Resolution, Resolver
from catalog.text import fold


# --------------------------------------------------------------------------- entity spans
class Span(Struct):
    """A stretch of the question (`start`:`end`) read as one name of `kind`, with its resolution."""
    start: int
    end: int  # exclusive
    kind: str  # "model" | "gpu"
    res: Resolution
    text: str

    @property
    def score(self) -> float:
        top = self.res.best or (self.res.candidates[0] if self.res.candidates else None)
        return top.score if top else 0.0


_MAX_SPAN = 7


def _content(tok: Token, stop: frozenset[str]) -> bool:
    return not tok.used and tok.low not in stop


def _names_with_task(toks: list[Token], i: int, j: int, models: Resolver) -> bool:
    """A task word or a short function word that ends a model's exact name ("phi-4 reasoning", "llama 3.2 11b
    vision", "command a") is the name's."""
    if toks[j].used or (toks[j].low not in _task_words() and len(toks[j].low) > 2):
        return False
    return any(models.lookup(" ".join(t.text for t in toks[s: j + 1])) is not None for s in range(max(i, j - 4), j))


def _inside_card_name(toks: list[Token], i: int, j: int, gpus: Resolver) -> bool:
    """A function word inside a card's exact name ("Radeon AI PRO R9700": French "ai" is "have") is the
    name's: some run of at most six tokens through it, begun in this chunk, is exactly a card."""
    if toks[j].used or j == i:
        return False
    for s in range(max(i, j - 3), j):
        for e in range(j + 2, min(len(toks), s + 6) + 1):
            if any(t.used for t in toks[j + 1: e]):
                break
            if gpus.lookup(" ".join(t.text for t in toks[s: e])) is not None:
                return True
    return False


def _find_spans(toks: list[Token], models: Resolver, gpus: Resolver) -> tuple[list[Span], list[str]]:
    """Resolved spans in reading order, and the runs of content words nothing matched."""
    stop = _stopwords()
    # Chunks: maximal runs of content tokens.
    chunks: list[tuple[int, int]] = []
    i = 0
    while i < len(toks):
        if _content(toks[i], stop):
            j = i
            while j < len(toks) and (_content(toks[j], stop) or _names_with_task(toks, i, j, models)
                                     or _inside_card_name(toks, i, j, gpus)):
                j += 1
            chunks.append((i, j))
            i = j
        else:
            i += 1
    spans: list[Span] = []
    unknown: list[str] = []
    taken = [False] * len(toks)
    for a, b in chunks:
        # 1. exact names, longest first (cheap dictionary lookups)
        for n in range(min(_MAX_SPAN, b - a), 0, -1):
            for s in range(a, b - n + 1):
                if any(taken[s: s + n]):
                    continue
                text = " ".join(t.text for t in toks[s: s + n])
                if len(text) < 2 or (n == 1 and toks[s].low.isdigit() and len(toks[s].low) < 3):
                    continue
                for kind, resolver in _kind_order(toks, s, models, gpus):
                    res = resolver.lookup(text)
                    if res is not None and kind == "model" and _name_goes_on(toks, s + n, b, text, models):
                        break  # "mistral small": not Mistral 7B plus a stray word; the longer name decides
                    if res is not None and kind == "model" and _other_model(toks, s + n, b, text, res, models):
                        end = _name_end(toks, s + n, len(toks))
                        unknown.append(" ".join(t.text for t in toks[s: end]))
                        for k in range(s, end):
                            taken[k] = True  # "mistral medium 3": a model the catalog lacks, not Mistral 7B
                        break
                    if res is not None:
                        spans.append(Span(s, s + n, kind, res, text))
                        for k in range(s, s + n):
                            taken[k] = True
                        break
        # 1b. a size in the chunk that the exact names left out or took alone ("deepseek r1 distill
        # 32b" is not DeepSeek-R1, "r1 distill qwen 14b" not Qwen-14B): the whole name, if some
        # model of that size matches it.
        _whole_sized_name(toks, a, b, models, spans, taken)
        # 2. leftovers go through the fuzzy resolvers, trimmed from the edges if need be
        k = a
        while k < b:
            if taken[k]:
                k += 1
                continue
            e = k
            while e < b and not taken[e]:
                e += 1
            _fuzzy_run(toks, k, e, models, gpus, spans, unknown)
            k = e
    spans.sort(key=lambda sp: sp.start)
    return spans, unknown


def _name_goes_on(toks: list[Token], end: int, b: int, text: str, models: Resolver) -> bool:
    """The next word of the chunk continues a model name that `text` only begins, and is not itself a
    size, a level or a number (those are read on their own)."""
    if end >= b or not toks[end].low.isalpha():
        return False
    return models.starts_a_name(f"{text} {toks[end].text}")





def _version(low: str) -> bool:
    return re.fullmatch(r"v?\d{1,2}(\.\d{1,2})?", low) is not None


def _layout(low: str) -> bool:
    """A mixture of experts' layout as names write it: "8x7b", "8x22b", "16x3.8b"."""
    return re.fullmatch(r"\d{1,3}x\d+(?:\.\d+)?b", low) is not None



def _other_model(toks: list[Token], end: int, b: int, text: str, res: Resolution, models: Resolver) -> bool:
    """A family name found exactly ("mistral", "magistral", "mistral large") but followed by a tier word
    ("medium") or a version ("3") that no catalog name continues it with, and that the name found does not
    carry: the question names another model of the line, which the catalog does not have."""
    if any(ch.isdigit() for ch in text) or res.best is None:
        return False
    if end >= b:  # the next word is a common one ("giga", "super"): only a capitalised coined name counts
        return _coined_word(toks, end, len(toks), typed_case=True)
    nxt = toks[end].low
    if models.starts_a_name(f"{text} {toks[end].text}") or models.lookup(f"{text} {toks[end].text}") is not None:
        return False
    name = fold(res.best.name)
    if nxt in lexicon().model_tier_words:
        return not re.search(rf"\b{re.escape(nxt)}\b", name)
    if _layout(nxt):  # "mixtral 8x70b": a layout the family does not have (it has 8x7b and 8x22b)
        family = name.split()[0]
        return nxt not in name.replace(" ", "") and not any(
            nxt in fold(n).replace(" ", "").replace("-", "") for n in models.names if fold(n).startswith(family))
    if _version(nxt):
        numbers = re.findall(r"\d+(?:\.\d+)?", name)
        if not numbers:  # "glm 9": the family's numbered releases ("GLM-4.5"), not an unnumbered namesake ("gLM")
            head = re.escape(fold(text))
            return any(re.match(rf"{head}[\s-]?\d", fold(n)) for n in models.names)
        return nxt.lstrip("v") not in numbers
    return _coined_word(toks, end, b) and not re.search(rf"\b{re.escape(nxt)}\b", name)


def _coined_word(toks: list[Token], end: int, b: int, typed_case: bool = False) -> bool:
    """A word no catalog name continues the family with, then a version ("mistral giga 2", "qwen ultra 5"):
    the name of a model the catalog does not have, never the family's default plus stray words. A word the
    question's reading counts as ordinary ("Giga" is Italian for gigabytes) counts only capitalised, and
    never a function word ("with 2 cards")."""
    if not (end + 1 < b and toks[end].low.isalpha() and len(toks[end].low) >= 3 and not toks[end].used
            and _version(toks[end + 1].low) and not toks[end + 1].used):
        return False
    return not typed_case or (toks[end].text[:1].isupper() and toks[end].low not in function_words())


@cache
def function_words() -> frozenset[str]:
    lx = lexicon()
    return frozenset(lx.common_function_words.union(*(lang.function_words for lang in lx.languages.values())))


def _name_end(toks: list[Token], end: int, b: int) -> int:
    """The end of an unknown model's name: its tier words (or a coined word) and a version after them
    ("medium 3", "large 3.1", "giga 2")."""
    while end < b and not toks[end].used and (toks[end].low in lexicon().model_tier_words or _layout(toks[end].low)
                                              or _version(toks[end].low) or _coined_word(toks, end, b)):
        end += 1
    return end


def _whole_sized_name(
    toks: list[Token], a: int, b: int, models: Resolver, spans: list[Span], taken: list[bool],
) -> None:
    sizes = [k for k in range(a, b) if BILLIONS_TOKEN_RE.match(toks[k].low)]
    if not sizes or b - a < 2 or all(taken[a:b]) and len([s for s in spans if a <= s.start < b]) <= 1:
        return
    inside = [sp for sp in spans if a <= sp.start < b]
    if any(sp.kind == "gpu" for sp in inside):
        return  # a card in the same run of words: the names were already told apart
    best: Span | None = None
    for s, e in ((a, b), (a, sizes[-1] + 1)):
        if e - s < 2:
            continue
        text = " ".join(tok.text for tok in toks[s:e])
        res = models.resolve(text)
        size = BILLIONS_TOKEN_RE.match(toks[sizes[-1]].low).group(1)  # type: ignore[union-attr]
        if res.best is None or not re.search(rf"(?<![\d.]){re.escape(size)}\s*b\b", fold(res.best.name)):
            continue
        if best is None or res.best.score > best.score:
            best = Span(s, e, "model", res, text)
    if best is None:
        return
    covered = [sp for sp in inside if sp.start >= best.start and sp.end <= best.end]
    if any(sp.res.best is not None and sp.res.best.name == best.res.best.name for sp in covered):  # type: ignore[union-attr]
        return  # the exact names already found it
    for sp in covered:
        spans.remove(sp)
    spans.append(best)
    for k in range(best.start, best.end):
        taken[k] = True


def _kind_order(toks: list[Token], s: int, models: Resolver, gpus: Resolver) -> list[tuple[str, Resolver]]:
    """A word like "on"/"my"/"su" before the span makes it a card first; otherwise a model first."""
    if s > 0 and toks[s - 1].low in _word_set("card_words"):
        return [("gpu", gpus), ("model", models)]
    return [("model", models), ("gpu", gpus)]


def _closed_head(
    toks: list[Token], a: int, b: int, models: Resolver, gpus: Resolver,
    spans: list[Span], unknown: list[str], depth: int,
) -> bool:
    """A run that begins with a closed line's name the catalog does not hold as typed ("mistral medium 3", API
    only) is that closed model, never an open namesake it loosely matches (Mistral Medium 3.5); the rest of the
    run is searched as usual. True when the run began so."""
    text = " ".join(t.text for t in toks[a:b])
    head = closed_in(text)
    if head is None or not fold(text).startswith(head):
        return False
    n = len(head.split())
    if models.lookup(" ".join(t.text for t in toks[a:a + n])) is not None:
        return False  # "mistral medium 3.5": an open release the catalog has by that name
    unknown.append(" ".join(t.text for t in toks[a:a + n]))
    if a + n < b and depth < 2:
        _fuzzy_run(toks, a + n, b, models, gpus, spans, unknown, depth + 1)
    return True


def _fuzzy_run(
    toks: list[Token], a: int, b: int, models: Resolver, gpus: Resolver,
    spans: list[Span], unknown: list[str], depth: int = 0,
) -> None:
    """Best fuzzy span inside toks[a:b] (the whole run, then with words trimmed off either end);
    what is left on either side is searched the same way ("lama 3 8b rtx 3080 tii")."""
    if _closed_head(toks, a, b, models, gpus, spans, unknown, depth):
        return
    for e in range(b, a + 1, -1):
        # Words that begin several names ("mistral small" → Small 3, 3.1, 3.2) are read together, so a
        # shorter exact name inside them ("mistral") does not win on score; the engine then picks or asks.
        text = " ".join(t.text for t in toks[a:e])
        if toks[e - 1].low.isalpha() and models.starts_a_name(text):
            res = models.resolve(text)
            if res.best is not None or res.ambiguous:
                spans.append(Span(a, e, "model", res, text))
                if e < b and depth < 2 and len("".join(t.text for t in toks[e:b])) >= 3:
                    _fuzzy_run(toks, e, b, models, gpus, spans, unknown, depth + 1)
                return
    tries = [(a, b)]
    for cut in (1, 2):
        if b - a > cut:
            tries += [(a + cut, b), (a, b - cut)]
    best: Span | None = None
    for s, e in tries:
        text = " ".join(t.text for t in toks[s:e])
        if len(text.replace(" ", "")) < 3:
            continue
        for kind, resolver in _kind_order(toks, s, models, gpus):
            res = resolver.resolve(text)
            if res.best is None and not res.ambiguous:
                continue
            if e - s == 1 and not any(ch.isdigit() for ch in text) and (res.best is None or res.best.score < 90):
                continue  # one plain word, loosely matched: an ordinary word ("corren" ≈ "CoRe"), not a name
            if res.best is None and text.replace(".", "").isdigit():
                continue  # a bare number that only starts names ("under 1000 dollars") is not a card
            if kind == "model" and res.best is not None and _version_clash(text, res.best.name):
                continue  # "gemma 9" is no Gemma 2 9B: a release the catalog lacks, said so
            if kind == "gpu" and e - s == 1 and BILLIONS_TOKEN_RE.match(toks[s].low):
                continue  # "a 5000b model" is a size in billions, never a fuzzy "RTX 5000"
            span = Span(s, e, kind, res, text)
            if best is None or span.score > best.score + 1e-9:
                best = span
        if best is not None and best.res.best is not None and best.score >= 95:
            break
    if best is None:
        unknown.append(" ".join(t.text for t in toks[a:b]))
        return
    spans.append(best)
    if depth < 2:
        for s, e in ((a, best.start), (best.end, b)):
            if e > s and len("".join(t.text for t in toks[s:e])) >= 3:
                _fuzzy_run(toks, s, e, models, gpus, spans, unknown, depth + 1)
