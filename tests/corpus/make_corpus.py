"""Writes the error corpus: tests/corpus/<case>/ folders, each a valid base exam with one fault, and esperado.txt.

Run `.venv/bin/python tests/corpus/make_corpus.py` after changing a case or a message; review the diff.
"""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent

TOML = '''jurisdicao = "lins"
titulo = "Concurso Público nº 01/2024 — Resultado final"
orgao = "Prefeitura Municipal de Lins"
edital = "Edital nº 01/2024"

[publicacao]
diario = "Imprensa Oficial - Lins"
edicao = "1521"
data = 2024-06-10
secao = "Atos Oficiais"

[[cargos]]
codigo = "ADM"
nome = "Agente Administrativo"
vagas = 2

[[cargos]]
codigo = "GCM"
nome = "Guarda Civil Municipal"
vagas = 3
reservas = { negro = 1 }
'''
HEADER = "inscricao,nome,cargo,nota,nascimento,cpf,sexo,negro,pcd,indigena,situacao\n"
ROWS = [
    "1001,Ana Souza,ADM,81.50,1990-03-10,529.982.247-25,F,N,N,N,aprovado\n",
    "1002,Bruno Lima,ADM,77.00,1988-07-21,,M,S,N,N,aprovado\n",
    "1003,Carla Dias,GCM,90.25,1995-01-30,,F,S,N,N,aprovado\n",
    "1004,Diego Reis,GCM,85.00,1992-11-02,,M,N,S,N,aprovado\n",
    "1005,Elisa Melo,GCM,70.75,1999-05-15,,F,N,N,N,ausente\n",
]
COMMISSION = "inscricao,procedimento,resultado\n1002,heteroidentificacao,confirmado\n" \
             "1003,heteroidentificacao,confirmado\n1004,pcd,confirmado\n"
WITHDRAWALS = "inscricao\n1001\n"


def case(name, expected, toml=TOML, candidates=None, commission=COMMISSION, withdrawals=WITHDRAWALS, raw=None,
         events=None, rules=None, xlsx=None):
    """Write one case folder: the base files with the given ones replaced (None: file absent), and esperado.txt.
    `rules` maps a jurisdiction id to a rule file written in the case's own jurisdicoes/ (found first); `xlsx` (the
    bytes of a workbook) replaces candidatos.csv by candidatos.xlsx."""
    folder = ROOT / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    if toml is not None:
        (folder / "certame.toml").write_text(toml, encoding="utf-8")
    if xlsx is not None:
        (folder / "candidatos.xlsx").write_bytes(xlsx)
    elif raw is not None:
        (folder / "candidatos.csv").write_bytes(raw)
    elif candidates is not False:
        (folder / "candidatos.csv").write_text(candidates or HEADER + "".join(ROWS), encoding="utf-8")
    if commission is not None:
        (folder / "comissao.csv").write_text(commission, encoding="utf-8")
    if withdrawals is not None:
        (folder / "desistencias.csv").write_text(withdrawals, encoding="utf-8")
    if events is not None:
        (folder / "eventos.csv").write_text(events, encoding="utf-8")
    for jurisdiction, text in (rules or {}).items():
        (folder / "jurisdicoes").mkdir(exist_ok=True)
        (folder / "jurisdicoes" / f"{jurisdiction}.toml").write_text(text, encoding="utf-8")
    (folder / "esperado.txt").write_text("\n".join(expected) + "\n", encoding="utf-8")


def rows(**changes):
    """Base rows with some replaced: changes maps row index (0-based, as r0..r4) to the new row."""
    out = list(ROWS)
    for key, value in changes.items():
        out[int(key[1:])] = value
    return HEADER + "".join(out)


def workbook(*sheets, hidden=()):
    """XLSX bytes: each sheet a (title, rows) pair; titles in `hidden` are hidden. Fixed dates: same bytes each run."""
    import io
    import re
    import zipfile
    from datetime import datetime

    from openpyxl import Workbook
    book = Workbook()
    book.remove(book.active)
    for title, table in sheets:
        sheet = book.create_sheet(title)
        for row in table:
            sheet.append(row)
        if title in hidden:
            sheet.sheet_state = "hidden"
    book.properties.created = book.properties.modified = datetime(2024, 6, 10)
    out, fixed = io.BytesIO(), io.BytesIO()
    book.save(out)
    with zipfile.ZipFile(out) as source, zipfile.ZipFile(fixed, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():  # fixed entry dates: the same bytes on every run
            data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-06-10T00:00:00Z", source.read(info))
            target.writestr(zipfile.ZipInfo(info.filename, (2024, 6, 10, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return fixed.getvalue()


XLSX_HEADER = ["inscricao", "nome", "cargo", "nota", "nascimento", "negro", "pcd"]
XLSX_ROWS = [["1001", "Ana Souza", "ADM", 81.5, "1990-03-10", "N", "N"],
             ["1002", "Bruno Lima", "ADM", 77, "1988-07-21", "S", "N"],
             ["1003", "Carla Dias", "GCM", 90.25, "1995-01-30", "S", "N"],
             ["1004", "Diego Reis", "GCM", 85, "1992-11-02", "N", "S"]]


def toml(old, new):
    """The base certame.toml with one piece of text replaced."""
    assert old in TOML, old
    return TOML.replace(old, new, 1)


# --- files
case("sem-certame", ["certame.toml: o arquivo não foi encontrado na pasta «sem-certame». Ele descreve o certame "
                     "(jurisdição, título, publicação e cargos); crie-o a partir do certame.toml de um certame de "
                     "exemplo."], toml=None)
case("sem-candidatos", ["candidatos.csv: o arquivo não foi encontrado na pasta «sem-candidatos». Coloque ali a "
                        "planilha da banca como candidatos.csv ou candidatos.xlsx."], candidates=False,
     commission=None, withdrawals=None)
case("arquivo-vazio", ["candidatos.csv: o arquivo está vazio. A primeira linha deve ser o cabeçalho e cada linha "
                       "seguinte um registro."], raw=b"", commission=None, withdrawals=None)
case("coluna-obrigatoria-ausente", [
    "candidatos.csv, linha 1: falta a coluna obrigatória «nota». Colunas encontradas: «inscricao», «nome» e «cargo». "
    "Se a banca usa outro nome, informe-o em certame.toml, na seção [colunas], por exemplo: nota = \"NOME_DA_BANCA\"."],
    candidates="inscricao,nome,cargo\n1001,Ana Souza,ADM\n", commission=None, withdrawals=None)
case("cabecalho-repetido", ["candidatos.csv, linha 4: esta linha repete o cabeçalho (talvez duas planilhas tenham "
                            "sido coladas uma embaixo da outra). Apague a linha."],
     candidates=HEADER + "".join(ROWS[:2]) + HEADER + "".join(ROWS[2:]))
case("bytes-ilegiveis", ["candidatos.csv, linha 3: bytes ilegíveis: o arquivo não está em UTF-8 nem em "
                         "Windows-1252. Abra-o na planilha e salve como «CSV UTF-8 (delimitado por vírgulas)»."],
     raw=(HEADER + ROWS[0]).encode("cp1252") + ROWS[1].encode("cp1252").replace(b"Bruno", b"Br\x81no")
     + "".join(ROWS[2:]).replace("Melo", "Melão").encode("cp1252"))
case("utf8-corrompido", ["candidatos.csv, linha 4: bytes ilegíveis: o arquivo está em UTF-8, mas estes caracteres "
                         "estão corrompidos. Redigite os caracteres estranhos (em geral letras acentuadas) e salve de "
                         "novo como «CSV UTF-8»."],
     raw=(HEADER + ROWS[0] + ROWS[1].replace("Lima", "Limão")).encode("utf-8")
     + ROWS[2].encode("utf-8").replace(b"Dias", b"D\xedas") + "".join(ROWS[3:]).encode("utf-8"))
# --- candidates' cells
case("inscricao-repetida", ["candidatos.csv, linhas 3 e 6: a inscrição 1002 aparece 2 vezes. Cada inscrição deve "
                            "aparecer uma única vez: apague a linha repetida ou corrija o número."],
     candidates=rows(r4="1002,Elisa Melo,GCM,70.75,1999-05-15,,F,N,N,N,ausente\n"), commission=None)
case("cargo-desconhecido", ["candidatos.csv, linha 4, coluna «cargo»: o cargo «GMC» não está em certame.toml. "
                            "Cargos cadastrados: ADM (Agente Administrativo) e GCM (Guarda Civil Municipal). A coluna "
                            "«cargo» pode trazer o código ou o nome do cargo, como em [[cargos]]. Corrija a coluna "
                            "ou acrescente o cargo em [[cargos]]."],
     candidates=rows(r2="1003,Carla Dias,GMC,90.25,1995-01-30,,F,S,N,N,aprovado\n"))
case("nota-invalida", ["candidatos.csv, linha 3, coluna «nota»: a nota «8,5x» não é um número. Use algarismos com "
                       "vírgula decimal, por exemplo 72,50."],
     candidates="inscricao;nome;cargo;nota\n1001;Ana Souza;ADM;81,50\n1002;Bruno Lima;ADM;8,5x\n"
     "1003;Carla Dias;GCM;90,25\n1004;Diego Reis;GCM;85,00\n", commission=None)
case("nota-vazia", ["candidatos.csv, linha 5, coluna «nota»: a nota está vazia. Informe a nota final, por exemplo "
                    "72,50 (só candidatos ausentes ou eliminados na coluna «situacao» podem ficar sem nota)."],
     candidates=rows(r3="1004,Diego Reis,GCM,,1992-11-02,,M,N,S,N,aprovado\n"))
case("opcao-invalida", ["candidatos.csv, linha 4, coluna «negro»: o valor «talvez» não é reconhecido. Escreva S se o "
                        "candidato optou pela reserva «negro» e N se não optou (também valem Sim/Não ou 1/0)."],
     candidates=rows(r2="1003,Carla Dias,GCM,90.25,1995-01-30,,F,talvez,N,N,aprovado\n"))
case("data-invalida", ["candidatos.csv, linha 2, coluna «nascimento»: a data de nascimento é inválida. Use DD/MM/AAAA "
                       "ou AAAA-MM-DD, por exemplo 31/12/1990. O valor não é repetido aqui por ser dado pessoal."],
     candidates=rows(r0="1001,Ana Souza,ADM,81.50,31/02/1990,529.982.247-25,F,N,N,N,aprovado\n"))
case("sexo-invalido", ["candidatos.csv, linha 6, coluna «sexo»: o sexo informado não é reconhecido. Use F ou M. "
                       "O valor não é repetido aqui por ser dado pessoal."],
     candidates=rows(r4="1005,Elisa Melo,GCM,70.75,1999-05-15,,X,N,N,N,ausente\n"))
case("escolha-invalida", ["candidatos.csv, linha 5, coluna «escolha»: a escolha «talvez» não é uma reserva. Escreva "
                          "negro, pcd, indigena, quilombola ou mulher (a reserva pela qual o candidato alcançado por duas prefere "
                          "ser nomeado), ou deixe vazio."],
     candidates=HEADER.replace("\n", ",escolha\n") + "".join(r.replace("\n", ",\n") for r in ROWS[:3])
     + "1004,Diego Reis,GCM,85.00,1992-11-02,,M,S,S,N,aprovado,talvez\n" + ROWS[4].replace("\n", ",\n"))
TIE_TOML = toml("\n[[cargos]]", '\n[[desempate]]\ncriterio = "coluna"\ncoluna = "nota_redacao"\nvence = "maior"\n'
                 'fundamento = "item 9.1"\n\n[[cargos]]')
case("desempate-valor-invalido", ["candidatos.csv, linha 3, coluna «nota_redacao»: o valor «sete» não é um número (nem "
                                  "S/N). Esta coluna decide empates: escreva o número com vírgula decimal, ou S/N."],
     toml=TIE_TOML, candidates=HEADER.replace("\n", ",nota_redacao\n") + ROWS[0].replace("\n", ",8\n")
     + ROWS[1].replace("\n", ",sete\n") + "".join(r.replace("\n", ",7\n") for r in ROWS[2:]))
case("desempate-criterio-desconhecido", ["certame.toml, chave «desempate[1].criterio»: use um de: idoso, idade, "
                                         "coluna, sorteio."],
     toml=TIE_TOML.replace('criterio = "coluna"', 'criterio = "antiguidade"'))
case("situacao-invalida", ["candidatos.csv, linha 6, coluna «situacao»: a situação «reprovado» não é reconhecida. "
                           "Use aprovado, eliminado, ausente (vazio vale como aprovado; outras situações do edital vão em [situacoes] no certame.toml)."],
     candidates=rows(r4="1005,Elisa Melo,GCM,70.75,1999-05-15,,F,N,N,N,reprovado\n"))
case("cpf-invalido", ["candidatos.csv, linha 2, coluna «cpf»: o CPF não tem 11 algarismos. Escreva-o como "
                      "123.456.789-09 ou 12345678909. O valor não é repetido aqui por ser dado pessoal."],
     candidates=rows(r0="1001,Ana Souza,ADM,81.50,1990-03-10,529.982.24-25,F,N,N,N,aprovado\n"))
RANKED = "inscricao,nome,cargo,nota,classificacao,negro\n"
case("classificacao-invalida", ["candidatos.csv, linha 3, coluna «classificacao»: a classificação «segundo» não é um "
                                "número inteiro. Use 1, 2, 3…"],
     candidates=RANKED + "1001,Ana Souza,ADM,81.50,1,N\n1002,Bruno Lima,ADM,77.00,segundo,S\n"
     "1003,Carla Dias,GCM,90.25,1,S\n1004,Diego Reis,GCM,85.00,2,N\n", commission=None, withdrawals=None)
case("classificacao-repetida", ["candidatos.csv, linhas 4 e 5, coluna «classificacao»: a classificação 1 aparece 2 "
                                "vezes no cargo «GCM». Cada candidato do cargo deve ter uma classificação diferente."],
     candidates=RANKED + "1001,Ana Souza,ADM,81.50,1,N\n1002,Bruno Lima,ADM,77.00,2,S\n"
     "1003,Carla Dias,GCM,90.25,1,S\n1004,Diego Reis,GCM,85.00,1,N\n", commission=None, withdrawals=None)
# --- certame.toml
case("toml-sintaxe", ["certame.toml, linha 14: erro de sintaxe TOML (na coluna 30): texto sem as aspas finais (a "
                      "linha acabou antes de fechar as aspas). Corrija o texto nesse ponto."],
     toml=toml('nome = "Agente Administrativo"', 'nome = "Agente Administrativo'))
case("chave-desconhecida", ["certame.toml, chave «subtitulo»: chave desconhecida. Você quis dizer «titulo»? As chaves "
                            "possíveis aqui são: jurisdicao, titulo, orgao, edital, edital_data, publicacao, colunas, "
                            "casas_decimais, nota_maxima, planilha, cargos, atos, desempate, inscricoes_fim e "
                            "inscricoes_sem_zeros."],
     toml=toml('edital = ', 'subtitulo = "Resultado"\nedital = '))
case("chave-obrigatoria-ausente", ["certame.toml, chave «publicacao.secao»: falta esta chave obrigatória. Exemplo: "
                                   "secao = \"Atos Oficiais\""], toml=toml('secao = "Atos Oficiais"\n', ""))
case("jurisdicao-vazia", ["certame.toml, chave «jurisdicao»: está vazia. Exemplo: jurisdicao = \"lins\""],
     toml=toml('jurisdicao = "lins"', 'jurisdicao = ""'))
case("vagas-zero", ["certame.toml, chave «cargos[1].vagas»: deve ser um número inteiro maior que zero, sem aspas. "
                    "Exemplo: vagas = 30"], toml=toml("vagas = 2", "vagas = 0"))
case("vagas-fracionarias", ["certame.toml, chave «cargos[1].vagas»: deve ser um número inteiro maior que zero, sem "
                            "aspas. Exemplo: vagas = 30"], toml=toml("vagas = 2", "vagas = 2.5"))
case("reservas-excedem-vagas", ["certame.toml, chave «cargos[2].reservas»: as reservas somam 4 vagas, mais que as 3 "
                                "vagas que o cargo «GCM» oferece. Corrija os números conforme o edital."],
     toml=toml("reservas = { negro = 1 }", "reservas = { negro = 1, pcd = 1, mulher = 2 }"))
case("reserva-desconhecida", ["certame.toml, chave «cargos[2].reservas.negros»: o grupo «negros» não existe. Use "
                              "negro, pcd, indigena, quilombola ou mulher."],
     toml=toml("reservas = { negro = 1 }", "reservas = { negros = 1 }"))
case("reserva-negativa", ["certame.toml, chave «cargos[2].reservas.negro»: deve ser o número de vagas reservadas pelo "
                          "edital: um inteiro, zero ou maior, sem aspas. Exemplo: negro = 2"],
     toml=toml("reservas = { negro = 1 }", "reservas = { negro = -1 }"))
case("posicoes-fora-das-vagas", ["certame.toml, chave «cargos[2].posicoes.negro»: a posição 4 está fora do "
                                 "intervalo de 1 a 3 (o número de vagas do cargo)."],
     toml=toml("reservas = { negro = 1 }", "reservas = { negro = 1 }\nposicoes = { negro = [4] }"))
case("posicoes-diferentes-das-reservas", ["certame.toml, chave «cargos[2].posicoes.negro»: a lista tem 2 posições, "
                                          "mas reservas.negro = 1. As duas devem dizer o mesmo número de vagas."],
     toml=toml("reservas = { negro = 1 }", "reservas = { negro = 1 }\nposicoes = { negro = [1, 3] }"))
case("coluna-mapeada-desconhecida", ["certame.toml, chave «colunas.notas»: coluna desconhecida. Você quis dizer "
                                     "«nota»? À esquerda do = vai o nosso nome da coluna (inscricao, nome, cargo, "
                                     "nota, classificacao, nascimento, cpf, sexo, negro, pcd, indigena, quilombola, "
                                     "situacao, "
                                     "escolha, procedimento, resultado e parecer); à direita, o nome usado pela "
                                     "banca."],
     toml=toml("\n[[cargos]]", '\n[colunas]\nnotas = "NOTA_FINAL"\n\n[[cargos]]'))
# --- comissão e desistências
case("comissao-inscricao-desconhecida", ["comissao.csv, linha 3, coluna «inscricao»: a inscrição 1030 não está em "
                                         "candidatos.csv. Confira o número."],
     commission=COMMISSION.replace("1003,", "1030,"))
case("comissao-sem-opcao", ["comissao.csv, linha 4, coluna «inscricao»: a inscrição 1004 passou pelo procedimento "
                            "«heteroidentificacao», mas não optou pela reserva «negro» (candidatos.csv, linha 5, "
                            "coluna «negro»). Corrija a opção do candidato ou apague esta linha."],
     commission=COMMISSION.replace("1004,pcd", "1004,heteroidentificacao"))
case("procedimento-desconhecido", ["comissao.csv, linha 2, coluna «procedimento»: o procedimento «entrevista» não é "
                                   "reconhecido. Use heteroidentificacao, indigena, quilombola ou pcd."],
     commission=COMMISSION.replace("1002,heteroidentificacao", "1002,entrevista"))
case("resultado-desconhecido", ["comissao.csv, linha 4, coluna «resultado»: o resultado «deferido» não é previsto pela "
                                "norma de lins para o procedimento «pcd». Use confirmado ou nao_confirmado "
                                "(lins.toml)."],
     commission=COMMISSION.replace("pcd,confirmado", "pcd,deferido"))
case("comissao-repetida", ["comissao.csv, linhas 2 e 5: a inscrição 1002 tem dois resultados para o procedimento "
                           "«heteroidentificacao». Deixe só o resultado final (depois dos recursos)."],
     commission=COMMISSION + "1002,heteroidentificacao,nao_confirmado\n")
case("desistencia-desconhecida", ["desistencias.csv, linha 2, coluna «inscricao»: a inscrição 9999 não está em "
                                  "candidatos.csv. Confira o número."], withdrawals="inscricao\n9999\n")
# --- eventos.csv (load/events.py)
EVENTS = "data,ato,tipo,inscricao,cargo,vagas,resultado\n"
case("evento-tipo-desconhecido", ["eventos.csv, linha 2, coluna «tipo»: o tipo «exoneracao» não existe. Use um destes: "
                                  "desistencia, sem_efeito, anulacao, novas_vagas, comissao."],
     events=EVENTS + "20/08/2024,52/2024,exoneracao,1003,,,\n")
case("evento-data-invalida", ["eventos.csv, linha 2, coluna «data»: a data «31/02/2024» não é válida. Use DD/MM/AAAA "
                              "ou AAAA-MM-DD, com algarismos de 0 a 9 e o ano entre 1900 e 2100, por exemplo "
                              "05/08/2024."],
     events=EVENTS + "31/02/2024,52/2024,desistencia,1003,,,\n")
# Issue 22 item 4: int() reads other scripts' digits, so these dates were accepted as 01/09/2024.
case("evento-data-algarismos-arabes", ["eventos.csv, linha 2, coluna «data»: a data «٠١/٠٩/٢٠٢٤» não é válida. Use "
                                       "DD/MM/AAAA ou AAAA-MM-DD, com algarismos de 0 a 9 e o ano entre 1900 e 2100, "
                                       "por exemplo 05/08/2024."],
     events=EVENTS + "٠١/٠٩/٢٠٢٤,52/2024,desistencia,1003,,,\n")
case("evento-inscricao-desconhecida", ["eventos.csv, linha 3, coluna «inscricao»: a inscrição 9999 não está entre os "
                                       "candidatos. Confira o número."],
     events=EVENTS + "20/08/2024,52/2024,desistencia,1003,,,\n20/08/2024,52/2024,sem_efeito,9999,,,\n")
case("evento-novas-vagas-sem-numero", ["eventos.csv, linha 2, coluna «vagas»: «dois» não é um número de vagas: use um "
                                       "inteiro maior que zero, com algarismos de 0 a 9, por exemplo 2."],
     events=EVENTS + "01/09/2024,53/2024,novas_vagas,,GCM,dois,\n")
# Issue 22 item 4: «²» passed str.isdigit and int() raised a ValueError traceback; 99999999999 made check hang.
case("evento-vagas-sobrescrito", ["eventos.csv, linha 2, coluna «vagas»: «²» não é um número de vagas: use um inteiro "
                                  "maior que zero, com algarismos de 0 a 9, por exemplo 2."],
     events=EVENTS + "01/09/2024,53/2024,novas_vagas,,GCM,²,\n")
case("evento-vagas-enormes", ["eventos.csv, linha 2, coluna «vagas»: «99999999999» vagas passa do limite de 100.000 "
                              "vagas por cargo. Confira o número no ato."],
     events=EVENTS + "01/09/2024,53/2024,novas_vagas,,GCM,99999999999,\n")
case("evento-vagas-acumuladas", ["eventos.csv, linha 3, coluna «vagas»: com estas novas vagas o cargo «GCM» passaria a "
                                 "ter 100.003 vagas, acima do limite de 100.000 vagas por cargo. Confira o número no "
                                 "ato."],
     events=EVENTS + "01/09/2024,53/2024,novas_vagas,,GCM,50000,\n02/09/2024,54/2024,novas_vagas,,GCM,50000,\n")
case("evento-ato-longo", ["eventos.csv, linha 2, coluna «ato»: o valor é longo demais (200 caracteres; o máximo nesta "
                          "coluna é 120). Confira a célula: «" + "5" * 60 + "…»."],
     events=EVENTS + "20/08/2024," + "5" * 200 + ",desistencia,1003,,,\n")
case("evento-cargo-errado", ["eventos.csv, linha 2, coluna «cargo»: a inscrição 1003 é do cargo «GCM», não «ADM»."],
     events=EVENTS + "20/08/2024,52/2024,desistencia,1003,ADM,,\n")
# --- the lead's checks (rules, allocation)
case("jurisdicao-desconhecida", ["certame.toml, chave «jurisdicao»: a jurisdição «atlantida» não existe. Jurisdições "
                                 "disponíveis: cariacica, lins, mato-grosso-do-sul."],
     toml=toml('jurisdicao = "lins"', 'jurisdicao = "atlantida"'))
MS = toml('jurisdicao = "lins"', 'jurisdicao = "mato-grosso-do-sul"').replace(
    '"Prefeitura Municipal de Lins"', '"Secretaria de Estado de Administração"').replace(
    '"Imprensa Oficial - Lins"', '"Diário Oficial do Estado de Mato Grosso do Sul"')
case("fraude-em-ms", ["comissao.csv, linha 2, coluna «resultado»: o resultado «fraude» não é previsto pela norma de "
                      "mato-grosso-do-sul para o procedimento «heteroidentificacao». Use confirmado, "
                      "nao_confirmado ou ausente (mato-grosso-do-sul.toml)."],
     toml=MS, commission=COMMISSION.replace("1002,heteroidentificacao,confirmado", "1002,heteroidentificacao,fraude"))
case("empate-nao-resolvido", ["candidatos.csv, linhas 3 e 5: empate não resolvido no cargo «ADM» entre as inscrições "
                              "1002 e 1004 (mesma nota e mesma data de nascimento). Informe a coluna «classificacao» "
                              "oficial da banca."],
     candidates=HEADER + ROWS[0] + ROWS[1] + ROWS[2]
     + "1004,Diego Reis,ADM,77.00,1988-07-21,,M,N,S,N,aprovado\n" + ROWS[4])
case("empate-sem-nascimento", ["candidatos.csv, linhas 3 e 5: empate não resolvido no cargo «ADM» entre as inscrições "
                               "1002 e 1004 (mesma nota; a inscrição 1004 está sem data de nascimento, e não se sabe "
                               "quem é mais velho nem quem tem 60 anos ou mais — Lei Federal nº 10.741/2003, art. 27, "
                               "parágrafo único). Informe a data de nascimento ou a coluna «classificacao» oficial da "
                               "banca."],
     candidates=HEADER + ROWS[0] + ROWS[1] + ROWS[2]
     + "1004,Diego Reis,ADM,77.00,,,M,N,S,N,aprovado\n" + ROWS[4])
case("posicoes-abaixo-do-minimo", ["certame.toml, chave «cargos[1].posicoes.negro»: com 2 vaga(s) não há reserva "
                                   "«negro»: ela só se aplica a partir de 3 vagas (Lei Municipal de Cariacica de "
                                   "30/08/2023, art. 1º, § 1º)."],
     toml=toml('jurisdicao = "lins"', 'jurisdicao = "cariacica"').replace(
         'nome = "Agente Administrativo"\nvagas = 2', 'nome = "Agente Administrativo"\nvagas = 2\n'
         'posicoes = { negro = [2] }'))
case("edital-anterior-as-regras", ["certame.toml, chave «edital_data»: o edital de abertura (20/12/2023) é anterior a "
                                   "05/01/2024: as regras de mato-grosso-do-sul não se aplicam a este certame (Decreto "
                                   "Estadual MS nº 16.358/2024, art. 35, arquivo mato-grosso-do-sul.toml)."],
     toml=MS.replace('edital = "Edital nº 01/2024"', 'edital = "Edital nº 01/2024"\nedital_data = 2023-12-20'))
# --- rule files of new editais (issue 10): the rule file's own mistakes, named by file and key
def _replaced(text: str, old: str, new: str) -> str:
    """One replacement that must happen (a rule file that changed would otherwise leave the case without its fault)."""
    assert old in text, old
    return text.replace(old, new, 1)


LINS_RULES = (ROOT.parents[1] / "content" / "jurisdicoes" / "lins.toml").read_text(encoding="utf-8")
case("regra-citacao-sem-dispositivo", ["lins.toml, chave «grupos.pcd.fundamento»: a citação «Edital nº 1/2024» não "
                                       "cita um dispositivo: escreva o artigo, parágrafo ou inciso da norma (ex.: "
                                       "«art. 6º, § 2º») ou o item do edital (ex.: «item 2.8»)."],
     rules={"lins": _replaced(LINS_RULES, '[grupos.pcd]\npercentual = "5"\nfundamento = "art. 4º"',
                              '[grupos.pcd]\npercentual = "5"\nfundamento = "Edital nº 1/2024"')})
case("regra-minimo-com-posicoes", ["lins.toml, chave «grupos.mulher.posicoes»: um mínimo («minimo») segue a ordem de "
                                   "classificação: não tem posições fixas."],
     rules={"lins": LINS_RULES.replace('lista_fundamento = "art. 6º, IV"',
                                       'lista_fundamento = "art. 6º, IV"\nmodelo = "minimo"\n'
                                       'modelo_fundamento = "art. 16, § 2º"\nmodelo_norma = "lc"\n'
                                       'posicoes = [5]\nposicoes_fundamento = "art. 5º"', 1)})
# --- issue 9 items 1-2, issue 11 item 1: the CSV's structure (quotes, cells beyond the header, short rows)
case("aspas-sem-par", ["candidatos.csv, linha 3: as aspas (\") abertas nesta linha não se fecham nela, e o resto do "
                       "arquivo virou parte deste campo. Feche as aspas ou apague-as."],
     candidates=rows(r1='1002,Bruno Lima,ADM,77.00,1988-07-21,,"M,S,N,N,aprovado\n'))
case("aspas-fechadas-adiante", ["candidatos.csv, linha 3: as aspas (\") abertas nesta linha não se fecham nela, e as 2 "
                                "linhas seguintes do arquivo viraram parte deste campo. Feche as aspas ou apague-as."],
     candidates=rows(r1='1002,Bruno Lima,ADM,77.00,1988-07-21,,"M,S,N,N,aprovado\n',
                     r3='1004,Diego Reis,GCM,85.00,1992-11-02,,M,N,S,N,aprovado"\n'))
case("texto-depois-das-aspas", ["candidatos.csv, linha 4: depois das aspas que fecham um campo (\") vem texto, e não o "
                                "separador; a leitura parou aqui. Apague essas aspas, ou ponha o campo inteiro entre "
                                "aspas e dobre as aspas internas (\"\")."],
     candidates=rows(r2='1003,"Carla" Dias,GCM,90.25,1995-01-30,,F,S,N,N,aprovado\n'))
case("virgula-decimal", ["candidatos.csv, linha 3: esta linha tem 12 campos, e o cabeçalho tem 11 — vírgula decimal "
                         "num arquivo separado por vírgulas? Escreva a nota com ponto (88.66) ou entre aspas "
                         "(\"88,66\"), ou salve o arquivo separado por ponto e vírgula."],
     candidates=rows(r1="1002,Bruno Lima,ADM,77,10,1988-07-21,,M,S,N,N,aprovado\n"))
case("separador-a-mais", ["candidatos.csv, linha 4: esta linha tem 5 campos, e o cabeçalho tem 4 — há um «;» a mais "
                          "dentro de algum campo? Ponha esse campo entre aspas ou apague o separador a mais."],
     candidates="inscricao;nome;cargo;nota\n1001;Ana Souza;ADM;81,50\n1002;Bruno Lima;ADM;77,00\n"
     "1003;Carla; Dias;GCM;90,25\n1004;Diego Reis;GCM;85,00\n", commission=None)
case("linha-curta", ["candidatos.csv, linha 5: esta linha tem 8 campos, e o cabeçalho tem 11: faltam campos no fim da "
                     "linha. Complete-a (um campo vazio também precisa do separador «,»)."],
     candidates=rows(r3="1004,Diego Reis,GCM,85.00,1992-11-02,,M,N\n"))
case("utf16", ["candidatos.csv: o arquivo está em UTF-16 (ou outra codificação de 2 bytes por letra). Abra-o na planilha "
               "e salve como «CSV UTF-8 (delimitado por vírgulas)»."],
     raw=(HEADER + "".join(ROWS)).encode("utf-16"), commission=None, withdrawals=None)
case("planilhas-concatenadas", ["candidatos.csv, linha 5: esta linha repete o cabeçalho (talvez duas planilhas tenham "
                                "sido coladas uma embaixo da outra). Apague a linha."],
     raw=("\ufeff" + HEADER + "".join(ROWS[:3])).encode() + ("\ufeff" + HEADER.upper() + "".join(ROWS[3:])).encode())
# --- issue 11 item 1: the score's scale (nota_maxima, casas_decimais); issue 9 item 16: a 27-digit score
case("nota-acima-da-escala", ["candidatos.csv, linha 4, coluna «nota»: a nota «855» está fora da escala do certame, de "
                              "0 a 100 (nota_maxima em certame.toml). Confira se não se perdeu a vírgula decimal (855 "
                              "em vez de 85,5)."],
     candidates=rows(r2="1003,Carla Dias,GCM,855,1995-01-30,,F,S,N,N,aprovado\n"))
case("nota-27-algarismos", ["candidatos.csv, linha 2, coluna «nota»: a nota «123456789012345678901234567» está fora da "
                            "escala do certame, de 0 a 10 (nota_maxima em certame.toml). Confira se não se perdeu a "
                            "vírgula decimal (855 em vez de 85,5)."],
     toml=toml("\n[publicacao]", "nota_maxima = 10\n\n[publicacao]"),
     candidates=rows(r0="1001,Ana Souza,ADM,123456789012345678901234567,1990-03-10,,F,N,N,N,aprovado\n").replace(
         "81.50", "8.15").replace("77.00", "7.7").replace("90.25", "9.02").replace("85.00", "8.5").replace(
         "70.75", "7.07"))
case("nota-com-casas-a-mais", ["candidatos.csv, linha 6, coluna «nota»: a nota «70.755» tem 3 casas decimais, e o "
                               "certame usa 2 (casas_decimais em certame.toml). Confira a nota; se o edital dá notas "
                               "com mais casas, escreva casas_decimais = 3 em certame.toml."],
     candidates=rows(r4="1005,Elisa Melo,GCM,70.755,1999-05-15,,F,N,N,N,ausente\n"))
case("nota-maxima-invalida", ["certame.toml, chave «nota_maxima»: deve ser um número maior que zero e até 1.000.000, "
                              "sem aspas. Exemplo: nota_maxima = 100"],
     toml=toml("\n[publicacao]", "nota_maxima = \"100\"\n\n[publicacao]"))
# --- issue 9 item 16 (parse side) and item 8: limits in certame.toml
case("toml-profundo", ["certame.toml: o arquivo tem listas ou tabelas umas dentro das outras em profundidade absurda, "
                       "e não pode ser lido. Confira se não foi colado texto por engano."],
     toml=TOML + "x = " + "[" * 20000 + "]" * 20000 + "\n")
case("codigo-longo", [f"certame.toml, chave «cargos[1].codigo»: é longo demais: um código de cargo tem no máximo 60 "
                      "caracteres. Use a sigla do cargo.",
                      "candidatos.csv, linhas 2 e 3, coluna «cargo»: o cargo «ADM» não está em certame.toml. Cargos "
                      "cadastrados: " + "A" * 251 + " (Agente Administrativo) e GCM (Guarda Civil Municipal). A "
                      "coluna «cargo» pode trazer o código ou o nome do cargo, como em [[cargos]]. Corrija a coluna "
                      "ou acrescente o cargo em [[cargos]]."],
     toml=toml('codigo = "ADM"', 'codigo = "' + "A" * 251 + '"'))
case("publicacao-em-2106", ["certame.toml, chave «publicacao.data»: a data deve estar entre 1900 e 2100."],
     toml=toml("data = 2024-06-10", "data = 2106-03-01"))
case("vagas-demais", ["certame.toml, chave «cargos[1].vagas»: passa do limite de 100.000 vagas por cargo. Confira o "
                      "número no edital."], toml=toml("vagas = 2", "vagas = 1000000000"))
# --- issue 11 item 1: one pass — a wrong `vagas` no longer hides a cargo typo in candidatos.csv
case("vagas-texto-e-cargo-errado", ["certame.toml, chave «cargos[1].vagas»: deve ser um número inteiro maior que zero, "
                                    "sem aspas. Exemplo: vagas = 30",
                                    "candidatos.csv, linha 4, coluna «cargo»: o cargo «GMC» não está em certame.toml. "
                                    "Cargos cadastrados: ADM (Agente Administrativo) e GCM (Guarda Civil Municipal). A coluna "
                                    "«cargo» pode trazer o código ou o nome do cargo, como em [[cargos]]. Corrija a coluna "
                                    "ou acrescente o cargo em [[cargos]]."],
     toml=toml("vagas = 2", 'vagas = "12"'),
     candidates=rows(r2="1003,Carla Dias,GMC,90.25,1995-01-30,,F,S,N,N,aprovado\n"))
case("tres-problemas-de-uma-vez", ["certame.toml, linha 9: erro de sintaxe TOML: data inválida (use "
                                   "AAAA-MM-DD). Corrija o texto nesse ponto.",
                                   "certame.toml, chave «cargos[1].vagas»: deve ser um número inteiro maior que zero, "
                                   "sem aspas. Exemplo: vagas = 30",
                                   "candidatos.csv, linha 4, coluna «cargo»: o cargo «GMC» não está em certame.toml. "
                                   "Cargos cadastrados: ADM (Agente Administrativo) e GCM (Guarda Civil Municipal). A coluna "
                                   "«cargo» pode trazer o código ou o nome do cargo, como em [[cargos]]. Corrija a coluna "
                                   "ou acrescente o cargo em [[cargos]]."],
     toml=toml("vagas = 2", 'vagas = "12"').replace("data = 2024-06-10", "data = 2024-13-10"),
     candidates=rows(r2="1003,Carla Dias,GMC,90.25,1995-01-30,,F,S,N,N,aprovado\n"))
case("jurisdicao-e-nota-erradas", ["certame.toml, chave «jurisdicao»: a jurisdição «atlantida» não existe. "
                                   "Jurisdições disponíveis: cariacica, lins, mato-grosso-do-sul.",
                                   "candidatos.csv, linha 4, coluna «nota»: a nota «855» está fora da escala do "
                                   "certame, de 0 a 100 (nota_maxima em certame.toml). Confira se não se perdeu a "
                                   "vírgula decimal (855 em vez de 85,5)."],
     toml=toml('jurisdicao = "lins"', 'jurisdicao = "atlantida"'),
     candidates=rows(r2="1003,Carla Dias,GCM,855,1995-01-30,,F,S,N,N,aprovado\n"))
# --- issue 9 items 3, 4, 16: XLSX
case("xlsx-duas-abas-visiveis", ["candidatos.xlsx: a pasta de trabalho tem 2 abas visíveis («Rascunho» e «Resultado "
                                 "final»), e não se sabe qual publicar. Indique a aba em certame.toml, por exemplo: "
                                 "planilha = \"Resultado final\""],
     xlsx=workbook(("Rascunho", [XLSX_HEADER]), ("Resultado final", [XLSX_HEADER, *XLSX_ROWS])))
case("xlsx-aba-inexistente", ["candidatos.xlsx: a aba «Final», indicada em certame.toml (chave «planilha»), não existe. "
                              "Abas visíveis da pasta de trabalho: «Resultado final»."],
     toml=toml("\n[publicacao]", 'planilha = "Final"\n\n[publicacao]'),
     xlsx=workbook(("Rascunho", [XLSX_HEADER]), ("Resultado final", [XLSX_HEADER, *XLSX_ROWS]), hidden={"Rascunho"}))
case("xlsx-casas-a-mais", ["candidatos.xlsx, linha 3, coluna «nota»: a nota «77.105» tem 3 casas decimais, e o certame "
                           "usa 2 (casas_decimais em certame.toml). Confira a nota; se o edital dá notas com mais "
                           "casas, escreva casas_decimais = 3 em certame.toml."],
     xlsx=workbook(("Resultado final", [XLSX_HEADER, XLSX_ROWS[0], [*XLSX_ROWS[1][:3], 77.105, *XLSX_ROWS[1][4:]],
                                        *XLSX_ROWS[2:]])))
case("xlsx-valor-fora-do-cabecalho", ["candidatos.xlsx, linha 4: há um valor na coluna I, fora das 7 colunas do "
                                      "cabeçalho. Apague-o, ou dê um nome à coluna no cabeçalho."],
     xlsx=workbook(("Resultado final", [XLSX_HEADER, *XLSX_ROWS[:2], [*XLSX_ROWS[2], None, "52,10"],
                                        XLSX_ROWS[3]])))
# --- issue 18 item 6 (no silent misconfiguration) and issue 21 (gazeta check)
case("coluna-parecida-nao-mapeada", ["candidatos.csv, linha 1, coluna «COTA NEGRO»: esta coluna parece ser a nossa "
                                     "coluna «negro» (a opção pela reserva de vagas para pessoas negras, S ou N), mas "
                                     "não está em [colunas] e não é lida: sem ela, ninguém concorre a essa reserva e "
                                     "as vagas reservadas vão para a ampla concorrência. Se é, acrescente em "
                                     "certame.toml, na seção [colunas]: negro = \"COTA NEGRO\". Se a coluna não deve "
                                     "ser lida, acrescente-a à lista de colunas ignoradas, na mesma seção: "
                                     "ignorar = [\"COTA NEGRO\"]."],
     candidates=HEADER.replace(",negro,", ",COTA NEGRO,") + "".join(ROWS), commission=COMMISSION.split("1002,")[0])
case("inscricao-sem-zero-a-esquerda", ["candidatos.csv, linha 4, coluna «inscricao»: a inscrição 25000246 tem menos "
                                       "algarismos que as outras, que têm 9: parece ter perdido zeros à esquerda "
                                       "(025000246 vira 25000246 quando a planilha trata a inscrição como número). "
                                       "Formate a coluna «inscricao» como texto na planilha (selecione a coluna → "
                                       "Formatar células → Texto), redigite essas inscrições com os zeros à esquerda, "
                                       "como a banca as emitiu, e salve de novo. Se as inscrições deste certame não "
                                       "têm zeros à esquerda, escreva inscricoes_sem_zeros = true em certame.toml."],
     candidates=rows(**{f"r{i}": r.replace(f"100{i + 1},", f"02500024{i + 4},") for i, r in enumerate(ROWS)}
                     ).replace("025000246,", "25000246,"),
     commission=None, withdrawals=None)
case("xlsx-inscricao-numero", ["candidatos.xlsx, linhas 2 e 4, coluna «inscricao»: a inscrição está gravada em 2 linhas "
                               "como número, e não como texto, na planilha: um número perde os zeros à esquerda "
                               "(025000246 vira 25000246), e a inscrição publicada seria outra. Formate a coluna "
                               "«inscricao» como texto na planilha (selecione a coluna → Formatar células → Texto), "
                               "redigite essas inscrições com os zeros à esquerda, como a banca as emitiu, e salve de "
                               "novo. Se as inscrições deste certame não têm zeros à esquerda, escreva "
                               "inscricoes_sem_zeros = true em certame.toml."],
     xlsx=workbook(("Resultado final", [XLSX_HEADER, [1001, *XLSX_ROWS[0][1:]], XLSX_ROWS[1],
                                        [1003.0, *XLSX_ROWS[2][1:]], XLSX_ROWS[3]])))
case("rodape-total", ["candidatos.csv, linha 7: esta linha parece ser um rodapé ou total («Total de candidatos: 5»), e "
                      "não um candidato: apague-a.",
                      "candidatos.csv, linha 8: esta linha parece ser um rodapé ou total («Gerado em 10/06/2024 "
                      "12:00»), e não um candidato: apague-a."],
     candidates=rows() + "Total de candidatos: 5,,,,,,,,,,\n" + ",Gerado em 10/06/2024 12:00,,,,,,,,,\n")
case("cargo-nome-ambiguo", ["candidatos.csv, linha 4, coluna «cargo»: o cargo «GUARDA CIVIL MUNICIPAL» pode ser ADM ou "
                            "GCM: em certame.toml, mais de um cargo tem esse código ou nome (sem contar maiúsculas, "
                            "acentos e espaços). Escreva na coluna «cargo» o código exato do cargo."],
     toml=toml('nome = "Agente Administrativo"', 'nome = "Guarda Civil - Municipal"'),
     candidates=rows(r2="1003,Carla Dias,GUARDA CIVIL MUNICIPAL,90.25,1995-01-30,,F,S,N,N,aprovado\n"))
case("desempate-idoso-sem-inscricoes-fim", ["certame.toml, chave «inscricoes_fim»: o critério de desempate «idoso» "
                                            "(quem tem 60 anos ou mais no último dia das inscrições vem antes; entre "
                                            "eles, o mais velho; Edital nº 01/2024, item 9.1) precisa do último dia "
                                            "das inscrições, e há candidatos empatados a desempatar por ele. "
                                            "Acrescente a data do edital em certame.toml, no início do arquivo (antes "
                                            "de [publicacao]), por exemplo: inscricoes_fim = 2024-03-15"],
     toml=TOML + '\n[[desempate]]\ncriterio = "idoso"\nfundamento = "item 9.1"\n',
     candidates=rows(r1="1002,Bruno Lima,ADM,81.50,1988-07-21,,M,S,N,N,aprovado\n",
                     r3="1004,Diego Reis,GCM,90.25,1992-11-02,,M,N,S,N,aprovado\n") +
     "1006,Fabio Nunes,ADM,81.50,1970-01-01,,M,N,N,N,aprovado\n1007,Gil Ramos,GCM,90.25,1960-01-01,,M,N,N,N,aprovado\n")
# --- acts ([[atos]], LEGAL-NOTES 13)
ACTS = TOML.replace('edicao = "1521"\ndata = 2024-06-10\n', "") + '''
[[atos]]
tipo = "resultado"
numero = "41/2024"
data = 2024-06-10
edicao = "1521"

[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "44/2024"
data = 2024-06-17
edicao = "1526"
motivo = "Revisão de nota após recurso"

[[atos]]
tipo = "convocacao"
numero = "50/2024"
data = 2024-07-01
edicao = "1535"
cargo = "ADM"
vagas = 1
'''


def acts(old, new):
    """The base certame.toml with [[atos]], one piece of text replaced."""
    assert old in ACTS, old
    return ACTS.replace(old, new, 1)


case("ato-retifica-inexistente", ["certame.toml, chave «atos[2].retifica»: o ato «40/2024» não existe neste certame: "
                                  "«retifica» deve ser o número de um ato declarado antes deste em [[atos]] "
                                  "(declarados antes: 41/2024)."],
     toml=acts('retifica = "41/2024"', 'retifica = "40/2024"'))
case("ato-numero-repetido", ["certame.toml, chave «atos[3].numero»: o número «44/2024» já foi usado em atos[2]. Cada "
                             "ato do certame precisa de um número diferente."],
     toml=acts('numero = "50/2024"', 'numero = "44/2024"'))
case("ato-anterior-ao-retificado", ["certame.toml, chave «atos[2].data»: o ato é de 03/06/2024, anterior ao ato que ele "
                                    "retifica (41/2024, de 10/06/2024). Confira a data.",
                                    "certame.toml, chave «atos[2].data»: os atos vão em ordem de data: este ato, de "
                                    "03/06/2024, vem depois de atos[1] (41/2024), de 10/06/2024."],
     toml=acts("data = 2024-06-17", "data = 2024-06-03"))
# Issue 22: an act number of 300 characters passed check and publicar failed with ENAMETOOLONG.
case("ato-numero-longo", ["certame.toml, chave «atos[3].numero»: é longo demais (300 caracteres; o máximo é 40). "
                          "Confira o valor: «" + "5" * 60 + "…»."],
     toml=acts('numero = "50/2024"', 'numero = "' + "5" * 300 + '"'))
case("ato-convocacao-vagas-enormes", ["certame.toml, chave «atos[3].vagas»: passa do limite de 100.000 vagas por cargo. "
                                      "Confira o número no edital."],
     toml=acts("vagas = 1\n", "vagas = 99999999999\n"))
case("ato-tipo-desconhecido", ["certame.toml, chave «atos[3].tipo»: o tipo «nomeacao» não existe. Use resultado, "
                               "homologacao, retificacao, republicacao ou convocacao."],
     toml=acts('tipo = "convocacao"', 'tipo = "nomeacao"'))
case("ato-convocacao-sem-cargo", ["certame.toml, chave «atos[3].cargo»: o cargo «ENF» não está em [[cargos]]. Cargos "
                                  "declarados: ADM e GCM."],
     toml=acts('cargo = "ADM"', 'cargo = "ENF"'))
case("ato-retificacao-sem-motivo", ["certame.toml, chave «atos[2].motivo»: um ato do tipo «retificacao» precisa desta "
                                    "chave. Exemplo: motivo = \"Revisão de nota após recurso\""],
     toml=acts('motivo = "Revisão de nota após recurso"\n', ""))
case("ato-edicao-na-publicacao", ["certame.toml, chave «publicacao.edicao»: com [[atos]], a chave «edicao» vai em cada "
                                  "ato (atos[1].edicao, atos[2].edicao…), não em [publicacao]. Tire-a daqui."],
     toml=acts('diario = "Imprensa Oficial - Lins"\n', 'diario = "Imprensa Oficial - Lins"\nedicao = "1521"\n'))
case("ato-convocacao-alem-dos-candidatos", ["certame.toml, chave «atos[3].vagas»: o Edital de Convocação nº 50/2024 "
                                           "chama 9 vaga(s) do cargo «ADM», mas só restavam 1 candidato(s) a "
                                           "convocar. Reduza «vagas»."],
     toml=acts("vagas = 1", "vagas = 9"))
case("evento-sem-efeito-nao-convocado", ["eventos.csv, linha 2, coluna «inscricao»: a inscrição 1003 não estava "
                                         "convocada em 20/08/2024: não há nomeação a tornar sem efeito ou anular."],
     toml=ACTS, events=EVENTS + "20/08/2024,52/2024,sem_efeito,1003,,,\n")
print(f"{len(list(ROOT.glob('*/esperado.txt')))} casos escritos em {ROOT}")
