"""The stored form of the start-up snapshot (web/engine-worker.mjs: packSnapshot, streamSnapshot;
issue #16): the pages that are not all zeros, read back as the body streams in. Runs the
worker's own functions under Node.js on made-up snapshots: every chunking of the stream gives
back the snapshot byte for byte, the length is known from the header alone, and a copy that is
cut short, too long, or not a stored snapshot is refused. (The browser tests restore real
snapshots: tests/browser/test_snapshot.py.)"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pytest import TempPathFactory

WORKER = Path(__file__).resolve().parents[1] / "web" / "engine-worker.mjs"
FIRST, AFTER = "const PAGE = 65536;", "/** Store the snapshot (packed)"

CHECKS = r"""
const page = (n, fill) => new Uint8Array(n).fill(fill);
function snapshot(pages, last) {            // pages: fill byte per 64 KB page (0: a zero page)
  const parts = pages.map((f, i) => page(i === pages.length - 1 ? last : PAGE, f));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  if (out.length > 10) out[out.length - 3] = 0;  // a page with a zero byte in it is stored whole
  return out;
}
function streamOf(bytes, chunk) {
  let at = 0;
  return new Response(new ReadableStream({ pull(c) {
    if (at >= bytes.length) { c.close(); return; }
    c.enqueue(bytes.slice(at, at + chunk)); at += chunk;
  } }));
}
const equal = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const results = {};
const cases = { mixed: [[3, 0, 0, 5, 0, 9], 1000], lastZero: [[1, 2, 0], 4096], allZero: [[0, 0], PAGE],
                onePage: [[4], 17], wholeLast: [[0, 6], PAGE] };
for (const [name, [pages, last]] of Object.entries(cases)) {
  const snap = snapshot(pages, last);
  const packed = packSnapshot(snap);
  for (const chunk of [1, 7, 16, 17, 4096, 65536, 65537, packed.length]) {
    if (chunk === 1 && packed.length > 70000) continue;
    const { bytes, filled } = streamSnapshot(streamOf(packed, chunk));
    const out = await bytes;
    const sizeFirst = out.length === snap.length;  // known before the pages are in
    await filled;
    results[`${name}/${chunk}`] = sizeFirst && equal(out, snap) && packed.length < snap.length + 16 + pages.length + 1;
  }
  const zeroPages = pages.filter((f) => f === 0).length;
  results[`${name}/zero pages left out`] = packed.length === 16 + pages.length + snap.length - zeroPages * PAGE
    + (pages[pages.length - 1] === 0 ? PAGE - last : 0);
}
const packed = packSnapshot(snapshot([3, 0, 5], 100));
const bad = { truncated: packed.slice(0, packed.length - 1), overlong: new Uint8Array([...packed, 0]),
              "no magic": new Uint8Array(4096).fill(7), empty: new Uint8Array(0),
              "short header": packed.slice(0, 10), "wrong count": (() => { const p = packed.slice();
                new DataView(p.buffer).setUint32(12, 99, true); return p; })() };
for (const [name, bytes] of Object.entries(bad)) {
  for (const chunk of [3, 65536]) {
    const { bytes: b, filled } = streamSnapshot(streamOf(bytes, chunk));
    const refused = await filled.then(() => false, (e) => e.message);
    await b.catch(() => {});
    results[`refused ${name}/${chunk}`] = refused;
  }
}
console.log(JSON.stringify(results));
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory: TempPathFactory) -> dict[str, Any]:
    node = shutil.which("node")
    if not node:
        pytest.skip("Node.js is not installed")
    source = WORKER.read_text()
    code = source[source.index(FIRST):source.index(AFTER)]
    script = tmp_path_factory.mktemp("snapshot") / "check.mjs"
    script.write_text(code + CHECKS)
    done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def test_every_chunking_gives_back_the_snapshot_with_its_length_known_from_the_header(results: dict[str, Any]) -> None:
    kept = {k: v for k, v in results.items() if not k.startswith("refused")}
    assert len(kept) >= 35
    assert [k for k, ok in kept.items() if ok is not True] == []


@pytest.mark.parametrize("damage,reason", [("truncated", "truncated snapshot"), ("overlong", "damaged snapshot"),
                                           ("no magic", "not a stored snapshot"), ("empty", "not a stored snapshot"),
                                           ("short header", "damaged snapshot header"),
                                           ("wrong count", "damaged snapshot header")])
def test_a_damaged_copy_is_refused(results: dict[str, Any], damage: str, reason: str) -> None:
    for chunk in (3, 65536):
        assert results[f"refused {damage}/{chunk}"] == reason
