"""Parsers for single spreadsheet cells; each returns the value or raises BadCell with a message in Portuguese.

They run once per cell of a file that may have a million rows, so each tries a cheap exact check first and only
falls back to the general (slower) path for unusual input.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from ..model import STATUSES
from .text import fold

PRIVATE_NOTE = "O valor não é repetido aqui por ser dado pessoal."


class BadCell(ValueError):
    """A cell that cannot be read; the message says what to write instead."""


def _variants(table: dict[str, object]) -> dict[str, object]:
    """The table plus its upper-case and capitalized spellings, for a dictionary hit without folding."""
    out = dict(table)
    for key, value in table.items():
        out.setdefault(key.upper(), value)
        out.setdefault(key.capitalize(), value)
    return out


_FLAGS = {"s": True, "sim": True, "1": True, "n": False, "nao": False, "0": False, "": False}
FLAG_TEXTS = _variants({**_FLAGS, "não": False})
_SEXES = {"f": "F", "m": "M", "feminino": "F", "masculino": "M", "": None}
SEX_TEXTS = _variants(_SEXES)
_STATUS_ALIASES = {fold(s): s for s in STATUSES} | {"aprovada": "aprovado", "eliminada": "eliminado", "": "aprovado"}
STATUS_TEXTS = _variants(dict(_STATUS_ALIASES))
_TODAY = date.today()  # a birth date after today is a typo (checking only the year let later this year through)
_RANK_SUFFIXES = "ºª°oa."


def parse_score(text: str) -> Decimal:
    """Score with decimal comma or point, kept exactly as written: «72,50» gives Decimal('72.50')."""
    if text.isdigit() and text.isascii():
        return Decimal(text)
    plain = text.strip().replace(",", ".")
    body = plain[1:] if plain[:1] == "-" else plain
    # Decimal() alone would also take «1_000», «1e3», «NaN» or «Infinity»: not scores a board writes.
    if body.replace(".", "", 1).isdigit() and body.isascii():
        return Decimal(plain)
    if not plain:
        raise BadCell("a nota está vazia. Informe a nota final, por exemplo 72,50 (só candidatos ausentes ou "
                      "eliminados na coluna «situacao» podem ficar sem nota).")
    raise BadCell(f"a nota «{text}» não é um número. Use algarismos com vírgula decimal, por exemplo 72,50.")


def parse_flag(text: str, column: str) -> bool:
    """S/N, Sim/Não, 1/0 in any case, with or without accent; empty means N."""
    value = FLAG_TEXTS.get(text)
    if value is None:
        value = _FLAGS.get(fold(text))
    if value is None:
        raise BadCell(f"o valor «{text}» não é reconhecido. Escreva S se o candidato optou pela reserva "
                      f"«{column}» e N se não optou (também valem Sim/Não ou 1/0).")
    return value


_CHOICES = {"negro": "negro", "negra": "negro", "pcd": "pcd", "deficiencia": "pcd", "pessoacomdeficiencia": "pcd",
            "indigena": "indigena", "quilombola": "quilombola", "mulher": "mulher", "": None}
CHOICE_TEXTS = _variants(dict(_CHOICES))


def parse_choice(text: str) -> str | None:
    """The reserve a candidate reached by two chooses (column `escolha`): negro, pcd, indigena or mulher; empty:
    no choice, the rule file's default applies."""
    if text in CHOICE_TEXTS:
        return CHOICE_TEXTS[text]
    value = _CHOICES.get(fold(text), "?")
    if value == "?":
        raise BadCell(f"a escolha «{text.strip()}» não é uma reserva. Escreva negro, pcd, indigena, quilombola ou mulher (a "
                      "reserva pela qual o candidato alcançado por duas prefere ser nomeado), ou deixe vazio.")
    return value


def parse_sex(text: str) -> str | None:
    """F or M (also Feminino/Masculino); empty is unknown."""
    if text in SEX_TEXTS:
        return SEX_TEXTS[text]
    value = _SEXES.get(fold(text), "?")
    if value == "?":
        raise BadCell(f"o sexo informado não é reconhecido. Use F ou M. {PRIVATE_NOTE}")
    return value


def parse_status(text: str, extra: dict[str, str] | None = None) -> str:
    """aprovado, eliminado or ausente; empty means aprovado. `extra`: certame.toml's [situacoes] (word → rotulo),
    each written as its word or its rotulo."""
    value = STATUS_TEXTS.get(text) or _STATUS_ALIASES.get(fold(text))
    if value is None and extra:
        folded = fold(text)
        value = next((w for w, label in extra.items() if folded in (fold(w), fold(label))), None)
    if value is None:
        more = "".join(f", {w}" for w in extra or ())
        raise BadCell(f"a situação «{text}» não é reconhecida. Use aprovado, eliminado, ausente{more} "
                      "(vazio vale como aprovado; outras situações do edital vão em [situacoes] no certame.toml).")
    return value


def parse_rank(text: str) -> int | None:
    """The board's classification: a positive integer (a trailing º is tolerated); empty is None."""
    if text.isdigit() and text.isascii():
        rank = int(text)
    else:
        digits = text.strip().rstrip(_RANK_SUFFIXES).strip()
        if not digits:
            if text.strip():
                raise BadCell(f"a classificação «{text}» não é um número inteiro. Use 1, 2, 3…")
            return None
        if not (digits.isdigit() and digits.isascii()):
            raise BadCell(f"a classificação «{text}» não é um número inteiro. Use 1, 2, 3…")
        rank = int(digits)
    if rank < 1:
        raise BadCell(f"a classificação «{text}» deve ser 1 ou maior.")
    return rank


def parse_birth(text: str) -> date | None:
    """AAAA-MM-DD or DD/MM/AAAA (one-digit day and month tolerated); empty is None."""
    if not text:
        return None
    if len(text) == 10 and text[4] == "-" and text[7] == "-":
        year, month, day = text[:4], text[5:7], text[8:]
    elif len(text) == 10 and text[2] == "/" and text[5] == "/":
        day, month, year = text[:2], text[3:5], text[6:]
    else:
        parts = text.strip().split("/")
        if len(parts) != 3 or len(parts[2]) != 4:
            raise _bad_date()
        day, month, year = parts
    if not ((year + month + day).isdigit() and (year + month + day).isascii()):
        raise _bad_date()
    try:
        born = date(int(year), int(month), int(day))
    except ValueError:
        raise _bad_date() from None
    if not (1900 <= born.year and born <= _TODAY):
        raise _bad_date()
    return born


def _bad_date() -> BadCell:
    return BadCell("a data de nascimento é inválida. Use DD/MM/AAAA ou AAAA-MM-DD, por exemplo 31/12/1990. "
                   + PRIVATE_NOTE)


def cpf_digits(text: str) -> str | None | bool:
    """The CPF's 11 digits, None if the cell is empty, False if it does not hold 11 digits.

    The check digits are not verified: the CPF is kept but never used nor published, so a typo in it must not
    block a publication, and verifying them cost a fifth of the time to load a million rows.
    """
    if len(text) == 14 and text[3] == "." and text[7] == "." and text[11] == "-":
        digits = text.replace(".", "").replace("-", "")
    elif len(text) == 11:
        digits = text
    elif not text:
        return None
    else:
        digits = _cpf_digits(text)
    return digits if len(digits) == 11 and digits.isdigit() and digits.isascii() else False


def cpf_column(texts: tuple[str, ...]) -> list[str | None] | None:
    """cpf_digits of every cell of a column, or None if any cell does not hold 11 digits (the caller then reads
    the rows one by one and reports them).

    The usual column, every cell written 123.456.789-09, is checked and stripped in one pass over the joined text:
    each cell is 14 characters with «.», «.», «-» at 3, 7 and 11 and ASCII digits elsewhere exactly when the
    joined text has the length of n such cells, the punctuation and line breaks at those places, and 11·n ASCII
    digits once they are taken out.
    """
    n = len(texts)
    joined = "\n".join(texts)
    if (len(joined) == 15 * n - 1 and joined[3::15] == "." * n
            and joined[7::15] == "." * n and joined[11::15] == "-" * n and joined[14::15] == "\n" * (n - 1)):
        digits = joined.replace(".", "").replace("-", "")
        plain = digits.replace("\n", "")
        if len(plain) == 11 * n and plain.isdigit() and plain.isascii():
            return digits.split("\n")
    values = list(map(cpf_digits, texts))
    return None if False in values else values


def parse_cpf(text: str) -> str | None:
    """11 digits, punctuated or not; leading zeros a spreadsheet dropped are restored."""
    digits = cpf_digits(text)
    if digits is False:
        raise BadCell("o CPF não tem 11 algarismos. Escreva-o como 123.456.789-09 ou 12345678909. " + PRIVATE_NOTE)
    return digits


def _cpf_digits(text: str) -> str:
    """The digits of an unusually written CPF (spaces, missing leading zeros)."""
    plain = text.strip()
    digits = plain.replace(".", "").replace("-", "").replace(" ", "")
    if digits == plain and digits.isdigit() and 9 <= len(digits) < 11:
        return digits.zfill(11)  # a spreadsheet that took the CPF for a number dropped its leading zeros
    return digits
