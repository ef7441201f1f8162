"""Browser tests in Debian's headless Chromium driven by Playwright: search, anchors, axe-core, screenshots."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest

from site_server import HOSTILE, ROOT, build_fake, serve

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = ROOT / "tests" / "artifacts"
AXE = ROOT / "tests" / "vendor" / "axe.min.js"
EXAM = "certames/lins-2024-exemplo/"
PAGES = {  # page type → path
    "inicio": "", "certame": EXAM, "cargo": EXAM + "gcm/", "lista": EXAM + "gcm/geral/",
    "lista-p2": EXAM + "gcm/geral/2/", "lista-negro": EXAM + "gcm/negro/", "paginas": EXAM + "gcm/geral/paginas/",
    "nomeacao": EXAM + "gcm/nomeacao/", "eliminados": EXAM + "gcm/eliminados/", "comissao": EXAM + "gcm/comissao/", "busca": "busca/?q=zelia",
    "legislacao": "legislacao/lins-decreto-13760-2024/", "legislacao-indice": "legislacao/", "sobre": "sobre/",
    "cartao": EXAM + "gcm/geral/#i-10000010",
}

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium não instalado")]


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    site = tmp_path_factory.mktemp("browser") / "site"
    build_fake(site)
    with serve(site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    outside: list[str] = []

    def guard(route):
        host = urlparse(route.request.url).hostname
        if host != "127.0.0.1":
            outside.append(route.request.url)
            return route.abort()
        return route.continue_()

    context.route("**/*", guard)
    pg = context.new_page()
    pg.outside = outside
    yield pg
    context.close()
    assert outside == [], f"requisições externas: {outside}"


def _search(page, site_url: str, query: str) -> list[str]:
    page.goto(site_url + "busca/")
    page.fill("#q", query)
    page.press("#q", "Enter")
    page.wait_for_function("() => document.getElementById('busca-status').textContent.includes('resultado')")
    return page.locator("#busca-resultados li").all_inner_texts()


def test_search_by_name_ignores_accents_and_case(page, site_url):
    results = _search(page, site_url, "ZELIA conceicao")
    assert any("Zélia Conceição Araújo" in r and "10000000" in r for r in results), results


def test_search_by_registration_and_follow_the_link(page, site_url):
    results = _search(page, site_url, "10000600")
    assert len(results) == 1 and "Ênio Último Página" in results[0]
    page.click("#busca-resultados a")
    page.wait_for_load_state()
    assert page.url.endswith("/gcm/geral/2/#i-10000600")
    assert page.evaluate("document.querySelector(':target').id") == "i-10000600"


def test_search_finds_an_eliminated_registration(page, site_url):
    results = _search(page, site_url, "10001200")
    assert len(results) == 1
    page.click("#busca-resultados a")
    page.wait_for_load_state()
    assert page.url.endswith("/gcm/eliminados/#e-10001200")
    assert page.evaluate("document.querySelector(':target').id") == "e-10001200"


def test_search_pages_results_with_see_more_and_filters_by_cargo(page, site_url):
    results = _search(page, site_url, "silva")
    assert len(results) == 20, results
    status = page.inner_text("#busca-status")
    total = int(status.split(" ")[0])
    assert total > 20 and "Mostrando 20" in status
    page.click("#busca-mais")
    page.wait_for_function("() => document.querySelectorAll('#busca-resultados li').length > 20")
    assert page.locator("#busca-resultados li").count() == min(40, total)
    # the filter names every cargo with a candidate, read or not (rows are stored per cargo: the first read may all
    # be of one cargo); choosing one still unread reads on until its results come
    assert page.locator("#busca-filtros select[name=cargo]").count() == 1
    options = page.locator("#busca-filtros select[name=cargo] option").all_inner_texts()
    page.select_option("#busca-filtros select[name=cargo]", label=next(o for o in options if o.startswith("AGA")))
    page.wait_for_function("() => document.querySelectorAll('#busca-resultados li').length > 0")
    filtered = page.locator("#busca-resultados li").all_inner_texts()
    assert filtered and all("AGA —" in r for r in filtered), filtered
    page.screenshot(path=str(ARTIFACTS / "busca-filtro-1280.png"), full_page=True)


def test_search_result_says_body_place_and_situation(page, site_url):
    results = _search(page, site_url, "10000003")
    assert len(results) == 1
    assert "Prefeitura Municipal de Lins" in results[0] and "Município de Lins (SP)" in results[0]
    assert "4º na lista geral" in results[0]


def test_no_result_suggests_what_to_try(page, site_url):
    page.goto(site_url + "busca/")
    page.fill("#q", "xyzwq")
    page.press("#q", "Enter")
    page.wait_for_function("() => document.getElementById('busca-status').textContent.includes('Nenhum')")
    status = page.inner_text("#busca-status")
    assert "Tente" in status and "sobrenome" in status and "inscrição" in status


def test_search_registration_without_leading_zeros_or_with_dots(page, site_url):
    assert len(_search(page, site_url, "10.000.600")) == 1


def _narrow(browser):
    return browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR").new_page()


@pytest.mark.parametrize("width", [360, 1280])
def test_landing_on_a_row_shows_the_situation_card_above_the_table(browser, site_url, width):
    pg = browser.new_context(viewport={"width": width, "height": 800}, locale="pt-BR").new_page()
    pg.goto(site_url + EXAM + "gcm/geral/2/#i-10000600")
    card = pg.locator("#sua-situacao")
    card.wait_for()
    text = card.inner_text()
    assert "Sua situação" in text and "Ênio Último Página" in text and "10000600" in text
    box, table = card.bounding_box(), pg.locator("table.lista").bounding_box()
    assert box["y"] < table["y"] and box["x"] >= 0 and box["x"] + box["width"] <= width
    pg.wait_for_function("() => Math.abs(document.getElementById('sua-situacao').getBoundingClientRect().top) < 5")
    assert "Classif." in text and "Lista geral" in text
    pg.screenshot(path=str(ARTIFACTS / f"sua-situacao-{width}.png"))
    pg.context.close()


def test_card_explains_the_projection_in_words(browser, site_url):
    pg = browser.new_context(viewport={"width": 360, "height": 800}, locale="pt-BR").new_page()
    pg.goto(site_url + EXAM + "gcm/geral/")
    reg = pg.evaluate("""() => { for (const tr of document.querySelectorAll('table.lista tbody tr'))
        if (tr.lastElementChild.textContent.includes('projeção')) return tr.id; return null; }""")
    assert reg, "nenhuma linha de cadastro de reserva no exemplo"
    pg.goto(site_url + EXAM + "gcm/geral/#" + reg)
    card = pg.locator("#sua-situacao")
    card.wait_for()
    text = card.inner_text()
    assert "«Projeção» quer dizer" in text and "não é garantia de nomeação" in text
    link = card.locator("a", has_text="ordem de nomeação")
    link.click()
    pg.wait_for_load_state()
    assert "/nomeacao/" in pg.url and pg.evaluate("document.querySelector(':target') !== null")
    pg.context.close()


def test_list_rows_stack_on_a_phone(browser, site_url):
    pg = _narrow(browser)
    for path in (EXAM + "gcm/geral/", EXAM + "gcm/negro/", EXAM + "gcm/nomeacao/", EXAM + "gcm/comissao/"):
        pg.goto(site_url + path)
        wide = pg.evaluate("""() => [...document.querySelectorAll('table.lista')].map(t => {
            const box = t.closest('.tabela'); return [t.scrollWidth, box.clientWidth]; })""")
        assert wide and all(w <= c for w, c in wide), (path, wide)
        right = pg.evaluate("""() => Math.max(...[...document.querySelectorAll('table.lista tbody tr')].slice(0, 50)
            .flatMap(tr => [...tr.children]).map(c => c.getBoundingClientRect().right))""")
        assert right <= 360, (path, right)
    pg.goto(site_url + EXAM + "gcm/geral/#i-10000010")
    pg.screenshot(path=str(ARTIFACTS / "lista-empilhada-360.png"))
    pg.context.close()


def test_jump_to_my_classification_in_a_paginated_list(page, site_url):
    page.goto(site_url + EXAM + "gcm/geral/")
    page.fill("form.ir-classificacao input", "777")
    page.click("form.ir-classificacao button")
    page.wait_for_url(re.compile(r".*/gcm/geral/2/.*#i-"))  # a URL wait: no script in the page (its CSP forbids eval)
    assert "/gcm/geral/2/" in page.url
    row = page.evaluate("document.querySelector(':target').firstElementChild.textContent")
    assert row.strip() == "777"
    assert page.locator("#sua-situacao").count() == 1


@pytest.mark.parametrize("width", [1280, 360])
def test_exam_page_filters_and_groups_cargos(browser, site_url, width):
    """At 360 px the cargos table stacks (its rows are flex boxes): the filter must still hide the rows it hides."""
    page = browser.new_context(viewport={"width": width, "height": 900}, locale="pt-BR").new_page()
    page.goto(site_url + "certames/ms-2024-exemplo/")
    groups = page.locator("#tabela-cargos tbody.grupo-cargos th[colspan]").all_inner_texts()
    assert groups == ["Enfermeiro — 2 cargos"]
    page.fill("#filtro-cargos", "enfermeiro")
    visible = page.locator("#tabela-cargos tr.cargo:visible").all_inner_texts()
    assert len(visible) == 2 and all("Enfermeiro" in r for r in visible)
    assert "2 cargo(s)" in page.inner_text("#filtro-cargos-status")
    page.fill("#filtro-cargos", "adm")
    assert page.locator("#tabela-cargos tr.cargo:visible").count() == 1
    assert page.locator("#tabela-cargos tbody:visible").count() == 1
    page.context.close()


def test_header_form_searches_from_any_page(page, site_url):
    page.goto(site_url + EXAM)
    page.fill("#q-topo", "joao indio")
    page.press("#q-topo", "Enter")
    page.wait_for_function("() => document.getElementById('busca-status').textContent.includes('resultado')")
    assert any("João da Silva Índio" in r for r in page.locator("#busca-resultados li").all_inner_texts())


def test_entry_anchor_shows_the_card_then_the_entry(page, site_url):
    """The anchor lands on the 'Sua situação' card (the answer); its link scrolls to the row itself."""
    page.goto(site_url + EXAM + "gcm/geral/#i-10000450")
    page.wait_for_function("() => Math.abs(document.getElementById('sua-situacao').getBoundingClientRect().top) < 5")
    assert page.evaluate("document.querySelector(':target').id") == "i-10000450"
    page.click("#sua-situacao a:has-text('Ver a sua linha na lista')")
    box = page.locator("#i-10000450").bounding_box()
    assert box is not None and 0 <= box["y"] < 900, box


def test_hostile_name_is_text(page, site_url):
    page.goto(site_url + EXAM + "gcm/geral/")
    assert page.locator("#i-10000001 th").inner_text().startswith('<script>alert("x")</script>')
    assert page.evaluate("window.__xss === undefined")


def test_everything_reachable_without_javascript(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    pg = context.new_page()
    pg.goto(site_url)
    pg.click(f"a[href='{EXAM}']")
    pg.click("a[href='gcm/']")
    pg.click("a[href='geral/']")
    pg.click("a[href='paginas/']")
    pg.click("a[href='../2/']")
    assert pg.locator("#i-10000600").count() == 1
    context.close()


@pytest.mark.parametrize("kind", sorted(PAGES))
def test_axe_and_screenshots(browser, site_url, kind):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width in (360, 1280):
        # axe is injected as an inline script, which the pages' Content-Security-Policy refuses (as it should).
        context = browser.new_context(viewport={"width": width, "height": 800}, locale="pt-BR", bypass_csp=True)
        pg = context.new_page()
        pg.goto(site_url + PAGES[kind])
        pg.wait_for_load_state("networkidle")
        pg.screenshot(path=str(ARTIFACTS / f"site-{kind}-{width}.png"), full_page=False)
        overflow = pg.evaluate("document.documentElement.scrollWidth")
        assert overflow <= width, f"{kind}: a página rola na horizontal a {width} px ({overflow} px)"
        if width == 1280:
            pg.add_script_tag(path=str(AXE))
            result = pg.evaluate("""async () => await axe.run(document, {runOnly: {type: 'tag',
                values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}})""")
            problems = [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]]
            assert problems == [], problems
        context.close()


def test_keyboard_reaches_skip_link_and_search(page, site_url):
    page.goto(site_url + EXAM)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "pular"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('main') !== null")
    assert HOSTILE  # the fixture's hostile name is part of the site under test


def test_no_page_breaks_the_content_security_policy(browser, site_url):
    """Every page type loads under its CSP without a violation: the site needs no inline script or style."""
    context = browser.new_context(locale="pt-BR")
    pg = context.new_page()
    pg.add_init_script("window.__csp = []; document.addEventListener('securitypolicyviolation', "
                       "e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")
    violations = {}
    for kind, path in sorted(PAGES.items()):
        pg.goto(site_url + path)
        pg.wait_for_load_state("networkidle")
        assert pg.locator("meta[http-equiv='Content-Security-Policy']").count() == 1, kind
        if found := pg.evaluate("window.__csp"):
            violations[kind] = found
    context.close()
    assert violations == {}


def test_act_links_run_no_script(page, site_url):
    """ato.md's javascript:, data: and vbscript: links are plain text; the https one stays a link."""
    page.goto(site_url + EXAM)
    act = page.locator("section.ato")
    assert act.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))") == [
        "https://www.lins.sp.gov.br/imprensa/"]
    assert act.locator("img").count() == 0
    act.get_by_text("ver o edital").click()
    act.get_by_text("imagem").click()
    assert page.evaluate("window.__xss === undefined")
    # An injected inline script would be refused by the policy, not run.
    page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.__xss = 4'; "
                  "document.body.appendChild(s); }")
    assert page.evaluate("window.__xss === undefined")


# -- downloads (issue 12 item 4): the real examples, whose PDFs are archived copies ------------------------------
@pytest.fixture(scope="module")
def examples_url(tmp_path_factory):
    from generator.build import build

    site = tmp_path_factory.mktemp("baixar") / "site"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", "1718000000")
        build(ROOT / "content", site)
    with serve(site) as url:
        yield url, site


@pytest.mark.parametrize("width", [360, 1280])
def test_download_links_say_size_and_pages_and_open_the_pdf_at_the_cargo(browser, examples_url, width):
    import re

    import pikepdf

    url, site = examples_url
    pg = browser.new_context(viewport={"width": width, "height": 800}, locale="pt-BR").new_page()
    pg.goto(url + "certames/ms-2024-pss/enf/")
    labels = pg.locator("a.baixar").all_inner_texts()
    assert labels and all(re.search(r"(PDF|CSV|JSON|ZIP|XLSX), \d+(,\d)? (B|kB|MB)", t) for t in labels), labels
    assert any(re.search(r"PDF, [\d,]+ kB, \d+ páginas", t) for t in labels), labels
    jump = pg.locator("ul.pdf-cargo a.pagina-pdf")
    href = jump.get_attribute("href")
    target, page_no = re.fullmatch(r"\.\./(atos/[^#]+\.pdf)#page=(\d+)", href).groups()
    with pikepdf.open(site / "certames" / "ms-2024-pss" / target) as pdf, pdf.open_outline() as outline:
        enf = next(i for i in outline.root if i.title.startswith("ENF"))
        assert int(page_no) == pdf.pages.index(pikepdf.Page(enf.destination[0])) + 1
    box = jump.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width  # visible without a sideways swipe
    response = pg.request.get(url + "certames/ms-2024-pss/" + target)
    assert response.ok and response.body()[:5] == b"%PDF-"
    pg.locator("#pdf").scroll_into_view_if_needed()
    pg.screenshot(path=str(ARTIFACTS / f"downloads-cargo-{width}.png"))
    pg.goto(url + "certames/ms-2024-pss/")
    assert any("ZIP" in t for t in pg.locator("a.baixar").all_inner_texts())
    pg.locator("#documentos").scroll_into_view_if_needed()
    pg.screenshot(path=str(ARTIFACTS / f"downloads-certame-{width}.png"))
    pg.context.close()


# -- «Sua situação»: five people of the example, each card with its whole story (issue 21 item 1) ----------------
LINS, MS = "certames/lins-2024-gcm/", "certames/ms-2024-pss/"
LINS_TITLE = "Concurso Público nº 01/2024 — Resultado final (exemplo fictício)"
PEOPLE = {  # story → (list page, inscrição, what its card must say)
    "ampla nomeado": (LINS + "gcm/geral/", "06558304", [
        LINS_TITLE, "Cargo GCM — Guarda Civil Municipal", "Ato em vigor: Edital de Homologação nº 12/2024, de 14/06/2024",
        "Carlos Cabreira Pereira — inscrição 06558304", "na 6ª posição da ordem de nomeação",
        "a nomeação vem por um edital de convocação", "vaga de ampla concorrência",
        "pela sua classificação na lista geral", "Decreto Municipal de Lins nº 13.760/2024, art. 6º, § 1º"]),
    "cota confirmada": (LINS + "gcm/negro/", "06525531", [
        LINS_TITLE, "Cargo GCM — Guarda Civil Municipal", "Sebastião Ferreira Oliveira — inscrição 06525531",
        "29º — Lista geral", "3º — Lista específica — pessoas negras", "2º — Lista específica — pessoas com deficiência",
        "na 8ª posição da ordem de nomeação", "vaga reservada a pessoas negras",
        "Heteroidentificação, para a sua inscrição: confirmado", "continua concorrendo às vagas reservadas",
        "Decreto Municipal de Lins nº 13.760/2024, art. 7º"]),
    "cota não confirmada": (LINS + "aga/geral/", "03636094", [
        LINS_TITLE, "Cargo AGA — Agente Administrativo", "Ana Beatriz Almeida Andrade — inscrição 03636094",
        "Heteroidentificação, para a sua inscrição: não confirmado",
        "O resultado «não confirmado» tirou você da reserva de vagas",
        "segue na lista geral", "Decreto Municipal de Lins nº 13.760/2024, art. 10, parágrafo único, II"]),
    "cadastro": (LINS + "gcm/geral/", "06437822", [
        LINS_TITLE, "Cargo GCM — Guarda Civil Municipal", "Lucas Alves Coelho — inscrição 06437822",
        "Você está no cadastro de reserva, na 32ª posição da ordem de nomeação", "não é garantia de nomeação",
        "Se surgirem vagas durante a validade do concurso"]),
    "retificação": (MS + "enf/geral/", "20242831901", [
        "Processo Seletivo Simplificado nº 03/2024", "Cargo ENF — Enfermeiro Temporário",
        "Ato em vigor: Edital de Resultado Final nº 41/2024, de 22/07/2024, retificado para este cargo pelo "
        "Edital de Retificação nº 44/2024, de 29/07/2024", "Aline Cardoso — inscrição 20242831901",
        "Edital de Retificação nº 44/2024, de 29/07/2024: classificação na lista geral: de 11º para 6º",
        "nota: de 87,85 para 91,50", "ordem de nomeação: de 15ª posição, vaga de ampla concorrência (cadastro de "
        "reserva) para 7ª posição, vaga de ampla concorrência", "na 7ª posição da ordem de nomeação"]),
    "convocado": (LINS + "gcm/geral/", "03024501", [
        LINS_TITLE, "Cargo GCM — Guarda Civil Municipal", "Rafael Sá Nunes — inscrição 03024501",
        "Você foi convocado(a) pelo Edital de Convocação nº 20/2024, de 05/07/2024, para a 1ª posição",
        "Edital de Convocação nº 20/2024, de 05/07/2024: convocado(a) para a 1ª posição, vaga de ampla concorrência",
        "Siga o Edital de Convocação nº 20/2024"]),
}
# the act each story's card links, by its words (a link into the site, which must answer)
LINKS = {"cota confirmada": "Ver na página da comissão", "cota não confirmada": "Ver na página da comissão",
         "retificação": "Edital de Retificação nº 44/2024", "convocado": "Edital de Convocação nº 20/2024",
         "ampla nomeado": "Ver a 6ª posição na ordem de nomeação", "cadastro": "Ver a 32ª posição na ordem de nomeação"}


def _card(pg, url: str) -> str:
    pg.goto(url)
    pg.wait_for_selector("#sua-situacao[data-completo]")
    return pg.inner_text("#sua-situacao")


@pytest.mark.parametrize("story", sorted(PEOPLE))
def test_five_people_each_card_tells_the_whole_story(browser, examples_url, story):
    """Opened from a permanent link at 360 px: the card names the exam, the cargo and the act in force where the
    reader lands (no scroll past them), and that person's lists, place and its basis, commission, acts; it fits."""
    url, _ = examples_url
    path, reg, facts = PEOPLE[story]
    pg = browser.new_context(viewport={"width": 360, "height": 800}, locale="pt-BR", is_mobile=True,
                             has_touch=True).new_page()
    text = _card(pg, url + path + "#i-" + reg)
    missing = [f for f in facts if f not in " ".join(text.split())]
    assert missing == [], (story, text)
    assert "será chamado" not in text  # never beside «Convocado» (nor anywhere: the card says what is, and how)
    pg.wait_for_function("() => Math.abs(document.getElementById('sua-situacao').getBoundingClientRect().top) < 5")
    context = pg.locator("#sua-situacao .contexto").bounding_box()
    assert context and 0 <= context["y"] and context["y"] + context["height"] <= 800  # exam and cargo in view
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360
    right = pg.evaluate("Math.max(...[...document.querySelectorAll('#sua-situacao *')].map(n => "
                        "n.getBoundingClientRect().right))")
    assert right <= 360, right
    for secret in ("cpf", "nascimento", "parecer", "voto"):
        assert secret not in text.lower(), secret
    target = pg.locator("#sua-situacao a", has_text=LINKS[story]).first
    href = target.evaluate("a => a.href")  # resolved
    assert href.startswith(url), href
    assert pg.request.get(href.split("#")[0]).ok, href
    pg.screenshot(path=str(ARTIFACTS / f"cartao-{story.replace(' ', '-')}-360.png"), full_page=True)
    pg.context.close()


def test_the_same_card_from_search_and_from_another_list(browser, examples_url):
    """From search (a result's link) and from the nomination order (its row's link to the general list): one card."""
    url, _ = examples_url
    pg = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR").new_page()
    direct = _card(pg, url + LINS + "gcm/negro/#i-06525531")
    pg.goto(url + "busca/")
    pg.fill("#q", "06525531")
    pg.press("#q", "Enter")
    pg.wait_for_function("() => document.getElementById('busca-status').textContent.includes('resultado')")
    pg.click("#busca-resultados a")
    pg.wait_for_selector("#sua-situacao[data-completo]")
    searched = pg.inner_text("#sua-situacao")
    pg.goto(url + LINS + "gcm/nomeacao/")
    pg.click("#n-8 a[href*='#i-06525531']")
    pg.wait_for_selector("#sua-situacao[data-completo]")
    listed = pg.inner_text("#sua-situacao")

    def story(t):  # the sections after the row's own columns, which differ from list to list
        return t[t.index("Listas em que você está"):t.index("Ver a sua linha")]

    assert story(searched) == story(listed) == story(direct)
    pg.context.close()


# -- gazeta serve: the problems page in the browser (issue 21 item 5) -------------------------------------------------
def test_serve_shows_a_bad_save_on_the_open_page_and_comes_back_by_itself(browser, tmp_path):
    """The page open in the browser turns into the styled problems list after a bad save (MkDocs' live reload),
    and back into the same page when the input is fixed (assets/previa.js): no plain «404 Not Found», no F5."""
    from test_serve import CARGO, EXAM, serving

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    toml = content / "certames" / EXAM / "certame.toml"
    good = toml.read_text("utf-8")
    with serving(content) as url:
        pg = browser.new_context(viewport={"width": 360, "height": 800}, locale="pt-BR").new_page()
        pg.goto(url + CARGO)
        assert "Guarda Civil Municipal" in pg.inner_text("h1")
        toml.write_text(good.replace("vagas = ", "vagas = -", 1), encoding="utf-8")
        pg.wait_for_function("() => document.body && document.body.innerText.includes('Pré-visualização não atualizada')",
                             timeout=120_000)
        assert "cargos[1].vagas" in pg.inner_text("ul.problemas") and "404 Not Found" not in pg.content()
        assert pg.evaluate("getComputedStyle(document.querySelector('ul.problemas')).borderLeftStyle") == "solid"
        assert pg.evaluate("document.documentElement.scrollWidth") <= 360
        pg.screenshot(path=str(ARTIFACTS / "serve-problemas-360.png"))
        toml.write_text(good, encoding="utf-8")
        pg.wait_for_function("() => document.body && !document.body.innerText.includes('Pré-visualização não "
                             "atualizada') && document.querySelector('h1') !== null", timeout=120_000)
        assert pg.url == url + CARGO and "Guarda Civil Municipal" in pg.inner_text("h1")
        pg.context.close()


@pytest.fixture(scope="module")
def called_url(tmp_path_factory):
    """The fake site where one person was called with a place and a deadline, then to a stage (the acts as
    build.acts_by_person gives them, so the card is tested apart from the example's archive)."""
    from generator.build import build_job
    from site_server import fake_job

    job = fake_job(60)
    shown = [{"rotulo": "Local de apresentação", "texto": "Departamento de Pessoal, Rua da Prefeitura, 1"},
             {"rotulo": "Prazo", "texto": "até 10/07/2024"},
             {"rotulo": "Documentos", "texto": "documento de identidade com foto; CPF."}]
    job.exams[0].exam["atos_por_inscricao"] = {"GCM": {"10000000": [
        {"tipo": "convocacao", "titulo": "Edital de Convocação nº 20/2024", "data": "2024-07-05",
         "data_curta": "05/07/2024", "href": "certames/lins-2024-exemplo/atos/ato-20-2024/", "posicao": "1ª",
         "vaga": "de ampla concorrência", "fundamento": "art. 6º", "apresentacao": shown},
        {"tipo": "convocacao", "titulo": "Edital de Convocação nº 21/2024", "data": "2024-07-20",
         "data_curta": "20/07/2024", "href": "certames/lins-2024-exemplo/atos/ato-21-2024/",
         "etapa": "Curso de Formação"}]}}
    site = tmp_path_factory.mktemp("convocado") / "site"
    build_job(job, ROOT / "content", site)
    with serve(site) as url:
        yield url


def test_card_of_a_called_person_says_deadline_place_and_stage(browser, called_url):
    pg = browser.new_context(viewport={"width": 360, "height": 800}, locale="pt-BR").new_page()
    text = " ".join(_card(pg, called_url + EXAM + "gcm/geral/#i-10000000").split())
    assert ("Edital de Convocação nº 20/2024, de 05/07/2024: convocado(a) para a 1ª posição, vaga de ampla "
            "concorrência. Local de apresentação: Departamento de Pessoal, Rua da Prefeitura, 1. Prazo: até "
            "10/07/2024. Documentos: documento de identidade com foto; CPF.") in text
    assert ("Edital de Convocação nº 21/2024, de 20/07/2024: convocado(a) para a etapa «Curso de Formação» (não é "
            "nomeação") in text
    assert "Você foi convocado(a) pelo Edital de Convocação nº 20/2024, de 05/07/2024, para a 1ª posição" in text
    assert "apresente-se no prazo e no local indicados acima" in text and "será chamado" not in text
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360
    pg.screenshot(path=str(ARTIFACTS / "cartao-convocado-prazo-local-360.png"), full_page=True)
    pg.context.close()


@pytest.fixture(scope="module")
def feminine_url(tmp_path_factory):
    """A published exam whose convocação and retificação have their own feminine titles (certame.toml `titulo`
    with `titulo_genero = "feminino"`; «Grade» is feminine, which its first word does not tell the
    heuristic), published with `gazeta publicar` and built: the card reads the gender from the site's own data."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from generator import build as building
    from generator.cli import main
    from conftest import OWN_SITE
    from test_stage_calls import NOMINATION, _edit, _exam

    root = tmp_path_factory.mktemp("genero")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(building, "site_url", lambda config_file=None: OWN_SITE)
        folder = _exam(root, NOMINATION.replace(
            "vagas = 2", 'vagas = 2\ntitulo = "Grade de Convocação nº 50/2024"\ntitulo_genero = "feminino"'))
        assert main(["publicar", str(folder)]) == 0
        _edit(folder, "1010,Érico Alves,GCM,76.00", "1010,Érico Alves,GCM,99.00", "candidatos.csv")
        (folder / "certame.toml").write_text((folder / "certame.toml").read_text(encoding="utf-8") + '''
[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "60/2024"
titulo = "Grade de Retificação nº 60/2024"
titulo_genero = "feminino"
data = 2024-08-01
edicao = "1540"
motivo = "Revisão de nota após recurso"
''', encoding="utf-8")
        assert main(["publicar", str(folder)]) == 0
        site = tmp_path_factory.mktemp("genero-site") / "site"  # outside the content folder
        building.build(folder.parent.parent, site, pdf=False)
    with serve(site) as url:
        yield url


def test_card_says_pela_before_a_feminine_act_title(browser, feminine_url):
    """«convocado(a) pela Grade…», «retificado … pela Grade…», «Siga a Grade…», «Ver a Grade…», as «Como citar»
    says server-side (render/cite.correction_note): before, site.js printed «pelo»/«o» whatever the title."""
    pg = browser.new_context(viewport={"width": 360, "height": 800}, locale="pt-BR").new_page()
    text = " ".join(_card(pg, feminine_url + "certames/exemplo/gcm/geral/#i-1003").split())
    assert "retificado para este cargo pela Grade de Retificação nº 60/2024, de 01/08/2024" in text, text
    assert "Você foi convocado(a) pela Grade de Convocação nº 50/2024, de 10/07/2024" in text, text
    assert "Siga a Grade de Convocação nº 50/2024:" in text, text
    assert pg.locator("#sua-situacao a", has_text="Ver a Grade de Convocação nº 50/2024").count() == 1
    assert not re.search(r"\b(pelo|o) Grade\b", text), text
    pg.context.close()


@pytest.mark.parametrize("path", [LINS + "atos/ato-20-2024/", MS + "atos/ato-50-2024/"])
def test_a_convocations_own_page_shows_whole_names_on_a_phone(browser, examples_url, path):
    """Issue 21: «On the convocação page, names are cut off at the right edge» — the act's own page (its body's
    table of the called) stacks like the lists at 360 px: every cell within the screen, each name whole, labelled."""
    url, _ = examples_url
    pg = _narrow(browser)
    pg.goto(url + path)
    cells = pg.evaluate("""() => [...document.querySelectorAll('table tbody tr')]
        .filter(tr => tr.closest('table').querySelector('caption')?.textContent.startsWith('Candidatos convocados'))
        .flatMap(tr => [...tr.children]).map(c => [c.getBoundingClientRect().right, c.scrollWidth - c.clientWidth,
        c.textContent])""")
    assert len(cells) >= 10, cells
    assert max(r for r, _, _ in cells) <= 360, [(r, t) for r, _, t in cells if r > 360][:3]
    assert all(over <= 0 for _, over, _ in cells), [t for _, over, t in cells if over > 0][:3]
    labels = pg.evaluate("""() => [...document.querySelectorAll('table.lista-convocados tbody tr:first-child td')]
        .map(td => getComputedStyle(td, '::before').content)""")
    assert labels == ['"Posição"', '"Vaga"', '"Inscrição"', '"Fundamento"'], labels
    pg.screenshot(path=str(ARTIFACTS / f"convocacao-{path.split('/')[-2]}-360.png"), full_page=True)
    pg.context.close()


# -- the card of someone who left: desistência and nomination made void (issue 21 item 1) ------------------------
LEFT_EVENTS = ("data,ato,tipo,inscricao,cargo,vagas,resultado\n"
               "26/07/2024,52/2024,desistencia,1003,,,\n"
               "05/08/2024,55/2024,sem_efeito,1004,,,\n")
LEFT_CALLS = '''
[[atos]]
tipo = "convocacao"
numero = "52/2024"
data = 2024-07-26
edicao = "1540"
cargo = "GCM"
vagas = 1

[[atos]]
tipo = "convocacao"
numero = "55/2024"
data = 2024-08-05
edicao = "1545"
cargo = "GCM"
vagas = 1
'''


@pytest.fixture(scope="module")
def left_url(tmp_path_factory):
    """tests/test_stage_calls.py's exam, published with its convocação 50/2024 (1003 and 1004 called); then 1003
    withdraws (eventos.csv, published by convocação 52/2024, which calls the next for the place) and 1004's
    nomination is made void (by convocação 55/2024): both acts published with `gazeta publicar` and built, so the
    marks link archived acts' pages, as on the official site."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from generator import build as building
    from generator.cli import main
    from conftest import OWN_SITE
    from test_stage_calls import NOMINATION, _exam

    root = tmp_path_factory.mktemp("saiu")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(building, "site_url", lambda config_file=None: OWN_SITE)
        folder = _exam(root, NOMINATION)
        assert main(["publicar", str(folder)]) == 0
        (folder / "eventos.csv").write_text(LEFT_EVENTS, encoding="utf-8")
        (folder / "certame.toml").write_text((folder / "certame.toml").read_text(encoding="utf-8") + LEFT_CALLS,
                                             encoding="utf-8")
        assert main(["publicar", str(folder)]) == 0
        site = tmp_path_factory.mktemp("saiu-site") / "site"  # outside the content folder
        building.build(folder.parent.parent, site, pdf=False)
    with serve(site) as url:
        yield url


@pytest.mark.parametrize("reg, act, slug, mark, then, shown", [
    ("1003", "Edital de Convocação nº 52/2024", "ato-52-2024",
     "Edital de Convocação nº 52/2024, de 26/07/2024: Desistiu da nomeação (desistência publicada pelo Edital de "
     "Convocação nº 52/2024, de 26/07/2024).",
     "Nada mais a fazer neste cargo: a desistência está registrada.",
     "Torna-se pública a desistência de Carla Dias, inscrição 1003, do cargo GCM — Guarda Civil Municipal, "
     "convocado(a) para a 1ª posição da ordem de nomeação pelo Edital de Convocação nº 50/2024."),
    ("1004", "Edital de Convocação nº 55/2024", "ato-55-2024",
     "Edital de Convocação nº 55/2024, de 05/08/2024: Nomeação tornada sem efeito pelo Edital de Convocação nº "
     "55/2024, de 05/08/2024.",
     "A nomeação deixou de valer pelo Edital de Convocação nº 55/2024; a vaga passa ao seguinte da mesma lista.",
     "Fica tornada sem efeito a nomeação de Diego Reis, inscrição 1004, do cargo GCM — Guarda Civil Municipal, "
     "convocado(a) para a 2ª posição da ordem de nomeação pelo Edital de Convocação nº 50/2024."),
], ids=["desistencia", "sem-efeito"])
def test_card_of_who_withdrew_or_was_made_void_dates_and_links_that_act(browser, left_url, reg, act, slug, mark, then,
                                                                         shown):
    """The «Sua situação» card at 360 px, opened from the person's permanent link: among the acts that changed their
    situation, the one that published the withdrawal or made the nomination void, with its date and words, linked
    to that act's page (which opens, and shows what it is cited for: the withdrawal or the void nomination, with
    the place the person held); what comes next says so. Before, site.js's marks were reached by JSON only, and
    the act's page did not say it published the withdrawal."""
    pg = browser.new_context(viewport={"width": 360, "height": 800}, locale="pt-BR", is_mobile=True,
                             has_touch=True).new_page()
    text = " ".join(_card(pg, left_url + "certames/exemplo/gcm/geral/#i-" + reg).split())
    acts = [" ".join(t.split()) for t in pg.locator("#sua-situacao ul.atos-pessoa li").all_inner_texts()]
    assert acts[0].startswith("Edital de Convocação nº 50/2024, de 10/07/2024: convocado(a) para a "), acts
    assert acts[-1] == mark, acts  # the last act, after the call, in date order
    assert then in text, text
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360
    right = pg.evaluate("Math.max(...[...document.querySelectorAll('#sua-situacao *')].map(n => "
                        "n.getBoundingClientRect().right))")
    assert right <= 360, right
    link = pg.locator("#sua-situacao ul.atos-pessoa li").last.locator("a")
    assert link.count() == 1, acts  # the act's title is a link, not plain text
    assert link.inner_text() == act
    assert link.evaluate("a => a.href") == left_url + f"certames/exemplo/atos/{slug}/"
    pg.screenshot(path=str(ARTIFACTS / f"cartao-{slug}-{reg}-360.png"), full_page=True)
    link.click()
    pg.wait_for_load_state("load")
    assert pg.url == left_url + f"certames/exemplo/atos/{slug}/"
    assert pg.inner_text("h1") == act
    published = [" ".join(t.split()) for t in pg.locator(".corpo ul.publica li").all_inner_texts()]
    assert published == [shown], published
    pg.context.close()
