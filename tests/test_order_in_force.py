"""The nomination page, `gazeta explicar` and the next convocação never disagree (issue 19 item 3).

After convocações and events the nomination page shows who each act called at each position, then the projection
after them — the places the next convocações would take (law/calls.Timeline.ahead). Scenario from the issue: MS
ENF, 10 → 13 vacancies (Decreto nº 9/2024) and the withdrawal of the 9th of the general list (projected at the 12th
position) before Edital de Convocação nº 62/2024 calls 9 more places after 50/2024's 3."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.build import generate, prepare_all
from generator.explain import explain
from generator.pipeline import prepare
from test_acts import _calls_of, _ms_copy

EVENTS = ("data,ato,tipo,inscricao,cargo,vagas,resultado\n"
          "15/08/2024,Portaria nº 5/2024,desistencia,20241550298,,,\n"
          "20/08/2024,Decreto nº 9/2024,novas_vagas,,ENF,3,\n")
CALL = '''
[[atos]]
tipo = "convocacao"
numero = "{numero}"
data = {data}
edicao = "{edicao}"
cargo = "ENF"
vagas = {vagas}
local = "Campo Grande"
'''


def _scenario(tmp_path: Path, *more: tuple[str, str, str, int]) -> Path:
    folder = _ms_copy(tmp_path)
    (folder / "eventos.csv").write_text(EVENTS, encoding="utf-8")
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    for numero, data, edicao, vagas in [("62/2024", "2024-09-02", "11.550", 9), *more]:
        text += CALL.format(numero=numero, data=data, edicao=edicao, vagas=vagas)
    (folder / "certame.toml").write_text(text, encoding="utf-8")
    return folder


def _rows(page: Path) -> dict[int, tuple[str, str]]:
    """Position → (inscrição, situação cell) of a nomination page."""
    out = {}
    for m in re.finditer(r'<tr id="n-(\d+)">(.*?)</tr>', page.read_text(encoding="utf-8")):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", m.group(2))
        out[int(m.group(1))] = (re.sub(r"<[^>]+>", "", cells[2]), re.sub(r"<[^>]+>", "", cells[-1]))
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("vigente")
    folder = _scenario(tmp)
    mp = pytest.MonkeyPatch()
    mp.setenv("SOURCE_DATE_EPOCH", "1718000000")
    try:
        generate(prepare_all(folder.parents[1], pdf=False), tmp / "site")
    finally:
        mp.undo()
    return {"folder": folder, "page": tmp / "site" / "certames" / "ms-2024-pss" / "enf" / "nomeacao" / "index.html",
            "result": prepare(folder)}


def test_the_nomination_page_shows_who_each_act_called_then_the_projection_after_them(built):
    rows = _rows(built["page"])
    calls = _calls_of(built["result"], "ENF", "50/2024") + _calls_of(built["result"], "ENF", "62/2024")
    assert [k for k, _ in calls] == list(range(1, 13))
    for position, registration in calls:  # the page's holder is the one the convocação called
        act = "50/2024" if position <= 3 else "62/2024"
        assert rows[position] == (registration, f"Convocado(a) pelo Edital de Convocação nº {act}.")
    # the 12th went to the next of the general list (the projected one withdrew), not to the projection's holder
    assert rows[12][0] == "20245596300"
    assert rows[13] == ("20245923611", "Projeção: ainda não convocado(a).")
    assert "20241550298" not in {reg for reg, _ in rows.values()}  # withdrew: no position in the order in force
    text = built["page"].read_text(encoding="utf-8")
    assert "· 13 vaga(s) ·" in text and "as vagas passaram de 10 para 13" in text


def test_explicar_and_the_cargo_lists_say_the_position_the_page_shows(built):
    rows = _rows(built["page"])
    general = (built["page"].parent.parent / "geral" / "index.html").read_text(encoding="utf-8")
    assert rows[15][0] == "20244668003"  # projected at the 19th before the calls
    for position in (13, 14, 15):
        registration = rows[position][0]
        lines = explain(built["result"], registration)
        assert any(line.startswith(f"Na ordem em vigor, depois das convocações: {position}ª posição") for line in lines)
        row = re.search(rf'<tr id="i-{registration}">.*?</tr>', general).group(0)
        assert f"{position}ª posição" in row, row


def test_the_next_convocacao_calls_the_projection_the_page_shows(built, tmp_path):
    projected = _rows(built["page"])
    folder = _scenario(tmp_path, ("63/2024", "2024-10-07", "11.575", 4))
    called = _calls_of(prepare(folder), "ENF", "63/2024")
    assert called == [(k, projected[k][0]) for k in range(13, 17)]


def test_without_calls_or_events_the_page_is_the_published_projection(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    content = tmp_path / "content"
    ROOT = Path(__file__).resolve().parents[1]
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    shutil.copytree(ROOT / "content" / "certames" / "ms-2024-pss", content / "certames" / "ms-2024-pss")
    generate(prepare_all(content, pdf=False), tmp_path / "site")
    cargo = tmp_path / "site" / "certames" / "ms-2024-pss"
    other = (cargo / "prof-ai" / "nomeacao" / "index.html").read_text(encoding="utf-8")  # no convocação
    assert "Situação</th>" not in other and "Cadastro de reserva (projeção)" in other
    rows = _rows(cargo / "enf" / "nomeacao" / "index.html")  # 50/2024 called the first 3
    assert [rows[k][1] for k in (1, 2, 3, 4)] == ["Convocado(a) pelo Edital de Convocação nº 50/2024."] * 3 + [
        "Projeção: ainda não convocado(a)."]


def test_the_download_of_the_nomination_page_is_the_order_it_shows(built):
    """A journalist who downloads the order from the nomination page gets the rows the page shows — who each act
    called, then the projection after them — not the projection the result act published (LEGAL-NOTES 14). The
    published projection stays in its own file (nomeacao), linked from the cargo page beside it."""
    import csv
    import json

    page = built["page"].read_text(encoding="utf-8")
    href = re.search(r'Dados desta ordem: <a class="baixar" href="([^"]+\.csv)"', page).group(1)
    path = (built["page"].parent / href).resolve()
    assert path.name == "enf-ordem_vigente.csv"
    with path.open(encoding="utf-8-sig", newline="") as f:
        table = list(csv.DictReader(f, delimiter=";"))
    rows = _rows(built["page"])
    assert {int(r["posicao"]): r["inscricao"] for r in table} == {k: reg for k, (reg, _) in rows.items()}
    assert {int(r["posicao"]): r["convocado_por"] for r in table if int(r["posicao"]) in (3, 12, 13)} == {
        3: "Edital de Convocação nº 50/2024", 12: "Edital de Convocação nº 62/2024", 13: ""}
    data = path.parent
    package = json.loads((data / "datapackage.json").read_text(encoding="utf-8"))
    names = [r["path"] for r in package["resources"]]
    assert "enf-ordem_vigente.csv" in names and "enf-nomeacao.csv" in names
    with (data / "enf-nomeacao.csv").open(encoding="utf-8-sig", newline="") as f:
        published = {int(r["posicao"]): r["inscricao"] for r in csv.DictReader(f, delimiter=";")}
    assert published[19] == "20244668003" and rows[15][0] == "20244668003"  # projected 19th, 15th in force
    summary = (built["page"].parent.parent / "index.html").read_text(encoding="utf-8")
    assert "dados da ordem em vigor, após as convocações" in summary
