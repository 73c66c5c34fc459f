"""Two engines or two weight formats weighed against each other in one question: "vllm or llama.cpp for qwen3
32b on 2x3090?", "mlx vs gguf on m4 max", "exl2 4bpw vs q4_k_m on a 3090", "awq oder gguf". Pure: folded text
in, the two sides out (each an engine and a level or format as the estimator spells them, either may be None);
the engine a format implies is decided later (answers/facts/engine_versus.py). Two GGUF levels alone ("q8 or q4")
are not sides: the levels answer weighs those (answers/facts/quant_advice.py)."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon.conditions import ENGINES, condition_words
from answers.lexicon.errors import LexiconError
from answers.reading.units import canonical_quant
from answers.reading.versus_words import versus_re
from estimator.quants import quant

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "engine_versus.toml"
Side = tuple[str | None, str | None]  # (engine, level or format)

_LEVEL = r"(?:ud[-_ ]?)?i?q\d(?:[_-]?[a-z0-9]+)*|bf16|fp16|f16"  # "q4_k_m", "q4km", "q4-k-m"
_BITS = compile_cached(r"^\W*(\d+(?:[.,]\d+)?)\s*-?\s*(?:bpw|bits?|b)(?![\w])")


# A width said anywhere in the question ("a 70b at ~3bpw", "3,5 bpw"): both sides are weighed at it.
_WIDTH = compile_cached(r"(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s?(?:bpw|bits? per weight)\b")
# The llama.cpp levels a width in bits per weight is read as (the common K and I-quant files; legacy Q4_0/Q5_0
# and MXFP4 are files made for their own reasons, never the answer to "about N bpw").
_GGUF_BY_WIDTH = ("Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS", "Q3_K_M", "IQ3_M", "Q3_K_S", "IQ3_XXS", "Q2_K",
                  "IQ2_M", "IQ2_XXS")


def gguf_near(bpw: float) -> str | None:
    """The llama.cpp level nearest `bpw` (within 0.1 bit the wider one: "3bpw" is IQ3_XXS's 3.06, not Q2_K's
    2.96); None outside the widths llama.cpp files come in."""
    if not 1.5 <= bpw <= 9:
        return None
    levels = sorted((quant(n) for n in _GGUF_BY_WIDTH), key=lambda q: abs(q.bpw - bpw))
    best = levels[0]
    wider = [q for q in levels if q.bpw > best.bpw and abs(q.bpw - bpw) - abs(best.bpw - bpw) <= 0.1]
    return (wider[0] if wider else best).name


def _at_width(text: str, a: Side, b: Side) -> tuple[Side, Side]:
    """"exl3 or gguf for a 70b at 3bpw": a width said apart from the format is both sides' — an EXL2/EXL3
    side at that width, a llama.cpp side with no level at the GGUF level of about that width."""
    said = _WIDTH.search(text)
    if said is None:
        return a, b
    width = said.group(1).replace(",", ".")
    exl = f"{width if '.' in width else width + '.0'}bpw"
    near = gguf_near(float(width))

    def one(side: Side) -> Side:
        engine, level = side
        if level in ("EXL2", "EXL3"):
            return engine, f"{level}-{exl}"
        if level is None and engine in (None, "llama.cpp") and near is not None:
            return engine, near
        return side

    return one(a), one(b)


@cache
def _side_words() -> dict[str, str]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    sides = data.get("side_words")
    if not isinstance(sides, dict) or set(data) != {"side_words"}:
        raise LexiconError("engine_versus.toml: expected one table, side_words")
    for word, engine in sides.items():
        if engine not in ENGINES:
            raise LexiconError(f"engine_versus.toml: side_words.{word}: {engine!r} is not one of {', '.join(ENGINES)}")
    return dict(sides)


@cache
def _named() -> re.Pattern[str]:
    cw = condition_words()
    phrases = longest_first({*cw.engines, *cw.formats, *_side_words()})
    return compile_cached(rf"(?<![\w.-])(?:{'|'.join(re.escape(p) for p in phrases)}|{_LEVEL})(?![\w])")


# engines whose file formats leave GGUF out (estimator/data/engine_constants.json `formats`)
_NO_GGUF = frozenset({"exllamav2", "exllamav3", "mlx", "tensorrt-llm"})


def _side(text: str, found: list[re.Match[str]]) -> Side:
    """One side's engine and level from what it names: the first engine, the first format (with the bits said
    right after it: "exl2 4bpw" → EXL2-4.0bpw, "mlx 4bit" → MLX-4bit), else the first GGUF level."""
    sides = _side_words()
    cw = condition_words()
    engine = fmt = level = None
    for m in found:
        word = m.group()
        if word in cw.formats and fmt is None:
            fmt = cw.formats[word]
            bits = _BITS.match(text[m.end():])
            inside = re.search(r"([48])[- ]?bit", word)  # "mlx 4bit" is one phrase
            if bits and fmt in ("EXL2", "EXL3"):
                said = bits.group(1).replace(",", ".")
                fmt = f"{fmt}-{said if '.' in said else said + '.0'}bpw"
            elif fmt == "MLX" and (inside or (bits and bits.group(1) in ("4", "8"))):
                fmt = f"MLX-{(inside or bits).group(1)}bit"  # type: ignore[union-attr]
        elif word in cw.engines and (engine is None or engine == "lm-studio"):
            engine = cw.engines[word]  # "lm studio mlx": LM Studio's MLX engine
            bits = _BITS.match(text[m.end():])
            if bits and engine == "mlx" and bits.group(1) in ("4", "8"):
                fmt = fmt or f"MLX-{bits.group(1)}bit"
        elif word in sides and engine is None:
            engine = sides[word]
        elif level is None and word not in cw.engines and word not in cw.formats and word not in sides:
            level = canonical_quant(word) or word.upper().replace(" ", "-")  # "q4km" is Q4_K_M
    if engine in _NO_GGUF and fmt is None and level is not None and re.fullmatch(_LEVEL, level.lower()):
        # "exl3 4.0bpw better than q4km, and is tabbyapi faster than llama.cpp?": a GGUF level beside an engine that
        # never reads GGUF files is llama.cpp's; the engine's word belongs to the next part of the message
        engine = None
    return engine, fmt or level


def _shared_level(text: str, after: list[re.Match[str]], a: Side, b: Side) -> tuple[Side, Side]:
    """"tensorrt-llm vs vllm for llama 3.1 8b fp8": a level said at the end, words away from the second engine,
    is the question's, for both engines; "vllm vs llama.cpp q4_k_m" keeps Q4_K_M on llama.cpp's side."""
    if not (a[0] and b[0] and a[1] is None and b[1] is not None):
        return a, b
    cw = condition_words()
    engine_at = next((m for m in after if m.group() in cw.engines), None)
    level_at = next((m for m in after if m.group() not in cw.engines), None)
    if engine_at is None or level_at is None or level_at.start() < engine_at.end():
        return a, b
    if len(text[engine_at.end():level_at.start()].split()) <= 2:
        return a, b
    return (a[0], b[1]), b


# "the difference between awq, gptq and fp8", "la diff entre awq, gptq et fp8", "unterschied zwischen awq und gptq":
# after a word saying "between", the "and" of a list weighs its items as "or" does.
_BETWEEN = re.compile(r"\b(?:between|entre|tra|fra|zwischen)\b[^?!;:]*")
_AND = re.compile(r"\b(?:and|und|et|e|y)\b")


def _between_as_versus(text: str) -> str:
    """`text` with the "and" of a list after "between" said as "vs" (only there: "llama.cpp and vllm both" stays),
    when the list names a format beyond GGUF levels ("awq, gptq and fp8"); "between ud-q4_k_xl and q4_k_m" weighs
    two levels of one file type, which the levels' own answer gives."""
    def said(m: re.Match[str]) -> str:
        names = [n.group() for n in _named().finditer(m.group())]
        if all(re.fullmatch(_LEVEL, n) or n.startswith("ud") or n in _side_words() for n in names):
            return m.group()
        return _AND.sub("vs", m.group())
    return _BETWEEN.sub(said, text)


def sides(text: str) -> tuple[Side, Side] | None:
    """The two sides weighed in `text` (folded, lower case), or None. Each side is what is named before and
    after a comparison word ("or", "vs", "oder", "ou"…: the lexicon's `versus_words`); at least one side names an
    engine or a format that is not a GGUF level, and the two differ."""
    text = _between_as_versus(text)
    found = list(_named().finditer(text))
    if len(found) < 2:
        return None
    words = list(versus_re().finditer(text))  # the comparison words of every language (answers/lexicon/*.toml)
    pairs = []
    taken = 0  # where the previous comparison's second side ended
    for i, word in enumerate(words):
        # "is exl3 faster than llama.cpp? 4bpw exl3 vs q4_k_m": the second side ends where a name of the first
        # comes again, which starts the next comparison (exl3 against q4_k_m), never llama.cpp against exl3;
        # "exl2 vs awq vs gguf": it ends at the next comparison word too (AWQ alone, never AWQ read by gguf's engine)
        end = words[i + 1].start() if i + 1 < len(words) else len(text)
        before = _last_listed(text, _same_sentence(
            text, [m for m in found if taken <= m.start() and m.end() <= word.start()], word))
        after = _until_repeat([m for m in found if m.start() >= word.end() and m.end() <= end], before)
        taken = after[-1].end() if after else word.end()
        if not before or not after:
            continue
        a, b = _side(text, before), _side(text, after)
        said = _said_level(a) and _said_level(b)
        a, b = _at_width(text, *_shared_level(text, after, a, b))
        gguf_only = all(e in (None, "llama.cpp") and (q is None or re.fullmatch(_LEVEL, q.lower()))
                        for e, q in (a, b))
        if a != b and not (gguf_only and a[0] == b[0]):
            pairs.append((said, a, b))
    # the pair whose sides both name their level or format ("exl3 vs q4_k_m gguf") says the most; else the first
    best = next((p for p in pairs if p[0]), pairs[0] if pairs else None)
    return None if best is None else (best[1], best[2])


def further(text: str, pair: tuple[Side, Side] | None) -> tuple[Side, ...]:
    """The sides named beyond the two of `pair` ("exl3 vs gguf vs awq", "awq, gptq o fp8 en vllm", "vllm, sglang or
    tensorrt-llm"): every other weight format (when the pair weighs formats) or engine (when both sides name one),
    in the order named, each once; a width said for the question is theirs too. Empty when there is no pair."""
    if pair is None:
        return ()
    cw = condition_words()
    side_words = _side_words()
    formats = any(q is not None for _, q in pair)
    engines = all(e is not None for e, _ in pair)
    taken = {_family(s) for s in pair}
    # "awq, gptq o fp8 en vllm": an engine said once for formats is every format's
    shared = {e for e, _ in pair if e is not None}
    engine = shared.pop() if len(shared) == 1 and all(q is not None for _, q in pair) else None
    out: list[Side] = []
    for m in _named().finditer(text):
        word = m.group()
        if word in cw.formats and formats:
            side: Side = (engine, cw.formats[word])
        elif word in side_words and formats:
            side = (side_words[word], None)
        elif word in cw.engines and engines and not any(e == cw.engines[word] for e, _ in pair):
            side = (cw.engines[word], None)
        else:
            continue
        if _family(side) in taken:
            continue
        taken.add(_family(side))
        out.append(_at_width(text, side, side)[0])
    return tuple(out)


def _family(side: Side) -> tuple[str | None, str | None]:
    """What tells sides apart when counting them: the format without its bits ("EXL3-4.0bpw" is EXL3), a GGUF
    level or the word gguf as llama.cpp's files, and the engine only when no format is named."""
    engine, level = side
    if level is None:
        return (None, "GGUF") if engine == "llama.cpp" else (engine, None)
    if re.fullmatch(_LEVEL, level.lower()):
        return None, "GGUF"
    return None, level.split("-")[0]


# Where one sentence ends and the next begins: a name before it is not the first side of a comparison after it.
_SENTENCE_END = re.compile(r"[?!;:]|\.(?:\s|$)")


def _same_sentence(text: str, before: list[re.Match[str]], word: re.Match[str]) -> list[re.Match[str]]:
    """The names before a comparison word in its own sentence ("is exl3 faster than llama.cpp? … exl3 vs q4_k_m":
    the second exl3, not llama.cpp with it)."""
    out: list[re.Match[str]] = []
    edge = word.start()
    for m in reversed(before):
        if _SENTENCE_END.search(text, m.end(), edge):
            break
        out.insert(0, m)
        edge = m.start()
    return out


def _last_listed(text: str, before: list[re.Match[str]]) -> list[re.Match[str]]:
    """"exl2, gguf or awq": of a list before the comparison word, the last item is the first side (gguf against
    awq); the items before it are further sides (`further`), never one side read as EXL2 run by llama.cpp."""
    for i in range(len(before) - 1, 0, -1):
        if "," in text[before[i - 1].end():before[i].start()]:
            return before[i:]
    return before


def _until_repeat(after: list[re.Match[str]], before: list[re.Match[str]]) -> list[re.Match[str]]:
    """The names after a comparison word up to one the first side already named."""
    named = {m.group() for m in before}
    out = []
    for m in after:
        if m.group() in named:
            break
        out.append(m)
    return out


def _said_level(side: Side) -> bool:
    """A side names its file: a format or a level ("exl3", "q4_k_m"), not only an engine."""
    return side[1] is not None


def named(text: str) -> tuple[str, ...]:
    """Every weight format and engine `text` (folded) names, in order, once each: a format as conditions.toml
    spells it ("EXL2", not its size), an engine by its name, "GGUF" for gguf/ggml, "UD" for an Unsloth dynamic
    level. A question about the formats themselves ("nvfp4 and fp8, what's the difference?") is answered with
    them (answers/facts/format_notes.py), and none of these words is ever a model's name."""
    cw = condition_words()
    out: list[str] = []
    for m in _named().finditer(text):
        word = m.group()
        key = (cw.formats.get(word) or cw.engines.get(word)
               or ("GGUF" if word in _side_words() else "UD" if word.startswith("ud") else None))
        if key is not None and key not in out:
            out.append(key)
    return tuple(out)
