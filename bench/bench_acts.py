"""Benchmark: the gazette over time at national scale (issue 8 item 7), beside the full build in the same run.

Run: `.venv/bin/python bench/bench_acts.py [--candidatos 1000000] [--novo 10000] [--pasta DIR]`.
Each step runs the `gazeta` command line in a fresh process (as staff would), timed from outside:
  setup        `python -m generator.synth` (N candidates, 200 cargos) declared with [[atos]] (one result act), then
               `gazeta publicar` (renders and archives its PDF and data: a one-time cost, reported);
  baseline     `gazeta build` into an empty folder: the full build;
  unchanged    `gazeta build` again with nothing changed (every exam reused);
  correction   10 scores changed in candidatos.csv and a retificação declared: `gazeta publicar` (diff against the
               archived result, the act's PDF) + `gazeta build` (target ≤ 20 s in total);
  new exam     a new `--novo` exam declared beside it: `gazeta publicar` + `gazeta build` (target ≤ 10 s), the big
               exam being reused.
Timings are wall-clock on a shared machine: read them as ratios to the baseline of the same run.
"""

from __future__ import annotations

import argparse
import functools
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
GAZETA = [sys.executable, "-m", "generator.cli"]
print = functools.partial(print, flush=True)  # noqa: A001 - progress visible in long runs

RESULT_ACT = '''
[[atos]]
tipo = "resultado"
numero = "{numero}"
data = 2024-10-01
edicao = "11.600"
local = "Campo Grande"

[[atos.assinaturas]]
nome = "Maria Exemplo"
cargo = "Secretária de Estado de Administração"
'''
CORRECTION_ACT = '''
[[atos]]
tipo = "retificacao"
retifica = "100/2024"
numero = "104/2024"
data = 2024-10-08
edicao = "11.605"
motivo = "Revisão de notas após recurso"
'''


SETTINGS = "site_name: Benchmark\nsite_url: https://concursos.bench.example.org/\n"


class Step(NamedTuple):
    """One command's cost: wall seconds, CPU seconds of its process tree, largest resident set of one process (MB)."""

    wall: float
    cpu: float
    rss_mb: float

    def __add__(self, other: "Step") -> "Step":  # type: ignore[override]
        return Step(self.wall + other.wall, self.cpu + other.cpu, max(self.rss_mb, other.rss_mb))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(label: str, *args: str, quiet: Path | None = None) -> Step:
    """One `gazeta` command, timed from outside. `quiet`: the folder of the site; the step starts once the previous
    site that a build left to an `rm` of its own (sitedir.swap, removed after gazeta returned) is gone, so that
    deletion is not timed as part of this step (it was, as noise of several seconds at 1M)."""
    if quiet is not None:
        waited = _settle(Path(quiet))
        if waited >= 0.5:
            print(f"  (esperei {waited:.1f} s o site anterior ser apagado antes de «{label}»)")
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run([*GAZETA, *args], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{label}: falhou\n{done.stdout}\n{done.stderr}")
    # ru_maxrss of the children is the largest of any one waited-for descendant so far (KiB on Linux): a lower bound
    # for this step's when an earlier step was larger, so it is printed as "até"
    step = Step(seconds, _children_cpu() - cpu, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
    print(f"  {label:<44} {step.wall:8.1f} s  CPU {step.cpu:8.1f} s  (maior processo até agora {step.rss_mb:,.0f} MB)")
    return step


def _settle(site: Path, limit: float = 600.0) -> float:
    """Seconds waited until no previous site of `site` is being removed beside it (at most `limit`)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from generator.sitedir import discard_prefix

    start = time.perf_counter()
    while any(p.name.startswith(discard_prefix(site)) for p in site.parent.iterdir()) \
            and time.perf_counter() - start < limit:
        time.sleep(0.2)
    return time.perf_counter() - start


def synth(folder: Path, candidates: int, cargos: int, vacancies: int, seed: int, number: str) -> None:
    subprocess.run([sys.executable, "-m", "generator.synth", str(folder), "--candidatos", str(candidates),
                    "--cargos", str(cargos), "--vagas", str(vacancies), "--seed", str(seed)], cwd=ROOT, check=True,
                   capture_output=True)
    path = folder / "certame.toml"
    text = path.read_text(encoding="utf-8").replace('edicao = "11.600"\n', "").replace("data = 2024-10-01\n", "")
    path.write_text(text + RESULT_ACT.format(numero=number), encoding="utf-8")


def change_scores(path: Path, count: int, seed: int = 7) -> None:
    """Raise `count` approved candidates' scores by 5 points (a revision after appeals)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    rng = random.Random(seed)
    picked = 0
    while picked < count:
        k = rng.randrange(1, len(lines) - 1)
        fields = lines[k].split(",")
        if fields[-1] != "aprovado" or float(fields[3]) > 94:
            continue
        fields[3] = f"{float(fields[3]) + 5:.2f}"
        lines[k] = ",".join(fields)
        picked += 1
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, default=1_000_000)
    parser.add_argument("--novo", type=int, default=10_000)
    parser.add_argument("--pasta", type=Path, default=None, help="pasta de trabalho (padrão: temporária)")
    parser.add_argument("--somente-novo", action="store_true",
                        help="só o último passo, numa --pasta de uma execução anterior (build sem mudanças como base)")
    args = parser.parse_args(argv)
    work = Path(args.pasta or tempfile.mkdtemp(prefix="gazeta-bench-atos-"))
    content, site = work / "content", work / "site"
    step = functools.partial(run, quiet=site)  # every timed command waits for the previous site to be gone
    if args.somente_novo:
        shutil.rmtree(content / "certames" / "novo", ignore_errors=True)
        step("preparo: build com o certame grande como está", "build", str(content), "--site", str(site))
        times = {"build completo": step("build sem mudanças (base desta execução)", "build", str(content), "--site",
                                       str(site))}
        return _new_exam(args, content, site, times, step)
    shutil.rmtree(work, ignore_errors=True)
    (content / "certames").mkdir(parents=True)
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    # the site's settings beside content/: `gazeta publicar` refuses the example's site_url (mkdocs.yml of ROOT)
    (work / "mkdocs.yml").write_text(SETTINGS, encoding="utf-8")
    big = content / "certames" / "nacional"
    print(f"{args.candidatos} candidatos (pasta {work})")
    synth(big, args.candidatos, 200, 6_640, 2024, "100/2024")
    times = {"publicar resultado": step("setup: publicar o resultado", "publicar", str(big))}
    times["build completo"] = step("baseline: build completo (pasta vazia)", "build", str(content), "--site",
                                  str(site))
    times["build sem mudanças"] = step("build sem mudanças", "build", str(content), "--site", str(site))

    change_scores(big / "candidatos.csv", 10)
    (big / "certame.toml").write_text((big / "certame.toml").read_text(encoding="utf-8") + CORRECTION_ACT,
                                      encoding="utf-8")
    a = step("retificação de 10 notas: publicar", "publicar", str(big))
    b = step("retificação de 10 notas: build", "build", str(content), "--site", str(site))
    times["retificação (publicar + build)"] = a + b
    pdf = next((big / "arquivo" / "ato-104-2024").glob("*.pdf"))
    print(f"  PDF da retificação: {_pages(pdf)} página(s), {pdf.stat().st_size / 1024:.0f} KiB "
          f"(o do resultado: {_pages(next((big / 'arquivo' / 'ato-100-2024').glob('*.pdf')))} páginas)")
    return _new_exam(args, content, site, times, step)


def _pages(path: Path) -> int:
    """Pages of a PDF (pikepdf: pypdf refuses the 1M result's 5 million cross-reference entries)."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def _new_exam(args, content: Path, site: Path, times: dict, step=run) -> int:
    """The last step: a new exam published and built beside the big one; then the summary."""
    new = content / "certames" / "novo"
    synth(new, args.novo, 20, 300, 99, "7/2024")
    a = step(f"novo certame de {args.novo}: publicar", "publicar", str(new))
    b = step(f"novo certame de {args.novo}: build", "build", str(content), "--site", str(site))
    times["novo certame (publicar + build)"] = a + b

    base = times["build completo"]
    print("\nresumo (razão ao build completo desta mesma execução, em tempo de relógio e em CPU):")
    for label, step in times.items():
        print(f"  {label:<34} {step.wall:8.1f} s  {step.wall / base.wall:5.2f}×   CPU {step.cpu:8.1f} s  "
              f"{step.cpu / base.cpu:5.2f}×")
    print("  metas (issue 20, máquina ociosa de 2 núcleos): retificação ≤ 20 s; novo certame ≤ 5 s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
