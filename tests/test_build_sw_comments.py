"""The shipped service worker leaves out its whole-line comments (build.without_comment_lines,
docs/performance.md "Page load": the page's own files stay under their budget), and nothing else."""

from __future__ import annotations

import subprocess
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parents[1]


def test_comment_lines_go_and_code_stays() -> None:
    js = "a();\n/** x\n * y */\nb(); // c\n  // d\n/* e */ f();\nconst s = `// not a comment`;\n"
    assert build.without_comment_lines(js) == "a();\nb(); // c\n/* e */ f();\nconst s = `// not a comment`;\n"


def test_the_service_worker_keeps_its_build_line_and_its_code() -> None:
    source = (ROOT / "web" / build.SERVICE_WORKER).read_text()
    shipped = build.without_comment_lines(source)
    assert len(shipped) < len(source) * 0.8
    assert len(build.SW_BUILD_LINE.findall(shipped)) == 1
    code = [line for line in source.split("\n") if line.strip() and not line.strip().startswith(("//", "/*", "*"))]
    assert [line for line in shipped.split("\n") if line.strip()] == code
    done = subprocess.run(["node", "--check", "-"], input=shipped, text=True, capture_output=True)
    assert done.returncode == 0, done.stderr
