#!/usr/bin/env python3
"""Fetch one file of a pinned npm package into the site at build time (standard library + npm).

    from npm_vendor import vendor   # tools/ on sys.path
    vendor("qrcode-generator", out_dir / "vendor")    # -> dist/vendor/qrcode-generator.mjs

The package's tarball is fetched with ``npm pack`` into ``.cache/`` and checked against the
integrity the registry reports for that version (``npm view <pkg>@<version> dist.integrity``),
pinned in :data:`PINS`; a tarball that does not match is deleted and refused. The wanted file is
copied out under the pin's name, with the package's license note at its top.

    python3 tools/npm_vendor.py qrcode-generator DIR   fetches and copies into DIR (prints the path)
"""
from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache"


@dataclass(frozen=True)
class Pin:
    """One file of one npm package version: ``member`` inside the tarball (``package/...``),
    copied as ``name``; ``integrity`` is the registry's ``dist.integrity`` (SRI, sha512);
    ``shipped``: whether the site ships it (False: only the tests use it)."""

    package: str
    version: str
    integrity: str
    member: str
    name: str
    license: str
    shipped: bool


PINS: dict[str, Pin] = {
    # QR codes of invitations and reply codes (web/net/qr.js); MIT, Kazuhiko Arase.
    "qrcode-generator": Pin(
        "qrcode-generator", "2.0.4",
        "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g==",
        "package/dist/qrcode.mjs", "qrcode-generator.mjs", "MIT", True),
    # The accessibility checker of the browser tests (tests/browser/a11y.py, build.axe_script); MPL-2.0.
    "axe-core": Pin(
        "axe-core", "4.14.1",
        "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
        "package/axe.min.js", "axe-core-4.14.1.min.js", "MPL-2.0", False),
    # Reading QR codes in the browser tests (tests/browser/test_multiplayer.py); Apache-2.0.
    "jsqr": Pin(
        "jsqr", "1.4.0",
        "sha512-dxLob7q65Xg2DvstYkRpkYtmKm2sPJ9oFhrhmudT1dZvNFFTlroai3AWSpLey/w5vMcLBXRgOJsbXpdN9HzU/A==",
        "package/dist/jsQR.js", "jsQR.js", "Apache-2.0", False),
}


class VendorError(RuntimeError):
    """npm is missing, the tarball does not match its pinned integrity, or lacks the file."""


def sri_matches(path: Path, integrity: str) -> bool:
    """True if the file matches an npm/SRI integrity string such as 'sha512-<base64>'."""
    algo, _, expected = integrity.partition("-")
    digest = hashlib.new(algo)
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return base64.b64encode(digest.digest()).decode() == expected


def tarball(pin: Pin, cache: Path = CACHE) -> Path:
    """The verified tarball of ``pin`` in ``cache``, fetched with ``npm pack`` when missing.
    Raises VendorError when npm is missing or the tarball does not match ``pin.integrity``."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"{pin.package}-{pin.version}.tgz"
    if path.exists() and sri_matches(path, pin.integrity):
        return path
    path.unlink(missing_ok=True)
    npm = shutil.which("npm")
    if not npm:
        raise VendorError("npm not found: install Node.js and npm (Debian: apt-get install npm)")
    subprocess.run([npm, "pack", f"{pin.package}@{pin.version}", "--pack-destination", str(cache), "--silent"],
                   check=True, stdout=subprocess.DEVNULL)
    if not path.exists() or not sri_matches(path, pin.integrity):
        path.unlink(missing_ok=True)
        raise VendorError(f"{pin.package}@{pin.version} tarball missing or not matching {pin.integrity}")
    return path


def vendor(package: str, out_dir: Path, cache: Path = CACHE) -> Path:
    """Copy the pinned file of ``package`` (a key of :data:`PINS`) into ``out_dir``; its path.
    Raises KeyError for a package not pinned, VendorError as :func:`tarball`."""
    pin = PINS[package]
    source = tarball(pin, cache)
    with tarfile.open(source, "r:gz") as tar:
        member = tar.extractfile(pin.member)
        if member is None:
            raise VendorError(f"{pin.member} missing from {source.name}")
        body = member.read()
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / pin.name
    note = f"/* {pin.package}@{pin.version} ({pin.license}), from npm; see its package for the license text */\n"
    partial = target.with_suffix(target.suffix + ".partial")
    partial.write_bytes(note.encode() + body)
    partial.replace(target)
    return target


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in PINS:
        print(__doc__)
        sys.exit(2)
    print(vendor(sys.argv[1], Path(sys.argv[2])))
