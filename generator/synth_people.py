"""Synthetic Brazilian people: name pools and valid-looking CPFs. Fictitious by construction."""

from __future__ import annotations

import random

FEMALE_FIRST = (
    "Maria", "Ana", "Francisca", "Antônia", "Adriana", "Juliana", "Márcia", "Fernanda", "Patrícia", "Aline",
    "Sandra", "Camila", "Amanda", "Bruna", "Jéssica", "Letícia", "Júlia", "Luciana", "Vanessa", "Mariana",
    "Gabriela", "Vera", "Débora", "Beatriz", "Raimunda", "Simone", "Tatiane", "Cláudia", "Rosângela", "Jaqueline",
    "Larissa", "Rafaela", "Isabela", "Lívia", "Helena", "Valentina", "Yasmin", "Thaís", "Priscila", "Cristiane",
    "Eliane", "Joana", "Luíza", "Natália", "Sônia", "Regina", "Kátia", "Lúcia", "Iracema", "Jaciara",
    "Conceição", "Edna", "Inês", "Gláucia", "Taís", "Rayssa", "Ândrea", "Heloísa", "Flávia", "Mônica",
)
FEMALE_COMPOUND = (
    "Maria da Conceição", "Maria das Graças", "Maria de Fátima", "Maria José", "Ana Paula", "Ana Clara",
    "Maria Eduarda", "Ana Beatriz", "Maria Aparecida", "Maria do Socorro", "Ana Luíza", "Maria Clara",
    "Maria de Lourdes", "Maria Auxiliadora", "Ana Carolina", "Maria Vitória",
)
MALE_FIRST = (
    "José", "João", "Antônio", "Francisco", "Carlos", "Paulo", "Pedro", "Lucas", "Luiz", "Marcos",
    "Luís", "Gabriel", "Rafael", "Daniel", "Marcelo", "Bruno", "Eduardo", "Felipe", "Raimundo", "Rodrigo",
    "Manoel", "Mateus", "André", "Fernando", "Fábio", "Leonardo", "Gustavo", "Guilherme", "Leandro", "Tiago",
    "Anderson", "Ricardo", "Márcio", "Jorge", "Sebastião", "Alexandre", "Roberto", "Edson", "Diego", "Vítor",
    "Sérgio", "Cláudio", "Davi", "Heitor", "Arthur", "Benedito", "Joaquim", "Otávio", "Caio", "Júlio",
    "Wellington", "Reinaldo", "Ubirajara", "Jurandir", "Moacir", "Élton", "Ítalo", "Nélson", "Rogério", "Valdir",
)
MALE_COMPOUND = (
    "João Pedro", "José Carlos", "Luiz Fernando", "Carlos Eduardo", "João Vitor", "Paulo Henrique",
    "José Antônio", "Pedro Henrique", "Antônio Carlos", "Luís Gustavo", "João Batista", "Francisco de Assis",
    "José Ribamar", "Marco Aurélio", "Luiz Antônio", "João Gabriel",
)
SURNAMES = (
    "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
    "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa",
    "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas",
    "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Araújo", "Correia", "Cavalcanti", "Monteiro", "Moura",
    "Albuquerque", "Magalhães", "Figueiredo", "Brandão", "Guimarães", "Assunção", "Conceição", "Aragão", "Simões",
    "Sampaio", "Falcão", "Benites", "Cabreira", "Vera", "Terena", "Isnarde", "Pinheiro", "Bezerra", "Queiroz",
    "Leão", "Coelho", "Sá", "Brito", "Prado", "Batista", "Xavier", "Amaral", "Peixoto", "Quintão", "Lacerda",
)
# Surnames that usually carry a particle: realistic long names ("de Souza e Silva", "dos Santos").
PARTICLE = {"Silva": "da", "Santos": "dos", "Souza": "de", "Oliveira": "de", "Costa": "da", "Nascimento": "do",
            "Conceição": "da", "Assunção": "da", "Jesus": "de", "Paula": "de", "Almeida": "de", "Lima": "de",
            "Moura": "de", "Araújo": "de", "Andrade": "de", "Freitas": "de", "Sá": "de", "Prado": "do"}


def surname(rng: random.Random) -> str:
    """One surname, sometimes with its particle (da, de, dos, do)."""
    name = rng.choice(SURNAMES)
    particle = PARTICLE.get(name)
    return f"{particle} {name}" if particle and rng.random() < 0.6 else name


def full_name(rng: random.Random, female: bool) -> str:
    """A plausible Brazilian full name; about one in eight is long (compound first name, three surnames)."""
    first = rng.choice(FEMALE_FIRST if female else MALE_FIRST)
    roll = rng.random()
    if roll < 0.12:
        first = rng.choice(FEMALE_COMPOUND if female else MALE_COMPOUND)
        tail = f"{surname(rng)} {surname(rng)} e {rng.choice(('Silva', 'Souza', 'Castro', 'Melo', 'Sá'))}"
        return f"{first} {tail}"
    if roll < 0.4:
        return f"{first} {surname(rng)}"
    if roll < 0.55:
        return f"{rng.choice(FEMALE_COMPOUND if female else MALE_COMPOUND)} {surname(rng)} {surname(rng)}"
    return f"{first} {surname(rng)} {surname(rng)}"


def name_pool(rng: random.Random, size: int, female: bool) -> list[str]:
    """`size` names drawn once, so large files pick from a list instead of composing every name."""
    return [full_name(rng, female) for _ in range(size)]


def _chunk_table(weights: tuple[int, int, int]) -> list[int]:
    """Weighted digit sum of every 3-digit chunk 000–999, for fast check digits."""
    a, b, c = weights
    return [(n // 100) * a + (n // 10 % 10) * b + (n % 10) * c for n in range(1000)]


_T1 = [_chunk_table(w) for w in ((10, 9, 8), (7, 6, 5), (4, 3, 2))]
_T2 = [_chunk_table(w) for w in ((11, 10, 9), (8, 7, 6), (5, 4, 3))]
_D3 = [f"{n:03d}" for n in range(1000)]


def _digit(total: int) -> int:
    rest = total % 11
    return 0 if rest < 2 else 11 - rest


def cpf(base9: int) -> str:
    """Formatted CPF (`000.000.000-00`) for a 9-digit base, with the two check digits of Receita Federal."""
    hi, mid, lo = base9 // 1_000_000, base9 // 1000 % 1000, base9 % 1000
    dv1 = _digit(_T1[0][hi] + _T1[1][mid] + _T1[2][lo])
    dv2 = _digit(_T2[0][hi] + _T2[1][mid] + _T2[2][lo] + 2 * dv1)
    return f"{_D3[hi]}.{_D3[mid]}.{_D3[lo]}-{dv1}{dv2}"


def cpf_is_valid(text: str) -> bool:
    """Check a CPF's digits the slow, obvious way (used by tests to cross-check `cpf`)."""
    digits = [int(ch) for ch in text if ch.isdigit()]
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for size in (9, 10):
        total = sum(d * w for d, w in zip(digits[:size], range(size + 1, 1, -1)))
        if _digit(total) != digits[size]:
            return False
    return True


# Multiplier coprime with 10**9: i -> (i * _SPREAD + offset) mod 10**9 is a bijection, so CPFs never repeat.
_SPREAD = 387_420_489


def cpf_base(index: int, offset: int) -> int:
    """Distinct 9-digit base for each index; skips the invalid all-equal-digit bases."""
    base = (index * _SPREAD + offset) % 1_000_000_000
    return base if base % 111_111_111 else (base + 1) % 1_000_000_000
