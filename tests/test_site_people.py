"""Issue 21 (the people who use it): 404 page, feeds per exam and cargo, download notes, `gazeta novo`."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from generator.build import build
from site_server import ROOT

CONTENT = ROOT / "content"
SITE_URL = "https://concursos.exemplo.gov.br/"  # mkdocs.yml's site_url


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("exemplo") / "site"
    build(CONTENT, site, pdf=False)
    return site


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        for key in ("href", "src", "action"):
            if a.get(key) is not None:
                self.links.append(a[key])


def _links(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _target(site: Path, link: str) -> Path:
    path = urlparse(link).path
    rel = path[len(urlparse(SITE_URL).path):] if link.startswith(SITE_URL) else path
    target = site / rel
    return target / "index.html" if rel.endswith("/") or not rel else target


# -- 404 -------------------------------------------------------------------------------------------------------------
def test_404_page_at_the_root_with_search_and_home(example):
    page = example / "404.html"
    assert page.is_file()
    text = page.read_text(encoding="utf-8")
    assert 'lang="pt-BR"' in text and "Página não encontrada" in text
    links = _links(page)
    assert any(t == "form" and a.get("role") == "search" for t, a in links.tags)
    assert any(t == "link" and a.get("rel") == "stylesheet" and a["href"].endswith("assets/site.css")
               for t, a in links.tags)
    assert SITE_URL in links.links  # home


def test_404_links_survive_a_sub_path(example):
    """Served for any missing address (and from https://host/sub/), so no '/…' link and no folder-relative one."""
    links = _links(example / "404.html").links
    assert links
    for link in links:
        if link.startswith("#"):
            continue
        assert not link.startswith("/"), link
        assert link.startswith(SITE_URL), link  # absolute under site_url: right at any depth and under a sub-path
        assert _target(example, link.split("?")[0]).is_file(), link


def test_404_without_site_url_is_relative_to_the_root(tmp_path):
    from generator.render.site.pages import Site
    site = Site(tmp_path)
    try:
        site.not_found_page()
    finally:
        site.search.close()
    for link in _links(tmp_path / "404.html").links:
        assert not urlparse(link).scheme and not link.startswith("/"), link
    assert "404.html" not in "".join(rel for rel, _ in site.urls)  # not in the sitemap


# -- feeds per exam and per cargo -------------------------------------------------------------------------------------
ATOM = "{http://www.w3.org/2005/Atom}"


def _exam_feeds(site: Path) -> list[Path]:
    return sorted((site / "certames").glob("*/feed.xml")) + sorted((site / "certames").glob("*/*/feed.xml"))


def _check_atom(path: Path):
    """RFC 4287 § 4.1.1/4.1.2: the feed and each entry have id, title, updated; the feed (or each entry) an author."""
    import xml.etree.ElementTree as ET

    import feedparser

    data = path.read_bytes()
    root = ET.fromstring(data)  # well-formed
    assert root.tag == f"{ATOM}feed"
    for key in ("id", "title", "updated"):
        assert root.find(f"{ATOM}{key}") is not None and root.find(f"{ATOM}{key}").text, (path, key)
    entries = root.findall(f"{ATOM}entry")
    for e in entries:
        for key in ("id", "title", "updated"):
            assert e.find(f"{ATOM}{key}").text, (path, key)
        assert root.find(f"{ATOM}author") is not None or e.find(f"{ATOM}author/{ATOM}name").text
    parsed = feedparser.parse(data)
    assert not parsed.bozo, (path, parsed.get("bozo_exception"))
    assert parsed.version == "atom10"
    ids = [e.id for e in parsed.entries]
    assert len(ids) == len(set(ids)) == len(entries)
    return parsed


def test_every_exam_and_cargo_has_a_valid_atom_feed(example):
    for exam in (example / "certames").iterdir():
        assert (exam / "feed.xml").is_file(), exam
        for cargo in exam.iterdir():
            if (cargo / "index.html").is_file() and (cargo / "geral").is_dir():
                assert (cargo / "feed.xml").is_file(), cargo
    feeds = _exam_feeds(example)
    assert len(feeds) > 3
    for feed in feeds:
        _check_atom(feed)


def test_cargo_feed_has_its_calls_and_corrections_only(example):
    """lins-2024-gcm: convocação 20/2024 calls GCM, retificação 15/2024 corrects PEB; homologação 12/2024 is both's."""
    def titles(rel):
        return [e.title for e in _check_atom(example / rel / "feed.xml").entries]

    exam = "certames/lins-2024-gcm/"
    gcm, peb, whole = titles(exam + "gcm/"), titles(exam + "peb/"), titles(exam)
    assert any("Convocação nº 20/2024" in t for t in gcm) and not any("Convocação" in t for t in peb)
    assert any("Retificação nº 15/2024" in t for t in peb) and not any("Retificação" in t for t in gcm)
    assert all(any("Homologação nº 12/2024" in t for t in ts) for ts in (gcm, peb, whole))
    assert set(gcm) | set(peb) <= set(whole)


def test_feed_entries_are_the_acts_permanent_pages_and_dates(example):
    import json
    parsed = _check_atom(example / "certames/lins-2024-gcm/gcm/feed.xml")
    acts = {}
    for f in (ROOT / "content/certames/lins-2024-gcm/arquivo").glob("*/ato.json"):
        act = json.loads(f.read_text(encoding="utf-8"))["ato"]
        acts[f"{SITE_URL}certames/lins-2024-gcm/atos/{act['slug']}/"] = act["data"]
    assert parsed.entries
    for e in parsed.entries:
        assert e.id in acts and e.link == e.id  # the act's permanent URL: stable across builds
        assert e.updated.startswith(acts[e.id])  # the act's own date, never the clock
    assert parsed.feed.updated.startswith(max(acts[e.id] for e in parsed.entries))


def test_exam_and_cargo_pages_announce_their_feed(example):
    for rel in ("certames/lins-2024-gcm/", "certames/lins-2024-gcm/gcm/"):
        tags = _links(example / rel / "index.html").tags
        alternates = [a for t, a in tags if t == "link" and a.get("rel") == "alternate"
                      and a.get("type") == "application/atom+xml"]
        assert any(a["href"] == "feed.xml" for a in alternates), rel
    text = (example / "certames/lins-2024-gcm/gcm/index.html").read_text(encoding="utf-8")
    assert 'id="acompanhar"' in text and f"{SITE_URL}certames/lins-2024-gcm/gcm/feed.xml" in text
    assert "e-mail" in text and "leitor de feeds" in text


def test_each_feed_entry_keeps_the_acompanhar_promise(example):
    """The «Acompanhar» section promises what each notice brings: the act's title, the gazette, the edition and the
    date, the act's permanent page and, when there is one, the PDF with its SHA-256. Each entry of the cargo's feed
    carries them, and the SHA-256 is the PDF's own."""
    import hashlib
    import xml.etree.ElementTree as ET

    atom = "{http://www.w3.org/2005/Atom}"
    page = (example / "certames/lins-2024-gcm/gcm/index.html").read_text(encoding="utf-8")
    assert "o diário oficial, a edição e a" in page and "o PDF publicado com o seu SHA-256" in page
    entries = ET.parse(example / "certames/lins-2024-gcm/gcm/feed.xml").getroot().findall(f"{atom}entry")
    assert entries
    for entry in entries:
        act = entry.find(f"{atom}link").get("href").removeprefix(SITE_URL)  # the first: the act's page (no rel)
        assert act.startswith("certames/lins-2024-gcm/atos/") and (example / act / "index.html").is_file(), act
        title, summary = entry.find(f"{atom}title").text, entry.find(f"{atom}summary").text
        assert summary.startswith(title.split(" — ")[0] + " — Imprensa Oficial - Lins, edição nº "), summary
        assert re.search(r", \d{1,2} de [a-zç]+ de \d{4}", summary), summary
        [pdf] = entry.findall(f"{atom}link[@rel='enclosure']")
        sha = hashlib.sha256((example / pdf.get("href").removeprefix(SITE_URL)).read_bytes()).hexdigest()
        assert f"SHA-256 {sha}" in summary, summary


# -- downloads ---------------------------------------------------------------------------------------------------------
def test_each_csv_xlsx_download_says_which_keeps_the_zeros(example):
    import re
    note = "Para abrir numa planilha, use o XLSX: o CSV aberto direto pode perder os zeros à esquerda das inscrições."
    page = (example / "certames/lins-2024-gcm/gcm/index.html").read_text(encoding="utf-8")
    items = re.findall(r"<li>.*?</li>|<p>.*?</p>", page, re.S)
    with_both = [i for i in items if re.search(r'href="[^"]+\.csv"', i) and re.search(r'href="[^"]+\.xlsx"', i)]
    assert with_both
    for item in with_both:
        assert note in item, item[:200]


# -- the «Sua situação» card's files (issue 21 item 1) --------------------------------------------------------------
CARD_KEYS = {"listas", "nomeacao", "comissao", "atos"}
CARD_FIELDS = {  # the allow-list of each part (generator/render/site/pages.py ExamPages._cards): required, optional
    "nomeacao": ({"posicao", "motivo", "cadastro", "fundamento"}, set()),
    "comissao": ({"procedimento", "resultado", "efeito", "fundamento", "href"}, {"efeito_texto"}),
}
# each act on the card by what it did (build.acts_by_person; the marks of eventos.csv in _cards); every act may say
# its title is feminine (`genero`, for «pela»). A stage convocação's row publishes {ordem, inscricao, nome}
# (act_body.py): none of them reaches the card (the inscrição is the key; a name never)
ACT = {"tipo", "titulo", "data", "data_curta", "href"}
ACT_FIELDS = {
    "nomination": (ACT | {"posicao", "vaga", "fundamento"}, {"apresentacao", "genero"}),
    "stage": (ACT | {"etapa"}, {"apresentacao", "genero"}),
    "correction": (ACT | {"mudancas"}, {"genero"}),
    "mark": (ACT | {"texto"}, {"genero"}),
}


def _cards(site: Path) -> dict[Path, dict]:
    import json
    return {f: json.loads(f.read_text(encoding="utf-8")) for f in sorted(site.glob("certames/*/*/cartao/*.json"))}


def _act_kind(act: dict) -> str:
    if act.get("tipo") == "convocacao":
        return "stage" if "etapa" in act else "nomination"
    return "correction" if "mudancas" in act else "mark"


def _exact(item: dict, allowed: tuple[set, set], where) -> None:
    required, optional = allowed
    assert required <= set(item) <= required | optional, (where, set(item) - required - optional, required - set(item))


def _check_card_files(site: Path, min_files: int, min_names: int) -> dict[str, int]:
    """Keyed by inscrição, without names, like the commission page (LEGAL-NOTES 7): no file of the site puts a
    commission outcome beside a name; exactly the listed fields, each part and each kind of act its own. Returns how
    many acts of each kind the files hold."""
    import json
    import re
    cards = _cards(site)
    assert len(cards) >= min_files
    names = {n for page in site.glob("certames/*/*/geral/**/index.html")
             for n in re.findall(r'<th scope="row">([^<]+)</th>', page.read_text("utf-8"))}
    assert len(names) >= min_names
    kinds: dict[str, int] = {}
    for path, card in cards.items():
        assert card["formato"] == 1 and set(card) == {"formato", "por_pagina", "listas", "fundamentos", "pessoas"}
        text = path.read_text("utf-8")
        assert not [n for n in names if n in text], path
        assert all(len(b) == 2 and isinstance(b[0], str) for b in card["fundamentos"])
        for reg, person in card["pessoas"].items():
            assert reg.isdigit() and person and set(person) <= CARD_KEYS, (path, reg)
            for key, value in person.items():
                if key == "listas":  # [group, rank], titles once per file
                    assert all(g in card["listas"] and isinstance(k, int) for g, k in value), (path, reg)
                    continue
                for item in value if isinstance(value, list) else [value]:
                    if key == "atos":
                        kind = _act_kind(item)
                        kinds[kind] = kinds.get(kind, 0) + 1
                        _exact(item, ACT_FIELDS[kind], (path, reg, kind))
                        assert item.get("genero", "feminino") == "feminino", (path, reg)
                    else:
                        _exact(item, CARD_FIELDS[key], (path, reg, key))
        # what a convocação asks to bring («Documentos: RG; CPF.») is the act's own published text: not a datum
        told = [i["texto"] for v in card["pessoas"].values() for a in v.get("atos", ()) for i in a.get("apresentacao", ())]
        for said in told:
            text = text.replace(json.dumps(said, ensure_ascii=False), "")
        for word in ("cpf", "nascimento", "parecer", "voto"):
            assert word not in text.lower(), (path, word)
        assert not re.search(r"\d{3}\.?\d{3}\.?\d{3}-\d{2}", text), path  # no CPF, in any spelling
    return kinds


def test_card_files_hold_no_name_and_only_their_allow_list(example):
    kinds = _check_card_files(example, 8, 500)
    assert {"nomination", "correction"} <= set(kinds), kinds  # the example's acts (no stage convocação there)


def test_card_files_tell_each_persons_commission_correction_and_call(example):
    files = {str(p.relative_to(example)): c for p, c in _cards(example).items()}
    cards = {k: c["pessoas"] for k, c in files.items()}
    aga = cards["certames/lins-2024-gcm/aga/cartao/1.json"]["03636094"]
    (outcome,) = aga["comissao"]
    assert outcome["resultado"] == "não confirmado" and outcome["efeito"] == "sai_da_reserva"
    assert files["certames/lins-2024-gcm/aga/cartao/1.json"]["fundamentos"][outcome["fundamento"]] == [
        "Decreto Municipal de Lins nº 13.760/2024, art. 10, parágrafo único, II",
        "../../../legislacao/lins-decreto-13760-2024/#art10_par1u_inc2"]
    assert outcome["href"] == "comissao/#c-03636094-heteroidentificacao"
    assert (example / "certames/lins-2024-gcm/aga/comissao/index.html").read_text("utf-8").count(
        'id="c-03636094-heteroidentificacao"') == 1
    fixed = cards["certames/ms-2024-pss/enf/cartao/1.json"]["20242831901"]["atos"]
    assert [(a["tipo"], a["titulo"], a["href"]) for a in fixed] == [
        ("retificacao", "Edital de Retificação nº 44/2024", "../atos/ato-44-2024/")]
    assert ["classificacao", "11", "6"] in fixed[0]["mudancas"] and ["nota", "87,85", "91,50"] in fixed[0]["mudancas"]
    assert (example / "certames/ms-2024-pss/atos/ato-44-2024/index.html").is_file()
    (call,) = cards["certames/lins-2024-gcm/gcm/cartao/1.json"]["03024501"]["atos"]
    assert (call["tipo"], call["titulo"], call["posicao"]) == ("convocacao", "Edital de Convocação nº 20/2024", "1ª")
    negro = cards["certames/lins-2024-gcm/gcm/cartao/1.json"]["06525531"]
    assert negro["listas"] == [["geral", 29], ["pcd", 2], ["negro", 3]]
    assert negro["nomeacao"]["posicao"] == 8 and negro["nomeacao"]["motivo"] == "reserva"


@pytest.mark.parametrize("name, registration, kind", [
    ("cariacica-sem-efeito-vaga-ampla", "2002", "sem_efeito"),
    ("cariacica-anulacao-declaracao-falsa-substituto-da-mesma-lista", "2006", "anulacao"),
    ("lins-desistencia-apos-convocacao", "1006", "desistencia"),
])
def test_card_file_tells_a_later_acts_mark_dated(tmp_path, name, registration, kind):
    """A nomination made void, annulled, or a withdrawal after the call (eventos.csv): the card lists that act,
    dated, with its words, as the row does (issue 21 item 1: «sem efeito», «desistência»)."""
    import json
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from generator.public import exam_view
    from generator.render.site.pages import ExamPages, Site
    from test_calls_output import _result

    view = exam_view(_result(name))
    p = view["cargos"][0]
    mark = p["situacoes"][registration]
    site = Site(tmp_path)
    try:
        index = {e["inscricao"]: k for k, e in enumerate(p["listas"][0]["entradas"])}
        ExamPages(site, view, f"certames/{view['slug']}/", None, None)._cards(p, f"certames/{view['slug']}/c1/", index)
    finally:
        site.search.close()
    people = {}
    for f in (tmp_path / "certames" / view["slug"] / "c1" / "cartao").glob("*.json"):
        people.update(json.loads(f.read_text("utf-8"))["pessoas"])
    acts = people[registration]["atos"]
    told = [a for a in acts if a["tipo"] == kind]
    assert told == [{"tipo": kind, "titulo": mark["ato"], "data": mark["data"], "texto": mark["texto"],
                     "data_curta": "/".join(reversed(mark["data"].split("-"))), "href": None}]
    assert [a["data"] for a in acts] == sorted(a["data"] for a in acts)
    # the same act archived with the exam (its number in the exam's history): the card links its page
    assert mark.get("numero"), mark
    view["historico"] = [{"ato": {"numero": mark["numero"]}, "slug": "ato-de-teste"}]
    site = Site(tmp_path / "com-ato")
    try:
        ExamPages(site, view, f"certames/{view['slug']}/", None, None)._cards(p, f"certames/{view['slug']}/c1/", index)
    finally:
        site.search.close()
    people = {}
    for f in (tmp_path / "com-ato" / "certames" / view["slug"] / "c1" / "cartao").glob("*.json"):
        people.update(json.loads(f.read_text("utf-8"))["pessoas"])
    [linked] = [a for a in people[registration]["atos"] if a["tipo"] == kind]
    assert linked["href"] == "../atos/ato-de-teste/" and linked["titulo"] == mark["ato"]


def test_a_calls_presentation_and_stage_reach_the_card():
    """A convocação's body prints where, when and with what to present oneself (`apresentacao`), and a stage
    convocação calls without positions (LEGAL-NOTES 18): build.acts_by_person carries both to the card."""
    from types import SimpleNamespace

    from generator.build import acts_by_person

    def entry(number, body):
        act = {"tipo": "convocacao", "titulo": f"Edital de Convocação nº {number}", "cargo": "GCM",
               "data": "2024-07-05", "data_curta": "05/07/2024", "numero": number}
        return {"slug": f"ato-{number.replace('/', '-')}", "href": f"certames/x/atos/ato-{number.replace('/', '-')}/",
                "ato": act, "view": {"ato": act, "corpo": body}}

    shown = [{"rotulo": "Local de apresentação", "texto": "Departamento de Pessoal"},
             {"rotulo": "Prazo", "texto": "até 10/07/2024"}]
    entries = [entry("20/2024", {"convocados": [{"inscricao": "1", "posicao": "1ª", "vaga": "de ampla concorrência",
                                                  "fundamento": "art. 6º", "nome": "Fulano"}], "apresentacao": shown}),
               entry("21/2024", {"convocados": [{"ordem": 1, "inscricao": "1", "nome": "Fulano"}],
                                 "etapa": {"nome": "Curso de Formação", "ordem": "alfabetica"}})]
    records = [SimpleNamespace(slug=e["slug"]) for e in entries]
    (nomination, stage) = acts_by_person(records, entries, {})["GCM"]["1"]  # {}: no retificação's changes
    assert nomination["apresentacao"] == shown and nomination["posicao"] == "1ª" and "etapa" not in nomination
    assert stage["etapa"] == "Curso de Formação" and "posicao" not in stage and "apresentacao" not in stage
    assert all("nome" not in a for a in (nomination, stage))


def test_a_published_stage_and_nomination_call_reach_the_card_file(tmp_path, own_site_url, capsys):
    """End to end: `gazeta publicar` a stage convocação and a nomination convocação with place, deadline and
    documents (tests/test_stage_calls.py's exam), `build`: the called person's card file has both acts, with the
    presentation as the acts print it."""
    import json
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from generator.cli import main
    from test_stage_calls import NOMINATION, STAGE_CALL, _exam

    folder = _exam(tmp_path, STAGE_CALL + NOMINATION)
    assert main(["publicar", str(folder)]) == 0, capsys.readouterr().err
    site = tmp_path.parent / f"{tmp_path.name}-site"  # outside the content folder (tmp_path)
    build(folder.parent.parent, site, pdf=False)
    people = {}
    for f in (site / "certames" / "exemplo" / "gcm" / "cartao").glob("*.json"):
        people.update(json.loads(f.read_text("utf-8"))["pessoas"])
    calls = {a["titulo"]: a for a in people["1003"]["atos"] if a["tipo"] == "convocacao"}
    stage, nomination = calls["Edital de Convocação nº 48/2024"], calls["Edital de Convocação nº 50/2024"]
    assert stage["etapa"] == "Curso de Formação Profissional" and "posicao" not in stage
    assert {"rotulo": "Prazo", "texto": "até 05/07/2024"} in stage["apresentacao"]
    assert nomination["posicao"] == "1ª" and "etapa" not in nomination
    assert {"rotulo": "Prazo", "texto": "até 24/07/2024"} in nomination["apresentacao"]
    assert {"rotulo": "Local de apresentação", "texto": "Departamento de Pessoal, Rua da Prefeitura, 1"} in \
        nomination["apresentacao"]
    assert (site / "certames" / "exemplo" / nomination["href"][3:] / "index.html").is_file()
    # the allow-list holds for a stage convocação too (its row's «ordem» and «nome» stay on the act's own page)
    assert {"stage", "nomination"} <= set(_check_card_files(site, 1, 5))
