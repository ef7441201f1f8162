"""Build a site for tests and serve it on 127.0.0.1 from a thread (no external network)."""

from __future__ import annotations

import functools
import http.server
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from generator.build import Job, Prepared, build_job
from site_fakes import fake_exam, fake_position

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = '<script>alert("x")</script> O\'Brien "Zé" \u202eevil\u202c ' + "Muito" * 60


def fake_job(candidates: int = 1200) -> Job:
    """Two exams of fake views: one paginated cargo with hostile and accented names, one small cargo."""
    names = {0: "Zélia Conceição Araújo", 1: HOSTILE, 7: "João da Silva Índio", 600: "Ênio Último Página"}
    exam = fake_exam()
    other = fake_exam("ms-2024-exemplo", "2024-03-01", "Processo Seletivo Simplificado nº 02/2024 — Resultado")

    def positions():
        yield fake_position("GCM", candidates, 30, seed=3, names=names)
        yield fake_position("AGA", 12, 2, seed=4, first_reg=20_000_000)

    def other_positions():  # several cargos, two of them sharing a name: the exam page groups and filters them
        yield fake_position("PEB", 40, 5, seed=5, first_reg=30_000_000)
        for k, code in enumerate(("ENF-CG", "ENF-DOU", "MED", "ADM", "TEC")):
            p = fake_position(code, 6, 1, seed=6 + k, first_reg=31_000_000 + 100 * k)
            if code.startswith("ENF"):
                p["nome"] = "Enfermeiro"
            yield p

    return Job([Prepared(exam, positions), Prepared(other, other_positions)],
               pdf=False)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # the test output stays readable
        pass


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve `site` on a free loopback port; yield its base URL."""
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def build_fake(site_dir: Path, candidates: int = 1200) -> dict:
    """Build the fake job's site (MkDocs included) into site_dir."""
    return build_job(fake_job(candidates), ROOT / "content", site_dir)
