"""The conditions a question states beside its models and hardware, read with the one number reader
(answers/reading/amounts.py) and the words in answers/lexicon/conditions.toml:

- the engine ("vllm", "LM Studio") and a weight format that is not a GGUF level ("AWQ", "EXL2", "in MLX");
- the KV cache's type ("kv cache em q8_0", "KV-Cache in q4_0");
- lengths in tokens: the prompt's ("pdf de 50 mil tokens", "prompt di trentaduemila token"), the context's
  ("an 8k prompt at 32k context": the context is 32k), an answer's ("2000-token answers");
- people served at once ("4 users", "dieci persone", "bei 8 gleichzeitig"), CPU cores ("16 cores", "12 cœurs"),
  a CPU named ("EPYC", "Ryzen 7 7700"), a speed wanted ("at least 30 tok/s");
- the runtime backend a prefill figure is for ("vulkan", "rocm", "hip", "metal", "sycl"), and llama-bench's
  "pp512" as a prompt of 512 tokens.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from functools import cache

from msgspec import Struct

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon
from answers.lexicon.conditions import condition_words
from answers.reading import people_counts
from answers.reading.amounts import K_TOKENS, Amount, amounts
from answers.reading.cache_phrases import cache_level_only, cache_type
from answers.reading.engine_versus_words import further as versus_further
from answers.reading.engine_versus_words import named as formats_named
from answers.reading.engine_versus_words import sides as versus_sides
from answers.reading.format_width import with_width
from answers.reading.machine_names import CHIP_WORDS, CPU_WORDS, cpu_name, device, sockets
from answers.reading.sizes import name_numbers
from catalog.text import fold

_TOKEN_WORDS = frozenset({"token", "tokens", "jetons", "jeton", "tok", "toks"})
_TOKEN_AFTER_RE = compile_cached(r"\s*-\s*(?:token|tokens|tok|toks|jetons?)(?![\w])")
_LINKS = frozenset({"of", "de", "di", "da", "do", "von", "with", "con", "mit", "com", "avec", "a", "at", "to", "in",
                    "en", "em", "im", "um", "uma", "un", "una", "une", "ein", "einem", "einen", "an", "the", "du",
                    "del", "della", "dello", "des", "der", "die", "das", "bei", "el", "la", "le", "il", "o", ":", "=",
                    "-", "around", "about", "circa", "ca", "environ", "unos", "uns", "cerca", "long", "lungo", "largo"})
_MEMORY_UNITS = frozenset({"gb", "go", "gib", "gigs", "gig", "giga", "gigas", "mb", "tb", "b"})
_MAX_TOKENS = 10 * K_TOKENS * K_TOKENS
_MIN_TOKENS = {"prompt_tokens": 100, "context": 256, "output_tokens": 10}  # below these a number is a count
_DYNAMIC_LEVEL = compile_cached(r"(?<![\w])ud[-_ ]?([it]?q\d(?:_[a-z0-9]+)*)(?![\w])")  # unsloth's "UD-Q4_K_XL"
_WORDS = compile_cached(r"[a-z0-9_]+(?:[./+-][a-z0-9_]+)*|[:=]")


class Conditions(Struct, frozen=True):
    engine: str | None = None
    quant_format: str | None = None
    cache_type: str | None = None
    prompt_tokens: int | None = None
    context: int | None = None
    output_tokens: int | None = None
    users: int | None = None
    # "200 users a day", "500 requests per day": a daily count (people or requests), never people at once
    per_day: int | None = None
    per_day_requests: bool = False  # the daily count is of requests ("500 Anfragen pro Tag"), not people
    cpu_cores: int | None = None
    cpu_sockets: int | None = None  # "2x xeon gold 6430", "dual epyc", "epyc 7543 x2", "dual socket"
    cpu: str | None = None
    chip: str | None = None  # "ryzen ai max+ 395": the machine's processor, named
    first_token: bool = False  # "time to first token", "empezar a responder": the prompt's reading is asked
    wanted_tok_s: float | None = None
    dynamic_level: str | None = None  # "UD-Q4_K_XL" as unsloth names its dynamic quants
    device: str | None = None  # "MacBook Air M3": a machine named around its chip
    cache_level_only: bool = False  # the KV cache's level ("kv cache q8_0") is the only place that level is said
    backend: str | None = None  # "vulkan", "rocm": the runtime backend a prefill figure is for
    # two engines or formats weighed ("vllm or llama.cpp", "exl2 4bpw vs q4_k_m"): engine_versus_words.py
    versus: tuple[tuple[str | None, str | None], tuple[str | None, str | None]] | None = None
    formats_named: tuple[str, ...] = ()  # every format and engine named, in order (engine_versus_words.named)
    # the sides named beyond those two ("exl3 vs gguf vs awq"): engine_versus_words.further
    versus_more: tuple[tuple[str | None, str | None], ...] = ()


class _Words(Struct, frozen=True):
    prompt: frozenset[str]
    users: frozenset[str]  # "4 users", "dieci persone" (the lexicon's users_words)
    backends: dict[str, str]
    context: frozenset[str]
    output: frozenset[str]
    cores: frozenset[str]
    at_once: frozenset[str]
    wanted_re: re.Pattern[str]
    wanted_after: re.Pattern[str]  # "20 tok/s minimum", "25 tok/s oder mehr"
    speed: re.Pattern[str]
    we_are_re: re.Pattern[str]  # "we are 17", "siamo in 17", "wir sind zu 17": a number of people after it
    about: frozenset[str]  # "roughly" words skipped between a length's noun and its number
    per_day_re: re.Pattern[str]  # "a day", "am Tag", "por dia": right after people or requests, a daily count
    request_nouns: frozenset[str]  # "500 requests per day": requests, not people
    claimed_re: re.Pattern[str]  # "people say", "vi gente diciendo", "man liest": a speed before it is a claim


@cache
def _words() -> _Words:
    w = condition_words()
    prompt = w.every("prompt_words") | frozenset(x for lang in lexicon().languages.values() for x in lang.prompt_words)
    units = longest_first({fold(u) for u in lexicon().speed_units})
    speed = compile_cached(r"\s*\+?\s*(?:" + "|".join(re.escape(u) for u in units) + r")(?![\w])")
    wanted = tuple(longest_first({fold(p) for lang in w.languages.values() for p in lang.wanted}))
    users = frozenset(x for lang in lexicon().languages.values() for x in lang.users_words)
    backends = {word: name for name, words in lexicon().backends.items() for word in words}
    wanted_re = compile_cached(r"(?<![\w])(?:" + "|".join(re.escape(p) for p in wanted) + r")(?![\w])")
    after = longest_first({fold(p) for lang in w.languages.values() for p in lang.wanted_after})
    wanted_after = compile_cached(r"[\s,]*(?:\+|" + "|".join(re.escape(p) for p in after) + r")(?![\w])")
    we_are = longest_first({fold(p) for lang in w.languages.values() for p in lang.we_are})
    we_are_re = compile_cached(r"(?<![\w'])(?:" + "|".join(re.escape(p) for p in we_are) + r")\s+$")
    per_day = longest_first({fold(p) for lang in w.languages.values() for p in lang.per_day})
    per_day_re = compile_cached(r"\s*(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in per_day)
                                + r")(?![\w])")
    claimed = longest_first({fold(p) for lang in w.languages.values() for p in lang.claimed})
    claimed_re = compile_cached(r"(?<![\w'])(?:" + "|".join(re.escape(p) for p in claimed) + r")(?![\w])")
    return _Words(prompt, users, backends, w.every("context_words"), w.every("output_words"),
                  frozenset(fold(c).replace("œ", "oe") for c in w.every("cores")), w.every("at_once"), wanted_re,
                  wanted_after, speed, we_are_re, w.every("about"), per_day_re,
                  frozenset(fold(n) for n in w.every("request_nouns")), claimed_re)


@cache
def _glued_speed_re() -> re.Pattern[str]:
    """A figure glued to a one-word speed unit of the lexicon ("12tok/s", "30t/s", "25tps")."""
    units = longest_first({fold(u) for u in lexicon().speed_units if " " not in u.strip()})
    return compile_cached(r"(?<![\w.])(\d+(?:\.\d+)?\+?)(?=(?:" + "|".join(re.escape(u) for u in units) + r")(?![\w]))")


@cache
def _first_token_re() -> re.Pattern[str]:
    phrases = sorted({fold(p) for lang in condition_words().languages.values() for p in lang.first_token},
                     key=lambda s: (len(s), s), reverse=True)
    return compile_cached(r"(?<![\w])(?:" + "|".join(re.escape(p) for p in phrases) + r")(?![\w])")


def engine_format(engine: str | None) -> str | None:
    """The one weight format an engine runs ("with mlx" → MLX, "exllamav2" → EXL2), from the lexicon's
    `format_engines`; None for an engine of several formats (vLLM: AWQ, GPTQ, FP8…) or of GGUF files."""
    formats = [f for f, e in condition_words().format_engines.items() if e == engine]
    return formats[0] if engine is not None and len(formats) == 1 else None


@cache
def _table_re(kind: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern over a table's phrases (longest first, so "lm studio" wins over a shorter phrase)."""
    table = getattr(condition_words(), kind)
    alternation = "|".join(re.escape(p) for p in longest_first(table))
    return compile_cached(rf"(?<![\w.-])(?:{alternation})(?![\w])"), table


def _phrase(text: str, kind: str) -> str | None:
    """The first phrase of the `kind` table ("engines", "formats") said in `text`, by position."""
    pattern, table = _table_re(kind)
    m = pattern.search(text)
    return table[m.group()] if m else None


def _after(tokens: list[tuple[str, int, int]], at: int, skip: frozenset[str], n: int = 3) -> list[str]:
    """Up to `n` words after offset `at`, the `skip` words left out."""
    out = [w for w, s, _ in tokens if s >= at and w not in skip]
    return out[:n]


def _before(tokens: list[tuple[str, int, int]], at: int, skip: frozenset[str], n: int = 3) -> list[str]:
    out = [w for w, _, e in tokens if e <= at and w not in skip]
    return out[-n:][::-1]


def _tokens_length(a: Amount) -> int | None:
    n = int(a.value)
    return n if 1 <= n <= _MAX_TOKENS and a.value == n else None


def _lengths(text: str, tokens: list[tuple[str, int, int]], found: list[Amount], w: _Words) -> dict[str, int]:
    """Prompt, context and answer lengths: a number next to its noun ("a 40k token prompt", "contexto de 32k")."""
    out: dict[str, int] = {}
    skip = _LINKS | _TOKEN_WORDS | w.about
    for a in found:
        nxt = text[a.end:a.end + 8].lstrip()
        if re.match(r"(?:gb|go|gib|b|gigs?|mb|tb)\b", nxt) or w.speed.match(text, a.end):
            continue  # a memory size, a model size or a speed
        n = _tokens_length(a)
        if n is None:
            continue
        after, before = _after(tokens, a.end, skip, 1), _before(tokens, a.start, skip, 2)
        said_tokens = bool(_after(tokens, a.end, frozenset(), 1)[:1] and
                           _after(tokens, a.end, frozenset(), 1)[0] in _TOKEN_WORDS) \
            or _TOKEN_AFTER_RE.match(text, a.end) is not None  # "a 512-token prompt": the unit joined by a hyphen
        for key, nouns in (("prompt_tokens", w.prompt), ("context", w.context), ("output_tokens", w.output)):
            if key in out or n < _MIN_TOKENS[key]:
                continue  # "two files of 20k tokens": a count of files, not a 2-token prompt
            near = (after and after[0] in nouns) or (before and before[0] in nouns)
            if key == "prompt_tokens" and near and not said_tokens and n < 1000 and not (before and before[0] in nouns):
                continue  # "200 files", "300 documents": a count of them, not a prompt of 200 tokens
            if key == "output_tokens" and not said_tokens:
                near = bool(after and after[0] in nouns)  # "2000-token answers", "risposte da 1000 token"
                # "generate 2k tokens", "output di tipo 1000 token": the verb or noun one word before
                near = near or bool(said_tokens and any(b in nouns for b in before[:2]))
            if near and (key != "output_tokens" or said_tokens or (after and after[0] in nouns)):
                out[key] = n
                break
    return out


def _counts(text: str, tokens: list[tuple[str, int, int]], found: list[Amount], w: _Words) -> dict[str, int]:
    """CPU cores ("16 cores") and people at once: "4 users", "4 concurrent users" (one word may sit between,
    not a number), "bei 8 gleichzeitig"."""
    out: dict[str, int] = {}
    at_once: int | None = None  # people said at once ("15-20 en simultáneo") win over a head count ("100 alumnos")
    for said in found:
        a = people_counts.ranged(text, said)
        if a is None or a.value != int(a.value) or not 1 <= a.value <= 4096:
            continue
        after = _after(tokens, a.end, frozenset({"-"}), 2) or [""]
        if re.match(r"\s*[?!;]|\.\s", text[a.end:]):
            after = [""]  # "on a 4070? people say…": the sentence ends at the number, no people's noun after it
        people = after[0] in w.users or after[0] in w.at_once or (
            len(after) > 1 and after[1] in w.users and not after[0][:1].isdigit()) or (
            a.value >= 2 and not after[0][:1].isdigit() and after[0] not in _card_nouns()
            and w.we_are_re.search(text[max(0, a.start - 30):a.start]) is not None)
        glued = re.match(r"-([a-z]+)", text[a.end:])  # "a 24-core cpu": the noun joined to its number
        if glued is not None and glued.group(1) in w.cores:
            after = [glued.group(1)]
        if after[0] in w.cores and "cpu_cores" not in out and a.value > 1:
            out["cpu_cores"] = int(a.value)
        elif people and "users" not in out:
            out["users"] = int(a.value)
        if at_once is None and people_counts.said_at_once(text, a, w.at_once, people):
            at_once = int(a.value)
    if at_once is None and "users" in out:
        at_once = people_counts.at_once_phrase(text, found, out["users"], w.users)
    if at_once is not None:
        out["users"] = at_once
    if "users" not in out:
        guess = _users_guessed(text, tokens, found, w)
        if guess is not None:
            out["users"] = guess
    return out


def _daily(text: str, tokens: list[tuple[str, int, int]], found: list[Amount],
           w: _Words) -> tuple[int, bool] | None:
    """"200 usuarios por dia", "500 requests a day", "50 Nutzer am Tag": a whole number, its noun (people or
    requests; one word may sit between: "200 unique users a day"), then a phrase for "a day". (count, requests)."""
    for a in found:
        if a.value != int(a.value) or not 1 <= a.value:
            continue
        after = [(t, e) for t, s, e in tokens if s >= a.end][:2]
        for i, (word, end) in enumerate(after):
            if word in w.users or word in w.request_nouns:
                if w.per_day_re.match(text, end):
                    return int(a.value), word in w.request_nouns
                break
            if i == 0 and word[:1].isdigit():
                break
    return None


def _users_guessed(text: str, tokens: list[tuple[str, int, int]], found: list[Amount], w: _Words) -> int | None:
    """"how many users at once … ? like 30", "wie viele Nutzer … ? so 100?": a question about people served at
    once answered by the asker at its end, a number after a word for "about" with nothing after it."""
    if not found or not any(t in w.users or t in w.at_once for t, _, _ in tokens):
        return None
    last = found[-1]
    before = _before(tokens, last.start, frozenset(), 1)
    if text[last.end:].strip(" ?!.") or not text[last.start:last.end].isdigit() or not before \
            or before[0] not in w.about:
        return None
    return int(last.value) if last.value == int(last.value) and 2 <= last.value <= 4096 else None


@cache
def _card_nouns() -> frozenset[str]:
    return frozenset(fold(n) for n in lexicon().card_nouns)


def _bench_prompt(text: str) -> int | None:
    """llama-bench's "pp512", "pp 2048": a prompt of that many tokens."""
    m = re.search(r"\bpp ?(\d{3,5})\b", text)
    return int(m.group(1)) if m else None


def _wanted(text: str, found: list[Amount], w: _Words) -> float | None:
    """A speed with a wanting phrase shortly before it ("at least 30 tok/s", "pelo menos 20 tok/s") or right
    after it ("20 tok/s minimum", "30+ t/s")."""
    for a in found:
        unit = w.speed.match(text, a.end)
        if not unit or w.claimed_re.search(text[max(0, a.start - 40):a.start]):
            continue  # "people say 200+ tok/s": someone else's figure to check, never the asker's wish
        if w.wanted_re.search(text[max(0, a.start - 60):a.start]) or "+" in unit.group() \
                or w.wanted_after.match(text, unit.end()):
            return a.value
    return None


def _not_names(text: str, every: list[Amount], names: tuple[str | None, ...]) -> list[Amount]:
    """The amounts that are not part of a name: where a name is found in the text, the numbers inside it
    ("qwen3 30b a3b, 30+ t/s": the second 30 is a speed); a name typed otherwise, any number it holds."""
    spans: list[tuple[int, int]] = []
    loose: list[str | None] = []
    for name in names:
        said = " ".join(fold(name or "").split())
        at = [(m.start(), m.end()) for m in re.finditer(re.escape(said), text)] if said else []
        spans.extend(at)
        loose.extend([] if at else [name])
    own = name_numbers(loose)
    return [a for a in every if text[a.start:a.end] not in own
            and not any(s <= a.start and a.end <= e for s, e in spans)]


def read(question: str, names: Iterable[str | None] = ()) -> Conditions:
    """The conditions `question` states (None for each it does not). A bare number that is part of a card's or
    model's name the question names ("a 3080 ctx 32k") is that name's."""
    text = " ".join(fold(question).replace("’", "'").replace("œ", "oe").split())
    text = _glued_speed_re().sub(r"\1 ", text)  # "12tok/s", "30t/s": the figure and its unit apart
    words = condition_words()
    w = _words()
    tokens = [(m.group(), m.start(), m.end()) for m in _WORDS.finditer(text)]
    names = tuple(names)
    every = [a for a in amounts(text) if math.isfinite(a.value)]
    found = _not_names(text, every, names)  # lengths and speeds: never a name's number
    fmt = _phrase(text, "formats")
    quant_format = with_width(text, fmt)
    engine = _phrase(text, "engines") or (words.format_engines.get(fmt or ""))
    lengths = _lengths(text, tokens, found, w)
    counts = _counts(text, tokens, every, w)  # "llama 3.1 8b for 8 users": the 8 counts the people
    daily = _daily(text, tokens, found, w)
    users = counts.get("users")
    if daily is not None and users == daily[0]:
        users = None  # "200 users a day" are not 200 at once
    if users is not None:
        # lazy: the several-users rules only for a question naming a number of people
        from estimator.users import MAX_USERS

        users = users if users <= MAX_USERS else None
    prompt = lengths.get("prompt_tokens") or _bench_prompt(text)
    if prompt is not None:
        # lazy: the prefill rules (and estimator.measured below them) only for a question naming a prompt length
        from estimator.prefill import MAX_PROMPT

        prompt = prompt if prompt <= MAX_PROMPT else None
    cpu = CPU_WORDS.search(text)
    said_cache = cache_type(text)
    versus = versus_sides(text)
    return Conditions(
        engine=engine, quant_format=quant_format, cache_type=said_cache, versus=versus,
        versus_more=versus_further(text, versus),
        formats_named=formats_named(text), cache_level_only=cache_level_only(text, said_cache),
        prompt_tokens=prompt, context=lengths.get("context"),
        output_tokens=lengths.get("output_tokens"), users=users, cpu_cores=counts.get("cpu_cores"),
        cpu_sockets=sockets(text) if cpu else None,
        per_day=daily[0] if daily else None, per_day_requests=bool(daily and daily[1]),
        backend=next((w.backends[x] for x in re.findall(r"[a-z]+", text) if x in w.backends), None),
        cpu=cpu_name(cpu), chip=chip.group(0) if (chip := CHIP_WORDS.search(text)) else None,
        first_token=_first_token_re().search(text) is not None,
        wanted_tok_s=_wanted(text, found, w), device=device(text),
        dynamic_level=f"UD-{d.group(1).upper()}" if (d := _DYNAMIC_LEVEL.search(text)) else None)
