"""Small pure parts of the site: citation, search normalization (Python and busca.js agree), pagination, charts."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.render.site import charts
from generator.render import cite
from generator.paths import Slugs, page_of
from generator.render.site.search import PARTICLES, bucket, normalize, normalize_name
from generator.render.site.pages import Pager
from site_fakes import fake_exam, fake_position

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
SAMPLES = ["João da Silva", "ÁLVARO  d'Ávila-Søren", "Zoë Ñandú", "  ", "Ωmega 12ª", "çÇ ãõ", "Mc\u202eDonald"]


def test_abnt_reference_of_the_act():
    """ABNT NBR 6023:2018, 7.11.2 (legislação em periódico): JURISDIÇÃO. Entidade. Tipo nº X, de DD de mês de AAAA.
    Ementa. Periódico: seção, Local, ano, n., p., data."""
    text = cite.abnt(fake_exam(), url="https://x.gov.br/c/", pages=(3, 5), part="Cargo GCM — Lista geral")
    assert text == ("LINS (SP). Prefeitura Municipal de Lins. Edital nº 01/2024, de 10 de junho de 2024. Concurso "
                    "Público nº 01/2024 — Resultado final. Imprensa Oficial - Lins: seção Atos Oficiais, Lins, SP, "
                    "ano VIII, n. 1521, p. 3-5, 10 jun. 2024. Cargo GCM — Lista geral. "
                    "Disponível em: https://x.gov.br/c/.")
    html = cite.abnt_html(fake_exam())
    assert "<em>Imprensa Oficial - Lins</em>: seção" in html


def test_abnt_cites_the_published_act_with_its_own_date():
    """The act that published the lists (its type, number and date), not the opening edital."""
    exam = {**fake_exam(), "ato": {"tipo": "resultado", "titulo": "Edital de Resultado Final nº 41/2024",
                                   "numero": "41/2024", "data": "2024-06-01"}}
    text = cite.abnt(exam)
    assert text.startswith("LINS (SP). Prefeitura Municipal de Lins. Edital de Resultado Final nº 41/2024, de 1º "
                           "de junho de 2024. Concurso Público nº 01/2024 — Resultado final. Imprensa Oficial")
    assert "Edital nº 01/2024" not in text
    assert cite.urn(exam) == "urn:lex:br;sao.paulo;lins:municipal:edital:2024-06-01;41.2024"


def test_state_act_is_placed_in_the_capital():
    exam = {**fake_exam(), "jurisdicao": {"id": "mato-grosso-do-sul", "nome": "Estado de Mato Grosso do Sul"}}
    assert cite.abnt(exam).startswith("MATO GROSSO DO SUL. ")
    assert ": seção Atos Oficiais, Campo Grande, MS, ano VIII" in cite.abnt(exam)


def test_urn_uses_the_jurisdictions_own_locality():
    assert cite.urn(fake_exam()) == "urn:lex:br;sao.paulo;lins:municipal:edital:2024-06-10;01.2024"


@pytest.mark.parametrize("text, name", [
    ("Mato Grosso do Sul", "mato.grosso.sul"), ("Câmara dos Deputados", "camara.deputados"),
    ("SED/PSS nº 03/2024", "sed.pss.03.2024"), ("SED/PSS n.º 03/2024", "sed.pss.03.2024"),
    ("no 12/2024", "12.2024"), ("Novo Horizonte", "novo.horizonte"), ("São João del-Rei", "sao.joao.del.rei"),
])
def test_lexml_names(text, name):
    assert cite.lexml_name(text) == name


def test_bibtex_escapes_special_characters():
    exam = fake_exam(title="Resultado {final} & 100% _certo_")
    entry = cite.bibtex(exam, pages=(2, 2))
    assert entry.startswith("@article{lins-2024-exemplo:01-2024,")
    assert r"Resultado \{final\} \& 100\% \_certo\_" in entry and "pages = {2}" in entry


def test_bibtex_key_names_the_act_and_the_page():
    exam = fake_exam()
    keys = {cite.bibtex_key(exam, f"https://x.gov.br/certames/lins-2024-exemplo/{rel}")
            for rel in ("", "gcm/", "gcm/geral/", "gcm/geral/2/", "gcm/negro/", "adm/geral/")}
    assert len(keys) == 6
    assert cite.bibtex_key(exam, "/certames/lins-2024-exemplo/gcm/geral/2/") == "lins-2024-exemplo:01-2024:gcm-geral-2"
    entry = cite.bibtex(exam, url="/certames/lins-2024-exemplo/gcm/", pages=(3, 5))
    assert "journal = {Imprensa Oficial - Lins}" in entry and "number = {1521}" in entry
    assert "pages = {3--5}" in entry


def test_slugs_are_stable_and_distinct():
    slugs = Slugs()
    assert [slugs("GCM"), slugs("Gcm!"), slugs("Dados"), slugs("GCM")] == ["gcm", "gcm-2", "dados-2", "gcm"]


def test_pager_links_first_last_and_neighbours():
    pager = Pager.of(5, 9, "../")
    labels = [label for label, _, _ in pager.links]
    assert labels == ["1", "…", "3", "4", "5", "6", "7", "…", "9"]
    assert ("1", "../", False) in pager.links and ("6", "../6/", False) in pager.links
    assert page_of(0) == 1 and page_of(499) == 1 and page_of(500) == 2


def test_normalize_name_equals_normalize():
    for sample in SAMPLES:
        assert normalize_name(sample) == normalize(sample)
    assert normalize("ÁLVARO  d'Ávila") == "alvaro d avila"


@pytest.mark.skipif(NODE is None, reason="node não instalado")
def test_busca_js_normalizes_and_buckets_like_python():
    script = (f"const b = require({json.dumps(str(ROOT / 'templates/theme/assets/busca.js'))});"
              f"const s = {json.dumps(SAMPLES)};"
              "console.log(JSON.stringify([s.map(x => [b.normalize(x), b.bucket(b.normalize(x))]), b.PARTICLES]));")
    out, particles = json.loads(subprocess.run([NODE, "-e", script], capture_output=True, text=True,
                                               check=True).stdout)
    assert out == [[normalize(x), bucket(normalize(x))] for x in SAMPLES]
    assert sorted(particles) == sorted(PARTICLES)


def test_nomination_strip_describes_reserved_positions():
    html = str(charts.nomination_strip(fake_position("X", 40, 10)["nomeacao"], charts.Ids()))
    assert 'role="img"' in html and "<title" in html and "3ª reservada a pessoas negras" in html
    assert html.count("<rect") == 10


def test_chart_labels_are_escaped():
    html = str(charts.candidates_per_vacancy([("<b>x</b>", 10, 2)], charts.Ids()))
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
