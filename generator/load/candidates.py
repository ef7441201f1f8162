"""candidatos.csv / candidatos.xlsx: one Candidate per row, every bad cell reported."""

from __future__ import annotations

from decimal import Decimal

from ..errors import Collector
from ..model import APPROVED, Candidate, Position
from .cells import BadCell, parse_birth, parse_cpf, parse_flag, parse_rank, parse_score, parse_sex, parse_status
from .report import RowProblems
from .table import Columns, Table
from .text import count, fold, join_words

COLUMNS = Columns(
    ("inscricao", "nome", "cargo", "nota"),
    ("classificacao", "nascimento", "cpf", "sexo", "negro", "pcd", "indigena", "situacao"),
)
NO_SCORE = Decimal(0)  # absent or eliminated candidates may come without a score; they are never ranked
LINES_SHOWN = 10

# One shared frozenset per combination of options: a million candidates hold only eight distinct sets.
_OPTS = [frozenset(g for g, on in zip(("negro", "pcd", "indigena"), (n, p, i)) if on)
         for n in (False, True) for p in (False, True) for i in (False, True)]


def code_lookup(positions: list[Position]) -> dict[str, str]:
    """Cargo as written in the spreadsheet → code in certame.toml (exact, then case/accent-insensitive)."""
    lookup = {p.code: p.code for p in positions}
    folded: dict[str, list[str]] = {}
    for p in positions:
        folded.setdefault(fold(p.code), []).append(p.code)
    for key, codes in folded.items():
        if len(codes) == 1:  # an ambiguous folding (e.g. «A-1» and «A1») must be written exactly
            lookup.setdefault(key, codes[0])
    return lookup


def read_candidates(table: Table, codes: dict[str, str] | None, problems: Collector) -> list[Candidate]:
    """All rows of the candidates' table; `codes` is None when certame.toml's cargos could not be read."""
    reader = _Reader(table, codes, RowProblems(table.file, problems))
    candidates = reader.run()
    reader.report_groups()
    reader.rows.finish()
    return candidates


class _Reader:
    """The row loop and the bookkeeping for problems that span rows (duplicates, unknown cargos)."""

    def __init__(self, table: Table, codes: dict[str, str] | None, rows: RowProblems) -> None:
        self.table, self.codes, self.rows = table, codes, rows
        self.first_line: dict[str, int] = {}
        self.duplicates: dict[str, list[int]] = {}
        self.unknown_codes: dict[str, list[int]] = {}
        self.rank_lines: dict[tuple[str, int], list[int]] = {}
        self.unranked: dict[str, list[int]] = {}
        self.ranked_codes: set[str] = set()

    def run(self) -> list[Candidate]:
        table, bad = self.table, self.rows.add
        index = table.index
        reg_i, name_i, code_i, score_i = (index[c] for c in COLUMNS.required)
        rank_i, birth_i, cpf_i, sex_i, negro_i, pcd_i, indig_i, status_i = (index.get(c) for c in COLUMNS.optional)
        first_line, codes, candidates = self.first_line, self.codes, []
        for line, row in enumerate(table.rows, 2):
            if table.irregular(row):
                row = table.tidy(line, row)
                if row is None:
                    continue
            registration = row[reg_i].strip()
            if first_line.setdefault(registration, line) != line:
                self.duplicates.setdefault(registration, [first_line[registration]]).append(line)
            name = row[name_i].strip()
            code = codes.get(row[code_i]) if codes is not None else row[code_i].strip()
            if code is None:
                code = self._code(row[code_i], line)
            try:
                status = APPROVED if status_i is None else parse_status(row[status_i])
            except BadCell as error:
                status = APPROVED
                bad(line, "situacao", str(error))
            try:
                score = parse_score(row[score_i])
            except BadCell as error:
                score = NO_SCORE
                if status == APPROVED or row[score_i].strip():
                    bad(line, "nota", str(error))
            try:
                options = (parse_flag(row[negro_i], "negro") if negro_i is not None else False) * 4
            except BadCell as error:
                options = 0
                bad(line, "negro", str(error))
            try:
                options += (parse_flag(row[pcd_i], "pcd") if pcd_i is not None else False) * 2
            except BadCell as error:
                bad(line, "pcd", str(error))
            try:
                options += parse_flag(row[indig_i], "indigena") if indig_i is not None else False
            except BadCell as error:
                bad(line, "indigena", str(error))
            rank = birth = cpf = sex = None
            if rank_i is not None:
                rank = self._rank(row[rank_i], code, status, line)
            if birth_i is not None:
                try:
                    birth = parse_birth(row[birth_i])
                except BadCell as error:
                    bad(line, "nascimento", str(error))
            if cpf_i is not None:
                try:
                    cpf = parse_cpf(row[cpf_i])
                except BadCell as error:
                    bad(line, "cpf", str(error))
            if sex_i is not None:
                try:
                    sex = parse_sex(row[sex_i])
                except BadCell as error:
                    bad(line, "sexo", str(error))
            if not registration or not name:
                self._blank(registration, name, line)
            candidates.append(Candidate(registration, name, code, score, rank, birth, cpf, sex, _OPTS[options],
                                        status, line))
        return candidates

    def _code(self, written: str, line: int) -> str:
        """The cargo through the forgiving lookup; an unknown one is remembered for a grouped message."""
        code = self.codes.get(written.strip()) or self.codes.get(fold(written))
        if code is None:
            code = written.strip()
            self.unknown_codes.setdefault(code, []).append(line)
        return code

    def _rank(self, written: str, code: str, status: str, line: int) -> int | None:
        try:
            rank = parse_rank(written)
        except BadCell as error:
            self.rows.add(line, "classificacao", str(error))
            return None
        if rank is None:
            if status == APPROVED:
                self.unranked.setdefault(code, []).append(line)
            return None
        self.ranked_codes.add(code)
        lines = self.rank_lines.setdefault((code, rank), [])
        lines.append(line)
        return rank

    def _blank(self, registration: str, name: str, line: int) -> None:
        if not registration:
            self.rows.add(line, "inscricao", "a inscrição está vazia. Informe o número de inscrição do candidato.")
        if not name:
            self.rows.add(line, "nome", "o nome está vazio. Informe o nome do candidato.")

    def report_groups(self) -> None:
        """Problems that involve several rows: repeated inscrições and ranks, unknown cargos, partial ranks."""
        problems, file = self.rows.problems, self.table.file
        for registration, lines in self.duplicates.items():
            if registration:
                problems.add(file, f"a inscrição {registration} aparece {len(lines)} vezes. Cada inscrição deve "
                             "aparecer uma única vez: apague a linha repetida ou corrija o número.", _few(lines))
        known = join_words(sorted(set(self.codes.values()))) if self.codes else ""
        for code, lines in self.unknown_codes.items():
            problems.add(file, f"o cargo «{code}» não está em certame.toml. Cargos cadastrados: {known}. Corrija a "
                         f"coluna «cargo» ou acrescente o cargo em [[cargos]].{_total(lines)}", _few(lines), "cargo")
        for (code, rank), lines in self.rank_lines.items():
            if len(lines) > 1:
                problems.add(file, f"a classificação {rank} aparece {len(lines)} vezes no cargo «{code}». Cada "
                             "candidato do cargo deve ter uma classificação diferente.", _few(lines), "classificacao")
        for code, lines in self.unranked.items():
            if code in self.ranked_codes:
                problems.add(file, f"no cargo «{code}», estes candidatos aprovados estão sem classificação, mas "
                             "outros têm. Preencha a coluna «classificacao» de todos os aprovados do cargo, ou "
                             f"apague-a.{_total(lines)}", _few(lines), "classificacao")


def _few(lines: list[int]) -> tuple[int, ...]:
    return tuple(lines[:LINES_SHOWN])


def _total(lines: list[int]) -> str:
    """A closing remark when the location lists only the first lines."""
    return f" São {count(len(lines))} linhas ao todo; acima, as primeiras {LINES_SHOWN}." if len(lines) > LINES_SHOWN else ""
