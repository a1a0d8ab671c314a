"""Playing with friends, without a browser (issue #28): the npm vendoring of the QR library
(tools/npm_vendor.py) and docs/multiplayer.md against web/net/protocol.js.

The browser tests are tests/browser/test_multiplayer.py."""
from __future__ import annotations

import base64
import hashlib
import io
import re
import shutil
import sys
import tarfile
from pathlib import Path

import pytest
from pytest import MonkeyPatch

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import npm_vendor  # noqa: E402

PROTOCOL = (ROOT / "web" / "net" / "protocol.js").read_text()
DOC = (ROOT / "docs" / "multiplayer.md").read_text()


def fake_tarball(cache: Path, pin: npm_vendor.Pin, body: bytes) -> str:
    """Write <package>-<version>.tgz holding pin.member with `body` into cache; its SRI."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w:gz") as tar:
        info = tarfile.TarInfo(pin.member)
        info.size = len(body)
        tar.addfile(info, io.BytesIO(body))
    (cache / f"{pin.package}-{pin.version}.tgz").write_bytes(raw.getvalue())
    return "sha512-" + base64.b64encode(hashlib.sha512(raw.getvalue()).digest()).decode()


def test_vendor_copies_the_pinned_file_with_its_license_note(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    pin = npm_vendor.Pin("demo-pkg", "1.2.3", "", "package/dist/demo.mjs", "demo.mjs", "MIT", True)
    integrity = fake_tarball(tmp_path, pin, b"export default 1;\n")
    monkeypatch.setitem(npm_vendor.PINS, "demo-pkg", npm_vendor.Pin(**{**pin.__dict__, "integrity": integrity}))
    monkeypatch.setattr(shutil, "which", lambda name: None)  # the cache must suffice
    out = npm_vendor.vendor("demo-pkg", tmp_path / "dist" / "vendor", cache=tmp_path)
    assert out == tmp_path / "dist" / "vendor" / "demo.mjs"
    assert out.read_text() == "/* demo-pkg@1.2.3 (MIT), from npm; see its package for the license text */\nexport default 1;\n"


def test_vendor_refuses_a_tarball_that_does_not_match_its_pin(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    pin = npm_vendor.Pin("demo-pkg", "1.2.3", "", "package/dist/demo.mjs", "demo.mjs", "MIT", True)
    good = fake_tarball(tmp_path, pin, b"export default 1;\n")
    fake_tarball(tmp_path, pin, b"export default 2; // changed\n")
    monkeypatch.setitem(npm_vendor.PINS, "demo-pkg", npm_vendor.Pin(**{**pin.__dict__, "integrity": good}))
    monkeypatch.setattr(shutil, "which", lambda name: None)  # no npm to fetch it again
    with pytest.raises(npm_vendor.VendorError, match="npm not found"):
        npm_vendor.vendor("demo-pkg", tmp_path / "out", cache=tmp_path)
    assert not (tmp_path / "demo-pkg-1.2.3.tgz").exists()  # the tarball that did not match is gone
    assert not (tmp_path / "out" / "demo.mjs").exists()


def test_the_shipped_qr_library_is_pinned_by_integrity() -> None:
    pin = npm_vendor.PINS["qrcode-generator"]
    assert pin.shipped and pin.integrity.startswith("sha512-") and len(base64.b64decode(pin.integrity[7:])) == 64
    assert pin.name == "qrcode-generator.mjs"
    assert '"../vendor/qrcode-generator.mjs"' in (ROOT / "web" / "net" / "qr.js").read_text()


def js_list(name: str) -> list[str]:
    m = re.search(rf"export const {name} = Object\.freeze\(\[([^\]]*)\]\)", PROTOCOL)
    assert m, name
    return re.findall(r'"(\w+)"', m.group(1))


def test_the_doc_names_every_message_type_and_refusal() -> None:
    types = js_list("GUEST_TYPES") + js_list("HOST_TYPES")
    assert len(types) == 11  # protocol 2 added `hint` both ways (docs/multiplayer.md)
    for t in types:
        assert f"| `{t}` |" in DOC, t
    block = PROTOCOL[PROTOCOL.index("export const REFUSALS"):PROTOCOL.index("export function refusalText")]
    keys = re.findall(r"^  (\w+): \{", block, re.M)
    assert len(keys) == 15
    for key in keys:
        assert f"`{key}`" in DOC, key


def test_the_doc_states_the_protocol_limits() -> None:
    limits = dict(re.findall(r"^  (\w+): (\d+),", PROTOCOL, re.M))
    assert limits["guestMessage"] == "16384" and "**16,384 characters**" in DOC
    assert limits["hostMessage"] == "2000000" and "2,000,000 characters" in DOC
    assert limits["name"] == "24" and "at most 24 characters" in DOC
    assert limits["text"] == "200" and limits["list"] == "120" and limits["depth"] == "4" and limits["keys"] == "16"
    assert "at most\n200 characters" in DOC or "at most 200 characters" in DOC.replace("\n", " ")
    signal = (ROOT / "web" / "net" / "signal.js").read_text()
    assert "MAX_CODE = 8000" in signal and "8,000 characters" in DOC
    assert "MAX_JSON = 32768" in signal and "32,768 bytes" in DOC
