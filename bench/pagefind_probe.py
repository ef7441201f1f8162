"""Measure Pagefind (Python API) at scale: per-record API throughput and whole-directory indexing of list pages."""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path

from pagefind.index import IndexConfig, PagefindIndex

FIRST = "Ana Maria José João Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luís Gabriel Rafael Daniel Marcelo Bruno Eduardo Felipe Raimundo Rodrigo Manoel Mateus André Fernando Fábio Leonardo Gustavo Guilherme Leandro Tiago Anderson Ricardo Márcio Jorge Sebastião Alexandre Roberto Edson Diego Vitor Sérgio Cláudio Matheus Thiago Geraldo Adriano Luciano Júlio Renato Alex Vinícius Rogério Samuel Ronaldo Mário Flávio Igor Douglas Davi Manuel Jefferson Cícero Victor Miguel Robson Mauro Danilo Joaquim Vagner Francisca Antônia Adriana Juliana Márcia Fernanda Patrícia Aline Sandra Camila Amanda Bruna Jéssica Letícia Júlia Luciana Vanessa Mariana Gabriela Vera Vitória Larissa Cláudia Beatriz Rita Luana Sônia Renata Eliane".split()
LAST = "Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Cavalcanti Monteiro Moura Campos Batista Melo Barros Reis Duarte Castro Pires Azevedo".split()
PAGE = 500


def fake_name(rng: random.Random) -> str:
    """A plausible Brazilian full name."""
    return " ".join([rng.choice(FIRST), *rng.sample(LAST, rng.choice((2, 3)))])


async def by_record(n: int, out: Path) -> None:
    """Index n custom records one by one through the Python API."""
    rng = random.Random(1)
    async with PagefindIndex(IndexConfig(output_path=str(out), force_language="pt")) as index:
        for i in range(n):
            reg, name = f"{10_000_000 + i}", fake_name(rng)
            await index.add_custom_record(url=f"/c/{i // PAGE}/#i-{reg}", content=f"{name} {reg}",
                                          language="pt", meta={"title": name})


def write_pages(n: int, root: Path) -> None:
    """Write n rows as list pages of PAGE entries (the site's shape, minimal markup)."""
    rng = random.Random(1)
    root.mkdir(parents=True, exist_ok=True)
    for p in range(0, n, PAGE):
        rows = "".join(f'<tr id="i-{10_000_000 + i}"><td>{i + 1}</td><td>{10_000_000 + i}</td><td>{fake_name(rng)}</td>'
                       f"<td>80,00</td></tr>" for i in range(p, min(n, p + PAGE)))
        page = root / f"p{p // PAGE:05d}"
        page.mkdir(exist_ok=True)
        (page / "index.html").write_text(f'<html lang="pt"><body><main><h1>Lista {p}</h1><table>{rows}</table>'
                                         f"</main></body></html>", encoding="utf-8")


async def by_directory(root: Path, out: Path) -> None:
    """Index every HTML page under root with one add_directory request."""
    async with PagefindIndex(IndexConfig(output_path=str(out), force_language="pt")) as index:
        await index.add_directory(str(root))


def report(label: str, n: int, dt: float, out: Path) -> None:
    """Print build time, bundle size, chunk sizes."""
    files = [p for p in out.rglob("*") if p.is_file()]
    print(f"{label} n={n} time={dt:.1f}s files={len(files)} size={sum(p.stat().st_size for p in files)/1e6:.1f}MB")
    for sub in ("index", "fragment"):
        sizes = [p.stat().st_size for p in (out / sub).glob("*")]
        if sizes:
            print(f"  {sub}: {len(sizes)} files, max {max(sizes)/1e3:.0f}KB, mean {sum(sizes)/len(sizes)/1e3:.1f}KB")
    for p in sorted(out.glob("*.pf_meta")) + sorted(out.glob("wasm.pt*")) + sorted(out.glob("pagefind.js")):
        print(f"  {p.name} {p.stat().st_size/1e3:.0f}KB")


def main() -> None:
    mode, n = sys.argv[1], int(sys.argv[2])
    base = Path("bench/out").resolve()
    if mode == "record":
        out = base / f"pf-record-{n}"
        t = time.perf_counter()
        asyncio.run(by_record(n, out))
        report("record", n, time.perf_counter() - t, out)
        return
    root, out = base / f"pf-site-{n}", base / f"pf-site-{n}-index"
    t = time.perf_counter()
    write_pages(n, root)
    print(f"pages written in {time.perf_counter() - t:.1f}s")
    t = time.perf_counter()
    asyncio.run(by_directory(root, out))
    report("directory", n, time.perf_counter() - t, out)


if __name__ == "__main__":
    main()
