"""How to cite a published act: ABNT NBR 6023 reference, BibTeX entry and LexML URN (pure functions).

The act cited is the one that published the lists (`exam["ato"]`, its own type, number and date — LEGAL-NOTES 13),
not the opening edital; exam views without it (older callers) fall back to the `edital` line.
"""

from __future__ import annotations

import re
import unicodedata

from markupsafe import Markup, escape

from ..labels import contracted

# ABNT NBR 6023:2018, 8.11.3: months abbreviated in the language of the document.
MONTHS = ("jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez.")
MONTHS_FULL = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
               "novembro", "dezembro")
# Where a state's gazette is published (its capital), for the ABNT "Local" of a state act; UF by state name.
STATES = {
    "Acre": ("AC", "Rio Branco"), "Alagoas": ("AL", "Maceió"), "Amapá": ("AP", "Macapá"),
    "Amazonas": ("AM", "Manaus"), "Bahia": ("BA", "Salvador"), "Ceará": ("CE", "Fortaleza"),
    "Distrito Federal": ("DF", "Brasília"), "Espírito Santo": ("ES", "Vitória"), "Goiás": ("GO", "Goiânia"),
    "Maranhão": ("MA", "São Luís"), "Mato Grosso": ("MT", "Cuiabá"), "Mato Grosso do Sul": ("MS", "Campo Grande"),
    "Minas Gerais": ("MG", "Belo Horizonte"), "Pará": ("PA", "Belém"), "Paraíba": ("PB", "João Pessoa"),
    "Paraná": ("PR", "Curitiba"), "Pernambuco": ("PE", "Recife"), "Piauí": ("PI", "Teresina"),
    "Rio de Janeiro": ("RJ", "Rio de Janeiro"), "Rio Grande do Norte": ("RN", "Natal"),
    "Rio Grande do Sul": ("RS", "Porto Alegre"), "Rondônia": ("RO", "Porto Velho"), "Roraima": ("RR", "Boa Vista"),
    "Santa Catarina": ("SC", "Florianópolis"), "São Paulo": ("SP", "São Paulo"), "Sergipe": ("SE", "Aracaju"),
    "Tocantins": ("TO", "Palmas"),
}
# LexML Brasil, Parte 2 – LexML URN, v1.0 (RC1), dez. 2008, sec. 4 (names): lower case, no accents, words joined by
# dots, without articles, prepositions and their contractions ("mato.grosso.sul", "camara.deputados").
STOP_WORDS = frozenset("a as o os e de da das do dos em na nas no nos".split())


# -- the act ---------------------------------------------------------------------------------------------------
def act(exam: dict) -> dict:
    """The cited act: its name ('Edital de Resultado Final nº 41/2024'), type, number and date (ISO)."""
    own = exam.get("ato")
    if own:
        return own
    notice = exam.get("edital", "")
    number = re.sub(r"^.*?\bn(?:\.\s*)?[º°o]\.?\s*", "", notice, flags=re.I) if re.search(r"\d", notice) else ""
    return {"tipo": "", "titulo": notice or exam["titulo"], "numero": number, "data": exam["publicacao"]["data"]}


def full_date(iso: str) -> str:
    """`2024-06-01` as an act's epigraph writes it: `1º de junho de 2024`."""
    year, month, day = (int(part) for part in iso.split("-"))
    return f"{'1º' if day == 1 else day} de {MONTHS_FULL[month - 1]} de {year}"


def abnt_date(iso: str) -> str:
    """`2024-06-10` as ABNT writes it: `10 jun. 2024`."""
    year, month, day = (int(part) for part in iso.split("-"))
    return f"{day} {MONTHS[month - 1]} {year}"


def _pages(pages: tuple[int, int] | None, dash: str = "-") -> str:
    if not pages:
        return ""
    first, last = pages
    return f"{first}" if first == last else f"{first}{dash}{last}"


def _jurisdiction(exam: dict) -> str:
    """The jurisdiction as the entry element: 'LINS (SP)', 'MATO GROSSO DO SUL' (ABNT NBR 6023:2018, 8.1.1.3)."""
    place = exam["jurisdicao"]["nome"]
    for prefix in ("Município de ", "Estado de ", "Estado do ", "Estado da "):
        if place.startswith(prefix):
            place = place[len(prefix):]
    return place.upper()


def _place(exam: dict) -> str:
    """Where the gazette is published: 'Lins, SP' for a municipality, the capital for a state."""
    name = exam["jurisdicao"]["nome"]
    town = re.fullmatch(r"Município de (.+?) \((\w\w)\)", name)
    if town:
        return f"{town.group(1)}, {town.group(2)}"
    state = re.sub(r"^Estado d[eoa] ", "", name)
    if state in STATES:
        uf, capital = STATES[state]
        return f"{capital}, {uf}"
    return ""


def ementa(exam: dict) -> str:
    """What the act is about: the exam's title; a retificação says which act it corrects."""
    own = act(exam)
    fixed = own.get("retifica")
    if fixed:
        return f"Retifica o {fixed['titulo']}, de {full_date(fixed['data'])}. {exam['titulo']}"
    return exam["titulo"]


def epigraph(exam: dict) -> str:
    """'Edital de Resultado Final nº 41/2024, de 14 de junho de 2024'."""
    own = act(exam)
    return f"{own['titulo']}, de {full_date(own['data'])}"


# -- ABNT ------------------------------------------------------------------------------------------------------
def abnt_parts(exam: dict, *, url: str = "", pages: tuple[int, int] | None = None,
               part: str = "") -> tuple[str, str, str]:
    """The reference as (before, periodical, after): the periodical is the element ABNT highlights."""
    pub = exam["publicacao"]
    before = f"{_jurisdiction(exam)}. {exam['orgao']}. {epigraph(exam)}. {ementa(exam)}. "
    details = [f"seção {pub['secao']}" if pub.get("secao") else "", _place(exam),
               f"ano {pub['ano']}" if pub.get("ano") else "",
               f"n. {pub['edicao']}" if pub.get("edicao") else "",
               "ed. extra" if pub.get("extra") else "", "supl." if pub.get("suplemento") else "",
               f"p. {_pages(pages)}" if pages else "", abnt_date(pub["data"])]
    after = ": " + ", ".join(d for d in details if d) + "."
    if part:
        after += f" {part}."
    link = url or pub.get("url") or ""
    if link:
        after += f" Disponível em: {link}."
    return before, pub["diario"], after


def abnt(exam: dict, *, url: str = "", pages: tuple[int, int] | None = None, part: str = "") -> str:
    """ABNT NBR 6023:2018 reference of an act published in a gazette (7.11.2), as plain text:
    JURISDIÇÃO. Entidade. Tipo nº X, de DD de mês de AAAA. Ementa. Periódico: seção, Local, ano, n., p., data."""
    return "".join(abnt_parts(exam, url=url, pages=pages, part=part))


def abnt_html(exam: dict, *, url: str = "", pages: tuple[int, int] | None = None, part: str = "") -> Markup:
    """The same reference with the periodical in italics."""
    before, periodical, after = abnt_parts(exam, url=url, pages=pages, part=part)
    return escape(before) + Markup("<em>") + escape(periodical) + Markup("</em>") + escape(after)


def correction_note(fix: dict, pages: tuple[int, int] | None) -> str:
    """What a list cites after its own act: "Retificado pelo Edital de Retificação nº 11/2023, de 27 de novembro de
    2023 (Diário Oficial …, n. 1817, p. 1-2, 27 nov. 2023)." — the correction with its own edition and pages."""
    pub = fix["publicacao"]
    details = [f"n. {pub['edicao']}" if pub.get("edicao") else "", "ed. extra" if pub.get("extra") else "",
               "supl." if pub.get("suplemento") else "", f"p. {_pages(pages)}" if pages else "",
               abnt_date(pub["data"])]
    verb = "Republicado" if fix["ato"].get("tipo") == "republicacao" else "Retificado"
    by = contracted("por", epigraph(fix), fix["ato"].get("titulo_genero", ""))  # «pela Portaria…» (issue 18 item 4)
    return (f"{verb} {by} ({pub['diario']}, " + ", ".join(d for d in details if d) + ").")


# -- BibTeX ----------------------------------------------------------------------------------------------------
def _bibtex_escape(value: str) -> str:
    """Protect the characters BibTeX treats specially; keep UTF-8 (biber and modern BibTeX read it)."""
    value = value.replace("\\", "\\textbackslash{}")
    return re.sub(r"([{}&%$#_])", r"\\\1", value)


def _key_token(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")


def bibtex_key(exam: dict, url: str = "") -> str:
    """A key unique to each entry: the exam, the act (number or date) and the page within the exam (cargo, list,
    page number), e.g. `lins-2024-gcm:01-2024:gcm-geral-2`."""
    own = act(exam)
    key = f"{_key_token(exam['slug'])}:{_key_token(own.get('numero') or own.get('identificador') or own['data'])}"
    if own.get("retifica"):
        key += f"-retificacao-{own.get('sequencia') or 1}"
    page = url.split(f"certames/{exam['slug']}/", 1)[1] if f"certames/{exam['slug']}/" in url else ""
    return f"{key}:{_key_token(page)}" if _key_token(page) else key


def bibtex(exam: dict, *, url: str = "", pages: tuple[int, int] | None = None, part: str = "",
           corrections: tuple[str, ...] = ()) -> str:
    """An @article entry (the act in its gazette: journal, number and pages kept; biblatex reads it too);
    `corrections`: the notes of the acts that corrected the cited part since (correction_note)."""
    pub = exam["publicacao"]
    note = "; ".join(x for x in (f"Seção {pub['secao']}" if pub.get("secao") else "", part, *corrections) if x)
    fields = [
        ("author", "{" + _bibtex_escape(f"{_jurisdiction(exam)}. {exam['orgao']}") + "}"),
        ("title", _bibtex_escape(f"{epigraph(exam)}: {ementa(exam)}")),
        ("journal", _bibtex_escape(pub["diario"])),
        ("address", _bibtex_escape(_place(exam))),
        ("number", _bibtex_escape(str(pub.get("edicao", "")))),
        ("pages", _pages(pages, "--")),
        ("year", pub["data"][:4]),
        ("date", pub["data"]),
        ("note", _bibtex_escape(note)),
        ("url", url or pub.get("url") or ""),
        ("urn", urn(exam)),
        ("language", "brazilian"),
    ]
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields if value)
    return f"@article{{{bibtex_key(exam, url)},\n{body}\n}}"


# -- LexML URN -------------------------------------------------------------------------------------------------
def lexml_name(text: str) -> str:
    """A LexML name: lower-case ASCII words joined by dots, without articles and prepositions, and without the
    'nº' of a number ('SED/PSS nº 03/2024' → 'sed.pss.03.2024')."""
    text = re.sub(r"\bn(?:\.\s*)?[º°]\.?|\bn[o.]\s*(?=\d)|\bn\.o\b", " ", text, flags=re.I)
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return ".".join(w for w in re.split(r"[^a-z0-9]+", ascii_text) if w and w not in STOP_WORDS)


def _locality(exam: dict) -> tuple[str, str]:
    """Locality and authority of the jurisdiction, taken from its own norms' URNs (`urn:lex:LOCAL:AUTH:...`)."""
    own = [n["urn"] for n in exam.get("normas", []) if n.get("urn") and ":federal:" not in n["urn"]]
    if own:
        parts = own[0].split(":")
        if len(parts) >= 4:
            return parts[2], parts[3]
    return "br", lexml_name(exam["jurisdicao"]["id"])


def urn(exam: dict) -> str:
    """LexML URN of the published act: `urn:lex:LOCAL:AUTHORITY:edital:DATE;NUMBER` (Parte 2, sec. 5: the
    descriptor is a date and an identifier). An act without a number of its own takes `lex-1`, the form for
    unnumbered documents; a retificação is the corrected act's URN with `;retificacao.N`. A published act's URN is
    frozen (build._frozen puts it in the act's view): the one it had when it was published."""
    own = act(exam)
    if own.get("urn"):
        return own["urn"]
    local, authority = _locality(exam)
    fixed = own.get("retifica") if own.get("tipo") == "retificacao" else None
    target = fixed or own
    # An act without a number: `lex-N`, N its ordinal among the exam's unnumbered acts of that date (act view's
    # `ordem_no_dia`), so two such acts of one day keep distinct URNs.
    name = lexml_name(target.get("numero") or "") or f"lex-{target.get('ordem_no_dia') or 1}"
    descriptor = f"{target['data']};{name}"
    if fixed:
        descriptor += f";retificacao.{own.get('sequencia') or 1}"
    return f"urn:lex:{local}:{authority}:edital:{descriptor}"
