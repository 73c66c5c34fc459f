"""A topic the bot does not answer, said in a message: installing and drivers, faults, which model is smarter,
chat frontends, prompts and jailbreaks, rumours, and topics outside AI hardware (laws, shares, courses, writing
code, operating systems, series and films) (answers/lexicon/off_topic.toml, with why each is out of
scope). Pure: the question's text in, the topic out (`Asked.off_topic`); whether it is the answer or a line
beside one is decided from the record by answers/facts/routing.py, never here."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from answers.lexicon.errors import LexiconError
from answers.reading.scope import normalized

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "off_topic.toml"
LANGUAGES = ("en", "it", "fr", "de", "es", "pt")
# The topics, in the order a message naming two is read: the one it asks about first in this order wins
# ("my fans are loud since i installed the new driver": the fault, what it asks about).
TOPICS = ("troubleshoot", "install", "frontend", "prompts", "law", "finance", "learning", "coding", "system",
          "entertainment", "news", "quality")  # "the latest news on the AI act": the law, what it is about


def _data() -> dict[str, Any]:
    """off_topic.toml, parsed once for both readers of it (the topics' phrases and the wishes), which run on every
    question; keyed by the file's size and time so a rewritten file is read again."""
    info = PATH.stat()
    return _parsed(PATH, info.st_mtime_ns, info.st_size)


@cache
def _parsed(path: Path, mtime_ns: int, size: int) -> dict[str, Any]:
    return tomllib.loads(path.read_text("utf-8"))


@cache
def phrases() -> dict[str, tuple[str, ...]]:
    """Each topic's phrases, normalized as the text is (spaces around), longest first; checked at load."""
    data = _data()
    if set(data) != set(TOPICS):
        raise LexiconError(f"{PATH.name}: topics must be exactly {', '.join(TOPICS)}")
    out: dict[str, tuple[str, ...]] = {}
    owner: dict[str, str] = {}
    for topic in TOPICS:
        table = data[topic]
        if not isinstance(table.get("note"), str) or not table["note"].strip():
            raise LexiconError(f"{PATH.name}: {topic} has no note saying why it is out of scope")
        found: list[str] = []
        for lang in LANGUAGES:
            words = table.get(lang)
            if not isinstance(words, list) or not words or not all(isinstance(w, str) and w.strip() for w in words):
                raise LexiconError(f"{PATH.name}: {topic}.{lang} must be a list of phrases")
            found += [normalized(w) for w in words]
        for p in found:
            if owner.setdefault(p, topic) != topic:
                raise LexiconError(f"{PATH.name}: {p.strip()!r} is under both {owner[p]} and {topic}")
        out[topic] = tuple(sorted(set(found), key=len, reverse=True))
    return out


def read(question: str) -> str | None:
    """The topic out of scope the question names (`TOPICS` order), or None."""
    text = normalized(question)
    wished = any(w in text for w in _wishes())  # "le bruit compte aussi, c'est dans le salon": a criterion
    for topic, words in phrases().items():
        if topic == "troubleshoot" and wished:
            continue
        if any(w in text for w in words):
            return topic
    return None


@cache
def _wishes() -> tuple[str, ...]:
    """Phrases saying noise or heat is the asker's wish in choosing hardware, not a fault (troubleshoot.wish)."""
    wish = _data()["troubleshoot"].get("wish")
    if not isinstance(wish, list) or not all(isinstance(w, str) and w.strip() for w in wish):
        raise LexiconError(f"{PATH.name}: troubleshoot.wish must be a list of phrases")
    return tuple(normalized(w) for w in wish)
