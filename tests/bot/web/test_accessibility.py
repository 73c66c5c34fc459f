"""An accessibility pass over every kind of page: the language declared, one h1 and headings that never
skip a level, table headers with their scope, a label for every field, and text colours with a contrast
of at least 4.5:1 (WCAG 2.x AA), computed from the stylesheet's own colours."""

from __future__ import annotations

import re

import pytest

from answers.knowledge.i18n import SUPPORTED
from bot.web import static

from .conftest import fetch

PAGES = ["/", "/?q=rtx", "/models/glm-4-5v", "/models/glide?fit=all", "/cards/geforce-rtx-3060-12-gb",
         "/models/nothing-of-the-kind"]
# Text colour on background, as the stylesheet pairs them.
PAIRS = [("ink", "paper"), ("muted", "paper"), ("muted", "band"), ("ink", "band"), ("link", "paper"),
         ("link", "band"), ("good", "paper"), ("tight", "paper"), ("bad", "paper"), ("paper", "link")]


@pytest.mark.parametrize("url", PAGES)
@pytest.mark.parametrize("locale", SUPPORTED)
async def test_structure(client, url, locale):
    status, page = await fetch(client, url + ("&" if "?" in url else "?") + f"lang={locale}")
    assert status in (200, 404)
    assert page.lang == locale
    levels = [level for level, _ in page.headings]
    assert levels.count(1) == 1 and levels[0] == 1
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), levels  # no skipped level
    assert all(text for _, text in page.headings)
    assert page.th_without_scope == 0
    for control in page.controls:
        if control.get("type") in ("hidden", "submit"):
            continue
        assert control.get("id") in page.labels, control


def _colours() -> dict[str, tuple[int, int, int]]:
    css = static.asset("site.css").body.decode()  # type: ignore[union-attr]
    found = dict(re.findall(r"--(\w+):\s*#([0-9a-fA-F]{6})", css))
    return {k: (int(v[:2], 16), int(v[2:4], 16), int(v[4:], 16)) for k, v in found.items()}


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = map(channel, rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_formula_matches_wcag_examples():
    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert round(contrast((0x77, 0x77, 0x77), (255, 255, 255)), 2) == 4.48  # the classic "#777 fails AA"


@pytest.mark.parametrize(("ink", "paper"), PAIRS)
def test_text_contrast(ink, paper):
    colours = _colours()
    assert contrast(colours[ink], colours[paper]) >= 4.5, (ink, paper)
