"""Benchmark: `gazeta serve`'s first page on the example (issue 21 item 5: within 3 s), with baselines from the same run.

Run: `.venv/bin/python bench/bench_serve.py [--vezes 3] [--conteudo content] [--raiz CHECKOUT ...]`.
Every step is a fresh `python -m generator.cli` process of each checkout (its own .venv), timed from outside it
(time.monotonic in this process); the checkouts alternate inside each repetition, so they share the machine's load:
  serve       from the process start to the first HTTP 200 of `/` (polled every 20 ms), then the process is stopped;
              «frio»: with an empty user cache (GAZETA_CACHE: compiled templates, signature reports), as the first
              serve after installing; «quente»: with the cache a previous serve of the same checkout left;
  check       `gazeta check CONTEUDO` to its exit: what serve does before its first build (baseline);
  build       `gazeta build CONTEUDO --sem-pdf` into an empty folder, to its exit (baseline; warm cache).
Wall-clock on a shared machine: read serve as a ratio to the baselines of the same run; the median of --vezes runs.
A checkout older than the cache ignores GAZETA_CACHE: its «frio» and «quente» are the same measurement twice.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _gazeta(root: Path) -> list[str]:
    return [str(root / ".venv" / "bin" / "python"), "-m", "generator.cli"]


def first_page(root: Path, content: Path, cache: Path) -> float:
    port = _port()
    env = {**os.environ, "GAZETA_CACHE": str(cache)}
    start = time.monotonic()
    proc = subprocess.Popen(_gazeta(root) + ["serve", str(content), "--porta", str(port)], cwd=root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            if proc.poll() is not None:
                raise SystemExit(f"gazeta serve terminou com o código {proc.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as r:
                    if r.status == 200:
                        r.read()
                        return time.monotonic() - start
            except OSError:
                pass
            time.sleep(0.02)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def command(root: Path, args: list[str], cache: Path) -> float:
    start = time.monotonic()
    subprocess.run(_gazeta(root) + args, cwd=root, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "GAZETA_CACHE": str(cache)})
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vezes", type=int, default=3)
    parser.add_argument("--conteudo", type=Path, default=None, help="padrão: content/ de cada checkout")
    parser.add_argument("--raiz", type=Path, nargs="+", default=[ROOT], help="checkouts a medir (o primeiro é a base)")
    args = parser.parse_args()
    roots = [r.resolve() for r in args.raiz]
    steps = ("serve_frio", "serve_quente", "check", "build")
    runs = {str(r): {k: [] for k in steps} for r in roots}
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        warm = {r: Path(tmp) / f"quente-{i}" for i, r in enumerate(roots)}
        for r in roots:  # the warm cache: what one earlier serve of the same checkout leaves (not timed)
            first_page(r, args.conteudo or r / "content", warm[r])
        for n in range(args.vezes):
            for r in roots:
                content, figures = args.conteudo or r / "content", runs[str(r)]
                figures["serve_frio"].append(first_page(r, content, Path(tmp) / f"frio-{n}-{roots.index(r)}"))
                figures["serve_quente"].append(first_page(r, content, warm[r]))
                figures["check"].append(command(r, ["check", str(content)], warm[r]))
                with tempfile.TemporaryDirectory() as out:
                    figures["build"].append(command(r, ["build", str(content), "--site", str(Path(out) / "site"),
                                                        "--sem-pdf"], warm[r]))
    report = {"target_s": 3.0, "checkouts": {}}
    for r in roots:
        figures = runs[str(r)]
        median = {k: statistics.median(v) for k, v in figures.items()}
        report["checkouts"][str(r)] = {
            "runs": figures, "median": median,
            "serve_frio_over_build": median["serve_frio"] / median["build"],
            "serve_quente_over_build": median["serve_quente"] / median["build"],
            "serve_quente_over_check": median["serve_quente"] / median["check"]}
        print(f"== {r}")
        for k, v in figures.items():
            print(f"  {k:12} median {median[k]:.2f} s  runs {', '.join(f'{x:.2f}' for x in v)}")
        c = report["checkouts"][str(r)]
        print(f"  serve/build: frio {c['serve_frio_over_build']:.2f}, quente {c['serve_quente_over_build']:.2f}  "
              f"serve quente/check {c['serve_quente_over_check']:.2f}")
    if len(roots) > 1:
        base = report["checkouts"][str(roots[0])]["median"]
        for r in roots[1:]:
            m = report["checkouts"][str(r)]["median"]
            print(f"{r} ÷ {roots[0]}: serve frio {m['serve_frio'] / base['serve_frio']:.2f}, "
                  f"serve quente {m['serve_quente'] / base['serve_quente']:.2f}, build {m['build'] / base['build']:.2f}")
    report["load_average_end"] = os.getloadavg()
    print(f"(target: first page within {report['target_s']:.0f} s; load average now {os.getloadavg()[0]:.1f})")
    out = ROOT / "bench" / "out"
    out.mkdir(exist_ok=True)
    (out / "bench_serve.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
