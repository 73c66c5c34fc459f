"""A question about the KV cache itself is answered with the cache: its size at each type asked, how it is worked
out, the contexts a runtime opens a model with (Ollama's num_ctx), and with a memory size, which level fits with
each cache type or how long a context fits. Questions written for these tests; figures are independent arithmetic
on the models' configs (layers × KV heads × head size × 2 × bytes)."""

from __future__ import annotations

import pytest

from answers.reading import conditions, kv_words

GIB = 2**30


def _cache_gib(layers: int, heads: int, dim: int, tokens: int, bytes_per_value: float = 2.0) -> float:
    return layers * heads * dim * 2 * bytes_per_value * tokens / GIB


def _read(q: str):  # noqa: ANN202
    return kv_words.read(q, conditions.read(q).cache_type)


@pytest.mark.parametrize(("question", "types"), [
    ("how big is the kv cache of mistral nemo at 64k, fp16 and q4_0?", ("f16", "q4_0")),
    ("quanto occupa la kv cache di qwen3 14b con 40k di contesto?", ()),
    ("combien de vram prend le cache kv de llama 3.1 70b à 32k en q8 ?", ("q8_0",)),
    ("wieviel speicher belegt der kv-cache von gemma 3 12b bei 100k, f16 oder q8_0?", ("f16", "q8_0")),
    ("cuánto ocupa el kv cache de phi-4 con 16k de contexto?", ()),
    ("como calcular o kv cache do qwen3 4b em 32k?", ()),
])
def test_a_question_about_the_cache_is_read_as_one(question: str, types: tuple[str, ...]) -> None:
    kv = _read(question)
    assert kv is not None and not kv.trade
    assert set(types) <= set(kv.types)


@pytest.mark.parametrize("question", [
    "with a q8 kv cache, how fast is llama 3.1 8b on a 3090?",
    "qwen3 14b q4_k_m on a 4070, kv q8_0, tok/s?",
    "how much vram does qwen3 32b need at 32k?",  # the model's memory: no cache named
])
def test_a_cache_type_as_a_condition_is_not_a_cache_question(question: str) -> None:
    assert _read(question) is None


@pytest.mark.parametrize("question", [
    "for a longer context, is it better to quantize the kv cache to q8 or drop the model from q6 to q4?",
    "meglio la kv cache in q8 o passare da q6_k a q4_k_m per avere più contesto?",
    "vaut-il mieux mettre le cache kv en q8 ou passer le modèle de q8 à q5 ?",
])
def test_the_cache_weighed_against_a_lower_level_is_a_trade(question: str) -> None:
    kv = _read(question)
    assert kv is not None and kv.trade and kv.types == ("q8_0",)


@pytest.mark.parametrize(("question", "lang"), [
    ("how much vram does the kv cache of llama 3.1 8b take at 64k, in f16 and in q4_0?", "en"),
    ("quanta memoria occupa la kv cache di llama 3.1 8b a 64k? f16 o q4_0", "it"),
    ("wie viel vram frisst der kv-cache von llama 3.1 8b bei 64k kontext, f16 und q4_0?", "de"),
])
def test_the_cache_itself_is_the_answer(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "vram"
    kv = a.facts["kv_cache"]
    by_type = {t["type"]: t["cache_gb"] for t in kv["types"]}
    f16 = _cache_gib(32, 8, 128, 65536)  # 8 GiB
    assert by_type["f16"] == pytest.approx(f16, rel=0.01)
    assert by_type["q4_0"] == pytest.approx(f16 * 18 / 64, rel=0.01)  # q4_0: 18 bytes a block of 32 values
    assert kv["per_token_kb"] == pytest.approx(128, rel=0.01)
    assert "32 × 8 × 128" in a.text  # the formula with the model's own numbers
    assert "F16" not in a.text.split("\n")[0]  # never the weights' F16 level as the answer's lead


def test_ollama_and_num_ctx_get_the_context_it_sets_and_how_to_lower_it(engine) -> None:
    a = engine.ask("ollama takes 26 gb for qwen3 8b, a 5 gb file. is num_ctx the reason? kv cache at 128k how much?",
                   locale="en")
    assert a.intent == "vram"
    kv = a.facts["kv_cache"]
    assert kv["types"][0]["cache_gb"] == pytest.approx(_cache_gib(36, 8, 128, 131072), rel=0.01)  # 18 GiB
    assert [c["context"] for c in kv["at_contexts"]][:2] == [4096, 32768]
    assert kv["ollama_steps"][0][1] == 4096
    assert "num_ctx" in a.text and "OLLAMA_KV_CACHE_TYPE=q8_0" in a.text


def test_a_q8_cache_keeps_the_better_level_where_f16_would_drop_it(engine) -> None:
    """Qwen3 32B at 32k on 24 GB: the f16 cache (8 GiB) pushes Q4_K_M out; the q8_0 cache (4.25 GiB) keeps it."""
    a = engine.ask("how much does the kv cache of qwen3 32b take at 32k on my 24gb card?", locale="en")
    kv = a.facts["kv_cache"]
    assert kv["types"][0]["cache_gb"] == pytest.approx(_cache_gib(64, 8, 128, 32768), rel=0.01)
    f16, q8 = kv["best"]
    assert q8["quant"] != f16["quant"] and q8["quant"] is not None
    assert q8["need_gb"] <= kv["usable_gb"]
    assert "`q8_0`" in a.text or "q8_0" in a.text


def test_the_trade_gives_the_longest_context_of_each_way(engine) -> None:
    a = engine.ask("llama 3.1 8b on 12gb: for more context, kv cache in q8 or the model from q8 to q4?",
                   locale="en")
    assert a.intent == "vram"
    rows = {(r["quant"], r["type"]): r["longest"] for r in a.facts["kv_cache"]["trade"]["rows"]}
    assert rows[("Q8_0", "q8_0")] > rows[("Q8_0", "f16")]
    assert rows[("Q4_K_M", "q8_0")] >= max(rows.values())
    # the q8_0 cache stores 34 bytes for 32 values against 64: at most 64/34 of the context for what is left (the
    # runtime's buffers grow with the context too, so a little less)
    left = rows[("Q8_0", "f16")]
    assert 1.5 * left <= rows[("Q8_0", "q8_0")] <= left * 64 / 34 + 256


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen3 32b at q4_k_m with 32k context on a 3090, does it fit or do I go down to q3?", "en"),
    ("qwen3 32b q4_k_m auf einer 3090 mit 32k kontext, passt das oder muss ich auf q3 runter?", "de"),
    ("qwen3 32b en q4_k_m sur une 3090 avec 32k de contexte, ça passe ou je descends en q3 ?", "fr"),
])
def test_the_level_advice_offers_the_q8_cache_before_a_lower_level(engine, question: str, lang: str) -> None:
    """At 32k the f16 cache takes 8 GiB (64 × 8 × 128 × 2 × 2 bytes × 32,768), the q8_0 one 4.25: the difference
    is what keeps Q4_K_M on a 24 GB card."""
    a = engine.ask(question, locale=lang)
    hint = a.facts["advice"]["cache_hint"]
    assert hint["cache_type"] == "q8_0" and hint["quant"] in ("Q4_K_M", "IQ4_XS")
    saved = _cache_gib(64, 8, 128, 32768) * (1 - 34 / 64)
    assert hint["need_f16_gb"] - hint["need_gb"] == pytest.approx(saved, rel=0.05)
    assert "q8_0" in a.text.replace("\\_", "_")


def test_a_long_prompt_that_needs_a_smaller_cache_says_how_decoding_slows(engine) -> None:
    """A 50k prompt on a 3090 with a 32B: each way that holds it writes with 50k tokens in its cache, slower than
    its short-context speed (every token reads the whole cache)."""
    a = engine.ask("qwen2.5 coder 32b q4 on a 3090 with a 50000 token prompt: time to first token and decode speed?",
                   locale="en")
    routes = [w for w in a.facts.get("prompt_routes", []) if w["way"] in ("cache", "level")]
    assert routes
    for w in routes:
        deep = w["decode_at_context"]
        assert deep["context"] == 50000 and deep["tok_s"] < 0.8 * w["row"]["tok_s"]
    assert "50,000 tokens" in a.text


@pytest.mark.parametrize(("question", "lang", "ollama"), [
    ("with ollama on a 4090, qwen3 coder 30b q4_k_m and a 60000-token prompt: how long to the first token?", "en",
     True),
    ("llama.cpp, 4090, qwen3 coder 30b q4_k_m, prompt da 60000 token: quanto ci mette il primo token?", "it", False),
])
def test_a_long_prompt_that_only_just_fits_says_the_cache_is_why(engine, question: str, lang: str,
                                                                 ollama: bool) -> None:
    """Qwen3-Coder-30B-A3B: 48 layers × 4 KV heads × 128 × 2 × 2 bytes = 96 KiB a token, 5.5 GiB at 60,000."""
    a = engine.ask(question, locale=lang)
    sq = a.facts["cache_squeeze"]
    assert sq["cache_gb"] == pytest.approx(_cache_gib(48, 4, 128, 60000), rel=0.02)
    assert sq["q8_need_gb"] < sq["need_gb"] <= sq["memory_gb"]
    assert sq["ollama"] is ollama
    assert ("OLLAMA_KV_CACHE_TYPE" in a.text) is ollama


def test_a_short_prompt_says_nothing_of_a_squeeze(engine) -> None:
    a = engine.ask("qwen3 8b on a 3060 12gb, 8k prompt, time to first token?", locale="en")
    assert "cache_squeeze" not in a.facts


@pytest.mark.parametrize(("question", "lang"), [
    ("kv cache of qwen3 32b against llama 3.3 70b at 32k: how big is each?", "en"),
    ("cache kv de qwen3 32b contre llama 3.3 70b à 32k, combien chacun ?", "fr"),
])
def test_two_models_caches_side_by_side(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    kv = a.facts["kv_cache"]
    assert kv["types"][0]["cache_gb"] == pytest.approx(_cache_gib(64, 8, 128, 32768), rel=0.01)  # 8 GiB
    other = kv["other"]
    assert other["model"] == "Llama 3.3 70B"
    assert other["types"][0]["cache_gb"] == pytest.approx(_cache_gib(80, 8, 128, 32768), rel=0.01)  # 10 GiB
    assert other["per_token_kb"] == pytest.approx(320, rel=0.01)
    assert "Llama 3.3 70B" not in " ".join(a.unused)


@pytest.mark.parametrize(("question", "lang"), [
    ("por qué ollama me ocupa 20 gb con qwen3 8b si el archivo pesa 5? es el num_ctx? cuánto es la kv cache a 128k",
     "es"),
    ("pourquoi ollama prend 20 go avec qwen3 8b ? c'est le num_ctx ? combien fait le cache kv à 128k ?", "fr"),
])
def test_ollama_num_ctx_in_other_languages(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "vram" and a.locale == lang
    assert a.facts["kv_cache"]["ollama_steps"] and "num_ctx" in a.text and "OLLAMA_CONTEXT_LENGTH" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("o que compensa mais pra ter contexto maior: kv cache em q8 ou baixar o gemma 3 12b de q8 pra q4? tenho 12gb",
     "pt"),
    ("para más contexto, ¿mejor la kv cache en q8 o bajar el qwen3 14b de q6 a q4? tengo 16 gb", "es"),
])
def test_the_trade_in_other_languages(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "vram" and a.locale == lang
    trade = a.facts["kv_cache"]["trade"]
    rows = {(r["quant"], r["type"]): r["longest"] for r in trade["rows"]}
    hi, lo = trade["from"], trade["to"]
    assert rows[(hi, "q8_0")] >= rows[(hi, "f16")] and rows[(lo, "f16")] >= rows[(hi, "f16")]
