#!/usr/bin/env python3
"""Static checks of web/'s JavaScript: ESLint and tsc's ``checkJs`` (JSDoc types), standard library + npm.

    from tools.js_check import check_js
    check_js(ROOT, ROOT / ".cache")      # -> 0 when both pass (their findings are printed), else 1

The tools are npm dev packages pinned, with their whole dependency tree and each package's
integrity, in ``tools/js/package.json`` and ``tools/js/package-lock.json``. They are installed
with ``npm ci`` (which refuses a tarball that does not match the lock's integrity) into
``<cache>/jstools-<hash of the two files>/`` when that folder is missing, so a changed lock gets a
fresh install. Node and npm are all a machine needs.

What runs (from the project's root):

- ESLint over web/ with ``eslint.config.mjs`` (told where the tools are by the environment
  variable ``MELDTABLE_JS_TOOLS``);
- tsc with each project of :data:`PROJECTS`: ``jsconfig.json`` (the page's scripts, DOM) and
  ``tools/js/jsconfig.workers.json`` (the engine's worker and the service worker, WebWorker).

Every script of web/ is held to both checks, none is deferred or skipped: a file ESLint did not
lint (an ``ignores`` entry of eslint.config.mjs covering it) or that no tsc project checked is a
finding itself, so the check cannot pass by leaving a file out.

    python3 tools/js_check.py      checks; exit status 0 when clean
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache"
TOOLS_DIR = Path("tools") / "js"
"""The pinned tools' package.json and package-lock.json (relative to the root)."""
LOCK_FILES = ("package.json", "package-lock.json")
PROJECTS = ("jsconfig.json", "tools/js/jsconfig.workers.json")
"""tsc's projects, relative to the root: the page's scripts; the workers."""
LINTED = ("web",)
"""What ESLint and tsc check, relative to the root (eslint.config.mjs and :data:`PROJECTS` say how)."""
SCRIPT_SUFFIXES = (".js", ".mjs", ".cjs")
"""The files of :data:`LINTED` that are scripts: each must be linted and type-checked."""

TSC_LINE = re.compile(r"^(?P<file>[^\s(][^(]*)\((?P<line>\d+),(?P<col>\d+)\): error (?P<code>TS\d+): (?P<message>.*)$")


class JsToolsError(RuntimeError):
    """npm or node is missing, ``npm ci`` failed, or a tool did not run (its error is the message)."""


@dataclass(frozen=True)
class Finding:
    """One complaint: ``tool`` ("eslint" or "tsc"), ``file`` relative to the root with ``/``,
    1-based ``line`` and ``col``, and ``message`` (ending in the rule name or TS code)."""

    tool: str
    file: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.tool}: {self.message}"


def tools_key(root: Path) -> str:
    """12 hex digits of sha256 over tools/js/package.json and package-lock.json (names the install)."""
    digest = hashlib.sha256()
    for name in LOCK_FILES:
        digest.update(name.encode() + b"\0" + (root / TOOLS_DIR / name).read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def install_tools(root: Path, cache: Path) -> Path:
    """The folder in ``cache`` holding the locked tools of ``root``'s tools/js/ (its node_modules/),
    installed with ``npm ci`` when missing or incomplete. Raises JsToolsError when npm is missing or
    the install fails (e.g. offline, or a tarball not matching the lock's integrity)."""
    key = tools_key(root)
    prefix = cache / f"jstools-{key}"
    stamp = prefix / ".installed"
    if stamp.exists() and stamp.read_text().strip() == key:
        return prefix
    npm = shutil.which("npm")
    if not npm:
        raise JsToolsError("npm not found: install Node.js and npm (Debian: apt-get install npm)")
    shutil.rmtree(prefix, ignore_errors=True)
    prefix.mkdir(parents=True)
    for name in LOCK_FILES:
        shutil.copyfile(root / TOOLS_DIR / name, prefix / name)
    done = subprocess.run([npm, "ci", "--prefix", str(prefix), "--ignore-scripts", "--no-audit", "--no-fund",
                           "--loglevel=error"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise JsToolsError(f"npm ci of {root / TOOLS_DIR / 'package-lock.json'} failed:\n{done.stderr.strip()}")
    stamp.write_text(key + "\n")
    return prefix


def scripts(root: Path) -> list[str]:
    """Every script under :data:`LINTED` in ``root`` (suffix in :data:`SCRIPT_SUFFIXES`), relative to
    the root with ``/``, sorted: what both checks must cover."""
    return sorted(f.relative_to(root).as_posix() for d in LINTED for f in (root / d).rglob("*")
                  if f.suffix in SCRIPT_SUFFIXES and f.is_file())


def left_out(tool: str, covered: set[str], root: Path) -> list[Finding]:
    """A finding of ``tool`` for each script of :func:`scripts` not in ``covered`` (files relative to
    the root): every web/ file is held to the checks."""
    how = "eslint.config.mjs ignores it" if tool == "eslint" else f"no project of {', '.join(PROJECTS)} includes it"
    return [Finding(tool, file, 0, 0, f"not checked: {how} (every web/ script is held to the checks)")
            for file in scripts(root) if file not in covered]


def _node() -> str:
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        raise JsToolsError("node not found: install Node.js (Debian: apt-get install nodejs)")
    return node


def run_eslint(root: Path, tools: Path) -> list[Finding]:
    """ESLint's findings over :data:`LINTED` with root's eslint.config.mjs, and one for each script
    it did not lint (:func:`left_out`). Raises JsToolsError when ESLint itself fails (a broken
    config; a file it cannot parse is a finding)."""
    cmd = [_node(), str(tools / "node_modules" / "eslint" / "bin" / "eslint.js"), "--format", "json", *LINTED]
    env = {**os.environ, "MELDTABLE_JS_TOOLS": str(tools / "package.json")}
    done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        raise JsToolsError(f"eslint failed (exit status {done.returncode}):\n{done.stderr.strip()}")
    findings = []
    linted = set()
    for result in json.loads(done.stdout):
        file = Path(result["filePath"]).resolve().relative_to(root.resolve()).as_posix()
        linted.add(file)
        for m in result["messages"]:
            rule = f" ({m['ruleId']})" if m.get("ruleId") else ""
            findings.append(Finding("eslint", file, int(m.get("line", 0)), int(m.get("column", 0)),
                                    m["message"] + rule))
    return findings + left_out("eslint", linted, root)


def _listed(raw: str, root: Path) -> str | None:
    """The root-relative ``/`` path of a file tsc's ``--listFiles`` printed on line ``raw``, or None
    when the line is no such file (an error, a library file outside the root)."""
    path = Path(raw.strip())
    if not path.is_absolute() or not path.is_file():
        return None
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return None


def run_tsc(root: Path, tools: Path) -> list[Finding]:
    """tsc's errors for each project of :data:`PROJECTS` (``--noEmit``; files relative to root), and
    one for each script no project checked (:func:`left_out`; the programs' files come from
    ``--listFiles``). An error naming no file (e.g. a bad option in a jsconfig) is a finding of that
    jsconfig. Raises JsToolsError when tsc fails without saying why."""
    findings: list[Finding] = []
    checked: set[str] = set()
    for project in PROJECTS:
        cmd = [_node(), str(tools / "node_modules" / "typescript" / "bin" / "tsc"), "-p", project, "--pretty", "false",
               "--listFiles"]
        done = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
        found = 0
        for raw in done.stdout.splitlines():
            match = TSC_LINE.match(raw)
            listed = None if match else _listed(raw, root)
            if match:
                findings.append(Finding("tsc", match["file"].replace(os.sep, "/"), int(match["line"]),
                                        int(match["col"]), f"{match['message']} ({match['code']})"))
                found += 1
            elif listed is not None:
                checked.add(listed)
            elif raw.startswith(" ") and findings and found:
                last = findings[-1]
                findings[-1] = Finding(last.tool, last.file, last.line, last.col, last.message + " " + raw.strip())
            elif raw.strip() and not Path(raw.strip()).is_absolute():
                findings.append(Finding("tsc", project, 0, 0, raw.strip()))
                found += 1
        if done.returncode != 0 and not found:
            raise JsToolsError(f"tsc -p {project} failed (exit status {done.returncode}):\n"
                               f"{(done.stdout + done.stderr).strip()}")
    return findings + left_out("tsc", checked, root)


def check_js(root: Path = ROOT, cache: Path = CACHE) -> int:
    """Install the pinned tools when needed (:func:`install_tools`), run ESLint and tsc over
    ``root``'s web/ and print their findings. Returns 0 when neither finds anything (every web/
    script checked by both, none deferred), else 1 (also when a tool cannot be installed or run:
    the reason is printed)."""
    try:
        tools = install_tools(root, cache)
        findings = run_eslint(root, tools) + run_tsc(root, tools)
    except JsToolsError as e:
        print(f"js_check: {e}", file=sys.stderr)
        return 1
    for finding in sorted(findings, key=lambda f: (f.file, f.line, f.col, f.tool)):
        print(finding)
    print(f"js_check: eslint {sum(f.tool == 'eslint' for f in findings)} and tsc {sum(f.tool == 'tsc' for f in findings)}"
          f" finding(s) in web/ ({len(scripts(root))} scripts, each linted and type-checked)")
    return 1 if findings else 0


def main(argv: list[str]) -> int:
    """The command line (see the module's docstring)."""
    if argv:
        print(__doc__)
        return 2
    return check_js(ROOT, CACHE)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
