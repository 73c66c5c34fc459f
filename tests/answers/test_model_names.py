"""Model names as people type them (r/LocalLLaMA, Discord, ollama, Hugging Face) resolve to the model meant,
or get an honest answer, never another model.

Each row: what is typed, then the catalog model it names, or a number — the size of the generic dense
model answered when the catalog has no model of that name and size — and the quantization level the
name carries (GGUF file names and ollama/Hugging Face tags), if any. The expected models are written
from the model families' own naming (a "14b" is the 14B model, an "a3b" the mixture with 3B active),
not from the program's output.
"""

from __future__ import annotations

import asyncio

import pytest

from answers.engine import Engine
from answers.knowledge.catalog_view import Knowledge
from answers.reading.parse import parse
from catalog.build import build_catalog, import_epoch
from catalog.name_sizes import size_agrees, sizes_in, typed_active_size, typed_size
from tests.conftest import EPOCH_CSV

NAMES: list[tuple[str, str | float, str | None]] = [
    ('qwen 2.5 coder 32b', 'Qwen2.5-Coder 32B', None),
    ('qwq', 'QwQ-32B', None),
    ('r1 distill 14b', 'DeepSeek-R1-Distill-Qwen-14B', None),
    ('ds v3', 'DeepSeek-V3', None),
    ('gpt oss 20b', 'gpt-oss-20b', None),
    ('gemma3 27b it qat', 'Gemma 3 27B', 'Q4_0'),  # Google's QAT weights are Q4_0 files: the level said
    ('llama3.1:8b', 'Llama 3.1 8B', None),
    ('qwen3:30b-a3b', 'Qwen3-30B-A3B', None),
    ('mistral-nemo', 'Mistral Nemo 12B', None),
    ('phi4', 'Phi-4', None),
    ('phi-4-mini', 'Phi-4-mini', None),
    ('command-r-plus', 'Command R+', None),
    ('glm4.5 air', 'GLM-4.5-Air', None),
    ('kimi k2', 'Kimi K2', None),
    ('deepseek-coder-v2-lite-instruct', 'DeepSeek-Coder-V2-Lite', None),
    ('codestral', 'Codestral 22B', None),
    ('smollm3', 'SmolLM3-3B', None),
    ('granite 3.3 8b', 'Granite-3.3-8B', None),
    ('olmo 2 13b', 'OLMo 2 13B', None),
    ('hf.co/unsloth/Qwen3-30B-A3B-GGUF:Q4_K_M', 'Qwen3-30B-A3B', 'Q4_K_M'),
    ('TheBloke/Mistral-7B-Instruct-v0.2-GGUF', 'Mistral 7B', None),
    ('bartowski/Meta-Llama-3.1-8B-Instruct-GGUF', 'Llama 3.1 8B', None),
    ('Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf', 'Llama 3.1 8B', 'Q4_K_M'),
    ('Qwen3-8B-Q5_K_M.gguf', 'Qwen3 8B', 'Q5_K_M'),
    ('qwen3:8b-q4_K_M', 'Qwen3 8B', 'Q4_K_M'),
    ('unsloth/gemma-3-12b-it-GGUF', 'Gemma 3 12B', None),
    ('mistralai/Mistral-Small-3.2-24B-Instruct-2506', 'Mistral Small 3.2', None),
    ('deepseek-ai/DeepSeek-R1-Distill-Qwen-7B', 'DeepSeek-R1-Distill-Qwen-7B', None),
    ('llama 3.3 70b', 'Llama 3.3 70B', None),
    ('llama3.3', 'Llama 3.3 70B', None),
    ('llama 3.2 3b', 'Llama 3.2 3B', None),
    ('llama3.2:1b', 'Llama 3.2 1B', None),
    ('llama 3 8b', 'Llama 3 8B', None),
    ('llama 2 13b', 'Llama 2 13B', None),
    ('codellama 34b', 'Code Llama 34B', None),
    ('qwen2.5:7b', 'Qwen2.5 7B', None),
    ('qwen 2.5 72b instruct', 'Qwen2.5 72B', None),
    ('qwen2.5-coder:14b', 'Qwen2.5-Coder 14B', None),
    ('qwen3 8b', 'Qwen3 8B', None),
    ('qwen3-14b', 'Qwen3 14B', None),
    ('qwen3 32b', 'Qwen3 32B', None),
    ('qwen3 235b a22b', 'Qwen3-235B-A22B', None),
    ('qwen3-coder 30b', 'Qwen3-Coder-30B-A3B', None),
    ('qwen3 next 80b', 'Qwen3-Next-80B-A3B', None),
    ('qwen 2.5 vl 7b', 'Qwen2.5-VL 7B', None),
    ('deepseek r1', 'DeepSeek-R1', None),
    ('deepseek-r1:32b', 'DeepSeek-R1-Distill-Qwen-32B', None),
    ('r1 distill llama 70b', 'DeepSeek-R1-Distill-Llama-70B', None),
    ('deepseek v3', 'DeepSeek-V3', None),
    ('deepseek coder 6.7b', 'DeepSeek-Coder 6.7B', None),
    ('mixtral 8x7b', 'Mixtral 8x7B', None),
    ('mixtral 8x22b', 'Mixtral 8x22B', None),
    ('mistral 7b', 'Mistral 7B', None),
    ('mistral small 24b', 'Mistral Small 3', None),
    ('mistral small 3.2', 'Mistral Small 3.2', None),
    ('mistral large', 'Mistral Large 2', None),
    ('devstral', 'Devstral Small', None),
    ('magistral small', 'Magistral Small', None),
    ('ministral 8b', 'Ministral 8B', None),
    ('gemma 2 9b', 'Gemma 2 9B', None),
    ('gemma2:27b', 'Gemma 2 27B', None),
    ('gemma 3 12b', 'Gemma 3 12B', None),
    ('gemma3n e4b', 'Gemma 3n E4B', None),
    ('gemma 3 4b it', 'Gemma 3 4B', None),
    ('phi 3 mini', 'Phi-3 mini', None),
    ('phi-3.5-moe', 'Phi-3.5 MoE', None),
    ('phi 4 reasoning', 'Phi-4-reasoning', None),
    ('command r', 'Command R', None),
    ('command a', 'Command A', None),
    ('aya expanse 32b', 'Aya Expanse 32B', None),
    ('yi 34b', 'Yi-34B', None),
    ('falcon 180b', 'Falcon-180B', None),
    ('falcon3 10b', 'Falcon3-10B', None),
    ('glm 4 9b', 'GLM-4-9B', None),
    ('glm-4.5', 'GLM-4.5', None),
    ('glm 4.6', 'GLM-4.6', None),
    ('gpt-oss-120b', 'gpt-oss-120b', None),
    ('llama 4 scout', 'Llama 4 Scout', None),
    ('llama4 maverick', 'Llama 4 Maverick', None),
    ('tinyllama', 'TinyLlama 1.1B', None),
    ('smollm2 1.7b', 'SmolLM2-1.7B', None),
    ('nemotron 70b', 'Llama-3.1-Nemotron-70B-Instruct', None),
    ('starcoder2 15b', 'StarCoder2-15B', None),
    ('internlm2.5 7b', 'InternLM2.5-7B', None),
    ('hunyuan large', 'Hunyuan-Large', None),
    ('nemotron super 49b', 'Llama-3.3-Nemotron-Super-49B', None),  # a built-in record since 2026-11-30
    ('mythomax 13b', 13, None),
    ('hermes 3 70b', 70, None),
    ('magnum 72b', 72, None),
    ('midnight miqu 70b', 70, None),
    ('llama 3 7b', 7, None),
    ('qwen3 72b', 72, None),
    ('TheBloke/MythoMax-L2-13B-GGUF', 13, None),
    ('gemma 3 13b', 13, None),  # a size the family does not come in
    ('qwen3 3b', 3, None),  # not Qwen3-30B-A3B, whose active size is 3B
]
GENERIC = [row for row in NAMES if isinstance(row[1], float | int)]
# Models the Epoch AI snapshot has that the built-in catalog does not: with it imported, these
# names are that model, exactly as typed.
IN_EPOCH = {"hermes 3 70b": "Hermes 3 70B"}


def _check(p, want: str | float, quant: str | None, typed: str) -> None:
    if isinstance(want, str):
        assert (p.model, p.model_size_b) == (want, None), typed
    else:
        assert (p.model, p.model_size_b) == (None, float(want)), typed
        assert p.model_typed is not None and p.model_typed.casefold() in typed.casefold(), typed
    assert p.quant == quant, typed


def test_the_list_is_the_size_the_issue_asks_for():
    assert len(NAMES) >= 80 and len({t.casefold() for t, _, _ in NAMES}) == len(NAMES)
    assert sum(":" in t for t, _, _ in NAMES) >= 5  # ollama tags
    assert sum("/" in t for t, _, _ in NAMES) >= 5  # Hugging Face repository ids
    assert sum(t.casefold().endswith(".gguf") for t, _, _ in NAMES) >= 2  # GGUF files


@pytest.mark.parametrize(("typed", "want", "quant"), NAMES)
def test_a_typed_name_resolves_to_the_model_it_names(engine, typed, want, quant):
    kn = engine.knowledge
    for question in (typed, f"can i run {typed} on a 3090?", f"quanta vram serve per {typed}?"):
        _check(parse(question, kn.model_resolver, kn.gpu_resolver_for(None)), want, quant, question)


@pytest.mark.parametrize(("typed", "size", "_quant"), GENERIC)
def test_an_unknown_name_with_a_size_is_answered_for_a_generic_model_and_says_so(engine, typed, size, _quant):
    ans = engine.ask(f"can i run {typed} on a 3090?")
    assert ans.intent == "can_run" and ans.entities["model_size_b"] == size
    assert ans.entities["model_typed"] == ans.facts["generic_for"]
    first = ans.text.splitlines()[0]
    assert "catalog" in first and ans.facts["generic_for"] in first.replace("\\", "")
    # Never a catalog model's figures: the answer is for the size typed.
    assert ans.facts["model"]["params_b"] == size


def test_the_size_typed_wins_over_a_close_name():
    # Typed sizes the resolver must not read into other digits of a name.
    from tests.catalog.test_resolve import model_resolver

    models = model_resolver()
    assert models.resolve("qwen3 3b").best is None  # not Qwen3-30B-A3B (its "a3b" is the active size)
    assert models.resolve("qwen3 coder 8b").best is None  # not the 480B (the "8" of its "FP8" alias)
    assert models.resolve("GLA 13b").best is None  # "GLA 1.3B" normalizes alike, but 13 ≠ 1.3
    assert models.resolve("qwen3 06b").best.name == "Qwen3 0.6B"  # the dot left out


def test_size_rules():
    assert sizes_in("Qwen3-30B-A3B") == [30.0] and sizes_in("Mixtral 8x7B") == [] and sizes_in("gemma3n:e4b") == []
    assert typed_size("qwen3:30b-a3b") == 30.0 and typed_size("SmolLM2-360M") is None
    assert size_agrees(7, ["Qwen2.5 7B"], 7.61)  # names round their size
    assert size_agrees(109, ["Llama 4 Scout", "Llama-4-Scout-17B-16E"], 109.0)  # the total, not the expert size
    assert not size_agrees(49, ["Llama-3.1-Nemotron-70B-Instruct"], 70.6)
    assert not size_agrees(72, ["Qwen3-Next-80B-A3B"], 80.0)
    assert size_agrees(13, ["some imported name"], None)  # nothing on record contradicts it


def test_the_typed_name_is_echoed_inert(engine):
    ans = engine.ask("can i run my_**evil**_tune @everyone 13b on a 3090?")
    line = ans.text.splitlines()[0]
    assert "@everyone" not in ans.text and "**evil**" not in line
    assert "@everyone" not in str(ans.entities) and "@everyone" not in str(ans.facts)


@pytest.mark.parametrize("lang", ["it", "fr", "de", "es", "pt"])
def test_the_generic_line_is_translated(engine, lang):
    en = engine.ask("can i run mythomax 13b on a 3060?", locale="en").text.splitlines()[0]
    other = engine.ask("can i run mythomax 13b on a 3060?", locale=lang).text.splitlines()[0]
    assert other != en and "mythomax 13b" in other and "13" in other


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_both_profiles_answer_for_the_typed_size(engine, profile):
    from answers.api import AskOptions

    ans = engine.ask("magnum 72b on a 5090", options=AskOptions(profile=profile))
    assert ans.entities["model_size_b"] == 72 and ans.entities["model_typed"] == "magnum 72b"
    assert "72" in ans.text.splitlines()[0]
    # A named 49B is never the 70B Nemotron: the size typed decides between records.
    named = engine.ask("nemotron super 49b on a 5090", options=AskOptions(profile=profile))
    assert named.entities["model"] == "Llama-3.3-Nemotron-Super-49B" and "Nemotron-70B" not in named.text


@pytest.fixture(scope="module")
def epoch_engine(tmp_path_factory) -> Engine:
    """The built catalog with Epoch AI's snapshot imported: thousands more names to match against."""
    db = tmp_path_factory.mktemp("epoch") / "catalog.db"
    asyncio.run(build_catalog(db))
    asyncio.run(import_epoch(db, EPOCH_CSV))
    return Engine(asyncio.run(Knowledge.load(db)))


def test_importing_epoch_does_not_move_common_names(epoch_engine):
    kn = epoch_engine.knowledge
    assert kn.model_count() > 3000  # the import landed
    for typed, want, quant in NAMES:
        want = IN_EPOCH.get(typed, want)
        _check(parse(f"can i run {typed} on a 3090?", kn.model_resolver, kn.gpu_resolver_for(None)), want, quant, typed)


def test_curated_models_come_first_in_did_you_mean(epoch_engine):
    # Epoch adds short old names ("Qwen-VL", "Gemma 3n", "Granite 20B") that a prefix matches closely too.
    for typed, first in (("qwen", "Qwen"), ("gemma 3", "Gemma 3 "), ("granite", "Granite-3")):
        ans = epoch_engine.ask(f"how much vram for {typed}")
        assert ans.intent == "ambiguous" and ans.facts["candidates"][0].startswith(first), typed
        assert all(epoch_engine.knowledge.model_named(c).architecture is not None
                   for c in ans.facts["candidates"][:2]), typed


def test_a_command_field_with_an_unknown_sized_name_is_answered_the_same_way(engine):
    ans = engine.command("can_run", "en", model="mythomax 13b", card="rtx 3060")
    assert ans.intent == "can_run" and ans.entities["model_typed"] == "mythomax 13b"
    assert ans.facts["model"]["params_b"] == 13 and ans.text.splitlines()[0].startswith(
        "«mythomax 13b» is not in my catalog")
    bare = engine.command("vram", "en", model="70b")
    assert bare.facts["model"]["params_b"] == 70 and "model_typed" not in bare.entities
    # Names the catalog has, and unknown names without a size, are resolved or reported as before.
    assert engine.command("can_run", "en", model="llama 3 8b", card="rtx 3060").entities["model"] == "Llama 3 8B"
    assert engine.command("can_run", "en", model="lama 9", card="rtx 3060").intent == "not_found"
    assert engine.command("maker", "en", model="mythomax 13b").intent == "not_found"  # facts of no model


def test_a_size_the_family_lacks_names_the_sizes_it_has(engine):
    ans = engine.ask("can i run gemma 3 13b on a 3060?")
    assert ans.entities["model_size_b"] == 13 and "Gemma 3 12B" in ans.facts["generic_near"]
    assert "Gemma 3 12B" in ans.text.splitlines()[0]
    assert "generic_near" not in engine.ask("can i run mythomax 13b on a 3060?").facts  # nothing close


@pytest.mark.parametrize(("typed", "active"), [
    ("Qwen3.5-35B-A3B", 3.0), ("qwen3 30b a3b", 3.0), ("Ling-1T-A50B", 50.0), ("foo_80b_a4.5b", 4.5),
    ("llama 3.1 70b", None), ("gemma 3n e4b", None), ("mixtral 8x7b", None), ("qwen3 a3", None),
])
def test_the_active_size_a_name_writes(typed: str, active: float | None) -> None:
    assert typed_active_size(typed) == active
