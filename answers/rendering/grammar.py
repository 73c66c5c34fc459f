"""Number agreement in rendered answers ("1 milliard", "l'11 giugno"), from answers/rendering/grammar.toml.

A catalogue sentence is translated once for every number; a few languages then change the word
next to the number. The rules are data, checked at load: an unknown locale, a missing key or a
pattern that does not compile fails with a message naming the rule.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.knowledge import i18n
from answers.knowledge.pickled import compile_cached

RULES_FILE = Path(__file__).with_name("grammar.toml")


class GrammarError(ValueError):
    """answers/rendering/grammar.toml is malformed."""


def load(path: Path = RULES_FILE) -> dict[str, tuple[tuple[re.Pattern[str], str], ...]]:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    out = {}
    for locale, rules in data.items():
        if locale not in i18n.SUPPORTED:
            raise GrammarError(f"{path.name}: [{locale}] is not a catalogue locale ({', '.join(i18n.SUPPORTED)})")
        compiled = []
        for k, rule in enumerate(rules):
            if not isinstance(rule, dict) or set(rule) != {"pattern", "replace"}:
                raise GrammarError(f"{path.name}: {locale}[{k}] must have exactly pattern and replace")
            try:
                compiled.append((compile_cached(rule["pattern"]), rule["replace"]))
            except re.error as exc:
                raise GrammarError(f"{path.name}: {locale}[{k}] pattern does not compile ({exc})") from exc
        out[locale] = tuple(compiled)
    return out


@cache
def _rules() -> dict[str, tuple[tuple[re.Pattern[str], str], ...]]:
    return load()


def agree(locale: str, text: str) -> str:
    """`text` with the locale's agreement rules applied."""
    for regex, repl in _rules().get(locale, ()):
        text = regex.sub(repl, text)
    return text
