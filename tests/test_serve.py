"""`gazeta serve` as staff run it (issue 21 item 5): a real process on a free port, read over HTTP. The first page is
served from the example; a missing address gets the site's Portuguese 404; a save with an input problem turns every
address into the styled problems page, which goes back to the real page when the input is fixed. (How fast the first
page comes is measured in bench/bench_serve.py, from outside the process.)"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAM = "lins-2024-gcm"
CARGO = f"certames/{EXAM}/gcm/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> tuple[int, str, str]:
    """(status, content type, body) of a GET, error statuses included."""
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read().decode("utf-8", "replace")


def wait_for(what, timeout: float = 90.0, step: float = 0.2):
    """Poll `what()` until it returns something true; that value."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            found = what()
        except OSError:  # the server is not listening yet
            found = None
        if found:
            return found
        time.sleep(step)
    pytest.fail(f"esperado e não visto em {timeout:.0f} s")


@contextmanager
def serving(content: Path):
    """`gazeta serve CONTENT --porta P` in its own process; yields its base URL, then stops it."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", str(content), "--porta", str(port)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for(lambda: proc.poll() is not None or get(url)[0] == 200)
        assert proc.poll() is None, proc.stdout.read().decode("utf-8", "replace")
        yield url
    finally:
        _stop(proc)


def _stop(proc: subprocess.Popen) -> None:
    """Stop a served process: politely, then for good after 20 s."""
    proc.terminate()
    try:
        proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()


@pytest.fixture
def content(tmp_path) -> Path:
    """A copy of the example content (archives included: the inputs change only for a moment and come back)."""
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content", target)
    return target


@pytest.fixture
def served(content):
    with serving(content) as url:
        yield url, content


def test_serve_answers_the_home_page_and_a_missing_address_with_the_sites_404(served):
    url, _ = served
    status, kind, home = get(url)
    assert status == 200 and kind.startswith("text/html")
    assert "Concurso Público nº 01/2024" in home and f'href="{url}assets/site.css"' not in home  # relative links
    status, _, page = get(url + CARGO)
    assert status == 200 and "Guarda Civil Municipal" in page
    status, _, missing = get(url + "certames/nao-existe/")
    assert status == 404
    assert "Página não encontrada" in missing and "404 Not Found" not in missing
    assert f'href="{url}assets/site.css"' in missing  # absolute: right at any depth


def test_an_input_problem_is_a_styled_page_at_every_address_until_it_is_fixed(served):
    url, content = served
    toml = content / "certames" / EXAM / "certame.toml"
    good = toml.read_text("utf-8")
    toml.write_text(good.replace("vagas = ", "vagas = -", 1), encoding="utf-8")

    def problems():
        status, _, body = get(url + CARGO)
        return (status, body) if "Pré-visualização não atualizada" in body else None

    status, page = wait_for(problems)
    assert status == 404 and "404 Not Found" not in page  # the cargo's page is gone; the problems take its place
    assert "cargos[1].vagas" in page and 'class="problemas"' in page
    # the site's theme, from any depth: absolute links to its stylesheet and the reload script
    assert f'<link rel="stylesheet" href="{url}assets/site.css">' in page
    css = get(url + "assets/site.css")
    assert css[0] == 200 and css[1].startswith("text/css") and ".problemas" in css[2]
    script = re.search(r'<script src="([^"]+previa\.js)" data-marcador="([^"]+)" data-versao="([0-9a-f]+)"', page)
    assert script, page[-600:]
    assert get(script.group(1))[0] == 200
    status, _, marker = get(script.group(2))
    assert status == 200 and marker.strip() == script.group(3)  # previa.js reloads when this changes or is gone
    status, _, home = get(url)
    assert status == 200 and "cargos[1].vagas" in home

    toml.write_text(good, encoding="utf-8")

    def fixed():
        status, _, body = get(url + CARGO)
        return status == 200 and "Pré-visualização não atualizada" not in body and "Guarda Civil Municipal" in body

    wait_for(fixed)
    assert get(script.group(2))[0] == 404  # the marker is gone: an open problems page reloads into the cargo's


def test_the_preview_skips_the_spreadsheets_and_says_so_on_the_page(served, tmp_path):
    """The preview writes no XLSX (about a second before the first page; bench/bench_serve.py), and each download
    list says the XLSX comes with `gazeta build` instead of linking a file that is not there; every other download
    link of the page answers. `gazeta build` still writes and links them (test_site_people's downloads test)."""
    from generator.render.site.pages import PREVIEW_XLSX

    url, _ = served
    status, _, page = get(url + CARGO)
    assert status == 200
    hrefs = re.findall(r'class="baixar" href="([^"]+)"', page)
    assert any(h.endswith(".csv") for h in hrefs) and not any(h.endswith(".xlsx") for h in hrefs), hrefs
    from generator.build import build
    site = tmp_path / "site"
    build(ROOT / "content", site, pdf=False)
    built = (site / CARGO / "index.html").read_text(encoding="utf-8")
    assert page.count(PREVIEW_XLSX) == len(re.findall(r'href="[^"]+\.xlsx"', built)) > 0  # one for each XLSX of build
    assert "use o XLSX" not in page  # the spreadsheet note speaks of a file the preview does not have
    for href in hrefs:
        assert get(url + CARGO + href)[0] == 200, href


# -- the first page first (issue 21 item 5: within 3 s on the example) ----------------------------------------------
LAST = "ms-2024-pss"  # the last exam rendered (content/certames/, in order)
HELD = """
import sys, time
from pathlib import Path
from generator import pipeline

reached, release, last = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
render_exam = pipeline.render_exam

def held(site, job, prepared, *args, **kwargs):  # the last exam waits for the test's word before it is rendered
    if prepared.exam["slug"] == last and not release.exists():
        reached.touch()
        while not release.exists():
            time.sleep(0.02)
    return render_exam(site, job, prepared, *args, **kwargs)

pipeline.render_exam = held
from generator.cli import main
sys.exit(main(sys.argv[4:]))
"""
LIVE_RELOAD = re.compile(r"<script>(?:(?!</script>).)*livereload\(\d+, \d+\);\s*</script>", re.S)


@contextmanager
def held_serve(content: Path, tmp_path: Path, driver: str = HELD):
    """`gazeta serve` whose first build waits before the last exam until the test says so: (url, reached, release),
    with the build held once `reached` exists; released and stopped on leaving."""
    reached, release, port = tmp_path / "chegou", tmp_path / "liberado", free_port()
    proc = subprocess.Popen([sys.executable, "-c", driver, str(reached), str(release), LAST, "serve", str(content),
                             "--porta", str(port)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: proc.poll() is not None or reached.exists())
        assert proc.poll() is None, proc.stdout.read().decode("utf-8", "replace")
        yield f"http://127.0.0.1:{port}/", release
    finally:
        release.touch()
        _stop(proc)


def test_the_home_page_is_served_before_the_last_exam_is_rendered_and_is_the_finished_one(content, tmp_path):
    """The first build is held (a hook, not a timing) just before the last exam is rendered: `/` already answers
    200 with the finished home page, byte for byte the one served once the build is over (the live-reload script
    aside, whose request id differs); a request for the held exam's page waits and gets the finished page, not a 404.
    Before: the server listened only after the whole first build."""
    import threading

    with held_serve(content, tmp_path) as (url, release):
        status, kind, early = get(url)  # the exam is held: this answers only if the home page comes first
        assert status == 200 and kind.startswith("text/html")
        for title in ("Concurso Público nº 01/2024", f'href="certames/{LAST}/"'):
            assert title in early
        assert get(url + "assets/site.css")[0] == 200
        held_page = []
        waiting = threading.Thread(target=lambda: held_page.append(get(url + f"certames/{LAST}/")))
        waiting.start()
        release.touch()
        waiting.join(timeout=120)
        status, _, page = held_page[0]
        assert status == 200 and "Página não encontrada" not in page and 'class="cartoes"' not in page
        status, _, final = get(url)
        assert status == 200 and LIVE_RELOAD.search(early) and LIVE_RELOAD.sub("", early) == LIVE_RELOAD.sub("", final)


# the same held build, with serve's patience for an unfinished page cut to half a second
HELD_SHORT = HELD.replace("from generator.cli import main", "import generator.serve\n"
                          "generator.serve.HOLD_SECONDS = 0.5\nfrom generator.cli import main")


def test_a_page_not_finished_in_time_says_it_is_being_generated_and_reloads(content, tmp_path):
    """A national exam's first build takes minutes, longer than a browser waits: a request for a page that is not
    finished within serve.HOLD_SECONDS gets a Portuguese «gerando» page (503, Retry-After) that reloads itself and
    links the home page, which is ready; once the build is over the same address is the finished page. Before: the
    request waited without limit."""
    with held_serve(content, tmp_path, HELD_SHORT) as (url, release):
        status, kind, page = get(url + f"certames/{LAST}/")
        assert status == 503 and kind.startswith("text/html"), (status, page[:200])
        assert "Gerando a pré-visualização" in page and 'http-equiv="refresh"' in page and 'href="/"' in page
        assert 'href="/assets/site.css"' in page and get(url + "assets/site.css")[0] == 200  # styled, as the site
        assert get(url)[0] == 200  # the home page does not wait
        release.touch()
        done = wait_for(lambda: (lambda r: r if r[0] == 200 else None)(get(url + f"certames/{LAST}/")))
        assert "Gerando" not in done[2] and "Página não encontrada" not in done[2]


def test_the_preview_with_its_first_page_first_is_the_same_site_file_by_file(content, tmp_path, monkeypatch):
    """serve's first build writes the home page and its assets ahead (pipeline.generate's first_page_ready): once it
    is over, every file of the preview is byte-identical to the preview built without it; and when the home page is
    told ready, it is already the finished one while no exam page is written yet."""
    from mkdocs.commands.build import build as mkdocs_build

    from generator import build as pipeline
    from generator.mkdocs_plugin import GazetaPlugin

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    url = "http://127.0.0.1:8000/"
    told = []

    def preview(site: Path, ready=None) -> dict[str, bytes]:
        plugin = GazetaPlugin(pipeline.prepare_all(content, pdf=False), pipeline.generate, serving=True,
                              first_page_ready=ready)
        config = pipeline.engine_config(pipeline.project_config(content, None), plugin, docs_dir=str(content),
                                        site_dir=str(site))
        config.site_url = url
        mkdocs_build(config, serve_url=url)
        return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}

    def ready(paths: list[str]) -> None:
        site = tmp_path / "primeiro"
        told.append(({p: (site / p).read_bytes() for p in paths}, (site / "certames").exists()))

    today = preview(tmp_path / "hoje")
    first = preview(tmp_path / "primeiro", ready)
    assert sorted(first) == sorted(today) and all(first[name] == today[name] for name in today)
    [(early, any_exam)] = told
    assert "index.html" in early and "assets/site.css" in early and not any_exam
    assert all(early[name] == today[name] for name in early)
