"""Vocabulary as data (answers/lexicon/*.toml), agreement rules (answers/rendering/grammar.toml) and the
command line's plain text (issue 11)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from answers.lexicon import HERE, LANGUAGE_KEYS, LexiconError, load
from answers.lexicon.scan import strongest_hits
from answers.rendering import grammar
from answers.rendering.markdown import ZWSP, escape, to_plain
from catalog.text import fold
from tests.conftest import DATA_DIR


def copy_lexicon(tmp_path: Path) -> Path:
    target = tmp_path / "lexicon"
    target.mkdir()
    for f in HERE.glob("*.toml"):
        shutil.copy(f, target / f.name)
    return target


def in_intents(text: str, old: str, new: str) -> str:
    """`text` with the first `old` of its [intents] table replaced."""
    at = text.index("[intents]")
    return text[:at] + text[at:].replace(old, new, 1)


def test_the_shipped_lexicon_loads_with_every_language():
    lx = load()
    assert set(lx.codes) >= {"en", "it", "fr", "de", "es", "pt"}
    for code, lang in lx.languages.items():
        assert lang.function_words and lang.greetings and lang.patterns, code


def test_parse_py_keeps_no_per_language_word_lists():
    source = "".join((HERE.parent / "reading" / f"{name}.py").read_text(encoding="utf-8") for name in (
        "parse", "question", "tokens", "units", "numbers", "vocabulary", "spans", "intent", "clues"))  # the reader
    for marker in ("_INTENT_TABLE", "_LANG_WORDS", "_FUNCTION_WORDS", "quanta vram", "combien de", "wie viel",
                   "tambien", "modello"):
        assert marker not in source


@pytest.mark.parametrize(("edit", "message"), [
    (lambda s: s.replace('language = "it"', 'language = "it"\ncolour = "blu"'), "unknown key(s) colour"),
    (lambda s: s.replace("card_words = ", "# card_words = "), "missing key(s) card_words"),
    (lambda s: s.replace("[intents]", "[intents]\nspeed_x = [{ weight = 1.0, pattern = 'x' }]"),
     "'speed_x' is not an intent"),
    (lambda s: in_intents(s, "pattern = '", "pattern = '(unclosed"), "pattern does not compile"),
    (lambda s: in_intents(s, "weight = 1.5", "weight = 'high'"), "weight must be a positive number"),
    (lambda s: in_intents(s, "weight = 1.5", "weight = -1.5"), "weight must be a positive number"),
    # an intent's patterns are searched joined (answers/lexicon/scan.py): nothing that a join would change
    (lambda s: in_intents(s, "pattern = '", "pattern = '(?i)"), "does not compile on its own and in a group"),
    (lambda s: in_intents(s, "pattern = '", "pattern = '(a)\\1|"), "no backreferences"),
    (lambda s: s.replace("more_cards_help = '", "more_cards_help = '(", 1),
     "more_cards_help: pattern does not compile"),
    (lambda s: s.replace('language = "it"', 'language = "xx"'), "file is named 'it'"),
    (lambda s: s.replace("[tasks]", "[tasks]\ngaming = 'giochi'"), "tasks: unknown key(s) gaming"),
    # the setup and refinement words live in the same file and are checked the same way
    (lambda s: s.replace("laptop_words = ", "# laptop_words = "), "missing key(s) laptop_words"),
    (lambda s: s.replace("who_words = ", "# who_words = "), "missing key(s) who_words"),
    (lambda s: s.replace('who_words = "chi"', "who_words = 3"), "who_words: expected a string"),
    (lambda s: re.sub(r'quant_questions = """[^"]*"""', "quant_questions = 3", s),
     "quant_questions: expected a string"),
    (lambda s: s.replace('one = "una un"', 'uno = "una un"'), "count_words: unknown key(s) uno"),
    (lambda s: s.replace('one = "una un"\n', ""), "count_words: missing key(s) one"),
])
def test_a_broken_language_file_fails_with_a_clear_message(tmp_path, edit, message):
    d = copy_lexicon(tmp_path)
    f = d / "it.toml"
    f.write_text(edit(f.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(LexiconError) as exc:
        load(d)
    assert "it.toml" in str(exc.value) and message in str(exc.value)


def test_a_language_missing_a_key_names_the_language(tmp_path):
    d = copy_lexicon(tmp_path)
    f = d / "de.toml"
    text = f.read_text(encoding="utf-8")
    start = text.index("greetings = ")
    end = text.index('"""', text.index('"""', start) + 3) + 3
    f.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(LexiconError, match=r"de.toml: missing key\(s\) greetings"):
        load(d)


def test_adding_a_language_is_a_data_file(tmp_path):
    """A copy of the Spanish file under another code is picked up as a language of its own."""
    d = copy_lexicon(tmp_path)
    spanish = (d / "es.toml").read_text(encoding="utf-8")
    (d / "xx.toml").write_text(spanish.replace('language = "es"', 'language = "xx"'), encoding="utf-8")
    assert "xx" in load(d).codes
    assert set(LANGUAGE_KEYS) >= {"function_words", "intents", "greetings"}




@pytest.mark.parametrize(("edit", "message"), [
    (lambda s: s.replace("[cache_types]", "[cache_types]\nq9_9 = 'q9 kv'"), "cache_types: unknown key(s) q9_9"),
    (lambda s: s.replace('"dgx spark" = "GB10"', '"dgx spark" = 10'), "machines must be a table of phrase = chip"),
    (lambda s: s.replace("apple_tiers = ", "# apple_tiers = "), "missing key(s) apple_tiers"),
    (lambda s: s.replace("[ram_platform_shapes]\n", "[ram_platform_shapes]\n'epyc (9' = \"epyc 9004\"\n"),
     "ram_platform_shapes: 'epyc (9'"),
    (lambda s: s.replace("[ram_platform_shapes]\n", "[ram_platform_shapes]\n'epyc 9\\d{3}' = \"epyc {0}\"\n"),
     "ram_platform_shapes: 'epyc 9\\\\d{3}' = 'epyc {0}'"),
])
def test_the_common_words_are_checked_at_load(tmp_path, edit, message):
    d = copy_lexicon(tmp_path)
    f = d / "common.toml"
    f.write_text(edit(f.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(LexiconError) as exc:
        load(d)
    assert "common.toml" in str(exc.value) and message in str(exc.value)


def test_the_lexicon_is_the_only_vocabulary_file():
    """Setup phrases and refinements (task, cache type, which level, biggest, cheapest, who/when) live
    in the lexicon: no side file of words in answers/."""
    answers = HERE.parent
    assert not (answers / "data" / "setup_words.toml").exists() and not (answers / "data" / "hints.json").exists()
    assert not (answers / "hints.py").exists()
    lx = load()
    pt = lx.languages["pt"]
    assert pt.count_words["duas"] == 2 and "notebook" in pt.laptop_words and "quem" in pt.who_words
    assert lx.machines["dgx spark"] == "GB10" and "8-bit kv" in lx.cache_types["q8_0"]


# --------------------------------------------------------------------------- agreement
@pytest.mark.parametrize(("locale", "text", "expected"), [
    ("fr", "gLM compte 1 milliards de paramètres.", "gLM compte 1 milliard de paramètres."),
    ("fr", "compte 0,35 milliards", "compte 0,35 milliard"),
    ("fr", "compte 21 milliards et 1,9 milliards", "compte 21 milliards et 1,9 milliard"),
    ("fr", "publié le 1 mars 2024", "publié le 1er mars 2024"),
    ("it", "è stato pubblicato il 11 giugno 2024.", "è stato pubblicato l'11 giugno 2024."),
    ("it", "Il 8 maggio, dal 8 al 11", "L'8 maggio, dall'8 all'11"),
    ("it", "il 18 aprile, il 110", "il 18 aprile, il 110"),
    ("it", "ha 1 miliardi di parametri; 11 miliardi", "ha 1 miliardo di parametri; 11 miliardi"),
    ("de", "hat 1 Milliarden Parameter, 21 Milliarden", "hat 1 Milliarde Parameter, 21 Milliarden"),
    ("en", "has 1 billion parameters", "has 1 billion parameters"),
    ("en", "A 8B model; a 80 GB card, a 11B and a 18.5B", "An 8B model; an 80 GB card, an 11B and an 18.5B"),
    ("en", "a 1.8B model, a 110B, a 180B, a 3090", "a 1.8B model, a 110B, a 180B, a 3090"),
    ("pt", "tem 1 bilhões de parâmetros; 0,31 bilhões; 21 bilhões",
     "tem 1 bilhão de parâmetros; 0,31 bilhão; 21 bilhões"),
])
def test_number_agreement(locale, text, expected):
    assert grammar.agree(locale, text) == expected


def test_a_broken_grammar_file_fails_clearly(tmp_path):
    f = tmp_path / "grammar.toml"
    f.write_text("[[fr]]\npattern = '(x'\nreplace = 'y'\n", encoding="utf-8")
    with pytest.raises(grammar.GrammarError, match=r"fr\[0\] pattern does not compile"):
        grammar.load(f)
    f.write_text("[[xx]]\npattern = 'x'\nreplace = 'y'\n", encoding="utf-8")
    with pytest.raises(grammar.GrammarError, match=r"\[xx\] is not a catalogue locale"):
        grammar.load(f)


# --------------------------------------------------------------------------- plain text for the command line
@pytest.mark.parametrize(("markdown", "plain"), [
    ("made by **Z.ai " + escape("(Zhipu AI)") + "**.", "made by Z.ai (Zhipu AI)."),
    ("Note: " + escape("~1B parameters, *not* 2_000"), "Note: ~1B parameters, *not* 2_000"),
    ("at `Q8_0` on __this__ card", "at Q8_0 on this card"),
    ("see [the page](https://example.org/x)", "see the page (https://example.org/x)"),
    ("# Title\n> quoted", "Title\nquoted"),
    ("@" + ZWSP + "everyone", "@everyone"),
])
def test_plain_text_drops_markup_and_escapes(markdown, plain):
    assert to_plain(markdown) == plain


def test_the_command_line_prints_plain_text(built_db, monkeypatch, capsys):
    from bot.cli.parser import main

    monkeypatch.setenv("TPSBOT_DB", str(built_db))
    assert main(["ask", "who made GLM-4.5V?"]) == 0
    out = capsys.readouterr().out
    assert "Zhipu AI" in out and "\\(" not in out and "**" not in out
    assert main(["ask", "who made GLM-4.5V?", "--json"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    assert "\\(Zhipu AI\\)" in data["text"] and "(Zhipu AI)" in data["plain"]  # Discord keeps its markdown


def test_joined_patterns_score_as_the_patterns_one_by_one():
    """The joined search (answers/lexicon/scan.py) finds, for every question of the corpora, each intent's
    strongest hit exactly as trying the patterns one by one does: same intents, same weights."""
    lx = load()
    texts = [fold(row.get("q") or row.get("question") or "")
             for path in sorted(DATA_DIR.glob("*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
             for row in [json.loads(line)]]
    assert len(texts) > 3000
    hits_somewhere = 0
    for text in texts:
        one_by_one: dict[str, float] = {}
        for p in lx.patterns():
            if p.regex.search(text) and p.weight > one_by_one.get(p.intent, 0.0):
                one_by_one[p.intent] = p.weight
        assert strongest_hits(lx.intent_scans, text) == one_by_one, text
        hits_somewhere += len(one_by_one) > 1
    assert hits_somewhere > 500  # many questions hit several intents: the strongest is what is compared
