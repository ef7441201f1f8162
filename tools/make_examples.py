"""Write the three example exams in content/certames/ from a fixed seed (fictitious people, scripted cases).

Usage: .venv/bin/python tools/make_examples.py [--out DIR]

Each cargo has a scripted top of the ranking (who opted for which reserve, the commission's outcome, who withdrew)
so that every legal case the brief asks for lands where it matters; below that, candidates are random. Running it
again gives the same bytes (the .xlsx is written with fixed timestamps).
"""

from __future__ import annotations

import argparse
import csv
import io
import random
import re
import sys
import zipfile
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.synth_people import cpf, cpf_base, full_name  # noqa: E402

OUT = ROOT / "content" / "certames"
SEED = 20240208
FIXED_TIME = (2024, 1, 1, 0, 0, 0)
PROCEDURE = {"negro": "heteroidentificacao", "pcd": "pcd", "indigena": "indigena"}
OPINION = {  # parecer: restricted, here only so the privacy tests have something to catch
    ("heteroidentificacao", "confirmado"): "Características fenotípicas compatíveis com a autodeclaração.",
    ("heteroidentificacao", "nao_confirmado"): "Fenótipo não identificado socialmente como negro; dúvida razoável.",
    ("heteroidentificacao", "ausente"): "Convocado(a), não compareceu ao procedimento.",
    ("heteroidentificacao", "fraude"): "Declaração falsa comprovada; documentos contraditórios.",
    ("pcd", "confirmado"): "Laudo compatível com a deficiência declarada.",
    ("pcd", "nao_confirmado"): "Laudo não comprova impedimento de longo prazo.",
    ("pcd", "ausente"): "Não compareceu à avaliação biopsicossocial.",
    ("indigena", "confirmado"): "Documentação de pertencimento étnico válida.",
    ("indigena", "nao_confirmado"): "Declaração de lideranças sem cópia de documento oficial.",
    ("indigena", "ausente"): "Documentos não apresentados no prazo.",
}


@dataclass
class Person:
    """One fictitious candidate with everything the board and the commission would know."""

    registration: str
    name: str
    cargo: str
    centi: int  # nota × 100
    rank: int
    birth: date
    cpf: str
    sex: str
    opts: dict[str, str | None]  # group → commission outcome (None: opted, not assessed)
    status: str = "aprovado"
    withdrew: bool = False


@dataclass
class CargoPlan:
    """A cargo: its vacancies and a script for the top ranks (rank → attributes)."""

    code: str
    name: str
    vacancies: int
    candidates: int
    script: dict[int, dict]
    window: int  # ranks ≤ window follow the script only; below, attributes are random
    reserves: dict[str, int] | None = None
    municipal_guard: bool = False
    tie: int | None = None  # ranks tie and tie+1 share the nota; the older comes first
    female_rate: float = 0.5
    assess_until: int = 0  # random opt-ins ranked up to here also get a (confirmado) outcome


@dataclass
class ExamPlan:
    """One example folder: certame.toml fields, file format and the cargos."""

    slug: str
    toml: str
    ato: str
    cargos: list[CargoPlan]
    fmt: str  # "xlsx", "csv;" (Brazilian Excel: decimal comma, DD/MM/AAAA, Sim/Não) or "csv,"
    with_rank: bool
    groups: tuple[str, ...]
    registration: str  # format with {n}
    rates: dict[str, float] = field(default_factory=dict)
    # A score revised after an appeal (cargo, rank, new nota × 100): the current files carry it; the example's
    # first act was published before it and its retificação after (tools/publish_examples.py).
    appeal: tuple[str, int, int] | None = None


def _mark(sex: str = "M", **opts) -> dict:
    return {"sex": sex, **opts}


def _scores(rng: random.Random, plan: CargoPlan) -> list[int]:
    """Distinct descending notas (×100); the planned tie repeats one."""
    centis = sorted(rng.sample(range(4_000, 9_600), plan.candidates), reverse=True)
    if plan.tie:
        centis[plan.tie] = centis[plan.tie - 1]  # ranks are 1-based: index tie-1 and tie
    return centis


def _birth(rng: random.Random) -> date:
    return date(1966, 1, 1) + timedelta(days=rng.randrange(13_500))


def _attributes(rng: random.Random, plan: CargoPlan, exam: ExamPlan, rank: int) -> dict:
    """Scripted attributes, or random ones below the window."""
    if rank in plan.script:
        return dict(plan.script[rank])
    if rank <= plan.window:
        return {"sex": "F" if not plan.municipal_guard and rng.random() < 0.5 else "M"}
    attrs = {"sex": "F" if rng.random() < plan.female_rate else "M"}
    for group, rate in exam.rates.items():
        if rng.random() < rate:
            attrs[group] = "confirmado" if rank <= plan.assess_until else None
    return attrs


def people_for(rng: random.Random, exam: ExamPlan, plan: CargoPlan, serial: list[int], names: set[str]) -> list[Person]:
    """Every candidate of one cargo, rank 1 first."""
    result = []
    for rank, centi in enumerate(_scores(rng, plan), start=1):
        attrs = _attributes(rng, plan, exam, rank)
        name = full_name(rng, attrs["sex"] == "F")
        while name in names:
            name = full_name(rng, attrs["sex"] == "F")
        names.add(name)
        serial[0] += 1
        birth = _birth(rng)
        if plan.tie and rank == plan.tie:
            birth = date(1961, 3, 14)  # 60+ at registration: Estatuto da Pessoa Idosa, art. 27, parágrafo único
        opts = {g: attrs[g] for g in exam.groups if g in attrs}
        result.append(Person(
            registration=exam.registration.format(n=rng.randrange(10_000, 99_999) * 100 + serial[0] % 100),
            name=name, cargo=plan.code, centi=centi, rank=rank, birth=birth,
            cpf=cpf(cpf_base(serial[0], SEED)), sex=attrs["sex"], opts=opts,
            status=attrs.get("status", "aprovado"), withdrew=attrs.get("withdraw", False)))
    return result


def check(people: list[Person]) -> None:
    """Invariants the examples promise: unique registrations, no unresolved tie."""
    assert len({p.registration for p in people}) == len(people), "inscrição repetida"
    keys = {(p.cargo, p.centi, p.birth) for p in people}
    assert len(keys) == len(people), "empate não resolvido"


# ---------------------------------------------------------------- writers

def _nota(p: Person, comma: bool) -> str:
    text = f"{p.centi // 100}.{p.centi % 100:02d}"
    return text.replace(".", ",") if comma else text


def _yes(flag: bool, fmt: str) -> str:
    if fmt == "csv;":
        return "Sim" if flag else "Não"
    return "S" if flag else "N"


def candidate_rows(exam: ExamPlan, people: list[Person]) -> tuple[list[str], list[list]]:
    """Header and rows for candidatos.*, in the exam's own column choice and order."""
    header = ["inscricao", "nome", "cargo", "nota" if exam.fmt != "csv;" else "NOTA_FINAL"]
    header += ["classificacao"] * exam.with_rank + ["nascimento", "cpf", "sexo", *exam.groups]
    header += ["situacao"] * (exam.fmt != "xlsx")
    rows = []
    for p in people:
        birth: object = p.birth.strftime("%d/%m/%Y") if exam.fmt == "csv;" else p.birth.isoformat()
        nota: object = _nota(p, exam.fmt == "csv;")
        if exam.fmt == "xlsx":
            birth, nota = p.birth, Decimal(_nota(p, False))
        row = [p.registration, p.name, p.cargo, nota] + [p.rank] * exam.with_rank
        row += [birth, p.cpf, p.sex] + [_yes(g in p.opts, exam.fmt) for g in exam.groups]
        rows.append(row + [p.status] * (exam.fmt != "xlsx"))
    return header, rows


def write_csv(path: Path, header: list[str], rows: list[list], delimiter: str, bom: bool = False) -> None:
    with open(path, "w", encoding="utf-8-sig" if bom else "utf-8", newline="") as handle:
        writer = csv.writer(handle, delimiter=delimiter, lineterminator="\r\n" if bom else "\n")
        writer.writerow(header)
        writer.writerows(rows)


def write_xlsx(path: Path, header: list[str], rows: list[list]) -> None:
    """An .xlsx as the board's system would export it, with fixed timestamps for reproducible bytes."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Resultado final"
    sheet.append(header)
    for row in rows:
        sheet.append([float(c) if isinstance(c, Decimal) else c for c in row])
    for cells in sheet.iter_rows(min_row=2):
        cells[3].number_format = "0.00"
        cells[header.index("nascimento")].number_format = "dd/mm/yyyy"
    book.properties.created = book.properties.modified = datetime(*FIXED_TIME)
    buffer = io.BytesIO()
    book.save(buffer)
    path.write_bytes(_fixed_zip(buffer.getvalue()))


def _fixed_zip(data: bytes) -> bytes:
    """Rewrite a zip with constant entry timestamps (openpyxl stamps the current time)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            content = src.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl sets `modified` to now on save
                content = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-01-01T00:00:00Z", content)
            dst.writestr(zipfile.ZipInfo(info.filename, FIXED_TIME), content, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def write_exam(folder: Path, exam: ExamPlan, people: list[Person], original: bool = False) -> None:
    """All files of one example folder (`original`: as before the appeal, for publishing the first act)."""
    folder.mkdir(parents=True, exist_ok=True)
    if exam.appeal and not original:
        cargo, rank, centi = exam.appeal
        people = [replace(p, centi=centi) if (p.cargo, p.rank) == (cargo, rank) else p for p in people]
    (folder / "certame.toml").write_text(exam.toml, encoding="utf-8")
    (folder / "ato.md").write_text(exam.ato, encoding="utf-8")
    header, rows = candidate_rows(exam, people)
    delimiter = ";" if exam.fmt == "csv;" else ","
    if exam.fmt == "xlsx":
        write_xlsx(folder / "candidatos.xlsx", header, rows)
    else:
        write_csv(folder / "candidatos.csv", header, rows, delimiter, bom=exam.fmt == "csv;")
    outcomes = sorted((p.registration, PROCEDURE[g], r, OPINION[(PROCEDURE[g], r)])
                      for p in people for g, r in p.opts.items() if r)
    write_csv(folder / "comissao.csv", ["inscricao", "procedimento", "resultado", "parecer"],
              [list(o) for o in outcomes], delimiter)
    write_csv(folder / "desistencias.csv", ["inscricao"], [[p.registration] for p in people if p.withdrew], delimiter)


def build(out: Path = OUT, original: bool = False) -> dict[str, list[Person]]:
    """Generate every example into `out`; returns the people per slug (for tests)."""
    rng = random.Random(SEED)
    serial = [0]
    result = {}
    for exam in EXAMS:
        names: set[str] = set()
        people = [p for plan in exam.cargos for p in people_for(rng, exam, plan, serial, names)]
        check(people)
        people = _file_order(exam, people)
        write_exam(out / exam.slug, exam, people, original)
        result[exam.slug] = people
    return result


def _file_order(exam: ExamPlan, people: list[Person]) -> list[Person]:
    """Boards export in different orders; the loader must not rely on any of them."""
    if exam.with_rank:
        return people  # by cargo, then official classification
    if exam.fmt == "csv;":
        return sorted(people, key=lambda p: p.registration)
    return sorted(people, key=lambda p: (p.name, p.registration))


# ---------------------------------------------------------------- the three examples

LINS_TOML = '''jurisdicao = "lins"
titulo = "Concurso Público nº 01/2024 — Resultado final (exemplo fictício)"
orgao = "Prefeitura Municipal de Lins"
edital = "Edital nº 01/2024"

# O diário e a seção de todos os atos; a edição e a data vão em cada ato ([[atos]]).
[publicacao]
diario = "Imprensa Oficial - Lins"
secao = "Atos Oficiais"
subsecao = "Concursos Públicos"
entidade = "Poder Executivo"
ano = "VIII"

# Guarda Civil Municipal: as contagens do edital prevalecem (ampla 19, PcD 2, mulheres 3, negros 6).
[[cargos]]
codigo = "GCM"
nome = "Guarda Civil Municipal"
vagas = 30
reservas = { negro = 6, pcd = 2, mulher = 3 }
guarda_municipal = true

# Sem contagens no edital: aplicam-se os percentuais de content/jurisdicoes/lins.toml.
[[cargos]]
codigo = "AGA"
nome = "Agente Administrativo"
vagas = 10

[[cargos]]
codigo = "PEB"
nome = "Professor de Educação Básica I"
vagas = 5

# Os atos publicados deste certame, em ordem. `gazeta publicar` arquiva cada um (pasta arquivo/).
[[atos]]
tipo = "homologacao"
numero = "12/2024"
data = 2024-06-14
edicao = "1576"
local = "Lins"

[[atos.assinaturas]]
nome = "Carlos Alberto Modelo"
cargo = "Prefeito Municipal"

[[atos]]
tipo = "retificacao"
retifica = "12/2024"
numero = "15/2024"
data = 2024-06-21
edicao = "1581"
motivo = "Revisão da nota de um candidato ao cargo PEB, após recurso"
local = "Lins"

[[atos.assinaturas]]
nome = "Carlos Alberto Modelo"
cargo = "Prefeito Municipal"

[[atos]]
tipo = "convocacao"
numero = "20/2024"
data = 2024-07-05
edicao = "1591"
cargo = "GCM"
vagas = 5
local = "Lins"

[[atos.assinaturas]]
nome = "Carlos Alberto Modelo"
cargo = "Prefeito Municipal"
'''

LINS_ATO = '''**Concurso Público nº 01/2024 — Guarda Civil Municipal, Agente Administrativo e Professor de Educação Básica I**

O Prefeito Municipal de Lins, no uso de suas atribuições legais, e nos termos da Lei Municipal nº 7.739/2023, do § 2º do
art. 16 da Lei Complementar Municipal nº 1.745/2023 e do Decreto nº 13.760, de 8 de fevereiro de 2024, **TORNA
PÚBLICO** o resultado final do Concurso Público nº 01/2024, que fica homologado, com a lista geral de classificação e as
listas específicas das pessoas com deficiência, das pessoas negras e, para o cargo de Guarda Civil Municipal, das
candidatas do sexo feminino, na forma do art. 6º do referido Decreto.

*Exemplo com dados fictícios, gerado para demonstração: nomes, inscrições e notas não correspondem a pessoas reais.*
'''

MS_TOML = '''jurisdicao = "mato-grosso-do-sul"
titulo = "Processo Seletivo Simplificado nº 03/2024 — Resultado final (exemplo fictício)"
orgao = "Secretaria de Estado de Educação"
edital = "Edital SED/PSS nº 03/2024"

# O diário e a seção de todos os atos; a edição e a data vão em cada ato ([[atos]]).
[publicacao]
diario = "Diário Oficial do Estado de Mato Grosso do Sul"
secao = "Poder Executivo"
subsecao = "Secretaria de Estado de Educação"

# O arquivo da banca chama a nota de NOTA_FINAL.
[colunas]
nota = "NOTA_FINAL"

# Decreto nº 16.358/2024, art. 3º: 20% de 50 = 10 negros; 5% = 2,5 → 3 PcD; 3% = 1,5 → 2 indígenas.
[[cargos]]
codigo = "PROF-AI"
nome = "Professor Temporário — Anos Iniciais do Ensino Fundamental"
vagas = 50

# 20% de 10 = 2 negros; 5% de 10 = 0,5 → 1 PcD; 3% de 10 = 0,3 → nenhum indígena.
[[cargos]]
codigo = "ENF"
nome = "Enfermeiro Temporário"
vagas = 10

# Os atos publicados deste certame, em ordem. `gazeta publicar` arquiva cada um (pasta arquivo/).
[[atos]]
tipo = "resultado"
numero = "41/2024"
data = 2024-07-22
edicao = "11.514"
local = "Campo Grande"

[[atos.assinaturas]]
nome = "Ana Paula Modelo"
cargo = "Secretária de Estado de Educação"

[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "44/2024"
data = 2024-07-29
edicao = "11.519"
motivo = "Revisão de nota após recurso"
local = "Campo Grande"

[[atos.assinaturas]]
nome = "Ana Paula Modelo"
cargo = "Secretária de Estado de Educação"

[[atos]]
tipo = "convocacao"
numero = "50/2024"
data = 2024-08-05
edicao = "11.524"
cargo = "ENF"
vagas = 3
local = "Campo Grande"

[[atos.assinaturas]]
nome = "Ana Paula Modelo"
cargo = "Secretária de Estado de Educação"
'''

MS_ATO = '''**Processo Seletivo Simplificado para contratação temporária — Professor e Enfermeiro**

A Secretária de Estado de Educação, no uso de suas atribuições legais, e considerando o Decreto nº 16.358, de 3 de
janeiro de 2024, **TORNA PÚBLICO** o resultado final do Processo Seletivo Simplificado regido pelo Edital SED/PSS
nº 03/2024, em quatro listas (art. 5º): a geral, com a pontuação de todos os candidatos, inclusive os cotistas, e as
específicas dos inscritos nas vagas reservadas às pessoas com deficiência, aos negros e aos indígenas, com a
indicação das inscrições deferidas e indeferidas nos procedimentos de heteroidentificação, de validação documental e
de avaliação biopsicossocial (arts. 13 e 23, parágrafo único).

*Exemplo com dados fictícios, gerado para demonstração: nomes, inscrições e notas não correspondem a pessoas reais.*
'''

CARIACICA_TOML = '''jurisdicao = "cariacica"
titulo = "Concurso Público nº 02/2023 — Resultado final (exemplo fictício)"
orgao = "Prefeitura Municipal de Cariacica"
edital = "Edital nº 02/2023"

# O diário e a seção de todos os atos; a edição e a data vão em cada ato ([[atos]]).
[publicacao]
diario = "Diário Oficial do Município de Cariacica"
secao = "Atos do Poder Executivo"
subsecao = "Concursos Públicos"
entidade = "Secretaria Municipal de Gestão e Finanças"

# Menos de 3 vagas: sem reserva, só cadastro de reserva (lei de 30/08/2023, art. 1º, §§ 1º e 3º).
[[cargos]]
codigo = "PROC"
nome = "Procurador Municipal"
vagas = 2

# 20% de 12 = 2,4 → 2 vagas para negros.
[[cargos]]
codigo = "PEB"
nome = "Professor de Educação Básica — Anos Iniciais"
vagas = 12

# 20% de 5 = 1 vaga para negros.
[[cargos]]
codigo = "AAD"
nome = "Assistente Administrativo"
vagas = 5

# Os atos publicados deste certame, em ordem. `gazeta publicar` arquiva cada um (pasta arquivo/).
[[atos]]
tipo = "homologacao"
numero = "09/2023"
data = 2023-11-20
edicao = "1812"
local = "Cariacica"

[[atos.assinaturas]]
nome = "Roberto Modelo Santos"
cargo = "Prefeito Municipal"

[[atos]]
tipo = "retificacao"
retifica = "09/2023"
numero = "11/2023"
data = 2023-11-27
edicao = "1817"
motivo = "Revisão da nota de um candidato ao cargo AAD, após recurso"
local = "Cariacica"

[[atos.assinaturas]]
nome = "Roberto Modelo Santos"
cargo = "Prefeito Municipal"

[[atos]]
tipo = "convocacao"
numero = "01/2024"
data = 2024-01-15
edicao = "1850"
cargo = "PEB"
vagas = 4
local = "Cariacica"

[[atos.assinaturas]]
nome = "Roberto Modelo Santos"
cargo = "Prefeito Municipal"
'''

CARIACICA_ATO = '''**Concurso Público nº 02/2023 — Procurador Municipal, Professor e Assistente Administrativo**

O Prefeito Municipal de Cariacica, Estado do Espírito Santo, no uso de suas atribuições legais, e considerando a lei
municipal de 30 de agosto de 2023, que reserva aos negros e afrodescendentes 20% das vagas oferecidas nos concursos
públicos, **TORNA PÚBLICO** o resultado final do Concurso Público nº 02/2023, que fica homologado, com a classificação
geral e a lista dos candidatos negros e afrodescendentes, observados os critérios de alternância e proporcionalidade.

*Exemplo com dados fictícios, gerado para demonstração: nomes, inscrições e notas não correspondem a pessoas reais.*
'''

C, N, A, F = "confirmado", "nao_confirmado", "ausente", "fraude"

LINS = ExamPlan(
    slug="lins-2024-gcm", toml=LINS_TOML, ato=LINS_ATO, fmt="xlsx", with_rank=True, groups=("negro", "pcd"),
    appeal=("PEB", 13, 8500),  # 83,84 → 85,00 after the appeal; still 13th (the board's classificação stands)
    registration="{n:08d}", rates={"negro": 0.2, "pcd": 0.03},
    cargos=[
        # Ampla = ranks 1–20 minus the fraud at 12. Negro list: 21, 24 (withdraws → 44), 31 (negro+PcD: negro,
        # art. 6º § 2º), 34, 38, 41. Women: 26, 33, 36 (woman PcD: women's list, art. 6º § 3º). PcD: 27, 40.
        CargoPlan("GCM", "Guarda Civil Municipal", 30, 180, window=50, reserves={"negro": 6, "pcd": 2, "mulher": 3},
                  municipal_guard=True, female_rate=0.2, assess_until=60, tie=9, script={
                      3: _mark(negro=C), 7: _mark("F"), 12: _mark(negro=F), 15: _mark("F"),
                      21: _mark(negro=C), 23: _mark(negro=N), 24: _mark(negro=C, withdraw=True), 26: _mark("F"),
                      27: _mark(pcd=C), 29: _mark(negro=A), 31: _mark(negro=C, pcd=C), 33: _mark("F"),
                      34: _mark(negro=C), 36: _mark("F", pcd=C), 38: _mark(negro=C), 40: _mark(pcd=C),
                      41: _mark(negro=C), 43: _mark("F"), 44: _mark(negro=C), 46: _mark(negro=C),
                      47: _mark("F", negro=C), 48: _mark(pcd=C)}),
        CargoPlan("AGA", "Agente Administrativo", 10, 90, window=20, assess_until=30, script={
            2: _mark(negro=C), 6: _mark("F", pcd=C), 9: _mark("F", negro=C), 11: _mark(negro=C),
            13: _mark(pcd=C), 14: _mark("F", negro=N), 17: _mark(negro=C), 19: _mark(negro=C)}),
        CargoPlan("PEB", "Professor de Educação Básica I", 5, 60, window=12, assess_until=20, script={
            4: _mark("F", negro=C), 7: _mark(negro=C), 8: _mark("F", pcd=C), 10: _mark("F", negro=C)}),
    ])

MS = ExamPlan(
    slug="ms-2024-pss", toml=MS_TOML, ato=MS_ATO, fmt="csv;", with_rank=False, groups=("negro", "pcd", "indigena"),
    appeal=("ENF", 11, 9150),  # 87,85 → 91,50: from 11th (outside the 10 places) to 6th
    registration="2024{n:07d}", rates={"negro": 0.2, "pcd": 0.03, "indigena": 0.01},
    cargos=[
        # Rank 10 eliminated, so ampla = 1–36 minus 10; 36/37 tie on nota, the older (60+) is 36.
        CargoPlan("PROF-AI", "Professor Temporário — Anos Iniciais do Ensino Fundamental", 50, 260, window=110,
                  assess_until=140, tie=36, script={
                      5: _mark(negro=C), 10: _mark(status="eliminado"), 14: _mark(indigena=C), 18: _mark(pcd=C),
                      30: _mark(negro=N), 38: _mark(negro=C), 39: _mark(indigena=C), 41: _mark(negro=A),
                      42: _mark(pcd=C), 43: _mark(negro=C), 45: _mark(negro=C, indigena=C),
                      47: _mark(negro=C, withdraw=True), 48: _mark(pcd=N), 50: _mark(negro=C),
                      52: _mark(indigena=N), 53: _mark(negro=C), 55: _mark(pcd=A), 57: _mark(negro=C),
                      58: _mark(negro=N, pcd=C), 60: _mark(negro=C), 61: _mark(indigena=A), 63: _mark(negro=C),
                      64: _mark(pcd=C), 66: _mark(negro=C), 68: _mark(indigena=C), 70: _mark(negro=C),
                      72: _mark(pcd=C), 74: _mark(negro=C), 76: _mark(negro=C), 80: _mark(indigena=C),
                      85: _mark(pcd=C), 88: _mark(negro=C), 95: _mark(negro=C), 101: _mark(status="ausente"),
                      104: _mark(negro=None, status="ausente")}),
        CargoPlan("ENF", "Enfermeiro Temporário", 10, 80, window=25, assess_until=35, script={
            3: _mark(negro=C), 9: _mark(negro=C), 12: _mark(pcd=C), 13: _mark(negro=N), 15: _mark(negro=C),
            17: _mark(indigena=C), 19: _mark(pcd=C), 21: _mark(negro=C), 23: _mark(status="eliminado")}),
    ])

CARIACICA = ExamPlan(
    slug="cariacica-2023-concurso", toml=CARIACICA_TOML, ato=CARIACICA_ATO, fmt="csv,", with_rank=False,
    appeal=("AAD", 8, 9000),  # 88,66 → 90,00: from 8th to 7th
    groups=("negro", "pcd"), registration="{n:07d}", rates={"negro": 0.22, "pcd": 0.02},
    cargos=[
        CargoPlan("PROC", "Procurador Municipal", 2, 25, window=6, assess_until=6, tie=2, script={
            1: _mark(negro=C), 3: _mark(negro=C), 5: _mark(negro=C)}),
        # Ampla = 1–11 minus the fraud at 9. Negro list: 12 (withdraws), 16, then 19.
        CargoPlan("PEB", "Professor de Educação Básica — Anos Iniciais", 12, 150, window=30, assess_until=40, script={
            4: _mark(negro=C), 9: _mark(negro=F), 12: _mark(negro=C, withdraw=True), 13: _mark(negro=N),
            14: _mark(negro=A), 15: _mark(pcd=None), 16: _mark(negro=C), 19: _mark(negro=C), 22: _mark(negro=C),
            27: _mark(negro=F)}),
        CargoPlan("AAD", "Assistente Administrativo", 5, 60, window=15, assess_until=20, script={
            2: _mark(negro=C), 5: _mark(status="ausente"), 6: _mark(negro=N), 7: _mark(negro=C), 9: _mark(negro=C)}),
    ])

EXAMS = (LINS, MS, CARIACICA)


def main(argv: list[str] | None = None) -> int:
    """Write the examples and say where."""
    parser = argparse.ArgumentParser(description="Gera os certames de exemplo (dados fictícios).")
    parser.add_argument("--out", type=Path, default=OUT, help="pasta de saída (padrão: content/certames)")
    args = parser.parse_args(argv)
    for slug, people in build(args.out).items():
        print(f"gravado: {args.out / slug} ({len(people)} candidatos)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
