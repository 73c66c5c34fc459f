"""What a reader of a page sees, read with the standard library's HTML parser: its language, headings,
the table's rows (`<tr data-card>` with `data-col` cells), the summary's figures (`data-fact`), the
form fields and their labels. Text is with its runs of HTML white space collapsed, as a browser shows it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

SPACES = re.compile(r"[ \t\n\r\f]+")  # HTML's white space: CLDR's no-break spaces stay (French digits)
VOID = {"meta", "link", "input", "img", "br", "hr", "source"}


@dataclass
class Page:
    lang: str | None = None
    headings: list[tuple[int, str]] = field(default_factory=list)
    rows: dict[str, dict[str, str]] = field(default_factory=dict)  # data-card or data-model → data-col → text
    row_order: list[str] = field(default_factory=list)
    row_attrs: dict[str, dict[str, str]] = field(default_factory=dict)
    facts: dict[str, str] = field(default_factory=dict)
    fact_counts: dict[str, int] = field(default_factory=dict)
    th_without_scope: int = 0
    controls: list[dict[str, str]] = field(default_factory=list)  # input/select/textarea attributes
    labels: set[str] = field(default_factory=set)  # label for= ids
    links: list[str] = field(default_factory=list)
    scripts: list[dict[str, str]] = field(default_factory=list)
    inline_styles: int = 0
    text: str = ""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.stack: list[tuple[str, str | None, str | None]] = []  # tag, what it collects, key
        self.buffers: dict[tuple[str, str], list[str]] = {}
        self.row: str | None = None
        self.all: list[str] = []

    def handle_starttag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        attrs = {k: v or "" for k, v in attrs_list}
        p = self.page
        if "style" in attrs:
            p.inline_styles += 1
        if tag == "html":
            p.lang = attrs.get("lang")
        if tag in ("input", "select", "textarea"):
            p.controls.append({"tag": tag, **attrs})
        if tag == "label" and "for" in attrs:
            p.labels.add(attrs["for"])
        if tag == "a" and "href" in attrs:
            p.links.append(attrs["href"])
        if tag == "script":
            p.scripts.append(attrs)
        if tag == "th" and "scope" not in attrs:
            p.th_without_scope += 1
        if tag == "tr" and ("data-card" in attrs or "data-model" in attrs):
            self.row = attrs.get("data-card") or attrs.get("data-model")
            p.rows[self.row] = {}
            p.row_order.append(self.row)
            p.row_attrs[self.row] = attrs
        if tag in VOID:
            return
        collect: tuple[str | None, str | None] = (None, None)
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            collect = ("h", tag + str(len(p.headings)))
            p.headings.append((int(tag[1]), ""))
        elif "data-fact" in attrs:
            collect = ("fact", attrs["data-fact"])
        elif "data-col" in attrs and self.row is not None:
            collect = ("col", attrs["data-col"])
        self.stack.append((tag, *collect))
        if collect[0]:
            self.buffers[(collect[0], collect[1])] = []  # type: ignore[index]

    def handle_endtag(self, tag: str) -> None:
        if tag == "tr":
            self.row = None
        while self.stack:
            open_tag, kind, key = self.stack.pop()
            if kind and key:
                text = SPACES.sub(" ", "".join(self.buffers.pop((kind, key), []))).strip()
                self._store(kind, key, text)
            if open_tag == tag:
                break

    def _store(self, kind: str, key: str, text: str) -> None:
        p = self.page
        if kind == "h":
            i = int(key[2:])
            p.headings[i] = (p.headings[i][0], text)
        elif kind == "fact":
            p.facts[key] = text
            p.fact_counts[key] = p.fact_counts.get(key, 0) + 1
        elif kind == "col" and p.row_order:
            p.rows[p.row_order[-1]][key] = text

    def handle_data(self, data: str) -> None:
        self.all.append(data)
        for buf in self.buffers.values():
            buf.append(data)


def read_page(html: str) -> Page:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    reader.page.text = SPACES.sub(" ", "".join(reader.all)).strip()
    return reader.page
