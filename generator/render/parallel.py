"""Cargos rendered by worker processes (fork): each builds its cargos' views, data files, pages and search spill.

Everything order-dependent is decided in the parent before the workers start (slugs, search numbers) or put back in
cargo order after they finish (summaries, sitemap entries, package resources), so the output is byte-identical to
the one-process path.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from pathlib import Path

from .data import downloads
from .data.package import OpenData
from ..paths import Slugs
from ..processes import TaskError, each_forked
from .site.search import SearchIndex
from .site.pages import ExamPages, Site, cargo_inputs

def render_exam(site: Site, exam: dict, prepared, workers: int, spill_root: Path, *, pdf: dict | None = None,
                data: dict | None = None, on_cargo=lambda: None, cargos=None, sheets: bool = True,
                deflated: downloads.Deflated | None = None) -> dict | None:
    """Render one exam's cargos in `workers` processes (in this one when `workers` is 1); write data files too when
    `data` is None (with their spreadsheets unless `sheets` is false: OpenData). `on_cargo` is called as each cargo
    comes back (the progress bar).

    `cargos` (generator/incremental.CargoCache, an incremental build): each cargo's fingerprint is taken of what
    its pages and files are handed (`fingerprint`); a cargo the previous build made from the same, whose files are
    intact, is taken from it (`take`: its files hard-linked, its postings and summaries replayed) instead of
    rendered, and every cargo is recorded for the next build (`keep`). `deflated`: the data zip's deflate streams
    of the previous build, for the files it zipped already (downloads.write_zip)."""
    rel = f"certames/{exam['slug']}/"
    slugs = Slugs()
    cargos_ = [(c["codigo"], c["nome"]) for c in prepared.cargos]
    assigned = [slugs(code) for code, _ in cargos_]
    numbers = [site.search.add_cargo(f"{rel}{slug}/geral/", f"{code} — {name}", f"{rel}{slug}/", exam["titulo"],
                                         exam["orgao"], exam["jurisdicao"]["nome"])
               for (code, name), slug in zip(cargos_, assigned)]
    dados = site.out / rel / "dados"
    context = dict(out=site.out, site_url=site.site_url, site_name=site.site_name, csp=site.csp, pages=site.pages,
                   exam=exam, prepared=prepared, rel=rel, pdf=pdf, data=data, slugs=assigned, numbers=numbers,
                   dados=dados, cargos=cargos, sheets=sheets)
    spill_root = spill_root / exam["slug"]
    workers = max(1, min(workers, len(cargos_)))
    for w in range(workers):
        site.search.add_spill(spill_root / f"w{w}")
    # one spill folder per process; the views reach the processes by the fork (processes.each_forked)
    results = _rendered(len(cargos_), workers, spill_root, on_cargo, context)
    open_data = OpenData(exam, dados, sheets=sheets, deflated=deflated) if data is None else None
    summaries = []
    for k in range(len(cargos_)):
        summary, urls, largest, files, resources, record = results[k]
        summaries.append(summary)
        site.urls.extend(urls)
        site.largest = max(site.largest, largest)
        if open_data is not None:
            open_data.merge(files, resources)
        if cargos is not None:
            cargos.keep(assigned[k], record)
    if open_data is not None:
        data = open_data.finish()
    site.exam_page(exam, summaries, pdf, data)
    return data


def _rendered(count: int, workers: int, spill_root: Path, on_cargo, context: dict) -> dict[int, tuple]:
    """Every cargo rendered by `workers` processes (here, with one: an exam too small to fork for), each with its
    own spill folder w0, w1…; results by cargo number."""
    def start(number: int):
        local, open_data = _worker_site(spill_root / f"w{number}", context)

        def run(k: int) -> tuple:
            return _cargo(local, open_data, context, k)

        return run, local.search.flush

    try:
        return each_forked(count, workers, start, what="das páginas dos cargos",
                           on_result=lambda k, value: on_cargo())
    except TaskError as error:
        which = f"o cargo nº {error.index + 1}" if error.index >= 0 else "os cargos"
        raise RuntimeError(f"Falha ao gerar {which}:\n{error.text}") from None


def _worker_site(spill: Path, c: dict) -> tuple[Site, OpenData | None]:
    site = Site(c["out"], site_url=c["site_url"], search=SearchIndex(spill), pages=c["pages"],
                site_name=c["site_name"], csp=c["csp"])
    return site, (OpenData(c["exam"], c["dados"], sheets=c["sheets"]) if c["data"] is None else None)


def _cargo(site: Site, open_data: OpenData | None, c: dict, k: int) -> tuple:
    """The k-th cargo: its view, data files, pages and postings — or, in an incremental build, the previous
    build's when its fingerprint is the same (c["cargos"], generator/incremental.CargoCache). Returns its summary,
    sitemap entries, largest page, data files and package resources, and its record for the next build."""
    position, slug, number, cache = c["prepared"].position(k), c["slugs"][k], c["numbers"][k], c["cargos"]
    site.urls, site.largest = [], (0, "")
    print_ = fingerprint(c, position, slug) if cache is not None else ""
    taken = cache.take(slug, print_, number, site.search.spill_dir, c["out"], c["dados"]) if cache is not None else None
    if taken is not None:
        return taken
    if cache is not None:  # its postings in a file of their own, for the next build
        site.search.part(cache.postings_name(slug))
    files, resources = open_data.add(position, slug) if open_data else ({}, [])
    data = {"files": files} if open_data else c["data"]
    summary = ExamPages.for_cargo(site, c["exam"], c["rel"], c["pdf"], data, position).position(position, slug,
                                                                                               number)
    site.search.flush()
    record = None
    if cache is not None:
        cargo_dir = Path(c["out"]) / c["rel"] / slug
        written = [f"{rel}index.html" for rel, _ in site.urls]
        if (cargo_dir / "cartao").is_dir():
            written += sorted(f"{c['rel']}{slug}/cartao/{p.name}" for p in (cargo_dir / "cartao").iterdir())
        written += [f"{c['rel']}dados/{Path(f[kind]).name}" for f in files.values()
                    for kind in ("csv", "json", "xlsx") if f.get(kind)]
        record = cache.record(slug, print_, number, summary, site.urls, site.largest, files, resources, written)
    return summary, site.urls, site.largest, files, resources, record


def fingerprint(c: dict, position: dict, slug: str) -> str:
    """What a cargo's pages, data files and postings are made of: the exam, PDF and data as its pages are handed
    them (site.cargo_inputs: its own parts only), its view as built, its folder's name, the site's settings, the
    data files' fixed moment, and the cache's salt (gazeta's code and the build options). Anything the cargo's
    renderers read is in one of them, so an equal fingerprint means equal bytes."""
    exam, pdf, data = cargo_inputs(c["exam"], c["pdf"], c["data"], position)
    if pdf is not None:  # tuple keys: as sorted pairs
        pdf = {**pdf, "ranges": sorted([list(k), list(v)] for k, v in pdf["ranges"].items())}
    files = None
    if data is not None:  # given (the PDF's own data, written before the pages): their names and row counts
        files = sorted([list(k), {kind: Path(v).name if kind != "rows" else v for kind, v in f.items()}]
                       for k, f in data["files"].items())
    head = [c["cargos"].salt, c["site_url"], c["site_name"], c["csp"],
            sorted(c["pages"]) if c["pages"] is not None else None,
            downloads.epoch(c["exam"], position["codigo"]).isoformat(), c["rel"], slug,
            c["data"] is None, exam, pdf, files]
    digest = hashlib.sha256(json.dumps(head, ensure_ascii=False, sort_keys=True, default=str).encode())
    digest.update(b"\0")
    # The view by pickle, not JSON: a faithful serialisation (equal bytes mean equal views, keys in their order), 6.7×
    # faster on the views of a national exam (1M rows: 1.8 CPU s against 12.3). Its bytes may differ for equal views
    # built differently (shared objects, set order): then the cargo is only rendered again, never reused wrongly.
    digest.update(pickle.dumps(position, protocol=5))
    return digest.hexdigest()
