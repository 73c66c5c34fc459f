"""Out of scope, said plainly (issue 19, item 5): a board the catalog has no record of, a generic embedding
question, fine-tuning or training get what the answer covers
and what it does not — never a graphics card's decode figure for a device that is not that card; a processor
named as the device is answered from RAM. Phones, boards, Whisper, text-to-speech and embedding models the
catalog knows get their own answers (tests/answers/test_media_answers.py, test_device_classes.py,
test_text_to_speech.py)."""

from __future__ import annotations

import re

import pytest

from answers.api import AskOptions
from answers.facts.scope import fine_tuning_facts
from answers.knowledge.fine_tuning import FineTuningDataError, parse

# A figure in tokens per second, in any of the six languages ("574 tok/s", "98,4 tokens por segundo").
# A decode speed: never in a fine-tuning answer (its token counts and training tokens a second are the run's own)
DECODE_FIGURE = re.compile(r"\d\s*(?:tok/s|tokens?/s\b|tokens? (?:a|per) second|tokens? al secondo|tokens par seconde"
                           r"|tokens pro sekunde|tokens por segundo)", re.IGNORECASE)
GIB = 2**30
Q4_K_M_BPW, Q8_0_BPW, F16_BPW = 4.85, 8.5, 16.0  # llama.cpp's average bits per weight at each level


def _params(knowledge, name: str) -> float:
    return next(m for m in knowledge.models if m.name == name).params_b


@pytest.mark.parametrize(("question", "lang", "kind", "model"), [
    ("posso far girare llama 3.2 1b su un banana pi?", "it", "board", "Llama 3.2 1B"),
])
def test_a_board_we_have_no_record_of_gets_the_weights_never_a_card_figure(engine, knowledge, question, lang, kind,
                                                                           model) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts["out_of_scope"] == kind
    assert not DECODE_FIGURE.search(a.text), a.text
    assert "CMP" not in a.text and "GeForce" not in a.text
    params = _params(knowledge, model)
    got = {w["quant"]: w["gb"] for w in a.facts["weights"]}
    assert got["Q4_K_M"] == pytest.approx(params * 1e9 * Q4_K_M_BPW / 8 / GIB, abs=0.01)
    assert got["Q8_0"] == pytest.approx(params * 1e9 * Q8_0_BPW / 8 / GIB, abs=0.01)
    assert model in a.text


def test_a_jetson_is_still_a_device_we_rate(engine) -> None:
    a = engine.ask("jetson nano tinyllama")
    assert "out_of_scope" not in a.facts
    assert DECODE_FIGURE.search(a.text)


def test_a_fact_question_about_whisper_still_gets_its_facts(engine) -> None:
    a = engine.ask("who made whisper large v3")
    assert a.intent == "maker" and "OpenAI" in a.text


@pytest.mark.parametrize(("question", "lang", "memory"), [
    ("can i finetune llama 3.1 8b with qlora on a 12gb card", "en", 12),
    ("dá pra fazer fine tuning do llama 3.1 8b numa 3060", "pt", 12),
    ("posso fare fine tuning di llama 3.1 8b con 24gb?", "it", 24),
    ("kann ich llama 3.1 8b auf einer 4090 finetunen", "de", 24),
])
def test_fine_tuning_gets_unsloths_minimums_not_the_inference_answer(engine, question, lang, memory) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts["out_of_scope"] == "fine_tuning"
    ft = a.facts["fine_tuning"]
    # Unsloth's table, 8B row: QLoRA 6 GB, 16-bit LoRA 22 GB (the published minimums).
    assert (ft["row_params_b"], ft["qlora_gb"], ft["lora_gb"]) == (8, 6, 22)
    assert ft["memory_gb"] == memory and ft["qlora_fits"] is True and ft["lora_fits"] is (memory >= 22)
    assert "unsloth.ai" in a.text
    assert not DECODE_FIGURE.search(a.text), a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("how much vram to train llama 3 8b", "en"),
    ("how much gpu memory do i need to train llama 3 8b", "en"),
    ("vram needed to fine tune llama 3.1 8b", "en"),
    ("quanta vram serve per addestrare llama 3 8b", "it"),
    ("combien de vram pour entraîner llama 3 8b", "fr"),
    ("cuánta vram para entrenar llama 3 8b", "es"),
])
def test_memory_to_train_is_the_fine_tuning_rule_not_training_compute(engine, question, lang) -> None:
    """The memory training takes is the out-of-scope answer with the rule of thumb, never the FLOPs it took."""
    a = engine.ask(question)
    assert a.intent == "fallback" and a.locale == lang and a.facts["out_of_scope"] == "fine_tuning", question
    # Unsloth's table, 8B row: QLoRA 6 GB, 16-bit LoRA 22 GB (the published minimums).
    assert (a.facts["fine_tuning"]["qlora_gb"], a.facts["fine_tuning"]["lora_gb"]) == (6, 22)
    assert not DECODE_FIGURE.search(a.text), a.text


@pytest.mark.parametrize("question", ["how much compute was used to train llama 3 8b", "training compute of llama 3",
                                      "how much did it cost to train llama 3 8b", "flops to train llama 3 70b"])
def test_the_compute_a_training_took_stays_training_compute(engine, question) -> None:
    a = engine.ask(question)
    assert a.intent == "compute" and "out_of_scope" not in a.facts, question


def test_training_from_scratch_is_not_covered(engine) -> None:
    a = engine.ask("train a 7b from scratch")
    assert a.facts["out_of_scope"] == "from_scratch"
    assert a.facts["from_scratch"]["gb"] == pytest.approx(7 * 16)  # 16 bytes per parameter (ZeRO, §3.1)
    assert not DECODE_FIGURE.search(a.text)


@pytest.mark.parametrize(("question", "lang", "cpu"), [
    ("i9 13900k llama 3 8b", "en", "i9 13900k"),
    ("qwen3 8b su un ryzen 9 7950x quanti token al secondo?", "it", "ryzen 9 7950x"),
    ("ryzen 9 7950x with 64gb ddr5 qwen3 30b a3b", "en", "ryzen 9 7950x"),
])
def test_a_processor_named_as_the_device_is_answered_from_ram(engine, question, lang, cpu) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts.get("cpu") and a.facts["cpu_named"] == cpu
    assert a.facts.get("context", 4096) < 200_000  # "13900k" is not a context length
    assert cpu in a.text


def test_a_processor_beside_a_card_is_not_the_device(engine) -> None:
    a = engine.ask("ryzen 9 7950x and rtx 4090 llama 3.1 8b")
    assert "cpu_named" not in a.facts and "RTX 4090" in a.text


@pytest.mark.parametrize("data", [
    {"rows": [{"params_b": 8, "qlora_gb": 6, "lora_gb": 22}, {"params_b": 7, "qlora_gb": 5, "lora_gb": 19}]},
    {"rows": [{"params_b": 8, "qlora_gb": -6, "lora_gb": 22}]},
    {"rows": []},
])
def test_the_fine_tuning_table_is_checked_at_load(data) -> None:
    base = {"source": "s", "url": "u", "method_source": "m", "full_training_bytes_per_param": 16,
            "full_training_source": "z"}
    with pytest.raises(FineTuningDataError):
        parse(base | data)


@pytest.mark.parametrize(("params_b", "qlora", "lora", "between", "at_most"), [
    (8.03, 6, 22, None, False),  # Llama 3.1 8B: the 8B row
    (20, 8.5 + (20 - 14) / (27 - 14) * (22 - 8.5), 33 + (20 - 14) / (27 - 14) * (64 - 33), (14, 27), False),
    (0.6, 3.5, 8, None, True),  # below the first row: that row, as an upper bound
])
def test_the_fine_tuning_rule_of_thumb_follows_the_table(params_b, qlora, lora, between, at_most) -> None:
    ft = fine_tuning_facts(params_b, None)
    assert ft["qlora_gb"] == pytest.approx(qlora, abs=0.05) and ft["lora_gb"] == pytest.approx(lora, abs=0.05)
    assert (tuple(ft["between"]) if ft["between"] else None) == between and ft["at_most"] is at_most


def test_fine_tuning_a_model_between_two_rows_says_it_is_interpolated(engine) -> None:
    a = engine.ask("fine tune a 20b on a 3090")
    assert a.facts["fine_tuning"]["between"] == [14, 27] and "14B" in a.text and "27B" in a.text
    assert a.facts["fine_tuning"]["qlora_fits"] is True and a.facts["fine_tuning"]["lora_fits"] is False


@pytest.mark.parametrize(("question", "kind", "named"), [
    ("which embedding model is best?", "embedding", None),
])
def test_a_name_is_quoted_a_generic_word_is_not(engine, question, kind, named) -> None:
    a = engine.ask(question)
    assert a.facts["out_of_scope"] == kind
    assert a.facts["generic"] is (named is None)
    if named:
        assert named in a.text
    else:
        assert "“" not in a.text.splitlines()[0] and "„" not in a.text.splitlines()[0]


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("can GLIDE run on 12 GB?", "en", "seconds per image"),
    ("GLIDE gira su una GPU da 12 GB?", "it", "secondi per immagine"),
    ("Läuft GLIDE auf einer Karte mit 16 GB?", "de", "Sekunden pro Bild"),
])
def test_glide_keeps_the_sites_figures_and_says_what_they_are(engine, question, lang, words) -> None:
    # under `--profile reference` (issue 32): the site's tokens per second, said for what they are
    a = engine.ask(question, options=AskOptions(profile="reference"))
    assert a.intent == "can_run" and a.locale == lang and a.facts["row"]["tok_s"] > 0  # the site's figures stay
    assert a.facts["image_generator"] == "GLIDE" and words in a.text
    # under the default: the image answer (its weights' memory, no tokens per second), the page's figure in one line
    d = engine.ask(question)
    assert d.profile == "measured" and d.facts["media"] == "image" and "row" not in d.facts
    assert d.facts["reference_figure"]["model"] == "GLIDE" and words in d.text


def test_a_language_model_gets_no_image_line(engine) -> None:
    a = engine.ask("can llama 3.1 8b run on 12 GB?")
    assert "image_generator" not in a.facts
