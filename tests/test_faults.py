"""Faults (issue 9, items 15, 16, 18): kills at random moments, the atomic swap and its recovery, concurrent builds,
full, read-only and mounted disks, and input errors under `gazeta serve`. Each fault ends in a Portuguese message,
no traceback, and a site/ that is exactly the previous one or exactly the new one."""

from __future__ import annotations

import errno
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from generator import build as pipeline
from generator import sitedir
from generator.build import build
from generator.cli import main
from generator.errors import FaultError
from generator.mkdocs_plugin import GazetaPlugin

ROOT = Path(__file__).resolve().parents[1]
EXAM = "ms-2024-pss"
EPOCH = "1718000000"


def _content(base: Path, title_suffix: str) -> Path:
    """A content folder with one example exam, its "sobre" page marked so two versions of the site differ."""
    content = base / "content"
    shutil.copytree(ROOT / "content", content)
    for other in (content / "certames").iterdir():
        if other.name != EXAM:
            shutil.rmtree(other)
    # An editorial page, not an exam input: a published exam's inputs cannot change without an act
    # (generator/record.py), so the two versions differ in the "sobre" page
    page = content / "sobre.md"
    page.write_text(page.read_text("utf-8") + f"\n{title_suffix}\n", encoding="utf-8")
    return content


def _tree(path: Path) -> dict[str, str]:
    """relative path → SHA-256 of every file (the identity of a site)."""
    return {str(p.relative_to(path)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.rglob("*")) if p.is_file()}


def _leftovers(site: Path) -> list[str]:
    """What killed builds leave beside site/: the new and old sites, the new incremental cache, the old one."""
    return sorted(p.name for p in site.parent.iterdir()
                  if p.name.startswith((".site-novo-", ".site-antigo-", ".site-cache-novo-", ".site.gazeta-cache.antigo-")))


@pytest.fixture(scope="module")
def versions(tmp_path_factory):
    """Two contents (A and B) and their reference sites, built without faults."""
    base = tmp_path_factory.mktemp("versoes")
    old_epoch = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        contents = {k: _content(base / k, f"(versão {k})") for k in "AB"}
        for k, content in contents.items():
            build(content, base / k / "ref", pdf=True)
    finally:
        if old_epoch is None:
            os.environ.pop("SOURCE_DATE_EPOCH")
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old_epoch
    return SimpleNamespace(content=contents, tree={k: _tree(base / k / "ref") for k in "AB"},
                           ref={k: base / k / "ref" for k in "AB"})


def _site_from(versions, version: str, tmp_path: Path) -> Path:
    site = tmp_path / "pub" / "site"
    site.parent.mkdir()
    shutil.copytree(versions.ref[version], site)
    return site


def _command(content: Path, site: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "generator.cli", "build", str(content), "--site", str(site), *extra]


def _env() -> dict:
    return {**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "CI": "1"}


def _python(code: str) -> subprocess.Popen:
    """A Python process running `code` from the project (its stderr piped: the caller closes it)."""
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=_env(), stderr=subprocess.PIPE, text=True)


def _run_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(), capture_output=True, text=True)


# -- kill -9 at random moments ------------------------------------------------------------------------------------
@pytest.mark.slow
def test_kill_at_random_moments_leaves_the_old_or_the_new_site(versions, tmp_path):
    site = _site_from(versions, "A", tmp_path)
    started = time.monotonic()
    subprocess.run(_command(versions.content["B"], site), cwd=ROOT, env=_env(), check=True, capture_output=True)
    duration = time.monotonic() - started
    assert _tree(site) == versions.tree["B"]
    rng = random.Random(915)
    outcomes = []
    for _ in range(8):
        current = "A" if _tree(site) == versions.tree["A"] else "B"
        target = "B" if current == "A" else "A"
        process = subprocess.Popen(_command(versions.content[target], site), cwd=ROOT, env=_env(),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(rng.uniform(0.05, duration * 1.1))
        os.killpg(process.pid, signal.SIGKILL)  # the build and any render worker it forked
        process.wait()
        tree = _tree(site)
        assert tree in (versions.tree[current], versions.tree[target]), "site/ não é nem o anterior nem o novo"
        outcomes.append((current, target, "novo" if tree == versions.tree[target] else "anterior"))
    # The next build removes whatever the killed ones left beside site/.
    build(versions.content["A"], site, pdf=False)
    assert _leftovers(site) == []
    assert {o[2] for o in outcomes} <= {"novo", "anterior"}


def _killed_at(versions, site: Path, hook: str) -> None:
    """Run a build of B in a subprocess that kills itself (SIGKILL) at `hook` inside the swap."""
    code = f"""
import os, signal, sys
from generator import sitedir
{hook}
os.environ["SOURCE_DATE_EPOCH"] = "{EPOCH}"
from generator.build import build
build(r"{versions.content['B']}", r"{site}", pdf=False)
"""
    process = _run_python(code)
    assert process.returncode == -signal.SIGKILL, process.stderr


def test_kill_right_after_the_exchange_leaves_the_new_site_and_a_leftover(versions, tmp_path):
    site = _site_from(versions, "A", tmp_path)
    hook = """
real = sitedir._exchange
def exchange(a, b):
    assert real(a, b)
    os.kill(os.getpid(), signal.SIGKILL)
sitedir._exchange = exchange
"""
    _killed_at(versions, site, hook)
    assert _tree(site) == _tree_without_pdf(versions, "B", tmp_path)
    assert len(_leftovers(site)) == 2  # the previous site, under the temporary name, and the unfinished cache
    for line in sitedir.recover(site):
        assert "removida(s) 2 pasta(s)" in line
    assert _leftovers(site) == []


def test_kill_after_the_swap_before_the_new_cache_is_in_place_renders_everything_next_time(versions, tmp_path):
    """The incremental cache of A must not survive a swap to B: A and B differ only in a title, so the sitemap (the
    cache's stamp) is the same, and a stale cache would hard-link B's exam pages into the next build of A."""
    site = tmp_path / "pub" / "site"
    site.parent.mkdir()
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        build(versions.content["A"], site, pdf=False)  # site A and its cache
    finally:
        os.environ.pop("SOURCE_DATE_EPOCH")
    assert (site.parent / ".site.gazeta-cache").is_dir()
    hook = """
real = sitedir.swap
def swap(new, target, **options):
    real(new, target, **options)
    os.kill(os.getpid(), signal.SIGKILL)
sitedir.swap = swap
"""
    _killed_at(versions, site, hook)
    assert _tree(site) == _tree_without_pdf(versions, "B", tmp_path)
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        build(versions.content["A"], site, pdf=False)
    finally:
        os.environ.pop("SOURCE_DATE_EPOCH")
    assert _tree(site) == _tree_without_pdf(versions, "A", tmp_path)
    assert _leftovers(site) == []


def _tree_without_pdf(versions, version: str, tmp_path: Path) -> dict[str, str]:
    reference = tmp_path / f"ref-{version}-sem-pdf"
    if not reference.exists():
        os.environ["SOURCE_DATE_EPOCH"] = EPOCH
        try:
            build(versions.content[version], reference, pdf=False)
        finally:
            os.environ.pop("SOURCE_DATE_EPOCH")
    return _tree(reference)


def test_kill_between_the_fallback_renames_is_recovered_at_the_next_build(versions, tmp_path, capsys, monkeypatch):
    """Where RENAME_EXCHANGE is missing, two renames: a kill between them leaves no site/, and the next build puts
    the previous site back before anything else."""
    site = _site_from(versions, "A", tmp_path)
    hook = """
sitedir._exchange = lambda a, b: False
real = os.rename
def rename(a, b):
    real(a, b)
    if os.path.basename(str(b)).startswith(".site-antigo-"):
        os.kill(os.getpid(), signal.SIGKILL)
os.rename = rename
"""
    _killed_at(versions, site, hook)
    assert not site.exists() and len(_leftovers(site)) == 3  # the old site, the finished new one, the new cache
    # The next build recovers the old site first; a failure in the middle of it then leaves exactly that site.
    monkeypatch.setattr(sitedir, "check_space", _fail)  # the first step after the recovery
    with pytest.raises(RuntimeError):
        build(versions.content["B"], site, pdf=False)
    assert _tree(site) == versions.tree["A"]
    assert _leftovers(site) == []
    assert "o site anterior voltou" in capsys.readouterr().err


def _fail(*_args, **_kwargs):
    raise RuntimeError("falha simulada")


def test_sigabrt_in_the_middle_leaves_a_folder_the_next_build_removes(versions, tmp_path):
    """A PDF save aborting the process (SIGABRT on a full disk) leaves its folder; the retry must not fail on it.
    The abort is injected once the pages are written (exams with published acts copy their archived PDF, so the PDF
    writer itself may not run)."""
    site = _site_from(versions, "A", tmp_path)
    hook = """
import os
import generator.render.site.pages as site_module
real = site_module.Site.finish
def abort(*args, **kwargs):
    real(*args, **kwargs)
    os.abort()
site_module.Site.finish = abort
"""
    code = hook + f"""
from generator.build import build
build(r"{versions.content['B']}", r"{site}", pdf=True)
"""
    process = _run_python(code)
    assert process.returncode == -signal.SIGABRT, process.stderr
    assert _tree(site) == versions.tree["A"] and len(_leftovers(site)) == 2  # the new site and the new cache
    result = subprocess.run(_command(versions.content["B"], site), cwd=ROOT, env=_env(), capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    assert "removida(s) 2 pasta(s) temporária(s)" in result.stderr
    assert _tree(site) == versions.tree["B"] and _leftovers(site) == []


# -- the swap itself --------------------------------------------------------------------------------------------------
def test_swap_is_one_exchange_on_linux(tmp_path, monkeypatch):
    new, target = tmp_path / "novo", tmp_path / "site"
    new.mkdir(), target.mkdir()
    (new / "v").write_text("novo"), (target / "v").write_text("antigo")
    renames = []
    real = os.rename
    monkeypatch.setattr(os, "rename", lambda a, b: (renames.append((Path(a).name, Path(b).name)), real(a, b)))
    sitedir.swap(new, target)
    assert (target / "v").read_text() == "novo" and not new.exists()
    if sys.platform.startswith("linux"):
        # site/ is never renamed away: only the exchanged-out old tree is, to its retirement name.
        assert [b for a, b in renames if a == "site"] == []
        assert oct(target.stat().st_mode & 0o777) == "0o755"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_swap_falls_back_to_two_renames_where_exchange_is_missing(tmp_path, monkeypatch):
    monkeypatch.setattr(sitedir, "_exchange", lambda a, b: False)
    new, target = tmp_path / "novo", tmp_path / "site"
    new.mkdir(), target.mkdir()
    (new / "v").write_text("novo")
    sitedir.swap(new, target)
    assert (target / "v").read_text() == "novo"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_recover_puts_back_the_newest_old_site_and_removes_the_rest(tmp_path):
    site = tmp_path / "site"
    for name in (".site-antigo-1", ".site-novo-abc", ".site-antigo-2"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "quem").write_text(name)
        time.sleep(0.01)
    (tmp_path / "outra-pasta").mkdir()
    done = sitedir.recover(site)
    assert (site / "quem").read_text() == ".site-antigo-2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outra-pasta", "site"]
    assert len(done) == 2


# -- concurrent builds ------------------------------------------------------------------------------------------------
def test_a_second_build_is_refused_while_one_runs(versions, tmp_path, capsys):
    site = _site_from(versions, "A", tmp_path)
    holder = _python(f"""
import sys, time
from pathlib import Path
from generator import sitedir
with sitedir.locked(Path(r"{site}")):
    print("ok", file=sys.stderr, flush=True)
    time.sleep(60)
""")
    try:
        assert holder.stderr.readline().strip() == "ok"
        status = main(["build", str(versions.content["B"]), "--site", str(site), "--sem-pdf"])
        err = capsys.readouterr().err
    finally:
        holder.kill()
        holder.wait()
        holder.stderr.close()
    assert status == 1
    assert "outra geração do site já está em andamento" in err and "Traceback" not in err
    assert _tree(site) == versions.tree["A"] and _leftovers(site) == []


def test_the_lock_is_released_when_its_holder_is_killed(versions, tmp_path):
    site = _site_from(versions, "A", tmp_path)
    holder = _run_python(f"""
import os, signal
from pathlib import Path
from generator import sitedir
with sitedir.locked(Path(r"{site}")):
    os.kill(os.getpid(), signal.SIGKILL)
""")
    assert holder.returncode == -signal.SIGKILL
    with sitedir.locked(site):
        pass


def test_lock_is_checked_before_reading_the_content(tmp_path, monkeypatch):
    """Minutes of loading a national exam are not spent before saying another build runs."""
    monkeypatch.setattr(pipeline, "prepare_all", _fail)
    site = tmp_path / "site"
    with sitedir.locked(site):
        with pytest.raises(FaultError, match="outra geração"):
            build(ROOT / "content", site, pdf=False)


# -- full, read-only and mounted disks ------------------------------------------------------------------------------
def _no_space(real):
    calls = [0]

    def write_bytes(self, data):
        calls[0] += 1
        if calls[0] > 5:  # a few pages fit, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, data)
    return write_bytes


def _check_fault(versions, tmp_path, capsys, words: str, monkeypatch_apply) -> None:
    site = _site_from(versions, "A", tmp_path)
    monkeypatch_apply(site)
    status = main(["build", str(versions.content["B"]), "--site", str(site), "--sem-pdf"])
    err = capsys.readouterr().err
    assert status == 1
    assert words in err and "o site atual não foi alterado" in err
    assert "Traceback" not in err and "Errno" not in err
    assert _tree(site) == versions.tree["A"]
    assert sorted(p.name for p in site.parent.iterdir()) == ["site"]


def test_full_disk_in_the_middle(versions, tmp_path, capsys, monkeypatch):
    _check_fault(versions, tmp_path, capsys, "não há espaço livre no disco",
                 lambda site: monkeypatch.setattr(Path, "write_bytes", _no_space(Path.write_bytes)))


def test_full_disk_seen_before_building(versions, tmp_path, capsys, monkeypatch):
    """Free space below the previous site's size: refused before any file is written."""
    real = shutil.disk_usage

    def usage(path):
        return real(path)._replace(free=1000)

    def apply(site):
        monkeypatch.setattr(shutil, "disk_usage", usage)
        monkeypatch.setattr(tempfile_module(), "mkdtemp", _fail)
    _check_fault(versions, tmp_path, capsys, "espaço livre insuficiente", apply)


def tempfile_module():
    import tempfile
    return tempfile


def test_first_build_estimates_space_from_the_candidates(tmp_path, monkeypatch):
    job = pipeline.Job([pipeline.Prepared({}, lambda: iter(()), [{"totais": {"aprovados": 50_000}}])], pdf=False)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: SimpleNamespace(free=1_000_000, total=0, used=0))
    with pytest.raises(FaultError, match=r"precisa de cerca de 50,0 MB e há 1,0 MB livres"):
        pipeline.build_job(job, ROOT / "content", tmp_path / "site")
    assert list(tmp_path.iterdir()) == []


def test_read_only_parent(versions, tmp_path, capsys, monkeypatch):
    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", kwargs.get("dir"))
    _check_fault(versions, tmp_path, capsys, "o disco está montado somente para leitura",
                 lambda site: monkeypatch.setattr(tempfile_module(), "mkdtemp", read_only))


def test_read_only_parent_that_does_not_exist_yet(tmp_path, capsys, monkeypatch):
    def read_only(self, *args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", str(self))
    monkeypatch.setattr(Path, "mkdir", read_only)
    status = main(["build", str(ROOT / "content"), "--site", str(tmp_path / "novo" / "site"), "--sem-pdf"])
    err = capsys.readouterr().err
    assert status == 1 and "somente para leitura" in err and "Traceback" not in err


def test_site_as_a_mount_point_is_refused_before_the_work(versions, tmp_path, capsys, monkeypatch):
    def apply(site):
        real = os.path.ismount
        monkeypatch.setattr(os.path, "ismount", lambda p: Path(p) == site or real(p))
        monkeypatch.setattr(pipeline, "prepare_all", _fail)
    _check_fault(versions, tmp_path, capsys, "é um ponto de montagem", apply)


def test_busy_site_at_the_swap(versions, tmp_path, capsys, monkeypatch):
    """EBUSY from rename(2) (a mount point not seen as such, a bind mount): message, cleanup, old site kept."""
    def busy(a, b):
        raise OSError(errno.EBUSY, "Device or resource busy", str(b))
    _check_fault(versions, tmp_path, capsys, "é um ponto de montagem",
                 lambda site: monkeypatch.setattr(sitedir, "_exchange", busy))


def test_a_real_bug_keeps_its_traceback(tmp_path, monkeypatch):
    """Only faults of the machine become messages: a programming error is not hidden behind one."""
    def bug(self, data):
        raise OSError(errno.EBADF, "Bad file descriptor")
    monkeypatch.setattr(Path, "write_bytes", bug)
    with pytest.raises(OSError) as caught:
        build(ROOT / "content", tmp_path / "site", pdf=False)
    assert caught.value.errno == errno.EBADF
    assert list(tmp_path.iterdir()) == []


# -- gazeta serve ----------------------------------------------------------------------------------------------------
def _broken_content(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    toml = content / "certames" / EXAM / "certame.toml"
    toml.write_text(toml.read_text("utf-8").replace("vagas = ", "vagas = -", 1), encoding="utf-8")
    return content


def test_serve_with_bad_input_says_what_is_wrong(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("mkdocs.commands.serve.serve", _fail)  # the problems are found before any server starts
    status = main(["serve", str(_broken_content(tmp_path))])
    err = capsys.readouterr().err
    assert status == 1
    assert "certame.toml, chave «cargos[1].vagas»" in err and "Traceback" not in err


def test_serve_rebuild_with_bad_input_shows_the_problems(tmp_path, capsys):
    """After the first build, a bad save is reported in the terminal and in the preview page, and serving goes on."""
    plugin = GazetaPlugin(None, pipeline.generate, prepare=lambda docs: pipeline.prepare_all(docs, pdf=False),
                          serving=True)
    config = SimpleNamespace(docs_dir=str(_broken_content(tmp_path)), site_dir=str(tmp_path / "preview"),
                             site_url="", site_name="Resultados de concursos públicos")
    plugin.on_pre_build(config)
    plugin.on_post_build(config)
    assert plugin.job is None  # the next save prepares again
    err = capsys.readouterr().err
    assert "certame.toml, chave «cargos[1].vagas»" in err and "Traceback" not in err
    page = (tmp_path / "preview" / "index.html").read_text("utf-8")
    assert "Pré-visualização não atualizada" in page and "cargos[1].vagas" in page


def test_a_forked_worker_does_not_keep_the_lock(tmp_path):
    """Render workers are forked: killed with their build or not, they must not block the next build."""
    site = tmp_path / "site"
    with sitedir.locked(site):
        child = os.fork()
        if child == 0:
            time.sleep(30)
            os._exit(0)
    try:
        for _ in range(100):  # the child closes its copy right after the fork; give it that moment
            try:
                with sitedir.locked(site):
                    break
            except FaultError:
                time.sleep(0.05)
        else:
            pytest.fail("o processo filho ainda segura a trava")
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)


def test_a_large_previous_site_is_removed_in_the_background_and_recover_finishes_it(tmp_path):
    """From sitedir.BACKGROUND_FROM the retired site is removed by an `rm` of its own after the swap; a removal still
    unfinished at the next build is finished by `recover`, silently (it is not a killed build's leftover)."""
    new, target = tmp_path / "novo", tmp_path / "site"
    new.mkdir(), target.mkdir()
    (new / "v").write_text("novo")
    for k in range(50):
        (target / f"f{k}").write_text("antigo")
    sitedir.swap(new, target, background=True)
    assert (target / "v").read_text() == "novo" and not new.exists()
    deadline = time.monotonic() + 60
    while len(list(tmp_path.iterdir())) > 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]

    stale = tmp_path / ".site-descartado-123-456"  # as if the next build started before `rm` was done
    (stale / "sub").mkdir(parents=True)
    (stale / "sub" / "x").write_text("antigo")
    assert sitedir.recover(target) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_the_build_removes_a_large_previous_site_in_the_background(versions, tmp_path, monkeypatch):
    """The build passes the previous site's size: over the threshold the swap does not wait for the removal."""
    site = _site_from(versions, "A", tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    seen = []
    real = sitedir.swap
    monkeypatch.setattr(sitedir, "swap", lambda new, target, **kw: (seen.append(kw), real(new, target, **kw))[1])
    monkeypatch.setattr(sitedir, "BACKGROUND_FROM", 1)
    build(versions.content["B"], site, pdf=False)
    assert seen == [{"background": True}] and _tree(site) == versions.tree["B"]
    monkeypatch.setattr(sitedir, "BACKGROUND_FROM", 10**15)
    build(versions.content["A"], site, pdf=False)
    assert seen[-1] == {"background": False} and _tree(site) == versions.tree["A"]


# -- issue 22 item 5: every machine fault of a build is one sentence ------------------------------------------------
def _failing(real, code: int):
    calls = [0]

    def write_bytes(self, data):
        calls[0] += 1
        if calls[0] > 5:
            raise OSError(code, os.strerror(code), str(self))
        return real(self, data)
    return write_bytes


@pytest.mark.parametrize(("code", "words"), [(errno.EFBIG, "um arquivo passou do tamanho máximo"),
                                             (errno.ENAMETOOLONG, "o nome de um arquivo ficou longo demais")])
def test_file_too_large_or_name_too_long_in_the_middle(versions, tmp_path, capsys, monkeypatch, code, words):
    _check_fault(versions, tmp_path, capsys, words,
                 lambda site: monkeypatch.setattr(Path, "write_bytes", _failing(Path.write_bytes, code)))


def test_full_disk_while_copying_the_search_postings_is_one_sentence(versions, tmp_path, capsys, monkeypatch):
    """The search postings copied into the new cache (generator/incremental.save): shutil.copytree went on through
    every file and raised one shutil.Error listing hundreds of paths."""
    real = shutil.copyfile

    def full(src, dst, *args, **kwargs):
        if f"{os.sep}busca{os.sep}" in str(dst):
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real(src, dst, *args, **kwargs)

    _check_fault(versions, tmp_path, capsys, "não há espaço livre no disco",
                 lambda site: monkeypatch.setattr(shutil, "copyfile", full))


def test_a_copytree_error_is_one_sentence(tmp_path):
    failures = [(f"/a/{k}", f"/b/{k}", f"[Errno 28] No space left on device: '/b/{k}'") for k in range(300)]
    fault = sitedir.fault(shutil.Error(failures), tmp_path / "site")
    assert fault is not None and "não há espaço livre no disco («/b/0»)" in str(fault)
    assert "/b/1'" not in str(fault) and "\n" not in str(fault)
