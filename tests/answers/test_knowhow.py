"""Practical know-how asked alone or beside a figure gets its sourced line, in the asker's language: vLLM on Radeon
cards, ROCm on Windows and on RDNA4, the Ryzen AI NPU, faster-whisper against whisper.cpp, Llama 4's EU clause,
Ollama over two cards, the Radeon iGPU with Vulkan; and MLX weighed against GGUF at a level said once runs MLX's
own 4-bit file instead of saying "MLX cannot run it"."""

from __future__ import annotations

import json

import pytest

from answers.engine import Engine
from answers.knowledge import knowhow
from answers.reading import knowhow_words
from answers.rendering import render


def _ids(a) -> list[str]:  # noqa: ANN001
    return [k["id"] for k in a.facts.get("knowhow") or ()]


@pytest.mark.parametrize(("question", "lang", "kid", "words"), [
    ("two rx 7900 xtx under rocm: will vllm split qwen3 32b across them with tensor parallel?", "en",
     "vllm_rocm_radeon", ("gfx1100", "--tensor-parallel-size 2")),
    ("zwei radeon 7900 xtx mit rocm, klappt tensor parallel in vllm überhaupt?", "de", "vllm_rocm_radeon",
     ("gfx1100",)),
    ("ho una rx 6700 xt su windows, rocm non parte: cosa uso per far girare un 8b?", "it", "rocm_windows",
     ("gfx1031", "Vulkan")),
    ("sur windows 11 avec ma radeon, rocm ou pas ? quel modèle 14b", "fr", "rocm_windows", ("Vulkan",)),
    ("mi rx 9070 xt con rocm en ubuntu, qué versión hace falta para comfyui?", "es", "rocm_rdna4", ("6.4.1",)),
    ("a npu do meu notebook ryzen ai 9 365 serve pra rodar llm ou é só marketing?", "pt", "npu_ryzen_ai",
     ("Lemonade", "FastFlowLM")),
    ("pour transcrire 3 h d'audio sur un ryzen 7 7700, faster-whisper ou whisper.cpp ?", "fr", "whisper_engines",
     ("int8", "Metal")),
    ("can a startup based in the EU ship a product on llama 4 maverick? what does the license say", "en",
     "llama_eu_multimodal", ("Acceptable Use Policy",)),
    ("tengo una 4080 y una 3060, ¿ollama usa las dos juntas?", "es", "ollama_multi_gpu", ("CUDA_VISIBLE_DEVICES",)),
    ("minipc con 780m e 32 gb: con vulkan la igpu aiuta per qwen3 8b?", "it", "igpu_vulkan", ("UMA",)),
    ("minha rtx 5070 ti no comfyui dá 'no kernel image is available', o que é isso?", "pt", "blackwell_builds",
     ("sm_120", "cu128")),
    ("stable diffusion xl en una rx 6600 con windows: zluda o directml?", "es", "zluda_directml", ("ZLUDA",)),
])
def test_know_how_is_answered_in_the_askers_language(engine: Engine, question: str, lang: str, kid: str,
                                                     words: tuple[str, ...]) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert kid in _ids(a), a.text
    for w in words:
        assert w in a.text, a.text
    entry = next(k for k in a.facts["knowhow"] if k["id"] == kid)
    assert "https://" in entry["source"]  # the JSON carries where the fact comes from


def test_know_how_alone_replaces_did_not_understand(engine: Engine) -> None:
    a = engine.ask("ist rocm unter windows mit meiner radeon brauchbar?")
    assert a.intent == "knowhow" and a.locale == "de"
    assert _ids(a) == ["rocm_windows"] and "Vulkan" in a.text
    assert "nicht verstanden" not in a.text


def test_know_how_beside_a_figure_keeps_the_figure(engine: Engine) -> None:
    a = engine.ask("qwen3 30b a3b on a ryzen 7 8845hs with 64gb ddr5, how many tok/s? does the 780m help with vulkan?")
    assert "igpu_vulkan" in _ids(a)
    assert "tokens per second" in a.text and a.text.index("tokens per second") < a.text.index("UMA")


@pytest.mark.parametrize("question", [
    "eu posso rodar llama 4 scout numa 4090?",  # Portuguese "eu" is "I", not the EU
    "antes de eu comprar, o llama 4 scout roda numa 4090?",
    "rocm on linux with a 7900 xtx, which model fits?",  # no Windows, no RDNA4, no vLLM
    "whisper.cpp on a raspberry pi 5",  # one engine named, no choice asked
])
def test_know_how_is_not_said_when_its_clues_are_not_all_there(question: str) -> None:
    got = knowhow_words.read(question)
    assert not {"llama_eu_multimodal", "rocm_windows", "rocm_rdna4", "vllm_rocm_radeon", "whisper_engines"} & set(got)


def test_every_entry_has_clues_a_source_and_a_line_in_every_language() -> None:
    for e in knowhow.entries():
        assert "https://" in e.source and e.checked
        for lang in ("en", "de", "fr", "it", "es", "pt"):
            line = render.render(lang, "_knowhow", {"knowhow": [{"id": e.id, "source": e.source}]}).strip()
            assert line, (e.id, lang)
            if lang != "en":  # translated, not the English msgid
                assert line != render.render("en", "_knowhow", {"knowhow": [{"id": e.id}]}).strip(), (e.id, lang)


def test_a_malformed_table_fails_at_load() -> None:
    good = json.loads((knowhow.resources.files("answers.knowledge") / "knowhow.json").read_text("utf-8"))
    no_url = json.loads(json.dumps(good))
    no_url["entries"][0]["source"] = "the vLLM docs"
    with pytest.raises(knowhow.KnowhowDataError, match="https"):
        knowhow.parse(no_url)
    with pytest.raises(Exception, match="no clues"):
        knowhow_words.parse({"clues": {}, "entries": {}}, knowhow.ids())
    with pytest.raises(Exception, match="unknown clue"):
        knowhow_words.parse({"clues": {}, "entries": {"whisper_engines": [["nope"]]}}, ("whisper_engines",))


@pytest.mark.parametrize(("question", "lang"), [
    ("m3 max 64gb: qwen2.5 32b q4, mlx vs gguf, which is faster?", "en"),
    ("mac studio m2 max 96gb, llama 3.3 70b in q4: mlx oder gguf?", "de"),  # the level said apart from the sides
])
def test_mlx_against_gguf_at_a_level_said_once_runs_mlx_4bit(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    sides = a.facts["engine_versus"]["sides"]
    mlx = next(s for s in sides if s["engine"] == "mlx")
    assert mlx["runs"] and mlx["quant"] == "MLX-4bit", sides
    gguf = next(s for s in sides if s["engine"] != "mlx")
    assert gguf["quant"] == "Q4_K_M"


def test_know_how_leads_an_engines_general_note(engine: Engine) -> None:
    # "lm studio doesn't use the npu, does it?": the NPU's line answers it, the engine's general note follows
    a = engine.ask("nutzt lm studio eigentlich die npu von meinem ryzen ai 9 365, oder nur die igpu?")
    assert a.locale == "de" and "npu_ryzen_ai" in _ids(a)
    assert a.text.startswith("Die Ryzen-AI-NPU"), a.text
