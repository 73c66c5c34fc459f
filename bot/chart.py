"""PNG bar chart of speed by card (or by model on one card) for /fastest and /card.

Drawn with Pillow (no matplotlib at run time: its import and first figure cost about 50 MB of
resident memory, which alone broke the bot's 120 MB budget). Called from the single compute
thread (bot/work.py), so no lock is needed.
"""

from __future__ import annotations

import importlib.util
import io
import re
from functools import lru_cache
from pathlib import Path

from babel.numbers import NumberFormatError, parse_decimal

from answers.api import Answer

from .i18n import N_, t

FILENAME = "speed.png"
TOP = 15
AXIS = N_("Tokens per second (one request at a time)")
_NUMBER = re.compile(r"\d[\d\s.,\u202f\u00a0']*")


def _number(text: str, locale: str) -> float | None:
    match = _NUMBER.search(text or "")
    if not match:
        return None
    raw = match.group().strip().rstrip(".,")
    try:
        return float(parse_decimal(raw, locale=locale, strict=False))
    except (NumberFormatError, ValueError):
        return None


def bars(answer: Answer) -> list[tuple[str, float]]:
    out = []
    for row in (answer.table or [])[:TOP]:
        value = _number(row.get("tok_s", ""), answer.locale)
        label = row.get("card") or row.get("model")
        if value is not None and label:
            out.append((label, value))
    return out


def render(answer: Answer) -> bytes | None:
    data = bars(answer)
    if not data:
        return None
    return _draw(tuple(data), answer.title or "", t(answer.locale, AXIS))


@lru_cache(maxsize=64)  # the same popular question → the same picture; skip redrawing it
def _draw(data: tuple[tuple[str, float], ...], title: str, axis: str) -> bytes:
    return _draw_bars(data, title, axis)


WIDTH, ROW, HEAD, FOOT, PAD = 800, 26, 44, 40, 10
BAR, INK, GRID = (0x58, 0x65, 0xF2), (0x20, 0x22, 0x25), (0xDD, 0xDD, 0xDD)


@lru_cache(maxsize=4)
def _font(size: int):  # noqa: ANN202 - PIL.ImageFont.FreeTypeFont
    from PIL import ImageFont

    # DejaVu Sans covers the accents of every catalogue language; matplotlib ships it.
    spec = importlib.util.find_spec("matplotlib")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / "mpl-data" / "fonts" / "ttf" / "DejaVuSans.ttf"
        if path.exists():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size)


def _draw_bars(data: tuple[tuple[str, float], ...], title: str, axis: str) -> bytes:
    """A horizontal bar chart drawn with Pillow: about 10 MB of memory and tens of milliseconds,
    where matplotlib took about 50 MB and a tenth of a second per chart."""
    from PIL import Image, ImageDraw

    font, bold = _font(13), _font(15)
    labels = [_fit(label, font, 250) for label, _ in data]
    left = PAD + max(int(font.getlength(label)) for label in labels) + PAD
    right = WIDTH - PAD - 60  # room for the value after the longest bar
    height = HEAD + ROW * len(data) + FOOT
    image = Image.new("RGB", (WIDTH, height), "white")
    draw = ImageDraw.Draw(image)
    if title:
        draw.text((WIDTH // 2, PAD), _fit(title[:80], bold, WIDTH - 2 * PAD), font=bold, fill=INK, anchor="mt")
    top_value = max(value for _, value in data) or 1.0
    for i in range(5):  # light vertical grid at fifths of the longest bar
        x = left + (right - left) * i // 4
        draw.line([(x, HEAD - 4), (x, HEAD + ROW * len(data))], fill=GRID)
    for row, ((_, value), label) in enumerate(zip(data, labels)):
        y = HEAD + row * ROW
        end = left + max(1, round((right - left) * value / top_value))
        draw.rectangle([left, y + 4, end, y + ROW - 4], fill=BAR)
        draw.text((left - PAD, y + ROW // 2), label, font=font, fill=INK, anchor="rm")
        draw.text((end + 4, y + ROW // 2), f"{value:,.0f}", font=font, fill=INK, anchor="lm")
    draw.text((WIDTH // 2, height - PAD), axis, font=font, fill=INK, anchor="mb")
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def _fit(text: str, font, width: int) -> str:  # noqa: ANN001
    """`text`, shortened with an ellipsis to `width` pixels."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"
