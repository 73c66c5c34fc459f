"""Gettext catalogues (locales/<lang>/LC_MESSAGES/tpsbot.po) and locale choice.

The .po files are read directly with Babel at first use, so a fresh checkout needs no compile step;
`pybabel compile` output (.mo) is not required anywhere.
"""

from __future__ import annotations

import gettext as _gettext
import io
import json
from functools import cache, lru_cache
from importlib import resources

from answers.knowledge import cache as disk_cache

DOMAIN = "tpsbot"


def N_(msgid: str) -> str:  # noqa: N802 — the one gettext marker (pybabel -k N_), imported everywhere
    """Marks a msgid for extraction; it is translated later, in the reader's locale."""
    return msgid

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
    """A catalogue's language in its own words ("Italiano", "Português (Brasil)").

    The shipped catalogues' names are data (locales/names.json, CLDR's as Babel gives them, kept equal by a
    test): asking Babel loads each locale's whole CLDR data, ~1 MiB a language, into a bot that may never
    answer in it. A catalogue added without a name there is named by Babel, as before."""
    name = _shipped_names().get(code)
    return name if name is not None else _babel_name(code)


@cache
def _shipped_names() -> dict[str, str]:
    try:
        raw = (resources.files("locales") / "names.json").read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        return {}
    names = json.loads(raw).get("names", {})
    return {str(k): str(v) for k, v in names.items() if isinstance(v, str) and v.strip()}


def _babel_name(code: str) -> str:
    """CLDR's name of the language in itself, for the tag in the catalogue's .po header."""
    tag = code
    po = resources.files("locales") / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.is_file():
        with po.open("rb") as fh:
            for raw in fh.read(2000).decode("utf-8", "replace").splitlines():
                if raw.startswith('"Language: '):
                    tag = raw.split(":", 1)[1].strip().strip('"').replace("\\n", "").strip()
                    break
    # lazy: only /settings and the pages list languages: keep Babel off start-up
    from babel import Locale, UnknownLocaleError

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
    if code in SUPPORTED:  # already a catalogue: no need to load Babel to say so
        return code
    return _catalogue_of(code)


@lru_cache(maxsize=256)
def _catalogue_of(code: str) -> str | None:
    """Babel's reading of one code, kept: a burst asks it ~5 times per interaction for the same few Discord
    locales, and each Locale.parse costs ~0.05 ms on the event loop that sends the acknowledgements."""
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel import Locale, UnknownLocaleError

    try:
        language = Locale.parse(str(code).replace("-", "_")).language
    except (ValueError, UnknownLocaleError):
        return None
    return language if language in SUPPORTED else None


@cache
def translations(locale: str) -> _gettext.NullTranslations:
    """The catalogue for one supported locale; English is the source language (msgids)."""
    # lazy: `tpsbot ask` marks OpenSSL's _hashlib absent before hashlib is first imported (bot.cli)
    import hashlib

    if locale == DEFAULT or locale not in SUPPORTED:
        return _gettext.NullTranslations()
    po = resources.files("locales") / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not po.is_file():
        return _gettext.NullTranslations()

    source = po.read_bytes()
    # Parsing a .po takes ~30 ms: the compiled catalogue is kept, keyed by the .po's content.
    key = f"{DOMAIN}-{locale}-{hashlib.blake2b(source, digest_size=10).hexdigest()}.mo"
    compiled = disk_cache.read(key)
    if compiled is not None:
        try:
            # lazy: with babel.dates & co: only for a translated answer
            from babel.support import Translations

            return Translations(fp=io.BytesIO(compiled), domain=DOMAIN)
        except Exception:  # noqa: BLE001 — an unreadable entry: compile the catalogue again
            pass
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    buf = io.BytesIO()
    write_mo(buf, read_po(io.BytesIO(source), locale=locale, domain=DOMAIN))
    compiled = buf.getvalue()
    disk_cache.write(key, compiled)
    return Translations(fp=io.BytesIO(compiled), domain=DOMAIN)


def gettext(locale: str, message: str) -> str:
    return translations(locale).gettext(message)


def ngettext(locale: str, singular: str, plural: str, n: int) -> str:
    return translations(locale).ngettext(singular, plural, n)
