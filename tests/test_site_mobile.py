"""A phone (issue 21 item 5): at 360×800 CSS px no page template scrolls sideways, and every control is a target of
at least 24×24 CSS px or has the spacing or inline exception (WCAG 2.2, 2.5.8 Target Size (Minimum)).
Debian's Chromium through Playwright, as tests/test_site_browser.py; skipped without Chromium."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import build
from site_server import ROOT, serve

AXE = ROOT / "tests" / "vendor" / "axe.min.js"

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SITE_URL = "https://concursos.exemplo.gov.br/"  # mkdocs.yml's site_url: 404.html links under it
EXAM = "certames/lins-2024-gcm/"
PAGES = {  # template → one page of the example site that uses it
    "home.html": "", "exam.html": EXAM, "position.html": EXAM + "gcm/", "list.html": EXAM + "gcm/geral/",
    "nomination.html": EXAM + "gcm/nomeacao/", "eliminated.html": EXAM + "gcm/eliminados/",
    "commission.html": EXAM + "gcm/comissao/", "rules.html": EXAM + "regras/", "act.html": EXAM + "atos/ato-20-2024/",
    "editions.html": "edicoes/", "edition.html": "edicoes/imprensa-oficial-lins-1591/", "legislation.html": "legislacao/",
    "main.html (legislação)": "legislacao/lins-decreto-13760-2024/", "main.html (sobre)": "sobre/",
    "search.html": "busca/", "verify.html": "verificar/",
    # results of several exams and cargos: the filters' selects appear, with long exam names (issue 21: 19 px tall,
    # 13 px text, the page 502 px wide)
    "search.html (resultados)": "busca/?q=silva",
    "verify_act.html": "verificar/3268-2261-0310/",  # Lins's Edital nº 12/2024: its code, from its URN (issue 21)
    "404.html": SITE_URL + "certames/nao-existe/gcm/",  # a missing deep address, served as the host would
}
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium não instalado")]

# WCAG 2.2 SC 2.5.8: a target smaller than 24×24 passes when a 24 px circle centred on it meets no other target nor
# another small target's circle (spacing), or when it sits in a sentence, its size set by the text's line (inline).
TARGETS = """() => {
  const all = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select')].filter(e => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
  });
  const boxes = all.map(e => e.getBoundingClientRect());
  const small = boxes.map(r => r.width < 24 || r.height < 24);
  const centre = r => [r.left + r.width / 2, r.top + r.height / 2];
  const toRect = ([x, y], r) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
  const inline = e => {
    if (getComputedStyle(e).display !== 'inline') return false;
    const block = e.closest('p, li, dd, td, th, figcaption, small, span.selo');
    if (!block) return false;
    const text = [...block.childNodes].some(n => n.nodeType === 3 && n.textContent.trim().replace(/[·,;:()\\s]/g, ''));
    return text;
  };
  const bad = [];
  all.forEach((e, i) => {
    if (!small[i] || inline(e)) return;
    const c = centre(boxes[i]);
    const clash = boxes.some((r, j) => j !== i && (toRect(c, r) < 12
                                                    || (small[j] && Math.hypot(c[0] - centre(r)[0], c[1] - centre(r)[1]) < 24)));
    if (clash) bad.push(`${e.tagName.toLowerCase()} «${(e.textContent || e.name || e.id).trim().slice(0, 40)}» `
                        + `${Math.round(boxes[i].width)}×${Math.round(boxes[i].height)}`);
  });
  return bad;
}"""

# A box that scrolls (or clips) sideways inside a page that does not: the page passes the document's own width test,
# but a reader at 360 px must still swipe inside the box to read a column (issue 21: «Keep every page free of
# horizontal scroll at 360 px»; «Lay out the tables … as cards on a phone»). Form controls scroll their own text,
# and visually hidden text (1 px clipped boxes: headers kept for screen readers) is not read on screen.
INNER_SCROLL = """() => [...document.querySelectorAll('body *')].filter(e => {
  if (e.matches('input, select, textarea')) return false;
  const s = getComputedStyle(e), r = e.getBoundingClientRect();
  if (s.overflowX === 'visible' || r.width <= 1 || r.height <= 1) return false;
  return e.scrollWidth > e.clientWidth + 1;
}).map(e => {
  const label = e.querySelector('caption') || e;
  return `${e.tagName.toLowerCase()}${e.className ? '.' + e.className.split(' ').join('.') : ''} `
       + `«${label.textContent.trim().slice(0, 50)}» ${e.scrollWidth} px em ${e.clientWidth} px`;
})"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site = tmp_path_factory.mktemp("mobile") / "site"
    build(ROOT / "content", site, pdf=False)
    return site


@pytest.fixture(scope="module")
def site_url(site):
    with serve(site) as url:
        yield url


@pytest.fixture(scope="module")
def phone(site):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 360, "height": 800}, device_scale_factor=2, locale="pt-BR",
                                      has_touch=True, is_mobile=True)
        def local(route):  # the 404 page's absolute links (its stylesheet) come from the built site, not the net
            rel = route.request.url[len(SITE_URL):].split("?")[0].split("#")[0]
            target = SITE / rel
            target = target / "index.html" if target.is_dir() else target
            if target.is_file():
                return route.fulfill(path=str(target))
            return route.fulfill(path=str(SITE / "404.html"), status=404)  # as nginx's error_page or GitHub Pages

        SITE = site
        context.route(SITE_URL + "**", local)
        yield context.new_page()
        browser.close()


@pytest.mark.parametrize("template", sorted(PAGES))
def test_no_sideways_scroll_and_touch_sized_targets_at_360px(phone, site_url, template):
    address = PAGES[template]
    phone.goto(address if address.startswith("https:") else site_url + address)
    phone.wait_for_load_state("load")
    if "?q=" in address:  # the search answers after the page loads
        phone.wait_for_function("() => /resultado/.test(document.getElementById('busca-status').textContent)")
        assert phone.locator("#busca-filtros select").count() == 2, template
        # as tall as the other controls and in the body's text size (issue 21: 19 px tall with 13 px text)
        sizes = phone.evaluate("[...document.querySelectorAll('#busca-filtros select')].map(e => [e.getBoundingClientRect()"
                               ".height, parseFloat(getComputedStyle(e).fontSize), parseFloat(getComputedStyle("
                               "document.body).fontSize)])")
        assert all(h >= 44 and font >= body for h, font, body in sizes), sizes
    assert phone.evaluate("getComputedStyle(document.body).fontFamily") != "", template
    assert phone.evaluate("[...document.styleSheets].some(s => s.href && s.href.endsWith('assets/site.css'))")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{template}: a página rola para o lado ({width} px de largura)"
    inner = phone.evaluate(INNER_SCROLL)
    assert inner == [], f"{template}: uma caixa da página rola para o lado: {inner[:6]}"
    bad = phone.evaluate(TARGETS)
    assert bad == [], f"{template}: alvos menores que 24×24 px sem espaço em volta: {bad[:8]}"


@pytest.mark.parametrize("template", ["commission.html", "exam.html", "rules.html"])
def test_stacked_summary_tables_keep_their_headers_for_screen_readers(phone, site_url, template):
    """The summary tables stack at 360 px (issue 21): still real tables whose every cell has its column header, each
    stacked cell shows that header's words, and axe finds nothing at 360 px."""
    browser = phone.context.browser  # the module's browser, in a context of its own
    # axe is injected as an inline script, which the pages' Content-Security-Policy refuses (as it should)
    page = browser.new_context(viewport={"width": 360, "height": 800}, locale="pt-BR", bypass_csp=True,
                               is_mobile=True, has_touch=True).new_page()
    page.goto(site_url + PAGES[template])
    cells = page.evaluate("""() => [...document.querySelectorAll('table.empilhada')].flatMap(t => {
      const heads = [...t.querySelectorAll('thead th')].map(th => th.textContent.trim());
      return [...t.querySelectorAll('tbody tr')].flatMap(tr => {
        let col = 0;  // a rowspan cell above shifts the columns of the rows under it
        const span = heads.length - [...tr.children].reduce((n, c) => n + c.colSpan, 0);
        col = span;
        return [...tr.children].map(c => {
          const head = heads[col]; col += c.colSpan;
          return [c.tagName, head, c.dataset.rotulo || null, getComputedStyle(c, '::before').content];
        });
      });
    })""")
    assert cells, template
    for tag, head, label, before in cells:
        if tag == "TD":
            assert label == head and before == f'"{head}"', (template, tag, head, label, before)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => await axe.run(document, {runOnly: {type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}})""")
    problems = [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]]
    assert problems == [], problems
    page.context.close()
