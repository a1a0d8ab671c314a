"""The JavaScript checks (tools/js_check.py, issue #26 item 4): ESLint and tsc's checkJs pass over
web/, and they can fail: a seeded file with an unused variable and a call with an argument of the
wrong type is caught, with the file, the line and the rule or TS code named.

Needs node and npm (the checkers are npm packages, installed into .cache/ on first use): skipped
without them, failed instead when the environment variable CI is set."""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import js_check  # noqa: E402

# What a checkout needs for the checks (besides web/): the configs and the pinned tools' lock.
CONFIGS = ("eslint.config.mjs", "jsconfig.json", "tools/js/package.json", "tools/js/package-lock.json",
           "tools/js/jsconfig.workers.json")
# The workers' project names these two; packing.js is the module the seeded file calls.
WEB_FILES = ("packing.js", "sw.js", "engine-worker.mjs")

SEEDED = """\
import { toBase64Url } from "./packing.js";

export function seeded() {
  const unused = 1;
  return toBase64Url("not bytes");
}
"""


def checkout(tmp_path: Path) -> Path:
    """A copy of the configs and of WEB_FILES in ``tmp_path``, with the seeded file in web/ and
    in web/net/ (a folder deeper: the checks reach every web/ file)."""
    for name in CONFIGS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, tmp_path / name)
    (tmp_path / "web" / "net").mkdir(parents=True)
    for name in WEB_FILES:
        shutil.copyfile(ROOT / "web" / name, tmp_path / "web" / name)
    (tmp_path / "web" / "seeded.js").write_text(SEEDED)
    (tmp_path / "web" / "net" / "seeded.js").write_text(SEEDED.replace("./packing.js", "../packing.js"))
    return tmp_path


def edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, (file, old)
    file.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(autouse=True)
def need_npm() -> None:
    """Skip (locally) or fail (in CI) when node or npm is missing."""
    if shutil.which("npm") and (shutil.which("node") or shutil.which("nodejs")):
        return
    if os.environ.get("CI"):
        pytest.fail("node/npm not found (failing instead of skipping because CI is set)", pytrace=False)
    pytest.skip("node/npm not found: the JavaScript checkers are npm packages")


def test_web_passes_eslint_and_tsc(capsys: pytest.CaptureFixture[str]) -> None:
    code = js_check.check_js(ROOT, ROOT / ".cache")
    out = capsys.readouterr()
    assert code == 0, out.out + out.err
    assert "eslint 0 and tsc 0 finding(s) in web/" in out.out


def test_a_seeded_unused_variable_and_wrong_argument_are_caught(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    root = checkout(tmp_path)

    code = js_check.check_js(root, ROOT / ".cache")

    out = capsys.readouterr().out
    assert code == 1, out
    failing = [line for line in out.splitlines() if line.startswith("web/")]
    for file in ("web/seeded.js", "web/net/seeded.js"):  # no file or folder of web/ is deferred
        assert any(line.startswith(f"{file}:4:") and "(no-unused-vars)" in line for line in failing), out
        assert any(line.startswith(f"{file}:5:") and "tsc:" in line and "(TS2345)" in line for line in failing), out
    assert "eslint 2 and tsc 4 finding(s) in web/ (5 scripts, each linted and type-checked)" in out, out


def test_a_web_file_left_out_of_either_check_is_a_finding(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Every web/ file is held to the checks: a file the ESLint config ignores, or that no tsc
    project includes, fails the check by name instead of passing unchecked."""
    root = checkout(tmp_path)
    (root / "web" / "net" / "seeded.js").write_text("export const fine = 1;\n")
    (root / "web" / "seeded.js").unlink()
    edit(root / "eslint.config.mjs", '"dist/**",', '"dist/**", "web/net/**",')
    edit(root / "jsconfig.json", '"exclude": ["web/sw.js",', '"exclude": ["web/net/**", "web/sw.js",')

    code = js_check.check_js(root, ROOT / ".cache")

    out = capsys.readouterr().out
    assert code == 1, out
    assert "web/net/seeded.js:0:0: eslint: not checked: eslint.config.mjs ignores it" in out, out
    assert "web/net/seeded.js:0:0: tsc: not checked: no project of jsconfig.json" in out, out
    assert "eslint 1 and tsc 1 finding(s)" in out, out


def test_the_scripts_are_every_js_and_mjs_file_under_web(tmp_path: Path) -> None:
    for name in ("web/a.js", "web/deep/b.mjs", "web/c.cjs", "web/d.json", "web/e.css", "other/f.js"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert js_check.scripts(tmp_path) == ["web/a.js", "web/c.cjs", "web/deep/b.mjs"]
