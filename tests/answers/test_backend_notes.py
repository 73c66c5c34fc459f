"""A runtime or front end to choose, asked beside a speed or a list (trial 6, "asked part dropped"): ROCm or Vulkan,
SYCL, Vulkan or IPEX-LLM on Intel Arc, KoboldCpp or llama-server, ik_llama.cpp or mainline, TensorRT-LLM or vLLM
under load, LM Studio (MLX) or ollama on a Mac, Draw Things or ComfyUI, a video model over two GPUs. Each gets its
sourced line (answers/knowledge/side_notes.json) in the asker's language, the answer's own figures kept, and no
line when it is not asked. Phrasings of our own; the figures checked are the public ones in the data's sources."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.engine_versus import verdict


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


def _notes(a: object) -> list[str]:
    also = a.facts.get("also") or {}  # type: ignore[attr-defined]
    return [n["kind"] for n in also.get("notes", ())]


@pytest.mark.parametrize(("question", "lang", "kind", "words"), [
    ("radeon rx 7800 xt 16gb, quels modèles tournent bien ? vulkan ou rocm sous windows ?", "fr", "rocm_vulkan",
     "ROCm lit en général les prompts plus vite"),
    ("qwen3 14b q4_k_m on an rx 7900 xt, rocm vs vulkan speed?", "en", "rocm_vulkan", "1.2 to 2 times"),
    ("ryzen ai max+ 395 128gb für gpt-oss-120b, lieber rocm oder vulkan?", "de", "rocm_vulkan",
     "höchstens ein Zehntel"),
    ("arc a770 16gb, cosa ci gira? meglio sycl o vulkan?", "it", "intel_arc", "SYCL di llama.cpp"),
    ("tengo una intel arc b570 de 10gb: qué modelos van bien, y ipex-llm todavía vale la pena o uso llama.cpp?",
     "es", "intel_arc", "dejó de desarrollarla"),
    ("koboldcpp vs llama-server for gemma 3 12b on an rtx 3060 12gb?", "en", "koboldcpp", "about the same speed"),
    ("vale a pena usar o koboldcpp em vez do llama-server pra mistral nemo numa rx 6800?", "pt", "koboldcpp",
     "SillyTavern"),
    ("ik_llama.cpp oder normales llama.cpp für qwen3 235b a22b mit einer 3090 und 256gb ram?", "de", "ik_llama",
     "1,5- bis 3-Fache"),
    ("con una 4090 e 192gb di ddr5, ik_llama conviene per deepseek v3?", "it", "ik_llama", "1,5 a 3 volte"),
    ("is tensorrt-llm worth the hassle over vllm for llama 3.1 8b on an h100 with lots of users?", "en",
     "trtllm_batched", "1.1 to 1.3 times as many tokens"),
    ("tensorrt-llm ou vllm sur une h100 pour qwen3 8b, pour le débit ?", "fr", "trtllm_batched",
     "1,1 à 1,3 fois plus de tokens"),
    ("ollama o lm studio en un mac studio m2 max para gemma 3 12b, cuál va más rápido?", "es", "mlx_ollama",
     "MLX genera alrededor de 1,1 a 1,3 veces"),
    ("sdxl sul mio macbook pro m3 18gb, draw things o comfyui?", "it", "draw_things", "Draw Things, scritto per Metal"),
    ("wan 2.2 14b on an rtx 4090: can comfyui spread it over multiple gpus?", "en", "comfy_gpu_split",
     "does not split a video model across two"),
    ("hunyuanvideo auf einer rtx 4090, lässt sich das auf mehrere gpus verteilen?", "de", "comfy_gpu_split",
     "xDiT"),
])
def test_a_runtime_choice_gets_its_line(engine: Engine, question: str, lang: str, kind: str, words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert kind in _notes(a)
    assert words in _plain(a.text)


@pytest.mark.parametrize(("question", "kind"), [
    ("qwen3 14b q4_k_m on an rx 7900 xt, how fast?", "rocm_vulkan"),
    ("arc a770 16gb, cosa ci gira?", "intel_arc"),
    ("gemma 3 12b on an rtx 3060 12gb, how fast?", "koboldcpp"),
    ("llama 3.1 8b on an h100, how fast with vllm?", "trtllm_batched"),
    ("lm studio vs ollama on an rtx 4070 for gemma 3 12b, which is faster?", "mlx_ollama"),
    ("sdxl sul mio macbook pro m3 18gb, quanto ci mette?", "draw_things"),
    ("wan 2.2 14b on an rtx 4090, how long per clip?", "comfy_gpu_split"),
])
def test_no_line_when_the_choice_is_not_asked(engine: Engine, question: str, kind: str) -> None:
    assert kind not in _notes(engine.ask(question))


def test_a_list_answer_keeps_its_list_beside_the_line(engine: Engine) -> None:
    a = engine.ask("what runs on an arc b580 12gb? sycl, vulkan or ipex-llm?")
    assert "intel_arc" in _notes(a)
    assert a.facts.get("cards_fit") or a.table  # the models that run there are still listed


def test_lm_studio_on_a_mac_is_weighed_as_mlx_and_wins(engine: Engine) -> None:
    a = engine.ask("lm studio or ollama on an m4 pro 48gb for qwen3 14b, which one is faster?")
    v = a.facts["engine_versus"]
    labels = [s["engine_label"] for s in v["sides"]]
    assert "LM Studio (MLX)" in labels
    mlx = labels.index("LM Studio (MLX)")
    assert v["sides"][mlx]["quant"] == "MLX-4bit"  # the same 4 bits as ollama's Q4_K_M, not MLX's 8-bit default
    assert v["verdict"] == "faster" and v["winner"] == mlx


def test_lm_studio_off_a_mac_stays_gguf(engine: Engine) -> None:
    a = engine.ask("lm studio or ollama on an rtx 4070 for gemma 3 12b, which one is faster?")
    assert all("MLX" not in s["engine_label"] for s in a.facts["engine_versus"]["sides"])


def test_the_lm_studio_ollama_verdict_agrees_with_mlx(engine: Engine) -> None:
    a = engine.ask("lm studio oder ollama auf dem mac, was ist schneller?")
    assert "LM Studio mit einem MLX-Modell das schnellere" in _plain(a.text)


def test_mlx_against_gguf_at_the_same_bits_is_the_engines_gap() -> None:
    # 25.0 against 22.0 (1.14x): within the estimates' spread between two GGUF engines, an MLX win on one Mac
    mlx = {"runs": True, "tok_s": 25.0, "engine": "mlx", "quant": "MLX-4bit"}
    gguf = {"runs": True, "tok_s": 22.0, "engine": "ollama", "quant": "Q4_K_M"}
    assert verdict(mlx, gguf)["verdict"] == "faster"
    assert verdict({**mlx, "engine": "llama.cpp", "quant": "Q5_K_M"}, gguf)["verdict"] == "same"
    assert verdict({**mlx, "quant": "MLX-8bit"}, gguf)["verdict"] == "same"  # 8 bits against 4: not the engines


def test_two_cards_named_get_one_line_on_splitting(engine: Engine) -> None:
    # the video answer's own line on several cards and the side line say the same: said once
    a = engine.ask("wan 2.2 14b on two rtx 3090s: does comfyui split the model across both gpus?")
    assert _plain(a.text).count("ComfyUI-MultiGPU") == 1
