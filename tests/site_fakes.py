"""Fake public views of the documented shape, for site tests and benchmarks that must not depend on the allocator."""

from __future__ import annotations

import random
from typing import Iterator

FIRST = ("Ana Maria José João Antônio Francisco Carlos Paulo Pedro Lucas Luíza Marcos Gabriel Rafael Daniela Bruno "
         "Eduarda Felipe Raimundo Rodrigo Mateus André Fernanda Fábio Leonardo Guilherme Tiago Ricardo Márcia "
         "Sebastião Cláudia Júlio Vinícius Rogério Samuel Flávio Igor Joaquim Francisca Antônia Adriana Juliana "
         "Patrícia Aline Sandra Camila Bruna Jéssica Letícia Júlia Vanessa Mariana Vitória Beatriz Sônia").split()
LAST = ("Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho "
        "Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado "
        "Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Cavalcanti Monteiro Moura "
        "Campos Batista Melo Barros Reis Duarte Castro Pires Azevedo").split()

BASIS = {"texto": "Decreto Municipal de Lins nº 13.760/2024, art. 6º, § 2º", "pagina": "lins-decreto-13760-2024",
         "ancora": "art6_par2", "urn": "urn:lex:br;sao.paulo;lins:municipal:decreto:2024-02-08;13760!art6_par2"}
OPEN_BASIS = {"texto": "Decreto Municipal de Lins nº 13.760/2024, art. 6º", "pagina": "lins-decreto-13760-2024",
              "ancora": "art6", "urn": "urn:lex:br;sao.paulo;lins:municipal:decreto:2024-02-08;13760!art6"}
TITLES = {"geral": "Lista geral", "negro": "Lista específica de candidatos negros",
          "pcd": "Lista específica de pessoas com deficiência", "indigena": "Lista específica de indígenas",
          "mulher": "Lista específica de candidatas mulheres"}


# Links an ato.md may try (issue 9, item 9): only the https one may stay a link.
HOSTILE_PREAMBLE = ("[ver o edital](javascript:window.__xss=1) [imagem](&#106;avascript:window.__xss=2) "
                    "![selo](data:image/svg+xml,%3Csvg%20onload%3D%22window.__xss%3D3%22%2F%3E) [ato][ref] "
                    "[diário](https://www.lins.sp.gov.br/imprensa/)\n\n[ref]: vbscript:msgbox(1)\n")


def fake_exam(slug: str = "lins-2024-exemplo", date: str = "2024-06-10", title: str | None = None) -> dict:
    """An exam view of the documented shape."""
    return {
        "slug": slug, "titulo": title or "Concurso Público nº 01/2024 — Resultado final",
        "orgao": "Prefeitura Municipal de Lins", "edital": "Edital nº 01/2024",
        "jurisdicao": {"id": "lins", "nome": "Município de Lins (SP)"},
        "normas": [{"chave": "decreto", "titulo": "Decreto Municipal de Lins nº 13.760, de 8 de fevereiro de 2024",
                    "sigla": "Decreto Municipal de Lins nº 13.760/2024",
                    "urn": "urn:lex:br;sao.paulo;lins:municipal:decreto:2024-02-08;13760",
                    "pagina": "lins-decreto-13760-2024"}],
        "publicacao": {"diario": "Imprensa Oficial - Lins", "edicao": "1521", "data": date,
                       "data_extenso": "10 de junho de 2024", "secao": "Atos Oficiais",
                       "subsecao": "Concursos Públicos", "entidade": "Poder Executivo", "ano": "VIII", "url": ""},
        "preambulo_md": "**O Prefeito Municipal de Lins** torna público o *resultado final*. "
                        + HOSTILE_PREAMBLE,
        "cargos": [],
    }


def _name(rng: random.Random) -> str:
    return " ".join([rng.choice(FIRST), *rng.sample(LAST, rng.choice((2, 3)))])


def fake_position(code: str, candidates: int, vacancies: int, seed: int = 0, first_reg: int = 10_000_000,
                  names: dict[int, str] | None = None) -> dict:
    """One PositionView with a general list, a negro list, a nomination order and commission outcomes."""
    rng = random.Random(seed)
    entries, negro = [], []
    for i in range(candidates):
        reg = str(first_reg + i)
        score = f"{max(0.0, 100 - i * 50 / max(candidates, 1)):.2f}".replace(".", ",")
        entry = {"classificacao": i + 1, "inscricao": reg, "nome": (names or {}).get(i) or _name(rng),
                 "nota": score, "classificacao_geral": i + 1}
        entries.append(entry)
        if rng.random() < 0.2:
            negro.append({**entry, "classificacao": len(negro) + 1})
    reserved = max(1, vacancies // 5) if negro else 0
    nomination, used = [], set()
    for pos in range(1, min(candidates, vacancies + 5) + 1):
        is_negro = pos % 5 == 3 and len([n for n in nomination if n["vaga"] == "negro"]) < reserved
        pool = negro if is_negro else entries
        pick = next((e for e in pool if e["inscricao"] not in used), None)
        if pick is None:
            break
        used.add(pick["inscricao"])
        nomination.append({"posicao": pos, "vaga": "negro" if is_negro else "ampla", "inscricao": pick["inscricao"],
                           "nome": pick["nome"], "classificacao_geral": pick["classificacao_geral"],
                           "fundamento": BASIS if is_negro else OPEN_BASIS, "cadastro_reserva": pos > vacancies})
    results = [{"inscricao": e["inscricao"], "procedimento": "heteroidentificacao",
                "resultado": ("confirmado", "confirmado", "nao_confirmado", "ausente")[k % 4]}
               for k, e in enumerate(negro[:8])]
    counts: dict[str, dict[str, int]] = {}
    for r in results:
        bucket = counts.setdefault(r["procedimento"], {})
        bucket[r["resultado"]] = bucket.get(r["resultado"], 0) + 1
    return {
        "codigo": code, "nome": f"Cargo {code}", "vagas": vacancies, "guarda_municipal": False,
        "reservas": {"negro": reserved, "pcd": 0, "indigena": 0, "mulher": 0},
        "listas": [{"grupo": "geral", "titulo": TITLES["geral"], "fundamento": OPEN_BASIS, "entradas": entries},
                   {"grupo": "negro", "titulo": TITLES["negro"], "fundamento": BASIS, "entradas": negro}],
        "nomeacao": nomination,
        "comissao": {"resultados": results, "contagens": counts},
        "eliminados": [{"inscricao": str(first_reg + candidates), "motivo": "declaração falsa constatada pela comissão",
                        "fundamento": BASIS}],
        "desistencias": [],
    }


def fake_positions(total: int, cargos: int, vacancies: int = 6640, seed: int = 1) -> Iterator[dict]:
    """`cargos` positions sharing `total` candidates, yielded one at a time (the national-scale shape)."""
    per, extra = divmod(total, cargos)
    reg = 10_000_000
    for k in range(cargos):
        n = per + (1 if k < extra else 0)
        yield fake_position(f"C{k + 1:03d}", n, max(1, vacancies // cargos), seed=seed + k, first_reg=reg)
        reg += n
