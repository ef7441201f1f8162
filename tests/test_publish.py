"""`gazeta publicar`: every declared act frozen once, in order, with a manifest; atomic; bad input archives nothing."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.store import archive
from generator import publish as publish_module
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


# -- issue 19 item 1 and 4, issue 22 items 5 and 7: the history cannot be corrupted; publicar is safe ------------
def test_an_act_dated_in_the_future_is_refused(tmp_path, capsys):
    """An act dated 2099 would, once archived, make the date-order rule refuse every real act after it."""
    folder = _exam(tmp_path)
    assert _run(capsys, "publicar", str(folder))[0] == 0
    _add(folder, CALL.replace("data = 2024-07-01", "data = 2099-07-01"))
    before = _tree(folder)
    status, _, err = _run(capsys, "publicar", str(folder))
    assert status == 1 and "Traceback" not in err
    assert ("certame.toml, chave «atos[2].data»: o ato «Edital de Convocação nº 50/2024» tem data de 01/07/2099, "
            "depois de hoje (") in err
    assert _tree(folder) == before


def test_an_acts_archived_bytes_do_not_depend_on_how_runs_were_split(tmp_path, capsys, monkeypatch):
    """Result and convocação published in one run, or in two: the result's archived files are the same (its
    ato.json listed the acts declared after it)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    split = _exam(tmp_path / "a")
    assert _run(capsys, "publicar", str(split))[0] == 0
    _add(split, CALL)
    assert _run(capsys, "publicar", str(split))[0] == 0
    together = _exam(tmp_path / "b")
    _add(together, CALL)
    assert _run(capsys, "publicar", str(together))[0] == 0
    first, second = (folder / "arquivo" / "ato-41-2024" for folder in (split, together))
    files = _tree(first)
    assert set(files) == set(_tree(second))
    for rel, data in files.items():
        if rel == archive.MANIFEST:  # the manifest records the certame.toml that was read, as it was
            a, b = (json.loads(x) for x in (data, (second / rel).read_bytes()))
            a["entradas"].pop("certame.toml"), b["entradas"].pop("certame.toml")
            assert a == b
        else:
            assert data == (second / rel).read_bytes(), rel


def test_publicar_refuses_the_example_site_url(tmp_path, capsys, monkeypatch):
    from generator import build

    monkeypatch.setattr(build, "site_url", lambda config_file=None: f"https://{build.EXAMPLE_HOST}/")
    config = tmp_path / "mkdocs.yml"
    config.write_text(f"site_name: Teste\nsite_url: https://{build.EXAMPLE_HOST}/\n", encoding="utf-8")
    folder = _exam(tmp_path)
    status, _, err = _run(capsys, "publicar", "--config", str(config), str(folder))
    assert status == 1 and not (folder / "arquivo").exists()
    assert (f"{config}: o endereço do site (chave site_url: https://{build.EXAMPLE_HOST}/) ainda é o do "
            "exemplo.") in err and f"troque-o em {config}" in err


def test_a_correction_that_changes_nothing_is_refused(tmp_path, capsys):
    folder = _exam(tmp_path)
    assert _run(capsys, "publicar", str(folder))[0] == 0
    _add(folder, CORRECTION)  # no score changed
    before = _tree(folder)
    status, _, err = _run(capsys, "publicar", str(folder))
    assert status == 1
    assert ("certame.toml, chave «atos[2].tipo»: o ato «Edital de Retificação nº 44/2024» é uma retificação, mas nada "
            "mudou em relação ao último ato publicado") in err
    assert _tree(folder) == before


def test_publicar_shows_the_text_warns_without_one_and_says_what_next(tmp_path, capsys):
    folder = _exam(tmp_path)
    status, out, err = _run(capsys, "publicar", "--conferir", str(folder))
    assert status == 0 and not (folder / "arquivo").exists()  # --conferir publishes nothing
    assert "Seria publicado: Edital de Resultado Final nº 41/2024" in out
    assert "Aviso: o ato «Edital de Resultado Final nº 41/2024» não tem texto: falta o arquivo ato.md" in err
    (folder / "ato.md").write_text("# Resultado final\n\nTorna público o resultado final.\n", encoding="utf-8")
    status, out, err = _run(capsys, "publicar", str(folder))
    assert status == 0 and "Aviso" not in err
    assert "  Texto do ato:\n    # Resultado final\n\n    Torna público o resultado final." in out
    assert "Próximos passos:\n  1. gazeta build" in out and "guarde no controle de versão" in out
    _add(folder, CALL)
    status, out, _ = _run(capsys, "publicar", str(folder))
    assert "Ficam convocados, no prazo de validade" in out  # a convocação's text is its body


def test_two_runs_at_once_are_refused(tmp_path, capsys):
    folder = _exam(tmp_path)
    with archive.locked(folder):  # another gazeta publicar holds the exam
        status, _, err = _run(capsys, "publicar", str(folder))
    assert status == 1 and "outro gazeta publicar já está em andamento no certame «exemplo»" in err
    assert not (folder / "arquivo").exists()
    assert _run(capsys, "publicar", str(folder))[0] == 0  # released


def test_publicar_checks_the_free_space_first(tmp_path, capsys, monkeypatch):
    folder = _exam(tmp_path)
    real = shutil.disk_usage
    monkeypatch.setattr(shutil, "disk_usage", lambda path: real(path)._replace(free=1000))
    status, _, err = _run(capsys, "publicar", str(folder))
    assert status == 1 and "espaço livre insuficiente no disco de" in err and "nada foi publicado" in err
    assert not (folder / "arquivo" / "ato-41-2024").exists()


@pytest.mark.parametrize(("code", "words"), [
    (errno.ENOSPC, "não há espaço livre no disco"), (errno.EFBIG, "um arquivo passou do tamanho máximo"),
    (errno.EROFS, "o disco está montado somente para leitura"),
    (errno.ENAMETOOLONG, "o nome de um arquivo ficou longo demais")])
def test_machine_faults_while_publishing_are_one_sentence(tmp_path, capsys, monkeypatch, code, words):
    folder = _exam(tmp_path)
    real = Path.write_text

    def failing(self, *args, **kwargs):
        if self.name == archive.ACT_FILE:
            raise OSError(code, os.strerror(code), str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", failing)
    status, _, err = _run(capsys, "publicar", str(folder))
    assert status == 1 and "Traceback" not in err and "Errno" not in err
    assert f"não foi possível gravar o ato no arquivo do certame «exemplo»: {words}" in err
    assert [p.name for p in (folder / "arquivo").iterdir()] == []


def test_a_real_file_size_limit_is_one_sentence(tmp_path):
    """EFBIG for real: `ulimit -f` below the size of the act's PDF."""
    folder = _exam(tmp_path)
    code = ("import resource, sys\nfrom generator import build\n"
            "build.site_url = lambda config_file=None: 'https://concursos.lins.sp.gov.br/'\n"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))\n"
            "from generator.cli import main\nsys.exit(main(['publicar', sys.argv[1]]))\n")
    done = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 1, done.stderr
    assert "passou do tamanho máximo que este sistema permite gravar" in done.stderr
    assert "Traceback" not in done.stderr and [p.name for p in (folder / "arquivo").iterdir()] == []


def test_act_fields_have_length_limits_and_canonical_identifiers(tmp_path, capsys):
    """A 300-character number passed check and ended in ENAMETOOLONG; "５０/２０２４" beside "50/2024" was a second
    act with a non-ASCII address (issue 22 items 5 and 7)."""
    folder = _exam(tmp_path)
    path = folder / "certame.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('numero = "41/2024"', f'numero = "{"4" * 300}/2024"'), encoding="utf-8")
    status, _, err = _run(capsys, "check", str(folder))
    assert status == 1 and "chave «atos[1].numero»: é longo demais (305 caracteres; o máximo é 40)" in err
    path.write_text(text, encoding="utf-8")
    _add(folder, CALL.replace('"50/2024"', '"５０/２０２４"') + CALL)
    status, _, err = _run(capsys, "check", str(folder))
    assert status == 1
    assert ("chave «atos[2].numero»: o identificador «５０/２０２４» usa caracteres fora da forma canônica (por exemplo, "
            "algarismos ou letras de largura dupla): escreva «50/2024».") in err
    path.write_text(text.replace('codigo = "ADM"', 'codigo = "АDM"'), encoding="utf-8")  # a Cyrillic А
    status, _, err = _run(capsys, "check", str(folder))
    assert status == 1 and "chave «cargos[1].codigo»: o código «АDM» tem «А» (cyrillic capital letter a)" in err


def test_publicar_archives_each_cargos_extract_and_builds_copy_them(tmp_path, capsys, monkeypatch):
    """Issue 20 item 2: the extracts of an act's PDF are made by publicar, from the events its body was just tagged
    with, and archived with it (extratos/, in the manifest with their SHA-256); their covers print the PDF's final
    SHA-256. A build copies them with the act (checked against the manifest) and links each beside its cargo's page,
    where an extract has always been, without extracting anything: they never change with the code."""
    from pdfua import validate
    from pypdf import PdfReader

    from generator.render.pdf import extract as pdf_extract

    folder = _exam(tmp_path)
    with monkeypatch.context() as patched:  # nothing of the full PDF's structure tree is read back
        patched.setattr(pdf_extract._Finder, "__init__", lambda *a: pytest.fail("a árvore do PDF foi lida"))
        assert _run(capsys, "publicar", str(folder))[0] == 0
    (record,) = archive.read(folder)
    listed = record.view()["pdf"]["extratos"]
    codes = [c["codigo"] for c in record.view()["cargos"]]
    assert sorted(listed) == sorted(codes) and len(codes) > 1
    pdf_sha = record.files[record.pdf]
    for code, item in listed.items():
        path = record.folder / item["href"]
        assert item["href"].startswith("extratos/") and record.files[item["href"]] == archive.sha256_file(path)
        reader = PdfReader(path)
        assert len(reader.pages) == item["pages"] == 1 + item["last"] - item["first"] + 1
        assert pdf_sha in "".join(reader.pages[0].extract_text().split())
        assert [(f.rule_id, f.message) for f in validate(str(path)).findings] == [], path
    monkeypatch.setattr(pdf_extract, "extract_all", lambda *a, **k: pytest.fail("extraído de novo no build"))
    site = tmp_path.parent / f"{tmp_path.name}-site"  # outside the content folder, as build asks
    assert main(["build", str(tmp_path), "--site", str(site)]) == 0
    exam = site / "certames" / "exemplo"
    for code, item in listed.items():
        archived = exam / "atos" / record.slug / item["href"]
        beside = exam / archived.parent.name / archived.name
        assert archived.read_bytes() == (record.folder / item["href"]).read_bytes()
        assert beside.stat().st_ino == archived.stat().st_ino
        assert f'href="{archived.name}"' in (exam / archived.parent.name / "index.html").read_text(encoding="utf-8")
    # a journalist's copy checks out against the act's manifest: found above its extratos/ folder, or in the site
    capsys.readouterr()
    assert main(["verificar", str(archived)]) == 0 and main(["verificar", "--site", str(site), str(beside)]) == 0
    told = capsys.readouterr().out
    assert told.count(f"é o arquivo publicado {item['href']}") == 2, told
