"""`gazeta novo PASTA --jurisdicao X` (issue 21 item 6): a folder `gazeta check` then explains, no traceback."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from generator.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def content(tmp_path) -> Path:
    shutil.copytree(ROOT / "content" / "jurisdicoes", tmp_path / "jurisdicoes")
    (tmp_path / "certames").mkdir()
    return tmp_path


def test_novo_writes_commented_toml_and_empty_board_templates(content, capsys):
    folder = content / "certames" / "lins-2025-novo"
    assert main(["novo", str(folder), "--jurisdicao", "lins"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["candidatos.csv", "candidatos.xlsx", "certame.toml"]
    # both templates, and `check` refuses a folder with both: the next step says to keep one (before: «Preencha
    # certame.toml e a planilha», and the first check answered «Deixe só um dos dois»)
    out = " ".join(capsys.readouterr().out.split())
    assert "candidatos.xlsx ou candidatos.csv, e apague o outro" in out, out
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    assert tomllib.loads(text) == {"jurisdicao": "lins"}  # everything else commented, to fill in
    for key in ("titulo", "orgao", "edital", "[publicacao]", "diario", "secao", "[[cargos]]", "codigo", "vagas",
                "reservas", "[[atos]]", "mulher", "negro", "pcd"):
        assert f"# {key}" in text or key in text, key
    header = (folder / "candidatos.csv").read_text(encoding="utf-8-sig").splitlines()
    assert header[0].split(";") == ["inscricao", "nome", "cargo", "nota", "nascimento", "negro", "pcd", "sexo",
                                    "situacao"]
    assert len(header) == 1
    from openpyxl import load_workbook
    rows = list(load_workbook(folder / "candidatos.xlsx").active.iter_rows(values_only=True))
    assert rows == [tuple(header[0].split(";"))]
    assert not (folder / "comissao.csv").exists()


def test_the_jurisdictions_groups_shape_the_columns(content):
    folder = content / "certames" / "ms-2025-novo"
    assert main(["novo", str(folder), "--jurisdicao", "mato-grosso-do-sul"]) == 0
    header = (folder / "candidatos.csv").read_text(encoding="utf-8-sig").strip().split(";")
    assert "indigena" in header and "sexo" not in header


def test_check_on_the_new_folder_says_what_is_missing(content, capsys):
    folder = content / "certames" / "lins-2025-novo"
    main(["novo", str(folder), "--jurisdicao", "lins"])
    capsys.readouterr()
    assert main(["check", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for key in ("titulo", "orgao", "edital", "publicacao", "cargos"):
        assert f"chave «{key}»: falta esta chave obrigatória" in err, key
    assert "Deixe só um dos dois" in err  # candidatos.csv and candidatos.xlsx: keep one


def _filled_in(content) -> Path:
    folder = content / "certames" / "lins-2025-novo"
    main(["novo", str(folder), "--jurisdicao", "lins"])
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    for key in ("titulo", "orgao", "edital", "[publicacao]", "diario", "secao", "data", "[[cargos]]", "codigo",
                "nome", "vagas"):
        text = text.replace(f"\n# {key}", f"\n{key}", 1)
    text = text.replace('\npublicacao]', '\n[publicacao]')
    (folder / "certame.toml").write_text(text + "\n", encoding="utf-8")
    (folder / "candidatos.xlsx").unlink()
    with (folder / "candidatos.csv").open("a", encoding="utf-8") as f:
        f.write("0001;Ana Lima;AGA;80,00;01/01/1990;Não;Não;F;aprovado\n")
    return folder


def test_filled_in_folder_passes_check(content, capsys):
    folder = _filled_in(content)
    capsys.readouterr()
    code = main(["check", str(folder)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "OK:" in out.out


def test_an_examples_commission_file_copied_along_is_one_problem_that_says_so(content, capsys):
    """Staff's first hour (issue 21): an example's comissao.csv copied with its folder gave 21 separate «a inscrição
    … não está em …» errors; none of its inscrições is in this exam's list, so it is one problem that says the file
    is another exam's and what to do."""
    folder = _filled_in(content)
    shutil.copyfile(ROOT / "content" / "certames" / "lins-2024-gcm" / "comissao.csv", folder / "comissao.csv")
    rows = (folder / "comissao.csv").read_text(encoding="utf-8").splitlines()[1:]
    capsys.readouterr()
    assert main(["check", str(folder)]) == 1
    err = capsys.readouterr().err
    mine = [line for line in err.splitlines() if line.startswith("comissao.csv")]
    assert len(mine) == 1, err
    assert f"nenhuma das {len(rows)} inscrições deste arquivo (linhas 2 a {len(rows) + 1};" in mine[0]
    assert "está em candidatos.csv: o arquivo parece ser de outro certame" in mine[0]
    assert "apague comissao.csv" in mine[0]
    # one inscrição of this exam among them: the others are typos to check one by one, as before
    with (folder / "comissao.csv").open("a", encoding="utf-8") as f:
        f.write("0001,heteroidentificacao,confirmado,\n")
    main(["check", str(folder)])
    err = capsys.readouterr().err
    assert "outro certame" not in err and "a inscrição 01347878 não está em candidatos.csv. Confira o número." in err


def test_novo_refuses_a_folder_with_files_and_an_unknown_jurisdiction(content, capsys):
    folder = content / "certames" / "existe"
    folder.mkdir()
    (folder / "certame.toml").write_text("x", encoding="utf-8")
    assert main(["novo", str(folder), "--jurisdicao", "lins"]) == 1
    assert (folder / "certame.toml").read_text(encoding="utf-8") == "x"
    assert main(["novo", str(content / "certames" / "outra"), "--jurisdicao", "atlantida"]) == 1
    err = capsys.readouterr().err
    assert "não está vazia" in err and "--jurisdicao" in err and "atlantida" in err and "lins" in err
    assert not (content / "certames" / "outra").exists()
