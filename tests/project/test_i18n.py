"""Gettext catalogues: complete, consistent with the sources, placeholders intact, plural forms right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from answers.knowledge import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
TRANSLATED = ("it", "fr", "de", "es", "pt")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def _catalog(lang: str | None):  # noqa: ANN202
    path = LOCALES / "tpsbot.pot" if lang is None else LOCALES / lang / "LC_MESSAGES" / "tpsbot.po"
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain="tpsbot")


def _ids(catalog) -> set[str]:  # noqa: ANN001
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}


def _names(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def _extracted() -> set[str]:
    """What `pybabel extract -F babel.cfg -k N_ -k L_` finds in the sources right now."""
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    keywords = dict(DEFAULT_KEYWORDS, N_=None, L_=None)
    ids = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=keywords
    ):
        ids.add(message if isinstance(message, str) else message[0])
    return ids


def test_pot_is_up_to_date_with_the_sources() -> None:
    pot = _ids(_catalog(None))
    current = _extracted()
    assert not current - pot, f"run pybabel extract: new msgids {sorted(current - pot)[:10]}"
    assert not pot - current, f"run pybabel extract: stale msgids {sorted(pot - current)[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_msgid_is_translated(lang: str) -> None:
    pot = _ids(_catalog(None))
    po = _catalog(lang)
    assert not po.fuzzy
    by_id = {(m.id if isinstance(m.id, str) else m.id[0]): m for m in po if m.id}
    missing = sorted(pot - set(by_id))
    assert not missing, f"{lang}: not in the .po (run pybabel update): {missing[:10]}"
    for msgid in pot:
        m = by_id[msgid]
        assert "fuzzy" not in m.flags, f"{lang}: fuzzy entry {msgid!r}"
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(s.strip() for s in strings), f"{lang}: untranslated {msgid!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match(lang: str) -> None:
    for m in _catalog(lang):
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            allowed = _names(m.id[0]) | _names(m.id[1])
            needed = _names(m.id[1])
            for form in m.string:
                assert _names(form) <= allowed, f"{lang}: unknown placeholder in {form!r}"
                assert needed <= _names(form) | {"count"}, f"{lang}: placeholder missing in {form!r}"
        else:
            assert _names(m.string) == _names(m.id), f"{lang}: {m.id!r} → {m.string!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_babel_format_checks_pass(lang: str) -> None:
    po = _catalog(lang)
    problems = [(m.id, [str(e) for e in errors]) for m, errors in po.check()]
    assert not problems


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_follow_cldr(lang: str) -> None:
    po = _catalog(lang)
    assert po.num_plurals == get_plural(lang).num_plurals
    for m in po:
        if m.id and isinstance(m.id, tuple):
            assert len(m.string) == po.num_plurals, f"{lang}: {m.id[0]!r} has {len(m.string)} forms"


def test_plural_lookup() -> None:
    one = "%(num)s card"
    other = "%(num)s cards"
    assert i18n.ngettext("it", one, other, 1) == "%(num)s scheda"
    assert i18n.ngettext("it", one, other, 3) == "%(num)s schede"
    assert i18n.ngettext("fr", one, other, 0) == "%(num)s carte"  # French: 0 is singular
    assert i18n.ngettext("de", one, other, 2) == "%(num)s Karten"
    assert i18n.ngettext("es", one, other, 1_000_000) == "%(num)s tarjetas"


def test_catalogues_load_and_translate() -> None:
    for lang, word in (("it", "comodo"), ("fr", "confortable"), ("de", "bequem"), ("es", "holgado")):
        assert i18n.gettext(lang, "comfortable") == word
    assert i18n.gettext("en", "comfortable") == "comfortable"


def test_bot_strings_are_translated() -> None:
    for msgid in ("Page {page} of {pages}", "Previous", "Next", "Slash commands"):
        for lang in TRANSLATED:
            assert i18n.gettext(lang, msgid) != msgid


def test_no_obsolete_entries() -> None:
    for lang in TRANSLATED:
        text = (LOCALES / lang / "LC_MESSAGES" / "tpsbot.po").read_text("utf-8")
        assert "\n#~ " not in text


@pytest.mark.parametrize("lang", [lang for lang in TRANSLATED if lang != "it"])
def test_no_catalogue_borrows_another_languages_sentences(lang: str) -> None:
    """A merge once left Italian sentences in the French, German, Spanish and Portuguese catalogues (a
    French asker read "Sì, ma lentamente"). A sentence of four words or more that is word for word the
    Italian translation, and not the English source, was not written for this language."""
    italian = {m.id: m.string for m in _catalog("it") if m.id}
    borrowed = []
    for m in _catalog(lang):
        if not m.id or m.string != italian.get(m.id):
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        source = m.id if isinstance(m.id, tuple) else (m.id,)
        words = len(re.sub(PLACEHOLDER, "", strings[0]).split())
        if words >= 4 and strings[0] not in source:
            borrowed.append(m.id if isinstance(m.id, str) else m.id[0])
    assert not borrowed, f"{lang}: {len(borrowed)} Italian sentences, e.g. {borrowed[:3]}"
