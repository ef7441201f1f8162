"""Input loader: the formats boards actually send (delimiters, encodings, XLSX, renamed columns) and its messages."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from generator.errors import InputError, Problem
from generator.load import load_exam
from generator.load.cells import BadCell, parse_birth, parse_cpf, parse_score
from generator.load.text import detect_encoding

TOML = """jurisdicao = "lins"
titulo = "Concurso Público nº 01/2024 — Resultado final"
orgao = "Prefeitura Municipal de Lins"
edital = "Edital nº 01/2024"

[publicacao]
diario = "Imprensa Oficial - Lins"
edicao = 1521
data = 2024-06-10
secao = "Atos Oficiais"
url = "https://example.org/1521.pdf"
{extra}
[[cargos]]
codigo = "GCM"
nome = "Guarda Civil Municipal"
vagas = 30
reservas = {{ negro = 6, pcd = 2, mulher = 3 }}
posicoes = {{ negro = [3, 8, 13, 18, 23, 28] }}
guarda_municipal = true

[[cargos]]
codigo = "ADM"
nome = "Agente Administrativo"
vagas = 3
"""
CPF = "529.982.247-25"


def exam(tmp_path: Path, candidates: str | bytes, extra: str = "", **files: str) -> Path:
    """An exam folder with the standard certame.toml and the given files."""
    (tmp_path / "certame.toml").write_text(TOML.format(extra=extra), encoding="utf-8")
    data = candidates if isinstance(candidates, bytes) else candidates.encode("utf-8")
    (tmp_path / "candidatos.csv").write_bytes(data)
    for name, text in files.items():
        (tmp_path / f"{name}.csv").write_text(text, encoding="utf-8")
    return tmp_path


def problems(folder: Path) -> list[str]:
    with pytest.raises(InputError) as caught:
        load_exam(folder)
    return [str(p) for p in caught.value.problems]


def test_comma_csv_in_utf8(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota,nascimento,cpf,sexo,negro,pcd,indigena,situacao\n"
                            f"1001,Ana Lúcia,GCM,72.50,1990-12-31,{CPF},F,S,N,N,\n"
                            "1002, Bruno ,adm,80,,,M,N,S,N,eliminado\n")
    loaded = load_exam(folder)
    ana, bruno = loaded.candidates
    assert (ana.registration, ana.name, ana.position, ana.score) == ("1001", "Ana Lúcia", "GCM", Decimal("72.50"))
    assert str(ana.score) == "72.50"  # kept exactly as written
    assert (ana.birth, ana.cpf, ana.sex, ana.opts, ana.status, ana.line) == (
        date(1990, 12, 31), "52998224725", "F", frozenset({"negro"}), "aprovado", 2)
    assert (bruno.name, bruno.position, bruno.opts, bruno.status, bruno.birth, bruno.line) == (
        "Bruno", "ADM", frozenset({"pcd"}), "eliminado", None, 3)
    assert loaded.publication.edition == "1521" and loaded.publication.date == date(2024, 6, 10)
    gcm = loaded.positions[0]
    assert gcm.reserves == {"negro": 6, "pcd": 2, "mulher": 3} and gcm.municipal_guard
    assert gcm.reserved_positions == {"negro": (3, 8, 13, 18, 23, 28)}
    assert loaded.slug == tmp_path.name.lower().replace("_", "-") and loaded.jurisdiction == "lins"


def test_semicolon_csv_in_windows_1252_with_decimal_comma(tmp_path):
    text = ("Inscrição;Nome;Cargo;Nota;Nascimento;Negro;PcD;Indígena;Situação\n"
            "1001;João Conceição;GCM;72,5;05/03/1991;Sim;Não;NÃO;Aprovado\n"
            "1002;Márcia;GCM;8;1/2/1980;s;1;0;AUSENTE\n")
    loaded = load_exam(exam(tmp_path, text.encode("cp1252")))
    joao, marcia = loaded.candidates
    assert joao.name == "João Conceição" and joao.score == Decimal("72.5") and joao.birth == date(1991, 3, 5)
    assert joao.opts == frozenset({"negro"}) and joao.status == "aprovado"
    assert marcia.opts == frozenset({"negro", "pcd"}) and marcia.status == "ausente"
    assert marcia.birth == date(1980, 2, 1)


def test_utf8_with_bom_and_accented_spaced_headers(tmp_path):
    text = "\ufeffINSCRIÇÃO , Nome do candidato,CARGO,Nota\n1001,Ana,GCM,70\n"
    folder = exam(tmp_path, text, extra='[colunas]\nnome = "Nome do candidato"\n')
    (candidate,) = load_exam(folder).candidates
    assert (candidate.registration, candidate.name) == ("1001", "Ana")


def test_column_mapping_from_certame_toml(tmp_path):
    folder = exam(tmp_path, "INSC;CANDIDATO;COD_CARGO;NOTA_FINAL;CLASSIF\n77;Ana;GCM;9,25;1\n78;Bia;GCM;9;2º\n",
                  extra='[colunas]\ninscricao = "INSC"\nnome = "candidato"\ncargo = "cod_cargo"\n'
                        'nota = "NOTA_FINAL"\nclassificacao = "CLASSIF"\n')
    ana, bia = load_exam(folder).candidates
    assert (ana.registration, ana.score, ana.rank, bia.rank) == ("77", Decimal("9.25"), 1, 2)


def test_xlsx_written_by_openpyxl(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["inscricao", "nome", "cargo", "nota", "nascimento", "cpf", "negro", "classificacao"])
    sheet.append([1001, "Ana", "GCM", 72.5, datetime(1990, 12, 31), 52998224725, True, 1])
    sheet.append([])  # an empty row keeps the numbering of the spreadsheet
    sheet.append([1002, "Bia", "GCM", 80, date(1985, 1, 2), 4042548024, "N", 2.0])
    book.save(tmp_path / "candidatos.xlsx")
    # numeric inscrições are an error (lost zeros), unless certame.toml says they have none
    (tmp_path / "certame.toml").write_text("inscricoes_sem_zeros = true\n" + TOML.format(extra=""), encoding="utf-8")
    ana, bia = load_exam(tmp_path).candidates
    assert (ana.registration, ana.score, ana.birth, ana.cpf, ana.opts, ana.rank, ana.line) == (
        "1001", Decimal("72.5"), date(1990, 12, 31), "52998224725", frozenset({"negro"}), 1, 2)
    assert (bia.score, bia.birth, bia.cpf, bia.opts, bia.rank, bia.line) == (
        Decimal("80"), date(1985, 1, 2), "04042548024", frozenset(), 2, 4)


def test_xlsx_problems_name_the_spreadsheet_row(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["inscricao", "nome", "cargo", "nota"])
    book.active.append(["1001", "Ana", "GCM", "setenta"])
    book.save(tmp_path / "candidatos.xlsx")
    (tmp_path / "certame.toml").write_text(TOML.format(extra=""), encoding="utf-8")
    assert problems(tmp_path) == [
        "candidatos.xlsx, linha 2, coluna «nota»: a nota «setenta» não é um número. Use algarismos com vírgula "
        "decimal, por exemplo 72,50."]


def test_not_an_xlsx(tmp_path):
    (tmp_path / "certame.toml").write_text(TOML.format(extra=""), encoding="utf-8")
    (tmp_path / "candidatos.xlsx").write_bytes(b"inscricao,nome\n")
    assert problems(tmp_path)[0].startswith("candidatos.xlsx: o arquivo não é uma planilha XLSX válida.")


def test_excel_delimiter_hint_line(tmp_path):
    folder = exam(tmp_path, "sep=;\ninscricao;nome;cargo;nota\n1001;Ana, a Primeira;GCM;7x\n")
    assert problems(folder)[0].startswith("candidatos.csv, linha 2, coluna «nota»: a nota «7x»")


def test_header_without_candidates(tmp_path):
    assert problems(exam(tmp_path, "inscricao,nome,cargo,nota\n")) == [
        "candidatos.csv: não há nenhum candidato: o arquivo só tem o cabeçalho. Acrescente uma linha por candidato."]


def test_blank_lines_are_skipped_but_counted(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota\n1001,Ana,GCM,70\n\n,,,\n1002,Bia,GCM,7x\n")
    assert problems(folder) == [
        "candidatos.csv, linha 5, coluna «nota»: a nota «7x» não é um número. Use algarismos com vírgula decimal, "
        "por exemplo 72,50."]


def test_quoted_line_break_counts_as_one_spreadsheet_row(tmp_path):
    folder = exam(tmp_path, 'inscricao,nome,cargo,nota\n1001,"Ana\nde Souza",GCM,70\n1002,Bia,GCM,x\n')
    assert problems(folder)[0].startswith("candidatos.csv, linha 3, coluna «nota»")


def test_every_problem_of_every_file_is_reported_at_once(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota,negro\n1001,Ana,GCM,abc,S\n1002,,XYZ,70,N\n",
                  comissao="inscricao,procedimento,resultado\n1002,heteroidentificacao, \n",  # an empty outcome
                  desistencias="inscricao\n5555\n")
    found = problems(folder)
    assert len(found) == 6, found
    assert any("linha 2, coluna «nota»" in p for p in found)
    assert any("linha 3, coluna «nome»: o nome está vazio" in p for p in found)
    assert any("o cargo «XYZ» não está em certame.toml" in p for p in found)
    assert any(p.startswith("comissao.csv, linha 2, coluna «resultado»") for p in found)
    assert any("não optou pela reserva «negro»" in p for p in found)
    assert any(p.startswith("desistencias.csv, linha 2") for p in found)


def test_restricted_values_never_appear_in_messages(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota,nascimento,cpf,sexo\n"
                            "1001,Ana,GCM,70,1990-13-45,987.654.321-0,Feminina\n",
                  comissao="inscricao,procedimento,resultado,parecer\n1001,pcd,segredo,laudo sigiloso\n")
    text = "\n".join(problems(folder))
    for secret in ("1990-13-45", "987.654.321-0", "9876543210", "Feminina", "laudo sigiloso"):
        assert secret not in text
    assert "coluna «cpf»: o CPF não tem 11 algarismos" in text
    assert "coluna «nascimento»" in text and "coluna «sexo»" in text


def test_absent_candidate_may_have_no_score(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota,situacao\n1001,Ana,GCM,,ausente\n1002,Bia,GCM,,\n")
    found = problems(folder)
    assert found == ["candidatos.csv, linha 3, coluna «nota»: a nota está vazia. Informe a nota final, por exemplo "
                     "72,50 (só candidatos ausentes ou eliminados na coluna «situacao» podem ficar sem nota)."]


def test_a_systematic_mistake_is_listed_twenty_times_then_counted(tmp_path):
    rows = "".join(f"{1000 + i},Nome,GCM,n/d\n" for i in range(45))
    found = problems(exam(tmp_path, "inscricao,nome,cargo,nota\n" + rows))
    assert len(found) == 21
    assert found[-1] == ("candidatos.csv, coluna «nota»: há mais 25 linhas com problemas nesta coluna; só as "
                         "primeiras 20 foram listadas. Corrija-as e verifique de novo.")


def test_partial_classification_within_a_cargo(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota,classificacao\n1,A,GCM,9,1\n2,B,GCM,8,\n3,C,ADM,7,\n")
    assert problems(folder) == [
        "candidatos.csv, linha 3, coluna «classificacao»: no cargo «GCM», estes candidatos aprovados estão sem "
        "classificação, mas outros têm. Preencha a coluna «classificacao» de todos os aprovados do cargo, ou "
        "apague-a."]


def test_toml_keys_are_strict_and_all_reported(tmp_path):
    (tmp_path / "certame.toml").write_text(
        'jurisdicao = "lins"\ntitulo = "T"\norgao = "O"\n[publicacao]\ndiario = "D"\nedicao = "1"\n'
        'data = "10/06/2024"\nsecao = "S"\n[[cargos]]\ncodigo = "A"\nnome = "N"\nvagas = 1\nvaga = 2\n'
        '[[cargos]]\ncodigo = "A"\nnome = "M"\nvagas = 2\n', encoding="utf-8")
    (tmp_path / "candidatos.csv").write_text("inscricao,nome,cargo,nota\n1,A,A,1\n", encoding="utf-8")
    assert problems(tmp_path) == [
        "certame.toml, chave «edital»: falta esta chave obrigatória. Exemplo: edital = \"Edital nº 01/2024\"",
        "certame.toml, chave «publicacao.data»: a data «10/06/2024» está escrita como DD/MM/AAAA, mas em "
        "certame.toml as datas se escrevem AAAA-MM-DD (ano, mês, dia), sem aspas. Escreva: data = 2024-06-10",
        "certame.toml, chave «cargos[1].vaga»: chave desconhecida. Você quis dizer «vagas»? As chaves possíveis "
        "aqui são: codigo, nome, vagas, reservas, posicoes, guarda_municipal, cadastro, cadastro_reservas e "
        "cadastro_fundamento.",
        "certame.toml, chave «cargos[2].codigo»: o código «A» já foi usado em cargos[1]. Cada cargo precisa de um "
        "código diferente.",
    ]


def test_reserved_positions_cannot_overlap_between_groups(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota\n1,A,GCM,1\n")
    text = (folder / "certame.toml").read_text(encoding="utf-8").replace(
        "posicoes = { negro = [3, 8, 13, 18, 23, 28] }", "posicoes = { negro = [3, 8, 13, 18, 23, 28], pcd = [5, 8] }")
    (folder / "certame.toml").write_text(text, encoding="utf-8")
    assert problems(folder) == [
        "certame.toml, chave «cargos[1].posicoes.pcd»: a posição 8 também está reservada para «negro». Cada vaga só "
        "pode ser reservada para um grupo."]


def test_missing_folder():
    with pytest.raises(InputError) as caught:
        load_exam(Path("/nao/existe/certame-x"))
    assert str(caught.value.problems[0]) == "certame-x: a pasta do certame não foi encontrada. Confira o caminho."


@pytest.mark.parametrize("text, value", [("72,50", "72.50"), ("72.5", "72.5"), ("80", "80"), (" 8,0 ", "8.0"),
                                         ("-1,5", "-1.5"), (".5", "0.5")])
def test_scores(text, value):
    assert parse_score(text) == Decimal(value) and str(parse_score(text)) == str(Decimal(value))


@pytest.mark.parametrize("text", ["1.234,5", "1e3", "NaN", "Infinity", "1_000", "7x", "٣"])
def test_scores_that_are_not_numbers(text):
    with pytest.raises(BadCell):
        parse_score(text)


@pytest.mark.parametrize("text", ["31/02/1990", "1990-02-31", "12/1990", "1850-01-01", "90-01-01", "01/01/90"])
def test_bad_birth_dates(text):
    with pytest.raises(BadCell):
        parse_birth(text)


@pytest.mark.parametrize("text, digits", [(CPF, "52998224725"), ("52998224725", "52998224725"),
                                          (" 529.982.247-25", "52998224725"), ("4042548024", "04042548024")])
def test_cpf_spellings(text, digits):
    assert parse_cpf(text) == digits


@pytest.mark.parametrize("text", ["529.982.247-2", "1234", "529 982 247 2x", "529.982.247-255",
                                  "５29.982.247-25"])
def test_bad_cpfs(text):
    with pytest.raises(BadCell):
        parse_cpf(text)


def test_encoding_guess():
    assert detect_encoding("ção".encode())[:2] == ("utf-8-sig", "UTF-8")
    assert detect_encoding("ção".encode("cp1252"))[:2] == ("cp1252", "Windows-1252")
    # UTF-8 text with one corrupted byte is not silently read as Windows-1252 (it would garble every accent).
    assert detect_encoding("ação\n".encode() + b"n\xe7o\n") == ("utf-8-sig", "UTF-8", [2])
    assert detect_encoding(b"ok\nn\x81o\n") == ("cp1252", "Windows-1252", [2])


def test_problem_text_with_several_lines_and_toml_keys():
    assert str(Problem("candidatos.csv", "x", (3, 5, 9))) == "candidatos.csv, linhas 3, 5 e 9: x"
    assert str(Problem("certame.toml", "x", column="jurisdicao")) == "certame.toml, chave «jurisdicao»: x"
    assert str(Problem("candidatos.csv", "x", 2, "nota")) == "candidatos.csv, linha 2, coluna «nota»: x"


def test_unusual_spellings_are_read_the_same_on_every_row(tmp_path):
    # The second row of each spelling is served from the loader's memo: it must give the same value.
    row = "{n},Nome,GCM,7,Sim ,não,  N,APROVADA,feminino\n"
    folder = exam(tmp_path, "inscricao,nome,cargo,nota,negro,pcd,indigena,situacao,sexo\n"
                  + row.format(n=1) + row.format(n=2))
    first, second = load_exam(folder).candidates
    assert (first.opts, first.status, first.sex) == (frozenset({"negro"}), "aprovado", "F")
    assert (second.opts, second.status, second.sex) == (first.opts, first.status, first.sex)


# --- issue 18, item 6: no silent misconfiguration

@pytest.mark.parametrize("header, fields", [
    ("COTA NEGRO", ("negro",)), ("PCD", ("pcd",)), ("DATA NASC", ("nascimento",)), ("NASCIMENTO", ("nascimento",)),
    ("Dt. Nascimento", ("nascimento",)), ("DATANASC", ("nascimento",)), ("SEXO", ("sexo",)),
    ("INDÍGENA", ("indigena",)), ("CLASSIFICAÇÃO", ("classificacao",)), ("SITUAÇÃO", ("situacao",)),
    ("NOTA FINAL", ("nota",)), ("Nº INSCRIÇÃO", ("inscricao",)), ("Nº DA INSCRIÇÃO", ("inscricao",)),
    ("Candidato PcD?", ("pcd",)), ("COTAPCD", ("pcd",)), ("Pretos e Pardos", ("negro",)),
    ("Deficiência", ("pcd",)), ("Gênero", ("sexo",)), ("COTA", ("reserva",)),
    ("Modalidade de concorrência", ("reserva",)), ("CLASSIFICAÇÃO PCD", ("classificacao", "pcd")),
])
def test_headers_that_resemble_a_field(header, fields):
    from generator.load.headers import resembles
    assert resembles(header) == fields


@pytest.mark.parametrize("header", ["RG", "E-MAIL", "TELEFONE", "ENDEREÇO", "OBSERVAÇÃO", "ANOTAÇÕES", "IDADE",
                                    "LÍNGUA PORTUGUESA", "CONHECIMENTOS ESPECÍFICOS", "DATA DA PROVA", "SALA",
                                    "LOCAL DE PROVA", "ACERTOS", "Cidade", "UF", "Isento", "Nº", "Protocolo",
                                    "Deferido", "Candidato"])
def test_unrelated_headers_resemble_nothing(header):
    from generator.load.headers import resembles
    assert resembles(header) == ()


def test_unmapped_quota_column_is_an_error_with_the_line_to_add(tmp_path):
    """A board's «COTA NEGRO» left out of [colunas]: check said OK and the reserved places went to ampla."""
    folder = exam(tmp_path, "inscricao,nome,cargo,nota,COTA NEGRO,DATA NASC\n1001,Ana,GCM,70,S,1990-01-01\n")
    found = problems(folder)
    assert len(found) == 2
    assert found[0].startswith("candidatos.csv, linha 1, coluna «COTA NEGRO»: esta coluna parece ser a nossa coluna "
                               "«negro»")
    assert 'na seção [colunas]: negro = "COTA NEGRO".' in found[0]
    assert 'ignorar = ["COTA NEGRO"]' in found[0] and "ampla concorrência" in found[0]
    assert found[1].startswith("candidatos.csv, linha 1, coluna «DATA NASC»:")
    assert 'nascimento = "DATA NASC"' in found[1]
    mapped = exam(tmp_path, "inscricao,nome,cargo,nota,COTA NEGRO,DATA NASC\n1001,Ana,GCM,70,S,1990-01-01\n",
                  extra='[colunas]\nnegro = "COTA NEGRO"\nignorar = ["DATA NASC"]\n')
    (ana,) = load_exam(mapped).candidates
    assert (ana.opts, ana.birth) == (frozenset({"negro"}), None)  # mapped is read, ignored is not


def test_columns_read_or_of_a_field_already_read_are_not_reported(tmp_path):
    """Mapped columns, tie-break columns and a second score column (nota already read) are no misconfiguration."""
    text = ("inscricao,nome,cargo,NOTA FINAL,NOTA REDAÇÃO,nota_objetiva,Nome social,OBSERVAÇÃO\n"
            "1001,Ana,GCM,70,8,9,,\n")
    folder = exam(tmp_path, text, extra='[colunas]\nnota = "NOTA FINAL"\n\n[[desempate]]\ncriterio = "coluna"\n'
                  'coluna = "nota_objetiva"\nfundamento = "item 9.1"\n')
    (ana,) = load_exam(folder).candidates
    assert ana.tie == (Decimal(9),)


def test_ignored_column_is_not_read_even_with_our_name(tmp_path):
    folder = exam(tmp_path, "inscricao,nome,cargo,nota,pcd\n1001,Ana,GCM,70,S\n", extra='[colunas]\nignorar = ["PCD"]\n')
    (ana,) = load_exam(folder).candidates
    assert ana.opts == frozenset()
    bad = exam(tmp_path, "inscricao,nome,cargo,nota\n1001,Ana,GCM,70\n", extra="[colunas]\nignorar = \"PCD\"\n")
    assert problems(bad) == ['certame.toml, chave «colunas.ignorar»: deve ser a lista dos nomes de colunas da '
                             'planilha da banca que não devem ser lidas, cada um entre aspas. Exemplo: ignorar = '
                             '["OBSERVAÇÃO", "COTA NEGRO"]']


def test_missing_required_column_names_the_one_that_resembles_it(tmp_path):
    folder = exam(tmp_path, "Nº INSCRIÇÃO,nome,cargo,nota\n1001,Ana,GCM,70\n")
    assert problems(folder) == [
        "candidatos.csv, linha 1: falta a coluna obrigatória «inscricao». A coluna «Nº INSCRIÇÃO» parece ser ela: se "
        "é, acrescente em certame.toml, na seção [colunas]: inscricao = \"Nº INSCRIÇÃO\". Colunas encontradas: "
        "«Nº INSCRIÇÃO», «nome», «cargo» e «nota»."]


def test_inscricoes_of_different_lengths_lost_their_zeros(tmp_path):
    rows = "".join(f"0250002{n:02d},P{n},GCM,{50 + n}\n" for n in range(12)) + "25000299,Z,GCM,40\n25000298,Y,GCM,41\n"
    found = problems(exam(tmp_path, "inscricao,nome,cargo,nota\n" + rows))
    assert found == [
        "candidatos.csv, linhas 14 e 15, coluna «inscricao»: estas inscrições têm menos algarismos que as outras, "
        "que têm 9: parecem ter perdido zeros à esquerda (025000299 vira 25000299 quando a planilha trata a "
        "inscrição como número). Formate a coluna «inscricao» como texto na planilha (selecione a coluna → Formatar "
        "células → Texto), redigite essas inscrições com os zeros à esquerda, como a banca as emitiu, e salve de "
        "novo. Se as inscrições deste certame não têm zeros à esquerda, escreva inscricoes_sem_zeros = true em "
        "certame.toml."]


def test_inscricoes_without_zeros_may_differ_in_length_when_certame_toml_says_so(tmp_path):
    text = "inscricao,nome,cargo,nota\n7,Ana,GCM,70\n12,Bia,GCM,60\nA-3,Caio,GCM,50\n"
    assert len(problems(exam(tmp_path, text))) == 1
    (tmp_path / "certame.toml").write_text("inscricoes_sem_zeros = true\n" + TOML.format(extra=""), encoding="utf-8")
    assert [c.registration for c in load_exam(tmp_path).candidates] == ["7", "12", "A-3"]


def test_cargo_by_its_name_in_certame_toml(tmp_path):
    """The board's full cargo names were refused: only codes worked. Exact, or folded (case, accents, spaces)."""
    text = ("inscricao,nome,cargo,nota\n1,Ana,Guarda Civil Municipal,70\n2,Bia,AGENTE  ADMINISTRATIVO,60\n"
            "3,Caio,gcm,50\n4,Davi,Agente Administrativo,40\n")
    people = load_exam(exam(tmp_path, text)).candidates
    assert [c.position for c in people] == ["GCM", "ADM", "GCM", "ADM"]


def test_unknown_cargo_lists_codes_and_names_and_the_closest(tmp_path):
    found = problems(exam(tmp_path, "inscricao,nome,cargo,nota\n1,Ana,Guarda Municipal,70\n"))
    assert found == [
        "candidatos.csv, linha 2, coluna «cargo»: o cargo «Guarda Municipal» não está em certame.toml. Cargos "
        "cadastrados: ADM (Agente Administrativo) e GCM (Guarda Civil Municipal). A coluna «cargo» pode trazer o "
        "código ou o nome do cargo, como em [[cargos]]. Você quis dizer GCM (Guarda Civil Municipal)? Se é esse "
        "cargo, escreva na coluna «cargo» GCM ou Guarda Civil Municipal, ou mude o nome do cargo GCM em certame.toml "
        "para o que a banca usa. Corrija a coluna ou acrescente o cargo em [[cargos]]."]


def test_footer_total_and_loose_rows_are_named(tmp_path):
    """A footer row produced «o cargo «»»: footers, totals and a row with one filled cell are named as such."""
    text = ("inscricao,nome,cargo,nota\n1,Ana,GCM,70\n2,,,\n3,Bia,GCM,60\nTOTAL,,,2\nPágina 1 de 1,,,\n"
            ",,Emitido em 10/06/2024,\n4\n")
    assert problems(exam(tmp_path, text)) == [
        "candidatos.csv, linha 3: esta linha tem um só campo preenchido. Se é um candidato, complete as outras "
        "colunas; se não, apague-a.",
        "candidatos.csv, linha 5: esta linha parece ser um rodapé ou total («TOTAL»), e não um candidato: apague-a.",
        "candidatos.csv, linha 6: esta linha parece ser um rodapé ou total («Página 1 de 1»), e não um candidato: "
        "apague-a.",
        "candidatos.csv, linha 7: esta linha parece ser um rodapé ou total («Emitido em 10/06/2024»), e não um "
        "candidato: apague-a.",
        "candidatos.csv, linha 8: esta linha parece ser um rodapé ou total, e não um candidato: apague-a."]


def test_empty_cargo_is_named_as_empty(tmp_path):
    found = problems(exam(tmp_path, "inscricao,nome,cargo,nota\n1,Ana,,70\n"))
    assert found == ["candidatos.csv, linha 2, coluna «cargo»: o cargo está vazio. Informe o código ou o nome do "
                     "cargo, como em certame.toml: ADM (Agente Administrativo) e GCM (Guarda Civil Municipal)."]


def test_a_board_header_with_a_dot_is_named_as_a_column(tmp_path):
    found = problems(exam(tmp_path, "inscricao,nome,cargo,nota,DT. NASC\n1001,Ana,GCM,70,1990-01-01\n"))
    assert found[0].startswith("candidatos.csv, linha 1, coluna «DT. NASC»: esta coluna parece ser a nossa coluna "
                               "«nascimento»")
