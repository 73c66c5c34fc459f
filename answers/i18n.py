"""Gettext catalogues (locales/<lang>/LC_MESSAGES/tpsbot.po) and locale choice.

The .po files are read directly with Babel at first use, so a fresh checkout needs no compile step;
`pybabel compile` output (.mo) is not required anywhere.
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from importlib import resources

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

DOMAIN = "tpsbot"
DEFAULT = "en"
_FIRST = ("en", "it", "fr", "de", "es")  # display order of the original five; others follow by code


def _discover() -> tuple[str, ...]:
    """Every language with a catalogue under locales/: adding a language is adding its .po file."""
    try:
        base = resources.files("locales")
        found = {p.name for p in base.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()}
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        found = set()
    found |= {DEFAULT}
    return tuple(c for c in _FIRST if c in found) + tuple(sorted(found - set(_FIRST)))


SUPPORTED: tuple[str, ...] = _discover()


@cache
def display_name(code: str) -> str:
    """A catalogue's language in its own words ("Italiano", "Português (Brasil)"), from the .po header."""
    tag = code
    po = resources.files("locales") / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.is_file():
        with po.open("rb") as fh:
            for raw in fh.read(2000).decode("utf-8", "replace").splitlines():
                if raw.startswith('"Language: '):
                    tag = raw.split(":", 1)[1].strip().strip('"').replace("\\n", "").strip()
                    break
    try:
        name = Locale.parse(tag).get_display_name(tag) or code
    except (ValueError, UnknownLocaleError):
        name = code
    return name[:1].upper() + name[1:]


def catalogue_locale(code: str | None) -> str | None:
    """Map any locale code (Discord's "en-US", "es-419", "pt-BR", Babel's "fr_FR"…) to a catalogue.

    Returns None when no catalogue covers the language, so callers can fall through their chain.
    """
    if not code:
        return None
    try:
        language = Locale.parse(str(code).replace("-", "_")).language
    except (ValueError, UnknownLocaleError):
        return None
    return language if language in SUPPORTED else None


@cache
def translations(locale: str) -> _gettext.NullTranslations:
    """The catalogue for one supported locale; English is the source language (msgids)."""
    if locale == DEFAULT or locale not in SUPPORTED:
        return _gettext.NullTranslations()
    po = resources.files("locales") / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not po.is_file():
        return _gettext.NullTranslations()
    import io

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=locale, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)


def gettext(locale: str, message: str) -> str:
    return translations(locale).gettext(message)


def ngettext(locale: str, singular: str, plural: str, n: int) -> str:
    return translations(locale).ngettext(singular, plural, n)
