"""`--engine` on `table`, `summary`, `card` and `ask`: the figures change with the engine, the JSON says which
engine and levels were assumed (keys added, none removed), the text says it in the asker's language, and a
format the engine cannot run is one line with the nearest that works."""

from __future__ import annotations

import json

import pytest

from bot.cli.parser import main


@pytest.fixture(autouse=True)
def _db(built_db, monkeypatch):
    monkeypatch.setenv("TPSBOT_DB", str(built_db))


def run_json(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out.splitlines()[0])


def test_default_engine_is_llama_cpp_and_said(capsys) -> None:
    d = run_json(capsys, "table", "Llama 3.1 8B")
    assert d["engine"] == "llama.cpp" and d["engine_levels"][0] == "Q8_0"
    assert main(["summary", "Llama 3.1 8B", "--locale", "de"]) == 0
    assert "Angenommene Engine: llama.cpp" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["table", "summary"])
def test_vllm_rates_in_its_formats(capsys, command: str) -> None:
    d = run_json(capsys, command, "Llama 3.1 8B", "--engine", "vLLM", "--profile", "measured", "--card", "RTX 4090")
    assert d["engine"] == "vllm" and d["engine_levels"] == ["BF16", "FP8", "AWQ"]
    assert d["setup"]["row"]["quant"] in ("BF16", "FP8", "AWQ")


def test_tensor_parallel_beats_the_layer_split(capsys) -> None:
    """The issue's case: two-card vLLM rows came out at ×0.51–0.58 of real with the layer split."""
    args = ("table", "Llama 3.3 70B", "--profile", "measured", "--card", "2x RTX 3090", "--quant", "AWQ")
    tp = run_json(capsys, *args, "--engine", "vllm")["setup"]["row"]
    layer = run_json(capsys, *args, "--engine", "vllm", "--split", "layer")["setup"]["row"]
    assert tp["split"] == "tensor" and layer["split"] == "layer"
    assert tp["tok_s"] > 1.3 * layer["tok_s"]
    nvlink = run_json(capsys, *args, "--engine", "vllm", "--link", "nvlink")["setup"]["row"]
    assert nvlink["tok_s"] > tp["tok_s"]


def test_mlx_rates_only_macs(capsys) -> None:
    d = run_json(capsys, "table", "Llama 3.1 8B", "--engine", "mlx", "--profile", "measured")
    runs = [r for r in d["rows"] if r["fit"] != "no"]
    assert runs and all(r["vendor"] == "Apple" for r in runs)
    assert {r["quant"] for r in runs} <= {"MLX-8bit", "MLX-4bit"}


def test_card_under_exllama(capsys) -> None:
    d = run_json(capsys, "card", "RTX 3090", "--engine", "exllamav2", "--profile", "measured")
    assert d["engine"] == "exllamav2" and all(m["quant"].startswith("EXL2-") for m in d["models"])


def test_fp8_on_ampere_refused_with_the_nearest(capsys) -> None:
    d = run_json(capsys, "table", "Llama 3.1 8B", "--engine", "tensorrt-llm", "--quant", "FP8", "--card", "RTX 3090",
                 "--profile", "measured")
    check = d["engine_check"]
    assert check["runs"] is False and check["reason"] == "format_hardware"
    assert check["nearest_quant"] and check["other_engine"] == "vllm"
    assert d["setup"]["row"]["fit"] == "no"
    assert main(["table", "Llama 3.1 8B", "--engine", "tensorrt-llm", "--quant", "FP8", "--card", "RTX 3090",
                 "--locale", "it"]) == 0
    assert "non può eseguire FP8" in capsys.readouterr().out
    d = run_json(capsys, "table", "Llama 3.1 8B", "--engine", "vllm", "--quant", "FP8", "--card", "RTX 3090")
    assert d["engine_check"] == {"runs": True, "mode": "weight_only", "quant": "FP8", "card": "GeForce RTX 3090"}


def test_bad_engine_and_unread_format_are_one_line(capsys) -> None:
    assert main(["table", "Llama 3.1 8B", "--engine", "warpdrive"]) == 2
    assert "unknown engine 'warpdrive'" in capsys.readouterr().err
    assert main(["table", "Llama 3.1 8B", "--quant", "AWQ", "--engine", "llama.cpp"]) == 2
    err = capsys.readouterr().err
    assert "llama.cpp does not read AWQ files; the nearest it runs is Q4_K_M" in err and "vLLM" in err
    assert len(err.strip().splitlines()) == 1


def test_a_format_named_without_an_engine_is_rated_under_its_engine(capsys) -> None:
    """The issue's "qwen2.5 32b awq on 2x 3090": AWQ is run with vLLM, so it is rated there (not as Q8_0)."""
    d = run_json(capsys, "table", "Qwen2.5 32B", "--quant", "AWQ", "--card", "2x RTX 3090", "--profile", "measured")
    assert d["engine"] == "vllm" and d["setup"]["row"]["quant"] == "AWQ" and d["setup"]["row"]["split"] == "tensor"
    d = run_json(capsys, "table", "Llama 3.1 8B", "--quant", "EXL2 4.0bpw", "--profile", "measured")
    assert d["engine"] == "exllamav2"


def test_ask_carries_the_engine(capsys) -> None:
    d = run_json(capsys, "ask", "can a 3090 run llama 3.1 8b", "--engine", "vllm", "--profile", "measured")
    assert d["facts"]["engine"] == "vllm"
    assert d["facts"]["row"]["quant"] in ("BF16", "FP8", "AWQ")
    d = run_json(capsys, "ask", "can a 3090 run llama 3.1 8b")
    assert d["facts"]["engine"] == "llama.cpp"
    assert main(["ask", "can a 3090 run llama 3.1 8b", "--engine", "warpdrive"]) == 2


def test_ollama_opens_with_its_default_context(capsys) -> None:
    """Ollama's docs: 4k under 24 GiB of VRAM, 32k from 24 to 48 GiB."""
    assert run_json(capsys, "table", "Llama 3.1 8B", "--engine", "ollama", "--card", "RTX 3060")["context"] == 4096
    d = run_json(capsys, "table", "Llama 3.1 8B", "--engine", "ollama", "--card", "RTX 3090")
    assert d["context"] == 32768 and d["setup"]["row"]["quant"] == "Q4_K_M"


def test_gpt_oss_is_rated_in_mxfp4(capsys) -> None:
    d = run_json(capsys, "table", "gpt-oss-20b", "--profile", "measured")
    assert {r["quant"] for r in d["rows"] if r["fit"] != "no"} <= {"MXFP4", "Q4_K_M"}
    assert d["engine_levels"][0] == "MXFP4"


def test_card_says_why_an_engine_runs_nothing_there(capsys) -> None:
    d = run_json(capsys, "card", "RTX 3090", "--engine", "mlx")
    assert d["models"] == [] and d["engine_check"]["reason"] == "engine_hardware"
    assert d["engine_check"]["nearest_engine"] == "llama.cpp"
    assert main(["card", "RTX 3090", "--engine", "mlx", "--locale", "fr"]) == 0
    assert "MLX ne fonctionne pas sur GeForce RTX 3090" in capsys.readouterr().out
    assert run_json(capsys, "card", "RTX 3090", "--engine", "ollama")["context"] == 32768


def test_serving_engines_run_on_unified_memory_machines_they_support(capsys) -> None:
    """vLLM on a DGX Spark (GB10, Blackwell, unified memory) holds the model in the machine's GPU share."""
    row = run_json(capsys, "table", "Llama 3.1 8B", "--engine", "vllm", "--card", "DGX Spark",
                   "--profile", "measured")["setup"]["row"]
    assert row["fit"] != "no" and row["usable_gb"] > 64
