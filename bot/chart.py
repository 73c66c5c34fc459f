"""PNG bar chart of speed by card (or by model on one card) for /fastest and /card.

Drawn with Pillow from the answer's facts — the ranked rows' tok/s as numbers — never read back out
of the localized text; the value labels are formatted with Babel in the answer's language. Called
from the single compute thread (bot/ops/work.py), so no lock is needed.

The font must carry the accents of every catalogue language (à è é ì ò ù ç ã õ ñ ä ö ü ß): Pillow's
own default font has none of them, so DejaVu Sans comes from the system's font folders (Debian and
Ubuntu: fonts-dejavu-core; Fedora: dejavu-sans-fonts; Alpine: font-dejavu) or TPSBOT_CHART_FONT.
"""

from __future__ import annotations

import io
import logging
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from answers.api import Answer
from answers.rendering import format as fmt
from bot.i18n import N_, t

if TYPE_CHECKING:
    from PIL import ImageFont

log = logging.getLogger(__name__)

FILENAME = "speed.png"
TOP = 15
AXIS = N_("Tokens per second (one request at a time)")
FONT_NAME = "DejaVuSans.ttf"
# Where distributions put DejaVu Sans; Pillow also searches the XDG font folders for a bare name.
FONT_PATHS = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),  # Debian, Ubuntu (fonts-dejavu-core)
    Path("/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf"),  # Fedora
    Path("/usr/share/fonts/TTF/DejaVuSans.ttf"),  # Arch
    Path("/usr/share/fonts/dejavu/DejaVuSans.ttf"),  # Alpine
)
font_file: Path | None = None  # TPSBOT_CHART_FONT, set at start-up (bot.runner)


def bars(answer: Answer) -> list[tuple[str, float]]:
    """(label, tok/s) of the answer's ranked rows, fastest first, from its facts."""
    out = []
    for row in (answer.facts.get("rows") or [])[:TOP]:
        if not isinstance(row, dict):
            continue
        value = row.get("tok_s")
        label = row.get("model") or row.get("card")  # a card's models, or a model's cards
        if isinstance(value, (int, float)) and value > 0 and isinstance(label, str) and label:
            out.append((label, float(value)))
    return out


def render(answer: Answer) -> bytes | None:
    data = bars(answer)
    if not data:
        return None
    values = tuple(fmt.integer(value, answer.locale) for _, value in data)
    return _draw(tuple(data), values, answer.title or "", t(answer.locale, AXIS))


@lru_cache(maxsize=64)  # the same popular question → the same picture; skip redrawing it
def _draw(data: tuple[tuple[str, float], ...], values: tuple[str, ...], title: str, axis: str) -> bytes:
    return _draw_bars(data, values, title, axis)


def use_font(path: Path | None) -> str:
    """TPSBOT_CHART_FONT (None: look for DejaVu Sans); → the font file the charts will use, for the
    start-up log (Pillow itself is loaded at the first chart)."""
    global font_file
    font_file = path
    _font.cache_clear()
    found = next((p for p in ([path] if path else []) + list(FONT_PATHS) if p.is_file()), None)
    if found is None:
        log.warning("No DejaVu Sans font found (install fonts-dejavu-core or set TPSBOT_CHART_FONT): chart "
                    "labels with accents will show boxes")
    return str(found or FONT_NAME)


@lru_cache(maxsize=4)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Lazy, as in _draw_bars: Pillow adds about 4 MB to an idle bot that may never draw a chart.
    from PIL import ImageFont

    candidates = [font_file] if font_file else []
    candidates += [p for p in FONT_PATHS if p.exists()] + [Path(FONT_NAME)]
    for path in candidates:
        try:
            return ImageFont.truetype(str(path), size)
        except OSError:
            continue
    log.warning("No DejaVu Sans font found (install fonts-dejavu-core or set TPSBOT_CHART_FONT): chart "
                "labels with accents will show boxes")
    return ImageFont.load_default(size)


WIDTH, ROW, HEAD, FOOT, PAD = 800, 26, 44, 40, 10
BAR, INK, GRID = (0x58, 0x65, 0xF2), (0x20, 0x22, 0x25), (0xDD, 0xDD, 0xDD)


def _draw_bars(data: tuple[tuple[str, float], ...], values: tuple[str, ...], title: str, axis: str) -> bytes:
    """A horizontal bar chart drawn with Pillow: about 10 MB of memory and tens of milliseconds,
    where matplotlib took about 50 MB and a tenth of a second per chart."""
    from PIL import Image, ImageDraw  # lazy: see _font

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
    for row, ((_, value), label, shown) in enumerate(zip(data, labels, values, strict=True)):
        y = HEAD + row * ROW
        end = left + max(1, round((right - left) * value / top_value))
        draw.rectangle([left, y + 4, end, y + ROW - 4], fill=BAR)
        draw.text((left - PAD, y + ROW // 2), label, font=font, fill=INK, anchor="rm")
        draw.text((end + 4, y + ROW // 2), shown, font=font, fill=INK, anchor="lm")
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
