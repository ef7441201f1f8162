"""The verification code every page of an act's PDF prints, and the address of the page that resolves it.

A PDF cannot print its own SHA-256 (the digest changes with every byte, the printed one included). The Diário
Oficial da União prints instead an identifier known before the bytes — its "código de autenticidade" is the journal,
the date and the page — and in.gov.br/autenticidade resolves it to the document. We do the same per act: the code
is derived from the act's LexML URN alone (its legal identity, frozen when the act is published: render/cite.urn),
so it is known before the PDF is drawn, is the same on every page of the act and in every build, and names one act;
the site's page `verificar/<código>/` resolves it to what only exists after the bytes: the PDF's SHA-256, its
signature as `gazeta verificar` reads it, the edition and the download. Not the data package's hash: a republished
preview of the same act keeps its code, and a reader who types the code lands on the act as published.
"""

from __future__ import annotations

import hashlib

from .. import cite

DIGITS = 12  # 10^12 codes: a clash between two acts of one site is checked for anyway (Site.verification_page)
PATH = "verificar"  # the site folder of the verification pages (beside verify.html, "Como verificar")


def code_of_urn(urn: str) -> str:
    """The act's code: 12 decimal digits of SHA-256(URN), in groups of four ("4821-0937-5512"). Digits only: read
    aloud, typed on a phone or copied from paper without confusing O and 0 or l and 1."""
    number = int.from_bytes(hashlib.sha256(f"gazeta:verificacao:{urn}".encode("utf-8")).digest(), "big")
    text = str(number % 10 ** DIGITS).rjust(DIGITS, "0")
    return "-".join(text[k:k + 4] for k in range(0, DIGITS, 4))


def code(exam: dict) -> str:
    """The verification code of the act an exam view publishes (its `ato`)."""
    return code_of_urn(cite.urn(exam))


def page_rel(code_text: str) -> str:
    """The site-relative folder of the code's verification page."""
    return f"{PATH}/{code_text}/"


def page_url(site_url: str, code_text: str) -> str:
    """The absolute address of the code's verification page; '' without a site address (nothing to print)."""
    return f"{site_url.rstrip('/')}/{page_rel(code_text)}" if site_url else ""


def footer_lines(code_text: str, verify_url: str, data_sha256: str, permanent_url: str) -> list[str]:
    """The PDF's footer, on every page: the act's code and where to check it; which hash the other line prints
    (the open data attached to this PDF, not the PDF itself); the act's permanent page."""
    lines = []
    if code_text:
        where = f": confira o SHA-256, a assinatura e a edição deste PDF em {verify_url}" if verify_url else \
            " (confira-o na página «Como verificar» do site que publicou o ato)"
        lines.append(f"Código de verificação {code_text}{where}")
    if data_sha256:
        lines.append(f"SHA-256 dos dados abertos anexados ao PDF do ato (pacote datapackage.json): {data_sha256}")
    if permanent_url:
        lines.append(f"Edição permanente: {permanent_url}")
    return lines
