"""Input loader: one exam folder (certame.toml, candidatos, comissão, desistências) into a checked `Exam`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from ..errors import Collector, InputError
from ..memory import paused_gc
from ..model import Candidate, Exam
from ..tiebreak import VALUE, column_kinds
from . import candidates, commission, withdrawals
from .exam_file import ExamFile, read_exam_file
from .table import Columns, Table, open_table

__all__ = ["load_exam", "exam_slug", "InputError"]

EXAM_FILE = "certame.toml"
PREAMBLE_FILE = "ato.md"
CANDIDATE_FILES = ("candidatos.csv", "candidatos.xlsx")
COMMISSION_FILE = "comissao.csv"
WITHDRAWALS_FILE = "desistencias.csv"
COLUMN_NAMES = tuple(dict.fromkeys(candidates.COLUMNS.all + commission.COLUMNS.all + withdrawals.COLUMNS.all))


def load_exam(folder: Path, tie_columns: Callable[[ExamFile], tuple[str, ...] | dict[str, str]] | None = None,
              ) -> Exam:
    """Read and check one exam folder; raises InputError listing every problem found. `tie_columns`: the board's
    columns the rules' tie-break criteria read, or a dict of them with how each is read (tiebreak.column_kinds;
    the edital's own [[desempate]] columns are always read)."""
    with paused_gc():  # the loader builds no reference cycles; collections cost a fifth of the load
        return _load(Path(folder), tie_columns)


def exam_slug(folder: Path) -> str:
    """The exam's name in URLs and data packages: its folder's resolved name, as lower-case ASCII words."""
    from ..paths import slugify
    return slugify(Path(folder).resolve().name)


def _load(folder: Path, tie_columns=None) -> Exam:
    """load_exam's body."""
    problems = Collector()
    if not folder.is_dir():
        problems.add(folder.name or str(folder), "a pasta do certame não foi encontrada. Confira o caminho.")
        problems.raise_if_any()
    files = _files(folder, problems)
    meta = _exam_file(folder, files, problems)
    if meta.tiebreak:
        kinds = column_kinds(meta.tie_criteria)
    else:
        found = tie_columns(meta) if tie_columns is not None else ()
        kinds = dict(found) if isinstance(found, dict) else dict.fromkeys(found, VALUE)
    extra = tuple(c for c in kinds if c and c not in COLUMN_NAMES)
    people, by_registration, people_file = _candidates(folder, files, meta, problems, extra, kinds)
    outcomes = _side_file(files, COMMISSION_FILE, commission, meta, problems,
                          lambda table: commission.read_commission(table, by_registration, people_file, problems))
    gave_up = _side_file(files, WITHDRAWALS_FILE, withdrawals, meta, problems,
                         lambda table: withdrawals.read_withdrawals(table, by_registration, people_file, problems))
    preamble = _preamble(files, problems)
    events = _events(folder, files, by_registration, meta, problems)
    if problems.problems:
        error = InputError(list(problems.problems))
        error.exam_file = meta  # so the caller can still check the rules the exam names (all problems at once)
        raise error
    return Exam(
        slug=exam_slug(folder), jurisdiction=meta.jurisdiction, title=meta.title, agency=meta.agency,
        notice=meta.notice, publication=meta.publication, positions=meta.positions, candidates=people,
        commission=outcomes, withdrawals=gave_up, source=folder, preamble_md=preamble, notice_date=meta.notice_date,
        events=events,
        acts=meta.acts, tie_columns=extra, tiebreak=meta.tiebreak,
        registration_end=meta.registration_end, statuses=meta.statuses,
    )


def _files(folder: Path, problems: Collector) -> dict[str, Path]:
    """The folder's regular files by lower-case name; a symbolic link is refused, never followed: `ato.md →
    candidatos.csv` would publish the CPFs, and a link may leave the folder."""
    files = {}
    for path in sorted(folder.iterdir()):
        if path.is_symlink():
            problems.add(path.name, "é um link simbólico, e os arquivos do certame não podem ser links (um link pode "
                         "apontar para outro arquivo, por exemplo a planilha com CPFs, e publicá-lo). Copie o arquivo "
                         "de verdade para a pasta no lugar do link.")
        elif path.is_file():
            files[path.name.lower()] = path
    return files


def _exam_file(folder: Path, files: dict[str, Path], problems: Collector) -> ExamFile:
    path = files.get(EXAM_FILE)
    if path is None:
        problems.add(EXAM_FILE, f"o arquivo não foi encontrado na pasta «{folder.name}». Ele descreve o certame "
                     "(jurisdição, título, publicação e cargos); crie-o a partir do certame.toml de um certame de "
                     "exemplo.")
        return ExamFile()
    return read_exam_file(path, COLUMN_NAMES, problems)


def _renames(meta: ExamFile, columns: Columns) -> dict[str, str]:
    return {ours: theirs for ours, theirs in meta.renames.items() if ours in columns.all}


def _candidates(folder: Path, files: dict[str, Path], meta: ExamFile, problems: Collector,
                extra: tuple[str, ...] = (), kinds: dict[str, str] | None = None,
                ) -> tuple[list[Candidate] | None, dict[str, Candidate] | None, str]:
    """The candidates and the same by inscrição, or None when their file is missing or unreadable; also the file's
    name for messages."""
    found = [files[name] for name in CANDIDATE_FILES if name in files]
    if not found:
        problems.add(CANDIDATE_FILES[0], f"o arquivo não foi encontrado na pasta «{folder.name}». Coloque ali a "
                     "planilha da banca como candidatos.csv ou candidatos.xlsx.")
        return None, None, CANDIDATE_FILES[0]
    if len(found) > 1:
        problems.add(found[0].name, "a pasta tem candidatos.csv e candidatos.xlsx. Deixe só um dos dois.")
        return None, None, found[0].name
    path = found[0]
    codes = candidates.code_lookup(meta.codes, meta.cargo_names) if meta.codes else None
    people = by_registration = None
    columns = Columns(candidates.COLUMNS.required, candidates.COLUMNS.optional + extra) if extra else candidates.COLUMNS
    with open_table(path, columns, _renames(meta, columns), problems, meta.places, meta.sheet,
                    meta.ignored) as table:
        if table is not None:
            _unmapped(table, meta, problems)
            people, by_registration = candidates.read_candidates(table, codes, problems, meta.places,
                                                                 meta.max_score, extra, meta.no_zeros, kinds,
                                                                 meta.statuses)
    if table is not None and table.broken:
        by_registration = None  # rows were lost: other files' inscrições cannot be checked against them
    elif people == []:
        problems.add(path.name, "não há nenhum candidato: o arquivo só tem o cabeçalho. Acrescente uma linha por "
                     "candidato.")
    return people, by_registration, path.name


def _unmapped(table: Table, meta: ExamFile, problems: Collector) -> None:
    """A header that resembles one of our columns but is not read (load/headers.py): once per file, line 1."""
    from .headers import unmapped
    for cell, message in unmapped(table.header, set(table.index.values()), meta.ignored, set(table.index)):
        problems.add(table.file, message, 1, " ".join(cell.split()))


def _side_file(files: dict[str, Path], name: str, module: ModuleType, meta: ExamFile, problems: Collector,
               read: Callable[[Table], list]) -> list:
    """An optional file (comissão, desistências): [] when absent."""
    path = files.get(name)
    if path is None:
        return []
    rows: list = []
    with open_table(path, module.COLUMNS, _renames(meta, module.COLUMNS), problems, meta.places) as table:
        if table is not None:
            rows = read(table)
    return rows


def _events(folder: Path, files: dict[str, Path], by_registration, meta: ExamFile, problems: Collector) -> list:
    """eventos.csv (load/events.py), read only when the candidates and cargos it refers to could be read."""
    from .events import FILE, load_events  # load.events reads tables through this package: import late
    if FILE not in files or by_registration is None or not meta.positions_ok:
        return []
    return load_events(folder, by_registration, meta.positions, problems)


def _preamble(files: dict[str, Path], problems: Collector) -> str:
    path = files.get(PREAMBLE_FILE)
    if path is None:
        return ""
    try:
        return path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = path.read_bytes()[: error.start].count(b"\n") + 1
        problems.add(path.name, "bytes ilegíveis: ato.md deve ser salvo em UTF-8. Abra-o no editor de texto e "
                     "salve com a codificação UTF-8.", line)
        return ""
