"""Command line: `gazeta check|resultado|explicar|build|serve` (parses arguments, calls the library)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import InputError

EXIT_OK, EXIT_INPUT = 0, 1


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `gazeta` console script."""
    args = _parser().parse_args(argv)
    try:
        return args.run(args)
    except InputError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        n = len(exc.problems)
        print(f"\n{n} problema(s) encontrado(s). Corrija e rode de novo: nada foi gerado nem alterado.",
              file=sys.stderr)
        return EXIT_INPUT


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gazeta", description="Resultado oficial de concursos: site e PDF.")
    parser.add_argument("--regras", type=Path, default=None,
                        help="pasta das regras das jurisdições (padrão: a pasta jurisdicoes/ mais próxima)")
    sub = parser.add_subparsers(required=True, metavar="comando")

    check = sub.add_parser("check", help="valida a pasta de um certame e lista todos os problemas")
    check.add_argument("pasta", type=Path)
    check.set_defaults(run=_check)

    result = sub.add_parser("resultado", help="listas, ordem de nomeação e resultados das comissões")
    result.add_argument("pasta", type=Path)
    result.add_argument("--json", action="store_true", help="imprime o contrato JSON na saída padrão")
    result.set_defaults(run=_result)

    explain = sub.add_parser("explicar", help="onde um candidato está em cada lista e por quê")
    explain.add_argument("pasta", type=Path)
    explain.add_argument("inscricao")
    explain.set_defaults(run=_explain)

    build = sub.add_parser("build", help="gera o site (site/) e o PDF a partir de content/")
    build.add_argument("conteudo", type=Path, nargs="?", default=Path("content"))
    build.add_argument("--site", type=Path, default=Path("site"))
    build.add_argument("--sem-pdf", action="store_true", help="não gera o PDF")
    build.set_defaults(run=_build)

    serve = sub.add_parser("serve", help="pré-visualiza o site com recarga automática")
    serve.add_argument("conteudo", type=Path, nargs="?", default=Path("content"))
    serve.set_defaults(run=_serve)
    return parser


def _check(args) -> int:
    from .pipeline import prepare
    result = prepare(args.pasta, args.regras, project=False)
    n = sum(len(p.order) + len(p.eliminated) for p in result.positions)
    print(f"OK: {result.exam.title} — {len(result.positions)} cargo(s), {n} candidato(s), "
          f"regras de {result.rules.name} ({result.rules.source}).")
    return EXIT_OK


def _result(args) -> int:
    from .contract import contract
    from .pipeline import prepare
    result = prepare(args.pasta, args.regras)
    data = contract(result)
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return EXIT_OK
    for cargo in data["cargos"]:
        reserves = ", ".join(f"{g} {n}" for g, n in cargo["reservas"].items() if n)
        print(f"{cargo['codigo']} — {cargo['nome']}: {cargo['vagas']} vaga(s); reservas: {reserves or 'nenhuma'}")
        for nom in cargo["nomeacao"][: cargo["vagas"]]:
            print(f"  {nom['posicao']:>4}  {nom['vaga']:<9} {nom['inscricao']:<12} {nom['fundamento']}")
    return EXIT_OK


def _explain(args) -> int:
    from .explain import explain
    from .pipeline import prepare
    lines = explain(prepare(args.pasta, args.regras), args.inscricao)
    if lines is None:
        print(f"A inscrição {args.inscricao} não consta deste certame.", file=sys.stderr)
        return EXIT_INPUT
    print("\n".join(lines))
    return EXIT_OK


def _build(args) -> int:
    from .build import build
    build(args.conteudo, args.site, pdf=not args.sem_pdf)
    return EXIT_OK


def _serve(args) -> int:
    from .serve import serve
    serve(args.conteudo)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
