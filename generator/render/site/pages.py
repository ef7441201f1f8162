"""Generated pages of the site, rendered from the public view with Jinja2 (never through Markdown), streamed per cargo."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from ...acts.model import CALL, CORRECTING_KINDS
from ...labels import GROUP, OUTCOME, PROCEDURE, VACANCY, card_gender, contracted, contraction, ordinal
from . import acts as act_pages, charts, verification
from .. import cite
from ..data import downloads
from ..data.package import sha256_file
from ..safe_markdown import act_html
from .rows import Bases, commission_rows, corrected_marks, eliminated_rows, list_rows, nomination_rows, note_marks
from ...paths import PAGE_SIZE, Slugs, page_dir, user_cache
from .search import SearchIndex

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "theme"
SITE_NAME = "Resultados de concursos públicos"
# Rule words of content/jurisdicoes/*.toml (`efeito` of a commission outcome) in plain Portuguese.
EFFECTS = {"mantem": "mantém-se na lista específica", "sai_da_reserva": "sai da lista específica; segue na lista geral",
           "elimina": "eliminado(a) do concurso"}
ASSETS = ("site.css", "site.js", "busca.js", "favicon.svg")
# A nomination's reasons (allocate.py) that its row's vacancy words already tell: «de ampla concorrência» is the
# general list's place, «reservada a …» the reserve list's by the alternation. The others (a reserved place given back,
# a floor's place) go into the card's file.
PLAIN_REASONS = ("ampla", "reserva")
PROBLEMS_MARKER = "previa-problemas.txt"  # gazeta serve: present while the input has problems (problems_page)
SITE_DESCRIPTION = ("Resultado oficial de concursos públicos: listas de classificação, ordem de nomeação com o "
                    "fundamento legal de cada posição, resultados das comissões e dados abertos.")
# Official acts are not protected by copyright (Lei nº 9.610/1998, art. 8º, IV): the data are in the public domain,
# stated with the Public Domain Mark (the datapackage.json says the same).
LICENSE_URL = "https://creativecommons.org/publicdomain/mark/1.0/"
# Every page carries this policy (a <meta> tag: a static site has no headers of its own). The site needs no inline
# script nor style, and nothing from other hosts: whatever an input manages to inject does not run or load.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'")
# `gazeta serve` only: MkDocs' live reload injects an inline script into every page it serves.
CSP_PREVIEW = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")


def content_security_policy(preview: bool = False) -> str:
    """The policy of the pages being built: the published one, or `gazeta serve`'s (`preview`)."""
    return CSP_PREVIEW if preview else CSP


WITHDRAWALS_SHOWN = 200  # on the cargo page; all of them are in the open data


def _jsonld(value) -> Markup:
    """JSON for a <script> element: `<`, `>` and `&` escaped so no data can close the element."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, indent=None)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def environment(site_name: str = SITE_NAME, csp: str = CSP) -> Environment:
    """Jinja2 environment of the site theme: autoescaped, strict about missing values; `site_name` from the
    project's mkdocs.yml; `csp` the pages' policy (content_security_policy)."""
    # Compiled templates are kept in the user's cache (Jinja checks each against its source's checksum): compiling
    # the theme took 0.2–1.4 s of every build and of `gazeta serve`'s first page (issue 21). Only this environment
    # writes there: its options are part of the compiled code.
    folder = user_cache("jinja-site")
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                      bytecode_cache=FileSystemBytecodeCache(str(folder)) if folder is not None else None)
    env.filters["jsonld"] = _jsonld
    env.globals.update(contraction=contraction, outcome_label=lambda o: OUTCOME.get(o, o), procedure_label=lambda p, words=None: (words or {}).get(p) or PROCEDURE.get(p, p),
                       site_name=site_name, csp=lambda: csp)
    return env


def preamble_html(text: str) -> Markup:
    """The act's preamble (editorial Markdown) as HTML: raw HTML shown as text, only safe links (safe_markdown)."""
    if not text.strip():
        return Markup("")
    return Markup(act_html(text))


@dataclass
class Pager:
    """Links of one page of a paginated list: first, last, neighbours, and the index of all pages."""

    page: int
    pages: int
    links: list = field(default_factory=list)
    all: str = ""

    @classmethod
    def of(cls, page: int, pages: int, depth_to_list: str) -> "Pager":
        wanted = sorted({1, pages, *range(max(1, page - 2), min(pages, page + 2) + 1)})
        links, last = [], 0
        for n in wanted:
            if n - last > 1:
                links.append(("…", "", False))
            href = depth_to_list + page_dir(n) if n != page else ""
            links.append((str(n), href or "./", n == page))
            last = n
        return cls(page, pages, links, depth_to_list + "paginas/")


class Site:
    """Writes generated pages into `out`; collect exams, then `finish` writes home, search, sitemap and feed."""

    def __init__(self, out: Path, *, site_url: str = "", env: Environment | None = None,
                 search: SearchIndex | None = None, pages: Iterable[str] | None = None,
                 site_name: str = SITE_NAME, csp: str = CSP) -> None:
        self.out = Path(out)
        self.csp = csp  # the pages' Content-Security-Policy (content_security_policy)
        self.site_name = site_name
        # Site-relative folders of the Markdown pages (sobre/, legislacao/…/): links go only to those that exist.
        # None: unknown, every link is kept.
        self.pages = None if pages is None else frozenset(pages)
        self.site_url = site_url.rstrip("/") + "/" if site_url else ""
        self.env = env or environment(site_name, csp)
        self.search = search or SearchIndex()
        self.exams: list[dict] = []
        self.acts: list[dict] = []  # every archived act's page, for the editions and the feed
        self.codes: dict[str, str] = {}  # verification code → the act page it resolves to (render/verification)
        self.urls: list[tuple[str, str]] = []  # (site-relative folder, lastmod) for the sitemap
        self.largest = (0, "")
        self.workers = 1  # processes for the search index (generator/render/parallel.py sets it)

    def has_page(self, rel: str) -> bool:
        """Whether a Markdown page (e.g. 'sobre/', 'legislacao/ms-decreto-16358-2024/') is part of the site."""
        return self.pages is None or rel in self.pages

    # -- writing -----------------------------------------------------------------------------------------------
    def url(self, rel: str) -> str:
        """Absolute URL of a site-relative folder (relative when no site_url is configured)."""
        return f"{self.site_url}{rel}" if self.site_url else f"/{rel}"

    def page(self, rel: str, template: str, lastmod: str = "", *, listed: bool = True, **context) -> None:
        """Render `template` into rel/index.html (rel is '' or ends with '/'); `listed`: in the sitemap and the
        largest-page statistic (False for a page written twice, first ahead of the rest: `first_page`)."""
        depth = rel.count("/")
        context.setdefault("root", "../" * depth)
        context.setdefault("has_page", self.has_page)
        for key in ("crumbs", "cite", "jsonld", "exam", "description", "feed"):
            context.setdefault(key, None)
        if not context["description"]:
            context["description"] = _description(context)
        html = self.env.get_template(template).render(**context)
        path = self.out / rel / "index.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = html.encode("utf-8")
        path.write_bytes(data)
        if not listed:
            return
        if len(data) > self.largest[0]:
            self.largest = (len(data), rel)
        self.urls.append((rel, lastmod))

    def not_found_page(self) -> None:
        """404.html at the site root, the name MkDocs, GitHub Pages and nginx's `error_page 404 /404.html` use. The
        server sends it for any missing address, at any depth, so its links cannot be relative to its folder: with a
        site_url they are absolute URLs under it (they keep a sub-path such as https://host/concursos/); without
        one they are relative to the site root, right at least for a missing top-level address. Never '/…', which
        breaks when the site is served from a sub-path. Not in the sitemap."""
        html = self.env.get_template("404.html").render(
            root=self.site_url or "", has_page=self.has_page, title="Página não encontrada", crumbs=None, cite=None,
            jsonld=None, exam=None, description=SITE_DESCRIPTION)
        (self.out / "404.html").write_bytes(html.encode("utf-8"))

    def problems_page(self, problems: list[str]) -> None:
        """gazeta serve after a save with input problems (issue 21 item 5): the list, styled as the site, as the home
        page and as 404.html (generator/serve.py sends it for any address, so the page open in the browser shows
        it); with the assets, and a marker whose content changes with the problems and which disappears when they
        are fixed: assets/previa.js reloads the page then. Links are absolute under site_url, as in the 404."""
        import hashlib

        version = hashlib.sha256("\n".join(problems).encode("utf-8")).hexdigest()[:16]
        html = self.env.get_template("problems.html").render(
            root=self.site_url or "", has_page=lambda rel: False, title="Problemas na entrada", crumbs=None,
            cite=None, jsonld=None, exam=None, description="", problems=problems, version=version,
            marker=PROBLEMS_MARKER)
        self.out.mkdir(parents=True, exist_ok=True)
        for name in ("index.html", "404.html"):
            (self.out / name).write_bytes(html.encode("utf-8"))
        (self.out / PROBLEMS_MARKER).write_text(version + "\n", encoding="utf-8")
        self.assets(ASSETS + ("previa.js",))

    def assets(self, names: Iterable[str] = ASSETS) -> list[str]:
        """The theme's assets (style, scripts, icon) into assets/; their site-relative paths."""
        assets = self.out / "assets"
        assets.mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copyfile(TEMPLATES / "assets" / name, assets / name)
        return [f"assets/{name}" for name in names]

    def home_page(self, exams: list[dict], *, listed: bool = True) -> None:
        """The home page: every exam (`home_entry`), the newest publication first."""
        self.page("", "home.html", listed=listed, title="Início", exams=_newest_first(exams),
                  jsonld={"@context": "https://schema.org", "@type": "WebSite", "name": SITE_NAME,
                          "url": self.url(""), "inLanguage": "pt-BR"})

    def first_page(self, exams: list[dict]) -> list[str]:
        """gazeta serve (issue 21 item 5): the home page and the assets it loads, written before any exam is
        rendered, from each exam's `home_entry` as its prepared summaries give it — the same bytes `finish` writes
        there again at the end (tests/test_serve.py compares them); their site-relative paths, which the preview
        then serves while the rest is rendered."""
        self.home_page(exams, listed=False)
        return ["index.html", *self.assets()]

    def legislation_index(self, pages: Iterable[tuple[str, str]]) -> None:
        """The legislation index page (see _legislation_index)."""
        _legislation_index(self, pages)

    # -- one exam ----------------------------------------------------------------------------------------------
    def render_exam(self, exam: dict, positions: Iterable[dict], *, pdf: dict | None = None,
                    data: dict | None = None, open_data=None) -> dict | None:
        """All pages of one exam; `positions` is consumed once, one cargo at a time. With `open_data` (an
        OpenData writer) each cargo's data files are written in the same pass; its finished info is returned."""
        rel = f"certames/{exam['slug']}/"
        slugs, summaries = Slugs(), []
        if open_data is not None:
            data = {"files": open_data.files}
        for position in positions:
            if open_data is not None:
                open_data.add(position)
            summaries.append(ExamPages.for_cargo(self, exam, rel, pdf, data, position).position(
                position, slugs(position["codigo"])))
        if open_data is not None:
            data = open_data.finish()
        self.exam_page(exam, summaries, pdf, data)
        return data

    def exam_page(self, exam: dict, summaries: list[dict], pdf: dict | None, data: dict | None) -> None:
        """The exam's own page, once its cargos are rendered."""
        rel = f"certames/{exam['slug']}/"
        ids = charts.Ids("cv")
        chart = charts.candidates_per_vacancy([(s["nome"], s["candidatos"], s["vagas"]) for s in summaries], ids)
        pdf_link = {"href": pdf["href"], "pages": pdf.get("pages"), "seal": pdf.get("seal"), "label": pdf.get("label") or pdf_label(
            self.out / rel / pdf["href"], pdf.get("pages"))} if pdf else None
        bundle = (data or {}).get("zip")
        package = (data or {}).get("datapackage")
        if pdf and not pdf.get("seal") and (self.out / rel / pdf["href"]).is_file():
            # a PDF built from the inputs (no act archived yet, or a preview): its code resolves here too
            self.verification_page(exam, {"href": f"{rel}{pdf['href']}", "label": pdf_link["label"],
                                          "sha256": sha256_file(self.out / rel / pdf["href"]), "signature": None},
                                   act_href=rel, data_sha256=(data or {}).get("datapackage_sha256", ""))
        self.page(rel, "exam.html", exam["publicacao"]["data"], exam=exam, cargos=summaries, chart=chart,
                  preamble=preamble_html(exam.get("preambulo_md", "")), pdf=pdf_link,
                  extracts=bool(pdf and pdf.get("extracts")),
                  bundle={"href": f"dados/{Path(bundle).name}", "label": downloads.label(bundle)} if bundle else None,
                  package_label=downloads.label(package) if package else "",
                  data_sha=(data or {}).get("datapackage_sha256", ""), title=exam["titulo"],
                  description=f"{exam['orgao']}: {exam['titulo']}",
                  crumbs=[("Início", "../../"), (exam["titulo"], "")],
                  feed={"href": "feed.xml", "title": f"Atos publicados — {exam['titulo']}"},
                  cite=citation(exam, self.url(rel), pdf, None), jsonld=act_jsonld(exam, self.url(rel), pdf))
        if exam.get("regras"):
            self.page(f"{rel}regras/", "rules.html", exam["publicacao"]["data"], exam=exam,
                      title=f"Regras aplicadas — {exam['titulo']}",
                      description=f"Regras aplicadas ao {exam['titulo']}, com seus fundamentos",
                      crumbs=[("Início", "../../../"), (exam["titulo"], "../"), ("Regras aplicadas", "")],
                      cite=citation(exam, self.url(f"{rel}regras/"), pdf, None, "Regras aplicadas"))
        self.exam_feeds(exam, summaries)
        self.exams.append(home_entry(exam, summaries))

    def exam_feeds(self, exam: dict, summaries: list[dict]) -> None:
        """certames/<exam>/feed.xml and certames/<exam>/<cargo>/feed.xml: the site feed's entries (one per published
        act) restricted to the acts that concern the exam, or the cargo (act_cargos). Before any act is archived,
        the exam's own page is the one entry, as in the site feed."""
        rel = f"certames/{exam['slug']}/"
        own = [a for a in self.acts if a["certame"] == exam["slug"]]
        summary = {k: exam[k] for k in ("slug", "titulo", "orgao", "edital", "publicacao")} | {"href": rel}
        pending = [] if own else [summary]
        write_feed(self.out / rel / "feed.xml", feed_entries(pending, own), self.url,
                   title=f"{exam['titulo']} — {self.site_name}", rel=rel)
        for s in summaries:
            cargo_rel = f"{rel}{s['href']}"
            acts = [a for a in own if a["cargos"] is None or s["codigo"] in a["cargos"]]
            write_feed(self.out / cargo_rel / "feed.xml", feed_entries(pending, acts), self.url,
                       title=f"{s['nome']} ({s['codigo']}) — {exam['titulo']}", rel=cargo_rel)

    # -- acts over time --------------------------------------------------------------------------------------------
    def act_page(self, exam_slug: str, entry: dict, order: int) -> None:
        """The permanent page of one archived act (its PDF and data are copies in the same folder)."""
        view, rel = entry["view"], entry["href"]
        act = view["ato"]
        pdf = None
        if entry["pdf"]:
            pdf = {"href": f"atos/{entry['slug']}/{entry['pdf']['href']}", "name": entry["pdf"]["name"],
                   "pages": entry["pdf"].get("pages"), "ranges": {}, "seal": entry["seal"]}
            entry = {**entry, "pdf_label": pdf_label(self.out / rel / entry["pdf"]["href"], pdf["pages"])}
        if pdf:
            self.verification_page(view, {"href": f"{rel}{entry['pdf']['href']}", "label": entry["pdf_label"],
                                          "sha256": entry["seal"]["sha256"], "signature": entry.get("verificacao"),
                                          "seal": entry["seal"]},
                                   act_href=rel, data_sha256=(entry.get("dados") or {}).get("datapackage_sha256", ""),
                                   corrected_by=entry["retificado_por"])
        self.page(rel, "act.html", act["data"], exam=view, entry=entry, ato_corpo=view.get("corpo"),
                  preamble=preamble_html(view.get("preambulo_md", "")),  # a retificação's or convocação's
                  # own `texto` (issue 18 item 2); acts archived before it have ""
                  title=f"{act['titulo']} — {view['titulo']}", description=f"{view['orgao']}: {act['titulo']}",
                  crumbs=[("Início", "../../../../"), (view["titulo"], "../../"), (act["titulo"], "")],
                  cite=citation(view, self.url(rel), pdf, None), jsonld=act_jsonld(view, self.url(rel), pdf))
        self.acts.append({"certame": exam_slug, "ordem": order, "titulo": view["titulo"], "orgao": view["orgao"],
                          "ato": act, "publicacao": view["publicacao"], "href": rel,
                          "retificado_por": entry["retificado_por"], "cargos": act_cargos(view),
                          "pdf": f"{rel}{entry['pdf']['href']}" if entry["pdf"] else None, "seal": entry["seal"],
                          "codigo": verification.code(view) if entry["pdf"] else None})

    def verification_page(self, view: dict, pdf: dict, *, act_href: str, data_sha256: str = "",
                          corrected_by: list | None = None) -> None:
        """verificar/<código>/: what the code every page of the act's PDF prints resolves to (render/verification)
        — the PDF's SHA-256, its signature as `gazeta verificar` reads it, the edition and the download."""
        code = verification.code(view)
        rel = verification.page_rel(code)
        if self.codes.get(code, act_href) != act_href:
            raise ValueError(f"dois atos com o mesmo código de verificação {code}: {self.codes[code]} e {act_href}")
        self.codes[code] = act_href
        act = view.get("ato") or {}
        self.page(rel, "verify_act.html", act.get("data") or view["publicacao"]["data"], exam=view, code=code,
                  pdf=pdf, act_href=act_href, data_sha256=data_sha256, corrected_by=corrected_by or [],
                  urn=cite.urn(view), title=f"Código de verificação {code}",
                  description=f"Verificação do PDF do {act.get('titulo') or view['titulo']}: SHA-256, assinatura "
                              "e edição",
                  crumbs=[("Início", "../../"), ("Como verificar", "../"), (code, "")])

    def editions(self) -> None:
        """The editions index and one page per edition, listing the acts each carries."""
        editions = act_pages.editions(self.acts)
        self.page("edicoes/", "editions.html", title="Edições", editions=editions,
                  crumbs=[("Início", "../"), ("Edições", "")])
        for edition in editions:
            pub = edition["publicacao"]
            label = f"{pub['diario']}, edição nº {pub['edicao']}" if pub.get("edicao") else pub["diario"]
            self.page(f"edicoes/{edition['slug']}/", "edition.html", pub["data"], edition=edition,
                      title=f"{label} — {pub['data_extenso']}",
                      crumbs=[("Início", "../../"), ("Edições", "../"), (label, "")])

    # -- whole site --------------------------------------------------------------------------------------------
    def finish(self, extra_urls: Iterable[str] = ()) -> dict:
        """Home, search page and index, assets, sitemap and feed; return search statistics."""
        exams = _newest_first(self.exams)
        self.home_page(exams)
        self.page("busca/", "search.html", title="Busca", exams=exams, segmentos=self.search.segments(),
                  crumbs=[("Início", "../"), ("Busca", "")])
        codes = [{"codigo": a["codigo"], "titulo": a["ato"]["titulo"], "certame": a["titulo"],
                  "href": verification.page_rel(a["codigo"])}
                 for a in sorted(self.acts, key=lambda a: (a["certame"], a["ordem"])) if a.get("codigo")]
        self.page("verificar/", "verify.html", title="Como verificar um PDF publicado",
                  description="Como conferir a assinatura digital e o SHA-256 dos PDFs publicados",
                  address=self.site_url or "https://ENDERECO-DO-SITE/", codes=codes,
                  crumbs=[("Início", "../"), ("Como verificar", "")])
        self.editions()
        self.not_found_page()
        write_act_index(self.out / "verificar" / "sha256.json", self.acts)
        stats = self.search.write(self.out / "busca", workers=self.workers, acts=self.acts)
        self.assets()
        self.urls.extend((u, "") for u in extra_urls)
        (self.out / "sitemap.xml.gz").unlink(missing_ok=True)  # MkDocs' own, superseded by ours
        write_sitemap(self.out / "sitemap.xml", [(self.url(rel), lastmod) for rel, lastmod in self.urls])
        write_feed(self.out / "feed.xml", feed_entries(exams, self.acts), self.url)
        write_robots(self.out / "robots.txt", self.url("sitemap.xml"))
        return {**stats, "largest_page": self.largest}


def home_entry(exam: dict, summaries: list[dict]) -> dict:
    """What the home page, search page and feed say of one exam: its identity and publication, with its number of
    cargos and vacancies (from its cargos' summaries: public.position_summary or the rendered cargo's)."""
    return {**{k: exam[k] for k in ("slug", "titulo", "orgao", "edital", "publicacao")},
            "href": f"certames/{exam['slug']}/", "cargos": len(summaries), "vagas": sum(s["vagas"] for s in summaries)}


def _newest_first(exams: list[dict]) -> list[dict]:
    return sorted(exams, key=lambda e: (e["publicacao"]["data"], e["slug"]), reverse=True)


def _description(context: dict) -> str:
    """A page's meta description: what it is and which act and gazette it belongs to."""
    exam, title = context.get("exam"), context.get("title") or ""
    if exam:
        pub = exam["publicacao"]
        edition = f", edição nº {pub['edicao']}" if pub.get("edicao") else ""
        return f"{title}. {exam['orgao']}, {pub['diario']}{edition}, {pub.get('data_extenso', pub['data'])}."
    return SITE_DESCRIPTION if title in ("", "Início") else f"{title} — {SITE_DESCRIPTION}"


def write_act_index(path: Path, acts: list[dict]) -> None:
    """verificar/sha256.json: every archived act's PDF with its SHA-256 and its public manifest, site-relative, so
    that `gazeta verificar --site https://…` can check a downloaded copy from the site's address alone."""
    index = [{"certame": a["certame"], "numero": a["ato"]["numero"], "titulo": a["ato"]["titulo"], "pdf": a["pdf"],
              "sha256": a["seal"]["sha256"], "manifesto": f"{a['href']}manifesto.json", "codigo": a.get("codigo")}
             for a in sorted(acts, key=lambda a: (a["certame"], a["ordem"])) if a["pdf"] and a["seal"]]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"formato": 1, "atos": index}, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                    encoding="utf-8")


def write_robots(path: Path, sitemap_url: str) -> None:
    """robots.txt: everything may be indexed (official acts are public); where the sitemap is."""
    lines = ["User-agent: *", "Allow: /"] + ([f"Sitemap: {sitemap_url}"] if sitemap_url.startswith("http") else [])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _legislation_index(site: "Site", pages: Iterable[tuple[str, str]]) -> None:
    """legislacao/index.html listing the legislation pages, unless content/ has its own."""
    laws = [(title, url[len("legislacao/"):]) for url, title in pages if url.startswith("legislacao/") and
            url != "legislacao/"]
    if (site.out / "legislacao" / "index.html").exists():
        return
    site.page("legislacao/", "legislation.html", title="Legislação", laws=laws,
              crumbs=[("Início", "../"), ("Legislação", "")])


DATA_FORMATS = ("csv", "json", "xlsx")  # the order of a table's download links
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PREVIEW_XLSX = "XLSX: gerado pelo gazeta build, não nesta pré-visualização"


def pdf_label(path: Path, pages: int | None) -> str:
    """"PDF, 1,2 MB, 37 páginas" for a PDF of the site (empty when the file is not there)."""
    return downloads.label(path, pages) if Path(path).is_file() else ""


class ExamPages:
    """Pages of one cargo: summary, lists, nomination order and commission outcomes."""

    def __init__(self, site: Site, exam: dict, exam_rel: str, pdf: dict | None, data: dict | None) -> None:
        self.site, self.exam, self.exam_rel, self.pdf, self.data = site, exam, exam_rel, pdf, data

    @classmethod
    def for_cargo(cls, site: Site, exam: dict, exam_rel: str, pdf: dict | None, data: dict | None,
                  p: dict) -> "ExamPages":
        """The pages of cargo `p`, handed only what they print (cargo_inputs): what an incremental build hashes to
        tell whether the cargo's pages changed (generator/render/parallel.py)."""
        exam, pdf, data = cargo_inputs(exam, pdf, data, p)
        return cls(site, exam, exam_rel, pdf, data)

    def _common(self, rel: str, title: str, crumbs: list, key: tuple | None, part: str) -> dict:
        depth = "../" * rel.count("/")
        trail = [("Início", depth), (self.exam["titulo"], depth + self.exam_rel)]
        trail += [(label, depth + target if target is not None else "") for label, target in crumbs]
        return {"exam": self.exam, "title": title, "crumbs": trail,
                "cite": citation(self.exam, self.site.url(rel), self.pdf, key, part)}

    def _data_links(self, code: str, key: str, rel_depth: str) -> dict:
        """Links to one table's files, with what each link says about its file ("CSV, 18,4 kB")."""
        files = (self.data or {}).get("files", {}).get((code, key))
        if not files:
            return {"csv": "", "json": "", "xlsx": "", "files": []}
        links = {k: f"{rel_depth}dados/{Path(files[k]).name}" if files.get(k) else "" for k in DATA_FORMATS}
        links["files"] = [{"href": links[k], "label": downloads.label(files[k])} for k in DATA_FORMATS if files.get(k)]
        if files.get("sem_xlsx"):  # gazeta serve's preview writes no spreadsheet (render/data/package.py OpenData `sheets`)
            links["files"].append({"href": "", "label": PREVIEW_XLSX})
        return links

    def _notes_href(self, root: str) -> str | None:
        """The exam's numbered notes (its "Regras aplicadas" page) from a page whose site root is `root`."""
        return f"{root}{self.exam_rel}regras/" if self.exam.get("regras") and self.exam.get("notas") else None

    def _bases(self, page_rel: str) -> Bases:
        root = "../" * page_rel.count("/")
        return Bases(root, self.site.has_page, self._notes_href(root))

    def position(self, p: dict, slug: str, cargo_no: int | None = None) -> dict:
        """Render every page of cargo `p`; return its summary row for the exam page. `cargo_no`: the cargo's number
        in the search index, when the parent process registered it already."""
        rel = f"{self.exam_rel}{slug}/"
        general = next((lst for lst in p["listas"] if lst["grupo"] == "geral"), None)
        index = {e["inscricao"]: k for k, e in enumerate(general["entradas"])} if general else {}
        if cargo_no is None:
            cargo_no = self.site.search.add_cargo(f"{rel}geral/", f"{p['codigo']} — {p['nome']}", rel,
                                                  self.exam["titulo"], self.exam["orgao"],
                                                  self.exam["jurisdicao"]["nome"])
        status = Status(p, self.site.has_page, self._notes_href, self.exam_rel)
        head = self._card_head(p)
        lists = []
        for lst in p["listas"]:
            self._list(p, lst, rel, status, head)
            lists.append({"titulo": lst["titulo"], "href": f"{lst['grupo']}/", "count": len(lst["entradas"]),
                          "fundamento": lst.get("fundamento"), **self._data_links(p["codigo"], lst["grupo"], "../"),
                          "paginas": self._pdf_pages((p["codigo"], lst["grupo"]), "../")})
        if general:
            for k, e in enumerate(general["entradas"]):
                self.site.search.add(e["inscricao"], e["nome"], cargo_no, k // PAGE_SIZE + 1, k + 1,
                                     status.code(e["inscricao"]))
        eliminated = p.get("eliminados", [])
        for k, e in enumerate(eliminated):
            if e["inscricao"] not in index:  # page -n: the n-th page of the cargo's eliminados/ (busca.js)
                self.site.search.add(e["inscricao"], "", cargo_no, -(k // PAGE_SIZE + 1))
        if eliminated:
            self._eliminated(p, rel, eliminated)
        self._cards(p, rel, index)
        self._nomination(p, rel, index)
        self._commission(p, rel)
        self._summary_page(p, rel, lists)
        words = _words(p, "grupos")
        floors = p.get("rotulos", {}).get("minimos", ())
        reserves = ", ".join(f"{words.get(g, GROUP[g])}: {'mínimo ' if g in floors else ''}{n}"
                             for g, n in p["reservas"].items() if n) or "sem reservas"
        return {"codigo": p["codigo"], "nome": p["nome"], "vagas": p["vagas"], "href": f"{slug}/",
                "reservas_texto": reserves, "candidatos": len(general["entradas"]) if general else 0}

    def _pdf_pages(self, key: tuple, up: str) -> dict | None:
        """Where a section is in the full PDF: its pages and a link that opens the PDF at the first one."""
        found = (self.pdf or {}).get("ranges", {}).get(key)
        if not found:
            return None
        return {"href": up + self.pdf["href"], "first": found[0], "last": found[1],
                "label": self.pdf.get("label") or pdf_label(self.site.out / self.exam_rel / self.pdf["href"],
                                                            self.pdf.get("pages"))}

    def _extract(self, code: str) -> dict | None:
        """The cargo's own PDF, extracted from the full one (generator/render/pdf/extract.py) into the cargo's folder,
        where its page is: the link is the file's name."""
        extract = (self.pdf or {}).get("extracts", {}).get(code)
        if not extract:
            return None
        return {**extract, "href": Path(extract["href"]).name}

    def _summary_page(self, p: dict, rel: str, lists: list) -> None:
        ids = charts.Ids("g")
        within = sum(1 for n in p["nomeacao"] if not n.get("cadastro_reserva"))
        counts = p["comissao"]["contagens"]
        self.site.page(
            rel, "position.html", cargo_lastmod(self.exam, p), p=p, lists=lists,
            reserves=[(f"{'Mínimo' if g in p.get('rotulos', {}).get('minimos', ()) else 'Reserva'}: "
                       f"{_words(p, 'grupos').get(g, GROUP[g])}", n) for g, n in p["reservas"].items() if n],
            total=len(next((lst["entradas"] for lst in p["listas"] if lst["grupo"] == "geral"), [])),
            strip=charts.nomination_strip(p["nomeacao"], ids, words=_words(p, "vagas")), nominated=within,
            reserve_register=len(p["nomeacao"]) - within, vacancy_chart=charts.vacancies_by_type(p, ids),
            commission_chart=charts.commission_outcomes(counts, outcome_words(p), _words(p, "procedimentos"), ids),
            commission_total=sum(sum(c.values()) for c in counts.values()),
            eliminated=len(p.get("eliminados", [])), withdrawals=p.get("desistencias", [])[:WITHDRAWALS_SHOWN],
            withdrawals_total=len(p.get("desistencias", [])),
            data={k: self._data_links(p["codigo"], k, "../") for k in ("nomeacao", "ordem_vigente", "comissao")},
            extract=self._extract(p["codigo"]), cargo_pages=self._pdf_pages((p["codigo"], "cargo"), "../"),
            feed={"href": "feed.xml", "title": f"Atos publicados — {p['nome']} ({p['codigo']})",
                  "url": self.site.url(f"{rel}feed.xml")},
            **self._common(rel, f"{p['nome']} — {self.exam['titulo']}", [(p["nome"], None)], (p["codigo"],),
                           f"Cargo {p['codigo']} — {p['nome']}"))

    def _paginate(self, rel: str, rows: list, title: str, template: str, crumbs: list, key: tuple, part: str,
                  render: Callable[[list, str], Markup], **context) -> None:
        """Write rows as fixed-size pages under rel (page n>1 in rel/n/)."""
        pages = max(1, -(-len(rows) // PAGE_SIZE))
        for n in range(1, pages + 1):
            page_rel = rel + page_dir(n)
            chunk = rows[(n - 1) * PAGE_SIZE:n * PAGE_SIZE]
            back = "../" if n > 1 else ""
            label = title if n == 1 else f"{title}, página {n}"
            self.site.page(page_rel, template, cargo_lastmod(self.exam, context["p"]), rows_html=render(chunk, page_rel),
                           empty=not chunk, pager=Pager.of(n, pages, back), page_no=n, heading=title,
                           total_rows=len(rows), per_page=PAGE_SIZE, **context,
                           **self._common(page_rel, f"{label} — {context['p']['nome']}",
                                          crumbs + [(label, None)], key, part))
        if pages > 1:
            self._page_index(rel, rows, title, crumbs, key, part, context["p"])

    def _page_index(self, rel, rows, title, crumbs, key, part, p) -> None:
        pages = []
        for n in range(1, -(-len(rows) // PAGE_SIZE) + 1):
            chunk = rows[(n - 1) * PAGE_SIZE:n * PAGE_SIZE]
            first, last = chunk[0], chunk[-1]
            pages.append({"n": n, "href": "../" + page_dir(n), "first": _rank(first), "last": _rank(last),
                          "first_name": first.get("nome", first.get("inscricao", "")),
                          "last_name": last.get("nome", last.get("inscricao", ""))})
        self.site.page(rel + "paginas/", "list_pages.html", pages=pages, heading=title, count=len(rows),
                       per_page=PAGE_SIZE, p=p, **self._common(rel + "paginas/", f"{title}: páginas", crumbs +
                                                               [(title, rel), ("Todas as páginas", None)], key, part))

    # -- the «Sua situação» card (templates/theme/assets/site.js; issue 21 item 1) ----------------------------------
    def _card_head(self, p: dict) -> dict:
        """What every card of the cargo names first: the exam, the cargo and the act in force — the archived act
        whose PDF carries the lists, and each later act that corrected this cargo's lists; links are relative to
        the cargo's folder. Before anything is published: the declared act, marked as a preview, without a link."""
        exam = self.exam
        archived = {h["slug"] for h in exam.get("historico") or ()}
        act = (exam.get("citado") or {}).get("ato") or exam.get("ato")  # (views made by tools may have none)

        def link(a: dict) -> dict:
            return {"titulo": a["titulo"], "data_curta": a["data_curta"], **card_gender(a["titulo"], a.get("titulo_genero", "")),
                    "href": f"../atos/{a['slug']}/" if a.get("slug") in archived else None}

        return {"certame": exam["titulo"], "certame_href": "../", "cargo": f"{p['codigo']} — {p['nome']}",
                "ato": link(act) if act else None, "retificacoes": [link(f["ato"]) for f in (exam.get("retificacoes") or {}).get(
                    p["codigo"], [])], "previa": bool(exam.get("previa"))}

    def _cards(self, p: dict, rel: str, index: dict) -> None:
        """cartao/<n>.json beside the cargo's pages: for the people of the n-th page of the general list (the card
        of a row finds its file by the row's general rank), what the row itself does not carry — every list they
        are on with its rank, their place in the nomination order with its reason, the commission outcome for
        their inscrição, and each archived act that changed their situation (build.acts_by_person). Keyed by
        inscrição and without names, like the commission page (LEGAL-NOTES 7: the outcome is published by
        inscrição only; the card puts it beside the name in the reader's browser, from two public pages).
        Compact, because the nomination order is the whole list: list titles and bases once per file (`listas`,
        `fundamentos`: [texto, link]), people by reference to them; links the card computes (a list's or the
        nomination order's page from the rank, PAGE_SIZE a page); only people with something to add, and only
        files with someone in them. The format is site.js's (formato 1), not open data."""
        code = p["codigo"]
        people: dict[str, dict] = {}
        titles: dict[str, str] = {}

        def person(reg: str) -> dict | None:
            if reg not in index:  # not on the general list (eliminated): no list row, no card
                return None
            return people.setdefault(reg, {})

        for lst in p["listas"]:
            if lst["grupo"] == "geral":
                continue
            titles[lst["grupo"]] = lst["titulo"]
            for e in lst["entradas"]:
                found = person(e["inscricao"])
                if found is not None:
                    found.setdefault("listas", []).append([lst["grupo"], e["classificacao"]])
        for reg, found in people.items():  # the general list first, then the group lists in the view's order
            found["listas"].insert(0, ["geral", index[reg] + 1])
        if titles:
            titles["geral"] = "Lista geral"
        root = "../" * rel.count("/")
        bases: dict[tuple, int] = {}

        def basis(b: dict | None) -> int | None:
            if not b or not b.get("texto"):
                return None
            key = (b["texto"], self._law_href(b, root))
            return bases.setdefault(key, len(bases))

        for n in p["nomeacao"]:
            found = person(n["inscricao"])
            if found is None:
                continue
            motivo = n.get("motivo", "")
            if not found and motivo in PLAIN_REASONS:
                continue  # the row says it all (its vacancy words give the reason)
            found["nomeacao"] = {"posicao": n["posicao"], "motivo": motivo, "cadastro": bool(n.get("cadastro_reserva")),
                                 "fundamento": basis(n.get("fundamento"))}
        procedures = _words(p, "procedimentos")
        for k, r in enumerate((p.get("comissao") or {}).get("resultados", ())):
            found = person(r["inscricao"])
            if found is None:
                continue
            effect = r.get("efeito", "")
            found.setdefault("comissao", []).append({
                "procedimento": procedures.get(r["procedimento"]) or PROCEDURE.get(r["procedimento"], r["procedimento"]),
                "resultado": r.get("rotulo") or OUTCOME.get(r["resultado"], r["resultado"]), "efeito": effect,
                **({} if effect in EFFECTS or not effect else {"efeito_texto": effect}),
                "fundamento": basis(r.get("fundamento")),
                "href": f"comissao/{page_dir(k // PAGE_SIZE + 1)}#c-{r['inscricao']}-{r['procedimento']}"})
        for reg, acts in ((self.exam.get("atos_por_inscricao") or {}).get(code) or {}).items():
            found = person(reg)
            if found is not None:  # the act's page, from the cargo's folder
                found["atos"] = [{**a, "href": "../" + a["href"].split("/", 2)[2]} for a in acts]
        # what a later act did (a withdrawal, a nomination made void or annulled: eventos.csv), with that act's page
        # when it is one of the exam's archived acts
        pages = {h["ato"].get("numero"): h["slug"] for h in self.exam.get("historico") or () if h["ato"].get("numero")}
        for reg, mark in sorted((p.get("situacoes") or {}).items()):
            found = person(reg)
            if found is None:
                continue
            y, m, d = mark["data"].split("-")
            slug = pages.get(mark.get("numero"))
            found.setdefault("atos", []).append({
                "tipo": mark["situacao"], "titulo": mark["ato"], "data": mark["data"], "data_curta": f"{d}/{m}/{y}",
                "texto": mark["texto"], "href": f"../atos/{slug}/" if slug else None, **card_gender(mark["ato"])})
            found["atos"].sort(key=lambda a: a["data"])
        shards: dict[int, dict] = {}
        for reg, found in people.items():
            if found:
                shards.setdefault(index[reg] // PAGE_SIZE + 1, {})[reg] = found
        table = [list(key) for key in bases]
        folder = self.site.out / rel / "cartao"
        for n, found in sorted(shards.items()):
            used = sorted({x["fundamento"] for v in found.values() for x in [v.get("nomeacao"), *v.get("comissao", ())]
                           if x and x.get("fundamento") is not None})
            renumber = {old: new for new, old in enumerate(used)}
            for v in found.values():  # each file carries only the bases its people cite
                for x in [v.get("nomeacao"), *v.get("comissao", ())]:
                    if x and x.get("fundamento") is not None:
                        x["fundamento"] = renumber[x["fundamento"]]
            folder.mkdir(parents=True, exist_ok=True)
            data = {"formato": 1, "por_pagina": PAGE_SIZE, "listas": titles, "fundamentos": [table[k] for k in used],
                    "pessoas": found}
            (folder / f"{n}.json").write_text(json.dumps(data, ensure_ascii=False, sort_keys=True,
                                                         separators=(",", ":")) + "\n", encoding="utf-8")

    def _law_href(self, b: dict, root: str) -> str | None:
        """A basis's legislation page (with its article's anchor) from the cargo's folder, when the site has it."""
        if not b.get("pagina") or not self.site.has_page(f"legislacao/{b['pagina']}/"):
            return None
        return f"{root}legislacao/{b['pagina']}/" + (f"#{b['ancora']}" if b.get("ancora") else "")

    def _list(self, p: dict, lst: dict, rel: str, status: "Status", head: dict | None = None) -> None:
        group = lst["grupo"] != "geral"
        tie_columns = len(p.get("colunas_desempate", ()))
        tie_words = any("desempate" in e for e in lst["entradas"])

        def render(chunk: list, page_rel: str) -> Markup:
            return list_rows(chunk, group, status.at(page_rel.count("/"), group), tie_columns, tie_words)

        self._paginate(f"{rel}{lst['grupo']}/", lst["entradas"], lst["titulo"], "list.html", [(p["nome"], rel)],
                       (p["codigo"], lst["grupo"]), f"Cargo {p['codigo']} — {lst['titulo']}", render, p=p,
                       group=group, fundamento=lst.get("fundamento"), jsonld=self._dataset(p, lst, rel),
                       tie_words=tie_words, card_head=head or self._card_head(p))

    def _dataset(self, p: dict, lst: dict, rel: str) -> dict:
        """schema.org Dataset of one list, with its downloads and the act it belongs to."""
        links = self._data_links(p["codigo"], lst["grupo"], "")
        base = self.site.url(self.exam_rel)
        return {"@context": "https://schema.org", "@type": "Dataset", "inLanguage": "pt-BR",
                "name": f"{p['nome']} ({p['codigo']}) — {lst['titulo']}", "url": self.site.url(f"{rel}{lst['grupo']}/"),
                "description": f"{self.exam['titulo']} — {self.exam['orgao']}", "creator": {
                    "@type": "GovernmentOrganization", "name": self.exam["orgao"]},
                "datePublished": self.exam["publicacao"]["data"], "license": LICENSE_URL,
                "isPartOf": {"@type": "Legislation", "legislationIdentifier": cite.urn(self.exam)},
                "distribution": [{"@type": "DataDownload", "encodingFormat": fmt, "contentUrl": base + links[key]}
                                 for key, fmt in (("csv", "text/csv"), ("json", "application/json"),
                                                  ("xlsx", XLSX_TYPE)) if links[key]]}

    def _nomination(self, p: dict, rel: str, index: dict) -> None:
        # after convocações or events: who each act called, then the projection after them (issue 19 item 3)
        in_force = p.get("ordem_vigente")
        rows = in_force["posicoes"] if in_force else p["nomeacao"]
        pages = max(1, -(-len(rows) // PAGE_SIZE))
        for n in range(1, pages + 1):
            chunk = rows[(n - 1) * PAGE_SIZE:n * PAGE_SIZE]
            page_rel = f"{rel}nomeacao/{page_dir(n)}"
            up = "../" * (2 if n > 1 else 1)

            def href(reg: str, up=up) -> str:
                k = index.get(reg)
                return f"{up}geral/{page_dir(k // PAGE_SIZE + 1)}#i-{reg}" if k is not None else "#"

            label = "Ordem de nomeação" + (f", página {n}" if n > 1 else "")
            bases = self._bases(page_rel)
            within = [r for r in chunk if not r.get("cadastro_reserva")]
            register = [r for r in chunk if r.get("cadastro_reserva")]
            self.site.page(page_rel, "nomination.html", cargo_lastmod(self.exam, p), p=p,
                           within=nomination_rows(within, href, bases, _words(p, "vagas")) if within else None,
                           register=nomination_rows(register, href, bases, _words(p, "vagas")) if register else None,
                           pager=Pager.of(n, pages, "../" if n > 1 else ""), heading=label, in_force=in_force,
                           data=self._data_links(p["codigo"], "ordem_vigente" if in_force else "nomeacao", "../" + up),
                           **self._common(page_rel, f"{label} — {p['nome']}", [(p["nome"], rel), (label, None)],
                                          (p["codigo"], "nomeacao"), f"Cargo {p['codigo']} — ordem de nomeação"))
        if pages > 1:
            self._page_index(f"{rel}nomeacao/", rows, "Ordem de nomeação", [(p["nome"], rel)],
                             (p["codigo"], "nomeacao"), f"Cargo {p['codigo']} — ordem de nomeação", p)

    def _eliminated(self, p: dict, rel: str, eliminated: list[dict]) -> None:
        def render(chunk: list, page_rel: str) -> Markup:
            return eliminated_rows(chunk, self._bases(page_rel))

        self._paginate(f"{rel}eliminados/", eliminated, "Eliminados", "eliminated.html", [(p["nome"], rel)],
                       (p["codigo"], "eliminados"), f"Cargo {p['codigo']} — eliminados", render, p=p)

    def _commission(self, p: dict, rel: str) -> None:
        results = p["comissao"]["resultados"]
        if not results:
            return
        counts = sorted(p["comissao"]["contagens"].items())
        words = outcome_words(p)
        extra = sorted({o for _, by in counts for o in by} - set(OUTCOME))  # outcomes only this jurisdiction has
        def render(chunk: list, page_rel: str) -> Markup:
            return commission_rows(chunk, self._bases(page_rel), EFFECTS, _words(p, "procedimentos"))

        self._paginate(f"{rel}comissao/", results, "Resultados das comissões", "commission.html",
                       [(p["nome"], rel)], (p["codigo"], "comissao"), f"Cargo {p['codigo']} — comissões", render,
                       p=p, counts=counts, outcomes=[(o, words.get(o, o)) for o in [*OUTCOME, *extra]])


EXAM_ONLY = ("atos", "cargos", "preambulo_md")  # what only the exam's own page prints (exam.html)


def cargo_inputs(exam: dict, pdf: dict | None, data: dict | None, p: dict) -> tuple[dict, dict | None, dict | None]:
    """What the pages of cargo `p` print of its exam, its PDF and its open data — the cargo's own parts of them, so
    an act that touches another cargo leaves these unchanged (issue 20 item 5):
    - the exam as the act that published the cargo's lists (`citado`: its edition, date and URN; LEGAL-NOTES 13:
      the original stays published and a retificação quotes only what it changes), with the corrections of this
      cargo (`retificacoes`), what the archived acts did to its people (`atos_por_inscricao`) and, of the exam's
      history, the acts those link to (by slug) and those its situations name (by number);
    - the PDF's page ranges and extract of this cargo; its open data files."""
    code = p["codigo"]
    cited = exam.get("citado") or {}
    fixes = (exam.get("retificacoes") or {}).get(code, [])
    out = {k: v for k, v in exam.items() if k not in EXAM_ONLY}
    if cited:
        out.update(ato=cited["ato"], publicacao=cited["publicacao"])
    if "retificacoes" in exam:
        out["retificacoes"] = {code: fixes} if fixes else {}
    if "atos_por_inscricao" in exam:
        mine = (exam["atos_por_inscricao"] or {}).get(code)
        out["atos_por_inscricao"] = {code: mine} if mine else {}
    if "historico" in exam:  # ExamPages._card_head and _cards: which acts are archived, and their numbers
        act = cited.get("ato") or exam.get("ato") or {}
        linked = {act.get("slug"), *(f["ato"].get("slug") for f in fixes)}
        numbers = {m.get("numero") for m in (p.get("situacoes") or {}).values() if m.get("numero")}
        out["historico"] = [{"slug": h["slug"], "ato": {"numero": h["ato"].get("numero")}}
                            for h in exam["historico"] or ()
                            if h["slug"] in linked or (h["ato"].get("numero") and h["ato"]["numero"] in numbers)]
    if pdf:
        pdf = {**pdf, "ranges": {k: v for k, v in (pdf.get("ranges") or {}).items() if k[0] == code}}
        if "extracts" in pdf:
            pdf["extracts"] = {k: v for k, v in pdf["extracts"].items() if k == code}
    if data is not None:
        data = {"files": {k: v for k, v in (data.get("files") or {}).items() if k[0] == code}}
    return out, pdf, data


def cargo_lastmod(exam: dict, p: dict) -> str:
    """When the pages of cargo `p` last changed, for the sitemap: the act that published its lists, or the newest
    act that corrected them (downloads.cargo_date)."""
    return downloads.cargo_date(exam, p["codigo"])


def _words(p: dict, kind: str) -> dict[str, str]:
    """The rule file's words for groups («grupos»), vacancy types («vagas») or commission procedures
    («procedimentos») of a cargo's view."""
    return p.get("rotulos", {}).get(kind) or {"grupos": GROUP, "vagas": VACANCY, "procedimentos": PROCEDURE}[kind]


def outcome_words(p: dict) -> dict[str, str]:
    """Outcome word → its words: the usual ones, and those the jurisdiction's rule file defines."""
    return {**OUTCOME, **{r["resultado"]: r["rotulo"] for r in p["comissao"]["resultados"] if r.get("rotulo")}}


def _rank(row: dict) -> int:
    return row.get("classificacao", row.get("posicao", 0))


class Status:
    """Plain-Portuguese "where do I stand and why" for a list row: nomination, reserve lists, withdrawal."""

    def __init__(self, p: dict, has_page: Callable[[str], bool] = lambda rel: True,
                 notes: Callable[[str], str | None] = lambda root: None, exam_rel: str = "") -> None:
        self.has_page, self.notes, self.exam_rel = has_page, notes, exam_rel
        self.corrected = p.get("retificadas", {})  # rows an archived retificação changed (issue 19 item 5)
        self.nominations = {n["inscricao"]: n for n in p["nomeacao"]}
        self.vacancy_words = _words(p, "vagas")
        self.withdrawn = {w["inscricao"] for w in p.get("desistencias", [])}
        self.history = p.get("historico", {})  # public history lines over the validity period (law/calls.py)
        # what a later act did (withdrawal, nomination made void or annulled), with that act (issue 19 item 5)
        self.marks = {reg: m["texto"] for reg, m in p.get("situacoes", {}).items()}
        self.called = p.get("convocacoes", {})  # inscrição → positions the convocações called them to
        in_force = p.get("ordem_vigente")
        if in_force:  # not yet called: the place the nomination page shows them at (issue 19 item 3)
            shown = {r["inscricao"]: r for r in in_force["posicoes"] if not r["convocado_por"]}
            self.nominations = {reg: shown.get(reg, n) for reg, n in self.nominations.items()
                                if reg in shown or reg in self.called}
            self.nominations.update((reg, r) for reg, r in shown.items() if reg not in self.nominations)
        self.other: dict[str, list[str]] = {}
        for lst in p["listas"]:
            if lst["grupo"] != "geral":
                title = lst["titulo"][:1].lower() + lst["titulo"][1:]
                for e in lst["entradas"]:
                    self.other.setdefault(e["inscricao"], []).append(
                        f"{ordinal(e['classificacao'])} {contracted('em', title, lst.get('genero', ''))}")

    def code(self, reg: str) -> str:
        """Compact status for the search index (search.SearchIndex.add): n<k>, c<k>, d or empty."""
        if reg in self.withdrawn:
            return "d"
        n = self.nominations.get(reg)
        if n is None:
            return ""
        return f"{'c' if n.get('cadastro_reserva') else 'n'}{int(n['posicao'])}"

    def at(self, depth: int, group: bool) -> Callable[[str], str]:
        """The row-status function (safe HTML as str) for a page `depth` folders below the site root."""
        root, cache, labels = "../" * depth, {}, {}

        def status(reg: str) -> str:
            if reg in self.withdrawn:
                return "Desistiu da nomeação; a vaga passa ao seguinte da mesma lista."
            n = self.nominations.get(reg)
            if n is not None and reg in self.called and n["posicao"] not in self.called[reg]:
                n = None  # called to another position than the projected one: the history says which, and why
            base = ""
            if n is not None:
                base = cache.get(reg)
                if base is None:
                    base = cache[reg] = str(_nomination_text(n, root, self.vacancy_words, self.has_page,
                                                             self.notes(root), labels))
            mark = self.marks.get(reg)
            if mark:
                told = f'<strong class="situacao">{escape(mark)}</strong>'
                base = f"{told} {base}" if base else told
            corrected = self.corrected.get(reg)
            if corrected:
                told = corrected_marks(corrected, lambda slug: f"{root}{self.exam_rel}atos/{slug}/")
                base = f"{base} {told}" if base else told
            also = None if group else self.other.get(reg)
            if also:
                extra = str(escape("Também: " + "; ".join(also) + "."))
                base = f"{base} {extra}" if base else extra
            lines = self.history.get(reg)
            if lines:
                told = "".join(f"<li>{escape(line)}</li>" for line in lines)
                base = f'{base} <ul class="historico">{told}</ul>' if base else f'<ul class="historico">{told}</ul>'
            return base
        return status


def _nomination_text(n: dict, root: str, words: dict[str, str] | None = None,
                     has_page: Callable[[str], bool] = lambda rel: True, notes: str | None = None,
                     labels: dict | None = None) -> Markup:
    """One nomination in words, with its legal basis linked when it has a page (`labels`: the caller's cache of
    the cadastro's escaped vacancy labels)."""
    labels = {} if labels is None else labels
    if n.get("cadastro_reserva"):  # the basis is on the nomination page; a list of thousands stays light
        # the hot path at national scale (most rows are projections): only the integer varies, so the escaped
        # label is made once per vacancy type
        key = (n["vaga"], words.get(n["vaga"]) if words else None)
        label = labels.get(key)
        if label is None:
            label = labels[key] = str(escape(f"vaga {key[1] or VACANCY.get(n['vaga'], n['vaga'])}"))
        return Markup(f"Cadastro de reserva (projeção): {int(n['posicao'])}ª posição, {label}.")
    vaga = (words or {}).get(n["vaga"]) or VACANCY.get(n["vaga"], n["vaga"])
    text = escape(f"Nomeação: {ordinal(n['posicao'], True)} posição, vaga {vaga}")
    b = n.get("fundamento") or {}
    if b.get("pagina") and has_page(f"legislacao/{b['pagina']}/"):
        anchor = "#" + b["ancora"] if b.get("ancora") else ""
        link = Markup('<a href="{}legislacao/{}/{}">{}</a>').format(root, b["pagina"], anchor, b["texto"])
        return text + Markup(" — ") + link + Markup(note_marks(b, notes)) + Markup(".")
    if not b.get("texto"):
        return text + Markup(".")
    return text + escape(f" — {b['texto']}") + Markup(note_marks(b, notes)) + Markup(".")


def citation(exam: dict, url: str, pdf: dict | None, key: tuple | None, part: str = "") -> dict:
    """What the "Como citar" box shows for one page (issue 19 item 2): the act whose PDF carries the page's list,
    with that act's own number, edition and pages (`citado`, set from the archive), then each later act that
    corrected this cargo (`retificacoes`), with its own edition and pages: every cited page shows what it cites."""
    pages = None
    if pdf and key:
        ranges = pdf.get("ranges", {})
        found = [r for k, r in ranges.items() if tuple(k[:len(key)]) == key]
        if found:
            pages = (min(r[0] for r in found), max(r[1] for r in found))
    cited = {**exam, **exam["citado"]} if exam.get("citado") else exam
    by_cargo = exam.get("retificacoes") or {}
    fixes = by_cargo.get(key[0], []) if key else list({f["slug"]: f for fs in by_cargo.values() for f in fs}.values())
    notes = tuple(cite.correction_note({**exam, **f}, (1, f["paginas"]) if f.get("paginas") else None)
                  for f in fixes)
    abnt = cite.abnt_html(cited, url=url, pages=pages, part=part)
    if notes:
        abnt += Markup(" ") + escape(" ".join(notes))
    entry = {"abnt": abnt, "bibtex": cite.bibtex(cited, url=url, pages=pages, part=part, corrections=notes),
             "urn": cite.urn(cited), "url": url, "pdf": None,
             "retificacoes": [{"titulo": f["ato"]["titulo"], "href": url_to(f["pdf_href"], exam, url) + "#page=1",
                               "paginas": f"p. 1–{f['paginas']}" if (f.get("paginas") or 1) > 1 else "p. 1",
                               "label": f["pdf_name"]} for f in fixes if f.get("pdf_href")]}
    if pdf:
        label = f"{pdf.get('name', 'PDF')}"
        at = f"#page={pages[0]}" if pages else ""  # opens the PDF at the section's first page (RFC 8118)
        entry["pdf"] = {"href": url_to(pdf["href"], exam, url) + at, "label": label, "seal": pdf.get("seal"), "size": pdf.get("label", ""),
                        "pages": f"p. {pages[0]}–{pages[1]}" if pages and pages[0] != pages[1]
                        else (f"p. {pages[0]}" if pages else "")}
    return entry


def url_to(href: str, exam: dict, page_url: str) -> str:
    """Absolute link to an exam file (the PDF) from any page."""
    base = page_url.split("certames/")[0]
    return f"{base}certames/{exam['slug']}/{href}"


def act_jsonld(exam: dict, url: str, pdf: dict | None) -> dict:
    """schema.org description of the act and of the gazette issue that carries it."""
    pub = exam["publicacao"]
    issue = {"@type": "PublicationIssue", "datePublished": pub["data"],
             "isPartOf": {"@type": "Periodical", "name": pub["diario"]}}
    if pub.get("edicao"):  # unknown edition numbers are left out
        issue["issueNumber"] = str(pub["edicao"])
    if pub.get("url"):
        issue["url"] = pub["url"]
    # `citation`: the norms the act applies (schema.org's legislationApplies means transposing a directive).
    data = {"@context": "https://schema.org", "@type": "Legislation", "name": cite.epigraph(exam),
            "description": cite.ementa(exam), "legislationIdentifier": cite.urn(exam),
            "legislationDate": cite.act(exam)["data"], "datePublished": pub["data"],
            "legislationType": "Edital", "inLanguage": "pt-BR", "url": url, "license": LICENSE_URL,
            "legislationPassedBy": {"@type": "GovernmentOrganization", "name": exam["orgao"]},
            "legislationJurisdiction": exam["jurisdicao"]["nome"], "isPartOf": issue,
            "citation": [{"@type": "Legislation", "name": n["titulo"], "legislationIdentifier": n["urn"]}
                         for n in exam.get("normas", []) if n.get("urn")]}
    if pdf:
        data["encoding"] = {"@type": "MediaObject", "encodingFormat": "application/pdf",
                            "contentUrl": url_to(pdf["href"], exam, url)}
    return data


def write_sitemap(path: Path, urls: list[tuple[str, str]]) -> None:
    """sitemap.xml (sitemaps.org 0.9), in the order pages were written."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for loc, lastmod in urls:
        mod = f"<lastmod>{lastmod}</lastmod>" if lastmod else ""
        lines.append(f"<url><loc>{escape(loc)}</loc>{mod}</url>")
    lines.append("</urlset>\n")
    path.write_text("\n".join(lines), encoding="utf-8")


def feed_entries(exams: list[dict], acts: list[dict]) -> list[dict]:
    """One feed entry per archived act; an exam with no archived act yet is one entry, as before publishing."""
    entries = []
    for a in acts:
        pub, act = a["publicacao"], a["ato"]
        edition = f", edição nº {pub['edicao']}" if pub.get("edicao") else ""
        kind = " (edição extra)" if pub.get("extra") else ""
        kind += " (suplemento)" if pub.get("suplemento") else ""
        entries.append({"titulo": f"{act['titulo']} — {a['titulo']}", "href": a["href"], "data": act["data"],
                        "orgao": a["orgao"], "resumo": f"{act['titulo']} — {pub['diario']}{edition}{kind}, "
                        f"{pub.get('data_extenso', pub['data'])}, seção {pub['secao']}.{_seal_text(a.get('seal'))}",
                        "pdf": a.get("pdf")})
    archived = {a["certame"] for a in acts}
    for e in exams:
        if e["slug"] in archived:
            continue
        pub = e["publicacao"]
        edition = f", edição nº {pub['edicao']}" if pub.get("edicao") else ""
        entries.append({"titulo": e["titulo"], "href": e["href"], "data": pub["data"], "orgao": e["orgao"],
                        "resumo": f"{e['edital']} — {pub['diario']}{edition}, "
                        f"{pub.get('data_extenso', pub['data'])}, seção {pub['secao']}."})
    return sorted(entries, key=lambda x: (x["data"], x["href"]), reverse=True)


def _seal_text(seal: dict | None) -> str:
    """The feed's words for an act's PDF seal (templates/theme/_seal.html on the pages)."""
    if not seal:
        return ""
    signer = seal.get("assinatura")
    who = f"assinado digitalmente por {signer['assinante']}" if signer else "sem assinatura digital"
    return f" PDF {who}; SHA-256 {seal['sha256']}."


def act_cargos(view: dict) -> list[str] | None:
    """The cargo codes a published act concerns, for the per-cargo feeds; None: every cargo of the exam.
    A convocação calls one cargo (the `cargo` its act declares); a retificação or republicação concerns the cargos its quoted passages name (corpo.trechos, as
    render/site/acts.py corrections_by_cargo reads them), or every cargo when it names none; an act that publishes or
    homologates the lists concerns them all."""
    act, body = view["ato"], view.get("corpo") or {}
    if act["tipo"] == CALL and act.get("cargo"):
        return [act["cargo"]]
    if act["tipo"] in CORRECTING_KINDS:
        return sorted({t["cargo"] for t in body.get("trechos", []) if t.get("cargo")}) or None
    return None


def write_feed(path: Path, entries: list[dict], url: Callable[[str], str], *, title: str = SITE_NAME,
               rel: str = "") -> None:
    """Atom feed (RFC 4287), newest first: one entry per act; dates are the gazette dates, so the feed is
    reproducible. `rel`: the site-relative folder the feed is about (and sits in); its page is the feed's id."""
    updated = max((e["data"] for e in entries), default="1970-01-01")
    out = ['<?xml version="1.0" encoding="utf-8"?>', '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="pt-BR">',
           f"<title>{escape(title)}</title>", f'<link rel="self" href="{escape(url(rel + "feed.xml"))}"/>',
           f'<link href="{escape(url(rel))}"/>', f"<id>{escape(url(rel))}</id>", f"<updated>{updated}T00:00:00Z</updated>"]
    for e in entries:
        out += ["<entry>", f"<title>{escape(e['titulo'])}</title>", f'<link href="{escape(url(e["href"]))}"/>',
                f"<id>{escape(url(e['href']))}</id>", f"<updated>{e['data']}T00:00:00Z</updated>",
                f"<author><name>{escape(e['orgao'])}</name></author>",
                f"<summary>{escape(e['resumo'])}</summary>", "</entry>"]
        if e.get("pdf"):  # the act's PDF, beside its page
            out.insert(-4, f'<link rel="enclosure" type="application/pdf" href="{escape(url(e["pdf"]))}"/>')
    out.append("</feed>\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out), encoding="utf-8")
