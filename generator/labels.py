"""Portuguese labels for groups, outcomes and reasons, shared by the CLI, the site and the PDF."""

GROUP = {
    "ampla": "ampla concorrência",
    "geral": "lista geral",
    "negro": "pessoas negras",
    "pcd": "pessoas com deficiência",
    "indigena": "indígenas",
    "mulher": "mulheres",  # a rule file names its cargo: `rotulo = "mulheres (Guarda Civil Municipal)"` (Lins)
}
VACANCY = {  # "vaga …"
    "ampla": "de ampla concorrência",
    "negro": "reservada a pessoas negras",
    "pcd": "reservada a pessoas com deficiência",
    "indigena": "reservada a indígenas",
    "mulher": "reservada a mulheres",
}
PROCEDURE = {
    "heteroidentificacao": "heteroidentificação",
    "indigena": "validação documental (indígena)",
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
