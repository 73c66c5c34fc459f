"""A paged table shows every row once, ten to a page, numbered in order (/fastest, /smallest, /card)."""

from __future__ import annotations

import re

import pytest

from answers.engine import Engine
from bot import render

LINE = re.compile(r"^(\d+)\. \*\*(.+?)\*\*")


@pytest.mark.parametrize(("intent", "kw"), [("fastest", {"model": "GLM-4.5V"}), ("smallest", {"model": "Llama 3.1 8B"}),
                                             ("card_models", {"card": "RTX 3060"})])
def test_pages_hold_every_row_ten_at_a_time(engine: Engine, intent: str, kw: dict[str, str]) -> None:
    answer = engine.command(intent, "en", **kw)
    table = answer.table or []
    assert len(table) > 25  # several pages
    pages = render.page_count(answer)
    assert pages == -(-len(table) // 10)
    shown: list[tuple[int, str]] = []
    for page in range(pages):
        lines = render.table_lines(answer, page)
        assert len(lines) == (10 if page < pages - 1 else len(table) - 10 * (pages - 1))
        for line in lines:
            m = LINE.match(line)
            assert m, line
            shown.append((int(m[1]), m[2]))
    assert [n for n, _ in shown] == list(range(1, len(table) + 1))
    names = [(row.get("card") or row.get("model") or "").replace("_", "\\_") for row in table]
    assert [name for _, name in shown] == names
