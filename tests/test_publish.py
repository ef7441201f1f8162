"""`gazeta publicar`: every declared act frozen once, in order, with a manifest; atomic; bad input archives nothing."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from generator.acts import archive
from generator.acts import publish as publish_module
from generator.cli import main

CORPUS = Path(__file__).parent / "corpus"
pytestmark = pytest.mark.usefixtures("own_site_url")  # publicar refuses the example's site_url
RESULT_ONLY_END = "[[atos]]\ntipo = \"retificacao\""


def _exam(tmp_path: Path) -> Path:
    """The corpus base exam with [[atos]], declaring only its result act (later acts are added by the tests)."""
    folder = tmp_path / "certames" / "exemplo"
    shutil.copytree(CORPUS / "ato-retifica-inexistente", folder)
    (folder / "esperado.txt").unlink()
    path = folder / "certame.toml"
    text = path.read_text(encoding="utf-8")
    head = text[:text.index(RESULT_ONLY_END)]
    path.write_text(head + '[[atos.assinaturas]]\nnome = "Maria da Silva"\ncargo = "Prefeita Municipal"\n',
                    encoding="utf-8")
    return folder


CORRECTION = '''
[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "44/2024"
data = 2024-06-17
edicao = "1526"
motivo = "Revisão de nota após recurso"
'''
CALL = '''
[[atos]]
tipo = "convocacao"
numero = "50/2024"
data = 2024-07-01
edicao = "1535"
cargo = "GCM"
vagas = 1
'''


def _add(folder: Path, text: str) -> None:
    path = folder / "certame.toml"
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _run(capsys, *argv) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_publish_freezes_each_act_once_in_order(tmp_path, capsys):
    folder = _exam(tmp_path)
    status, out, _ = _run(capsys, "publicar", str(folder))
    assert status == 0
    (record,) = archive.read(folder)
    pdf = record.folder / record.pdf
    assert record.slug == "ato-41-2024" and pdf.name == "exemplo-ato-41-2024.pdf"
    assert f"PDF: {pdf}" in out and f"SHA-256: {hashlib.sha256(pdf.read_bytes()).hexdigest()}" in out
    manifest = json.loads((record.folder / archive.MANIFEST).read_text(encoding="utf-8"))
    # every published file and every input, each with its SHA-256; the act's identity and the gazeta version
    assert set(manifest["arquivos"]) >= {pdf.name, "ato.json", "resultado.json", "dados/datapackage.json"}
    assert all(archive.sha256_file(record.folder / rel) == sha for rel, sha in manifest["arquivos"].items())
    assert manifest["entradas"]["candidatos.csv"] == archive.sha256_file(folder / "candidatos.csv")
    assert manifest["ato"]["numero"] == "41/2024" and manifest["gazeta"]
    contract = json.loads((record.folder / "resultado.json").read_text(encoding="utf-8"))
    assert contract["certame"] == "exemplo" and contract["cargos"]

    before = _tree(folder)
    status, out, _ = _run(capsys, "publicar", str(folder))
    assert status == 0 and "Nada novo a publicar" in out
    assert _tree(folder) == before  # nothing written

    # a score corrected after an appeal, then a retificação and a convocação: the first act stays byte-identical
    first = _tree(record.folder)
    rows = (folder / "candidatos.csv").read_text(encoding="utf-8")
    (folder / "candidatos.csv").write_text(rows.replace("1004,Diego Reis,GCM,85.00", "1004,Diego Reis,GCM,95.00"),
                                           encoding="utf-8")
    _add(folder, CORRECTION + CALL)
    status, out, _ = _run(capsys, "publicar", str(folder))
    assert status == 0
    assert out.count("Publicado:") == 2 and out.index("44/2024") < out.index("50/2024")
    records = archive.read(folder)
    assert [r.slug for r in records] == ["ato-41-2024", "ato-44-2024", "ato-50-2024"]
    assert _tree(records[0].folder) == first
    body = records[1].view()["corpo"]
    quoted = [row for t in body["trechos"] for row in t["onde_se_le"] + t["leia_se"]]
    assert any("1004" in row and "85,00" in row for row in quoted) and any("95,00" in row for row in quoted)
    assert "Revisão de nota após recurso" in body["texto"][0]
    assert records[1].view()["ato"]["retifica"]["numero"] == "41/2024"
    called = records[2].view()["corpo"]["convocados"]
    assert len(called) == 1 and called[0]["posicao"] == "1ª"
    assert "dados" not in {Path(rel).parts[0] for rel in records[1].files}  # a retificação quotes only changes


def test_input_errors_archive_nothing(tmp_path, capsys):
    folder = _exam(tmp_path)
    _run(capsys, "publicar", str(folder))
    before = _tree(folder)
    _add(folder, CORRECTION.replace('retifica = "41/2024"', 'retifica = "40/2024"'))
    status, _, err = _run(capsys, "publicar", str(folder))
    assert status == 1 and "«atos[2].retifica»" in err and "Traceback" not in err
    assert _tree(folder / "arquivo") == {k[len("arquivo/"):]: v for k, v in before.items() if k.startswith("arquivo/")}


def test_a_published_act_cannot_change_nor_leave_the_history(tmp_path, capsys):
    folder = _exam(tmp_path)
    _run(capsys, "publicar", str(folder))
    path = folder / "certame.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('edicao = "1521"', 'edicao = "1522"'), encoding="utf-8")
    status, _, err = _run(capsys, "publicar", str(folder))
    assert status == 1
    assert ("certame.toml, chave «atos[1]»: o ato «Edital de Resultado Final nº 41/2024» já foi publicado e não "
            "pode mudar (edicao: publicado «1521», agora «1522»).") in err


def test_a_changed_archived_file_is_named(tmp_path, capsys):
    folder = _exam(tmp_path)
    _run(capsys, "publicar", str(folder))
    (record,) = archive.read(folder)
    with open(record.folder / record.pdf, "ab") as handle:
        handle.write(b"%")
    status, _, err = _run(capsys, "publicar", str(folder))
    assert status == 1
    assert f"exemplo/arquivo/ato-41-2024/{record.pdf}: este arquivo publicado foi alterado depois da publicação" in err


def test_a_crash_while_rendering_leaves_the_act_absent(tmp_path, capsys, monkeypatch):
    folder = _exam(tmp_path)
    real = publish_module.render_act

    def crash(result, act, out, *args):
        real(result, act, out, *args)  # every file written, the manifest and rename not yet
        raise KeyboardInterrupt

    monkeypatch.setattr(publish_module, "render_act", crash)
    with pytest.raises(KeyboardInterrupt):
        main(["publicar", str(folder)])
    assert list((folder / "arquivo").iterdir()) == []
    monkeypatch.setattr(publish_module, "render_act", real)
    (folder / "arquivo" / ".ato-41-2024-sobra").mkdir()  # what a kill -9 would leave: a hidden folder
    assert _run(capsys, "publicar", str(folder))[0] == 0
    assert sorted(p.name for p in (folder / "arquivo").iterdir()) == ["ato-41-2024", archive.LEDGER]


def test_a_fresh_exam_with_several_acts_publishes_them_all_in_one_run(tmp_path, capsys):
    """Nothing archived yet and three acts declared: all three are frozen, in order (none is "before a published
    act"). The second is a republicação: a retificação published with the same inputs as its act would change
    nothing, and is refused (test_a_correction_that_changes_nothing_is_refused)."""
    folder = _exam(tmp_path)
    _add(folder, CORRECTION.replace('tipo = "retificacao"', 'tipo = "republicacao"') + CALL)
    status, out, err = _run(capsys, "publicar", str(folder))
    assert status == 0, err
    assert [r.act["numero"] for r in archive.read(folder)] == ["41/2024", "44/2024", "50/2024"]
