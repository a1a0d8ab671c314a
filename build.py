#!/usr/bin/env python3
"""Build, serve and test the meldtable static site.

    python build.py                      build the engine wheel and the static site in dist/
    python build.py serve [--port 8000]  build, then serve dist/ at http://127.0.0.1:8000
    python build.py test [pytest args]   set up .venv/ and Chromium, mypy + ruff, build, run pytest
    --full-stdlib (any command)          ship the whole byte-compiled standard library instead of
                                         only the modules the page imports (tools/trace-stdlib.mjs)
    --stock-stdlib (any command)         ship Pyodide's stdlib zip unchanged (whole, not byte-
                                         compiled: starts about 3 s slower)
    --source-wheel (any command)         let the page load the engine wheel's .py sources as
                                         built, instead of its minified copy
    --pyc-wheel (any command)            let the page load the engine byte-compiled instead of
                                         its minified sources (larger, imports faster once)
    --no-minify (any command)            ship the page's JavaScript and CSS as written in web/
                                         (not minified by esbuild)
    --precompress (any command)          also write .br and .gz copies of the large files, for
                                         hosts that send precompressed files (not precached)

Standard library only; runs with any CPython >= 3.11. Needs node/npm (to fetch Pyodide)
and, for `test`, apt-get when Chromium or venv support is missing.
"""
from __future__ import annotations

import argparse
import ast
import base64
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, BinaryIO, cast

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
import js_check  # noqa: E402  (tools/js_check.py: ESLint and tsc --checkJs over web/)
import npm_vendor  # noqa: E402  (tools/npm_vendor.py: pinned npm files, integrity-checked)
from npm_vendor import sri_matches  # noqa: E402

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
REQUIREMENTS_TEST = ROOT / "requirements-test.txt"

PYODIDE_VERSION = "314.0.7"
# What `npm view pyodide@314.0.7 dist.integrity` reports; the tarball is checked against it.
PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
# The only Pyodide files the site needs (research: docs/../pyodide-pwa.md section 0).
# The page's JavaScript and CSS are minified at build time by esbuild (npm package `esbuild`,
# pinned; npm checks the package and its platform binary against the registry's integrity).
ESBUILD_VERSION = "0.28.2"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
ENGINE_PACKAGE = "meldtable"
# Files copied next to engine/ when building the wheel in a scratch directory.
WHEEL_SOURCE_FILES = ("pyproject.toml", "README.md", "LICENSE", "setup.cfg", "MANIFEST.in")
# The standard library ships trimmed to what the page imports: tools/trace-stdlib.mjs runs
# Pyodide under Node, boots it as the worker does, imports the engine being built, takes and
# restores the memory snapshot and plays every variant, player count and JSON op; it also
# imports every module the engine's sources name in an import statement (also inside
# functions). This list adds what neither shows being imported but the page may import later;
# the trace imports each entry too, so what they import comes along. A module missing at run
# time is reported by the worker as an error naming it (web/engine-worker.mjs); `--full-stdlib`
# ships everything.
STDLIB_LAZY = (
    # Pyodide formats a Python error that reaches JavaScript with traceback (the worker reports
    # boot errors that way) and warnings print through linecache. Both are imported by
    # Pyodide's start today; kept here should that change.
    "traceback", "linecache", "tokenize", "warnings",
    # Codecs looked up by name: only UTF-8 is built in (the engine reads no files; these are
    # what a text file opened with encoding="ascii"/"latin-1" would need), and zipfile, which
    # Pyodide's start imports, decodes member names without the UTF-8 flag as cp437 (Pyodide's
    # loadPackage unpacks wheels with it; bench/load_bench.py's import test does). About 4 KB.
    "encodings.ascii", "encodings.latin_1", "encodings.cp437",
    # copy.deepcopy / copy.copy: the engine's families import copy inside functions (the
    # static scan finds them); deep copies of dicts with custom classes reach copyreg.
    "copy", "copyreg",
)
# Fixed zip timestamps (1980-01-01) so an unchanged engine gives a byte-identical wheel.
SOURCE_DATE_EPOCH = "315532800"

# The service worker (web/sw.js) precaches every shipped file except these; index.html is
# stored under "./" (what start_url and navigations ask for).
SERVICE_WORKER = "sw.js"
NOT_PRECACHED = (SERVICE_WORKER, "version.json")
# The documentation (rules pages, guided hands, live demos: issue #12) is precached in a second
# tier ("later" in sw.js): not at the first install, so a first visit downloads only what the
# game needs (issue #16's 5 MB), but at the next start, and at once when it is visited online.
# Paths relative to the site: a folder ends with "/". None of these may be imported by the page
# itself (tests/browser/test_pwa.py checks the page's module graph).
PRECACHED_LATER = ("rules/", "guides/", "rules.css", "guide.html", "guide.js", "guide.css",
                   "embed.js", "embed-position.js", "embed.css", "embed-loader.js",
                   # game records (issue #30): the replay page, opened from the score sheet or a link
                   "replay.html", "replay.js", "replay.css",
                   # play with friends (issue #28): web/net/ and the QR code library, which the page
                   # imports only when the player opens it (app.js: import("./net/lobby.js")); opened
                   # online before the second start, each file is stored as it passes (sw.js)
                   "net/", "vendor/",
                   # the manifest's icons and the apple-touch-icon: the page shows none of them (its
                   # icon is favicon.svg); the browser asks for them when it installs the app
                   "icons/")
SHELL_PAGE = "index.html"


class BuildError(Exception):
    """A build step failed; the message says what to do."""


# The page's one inline script: it creates the engine's worker before anything is requested
# (docs/architecture.md, "Start-up"). The policy below allows exactly this text by its sha256.
EARLY_SCRIPT = re.compile(r'<script id="engine-early">(.*?)</script>', re.S)


def inline_script_sources(page: Path) -> list[str]:
    """The CSP source expressions ('sha256-<base64>') of the page's EARLY_SCRIPT: none when the
    page or the script is missing. Raises BuildError for more than one."""
    if not page.exists():
        return []
    found = EARLY_SCRIPT.findall(page.read_text(encoding="utf-8"))
    if len(found) > 1:
        raise BuildError(f"{page.name} has {len(found)} inline scripts with id=engine-early; one is allowed")
    return [f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'" for text in found]


# Content-Security-Policy of the page: the meta tag in web/index.html must say exactly this
# (checked at build time), and `serve` sends it as a header too, which also covers the worker
# and the service worker (a meta tag reaches only the page). Pyodide needs 'wasm-unsafe-eval'
# to compile WebAssembly; the early start (EARLY_SCRIPT) is allowed by its hash; nothing needs
# 'unsafe-inline' or 'unsafe-eval'.
CSP = ("default-src 'self'; script-src 'self' "
       + "".join(f"{source} " for source in inline_script_sources(WEB / SHELL_PAGE))
       + "'wasm-unsafe-eval'; style-src 'self'; "
       "img-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
       "object-src 'none'; base-uri 'self'; form-action 'self'")

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".gzip": "application/gzip",  # the page's wheel (gzipped_wheel); never a Content-Encoding
}


def log(message: str) -> None:
    """Print a progress line of this script."""
    print(f"[build] {message}", flush=True)


def run(cmd: Sequence[str | os.PathLike[str]], **kwargs: Any) -> subprocess.CompletedProcess[Any]:
    """Run a command, echoing it, and raise BuildError when it fails."""
    log("$ " + " ".join(str(c) for c in cmd))
    try:
        return subprocess.run(cmd, check=True, **kwargs)
    except FileNotFoundError as exc:
        raise BuildError(f"command not found: {cmd[0]}") from exc
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"command failed (exit {exc.returncode}): {' '.join(map(str, cmd))}") from exc


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# --------------------------------------------------------------------------- system setup

_apt_updated = False


def apt_install(*packages: str) -> bool:
    """Install Debian packages when running as root with apt-get; return True on success."""
    global _apt_updated
    if not shutil.which("apt-get") or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        if not _apt_updated:
            run(["apt-get", "update"], env=env)
            _apt_updated = True
        run(["apt-get", "install", "-y", *packages], env=env)
    except BuildError as exc:
        log(f"apt-get failed: {exc}")
        return False
    return True


def find_chromium() -> str | None:
    """Path of a Chromium binary: $CHROMIUM_PATH, then chromium/chromium-browser on PATH."""
    candidates = [os.environ.get("CHROMIUM_PATH"), shutil.which("chromium"),
                  shutil.which("chromium-browser"), "/usr/bin/chromium"]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def ensure_chromium() -> str | None:
    """Find Debian's Chromium, installing it with apt-get when possible; None if unavailable."""
    path = find_chromium()
    if path:
        return path
    log("Chromium not found; trying `apt-get install chromium`")
    if apt_install("chromium"):
        path = find_chromium()
        if path:
            return path
    log("Chromium is not available, so the browser tests cannot run. Install it with\n"
        "    sudo apt-get install chromium        (Debian/Ubuntu)\n"
        "or set CHROMIUM_PATH to a Chromium/Chrome binary. Browser tests are skipped\n"
        "(or fail when the environment variable CI is set).")
    return None


# --------------------------------------------------------------------------- the engine wheel

def pip_python() -> str:
    """An interpreter that has pip: this one if it does, else the .venv/ one (created if needed)."""
    probe = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True)
    if probe.returncode == 0:
        return sys.executable
    return str(ensure_venv())


def build_wheel(out_dir: Path) -> Path:
    """Build the engine wheel from a scratch copy of the sources (no stale build/ dirs) into out_dir."""
    python = pip_python()
    with tempfile.TemporaryDirectory(prefix="meldtable-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in WHEEL_SOURCE_FILES:
            if (ROOT / name).exists():
                shutil.copy2(ROOT / name, src / name)
        shutil.copytree(ROOT / "engine", src / "engine",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
        run([python, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out_dir), str(src)], env=env)
    wheels = sorted(out_dir.glob(f"{ENGINE_PACKAGE}-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one {ENGINE_PACKAGE} wheel in {out_dir}, found {wheels}")
    return wheels[0]


def wheel_version(wheel: Path) -> str:
    """The version part of a wheel file name (PEP 427)."""
    return wheel.name.split("-")[1]


# --------------------------------------------------------------------------- Pyodide

def pyodide_tarball() -> Path:
    """The verified npm tarball of Pyodide in .cache/, fetched with `npm pack` when missing."""
    CACHE.mkdir(exist_ok=True)
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if tarball.exists() and sri_matches(tarball, PYODIDE_INTEGRITY):
        return tarball
    if tarball.exists():
        log(f"{tarball.name} in .cache/ does not match the pinned integrity; fetching it again")
        tarball.unlink()
    npm = shutil.which("npm")
    if not npm:
        raise BuildError("npm not found: install Node.js and npm (Debian: apt-get install npm)")
    run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE), "--silent"],
        stdout=subprocess.DEVNULL)
    if not tarball.exists():
        raise BuildError(f"npm pack did not produce {tarball}")
    if not sri_matches(tarball, PYODIDE_INTEGRITY):
        tarball.unlink()
        raise BuildError(f"pyodide@{PYODIDE_VERSION} tarball does not match {PYODIDE_INTEGRITY}")
    return tarball


def axe_script() -> Path:
    """.cache/axe-core-<version>.min.js, the accessibility checker the browser tests inject
    (tests/browser/a11y.py): the pinned npm file of ``tools/npm_vendor.py`` (``PINS["axe-core"]``:
    fetched with `npm pack`, checked against the registry's integrity; only the tests use it, the
    site never ships it). Raises BuildError when npm is missing or the tarball does not match."""
    pin = npm_vendor.PINS["axe-core"]
    script = CACHE / pin.name
    if script.exists():
        return script
    try:
        return npm_vendor.vendor("axe-core", CACHE)
    except npm_vendor.VendorError as e:
        raise BuildError(str(e)) from None


def extract_pyodide(tarball: Path, out_dir: Path, names: Iterable[str] = PYODIDE_FILES) -> None:
    """Extract the named files of the npm package into out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as tar:
        for name in names:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{name} missing from {tarball.name}")
            (out_dir / name).write_bytes(member.read())


def compiled_stdlib(tarball: Path) -> Path:
    """python_stdlib.zip byte-compiled by Pyodide itself under Node (cached in .cache/)."""
    script = ROOT / "tools" / "compile-stdlib.mjs"
    key = hashlib.sha256(script.read_bytes() + PYODIDE_INTEGRITY.encode()).hexdigest()[:12]
    cached = CACHE / f"python_stdlib-{PYODIDE_VERSION}-pyc-{key}.zip"
    if cached.exists():
        return cached
    node = shutil.which("node")
    if not node:
        raise BuildError("node not found: install Node.js, or build with --stock-stdlib")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="meldtable-pyodide-") as tmp:
        extract_pyodide(tarball, Path(tmp), PYODIDE_FILES + ("pyodide-lock.json",))
        partial = cached.with_suffix(".partial")
        run([node, str(script), tmp, str(partial)])
    with zipfile.ZipFile(partial) as zf:
        if zf.testzip() is not None or not any(n.endswith(".pyc") for n in zf.namelist()):
            raise BuildError(f"{partial} is not a valid byte-compiled stdlib")
    partial.rename(cached)
    log(f"byte-compiled the Pyodide stdlib in {time.monotonic() - started:.1f} s (cached in .cache/)")
    return cached


def engine_imports(wheel: Path) -> list[str]:
    """Every module outside the engine that the wheel's .py sources name in an import
    statement, at any depth (also inside functions), sorted; relative imports are the engine's."""
    names: set[str] = set()
    with zipfile.ZipFile(wheel) as zf:
        for member in zf.namelist():
            if member.endswith(".py"):
                for node in ast.walk(ast.parse(zf.read(member), member)):
                    if isinstance(node, ast.Import):
                        names.update(alias.name for alias in node.names)
                    elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                        names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] not in (ENGINE_PACKAGE, "__future__"))


PAGE_LEFT_OUT = re.compile(r"^meldtable/\w+/testing\.py$")
"""Members of the engine wheel that the page's wheel (forms "min" and "pyc") leaves out: each
family's harness hooks (``<family>/testing.py``), which only the test harness imports, through
the family module's ``TESTING`` (issue #26). The universal wheel (micropip, pip) keeps them, so
the library's users can run the harness."""


def hooks_importers(wheel: Path) -> list[str]:
    """The .py members of `wheel` that PAGE_LEFT_OUT keeps but that name a left-out module: an
    import of a ``testing`` module, or a string ending in ``.testing`` (``importlib``) other than
    a family module's declaration ``TESTING = "meldtable.<family>.testing"``."""
    found = []
    with zipfile.ZipFile(wheel) as zf:
        for member in zf.namelist():
            if not member.endswith(".py") or PAGE_LEFT_OUT.match(member):
                continue
            declared = set()  # ast.walk visits an assignment before its value
            for node in ast.walk(ast.parse(zf.read(member), member)):
                if isinstance(node, ast.Assign) and [getattr(x, "id", None) for x in node.targets] == ["TESTING"]:
                    declared.add(id(node.value))
                    continue
                if id(node) in declared:
                    continue
                if isinstance(node, ast.ImportFrom):
                    named = [node.module or ""] + [a.name for a in node.names]
                elif isinstance(node, ast.Import):
                    named = [a.name for a in node.names]
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    named = [node.value] if node.value.endswith(".testing") else []
                else:
                    continue
                if any(n == "testing" or n.endswith(".testing") for n in named):
                    found.append(member)
                    break
    return found


def page_wheel(wheel: Path, out_dir: Path) -> Path:
    """`wheel` without the PAGE_LEFT_OUT members and without its RECORD, same name, in out_dir
    (members and dates kept, deflated at level 9). The page never installs the wheel: the worker
    puts it on sys.path as a zip (zipimport), and the lock file's sha256 checks it whole, so the
    per-file hashes of RECORD (4 KB on the wire) would only be downloaded. `wheel` itself, with a warning, while a module
    the page loads still names one of them (hooks_importers): leaving it out would break it."""
    importers = hooks_importers(wheel)
    if importers:
        log(f"warning: the page's wheel keeps the harness hooks: {', '.join(importers)} import(s) them "
            "(use the family module's shuffle_hidden; issue #26)")
        return wheel
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / wheel.name
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            if PAGE_LEFT_OUT.match(info.filename):
                continue
            if info.filename.endswith(".dist-info/RECORD"):
                continue
            data = zin.read(info)
            member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = info.external_attr
            zout.writestr(member, data, compresslevel=9)
    return out


# The page's wheel is shipped as one gzip stream of a zip whose members are stored: gzip then
# finds the redundancy across the modules, which a zip's per-member deflate cannot (the wheel
# of session 15: 197 KB deflated, 158 KB as one stream; docs/performance.md, "Page load"). The
# suffix is ".gzip", not ".gz": hosts map ".gz" to a Content-Encoding (Apache's
# `AddEncoding x-gzip .gz`), and a browser would then decode it and the hashes fail to match.
# The worker decompresses it (DecompressionStream) and puts the zip on sys.path under the
# wheel's own name (web/engine-worker.mjs, fetchWheel); bytes that arrive decoded anyway are
# accepted when they match the zip's hash (`unpacked_sha256` in app-lock.json).
WHEEL_GZIP_SUFFIX = ".gzip"


def stored_zip(wheel: Path, out: Path) -> None:
    """Rewrite the zip `wheel` to `out` with the same members, names, dates and order, stored
    (not deflated): zipimport reads stored members as they are."""
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            member.compress_type = zipfile.ZIP_STORED
            member.external_attr = info.external_attr
            zout.writestr(member, zin.read(info))


def gzipped_wheel(wheel: Path) -> tuple[Path, str]:
    """Replace the page's wheel at `wheel` by `<wheel name>.gzip` next to it (WHEEL_GZIP_SUFFIX):
    its members stored (stored_zip), the whole gzipped at level 9 (no file name, mtime 0, so an
    unchanged engine gives identical bytes). Returns (the .gzip file, sha256 of the stored zip
    the worker unpacks)."""
    stored = wheel.with_name(wheel.name + ".stored")
    stored_zip(wheel, stored)
    data = stored.read_bytes()
    stored.unlink()
    out = wheel.with_name(wheel.name + WHEEL_GZIP_SUFFIX)
    with open(out, "wb") as raw, gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as gz:
        gz.write(data)
    wheel.unlink()
    return out, hashlib.sha256(data).hexdigest()


def traced_modules(tarball: Path, stdlib: Path, wheel: Path) -> dict[str, Any]:
    """What tools/trace-stdlib.mjs reports for this engine wheel (py3-none-any, sources) on
    Pyodide with the given stdlib zip: {"modules": [names], "phases": {...}, "games": n, ...}.
    Cached in .cache/ by the tracer, STDLIB_LAZY, Pyodide, the stdlib and the wheel."""
    script = ROOT / "tools" / "trace-stdlib.mjs"
    named = json.dumps({"import statements of the engine": engine_imports(wheel), "STDLIB_LAZY": list(STDLIB_LAZY)})
    key = hashlib.sha256(script.read_bytes() + named.encode() + PYODIDE_INTEGRITY.encode()
                         + bytes.fromhex(sha256_file(stdlib)) + bytes.fromhex(sha256_file(wheel))).hexdigest()[:12]
    cached = CACHE / f"stdlib-trace-{key}.json"
    if cached.exists():
        return cast("dict[str, Any]", json.loads(cached.read_text()))
    node = shutil.which("node")
    if not node:
        raise BuildError("node not found: install Node.js, or build with --full-stdlib")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="meldtable-pyodide-") as tmp:
        extract_pyodide(tarball, Path(tmp), PYODIDE_FILES + ("pyodide-lock.json",))
        shutil.copyfile(stdlib, Path(tmp) / "python_stdlib.zip")
        partial = CACHE / f"stdlib-trace-{key}.partial"
        run([node, str(script), tmp, str(wheel), named, str(partial)])
    trace = json.loads(partial.read_text())
    if not trace.get("modules") or not trace.get("games"):
        raise BuildError(f"{partial}: the trace found no modules or played no game")
    partial.rename(cached)
    log(f"traced the page's imports in {time.monotonic() - started:.1f} s (cached in .cache/)")
    return cast("dict[str, Any]", trace)


def stdlib_members(names: list[str], modules: list[str]) -> list[str]:
    """The members of a stdlib zip (names) that hold the given modules: `a/b.py[c]` or
    `a/b/__init__.py[c]` per module `a.b` (built-in and frozen modules have none), plus the
    directory entries of their packages; in the zip's order."""
    wanted = set()
    for module in modules:
        base = module.replace(".", "/")
        for candidate in (base + ".pyc", base + ".py", base + "/__init__.pyc", base + "/__init__.py"):
            wanted.add(candidate)
    folders: set[str] = set()
    for name in names:
        if name in wanted:
            parts = name.split("/")[:-1]
            folders.update("/".join(parts[:i]) + "/" for i in range(1, len(parts) + 1))
    return [n for n in names if n in wanted or n in folders]


def trim_stdlib(full: Path, modules: list[str], out: Path) -> tuple[int, int]:
    """Write the members of the stdlib zip `full` that hold `modules` to `out` (same names
    and dates, deflated at level 9); return (files kept, files in full)."""
    with zipfile.ZipFile(full) as zin:
        infos = zin.infolist()
        keep = set(stdlib_members([i.filename for i in infos], modules))
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
            for info in infos:
                if info.filename in keep:
                    member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                    member.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
                    member.external_attr = info.external_attr
                    zout.writestr(member, zin.read(info), compresslevel=9)
    return sum(not n.endswith("/") for n in keep), sum(not i.is_dir() for i in infos)


def compiled_wheel(tarball: Path, wheel: Path, python: str, out_dir: Path, form: str = "min") -> Path:
    """The engine wheel made for the page by Pyodide itself under Node (tools/compile-wheel.mjs,
    tag cp3XX-none-any; cached in .cache/ by the wheel's content). form "min": the .py sources
    without docstrings, attribute strings and comments, written back by Pyodide's own
    `ast.unparse` (132 KB instead of 283 KB; Python compiles them once per first visit, the
    start-up snapshot keeps the imported engine: docs/performance.md); "pyc": byte-compiled."""
    script = ROOT / "tools" / "compile-wheel.mjs"
    tag = "cp" + "".join(python.split(".")[:2])
    key = hashlib.sha256(script.read_bytes() + PYODIDE_INTEGRITY.encode() + tag.encode() + form.encode()
                         + bytes.fromhex(sha256_file(wheel))).hexdigest()[:12]
    name = wheel.name.replace("-py3-none-any.whl", f"-{tag}-none-any.whl")
    if name == wheel.name:
        raise BuildError(f"unexpected wheel name {wheel.name} (expected a py3-none-any wheel)")
    cached = CACHE / f"wheel-{form}-{key}-{name}"
    if not cached.exists():
        node = shutil.which("node")
        if not node:
            raise BuildError("node not found: install Node.js, or build with --source-wheel")
        with tempfile.TemporaryDirectory(prefix="meldtable-pyodide-") as tmp:
            extract_pyodide(tarball, Path(tmp), PYODIDE_FILES + ("pyodide-lock.json",))
            partial = CACHE / f"wheel-{form}-{key}.partial"
            run([node, str(ROOT / "tools" / "compile-wheel.mjs"), tmp, str(wheel), str(partial), tag,
                 "pyc" if form == "pyc" else "source"], stdout=subprocess.DEVNULL)
        kept, dropped = (".pyc", ".py") if form == "pyc" else (".py", ".pyc")
        with zipfile.ZipFile(partial) as zf:
            names = zf.namelist()
            if zf.testzip() is not None or not any(n.endswith(kept) for n in names) or any(n.endswith(dropped) for n in names):
                raise BuildError(f"{partial} is not a valid wheel of the form {form!r}")
        partial.rename(cached)
    out = out_dir / name
    shutil.copyfile(cached, out)
    return out


# V8's explicit compile hint (Chrome 136 and later; the V8 blog, "Giving V8 a heads-up: faster
# JavaScript startup with explicit compile hints", 2025; MDN "Magic comments"): a first line
# `//# allFunctionsCalledOnLoad` asks V8 to compile all of a file's functions when it compiles
# the file, so that the code cache the browser keeps for it holds them all. Pyodide's runtime
# script (1.25 MB) runs in the engine's worker, where Chromium keeps only what was compiled
# before the module's top level ran (20 KB), and every start compiled the functions that
# loadPyodide calls while the .wasm waited to be instantiated. With the hint a warm start reads
# 1.66 MB of cache and compiles almost nothing (traced: docs/performance.md, issue #16). Other
# browsers read the line as a comment.
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"
COMPILE_HINTED = ("pyodide.asm.mjs",)


def add_compile_hint(path: Path) -> None:
    """Put COMPILE_HINT in front of the JavaScript file at `path` (once)."""
    text = path.read_bytes()
    if not text.startswith(COMPILE_HINT):
        path.write_bytes(COMPILE_HINT + text)


def vendor_pyodide(tarball: Path, out_dir: Path, stdlib: str = "trimmed", wheel: Path | None = None) -> dict[str, Any]:
    """Put the needed Pyodide files into out_dir; return the `info` block of Pyodide's lock file.
    stdlib: "trimmed" (byte-compiled, only the modules the page imports as traced with the
    engine wheel `wheel`), "full" (all of it byte-compiled) or "stock" (npm's zip as it is).
    The files in COMPILE_HINTED get V8's compile hint; the others are npm's as they are."""
    extract_pyodide(tarball, out_dir)
    for name in COMPILE_HINTED:
        add_compile_hint(out_dir / name)
    if stdlib == "full":
        shutil.copyfile(compiled_stdlib(tarball), out_dir / "python_stdlib.zip")
    elif stdlib == "trimmed":
        full = compiled_stdlib(tarball)
        if wheel is None:
            raise ValueError("a trimmed standard library is traced with the engine wheel: pass wheel")
        trace = traced_modules(tarball, full, wheel)
        # Frozen modules (os, site, codecs, importlib._bootstrap, zipimport, ...) are part of the
        # interpreter: Python never reads their copies in the zip (measured: 120 KB of it).
        needed = sorted(set(trace["modules"]) - set(trace["frozen"]))
        kept, total = trim_stdlib(full, needed, out_dir / "python_stdlib.zip")
        log(f"standard library: {kept} of {total} files ({(out_dir / 'python_stdlib.zip').stat().st_size} bytes); "
            f"traced over {trace['games']} games, {trace['moves']} moves, {trace['requests']} requests")
    elif stdlib != "stock":
        raise ValueError(stdlib)
    with tarfile.open(tarball, "r:gz") as tar:
        lock = tar.extractfile("package/pyodide-lock.json")
        if lock is None:
            raise BuildError(f"{tarball} has no package/pyodide-lock.json")
        return cast("dict[str, Any]", json.load(lock)["info"])


def write_app_lock(out_dir: Path, info: dict[str, Any], wheel: Path, stdlib: str = "trimmed",
                   unpacked_sha256: str | None = None) -> None:
    """Write pyodide/app-lock.json: Pyodide's info block plus one entry for our wheel (sha256-checked),
    and the sha256 of out_dir/python_stdlib.zip (`stdlib_sha256`, which Pyodide ignores): the
    worker names its memory snapshot by a hash of this file, so a snapshot is only ever
    restored with the wheel and the standard library it was made from (web/engine-worker.mjs).
    `stdlib` (STDLIB_KINDS' value of build()'s stdlib) tells the worker whether a missing
    module may be one the trimmed standard library left out. `unpacked_sha256`: for a wheel
    shipped gzipped (gzipped_wheel), the sha256 of the zip inside, which the worker accepts
    when a host decoded the file on the way (`sha256` is over the file as shipped)."""
    entry: dict[str, Any] = {
        "name": ENGINE_PACKAGE,
        "version": wheel_version(wheel),
        "file_name": f"../wheels/{wheel.name}",
        "install_dir": "site",
        "sha256": sha256_file(wheel),
        "package_type": "package",
        "imports": [ENGINE_PACKAGE],
        "depends": [],
    }
    if unpacked_sha256:
        entry["unpacked_sha256"] = unpacked_sha256
    lock = {"info": info, "packages": {ENGINE_PACKAGE: entry},
            "stdlib_sha256": sha256_file(out_dir / "python_stdlib.zip"), "stdlib": STDLIB_KINDS[stdlib]}
    (out_dir / "app-lock.json").write_text(json.dumps(lock, indent=1) + "\n")


# --------------------------------------------------------------------------- the site

PLACEHOLDER_INDEX = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>meldtable</title>
  <link rel="icon" href="data:,">
  <script type="module" src="app.js"></script>
</head>
<body>
  <div id="app">web/index.html is missing: this placeholder was written by build.py.</div>
</body>
</html>
"""


def copy_web(out_dir: Path) -> None:
    """Copy every file of web/ (skipping dotfiles, caches and the rules pages' Markdown sources) into out_dir."""
    shutil.copytree(WEB, out_dir, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".*", "__pycache__", "*.pyc", "*~", "*.md"))
    if not (out_dir / "index.html").exists():
        log("web/index.html is missing; writing a placeholder dist/index.html")
        (out_dir / "index.html").write_text(PLACEHOLDER_INDEX)


# The engine's answer to `hello` (the variants and their rule options), written at build time
# from the same engine sources as the wheel: the page draws its new-game dialog from it while
# the engine is still starting, and checks it against the engine's own answer when the engine
# is ready (web/app.js prerenderDialog; docs/performance.md, issue #16).
HELLO_FILE = "hello.json"
HELLO_SCRIPT = "; ".join((
    "import json, sys", "sys.path.insert(0, sys.argv[1])", "from meldtable import api",
    "answer = json.loads(api.handle(json.dumps({'id': 0, 'op': 'hello', 'brief': True})))", "assert answer['ok'], answer",
    "sys.stdout.write(json.dumps(answer['result'], ensure_ascii=False, separators=(',', ':')))"))


def write_hello(out_dir: Path) -> None:
    """Write out_dir/hello.json: the brief `hello` op's result of the engine in engine/ (UTF-8 JSON,
    {"version": str, "variants": [descriptor, ...]}, docs/protocol.md). Raises BuildError when
    the engine cannot answer."""
    done = run([sys.executable, "-c", HELLO_SCRIPT, str(ROOT / "engine")], capture_output=True)
    json.loads(done.stdout)  # a broken answer fails the build, not the page
    (out_dir / HELLO_FILE).write_bytes(done.stdout)


def esbuild() -> Path:
    """The pinned esbuild executable in .cache/esbuild-<version>/, installed there with npm
    when missing (npm resolves the binary package of this platform). Raises BuildError."""
    prefix = CACHE / f"esbuild-{ESBUILD_VERSION}"
    exe = prefix / "node_modules" / ".bin" / ("esbuild.cmd" if os.name == "nt" else "esbuild")
    if not exe.exists():
        npm = shutil.which("npm")
        if not npm:
            raise BuildError("npm not found: install Node.js and npm, or build with --no-minify")
        run([npm, "install", "--prefix", str(prefix), "--no-save", "--no-audit", "--no-fund", "--silent",
             f"esbuild@{ESBUILD_VERSION}"], stdout=subprocess.DEVNULL)
    version = run([str(exe), "--version"], capture_output=True, text=True).stdout.strip()
    if version != ESBUILD_VERSION:
        raise BuildError(f"{exe} is esbuild {version!r}, not the pinned {ESBUILD_VERSION}: delete {prefix}")
    return exe


# The engine's worker with Pyodide's loader bundled into it (minified builds): the worker then
# starts loadPyodide without first fetching pyodide/pyodide.mjs, one round trip less before the
# large downloads on a first visit and one Cache Storage read less on every later start
# (docs/performance.md, issue #16). Its runtime script stays a file of its own (the worker
# imports it while Pyodide starts); the loader's Node-only imports are never run in a browser.
WORKER = "engine-worker.mjs"
WORKER_EXTERNAL = ("./pyodide/pyodide.asm.mjs", "node:*", "ws")


def minify_web(site: Path) -> tuple[int, int]:
    """Minify the page's own JavaScript modules and style sheets in place with esbuild (each
    file on its own, so the module files, their imports and every URL stay as in web/; only
    WORKER gets Pyodide's loader bundled in). Left alone: Pyodide's files (already minified)
    and the service worker (build.py rewrites its `@build` line). Returns (bytes before,
    bytes after)."""
    files = sorted(str(p.relative_to(site)) for p in site.rglob("*")
                   if p.suffix in (".js", ".mjs", ".css") and p.name != SERVICE_WORKER
                   and p.relative_to(site).parts[0] != "pyodide")
    before = sum((site / f).stat().st_size for f in files)
    # esbuild names the output of a `.mjs` `.js` unless told otherwise: the `.mjs` modules in a
    # run of their own, so that every output replaces its input.
    mjs = [f for f in files if f.endswith(".mjs") and f != WORKER]
    for group, extra in (([f for f in files if f not in mjs and f != WORKER], []),
                         (mjs, ["--out-extension:.js=.mjs"])):
        if group:
            # --tsconfig-raw={}: the repository's jsconfig.json is for the type checker only; the
            # shipped files must not depend on where dist/ sits (esbuild reads the nearest one)
            run([str(esbuild()), *group, "--minify", "--charset=utf8", "--tsconfig-raw={}", "--outdir=.", "--outbase=.",
                 *extra, "--allow-overwrite", "--log-level=warning"], cwd=site, stdout=subprocess.DEVNULL)
    shell = site / SHELL_PAGE
    if shell.exists():  # its HTML comments (notes for whoever edits web/index.html): 0.9 KB with gzip
        shell.write_text(without_html_comments(shell.read_text(encoding="utf-8")), encoding="utf-8")
    if WORKER in files:
        run([str(esbuild()), WORKER, "--bundle", "--format=esm", "--platform=browser", "--minify",
             "--charset=utf8", "--tsconfig-raw={}", *(f"--external:{name}" for name in WORKER_EXTERNAL),
             f"--outfile={WORKER}", "--allow-overwrite", "--log-level=warning"],
            cwd=site, stdout=subprocess.DEVNULL)
    return before, sum((site / f).stat().st_size for f in files)


HTML_COMMENT = re.compile(r"[ \t]*<!--.*?-->(?:[ \t]*\n)?", re.S)
SCRIPT_ELEMENT = re.compile(r"(<script\b.*?</script>)", re.S | re.I)


def without_html_comments(html: str) -> str:
    """``html`` without its comments (with the indentation before one and the line end after
    it), outside ``<script>`` elements, whose text stays exactly as it is (the early script is
    allowed by its hash)."""
    parts = SCRIPT_ELEMENT.split(html)
    return "".join(part if i % 2 else HTML_COMMENT.sub("", part) for i, part in enumerate(parts))


def precached_later(rel: str) -> bool:
    """Whether the service worker stores this file (path relative to the site) in its second
    tier (PRECACHED_LATER) rather than at its first install."""
    return any(rel.startswith(p) if p.endswith("/") else rel == p for p in PRECACHED_LATER)


def precache_entries(site: Path, exclude: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """[(path relative to the site, sha256)] of every file the service worker precaches, in
    either tier (all but NOT_PRECACHED and exclude); the page itself first, as "./"."""
    entries: list[tuple[str, str]] = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel in NOT_PRECACHED or rel in exclude or path.suffix in PRECOMPRESSED:
            continue
        if rel == SHELL_PAGE:
            entries.insert(0, ("./", sha256_file(path)))
        else:
            entries.append((rel, sha256_file(path)))
    return entries


def build_id(entries: list[tuple[str, str]], service_worker: bytes = b"") -> str:
    """Short sha256 over the precached files (paths and contents) and the service worker source."""
    digest = hashlib.sha256(hashlib.sha256(service_worker).hexdigest().encode() + b"\n")
    for rel, sha in entries:
        digest.update(rel.encode() + b"\0" + sha.encode() + b"\n")
    return digest.hexdigest()[:12]


# sw.js lists each file's sha256 by its first 16 hex digits (64 bits; web/sw.js compares as
# many digits as listed). The check is against a half-finished deploy or a rewriting proxy,
# not against the host, which serves sw.js itself: a changed file passes it with a chance of
# 2^-64. The full digests (112 files) were 7.5 KB of sw.js with gzip, these 3.6 KB less.
SW_HASH_CHARS = 16
SW_BUILD_LINE = re.compile(r"^const BUILD = .*; // @build$", re.M)
SW_BUILD_JSON = re.compile(r"^const BUILD = (.*); // @build$", re.M)


def precache_exclusions(site: Path) -> tuple[str, ...]:
    """Shipped files the page never loads (see version.json): the embedding wheel, if the page
    loads another (byte-compiled) one, and Pyodide's loader when the built worker has it
    bundled in (minified builds: WORKER)."""
    try:
        version = json.loads((site / "version.json").read_text())
    except (OSError, ValueError):
        return ()
    embed, app = version.get("embed_wheel"), version.get("wheel")
    unused: tuple[str, ...] = (f"wheels/{embed}",) if embed and app and embed != app else ()
    if version.get("minified"):
        unused += ("pyodide/pyodide.mjs",)
    return unused


def read_precache(site: Path) -> dict[str, Any]:
    """{"id": build id, "files": [[path, sha256 or null], ...], "later": [[path, sha256], ...]}
    as written into site/sw.js (each sha256 as its first SW_HASH_CHARS hex digits; "files":
    stored at install; "later": see PRECACHED_LATER)."""
    match = SW_BUILD_JSON.search((site / SERVICE_WORKER).read_text())
    if not match:
        raise BuildError(f"{site / SERVICE_WORKER} has no 'const BUILD = ...; // @build' line")
    return cast("dict[str, Any]", json.loads(match.group(1)))


def write_service_worker(site: Path, exclude: tuple[str, ...] | None = None) -> str:
    """Write the build id and the precache list into site/sw.js; return the build id.
    exclude: files not to precache; by default the embedding wheel when the page loads its
    byte-compiled copy (as version.json says)."""
    if exclude is None:
        exclude = precache_exclusions(site)
    entries = precache_entries(site, exclude)
    sw = site / SERVICE_WORKER
    if not sw.exists():
        log(f"web/{SERVICE_WORKER} is missing: no offline support in this build")
        return build_id(entries)
    source = sw.read_text()
    bid = build_id(entries, source.encode())
    # the whole digest for a service worker older than SW_HASH_CHARS (bench/load_bench.py
    # rewrites the list of an older build's copy with this build.py)
    chars = SW_HASH_CHARS if "HASH_CHARS" in source else 64
    files = [[rel, None if rel == "./" else sha[:chars]] for rel, sha in entries  # hosts may rewrite HTML
             if not precached_later(rel)]
    later = [[rel, sha[:chars]] for rel, sha in entries if precached_later(rel)]
    line = f"const BUILD = {json.dumps({'id': bid, 'files': files, 'later': later})}; // @build"
    text, count = SW_BUILD_LINE.subn(lambda _: line, source)
    if count != 1:
        raise BuildError(f"web/{SERVICE_WORKER} must contain exactly one line "
                         f"'const BUILD = {{...}}; // @build' (found {count})")
    sw.write_text(without_comment_lines(text))
    return bid


def without_comment_lines(js: str) -> str:
    """``js`` without its whole-line comments: lines that are only a ``//`` comment, and ``/* ...
    */`` blocks that start a line, end a line and whose inner lines start with ``*`` (JSDoc).
    The service worker is shipped so (it is not minified, since the build rewrites its
    ``// @build`` line, which is code followed by a comment and stays): a third less to download.
    Code, strings and comments after code are kept as they are."""
    out: list[str] = []
    lines = js.split("\n")
    i = 0
    while i < len(lines):
        bare = lines[i].strip()
        if bare.startswith("//"):
            i += 1
            continue
        if bare.startswith("/*"):
            j = i
            while j < len(lines) and not lines[j].rstrip().endswith("*/"):
                j += 1
            inner = lines[i + 1:j + 1]
            if j < len(lines) and "*/" not in lines[i].strip()[2:-2] and all(x.strip().startswith("*") for x in inner):
                i = j + 1
                continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


CSP_META = re.compile(r"""<meta\s+http-equiv=["']Content-Security-Policy["']\s+content="([^"]*)"\s*/?>""", re.I)


# version.json's "stdlib": how the shipped standard library was made.
STDLIB_KINDS = {"trimmed": "pyc-trimmed", "full": "pyc", "stock": "stock"}

# Precompressed copies (--precompress): for hosts that send `<file>.br` / `<file>.gz` in place of
# `<file>` to browsers that accept it (nginx brotli_static/gzip_static, Caddy `precompressed`,
# `build.py serve`). Measured for pyodide.asm.wasm: 3.55 MB with gzip -6 on the fly, 3.53 MB
# gzip -9, 2.77 MB brotli -11 (docs/performance.md, "Page load"). Only files of at least this
# size that are not compressed already; never precached (the service worker stores the files).
PRECOMPRESS_MIN = 4096
PRECOMPRESSED = (".br", ".gz")
ALREADY_COMPRESSED = (".png", ".zip", ".whl", ".br", ".gz", WHEEL_GZIP_SUFFIX)


def write_precompressed(site: Path) -> None:
    """Write <file>.br (brotli 11, with Node's zlib: tools/precompress.mjs) and <file>.gz (gzip 9)
    next to every file of the site of at least PRECOMPRESS_MIN bytes that is not compressed
    already; drop copies that are not smaller than the file."""
    node = shutil.which("node")
    if not node:
        raise BuildError("node not found: install Node.js, or build without --precompress")
    files = [p for p in sorted(site.rglob("*")) if p.is_file() and p.suffix not in ALREADY_COMPRESSED
             and p.stat().st_size >= PRECOMPRESS_MIN]
    run([node, str(ROOT / "tools" / "precompress.mjs"), *map(str, files)], stdout=subprocess.DEVNULL)
    for path in files:
        path.with_name(path.name + ".gz").write_bytes(gzip.compress(path.read_bytes(), 9, mtime=0))
        for suffix in PRECOMPRESSED:
            copy = path.with_name(path.name + suffix)
            if copy.exists() and copy.stat().st_size >= path.stat().st_size:
                copy.unlink()


def check_csp(site: Path) -> None:
    """The page must carry the CSP meta tag with exactly build.CSP (unless it is the placeholder)."""
    for word in ("'unsafe-inline'", "'unsafe-eval'"):
        assert word not in CSP, word
    if not (WEB / SHELL_PAGE).exists():
        return
    found = CSP_META.findall((site / SHELL_PAGE).read_text())
    if found != [CSP]:
        raise BuildError(
            "web/index.html must contain exactly one Content-Security-Policy meta tag with the "
            f"policy in build.py (CSP), i.e.\n  <meta http-equiv=\"Content-Security-Policy\" "
            f"content=\"{CSP}\">\nfound: {found}. Change build.CSP and the tag together.")


def build(stdlib: str = "trimmed", wheel_form: str = "min", precompress: bool = False, minify: bool = True) -> Path:
    """Build the wheel and the complete static site into dist/; return dist/.
    stdlib: "trimmed", "full" or "stock" (vendor_pyodide); wheel_form: the engine wheel the page
    loads, "min" (minified sources), "pyc" (byte-compiled) or "source" (the py3 wheel as built:
    compiled_wheel); precompress: also write .br/.gz copies of the large files
    (write_precompressed); minify: minify the page's JavaScript and CSS (minify_web)."""
    started = time.monotonic()
    CACHE.mkdir(exist_ok=True)
    staging = CACHE / f"dist-tmp-{os.getpid()}"  # same filesystem as dist/, and gitignored
    shutil.rmtree(staging, ignore_errors=True)
    try:
        wheel = build_wheel(staging / "wheels")
        log(f"wheel {wheel.name} ({wheel.stat().st_size} bytes)")
        tarball = pyodide_tarball()
        # the page's wheel: without the harness hooks (PAGE_LEFT_OUT), traced and compiled as shipped
        shipped = wheel if wheel_form == "source" else page_wheel(wheel, staging / "page-wheel")
        info = vendor_pyodide(tarball, staging / "pyodide", stdlib, shipped)
        app_wheel = (wheel if wheel_form == "source"
                     else compiled_wheel(tarball, shipped, info["python"], staging / "wheels", wheel_form))
        shutil.rmtree(staging / "page-wheel", ignore_errors=True)
        unpacked_sha256 = None
        if app_wheel != wheel:  # the page's own wheel: one gzip stream (the universal one stays a .whl)
            app_wheel, unpacked_sha256 = gzipped_wheel(app_wheel)
            log(f"page wheel {app_wheel.name} ({app_wheel.stat().st_size} bytes)")
        write_app_lock(staging / "pyodide", info, app_wheel, stdlib, unpacked_sha256)
        copy_web(staging)
        try:  # web/net/qr.js imports it: QR codes of invitations (issue #28, docs/multiplayer.md)
            npm_vendor.vendor("qrcode-generator", staging / "vendor")
        except npm_vendor.VendorError as e:
            raise BuildError(str(e)) from None
        write_hello(staging)
        # The rules pages: web/rules/*.md -> rules/*.html (docs/rules-pages.md); the tool installs
        # its pinned Python-Markdown (requirements-rules.txt) into .venv/ as the tests' tools are.
        run([str(ensure_venv()), str(ROOT / "tools" / "rules_pages.py"), "--install", str(staging)])
        check_csp(staging)
        if minify:
            before, after = minify_web(staging)
            log(f"minified the page's JavaScript and CSS: {before:,} -> {after:,} bytes")
        # wheel: what the page loads (app-lock.json); embed_wheel: the universal wheel for
        # micropip/pip (README "Embedding with micropip"), not precached when they differ.
        version = {"build_id": "", "pyodide": PYODIDE_VERSION, "wheel": app_wheel.name,
                   "embed_wheel": wheel.name, "stdlib": STDLIB_KINDS[stdlib],
                   "engine": wheel_form, "minified": minify}
        (staging / "version.json").write_text(json.dumps(version, indent=1) + "\n")
        version["build_id"] = write_service_worker(staging)
        (staging / "version.json").write_text(json.dumps(version, indent=1) + "\n")
        if precompress:
            write_precompressed(staging)
        shutil.rmtree(DIST, ignore_errors=True)
        staging.rename(DIST)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    log(f"built dist/ (build_id {version['build_id']}) in {time.monotonic() - started:.1f} s")
    return DIST


# --------------------------------------------------------------------------- serving

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, no caching, optional extra mounts.

    Class attributes (set by make_server): mime_types, mounts ({"/prefix/": directory}),
    extra_headers (sent with every response), quiet.
    """

    mime_types: dict[str, str] = MIME_TYPES
    mounts: dict[str, str] = {}
    extra_headers: dict[str, str] = {}
    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """Our MIME table first, then the standard library's guess."""
        suffix = os.path.splitext(str(path))[1].lower()
        return self.mime_types.get(suffix) or super().guess_type(path)

    def translate_path(self, path: str) -> str:
        """Map mounted URL prefixes to their directories, everything else to the site."""
        for prefix, directory in self.mounts.items():
            if path.startswith(prefix):
                site_dir, self.directory = self.directory, directory
                try:
                    return super().translate_path(path[len(prefix) - 1:])
                finally:
                    self.directory = site_dir
        return super().translate_path(path)

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        """A precompressed copy (<file>.br, <file>.gz; build.py --precompress) when there is one
        and the browser accepts it, else the file as SimpleHTTPRequestHandler sends it."""
        return self.send_precompressed(self.translate_path(self.path)) or super().send_head()

    def send_precompressed(self, path: str) -> io.BytesIO | BinaryIO | None:
        """Send the headers for <path>.br or <path>.gz (brotli first) if that copy exists and the
        request accepts its encoding; return the open copy, or None to let the caller go on."""
        if not os.path.isfile(path):
            return None
        accepted = {part.split(";")[0].strip().lower()
                    for part in self.headers.get("Accept-Encoding", "").split(",")}
        for suffix, encoding in ((".br", "br"), (".gz", "gzip")):
            copy = path + suffix
            if encoding not in accepted or not os.path.isfile(copy):
                continue
            st = os.stat(path)
            since = self.headers.get("If-Modified-Since")
            if since and "If-None-Match" not in self.headers:
                try:
                    if int(st.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                        self.send_response(304)
                        self.send_header("Vary", "Accept-Encoding")
                        self.end_headers()
                        return io.BytesIO(b"")
                except (TypeError, ValueError, OverflowError):
                    pass
            fh = open(copy, "rb")
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(os.fstat(fh.fileno()).st_size))
            self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
            self.end_headers()
            return fh
        return None

    def end_headers(self) -> None:
        """Always revalidate, so a rebuilt site is picked up on reload."""
        self.send_header("Cache-Control", "no-cache")
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests unless quiet."""
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 0,
                mime_overrides: dict[str, str] | None = None,
                mounts: dict[str, Path] | None = None, quiet: bool = False,
                headers: dict[str, str] | None = None) -> http.server.ThreadingHTTPServer:
    """A ThreadingHTTPServer serving directory (port 0 picks a free port); headers are added
    to every response (e.g. {"Content-Security-Policy": CSP})."""
    handler = type("Handler", (SiteHandler,), {
        "mime_types": {**MIME_TYPES, **(mime_overrides or {})},
        "mounts": {prefix: str(path) for prefix, path in (mounts or {}).items()},
        "extra_headers": dict(headers or {}),
        "quiet": quiet,
    })
    server = http.server.ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def serve(port: int, host: str = "127.0.0.1", **options: Any) -> None:
    """Build (options: those of build()), then serve dist/ on ``host`` (default loopback only;
    ``0.0.0.0`` for the phones of a local network, docs/multiplayer.md "Two phones on one Wi-Fi")
    and ``port`` until interrupted."""
    build(**options)
    server = make_server(DIST, host=host, port=port, headers={"Content-Security-Policy": CSP})
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host
    print(f"Serving meldtable at http://{shown}:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    if host in ("", "0.0.0.0"):
        print("Listening on every network interface: other devices open http://<this computer's address>:"
              f"{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------- tests

def venv_python() -> Path:
    """Path of the .venv/ interpreter."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def venv_matches_this_python() -> bool:
    """True if .venv/ was made by the same Python version as the one running this script."""
    try:
        lines = (VENV / "pyvenv.cfg").read_text().splitlines()
    except OSError:
        return False
    config = {key.strip(): value.strip() for key, _, value in (line.partition("=") for line in lines)}
    made_by = config.get("version") or config.get("version_info") or ""
    return made_by.split(".")[:2] == [str(sys.version_info.major), str(sys.version_info.minor)]


def ensure_venv() -> Path:
    """Create .venv/ with pip if needed (installing Debian's python3-venv when it is missing)."""
    python = venv_python()
    if (python.exists() and venv_matches_this_python()
            and subprocess.run([python, "-m", "pip", "--version"], capture_output=True).returncode == 0):
        return python
    shutil.rmtree(VENV, ignore_errors=True)
    created = subprocess.run([sys.executable, "-m", "venv", str(VENV)]).returncode == 0
    if not created:
        shutil.rmtree(VENV, ignore_errors=True)
        minor = f"python{sys.version_info.major}.{sys.version_info.minor}-venv"
        log(f"`{sys.executable} -m venv` failed; trying apt-get install python3-venv {minor}")
        if not (apt_install("python3-venv", minor) or apt_install("python3-venv")):
            raise BuildError("cannot create a virtualenv: install venv support "
                             "(Debian: sudo apt-get install python3-venv)")
        run([sys.executable, "-m", "venv", str(VENV)])
    return python


def ensure_test_env() -> Path:
    """.venv/ with the pinned test dependencies and the engine (editable); reinstall on change."""
    python = ensure_venv()
    stamp = VENV / ".meldtable-stamp"
    key = hashlib.sha256(REQUIREMENTS_TEST.read_bytes() + (ROOT / "pyproject.toml").read_bytes()
                         + sys.version.encode()).hexdigest()
    if stamp.exists() and stamp.read_text().strip() == key:
        return python
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run([python, "-m", "pip", "install", "--quiet", "-r", str(REQUIREMENTS_TEST)], env=env)
    run([python, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(ROOT)], env=env)
    stamp.write_text(key + "\n")
    return python


MYPY_RUNS: tuple[tuple[str, ...], ...] = ((), ("tests/conftest.py",))
"""The ``mypy --strict`` runs (configured in pyproject.toml, ``[tool.mypy]``): with no paths, its
``files`` (engine/, tests/, bench/, tools/ and build.py); then tests/conftest.py on its own, the
one file ``exclude`` leaves out because it and tests/browser/conftest.py are both the module
``conftest``."""

RUFF_PATHS = ("engine", "tests", "bench", "tools", "build.py")
"""What ``ruff check`` covers: the engine and the Python tooling around it, one rule set
(pyproject.toml, ``[tool.ruff]``: its ``include`` names the same)."""


def lint(python: Path) -> int:
    """Run the static checks: ``mypy`` (``strict = true``) as in :data:`MYPY_RUNS` and ``ruff check``
    (pyflakes, pycodestyle, bugbear, McCabe complexity, import sorting, pyupgrade) on
    :data:`RUFF_PATHS`, both pinned in requirements-test.txt and configured in pyproject.toml; then
    ESLint and ``tsc --checkJs`` over web/ (:func:`js_check.check_js`, pinned in
    tools/js/package-lock.json, installed into .cache/ by ``npm ci``). Returns 0 when all are
    clean, else 1 (their reports are printed)."""
    failed = 0
    mypy = [[str(python), "-m", "mypy", *paths] for paths in MYPY_RUNS]
    for cmd in (*mypy, [str(python), "-m", "ruff", "check", *RUFF_PATHS]):
        log("$ " + " ".join(cmd))
        if subprocess.run(cmd, cwd=ROOT).returncode != 0:
            failed = 1
    log("$ python3 tools/js_check.py  (ESLint and tsc --checkJs over web/)")
    if js_check.check_js(ROOT, CACHE) != 0:
        failed = 1
    return failed


def test(pytest_args: list[str], **options: Any) -> int:
    """Set up the venv and Chromium, run the static checks (:func:`lint`), build dist/ (options:
    those of build()), run pytest; return pytest's exit code, or 1 if it passed but a static check
    failed."""
    python = ensure_test_env()
    chromium = ensure_chromium()
    lint_failed = lint(python)
    axe_script()  # for tests/browser/a11y.py
    build(**options)
    env = {**os.environ, "MELDTABLE_DIST": str(DIST)}
    if chromium:
        env["CHROMIUM_PATH"] = chromium
    cmd = [str(python), "-m", "pytest", *pytest_args]
    log("$ " + " ".join(cmd))
    code = subprocess.run(cmd, cwd=ROOT, env=env).returncode
    if lint_failed:
        log("the static checks failed (mypy, ruff, ESLint or tsc, above)")
    return code or lint_failed


# --------------------------------------------------------------------------- command line

BUILD_FLAGS = ("--full-stdlib", "--stock-stdlib", "--source-wheel", "--pyc-wheel", "--precompress", "--no-minify")


def build_options(argv: list[str]) -> dict[str, Any]:
    """build()'s keyword arguments from the command line's build flags."""
    stdlib = "stock" if "--stock-stdlib" in argv else "full" if "--full-stdlib" in argv else "trimmed"
    wheel_form = "source" if "--source-wheel" in argv else "pyc" if "--pyc-wheel" in argv else "min"
    return {"stdlib": stdlib, "wheel_form": wheel_form, "precompress": "--precompress" in argv,
            "minify": "--no-minify" not in argv}


def main(argv: list[str]) -> int:
    """Dispatch the subcommands."""
    options = build_options(argv)
    if argv[:1] == ["test"]:
        command, pytest_args, port = "test", [arg for arg in argv[1:] if arg not in BUILD_FLAGS], 0
    else:
        parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
        flags = (("--full-stdlib", "ship the whole byte-compiled standard library, not only what the page imports"),
                 ("--stock-stdlib", "ship Pyodide's python_stdlib.zip as is (whole, not byte-compiled; slower start)"),
                 ("--source-wheel", "the page loads the engine wheel's .py sources as built (with docstrings and comments)"),
                 ("--no-minify", "ship the page's JavaScript and CSS as written (for debugging)"),
                 ("--pyc-wheel",
                  "the page loads the engine byte-compiled (283 KB instead of 132 KB; imports faster on a first visit)"),
                 ("--precompress", "also write .br and .gz copies of the large files for hosts that serve them"))
        for flag, text in flags:
            parser.add_argument(flag, action="store_true", help=text)
        sub = parser.add_subparsers(dest="command")
        build_parser = sub.add_parser("build", help="build dist/ (the default)")
        for flag, _ in flags:
            build_parser.add_argument(flag, action="store_true", help=argparse.SUPPRESS)
        serve_parser = sub.add_parser("serve", help="build, then serve dist/")
        serve_parser.add_argument("--port", type=int, default=8000)
        serve_parser.add_argument("--host", default="127.0.0.1",
                                  help="address to listen on (0.0.0.0: every interface, for phones on the same Wi-Fi)")
        for flag, _ in flags:
            serve_parser.add_argument(flag, action="store_true", help=argparse.SUPPRESS)
        sub.add_parser("test", help="build, then run pytest (extra args go to pytest)")
        args = parser.parse_args(argv)
        command, pytest_args = args.command or "build", []
        port = args.port if command == "serve" else 0
    try:
        if command == "build":
            build(**options)
        elif command == "serve":
            serve(port, args.host, **options)
        else:
            return test(pytest_args, **options)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
