"""candidatos.csv / candidatos.xlsx: one Candidate per row, every bad cell reported."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date
from decimal import Decimal
from itertools import repeat
from operator import is_, is_not

from ..errors import Collector
from ..model import APPROVED, Candidate
from ..plain import one_line
from . import cells
from .cells import BadCell, parse_rank
from .cells import cpf_digits as cell_cpf_digits
from .report import RowProblems
from .table import FIRST_DATA_LINE, Columns, Table
from .text import count, fold, join_words

COLUMNS = Columns(
    ("inscricao", "nome", "cargo", "nota"),
    ("classificacao", "nascimento", "cpf", "sexo", "negro", "pcd", "indigena", "quilombola", "situacao",
     "escolha"),
)
NO_SCORE = Decimal(0)  # absent or eliminated candidates may come without a score; they are never ranked
LINES_SHOWN = 10
MISSING = object()
MEMO_LIMIT = 100_000  # distinct cell texts remembered per column: bounds memory on odd files
CHUNK = 1024  # rows per block of the column-wise fast path (_Reader._fast)

# How a footer or total row begins (lower case): «Total: 83», «Gerado em 10/03/2025 12:00», «Página 2 de 3».
FOOTER_WORDS = ("total", "subtotal", "gerado em", "gerado por", "gerado pelo", "emitido em", "emitido por",
                "impresso em", "data de emissão", "data de emissao", "data da emissão", "página", "pagina",
                "relatório", "relatorio", "fonte:", "quantidade de", "qtd", "número de candidatos",
                "numero de candidatos")


def _footer_text(text: str) -> bool:
    """A cell that begins like a footer or a total (never an inscrição nor a name of a real row)."""
    return text.lstrip().lower().startswith(FOOTER_WORDS)


# One shared frozenset per combination of options: a million candidates hold only sixteen distinct sets. The index
# is the sum of the weights of the reserves opted for.
_WEIGHTS = (("negro", 4), ("pcd", 2), ("indigena", 1), ("quilombola", 8))
_OPTS = [frozenset(g for g, weight in _WEIGHTS if bits & weight) for bits in range(16)]


class CargoLookup(dict):
    """Cargo as written in the spreadsheet → code in certame.toml: the code or the cargo's `nome`, exactly, then
    folded (case, accents, spaces and punctuation ignored). A plain dict to the fast path (`map(lookup.get, …)`);
    `ambiguous` holds the folded spellings that name more than one cargo (an error), `names` code → nome."""

    ambiguous: dict[str, list[str]]
    names: dict[str, str]


def code_lookup(codes: list[str], names: dict[str, str] | None = None) -> CargoLookup:
    """The lookup of the cargos `codes`, with their `names` (code → nome in certame.toml) also accepted."""
    names = names or {}
    lookup = CargoLookup()
    lookup.ambiguous, lookup.names = {}, names
    exact: dict[str, set[str]] = {}
    folded: dict[str, set[str]] = {}
    for code in dict.fromkeys(codes):
        for text in (code, names.get(code)):
            if text:
                exact.setdefault(text, set()).add(code)
                folded.setdefault(fold(text), set()).add(code)
    for text, owners in exact.items():
        if len(owners) == 1:
            lookup.setdefault(text, next(iter(owners)))
    for key, owners in folded.items():
        if len(owners) == 1:
            lookup.setdefault(key, next(iter(owners)))
        else:
            lookup.ambiguous[key] = sorted(owners)  # «A-1» and «A1», or a name two cargos share: write the code
    return lookup


def read_candidates(table: Table, codes: dict[str, str] | None, problems: Collector, places: int = 2,
                    max_score: Decimal = Decimal(100), extra: tuple[str, ...] = (),
                    no_zeros: bool = False, kinds: dict[str, str] | None = None,
                    statuses: dict[str, str] | None = None,
                    ) -> tuple[list[Candidate], dict[str, Candidate]]:
    """All rows of the candidates' table, and the candidates by inscrição (the first row of a repeated one).

    `codes` is None when certame.toml's cargos could not be read: cargos are then not checked. Scores must lie on
    the exam's scale: 0 to `max_score`, at most `places` decimals. Unless `no_zeros` (inscricoes_sem_zeros), an
    inscrição that may have lost its leading zeros is an error: a number cell of an XLSX, or all-digit inscrições of
    different lengths. `kinds`: how each tie-break column of `extra` is read (tiebreak.column_kinds; default a number
    or S/N).
    """
    reader = _Reader(table, codes, RowProblems(table.file, problems), places, max_score, extra, kinds, statuses)
    candidates = reader.columns()
    if candidates is None:  # the row loop, with a fresh reader: the columns committed and reported nothing
        reader = _Reader(table, codes, RowProblems(table.file, problems), places, max_score, extra, kinds, statuses)
        candidates = reader.run()
    if not no_zeros:
        _lost_zeros(table, reader.first, problems)
    for registration in table.malformed:  # known, so comissão and desistências raise no knock-on problem
        reader.first.setdefault(registration, Candidate(registration, "", "", NO_SCORE, opts=_OPTS[-1]))
    reader.report_groups(candidates)
    reader.rows.finish()
    return candidates, reader.first


class _Reader:
    """The row loop and the bookkeeping for problems that span rows (duplicates, unknown cargos)."""

    def __init__(self, table: Table, codes: dict[str, str] | None, rows: RowProblems, places: int,
                 max_score: Decimal, extra: tuple[str, ...] = (), kinds: dict[str, str] | None = None,
                 statuses: dict[str, str] | None = None) -> None:
        from ..tiebreak import VALUE, parser

        self.table, self.codes, self.rows = table, codes, rows
        self.extra = extra  # the tie-break columns (tiebreak.py), each at its place in the header or absent
        self.extra_at = [table.index.get(c) for c in extra] if any(c in table.index for c in extra) else None
        self.tie_parsers = [parser((kinds or {}).get(c, VALUE), places) for c in extra]
        self.tie_memo: list[dict[str, object]] = [{} for _ in extra]  # per column: each has its own parser
        self.first: dict[str, Candidate] = {}
        self.duplicates: dict[str, list[int]] = {}
        self.unknown_codes: dict[str, list[int]] = {}
        self.rank_lines: dict[tuple[str, int], list[int]] = {}
        self.unranked: dict[str, list[int]] = {}
        self.ranked_codes: set[str] = set()
        self.ambiguous_codes: dict[tuple[str, tuple[str, ...]], list[int]] = {}
        self.footers: list[tuple[int, str]] = []  # rows that begin like a footer or total: (line, first cell)
        self.loose: list[tuple[int, str]] = []  # rows with a single filled cell: (line, the cell)
        self.memo = _Memo(rows, places, max_score, statuses)
        if table.empty_cell is not None:
            score_i = table.index["nota"]
            self.memo.empty_score = lambda line: table.empty_cell(line, score_i)

    def run(self) -> list[Candidate]:
        """The rows in blocks of CHUNK: a block whose cells are all usual goes through the column-wise fast path
        (`_fast`); any other block (a problem, a repeated inscrição, an odd cell) goes row by row through `_slow`,
        which reports exactly as it always did. The fast path only commits a block in which the slow one would find
        nothing to report, so problems, their order and the candidates are the same either way."""
        candidates: list[Candidate] = []
        for lines, rows in self.table.blocks(CHUNK):
            if not self._fast(lines, rows, candidates):
                self._slow(zip(lines, rows), candidates)
        return candidates

    def columns(self) -> list[Candidate] | None:
        """The whole CSV file as columns (load/columns.py): `_fast`'s checks over whole columns, each distinct text
        of a column with few (cargo, nota, situação, dates, S/N, ties) parsed once by the same memoised parsers.
        None, with nothing committed or reported, for a file in which the row loop could report anything or that
        pyarrow could read differently from csv.reader: the caller then runs the row loop, which reports it."""
        from .columns import cpf_digits, distinct, read_columns, release_unused, spread

        table, memo, index, codes = self.table, self.memo, self.table.index, self.codes
        columns = read_columns(table)
        if columns is None:
            return None
        size = len(columns[0])
        reg_i, name_i, code_i, score_i = (index[c] for c in COLUMNS.required)
        rank_i, birth_i, cpf_i, sex_i, status_i, choice_i = (
            index.get(c) for c in ("classificacao", "nascimento", "cpf", "sexo", "situacao", "escolha"))

        uses = Counter(index.values())  # a header cell read under two of our names ([colunas]) is read twice

        def column(i: int):
            """Column i, let go after its last use: memory for the candidates rather than for pyarrow."""
            uses[i] -= 1
            found = columns[i]
            if uses[i] <= 0:
                columns[i] = None
            return found

        def parsed(i: int, parse: Callable[[str], object]) -> list | None:
            """Column i's value in each row, parse() run once per distinct text; None if one is MISSING."""
            texts, at = distinct(column(i))
            values = list(map(parse, texts))
            return None if any(v is MISSING for v in values) else spread(values, at)

        keys = column(table.key).to_pylist()  # the key column is inscricao, the first required one
        if "" in keys or not table.header_words.isdisjoint(keys):
            return None
        registrations = list(map(str.strip, keys))
        names = list(map(str.strip, column(name_i).to_pylist()))
        if "" in registrations or "" in names or not all(map(str.isprintable, names)):
            return None
        if not "".join(registrations).isdigit() and any(map(_footer_text, registrations)):
            return None  # «Total», «Gerado em…»: the row loop names the footer
        positions = parsed(code_i, str.strip if codes is None else lambda t: codes.get(t, MISSING))
        if positions is None:
            return None
        statuses = [APPROVED] * size if status_i is None else parsed(
            status_i, lambda t: memo.statuses.get(t) or memo.quiet_status(t))
        if statuses is None:
            return None
        blank = object()  # no score: right only for an absent or eliminated candidate (quiet_score)
        scores = parsed(score_i, lambda t: memo.scores.get(t) or (
            memo.quiet_score(t, APPROVED) if t.strip() else blank))
        if scores is None:
            return None
        if not all(map(is_not, scores, repeat(blank))):  # by identity: Decimal == object asks numbers.Rational
            for i in [i for i, value in enumerate(scores) if value is blank]:
                if statuses[i] == APPROVED:
                    return None
                scores[i] = NO_SCORE
        bits = [0] * size
        for word, weight in _WEIGHTS:  # every reserve column the reader knows (quilombola included)
            column_i = index.get(word)
            if column_i is not None:
                found = parsed(column_i, lambda t, word=word: _quiet_bit(memo, t, word))
                if found is None:
                    return None
                if any(found):
                    bits = list(map(int.__add__, bits, [weight * b for b in found] if weight > 1 else found))
        options = list(map(_OPTS.__getitem__, bits))
        births = sexes = cpfs = repeat(None)
        if birth_i is not None:
            births = parsed(birth_i, lambda t: _memo_hit(memo.births, t, memo.quiet_birth))
            if births is None:
                return None
        if sex_i is not None:
            sexes = parsed(sex_i, lambda t: _memo_hit(memo.sexes, t, memo.quiet_sex))
            if sexes is None:
                return None
        if cpf_i is not None:
            found = column(cpf_i)
            cpfs = cpf_digits(found)
            if cpfs is None:
                cpfs = cells.cpf_column(found.to_pylist())
            del found
            if cpfs is None:
                return None
        ranks = choices = ties = None
        if rank_i is not None and (ranks := parsed(rank_i, lambda t: _quiet(cells.parse_rank, t))) is None:
            return None
        if choice_i is not None and (choices := parsed(choice_i, lambda t: _quiet(cells.parse_choice, t))) is None:
            return None
        if self.extra_at is not None:
            each = []
            for i, parse in zip(self.extra_at, self.tie_parsers):
                found = [_quiet(parse, "")] * size if i is None else parsed(i, lambda t, parse=parse: _quiet(parse, t))
                if found is None or MISSING in found[:1]:
                    return None
                each.append(found)
            ties = list(zip(*each))
        columns.clear()  # every cell is read: the rest of pyarrow's memory goes before the candidates are made
        release_unused()
        lines = range(FIRST_DATA_LINE, FIRST_DATA_LINE + size)  # every row is a candidate: numbered as in `run`
        made = list(map(Candidate, registrations, names, positions, scores, repeat(None), births, cpfs, sexes,
                        options, statuses, lines))
        first = dict(zip(registrations, made))
        if len(first) != size:
            return None  # a repeated inscrição: the row loop reports it
        if ranks is not None:  # in the row loop's order: rank, choice, ties (the bookkeeping reports nothing here)
            for candidate, rank in zip(made, ranks):
                candidate.rank = self._ranked(rank, candidate.position, candidate.status, candidate.line)
        if choices is not None:
            for candidate, choice in zip(made, choices):
                candidate.choice = choice
        if ties is not None:
            for candidate, tie in zip(made, ties):
                candidate.tie = tie
        self.first = first
        table.read_whole = True
        return made

    def _fast(self, lines: range, rows: list[list[str]], candidates: list[Candidate]) -> bool:
        """One block column by column with C-level maps; False (nothing committed) when any cell is unusual."""
        table, memo = self.table, self.memo
        index, width, codes = table.index, len(table.header), self.codes
        if len(set(map(len, rows))) != 1 or len(rows[0]) != width:
            return False
        cols = list(zip(*rows))
        size = len(rows)
        blank = ("",) * size
        keys = cols[table.key]
        if "" in keys or not table.header_words.isdisjoint(keys):
            return False
        reg_i, name_i, code_i, score_i = (index[c] for c in COLUMNS.required)
        rank_i, birth_i, cpf_i, sex_i, negro_i, pcd_i, indig_i, quil_i, status_i, choice_i = (
            index.get(c) for c in COLUMNS.optional)
        registrations = list(map(str.strip, cols[reg_i]))
        names = list(map(str.strip, cols[name_i]))
        if "" in registrations or "" in names or not all(map(str.isprintable, names)):
            return False
        if not "".join(registrations).isdigit() and any(map(_footer_text, registrations)):
            return False  # «Total», «Gerado em…»: the row loop names the footer
        if codes is None:
            positions = list(map(str.strip, cols[code_i]))
        else:
            positions = list(map(codes.get, cols[code_i]))
            if None in positions:
                return False
        if status_i is None:
            statuses = [APPROVED] * size
        else:
            statuses = _resolved(list(map(memo.statuses.get, cols[status_i])), None, cols[status_i],
                                 memo.quiet_status)
            if statuses is None:
                return False
        texts = cols[score_i]
        scores = list(map(memo.scores.get, texts))
        if not all(map(is_not, scores, repeat(None))):  # by identity: Decimal == None would ask numbers.Rational
            for i, value in enumerate(scores):
                if value is None:
                    value = scores[i] = memo.quiet_score(texts[i], statuses[i])
                    if value is MISSING:
                        return False
        flags = tuple(blank if i is None else cols[i] for i in (negro_i, pcd_i, indig_i, quil_i))
        options = _resolved(list(map(memo.options.get, zip(*flags))), None, list(zip(*flags)), memo.quiet_options)
        if options is None:
            return False
        births = sexes = cpfs = repeat(None)
        if birth_i is not None:
            births = _resolved(list(map(memo.births.get, cols[birth_i], repeat(MISSING))), MISSING, cols[birth_i],
                               memo.quiet_birth)
            if births is None:
                return False
        if sex_i is not None:
            sexes = _resolved(list(map(memo.sexes.get, cols[sex_i], repeat(MISSING))), MISSING, cols[sex_i],
                              memo.quiet_sex)
            if sexes is None:
                return False
        if cpf_i is not None:
            cpfs = cells.cpf_column(cols[cpf_i])
            if cpfs is None:
                return False
        made = list(map(Candidate, registrations, names, positions, scores, repeat(None), births, cpfs, sexes,
                        options, statuses, lines))
        held = list(map(self.first.setdefault, registrations, made))
        if not all(map(is_, held, made)):  # a repeated inscrição: the row loop reports it
            for registration, candidate, holder in zip(registrations, made, held):
                if holder is candidate:
                    del self.first[registration]
            return False
        if rank_i is not None or choice_i is not None or self.extra_at is not None:
            for candidate, row in zip(made, rows):  # per row, in the row loop's order: rank, choice, ties
                if rank_i is not None:
                    candidate.rank = self._rank(row[rank_i], candidate.position, candidate.status, candidate.line)
                if choice_i is not None and row[choice_i]:
                    candidate.choice = memo.choice(row[choice_i], candidate.line)
                if self.extra_at is not None:
                    candidate.tie = self._ties(row, candidate.line)
        candidates.extend(made)
        return True

    def _slow(self, block: Iterable[tuple[int, list[str]]], candidates: list[Candidate]) -> None:
        """The row loop: cheap dictionary hits for the usual cells, parsers only for the rest."""
        table, memo = self.table, self.memo
        index, width, key, header_words = table.index, len(table.header), table.key, table.header_words
        reg_i, name_i, code_i, score_i = (index[c] for c in COLUMNS.required)
        rank_i, birth_i, cpf_i, sex_i, negro_i, pcd_i, indig_i, quil_i, status_i, choice_i = (
            index.get(c) for c in COLUMNS.optional)
        first, codes = self.first, self.codes
        scores, births, flags, statuses, sexes = memo.scores, memo.births, memo.flags, memo.statuses, memo.sexes
        for line, row in block:
            if (len(row) != width or not row[key] or row[key] in header_words or not row[name_i]
                    or _footer_text(row[reg_i])):
                if self._footer(line, row, reg_i):
                    continue
                row = table.tidy(line, row)
                if row is None:
                    continue
            registration = row[reg_i].strip()
            name = row[name_i].strip()
            if not name.isprintable():  # NUL, tabs, U+202E…: never published (one C-level check in the usual case)
                name = one_line(name)
            code = codes.get(row[code_i]) if codes is not None else row[code_i].strip()
            if code is None:
                code = self._code(row[code_i], line)
            status = APPROVED if status_i is None else statuses.get(row[status_i]) or memo.status(row[status_i], line)
            score = scores.get(row[score_i]) or memo.score(row[score_i], status, line)
            options = 0
            if negro_i is not None:
                bit = flags.get(row[negro_i])
                options = 4 * (memo.flag(row[negro_i], "negro", line) if bit is None else bit)
            if pcd_i is not None:
                bit = flags.get(row[pcd_i])
                options += 2 * (memo.flag(row[pcd_i], "pcd", line) if bit is None else bit)
            if indig_i is not None:
                bit = flags.get(row[indig_i])
                options += memo.flag(row[indig_i], "indigena", line) if bit is None else bit
            if quil_i is not None:
                bit = flags.get(row[quil_i])
                options += 8 * (memo.flag(row[quil_i], "quilombola", line) if bit is None else bit)
            rank = None if rank_i is None else self._rank(row[rank_i], code, status, line)
            birth = sex = None
            if birth_i is not None:
                birth = births.get(row[birth_i], MISSING)
                if birth is MISSING:
                    birth = memo.birth(row[birth_i], line)
            if sex_i is not None:
                sex = sexes.get(row[sex_i], MISSING)
                if sex is MISSING:
                    sex = memo.sex(row[sex_i], line)
            cpf = None if cpf_i is None else cell_cpf_digits(row[cpf_i])
            if cpf is False:
                cpf = memo.cpf(row[cpf_i], line)
            if not registration or not name:
                self._blank(registration, name, line)
            candidate = Candidate(registration, name, code, score, rank, birth, cpf, sex, _OPTS[options], status, line)
            if choice_i is not None and row[choice_i]:
                candidate.choice = memo.choice(row[choice_i], line)
            if self.extra_at is not None:
                candidate.tie = self._ties(row, line)
            candidates.append(candidate)
            if first.setdefault(registration, candidate) is not candidate:
                self.duplicates.setdefault(registration, [first[registration].line]).append(line)

    def _ties(self, row: list[str], line: int) -> tuple:
        """The tie-break cells of a row, each by its column's parser (tiebreak.parser): exact decimals at the
        exam's places or S/N (1/0), a score only (a published column), a draw number, an hour of birth; a column
        absent from the file, or an empty cell, is None (an error only if a tie needs it: tiebreak.decide)."""
        values = []
        for column, i, parse, memo in zip(self.extra, self.extra_at, self.tie_parsers, self.tie_memo):
            text = row[i] if i is not None else ""
            value = memo.get(text, MISSING)
            if value is MISSING:
                try:
                    value = parse(text)
                except ValueError as error:
                    self.rows.add(line, column, str(error))
                    value = None
                else:
                    if len(memo) < MEMO_LIMIT:
                        memo[text] = value
            values.append(value)
        return tuple(values)

    def _footer(self, line: int, row: list[str], reg_i: int) -> bool:
        """Whether the row is a footer, a total or a single loose cell (remembered and reported, never read)."""
        filled = [cell for cell in row if cell.strip()]
        if not filled:
            return False  # a blank row: skipped by `tidy`
        registration = row[reg_i] if reg_i < len(row) else ""
        if _footer_text(filled[0]) and (not registration.strip() or _footer_text(registration)):
            self.footers.append((line, filled[0]))
            return True
        if len(filled) == 1 and len(self.table.header) > 1:
            self.loose.append((line, filled[0]))
            return True
        return False

    def _code(self, written: str, line: int) -> str:
        """The cargo through the forgiving lookup (code or name); an unknown, empty or ambiguous one is remembered
        for a grouped message."""
        key = fold(written)
        code = self.codes.get(written.strip()) or self.codes.get(key)
        if code is None:
            code = written.strip()
            owners = getattr(self.codes, "ambiguous", {}).get(key)
            if not code:
                self.rows.add(line, "cargo", "o cargo está vazio. Informe o código ou o nome do cargo, como em "
                              f"certame.toml: {self._known()}.")
            elif owners:
                self.ambiguous_codes.setdefault((code, tuple(owners)), []).append(line)
            else:
                self.unknown_codes.setdefault(code, []).append(line)
        return code

    def _known(self) -> str:
        """The cargos of certame.toml, each with its name: «ADM (Agente Administrativo) e GCM (…)»."""
        names = getattr(self.codes, "names", {})
        codes = sorted(set(self.codes.values()))
        return join_words([f"{c} ({names[c]})" if c in names else c for c in codes])

    def _rank(self, written: str, code: str, status: str, line: int) -> int | None:
        try:
            rank = parse_rank(written)
        except BadCell as error:
            self.rows.add(line, "classificacao", str(error))
            return None
        return self._ranked(rank, code, status, line)

    def _ranked(self, rank: int | None, code: str, status: str, line: int) -> int | None:
        """A read rank remembered for the problems across rows (a repeated rank, a cargo only partly ranked)."""
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

    def report_groups(self, candidates: list[Candidate] | None = None) -> None:
        """Problems that involve several rows: repeated inscrições and ranks, unknown cargos, partial ranks; and the
        footer, total and loose rows (a loose cell after the last candidate is a footer too)."""
        problems, file = self.rows.problems, self.table.file
        last = candidates[-1].line if candidates else 0
        for line, cell in self.footers:
            self.rows.add(line, None, f"esta linha parece ser um rodapé ou total{_quoted(cell)}, e não um "
                          "candidato: apague-a.")
        for line, cell in self.loose:
            if line > last:
                self.rows.add(line, None, f"esta linha parece ser um rodapé ou total{_quoted(cell)}, e não um "
                              "candidato: apague-a.")
            else:
                self.rows.add(line, None, f"esta linha tem um só campo preenchido{_quoted(cell)}. Se é um "
                              "candidato, complete as outras colunas; se não, apague-a.")
        for registration, lines in self.duplicates.items():
            if registration:
                problems.add(file, f"a inscrição {registration} aparece {len(lines)} vezes. Cada inscrição deve "
                             "aparecer uma única vez: apague a linha repetida ou corrija o número.", _few(lines))
        known = self._known() if self.codes else ""
        names = getattr(self.codes, "names", {})
        for code, lines in self.unknown_codes.items():
            problems.add(file, f"o cargo «{code}» não está em certame.toml. Cargos cadastrados: {known}. A coluna "
                         f"«cargo» pode trazer o código ou o nome do cargo, como em [[cargos]].{_close(code, names)} "
                         f"Corrija a coluna ou acrescente o cargo em [[cargos]].{_total(lines)}", _few(lines), "cargo")
        for (code, owners), lines in self.ambiguous_codes.items():
            problems.add(file, f"o cargo «{code}» pode ser {join_words(list(owners), 'ou')}: em certame.toml, mais de "
                         "um cargo tem esse código ou nome (sem contar maiúsculas, acentos e espaços). Escreva na "
                         f"coluna «cargo» o código exato do cargo.{_total(lines)}", _few(lines), "cargo")
        for (code, rank), lines in self.rank_lines.items():
            if len(lines) > 1:
                problems.add(file, f"a classificação {rank} aparece {len(lines)} vezes no cargo «{code}». Cada "
                             "candidato do cargo deve ter uma classificação diferente.", _few(lines), "classificacao")
        for code, lines in self.unranked.items():
            if code in self.ranked_codes:
                problems.add(file, f"no cargo «{code}», estes candidatos aprovados estão sem classificação, mas "
                             "outros têm. Preencha a coluna «classificacao» de todos os aprovados do cargo, ou "
                             f"apague-a.{_total(lines)}", _few(lines), "classificacao")


def _quoted(cell: str) -> str:
    """« («Total: 83»)» for a cell with letters, cut short; nothing for digits alone (a CPF pasted there)."""
    text = " ".join(cell.split())
    if not any(c.isalpha() for c in text):
        return ""
    return f" («{text if len(text) <= 40 else text[:39] + '…'}»)"


def _close(written: str, names: dict[str, str]) -> str:
    """« Você quis dizer GCM (Guarda Civil Municipal)?» when the cell is near a cargo's code or name."""
    import difflib
    options = {fold(text): code for code, name in names.items() for text in (code, name)}
    close = difflib.get_close_matches(fold(written), list(options), n=1, cutoff=0.75)
    if not close:
        return ""
    code = options[close[0]]
    name = names.get(code)
    if not name:
        return f" Você quis dizer {code}?"
    return (f" Você quis dizer {code} ({name})? Se é esse cargo, escreva na coluna «cargo» {code} ou {name}, ou mude "
            f"o nome do cargo {code} em certame.toml para o que a banca usa.")


def _lost_zeros(table: Table, first: dict[str, Candidate], problems: Collector) -> None:
    """Inscrições that lost their leading zeros (issue 18): frozen into a PDF as 25000246, «025000246» then «não
    consta». XLSX number cells in the inscrição column are named; otherwise all-digit inscrições of different
    lengths, the shorter ones. O(n) at C speed when all lengths agree (the usual file)."""
    fix = ("Formate a coluna «inscricao» como texto na planilha (selecione a coluna → Formatar células → Texto), "
           "redigite essas inscrições com os zeros à esquerda, como a banca as emitiu, e salve de novo. Se as "
           "inscrições deste certame não têm zeros à esquerda, escreva inscricoes_sem_zeros = true em "
           "certame.toml.")
    if table.numeric_keys:
        lines = table.numeric_keys
        where = "está gravada" if len(lines) == 1 else f"está gravada em {count(len(lines))} linhas"
        problems.add(table.file, f"a inscrição {where} como número, e não como texto, na planilha: um número perde os "
                     "zeros à esquerda (025000246 vira 25000246), e a inscrição publicada seria outra. "
                     f"{fix}{_total(lines)}", _few(lines), "inscricao")
        return
    if len(set(map(len, first))) < 2:
        return
    digits = [r for r in first if r.isdigit() and r.isascii()]
    lengths = set(map(len, digits))
    if len(lengths) < 2:
        return
    top = max(lengths)
    short = sorted((first[r].line, r) for r in digits if len(r) < top)
    lines = [line for line, _ in short]
    example = min(short, key=lambda s: (-len(s[1]), s[0]))[1]
    many = len(short) > 1
    problems.add(table.file, f"{'estas inscrições têm' if many else 'a inscrição ' + example + ' tem'} menos "
                 f"algarismos que as outras, que têm {top}: parece{'m' if many else ''} ter perdido zeros à "
                 f"esquerda ({example.zfill(top)} vira {example} quando a planilha trata a inscrição como número). "
                 f"{fix}{_total(lines)}", _few(lines), "inscricao")


def _quiet(parse: Callable[[str], object], text: str) -> object:
    """parse(text), or MISSING where the row loop would report a problem (BadCell, or tiebreak's ValueError)."""
    try:
        return parse(text)
    except ValueError:  # BadCell is a ValueError
        return MISSING


def _quiet_bit(memo: _Memo, text: str, column: str) -> int | object:
    """A flag's bit, or MISSING where the row loop would report it."""
    bit = memo.flags.get(text)
    if bit is None:
        bit = _quiet(lambda t: int(cells.parse_flag(t, column)), text)
    return bit


def _memo_hit(memo: dict, text: str, quiet: Callable[[str], object]) -> object:
    """memo's value for text (None included), else quiet(text)."""
    value = memo.get(text, MISSING)
    return quiet(text) if value is MISSING else value


def _resolved(values: list, miss: object, texts, quiet: Callable[..., object]) -> list | None:
    """A column's memo hits with each miss (`miss`) parsed by `quiet`; None when a cell is not a usual one."""
    if not all(map(is_not, values, repeat(miss))):
        for i, value in enumerate(values):
            if value is miss:
                value = values[i] = quiet(texts[i])
                if value is MISSING:
                    return None
    return values


def _decimal_text(value: Decimal) -> str:
    """100 or 9,5: a limit as people write it."""
    return format(value.normalize(), "f").replace(".", ",")


def _few(lines: list[int]) -> tuple[int, ...]:
    return tuple(lines[:LINES_SHOWN])


def _total(lines: list[int]) -> str:
    """A closing remark when the location lists only the first lines."""
    if len(lines) <= LINES_SHOWN:
        return ""
    return f" São {count(len(lines))} linhas ao todo; acima, as primeiras {LINES_SHOWN}."


class _Memo:
    """Parsed values of the usual cell texts, memoised: a million rows hold a few thousand distinct scores and dates.

    Scores and statuses are always true values, so `d.get(text) or slow()` is one test; flags, dates and sexes can
    be false or None, so their misses are told apart with None or MISSING. The slow methods parse, remember good
    texts and report bad ones.
    """

    def __init__(self, rows: RowProblems, places: int, max_score: Decimal,
                 statuses: dict[str, str] | None = None) -> None:
        self.rows = rows
        self.places, self.step, self.max_score = places, Decimal(1).scaleb(-places), max_score
        self.empty_score: Callable[[int], str | None] = lambda line: None  # why a score cell reads empty
        self.scores: dict[str, Decimal] = {}
        self.births: dict[str, date | None] = {"": None}
        self.flags = {text: int(on) for text, on in cells.FLAG_TEXTS.items()}
        self.extra_statuses = statuses or {}  # certame.toml [situacoes]: word → rotulo
        self.statuses = dict(cells.STATUS_TEXTS)
        self.sexes = dict(cells.SEX_TEXTS)
        self.options: dict[tuple[str, ...], frozenset[str]] = {}  # (negro, pcd, indigena, quilombola) cells → reserves

    # The quiet parsers of the fast path (_Reader._fast): the value, or MISSING where the loud method below would
    # report a problem (the block then goes through the row loop, which reports it).

    def quiet_score(self, text: str, status: str) -> Decimal | object:
        try:
            value = cells.parse_score(text)
        except cells.BadCell:
            return MISSING if status == APPROVED or text.strip() else NO_SCORE
        if not 0 <= value <= self.max_score or value != value.quantize(self.step):
            return MISSING
        if value:
            self._remember(self.scores, text, value)
        return value

    def quiet_options(self, texts: tuple[str, ...]) -> frozenset[str] | object:
        """The reserves opted for, from the negro, pcd, indigena and quilombola cells ("" for an absent column)."""
        bits = 0
        for text, (column, weight) in zip(texts, _WEIGHTS):
            bit = self.flags.get(text)
            if bit is None:
                try:
                    bit = int(cells.parse_flag(text, column))
                except cells.BadCell:
                    return MISSING
                self._remember(self.flags, text, bit)
            bits += weight * bit
        self._remember(self.options, texts, _OPTS[bits])
        return _OPTS[bits]

    def quiet_status(self, text: str) -> str | object:
        return self._quiet(lambda t: cells.parse_status(t, self.extra_statuses), self.statuses, text)

    def quiet_birth(self, text: str) -> date | None | object:
        return self._quiet(cells.parse_birth, self.births, text)

    def quiet_sex(self, text: str) -> str | None | object:
        return self._quiet(cells.parse_sex, self.sexes, text)

    def _quiet(self, parse: Callable[[str], object], memo: dict, text: str) -> object:
        """parse(text), remembered in `memo`; MISSING where it would report a problem."""
        try:
            value = parse(text)
        except cells.BadCell:
            return MISSING
        self._remember(memo, text, value)
        return value

    def _remember(self, memo: dict, text: str, value: object) -> None:
        if len(memo) < MEMO_LIMIT:
            memo[text] = value

    def score(self, text: str, status: str, line: int) -> Decimal:
        try:
            value = cells.parse_score(text)
        except cells.BadCell as error:
            if status == APPROVED or text.strip():
                self.rows.add(line, "nota", (not text and self.empty_score(line)) or str(error))
            return NO_SCORE
        if not 0 <= value <= self.max_score:
            self.rows.add(line, "nota", f"a nota «{text.strip()}» está fora da escala do certame, de 0 a "
                          f"{_decimal_text(self.max_score)} (nota_maxima em certame.toml). Confira se não se perdeu "
                          "a vírgula decimal (855 em vez de 85,5).")
            return NO_SCORE
        if value != value.quantize(self.step):
            digits = -value.normalize().as_tuple().exponent
            self.rows.add(line, "nota", f"a nota «{text.strip()}» tem {digits} casas decimais, e o certame usa "
                          f"{self.places} (casas_decimais em certame.toml). Confira a nota; se o edital dá notas "
                          f"com mais casas, escreva casas_decimais = {digits} em certame.toml.")
            return NO_SCORE
        if value:
            self._remember(self.scores, text, value)
        return value

    def flag(self, text: str, column: str, line: int) -> int:
        try:
            value = int(cells.parse_flag(text, column))
        except cells.BadCell as error:
            self.rows.add(line, column, str(error))
            return 1  # taken as opted, so the commission's row for this reserve raises no second, misleading problem
        self._remember(self.flags, text, value)
        return value

    def status(self, text: str, line: int) -> str:
        try:
            value = cells.parse_status(text, self.extra_statuses)
        except cells.BadCell as error:
            self.rows.add(line, "situacao", str(error))
            return APPROVED
        self._remember(self.statuses, text, value)
        return value

    def birth(self, text: str, line: int) -> date | None:
        try:
            value = cells.parse_birth(text)
        except cells.BadCell as error:
            self.rows.add(line, "nascimento", str(error))
            return None
        self._remember(self.births, text, value)
        return value

    def cpf(self, text: str, line: int) -> None:
        """Report an invalid CPF (CPFs are all different: nothing to remember)."""
        try:
            cells.parse_cpf(text)
        except cells.BadCell as error:
            self.rows.add(line, "cpf", str(error))

    def choice(self, text: str, line: int) -> str | None:
        try:
            return cells.parse_choice(text)
        except cells.BadCell as error:
            self.rows.add(line, "escolha", str(error))
            return None

    def sex(self, text: str, line: int) -> str | None:
        try:
            value = cells.parse_sex(text)
        except cells.BadCell as error:
            self.rows.add(line, "sexo", str(error))
            return None
        self._remember(self.sexes, text, value)
        return value
