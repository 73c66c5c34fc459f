"""Fact questions on a family name answer for the family (answers/facts/family.py); "did you mean" stays for names
that are no family and for hardware questions. Expected values come from the catalog records read here and
from Babel directly, never from the answer's own facts."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest
from babel.dates import format_date
from babel.numbers import format_decimal

from answers.facts import family

LANGS = ("en", "it", "fr", "de", "es", "pt")
BABEL = {"en": "en", "it": "it", "fr": "fr", "de": "de", "es": "es", "pt": "pt_BR"}


def records(knowledge, *names: str) -> list:
    by_name = {m.name: m for m in reversed(knowledge.models)}  # the first record of a name wins
    return [by_name[n] for n in names]


def long_date(d: dt.date, lang: str) -> str:
    return format_date(d, "long", locale=BABEL[lang])


# ------------------------------------------------------------------------------------------ the rule
@dataclass(frozen=True)
class Rec:
    name: str
    params_b: float | None = None


def names(typed: str, recs) -> list[str]:
    return sorted(m.record.name for m in family.members(typed, recs))


def test_size_words() -> None:
    for word in ("8B", "0.6B", "135M", "8x7B", "8x22B", "E2B", "70b"):
        assert family.is_size_word(word), word
    for word in ("3", "3n", "3.1", "v0.1", "Coder", "A", "mini", "B"):
        assert not family.is_size_word(word), word


def test_members_start_with_the_typed_words_then_a_size_word() -> None:
    recs = [Rec("Foo 7B"), Rec("Foo-13B-Instruct"), Rec("Foobar 7B"), Rec("Foo 2 7B"), Rec("Foo Coder 7B"), Rec("Foo")]
    assert names("foo", recs) == ["Foo 7B", "Foo-13B-Instruct"]  # never inside a word ("Foobar"), never a version
    sizes = {m.record.name: m.size for m in family.members("foo", recs)}
    assert sizes == {"Foo 7B": "7B", "Foo-13B-Instruct": "13B-Instruct"}
    assert names("foo 2", recs) == ["Foo 2 7B"]
    assert names("foo2", recs) == ["Foo 2 7B"]  # written together: the letters of whole words


def test_catalog_families(knowledge) -> None:
    models = knowledge.models
    assert names("llama 3", models) == ["Llama 3 70B", "Llama 3 8B"]  # not 3.1, 3.2 or 3.3
    assert names("llama3", models) == names("llama 3", models)
    # not 3n
    assert names("gemma 3", models) == ["Gemma 3 12B", "Gemma 3 1B", "Gemma 3 270M", "Gemma 3 27B", "Gemma 3 4B"]
    assert names("gemma 3n", models) == ["Gemma 3n E2B", "Gemma 3n E4B"]
    qwen3 = names("qwen3", models)
    assert qwen3 == sorted(["Qwen3 0.6B", "Qwen3 1.7B", "Qwen3 4B", "Qwen3 8B", "Qwen3 14B", "Qwen3 32B",
                            "Qwen3-30B-A3B", "Qwen3-235B-A22B"])  # not Qwen3-Coder, not Qwen3-Next
    assert names("Qwen 3", models) == qwen3
    ordered = [m.size for m in family.members("qwen3", models)]
    assert ordered[0] == "0.6B" and ordered[-1] == "235B-A22B"  # smallest first
    # No two members by size: variant names count instead (never when sizes already make a family).
    assert names("phi 3", models) == ["Phi-3 medium", "Phi-3 mini", "Phi-3 small"]
    assert names("llama 4", models) == ["Llama 4 Maverick", "Llama 4 Scout"]
    assert family.family_facts("mistral small 3", models) is None  # "3.1" is a version, not a variant name


def test_variant_names_only_without_sizes() -> None:
    recs = [Rec("Foo 7B"), Rec("Foo 13B"), Rec("Foo Coder 7B"), Rec("Bar Scout"), Rec("Bar Maverick"), Rec("Bar 2 Max")]
    assert names("foo", recs) == ["Foo 13B", "Foo 7B"]  # sizes make the family: "Coder" stays out
    assert names("bar", recs) == ["Bar Maverick", "Bar Scout"]  # "2" is a version, not a name


# ------------------------------------------------------------------------------------------ answers
@pytest.mark.parametrize("lang", LANGS)
def test_release_of_qwen3_is_one_date(engine, knowledge, lang) -> None:
    sizes = ["0.6B", "1.7B", "4B", "8B", "14B", "32B", "30B-A3B", "235B-A22B"]
    recs = records(knowledge, *(f"Qwen3 {s}" if "-" not in s else f"Qwen3-{s}" for s in sizes))
    dates = {r.publication_date for r in recs}
    assert len(dates) == 1  # the records share it, so the answer gives one date
    a = engine.ask("when did qwen3 come out", locale=lang)
    assert a.intent == "release"
    assert sorted(a.facts["family"]["sizes"]) == sorted(sizes)
    assert "Qwen3" in a.text
    assert long_date(dates.pop(), lang) in a.text


@pytest.mark.parametrize("lang", LANGS)
def test_release_of_gemma_3_gives_its_first_and_last(engine, knowledge, lang) -> None:
    # Gemma 3 1B–27B came out together; the 270M followed months later, so the answer gives both dates.
    first, last = records(knowledge, "Gemma 3 1B", "Gemma 3 270M")
    assert first.publication_date < last.publication_date
    a = engine.ask("when did gemma 3 come out", locale=lang)
    assert a.intent == "release"
    assert a.facts["family"]["sizes"] == ["270M", "1B", "4B", "12B", "27B"]
    assert "270M, 1B, 4B, 12B, 27B" in a.text
    assert long_date(first.publication_date, lang) in a.text and long_date(last.publication_date, lang) in a.text
    assert "Gemma 3n E2B" in a.facts["family"]["others"]  # a near name, not a member


@pytest.mark.parametrize("lang", LANGS)
def test_release_of_gemma_2_gives_first_and_last(engine, knowledge, lang) -> None:
    recs = records(knowledge, "Gemma 2 2B", "Gemma 2 9B", "Gemma 2 27B")
    first = min(recs, key=lambda r: r.publication_date)
    last = max(recs, key=lambda r: r.publication_date)
    assert first.publication_date != last.publication_date
    a = engine.ask("when did gemma 2 come out", locale=lang)
    assert a.intent == "release"
    text = a.text
    assert long_date(first.publication_date, lang) in text and long_date(last.publication_date, lang) in text
    assert first.name in text and last.name in text
    assert text.index(long_date(first.publication_date, lang)) < text.index(long_date(last.publication_date, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_llama_3_is_8b_and_70b(engine, knowledge, lang) -> None:
    a = engine.ask("when did llama 3 come out", locale=lang)
    assert a.intent == "release"
    assert [m["name"] for m in a.facts["family"]["members"]] == ["Llama 3 8B", "Llama 3 70B"]
    (date,) = {r.publication_date for r in records(knowledge, "Llama 3 8B", "Llama 3 70B")}
    assert long_date(date, lang) in a.text
    assert long_date(records(knowledge, "Llama 3.1 8B")[0].publication_date, lang) not in a.text


@pytest.mark.parametrize("lang", LANGS)
def test_maker_of_qwen3(engine, knowledge, lang) -> None:
    recs = [m.record for m in family.members("qwen3", knowledge.models)]
    makers = {r.organization for r in recs}
    assert len(makers) == 1
    a = engine.ask("who makes qwen3", locale=lang)
    assert a.intent == "maker"
    assert a.entities["model"] == "Qwen3"
    assert f"**{makers.pop()}**" in a.text
    assert "0.6B" in a.text and "235B-A22B" in a.text


@pytest.mark.parametrize("lang", LANGS)
def test_open_source_lists_each_licence_with_its_sizes(engine, knowledge, lang) -> None:
    members = family.members("qwen2.5", knowledge.models)
    licences = {m.record.license for m in members}
    assert len(licences) >= 2  # the records differ: Apache-2.0, Qwen Research License, Qwen License
    a = engine.ask("is qwen2.5 open source", locale=lang)
    assert a.intent == "open_source"
    for m in members:
        sizes = [x.size for x in members if x.record.license == m.record.license]
        assert f"{m.record.license} ({', '.join(sizes)})" in a.text
    assert a.facts["family"]["open"] == "all"


@pytest.mark.parametrize("lang", LANGS)
def test_parameters_per_member(engine, knowledge, lang) -> None:
    a = engine.ask("how many parameters does qwen3 have", locale=lang)
    assert a.intent == "parameters"
    for m in family.members("qwen3", knowledge.models):
        total = format_decimal(m.record.params_b, "#,##0.##", locale=BABEL[lang])
        line = next(line for line in a.text.splitlines() if line.split(":")[0].strip() == f"- {m.size}")
        assert total in line, (m.size, line)
        if m.record.active_params_b is not None:
            assert format_decimal(m.record.active_params_b, "#,##0.##", locale=BABEL[lang]) in line


@pytest.mark.parametrize("lang", LANGS)
def test_other_fact_intents_read_for_the_family(engine, lang) -> None:
    for intent, name in (("purpose", "gemma 3"), ("download", "llama 3"), ("compute", "qwen3")):
        a = engine.command(intent, lang, model=name)
        assert a.intent == intent and a.facts["family"]["query"] == name, intent
        assert a.facts["family"]["name"] in a.text


@pytest.mark.parametrize("lang", LANGS)
def test_llama_4_is_scout_and_maverick(engine, knowledge, lang) -> None:
    a = engine.ask("when did llama 4 come out", locale=lang)
    assert a.intent == "release" and "family" in a.facts
    recs = records(knowledge, "Llama 4 Scout", "Llama 4 Maverick")
    assert sorted(m["name"] for m in a.facts["family"]["members"]) == sorted(r.name for r in recs)
    for d in {r.publication_date for r in recs}:
        assert long_date(d, lang) in a.text


def test_hardware_questions_and_non_families_keep_did_you_mean(engine) -> None:
    a = engine.ask("gemma 3 vram")  # a hardware answer needs one model
    assert a.intent == "ambiguous" and "Gemma 3 27B" in a.facts["candidates"]
    b = engine.command("maker", "en", model="llama vision")  # Llama 3.2 11B/90B Vision: words, not a family
    assert b.intent == "ambiguous" and "family" not in b.facts


def test_both_halves_on_a_family(engine, knowledge) -> None:
    a = engine.ask("who released gemma 3 and when")
    (date,) = {r.publication_date for r in records(knowledge, "Gemma 3 1B", "Gemma 3 27B")}
    assert "Google DeepMind" in a.text and long_date(date, "en") in a.text
