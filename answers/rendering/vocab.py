"""Catalog vocabularies shown to readers, localized: Epoch AI's closed lists (domains, organisation
types, model accessibility, how compute was established…) and country names (through Babel's CLDR
territory names). Values outside these lists are shown as the catalog has them.
"""

from __future__ import annotations

from functools import cache

from answers.knowledge import i18n
from answers.knowledge.i18n import N_

DOMAINS = {
    "Language": N_("Language"), "Vision": N_("Vision"), "Biology": N_("Biology"), "Multimodal": N_("Multimodal"),
    "Image generation": N_("Image generation"), "Video": N_("Video"), "Speech": N_("Speech"),
    "Robotics": N_("Robotics"), "Games": N_("Games"), "Audio": N_("Audio"), "Medicine": N_("Medicine"),
    "Other": N_("Other"), "3D modeling": N_("3D modeling"), "Mathematics": N_("Mathematics"),
    "Recommendation": N_("Recommendation"), "Materials science": N_("Materials science"),
    "Earth science": N_("Earth science"), "Driving": N_("Driving"), "Search": N_("Search"),
    "Psychology": N_("Psychology"), "Astronomy": N_("Astronomy"), "Cybersecurity": N_("Cybersecurity"),
}

# What a model reads (catalog.records MODEL_INPUTS), as a list in a sentence.
INPUTS = {"text": N_("text"), "image": N_("images"), "video": N_("video"), "audio": N_("audio")}

# Epoch's most frequent tasks (about 90% of all task labels); rarer ones are shown as recorded.
TASKS = {
    "Language modeling/generation": N_("Language modeling/generation"),
    "Question answering": N_("Question answering"),
    "Language modeling": N_("Language modeling"),
    "Code generation": N_("Code generation"),
    "Chat": N_("Chat"),
    "Translation": N_("Translation"),
    "Quantitative reasoning": N_("Quantitative reasoning"),
    "Visual question answering": N_("Visual question answering"),
    "Image generation": N_("Image generation"),
    "Image classification": N_("Image classification"),
    "Text-to-image": N_("Text-to-image"),
    "Image captioning": N_("Image captioning"),
    "Speech recognition (ASR)": N_("Speech recognition (ASR)"),
    "Video generation": N_("Video generation"),
    "Protein or nucleotide language model (pLM/nLM)": N_("Protein or nucleotide language model (pLM/nLM)"),
    "Mathematical reasoning": N_("Mathematical reasoning"),
    "Character recognition (OCR)": N_("Character recognition (OCR)"),
    "Text-to-video": N_("Text-to-video"),
    "Video description": N_("Video description"),
    "Proteins": N_("Proteins"),
    "Speech synthesis": N_("Speech synthesis"),
    "Text summarization": N_("Text summarization"),
    "Image-to-video": N_("Image-to-video"),
    "Text-to-speech (TTS)": N_("Text-to-speech (TTS)"),
    "Object detection": N_("Object detection"),
    "Protein folding prediction": N_("Protein folding prediction"),
    "Search": N_("Search"),
    "Robotic manipulation": N_("Robotic manipulation"),
    "Language generation": N_("Language generation"),
    "Protein design": N_("Protein design"),
    "Protein generation": N_("Protein generation"),
    "Speech-to-text": N_("Speech-to-text"),
    "Drug discovery": N_("Drug discovery"),
    "Text classification": N_("Text classification"),
    "Retrieval-augmented generation": N_("Retrieval-augmented generation"),
    "System control": N_("System control"),
    "Instruction interpretation": N_("Instruction interpretation"),
    "Audio generation": N_("Audio generation"),
    "Code autocompletion": N_("Code autocompletion"),
    "Recommender system": N_("Recommender system"),
    "Medical diagnosis": N_("Medical diagnosis"),
    "Object recognition": N_("Object recognition"),
    "Text autocompletion": N_("Text autocompletion"),
    "Image segmentation": N_("Image segmentation"),
    "Semantic embedding": N_("Semantic embedding"),
    "Image-to-image": N_("Image-to-image"),
    "Table tasks": N_("Table tasks"),
    "Vision-language generation": N_("Vision-language generation"),
    "Reasoning": N_("Reasoning"),
    "Tool use": N_("Tool use"),
    "Automated theorem proving": N_("Automated theorem proving"),
}

ORGANIZATION_TYPES = {
    "Industry": N_("industry"), "Academia": N_("academia"), "Research collective": N_("research collective"),
    "Government": N_("government"),
}

TRAINING_CODE = {
    "Unreleased": N_("not released"),
    "Open source": N_("open source"),
    "Open (non-commercial)": N_("open, non-commercial use only"),
    "Open (restricted use)": N_("open, with use restrictions"),
}

COMPUTE_METHODS = {
    "Operation counting": N_("counting the operations"),
    "Hardware": N_("the hardware and training time"),
    "Reported": N_("reported by the developers"),
    "Third-party estimation": N_("a third-party estimate"),
    "Comparison with other models": N_("comparison with other models"),
    "Benchmarks": N_("benchmark results"),
    "Cost": N_("the training cost"),
    "Other": N_("other means"),
}

# Epoch's country names that CLDR spells differently.
_COUNTRY_ALIASES = {
    "united states of america": "US", "usa": "US", "united kingdom of great britain and northern ireland": "GB",
    "united kingdom": "GB", "uk": "GB", "korea (republic of)": "KR", "south korea": "KR", "russia": "RU",
    "taiwan": "TW", "hong kong": "HK", "czechia": "CZ", "iran": "IR", "vietnam": "VN", "turkey": "TR",
}


@cache
def _territory_codes() -> dict[str, str]:
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel import Locale

    names = {name.casefold(): code for code, name in Locale("en").territories.items() if code.isalpha()}
    names.update(_COUNTRY_ALIASES)
    return names


def translate(locale: str, table: dict, value: str | None) -> str | None:
    if not value:
        return None
    entry = table.get(value.strip())
    if entry is None:
        return value.strip()
    msgid = entry[1] if isinstance(entry, tuple) else entry
    return i18n.gettext(locale, msgid)


def translate_list(locale: str, table: dict, values: list[str] | str | None) -> list[str]:
    if not values:
        return []
    if isinstance(values, str):
        values = values.split(",")
    return [t for v in values if (t := translate(locale, table, v))]


def country(locale: str, value: str | None) -> str | None:
    """CLDR's name of a country in the reader's language; Epoch's own text when CLDR lacks it."""
    if not value:
        return None
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel import Locale

    out = []
    for part in value.split(","):
        part = part.strip()
        code = _territory_codes().get(part.casefold())
        out.append(Locale.parse(locale).territories.get(code, part) if code else part)
    return ", ".join(dict.fromkeys(p for p in out if p))
