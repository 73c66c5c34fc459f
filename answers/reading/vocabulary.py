"""The parser's vocabulary as it uses it: patterns, language weights, task, count and stop words
(from answers.lexicon, loaded once).
"""

from __future__ import annotations

import re
from functools import cache

from answers.lexicon import Pattern, lexicon
from answers.lexicon.conditions import condition_words
from catalog.text import fold

# --------------------------------------------------------------------------- vocabulary
# Words, phrases and patterns of every language live in answers/lexicon/<lang>.toml (checked at
# load); this module keeps only the algorithm.


# The words of the phrase lists below are never part of a model's or a card's name. They live here, not
# beside the readers of those phrases (at_once.py, versus_words.py), which read tokens built from this module.
@cache
def versus_words() -> frozenset[str]:
    """Every single word of the comparison phrases ("vs", "contro", "compared", "together")."""
    lx = lexicon()
    phrases = [p for lang in lx.languages.values()
               for p in (*lang.versus_words, *lang.compare_words, *lang.together_words)]
    return frozenset(w for p in phrases for w in fold(p).split() if len(w) > 1) - lx.name_words


@cache
def at_once_words() -> frozenset[str]:
    """Every word of the "at the same time" phrases ("gleichzeitig", "insieme")."""
    lx = lexicon()
    return frozenset(w for lang in lx.languages.values() for p in lang.at_once_words
                     for w in fold(p).split() if len(w) > 1) - lx.name_words


@cache
def _patterns() -> tuple[Pattern, ...]:
    return lexicon().patterns()


@cache
def _lang_weights() -> dict[str, dict[str, float]]:
    """word → language → weight. A language's own function words are weak evidence (0.6) when no
    other language has the same word; its listed language words count with their own weight."""
    langs = lexicon().languages
    out: dict[str, dict[str, float]] = {}
    for code, lx in langs.items():
        for w in lx.function_words:
            if not any(w in other.function_words for c, other in langs.items() if c != code):
                out.setdefault(w, {})[code] = 0.6
        for greeting in lx.greetings:
            for w in greeting.split():
                if not any(w in other.function_words or w in other.language_words
                           for c, other in langs.items() if c != code):
                    out.setdefault(w, {})[code] = max(out.get(w, {}).get(code, 0.0), 2.5)
    for code, lx in langs.items():
        for w, wt in lx.language_words.items():
            out.setdefault(w, {})[code] = max(out.get(w, {}).get(code, 0.0), wt)
    return out


@cache
def _task_words() -> dict[str, str]:
    """word → task ("coding", "vision", "reasoning", "chat"), every language."""
    return {w: task for lx in lexicon().languages.values() for task, words in lx.tasks.items() for w in words}


@cache
def _count_words() -> dict[str, int]:
    return {w: n for lx in lexicon().languages.values() for w, n in lx.count_words.items()}


@cache
def _word_set(key: str) -> frozenset[str]:
    """The union over languages of one word list (people mix languages)."""
    return frozenset(w for lx in lexicon().languages.values() for w in getattr(lx, key))


@cache
def _stopwords() -> frozenset[str]:
    """Function words plus every plain word the intent patterns use: none of them names a thing."""
    lx = lexicon()
    words = set(lx.common_function_words) | set(lx.ordinary_words) | set(_task_words()) | set(_count_words())
    for lang in lx.languages.values():
        words |= lang.function_words
        if lang.budget is not None:  # "a few bucks", "muchos pavos": money words, never a name
            words |= {w for ws in lang.budget.currencies.values() for w in ws} | lang.budget.nouns | lang.budget.spend
        for greeting in lang.greetings:
            words.update(greeting.split())
        words |= lang.users_words  # "10 devs", "30 studenti": the people served, never a name (no "Devstral")

    words |= versus_words()  # "vs", "contro", "compared": a comparison's words are never a name

    words |= at_once_words()  # "at the same time", "gleichzeitig": never a name
    # An engine's or a weight format's one-word name ("nvfp4", "llama.cpp", "vllm"): the conditions read it
    # (answers/reading/conditions.py); it is never a model's name.
    cw = condition_words()
    words |= {p for p in (*cw.engines, *cw.formats) if " " not in p}
    for p in _patterns():
        plain = re.sub(r"\\[a-zA-Z]", " ", p.regex.pattern)  # drop \b, \S… before reading words
        words.update(w for w in re.findall(r"[a-z]{3,}", plain))
    # Words that are also parts of names: keep them out of the stop list.
    return frozenset(words - lx.name_words)


@cache
def _typo_words() -> tuple[tuple[str, ...], frozenset[str]]:
    """(words a slip is mended to: the patterns' and the language lists' words; every word known as is)."""
    vocabulary = {w for w in _lang_weights() if len(w) >= 4 and w.isalpha()}
    for p in _patterns():
        plain = re.sub(r"\\[a-zA-Z]", " ", p.regex.pattern)
        vocabulary.update(re.findall(r"[a-z]{4,}", plain))
    return tuple(sorted(vocabulary)), frozenset(vocabulary | _stopwords() | _task_words().keys())
