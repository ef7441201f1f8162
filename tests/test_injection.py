"""Hostile input (issue 9, items 9–13): ato.md links, CSP, content and exam folders, symlinks, CSV formulas, control
characters in the front matter, and the wording of the commission results."""

from __future__ import annotations

import html
import json
import re
import shutil
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pikepdf
import pypdf
import pytest

from generator.build import build
from generator.cli import main
from generator.errors import InputError
from generator.render.pdf import html as pdf_html
from generator.render.site import pages as site_module
from generator.render.data.package import spreadsheet_safe

ROOT = Path(__file__).resolve().parents[1]
EXAM = "ms-2024-pss"
BAD_SCHEMES = ("javascript:", "data:", "vbscript:", "file:")
HOSTILE_ACT = """# EDITAL

[clique](javascript:alert(1)) [maiúsculas](JaVaScRiPt:alert(1)) [entidade](&#106;avascript:alert(1))
[tab](java&#x09;script:alert(1)) [espaço]( javascript:alert(1)) [vb](vbscript:msgbox) [arquivo](file:///etc/passwd)
![imagem](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+) ![outra](javascript:alert(3) "t")
[referência][r] [bom](https://www.ms.gov.br/) [relativo](../) [correio](mailto:sad@ms.gov.br)
<script>alert(2)</script> <a href="javascript:alert(4)">cru</a> fim\x00\u202e

[r]: javascript:alert(5)
"""
FORMULAS = ['=HYPERLINK("http://x.invalid/?"&A1;"clique")', "+55 67 3318-0000", "@SUM(1+1)", "-2+3"]
TITLE = "Processo Seletivo\\u000b Simplificado \\u202eodatsE od\\u202c nº 03/2024\\u0000"
AGENCY = "Secretaria de Estado de Educação\\u0007"


def _unpublished_example(base: Path) -> tuple[Path, Path]:
    """A content folder with only the EXAM example, its archive removed (with it the build would copy the
    published PDF instead of rendering what the test makes hostile); (content, exam folder)."""
    content = base / "content"
    shutil.copytree(ROOT / "content", content)
    for other in (content / "certames").iterdir():
        if other.name != EXAM:
            shutil.rmtree(other)
    exam = content / "certames" / EXAM
    shutil.rmtree(exam / "arquivo", ignore_errors=True)
    (exam / ".gazeta-publicados.json").unlink(missing_ok=True)  # the ledger's copy: it would say acts were lost
    return content, exam


def _hostile_content(base: Path) -> Path:
    content, exam = _unpublished_example(base)
    (exam / "ato.md").write_text(HOSTILE_ACT, encoding="utf-8")
    toml = (exam / "certame.toml").read_text("utf-8")
    toml = re.sub(r'^titulo = ".*"$', lambda _: f'titulo = "{TITLE}"', toml, count=1, flags=re.M)
    toml = re.sub(r'^orgao = ".*"$', lambda _: f'orgao = "{AGENCY}"', toml, count=1, flags=re.M)
    (exam / "certame.toml").write_text(toml, encoding="utf-8")
    lines = (exam / "candidatos.csv").read_text("utf-8-sig").splitlines()
    for k, name in enumerate(FORMULAS + ["Ana\x00Maria\u202e Souza"], start=1):
        cells = lines[k].split(";")
        cells[1] = '"' + name.replace('"', '""') + '"' if ";" in name or '"' in name else name
        lines[k] = ";".join(cells)
    (exam / "candidatos.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return content


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostil")
    content = _hostile_content(base)
    build(content, base / "site", pdf=True)
    return base / "site"


class _Urls(HTMLParser):
    """Every URL-valued attribute, inline script and style attribute of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.urls, self.inline_scripts, self.styles, self.handlers, self.csp = [], 0, 0, [], []
        self._script = False

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        self.urls += [v or "" for k, v in attrs if k in ("href", "src", "action", "formaction", "poster", "srcset")]
        self.handlers += [k for k, _ in attrs if k.startswith("on")]
        self.styles += "style" in values
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp.append(values.get("content", ""))
        if tag == "script" and "src" not in values and values.get("type") != "application/ld+json":
            self.inline_scripts += 1


def _scan(text: str) -> _Urls:
    parser = _Urls()
    parser.feed(text)
    return parser


def _bad(url: str) -> bool:
    """What a browser would follow: entities decoded (the parser did), tabs and newlines dropped, then trimmed."""
    seen = re.sub(r"[\t\n\r]", "", url).strip("".join(map(chr, range(0x21)))).lower()
    return seen.startswith(BAD_SCHEMES)


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


# -- item 9: ato.md links and images, site and PDF ----------------------------------------------------------------
@pytest.mark.parametrize("render, kept", [
    (site_module.preamble_html, ["../", "https://www.ms.gov.br/", "mailto:sad@ms.gov.br"]),
    (pdf_html.preamble_html, ["https://www.ms.gov.br/", "mailto:sad@ms.gov.br"]),  # relative to nothing in print
], ids=["site", "pdf"])
def test_act_keeps_only_safe_links(render, kept):
    scan = _scan(str(render(HOSTILE_ACT)))
    assert [u for u in scan.urls if _bad(u)] == []
    assert sorted(scan.urls) == kept
    assert scan.inline_scripts == 0 and scan.handlers == []


def test_act_link_text_stays_as_text():
    text = str(site_module.preamble_html(HOSTILE_ACT))
    for words in ("clique", "entidade", "referência", "imagem", "&lt;script&gt;"):
        assert words in text
    assert "\x00" not in text and "\u202e" not in text


def test_no_page_links_to_a_script_scheme(hostile):
    found = {str(p.relative_to(hostile)): bad for p in _pages(hostile)
             if (bad := [u for u in _scan(p.read_text("utf-8")).urls if _bad(u)])}
    assert found == {}


def test_pdf_links_are_http_mailto_or_internal(hostile):
    uris = []
    with pikepdf.open(next((hostile / "certames" / EXAM).glob("*.pdf"))) as pdf:
        for page in pdf.pages:
            for annot in page.obj.get("/Annots", []):
                action = annot.get("/A")
                if action is not None and "/URI" in action:
                    uris.append(str(action.URI))
    assert "https://www.ms.gov.br/" in uris
    assert [u for u in uris if _bad(u)] == []


def test_every_page_has_a_csp_and_no_inline_script_or_style(hostile):
    problems = {}
    for path in _pages(hostile):
        scan = _scan(path.read_text("utf-8"))
        if scan.csp != [site_module.CSP] or scan.inline_scripts or scan.styles or scan.handlers:
            problems[str(path.relative_to(hostile))] = (scan.csp, scan.inline_scripts, scan.styles, scan.handlers)
    assert problems == {}
    assert "script-src 'self';" in site_module.CSP and "unsafe" not in site_module.CSP


def test_csp_comes_before_anything_it_governs(hostile):
    head = (hostile / "index.html").read_text("utf-8").split("</head>")[0]
    assert head.index("Content-Security-Policy") < min(head.index("<link"), head.find("<script") % len(head))


# -- item 10: an exam folder is not a content folder ---------------------------------------------------------------
def test_build_refuses_an_exam_folder_as_content(tmp_path, capsys):
    site = tmp_path / "site"
    status = main(["build", str(ROOT / "content" / "certames" / EXAM), "--site", str(site), "--sem-pdf"])
    err = capsys.readouterr().err
    assert status == 1
    assert "a pasta de conteúdo precisa ter a subpasta certames/" in err
    assert "Essa é a pasta de um certame" in err and "Traceback" not in err
    assert not site.exists() and list(tmp_path.iterdir()) == []


def test_serve_refuses_an_exam_folder_as_content(capsys, monkeypatch):
    monkeypatch.setattr("mkdocs.commands.serve.serve", _never)  # refused before any server starts
    status = main(["serve", str(ROOT / "content" / "certames" / EXAM)])
    assert status == 1
    assert "a pasta de conteúdo precisa ter a subpasta certames/" in capsys.readouterr().err


def _never(*_args, **_kwargs):
    raise AssertionError("o servidor não deveria ter sido iniciado")


# -- item 11: symlinks -----------------------------------------------------------------------------------------------
def _exam_copy(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content, symlinks=True)
    return content


@pytest.mark.parametrize("target", ["candidatos.csv", "/etc/passwd", "../cariacica-2023-concurso/candidatos.csv"])
def test_symlink_in_an_exam_folder_is_refused(tmp_path, capsys, target):
    exam = _exam_copy(tmp_path) / "certames" / EXAM
    (exam / "ato.md").unlink()
    (exam / "ato.md").symlink_to(target)
    assert main(["check", str(exam)]) == 1
    err = capsys.readouterr().err
    assert "ato.md: é um link simbólico" in err and "Traceback" not in err
    assert "438.753.852-09" not in err


def test_symlinked_spreadsheet_is_refused_not_read(tmp_path, capsys):
    exam = _exam_copy(tmp_path) / "certames" / EXAM
    real = tmp_path / "fora.csv"
    shutil.move(exam / "candidatos.csv", real)
    (exam / "candidatos.csv").symlink_to(real)
    assert main(["check", str(exam)]) == 1
    err = capsys.readouterr().err
    assert "candidatos.csv: é um link simbólico" in err


def test_markdown_page_linking_into_an_exam_is_refused(tmp_path):
    content = _exam_copy(tmp_path)
    (content / "dados.md").symlink_to(content / "certames" / EXAM / "candidatos.csv")
    site = tmp_path / "site"
    with pytest.raises(InputError, match="link simbólico"):
        build(content, site, pdf=False)
    assert not site.exists()


# -- item 12: CSV formula injection -----------------------------------------------------------------------------------
def test_formula_cells_are_neutralised_in_csv_and_exact_in_json(hostile):
    data = hostile / "certames" / EXAM / "dados"
    csv_text = "".join(p.read_text("utf-8-sig") for p in sorted(data.glob("*.csv")))
    json_names = {row.get("nome") for p in data.glob("*.json") if p.name != "datapackage.json"
                  for row in json.loads(p.read_text("utf-8"))}
    for name in FORMULAS:
        assert name in json_names, name  # the JSON keeps the exact value
    cells = [cell.strip('"').replace('""', '"') for line in csv_text.splitlines() for cell in line.split(";")]
    risky = [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t") and not re.fullmatch(r"-?[0-9]+(,[0-9]+)?", c)]
    assert risky == []
    assert "'+55 67 3318-0000" in cells and "'@SUM(1+1)" in cells and "'-2+3" in cells
    package = json.loads((data / "datapackage.json").read_text("utf-8"))
    assert "apóstrofo" in package["description"] and "OWASP" in package["description"]
    assert all("apóstrofo" in r["description"] for r in package["resources"] if r["format"] == "csv")


@pytest.mark.parametrize("value, expected", [
    ("=1+1", "'=1+1"), ("+55", "'+55"), ("-x", "'-x"), ("@A1", "'@A1"), ("\t=1", "'\t=1"), ("\r=1", "'\r=1"),
    ("-1,50", "-1,50"), ("-7", "-7"), ("72,10", "72,10"), ("Ana", "Ana"), ("", ""), (None, None), (3, 3)])
def test_spreadsheet_safe(value, expected):
    assert spreadsheet_safe(value) == expected


# -- item 13: control and bidi characters in the front matter and in names -------------------------------------------
def test_feed_is_well_formed_xml(hostile):
    ET.fromstring((hostile / "feed.xml").read_bytes())
    ET.fromstring((hostile / "sitemap.xml").read_bytes())


def test_no_control_or_bidi_override_in_any_page(hostile):
    hidden = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\u202a-\u202e\u2066-\u2069]")
    found = [str(p.relative_to(hostile)) for p in sorted(hostile.rglob("*"))
             if p.suffix in (".html", ".xml", ".json") and hidden.search(p.read_text("utf-8"))]
    assert found == []
    home = (hostile / "certames" / EXAM / "index.html").read_text("utf-8")
    assert "Processo Seletivo Simplificado odatsE od nº 03/2024" in home
    assert "AnaMaria Souza" in "".join(p.read_text("utf-8") for p in _pages(hostile / "certames" / EXAM))


def test_pdf_masthead_and_citation_not_mirrored(hostile):
    pdf = next((hostile / "certames" / EXAM).glob("*.pdf"))
    first = pypdf.PdfReader(pdf).pages[0].extract_text()
    assert "\u202e" not in first and "\x0b" not in first
    assert "odatsE od" in first.replace("\n", " ")


# -- the commission results are by inscrição, not anonymous ---------------------------------------------------------
def test_commission_results_say_by_inscricao_without_names(hostile):
    texts = [p.read_text("utf-8") for p in sorted(hostile.rglob("*")) if p.suffix in (".html", ".json")]
    assert not any("anonimizad" in t for t in texts)
    assert any("Resultados das comissões por inscrição, sem nomes" in t for t in texts)
    about = (hostile / "sobre" / "index.html").read_text("utf-8")
    assert "por inscrição, sem nomes" in about and "art. 13, parágrafo único" in about
    pdf_text = " ".join(page.extract_text() for page in pypdf.PdfReader(
        next((hostile / "certames" / EXAM).glob("*.pdf"))).pages)
    assert "anonimizad" not in pdf_text


def test_escaped_entities_in_the_check_above_are_real():
    """The scan decodes entities like a browser: a disguised javascript: link is still caught."""
    scan = _scan('<a href="&#106;avascript:x">a</a><a href="java&#x09;script:y">b</a>')
    assert all(_bad(u) for u in scan.urls) and html.unescape("&#106;") == "j"


# -- issue 8: the fields of [[atos]] and eventos.csv through the same cleaning ------------------------------------
ACT_FIELDS = {  # TOML basic-string escapes: the hidden characters reach the loader as such
    'numero = "41/2024"': 'numero = "41/2024\\u202e"',  # cleaned before `retifica = "41/2024"` is matched
    'edicao = "11.514"': 'edicao = "11.514\\u0007"',
    'motivo = "Revisão de nota após recurso"':
        'motivo = "Revisão <script>alert(1)</script> & \\"nota\\"\\u202e após\\u000b recurso"',
    'local = "Campo Grande"': 'local = "Campo\\u0000 Grande <b>x</b>"',
    'nome = "Ana Paula Modelo"': 'nome = "Ana </script><script>alert(2)</script> Modelo\\u2066"',
    'cargo = "Secretária de Estado de Educação"': 'cargo = "Secretária \\"de\\" Estado\\u200f de Educação"',
    'cargo = "ENF"\nvagas = 3': 'cargo = "ENF"\nvagas = 3\ntitulo = "Edital <img src=x onerror=alert(3)> nº 50/2024\\u202e"',
}
HIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(scope="module")
def hostile_acts(tmp_path_factory):
    """The MS example with hostile act fields (number, edition, reason, place, signers, title), published by
    `gazeta publicar` and built: every act rendered from them, PDF included."""
    base = tmp_path_factory.mktemp("atos-hostis")
    content, exam = _unpublished_example(base)
    toml = (exam / "certame.toml").read_text("utf-8")
    for plain, hostile in ACT_FIELDS.items():
        assert plain in toml
        toml = toml.replace(plain, hostile)
    # all three acts are published in one run from the same inputs: the second corrects nothing, so it goes out as
    # a republicação (a retificação that changes nothing is refused), with the same hostile motivo
    toml = toml.replace('tipo = "retificacao"', 'tipo = "republicacao"')
    (exam / "certame.toml").write_text(toml, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:  # publicar refuses the example's site_url
        from generator import build as build_module

        mp.setattr(build_module, "site_url", lambda config_file=None: "https://concursos.ms.gov.br/")
        # its own --site: the default (site/ in the working directory) may be one `make build` left in the checkout,
        # which publicar would take as a witness of another archive
        assert main(["publicar", str(exam), "--site", str(base / "site")]) == 0
    build(content, base / "site", pdf=True)
    return exam, base / "site"


def test_act_fields_are_one_line_text_everywhere(hostile_acts):
    """numero, edicao, motivo, local, signers' names and offices, titulo: no control, zero-width or bidi character in
    the archive (ato.json, manifest), any page, the feed, the sitemap or the JSON-LD; each still there as text."""
    exam, site = hostile_acts
    files = [p for p in sorted([*site.rglob("*"), *(exam / "arquivo").rglob("*")])
             if p.suffix in (".html", ".xml", ".json")]
    assert [str(p) for p in files if HIDDEN.search(p.read_text("utf-8"))] == []
    correction = (site / "certames" / EXAM / "atos" / "ato-44-2024" / "index.html").read_text("utf-8")
    assert "Revisão &lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;nota&#34; após recurso" in correction \
        or "Revisão &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;nota&quot; após recurso" in correction
    assert "Ana &lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt; Modelo" in correction
    assert "Campo Grande &lt;b&gt;x&lt;/b&gt;" in correction
    result = (site / "certames" / EXAM / "atos" / "ato-41-2024" / "index.html").read_text("utf-8")
    assert "edição nº 11.514, de 22 de" in result
    ET.fromstring((site / "feed.xml").read_bytes())


def test_act_fields_are_inert_in_html_and_json_ld(hostile_acts):
    """No page gains a script, an event handler or a tag from an act field; every JSON-LD block is JSON whose
    strings hold the text as given (a `</script>` in a name cannot close the block)."""
    _, site = hostile_acts
    for page in _pages(site):
        text = page.read_text("utf-8")
        scan = _scan(text)
        assert scan.inline_scripts == 0 and scan.handlers == [] and "<b>x</b>" not in text, page
        for block in re.findall(r'<script type="application/ld\+json">(.*?)</script>', text, flags=re.S):
            json.loads(block)
    call = (site / "certames" / EXAM / "atos" / "ato-50-2024" / "index.html").read_text("utf-8")
    (block,) = re.findall(r'<script type="application/ld\+json">(.*?)</script>', call, flags=re.S)
    assert "Edital <img src=x onerror=alert(3)> nº 50/2024" in json.dumps(json.loads(block), ensure_ascii=False)


def test_act_fields_are_plain_text_in_the_published_pdfs(hostile_acts):
    """The act's PDF prints the fields as text, with no bidi override or control character (masthead, body,
    closing block)."""
    exam, _ = hostile_acts
    from generator.store import archive
    texts = {r.slug: " ".join(pg.extract_text() for pg in pypdf.PdfReader(r.folder / r.pdf).pages).replace("\n", " ")
             for r in archive.read(exam) if r.pdf}
    assert all(not HIDDEN.search(t) for t in texts.values())
    assert "<script>alert(1)</script>" in texts["ato-44-2024"]
    assert ("Campo Grande <b>x</b>, 29 de julho de 2024. ANA </SCRIPT><SCRIPT>ALERT(2)</SCRIPT> MODELO "
            'Secretária "de" Estado de Educação') in texts["ato-44-2024"]  # the closing block: name in capitals
    assert "<img src=x onerror=alert(3)>" in texts["ato-50-2024"]


def test_event_act_numbers_are_cleaned(tmp_path):
    """eventos.csv's «ato» reaches each candidate's public history: same cleaning as every other text."""
    from generator.load.events import load_events
    from generator.errors import Collector
    from generator.model import Position
    (tmp_path / "eventos.csv").write_text("data;ato;tipo;cargo;vagas\n05/08/2024;52/2024\u202e\x07;novas_vagas;C1;2\n",
                                          encoding="utf-8")
    problems = Collector()
    (event,) = load_events(tmp_path, {}, [Position("C1", "Cargo", 2)], problems)
    assert not problems.problems and event.act == "52/2024"
