"""The page's wheel is shipped as one gzip stream (build.gzipped_wheel, docs/performance.md "Page
load"): a zip with the same members, stored, gzipped whole; named so that no host turns it into a
Content-Encoding; byte-identical for the same input; the lock's hashes match what the worker checks."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import mimetypes
import zipfile
from pathlib import Path

import build

MEMBERS = {"meldtable/__init__.py": b"x = 1\n" * 50, "meldtable/api.py": b"def handle(s):\n return s\n" * 40,
           "meldtable-0.1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\n"}


def make_wheel(path: Path) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in MEMBERS.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)


def test_gzipped_wheel_is_the_same_zip_stored_in_one_gzip_stream(tmp_path: Path) -> None:
    wheel = tmp_path / "meldtable-0.1.0-cp314-none-any.whl"
    make_wheel(wheel)
    out, unpacked_sha256 = build.gzipped_wheel(wheel)
    assert out.name == "meldtable-0.1.0-cp314-none-any.whl.gzip"
    assert not wheel.exists()  # replaced: only the .gzip is shipped
    shipped = out.read_bytes()
    assert shipped[:2] == b"\x1f\x8b"  # the worker tells gzip from an already-decoded zip by this
    inner = gzip.decompress(shipped)
    assert hashlib.sha256(inner).hexdigest() == unpacked_sha256
    with zipfile.ZipFile(io.BytesIO(inner)) as zf:
        assert zf.namelist() == list(MEMBERS)
        assert all(info.compress_type == zipfile.ZIP_STORED for info in zf.infolist())
        assert {name: zf.read(name) for name in MEMBERS} == MEMBERS
        assert all(info.date_time == (1980, 1, 1, 0, 0, 0) for info in zf.infolist())
    # the same input gives the same bytes (no file name or time in the gzip header)
    again = tmp_path / "again" / wheel.name
    again.parent.mkdir()
    make_wheel(again)
    assert build.gzipped_wheel(again)[0].read_bytes() == shipped


def test_no_host_maps_the_suffix_to_a_content_encoding() -> None:
    """Apache's `AddEncoding x-gzip .gz`, Python's mimetypes and the like decode `.gz` files on the
    way; `.gzip` is no encoding suffix there, and build.py serves it as application/gzip."""
    assert build.WHEEL_GZIP_SUFFIX == ".gzip"
    assert mimetypes.guess_type("meldtable-0.1.0-cp314-none-any.whl.gzip")[1] is None
    assert mimetypes.guess_type("meldtable-0.1.0-cp314-none-any.whl.gz")[1] == "gzip"
    assert build.MIME_TYPES[".gzip"] == "application/gzip"
    assert build.WHEEL_GZIP_SUFFIX in build.ALREADY_COMPRESSED  # --precompress leaves it alone


def test_the_lock_names_both_hashes(tmp_path: Path) -> None:
    (tmp_path / "python_stdlib.zip").write_bytes(b"PK")
    shipped = tmp_path / "meldtable-0.1.0-cp314-none-any.whl.gzip"
    shipped.write_bytes(gzip.compress(b"zip"))
    build.write_app_lock(tmp_path, {"arch": "wasm32"}, shipped, unpacked_sha256="ab" * 32)
    entry = json.loads((tmp_path / "app-lock.json").read_text())["packages"]["meldtable"]
    assert entry["file_name"] == "../wheels/meldtable-0.1.0-cp314-none-any.whl.gzip"
    assert entry["version"] == "0.1.0"
    assert entry["sha256"] == build.sha256_file(shipped)
    assert entry["unpacked_sha256"] == "ab" * 32
