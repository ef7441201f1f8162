"""How to cite an exam's act: ABNT NBR 6023 reference, BibTeX entry and LexML-style URN (pure functions)."""

from __future__ import annotations

import re
import unicodedata

# ABNT NBR 6023:2018, 8.11.3: months abbreviated in the language of the document.
MONTHS = ("jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez.")


def abnt_date(iso: str) -> str:
    """`2024-06-10` as ABNT writes it: `10 jun. 2024`."""
    year, month, day = (int(part) for part in iso.split("-"))
    return f"{day} {MONTHS[month - 1]} {year}"


def _pages(pages: tuple[int, int] | None) -> str:
    if not pages:
        return ""
    first, last = pages
    return f"p. {first}" if first == last else f"p. {first}-{last}"


def _author(exam: dict) -> str:
    """Entry element: the jurisdiction in capitals, then the issuing body (ABNT 8.1.1.2 for legal documents)."""
    place = exam["jurisdicao"]["nome"]
    for prefix in ("Município de ", "Estado de ", "Estado do ", "Estado da "):
        if place.startswith(prefix):
            place = place[len(prefix):]
    return f"{place.upper()}. {exam['orgao']}"


def abnt(exam: dict, *, url: str = "", pages: tuple[int, int] | None = None, part: str = "") -> str:
    """ABNT NBR 6023 reference of the act in its gazette (plain text; the title is the highlighted element)."""
    pub = exam["publicacao"]
    title = f"{exam['edital']}: {exam['titulo']}" if exam.get("edital") else exam["titulo"]
    if part:
        title = f"{title}. {part}"
    where = [f"{pub['diario']}"]
    section = f"seção {pub['secao']}" if pub.get("secao") else ""
    if pub.get("subsecao"):
        section = f"{section}, subseção {pub['subsecao']}" if section else f"subseção {pub['subsecao']}"
    head = f"{where[0]}: {section}" if section else where[0]
    details = [head]
    if pub.get("ano"):
        details.append(f"ano {pub['ano']}")
    if pub.get("edicao"):
        details.append(f"n. {pub['edicao']}")
    if pages:
        details.append(_pages(pages))
    details.append(abnt_date(pub["data"]))
    text = f"{_author(exam)}. {title}. {', '.join(details)}."
    link = url or pub.get("url") or ""
    if link:
        text += f" Disponível em: {link}."
    return text


def _bibtex_escape(value: str) -> str:
    """Protect the characters BibTeX treats specially; keep UTF-8 (biber and modern BibTeX read it)."""
    value = value.replace("\\", "\\textbackslash{}")
    return re.sub(r"([{}&%$#_])", r"\\\1", value)


def bibtex_key(exam: dict) -> str:
    """A stable ASCII key: slug and publication date."""
    slug = re.sub(r"[^a-z0-9]+", "", exam["slug"].lower())
    return f"{slug}{exam['publicacao']['data'].replace('-', '')}"


def bibtex(exam: dict, *, url: str = "", pages: tuple[int, int] | None = None) -> str:
    """A BibTeX @misc entry of the act (biblatex reads it too)."""
    pub = exam["publicacao"]
    fields = [
        ("author", "{" + _bibtex_escape(exam["orgao"]) + "}"),
        ("title", _bibtex_escape(f"{exam['edital']}: {exam['titulo']}" if exam.get("edital") else exam["titulo"])),
        ("journal", _bibtex_escape(pub["diario"])),
        ("number", _bibtex_escape(str(pub.get("edicao", "")))),
        ("date", pub["data"]),
        ("year", pub["data"][:4]),
        ("pages", _pages(pages)[3:] if pages else ""),
        ("note", _bibtex_escape(f"Seção {pub['secao']}" if pub.get("secao") else "")),
        ("url", url or pub.get("url") or ""),
        ("urn", urn(exam)),
        ("language", "brazilian"),
    ]
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields if value)
    return f"@misc{{{bibtex_key(exam)},\n{body}\n}}"


def _urn_token(text: str) -> str:
    """LexML descriptor token: lower-case ASCII letters and digits, other runs become a dot."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", ".", ascii_text.lower()).strip(".")


def _locality(exam: dict) -> tuple[str, str]:
    """Locality and authority of the jurisdiction, taken from its own norms' URNs (`urn:lex:LOCAL:AUTH:...`)."""
    own = [n["urn"] for n in exam.get("normas", []) if n.get("urn") and ":federal:" not in n["urn"]]
    if own:
        parts = own[0].split(":")
        if len(parts) >= 4:
            return parts[2], parts[3]
    return "br", _urn_token(exam["jurisdicao"]["id"])


def urn(exam: dict) -> str:
    """LexML-style URN of the act: `urn:lex:LOCAL:AUTHORITY:edital:DATE;NUMBER`."""
    local, authority = _locality(exam)
    number = re.sub(r"^(edital|edital de concurso)\s*(n[ºo°.]*)?\s*", "", exam.get("edital", ""), flags=re.I)
    descriptor = exam["publicacao"]["data"]
    token = _urn_token(number)
    if token:
        descriptor += f";{token}"
    return f"urn:lex:{local}:{authority}:edital:{descriptor}"
