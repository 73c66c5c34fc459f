"""Property-based fuzzing of the question parser, Engine.ask and the command line with hostile
classes of input: numbers at the float limits, control characters, bidi overrides, combining
floods, mentions. Bounded example counts keep it to a few seconds."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answers.engine import Engine
from answers.reading.parse import parse
from answers.rendering.markdown import MAX_COMBINING, clean, inert
from bot.cli.parser import main

PING = re.compile(r"@(?!\u200b)(everyone|here|[!&]?\d)")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
BIDI = re.compile(r"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

# The hostile classes, each a strategy of its own so every one is drawn.
HUGE = st.sampled_from(["9" * 309, "1e306", "1e306k", "inf", "nan", "1" + "0" * 400, "1.8e308", "-0", "0"])
TINY = st.sampled_from(["1e-308", "5e-324", "0.0000000001", "1e-30", "4.9e-324"])
CONTROLS = st.text(st.characters(min_codepoint=0, max_codepoint=0x1F), min_size=1, max_size=4)
BIDI_CHARS = st.sampled_from(["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "\u061c"])
COMBINING = st.integers(3, 60).map(lambda n: "z" + "\u0301" * n)
MENTIONS = st.sampled_from(["@everyone", "@here", "<@123>", "<@!456>", "<@&789>"])
WORDS = st.sampled_from([
    "glm-4.5v", "llama 3 8b", "rtx 3060", "rtx 4090", "at", "tokens", "context", "k", "b", "bit", "params",
    "can", "run", "on", "what", "my", "fastest", "with", "GB", "vram", "q4", "?",
])
HOSTILE = st.one_of(HUGE, TINY, CONTROLS, BIDI_CHARS, COMBINING, MENTIONS)
QUESTION = st.lists(st.one_of(WORDS, HOSTILE, HUGE.map(lambda n: n + " tokens"), TINY.map(lambda n: n + "b")),
                    min_size=1, max_size=8).map(" ".join)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def _safe(text: str) -> None:
    assert not PING.search(text), text
    assert not CONTROL.search(text.replace("\n", "").replace("\t", "")), repr(text)
    assert not BIDI.search(text), repr(text)
    run = 0
    for ch in text:
        run = run + 1 if unicodedata.combining(ch) else 0
        assert run <= MAX_COMBINING, repr(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(question=QUESTION)
def test_parser_and_engine_survive_hostile_questions(engine: Engine, question: str) -> None:
    kn = engine.knowledge
    parse(question, kn.model_resolver, kn.gpu_resolver)  # never raises
    answer = engine.ask(question)
    for text in (answer.text, answer.title or "", *_strings(answer.entities), *_strings(answer.facts)):
        _safe(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=st.one_of(
    st.tuples(st.sampled_from(["summary", "table"]), st.just("--params"), st.one_of(HUGE, TINY)),
    st.tuples(st.sampled_from(["summary", "table"]), st.just("--params"), st.just("7"), st.just("--active"),
              st.one_of(HUGE, TINY)),
    st.tuples(st.sampled_from(["summary", "table"]), st.just("--params"), st.just("7"), st.just("--context"),
              st.one_of(HUGE, TINY, HUGE.map(lambda n: n + "k"))),
    st.tuples(st.just("card"), st.sampled_from(["rtx 3060", "h100"]), st.just("--context"), st.one_of(HUGE, TINY)),
    st.tuples(st.just("ask"), QUESTION),
    st.tuples(st.just("ask"), st.one_of(HOSTILE, st.just(""), st.just("   "))),
))
def test_the_command_line_answers_or_errs_in_one_line(built_db, monkeypatch, capsys, argv) -> None:
    monkeypatch.setenv("TPSBOT_DB", str(built_db))
    capsys.readouterr()
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    if code == 0:
        assert not err
        for line in out.splitlines():
            data = json.loads(line)
            for text in _strings(data):
                if argv[0] == "ask":
                    _safe(text)
    else:
        assert code in (1, 2)
        assert err.startswith("tpsbot: error: ") and err.count("\n") == 1, err
        assert not out


@pytest.mark.parametrize(("raw", "expected"), [
    ("a\x00b", "a b"), ("x\u202eevil", "xevil"), ("\u2066a\u2069", "a"), ("z" + "\u0301" * 9, "z\u0301\u0301"),
    ("Việt", "Việt"), ("keep\nlines", "keep\nlines"),
])
def test_clean_examples(raw: str, expected: str) -> None:
    assert clean(raw) == expected


def test_inert_defuses_mentions_in_nested_json() -> None:
    data = inert({"q": "hi @everyone", "list": ["<@123>", ("@here",)], "n": 4})
    assert data == {"q": "hi @\u200beveryone", "list": ["<@\u200b123>", ("@\u200bhere",)], "n": 4}
