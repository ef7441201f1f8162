"""The staff's terminal: Portuguese help and usage errors, the build summary and bars, serve's address and port,
the warning about the example's site_url (issue 11, item 2)."""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

import pytest

from generator import progress
from generator.build import site_url_warning
from generator.cli import _parser, main
from generator.cli_text import portuguese, summary

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = ("check", "resultado", "explicar", "build", "serve")
ENGLISH = re.compile(r"\b(usage|error|show this|arguments?|options?|required|invalid|expected)\b", re.I)


@pytest.mark.parametrize("argv", [["-h"], *([c, "-h"] for c in COMMANDS)], ids=["gazeta", *COMMANDS])
def test_help_is_portuguese(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("uso: gazeta")
    assert "mostra esta ajuda e sai" in out
    assert not ENGLISH.search(out.replace("--json", "")), out


def test_every_argument_has_a_description():
    with portuguese():
        parser = _parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in [("gazeta", parser), *subparsers.choices.items()]:
        for action in sub._actions:
            if isinstance(action, argparse._SubParsersAction):
                continue
            assert action.help, f"{name}: {action.dest} sem descrição"
        assert sub.description, name


@pytest.mark.parametrize("argv, message", [
    (["check"], "faltam argumentos obrigatórios: PASTA"),
    (["publicar-tudo"], "'publicar-tudo' não existe"),
    (["build", "--sem-pdfs"], "argumentos não reconhecidos: --sem-pdfs"),
    (["serve", "--porta", "80800"], "a porta deve ser um número de 1 a 65535, não «80800»"),
    (["serve", "--porta"], "argumento --porta: falta o valor"),
])
def test_usage_errors_are_portuguese(capsys, argv, message):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("uso: gazeta")
    assert "erro: " in err and message in err
    assert not ENGLISH.search(err.replace("--sem-pdfs", "")), err


def test_argparse_is_english_again_outside_the_cli(capsys):
    with pytest.raises(SystemExit):
        main(["check", "-h"])
    capsys.readouterr()
    with pytest.raises(SystemExit):  # the CLI's translation is scoped: argparse is itself again
        argparse.ArgumentParser(prog="outro").parse_args(["-h"])
    assert capsys.readouterr().out.startswith("usage: outro")


def test_serve_prints_its_address_and_takes_a_port(capsys, monkeypatch):
    import mkdocs.commands.build
    import mkdocs.livereload

    calls, built = [], []

    class Server:
        def __init__(self, **kw):
            calls.append(kw)

        def watch(self, path):
            pass

        def server_activate(self):
            pass

        def serve(self, open_in_browser=False):
            self.server_activate()  # as LiveReloadServer.serve: the first build starts once the port listens

        def shutdown(self):
            pass

    monkeypatch.setattr(mkdocs.livereload, "LiveReloadServer", Server)
    monkeypatch.setattr(mkdocs.commands.build, "build", lambda config, **kw: built.append(config.plugins["gazeta"]))
    assert main(["serve", str(ROOT / "content"), "--porta", "8123"]) == 0
    assert (calls[0]["host"], calls[0]["port"]) == ("127.0.0.1", 8123)
    assert built and built[0].job is not None  # the first build renders the job checked before serving
    assert "Pré-visualização em http://127.0.0.1:8123/" in capsys.readouterr().out


def test_build_ends_with_a_one_line_summary_off_a_terminal(capsys, tmp_path):
    site = tmp_path / "site"
    assert main(["build", str(ROOT / "content"), "--site", str(site), "--sem-pdf"]) == 0
    out, err = capsys.readouterr()
    pages = sum(1 for _ in site.rglob("index.html"))
    # --sem-pdf renders no PDF, but each example's published acts are copied from its archive, with their per-cargo
    # extracts: the summary counts every PDF file the site holds (issue 21: before, «3 PDFs» beside 17 files)
    files = {p.stat().st_ino for p in site.rglob("*.pdf")}
    acts = {p.stat().st_ino for p in site.rglob("atos/*/*.pdf")}
    assert len(files) > len(acts) > 3
    assert re.fullmatch(rf"Site gerado em {re.escape(str(site.resolve()))}/: 3 certames, {pages} páginas do site, "
                        rf"{len(files)} arquivos PDF \({len(acts)} de atos, {len(files) - len(acts)} extratos por "
                        r"cargo; os PDFs completos dos certames somam \d+ páginas, [\d.]+,\d kB\), em \d+,\d s\.\n",
                        out), out
    assert "site_url" in err  # the example's placeholder address is still in mkdocs.yml


def test_summary_on_a_terminal_lists_each_pdf(tmp_path):
    site = tmp_path / "site"
    for name in ("certames/a/a.pdf", "certames/a/x/a-x.pdf", "certames/b/atos/ato-1-2024/ato-1-2024.pdf"):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(b"%PDF-1.7")
    os.link(site / "certames/b/atos/ato-1-2024/ato-1-2024.pdf", site / "certames/b/b.pdf")  # the exam's alias
    report = {"exams": 2, "pages": 1234, "pdfs": [
        {"path": "certames/a/a.pdf", "pages": 9, "bytes": 143_700}, {"path": "certames/b/b.pdf", "pages": 1,
                                                                      "bytes": 2_500_000, "archived": True}]}
    text = summary(report, site, 12.34, multiline=True)
    assert text.splitlines()[1:] == [
        "  2 certames, 1.234 páginas do site, 3 arquivos PDF (1 de ato, 1 completo, 1 extrato por cargo), em 12,3 s",
        "  PDF certames/a/a.pdf: 9 páginas, 143,7 kB",
        "  PDF certames/b/b.pdf: 1 página, 2,5 MB (ato publicado, copiado do arquivo)"]
    assert summary(report, site, 1, multiline=False).endswith(
        ": 2 certames, 1.234 páginas do site, 3 arquivos PDF (1 de ato, 1 completo, 1 extrato por cargo; os PDFs "
        "completos dos certames somam 10 páginas, 2,6 MB), em 1,0 s.")
    assert "sem PDF" in summary({"exams": 1, "pages": 3}, tmp_path / "vazio", 1, multiline=True)


def test_bars_are_shared_filled_and_kept(monkeypatch):
    """Nested sessions (the PDF inside the site build) add their bars to the open one; every bar ends full and
    stays (not transient)."""
    monkeypatch.setattr(progress, "interactive", lambda: True)
    with progress.session():
        bars = progress._ACTIVE[0]
        list(progress.ticking("Site", 3, iter("abc")))
        with progress.session():  # what generator.render.pdf.document does
            assert progress._ACTIVE[0] is bars
            counter = progress.task("PDF: paginando")
            counter(), counter()
            counter.end()
    assert progress._ACTIVE[0] is None
    assert [(t.description, t.completed, t.total) for t in bars.tasks] == [("Site", 3, 3), ("PDF: paginando", 2, 2)]
    assert not bars.live.transient


def test_site_url_warning(tmp_path):
    example = Path(__file__).resolve().parents[1] / "mkdocs.yml"
    assert f"em {example} (site_url: https://concursos.exemplo.gov.br/) ainda é o do exemplo" in \
        site_url_warning(example)
    assert "não encontrei mkdocs.yml" in site_url_warning(None)
    own = tmp_path / "mkdocs.yml"
    own.write_text("site_name: x\nsite_url: https://concursos.lins.sp.gov.br/\n", encoding="utf-8")
    assert site_url_warning(own) == ""


# --- issue 21, «gazeta check» in the first hour; issue 18 item 6

def _folder(tmp_path: Path, toml_change=None, candidates=None) -> Path:
    """The corpus's base exam (tests/corpus/make_corpus.py) with one change."""
    import shutil
    base = ROOT / "tests" / "corpus" / "cargo-desconhecido"
    folder = tmp_path / "certame"
    shutil.copytree(base, folder)
    (folder / "esperado.txt").unlink()
    if toml_change:
        text = (folder / "certame.toml").read_text(encoding="utf-8")
        assert toml_change[0] in text
        (folder / "certame.toml").write_text(text.replace(*toml_change), encoding="utf-8")
    (folder / "candidatos.csv").write_text(candidates or (folder / "candidatos.csv").read_text(encoding="utf-8")
                                           .replace(",GMC,", ",GCM,"), encoding="utf-8")
    return folder


def test_check_explains_the_toml_date_format(tmp_path, capsys):
    """«data = 10/03/2025» gave «há texto a mais depois do valor», with no hint about dates."""
    folder = _folder(tmp_path, ("data = 2024-06-10", "data = 10/03/2025"))
    assert main(["check", str(folder)]) == 1
    assert capsys.readouterr().err.splitlines()[0] == (
        "certame.toml, linha 9: erro de sintaxe TOML: a data «10/03/2025» está escrita como DD/MM/AAAA, mas em "
        "certame.toml as datas se escrevem AAAA-MM-DD (ano, mês, dia), sem aspas. Escreva: data = 2025-03-10")
    quoted = _folder(tmp_path / "q", ("data = 2024-06-10", 'data = "10/03/2025"'))
    assert main(["check", str(quoted)]) == 1
    assert "chave «publicacao.data»: a data «10/03/2025» está escrita como DD/MM/AAAA" in capsys.readouterr().err


def test_check_prints_no_escapes_for_a_line_break_in_a_cell(tmp_path, capsys):
    """A cell typed with Alt+Enter printed a literal «\\u000a» in the message."""
    rows = ("inscricao,nome,cargo,nota\n1001,Ana,\"Guarda\nMunicipal\",70\n1002,Bia,ADM,\"8.5\nx\"\n")
    assert main(["check", str(_folder(tmp_path, candidates=rows))]) == 1
    err = capsys.readouterr().err
    assert "\\u000a" not in err and "\\u" not in err
    assert "o cargo «Guarda Municipal» não está em certame.toml" in err
    assert "a nota «8.5 x» não é um número" in err


def test_check_fails_on_an_unmapped_quota_column_and_accepts_it_once_mapped(tmp_path, capsys):
    """«COTA NEGRO» left unmapped: check said OK and the reserved places went to ampla."""
    rows = "inscricao,nome,cargo,nota,COTA NEGRO\n1001,Ana,GCM,70,S\n1002,Bia,GCM,60,N\n1003,Caio,ADM,50,N\n"
    folder = _folder(tmp_path, candidates=rows)
    (folder / "comissao.csv").write_text("inscricao,procedimento,resultado\n", encoding="utf-8")
    (folder / "desistencias.csv").unlink()
    assert main(["check", str(folder)]) == 1
    assert 'negro = "COTA NEGRO"' in capsys.readouterr().err
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    (folder / "certame.toml").write_text(text.replace("[publicacao]", '[colunas]\nnegro = "COTA NEGRO"\n\n'
                                                                       "[publicacao]"), encoding="utf-8")
    assert main(["check", str(folder)]) == 0, capsys.readouterr().err
