"""axe-core in the browser tests (issue #29, accessibility).

    from a11y import serious_violations
    found = serious_violations(page)            # whole document
    found = serious_violations(page, "#dialog")  # one part of it
    assert not found, format_violations(found)

axe-core (npm `axe-core`, version and integrity pinned in build.py, fetched into .cache/ by
`build.axe_script()`) is evaluated in the page through the DevTools protocol: the page's
Content-Security-Policy forbids inline scripts, and an evaluated script is not subject to it, so
the pages are checked exactly as served (no bypass_csp context needed).

Only violations with impact "serious" or "critical" are returned: the bar of issue #29.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

_SOURCE: str | None = None


def axe_source() -> str:
    """The text of axe.min.js (fetched once into .cache/ by build.py)."""
    global _SOURCE
    if _SOURCE is None:
        _SOURCE = build.axe_script().read_text(encoding="utf-8")
    return _SOURCE


def inject_axe(page: Page) -> None:
    """Define window.axe in the page's main frame (idempotent)."""
    if page.evaluate("() => typeof window.axe === 'object'"):
        return
    page.evaluate("(() => {" + axe_source() + "\n; return typeof window.axe; })()")


def serious_violations(page: Page, include: str | None = None, rules_off: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """[{id, impact, help, nodes: [target selector strings + failure summary]}] of the
    serious/critical axe-core violations in the page (or in the part `include` selects),
    WCAG 2.0/2.1/2.2 A and AA rules plus axe's best practices. rules_off: rule ids to skip."""
    inject_axe(page)
    result = page.evaluate(
        """async ([include, off]) => {
            const rules = {};
            for (const id of off) rules[id] = {enabled: false};
            const r = await window.axe.run(include ? {include: [include]} : document,
                {resultTypes: ['violations'], rules});
            return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.slice(0, 8).map((n) => n.target.join(' ') + ' :: '
                        + (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 240))}));
        }""", [include, list(rules_off)])
    return cast("list[dict[str, Any]]", result)


def format_violations(found: list[dict[str, Any]]) -> str:
    """A readable multi-line report of serious_violations()' answer for an assert message."""
    lines = []
    for v in found:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']}")
        lines.extend("    " + n for n in v["nodes"])
    return "\n".join(lines)
