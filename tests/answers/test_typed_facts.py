"""answers/facts/typed.py: the typed facts records become the `--json` facts with the same keys in the same
order (benchmarks/json_shape.py compares whole answers before and after a change)."""

from __future__ import annotations

import datetime as dt

import pytest
from msgspec import UNSET, Struct, UnsetType

from answers.facts.typed import CardFit, ModelFigures, facts_of


class _Inner(Struct):
    a: int


class _Outer(Struct, kw_only=True):
    first: str
    absent: int | UnsetType = UNSET
    null: int | None = None
    inner: _Inner
    when: dt.date


def test_keys_keep_their_order_unset_is_left_out_and_null_is_kept() -> None:
    facts = facts_of(_Outer(first="x", inner=_Inner(1), when=dt.date(2024, 5, 1)))
    assert list(facts) == ["first", "null", "inner", "when"]
    assert facts["null"] is None and facts["inner"] == {"a": 1}
    assert facts["when"] == dt.date(2024, 5, 1)  # kept a date: the templates format it in the asker's language


def test_records_follow_one_another_in_order() -> None:
    a, b = _Inner(1), _Outer(first="y", inner=_Inner(2), when=dt.date(2024, 1, 1))
    assert list(facts_of(a, b)) == ["a", "first", "null", "inner", "when"]


def test_a_key_no_record_declares_cannot_slip_in() -> None:
    with pytest.raises(TypeError):
        CardFit(mode="card", row={}, verdict={}, recommended_quant=None, levels_named=[], cache_hint=None,
                hint_nobody_declared=1)  # type: ignore[call-arg]


def test_a_rating_answer_starts_with_the_models_figures(engine) -> None:
    facts = engine.ask("can I run llama 3.1 8b on a 3060?").facts
    figures = list(ModelFigures.__struct_fields__)
    assert list(facts)[:len(figures)] == figures
    after = [k for k in CardFit.__struct_fields__ if k in facts]
    assert after == [k for k in facts if k in CardFit.__struct_fields__]  # the card's keys in the record's order
