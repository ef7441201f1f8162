"""Portuguese labels for groups, outcomes and reasons, shared by the CLI, the site and the PDF."""

GROUP = {
    "ampla": "ampla concorrência",
    "geral": "lista geral",
    "negro": "pessoas negras",
    "pcd": "pessoas com deficiência",
    "indigena": "indígenas",
    "quilombola": "quilombolas",
    "mulher": "mulheres",  # a rule file names its cargo: `rotulo = "mulheres (Guarda Civil Municipal)"` (Lins)
}
VACANCY = {  # "vaga …"
    "ampla": "de ampla concorrência",
    "negro": "reservada a pessoas negras",
    "pcd": "reservada a pessoas com deficiência",
    "indigena": "reservada a indígenas",
    "quilombola": "reservada a quilombolas",
    "mulher": "reservada a mulheres",
}
PROCEDURE = {
    "heteroidentificacao": "heteroidentificação",
    "indigena": "validação documental (indígena)",
    "quilombola": "confirmação documental (quilombola)",  # Lei nº 15.142/2025, art. 3º, § 4º
    "pcd": "avaliação biopsicossocial (PcD)",
}
OUTCOME = {
    "confirmado": "confirmado",
    "nao_confirmado": "não confirmado",
    "ausente": "ausente",
    "fraude": "fraude (declaração falsa)",
}
ELIMINATION = {
    "fraude": "declaração falsa constatada pela comissão",
    "ausente": "ausência ao procedimento da comissão",
    "eliminado": "eliminado pela banca",
    "ausente_prova": "ausente à prova",
}


def ordinal(n: int, feminine: bool = False) -> str:
    """1 → "1º" (or "1ª" for a feminine noun such as posição)."""
    return f"{n}{'ª' if feminine else 'º'}"


def score_text(score) -> str:
    """Decimal score with a decimal comma and at least two places: 85.5 → "85,50"."""
    text = f"{score:.2f}" if score == score.quantize(type(score)("0.01")) else str(score)
    return text.replace(".", ",")


# Nouns that open an act's or a list's title and are feminine in Portuguese; any other first word is read as
# masculine unless it ends like a feminine noun (-a, -ção, -são, -dade, -gem). "Lista de Candidatas Mulheres" →
# "na lista …", "Resultado de Candidatas Mulheres" → "no resultado …", "Portaria nº 3" → "pela Portaria nº 3"
# (issue 18 item 4: "pelo Lista", "na resultado" were wrong).
FEMININE_WORDS = frozenset({"portaria", "resolução", "resolucao", "instrução", "instrucao", "deliberação",
                            "deliberacao", "lei", "ordem", "lista", "relação", "relacao", "classificação",
                            "classificacao", "convocação", "convocacao", "homologação", "homologacao", "ata",
                            "retificação", "retificacao", "nomeação", "nomeacao", "publicação", "publicacao"})
MASCULINE_WORDS = frozenset({"edital", "resultado", "ato", "aviso", "decreto", "extrato", "comunicado", "despacho",
                             "termo", "cadastro", "quadro", "dia", "mapa", "sistema", "programa", "tema"})
_FEMININE_ENDINGS = ("a", "ção", "cao", "são", "sao", "dade", "gem")
_CONTRACTIONS = {"em": ("no", "na"), "por": ("pelo", "pela"), "de": ("do", "da"), "a": ("ao", "à")}


GENDER_WORDS = ("feminino", "masculino")  # a custom title's grammatical gender, when the rule file states it


def is_feminine(title: str, gender: str = "") -> bool:
    """The grammatical gender of a title: the rule file's word when given (`lista_genero = "feminino"`; issue 18
    item 4), else read from the title's first word (a heuristic)."""
    if gender in GENDER_WORDS:
        return gender == "feminino"
    words = title.split()
    first = words[0].lower().strip("«»\"'(") if words else ""
    if first in FEMININE_WORDS:
        return True
    if first in MASCULINE_WORDS:
        return False
    return first.endswith(_FEMININE_ENDINGS)


def contraction(preposition: str, title: str, gender: str = "") -> str:
    """Only the contracted word: "por" + "Portaria nº 5" → "pela" (for a template that links the title)."""
    masculine, feminine = _CONTRACTIONS[preposition]
    return feminine if is_feminine(title, gender) else masculine


def card_gender(title: str, gender: str = "") -> dict:
    """An act's gender in the citizen card's JSON (templates/theme/assets/site.js: «pela Portaria …», «a Portaria»):
    {"genero": "feminino"} for a feminine title, nothing for a masculine one (the card's default), so the card
    files of masculine titles stay as they were."""
    return {"genero": "feminino"} if is_feminine(title, gender) else {}


def contracted(preposition: str, title: str, gender: str = "") -> str:
    """"em" + "Lista …" → "na Lista …"; "por" + "Edital …" → "pelo Edital …". `gender`: the title's stated gender
    (feminino or masculino), which overrides the reading of its first word."""
    masculine, feminine = _CONTRACTIONS[preposition]
    return f"{feminine if is_feminine(title, gender) else masculine} {title}"
