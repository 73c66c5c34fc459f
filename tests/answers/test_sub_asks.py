"""Issue 29: a message with two asks gets both answered, from figures the bot already has. Every phrasing here is
written for this test (none is a trial's or the dev set's question); the expected figures are the answer's own
headline figures compared with the number the question states, or independent arithmetic on them."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize("question", [
    "rtx 3060 12gb plus 64gb ddr4, mixtral 8x7b q4 with offload, i'd like 8 tok/s at least",
    "una 4070 con 64 gb di ddr5, gpt-oss-120b con gli esperti in ram: mi servono almeno 15 token al secondo",
    "ma 3090 avec 96 go de ddr5, glm 4.5 air en q4 déchargé : je vise 12 t/s",
])
def test_a_speed_wanted_is_weighed_in_an_offload_answer(engine: Engine, question: str) -> None:
    """An answer that spills into system RAM still says whether it reaches the speed stated, and the speed stated
    is never listed as unused."""
    a = engine.ask(question)
    wanted = a.facts["speed_wanted"]
    target = a.asked["target_tok_s"]
    assert wanted["target_tok_s"] == target
    assert wanted["met"] == (wanted["estimate_tok_s"] >= target)
    assert not any(u.startswith("target_tok_s") for u in a.unused)


def test_a_speed_wanted_inside_the_range_says_only_its_top_reaches_it(engine: Engine) -> None:
    a = engine.ask("3090 + 128gb ddr4-3200, qwen3 235b q3 with experts on cpu, i want 5 tok/s at least")
    wanted = a.facts["speed_wanted"]
    assert wanted["estimate_tok_s"] < 5 <= wanted["tok_s_high"]
    assert wanted["reach"] == "range"
    assert "only the top of the range" in a.text


@pytest.mark.parametrize(("question", "cards"), [
    # three cards: no group of 3 splits Qwen3 32B's 64 heads, so the size said is the valid 2 (multigpu5)
    ("three rtx 3090s, tensor parallel in vllm with qwen3 32b awq: worth it over llama.cpp?", 2),
    ("4x rtx 4090 mit vllm tensor parallel, gemma 3 27b awq, wie schnell?", 4),
    ("8 rtx 3090 en parallélisme de tenseurs avec vllm pour llama 3.3 70b awq, ça donne quoi ?", 8),
])
def test_the_tensor_parallel_size_said_is_the_cards_named(engine: Engine, question: str, cards: int) -> None:
    """The line on tensor parallelism over PCIe names the group size of the cards asked about, never a 2 for 4."""
    a = engine.ask(question, "en")
    assert f"--tensor-parallel-size {cards})" in a.text
    assert "--tensor-parallel-size 2)" not in a.text or cards == 2


@pytest.mark.parametrize("question", [
    "quattro 3090 con vllm in tensor parallel, llama 3.3 70b awq: quanto guadagno sul layer split di llama.cpp?",
    "2x rtx 3090 tensor parallel vllm vs llama.cpp split, qwen3 14b awq, which is faster and by how much",
    "dos 4090 en paralelismo de tensores con vllm para qwen3 32b fp8, ¿cuánto gano frente a una sola tarjeta?",
])
def test_tensor_parallel_is_weighed_against_the_layer_split_and_one_card(engine: Engine, question: str) -> None:
    """"How much faster is TP?": the same cards' layer split in llama.cpp at a GGUF level of about the same size,
    and one of the cards alone, each with its figure, and the ratio between them."""
    a = engine.ask(question)
    w = a.facts["also"]["split_ways"]
    assert w["cards"] == sum(c["count"] for c in a.asked["cards"])
    tensor, layer = w["tensor"], w["layer"]
    assert tensor["gpu_count"] == layer["gpu_count"] == w["cards"]
    assert layer["quant"].startswith(("Q", "IQ"))  # a GGUF level for llama.cpp
    assert abs(layer["need_gb"] - tensor["need_gb"]) / tensor["need_gb"] < 0.25  # about the same size
    assert w["tensor_vs_layer"] == pytest.approx(tensor["tok_s"] / layer["tok_s"])
    assert w["tensor_vs_layer"] > 1  # every card reads its share of each layer at once
    if w["one"] is not None:
        assert w["one"]["gpu_count"] == 1
        assert w["tensor_vs_one"] == pytest.approx(tensor["tok_s"] / w["one"]["tok_s"])


def test_cards_too_small_alone_say_one_card_cannot_hold_it(engine: Engine) -> None:
    a = engine.ask("4x 3090 in tensor parallel on vllm, llama 3.3 70b awq: how much does tp gain?")
    w = a.facts["also"]["split_ways"]
    assert w["one"] is None
    assert "alone cannot hold it" in a.text
    assert "layer split over the same cards" in a.text


@pytest.mark.parametrize(("question", "files"), [
    ("4x 3090: vllm tensor parallel vs llama.cpp layer split, llama 3.3 70b awq, how much faster?", ("AWQ", "Q4_K_M")),
    ("mac studio m2 ultra 192gb, qwen3 32b q4: mlx oder llama.cpp, was ist schneller?", ("MLX-4bit", "Q4_K_M")),
])
def test_two_engines_weighed_at_one_format_take_each_engines_own_file(engine: Engine, question: str,
                                                                      files: tuple[str, str]) -> None:
    """One format said for two engines: the engine with no such file runs its own file of the same bits (never
    "llama.cpp cannot run AWQ", "MLX cannot run Q4_K_M"), so the verdict has two figures and a ratio."""
    v = engine.ask(question).facts["engine_versus"]
    assert sorted(s["quant"] for s in v["sides"]) == sorted(files)
    assert all(s["runs"] and s["tok_s"] for s in v["sides"])
    assert v["ratio"] is not None


@pytest.mark.parametrize("question", [
    "ho una 3090 e una 2070 super 8gb, ollama le usa entrambe? la 2070 rallenta tutto?",
    "i have a 4090 and a 3060 12gb, can ollama use both and does the 3060 hold everything back?",
    "tengo una 3090 y una 2060 12gb, ¿ollama puede usar las dos? ¿la 2060 estorba?",
])
def test_mixed_cards_with_no_model_get_both_sub_asks_answered(engine: Engine, question: str) -> None:
    """"Can Ollama use both, and does the older card hold it back?" with no model named: a line that the cards are
    used together by layers with their memory added up, and the slower card's cost for the model the list picks."""
    a = engine.ask(question)
    also = a.facts["also"]
    both = next(n for n in also["notes"] if n["kind"] == "both_cards")
    assert both["memory_gb"] == pytest.approx(sum(c.memory_gb for c in _cards(engine, a.asked["cards"])))
    drag = also["slower_card"]
    assert drag["pick"] == a.facts["rows"][0]["model"]
    assert 0 < drag["slow_share"] < drag["slow_time_share"] < 1  # the slower card's share costs more time than its size
    assert "OLLAMA_SCHED_SPREAD=1" in a.text


def _cards(engine: Engine, said: list[dict[str, object]]) -> list:  # noqa: ANN202 — catalog records
    found = {g.name: g for g in engine.knowledge.gpus_for(None)}
    return [found[str(c["name"])] for c in said for _ in range(int(str(c["count"])))]


@pytest.mark.parametrize("question", [
    "4090 plus a 4060 ti 16gb, 64gb ddr5, llama 3.3 70b q4_k_m: does the 4060 ti slow things down?",
    "una 3090 e una 3060 12gb con 64 giga di ddr4, glm 4.5 air in q4: la 3060 rallenta la 3090?",
])
def test_a_slower_card_beside_a_model_that_spills_into_ram_is_weighed_with_the_ram(engine: Engine,
                                                                                   question: str) -> None:
    """The model spills into system RAM: the slower card is weighed as what it keeps out of RAM, the pair against the
    faster card alone with the same RAM at the same level (never a figure for a level the cards do not hold)."""
    a = engine.ask(question)
    drag = a.facts["also"]["slower_card"]
    assert drag["offload"] is True
    assert drag["split_tok_s"] == pytest.approx(a.facts["row"]["tok_s"])
    assert drag["fast_alone_tok_s"] is None or drag["fast_alone_tok_s"] < drag["split_tok_s"] * 1.1


@pytest.mark.parametrize("question", [
    "gpt-oss-120b: strix halo 128gb or an m4 max, which writes faster?",
    "per llama 3.3 70b meglio due 3090 o un m4 pro?",
])
def test_a_chip_named_without_memory_in_a_comparison_is_weighed_at_a_size_that_holds_the_model(
        engine: Engine, question: str) -> None:
    """An M4 Max named without its memory beside machines that hold the model is not "cannot hold it" at its
    smallest size: that side is the smallest size of the chip that holds it, and the answer says so."""
    a = engine.ask(question)
    c = next(c for c in a.facts["chip_sizes"] if c["moved"])
    sizes = {x["name"]: x["memory_gb"] for x in c["sizes"]}
    assert sizes[c["card"]] > sizes[c["default"]]
    assert c["card"] in a.text and ("smallest memory size of that chip" in a.text or a.locale != "en")


def test_a_chip_named_without_memory_and_no_model_says_its_other_sizes(engine: Engine) -> None:
    a = engine.ask("laptop with an rtx 4090 mobile or a macbook pro m4 max, which is better for local llms?")
    c = a.facts["chip_sizes"][0]
    assert [x["memory_gb"] for x in c["sizes"]] == sorted(x["memory_gb"] for x in c["sizes"])
    assert c["default"] == c["sizes"][0]["name"]
    assert "it also comes as" in a.text and "128 GB" in a.text


@pytest.mark.parametrize("question", [
    "got a pixel 8, what models can it run? is gemma 3 4b fast enough?",
    "raspberry pi 5 8gb: welche Modelle laufen darauf, und wie schnell ist qwen3 1.7b?",
    "tengo un iphone 15 pro, ¿qué modelos puedo usar? ¿llama 3.2 1b va rápido?",
])
def test_a_device_answer_lists_other_models_when_that_is_asked_too(engine: Engine, question: str) -> None:
    """"What models can my phone run, and is X smooth?": X's figure, then a short list of other models that fit the
    device, each within the memory an app may use, none of them X again."""
    a = engine.ask(question)
    others = a.facts["others"]
    assert 1 <= len(others) <= 5
    assert all(r["model"] != a.facts["model"]["name"] for r in others)
    assert all(r["need_gb"] <= a.facts["usable_gb"] for r in others)


def test_a_device_answer_without_that_ask_lists_nothing_more(engine: Engine) -> None:
    assert "others" not in engine.ask("is gemma 3 4b fast on a pixel 8?").facts


@pytest.mark.parametrize(("question", "price"), [
    ("cuánto gasto de luz con dos 3090 encendidas 8 horas al día, el kwh a 0,18 €?", 0.18),
    ("electricity for a 4090 running 24/7 if the kwh is $0.15?", 0.15),
    ("quanto consuma una 5090 accesa 24/7? il kwh costa 0,32 euro", 0.32),
])
def test_a_kwh_price_said_after_the_kwh_prices_the_power_answer(engine: Engine, question: str, price: float) -> None:
    """The tariff said after "kWh" is the electricity's price (the month's cost is given), never a budget."""
    a = engine.ask(question)
    assert a.intent == "power"
    assert "budget" not in a.asked
    assert not any(u.startswith("budget") for u in a.unused)
    assert a.facts["power"]["price_kwh"] == pytest.approx(price)


@pytest.mark.parametrize(("question", "count"), [
    ("quanto me custa ter 3 3090 ligadas o dia todo?", 3),
    ("me conviene tener 2 3090 para llama 3.3 70b?", 2),
])
def test_a_bare_count_after_an_owning_verb_counts_the_cards(engine: Engine, question: str, count: int) -> None:
    assert engine.ask(question).asked["cards"][0]["count"] == count


@pytest.mark.parametrize("question", [
    "4080 super or 3090 for gemma 3 27b? electricity is 0.30/kwh so efficiency matters",
    "rx 7900 xtx oder 4090 für qwen3 32b? strom kostet 40 ct/kwh",
])
def test_power_asked_beside_a_comparison_gives_each_sides_draw_and_cost(engine: Engine, question: str) -> None:
    """The comparison keeps its speeds, and each side gets its draw at the wall while generating, an hour's cost at
    the price said and the cost of a million tokens at its speed (independent arithmetic on those figures)."""
    a = engine.ask(question)
    assert a.intent == "compare"
    p = a.facts["power_sides"]
    price = a.facts["power_sides"]["price_kwh"]
    assert price in (0.30, 0.40)
    for side in p["sides"]:
        assert side["hour_cost"] == pytest.approx(side["watts"] / 1000 * price)
        assert side["million_cost"] == pytest.approx(side["hour_cost"] / (side["tok_s"] * 3600) * 1e6)
        assert side["tok_per_wh"] == pytest.approx(side["tok_s"] * 3600 / side["watts"])
    best = p["sides"][p["best"]]
    assert best["tok_per_wh"] == max(s["tok_per_wh"] for s in p["sides"])


@pytest.mark.parametrize("question", [
    "rtx 4090 laptop, qwen3 14b q4 how fast, or does it throttle because of the tdp?",
    "notebook mit rtx 5080 mobile: wie schnell ist gemma 3 12b, oder ist die gedrosselt?",
])
def test_a_laptop_power_limit_asked_is_said_against_the_desktop_card(engine: Engine, question: str) -> None:
    """"Held back by the TDP?": the laptop chip's rated power against the desktop card of its name, and the
    bandwidths its generation speed follows (the laptop chip's is lower, and already in the figure)."""
    a = engine.ask(question)
    lp = a.facts["also"]["laptop_power"][0]
    assert lp["card"].endswith(("Mobile", "Laptop GPU"))
    assert lp["desktop"] is not None and lp["desktop_w"] > lp["board_w"]
    assert lp["bandwidth_gbps"] == a.facts["row"]["bandwidth_gbps"]


@pytest.mark.parametrize(("question", "words"), [
    ("vllm oder sglang für 15 leute mit qwen3 32b awq auf einer rtx 6000 ada, und wie viele anfragen parallel?",
     "Anfragen gleichzeitig"),
    ("sglang vs vllm on one a100 80gb for 30 users of llama 3.1 70b awq, how many concurrent requests?",
     "Requests at once"),
])
def test_two_engines_weighed_for_several_people_say_how_many_requests_fit_at_once(engine: Engine, question: str,
                                                                                    words: str) -> None:
    """"SGLang or vLLM, and how many requests in parallel?": the verdict, and the number the memory left after the
    weights holds at once, the figure the serving answer's cache accounting gives."""
    a = engine.ask(question)
    assert "engine_versus" in a.facts
    most = a.facts["row"]["max_users_memory"]
    assert most >= 1
    # its own line, or the serving answer itself when the first side serves ("It still serves 27 of them at once")
    lines = [x for x in a.text.splitlines() if x.startswith(words) or f"{most} of them at once" in x
             or f"{most} davon gleichzeitig" in x]
    assert lines and str(most) in lines[0]


@pytest.mark.parametrize("question", [
    "galaxy s24 ultra or iphone 15 pro for llama 3.2 3b, which is better?",
    "raspberry pi 5 16gb o orange pi 5 plus 16gb per qwen3 4b, quale conviene?",
])
def test_two_devices_asked_which_is_better_get_a_pick(engine: Engine, question: str) -> None:
    """Two phones or boards weighed: both answered, then one pick: the one that runs the model, else the faster by
    its own figure, else the one with more memory for an app."""
    a = engine.ask(question)
    pick = a.facts["device_choice"]
    parts = [a.facts, a.facts["parts"][0]["facts"]]
    speeds = {p["device"]["name"]: (p.get("row") or {}).get("tok_s") if p.get("verdict") != "no" else None
              for p in parts}
    if pick["why"] == "faster":
        assert speeds[pick["pick"]] == pytest.approx(pick["ratio"] * speeds[pick["other"]])
    elif pick["why"] == "only":
        assert speeds[pick["pick"]] and not speeds[pick["other"]]
    else:
        assert pick["usable_gb"] > pick["other_usable_gb"]
    assert pick["pick"] in a.text.splitlines()[-1] or pick["pick"] in a.text


def test_three_machines_asked_for_prompt_speed_each_get_theirs_and_the_pick_weighs_all(engine: Engine) -> None:
    """"Which of the three has the best tg and pp?": every side's prompt figure, the fastest prompt reader against
    the next, and a pick among all three (never one made between the first two only)."""
    a = engine.ask("gpt-oss-120b on a dgx spark, a strix halo 128gb or an m3 ultra 256gb: best tg and pp?")
    rows = [a.facts["a"], a.facts["b"], *a.facts["more"]]
    assert all(r.get("prefill_tok_s") for r in rows)
    best = a.facts["prefill_best"]
    top = max(rows, key=lambda r: r["prefill_tok_s"])
    assert best["card"] == top["card"]
    fastest = max(rows, key=lambda r: r["tok_s"])
    assert a.facts["choice"]["pick"] == fastest["card"] or a.facts["choice"].get("why") != "faster"


@pytest.mark.parametrize("question", [
    "2x 3090 on x8/x8 pcie, llama 3.3 70b q4 speed?",
    "zwei 4060 ti 16gb, die zweite nur mit pcie x4 angebunden: qwen3 32b q4 wie schnell?",
])
def test_pcie_lanes_asked_beside_a_layer_split_get_the_per_token_traffic(engine: Engine, question: str) -> None:
    """"x8/x8, a problem?": what a layer split sends per token (the hidden state, 4 bytes a value) and its time on
    PCIe 3.0 x8 and x4 (0.985 GB/s a lane): far under a millisecond."""
    a = engine.ask(question)
    lanes = a.facts["also"]["pcie_lanes"]
    assert lanes["x4_ms"] == pytest.approx(2 * lanes["x8_ms"])
    assert lanes["x4_ms"] < 1.0
    hidden = a.facts["also"]["pcie_lanes"]["token_kb"] * 1000 / 4
    assert hidden == int(hidden) and hidden >= 1024  # a model's hidden size


def test_two_machines_weighed_for_value_carry_their_kept_prices(engine: Engine) -> None:
    """"Which is better value?" between a Mac and a Strix Halo box: the pick carries both machines' kept prices and
    the speed per dollar (the pick's tok/s per dollar over the other's)."""
    a = engine.ask("mac studio m4 max 128gb or framework desktop 128gb for gpt-oss-120b, which is the better buy?")
    c = a.facts["choice"]
    assert c["price"] and c["other_price"]
    assert c["value"] == pytest.approx(c["ratio"] * c["other_price"] / c["price"])
