"""Cargos rendered by worker processes (fork): each builds its cargos' views, data files, pages and search spill.

Everything order-dependent is decided in the parent before the workers start (slugs, search numbers) or put back in
cargo order after they finish (summaries, sitemap entries, package resources), so the output is byte-identical to
the one-process path.
"""

from __future__ import annotations

import multiprocessing
import traceback
from pathlib import Path

from .data import OpenData
from ..paths import Slugs
from .search import SearchIndex
from .site import ExamPages, Site

def render_exam(site: Site, exam: dict, prepared, workers: int, spill_root: Path, *, pdf: dict | None = None,
                data: dict | None = None, on_cargo=lambda: None, sheets: bool = True) -> dict | None:
    """Render one exam's cargos in `workers` processes; write data files too when `data` is None (with their
    spreadsheets unless `sheets` is false: OpenData). `on_cargo` is called as each cargo comes back (the progress
    bar)."""
    rel = f"certames/{exam['slug']}/"
    slugs = Slugs()
    cargos = [(c["codigo"], c["nome"]) for c in prepared.cargos]
    assigned = [slugs(code) for code, _ in cargos]
    numbers = [site.search.add_cargo(f"{rel}{slug}/geral/", f"{code} — {name}", f"{rel}{slug}/", exam["titulo"],
                                         exam["orgao"], exam["jurisdicao"]["nome"])
               for (code, name), slug in zip(cargos, assigned)]
    dados = site.out / rel / "dados"
    context = dict(out=site.out, site_url=site.site_url, site_name=site.site_name, csp=site.csp, pages=site.pages,
                   exam=exam, prepared=prepared, rel=rel, pdf=pdf, data=data, slugs=assigned, numbers=numbers,
                   dados=dados, sheets=sheets)
    results = _run(len(cargos), workers, spill_root / exam["slug"], site, on_cargo, context)
    open_data = OpenData(exam, dados, sheets=sheets) if data is None else None
    summaries = []
    for k in range(len(cargos)):
        summary, urls, largest, files, resources = results[k]
        summaries.append(summary)
        site.urls.extend(urls)
        site.largest = max(site.largest, largest)
        if open_data is not None:
            open_data.merge(files, resources)
    if open_data is not None:
        data = open_data.finish()
    site.exam_page(exam, summaries, pdf, data)
    return data


def _run(count: int, workers: int, spill_root: Path, site: Site, on_cargo, context: dict) -> dict[int, tuple]:
    """Start the workers, feed them cargo numbers, collect their results and spill folders. `context` reaches
    them by the fork itself (a forked Process's arguments are not pickled), the views with it."""
    ctx = multiprocessing.get_context("fork")
    tasks, results = ctx.Queue(), ctx.Queue()
    for k in range(count):
        tasks.put(k)
    procs = []
    for w in range(workers):
        tasks.put(None)
        spill = spill_root / f"w{w}"
        procs.append(ctx.Process(target=_worker, args=(tasks, results, spill, context), daemon=True))
        site.search.add_spill(spill)
    for proc in procs:
        proc.start()
    done, finished = {}, 0
    try:
        while finished < workers:
            message = results.get()
            if message[0] == "done":
                finished += 1
            elif message[0] == "error":
                raise RuntimeError(f"Falha ao gerar o cargo nº {message[1] + 1}:\n{message[2]}")
            else:
                done[message[1]] = message[2:]
                on_cargo()
    finally:
        for proc in procs:
            if proc.is_alive() and finished < workers:
                proc.terminate()
            proc.join()
    return done


def _worker(tasks, results, spill: Path, c: dict) -> None:
    """One process: render cargos until the sentinel, then close the search spill."""
    site = Site(c["out"], site_url=c["site_url"], search=SearchIndex(spill), pages=c["pages"],
                site_name=c["site_name"], csp=c["csp"])
    open_data = OpenData(c["exam"], c["dados"], sheets=c["sheets"]) if c["data"] is None else None
    while (k := tasks.get()) is not None:
        try:
            position = c["prepared"].position(k)
            site.urls, site.largest = [], (0, "")
            files, resources = open_data.add(position, c["slugs"][k]) if open_data else ({}, [])
            data = {"files": files} if open_data else c["data"]
            summary = ExamPages(site, c["exam"], c["rel"], c["pdf"], data).position(position, c["slugs"][k],
                                                                                  c["numbers"][k])
            results.put(("ok", k, summary, site.urls, site.largest, files, resources))
        except BaseException:  # reported to the parent, which stops the build
            results.put(("error", k, traceback.format_exc()))
            break
    site.search.flush()
    results.put(("done",))
