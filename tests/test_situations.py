"""The edital's own reasons of elimination (issue 18): certame.toml's [situacoes] lets the board's `situacao` column
say «eliminado no TAF» or «reprovado no exame médico», printed as the edital writes them, not «eliminado pela banca»."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.errors import InputError
from generator.pipeline import prepare
from generator.public import iter_position_views

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
SITUATIONS = '''
[situacoes.eliminado_taf]
rotulo = "eliminado no TAF"

[situacoes.reprovado_medico]
rotulo = "reprovado no exame médico"

'''


def _exam(tmp_path: Path, table: str = SITUATIONS, rows: tuple = ("eliminado_taf", "Reprovado no exame médico")) -> Path:
    """The corpus base exam with [situacoes] in certame.toml and two candidates out by them (1001 and 1004)."""
    folder = tmp_path / "certame"
    shutil.copytree(CORPUS / "ato-retifica-inexistente", folder)
    (folder / "esperado.txt").unlink()
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    head = text[:text.index("[[atos]]\ntipo = \"retificacao\"")]
    k = head.index("[[cargos]]")
    (folder / "certame.toml").write_text(head[:k] + table + head[k:], encoding="utf-8")
    csv = (folder / "candidatos.csv").read_text(encoding="utf-8").splitlines()
    for i, word in zip((1, 4), rows):  # 1001 (ADM) and 1004 (GCM)
        assert csv[i].endswith(",aprovado")
        csv[i] = csv[i][: -len("aprovado")] + word
    (folder / "candidatos.csv").write_text("\n".join(csv) + "\n", encoding="utf-8")
    (folder / "comissao.csv").write_text("inscricao,procedimento,resultado\n1002,heteroidentificacao,confirmado\n"
                                         "1003,heteroidentificacao,confirmado\n", encoding="utf-8")
    return folder


def test_the_editais_reasons_are_printed_as_written(tmp_path):
    result = prepare(_exam(tmp_path))
    reasons = {e["inscricao"]: e["motivo"] for v in iter_position_views(result) for e in v["eliminados"]}
    assert reasons == {"1001": "eliminado no TAF", "1004": "reprovado no exame médico", "1005": "ausente à prova"}
    assert all(c.registration not in ("1001", "1004") for pr in result.positions for c in pr.order)


def test_an_unknown_situation_names_the_editais_words(tmp_path):
    with pytest.raises(InputError) as caught:
        prepare(_exam(tmp_path, rows=("eliminado_taf", "inapto_psicologico")))
    (problem,) = caught.value.problems
    assert problem.file == "candidatos.csv" and "eliminado_taf" in problem.message and "[situacoes]" in problem.message


def test_a_situation_without_its_words_is_refused(tmp_path):
    with pytest.raises(InputError) as caught:
        prepare(_exam(tmp_path, table="\n[situacoes.eliminado_taf]\nfundamento = \"item 9\"\n\n"))
    assert any(p.column == "situacoes.eliminado_taf" for p in caught.value.problems)
