"""A message with two asks gets both answered (issue 29): a model's experts, context window, licence and the
hardware that holds it asked beside its parameters; the 16-bit size in a memory table; each compared side's
prompt reading time; what PCIe x1 links cost a layer split. Several languages, phrasings of our own.

Golden figures come from the models' published config files and model cards, or from arithmetic written here."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.lexicon.errors import LexiconError
from answers.reading import also_words


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize(("question", "lang", "total", "per_token", "shared", "words"), [
    # Qwen3-30B-A3B config.json: num_experts 128, num_experts_per_tok 8, no shared expert
    ("how many experts does qwen3 30b a3b have, and how many params?", "en", 128, 8, 0, "128 in each"),
    # DeepSeek-V3 config.json: n_routed_experts 256, num_experts_per_tok 8, n_shared_experts 1
    ("deepseek v3 quanti parametri ha? e quanti esperti usa?", "it", 256, 8, 1, "256 in ogni"),
    ("combien de paramètres a llama 4 maverick, et combien d'experts ?", "fr", 128, 1, 1, "128 dans chaque"),
])
def test_experts_asked_beside_the_parameters_are_counted(engine: Engine, question: str, lang: str, total: int,
                                                         per_token: int, shared: int, words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    x = a.facts["also"]["experts"]
    assert (x["total"], x["per_token"], x["shared"]) == (total, per_token, shared)
    assert words in _plain(a.text)


def test_a_dense_model_asked_for_experts_says_it_has_none(engine: Engine) -> None:
    a = engine.ask("gemma 3 12b: wie viele Parameter und wie viele Experten?")
    assert a.locale == "de"
    assert a.facts["also"]["experts"] == {"dense": True}
    assert "keine Experten" in a.text


@pytest.mark.parametrize(("question", "lang", "native", "longest", "words"), [
    # Qwen3 model card: "32,768 natively and 131,072 tokens with YaRN"
    ("qwen3 14b, how many parameters and what context window?", "en", 32768, 131072, "32,768 tokens as trained"),
    ("¿cuántos parámetros tiene qwen3 32b y cuál es su ventana de contexto?", "es", 32768, 131072, "YaRN"),
    # gpt-oss model card / config.json: max_position_embeddings 131072, no stretching
    ("gpt-oss-20b: parametri e lunghezza di contesto?", "it", None, 131072, "131.072 token"),
])
def test_the_context_window_asked_beside_the_parameters_is_given(engine: Engine, question: str, lang: str,
                                                                 native: int | None, longest: int,
                                                                 words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts["also"]["context_window"] == {"max": longest, "native": native}
    assert words in _plain(a.text)


def test_the_licence_asked_beside_the_size_is_named(engine: Engine) -> None:
    a = engine.ask("quantos parâmetros tem o qwen3 8b e qual a licença?")
    assert a.locale == "pt"
    # the licence ask is its own part (the weights and licence answer): said there, once, not again beside
    assert "Licença: Apache-2.0" in a.text
    assert a.text.count("Apache-2.0") == 1


def test_where_a_model_runs_asked_beside_its_size_names_hardware(engine: Engine) -> None:
    a = engine.ask("deepseek v3, combien de paramètres et ça tourne sur quoi chez soi ?")
    assert a.locale == "fr"
    kinds = a.facts["also"]["hardware_kinds"]
    assert kinds and all(k["tok_s"] > 0 for k in kinds)
    assert "le moins cher de chaque type de matériel" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("quanta memória o llama 3.1 8b precisa inteiro, sem quantização?", "pt"),
    ("memoria per gemma 3 12b in fp16 e quanto serve per farla girare?", "it"),
])
def test_a_memory_table_asked_at_16_bit_has_the_16_bit_row(engine: Engine, question: str, lang: str) -> None:
    """Llama 3.1 8B: 8.03e9 parameters × 2 bytes = 16.06e9 bytes ≈ 14.96 GiB of weights at 16 bits; Gemma 3
    12B: 12.2e9 × 2 bytes ≈ 22.7 GiB."""
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "vram"
    first = a.facts["levels"][0]
    assert first["quant"] in ("BF16", "F16")  # "fp16" said: the table's own F16 row
    assert (14.5 < first["weights_gb"] < 15.5) if "llama" in question else (21.5 < first["weights_gb"] < 23.5)
    assert all(first["need_gb"] > lv["need_gb"] for lv in a.facts["levels"][1:])
    assert f"`{first['quant']}`" in a.text


def test_two_levels_named_are_weighed_larger_first(engine: Engine) -> None:
    """"bf16 versus q4": the advice keeps the larger level and says what the smaller saves (a positive amount)."""
    a = engine.ask("how much vram for llama 3.1 8b in bf16 versus q4?")
    names = [r["quant"] for r in a.facts["advice"]["asked"]]
    assert names == ["BF16", "Q4_K_M"]
    assert "saves about -" not in a.text


@pytest.mark.parametrize(("question", "lang", "prompt"), [
    ("dgx spark or a mac studio m4 max 128gb for llama 3.3 70b: generation and prompt processing?", "en", 4096),
    ("Strix Halo gegen DGX Spark für gpt-oss-120b, wie lange dauert ein Prompt von 20k Tokens?", "de", 20480),
    ("strix halo o dgx spark per qwen3 32b, quanto ci mette a elaborare un prompt di 8k token?", "it", 8192),
])
def test_each_compared_side_gets_its_prompt_time(engine: Engine, question: str, lang: str, prompt: int) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("mode") == "setups"
    for side in (a.facts["a"], a.facts["b"]):
        assert side["prompt_tokens"] == prompt
        # the time to the first token is the prompt read at the prompt speed
        assert side["ttft_s"] == pytest.approx(prompt / side["prefill_tok_s"], rel=0.02)
    assert "prompt_tokens" not in a.facts.get("unused", {})
    spark = next(s for s in (a.facts["a"], a.facts["b"]) if "GB10" in s["card"] or "Spark" in s["card"])
    other = a.facts["b"] if spark is a.facts["a"] else a.facts["a"]
    # the GB10's Blackwell tensor cores out-compute both the M4 Max's and the Strix Halo's GPU: faster prefill
    assert spark["prefill_tok_s"] > other["prefill_tok_s"]


def test_time_to_first_answer_asked_beside_a_speed_is_answered(engine: Engine) -> None:
    a = engine.ask("qwen3 8b en una rtx 4060 ti: ¿cuántos tok/s? ¿y con 30k de contexto cuánto tarda la primera "
                   "respuesta?")
    assert a.locale == "es"
    parts = [a.intent, *(p["intent"] for p in a.facts.get("parts", []))]
    assert "prefill" in parts
    pre = a.facts if a.intent == "prefill" else next(p["facts"] for p in a.facts["parts"] if p["intent"] == "prefill")
    assert pre["row"]["ttft_s"] > 0 and pre["prompt_tokens"] == 30 * 1024
    assert pre["prompt_said"]  # the context said is the prompt: never "give the prompt's length" after it


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("3x rtx 3060 on pcie x1 risers, qwen3 32b at q4 ok? does the x1 link hurt?", "en", "0.04 ms per token"),
    ("tengo 3 rtx 3060 con risers x1, ¿qwen3 32b corre? ¿me frena el pcie?", "es", "0,04 ms por token"),
])
def test_pcie_x1_under_a_layer_split_is_answered_with_its_cost(engine: Engine, question: str, lang: str,
                                                               words: str) -> None:
    """Qwen3-32B's hidden size is 5,120 (config.json): F32 activations are 5,120 × 4 = 20,480 bytes a token;
    two card boundaries over 0.985 GB/s take 2 × 20,480 / 0.985e9 s ≈ 0.042 ms per token."""
    a = engine.ask(question)
    assert a.locale == lang
    p = a.facts["also"]["pcie"]
    assert p["token_kb"] == pytest.approx(20.48)
    assert p["decode_ms"] == pytest.approx(0.0416, rel=0.01)
    assert words in _plain(a.text)


def test_no_side_ask_no_extra_line(engine: Engine) -> None:
    a = engine.ask("how many parameters does qwen3 14b have?")
    assert "also" not in a.facts


def test_the_side_ask_words_are_checked_at_load(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """A kind the facts do not answer, or a pattern that does not compile, fails at load naming it."""
    for body, named in (("[kinds]\nweather = ['rain']\n", "weather"), ("[kinds]\nexperts = ['(']\n", "experts")):
        path = tmp_path / "also.toml"
        path.write_text(body, encoding="utf-8")
        monkeypatch.setattr(also_words, "PATH", path)
        also_words._patterns.cache_clear()
        with pytest.raises(LexiconError, match=named):
            also_words.read("anything")
    monkeypatch.undo()
    also_words._patterns.cache_clear()
    assert also_words.read("how many experts?") == ("experts",)


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("q5_k_m or iq4_xs for gemma 3 12b on 12gb, what's the difference?", "en", "importance matrix"),
    ("differenza tra iq4_xs e ud-q4_k_xl per qwen3 8b?", "it", "Unsloth Dynamic"),
])
def test_levels_of_different_kinds_are_told_apart(engine: Engine, question: str, lang: str, words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "why_quant"
    kinds = a.facts["also"]["level_kinds"]
    assert len(kinds) >= 2 and len(set(kinds)) == len(kinds)
    assert words in a.text


def test_levels_of_one_kind_get_no_kind_lines(engine: Engine) -> None:
    a = engine.ask("q4_k_m or q6_k for llama 3.1 8b?")
    assert "level_kinds" not in a.facts.get("also", {})


@pytest.mark.parametrize(("question", "lang", "level", "klass", "giant"), [
    ("deepseek r1 at ud-q2_k_xl: how much memory, and is it still usable?", "en", "UD-Q2_K_XL", "large_loss", True),
    ("qwen3 14b in q3_k_m: quanta memoria serve e perde molta qualità?", "it", "Q3_K_M", "noticeable", False),
    ("Mistral Small 3.2 bei Q6_K: wie viel Speicher, und ist das noch brauchbar?", "de", "Q6_K", "very_close", False),
])
def test_a_levels_quality_asked_beside_its_size_is_said(engine: Engine, question: str, lang: str, level: str,
                                                        klass: str, giant: bool) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    q = a.facts["also"]["quality"]
    assert (q["quant"], q["class"], q["giant_moe"]) == (level, klass, giant)
    assert level in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("exl2 vs exl3 : lequel ? et face au gguf ?", "fr"),
    ("qual a diferença entre exl2 e exl3? e comparado com gguf?", "pt"),
])
def test_every_format_named_is_weighed_against_the_one_before(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    notes = a.facts["format_notes"]
    assert notes["named"][:3] == ["EXL2", "EXL3", "GGUF"]
    assert notes["verdicts"] == 2


@pytest.mark.parametrize(("question", "lang", "prompt"), [
    ("rtx 3090 or rtx 4090 for qwen3 14b: generation and prompt processing?", "en", 4096),
    ("7900 xtx ou 4090 pour llama 3.1 8b, combien de temps pour lire un prompt de 16k ?", "fr", 16384),
])
def test_two_cards_compared_each_get_their_prompt_time(engine: Engine, question: str, lang: str,
                                                       prompt: int) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "compare" and a.facts["mode"] == "model"
    for side in (a.facts["a"], a.facts["b"]):
        assert side["prompt_tokens"] == prompt
        assert side["ttft_s"] == pytest.approx(prompt / side["prefill_tok_s"], rel=0.02)
    # the 4090's tensor cores read prompts far faster than a 3090's or a 7900 XTX's, at about the same writing
    # speed: for a question about prompts it is the pick
    assert a.facts["choice"]["pick"] == "GeForce RTX 4090" and a.facts["choice"]["why"] == "prompt"


def test_a_clearly_faster_writer_keeps_its_pick(engine: Engine) -> None:
    a = engine.ask("mac studio m4 max 128gb vs strix halo 128gb for gpt-oss-120b, decode and pp?")
    assert a.facts["choice"]["why"] == "faster"


def test_a_wide_pcie_link_or_a_cache_type_is_no_side_ask(engine: Engine) -> None:
    """"pcie 4.0 x16" is no x1 question; "f16" said of the KV cache is not the weights' 16-bit size."""
    a = engine.ask("2x rtx 3090 on pcie 4.0 x16, llama 3.3 70b q4_k_m speed?")
    assert "pcie" not in a.facts.get("also", {})
    assert also_words.read("q8_0 vs f16 kv cache for qwen3 8b") == ("full_precision",)  # the word is read…
    b = engine.ask("qwen3 8b, how much memory for the kv cache at 32k in q8_0 instead of f16?")
    assert all(lv["quant"] not in ("BF16", "FP8") for lv in b.facts.get("levels", []))  # …and not used as weights


@pytest.mark.parametrize("question", [
    "2x 3090 and 128gb ram, qwen3 235b with the experts offloaded to ram: how fast?",  # experts named, not asked
    "quanta vram pra rodar o qwen3 32b inteiro na placa?",  # whole on the card, not unquantized
    "llama 3.3 70b on cpu at q4, is that even usable?",  # usable speed, not the level's quality
])
def test_words_that_only_look_like_side_asks_add_nothing(question: str) -> None:
    assert also_words.read(question) == ()
