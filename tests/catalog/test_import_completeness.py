"""An Epoch import is complete or refused, and the catalog is left as it was: downloads cut short
(even at a row boundary), slow-drip servers, lying headers, special files, zips that lie about their
size or carry impossible dates, and snapshots that would remove many imported models. No secret of
a URL appears in any message or in the catalog."""

from __future__ import annotations

import asyncio
import http.server
import os
import struct
import threading
import time
import zipfile
from pathlib import Path

import pytest

from bot.cli.parser import main
from catalog import epoch_source
from catalog.build import import_epoch
from catalog.epoch import EpochFormatError, read_epoch

HEADER = "Model,Parameters\n"


def _snapshot(n: int) -> bytes:
    return (HEADER + "".join(f"Model number {i},{7 + i}000000000\n" for i in range(n))).encode()


FULL = _snapshot(40)
CUT_AT_ROW = FULL[: FULL.index(b"Model number 20,")]  # ends with a line break, as a whole file does


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:  # quiet tests
        pass

    def do_GET(self) -> None:  # noqa: N802 — http.server's name
        path = self.path.split("?")[0]
        if path == "/full.csv":
            self._head(len(FULL))
            self.wfile.write(FULL)
        elif path == "/cut.csv":  # announces the whole file, sends two thirds at a row boundary, hangs up
            self._head(len(FULL))
            self.wfile.write(CUT_AT_ROW)
            self.close_connection = True
        elif path == "/no-length.csv":  # HTTP/1.0 style: the end is only the connection closing
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(CUT_AT_ROW)
            self.close_connection = True
        elif path == "/short-length.csv":  # a header that lies: fewer bytes announced than sent
            self._head(len(HEADER) + 10)
            self.wfile.write(FULL)
            self.close_connection = True
        elif path == "/gzip.csv":
            self.send_response(200)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(FULL)))
            self.end_headers()
            self.wfile.write(FULL)
        elif path == "/drip.csv":  # a byte at a time, for far longer than the deadline
            self._head(len(FULL))
            try:
                for byte in FULL:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(0.05)
            except OSError:
                pass
            self.close_connection = True
        else:
            self.send_error(404)

    def _head(self, length: int) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        self.send_header("Content-Length", str(length))
        self.end_headers()


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def db(built_db, tmp_path) -> Path:
    path = tmp_path / "catalog.db"
    path.write_bytes(built_db.read_bytes())
    return path


def _refused(db: Path, source: str, capsys, *extra: str) -> str:
    before = db.read_bytes()
    capsys.readouterr()
    assert main(["catalog", "import-epoch", source, "--db", str(db), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tpsbot: error: nothing imported") and err.count("\n") == 1, err
    assert db.read_bytes() == before
    return err


# ----------------------------------------------------------------------------- over HTTP

def test_a_whole_download_is_imported(server, db) -> None:
    result = asyncio.run(import_epoch(db, f"{server}/full.csv"))
    assert result["rows"] == 40


@pytest.mark.parametrize("path,why", [
    ("/cut.csv", "cut short"),
    ("/no-length.csv", "Content-Length"),
    ("/short-length.csv", "line break"),
    ("/gzip.csv", "compressed"),
])
def test_a_download_cut_short_or_with_lying_headers_is_refused(server, db, capsys, path, why) -> None:
    assert why in _refused(db, f"{server}{path}", capsys)


def test_a_slow_drip_server_meets_a_deadline_for_the_whole_download(server) -> None:
    started = time.monotonic()
    with pytest.raises(EpochFormatError, match="not complete after 0.5 s"):
        read_epoch(f"{server}/drip.csv", deadline_s=0.5)
    assert time.monotonic() - started < 20  # the drip would last 40 × 17 × 0.05 s ≈ 34 s


def test_the_deadline_follows_the_clock_not_the_reads(server) -> None:
    ticks = iter(range(10**6))  # a clock that moves a second per look: the deadline passes at the 3rd read
    with pytest.raises(EpochFormatError, match="not complete after 2 s"):
        epoch_source.download(f"{server}/drip.csv", deadline_s=2, clock=lambda: float(next(ticks)))


def test_no_secret_of_a_url_is_shown_or_stored(server, db, capsys) -> None:
    base = server.replace("http://", "http://reader:s3cr3t-pass@")
    err = _refused(db, f"{base}/cut.csv?token=t0k3n-value", capsys)
    err += _refused(db, f"{base}/missing.csv?token=t0k3n-value", capsys)
    assert "127.0.0.1" in err
    result = asyncio.run(import_epoch(db, f"{base}/full.csv?token=t0k3n-value"))
    capsys.readouterr()
    assert main(["catalog", "info", "--db", str(db), "--json"]) == 0
    shown = err + str(result) + capsys.readouterr().out + db.read_bytes().decode("latin-1")
    assert "s3cr3t" not in shown and "t0k3n" not in shown and "reader" not in shown


# ----------------------------------------------------------------------------- local files

@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_special_files_are_refused_without_reading(db, tmp_path, capsys, special) -> None:
    if special == "fifo":
        special = str(tmp_path / "fifo.csv")
        os.mkfifo(special)
    done: list[str] = []
    thread = threading.Thread(target=lambda: done.append(_refused(db, special, capsys)), daemon=True)
    thread.start()
    thread.join(60)
    assert done and "not a regular file" in done[0]


def test_a_file_cut_at_a_row_boundary_needs_replace(db, tmp_path, capsys) -> None:
    whole, cut = tmp_path / "whole.csv", tmp_path / "cut.csv"
    whole.write_bytes(FULL)
    cut.write_bytes(CUT_AT_ROW)
    assert main(["catalog", "import-epoch", str(whole), "--db", str(db)]) == 0
    assert "--replace" in _refused(db, str(cut), capsys)
    assert main(["catalog", "import-epoch", str(cut), "--db", str(db), "--replace"]) == 0


def test_a_file_cut_inside_its_last_row_is_refused(db, tmp_path, capsys) -> None:
    cut = tmp_path / "cut.csv"
    cut.write_bytes(FULL[:-4])  # "…,46000000000" → "…,46000000": the right number of fields
    assert "line break" in _refused(db, str(cut), capsys)


# ----------------------------------------------------------------------------- zips

def _patch_sizes(raw: bytes, size: int) -> bytes:
    """The uncompressed size in the local and the central header set to `size` (a lying header)."""
    out = bytearray(raw)
    local = out.index(b"PK\x03\x04")
    out[local + 22:local + 26] = struct.pack("<I", size)
    central = out.index(b"PK\x01\x02")
    out[central + 24:central + 28] = struct.pack("<I", size)
    return bytes(out)


def test_a_zip_whose_header_lies_about_its_size_is_refused(db, tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setattr(epoch_source, "MAX_BYTES", 1 << 20)
    big = HEADER.encode() + b"Model number 1,7000000000\n" * 200_000  # 5 MB, compresses to a few KB
    path = tmp_path / "all_ai_models.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("all_ai_models.csv", big)
    path.write_bytes(_patch_sizes(path.read_bytes(), 1000))
    assert "could not extract" in _refused(db, str(path), capsys)
    honest = tmp_path / "honest.zip"
    with zipfile.ZipFile(honest, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("all_ai_models.csv", big)
    assert "larger than 1 MB" in _refused(db, str(honest), capsys)


def test_a_zip_entry_with_an_impossible_date_is_one_line(db, tmp_path, capsys) -> None:
    path = tmp_path / "snapshot.zip"
    info = zipfile.ZipInfo("all_ai_models.csv", date_time=(2025, 13, 0, 0, 0, 0))
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(info, FULL)
    assert "impossible date" in _refused(db, str(path), capsys)


def test_a_zip_cut_short_is_refused(db, tmp_path, capsys) -> None:
    path = tmp_path / "snapshot.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("all_ai_models.csv", FULL)
    path.write_bytes(path.read_bytes()[:-30])
    assert "zip" in _refused(db, str(path), capsys)


@pytest.mark.parametrize("url", ["http://[::1/ok.csv", "http://127.0.0.1:99999/ok.csv", "http:///ok.csv",
                                 "https://reader:s3cr3t@[::1/ok.csv?token=t0k3n"])
def test_a_malformed_url_is_one_line(db, capsys, url) -> None:
    err = _refused(db, url, capsys)
    assert "Traceback" not in err and "s3cr3t" not in err and "t0k3n" not in err
