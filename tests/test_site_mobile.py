"""A phone (issue 21 item 5): at 360×800 CSS px no page template scrolls sideways, and every control is a target of
at least 24×24 CSS px or has the spacing or inline exception (WCAG 2.2, 2.5.8 Target Size (Minimum)).
Every page template of templates/theme/ is checked (test_every_page_template_is_checked_at_360px): the example's
pages, a synthetic exam whose lists run to several pages (list_pages.html, a list's second page), and the page
`gazeta serve` shows for input problems (problems.html).
Debian's Chromium through Playwright, as tests/test_site_browser.py; skipped without Chromium."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator import synth
from generator.build import build
from site_server import ROOT, serve

AXE = ROOT / "tests" / "vendor" / "axe.min.js"

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SITE_URL = "https://concursos.exemplo.gov.br/"  # mkdocs.yml's site_url: 404.html links under it
EXAM = "certames/lins-2024-gcm/"
LONG = "certames/sintetico/c001/"  # the synthetic exam's one cargo: 1,200 candidates, 10 vacancies
PAGES = {  # template → one page that uses it: a path of the example site, or (fixture, path) of another site
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
    # no example list is longer than a page (PAGE_SIZE, 500 rows): a synthetic exam's are (the `longo` fixture)
    "list_pages.html": ("longo", LONG + "geral/paginas/"),
    "list_pages.html (nomeação)": ("longo", LONG + "nomeacao/paginas/"),
    "list.html (página 2)": ("longo", LONG + "geral/2/"),
    "nomination.html (página 2)": ("longo", LONG + "nomeacao/2/"),
    # gazeta serve after a save with input problems (the `problemas` fixture), a long unbroken value among them
    "problems.html": ("problemas", ""),
}
# what shows that a page is the template it stands for here, for the pages outside the example
TELLS = {"list_pages.html": ("ol.indice-paginas li a", 3), "list_pages.html (nomeação)": ("ol.indice-paginas li a", 3),
         "list.html (página 2)": ("table.lista-geral tbody tr", 500),
         "nomination.html (página 2)": ("table.lista-nomeacao tbody tr", 500), "problems.html": ("ul.problemas li", 2)}
THEME = ROOT / "templates" / "theme"
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
def longo(tmp_path_factory):
    """A site whose lists run to several pages: a synthetic exam (generator/synth.py) of one cargo with 1,200
    candidates (about 1,100 on the general list and in the nomination order: three pages each)."""
    base = tmp_path_factory.mktemp("longo")
    content = base / "content"
    (content / "certames").mkdir(parents=True)
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    (base / "mkdocs.yml").write_text(f"site_name: Teste\nsite_url: {SITE_URL}\n", encoding="utf-8")
    synth.write_exam(content / "certames" / "sintetico", candidates=1200, positions=1, vacancies=10, seed=7)
    build(content, base / "site", pdf=False)
    with serve(base / "site") as url:
        yield url


def bad_inputs(content: Path) -> list[str]:
    """The problems `gazeta serve` shows for a copy of the example with two mistakes (generator/mkdocs_plugin.py:
    str() of each problem of the InputError): a negative vacancy count, and a cargo code of 70 characters without
    a space, which the message quotes back."""
    from generator.errors import InputError
    from generator.pipeline import prepare_all

    shutil.copytree(ROOT / "content", content)
    toml = content / "certames" / "lins-2024-gcm" / "certame.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("vagas = ", "vagas = -", 1), encoding="utf-8")
    csv = content / "certames" / "ms-2024-pss" / "candidatos.csv"
    lines = csv.read_text(encoding="utf-8").split("\n")
    lines[1] = lines[1].replace(";PROF-AI;", ";PROF-AI-" + "X" * 62 + ";", 1)
    csv.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        prepare_all(content, pdf=False)
    return [str(p) for p in caught.value.problems]


def problems_page(folder: Path, url: str, problems: list[str]) -> None:
    """What the MkDocs plugin writes after a save with problems, under the address the preview serves."""
    from generator.render.site.pages import Site

    site = Site(folder, site_url=url)
    try:
        site.problems_page(problems)
    finally:
        site.search.close()


@pytest.fixture(scope="module")
def problemas(tmp_path_factory):
    base = tmp_path_factory.mktemp("problemas")
    problems = bad_inputs(base / "content")
    assert len(problems) == 2 and any("X" * 60 in p for p in problems), problems
    (base / "site").mkdir()
    with serve(base / "site") as url:
        problems_page(base / "site", url, problems)
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


def test_every_page_template_is_checked_at_360px():
    """Each template that renders a whole page (templates/theme/*.html but the `_` partials) has a page in PAGES, so
    a new template cannot slip out of the 360 px check."""
    templates = {p.name for p in THEME.glob("*.html") if not p.name.startswith("_")}
    checked = {name.split(" ")[0] for name in PAGES}
    assert templates - checked == set(), f"modelos de página sem página no teste de 360 px: {sorted(templates - checked)}"
    assert checked <= templates, sorted(checked - templates)


@pytest.mark.parametrize("template", sorted(PAGES))
def test_no_sideways_scroll_and_touch_sized_targets_at_360px(phone, site_url, request, template):
    address = PAGES[template]
    if isinstance(address, tuple):  # a page of another site than the example's
        where, address = address
        address = request.getfixturevalue(where) + address
    phone.goto(address if address.startswith(("https:", "http:")) else site_url + address)
    phone.wait_for_load_state("load")
    if template in TELLS:
        selector, count = TELLS[template]
        assert phone.locator(selector).count() == count, (template, selector, phone.locator(selector).count())
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


def test_the_problems_page_reloads_itself_when_its_problems_change_and_when_they_are_fixed(phone, site, tmp_path):
    """Issue 21 item 5, «shows input problems on a styled page that reloads when they are fixed»: the page stays
    while the problems stay, turns into the new list when another save brings other problems (previa.js reads
    the marker's version), and into the site's page once the marker is gone (a build without problems). The
    served preview is tested end to end in test_site_browser (a bad save and its fix); this is the page's own
    promise, at 360 px, with no rebuild to wait for."""
    from generator.render.site.pages import PROBLEMS_MARKER

    folder = tmp_path / "site"
    folder.mkdir()
    first, second = "certame.toml, chave «cargos[1].vagas»: primeiro problema", "candidatos.csv, linha 2: outro"
    with serve(folder) as url:
        problems_page(folder, url, [first])
        page = phone.context.new_page()
        try:
            page.goto(url)
            assert page.locator("ul.problemas li").all_inner_texts() == [first]
            assert page.evaluate("getComputedStyle(document.querySelector('ul.problemas')).borderLeftStyle") == "solid"
            page.evaluate("window.mesmaPagina = true")  # gone after a reload
            page.wait_for_timeout(3000)  # previa.js polls the marker every second: it saw the same version
            assert page.evaluate("window.mesmaPagina === true"), "a página recarregou sem mudança nos problemas"
            problems_page(folder, url, [second])
            page.wait_for_function("t => [...document.querySelectorAll('ul.problemas li')].map(li => li.textContent)"
                                   ".join() === t", arg=second, timeout=20_000)
            assert page.evaluate("window.mesmaPagina === undefined")
            shutil.copytree(site, folder, dirs_exist_ok=True)  # the build without problems: the site, no marker
            (folder / PROBLEMS_MARKER).unlink()
            page.wait_for_function("() => !document.querySelector('ul.problemas') && document.querySelector('h1')",
                                   timeout=20_000)
            assert page.url == url and page.inner_text("h1") == "Resultados de concursos públicos"  # the home page
        finally:
            page.close()
