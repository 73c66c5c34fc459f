"""A setup that cannot hold the model with a long prompt is never left at "cannot hold it": the answer names
the ways it still reads the prompt (answers/facts/when_short.py `prompt_routes`) — the level asked with a
q8_0 conversation cache, a smaller level held whole, or part of the model in system RAM — each with its
prompt time and its speed, in the asker's language."""

from __future__ import annotations

# Llama 3.x 70B (config.json: 80 layers, 8 key-value heads of 128): bytes of f16 cache per token, K and V.
LLAMA_70B_F16_CACHE_BYTES = 80 * 8 * 128 * 2 * 2
Q8_0_SHARE = 8.5 / 16  # q8_0 stores 32 values in 34 bytes: 8.5 bits for f16's 16


def test_a_q8_cache_holds_the_level_asked(engine) -> None:
    a = engine.ask("two rtx 3090s, llama 3.1 70b at q4_k_m: how long to chew through a 36k token prompt?")
    assert a.intent == "prefill" and not a.facts["row"].get("prefill_tok_s")  # at f16 the pair is short
    routes = a.facts["prompt_routes"]
    first = routes[0]
    assert first["way"] == "cache" and first["cache_type"] == "q8_0" and first["row"]["quant"] == "Q4_K_M"
    assert first["row"]["need_gb"] <= first["row"]["usable_gb"]
    # The saving is the cache's, by independent arithmetic (GiB, the unit of these figures).
    tokens = a.facts["prompt_tokens"]
    saved = LLAMA_70B_F16_CACHE_BYTES * tokens * (1 - Q8_0_SHARE) / 2**30
    assert abs((a.facts["row"]["need_gb"] - first["row"]["need_gb"]) - saved) < 0.1 * saved
    # A prompt time that is the prompt read at the prefill speed, and a decode speed.
    row = first["row"]
    assert abs(row["ttft_s"] - tokens / row["prefill_tok_s"]) < 0.05 * row["ttft_s"]
    assert row["tok_s"] > 0
    assert "q8_0" in a.text and "cannot hold" in a.text


def test_a_mixture_of_experts_goes_to_ram_with_n_cpu_moe(engine) -> None:
    a = engine.ask("wie lange bis zum ersten Token bei einem 40k-Prompt mit gpt-oss-120b auf 2x RTX 3090?", "de")
    routes = a.facts["prompt_routes"]
    assert [r["way"] for r in routes] == ["offload"]  # 48 GB holds no level of it whole
    r = routes[0]
    assert r["moe"] and r["ram_gb"] == 32 and r["row"]["offload_gb"] > 0 and r["row"]["ttft_s"] > 0
    assert "--n-cpu-moe" in a.text and "Arbeitsspeicher" in a.text


def test_each_language_gives_the_route_with_its_own_numbers(engine) -> None:
    es = engine.ask("cuánto tarda en leer un prompt de 36k tokens llama 3.1 70b q4_k_m en dos rtx 3090", "es")
    pt = engine.ask("quanto tempo leva um prompt de 36k tokens no llama 3.1 70b q4_k_m com duas rtx 3090", "pt")
    for a, words in ((es, "Con la caché de la conversación en"), (pt, "Com o cache da conversa em")):
        assert a.facts["prompt_routes"][0]["way"] == "cache"
        assert words in a.text
    # Babel's decimal comma in both
    assert "," in es.text.split("Con la caché")[1].split("\n")[0]


def test_a_setup_that_holds_it_has_no_routes(engine) -> None:
    a = engine.ask("llama 3.1 70b q4_k_m on two rtx 3090, how long for a 4k prompt?")
    assert a.facts["row"]["prefill_tok_s"] and "prompt_routes" not in a.facts


def test_a_budget_no_card_meets_names_the_server_ram_route(engine) -> None:
    de = engine.ask("Mit 4500 Euro DeepSeek R1 zuhause betreiben, geht das überhaupt?", "de")
    route = de.facts["ram_route"]
    # 671 B parameters at about 4 bits or more: hundreds of GB, so within 512 GB but over any card's memory
    assert 300 < route["need_gb"] <= 512 * 0.8 and route["tok_s"] > 0 and route["prefill_tok_s"] > 0
    assert "EPYC" in de.text and "Arbeitsspeicher" in de.text
    fr = engine.ask("avec 5500 dollars, je peux faire tourner deepseek v3 chez moi ?", "fr")
    assert fr.facts["ram_route"]["quant"] == route["quant"] and "RAM système d'un serveur" in fr.text


def test_a_dense_model_gets_no_ram_route(engine) -> None:
    a = engine.ask("with 900 dollars which card for llama 3.1 70b?")
    assert a.facts.get("budget_mode") == "model" and not a.facts.get("ram_route")


def test_a_q2_of_a_giant_moe_in_ram_considers_the_file_people_run(engine) -> None:
    # The system keeps at most 24 GB of the RAM. 230 GB: plain Q2_K (about 227 GB with its cache) misses the 206 GB
    # left; Unsloth's UD-Q2_K_XL (211 GiB published) is named, just over it (tight)
    pt = engine.ask("deepseek r1 em q2 num servidor com 230gb de ram sem placa de vídeo, roda?", "pt")
    usual = pt.facts["cpu"]["usual_file"]
    assert usual["quant"] == "UD-Q2_K_XL" and usual["tight"] and usual["need_gb"] < 230 < usual["asked_need_gb"] + 40
    assert "UD-Q2_K_XL" in pt.text and "Unsloth" in pt.text
    # 250 GB leaves 226 GB: it holds UD-Q2_K_XL but not plain Q2_K: a yes at that file, which says what file it is
    # (past the 80 % share the answers keep for a model: a tight fit on a machine doing little else, said so)
    it = engine.ask("deepseek v3 q2 solo cpu con 250 gb di ram, quanti token al secondo?", "it")
    assert it.facts["cpu"]["pick"]["quant"] == "UD-Q2_K_XL" and it.facts["cpu"]["pick"]["fits"]
    assert "Unsloth" in it.text
    # where plain Q2_K fits, it is the answer
    roomy = engine.ask("deepseek v3 q2 cpu only with 384 gb of ram")
    assert roomy.facts["cpu"]["pick"]["quant"] == "Q2_K" and not roomy.facts["cpu"].get("usual_file")


def test_a_q2_of_a_mid_size_model_stays_plain_q2_k(engine) -> None:
    a = engine.ask("llama 3.1 70b q2 on cpu with 16gb ram")
    assert not a.facts["cpu"].get("usual_file")


def test_two_or_three_cards_is_counted_in_24_gb_cards(engine) -> None:
    # GLM-4.5-Air (106 B): about 68 GiB at Q4_K_M (its published file), past two 24 GB cards
    fr = engine.ask("glm-4.5-air : deux cartes graphiques suffisent ou il en faut une troisième ?", "fr")
    h = fr.facts["home_cards"]
    assert h["card_gb"] == 24 and h["count"] >= 3 and h["quant"] == "Q4_K_M"
    assert "rarement" not in fr.text and "24 Go" in fr.text
    en = engine.ask("is a second gpu worth it for glm 4.5 air?")
    assert en.facts["home_cards"]["count"] >= 3 and "rarely the answer" not in en.text


def test_a_model_one_24_gb_card_holds_keeps_the_second_card_advice(engine) -> None:
    a = engine.ask("lohnt sich eine zweite Grafikkarte für Qwen3 14B?", "de")
    assert a.facts.get("home_cards") is None


def test_a_small_budget_names_the_used_24_gb_card_with_launch_prices_said(engine) -> None:
    a = engine.ask("around 700 bucks, I want a qwen3 32b box, what card should I get?")
    used = a.facts["used_route"]
    # a 32 B model at Q4_K_M or better: about 19 GB and more, so 24 GB; the oldest such card launched over $700
    assert used["memory_gb"] == 24 and used["launch_usd"] > 700 and used["quant"] in ("Q4_K_M", "Q5_K_M", "Q6_K")
    assert used["card"] == "GeForce RTX 3090"  # Sept 2020, the oldest 24 GB card with a launch price
    assert "launch prices only" in a.text
    es = engine.ask("con 700 dólares, qué tarjeta para qwen3 32b?", "es")
    # the card alone at $700: a used one is within it at its kept used price, so it is the pick, price said
    assert es.facts["used_card"]["card"] == used["card"] and es.facts["used_card"]["is_pick"]
    assert "segunda mano" in es.text and "2026" in es.text


def test_a_budget_in_reais_compares_cards_with_what_it_buys_there(engine) -> None:
    pt = engine.ask("com 9 mil reais, qual a melhor placa de vídeo pra ia local?", "pt")
    b = pt.facts["budget"]
    assert b["shop_ratio"] > 1 and abs(b["usd_compared"] * b["shop_ratio"] - b["usd"]) < 0.01
    assert all(c["price_usd"] <= b["usd_compared"] for c in pt.facts["cards"])
    assert "impostos de importação" in pt.text
    # a budget in dollars or euros has no such gap
    de = engine.ask("welche grafikkarte für lokale ki mit 900 euro?", "de")
    assert de.facts["budget"]["shop_ratio"] is None and de.facts["budget"]["usd_compared"] == de.facts["budget"]["usd"]


def test_a_shop_gap_without_a_source_is_refused(tmp_path) -> None:
    import json

    import pytest

    from catalog.currency import RATES_FILE, RatesError, read_rates

    raw = json.loads(RATES_FILE.read_text(encoding="utf-8"))
    raw["shop_over_launch"] = {"BRL": {"ratio": 1.8, "source": " "}}
    bad = tmp_path / "exchange_rates.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(RatesError, match="shop_over_launch"):
        read_rates(bad)


def test_a_slow_offload_names_the_level_held_whole_first(engine) -> None:
    it = engine.ask("quanto va veloce llama 3.1 70b q4_k_m su rtx 3090 + rtx 3060 con 64gb ddr5?", "it")
    row, held = it.facts["row"], it.facts["held_instead"]
    assert row["fit"] == "offload" and row["tok_s"] < 10
    assert held["need_gb"] <= row["usable_gb"] and held["tok_s"] > 2 * row["tok_s"]
    lines = it.text.splitlines()
    # the level asked (Q4_K_M) leads with its own figure; the level held whole is named right after it
    assert "Q4_K_M" in lines[0] and "Il più veloce" in lines[1]
    # a fast offload (a mixture of experts) keeps its yes alone
    fast = engine.ask("gpt-oss-120b speed on 2x rtx 3090 with 128gb ddr5 ram?")
    assert fast.facts["row"]["fit"] == "offload" and fast.facts["row"]["tok_s"] >= 10
    assert not fast.facts.get("held_instead")


def test_one_card_short_of_a_long_prompt_gets_routes_too(engine) -> None:
    fr = engine.ask("combien de temps pour lire un prompt de 40k tokens avec qwen3 32b q5_k_m sur une rtx 4090", "fr")
    ways = [r["way"] for r in fr.facts["prompt_routes"]]
    assert ways[0] == "cache" and "level" in ways
    cache, level = fr.facts["prompt_routes"][0]["row"], fr.facts["prompt_routes"][ways.index("level")]["row"]
    # the q8_0 cache buys a less compressed level than the f16 cache allows
    assert cache["need_gb"] <= cache["usable_gb"] and cache["quant"] != level["quant"]
    assert "En " in fr.text and "Go" in fr.text
