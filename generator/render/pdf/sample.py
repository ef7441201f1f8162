"""Synthetic public views (the shape of generator.public) for PDF tests and benchmarks, seeded and streamable."""

from __future__ import annotations

import random
from typing import Iterator

FIRST = ["MARIA", "JOSÉ", "ANA", "JOÃO", "ANTÔNIO", "FRANCISCA", "CARLOS", "PAULO", "LUCAS", "JÚLIA", "ÂNGELA",
         "MÁRCIO", "CONCEIÇÃO", "RAIMUNDO", "LUÍZA", "TÉRCIO"]
LAST = ["SILVA", "SANTOS", "OLIVEIRA", "SOUZA", "PEREIRA", "LIMA", "CONCEIÇÃO", "ARAÚJO", "GONÇALVES", "DE JESUS",
        "DOS SANTOS", "FERREIRA", "RODRIGUES", "ALVES", "NASCIMENTO", "BARBOSA"]
BASIS = {"texto": "Decreto Estadual de Mato Grosso do Sul nº 16.358/2024, art. 6º", "pagina": "ms-decreto-16358-2024",
         "ancora": "art6", "urn": None}
RATES = {"negro": 0.20, "pcd": 0.02, "indigena": 0.005}


def exam_view(slug: str = "exemplo", cargos: int = 1) -> dict:
    """The exam-level part of a synthetic view (cargos filled by `position_views`)."""
    return {
        "slug": slug, "titulo": "Concurso Público nº 01/2024 — Resultado final",
        "orgao": "Secretaria de Estado de Administração", "edital": "Edital nº 01/2024",
        "jurisdicao": {"id": "mato-grosso-do-sul", "nome": "Mato Grosso do Sul"},
        "normas": [{"chave": "ms", "titulo": "Decreto nº 16.358, de 2024", "sigla": "Decreto 16.358/2024",
                    "urn": None, "pagina": "ms-decreto-16358-2024"}],
        "publicacao": {"diario": "Imprensa Oficial - Mato Grosso do Sul", "edicao": "11.520", "data": "2024-06-10",
                       "data_extenso": "10 de junho de 2024", "secao": "Atos Oficiais",
                       "subsecao": "Concursos Públicos", "entidade": "Poder Executivo", "ano": "XLVI",
                       "url": "https://example.org/diario/11520", "extra": False, "suplemento": False},
        "preambulo_md": "**EDITAL Nº 12/2024 — RESULTADO FINAL**\n\nO Secretário de Estado, no uso de suas "
                        "atribuições, torna público o resultado final do concurso.",
        "ato": sample_act(),
        "cargos": [],
    }


def sample_act(number: str = "12/2024", day: str = "2024-06-10") -> dict:
    """The public view of a result act signed by one person (generator.public.act_view of a real Act)."""
    from datetime import date

    from ...acts.model import RESULT, Act, Edition, Signer
    from ...public import act_view

    when = date.fromisoformat(day)
    act = Act(kind=RESULT, number=number, date=when, place="Campo Grande",
              edition=Edition("Imprensa Oficial - Mato Grosso do Sul", when, "11.520"),
              signers=(Signer("Maria da Silva", "Secretária de Estado de Administração"),))
    return act_view(act, [act])


def _name(rng: random.Random) -> str:
    return " ".join([rng.choice(FIRST)] + [rng.choice(LAST) for _ in range(rng.randint(1, 4))])


def position_view(code: str, candidates: int, vacancies: int, seed: int = 0) -> dict:
    """One cargo with a general list, group lists, a full nomination order and commission outcomes."""
    rng = random.Random(f"{seed}-{code}")
    people = []
    for i in range(candidates):
        opts = {g for g, rate in RATES.items() if rng.random() < rate}
        people.append((f"{10_000_000 + seed * 1_000_000 + i}", _name(rng), 9000 - i * 8000 // max(candidates, 1), opts))
    general = [{"classificacao": k + 1, "inscricao": p[0], "nome": p[1], "nota": _score(p[2]),
                "classificacao_geral": k + 1} for k, p in enumerate(people)]
    lists = [{"grupo": "geral", "titulo": "Lista geral", "fundamento": BASIS, "entradas": general}]
    for group in RATES:
        members = [e for e, p in zip(general, people) if group in p[3]]
        lists.append({"grupo": group, "titulo": None, "fundamento": BASIS,
                      "entradas": [dict(e, classificacao=k + 1) for k, e in enumerate(members)]})
    nominations = [{"posicao": k + 1, "vaga": "negro" if k % 5 == 2 else "ampla", "inscricao": e["inscricao"],
                    "nome": e["nome"], "classificacao_geral": e["classificacao"], "fundamento": BASIS,
                    "cadastro_reserva": k >= vacancies} for k, e in enumerate(general)]
    checked = [e for e, p in zip(general, people) if "negro" in p[3]][: 2 * vacancies]
    outcomes = ["confirmado", "confirmado", "nao_confirmado", "ausente"]
    results = [{"inscricao": e["inscricao"], "procedimento": "heteroidentificacao",
                "resultado": outcomes[k % 4]} for k, e in enumerate(checked)]
    counts = {"heteroidentificacao": {o: sum(r["resultado"] == o for r in results) for o in dict.fromkeys(outcomes)}}
    return {"codigo": code, "nome": f"Analista — especialidade {code}", "vagas": vacancies, "guarda_municipal": False,
            "reservas": {"negro": round(vacancies * 0.2), "pcd": 0, "indigena": 0, "mulher": 0},
            "listas": lists, "nomeacao": nominations,
            "comissao": {"resultados": results, "contagens": counts}, "eliminados": [], "desistencias": []}


def _score(hundredths: int) -> str:
    return f"{hundredths // 100},{hundredths % 100:02d}"


def position_views(candidates: int, cargos: int, vacancies: int = 6640, seed: int = 0) -> Iterator[dict]:
    """`cargos` cargos sharing `candidates` and `vacancies`, built one at a time."""
    for c in range(cargos):
        share = candidates // cargos + (1 if c < candidates % cargos else 0)
        yield position_view(f"C{c + 1:03d}", share, max(1, vacancies // cargos), seed=c)
