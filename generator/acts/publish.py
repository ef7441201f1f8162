"""`gazeta publicar`: freeze every declared act not yet archived, in order (issue 8 item 2).

Each act is rendered once — its PDF (signed when a certificate is configured), its open data when it publishes the
lists, the result contract at that moment and its public view — and archived with a manifest by `archive.freeze`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, Problem
from . import archive
from .body import body
from .model import CORRECTION, Act
from ..record import pending

FILE = "certame.toml"


@dataclass(frozen=True)
class Published:
    """One act archived by this run."""

    act: Act
    pdf: Path | None
    sha256: str


def publish(exam_dir: Path, rules_dir: Path | None = None, *, site_url: str = "") -> list[Published]:
    """Archive the exam's pending acts; [] when there is nothing new. InputError (nothing archived) when the input,
    the archive or the certificate has a problem."""
    from ..contract import contract
    from ..pipeline import coat_of_arms, prepare

    exam_dir = Path(exam_dir)
    result = prepare(exam_dir, rules_dir)
    records = archive.read(exam_dir)
    todo = pending(result.exam.acts, records)
    if not todo:
        return []
    key = signing_key(exam_dir)  # before rendering anything: a certificate that cannot be used archives nothing
    arms = coat_of_arms(exam_dir, result.rules.id, rules_dir)  # a bad coat-of-arms file archives nothing either
    inputs = archive.input_hashes(exam_dir)
    current = contract(result, {r.act["numero"]: r.files.get(r.pdf or "") for r in records})
    last = next((r.contract() for r in reversed(records) if (r.folder / archive.RESULT_FILE).is_file()), None)
    done = []
    for act in todo:
        order = result.exam.acts.index(act) + 1
        record = archive.freeze(exam_dir, act, order, inputs,
                                lambda folder, act=act: render_act(result, act, folder, last, current, key, site_url,
                                                                   arms))
        last = current
        pdf = record.folder / record.pdf if record.pdf else None
        done.append(Published(act, pdf, record.files.get(record.pdf, "")))
    return done


def act_url(site_url: str, exam_slug: str, act: Act | dict) -> str:
    """Permanent address of an act's page (empty without a configured site address)."""
    slug = act.slug if isinstance(act, Act) else act["slug"]
    return f"{site_url.rstrip('/')}/certames/{exam_slug}/atos/{slug}/" if site_url else ""


def render_act(result, act: Act, folder: Path, published: dict | None, current: dict, key, site_url: str,
               arms: str = "") -> dict:
    """Write the act's files into `folder`; return the manifest's extra fields."""
    from .. import public
    from ..pipeline import documents

    view = public.exam_view(result, with_positions=False, act=act)
    lists = act.carries_result and act.kind != CORRECTION  # a retificação quotes only what changed
    if not lists:  # ato.md is the text of the act that publishes the lists, not of a retificação or convocação
        view["preambulo_md"] = ""
    exam = {**view, "cargos": [], "brasao": arms}  # the coat of arms' path is for the renderer, not the record
    exam["corpo"] = body(act, result, published, exam, current)
    name = f"{exam['slug']}-{act.slug}.pdf"
    data, pdf = documents(exam, (lambda: public.iter_position_views(result)) if lists else (lambda: iter(())),
                          folder, name, act_url(site_url, exam["slug"], act), with_data=lists)
    # One line: the C encoder (an indent makes json use its pure-Python encoder, ~10× slower on a national exam).
    (folder / archive.RESULT_FILE).write_text(json.dumps(current, ensure_ascii=False, separators=(",", ":")) + "\n",
                                              encoding="utf-8")
    extra = {}
    if pdf is not None and key is not None:
        extra["assinatura"] = _sign(folder / name, key, act)
    record = {**view, "corpo": exam["corpo"], "pdf": _pdf_info(pdf), "dados": _data_info(data, folder)}
    (folder / archive.ACT_FILE).write_text(json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                                           encoding="utf-8")
    return {"pdf": name if pdf is not None else None, **extra}


def _pdf_info(pdf: dict | None) -> dict | None:
    if pdf is None:
        return None
    ranges = [[list(k), list(v)] for k, v in sorted(pdf.get("ranges", {}).items())]
    return {"href": pdf["href"], "name": pdf["name"], "pages": pdf.get("pages"), "ranges": ranges}


def _data_info(data: dict | None, folder: Path) -> dict | None:
    if data is None:
        return None
    return {"datapackage": Path(data["datapackage"]).relative_to(folder).as_posix(),
            "datapackage_sha256": data["datapackage_sha256"]}


# -- signing (generator.acts.sign, when installed) -------------------------------------------------------------
def signing_key(exam_dir: Path):
    """The key GAZETA_CERTIFICADO / GAZETA_CERTIFICADO_SENHA name, or None when unset (or signing unavailable)."""
    if not (os.environ.get("GAZETA_CERTIFICADO") or os.environ.get("GAZETA_CERTIFICADO_SENHA")):
        return None
    try:
        from . import sign
    except ImportError:
        raise InputError([Problem("GAZETA_CERTIFICADO", "a assinatura digital não está disponível nesta instalação "
                                  "(módulo generator.acts.sign); nada foi publicado.")]) from None
    return sign.key_from_env(Path(exam_dir).resolve().parents[1])


def _sign(path: Path, key, act: Act) -> dict:
    from . import sign

    signature = sign.sign_file(path, key, reason=f"Publicação do {act.label}", location=act.place)
    return {"assinante": getattr(key, "subject", ""), "emissor": getattr(key, "issuer", ""),
            "valida": bool(getattr(signature, "valid", False))}
