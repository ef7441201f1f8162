"""The incremental build verifies what it reuses (issue 22 item 2): whatever happened to site/ and its cache since the
last build — pages edited, deleted, added by hand, the whole site restored from an older backup, cache entries
broken — the next build is byte for byte the site a full build from scratch makes, with SOURCE_DATE_EPOCH or
without it."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from generator import synth
from generator.build import build

ROOT = Path(__file__).resolve().parents[1]
EPOCH = "1718000000"
pytestmark = pytest.mark.slow


def _tree(path: Path) -> dict[str, str]:
    return {str(p.relative_to(path)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.rglob("*")) if p.is_file()}


def _content(base: Path, version: int) -> Path:
    """A published example (MS) and a synthetic exam not yet published, whose first score `version` changes."""
    content = base / f"content-{version}"
    (content / "certames").mkdir(parents=True)
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    shutil.copytree(ROOT / "content" / "certames" / "ms-2024-pss", content / "certames" / "ms-2024-pss")
    exam = content / "certames" / "sintetico"
    synth.write_exam(exam, candidates=300, positions=2, vacancies=10, seed=11)
    path = exam / "candidatos.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    sep = ";" if ";" in lines[0] else ","
    header = lines[0].rstrip("\n").split(sep)
    cells = lines[1].rstrip("\n").split(sep)
    column = next(k for k, h in enumerate(header) if h.strip().lower() in ("nota", "nota_final"))
    cells[column] = "50,00" if version == 1 else "51,00"
    if sep == "," and "," in cells[column]:
        cells[column] = cells[column].replace(",", ".")
    lines[1] = sep.join(cells) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    return content


class _Epoch:
    def __init__(self, value: str | None):
        self.value, self.before = value, os.environ.get("SOURCE_DATE_EPOCH")

    def __enter__(self):
        if self.value is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = self.value

    def __exit__(self, *exc):
        if self.before is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = self.before


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """Contents 1 and 2; for each epoch setting: a full build of 2 (the reference), and the state after building 1
    then 2 incrementally (site, cache and the backup of site 1)."""
    base = tmp_path_factory.mktemp("incremental")
    contents = {v: _content(base, v) for v in (1, 2)}
    states = {}
    for epoch in (EPOCH, None):
        tag = epoch or "sem-epoch"
        with _Epoch(epoch):
            build(contents[2], base / tag / "ref" / "site", pdf=False)
            work = base / tag / "estado" / "site"
            build(contents[1], work, pdf=False)
            shutil.copytree(work, base / tag / "backup-1", symlinks=True)
            build(contents[2], work, pdf=False)
        states[epoch] = (_tree(base / tag / "ref" / "site"), work.parent, base / tag / "backup-1")
    return contents, states


OPS = ("editar", "apagar", "acrescentar", "restaurar", "quebrar-cache", "apagar-cache")


def _apply(op: str, pick: int, site: Path, cache: Path, backup: Path) -> None:
    files = sorted(p for p in site.rglob("*") if p.is_file())
    exam_files = [p for p in files if "certames" in p.parts] or files
    target = exam_files[pick % len(exam_files)]
    if op == "editar":
        target.write_bytes(target.read_bytes() + b"<!-- alterado a mao -->")
    elif op == "apagar":
        target.unlink()
    elif op == "acrescentar":
        (target.parent / f"forjado-{pick % 7}.html").write_text("<p>página forjada</p>", encoding="utf-8")
    elif op == "restaurar":  # the site put back from a backup of the previous version, the cache left beside it
        shutil.rmtree(site)
        shutil.copytree(backup, site, symlinks=True)
    elif op == "quebrar-cache":
        entries = sorted(cache.rglob("entrada.json"))
        if entries:
            entry = entries[pick % len(entries)]
            text = entry.read_bytes()
            entry.unlink()
            entry.write_bytes(text[: len(text) // 2])
    elif op == "apagar-cache":
        shutil.rmtree(cache, ignore_errors=True)


@settings(max_examples=8, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 10**6)), min_size=1, max_size=3),
       with_epoch=st.booleans())
def test_any_damage_to_site_and_cache_then_a_build_equals_a_full_build(world, tmp_path_factory, ops, with_epoch):
    contents, states = world
    epoch = EPOCH if with_epoch else None
    reference, state, backup = states[epoch]
    work = tmp_path_factory.mktemp("dano")
    shutil.copytree(state, work / "pub", symlinks=True)  # site/ and its cache beside it
    site, cache = work / "pub" / "site", work / "pub" / ".site.gazeta-cache"
    for op, pick in ops:
        _apply(op, pick, site, cache, backup)
    with _Epoch(epoch):
        build(contents[2], site, pdf=False)
    assert _tree(site) == reference, f"depois de {ops}, o site difere de uma geração completa"


def test_a_newer_exam_leaves_the_reused_exam_as_a_full_build_makes_it_without_epoch(tmp_path):
    """Without SOURCE_DATE_EPOCH, adding a newer exam must not change the bytes (XLSX, zip, SHA256SUMS) of the
    reused one: each exam's files carry its own date, never the build's newest."""
    first = tmp_path / "um"
    (first / "certames").mkdir(parents=True)
    shutil.copytree(ROOT / "content" / "jurisdicoes", first / "jurisdicoes")
    shutil.copytree(ROOT / "content" / "certames" / "lins-2024-gcm", first / "certames" / "lins-2024-gcm")
    with _Epoch(None):
        site = tmp_path / "site"
        build(first, site, pdf=False)
        shutil.copytree(ROOT / "content" / "certames" / "ms-2024-pss", first / "certames" / "ms-2024-pss")
        build(first, site, pdf=False)  # Lins reused, MS (newer) added
        fresh = tmp_path / "fresh"
        build(first, fresh, pdf=False)
    assert _tree(site) == _tree(fresh)
