"""Benchmark: how long a citizen on a phone waits for the first search result (issue 12: ≤ 2 s on "fast 3G" with a
4× slower CPU, at national scale).

Run: `.venv/bin/python bench/bench_search_3g.py [--candidatos 1000000] [--site DIR]`.

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
    if not (site / "busca" / "cargos.json").is_file():
        print(f"gerando o site de {candidates:,} candidatos (sem PDF)…".replace(",", "."))
        os.environ.setdefault("SOURCE_DATE_EPOCH", "1718323200")
        build(content_for(candidates), site, pdf=False)
    return site


JS_FIRST = ("() => { const r = document.querySelector('#busca-resultados li');"
            " const s = document.getElementById('busca-status').textContent;"
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, default=1_000_000)
    parser.add_argument("--site", type=Path, help="um site já gerado (em vez do sintético)")
    args = parser.parse_args(argv)
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
