"""Notes reach the citizen (issue 7): every citation that rests on a reading points at its numbered note — on the
site (a link to the note on the "Regras aplicadas" page), in the PDF (a "Notas" section and "(nota k)" after the
citations) and in `gazeta explicar` ("Nota: …" after the basis)."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest

from generator.explain import explain
from generator.pipeline import exam_dirs, prepare
from generator.public import exam_view, iter_position_views, note_numbers
from generator.render.pdf.document import build_pdf

ROOT = Path(__file__).resolve().parents[1]
EXAMS = exam_dirs(ROOT / "content")
SITE = Path(__file__).parent / "golden" / "exemplo"  # equal to a fresh build (test_site_golden)


@pytest.fixture(scope="module", params=EXAMS, ids=[e.name for e in EXAMS])
def prepared(request):
    return prepare(request.param)


def _dicts(value):
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _dicts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _dicts(v)


def test_every_noted_basis_in_the_view_carries_the_number_of_its_note(prepared):
    view = exam_view(prepared)
    by_number = {n["numero"]: n["texto"] for n in view["notas"]}
    assert list(by_number) == list(range(1, len(by_number) + 1))
    seen = 0
    for d in _dicts(view):
        if "texto" in d and "nota" in d and "urn" in d:  # a basis
            if d["nota"]:
                seen += 1
                assert by_number[d["nota_numero"]] == d["nota"]
            else:
                assert d["nota_numero"] is None
            if "notas" in d:  # several bases (a nomination): each of their notes, once
                assert d["notas"] == sorted(set(d["notas"]))
                assert set(d["notas"]) >= {b["nota_numero"] for b in d["todos"] if b["nota_numero"]}
    assert seen, "os arquivos de regras dos exemplos têm notas: alguma deveria aparecer"


def test_each_note_says_which_rules_it_qualifies(prepared):
    for note in exam_view(prepared)["notas"]:
        assert note["texto"] and note["regras"] and note["fundamentos"]


def _pages():
    return sorted(SITE.glob("certames/*/**/index.html"))


def test_every_note_link_on_the_site_reaches_a_note_of_its_exam():
    marker = re.compile(r'href="(?:\.\./)*certames/([^/]+)/regras/#nota-(\d+)"|href="#nota-(\d+)"')
    found = 0
    for page in _pages():
        html = page.read_text(encoding="utf-8")
        exam = page.relative_to(SITE).parts[1]
        rules = (SITE / "certames" / exam / "regras" / "index.html").read_text(encoding="utf-8")
        for m in marker.finditer(html):
            found += 1
            slug, number = (m.group(1), m.group(2)) if m.group(1) else (exam, m.group(3))
            assert slug == exam
            assert f'<li id="nota-{number}"' in rules, (page, number)
    assert found


def test_a_place_resting_on_a_reading_shows_its_note_on_the_nomination_page():
    """Lins: the alternation has no text in the decree (LEGAL-NOTES 3): every reserved place says so."""
    html = (SITE / "certames/lins-2024-gcm/gcm/nomeacao/index.html").read_text(encoding="utf-8")
    rows = [r for r in html.split("<tr id=\"n-")[1:] if "vaga-negro" in r]
    assert rows and all('class="nota-ref"' in r for r in rows)


def test_explicar_prints_the_note_after_the_basis(prepared):
    numbers = note_numbers(prepared)
    if not numbers:
        pytest.skip("sem notas")
    told = 0
    for pr in prepared.positions:
        for n in pr.allocation.nominations:
            notes = [b.note for b in n.bases if b.note]
            if not notes:
                continue
            lines = explain(prepared, pr.order[n.index].registration)
            at = next(k for k, line in enumerate(lines) if "Fundamento:" in line and "Ordem" not in line
                      and k > 0 and lines[k - 1].startswith("Ordem de nomeação"))
            after = lines[at + 1:at + 1 + len(dict.fromkeys(notes))]
            assert after == [f"Nota: {t}" for t in dict.fromkeys(notes)]
            told += 1
            break
    assert told


def test_the_pdf_lists_the_notes_and_the_citations_point_at_them(tmp_path):
    lins = next(e for e in EXAMS if e.name == "lins-2024-gcm")
    result = prepare(lins)
    view = exam_view(result)
    out = tmp_path / "lins.pdf"
    build_pdf(view, iter_position_views(result), out, attachments=[], data_sha256="0" * 64,
              permanent_url="https://exemplo.gov.br/", workers=1)
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    flat = re.sub(r"\s+", " ", text)
    assert "Notas: leituras adotadas" in flat
    for note in view["notas"]:
        assert re.sub(r"\s+", " ", note["texto"])[:40] in flat
    cited = {int(k) for group in re.findall(r"\(notas? ([\d, ]+)\)", flat) for k in group.split(",")}
    assert cited and cited <= {n["numero"] for n in view["notas"]}


def test_a_convocacao_cites_the_notes_of_the_places_it_calls():
    """A new convocação's table of places says which of its citations rest on a reading (its PDF lists the notes)."""
    from generator.act_body import _called
    from generator.law.calls import apply
    from generator.results import compute
    from scenario_kit import SCENARIOS, load_acts, load_scenario, rules

    data, exam = load_scenario(SCENARIOS / "lins-convocacao-em-lotes.toml")
    result, problems = compute(exam, rules(data["jurisdicao"]))
    assert not problems
    acts, events = load_acts(data, exam.positions[0].code)
    exam.acts = acts
    result.timelines = apply(result, acts, events)
    numbers = note_numbers(result)
    pr = result.positions[0]
    timeline = result.timelines[pr.position.code]
    rows = _called(acts[0], result, pr, True)
    for row, place in zip(rows, [p for p in timeline.places if p.act.number == acts[0].number]):
        notes = sorted({numbers[b.note] for b in place.bases if b.note})
        if notes:
            assert row["fundamento"].endswith(f"({'notas' if len(notes) > 1 else 'nota'} "
                                              f"{', '.join(map(str, notes))})"), row
        else:
            assert "(nota" not in row["fundamento"]
    assert any("(nota" in row["fundamento"] for row in rows)  # Lins: the reserved 3rd place rests on readings
