"""Epoch AI import: the three real snapshots, edge-case and malformed samples, the active-parameter
notes parser and the merge with built-in records."""

from __future__ import annotations

import http.server
import socket
import threading
import zipfile
from datetime import date
from functools import partial
from pathlib import Path

import pytest

from catalog.builtin import load_builtin_models
from catalog.epoch import EpochFormatError, EpochSnapshot, read_epoch
from catalog.epoch_active import parse_active_params
from catalog.epoch_merge import merge_models
from catalog.records import Architecture, AttentionGroup, ModelRecord, Provenance
from tests.conftest import DATA_DIR, EPOCH_SNAPSHOTS

# Epoch's real exports, cut to the columns the importer reads (tests/data/epoch/snapshots/README.md): the
# 2026 snapshot keeps every row, the older two the rows these tests name and their first rows.
SNAPSHOT_2026 = EPOCH_SNAPSHOTS / "all_ai_models.csv"
SNAPSHOT_2025 = EPOCH_SNAPSHOTS / "older" / "all_ai_models.2025-04.csv"
NOTABLE_2024 = EPOCH_SNAPSHOTS / "older" / "notable_ai_models.2024-10.csv"
SAMPLES = DATA_DIR / "epoch"



def two_sig(x: float) -> str:
    return f"{x:.1e}"


# --------------------------------------------------------------------------- real snapshots


@pytest.fixture(scope="module")
def snap2026() -> EpochSnapshot:
    return read_epoch(SNAPSHOT_2026)


@pytest.fixture(scope="module")
def snap2025() -> EpochSnapshot:
    return read_epoch(SNAPSHOT_2025)


@pytest.fixture(scope="module")
def notable2024() -> EpochSnapshot:
    return read_epoch(NOTABLE_2024)


def test_2026_snapshot_counts_and_layout(snap2026: EpochSnapshot) -> None:
    assert snap2026.columns == "2026"
    assert snap2026.rows == 3237
    assert snap2026.skipped_nameless == 0
    # 15 names occur twice; the latest "Last modified" of each is kept.
    assert len(snap2026.duplicates) == 15
    assert len(snap2026.records) == 3237 - snap2026.skipped_nameless - 15
    assert len({r.name for r in snap2026.records}) == len(snap2026.records)
    # No date in the file name, not a zip: the newest "Last modified" row.
    assert snap2026.snapshot_date == date(2026, 3, 25)
    assert len(snap2026.sha256) == 64


def test_older_snapshots_counts_and_layout(snap2025: EpochSnapshot, notable2024: EpochSnapshot) -> None:
    assert (snap2025.columns, snap2025.rows, snap2025.skipped_nameless) == ("2025-04", 159, 3)
    # BaGuaLu's 174 trillion parameters are beyond the estimator's 100 T bound: skipped, reported
    assert [w.split(":")[1].strip() for w in snap2025.skipped_out_of_bounds] == ["BaGuaLu"]
    assert len(snap2025.duplicates) == 2
    assert len(snap2025.records) == 159 - 3 - len(snap2025.duplicates) - 1
    assert snap2025.snapshot_date == date(2025, 4, 1)  # from the file name
    assert (notable2024.columns, notable2024.rows, notable2024.skipped_nameless) == ("2024-10-notable", 150, 0)
    assert len(notable2024.records) == 150
    assert notable2024.snapshot_date == date(2024, 10, 1)
    qwen = next(r for r in notable2024.records if r.name == "Qwen2.5-72B")
    assert qwen.params_b == pytest.approx(72.7)
    assert qwen.country == "China"  # "Country (from Organization)"
    assert qwen.training_data_size == 18e12  # "Training dataset size (datapoints)"
    assert qwen.tasks == []  # no Task column in this layout


def test_glm_45v_matches_reference_page(snap2026: EpochSnapshot) -> None:
    glm = next(r for r in snap2026.records if r.name == "GLM-4.5V")
    assert glm.params_b == 108
    assert glm.active_params_b == 12  # "108 total, 12 B active"
    assert glm.organization == "Z.ai (Zhipu AI),Tsinghua University"
    assert glm.organization_type == "Industry,Academia"
    assert glm.country == "China"
    assert two_sig(glm.training_compute_flop) == two_sig(1.8e24)
    assert glm.training_compute_method == "Operation counting"
    assert two_sig(glm.finetune_compute_flop) == two_sig(1.4e23)
    assert glm.training_data_size == 2_013_265_900_000
    assert glm.weights == "Open weights (unrestricted)"
    assert glm.training_code == "Unreleased"
    assert glm.huggingface == "zai-org"
    assert glm.confidence == "Confident"
    assert glm.base_model == "GLM-4.5-Air"
    assert glm.domain == ["Multimodal", "Vision", "Language", "Video"]
    assert "Character recognition (OCR)" in glm.tasks
    assert glm.publication_date == date(2025, 8, 15)
    assert glm.last_updated == date(2025, 11, 28)
    assert glm.reference.startswith("GLM-4.5V and GLM-4.1V-Thinking")
    assert glm.provenance["epoch"].source == "epoch"
    assert glm.provenance["epoch"].detail == (
        f"Epoch AI Data on AI Models, snapshot 2026-03-25 (sha256 {snap2026.sha256[:12]})"
    )


def test_titok_l_and_name_cleanup(snap2026: EpochSnapshot) -> None:
    titok = next(r for r in snap2026.records if r.name == "TiTok-L")
    assert titok.params_b == pytest.approx(0.307)
    assert titok.active_params_b is None
    assert titok.publication_date == date(2024, 6, 11)
    assert titok.link == "https://arxiv.org/abs/2406.07550"
    names = {r.name for r in snap2026.records}
    assert "Solar Open 100B" in names  # the sheet has "Solar Open 100B\n"
    assert "Cosmos-1.0-Diffusion-14B Video2World" in names  # a name wrapped after a hyphen
    assert all(n == n.strip() and "\n" not in n for n in names)


def test_real_snapshot_edge_values(snap2026: EpochSnapshot) -> None:
    by_name = {r.name: r for r in snap2026.records}
    # A multi-line Link cell keeps the first URL.
    assert by_name["Ling-1T"].link == "https://huggingface.co/inclusionAI/Ling-1T"
    assert by_name["Ling-1T"].active_params_b == 50
    # "Training dataset size (total)" listing one value per linked dataset.
    assert by_name["Chameleon-34B"].training_data_size == 4.4e12
    assert by_name["Kimi K2"].active_params_b == 32
    assert by_name["DeepSeek-V3"].active_params_b == 37


# --------------------------------------------------------------------------- edge-case samples


def test_edge_sample_bom_crlf_multiline_nameless_duplicates() -> None:
    snap = read_epoch(SAMPLES / "edge_2026.csv")
    assert snap.columns == "2026"
    assert snap.rows == 5
    assert snap.skipped_nameless == 1
    assert snap.duplicates == ["Beta: lines 7, 8; kept line 8 (last modified 2025-03-01)"]
    assert [r.name for r in snap.records] == ["Alpha MoE", "Beta", "Gamma no params"]
    alpha, beta, gamma = snap.records
    assert alpha.publication_date == date(2023, 1, 1)  # "2023"
    assert alpha.citations == 4327  # "4327.0"
    assert alpha.params_b == 30.5 and alpha.active_params_b == 3.3
    assert alpha.tasks == ["Chat", "Code generation"]
    assert alpha.country == "China"  # "China,China"
    assert alpha.link == "https://a.example/1"
    assert alpha.reference == "Alpha: a\nmulti-line title"
    assert alpha.training_data_size == 4.4e12
    assert alpha.finetune_compute_flop is None  # 0.0 means none recorded
    assert alpha.last_updated == date(2025, 1, 2)
    assert beta.organization == "Org B (newer)"  # the later "Last modified" row won
    assert beta.publication_date == date(2023, 4, 5)
    assert gamma.params_b is None  # kept: the engine will say it cannot estimate it
    assert snap.snapshot_date == date(2025, 3, 1)


def test_snapshot_date_argument_wins_and_shows_in_provenance() -> None:
    snap = read_epoch(SAMPLES / "edge_2025-04.csv", snapshot_date=date(2026, 3, 30))
    assert snap.snapshot_date == date(2026, 3, 30)
    assert "snapshot 2026-03-30" in snap.records[0].provenance["epoch"].detail
    assert read_epoch(SAMPLES / "edge_2025-04.csv").snapshot_date == date(2025, 4, 1)


def test_older_layouts_samples() -> None:
    delta = read_epoch(SAMPLES / "edge_2025-04.csv").records[0]
    assert (delta.name, delta.country, delta.training_data_size, delta.citations) == ("Delta-7B", "France", 2e12, 5)
    epsilon = read_epoch(SAMPLES / "edge_2024-10-notable.csv")
    assert epsilon.columns == "2024-10-notable"
    assert epsilon.records[0].name == "Epsilon 2"
    assert epsilon.records[0].last_updated is None
    assert epsilon.records[0].confidence == "Likely"


# --------------------------------------------------------------------------- malformed inputs

MALFORMED = [
    ("bad_number.csv", 4, "Parameters 'abc' is not a number"),  # record starts after a 2-line cell
    ("impossible_date.csv", 3, "Publication date '2023-02-30' is not a valid date"),
    ("negative_number.csv", 2, "Parameters '-5' is negative"),
    ("fractional_citations.csv", 2, "Citations '12.5' is not a whole number"),
    ("no_name_column.csv", 1, "no 'Model' or 'System' column"),
    ("not_a_csv.json", 1, "no 'Model' or 'System' column"),
    ("html_page.csv", 1, "HTML page"),
    ("empty.csv", None, "empty"),
    ("header_only.csv", None, "no data rows"),
    ("ragged.csv", 3, "3 fields, but the header has 19"),
    ("unterminated_quote.csv", 3, "malformed CSV"),
    ("binary_junk.csv", 3, "not a CSV text file"),
    ("latin1.csv", 2, "non-UTF-8"),
    ("no_csv.zip", None, "contains no CSV"),
]


@pytest.mark.parametrize(("sample", "line", "problem"), MALFORMED)
def test_malformed_inputs_fail_whole_with_line(sample: str, line: int | None, problem: str) -> None:
    with pytest.raises(EpochFormatError) as info:
        read_epoch(SAMPLES / sample)
    assert info.value.line == line
    assert problem in info.value.problem
    assert str(info.value).startswith(f"line {line}: " if line else info.value.problem[:5])
    assert isinstance(info.value, ValueError)


def test_missing_file_is_a_format_error(tmp_path: Path) -> None:
    with pytest.raises(EpochFormatError, match="could not read"):
        read_epoch(tmp_path / "nope.csv")


# --------------------------------------------------------------------------- zip and URL


def _zip(path: Path, entries: dict[str, bytes], when: tuple[int, ...] = (2026, 3, 30, 12, 0, 0),
         method: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in entries.items():
            archive.writestr(zipfile.ZipInfo(name, when), data)
    return path


def test_zip_prefers_all_ai_models_csv_and_uses_entry_date(tmp_path: Path) -> None:
    edge = (SAMPLES / "edge_2026.csv").read_bytes()
    other = (SAMPLES / "edge_2025-04.csv").read_bytes()
    path = _zip(tmp_path / "epoch_data.zip", {"notable_ai_models.csv": other, "data/all_ai_models.csv": edge})
    snap = read_epoch(path)
    assert [r.name for r in snap.records] == ["Alpha MoE", "Beta", "Gamma no params"]
    assert snap.snapshot_date == date(2026, 3, 30)  # the zip entry's date
    assert snap.source == str(path)
    assert snap.sha256 != read_epoch(SAMPLES / "edge_2026.csv").sha256  # hash of the zip bytes


def test_zip_with_single_other_csv(tmp_path: Path) -> None:
    path = _zip(tmp_path / "x.zip", {"models.csv": (SAMPLES / "edge_2025-04.csv").read_bytes(), "README.md": b"hi"})
    assert read_epoch(path).records[0].name == "Delta-7B"


def test_zip_with_several_csvs_and_no_preferred_is_an_error(tmp_path: Path) -> None:
    data = (SAMPLES / "edge_2025-04.csv").read_bytes()
    path = _zip(tmp_path / "x.zip", {"a.csv": data, "b.csv": data})
    with pytest.raises(EpochFormatError, match="several CSV"):
        read_epoch(path)


def test_zip_with_malformed_csv_names_line(tmp_path: Path) -> None:
    path = _zip(tmp_path / "x.zip", {"all_ai_models.csv": (SAMPLES / "bad_number.csv").read_bytes()})
    with pytest.raises(EpochFormatError) as info:
        read_epoch(path)
    assert info.value.line == 4


def test_real_snapshot_in_zip(tmp_path: Path, snap2026: EpochSnapshot) -> None:
    path = _zip(tmp_path / "all_ai_models.zip", {"all_ai_models.csv": SNAPSHOT_2026.read_bytes()},
                method=zipfile.ZIP_STORED)  # compressing 1.5 MB would only slow the test down
    snap = read_epoch(path)
    assert len(snap.records) == len(snap2026.records)
    assert snap.snapshot_date == date(2026, 3, 30)


@pytest.fixture
def http_dir(tmp_path: Path):
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args, **kwargs: None  # keep test output quiet
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_url_download(http_dir) -> None:
    folder, base = http_dir
    (folder / "epoch_2025-05-06.csv").write_bytes((SAMPLES / "edge_2025-04.csv").read_bytes())
    snap = read_epoch(f"{base}/epoch_2025-05-06.csv")
    assert snap.source == f"{base}/epoch_2025-05-06.csv"
    assert snap.snapshot_date == date(2025, 5, 6)  # from the URL's file name
    assert snap.records[0].name == "Delta-7B"


def test_url_http_error(http_dir) -> None:
    _, base = http_dir
    with pytest.raises(EpochFormatError, match="could not download") as info:
        read_epoch(f"{base}/missing.csv")
    assert info.value.line is None


def test_url_connection_refused() -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(EpochFormatError, match="could not download"):
        read_epoch(f"http://127.0.0.1:{port}/all_ai_models.csv")


# --------------------------------------------------------------------------- active parameters

REAL_NOTES = [
    ("108 total, 12 B active", 108, 12),
    ("671B total parameters, 37B activated", 671, 37),
    ("A total of 30.5B parameters, with 3.3B active", 30.5, 3.3),
    ("1T total / 32B active", 1000, 32),
    ("102B, of which 12B active\n", 102, 12),
    ("Total parameters: 100B (Sparse), Active parameters: 10B per token. It uses a Mixture-of-Experts "
     "architecture with 1 shared expert and 128 total experts(top-8 routing)", 100, 10),
    ("MoE Architecture, Total parameters 519B, Active parameters 33B", 519, 33),
    ("HF lists 229B params 10B active parameters", 229, 10),
    ("mixture of experts (MoE) with 358B total, 32B active", 358, 32),
    ("Total Parameters 1T Activated Parameters 32B", 1000, 32),
    ("3B activated parameters and 48B total parameters", 48, 3),
    ("30.5 billion total parameters, with only 3.3 billion activated per token", 30.5, 3.3),
    ("Ring-mini-linear-2.0 comprises 16B parameters and 957M activations", 16.4, 0.957),
    ("1 trillion total parameters with 50 billion activated parameters", 1000, 50),
    ("a hybrid MoE with 7B total parameters (1B active)", 7, 1),
    ("It has 16B total parameters, but only 1.4B are activated per input token (non-embedding 789M).", 16, 1.4),
    ("355 billion total parameters with 32 billion active parameters", 355, 32),
    ("MoE total parameters: 28B active parameters: 3B", 28, 3),
    ("MoE: total parameters - 424B active parameters - 47B \"ViT encoder comprising 630 million parameters\"", 424, 47),
    ("a large-scale MoE model that activates 14 billion parameters out of a total of 142 billion parameters", 142, 14),
    ("from the base model: Total Parameters: 456B Activated Parameters per Token: 45.9B", 456, 45.9),
    ("12B active/52B total", 52, 12),
    ("38.8B - total parameters 13B - activated parameters", 38.8, 13),
    ("Mixture of experts model. 21B parameters activated per token.", 236, 21),
    ("MoE with 1T total parameters and 32B parameters active per forward pass", 1000, 32),
    ("Structurally, Kimi-VL consists of our Moonlight MoE language model with only 2.8B activated (16B total) "
     "parameters, paired with a 400M native-resolution MoonViT vision encoder.", 16, 2.8),
    ("\"a total of 389 billion parameters and 52 billion activation parameters\"", 389, 52),
    ("ARIA MoE activates 3.5B parameters per text token and has a total of 24.9B parameter", 24.9, 3.5),
    ("141B params, 39B active: https://mistral.ai/news/mixtral-8x22b/", 141, 39),
    ("132B mixture of experts. 36B parameters active per inference", 132, 36),
]


@pytest.mark.parametrize(("notes", "total", "active"), REAL_NOTES)
def test_active_params_real_phrasings(notes: str, total: float, active: float) -> None:
    assert parse_active_params(notes, total) == pytest.approx(active)


NOT_CLEAR = [
    # hedged
    ("MoE specialization of Qwen3-30B-A3B-Thinking-2507, reported ~3B active parameters.", 30),
    ("\"maintaining activations around 10B\" safetensors: 229B params", 229),
    ("671B total, 37B active (assuming same as in the base model)", 671),
    ("Rumored to be 1.8T parameter MoE with 280B activated on the forward pass", 1800),
    ("activates 18.6B∼31.3B parameters (averaging∼27B)", 560),
    # stated total disagrees with Parameters (Epoch recorded the active count as Parameters)
    ("The total parameter scale of the model is 25.8 billion, and the actual number of activated "
     "parameters is 4.2 billion.", 4.2),
    # not below the total / no total / nothing about active parameters
    ("7 B active parameters in the decoder", 7),
    ("21B active params, 236B total", None),
    ("\"314B parameter Mixture-of-Experts model with 25% of the weights active on a given token\"", 314),
    ("The key/value/query embedding is obtained through a 2-layer MLP with LayerNorm and ReLU activation.", 0.1),
    ("Number of Activated Experts: 8", 235),
    ("", 7),
    (None, 7),
    ("540-billion parameter, densely activated, Transformer language model", 540),
]


@pytest.mark.parametrize(("notes", "total"), NOT_CLEAR)
def test_active_params_only_when_clearly_stated(notes: str | None, total: float | None) -> None:
    assert parse_active_params(notes, total) is None


# --------------------------------------------------------------------------- merge


def builtin(name: str, *aliases: str, **fields) -> ModelRecord:
    fields.setdefault("provenance", {"facts": Provenance(source="builtin", detail="curated")})
    return ModelRecord(name=name, aliases=list(aliases), **fields)


def epoch(name: str, **fields) -> ModelRecord:
    fields.setdefault("provenance", {"epoch": Provenance(source="epoch", detail="Epoch test snapshot")})
    return ModelRecord(name=name, **fields)


# (Epoch's spelling, our built-in's name and aliases as in catalog/data/models)
SPELLINGS = [
    ("Llama 3.1-405B", ("Llama 3.1 405B", "Meta-Llama-3.1-405B", "llama3.1:405b")),
    ("Llama 3-70B", ("Llama 3 70B", "Meta-Llama-3-70B", "llama3:70b")),
    ("Llama 2-7B", ("Llama 2 7B", "Llama-2-7b-hf", "llama2:7b")),
    ("Code Llama-34B", ("Code Llama 34B", "CodeLlama-34b-hf")),
    ("Qwen2.5-72B", ("Qwen2.5 72B", "Qwen2.5-72B-Instruct", "qwen2.5:72b")),
    ("Qwen2.5-Coder (32B)", ("Qwen2.5-Coder 32B", "Qwen2.5-Coder-32B-Instruct")),
    ("Qwen2.5 Instruct (14B)", ("Qwen2.5 14B", "Qwen2.5-14B", "qwen2.5:14b")),
    ("Qwen2.5-VL-7B", ("Qwen2.5-VL 7B", "Qwen2.5-VL-7B-Instruct")),
    ("Qwen3-235B-A22B", ("Qwen3-235B-A22B", "qwen3:235b-a22b")),
    ("Mistral NeMo", ("Mistral Nemo 12B", "Mistral-Nemo-Instruct-2407", "mistral nemo")),
    ("Mixtral 8x22B", ("Mixtral 8x22B", "Mixtral-8x22B-v0.1")),
    ("Gemma 2 27B", ("Gemma 2 27B", "gemma-2-27b-it", "gemma2:27b")),
    ("Gemma 3 4B", ("Gemma 3 4B", "gemma-3-4b-it")),
    ("DeepSeek-V3", ("DeepSeek-V3", "DeepSeek V3", "deepseek-ai/DeepSeek-V3")),
    ("DeepSeek-V2 (MoE-236B)", ("DeepSeek-V2", "DeepSeek V2", "DeepSeek-V2-Chat")),
    ("DeepSeek-Coder-V2 236B", ("DeepSeek-Coder-V2", "DeepSeek-Coder-V2-Instruct")),
    ("gpt-oss-120b", ("gpt-oss-120b", "openai/gpt-oss-120b", "GPT-OSS 120B")),
    ("GPT-2 (1.5B)", ("GPT-2 XL", "gpt2-xl", "GPT-2 1.5B")),
    ("phi-3-mini 3.8B", ("Phi-3 mini", "Phi-3-mini-4k-instruct", "phi-3-mini")),
    ("Phi-4 Mini", ("Phi-4-mini", "Phi-4-mini-instruct")),
    ("Cohere Command A", ("Command A", "Cohere Command A", "command-a-03-2025")),
    ("Command R+", ("Command R+", "Command R Plus", "c4ai-command-r-plus")),
]
# Epoch's Parameters for the size-less matches (checked against ours within 10%).
_PARAMS = {"DeepSeek-Coder-V2 236B": 236, "phi-3-mini 3.8B": 3.8}
_OUR_PARAMS = {"DeepSeek-Coder-V2": 236, "Phi-3 mini": 3.82}


def test_common_epoch_spellings_match_builtins() -> None:
    ours = [builtin(names[0], *names[1:], params_b=_OUR_PARAMS.get(names[0])) for _, names in SPELLINGS]
    ours.append(builtin("Command R", "Command-R"))  # must not swallow "Command R+"
    theirs = [epoch(spelling, organization="Org", params_b=_PARAMS.get(spelling)) for spelling, _ in SPELLINGS]
    merged, report = merge_models(ours, theirs)
    assert report.matched == {names[0]: spelling for spelling, names in SPELLINGS}
    assert report.added == [] and report.shadowed == []
    assert report.unchanged == ["Command R"]
    assert [r.name for r in merged] == [r.name for r in ours]


@pytest.mark.parametrize(
    ("theirs", "ours"),
    [
        ("OPT-13B", ("OPT-1.3B",)),  # same letters and digits, different number
        ("Odyssey 12B", ("Odyssey 1.2B",)),
        ("Llama 2-34B", ("Llama 2 7B", "llama2 7b")),  # loose key without the size, but sizes differ
        ("Qwen2.5-Math-7B-Base", ("Qwen2.5 7B", "Qwen2.5-7B")),
        ("Llama 3.2 11B", ("Llama 3.2 11B Vision",)),  # different words: left to the curators
    ],
)
def test_different_models_do_not_match(theirs: str, ours: tuple[str, ...]) -> None:
    merged, report = merge_models([builtin(*ours, params_b=7.0)], [epoch(theirs, params_b=34.0)])
    assert report.matched == {}
    assert report.added == [theirs]
    assert len(merged) == 2


def test_merge_field_rules_and_provenance() -> None:
    arch = Architecture(layers=2, hidden_size=8, attention_heads=2, kv_heads=2, head_dim=4,
                        attention=[AttentionGroup(kind="full", layers=2)], source="https://example/config.json")
    ours = builtin("GLM-4.5V", "GLM 4.5V", params_b=106.0, active_params_b=12.0, architecture=arch,
                   license="MIT", organization="Zhipu", huggingface="zai-org/GLM-4.5V")
    theirs = epoch("GLM-4.5V", aliases=["ignored"], params_b=108.0, active_params_b=11.0,
                   organization="Z.ai (Zhipu AI),Tsinghua University", huggingface="zai-org",
                   publication_date=date(2025, 8, 15), training_compute_flop=1.8e24,
                   training_compute_method="Operation counting", training_data_size=2e12,
                   training_hardware="H800", weights="Open weights (unrestricted)", training_code="Unreleased",
                   confidence="Confident", citations=12, reference="GLM-4.5V paper", link="https://arxiv.org/x",
                   last_updated=date(2025, 11, 28), domain=["Vision"], tasks=["Chat"], country="China")
    [merged], report = merge_models([ours], [theirs])
    assert report.updated == ["GLM-4.5V"] and report.added == [] and report.unchanged == []
    # the built-in wins where it has a value
    assert (merged.name, merged.aliases, merged.params_b, merged.active_params_b) == ("GLM-4.5V", ["GLM 4.5V"], 106, 12)
    assert merged.architecture == arch and merged.license == "MIT"
    assert merged.organization == "Zhipu" and merged.huggingface == "zai-org/GLM-4.5V"
    # Epoch fills what the built-in left empty
    assert merged.publication_date == date(2025, 8, 15)
    assert merged.training_compute_flop == 1.8e24
    assert merged.training_compute_method == "Operation counting"
    assert merged.training_data_size == 2e12
    assert merged.training_hardware == "H800"
    assert merged.weights == "Open weights (unrestricted)"
    assert merged.training_code == "Unreleased"
    assert merged.confidence == "Confident" and merged.citations == 12
    assert merged.reference == "GLM-4.5V paper" and merged.link == "https://arxiv.org/x"
    assert merged.last_updated == date(2025, 11, 28)
    assert merged.domain == ["Vision"] and merged.tasks == ["Chat"] and merged.country == "China"
    assert merged.provenance == {**ours.provenance, "epoch": theirs.provenance["epoch"]}


def test_merge_snapshot_provenance_and_params_pair() -> None:
    snap = read_epoch(SAMPLES / "edge_2025-04.csv")
    ours = builtin("Delta 7B")  # no parameters of our own: Epoch's pair is taken
    [merged], report = merge_models([ours], snap.records, snap)
    assert report.updated == ["Delta 7B"]
    assert merged.params_b == 7.0
    assert merged.provenance["epoch"].detail.startswith("Epoch AI Data on AI Models, snapshot 2025-04-01")


def test_merge_report_order_and_unchanged() -> None:
    full = builtin("Full", organization="O", publication_date=date(2024, 1, 1))
    ours = [builtin("Zeta 7B", params_b=7.0), full, builtin("Unknown To Epoch", params_b=1.0)]
    theirs = [
        epoch("New B", params_b=3.0),
        epoch("Zeta-7B", organization="Z org"),
        epoch("Full", organization="Other", publication_date=date(2020, 1, 1)),  # nothing new
        epoch("New A"),  # no parameters: still added
    ]
    merged, report = merge_models(ours, theirs)
    assert [r.name for r in merged] == ["Zeta 7B", "Full", "Unknown To Epoch", "New B", "New A"]
    assert report.updated == ["Zeta 7B"]
    assert report.unchanged == ["Full", "Unknown To Epoch"]
    assert report.added == ["New B", "New A"]
    assert merged[1] is full  # untouched records are returned as they are
    assert "epoch" not in merged[1].provenance
    assert merged[4].params_b is None and merged[4].provenance["epoch"].source == "epoch"


def test_shadowed_alias_rows_are_not_added() -> None:
    ours = [builtin("Mistral Large 2", "mistral-large", "Mistral-Large-Instruct-2407", params_b=123.0)]
    theirs = [epoch("Mistral Large", organization="Mistral AI"),  # v1: same key as our alias
              epoch("Mistral Large 2", organization="Mistral AI", params_b=123.0)]
    merged, report = merge_models(ours, theirs)
    assert report.matched == {"Mistral Large 2": "Mistral Large 2"}  # the name beats the alias
    assert report.shadowed == ["Mistral Large"]
    assert report.added == []
    assert len(merged) == 1


def test_ambiguous_loose_matches_are_not_taken() -> None:
    ours = [builtin("TinyLlama 1.1B", "TinyLlama-1.1B-Chat-v1.0", params_b=1.1)]
    theirs = [epoch("TinyLlama-1.1B (1T token checkpoint)", params_b=1.1),
              epoch("TinyLlama-1.1B (3T token checkpoint)", params_b=1.1)]
    _, report = merge_models(ours, theirs)
    assert report.matched == {}
    assert report.added == [r.name for r in theirs]


def test_real_merge_matches_known_builtins(snap2026: EpochSnapshot) -> None:
    ours = load_builtin_models()
    merged, report = merge_models(ours, snap2026.records, snap2026)
    assert [r.name for r in merged[: len(ours)]] == [r.name for r in ours]
    assert len(merged) == len(ours) + len(report.added)
    assert set(report.updated) | set(report.unchanged) == {r.name for r in ours}
    assert len({r.name for r in merged}) == len(merged)
    expected = {"Llama 3.1 405B": "Llama 3.1-405B", "Qwen2.5 72B": "Qwen2.5-72B", "GLM-4.5V": "GLM-4.5V",
                "gpt-oss-120b": "gpt-oss-120b", "DeepSeek-V3": "DeepSeek-V3", "Gemma 2 27B": "Gemma 2 27B",
                "Mixtral 8x22B": "Mixtral 8x22B", "TiTok-L": "TiTok-L", "Phi-3 mini": "phi-3-mini 3.8B"}
    names = {r.name for r in ours}
    for our_name, their_name in expected.items():
        if our_name in names:  # the curated set is still growing; only check what is there
            assert report.matched.get(our_name) == their_name
    glm = next((r for r in merged if r.name == "GLM-4.5V"), None)
    if glm is not None:
        assert glm.weights == "Open weights (unrestricted)"  # ours, or filled from Epoch
        assert ("epoch" in glm.provenance) == (glm.name in report.updated)
