#!/usr/bin/env python3
"""DEV ONLY: copy web/ into a scratch folder with the canned fake engine client over
web/engine-client.js, so the page can be screenshotted without Pyodide:

    python3 tests/browser/fake_engine/make_fake_site.py /tmp/fakesite
    .venv/bin/python ../shared/tools/screenshot.py --dir /tmp/fakesite
"""
import pathlib
import shutil
import sys

HERE = pathlib.Path(__file__).resolve().parent
WEB = HERE.parents[2] / "web"
sys.path.insert(0, str(HERE.parents[2]))
import build  # noqa: E402  (the repository's build.py: the early start's pattern)

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/fakesite")
shutil.rmtree(out, ignore_errors=True)
shutil.copytree(WEB, out, ignore=shutil.ignore_patterns(".*", "engine-worker.mjs"))
shutil.copy2(HERE / "engine-client.js", out / "engine-client.js")
# no engine worker here: drop index.html's early start (and the policy's hash for it)
page = out / "index.html"
page.write_text(build.EARLY_SCRIPT.sub("", page.read_text()))
print(out)
