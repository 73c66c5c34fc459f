"""What the reader knows before it reads: the longest question it answers and the intents it may find.

These sit below the reader (and below `answers.lexicon`, which checks its words against the intent
names), so the surface above (`answers.api`, `answers.intents_table`) can re-export them without the
reader ever importing upward.
"""

from __future__ import annotations

# The longest question answered, wherever it comes from (bot, CLI); the parser reads no further.
MAX_QUESTION_CHARS = 500
# Levels asked about with no model ("q4 or q8?", "what is q4_k_m"): shown on a generic model of the size
# people run most (8B), said as a stand-in.
LEVELS_STAND_IN_B = 8.0

# The intents a question may be read as, in the parser's tie-breaking order (more specific questions
# first), each with whether an unmatched name in such a question is taken as a model name.
# `answers.intents_table` declares how each is answered and checks at import that it lists these.
READ_INTENTS: tuple[tuple[str, bool], ...] = (
    ("why_quant", False),
    ("two_gpus", True),
    ("offload", True),
    ("power", False),
    ("prefill", True),
    ("users", True),
    ("longest_context", True),
    ("compare", False),
    ("smallest", True),
    ("fastest", True),
    ("maker", True),
    ("release", True),
    ("download", True),
    ("compute", True),
    ("open_source", True),
    ("parameters", True),
    ("accuracy", False),
    ("purpose", True),
    ("speed", True),
    ("vram", True),
    ("what_gpu", True),
    ("memory_cards", False),
    ("card_models", False),
    ("can_run", True),
    ("help", False),
    ("model_info", False),
    ("fallback", False),
)
PARSER_INTENTS: tuple[str, ...] = tuple(name for name, _ in READ_INTENTS)
PARSER_MODEL_INTENTS = frozenset(name for name, as_model in READ_INTENTS if as_model)
# Intents only the engine decides (after resolving names or checking values), never the reader.
# model_language is set by the reading after the parser's scores (answers/reading/question.py: a language judged);
# "off_topic": a topic the bot does not answer and no ask it answers (answers/facts/routing.py decides it).
# knowhow replaces a fallback when the message asked practical know-how (answers/rendering/knowhow_text.py).
ENGINE_INTENTS: tuple[str, ...] = ("not_found", "ambiguous", "invalid", "family_fit", "model_language", "off_topic",
                                   "knowhow")
