"""The language a question is written in and the intent it asks: weighted patterns, then priors
from the entities found; a second ask in the same message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache, lru_cache
from types import MappingProxyType

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon
from answers.lexicon.conditions import condition_words
from answers.lexicon.scan import strongest_hits
from answers.reading.tokens import _unstretch
from answers.reading.vocabulary import _lang_weights, _patterns, _word_set
from answers.records.limits import PARSER_INTENTS


# --------------------------------------------------------------------------- language and intent
def locale_language(locale: str | None) -> str | None:
    """A Discord locale ("es-ES", "pt-BR", "en-US", "it") → a lexicon language code, or None."""
    if not locale:
        return None
    code = locale.replace("_", "-").split("-")[0].casefold()
    return code if code in lexicon().languages else None


_WORD_RE = compile_cached(r"(?<![a-z0-9-])[a-z]+(?:'[a-z]*)?(?![a-z0-9-])")


@cache
def _speed_units_re() -> re.Pattern[str]:
    """The speed units of every language ("tokens per second", "tok/s"), as typed after a number."""
    units = longest_first({" ".join(u.casefold().split()) for u in lexicon().speed_units})
    alts = "|".join(re.escape(u).replace(r"\ ", r"\s+") for u in units)
    return compile_cached(r"(?<![a-z])(?:" + alts + r")(?![a-z])")


# Text quoted in a message ('no kernel image is available…', "CUDA out of memory", `…`): an error or a title pasted
# in, often English inside a Spanish question; a single quote opens only after a space (French "l'ia" stays).
_QUOTED_RE = compile_cached(r"(?:(?<=\s)|^)'[^'\n]{12,}'(?=[\s,.;:!?)]|$)|\"[^\"\n]{12,}\"|`[^`\n]{12,}`"
                            r"|«[^»\n]{12,}»|“[^”\n]{12,}”")

# The same errors typed without quotes ("ollama wirft CUDA error: out of memory", "me da out of memory"): an
# engine's English message, never the asker's language either.
_PASTED_ERROR_RE = compile_cached(r"\b(cuda )?(error:? )?out of memory\b|\bcudamalloc failed\b|\bcuda error\b"
                                  r"|\bno kernel image is available\b|\bfailed to load model\b|\bsegmentation fault\b")


def detect_language(folded: str, raw: str = "", locale: str | None = None, *,
                    before_hardware: tuple[str, ...] = ()) -> str | None:
    """Language by weighted keyword scores; the asker's Discord locale, when given, is one more piece
    of evidence and decides when the words do not. None when nothing tells and no locale.
    `before_hardware` are the words right before a card or machine ("no", "sul", "auf"): a word only one
    language puts a card after is evidence for it ("qwen3 235b no ryzen ai max+ 395" is Portuguese)."""
    weights = _lang_weights()
    folded, raw = _QUOTED_RE.sub(" ", folded), _QUOTED_RE.sub(" ", raw)  # a pasted error is not the asker's language
    folded, raw = _PASTED_ERROR_RE.sub(" ", folded), _PASTED_ERROR_RE.sub(" ", raw.casefold())
    score = dict.fromkeys(lexicon().codes, 0.0)
    for word in before_hardware:
        langs = [code for code, lx in lexicon().languages.items() if word in lx.card_words]
        if len(langs) == 1 and not weights.get(word):
            score[langs[0]] += 1.0
    folded = _speed_units_re().sub(" ", folded)  # "tokens per second" is the field's unit, not Italian "per"
    raw_words = set(re.findall(r"[^\s\d.,;:!?¿¡()\"'«»“”]+|[¿¡]", raw.casefold()))
    for code, lx in lexicon().languages.items():
        score[code] += 2.0 * len(raw_words & lx.accented_words)  # "è" alone is Italian's "is", "é" Portuguese's
    product = lexicon().product_words  # "m2 pro", "4060 ti": names, not Portuguese or Italian
    # A product word after a name-like word ("m2 pro", "macbook pro") is the name's; alone, after the
    # card's name was taken out ("3090 pro mixtral"), it is a word of the sentence (Portuguese "pro").
    named = {w for prev, w in re.findall(r"([\w-]+)\s+(?=([a-z]+)\b)", folded)
             if any(c.isdigit() for c in prev) or prev in lexicon().name_words or prev.startswith("mac")}
    named |= set(re.findall(r"^\s*([a-z]+)\b", folded)) & product
    # A letter glued to a number or a name ("2x3090", "titok-l") is part of it, never a word of the sentence.
    for w in set(_WORD_RE.findall(folded)) | set(re.findall(r"[a-z]+(?:-[a-z]+)+", folded)):
        if w in product and w in named:
            continue
        for lang, wt in (weights.get(w) or weights.get(_unstretch(w), {})).items():
            score[lang] += wt
    if "fr" in score and re.search(r"\b(qu|l|d|j|c|s|n|t)'", folded):
        score["fr"] += 1.5
    if "it" in score and re.search(r"\b(un|dell|nell|sull|quest|c|l)'", folded):
        score["it"] += 1.0
    hint = locale_language(locale)
    if hint is not None:
        score[hint] += 1.0
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    if ranked[0][1] <= 0 or ranked[0][1] == ranked[1][1]:
        return hint
    return ranked[0][0]


def _intent(
    folded: str, has_model: bool, n_cards: int, has_memory: bool, has_context: bool,
    *, gpu_count: int | None = None, task: str | None = None, n_quants: int = 0,
) -> str:
    # PARSER_INTENTS (answers.records.limits) is in tie-breaking order: more specific questions first.
    scores = dict.fromkeys(PARSER_INTENTS, 0.0)
    if n_cards:
        # "M2 Ultra (24-core CPU, 76-core GPU)", "CPU a 16 core": the named machine's processor described, not
        # the model put on the processor (offload); a CPU said without its core count still counts.
        folded = without_core_counts(folded)
    scores.update(_pattern_scores(folded))
    if gpu_count and gpu_count > 1 and not _asks_if_more_cards_help(folded):
        # A setup ("dual 3090", "2x 4090") asked about as a whole keeps the one-card intent
        # (can run, how fast); two_gpus is for "would a second card help / make it faster".
        scores["two_gpus"] = 0.0
    if n_cards < 2:
        scores["compare"] -= 3.0  # a comparison needs two cards; "7b vs 14b on a 3060" asks what fits
    if has_model:
        scores["card_models"] -= 3.0  # "can I run X on my 4090" is about X, not the 4090's list
        scores["memory_cards"] = 0.0  # "best 16gb card for X" is about X on that size, not a list of cards
    if n_quants > 1 and n_cards < 2:
        # "q8 or q4 for X", "meglio q4 o q6": a choice of level, answered by what fits.
        scores["compare"] -= 4.0
        scores["can_run" if has_model else "card_models"] += 2.0
    if task and not has_model and (n_cards or has_memory):
        scores["card_models"] += 3.0  # "good coding model for 12 GB"
    # Entity priors: what the question is about when the words leave it open.
    if has_model and n_cards == 0:
        scores["power"] -= 6.0  # "la consommation de mistral nemo": a model's memory, no machine's watts
    if has_model and n_cards >= 2:
        # "3090 or 4070 ti super for qwen3 14b? power matters": a comparison, its power said beside it
        # (answers/facts/side_power.py), not a power answer that drops the speeds
        scores["power"] -= 6.0
    if has_model and has_memory:
        scores["can_run"] += 2.5
    if has_model and n_cards == 1:
        scores["can_run"] += 2.5
        scores["speed"] += 0.5
    if n_cards >= 2:
        # Two named cards: "is X faster on A or B" is a comparison even with "faster" in it.
        scores["compare"] += 4.5 if has_model else 3.0
        if not has_model:
            # "which is faster, a 5070 ti or a 4080 super": without a model, a speed word over two cards asks
            # which card is faster (a speed or the fastest card is always a model's).
            for intent in ("speed", "fastest"):
                scores[intent] -= 2.0
    if n_cards == 1 and not has_model:
        scores["card_models"] += 2.5
    if n_cards >= 1 and not has_model:
        for intent in ("can_run", "vram", "parameters", "maker", "release", "purpose", "download", "compute",
                       "open_source", "model_info", "what_gpu"):
            scores[intent] -= 2.0  # these are about a model
    if has_memory and not has_model and n_cards == 0:
        scores["card_models"] += 2.0
    if has_model and n_cards == 0 and not has_memory:
        scores["model_info"] += 2.0
    if has_model or n_cards:
        # a model or a card named is asked about ("a 3050 4gb laptop, something to help me study?"), not the
        # bot's own help
        scores["help"] -= 4.0
    if has_model and has_context:
        scores["vram"] += 1.0
        if scores["longest_context"] >= 5.0 and (n_cards or has_memory):
            # "how much context can I get on my 3090, is 64k doable?": a length said beside the asking phrase is
            # the one to check against the card, not a memory size asked for (a kv-cache word leaves it so)
            scores["longest_context"] += 1.5
    if not has_model and n_cards == 0:
        for intent in ("can_run", "vram", "speed", "model_info"):
            scores[intent] -= 1.0
    best = max(PARSER_INTENTS, key=lambda k: (scores[k], -PARSER_INTENTS.index(k)))
    return best if scores[best] >= 2.0 else "fallback"


@cache
def _core_count_cpu_re() -> re.Pattern[str]:
    """A processor's core count beside the word "cpu", either way round ("24-core cpu", "cpu a 16 core",
    "cpu de 12 nucleos", "16-kerne-cpu"), with the core nouns of every language (conditions.toml `cores`)."""
    words = condition_words().every("cores")
    # folding keeps "œ" ("cœurs"); the table writes it "oe", as conditions.read spells the question
    nouns = "|".join(re.escape(w) for w in longest_first(words | {w.replace("oe", "œ") for w in words}))
    count = rf"\d{{1,3}}\s*-?\s*(?:{nouns})"
    return compile_cached(rf"(?i)(?<![\w.])(?:{count}\s*-?\s*cpus?|cpus?\s+(?:\w{{1,4}}\s+)?{count})(?![\w])")


@cache
def _placements() -> tuple[str, ...]:
    """What puts a model on the processor right before "cpu" ("on my", "sulla", "auf der"): the lexicon's
    `cpu_words` phrases without their last word, in every language."""
    heads = {" ".join(p.split()[:-1]) for p in _word_set("cpu_words") if len(p.split()) > 1 and p.split()[-1] == "cpu"}
    return tuple(sorted(h for h in heads if h))


def without_core_counts(text: str) -> str:
    """The text with each "N-core CPU" blanked: a named machine's processor described, never an ask. One said
    where the model goes ("the rest on my 16-core cpu", "sulla cpu a 16 core") is kept."""
    def blank(m: re.Match[str]) -> str:
        before = " ".join(text[:m.start()].split()).casefold()
        return m.group() if any(before == h or before.endswith(" " + h) for h in _placements()) else " "
    return _core_count_cpu_re().sub(blank, text)


def _pattern_score(folded: str, intent: str) -> float:
    return _pattern_scores(folded).get(intent, 0.0)


@lru_cache(maxsize=256)
def _pattern_scores(folded: str) -> Mapping[str, float]:
    """Each intent's strongest hit among the lexicon's patterns (one hit per intent is enough; several
    languages do not add up twice). Remembered for the last texts: one reading asks it several times,
    of the question and of the question with a name taken out."""
    return MappingProxyType(strongest_hits(lexicon().intent_scans, folded))


def _asks_if_more_cards_help(folded: str) -> bool:
    return any(lx.more_cards_help.search(folded) for lx in lexicon().languages.values())


# Intents a second ask can add ("who released X and when", "how fast … also does it fit at q6").
_SECOND_ASKS = frozenset({
    "can_run", "speed", "vram", "maker", "release", "download", "parameters", "open_source", "purpose",
    "compute", "longest_context", "offload", "two_gpus", "what_gpu", "smallest", "fastest", "prefill",
})
# Answers that already say what a second ask would: an offload answer gives its speed, a prompt's time the
# speed of writing after it.
_COVERS = {"offload": frozenset({"speed", "can_run"}), "two_gpus": frozenset({"speed", "can_run"}),
           "prefill": frozenset({"speed"})}


@cache
def _separator_re() -> re.Pattern[str]:
    """A question mark, or a word of any language that joins a second ask."""
    words = longest_first(_word_set("and_words"))
    return compile_cached(r"\?|\b(" + "|".join(map(re.escape, words)) + r")\b")


def _more_asks(folded: str, intent: str) -> list[str]:
    """Other intents asked after a separator ("?", "and", "e", "et", "und", "y"…), in reading order.
    Only language patterns of some weight count: a stray word does not make a second question."""
    sep = _separator_re().search(folded)
    if sep is None or intent not in _SECOND_ASKS:
        return []
    covered = _COVERS.get(intent, frozenset())
    hits: dict[str, int] = {}
    for p in _patterns():
        if (p.lang == "all" or p.weight < 3.0 or p.intent == intent or p.intent not in _SECOND_ASKS
                or p.intent in covered):
            continue
        for m in p.regex.finditer(folded):
            if m.start() >= sep.start():
                hits[p.intent] = min(hits.get(p.intent, m.start()), m.start())
                break
    return sorted(hits, key=lambda intent: hits[intent])


_QUESTION_END_RE = compile_cached(r"\?(?=[^?]*\w)")  # a "?" with words after it (each "?" looks only to the next)


def _first_ask(ftext: str, intent: str) -> str | None:
    """An ask made before the separator when the winning one is only asked after it ("how much VRAM
    does X need and how fast is it?", "is X open source? where do I get it"): the message's first
    question, so the asks keep their reading order. Only phrases of some weight count there, as for
    the asks after it: a stray word does not make a first question."""
    # A question mark with words after it ends the first question; without one, "and" does ("y", "e"…,
    # never the folded "è"/"é" of "is" when a question mark is there to go by).
    sep = _QUESTION_END_RE.search(ftext) or _separator_re().search(ftext)
    if sep is None or intent not in _SECOND_ASKS:
        return None
    winner = [m.start() for p in _patterns() if p.intent == intent and p.lang != "all" and p.weight >= 3.0
              for m in [p.regex.search(ftext)] if m]
    if not winner or min(winner) < sep.start():
        return None  # the winner is asked first (or only by the entities): nothing comes before it
    covered = _COVERS.get(intent, frozenset())
    before = ftext[:sep.start()]
    best: tuple[float, int, str] | None = None
    for p in _patterns():
        if (p.lang == "all" or p.weight < 3.0 or p.intent == intent or p.intent not in _SECOND_ASKS
                or p.intent in covered):
            continue
        m = p.regex.search(before)
        if m and (best is None or (p.weight, -m.start()) > best[:2]):
            best = (p.weight, -m.start(), p.intent)
    return best[2] if best else None
