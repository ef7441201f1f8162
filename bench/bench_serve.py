"""Benchmark: `gazeta serve`'s first page on the example (issue 21 item 5: within 3 s), with baselines from the same run.

Run: `.venv/bin/python bench/bench_serve.py [--vezes 3] [--conteudo content]`.
Every step is a fresh `python -m generator.cli` process, timed from outside it (time.monotonic in this process):
  serve     from the process start to the first HTTP 200 of `/` (polled every 20 ms), then the process is stopped;
  check     `gazeta check CONTEUDO` to its exit: what serve does before its first build (baseline);
  build     `gazeta build CONTEUDO --sem-pdf` into an empty folder, to its exit (baseline).
Wall-clock on a shared machine: read serve as a ratio to the baselines of the same run; the median of --vezes runs.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAZETA = [sys.executable, "-m", "generator.cli"]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def first_page(content: Path) -> float:
    port = _port()
    start = time.monotonic()
    proc = subprocess.Popen(GAZETA + ["serve", str(content), "--porta", str(port)], cwd=ROOT,
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


def command(args: list[str]) -> float:
    start = time.monotonic()
    subprocess.run(GAZETA + args, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vezes", type=int, default=3)
    parser.add_argument("--conteudo", type=Path, default=ROOT / "content")
    args = parser.parse_args()
    runs: dict[str, list[float]] = {"serve": [], "check": [], "build": []}
    for _ in range(args.vezes):
        runs["serve"].append(first_page(args.conteudo))
        runs["check"].append(command(["check", str(args.conteudo)]))
        with tempfile.TemporaryDirectory() as tmp:
            runs["build"].append(command(["build", str(args.conteudo), "--site", str(Path(tmp) / "site"),
                                          "--sem-pdf"]))
    median = {k: statistics.median(v) for k, v in runs.items()}
    report = {"runs": runs, "median": median, "serve_over_check": median["serve"] / median["check"],
              "serve_over_build": median["serve"] / median["build"], "target_s": 3.0}
    for k, v in runs.items():
        print(f"{k:6} median {median[k]:.2f} s  runs {', '.join(f'{x:.2f}' for x in v)}")
    print(f"serve/check {report['serve_over_check']:.2f}  serve/build {report['serve_over_build']:.2f}  "
          f"(target: first page within {report['target_s']:.0f} s)")
    out = ROOT / "bench" / "out"
    out.mkdir(exist_ok=True)
    (out / "bench_serve.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
