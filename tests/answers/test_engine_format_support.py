"""Does format F run in engine E, on card C, and how do several cards split: the answer leads with a sourced verdict
line, in the asker's language, and names the nearest thing that works. NVFP4 per engine (vLLM and SGLang issues on
SM120, llama.cpp's NVFP4 type of February 2026, Ollama's MLX engine), EXL3 on AMD (CUDA only: exllamav3#41), MLX off
Apple silicon (its CUDA backend, no Windows or AMD), Ollama's formats (GGUF, MXFP4, safetensors import; no AWQ, GPTQ,
EXL2/3 or FP8), AWQ/GPTQ on AMD (vLLM's table against its ROCm Triton kernels), the vllm-gfx906 fork for MI50/MI60,
tensor parallel sizes the attention heads must divide (vLLM's start-up check), llama.cpp's split modes (row
deprecated for -sm tensor) and tensor against pipeline parallelism."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading import knowhow_words
from tests.answers.knowhow_checks import knowhow_ids, line_source, sourced_line


@pytest.mark.parametrize(("question", "lang"), [
    ("is nvfp4 actually supported in sglang on an rtx pro 6000 by now?", "en"),
    ("nvfp4 läuft das schon richtig in vllm auf einer 5090?", "de"),
    ("nvfp4 ça marche déjà dans llama.cpp ou seulement dans vllm ?", "fr"),
    ("nvfp4 funziona già bene su sglang con una rtx 5080?", "it"),
    ("¿nvfp4 ya funciona en ollama o solo en vllm?", "es"),
    ("o nvfp4 já roda direito no sglang numa 5090?", "pt"),
])
def test_nvfp4_support_is_said_engine_by_engine(engine: Engine, question: str, lang: str) -> None:
    a = sourced_line(engine, question, lang, "nvfp4_support", ("SGLang", "vLLM", "llama.cpp", "Ollama", "Q4_K_M"))
    assert a.text.startswith("NVFP4"), a.text  # the verdict leads
    assert "sglang/issues/26087" in line_source(a, "nvfp4_support")


@pytest.mark.parametrize(("question", "lang"), [
    ("can tabbyapi run exl3 quants on my radeon 7900 xtx?", "en"),
    ("läuft exllamav3 unter rocm auf einer rx 9070 xt?", "de"),
    ("exl3 sur une radeon rx 7900 xt avec rocm, c'est possible ?", "fr"),
    ("posso usare exl3 su una scheda amd radeon?", "it"),
    ("¿exllamav3 funciona con rocm en una rx 7800 xt?", "es"),
    ("dá pra rodar exl3 numa placa amd radeon rx 7900 xtx?", "pt"),
])
def test_exl3_on_amd_is_a_no_with_the_nearest_that_works(engine: Engine, question: str, lang: str) -> None:
    sourced_line(engine, question, lang, "exl3_amd", ("ExLlamaV2", "llama.cpp", "IQ4_XS"))


@pytest.mark.parametrize(("question", "lang", "no"), [
    ("can i use mlx on windows with an rtx 4070?", "en", "Windows"),
    ("mlx auf linux mit einer 3090, geht das?", "de", "Linux"),
    ("est-ce que mlx tourne sur une carte nvidia sous ubuntu ?", "fr", "Linux"),
    ("mlx gira su una radeon con linux?", "it", "AMD"),
    ("¿se puede usar mlx con una geforce rtx 5090 en windows?", "es", "Windows"),
    ("mlx funciona numa nvidia rtx 3060 com linux?", "pt", "Linux"),
])
def test_mlx_off_apple_says_where_it_runs(engine: Engine, question: str, lang: str, no: str) -> None:
    a = sourced_line(engine, question, lang, "mlx_where", ("Apple", "GGUF", no))
    assert "mlx-lm[cuda]" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("can ollama load a gptq or awq checkpoint directly?", "en"),
    ("kann ollama eine fp8 safetensors datei laden?", "de"),
    ("ollama sait charger un modèle exl2 ?", "fr"),
    ("ollama può caricare un modello awq?", "it"),
    ("¿ollama carga modelos gptq?", "es"),
    ("o ollama roda arquivos fp8?", "pt"),
])
def test_ollama_formats_name_the_gguf_to_take(engine: Engine, question: str, lang: str) -> None:
    a = sourced_line(engine, question, lang, "ollama_formats", ("GGUF", "MXFP4", "ollama create", "Q8_0"))
    assert knowhow_ids(a)[0] == "ollama_formats"


@pytest.mark.parametrize(("question", "lang"), [
    ("does vllm run awq models on an rx 7900 xtx?", "en"),
    ("gptq mit vllm auf einer amd radeon, geht das?", "de"),
    ("awq avec vllm sous rocm sur une radeon, ça marche ?", "fr"),
    ("gptq su vllm con rocm e una radeon 7900 xtx?", "it"),
    ("¿awq en vllm con rocm en una tarjeta amd?", "es"),
    ("gptq no vllm com rocm numa radeon funciona?", "pt"),
])
def test_awq_and_gptq_on_amd_are_answered(engine: Engine, question: str, lang: str) -> None:
    a = sourced_line(engine, question, lang, "awq_gptq_amd", ("VLLM_USE_TRITON_AWQ", "MI300", "Q4_K_M"))
    assert "vllm_gfx906" not in knowhow_ids(a)


@pytest.mark.parametrize(("question", "lang"), [
    ("is the vllm-gfx906 fork worth it on 2x mi50 for qwen3 32b?", "en"),
    ("vllm auf vier mi60 mit dem gfx906 fork, lohnt sich das?", "de"),
    ("vllm sur des mi50 avec le fork gfx906, ça vaut le coup ?", "fr"),
    ("vllm su due mi50, conviene il fork?", "it"),
    ("¿vllm en mi50 con el fork de gfx906 merece la pena?", "es"),
    ("vllm numa radeon vii com o fork gfx906 compensa?", "pt"),
])
def test_the_gfx906_fork_is_answered_not_radeon_rocm(engine: Engine, question: str, lang: str) -> None:
    a = sourced_line(engine, question, lang, "vllm_gfx906", ("nlzy/vllm-gfx906", "llama.cpp"))
    assert "vllm_rocm_radeon" not in knowhow_ids(a)  # RX 7900 / RX 9000 lists are not the MI50's answer


@pytest.mark.parametrize(("question", "lang"), [
    ("vllm with tp=3 on three 3090s, possible?", "en"),
    ("vllm tensor parallel über 3x 4090, geht tp 3?", "de"),
    ("sglang en parallélisme de tenseurs sur 6x a6000 ?", "fr"),
    ("vllm tp=6 su 6 schede, funziona?", "it"),
    ("¿vllm con tensor parallel en 3x 3090?", "es"),
    ("vllm tp 3 em três placas rtx 3090?", "pt"),
])
def test_tensor_parallel_sizes_the_heads_divide(engine: Engine, question: str, lang: str) -> None:
    a = sourced_line(engine, question, lang, "tp_heads", ("--pipeline-parallel-size 3", "llama.cpp"))
    assert "must be divisible by tensor parallel size" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("llama.cpp on 2x 3090: split by row or by layer, which is faster?", "en"),
    ("llama.cpp mit -sm row oder layer auf zwei 4090?", "de"),
    ("llama.cpp : répartition par lignes ou par couches sur deux 3090 ?", "fr"),
    ("llama.cpp divisione per righe o per strati su due 3090?", "it"),
    ("llama.cpp con split por fila o por capas en dos 3090?", "es"),
    ("llama.cpp dividir por linha ou por camadas em duas 3090?", "pt"),
])
def test_llama_cpp_split_modes_name_the_tensor_mode(engine: Engine, question: str, lang: str) -> None:
    a = sourced_line(engine, question, lang, "split_modes", ("-sm tensor", "-sm layer", "llama-bench"))
    assert "llama.cpp/pull/22729" in line_source(a, "split_modes")


@pytest.mark.parametrize(("question", "lang"), [
    ("vllm on 4 cards over pcie x4: tensor parallel or pipeline parallel?", "en"),
    ("vllm pipeline parallel oder tensor parallel auf 8 karten?", "de"),
    ("vllm : pipeline parallel ou tensor parallel sur 4 cartes ?", "fr"),
    ("vllm tp=4 o pipeline parallel su riser x1?", "it"),
    ("vllm: ¿pipeline parallel o tensor parallel con 4 tarjetas?", "es"),
    ("vllm tp=8 ou pipeline parallel em 8 placas?", "pt"),
])
def test_tensor_against_pipeline_parallel(engine: Engine, question: str, lang: str) -> None:
    sourced_line(engine, question, lang, "tp_vs_pp", ("--pipeline-parallel-size 4",))


@pytest.mark.parametrize("question", [
    "how fast is qwen3 32b q4_k_m on a 3090",
    "qwen3 8b nvfp4 on a 5090 with vllm, how fast?",
    "llama 3.3 70b on 4x 3090 with vllm tp=4",
    "mlx on an m4 max with 128 gb for qwen3 32b",
    "row 3 of my table lists a 3090",
])
def test_no_engine_line_where_none_is_asked(question: str) -> None:
    ids = set(knowhow_words.read(question))
    assert not ids & {"nvfp4_support", "exl3_amd", "mlx_where", "ollama_formats", "awq_gptq_amd", "vllm_gfx906",
                      "tp_heads", "split_modes", "tp_vs_pp"}, ids


@pytest.mark.parametrize(("question", "lang"), [
    ("exl3 4bpw or q4_k_m for qwen3 32b on a 4090, and is tabbyapi quicker than llama.cpp now?", "en"),
    ("exl3 4.0bpw gegen q4_k_m für qwen3 32b auf einer 4090, und ist tabbyapi schneller als llama.cpp?", "de"),
])
def test_a_gguf_level_beside_tabbyapi_is_llama_cpp_s_side(engine: Engine, question: str, lang: str) -> None:
    """A GGUF level is never weighed under ExLlama ("ExLlamaV2 cannot run Q4_K_M"): the engine word belongs to the
    next part of the message, and the level is llama.cpp's."""
    a = engine.ask(question)
    assert a.locale == lang
    sides = a.facts["engine_versus"]["sides"]
    assert [(s["engine"], s["quant"]) for s in sides][:2] == [("exllamav3", "EXL3-4.0bpw"), ("llama.cpp", "Q4_K_M")]
    assert all(s["runs"] for s in sides[:2]), a.text


@pytest.mark.parametrize(("question", "lang", "total"), [
    ("vllm or sglang, which gives more throughput for llama 3.1 8b fp8 on an h100?", "en", "in all"),
    ("vllm oder sglang: welcher hat mehr durchsatz mit llama 3.1 8b fp8 auf einer h100?", "de", "Insgesamt"),
    ("vllm ou sglang, lequel a le meilleur débit total pour llama 3.1 8b fp8 sur une h100 ?", "fr", "au total"),
    ("vllm o sglang, quale ha più throughput per llama 3.1 8b fp8 su una h100?", "it", "in tutto"),
    ("vllm o sglang, ¿cuál da más throughput con llama 3.1 8b fp8 en una h100?", "es", "en total"),
    ("vllm ou sglang, qual tem mais vazão com llama 3.1 8b fp8 numa h100?", "pt", "no total"),
])
def test_throughput_weighs_serving_engines_under_load(engine: Engine, question: str, lang: str, total: str) -> None:
    """"Which has more throughput" between serving engines is answered at a batch of people (each one's speed and the
    total), never one request's speed alone."""
    a = engine.ask(question)
    assert a.locale == lang
    sides = a.facts["engine_versus"]["sides"]
    assert {s["engine"] for s in sides} == {"vllm", "sglang"}
    for s in sides:
        assert s["users"] and s["users"] > 1
        assert s["total_tok_s"] == pytest.approx(s["tok_s"] * s["users"], rel=0.01)
    assert total in a.text, a.text


def test_one_request_between_engines_has_no_total(engine: Engine) -> None:
    a = engine.ask("vllm or sglang for llama 3.1 8b fp8 on an h100, which is faster for me alone?")
    assert all(s.get("total_tok_s") is None for s in a.facts["engine_versus"]["sides"])


@pytest.mark.parametrize(("question", "lang", "engine_label"), [
    ("can exllamav3 run on an rx 7900 xtx?", "en", "ExLlamaV3"),
    ("mlx auf linux mit einer 3090, was läuft da?", "de", "MLX"),
    ("mlx su una 4090, quali modelli?", "it", "MLX"),
])
def test_an_engine_that_never_runs_on_the_card_gets_the_default_engine_s_list(engine: Engine, question: str,
                                                                              lang: str, engine_label: str) -> None:
    """Not "0 of 237 models": the engine's refusal first, then llama.cpp's list on that card."""
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts["engine_refused"]["engine_label"] == engine_label
    assert a.facts["engine"] == "llama.cpp" and a.facts["models_fit"] > 0
    assert a.text.startswith(engine_label), a.text


@pytest.mark.parametrize(("question", "lang", "level", "served"), [
    ("llama.cpp q6_k or vllm for llama 3.1 8b on a 4090?", "en", "Q6_K", "FP8"),
    ("llama.cpp mit q4_k_m oder sglang für qwen3 14b auf einer 4090?", "de", "Q4_K_M", "AWQ"),
])
def test_a_gguf_level_is_weighed_against_the_serving_engine_s_own_file(engine: Engine, question: str, lang: str,
                                                                       level: str, served: str) -> None:
    """vLLM and SGLang get their usual file of the level's bits (AWQ to 4 bits, FP8 above), never "cannot run Q6_K"."""
    a = engine.ask(question)
    assert a.locale == lang
    sides = {s["engine"]: s for s in a.facts["engine_versus"]["sides"]}
    assert sides["llama.cpp"]["quant"] == level
    served_side = next(s for e, s in sides.items() if e != "llama.cpp")
    assert served_side["quant"] == served and served_side["runs"], a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("glm-4.5-air on a 3090 with 64gb of ram, vllm or llama.cpp?", "en"),
    ("glm-4.5-air su una 3090 con 64gb di ram, meglio vllm o llama.cpp?", "it"),
    ("glm-4.5-air em uma 3090 com 64gb de ram, vllm ou llama.cpp?", "pt"),
])
def test_a_model_that_spills_into_ram_is_llama_cpp_s(engine: Engine, question: str, lang: str) -> None:
    """vLLM keeps the whole model on the card: no offload speed for it, llama.cpp the only one that runs it."""
    a = engine.ask(question)
    assert a.locale == lang
    v = a.facts["engine_versus"]
    sides = {s["engine"]: s for s in v["sides"]}
    assert sides["vllm"]["runs"] is False and sides["vllm"]["reason"] == "offload"
    assert sides["llama.cpp"]["runs"] and v["verdict"] == "only"
    assert "--cpu-offload-gb" in a.text


@pytest.mark.parametrize(("question", "lang", "verdict"), [
    ("does vllm support gguf files?", "en", "Partly: vLLM runs GGUF"),
    ("kann lm studio awq modelle laden?", "de", "Nein: LM Studio führt AWQ nicht aus"),
    ("est-ce que llama.cpp lit les fichiers awq ?", "fr", "Non : llama.cpp n'exécute pas AWQ"),
    ("llama.cpp supporta già il formato nvfp4 oppure no?", "it", "Sì: llama.cpp esegue NVFP4"),
    ("¿ollama soporta gptq?", "es", "No: ollama no ejecuta GPTQ"),
    ("o sglang suporta modelos gptq ou não?", "pt", "Sim: SGLang executa GPTQ"),
])
def test_does_engine_run_format_leads_with_yes_or_no(engine: Engine, question: str, lang: str, verdict: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert verdict in a.text, a.text
    support = a.facts["format_notes"]["support"]
    assert support and all("https://" in s["source"] for s in support)


def test_no_says_what_to_take_instead(engine: Engine) -> None:
    a = engine.ask("can lm studio run exl2 quants?")
    assert "`Q4_K_M`" in a.text or "Q4_K_M" in a.text
    assert "ExLlamaV2" in a.text


def test_the_support_table_is_checked_at_load() -> None:
    from answers.knowledge.format_support import FormatSupportDataError, parse, table

    assert table()[("vllm", "GGUF")].verdict == "partly"
    row = {"engine": "vllm", "format": "AWQ", "verdict": "yes", "source": "https://x", "checked": "2026-12-08"}
    with pytest.raises(FormatSupportDataError):
        parse({"rows": [row, row]})  # a pair twice
    with pytest.raises(FormatSupportDataError):
        parse({"rows": [{**row, "verdict": "maybe"}]})
    with pytest.raises(FormatSupportDataError):
        parse({"rows": [{**row, "verdict": "partly"}]})  # partly without how
    with pytest.raises(FormatSupportDataError):
        parse({"rows": [{**row, "source": "docs"}]})
