from a11y import inject_axe
def test_probe(page, site_url):
    page.goto(f"{site_url}?fast=1&game=canasta-two-hand")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    inject_axe(page)
    r = page.evaluate("""async () => { const r = await axe.run(document, {runOnly: ['label-content-name-mismatch']});
      return r.violations.flatMap(v => v.nodes.map(n => n.html.slice(0, 700))); }""")
    for x in r: print(x, "\\n")
    assert True
