"""The parser's vocabulary, one TOML file per language plus `common.toml`, checked at load.

Adding a language is a data change: a `<code>.toml` file here with every key below (and the answer
catalogue `locales/<code>/LC_MESSAGES/*.po`). A file with an unknown key, a missing key, a weight
that is not a number, an intent the engine does not know, or a pattern that does not compile
fails at load with a message naming the file and the key.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

HERE = Path(__file__).parent

# Every language file has exactly these keys (the `intents` table may leave some intents out).
LANGUAGE_KEYS = {
    "language": "the language code (file name without .toml)",
    "function_words": "words that are never part of a name (whitespace-separated)",
    "language_words": "list of { weight, words }: words that point to this language",
    "accented_words": "words read before accents are folded away ('è' is Italian, 'é' alone Portuguese)",
    "greetings": "greetings and thanks, whole phrases one per line: a message of only these is a hello",
    "card_words": "words that put a card right after them ('on', 'my', 'with')",
    "context_words": "words that say a number is a context length",
    "ram_words": "words after a size that make it system RAM ('64 GB RAM')",
    "and_words": "words that join a second ask ('and', 'also'): 'who made X and when'",
    "count_words": "table two/three/four = words for a number of cards ('dual', 'deux')",
    "tasks": "table coding/vision/reasoning/chat = words that ask for models good at a task",
    "more_cards_help": "pattern: asks whether more cards help ('would a second 3090 help / be faster')",
    "intents": "table intent = list of { weight, pattern }",
}
COMMON_KEYS = {
    "function_words": "words every language shares that are never part of a name",
    "ordinary_words": "ordinary words that are also the whole name of some catalog model",
    "name_words": "words patterns use that are also parts of names: never stop words",
    "card_form_words": "form factors typed before the chip ('sxm4 a100'): moved after it",
    "intents": "table intent = list of { weight, pattern } read in every language",
}
TASKS = ("coding", "vision", "reasoning", "chat")
COUNTS = {"two": 2, "three": 3, "four": 4}


class LexiconError(ValueError):
    """A lexicon file is malformed; the message names the file and the key."""


@dataclass(frozen=True)
class Pattern:
    intent: str
    lang: str  # a language code, or "all"
    weight: float
    regex: re.Pattern[str]


@dataclass
class LanguageLexicon:
    code: str
    function_words: frozenset[str]
    language_words: dict[str, float]
    accented_words: frozenset[str]
    greetings: tuple[str, ...]
    card_words: frozenset[str]
    context_words: frozenset[str]
    ram_words: frozenset[str]
    and_words: frozenset[str]
    count_words: dict[str, int]
    tasks: dict[str, frozenset[str]]
    more_cards_help: re.Pattern[str]
    patterns: list[Pattern] = field(default_factory=list)


@dataclass
class Lexicon:
    languages: dict[str, LanguageLexicon]
    common_function_words: frozenset[str]
    ordinary_words: frozenset[str]
    name_words: frozenset[str]
    card_form_words: frozenset[str]
    common_patterns: list[Pattern]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(self.languages)

    def patterns(self) -> tuple[Pattern, ...]:
        return tuple(self.common_patterns) + tuple(p for lx in self.languages.values() for p in lx.patterns)


def _words(text: object, where: str) -> frozenset[str]:
    if not isinstance(text, str):
        raise LexiconError(f"{where}: expected a string of words, got {type(text).__name__}")
    return frozenset(w for line in text.splitlines() if not line.lstrip().startswith("#") for w in line.split())


def _check_keys(data: dict, expected: dict[str, str], where: str) -> None:
    unknown = sorted(set(data) - set(expected))
    if unknown:
        raise LexiconError(f"{where}: unknown key(s) {', '.join(unknown)}; known: {', '.join(expected)}")
    missing = sorted(set(expected) - set(data))
    if missing:
        raise LexiconError(f"{where}: missing key(s) {', '.join(missing)}")


def _patterns(table: object, lang: str, where: str, intents: frozenset[str]) -> list[Pattern]:
    if not isinstance(table, dict):
        raise LexiconError(f"{where}: [intents] must be a table")
    out = []
    for intent, rows in table.items():
        if intent not in intents:
            raise LexiconError(f"{where}: [intents] {intent!r} is not an intent the engine knows")
        if not isinstance(rows, list):
            raise LexiconError(f"{where}: intents.{intent} must be a list of {{ weight, pattern }}")
        for i, row in enumerate(rows):
            at = f"{where}: intents.{intent}[{i}]"
            if not isinstance(row, dict) or set(row) != {"weight", "pattern"}:
                raise LexiconError(f"{at} must have exactly the keys weight and pattern")
            if not isinstance(row["weight"], (int, float)) or isinstance(row["weight"], bool):
                raise LexiconError(f"{at}: weight must be a number")
            try:
                regex = re.compile(row["pattern"])
            except (re.error, TypeError) as exc:
                raise LexiconError(f"{at}: pattern does not compile ({exc})") from exc
            out.append(Pattern(intent, lang, float(row["weight"]), regex))
    return out


def _compile(source: object, where: str) -> re.Pattern[str]:
    try:
        return re.compile(source)  # type: ignore[arg-type]
    except (re.error, TypeError) as exc:
        raise LexiconError(f"{where}: pattern does not compile ({exc})") from exc


def _read(path: Path) -> dict:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise LexiconError(f"{path.name}: not valid TOML ({exc})") from exc


def _language(path: Path, intents: frozenset[str]) -> LanguageLexicon:
    where = path.name
    data = _read(path)
    _check_keys(data, LANGUAGE_KEYS, where)
    code = data["language"]
    if code != path.stem:
        raise LexiconError(f"{where}: language = {code!r} but the file is named {path.stem!r}")
    weights: dict[str, float] = {}
    if not isinstance(data["language_words"], list):
        raise LexiconError(f"{where}: language_words must be a list of {{ weight, words }}")
    for i, row in enumerate(data["language_words"]):
        if not isinstance(row, dict) or set(row) != {"weight", "words"} or not isinstance(row["weight"], (int, float)):
            raise LexiconError(f"{where}: language_words[{i}] must be {{ weight = <number>, words = <string> }}")
        for w in _words(row["words"], f"{where}: language_words[{i}]"):
            weights[w] = max(weights.get(w, 0.0), float(row["weight"]))
    for key, keys in (("count_words", COUNTS), ("tasks", dict.fromkeys(TASKS))):
        if not isinstance(data[key], dict):
            raise LexiconError(f"{where}: {key} must be a table")
        _check_keys(data[key], {k: "" for k in keys}, f"{where}: {key}")
    greetings = data["greetings"]
    if not isinstance(greetings, str):
        raise LexiconError(f"{where}: greetings must be a string, one phrase per line")
    return LanguageLexicon(
        code=code,
        function_words=_words(data["function_words"], f"{where}: function_words"),
        language_words=weights,
        accented_words=_words(data["accented_words"], f"{where}: accented_words"),
        greetings=tuple(p.strip() for p in greetings.splitlines() if p.strip()),
        card_words=_words(data["card_words"], f"{where}: card_words"),
        context_words=_words(data["context_words"], f"{where}: context_words"),
        ram_words=_words(data["ram_words"], f"{where}: ram_words"),
        and_words=_words(data["and_words"], f"{where}: and_words"),
        count_words={w: COUNTS[k] for k, v in data["count_words"].items()
                     for w in _words(v, f"{where}: count_words.{k}")},
        tasks={k: _words(v, f"{where}: tasks.{k}") for k, v in data["tasks"].items()},
        more_cards_help=_compile(data["more_cards_help"], f"{where}: more_cards_help"),
        patterns=_patterns(data["intents"], code, where, intents),
    )


def load(directory: Path = HERE) -> Lexicon:
    """Every `<code>.toml` in `directory` plus its `common.toml`; raises LexiconError on a bad file."""
    from answers.api import INTENTS

    intents = frozenset(INTENTS) - {"not_found", "ambiguous", "invalid"}
    common_path = directory / "common.toml"
    if not common_path.exists():
        raise LexiconError(f"{directory.name}: common.toml is missing")
    common = _read(common_path)
    _check_keys(common, COMMON_KEYS, "common.toml")
    languages = {}
    for path in sorted(directory.glob("*.toml")):
        if path.name != "common.toml":
            lx = _language(path, intents)
            languages[lx.code] = lx
    if not languages:
        raise LexiconError(f"{directory.name}: no language file")
    # English first: it is the tie-breaker of last resort and the answer language by default.
    order = sorted(languages, key=lambda c: (c != "en", c))
    return Lexicon(
        languages={c: languages[c] for c in order},
        common_function_words=_words(common["function_words"], "common.toml: function_words"),
        ordinary_words=_words(common["ordinary_words"], "common.toml: ordinary_words"),
        name_words=_words(common["name_words"], "common.toml: name_words"),
        card_form_words=_words(common["card_form_words"], "common.toml: card_form_words"),
        common_patterns=_patterns(common["intents"], "all", "common.toml", intents),
    )


@cache
def lexicon() -> Lexicon:
    """The shipped lexicon, loaded once on first use (never at import)."""
    return load()
