"""One exam through the pipeline: check → allocate → view → render (open data, PDF), or copy what is archived.

`build` (the whole site), `publish` (freezing acts) and `serve` (preview) are thin callers of these steps.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable, Iterable

from .law.calls import apply as apply_calls
from .acts.model import CALL
from .errors import InputError, Problem
from .law.rules import find_rules_dir, rules_for
from .load import exam_slug, load_exam
from .memory import paused_gc
from .processes import Forked
from .results import ExamResult, compute
from .tiebreak import column_kinds


def prepare(exam_dir: Path, rules_dir: Path | None = None, project: bool = True, trust=None) -> ExamResult:
    """The allocated exam, or InputError with every problem found — among them, working files that are no longer
    those of the last published act while no new act is declared (generator/record.py). `trust`: the build's
    verified archive files (store.archive.Trust; none: every file read is hashed)."""
    from . import record
    from .store import archive

    records = archive.read(exam_dir, verify=False)  # manifests only: the files are verified where they are used
    with paused_gc():  # see results.compute: nothing cyclic to collect among a million candidates
        try:
            exam = load_exam(exam_dir, lambda meta: _tie_columns(meta, rules_dir or find_rules_dir(exam_dir)))
        except InputError as error:
            raise InputError(error.problems + _rule_problems(error, rules_dir, exam_dir)) from None
        rules = rules_for(exam.jurisdiction, rules_dir or find_rules_dir(exam_dir), exam.publication.date,
                          exam.notice_date)
        acts = getattr(exam, "acts", None) or []
        over_time = bool(exam.events) or any(a.kind == CALL for a in acts)
        waiting = record.waiting(acts, records)
        as_published = bool(records) and not waiting  # compared with the published result, cadastro included
        # convocações walk the projected order beyond V, so `check` projects too when there are any
        result, problems = compute(exam, rules, project=project or over_time or as_published)
    if problems:
        raise InputError(problems)
    frozen = _published(acts, records, trust)
    if over_time:
        result.timelines = apply_calls(result, acts, exam.events, frozen)  # InputError with every problem
    if records:  # a published act changed or left [[atos]]: that precise message first
        record.pending(acts, records)
    if as_published and (problems := record.standing(exam_dir, result, records, waiting)):
        raise InputError(problems)
    result.corrected = _corrected(records, "nota" in result.rules.public_fields)
    return result


def _corrected(records: list, scores: bool) -> dict:
    """The rows each archived retificação changed (generator/corrected.py), from the result contracts archived
    just before it and by it: what was published. The build verifies those files against their manifests before
    anything is written (build.archived), so a changed contract stops it there."""
    from .acts.model import CORRECTING_KINDS
    from .corrected import Step, marks

    if not any(r.act.get("tipo") in CORRECTING_KINDS for r in records):
        return {}
    steps, before = [], None
    for r in records:  # in publication order
        after = r.contract()
        if r.act.get("tipo") in CORRECTING_KINDS and before is not None and after is not None:
            steps.append(Step(r.act, r.slug, before, after))
        before = after if after is not None else before
    return marks(steps, scores)


def _published(acts: list, records: list, trust=None) -> dict:
    """What the archived acts published (store/frozen.py): whom each archived convocação called, replayed as it
    was; a published act that certame.toml now declares differently is an InputError (check, build, publicar)."""
    from .store.frozen import read

    if not acts or not records:
        return {}
    calls, problems = read(records, acts, trust)
    if problems:
        raise InputError(problems)
    return calls


def _tie_columns(meta, rules_dir: Path) -> dict[str, str]:
    """The board's columns the rule file's tie-break criteria read (none when the rules cannot be read: their
    problems are reported with the jurisdiction's, below)."""
    try:
        rules = rules_for(meta.jurisdiction, rules_dir)
    except InputError:
        return {}
    return column_kinds(rules.tiebreak)


def _rule_problems(error: InputError, rules_dir: Path | None, exam_dir: Path) -> list[Problem]:
    """The rules' own problems (unknown jurisdiction, dates outside their validity) for an exam whose files have
    problems too, so a second run does not reveal them (issue 11: every problem at once)."""
    meta = getattr(error, "exam_file", None)
    if meta is None or meta.jurisdiction is None:
        return []
    publication = meta.publication.date if meta.publication is not None else None
    try:
        rules_for(meta.jurisdiction, rules_dir or find_rules_dir(exam_dir), publication, meta.notice_date)
    except InputError as rule_error:
        return [p for p in rule_error.problems if p not in error.problems]
    return []


def exam_dirs(content_dir: Path) -> list[Path]:
    """Exam folders under content/certames/ (or the folder itself when it is one), in a stable order."""
    if (content_dir / "certame.toml").is_file():
        return [content_dir]
    root = content_dir / "certames" if (content_dir / "certames").is_dir() else content_dir
    return sorted(p.parent for p in root.glob("*/certame.toml"))


def name_problems(folders: list[Path]) -> list[Problem]:
    """Two exam folders that would publish under the same certames/<nome>/ (same resolved folder, or names equal
    once slugified): one would silently overwrite the other, so both are refused."""
    by_slug: dict[str, list[Path]] = {}
    for folder in folders:
        by_slug.setdefault(exam_slug(folder), []).append(folder)
    problems = []
    for slug, same in by_slug.items():
        if len(same) > 1:
            names = " e ".join(f"«{f.name}»" for f in same)
            problems.append(Problem(same[0].name, f"as pastas {names} seriam publicadas no mesmo endereço, "
                                    f"certames/{slug}/, e uma apagaria a outra. Renomeie uma delas (ou apague a "
                                    "cópia, se for um atalho para a mesma pasta)."))
    return problems


def located(folder: Path, problems: list[Problem]) -> list[Problem]:
    """The problems of one exam among several, each file prefixed with its exam folder."""
    return [Problem(f"{folder.name}/{p.file}", p.message, p.line, p.column) for p in problems]


def prepare_each(folder: Path, rules_dir: Path | None = None, project: bool = True) -> list[ExamResult]:
    """Every exam of a content folder (or the one exam folder given); InputError lists the problems of all of them,
    each located in its exam folder."""
    folders = exam_dirs(Path(folder))
    if folders == [Path(folder)] or not folders:
        return [prepare(folder, rules_dir, project)]
    problems, results = name_problems(folders), []
    for exam_dir in folders:
        try:
            results.append(prepare(exam_dir, rules_dir, project))
        except InputError as error:
            problems.extend(located(exam_dir, error.problems))
    if problems:
        raise InputError(problems)
    return results


def documents(exam: dict, positions: Callable[[], Iterable[dict]], out_dir: Path, name: str, url: str, *,
              with_data: bool = True, beside: bool = False) -> tuple[dict | None, dict | None]:
    """Render open data (into out_dir/dados, when `with_data`) and the gazette PDF out_dir/name, which embeds
    them and prints their hash; (data, pdf) — pdf None when the PDF renderer is not installed. The PDF info gives
    its link, page count and the printed page range of each section.

    `beside` (the site build, on a machine with more than one core): the open data is written by a forked process
    while this one lays out the PDF, whose pages are drawn once the data's hash is known (issue 14: the PDF no
    longer waits for the whole data pass). The bytes are the same either way."""
    from .render.data import write_open_data

    build_pdf = pdf_renderer()
    out_dir = Path(out_dir)
    if not (beside and with_data and build_pdf is not None and (os.cpu_count() or 1) > 1
            and os.environ.get("GAZETA_PROCESSOS") != "1"):
        data = write_open_data(exam, positions(), out_dir / "dados") if with_data else None
        if build_pdf is None:
            return data, None
        info = build_pdf(exam, positions(), out_dir / name, attachments=_attachments(data),
                         data_sha256=data["datapackage_sha256"] if data else "", permanent_url=url)
        return data, _pdf_link(name, info)
    # The child hands over the package (what the PDF embeds and prints) as soon as it is written, then writes the
    # spreadsheets, the zip and SHA256SUMS while the PDF is drawn.
    with Forked(lambda tell: write_open_data(exam, positions(), out_dir / "dados", early=tell),
                early=True) as data_job:
        info = build_pdf(exam, positions(), out_dir / name, attachments=lambda: _attachments(data_job.first()),
                         data_sha256=lambda wait: data_job.first()["datapackage_sha256"]
                         if wait or data_job.ready() else None, permanent_url=url)
        data = data_job.get()
    return data, _pdf_link(name, info)


def _attachments(data: dict | None) -> list[Path]:
    """The open data files the PDF embeds: every CSV and JSON, then the package descriptor."""
    if not data:
        return []
    return [Path(f[k]) for f in data["files"].values() for k in ("csv", "json")] + [data["datapackage"]]


def _pdf_link(name: str, info: dict) -> dict:
    return {"href": name, "name": name, "pages": info.get("pages"), "ranges": info.get("ranges", {})}


COAT_OF_ARMS = ("brasao.svg", "brasao.png")  # in the exam folder; else jurisdicoes/<id>.svg or .png
_SVG_EXTERNAL = re.compile(rb"""(?:href|src)\s*=\s*["'](?!#|data:image/)|@import|url\(\s*["']?(?!#|data:image/)""",
                           re.IGNORECASE)


def coat_of_arms(exam_dir: Path, jurisdiction: str, rules_dir: Path | None = None) -> str:
    """The coat of arms the masthead prints: the exam folder's brasao.svg/png (an entity other than the
    jurisdiction), else content/jurisdicoes/<id>.svg/png; '' when content/ has none. An SVG may not fetch anything
    (links to other files or addresses, @import): the PDF renderer would follow them."""
    from .law.rules import find_rules_dir

    folder = rules_dir or find_rules_dir(exam_dir)
    candidates = [Path(exam_dir) / name for name in COAT_OF_ARMS]
    candidates += [folder / f"{jurisdiction}{suffix}" for suffix in (".svg", ".png")]
    for path in candidates:
        if path.is_symlink():
            raise InputError([Problem(path.name, "o brasão não pode ser um link simbólico; copie o arquivo para a "
                                      "pasta.")])
        if not path.is_file():
            continue
        head = path.read_bytes()
        if path.suffix == ".png" and not head.startswith(b"\x89PNG\r\n\x1a\n"):
            raise InputError([Problem(path.name, "o brasão não é uma imagem PNG válida.")])
        if path.suffix == ".svg" and _SVG_EXTERNAL.search(head):
            raise InputError([Problem(path.name, "o brasão em SVG aponta para outro arquivo ou endereço "
                                      "(href, src, url() ou @import); use um SVG autocontido ou um PNG.")])
        return str(path.resolve())
    return ""


def pdf_renderer():
    """generator.render.pdf.build_pdf, or None when the PDF renderer is not installed."""
    try:
        from .render.pdf import build_pdf
    except ImportError:
        return None
    return build_pdf
