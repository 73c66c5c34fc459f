"""What every know-how test checks first (tests/answers/test_knowhow*.py): the answer is in the asker's language,
carries the line of that id, and says each word the line must hold; the answer is returned for further checks."""

from __future__ import annotations

from answers.api import Answer
from answers.engine import Engine


def knowhow_ids(a: Answer) -> list[str]:
    """The ids of the know-how lines an answer carries, in order."""
    return [k["id"] for k in a.facts.get("knowhow") or ()]


def sourced_line(engine: Engine, question: str, lang: str, kid: str, words: tuple[str, ...] = ()) -> Answer:
    """Ask; the answer is in `lang`, carries the line `kid` and says every one of `words`."""
    a = engine.ask(question)
    assert a.locale == lang
    assert kid in knowhow_ids(a), a.text
    for w in words:
        assert w in a.text, a.text
    return a


def line_source(a: Answer, kid: str) -> str:
    """The source the line `kid` cites."""
    return str(next(k for k in a.facts["knowhow"] if k["id"] == kid)["source"])
