"""Setups in answers and on the command line: a verdict, a level, a speed with its range and one
sentence on why, in five languages; `entities.gpu_count` and `facts.row` in the JSON."""

from __future__ import annotations

import json

import pytest

from answers.engine import Engine
from bot.cli.parser import main


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine

GIB = 2**30
ROW_KEYS = {"card", "memory_gb", "usable_gb", "need_gb", "quant", "fit", "tok_s", "tok_s_low", "tok_s_high",
            "confidence", "gpu_count", "why"}


def _params(engine: Engine, name: str) -> float:
    return next(m.params_b for m in engine.knowledge.models if m.name == name)


def _cache_gb(engine: Engine, name: str) -> float:
    """Full-attention cache at 4,096 tokens from the record's layout: 2 · layers · KV heads · head dim · 2 bytes."""
    a = next(m.architecture for m in engine.knowledge.models if m.name == name)
    assert all(g.kind == "full" for g in a.attention)
    return sum(2 * g.layers * (g.kv_heads or a.kv_heads) * (g.head_dim or a.head_dim) * 4096 * 2
               for g in a.attention) / GIB


# Why-sentence fragments, one per language, from the translations.
SPLIT_WHY = {"en": "adds up, but the speed does not", "it": "si somma, ma la velocità no",
             "fr": "s'additionne, mais pas la vitesse", "de": "addiert sich, die Geschwindigkeit nicht",
             "es": "se suma, pero la velocidad no"}


@pytest.mark.parametrize(("lang", "question"), [
    ("en", "can I run llama 3 70b on 2x 3090?"),
    ("it", "posso far girare llama 3 70b su due 3090?"),
    ("fr", "peut-on faire tourner llama 3 70b sur deux 3090 ?"),
    ("de", "läuft Llama 3 70B auf zwei 3090?"),
    ("es", "¿puedo correr llama 3 70b en dos 3090?"),
])
def test_two_cards_get_a_verdict_level_speed_and_why(engine: Engine, lang: str, question: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.entities["gpu_count"] == 2 and a.entities["card"] == "GeForce RTX 3090"
    row = a.facts["row"]
    assert ROW_KEYS <= set(row)
    # Reference arithmetic: two 24 GB cards give 23.8 GB each (the 0.2 GB reserve both profiles keep), less
    # 0.4 GB for the second card's own buffer: 47.2 GB. Q5_K_M (5.5 bits, the site's) fits that.
    p = _params(engine, "Llama 3 70B")
    usable = 2 * (24 - 0.2) - 0.4
    need_q5 = p * 1e9 * 5.5 / 8 / GIB + 0.635 + _cache_gb(engine, "Llama 3 70B")
    assert need_q5 <= usable
    assert row["quant"] == "Q5_K_M" and row["need_gb"] == pytest.approx(need_q5)
    assert row["usable_gb"] == pytest.approx(usable)
    one = 936.2 * 0.52 / (p * 5.5 / 8)
    assert row["tok_s"] == pytest.approx(1 / (1 / one + 0.0002))
    assert SPLIT_WHY[lang] in a.text
    assert "**" in a.text and "Q5_K_M" in a.text


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_a_mac_answers_with_its_gpu_share(engine: Engine, profile: str) -> None:
    from answers.api import AskOptions

    a = engine.ask("can llama 3 70b run on a MacBook Pro M4 Max 128 GB?", options=AskOptions(profile=profile))
    row = a.facts["row"]
    assert a.intent == "can_run" and row["why"] == "unified"
    assert row["memory_gb"] == pytest.approx(96)  # macOS lets the GPU wire ~3/4 of 128 GB
    assert row["total_memory_gb"] == 128 and row["tok_s"] > 0
    assert a.entities["card"] == "Apple M4 Max 128 GB" and "gpu_count" not in a.entities
    assert "96 GB" in a.text and "128 GB" in a.text


def test_offload_answers_with_a_speed(engine: Engine) -> None:
    a = engine.ask("can gpt-oss-120b run on a 4090 and 64 GB DDR5?")
    row = a.facts["row"]
    assert row["fit"] == "offload" and row["tok_s"] >= 3
    assert row["ram_gb"] == 64 and row["ram_type"] == "DDR5" and row["offload_gb"] > 0
    assert a.text.startswith("**Yes, with offload**")
    assert a.entities["ram_gb"] == 64


def test_too_slow_offload_is_a_no_with_the_speed(engine: Engine) -> None:
    # An 8 GB card holds no level of a 70B model (IQ2_XXS alone is ~18 GB): a plain "No" with the crawl speed.
    a = engine.command("can_run", "fr", model="Llama 3 70B", card="RTX 3070", ram_gb=64, ram_type="DDR4")
    row = a.facts["row"]
    assert row["fit"] == "no" and row["slow_tok_s"] < 3 and a.facts["lower"] is None
    assert a.text.startswith("**Non**")


def test_too_slow_offload_with_a_lower_fit_is_never_a_no(engine: Engine) -> None:
    # 24 GB holds Llama 3 70B at a 2-bit level: "only at a lower quality", then the crawl at the usual level.
    a = engine.command("can_run", "fr", model="Llama 3 70B", card="RTX 4090", ram_gb=64, ram_type="DDR4")
    row = a.facts["row"]
    assert row["fit"] == "no" and row["slow_tok_s"] < 3
    assert a.facts["lower"]["need_gb"] <= 0.9 * 24
    assert a.text.startswith("**Seulement en qualité moindre**")
    assert "**Non**" not in a.text


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_a_crawl_at_a_lower_level_is_said_not_a_ram_shortfall(engine: Engine, profile: str) -> None:
    """DeepSeek-R1 (671B) on an 8 GB card with 192 GB of slow DDR4-1866: even Unsloth's 1.58-bit file (131 GB,
    unsloth.ai/blog/deepseekr1-dynamic) leaves about 131 − 8 ≈ 120 GB in RAM, which fits its usable 80 %
    (153.6 GB); two channels of DDR4-1866 (29.9 GB/s) crawl through it. The answer says so, never "the RAM
    cannot take the rest" (at IQ4_XS it would need some 330 GB of RAM)."""
    from answers.api import AskOptions

    a = engine.ask("any point running deepseek r1 671b on a 3060 8gb + 192gb of ddr4-1866 ram?",
                   options=AskOptions(profile=profile))
    row = a.facts["row"]
    assert row["fit"] == "no" and row["slow_quant"] == "UD-IQ1_S" and row["slow_tok_s"] < 3
    assert 0.8 * 192 >= row["offload_gb"] > 131 * 0.7 - 24
    assert "fits in system memory only at `UD-IQ1_S`" in a.text and "cannot take the rest" not in a.text
    little = engine.ask("deepseek r1 671b on a 4090 with 32gb ram", options=AskOptions(profile=profile))
    assert little.facts["row"]["slow_quant"] is None and "cannot take the rest" in little.text


@pytest.mark.parametrize(("question", "card"), [
    ("can llama 3 8b run on a 4070 laptop?", "GeForce RTX 4070 Mobile"),
    ("¿puedo correr qwen3 30b a3b en una DGX Spark?", "GB10"),
    ("can llama 3 70b run on Strix Halo 128GB", "Ryzen AI Max+ 395 128 GB"),
])
def test_laptops_and_new_machines_get_a_yes_or_no(engine: Engine, question: str, card: str) -> None:
    a = engine.ask(question)
    assert a.intent == "can_run" and a.entities["card"] == card
    assert a.facts["row"]["fit"] in ("comfortable", "tight", "no")
    # A 70B on a Strix Halo fits but crawls: "Yes, but slowly" (answers/verdict.py), still a yes.
    assert a.text.startswith(("**Yes**", "**No**", "**Sí**", "**Yes, but slowly**"))


def test_pooled_cards_are_not_compared(engine: Engine) -> None:
    a = engine.ask("can llama 3 70b run on 3090 + 3060?")
    assert a.intent == "can_run" and a.entities["gpu_count"] == 2
    assert a.entities["cards"] == ["GeForce RTX 3090", "GeForce RTX 3060 12 GB"]


def test_slash_command_takes_a_setup_in_the_card_field_or_a_count(engine: Engine) -> None:
    a = engine.command("speed", "it", model="Llama 3 70B", card="2x RTX 3090")
    b = engine.command("speed", "it", model="Llama 3 70B", card="RTX 3090", gpu_count=2)
    assert a.facts["row"] == b.facts["row"] and a.entities["gpu_count"] == 2
    assert SPLIT_WHY["it"] in a.text


def test_an_unknown_card_in_a_setup_is_not_dropped(engine: Engine) -> None:
    a = engine.command("can_run", "en", model="Llama 3 70B", card="RTX 9999", gpu_count=2)
    assert a.intent in ("not_found", "ambiguous")


def test_one_plain_card_keeps_todays_answer(engine: Engine) -> None:
    a = engine.ask("can llama 3 8b run on a 3090?")
    assert "gpu_count" not in a.entities and a.facts.get("mode") == "card"


# ------------------------------------------------------------------------------------------ CLI


@pytest.fixture()
def _db(built_db, monkeypatch):  # noqa: ANN001
    monkeypatch.setenv("TPSBOT_DB", str(built_db))


def _json(capsys, *argv: str) -> dict:  # noqa: ANN001
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.usefixtures("_db")
def test_cli_summary_and_table_rate_a_setup(capsys) -> None:  # noqa: ANN001
    d = _json(capsys, "summary", "llama 3 70b", "--card", "2x RTX 3090")
    assert {"cards_total", "cards_fit", "fastest"} <= set(d)  # today's keys stay
    assert d["setup"]["gpu_count"] == 2 and ROW_KEYS <= set(d["setup"]["row"])
    t = _json(capsys, "table", "gpt-oss-120b", "--card", "rtx 4090", "--ram", "64", "--ram-type", "DDR5",
              "--profile", "measured")
    assert "rows" in t and t["setup"]["row"]["fit"] == "offload" and t["setup"]["ram_gb"] == 64


@pytest.mark.usefixtures("_db")
def test_cli_a_named_cpu_sets_the_ram_and_says_so(capsys) -> None:  # noqa: ANN001
    # "3090 + EPYC 9654 + 256 GB": AMD's 12 × DDR5-4800 = 460.8 GB/s, not a guess from the RAM's size
    d = _json(capsys, "summary", "qwen3 235b", "--card", "rtx 3090", "--ram", "256", "--cpu", "EPYC 9654")
    row = d["setup"]["row"]
    assert (row["ram_channels"], row["ram_mts"], row["ram_cpu"]) == (12, 4800, "AMD EPYC 9654")
    assert row["ram_bandwidth_gbps"] == pytest.approx(460.8)
    assert d["setup"]["cpu"]["cores"] == 96
    said = _json(capsys, "summary", "qwen3 235b", "--card", "rtx 3090", "--ram", "96", "--cpu", "7950x",
                 "--ram-speed", "6000")["setup"]["row"]
    assert said["ram_bandwidth_gbps"] == pytest.approx(2 * 8 * 6000 / 1000)
    assert said["ram_guessed"] == ["type", "channels"]
    assert main(["summary", "qwen3 235b", "--card", "rtx 3090", "--ram", "256", "--cpu", "EPYC 9654",
                 "--locale", "it"]) == 0
    text = capsys.readouterr().out
    assert "RAM presa come quella del AMD EPYC 9654: 12 canali di DDR5-4800" in text and "--ram-speed" in text


@pytest.mark.usefixtures("_db")
def test_cli_a_cpu_without_a_card_rates_the_processor_alone(capsys) -> None:  # noqa: ANN001
    # DeepSeek-R1 on an EPYC 9654 with 768 GB: 12 × DDR5-4800 (460.8 GB/s) streamed by the CPU alone; its
    # 96 Zen 4 cores (not the 32 assumed) read the prompt
    d = _json(capsys, "summary", "deepseek r1", "--cpu", "EPYC 9654", "--ram", "768")
    c = d["cpu_only"]
    assert c["cpu"] == "AMD EPYC 9654" and c["ram_channels"] == 12 and c["cpu_assumed"]["cores"] == 96
    assert c["ram_bandwidth_gbps"] == pytest.approx(460.8) and c["pick"]["fits"]
    assert 3 < c["pick"]["tok_s"] < 30 and "setup" not in d
    assert main(["summary", "deepseek r1", "--cpu", "EPYC 9654", "--ram", "768"]) == 0
    assert "On the AMD EPYC 9654 alone:" in capsys.readouterr().out


@pytest.mark.usefixtures("_db")
def test_cli_card_rates_models_on_a_setup(capsys) -> None:  # noqa: ANN001
    one = _json(capsys, "card", "rtx 3090")
    two = _json(capsys, "card", "rtx 3090", "--gpus", "2")
    assert {"card", "models", "context", "profile"} <= set(two) and two["setup"]["gpu_count"] == 2
    assert len(two["models"]) > len(one["models"])  # 48 GB hold models 24 GB cannot
    assert all(m["why"] in ("split", "offload") for m in two["models"])


@pytest.mark.usefixtures("_db")
@pytest.mark.parametrize("argv", [
    ["summary", "llama 3 70b", "--card", "rtx 3090", "--gpus", "0"],
    ["summary", "llama 3 70b", "--gpus", "2"],
    ["table", "llama 3 70b", "--card", "rtx 3090", "--ram", "-5"],
    ["summary", "qwen3 235b", "--card", "rtx 3090", "--ram", "256", "--cpu", "epyc 9653"],  # no such CPU
])
def test_cli_bad_setup_is_one_line(capsys, argv: list[str]) -> None:  # noqa: ANN001
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("tpsbot: error:") and err.count("\n") == 1


def test_what_a_setup_can_run(engine: Engine) -> None:
    two = engine.ask("what can I run on 2x 3090?")
    one = engine.ask("what can I run on a 3090?")
    assert two.intent == one.intent == "card_models"
    assert two.entities["gpu_count"] == 2 and two.facts["setup"]["gpu_count"] == 2
    assert two.facts["models_fit"] > one.facts["models_fit"]  # 48 GB hold what 24 GB cannot
    assert two.facts["card"]["memory_gb"] == 48
    assert two.table and two.table[0]["card" if "card" in two.table[0] else "model"]
    # The table is not the single card's cached one.
    assert engine.ask("what can I run on a 3090?").facts["models_fit"] == one.facts["models_fit"]


@pytest.mark.parametrize("profile", ["reference", "measured"])
@pytest.mark.parametrize(("typed", "name", "total"), [
    ("Mac mini M4", "Apple M4 16 GB", 16),  # never the 4 GB Tesla M4
    ("m4 max 128 gb", "Apple M4 Max 128 GB", 128),
    ("Mac Studio M3 Ultra 512GB", "Apple M3 Ultra 512 GB", 512),
    ("strix halo", "Ryzen AI Max+ 395 128 GB", 128),
])
def test_a_chip_is_the_catalogs_record_of_that_memory(engine: Engine, profile: str, typed: str, name: str,
                                                      total: float) -> None:
    from answers.api import AskOptions

    a = engine.command("can_run", "en", model="Llama 3 8B", card=typed, options=AskOptions(profile=profile))
    row = a.facts["row"]
    assert a.entities["card"] == name and row["why"] == "unified"
    assert row["total_memory_gb"] == total  # the configuration's whole memory, as the catalog lists it
    assert a.facts["setup"]["cards"][0]["memory_gb"] == total


def test_a_memory_size_no_chip_is_sold_with_is_not_found(engine: Engine) -> None:
    from answers.api import AskOptions

    a = engine.command("can_run", "en", model="Llama 3 8B", card="m4 max 96gb", options=AskOptions(profile="measured"))
    assert a.intent == "not_found"
    assert "Apple M4 Max 128 GB" in a.facts["candidates"]


def test_build_setup_asks_the_added_cards_first_for_a_chip_shaped_name() -> None:
    from answers.facts.setups import build_setup
    from catalog.records import GpuRecord

    tesla = GpuRecord(position=0, name="Tesla M4", vendor="NVIDIA", memory_gb=4, bandwidth_gbps=88)
    apple = GpuRecord(position=1, name="Apple M4 16 GB", vendor="Apple", memory_gb=16, bandwidth_gbps=120,
                      memory_type="LPDDR5X", unified_memory=True)
    s = build_setup([("m4 16gb", 1)], lambda t: tesla, added=lambda t: apple)
    assert s.devices[0].card is apple and s.unified
    s = build_setup([("rtx 3090", 2)], lambda t: tesla, added=lambda t: apple)
    assert s.devices[0].card is tesla  # not chip-shaped: the profile's resolver alone


@pytest.mark.parametrize("question", ["what can I run on 2x 3090?", "what can I run on a Mac Studio M2 Ultra 192GB?",
                                      "what can I run on 3090 + 3060?"])
def test_pages_of_a_setup_table_rate_the_same_setup(engine: Engine, question: str) -> None:
    from answers.api import AskOptions
    from bot.exts.pages.views import state_for

    first = engine.ask(question)
    state = state_for(first, AskOptions(profile=first.profile))
    assert state is not None
    again = state.ask(engine)
    assert again.facts["setup"] == first.facts["setup"]
    assert again.facts["models_fit"] == first.facts["models_fit"]


def test_several_data_centre_cards_are_the_sxm_boards() -> None:
    from answers.facts.setups import server_variant

    cands = ["H100 CNX", "H100 NVL 94 GB", "H100 PCIe 80 GB", "H100 SXM5 64 GB", "H100 SXM5 80 GB", "H100 SXM5 94 GB"]
    assert server_variant("h100", cands) == "H100 SXM5 80 GB"
    assert server_variant("h100 94gb", cands) == "H100 SXM5 94 GB"
    assert server_variant("a100 80gb", ["A100 SXM4 80 GB", "A100 PCIe 80 GB", "H100 PCIe 80 GB"]) == "A100 SXM4 80 GB"
    assert server_variant("rtx 3060", ["GeForce RTX 3060 12 GB", "GeForce RTX 3060 8 GB"]) is None


def test_eight_h100s_and_one_a100_get_an_answer(engine: Engine) -> None:
    a = engine.ask("can deepseek v3 run on 8x H100?")
    assert a.intent == "can_run" and a.entities["gpu_count"] == 8 and a.entities["card"] == "H100 SXM5 80 GB"
    one = engine.ask("can llama 3 70b run on an A100?")  # the usual variant, the others named in one line
    assert one.intent == "can_run" and one.entities["card"] == "A100 SXM4 80 GB"
    assert "A100 PCIe 40 GB" in one.facts["card_alternatives"]


@pytest.mark.usefixtures("_db")
@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_cli_ask_json_carries_gpu_count_and_the_setup_row(capsys, profile: str) -> None:  # noqa: ANN001
    d = _json(capsys, "ask", "can llama 3 70b run on 2x 3090?", "--profile", profile)
    assert d["entities"]["gpu_count"] == 2 and d["entities"]["card"] == "GeForce RTX 3090"
    assert ROW_KEYS <= set(d["facts"]["row"]) and d["facts"]["row"]["gpu_count"] == 2
    assert d["profile"] == profile
    single = _json(capsys, "ask", "can llama 3 8b run on a 3090?", "--profile", profile)
    assert "gpu_count" not in single["entities"]


@pytest.mark.parametrize("lang", ["en", "it", "fr", "de", "es"])
def test_an_impossible_setup_is_a_one_line_localized_refusal(engine: Engine, lang: str) -> None:
    a = engine.command("can_run", lang, model="Llama 3 70B", card="RTX 3090", gpu_count=100)
    b = engine.command("can_run", lang, model="Llama 3 70B", card="RTX 3090", ram_gb=-5)
    for ans in (a, b):
        assert ans.intent == "invalid" and ans.locale == lang and ans.text.strip().count("\n") == 0


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_ram_too_small_for_the_rest_says_how_much_would_do(engine: Engine, profile: str) -> None:
    from answers.api import AskOptions
    from estimator.setups import RAM_SIZES_GB

    # 8 GB of RAM: even at IQ2_XXS (~18.6 GB) the ~6.8 GB beyond the card's 11.8 GB exceed the 6.4 GB the
    # model may take of it (with 16 GB the rest fits at IQ2_XXS and the answer is that crawl, tested above).
    a = engine.ask("3060 with 8gb ram, llama 3 70b", options=AskOptions(profile=profile))
    row = a.facts["row"]
    assert row["fit"] == "no" and row["ram_gb"] == 8 and row["slow_quant"] is None
    assert row["offload_gb"] > 8 * 0.8  # the rest does not fit in what the model may take of 8 GB
    share = engine.profiles.setup_constants().ram_usable_share
    expected = min(s for s in RAM_SIZES_GB if s >= row["offload_gb"] / share)
    assert a.facts["ram_to_hold_gb"] == expected == 48  # 28–30 GB in RAM over an 80 % share: 48 GB
    assert "The 8 GB of system memory cannot take the rest either" in a.text and "48 GB of RAM" in a.text


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_a_lower_level_that_fits_the_ram_is_offered_and_named(engine: Engine, profile: str) -> None:
    from answers.api import AskOptions

    # Qwen3-235B on 24 GB + 64 GB: nothing at the usual levels leaves little enough for the RAM; a 2-bit
    # level does, and the answer says it is below the minimum quality.
    a = engine.ask("3090 with 64gb ddr5, qwen3 235b", options=AskOptions(profile=profile))
    row = a.facts["row"]
    assert row["fit"] == "offload" and row["offload_gb"] <= 64 * 0.8
    below = a.facts["offload_below_floor"]
    assert below["quant"] == row["quant"] and below["floor_quant"] == "IQ4_XS"
    assert f"(`{below['floor_quant']}`)" in a.text and "\x00" not in a.text and "\\_" not in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("can llama 3.1 405b run on 2x 4090", "en"),
    ("llama 3.1 405b gira su due 4090?", "it"),
])
def test_a_setup_that_cannot_hold_the_model_says_at_which_level(engine: Engine, question: str, lang: str) -> None:
    """"Needs about 191 GB" is said with its level, the usual minimum quality: the need the model's own
    memory answer lists for that level, not some other level's."""
    a = engine.ask(question)
    assert a.locale == lang and a.facts["row"]["fit"] == "no"
    level = a.facts["min_quality"]
    assert a.facts["short_quant"] == level and f"`{level}`" in a.text.splitlines()[0]
    levels = engine.ask(f"how much vram does {a.entities['model']} need").facts["levels"]
    assert a.facts["row"]["need_gb"] == pytest.approx(next(x["need_gb"] for x in levels if x["quant"] == level))


def test_big_moe_models_run_from_a_desktops_ram(engine: Engine) -> None:
    # DeepSeek-R1 at 2 bits or less beside a 24 GB card on a desktop's DDR5: people report 3–6 tok/s
    row = engine.ask("DeepSeek-R1 on 256 GB DDR5 + a 3090").facts["row"]
    assert row["fit"] == "offload" and 2 <= row["tok_s"] <= 8
    assert row["ram_channels"] == 2  # 256 GB of DDR5 is 4 × 64 GB on a desktop (AM5, LGA1851), not a server
    # 48 GB of cards and 128 GB of RAM hold only Unsloth's 1-bit dynamic file (131 GB), not "512 GB of RAM"
    row = engine.ask("due 3090 e 128gb ddr5, deepseek r1?").facts["row"]
    assert row["fit"] == "offload" and row["quant"] in ("UD-IQ1_S", "UD-IQ1_M") and row["tok_s"] >= 3
