"""Hostile and careless input that the loader once accepted silently or crashed on (issue 9 items 1-5, 7, 14, 16, 17;
issue 11 item 1). Cases that need generated files (XLSX, huge cells, dates relative to today) live here; the rest
are in tests/corpus."""

from __future__ import annotations

import re
import zipfile
from datetime import date, timedelta
from decimal import Decimal
from io import BytesIO
from pathlib import Path

import pytest
from openpyxl import Workbook

from generator.build import prepare_all
from generator.cli import main
from generator.errors import InputError
from generator.load import load_exam
from generator.pipeline import prepare

from test_load import TOML, exam, problems

ROOT = Path(__file__).resolve().parents[1]
HEADER = ["inscricao", "nome", "cargo", "nota", "nascimento"]


def _xlsx(folder: Path, *sheets, hidden=()) -> Path:
    """certame.toml plus candidatos.xlsx with the given (title, rows) sheets."""
    (folder / "certame.toml").write_text(TOML.format(extra=""), encoding="utf-8")
    book = Workbook()
    book.remove(book.active)
    for title, rows in sheets:
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
        if title in hidden:
            sheet.sheet_state = "hidden"
    book.save(folder / "candidatos.xlsx")
    return folder


def _rewrite(path: Path, change) -> None:
    """Rewrite each member of an XLSX (a zip) through change(name, bytes): what openpyxl would never write."""
    out = BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            target.writestr(info, change(info.filename, source.read(info)))
    path.write_bytes(out.getvalue())


def test_hidden_draft_sheet_is_not_read(tmp_path):
    draft = ("Rascunho", [HEADER, ["9", "Rascunho", "ADM", 99, "1990-01-01"]])
    final = ("Resultado final", [HEADER, ["1", "Ana", "ADM", 70, "1990-01-01"], ["2", "Bia", "ADM", 60, "1991-01-01"]])
    people = load_exam(_xlsx(tmp_path, draft, final, hidden={"Rascunho"})).candidates
    assert [p.registration for p in people] == ["1", "2"]


def test_named_sheet_is_read_even_when_others_are_visible(tmp_path):
    _xlsx(tmp_path, ("Rascunho", [HEADER]), ("Final", [HEADER, ["1", "Ana", "ADM", 70, "1990-01-01"]]))
    (tmp_path / "certame.toml").write_text(TOML.format(extra="").replace("[publicacao]", 'planilha = "final"\n\n'
                                                                          "[publicacao]"), encoding="utf-8")
    assert [p.name for p in load_exam(tmp_path).candidates] == ["Ana"]


def test_xlsx_float_noise_is_read_at_the_exams_precision(tmp_path):
    """72.100000000000009 (a formula's result) and a typed 72.1 tie, so the age tie-break decides (the older first)."""
    rows = [HEADER, ["1", "Ana", "ADM", 72.100000000000009, "1995-01-01"], ["2", "Bia", "ADM", 72.1, "1980-01-01"]]
    folder = _xlsx(tmp_path, ("Resultado final", rows))
    people = load_exam(folder).candidates
    assert [str(p.score) for p in people] == ["72.1", "72.1"]
    result = prepare(folder, ROOT / "content" / "jurisdicoes", project=False)
    order = next(p for p in result.positions if p.position.code == "ADM").order
    assert [c.registration for c in order][:2] == ["2", "1"]


def test_xlsx_without_sheets_malformed_xml_and_huge_cell(tmp_path):
    good = tmp_path / "good"
    good.mkdir()
    _xlsx(good, ("Resultado final", [HEADER, ["1", "Ana", "ADM", 70, "1990-01-01"]]))
    data = (good / "candidatos.xlsx").read_bytes()
    cases = {
        "sem-abas": lambda name, text: re.sub(rb"<sheets>.*</sheets>", b"<sheets/>", text)
        if name == "xl/workbook.xml" else text,
        "xml-danificado": lambda name, text: text[: len(text) // 2] if name.startswith("xl/worksheets/") else text,
    }
    for case, change in cases.items():
        folder = tmp_path / case
        folder.mkdir()
        (folder / "certame.toml").write_bytes((good / "certame.toml").read_bytes())
        (folder / "candidatos.xlsx").write_bytes(data)
        _rewrite(folder / "candidatos.xlsx", change)
        found = problems(folder)
        assert len(found) == 1 and found[0].startswith("candidatos.xlsx"), (case, found)
    huge = tmp_path / "huge"
    huge.mkdir()
    _xlsx(huge, ("Resultado final", [HEADER, ["1", "PLACEHOLDER", "ADM", 70, "1990-01-01"]]))
    _rewrite(huge / "candidatos.xlsx", lambda name, text: text.replace(b"PLACEHOLDER", b"A" * 200_000))
    assert problems(huge) == ["candidatos.xlsx, linha 2: uma célula tem mais de 131.072 caracteres; a leitura parou "
                              "aqui. Apague o texto colado por engano nessa célula."]


def test_huge_csv_cell_is_reported_in_portuguese(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota\n1,Ana,ADM,70\n2," + "B" * 10_000_000 + ",ADM,60\n")
    assert problems(folder) == ["candidatos.csv, linha 3: um campo tem mais de 131.072 caracteres; a leitura parou "
                                "aqui. Apague o texto colado por engano nessa célula."]


def test_birth_date_later_this_year_is_refused(tmp_path):
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    folder = exam(tmp_path, f"inscricao,nome,cargo,nota,nascimento\n1,Ana,ADM,70,{tomorrow}\n")
    assert problems(folder)[0].startswith("candidatos.csv, linha 2, coluna «nascimento»: a data de nascimento é "
                                          "inválida.")


def test_quoted_line_break_in_a_name_stays_one_row(tmp_path):
    folder = exam(tmp_path, 'inscricao,nome,cargo,nota\n1,"Ana\nSouza",ADM,70\n2,Bia,ADM,60\n')
    assert [p.line for p in load_exam(folder).candidates] == [2, 3]


def _content(tmp_path: Path, *names: str) -> Path:
    source = ROOT / "tests" / "corpus" / "nota-invalida"
    for name in names:
        folder = tmp_path / "certames" / name
        folder.mkdir(parents=True)
        for file in ("certame.toml", "candidatos.csv"):
            (folder / file).write_bytes((source / file).read_bytes())
        (folder / "candidatos.csv").write_text((folder / "candidatos.csv").read_text().replace("8,5x", "8,50"))
    (tmp_path / "certames" / "jurisdicoes").mkdir()
    for rules in (ROOT / "content" / "jurisdicoes").glob("*.toml"):
        (tmp_path / "certames" / "jurisdicoes" / rules.name).write_bytes(rules.read_bytes())
    return tmp_path


def test_exam_folders_with_equal_names_are_refused(tmp_path):
    content = _content(tmp_path, "Lins 2024", "lins-2024")
    with pytest.raises(InputError) as caught:
        prepare_all(content)
    assert [str(p) for p in caught.value.problems] == [
        "Lins 2024: as pastas «Lins 2024» e «lins-2024» seriam publicadas no mesmo endereço, certames/lins-2024/, e "
        "uma apagaria a outra. Renomeie uma delas (ou apague a cópia, se for um atalho para a mesma pasta)."]


def test_exam_folder_names_are_slugified(tmp_path):
    content = _content(tmp_path, "Concurso Lins Ação 2024")
    assert [p.exam["slug"] for p in prepare_all(content).exams] == ["concurso-lins-acao-2024"]


def test_every_exam_is_checked_in_one_run_and_named(tmp_path, capsys):
    content = _content(tmp_path, "a", "b")
    for name in ("a", "b"):
        path = content / "certames" / name / "candidatos.csv"
        path.write_text(path.read_text().replace("81,50", "855"))
    assert main(["check", str(content)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert [line.split(":")[0] for line in err[:2]] == ["a/candidatos.csv, linha 2, coluna «nota»",
                                                        "b/candidatos.csv, linha 2, coluna «nota»"]


def test_formula_without_a_stored_result_is_named_as_such(tmp_path):
    """openpyxl (like other libraries) writes formulas without their result: the score reads empty."""
    rows = [HEADER, ["1", "Ana", "ADM", 70, "1990-01-01"], ["2", "Bia", "ADM", "=D2-10", "1991-01-01"]]
    assert problems(_xlsx(tmp_path, ("Resultado final", rows))) == [
        "candidatos.xlsx, linha 3, coluna «nota»: a célula D3 tem uma fórmula sem o valor calculado (a planilha foi "
        "gravada por um programa que não calcula fórmulas). Abra-a no Excel ou LibreOffice, deixe calcular e salve "
        "de novo."]


def test_control_and_bidi_characters_are_escaped_in_messages(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota\n1,Ana,X\x0bY,70\n2,Bia,\u202eZZ,60\n")
    found = problems(folder)
    assert all(line.isprintable() for line in found)
    assert "«X\\u000bY»" in found[0] and "«\\u202eZZ»" in found[1]


def test_several_visible_sheets_name_only_visible_ones_and_suggest_the_data(tmp_path):
    """Issue 21: a hidden sheet was named among the «2 abas visíveis», and the instructions sheet was suggested."""
    notes = ("Instruções", [["Preencha uma linha por candidato."], ["Não apague o cabeçalho."], ["Obrigado."]])
    hidden = ("Base antiga", [HEADER, ["9", "Velho", "ADM", 99, "1990-01-01"]])
    data = ("Resultado", [["Nº INSCRIÇÃO", "nome", "cargo", "NOTA FINAL", "nascimento"],
                          ["1", "Ana", "ADM", 70, "1990-01-01"]])
    assert problems(_xlsx(tmp_path, notes, hidden, data, hidden={"Base antiga"})) == [
        "candidatos.xlsx: a pasta de trabalho tem 2 abas visíveis («Instruções» e «Resultado»), e não se sabe qual "
        "publicar. Indique a aba em certame.toml, por exemplo: planilha = \"Resultado\""]


def test_a_hidden_sheet_named_in_certame_toml_is_not_read(tmp_path):
    _xlsx(tmp_path, ("Rascunho", [HEADER, ["9", "Velho", "ADM", 99, "1990-01-01"]]),
          ("Final", [HEADER, ["1", "Ana", "ADM", 70, "1990-01-01"]]), hidden={"Rascunho"})
    (tmp_path / "certame.toml").write_text('planilha = "Rascunho"\n' + TOML.format(extra=""), encoding="utf-8")
    assert problems(tmp_path) == [
        "candidatos.xlsx: a aba «Rascunho», indicada em certame.toml (chave «planilha»), está oculta, e uma aba "
        "oculta nunca é lida. Reexiba a aba na planilha (clique com o botão direito numa aba → Reexibir) e salve de "
        "novo."]
