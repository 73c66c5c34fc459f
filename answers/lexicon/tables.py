"""How each table of words in the lexicon's TOML files is read and checked: one converter per kind of table
(words, phrases, name tables, patterns), each failing with the file and the key it names (LexiconError)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from answers.lexicon.errors import LexiconError

OUT_OF_SCOPE_KINDS = ("phone", "board", "speech", "embedding", "fine_tuning", "from_scratch", "full_fine_tuning",
                      "cloud")
# Topics outside AI models altogether (games, coin mining, API and subscription prices): declined by name.
OUT_OF_SCOPE_TOPICS = ("gaming", "mining", "api_price")
# api_words with price_words make an API's price ("deepseek api, per million tokens"); ai_words ("llm", "model")
# keep a gaming PC or a mining rig asked about for AI models a hardware question.
# mining_history: a card's or a rig's past ("ex-mining 3090", "risers de minería"), not mining asked about.
OUT_OF_SCOPE_HELPERS = ("api_words", "price_words", "ai_words", "mining_history")
# generic: phrases of a kind that name no model or device
OUT_OF_SCOPE_KEYS = (*OUT_OF_SCOPE_KINDS, *OUT_OF_SCOPE_TOPICS, *OUT_OF_SCOPE_HELPERS, "generic")
BUDGET_CURRENCIES = ("usd", "eur", "gbp", "brl")  # the currencies every language names (catalog.currency)
# More currencies a language may name (catalog/data/exchange_rates.json holds their rates; a test keeps the two
# lists in step): pesos, rupees, yen, francs…
MORE_CURRENCIES = ("mxn", "ars", "clp", "cop", "pen", "uyu", "inr", "jpy", "chf", "cad", "aud", "pln", "sek",
                   "nok", "dkk", "czk", "try", "zar", "krw", "cny")
CACHE_TYPES = ("f16", "q8_0", "q4_0")  # the cache types people name in a question (estimator.memory knows more)
BACKENDS = ("CUDA", "ROCm", "Vulkan", "Metal", "SYCL")  # estimator.prefill.BACKENDS: the prefill efficiencies


def words(text: object, where: str) -> frozenset[str]:
    if not isinstance(text, str):
        raise LexiconError(f"{where}: expected a string of words, got {type(text).__name__}")
    return frozenset(w for line in text.splitlines() if not line.lstrip().startswith("#") for w in line.split())


def channel_counts(table: object) -> dict[str, int]:
    """common.toml's `channel_counts`: word = a number of memory channels from 1 to 24."""
    if not isinstance(table, dict) or not all(isinstance(v, int) and 1 <= v <= 24 for v in table.values()):
        raise LexiconError("common.toml: channel_counts: expected a table of word = number of channels (1–24)")
    return {str(k): int(v) for k, v in table.items()}


def string_table(table: object, where: str) -> dict[str, str]:
    if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
        raise LexiconError(f"{where}: expected a table of phrase = name")
    return {str(k): v for k, v in table.items()}


def phrases(text: object, where: str) -> tuple[str, ...]:
    """One phrase per line (blank lines and # comments skipped), spaces normalised."""
    if not isinstance(text, str):
        raise LexiconError(f"{where}: expected a string, one phrase per line, got {type(text).__name__}")
    return tuple(" ".join(line.split()) for line in text.splitlines()
                 if line.strip() and not line.lstrip().startswith("#"))


def check_keys(data: dict, expected: dict[str, str], where: str) -> None:
    unknown = sorted(set(data) - set(expected))
    if unknown:
        raise LexiconError(f"{where}: unknown key(s) {', '.join(unknown)}; known: {', '.join(expected)}")
    missing = sorted(set(expected) - set(data))
    if missing:
        raise LexiconError(f"{where}: missing key(s) {', '.join(missing)}")


def read_toml(path: Path) -> dict:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise LexiconError(f"{path.name}: not valid TOML ({exc})") from exc


def counts_after(table: object) -> dict[str, int]:
    where = "common.toml: count_after_words"
    if not isinstance(table, dict) or not all(isinstance(v, int) and 1 < v <= 16 for v in table.values()):
        raise LexiconError(f"{where}: expected a table of word = count (2 to 16)")
    return {str(k): int(v) for k, v in table.items()}


def out_of_scope(table: object) -> dict[str, tuple[str, ...]]:
    if not isinstance(table, dict):
        raise LexiconError("common.toml: out_of_scope must be a table")
    check_keys(table, dict.fromkeys(OUT_OF_SCOPE_KEYS, ""), "common.toml: out_of_scope")
    out = {k: phrases(table[k], f"common.toml: out_of_scope.{k}") for k in OUT_OF_SCOPE_KEYS}
    listed = {p for k in OUT_OF_SCOPE_KINDS for p in out[k]}
    stray = [p for p in out["generic"] if p not in listed]
    if stray:
        raise LexiconError(f"common.toml: out_of_scope.generic: {', '.join(stray)} not listed under any kind")
    return out


def platform_shapes(table: object) -> tuple[tuple[re.Pattern[str], str], ...]:
    where = "common.toml: ram_platform_shapes"
    out = []
    for pattern, key in string_table(table, where).items():
        try:
            compiled = re.compile(rf"\b{pattern}\b")
            key.format(*([""] * compiled.groups))
        except (re.error, IndexError) as exc:
            raise LexiconError(f"{where}: {pattern!r} = {key!r}: {exc}") from None
        out.append((compiled, key))
    return tuple(out)


def cpu_names(text: object) -> tuple[re.Pattern[str], ...]:
    out = []
    for line in phrases(text, "common.toml: cpu_names"):
        try:
            out.append(re.compile(rf"(?<![\w.]){line}(?![\w.])"))
        except re.error as exc:
            raise LexiconError(f"common.toml: cpu_names: {line!r} does not compile: {exc}") from None
    return tuple(out)


def currency_symbols(table: object) -> dict[str, frozenset[str]]:
    if not isinstance(table, dict):
        raise LexiconError("common.toml: currency_symbols must be a table")
    check_keys(table, dict.fromkeys((*BUDGET_CURRENCIES, *(c for c in MORE_CURRENCIES if c in table)), ""),
                "common.toml: currency_symbols")
    return {k: words(v, f"common.toml: currency_symbols.{k}") for k, v in table.items()}


def machines(table: object) -> dict[str, str]:
    if not isinstance(table, dict) or not all(isinstance(v, str) and v.strip() for v in table.values()):
        raise LexiconError("common.toml: machines must be a table of phrase = chip name")
    return {" ".join(k.casefold().split()): v for k, v in table.items()}


def backends(table: object) -> dict[str, frozenset[str]]:
    if not isinstance(table, dict):
        raise LexiconError("common.toml: backends must be a table")
    check_keys(table, dict.fromkeys(BACKENDS, ""), "common.toml: backends")
    return {k: words(v, f"common.toml: backends.{k}") for k, v in table.items()}


def cache_types(table: object) -> dict[str, tuple[str, ...]]:
    if not isinstance(table, dict):
        raise LexiconError("common.toml: cache_types must be a table")
    check_keys(table, dict.fromkeys(CACHE_TYPES, ""), "common.toml: cache_types")
    return {k: phrases(v, f"common.toml: cache_types.{k}") for k, v in table.items()}
