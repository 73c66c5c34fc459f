"""PNG bar chart of speed by card (or by model on one card) for /fastest and /card.

Uses matplotlib's object API on the Agg canvas (no pyplot global state), so charts can be drawn
in a worker thread while the event loop keeps serving other users.
"""

from __future__ import annotations

import io
import re
import threading
from functools import lru_cache

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


def bars(answer: Answer) -> list[tuple[str, float, str]]:
    """(name, speed, the speed as the answer prints it): bars are labelled with answers' own numbers."""
    out = []
    for row in (answer.table or [])[:TOP]:
        shown = row.get("tok_s", "")
        value = _number(shown, answer.locale)
        label = row.get("card") or row.get("model")
        if value is not None and label:
            out.append((label, value, shown.removesuffix(" tok/s")))
    return out


def render(answer: Answer) -> bytes | None:
    data = bars(answer)
    if not data:
        return None
    return _draw(tuple(data), answer.title or "", t(answer.locale, AXIS))


_lock = threading.Lock()


@lru_cache(maxsize=256)  # the same popular question → the same picture; skip redrawing it
def _draw(data: tuple[tuple[str, float, str], ...], title: str, axis: str) -> bytes:
    # One chart at a time: matplotlib's shared font and text caches are not documented as thread-safe.
    with _lock:
        return _draw_unlocked(data, title, axis)


def _draw_unlocked(data: tuple[tuple[str, float, str], ...], title: str, axis: str) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    labels = [label for label, _, _ in data][::-1]
    values = [value for _, value, _ in data][::-1]
    shown = [text for _, _, text in data][::-1]
    fig = Figure(figsize=(8, 0.35 * len(data) + 1.2), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.barh(labels, values, color="#5865F2")
    ax.set_xlabel(axis)
    if title:
        ax.set_title(title[:80])
    for y, (value, text) in enumerate(zip(values, shown)):
        ax.text(value, y, f" {text}", va="center", fontsize=8)
    ax.margins(x=0.12)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()
