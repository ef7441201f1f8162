"""A row changed by a retificação says so on the current lists, and links the act (issue 19 item 5).

Cariacica's Edital de Retificação nº 11/2023 changed 4300553's score from 88,66 to 90,00 (cargo AAD): the list
in force shows 90,00 and must say it was 88,66 and which act changed it. The archived acts' files never change."""

from __future__ import annotations

import csv
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from generator.build import generate, prepare_all
from generator.corrected import Step, marks
from generator.law.corrections import diff
from test_publish import CORRECTION, _exam

ROOT = Path(__file__).resolve().parents[1]
EXAM = "cariacica-2023-concurso"
SCORE_MARK = ("Nota alterada pelo Edital de Retificação nº 11/2023 (era 88,66); classificação geral alterada (era 7º)")


def _tree(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("corrected")
    content = tmp / "content"
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    shutil.copytree(ROOT / "content" / "certames" / EXAM, content / "certames" / EXAM)
    archived = _tree(content / "certames" / EXAM / "arquivo")
    mp = pytest.MonkeyPatch()
    mp.setenv("SOURCE_DATE_EPOCH", "1718000000")
    try:
        generate(prepare_all(content, pdf=False), tmp / "site")
    finally:
        mp.undo()
    return {"content": content, "site": tmp / "site", "archived": archived}


def test_the_changed_score_is_marked_on_the_current_list_with_a_link_to_the_act(built):
    page = built["site"] / "certames" / EXAM / "aad" / "geral" / "index.html"
    row = next(line for line in page.read_text(encoding="utf-8").splitlines() if 'id="i-4300553"' in line)
    assert '<td class="num">90,00</td>' in row
    assert ('<span class="retificada">Nota alterada pelo <a href="../../../../certames/cariacica-2023-concurso/atos/'
            'ato-11-2023/">Edital de Retificação nº 11/2023</a> (era 88,66); classificação geral alterada (era 7º)') in row
    assert (page.parent / "../../atos/ato-11-2023/index.html").resolve().is_file()  # the link opens the act's page
    other = next(line for line in page.read_text(encoding="utf-8").splitlines() if 'id="i-7935646"' in line)
    assert "retificada" not in other  # a row the act did not change says nothing


def test_the_open_data_carries_the_mark_as_columns(built):
    data = built["site"] / "certames" / EXAM / "dados"
    with (data / "aad-geral.csv").open(encoding="utf-8-sig", newline="") as f:
        rows = {r["inscricao"]: r for r in csv.DictReader(f, delimiter=";")}
    assert rows["4300553"]["retificacao"].startswith(SCORE_MARK)
    assert rows["4300553"]["retificacao_ato"] == "Edital de Retificação nº 11/2023"
    assert rows["7935646"]["retificacao"] == "" and rows["7935646"]["retificacao_ato"] == ""
    package = json.loads((data / "datapackage.json").read_text(encoding="utf-8"))
    schema = next(r["schema"] for r in package["resources"] if r["path"] == "aad-geral.csv")
    assert [f["name"] for f in schema["fields"]][-2:] == ["retificacao", "retificacao_ato"]
    assert not any("retificacao" in line for line in (data / "proc-geral.csv").read_text(encoding="utf-8-sig")
                   .splitlines()[:1])  # a cargo no retificação touched keeps its usual columns


def test_a_rebuild_leaves_the_archive_byte_identical(built):
    assert _tree(built["content"] / "certames" / EXAM / "arquivo") == built["archived"]
    site_acts = built["site"] / "certames" / EXAM / "atos"
    for folder in (built["content"] / "certames" / EXAM / "arquivo").iterdir():
        if folder.is_dir():  # the published files in the site are the archive's, byte for byte
            copied = _tree(site_acts / folder.name)
            for rel, sha in _tree(folder).items():
                if rel in copied and rel != "manifesto.json":  # the site's is the public manifest
                    assert copied[rel] == sha, rel


def _contract(people: list[tuple[str, str]], nominated: int = 0) -> dict:
    regs = [r for r, _ in people]
    return {"cargos": [{"codigo": "X", "nome": "Cargo X", "listas_publicadas": ["geral"], "listas": {"geral": regs},
                        "candidatos": [{"inscricao": r, "nota": n} for r, n in people],
                        "nomeacao": [{"inscricao": r, "posicao": k, "vaga": "ampla"}
                                     for k, r in enumerate(regs[:nominated], 1)], "eliminacoes": []}]}


def test_a_candidate_the_retificacao_added_is_marked_as_included_and_the_others_only_moved():
    before = _contract([("1", "90.00"), ("2", "80.00")])
    after = _contract([("1", "90.00"), ("3", "85.00"), ("2", "80.00")])
    act = {"titulo": "Edital de Retificação nº 2/2024", "numero": "2/2024", "data": "2024-02-01"}
    found = marks([Step(act, "ato-2-2024", diff(before, after).candidates)])["X"]
    assert set(found) == {"3", "2"}
    assert found["3"][0]["texto"] == "Inscrição incluída pelo Edital de Retificação nº 2/2024."
    assert found["2"][0]["texto"] == "Classificação geral alterada pelo Edital de Retificação nº 2/2024 (era 2º)."
    assert found["3"][0]["ato_slug"] == "ato-2-2024"


def test_a_score_the_rules_do_not_publish_is_not_told():
    before, after = _contract([("1", "90.00"), ("2", "80.00")]), _contract([("2", "95.00"), ("1", "90.00")])
    act = {"titulo": "Edital de Retificação nº 2/2024"}
    found = marks([Step(act, "ato-2-2024", diff(before, after).candidates)], scores=False)["X"]
    assert all("nota" not in m["texto"].lower() and "95" not in m["texto"] and "80" not in m["texto"]
               for ms in found.values() for m in ms)
    assert found["2"][0]["texto"] == "Classificação geral alterada pelo Edital de Retificação nº 2/2024 (era 2º)."


def test_the_pdf_of_a_later_act_marks_the_changed_row_and_says_what_changed(tmp_path):
    """The lists a later act's PDF prints (publicar renders them from the same view) carry the marks too: the row
    ends in a note marker, the list's legend says what changed and which act changed it."""
    import pypdf

    from generator.render.pdf.document import build_pdf
    from generator.render.pdf.sample import exam_view
    from pdf_fakes import SHA, views

    cargos = views()
    entries = cargos[0]["listas"][0]["entradas"]
    registration = entries[4]["inscricao"]
    text = "Nota alterada pelo Edital de Retificação nº 11/2023 (era 88,66); classificação geral alterada (era 7º)."
    cargos[0]["retificadas"] = {registration: [{"ato": "Edital de Retificação nº 11/2023", "ato_slug": "ato-11-2023",
                                                "numero": "11/2023", "data": "2023-11-27", "texto": text}]}
    def words(views: list[dict], name: str) -> str:
        out = tmp_path / name
        build_pdf(exam_view(), views, out, attachments=[], data_sha256=SHA, permanent_url="", workers=1)
        return " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(out).pages)

    plain, words = words(views(), "antes.pdf"), words(cargos, "ato.pdf")
    assert "Linhas alteradas por retificação publicada:" in words
    assert f"[1] {registration}: {text}" in words
    assert f"{entries[4]['nome']} [1]" in words
    assert words.count("[1]") == plain.count("[1]") + 2  # the row and its legend; no other row is marked
    assert "retificação" not in plain


def test_an_act_archived_without_its_changes_has_each_contract_read_once(tmp_path, monkeypatch):
    """Issue 20: an archived act's resultado.json is the whole result at its publication (280 MB of JSON at 1M
    candidates, 3–9 CPU s to parse); the preparation parsed the newest one three times (the record gate twice,
    generator/record.standing, and the corrected rows), and each person's acts (render) read and compared every
    retificação's pair again. The example's retificação was archived before its changes were (mudancas.json): its
    two contracts are compared once, each read once, for the marks and the cards."""
    from collections import Counter

    from generator.store import archive

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    shutil.copytree(ROOT / "content" / "certames" / EXAM, content / "certames" / EXAM)
    reads, parse = Counter(), archive._json

    def counted(path):
        if path.name == archive.RESULT_FILE:
            reads[path.parent.name] += 1
        return parse(path)

    monkeypatch.setattr(archive, "_json", counted)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    generate(prepare_all(content, pdf=False), tmp_path / "site")
    assert len(reads) >= 2 and max(reads.values()) == 1, reads


def test_a_retificacao_archives_its_changes_and_builds_read_no_result_contract(tmp_path, monkeypatch, capsys,
                                                                               own_site_url):
    """Issue 20 item 5: `publicar` archives a retificação's per-candidate changes (mudancas.json, in its manifest,
    not published), from the comparison its body quotes; a build then takes the lists' marks and the cards from it,
    and its record gate recognises the unchanged result by the archived contract's SHA-256: no result contract is
    read (at 1M, 280 MB each). The site is byte for byte the one made by comparing the contracts again."""
    from dataclasses import replace

    from generator.cli import main
    from generator.law.corrections import changes_of
    from generator.store import archive

    content = tmp_path / "content"
    folder = _exam(content)  # the corpus exam with its result act only
    toml = folder / "certame.toml"
    site = ["--site", str(tmp_path / "site")]
    assert main(["publicar", str(folder), *site]) == 0
    rows = folder / "candidatos.csv"
    rows.write_text(rows.read_text(encoding="utf-8").replace("1004,Diego Reis,GCM,85.00",
                                                             "1004,Diego Reis,GCM,95.00"), encoding="utf-8")
    toml.write_text(toml.read_text(encoding="utf-8") + CORRECTION, encoding="utf-8")
    assert main(["publicar", str(folder), *site]) == 0
    capsys.readouterr()
    first, fixed = archive.read(folder)
    assert archive.CHANGES_FILE in fixed.files and archive.CHANGES_FILE not in first.files
    expected = diff(first.contract(), fixed.contract()).candidates
    assert expected and changes_of(fixed.changes()) == tuple(replace(c, name="") for c in expected)
    assert archive.CHANGES_FILE not in archive.public_manifest(fixed)["arquivos"]
    assert "Diego" not in (fixed.folder / archive.CHANGES_FILE).read_text(encoding="utf-8")  # no names

    reads, parse = [], archive._json

    def counted(path):
        if path.name == archive.RESULT_FILE:
            reads.append(path.parent.name)
        return parse(path)

    monkeypatch.setattr(archive, "_json", counted)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    generate(prepare_all(content, pdf=False), tmp_path / "a")
    assert reads == []
    page = (tmp_path / "a" / "certames" / "exemplo" / "gcm" / "geral" / "index.html").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if 'id="i-1004"' in line)
    assert "Edital de Retificação nº 44/2024</a> (era 85,00)" in row
    # an act archived before mudancas.json: its changes compared again from its contracts, the same site
    monkeypatch.setattr(archive.Record, "changes", lambda self: None)
    generate(prepare_all(content, pdf=False), tmp_path / "b")
    assert reads and _tree(tmp_path / "a") == _tree(tmp_path / "b")


def test_a_second_retificacao_shows_only_what_it_changed(tmp_path, monkeypatch, capsys, own_site_url):
    """Two retificações of the same result: the second one's changes (marks, cards) are what it changed against the
    act before it, as its body quotes — not again the first one's (the cards compared it with the act it corrects,
    and told a reader twice that 1004's score changed). Archived changes and contracts compared again agree."""
    from generator import pipeline
    from generator.cli import main
    from generator.store import archive

    folder = _exam(tmp_path / "content")
    toml, rows = folder / "certame.toml", folder / "candidatos.csv"
    site = ["--site", str(tmp_path / "site")]
    assert main(["publicar", str(folder), *site]) == 0
    for old, new, act in (("1004,Diego Reis,GCM,85.00", "1004,Diego Reis,GCM,95.00", CORRECTION),
                          ("1001,Ana Souza,ADM,81.50", "1001,Ana Souza,ADM,71.50",
                           CORRECTION.replace("44/2024", "45/2024").replace("2024-06-17", "2024-06-24"))):
        rows.write_text(rows.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
        toml.write_text(toml.read_text(encoding="utf-8") + act, encoding="utf-8")
        assert main(["publicar", str(folder), *site]) == 0
    capsys.readouterr()
    records = archive.read(folder)
    archived = pipeline.changes(records)
    monkeypatch.setattr(archive.Record, "changes", lambda self: None)
    compared = pipeline.changes(records)
    for found in (archived, compared):
        assert {c.registration for c in found["ato-44-2024"]} >= {"1004"}
        assert {c.registration for c in found["ato-45-2024"]} >= {"1001"}
        assert "1004" not in {c.registration for c in found["ato-45-2024"]}
    assert [[(c.position, c.registration, c.changes) for c in archived[k]] for k in archived] == \
        [[(c.position, c.registration, c.changes) for c in compared[k]] for k in compared]
    from generator.render.site.acts import history

    card = pipeline.acts_by_person(records, history("exemplo", records))["GCM"]["1004"]  # compared again
    assert [a["titulo"] for a in card] == ["Edital de Retificação nº 44/2024"]
