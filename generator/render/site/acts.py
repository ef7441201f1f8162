"""Site pages of the gazette over time: each archived act's permanent page, the editions and the history of an exam.

An act's PDF and data are copies of the archive (generator/store/archive.py); its page is rendered from the view it
published (ato.json) plus what came after it: the retificações that correct it, with links both ways.
"""

from __future__ import annotations

from ...acts.model import CORRECTING_KINDS
from ...paths import slugify
from .. import cite


def history(exam_slug: str, records) -> list[dict]:
    """One entry per archived act, oldest first: its published view, links, PDF and SHA-256, and the acts that
    correct it (computed from the archive, never from what the act itself knew when published)."""
    entries = []
    for record in records:
        view = {**record.view(), "slug": exam_slug}  # links follow the exam folder, even if it was renamed
        # its URN as published: from the norms the act's view archived, not the rule file read again (issue 19)
        act = view["ato"] = {**view["ato"], "urn": cite.urn(view)}
        pdf = view.get("pdf")
        sha = record.files.get(record.pdf or "", "")
        entries.append({
            "slug": record.slug, "href": f"certames/{exam_slug}/atos/{record.slug}/", "view": view, "ato": act,
            "publicacao": view["publicacao"], "pdf": pdf, "pdf_sha256": sha,
            "dados": view.get("dados"), "convocados_dados": view.get("convocados_dados"),  # a stage call's own data
            "assinatura": record.manifest.get("assinatura"), "retificado_por": [],
            "corrige": None, "seal": seal(sha, record.manifest.get("assinatura")) if pdf else None})
    by_number = {(e["ato"].get("identificador") or e["ato"]["numero"]): e for e in entries}
    for e in entries:
        target = e["ato"].get("retifica")
        key = target and (target.get("identificador") or target["numero"])
        if e["ato"]["tipo"] in CORRECTING_KINDS and target and key in by_number:
            corrected = by_number[key]
            e["corrige"] = _link(corrected)
            corrected["retificado_por"].append(_link(e))
    return entries


def seal(sha256: str, signature: dict | None) -> dict:
    """What the site prints beside an archived act's PDF (templates/theme/_seal.html): its SHA-256 and its signer
    from the act's manifest, or none ("Este PDF não tem assinatura digital"); the verification page explains
    both (MP 2.200-2/2001 art. 10; the ITI's public verifier)."""
    signer = None
    if signature and signature.get("assinante"):
        signer = {"assinante": signature["assinante"], "emissor": signature.get("emissor", "")}
    return {"sha256": sha256, "assinatura": signer}


def _link(entry: dict) -> dict:
    act = entry["ato"]
    return {"titulo": act["titulo"], "numero": act["numero"], "data_curta": act["data_curta"],
            "href": entry["href"], "tipo": act["tipo"],
            **({"genero": act["titulo_genero"]} if act.get("titulo_genero") else {})}


def reflected(entries: list[dict]) -> dict | None:
    """The last archived act that publishes or corrects the lists: what the current pages reflect."""
    from ...acts.model import RESULT_KINDS

    return next((e for e in reversed(entries) if e["ato"]["tipo"] in RESULT_KINDS), None)


def pdf_of(entries: list[dict]) -> dict | None:
    """The archived PDF that carries the lists (the last result act's), as the site's pages link and cite it."""
    from ...acts.model import CORRECTION, RESULT_KINDS

    for e in reversed(entries):
        if e["ato"]["tipo"] in RESULT_KINDS and e["ato"]["tipo"] != CORRECTION and e["pdf"]:
            pdf = e["pdf"]
            ranges = {tuple(k): tuple(v) for k, v in pdf.get("ranges", [])}
            out = {"href": f"atos/{e['slug']}/{pdf['href']}", "name": pdf["name"], "pages": pdf.get("pages"),
                   "ranges": ranges, "seal": e["seal"]}
            if isinstance(pdf.get("extratos"), dict):  # archived with the act (publicar, since issue 20)
                out["archived_extracts"] = {code: {**item, "href": f"atos/{e['slug']}/{item['href']}"}
                                            for code, item in pdf["extratos"].items()}
            return out
    return None


def corrections_by_cargo(entries: list[dict], carrier: dict) -> dict[str, list[dict]]:
    """Cargo code → the later acts that corrected the carrier's lists of that cargo (the cargos their quoted passages
    name), oldest first, each with its own act, edition, PDF and page count: what a list cites besides its act."""
    from ...acts.model import CORRECTING_KINDS

    out: dict[str, list[dict]] = {}
    after = entries[entries.index(carrier) + 1:]
    for e in after:
        if e["ato"]["tipo"] not in CORRECTING_KINDS or (e.get("corrige") or {}).get("href") != carrier["href"]:
            continue
        body = e["view"].get("corpo") or {}
        codes = sorted({t["cargo"] for t in body.get("trechos", []) if t.get("cargo")})
        pdf = e.get("pdf") or {}
        fix = {"slug": e["slug"], "ato": e["ato"], "publicacao": e["publicacao"], "paginas": pdf.get("pages"),
               "pdf_href": f"atos/{e['slug']}/{pdf['href']}" if pdf.get("href") else "", "pdf_name": pdf.get("name", "")}
        for code in codes:
            out.setdefault(code, []).append(fix)
    return out


def edition_key(pub: dict) -> tuple:
    return (pub["diario"], pub.get("edicao") or "", pub["data"], bool(pub.get("extra")), bool(pub.get("suplemento")))


def edition_slug(pub: dict) -> str:
    """Path of an edition's page: gazette, number (or date), extra/suplemento."""
    parts = [pub["diario"], pub.get("edicao") or pub["data"]]
    parts += ["extra"] * bool(pub.get("extra")) + ["suplemento"] * bool(pub.get("suplemento"))
    return slugify(" ".join(parts))


def editions(acts: list[dict]) -> list[dict]:
    """Editions that carry the site's acts, newest first; one edition may carry acts of several exams."""
    grouped: dict[tuple, dict] = {}
    for a in acts:
        pub = a["publicacao"]
        edition = grouped.setdefault(edition_key(pub), {"publicacao": pub, "slug": edition_slug(pub), "atos": []})
        edition["atos"].append(a)
    for edition in grouped.values():
        edition["atos"].sort(key=lambda a: (a["certame"], a["ordem"]))
    return sorted(grouped.values(), key=lambda e: (e["publicacao"]["data"], e["publicacao"].get("edicao") or "",
                                                   e["slug"]), reverse=True)
