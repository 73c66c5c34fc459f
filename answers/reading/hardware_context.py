"""Words of the machine around the cards that are never a model's or a card's name: a motherboard's chipset
("b650"), its slots and their PCIe lanes ("slot x16", "risers x1", "x8/x8"), a maker said alone ("amd + nvidia").
The words live in answers/lexicon/hardware_context.toml; this module only marks the tokens as taken, before any
name is read (answers/reading/clues.py `never_names`), so what the message asks about the cards is answered."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.lexicon.errors import LexiconError
from answers.reading.tokens import Token

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "hardware_context.toml"
_KEYS = ("chipsets", "chipset_suffixes", "board_words", "link_words", "lane_widths", "makers", "series_words",
         "place_words")


@cache
def _words() -> dict[str, frozenset[str]]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    missing = [k for k in _KEYS if not isinstance(data.get(k), str)]
    if missing:
        raise LexiconError(f"{PATH.name}: {missing[0]} must be a string of words")
    return {k: frozenset(data[k].split()) for k in _KEYS}


@cache
def _chipset_re() -> re.Pattern[str]:
    w = _words()
    names = "|".join(sorted(map(re.escape, w["chipsets"]), key=len, reverse=True))
    suffixes = "|".join(sorted(map(re.escape, w["chipset_suffixes"]), key=len, reverse=True))
    return re.compile(rf"(?:{names})(?:{suffixes})?(?:er)?")


@cache
def _lane_re() -> re.Pattern[str]:
    widths = "|".join(sorted(_words()["lane_widths"], key=len, reverse=True))
    return re.compile(rf"x(?:{widths})(?:/x?(?:{widths}))*")


def _card_number(tok: Token) -> bool:
    """"3090", "3090er", "4060ti": a card's number right before a width makes it a count ("3090 x4")."""
    return re.fullmatch(r"\d{3,5}(?:er|ti|xt|xtx)?", tok.low) is not None


def take(toks: list[Token]) -> None:
    """Mark the board's, the lanes' and a lone maker's tokens as used: never a model's or a card's name."""
    w = _words()
    chipset = _chipset_re()
    board = [chipset.fullmatch(t.low) is not None or t.low in w["board_words"] for t in toks]
    for t, is_board in zip(toks, board, strict=True):
        if is_board:
            t.used = True
    lane = _lane_re()
    for i, t in enumerate(toks[:-1]):  # "pcie 4.0", "pcie gen4", "pcie x16": the link, never a model's version
        nxt = toks[i + 1]
        if t.low in w["link_words"] and (re.fullmatch(r"[1-6](?:\.0)?", nxt.low) or lane.fullmatch(nxt.low)
                                         or nxt.low in w["link_words"]):
            t.used = nxt.used = True
    lanes = [i for i, t in enumerate(toks) if lane.fullmatch(t.low) and not (i and _card_number(toks[i - 1]))]
    # a board word, a link word, or two widths said ("x16 + x4", "x8 and x8") or a split ("x8/x8"): the lanes
    if any(board) or any(t.low in w["link_words"] for t in toks) or len(lanes) >= 2 or any("/" in toks[i].low
                                                                                           for i in lanes):
        for i in lanes:
            toks[i].used = True
        for i in lanes:
            if i + 2 < len(toks) and toks[i + 1].low == "+" and i + 2 in lanes:
                toks[i + 1].used = True  # "x16 + x4": the joiner of the two widths
    for i, t in enumerate(toks):
        after = toks[i + 1].low if i + 1 < len(toks) else ""
        if t.low in w["place_words"] or (t.low == "living" and after == "room"):
            t.used = True  # "for the living room, 70b": where the machine stands, never a model's name
        if t.low in w["makers"] and not any(c.isdigit() for c in after) and after not in w["series_words"]:
            t.used = True
        elif t.low == "+" and 0 < i < len(toks) - 1 and toks[i - 1].low in w["makers"]:
            t.used = True  # "amd + nvidia": the pair of makers


def blank_chipsets(text: str) -> str:
    """The text with every chipset's name blanked, each character a space so offsets stay the text's: "b650" is
    a motherboard, never an Arc B580 the setup reader would guess (answers/reading/setup_words.py)."""
    pattern = re.compile(rf"(?<![\w.-])(?:{_chipset_re().pattern})(?![\w-])", re.IGNORECASE)
    return pattern.sub(lambda m: " " * len(m.group(0)), text)
