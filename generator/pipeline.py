"""Load an exam folder, find its rules and allocate: the legal core end to end."""

from __future__ import annotations

from pathlib import Path

from .acts.calls import apply as apply_calls
from .acts.model import CALL
from .errors import InputError
from .law.rules import find_rules_dir, rules_for
from .load import load_exam
from .memory import paused_gc
from .results import ExamResult, compute


def prepare(exam_dir: Path, rules_dir: Path | None = None, project: bool = True) -> ExamResult:
    """The allocated exam, or InputError with every problem found."""
    with paused_gc():  # see results.compute: nothing cyclic to collect among a million candidates
        exam = load_exam(exam_dir)
        rules = rules_for(exam.jurisdiction, rules_dir or find_rules_dir(exam_dir), exam.publication.date,
                          exam.notice_date)
        acts = getattr(exam, "acts", None) or []
        over_time = bool(exam.events) or any(a.kind == CALL for a in acts)
        # convocações walk the projected order beyond V, so `check` projects too when there are any
        result, problems = compute(exam, rules, project=project or over_time)
    if problems:
        raise InputError(problems)
    if over_time:
        result.timelines = apply_calls(result, acts, exam.events)  # InputError with every problem, or all of it
    return result


def exam_dirs(content_dir: Path) -> list[Path]:
    """Exam folders under content/certames/ (or the folder itself when it is one), in a stable order."""
    if (content_dir / "certame.toml").is_file():
        return [content_dir]
    root = content_dir / "certames" if (content_dir / "certames").is_dir() else content_dir
    return sorted(p.parent for p in root.glob("*/certame.toml"))
