"""A question about weight formats or engines themselves, with no model named ("nvfp4 and fp8, what's the
difference? my 5090 does both?", "ollama or llama.cpp, which is faster?"): what each named one is and what runs it,
then one line weighing the first two. The bits per weight are the estimator's (estimator/formats.py, with their
sources there); the facts of each line: NVIDIA's Blackwell NVFP4 notes, the OCP MX spec, the AWQ and GPTQ papers,
turboderp's exllamav2/exllamav3 READMEs, unsloth.ai's dynamic-quant notes, ollama's and LM Studio's docs (both run
llama.cpp underneath). Never a card's model list, never "no model called nvfp4"."""

from __future__ import annotations

import re
from typing import Any

from msgspec.structs import replace

from answers.api import Answer
from answers.facts import format_speed
from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.knowledge.pickled import compile_cached
from answers.records.asked import Asked
from answers.rendering import format_support_text, markdown
from answers.rendering.format_speed_text import speed_lines
from answers.rendering.side_notes_text import notes_of, with_notes
from estimator.formats import SOURCES

TITLE = N_("Weight formats and engines")
WHAT = {
    "GGUF": N_("llama.cpp's file format (also read by ollama and LM Studio): levels from 2 to 8 bits (`Q4_K_M` is "
               "the usual balance), runs on any GPU, Apple silicon or the CPU, and can spill into system RAM."),
    "UD": N_("Unsloth's dynamic GGUF levels: the same llama.cpp files, with the layers that matter most kept at "
             "more bits, so a UD level is about the size of the level it is named after and at least as accurate."),
    "AWQ": N_("4-bit weights with per-group scales, chosen to protect the weights that matter most; read by vLLM, "
              "SGLang and TensorRT-LLM on NVIDIA (Turing and newer) and AMD cards; about 4.25 bits per weight."),
    "GPTQ": N_("4-bit (or 8-bit) weights quantized layer by layer with error correction; read by vLLM, SGLang and "
               "ExLlamaV2, on the same cards as AWQ; about 4.25 bits per weight, quality close to AWQ's."),
    "FP8": N_("8-bit floating-point weights: about the quality of 16-bit at half the size; fast natively on Ada, "
              "Hopper and Blackwell cards (RTX 40 and 50 series, H100), emulated more slowly on older ones."),
    "NVFP4": N_("NVIDIA's 4-bit floating-point format (one FP8 scale per 16 weights, about 4.5 bits per weight): "
                "native only on Blackwell (RTX 50 series, RTX PRO 6000, B200), run by vLLM and TensorRT-LLM; "
                "quality near FP8's at about half its size."),
    "MXFP4": N_("The open 4-bit floating-point format of the OCP standard (one scale per 32 weights, about 4.25 "
                "bits per weight): gpt-oss ships in it; llama.cpp runs it on any card, Blackwell has it in "
                "hardware."),
    "EXL2": N_("ExLlamaV2's format: any average from about 2 to 8 bits per weight, mixed per layer; NVIDIA cards "
               "only (ROCm in part), the whole model in video memory, fast on one user."),
    "EXL3": N_("ExLlamaV3's newer format (trellis quantization): at the same bits per weight it keeps more "
               "accuracy than EXL2, most clearly at 2 to 4 bits; NVIDIA only, the whole model in video memory."),
    "MLX": N_("Apple's MLX format for Apple silicon (4 or 8 bits); MLX usually generates somewhat faster than "
              "llama.cpp on the same Mac."),
    "ollama": N_("A friendly front end over llama.cpp, reading GGUF files; at the same file and settings "
                 "it runs at about llama.cpp's speed (a few percent lower at most)."),
    "lm-studio": N_("A desktop app that runs GGUF through llama.cpp (with Vulkan or ROCm on AMD) and "
                    "MLX on Macs; at the same file, about llama.cpp's speed."),
    "llama.cpp": N_("The engine for GGUF files, on every GPU, Apple silicon and the CPU, with "
                    "spill-over into system RAM; the fastest way to run one user on mixed hardware."),
    "vllm": N_("A serving engine for many users at once (safetensors, AWQ, GPTQ, FP8, NVFP4); the model "
               "must fit in video memory; on one user it is about as fast as llama.cpp."),
    "sglang": N_("A serving engine for many users at once, like vLLM (safetensors, AWQ, GPTQ, FP8), that reuses "
                 "the cache of prompt parts several requests share; the model must fit in video memory."),
    "tensorrt-llm": N_("NVIDIA's serving engine: each model is first built into an engine for one card type; "
                       "fastest on NVIDIA cards for many users and long prompts (FP8, NVFP4, AWQ), with the whole "
                       "model in video memory and more setup work."),
}
# The side note a pair's verdict already says: LM Studio against ollama weighs MLX on a Mac itself.
SAID_BY_PAIR = frozenset({"mlx_ollama"})
PAIRS = {
    frozenset({"AWQ", "GPTQ"}): N_("Verdict: AWQ and GPTQ are about the same size and speed; take AWQ on vLLM "
                                   "when the model has it, GPTQ when only that is published."),
    frozenset({"EXL2", "EXL3"}): N_("Verdict: EXL3, more accurate at the same bits per weight (clearest at 4 bits "
                                    "and below); EXL2 where ExLlamaV3 does not run yet."),
    frozenset({"NVFP4", "MXFP4"}): N_("Verdict: the speed-up is real on a Blackwell card, but not for one user "
                                      "against another 4-bit file: FP4 tensor cores run at twice the FP8 rate, so "
                                      "prompts and many users at once gain most, and one user's generation gains "
                                      "from reading 4 bits instead of 8 (about the same as MXFP4 or `Q4_K_M`). "
                                      "NVFP4 keeps a little more accuracy than MXFP4 (a scale every 16 weights, not "
                                      "32); MXFP4 runs on any card in llama.cpp. Support for GeForce RTX 50 cards in "
                                      "TensorRT-LLM and vLLM came later than for data-centre Blackwell: use a recent "
                                      "release."),
    frozenset({"NVFP4", "FP8"}): N_("Verdict: NVFP4 on a Blackwell card when memory is short (about half the "
                                    "size, a little less accurate); FP8 when the model fits at 8 bits."),
    frozenset({"ollama", "llama.cpp"}): N_("Verdict: the same engine; llama.cpp alone is as fast or a few percent "
                                           "faster and lets you set everything; ollama is easier."),
    frozenset({"ollama", "lm-studio"}): N_("Verdict: on a Mac, LM Studio with an MLX model is the faster of the two "
                                           "(MLX generates about 1.1 to 1.3 times as fast as llama.cpp at the same "
                                           "bits); with the same GGUF file both run llama.cpp at about the same "
                                           "speed; on AMD under Windows, LM Studio's Vulkan is the easier start."),
    frozenset({"GGUF", "EXL2"}): N_("Verdict: EXL2 when the whole model fits in an NVIDIA card's memory; GGUF when "
                                    "it does not, or on any other hardware."),
    frozenset({"NVFP4", "GGUF"}): N_("Verdict: about the same size (NVFP4 about 4.5 bits per weight, `Q4_K_M` about "
                                     "4.8), so one user generates at about the same speed; NVFP4's gain on a "
                                     "Blackwell card is faster prompt processing and many users at once in vLLM or "
                                     "TensorRT-LLM; `Q4_K_M` runs everywhere and can spill into system RAM."),
    frozenset({"tensorrt-llm", "llama.cpp"}): N_("Verdict: for one user both are limited by the card's memory "
                                                 "bandwidth, so generation speed is close and llama.cpp is far less "
                                                 "work; TensorRT-LLM pays off for many users at once and long "
                                                 "prompts, on NVIDIA cards only, with the model in video memory."),
    frozenset({"vllm", "sglang"}): N_("Verdict: close for one request; under load SGLang often serves about 10-20% "
                                      "more tokens in total, most for big mixture-of-experts models (its data-"
                                      "parallel attention and expert parallelism) and when requests share a prompt "
                                      "start; vLLM runs more models and hardware. Both need the model in video "
                                      "memory."),
    frozenset({"vllm", "llama.cpp"}): N_("Verdict: for one user about the same speed, and llama.cpp is simpler and "
                                         "can spill into system RAM; for many users at once vLLM serves far more "
                                         "tokens per second in total."),
    frozenset({"vllm", "ollama"}): N_("Verdict: for one user about the same speed, and ollama is the easier start; "
                                      "for many users at once vLLM serves far more tokens per second in total."),
    frozenset({"MLX", "GGUF"}): N_("Verdict: on a Mac, MLX usually generates somewhat faster at the same bits; "
                                   "GGUF when you want the same file on other machines, more levels to choose "
                                   "from, or a front end such as ollama."),
    frozenset({"GGUF", "EXL3"}): N_("Verdict: EXL3 wins on quality per bit, not on speed: at 4 bits and below it "
                                    "keeps more of the model than a GGUF of the same size, while one user's "
                                    "generation is about as fast as llama.cpp's (a little slower on RTX 30 cards). "
                                    "Take EXL3 through TabbyAPI when the whole model and its cache fit an NVIDIA "
                                    "card's memory and you want the most quality per GB; GGUF when it must spill "
                                    "into RAM, or on other hardware."),
    frozenset({"FP8", "AWQ"}): N_("Verdict: for one user the 4-bit file (AWQ or GPTQ): FP8 is twice its size, so "
                                  "one request generates about 1.5 to 1.9 times as fast at 4 bits, and it leaves "
                                  "more memory for the cache. FP8 keeps near 16-bit quality where 4 bits lose a "
                                  "little, and on Ada, Hopper and Blackwell cards (FP8 compute) it catches up with "
                                  "many users at once; before Ada it runs as weights only, with no such gain."),
    frozenset({"sglang", "llama.cpp"}): N_("Verdict: at home on one card, llama.cpp (or ollama or LM Studio on top "
                                           "of it): for one user both generate at about the same speed, and "
                                           "llama.cpp is simpler, reads GGUF and can spill into RAM. SGLang pays "
                                           "off when many requests run at once (agents, batch jobs, several "
                                           "people), reusing the prompt parts they share; it needs the whole model "
                                           "in video memory."),
}
PAIRS[frozenset({"FP8", "GPTQ"})] = PAIRS[frozenset({"FP8", "AWQ"})]
OTHER = N_("Name a model and a card and I will give both sides' sizes and speeds.")

# The answers that a format or engine word alone ends up in when no model is named: never right for it.
_ALONE = frozenset({"fallback", "help", "not_found", "accuracy", "model_info"})
# Answers a question weighing two formats or engines keeps: a budget's cards, two setups side by side, a server's.
_KEPT = frozenset({"what_gpu", "compare", "budget"})
# Engines whose setup is the question when one is named beside a card ("is tensorrt-llm worth it on a 4080?"):
# a build step per model and card, so its note and its verdict against llama.cpp lead the card's list; an
# engine as easy as llama.cpp ("what can a 3090 do with ollama") keeps the card's answer alone.
_SETUP_ENGINES = frozenset({"tensorrt-llm"})
# Answers two formats weighed for a model with no hardware named are lost in: a file link, the fastest cards.
_WEIGHED = frozenset({"download", "speed", "fastest", "can_run", "model_info", "fallback"})
# An engine named for the format it runs: its note is the format's ("mlx or gguf on a mac").
_FORMAT_OF = {"mlx": "MLX", "exllamav2": "EXL2", "exllamav3": "EXL3"}
_GGUF_LEVEL = compile_cached(r"(?:UD-)?I?Q\d(?:_[A-Z0-9]+)*", re.IGNORECASE)
_LOST = frozenset({"fallback", "help", "not_found", "speed", "accuracy", "card_models", "can_run", "model_info"})


def about_formats(asked: Asked, intent: str) -> bool:
    """A question about formats or engines, answered about them: at least one named with no model (or model
    size) named, and the reading found nothing else to answer (a card's list or speed is kept for one named:
    "what can a 5090 run at nvfp4"). Two weighed against each other with no model ("tensorrt-llm on a 4090,
    worth it over llama.cpp?", "nvfp4 or q4_k_m on a 5080?") are about them whatever else the words suggested."""
    named = _named(asked)
    if not named or asked.model_size_b is not None:
        return False
    if asked.model is None and asked.versus is not None and len(named) >= 2 and intent not in _KEPT:
        # "30 people on my 3090: ollama or vllm?": a card to serve them on is answered with each side's figures
        return not (intent == "users" and _hardware(asked))
    formats = [n for n in named if n.isupper()]
    if asked.versus is not None and len(formats) >= 2 and intent in _WEIGHED and not _hardware(asked):
        return True  # "mlx or gguf for qwen3 8b, which is faster?": the two formats weighed, no card's list
    if intent not in _LOST:
        return False
    if asked.model is not None and intent != "model_info":
        return False
    if intent == "model_info":  # "awq vs gptq for qwen3 32b": the two weighed, not the model's card
        return asked.versus is not None or asked.model is None
    # one named beside a card ("how fast is a 4090 with vllm", "what can 2x3090 run with vllm"): that answer stands
    return len(named) >= 2 or intent in _ALONE


def _hardware(asked: Asked) -> bool:
    return bool(asked.card or asked.setup or asked.memory_gb or asked.cpu)


def _named(asked: Asked) -> list[str]:
    """The formats and engines named that have a note, in order; a llama.cpp level weighed against a format
    ("nvfp4 or q4_k_m") stands for GGUF, the file it comes in."""
    said = asked.formats_named
    # "exllamav3 … tabbyapi": TabbyAPI (read as ExLlamaV2, its first engine) serves the EXL3 already named too
    exl3 = "EXL3" in said or "exllamav3" in said
    named = list(dict.fromkeys(_FORMAT_OF.get(n, n) for n in said
                               if _FORMAT_OF.get(n, n) in WHAT and not (exl3 and n == "exllamav2")))
    for _, level in asked.versus or ():
        if level is not None and _GGUF_LEVEL.fullmatch(level) and not {"GGUF", "llama.cpp"} & set(named):
            named.append("GGUF")
    if "llama.cpp" in named and "GGUF" not in named and any(n.isupper() for n in named):
        named[named.index("llama.cpp")] = "GGUF"  # "exl3 or llama.cpp": weighed as the files each runs
    return named


def answered(first: Answer, asked: Asked, lang: str) -> Answer:
    """The answer about the formats and engines `asked` names, in place of `first` (its locale and profile kept)."""
    named = _named(asked)
    # "does vllm run gguf?", "can ollama load awq?": the yes or no leads, with what to take instead
    said = list(dict.fromkeys(_FORMAT_OF.get(n, n) for n in asked.formats_named))  # llama.cpp kept as the engine
    supported, support_facts = format_support_text.lines(said, _label, lang)
    lines = [*supported, *(f"- **{markdown.escape(_label(n))}**: {i18n.gettext(lang, WHAT[n])}" for n in named)]
    # each format named after the first weighed against the one named before it: "exl2 or exl3? better than gguf?"
    # gets the EXL2/EXL3 verdict and the EXL3/GGUF one
    pairs = _verdicts(named)
    lines.extend(i18n.gettext(lang, pair) for pair in pairs)
    speed = format_speed.weighed(named)
    if speed is not None:  # "which is fastest": one user's speed from the bytes read, the kernels, NVFP4's models
        lines.extend(speed_lines(speed, lang))
    lines.append(i18n.gettext(lang, OTHER))
    facts: dict[str, Any] = {"format_notes": {"named": named, "verdict": bool(pairs), "verdicts": len(pairs),
                                              "bpw_sources": {n: SOURCES[n] for n in named if n in SOURCES}}}
    if speed is not None:
        facts["format_notes"]["speed"] = speed
    if support_facts:
        facts["format_notes"]["support"] = support_facts
    # the side asks beside the formats ("koboldcpp or llama-server … rocm or vulkan?"), less what a verdict says
    notes = notes_of(first.facts, SAID_BY_PAIR if frozenset({"ollama", "lm-studio"}) <= set(named) else frozenset())
    if notes:
        facts["also"] = {"notes": notes, "model": None}
    return replace(first, intent="help", title=i18n.gettext(lang, TITLE), facts=facts,
                   text=with_notes(markdown.finish("\n".join(lines)), notes, lang), table=None, credits=[])


def _verdicts(named: list[str]) -> list[str]:
    """The verdicts of the formats and engines named: each weighed against the one named before it, then the
    formats among themselves and the engines among themselves ("nvfp4 in tensorrt-llm, and against mxfp4?":
    NVFP4 against MXFP4 though an engine came between them); each verdict once."""
    formats = [n for n in named if n.isupper()]
    engines = [n for n in named if not n.isupper()]
    out: list[str] = []
    for seq in (named, formats, engines):
        for p in zip(seq, seq[1:], strict=False):
            pair = PAIRS.get(frozenset(p))
            if pair is not None and pair not in out:
                out.append(pair)
    return out


def with_verdict(answer: Answer, asked: Asked) -> Answer:
    """"50 users on qwen3 32b: what hardware, and vllm or sglang?" with no hardware named: the serving answer
    (which cards hold them all) stands, and the two engines are weighed in one line after it, never rated on a
    card the asker did not name. The answer unchanged when the two named have no verdict."""
    named = _named(asked)
    pair = PAIRS.get(frozenset(named[:2])) if len(named) >= 2 else None
    if pair is None:
        return answer
    notes = {"named": named[:2], "verdict": True}
    return replace(answer, text=markdown.finish(f"{answer.text.rstrip()}\n{i18n.gettext(answer.locale, pair)}"),
                   facts={**answer.facts, "format_notes": notes})


def led(answer: Answer, asked: Asked, intent: str) -> Answer:
    """A card's list with one format or engine named and no model ("is nvfp4 worth it on a 5080?", "is
    tensorrt-llm worth it for one user on a 4080?"): the list, with what that format or engine is said first
    and, for an engine, the verdict against llama.cpp (the engine the speeds assume for one user)."""
    named = [n for n in asked.formats_named if n in WHAT and (n.isupper() or n in _SETUP_ENGINES)]
    if intent != "card_models" or len(named) != 1 or asked.model is not None or answer.intent != "card_models":
        return answer
    name = named[0]
    lines = [f"**{markdown.escape(_label(name))}**: {i18n.gettext(answer.locale, WHAT[name])}"]
    verdict = PAIRS.get(frozenset({name, "llama.cpp"})) if name in _SETUP_ENGINES else None
    if verdict is not None:
        lines.append(i18n.gettext(answer.locale, verdict))
    notes = {"named": [name], "verdict": verdict is not None}
    return replace(answer, text=markdown.finish("\n".join(lines) + f"\n\n{answer.text}"),
                   facts={**answer.facts, "format_notes": notes})


def _label(name: str) -> str:
    return {"ollama": "ollama", "lm-studio": "LM Studio", "vllm": "vLLM", "sglang": "SGLang",
            "tensorrt-llm": "TensorRT-LLM", "UD": "Unsloth Dynamic (UD)"}.get(name, name)
