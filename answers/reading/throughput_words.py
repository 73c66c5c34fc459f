"""What a question says about reading a prompt and serving several people:

- a prompt length next to a prompt word ("a 32k prompt", "prompt of 8000 tokens", "prompt da 16k token"):
  `k` is `K_TOKENS` (answers/reading/amounts.py), as llama.cpp and the context lengths count;
- a number of people served at once ("4 users", "vllm 4 users", "dieci persone", "8 gleichzeitige Nutzer"),
  in digits or in the language's count words;
- the runtime backend named ("vulkan", "rocm", "hip", "metal", "sycl"): the prefill efficiency is per backend.

The words live in answers/lexicon (`prompt_words`, `users_words` per language, `backends` in common.toml);
this module matches them on accent-folded, lower-case text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from msgspec import Struct

from answers.knowledge.pickled import compile_cached
from answers.lexicon import lexicon
from answers.reading.amounts import K_TOKENS
from answers.reading.sizes import name_numbers
from catalog.text import fold

_NUMBER = r"(\d+(?:[.,]\d+)?)\s*(k|m)?\b"
_PP_RE = re.compile(r"\bpp ?(\d{3,5})\b")  # llama-bench's prompt-processing test names ("pp512", "pp 2048")
_TOKENS = r"(?:\s*-?\s*(?:tokens?|jetons?|token))?"


class Throughput(Struct, frozen=True):
    """Prompt length, number of users and backend, when a question names them."""
    prompt_tokens: int | None = None
    users: int | None = None
    backend: str | None = None


def _alternation(words: set[str]) -> str:
    # Longest first, alphabetical among equals: the same pattern in every process (the start-up cache's key).
    return "|".join(sorted(sorted(re.escape(w) for w in words), key=len, reverse=True))


@cache
def _regexes() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], dict[str, int], dict[str, str]]:
    lx = lexicon()
    prompt = _alternation({w for lang in lx.languages.values() for w in lang.prompt_words})
    users = _alternation({w for lang in lx.languages.values() for w in lang.users_words})
    counts = {w: n for lang in lx.languages.values() for w, n in lang.count_words.items()}
    count_alt = _alternation(set(counts))
    # "32k prompt", "8000-token prompt", "8k de prompt", "8k of prompt"
    before = compile_cached(rf"\b{_NUMBER}{_TOKENS}\s*-?\s*(?:(?:of|de|di|do|da|del)\s+)?(?:{prompt})\b")
    after = compile_cached(rf"\b(?:{prompt})\s+(?:\S+\s+){{0,2}}?{_NUMBER}(?!\s*(?:gb|go|b)\b)")  # "prompt of 32k"
    # One word may sit between ("4 concurrent users") but not a number: in "servir a 10 usuarios" the "a"
    # is the preposition, and the count is the 10 (the count word "a" is English's "a user").
    people = compile_cached(rf"\b(\d+|{count_alt})\s+(?:(?!\d)\S+\s+)?(?:{users})\b")
    backends = {w: name for name, words in lx.backends.items() for w in words}
    return before, after, people, counts, backends


def _tokens(number: str, unit: str | None) -> int | None:
    if unit:
        value = float(number.replace(",", ".")) * (K_TOKENS if unit == "k" else K_TOKENS * K_TOKENS)
    elif re.search(r"[.,]", number) and not re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", number):
        return None  # "prompt on llama 3.1": a version, not a length (a length's separators group thousands)
    else:
        value = float(number.replace(",", "").replace(".", ""))  # "8,000" / "8.000": thousands
    n = int(value)
    # lazy: the prefill rules (and estimator.measured below them) only for a question naming a prompt length
    from estimator.prefill import MAX_PROMPT

    return n if 1 <= n <= MAX_PROMPT else None


def read(question: str, names: Iterable[str | None] = ()) -> Throughput:
    """The prompt length, the number of users and the backend a question names (None where it names none).
    A bare number (no "k") that is part of a card's or model's name the question names is that name's
    ("traitement du prompt sur une 7900 xtx" names no prompt of 7,900 tokens)."""
    text = " ".join(fold(question).replace("’", "'").split())
    own = name_numbers(names)
    before, after, people, counts, backends = _regexes()
    prompt = None
    for rx in (before, after):
        for said in rx.finditer(text):
            if prompt is None and not (said.group(2) is None and said.group(1) in own):
                prompt = _tokens(said.group(1), said.group(2))
    bench = _PP_RE.search(text)
    if prompt is None and bench is not None:  # llama-bench's "pp512": a prompt of 512 tokens
        prompt = _tokens(bench.group(1), None)
    users = None
    m = people.search(text)
    if m:
        # lazy: the several-users rules only for a question naming a number of people
        from estimator.users import MAX_USERS

        n = int(m.group(1)) if m.group(1).isdigit() else counts.get(m.group(1))
        users = n if n is not None and 1 <= n <= MAX_USERS else None
    backend = next((backends[w] for w in re.findall(r"[a-z]+", text) if w in backends), None)
    return Throughput(prompt, users, backend)


__all__ = ["Throughput", "read"]
