"""Questions asked beside a speed or a fit that have a short factual answer (issue 29 item 2): is an NVLink bridge
worth it, does tensor parallelism work without it, can cards of two makers run together, where ROCm stands, does
the NPU help, does faster RAM help. Each a sourced line (answers/knowledge/side_notes.json) in the asker's
language. Phrasings of our own; the RAM ratio is checked against arithmetic written here."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.knowledge import side_notes
from answers.reading import also_words


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


def _notes(a: object) -> list[str]:
    also = a.facts.get("also") or {}  # type: ignore[attr-defined]
    return [n["kind"] for n in also.get("notes", ())]


@pytest.mark.parametrize(("question", "lang", "kind", "words"), [
    ("3x rtx 3090 mit vllm für qwen3 32b awq, bringt eine nvlink brücke was?", "de", "nvlink", "zwei Karten"),
    ("two rtx 3090s for llama 3.3 70b q4, should I buy an nvlink bridge?", "en", "nvlink", "two cards only"),
    ("tenho duas rtx 4060 ti 16gb pra rodar qwen3 14b, paralelismo de tensor funciona sem nvlink?", "pt",
     "tensor_parallel", "sem NVLink"),
    ("una rtx 3090 y una rx 7900 xtx juntas para llama 3.3 70b?", "es", "mixed_vendors", "dos fabricantes"),
    ("radeon rx 7800 xt pour qwen3 8b, rocm c'est encore la galère ?", "fr", "rocm_state", "ROCm 6.4.1"),
    ("portatile con ryzen ai 9 hx 370 e 32gb di ram, cosa gira? la npu serve a qualcosa?", "it", "npu",
     "non usano la NPU"),
])
def test_a_side_question_gets_its_line(engine: Engine, question: str, lang: str, kind: str, words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert kind in _notes(a)
    assert words in _plain(a.text)


def test_without_nvlink_is_a_tensor_parallel_question_not_a_bridge_one(engine: Engine) -> None:
    a = engine.ask("2x rtx 4070 ti super for qwen3 32b, does tensor parallel work without nvlink?")
    assert _notes(a) == ["tensor_parallel"]


def test_cards_of_one_maker_get_no_mixing_line(engine: Engine) -> None:
    a = engine.ask("una rtx 3090 y una rtx 4090 juntas para llama 3.3 70b?")
    assert "mixed_vendors" not in _notes(a)


def test_rocm_weighed_against_vulkan_gets_figures_not_the_support_line(engine: Engine) -> None:
    a = engine.ask("rx 7900 xtx, qwen3 14b: rocm or vulkan, which is the pain?")
    assert "rocm_state" not in _notes(a)


def test_faster_ram_scales_the_bandwidth_by_the_speeds_named(engine: Engine) -> None:
    a = engine.ask("ryzen 9 7950x, 64gb ddr5-5600, no gpu, qwen3 30b a3b: how fast, and would ddr5-7200 help?")
    note = next(n for n in a.facts["also"]["notes"] if n["kind"] == "faster_ram")
    assert (note["from_mts"], note["to_mts"]) == (5600, 7200)
    assert note["ratio"] == pytest.approx(7200 / 5600)
    # two channels x 5600 MT/s x 8 bytes = 89.6 GB/s; x 7200 = 115.2 GB/s
    assert (note["from_gbps"], note["to_gbps"]) == (pytest.approx(89.6), pytest.approx(115.2))
    assert "1.29 times" in _plain(a.text)


def test_faster_ram_without_a_second_speed_gets_the_rule(engine: Engine) -> None:
    a = engine.ask("qwen3 30b a3b sur un ryzen 7 7700 sans carte graphique, 32 go de ddr5 : une ram plus rapide aide ?")
    assert a.locale == "fr"
    assert {"kind": "faster_ram"} in a.facts["also"]["notes"]
    assert "RAM plus rapide" in a.text


@pytest.mark.parametrize("question", [
    "is an nvlink bridge worth it", "lohnt NVLink", "does tensor parallel work", "parallelismo tensoriale",
    "le parallélisme de tenseurs marche ?", "Tensor-Parallelität über PCIe",
])
def test_the_words_are_read(question: str) -> None:
    assert set(also_words.read(question)) & {"nvlink", "tensor_parallel"}


def test_every_note_needs_a_source() -> None:
    good = {"notes": [{"kind": k, "facts": "f", "source": "s"} for k in side_notes.KINDS]}
    assert side_notes.parse(good) == side_notes.KINDS
    bad = {"notes": [*good["notes"][:-1], {"kind": side_notes.KINDS[-1], "facts": "f", "source": " "}]}
    with pytest.raises(side_notes.SideNotesDataError, match="source"):
        side_notes.parse(bad)
    with pytest.raises(side_notes.SideNotesDataError, match="no source for"):
        side_notes.parse({"notes": good["notes"][:-1]})
    assert side_notes.sourced() == side_notes.KINDS


@pytest.mark.parametrize(("question", "lang"), [
    ("does exl3 beat llama.cpp these days? one rtx 4090, qwen2.5 32b, exl3 4bpw vs q4_k_m gguf", "en"),
    ("exl3 è più veloce di llama.cpp? rtx 4090, qwen2.5 32b: exl3 4bpw contro q4_k_m", "it"),
    ("exl3 est plus rapide que llama.cpp ? rtx 4090, qwen2.5 32b, exl3 4bpw ou q4_k_m", "fr"),
])
def test_a_format_race_weighs_both_files_named_with_one_verdict(engine: Engine, question: str, lang: str) -> None:
    """Both figures side by side at the levels named, never llama.cpp "with an EXL3 file"."""
    a = engine.ask(question)
    assert a.locale == lang
    sides = a.facts["engine_versus"]["sides"]
    assert [(s["engine"], s["quant"]) for s in sides] == [("exllamav3", "EXL3-4.0bpw"), ("llama.cpp", "Q4_K_M")]
    assert all(s["runs"] and s["tok_s"] > 0 for s in sides)
    assert a.facts["engine_versus"]["verdict"] in ("faster", "same")
