"""The conditions' words (`conditions.toml`): engines, weight formats, KV-cache spellings, and per language the
nouns for cores, an answer's and a prompt's length, the context, people at once, a speed wanted, and the
spelled numbers. Checked at load: a key missing or unknown, a language missing, an engine or a format outside
the `--json` contract's spellings raises LexiconError naming the key."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from msgspec import Struct

from answers.lexicon.errors import LexiconError

PATH = Path(__file__).parent / "conditions.toml"
# The `--json` contract's spellings (docs/command-line.md).
ENGINES = ("llama.cpp", "ollama", "lm-studio", "vllm", "sglang", "mlx", "exllamav2", "exllamav3", "tensorrt-llm",
           "transformers")
FORMATS = ("AWQ", "GPTQ", "EXL2", "EXL3", "FP8", "NVFP4", "MXFP4", "MLX")
TOP_KEYS = {"engines", "formats", "format_engines", "cache_spellings", "languages"}
LANGUAGE_KEYS = {"cores", "output_words", "prompt_words", "context_words", "at_once", "wanted", "thousand",
                 "joiners", "numbers", "we_are", "about", "wanted_after", "first_token", "per_day",
                 "request_nouns", "claimed"}
LANGUAGES = ("en", "it", "fr", "de", "es", "pt")


class LanguageWords(Struct, frozen=True):
    cores: frozenset[str]
    output_words: frozenset[str]
    prompt_words: frozenset[str]
    context_words: frozenset[str]
    at_once: frozenset[str]
    wanted: tuple[str, ...]
    wanted_after: tuple[str, ...]  # right after a speed: "20 tok/s minimum", "25 tok/s oder mehr"
    first_token: tuple[str, ...]  # "time to first token", "empezar a responder": the wait before the answer
    we_are: tuple[str, ...]  # phrases right before a number of people ("we are 17", "siamo in 17")
    thousand: frozenset[str]
    joiners: frozenset[str]
    numbers: dict[str, int]
    about: frozenset[str] = frozenset()  # "about", "tipo", "etwa" between a length's noun and its number
    per_day: tuple[str, ...] = ()  # right after people or requests: a daily count ("200 users a day")
    request_nouns: frozenset[str] = frozenset()  # "500 requests per day": requests counted, not people
    claimed: tuple[str, ...] = ()  # before a speed: someone else's figure ("people say 200+"), a claim, not a wish


class ConditionWords(Struct, frozen=True):
    engines: dict[str, str]  # phrase → engine
    formats: dict[str, str]  # phrase → format
    format_engines: dict[str, str]  # format → the engine it implies
    cache_spellings: dict[str, str]  # spelling → cache type
    languages: dict[str, LanguageWords]

    def every(self, field: str) -> frozenset[str]:
        """One field's words in every language (a question may mix them: "kv cache em q8_0")."""
        return frozenset(w for lang in self.languages.values() for w in getattr(lang, field))

    def numbers(self) -> dict[str, int]:
        return {w: n for lang in self.languages.values() for w, n in lang.numbers.items()}


def _phrases(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, str):
        raise LexiconError(f"conditions.toml: {where}: expected a string of phrases, one per line")
    return tuple(p.strip().lower() for p in value.splitlines() if p.strip())


def _words(value: object, where: str) -> frozenset[str]:
    if not isinstance(value, str):
        raise LexiconError(f"conditions.toml: {where}: expected whitespace-separated words")
    return frozenset(value.lower().split())


def _table(data: dict, key: str, allowed: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, phrases in data[key].items():
        if name not in allowed:
            raise LexiconError(f"conditions.toml: {key}.{name}: not one of {', '.join(allowed)}")
        for phrase in _phrases(phrases, f"{key}.{name}"):
            out[phrase] = name
    return out


def _language(code: str, table: object) -> LanguageWords:
    if not isinstance(table, dict) or set(table) != LANGUAGE_KEYS:
        got = set(table) if isinstance(table, dict) else set()
        raise LexiconError(f"conditions.toml: languages.{code}: keys {sorted(got ^ LANGUAGE_KEYS)} missing or unknown")
    numbers = table["numbers"]
    if not isinstance(numbers, dict) or not all(isinstance(v, int) and v > 0 for v in numbers.values()):
        raise LexiconError(f"conditions.toml: languages.{code}.numbers: expected word = positive whole number")
    return LanguageWords(
        **{k: _words(table[k], f"languages.{code}.{k}")
           for k in ("cores", "output_words", "prompt_words", "context_words", "at_once", "thousand", "joiners",
                     "about", "request_nouns")},
        per_day=_phrases(table["per_day"], f"languages.{code}.per_day"),
        wanted=_phrases(table["wanted"], f"languages.{code}.wanted"),
        claimed=_phrases(table["claimed"], f"languages.{code}.claimed"),
        wanted_after=_phrases(table["wanted_after"], f"languages.{code}.wanted_after"),
        first_token=_phrases(table["first_token"], f"languages.{code}.first_token"),
        we_are=_phrases(table["we_are"], f"languages.{code}.we_are"),
        numbers={str(k).lower(): int(v) for k, v in numbers.items()})


def load(path: Path = PATH) -> ConditionWords:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if set(data) != TOP_KEYS:
        raise LexiconError(f"conditions.toml: keys {sorted(set(data) ^ TOP_KEYS)} missing or unknown")
    missing = [c for c in LANGUAGES if c not in data["languages"]]
    if missing:
        raise LexiconError(f"conditions.toml: languages: {', '.join(missing)} missing")
    implied = data["format_engines"]
    if not set(implied) <= set(FORMATS) or not set(implied.values()) <= set(ENGINES):
        raise LexiconError("conditions.toml: format_engines: expected format = engine, in the contract's spellings")
    spellings: dict[str, str] = {}
    for kind, words in data["cache_spellings"].items():
        for w in _words(words, f"cache_spellings.{kind}"):
            spellings[w] = kind
    return ConditionWords(
        engines=_table(data, "engines", ENGINES), formats=_table(data, "formats", FORMATS),
        format_engines=dict(implied), cache_spellings=spellings,
        languages={code: _language(code, table) for code, table in data["languages"].items()})


@cache
def condition_words() -> ConditionWords:
    """The shipped words, loaded once on first use."""
    return load()
