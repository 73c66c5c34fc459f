"""The words of a question about the KV cache itself (`kv_cache.toml`): the cache's names, a runtime's context
setting, and per language the words that ask its size and the words that weigh two ways. Checked at load: a key
missing or unknown, a language missing or a list empty raises LexiconError naming the key."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from msgspec import Struct

from answers.lexicon.errors import LexiconError

PATH = Path(__file__).parent / "kv_cache.toml"
TOP_KEYS = {"cache_words", "context_settings", "languages"}
LANGUAGE_KEYS = {"size", "better"}
LANGUAGES = ("en", "it", "fr", "de", "es", "pt")


class KvWords(Struct, frozen=True):
    cache_words: tuple[str, ...]
    context_settings: tuple[str, ...]
    size: tuple[str, ...]  # every language's: a question may mix them ("kv cache, quanto occupa?")
    better: tuple[str, ...]


def _phrases(value: object, key: str) -> tuple[str, ...]:
    if not isinstance(value, str):
        raise LexiconError(f"kv_cache.toml: {key} must be a string of phrases, one per line")
    out = tuple(" ".join(line.split()) for line in value.splitlines() if line.strip())
    if not out:
        raise LexiconError(f"kv_cache.toml: {key} is empty")
    return out


def parse(data: dict[str, object]) -> KvWords:
    """The checked words of a parsed `kv_cache.toml`."""
    if set(data) != TOP_KEYS:
        raise LexiconError(f"kv_cache.toml: top-level keys must be {sorted(TOP_KEYS)}, got {sorted(data)}")
    langs = data["languages"]
    if not isinstance(langs, dict) or set(langs) != set(LANGUAGES):
        raise LexiconError(f"kv_cache.toml: languages must be {list(LANGUAGES)}")
    size: list[str] = []
    better: list[str] = []
    for lang in LANGUAGES:
        table = langs[lang]
        if not isinstance(table, dict) or set(table) != LANGUAGE_KEYS:
            raise LexiconError(f"kv_cache.toml: languages.{lang} must have {sorted(LANGUAGE_KEYS)}")
        size += _phrases(table["size"], f"languages.{lang}.size")
        better += _phrases(table["better"], f"languages.{lang}.better")
    return KvWords(cache_words=_phrases(data["cache_words"], "cache_words"),
                   context_settings=_phrases(data["context_settings"], "context_settings"),
                   size=tuple(dict.fromkeys(size)), better=tuple(dict.fromkeys(better)))


@cache
def kv_words() -> KvWords:
    with PATH.open("rb") as fh:
        return parse(tomllib.load(fh))
