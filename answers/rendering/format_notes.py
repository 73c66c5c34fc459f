"""A question about weight formats or engines themselves, with no model named ("nvfp4 and fp8, what's the
difference? my 5090 does both?", "ollama or llama.cpp, which is faster?"): what each named one is and what runs it,
then one line weighing the first two. The bits per weight are the estimator's (estimator/formats.py, with their
sources there); the facts of each line: NVIDIA's Blackwell NVFP4 notes, the OCP MX spec, the AWQ and GPTQ papers,
turboderp's exllamav2/exllamav3 READMEs, unsloth.ai's dynamic-quant notes, ollama's and LM Studio's docs (both run
llama.cpp underneath). Never a card's model list, never "no model called nvfp4"."""

from __future__ import annotations

from msgspec.structs import replace

from answers.api import Answer
from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.records.asked import Asked
from answers.rendering import markdown
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
}
PAIRS = {
    frozenset({"AWQ", "GPTQ"}): N_("Verdict: about the same size and speed; take AWQ on vLLM when the model has "
                                   "it, GPTQ when only that is published."),
    frozenset({"EXL2", "EXL3"}): N_("Verdict: EXL3, more accurate at the same bits per weight (clearest at 4 bits "
                                    "and below); EXL2 where ExLlamaV3 does not run yet."),
    frozenset({"NVFP4", "MXFP4"}): N_("Verdict: both are 4-bit floating point; NVFP4 keeps a little more accuracy, "
                                      "but only Blackwell cards run it natively; MXFP4 runs everywhere."),
    frozenset({"NVFP4", "FP8"}): N_("Verdict: NVFP4 on a Blackwell card when memory is short (about half the "
                                    "size, a little less accurate); FP8 when the model fits at 8 bits."),
    frozenset({"ollama", "llama.cpp"}): N_("Verdict: the same engine; llama.cpp alone is as fast or a few percent "
                                           "faster and lets you set everything; ollama is easier."),
    frozenset({"ollama", "lm-studio"}): N_("Verdict: both run llama.cpp, so at the same file and offload the speed "
                                           "is about the same; on AMD under Windows, LM Studio's Vulkan is the "
                                           "easier start."),
    frozenset({"GGUF", "EXL2"}): N_("Verdict: EXL2 when the whole model fits in an NVIDIA card's memory; GGUF when "
                                    "it does not, or on any other hardware."),
    frozenset({"GGUF", "EXL3"}): N_("Verdict: EXL3 when the whole model fits in an NVIDIA card's memory; GGUF when "
                                    "it does not, or on any other hardware."),
}
OTHER = N_("Name a model and a card and I will give both sides' sizes and speeds.")

# The answers that a format or engine word alone ends up in when no model is named: never right for it.
_ALONE = frozenset({"fallback", "help", "not_found", "accuracy", "model_info"})
_LOST = frozenset({"fallback", "help", "not_found", "speed", "accuracy", "card_models", "can_run", "model_info"})


def about_formats(asked: Asked, intent: str) -> bool:
    """A question about formats or engines, answered about them: at least one named with no model (or model
    size) named, and the reading found nothing else to answer (a card's list or speed is kept for one named:
    "what can a 5090 run at nvfp4")."""
    named = [n for n in asked.formats_named if n in WHAT]
    if not named or asked.model_size_b is not None or intent not in _LOST:
        return False
    if asked.model is not None and intent != "model_info":
        return False
    if intent == "model_info":  # "awq vs gptq for qwen3 32b": the two weighed, not the model's card
        return asked.versus is not None or asked.model is None
    # one named beside a card ("how fast is a 4090 with vllm", "what can 2x3090 run with vllm"): that answer stands
    return len(named) >= 2 or intent in _ALONE


def answered(first: Answer, asked: Asked, lang: str) -> Answer:
    """The answer about the formats and engines `asked` names, in place of `first` (its locale and profile kept)."""
    named = [n for n in asked.formats_named if n in WHAT]
    lines = [f"- **{markdown.escape(_label(n))}**: {i18n.gettext(lang, WHAT[n])}" for n in named]
    # each format named after the first weighed against the one named before it: "exl2 or exl3? better than gguf?"
    # gets the EXL2/EXL3 verdict and the EXL3/GGUF one
    pairs = [PAIRS[frozenset(p)] for p in zip(named, named[1:], strict=False) if frozenset(p) in PAIRS]
    lines.extend(i18n.gettext(lang, pair) for pair in pairs)
    lines.append(i18n.gettext(lang, OTHER))
    facts = {"format_notes": {"named": named, "verdict": bool(pairs), "verdicts": len(pairs),
                              "bpw_sources": {n: SOURCES[n] for n in named if n in SOURCES}}}
    return replace(first, intent="help", title=i18n.gettext(lang, TITLE), facts=facts,
                   text=markdown.finish("\n".join(lines)), table=None, credits=[])


def led(answer: Answer, asked: Asked, intent: str) -> Answer:
    """A card's list with one format named and no model ("is nvfp4 worth it on a 5080?", "what can a 5090 run at
    nvfp4"): the list, with what that format is and what runs it said first."""
    named = [n for n in asked.formats_named if n in WHAT and n.isupper()]
    if intent != "card_models" or len(named) != 1 or asked.model is not None or answer.intent != "card_models":
        return answer
    line = f"**{markdown.escape(_label(named[0]))}**: {i18n.gettext(answer.locale, WHAT[named[0]])}"
    return replace(answer, text=markdown.finish(f"{line}\n\n{answer.text}"))


def _label(name: str) -> str:
    return {"ollama": "ollama", "lm-studio": "LM Studio", "vllm": "vLLM", "UD": "Unsloth Dynamic (UD)"}.get(name, name)
