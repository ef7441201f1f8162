"""Benchmark: how long a citizen on a phone waits for the first search result (issue 12: ≤ 2 s on "fast 3G" with a
4× slower CPU, at national scale).

Run: `.venv/bin/python bench/bench_search_3g.py [--candidatos 1000000] [--site DIR]`.

`--indice N [--antes DIR]`: only the index build (issue 20 item 4), without a browser: N synthetic people in 200
cargos are posted to a SearchIndex and written, in a child process each, by this checkout and by the checkout at
DIR (e.g. `git worktree add /tmp/antes main`). The parent measures each child's CPU and peak RSS (os.wait4, from
outside), subtracts a child that only reads the people, and reports the index bytes and the ratios after ÷ before.

The site (a synthetic exam of `--candidatos`, built without the PDF into bench/out/site-N/site, or `--site`) is
served on localhost the way a static host serves it: files gzip-compressed when the browser accepts it. Debian's
Chromium, driven by Playwright, opens `/busca/?q=…` for each query of bench/bench_site.py, in a fresh context (a cold
cache: the citizen's first visit), and measures the time from the navigation start to the first result on screen
(or "Nenhum resultado"): the search page, its script, the index files and the match, all included; and, on the
search page already open, from Enter to the first result, the query typed one key every 150 ms before. Each query runs twice in the same process: without throttling (the baseline) and with Chrome DevTools' "Fast 3G"
profile (562.5 ms latency, 1.6 Mbit/s down, 750 kbit/s up, each × 0.9 as DevTools applies them) and CPU throttling
4×. The ratio throttled ÷ baseline is reported beside the absolute figures, with the load average of the machine
(a shared machine slows the throttled CPU too). Writes bench/out/bench_search_3g-N.json.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import json
import os
import shutil
import socketserver
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
OUT = ROOT / "bench" / "out"
print = functools.partial(print, flush=True)  # noqa: A001 - progress visible in long runs

# Chrome DevTools' "Fast 3G" preset (front_end/core/sdk/NetworkManager.ts): throughput in bytes per second.
FAST_3G = {"offline": False, "latency": 150 * 3.75, "downloadThroughput": 1.6 * 1000 * 1000 / 8 * 0.9,
           "uploadThroughput": 750 * 1000 / 8 * 0.9}
CPU_SLOWDOWN = 4
TYPING_MS = 150  # between keystrokes: a quick thumb on a phone (the page may fetch while the person types)
BUDGET_S = 2.0
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


class _GzipHandler(http.server.SimpleHTTPRequestHandler):
    """A static host: each file sent gzip-compressed when the browser accepts it (compressed once, kept)."""

    protocol_version = "HTTP/1.1"  # keep-alive, as every static host: one connection, not one per file
    cache: dict[str, bytes] = {}

    def log_message(self, *args) -> None:  # quiet
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path):
            return super().send_head()
        body = self.cache.get(path)
        if body is None:
            body = self.cache[path] = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve(site: Path) -> tuple[socketserver.TCPServer, str]:
    handler = functools.partial(_GzipHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def site_for(candidates: int) -> Path:
    """The synthetic exam's site without the PDF (built once, kept in bench/out)."""
    from bench_site import content_for

    from generator.build import build

    site = OUT / f"site-{candidates}" / "site"
    if not (site / "busca" / "index.html").is_file():  # a national exam's index is a segment: no busca/cargos.json
        print(f"gerando o site de {candidates:,} candidatos (sem PDF)…".replace(",", "."))
        os.environ.setdefault("SOURCE_DATE_EPOCH", "1718323200")
        build(content_for(candidates), site, pdf=False)
    return site


# polled from the navigation's commit, when the page may not have its status paragraph yet (it then returns false,
# instead of throwing: a throw ends Playwright's wait_for_function — the crash of a loaded run in stop 27)
JS_FIRST = ("() => { const r = document.querySelector('#busca-resultados li');"
            " const e = document.getElementById('busca-status'), s = e ? e.textContent : '';"
            " return !!r || s.startsWith('Nenhum') || s.startsWith('Não foi'); }")


def _context(browser, throttled: bool):
    """A phone's fresh browser (cold cache), with the throttling applied to its page."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    if throttled:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", FAST_3G)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return context, page


def measure(browser, url: str, query: str, throttled: bool) -> dict:
    """`visit_s`: a link to /busca/?q=… opened cold, navigation start → first result. `typed_s`: the search page
    already open (cold cache otherwise), the query typed a key every TYPING_MS, Enter pressed → first result."""
    context, page = _context(browser, throttled)
    page.goto(url + "busca/?q=" + quote(query), wait_until="commit", timeout=120_000)
    page.wait_for_function(JS_FIRST, timeout=120_000, polling=20)
    timing = page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const res = performance.getEntriesByType('resource');
        return {now: performance.now(), start: nav.startTime,
                bytes: res.reduce((s, r) => s + (r.transferSize || 0), 0) + (nav.transferSize || 0),
                index: res.filter(r => r.name.includes('/busca/') && r.name.endsWith('.json'))
                          .reduce((s, r) => s + (r.transferSize || 0), 0)};
    }""")
    results = page.locator("#busca-resultados li").count()
    context.close()
    context, page = _context(browser, throttled)
    page.goto(url + "busca/", wait_until="load", timeout=120_000)
    page.locator("#q").press_sequentially(query, delay=TYPING_MS)
    started = time.perf_counter()
    page.press("#q", "Enter")
    page.wait_for_function(JS_FIRST, timeout=120_000, polling=20)
    typed = time.perf_counter() - started
    context.close()
    return {"visit_s": (timing["now"] - timing["start"]) / 1000, "typed_s": typed, "bytes": timing["bytes"],
            "index_bytes": timing["index"], "results": results}


INDEX_CHILD = r"""
import json, sys
root, people, out, build = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
sys.path.insert(0, root)
rows = json.loads(open(people, encoding="utf-8").read())
if build:
    from generator.render.site.search import SearchIndex
    index = SearchIndex(out + ".spill")
    cargos = [index.add_cargo(f"certames/x/c{j}/geral/", f"C{j} — Cargo {j}", f"certames/x/c{j}/", "Concurso X",
                              "Ministério", "Brasil") for j in range(200)]
    for k, (reg, name) in enumerate(rows):
        rank = k // 200 + 1
        index.add(reg, name, cargos[k % 200], (rank - 1) // 500 + 1, rank, f"n{rank}" if rank <= 33 else "")
    index.write(__import__("pathlib").Path(out))
"""


def _child(root: Path, people: Path, out: Path, build: bool) -> dict:
    """Run INDEX_CHILD; its CPU seconds and peak RSS as the parent sees them."""
    import subprocess

    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(f"{out}.spill", ignore_errors=True)
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", INDEX_CHILD, str(root), str(people), str(out), "1" if build else "0"])
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"o processo do índice ({root}) falhou: {proc.returncode}")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) if out.is_dir() else 0
    files = sum(1 for p in out.rglob("*") if p.is_file()) if out.is_dir() else 0
    shutil.rmtree(f"{out}.spill", ignore_errors=True)
    return {"cpu_s": usage.ru_utime + usage.ru_stime, "wall_s": time.perf_counter() - started,
            "peak_rss_mb": usage.ru_maxrss / 1024, "bytes": size, "files": files}


def index_only(candidates: int, before: Path | None) -> None:
    """Index bytes and build CPU of this checkout (and of `before`), ratios in the same run."""
    import random

    from generator import synth_people

    work = OUT / f"indice-{candidates}"
    work.mkdir(parents=True, exist_ok=True)
    people = work / "pessoas.json"
    rng = random.Random(2024)
    people.write_text(json.dumps([(f"{10_000_000 + k:08d}", synth_people.full_name(rng, rng.random() < 0.5))
                                  for k in range(candidates)], ensure_ascii=False), encoding="utf-8")
    read = _child(ROOT, people, work / "nada", False)
    runs = {"depois": _child(ROOT, people, work / "depois", True)}
    if before:
        runs["antes"] = _child(Path(before).resolve(), people, work / "antes", True)
    for name, run in runs.items():
        run["index_cpu_s"] = run["cpu_s"] - read["cpu_s"]
        print(f"{name}: índice {run['bytes'] / 1e6:.1f} MB em {run['files']} arquivos; CPU do índice "
              f"{run['index_cpu_s']:.1f} s (parede {run['wall_s']:.1f} s, pico {run['peak_rss_mb']:.0f} MB)")
    summary = {"candidates": candidates, "load_avg_1min": os.getloadavg()[0], "read_only": read, **runs}
    if before:
        a, b = runs["depois"], runs["antes"]
        summary["ratios"] = {"bytes": a["bytes"] / b["bytes"], "index_cpu": a["index_cpu_s"] / b["index_cpu_s"],
                             "peak_rss": a["peak_rss_mb"] / b["peak_rss_mb"]}
        print("depois ÷ antes: bytes ×{bytes:.3f}, CPU do índice ×{index_cpu:.2f}, pico de memória "
              "×{peak_rss:.2f}".format(**summary["ratios"]))
    for name in ("nada", "depois", "antes"):
        shutil.rmtree(work / name, ignore_errors=True)
    (OUT / f"bench_search_index-{candidates}.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, default=1_000_000)
    parser.add_argument("--site", type=Path, help="um site já gerado (em vez do sintético)")
    parser.add_argument("--indice", type=int, help="só o índice de N pessoas, sem navegador (bytes e CPU)")
    parser.add_argument("--antes", type=Path, help="com --indice: outra cópia do código, medida na mesma execução")
    args = parser.parse_args(argv)
    if args.indice:
        index_only(args.indice, args.antes)
        return
    from bench_site import queries
    from playwright.sync_api import sync_playwright

    site = args.site or site_for(args.candidatos)
    server, url = serve(site)
    rows = []
    load = os.getloadavg()[0]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        measure(browser, url, "silva", False)  # warm the server's gzip cache and the OS page cache
        for query in queries(site):
            base = measure(browser, url, query, throttled=False)
            slow = measure(browser, url, query, throttled=True)
            rows.append({"query": query, "baseline": base, "fast3g_cpu4x": slow,
                         "ratio_typed": slow["typed_s"] / base["typed_s"], "ratio_visit": slow["visit_s"] / base["visit_s"]})
            print(f"{query!r:32} {slow['results']:>3} res.  digitada: {base['typed_s']:.2f} s → 3G+CPU÷4 "
                  f"{slow['typed_s']:.2f} s (×{rows[-1]['ratio_typed']:.1f});  link aberto: {base['visit_s']:.2f} s → "
                  f"{slow['visit_s']:.2f} s (×{rows[-1]['ratio_visit']:.1f});  {slow['bytes'] / 1000:.0f} kB "
                  f"(índice {slow['index_bytes'] / 1000:.0f} kB)")
        browser.close()
    server.shutdown()
    worst = max(rows, key=lambda r: r["fast3g_cpu4x"]["typed_s"])
    over = [r["query"] for r in rows if r["fast3g_cpu4x"]["typed_s"] > BUDGET_S]
    summary = {"site": str(site), "candidates": None if args.site else args.candidatos, "load_avg_1min": load,
               "profile": {"network": FAST_3G, "cpu_slowdown": CPU_SLOWDOWN}, "budget_s": BUDGET_S,
               "worst_typed": {"query": worst["query"], "seconds": worst["fast3g_cpu4x"]["typed_s"]},
               "over_budget": over, "queries": rows}
    OUT.mkdir(parents=True, exist_ok=True)
    name = f"bench_search_3g-{args.candidatos if not args.site else 'site'}.json"
    (OUT / name).write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"pior busca digitada: {worst['query']!r} em {worst['fast3g_cpu4x']['typed_s']:.2f} s (orçamento "
          f"{BUDGET_S:.0f} s); "
          f"acima do orçamento: {len(over)} de {len(rows)}; carga da máquina {load:.1f}; bench/out/{name}")


if __name__ == "__main__":
    main()
