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

TEMPORARY (session 12): the files listed in ``tools/js/deferred.json`` are being refactored on
other branches. ESLint skips them; tsc checks them (imports pull them in) but their findings do
not fail the check, they are only counted. ``--deferred-report FILE`` writes those files'
findings of both tools (``tool<TAB>file:line<TAB>message``, one a line) for the follow-up that fixes
them and empties the list.

    python3 tools/js_check.py                          checks; exit status 0 when clean
    python3 tools/js_check.py --deferred-report FILE   also writes the deferred files' findings
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
"""The pinned tools' package.json and package-lock.json, and deferred.json (relative to the root)."""
LOCK_FILES = ("package.json", "package-lock.json")
PROJECTS = ("jsconfig.json", "tools/js/jsconfig.workers.json")
"""tsc's projects, relative to the root: the page's scripts; the workers."""
LINTED = ("web",)
"""What ESLint checks, relative to the root (eslint.config.mjs says how)."""

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


def deferred_patterns(root: Path) -> list[str]:
    """The TEMPORARY list of files not held to the checks yet (tools/js/deferred.json's "files":
    paths relative to the root, a trailing ``/**`` meaning everything under that folder)."""
    data = json.loads((root / TOOLS_DIR / "deferred.json").read_text(encoding="utf-8"))
    return [str(p) for p in data["files"]]


def is_deferred(file: str, patterns: list[str]) -> bool:
    """Whether ``file`` (relative to the root, ``/``-separated) matches one of ``patterns``."""
    return any(file.startswith(p[:-2]) if p.endswith("/**") else file == p for p in patterns)


def _node() -> str:
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        raise JsToolsError("node not found: install Node.js (Debian: apt-get install nodejs)")
    return node


def run_eslint(root: Path, tools: Path, all_files: bool = False) -> list[Finding]:
    """ESLint's findings over :data:`LINTED` with root's eslint.config.mjs; ``all_files`` also lints
    what the config ignores (``--no-ignore``: the deferred files). Raises JsToolsError when ESLint
    itself fails (a broken config, a file it cannot parse is a finding)."""
    cmd = [_node(), str(tools / "node_modules" / "eslint" / "bin" / "eslint.js"), "--format", "json",
           *(["--no-ignore"] if all_files else []), *LINTED]
    env = {**os.environ, "MELDTABLE_JS_TOOLS": str(tools / "package.json")}
    done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        raise JsToolsError(f"eslint failed (exit status {done.returncode}):\n{done.stderr.strip()}")
    findings = []
    for result in json.loads(done.stdout):
        file = Path(result["filePath"]).resolve().relative_to(root.resolve()).as_posix()
        for m in result["messages"]:
            rule = f" ({m['ruleId']})" if m.get("ruleId") else ""
            findings.append(Finding("eslint", file, int(m.get("line", 0)), int(m.get("column", 0)),
                                    m["message"] + rule))
    return findings


def run_tsc(root: Path, tools: Path) -> list[Finding]:
    """tsc's errors for each project of :data:`PROJECTS` (``--noEmit``; files relative to root).
    An error naming no file (e.g. a bad option in a jsconfig) is a finding of that jsconfig."""
    findings: list[Finding] = []
    for project in PROJECTS:
        cmd = [_node(), str(tools / "node_modules" / "typescript" / "bin" / "tsc"), "-p", project, "--pretty", "false"]
        done = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
        if done.returncode == 0:
            continue
        found = 0
        for raw in done.stdout.splitlines():
            match = TSC_LINE.match(raw)
            if match:
                findings.append(Finding("tsc", match["file"].replace(os.sep, "/"), int(match["line"]),
                                        int(match["col"]), f"{match['message']} ({match['code']})"))
                found += 1
            elif raw.startswith(" ") and findings and found:
                last = findings[-1]
                findings[-1] = Finding(last.tool, last.file, last.line, last.col, last.message + " " + raw.strip())
            elif raw.strip():
                findings.append(Finding("tsc", project, 0, 0, raw.strip()))
                found += 1
        if not found:
            raise JsToolsError(f"tsc -p {project} failed (exit status {done.returncode}):\n"
                               f"{(done.stdout + done.stderr).strip()}")
    return findings


def check_js(root: Path = ROOT, cache: Path = CACHE, deferred_report: Path | None = None) -> int:
    """Install the pinned tools when needed (:func:`install_tools`), run ESLint and tsc over
    ``root``'s web/ and print their findings. Returns 0 when neither finds anything outside the
    deferred files, else 1 (also when a tool cannot be installed or run: the reason is printed).
    ``deferred_report``: a file to write the deferred files' findings to (tab-separated
    ``tool, file:line, message`` lines, sorted), for the follow-up that fixes them."""
    try:
        tools = install_tools(root, cache)
        patterns = deferred_patterns(root)
        lint = run_eslint(root, tools)
        types = run_tsc(root, tools)
        report = [f for f in run_eslint(root, tools, all_files=True) if is_deferred(f.file, patterns)] \
            if deferred_report else []
    except JsToolsError as e:
        print(f"js_check: {e}", file=sys.stderr)
        return 1
    failing = [f for f in lint + types if not is_deferred(f.file, patterns)]
    deferred = [f for f in types if is_deferred(f.file, patterns)]
    for finding in sorted(failing, key=lambda f: (f.file, f.line, f.col, f.tool)):
        print(finding)
    print(f"js_check: eslint {sum(f.tool == 'eslint' for f in failing)} and tsc {sum(f.tool == 'tsc' for f in failing)}"
          f" finding(s) in web/; tsc {len(deferred)} more in the files of {TOOLS_DIR / 'deferred.json'}"
          " (TEMPORARY, not failing)")
    if deferred_report:
        rows = sorted({(f.file, f.line, f.tool, f.message) for f in report + deferred})
        lines = [f"{tool}\t{file}:{line}\t{message}" for file, line, tool, message in rows]
        deferred_report.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        print(f"js_check: {len(lines)} finding(s) of the deferred files written to {deferred_report}")
    return 1 if failing else 0


def main(argv: list[str]) -> int:
    """The command line (see the module's docstring)."""
    if argv[:1] == ["--deferred-report"] and len(argv) == 2:
        return check_js(ROOT, CACHE, Path(argv[1]))
    if argv:
        print(__doc__)
        return 2
    return check_js(ROOT, CACHE)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
