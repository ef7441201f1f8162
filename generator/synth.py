"""Deterministic synthetic exam folder at any scale (up to CNU size), for load and scale tests."""

from __future__ import annotations

import argparse
import csv
import random
import sys
from datetime import date, timedelta
from pathlib import Path

from .synth_people import cpf, cpf_base, name_pool

BATCH = 50_000
POOL = 20_000  # names per sex: homonyms happen in real exams too
FIRST_REGISTRATION = 10_000_001
BIRTH_FROM = date(1958, 1, 1)
BIRTH_DAYS = (date(2005, 12, 31) - BIRTH_FROM).days + 1
# Opt-in rates as 16-bit thresholds (MS-like population: ~20% negro, ~2% PcD, ~0.5% indígena).
FEMALE_BELOW = 32_768
NEGRO_BELOW = 13_107
PCD_BELOW = 1_311
INDIGENA_BELOW = 328
ABSENT_BELOW = 2_621  # ~4% ausente
ELIMINATED_BELOW = 4_588  # ~3% eliminado
PROCEDURE = {"negro": "heteroidentificacao", "pcd": "pcd", "indigena": "indigena"}
HEADER = ("inscricao", "nome", "cargo", "nota", "nascimento", "cpf", "sexo", "negro", "pcd", "indigena", "situacao")

TITLES = (
    "Analista de Políticas Públicas", "Analista Técnico Administrativo", "Técnico de Nível Médio", "Professor",
    "Enfermeiro", "Médico", "Assistente Social", "Psicólogo", "Engenheiro", "Agente de Fiscalização",
    "Analista de Tecnologia da Informação", "Auditor", "Técnico em Enfermagem", "Nutricionista", "Fisioterapeuta",
    "Contador", "Arquiteto", "Agente Penitenciário", "Motorista", "Farmacêutico",
)
AREAS = (
    "Campo Grande", "Dourados", "Três Lagoas", "Corumbá", "Ponta Porã", "Naviraí", "Nova Andradina", "Aquidauana",
    "Sidrolândia", "Paranaíba", "Maracaju", "Coxim", "Amambai", "Rio Brilhante", "Caarapó",
)


def split_total(total: int, weights: list[float], floor: int = 1) -> list[int]:
    """Split `total` into len(weights) parts ≥ `floor`, proportional to weights (largest remainder)."""
    spare = total - floor * len(weights)
    if spare < 0:
        raise ValueError("total menor que o mínimo por parte")
    scale = spare / sum(weights)
    shares = [w * scale for w in weights]
    parts = [int(s) for s in shares]
    order = sorted(range(len(weights)), key=lambda i: (parts[i] - shares[i], i))
    for i in order[: spare - sum(parts)]:
        parts[i] += 1
    return [floor + p for p in parts]


def split_vacancies(rng: random.Random, total: int, positions: int) -> list[int]:
    """Vacancies per position summing exactly to `total`: a tenth get 1 or 2, the rest a skewed share."""
    if positions < 1 or total < positions:
        raise ValueError("é preciso ao menos uma vaga por cargo")
    small = max(1, positions // 10) if positions >= 3 and total >= 3 * positions else 0
    small_sizes = [1 + (k % 2) for k in range(small)]
    weights = [rng.lognormvariate(0.0, 1.1) for _ in range(positions - small)]
    sizes = small_sizes + split_total(total - sum(small_sizes), weights)
    rng.shuffle(sizes)
    return sizes


def position_names(rng: random.Random, count: int) -> list[str]:
    """Distinct cargo names: a title, and a locality once titles run out."""
    names = [f"{t} — {a}" for a in AREAS for t in TITLES]
    rng.shuffle(names)
    names += [f"Cargo {k}" for k in range(len(names) + 1, count + 1)]
    return names[:count]


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_toml(folder: Path, codes: list[str], names: list[str], sizes: list[int], seed: int) -> None:
    """certame.toml for the synthetic exam (MS: percentages apply, no edital counts)."""
    lines = [
        'jurisdicao = "mato-grosso-do-sul"',
        f'titulo = "Processo Seletivo Simplificado nº {seed % 100:02d}/2024 — Resultado final (dados sintéticos)"',
        'orgao = "Secretaria de Estado de Administração (exemplo fictício)"',
        f'edital = "Edital nº {seed % 100:02d}/2024"',
        "",
        "[publicacao]",
        'diario = "Diário Oficial do Estado de Mato Grosso do Sul"',
        'edicao = "11.600"',
        "data = 2024-10-01",
        'secao = "Atos do Poder Executivo"',
        'entidade = "Secretaria de Estado de Administração"',
    ]
    for code, name, size in zip(codes, names, sizes):
        lines += ["", "[[cargos]]", f"codigo = {_toml_str(code)}", f"nome = {_toml_str(name)}", f"vagas = {size}"]
    (folder / "certame.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _cargo_sequence(rng: random.Random, candidates: int, sizes: list[int]) -> list[int]:
    """Cargo index of each candidate: about 150 applicants per vacancy, with noise, shuffled."""
    weights = [s * rng.lognormvariate(0.0, 0.5) for s in sizes]
    counts = split_total(candidates, weights)
    seq = [i for i, n in enumerate(counts) for _ in range(n)]
    rng.shuffle(seq)
    return seq


def write_candidates(folder: Path, rng: random.Random, codes: list[str], seq: list[int]) -> list[tuple]:
    """candidatos.csv; returns the approved quota candidates as (cargo, -nota, birth day, inscrição, groups).

    One flat loop with bound methods and 64-bit draws sliced into fields: this is what keeps 1M rows in seconds.
    """
    pools = (name_pool(rng, POOL, False), name_pool(rng, POOL, True))
    notas = [f"{c // 100}.{c % 100:02d}" for c in range(10_001)]
    births = [(BIRTH_FROM + timedelta(days=d)).isoformat() for d in range(BIRTH_DAYS)]
    offset, getbits, gauss, randrange = rng.randrange(1_000_000_000), rng.getrandbits, rng.gauss, rng.randrange
    taken: set[int] = set()  # (cargo, nota, nascimento) keys already used: no tie is ever unresolved
    quota: list[tuple] = []
    with open(folder / "candidatos.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(HEADER)
        rows = []
        for i, cargo in enumerate(seq):
            bits, more = getbits(64), getbits(64)
            female = (bits & 0xFFFF) < FEMALE_BELOW
            negro = (bits >> 16 & 0xFFFF) < NEGRO_BELOW
            pcd = (bits >> 32 & 0xFFFF) < PCD_BELOW
            indigena = (bits >> 48) < INDIGENA_BELOW
            status_bits = more >> 48
            centi = min(10_000, max(1_000, int(gauss(6_000.0, 1_200.0))))
            day = (more >> 32 & 0xFFFF) % BIRTH_DAYS
            key = (cargo * 10_001 + centi) * BIRTH_DAYS + day
            while key in taken:
                day = randrange(BIRTH_DAYS)
                key = (cargo * 10_001 + centi) * BIRTH_DAYS + day
            taken.add(key)
            status = "ausente" if status_bits < ABSENT_BELOW else "eliminado" if status_bits < ELIMINATED_BELOW else "aprovado"
            registration = FIRST_REGISTRATION + i
            pool = pools[female]
            rows.append((registration, pool[(more & 0xFFFFFFFF) % POOL], codes[cargo], notas[centi], births[day],
                         cpf(cpf_base(i, offset)), "F" if female else "M",
                         "S" if negro else "N", "S" if pcd else "N", "S" if indigena else "N", status))
            if (negro or pcd or indigena) and status == "aprovado":
                groups = ("negro",) * negro + ("pcd",) * pcd + ("indigena",) * indigena
                quota.append((cargo, -centi, day, registration, groups))
            if len(rows) == BATCH:
                writer.writerows(rows)
                rows.clear()
        writer.writerows(rows)
    return quota


def draw_outcomes(rng: random.Random, quota: list[tuple], sizes: list[int]) -> list[tuple[int, str, str]]:
    """Commission outcomes for the best-ranked quota candidates of each group: 3 × vacancies + 2 per cargo."""
    quota.sort()
    seen: dict[tuple[int, str], int] = {}
    outcomes = []
    for cargo, _, _, registration, groups in quota:
        for group in groups:
            n = seen.get((cargo, group), 0)
            if n >= 3 * sizes[cargo] + 2:
                continue
            seen[(cargo, group)] = n + 1
            roll = rng.random()
            result = "confirmado" if roll < 0.85 else "nao_confirmado" if roll < 0.95 else "ausente"
            outcomes.append((registration, PROCEDURE[group], result))
    outcomes.sort()
    return outcomes


def write_commission(folder: Path, outcomes: list[tuple[int, str, str]]) -> None:
    """comissao.csv (final outcomes, after appeals)."""
    with open(folder / "comissao.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(("inscricao", "procedimento", "resultado"))
        writer.writerows(outcomes)


def write_withdrawals(folder: Path, rng: random.Random, outcomes: list[tuple[int, str, str]], vacancies: int) -> list[int]:
    """desistencias.csv: a few confirmed quota candidates give up (one per ~500 vacancies, at least one)."""
    confirmed = sorted({reg for reg, _, result in outcomes if result == "confirmado"})
    chosen = sorted(rng.sample(confirmed, min(len(confirmed), max(1, vacancies // 500))))
    with open(folder / "desistencias.csv", "w", encoding="utf-8", newline="") as handle:
        handle.write("inscricao\n" + "".join(f"{reg}\n" for reg in chosen))
    return chosen


def write_exam(folder: str | Path, candidates: int = 1_000_000, positions: int = 200, vacancies: int = 6_640,
               seed: int = 2024) -> dict[str, int]:
    """Write a complete synthetic exam folder; same arguments give the same bytes."""
    if candidates < positions:
        raise ValueError("é preciso ao menos um candidato por cargo")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    sizes = split_vacancies(rng, vacancies, positions)
    codes = [f"C{k:03d}" for k in range(1, positions + 1)]
    write_toml(folder, codes, position_names(rng, positions), sizes, seed)
    quota = write_candidates(folder, rng, codes, _cargo_sequence(rng, candidates, sizes))
    outcomes = draw_outcomes(rng, quota, sizes)
    write_commission(folder, outcomes)
    withdrawn = write_withdrawals(folder, rng, outcomes, vacancies)
    return {"candidatos": candidates, "cargos": positions, "vagas": vacancies,
            "comissao": len(outcomes), "desistencias": len(withdrawn)}


def main(argv: list[str] | None = None) -> int:
    """CLI: python -m generator.synth OUT_DIR --candidatos N --cargos K --vagas V --seed S."""
    parser = argparse.ArgumentParser(prog="python -m generator.synth",
                                     description="Gera uma pasta de certame sintética (dados fictícios).")
    parser.add_argument("pasta", help="pasta de saída")
    parser.add_argument("--candidatos", type=int, default=1_000_000, help="número de candidatos")
    parser.add_argument("--cargos", type=int, default=200, help="número de cargos")
    parser.add_argument("--vagas", type=int, default=6_640, help="total de vagas (soma exata)")
    parser.add_argument("--seed", type=int, default=2024, help="semente (mesma semente, mesmos bytes)")
    args = parser.parse_args(argv)
    try:
        summary = write_exam(args.pasta, args.candidatos, args.cargos, args.vagas, args.seed)
    except ValueError as exc:
        print(f"erro: {exc}", file=sys.stderr)
        return 2
    print(", ".join(f"{k}: {v}" for k, v in summary.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
