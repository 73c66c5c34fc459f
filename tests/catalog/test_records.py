"""The catalog's records keep the checks they had as pydantic models: ranges, required fields, the rules between
fields, every string cleaned where text enters (a file, an import, the database), and the answers' options refuse
what they do not know."""

from __future__ import annotations

import msgspec
import pytest

from answers.api import AskOptions
from catalog.records import GpuRecord, ModelRecord, RecordError, checked, from_json

CARD = {"position": 0, "name": "Test Card", "vendor": "NVIDIA", "memory_gb": 24, "bandwidth_gbps": 936.2}


def test_a_record_read_back_from_the_database_is_cleaned() -> None:
    """A database row written by something else (or an older release) with an escape sequence and a bidi override
    in its text comes back without them, as a record built from a file would."""
    raw = msgspec.json.encode({"name": "Evil\x1b[31m Model\u202e 7B", "params_b": 7.0, "aliases": ["a\x07b"]})
    record = from_json(ModelRecord, raw)
    assert record.name == "Evil Model 7B" and record.aliases == ["a b"]
    assert from_json(ModelRecord, raw.decode()).name == "Evil Model 7B"  # as sqlite hands back text


@pytest.mark.parametrize(("bad", "field"), [
    ({"memory_gb": 0}, "memory_gb"), ({"bandwidth_gbps": -1}, "bandwidth_gbps"), ({"vendor": "Matrox"}, "vendor"),
    ({"name": None}, "name"),
])
def test_a_bad_card_is_refused_naming_its_field(bad: dict, field: str) -> None:
    with pytest.raises(RecordError, match=field):
        checked(GpuRecord, {**CARD, **bad})


def test_a_card_from_a_file_is_typed_as_the_record_says() -> None:
    card = checked(GpuRecord, {**CARD, "release": "2020-09-24", "name": "Test\u200b Card"})
    assert card.memory_gb == 24.0 and isinstance(card.memory_gb, float)  # "24" in JSON is 24.0 GB, as before
    assert str(card.release) == "2020-09-24" and card.name == "Test Card"
    with pytest.raises(RecordError, match="required field `bandwidth_gbps`"):
        checked(GpuRecord, {k: v for k, v in CARD.items() if k != "bandwidth_gbps"})


@pytest.mark.parametrize(("data", "message"), [
    ({"name": "m", "active_params_b": 3.0}, "active parameters need a total"),
    ({"name": "m", "params_b": 7.0, "active_params_b": 8.0}, "active parameters exceed the total"),
    ({"name": "m", "params_b": -7.0}, "params_b"),
    ({"name": "m", "params_b": 7.0, "architecture": {"layers": 2, "hidden_size": 8, "attention_heads": 2,
      "kv_heads": 2, "head_dim": 4, "attention": [{"kind": "full", "layers": 1}], "source": "x"}},
     "attention groups must cover every layer exactly once"),
    ({"name": "m", "params_b": 7.0, "architecture": {"layers": 2, "hidden_size": 8, "attention_heads": 2,
      "kv_heads": 2, "head_dim": 4, "attention": [{"kind": "sliding", "layers": 2}], "source": "x"}},
     "a sliding-window group needs its window"),
])
def test_the_rules_between_a_models_fields_hold(data: dict, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        checked(ModelRecord, data)


def test_the_options_refuse_an_unknown_profile_or_context() -> None:
    with pytest.raises(ValueError, match="unknown profile"):
        AskOptions(profile="fastest")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole number of tokens"):
        AskOptions(context=0)
    assert AskOptions(context=8192).profile == "measured"
