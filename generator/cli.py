"""Command line: `gazeta check|resultado|explicar|build|publicar|verificar|serve` (parses arguments, calls the library)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .cli_text import port, portuguese, summary
from .errors import FaultError, InputError

EXIT_OK, EXIT_INPUT = 0, 1


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `gazeta` console script."""
    with portuguese():
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
    except FaultError as exc:
        print(f"gazeta: {exc}", file=sys.stderr)
        return EXIT_INPUT


EXAM = "pasta do certame (com certame.toml e a planilha de candidatos), ex.: content/certames/lins-2024-gcm"
CONFIG_HELP = ("configuração do site (site_name, site_url); padrão: o mkdocs.yml ao lado da pasta de conteúdo, "
               "ou o da pasta atual")
CONTENT = "pasta de conteúdo, com certames/, jurisdicoes/ e as páginas em Markdown (padrão: content)"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gazeta", description="Resultado oficial de concursos públicos: confere as planilhas, aplica as regras "
        "de cada jurisdição e gera o site e o PDF.", epilog="Ajuda de cada comando: gazeta COMANDO -h")
    parser.add_argument("--regras", type=Path, default=None, metavar="PASTA",
                        help="pasta das regras das jurisdições (padrão: a pasta jurisdicoes/ mais próxima)")
    sub = parser.add_subparsers(required=True, metavar="COMANDO", title="comandos")

    check = sub.add_parser("check", help="confere a pasta de um certame e lista todos os problemas de uma vez",
                           description="Confere a pasta de um certame e lista todos os problemas de uma vez, cada "
                           "um com arquivo, linha e coluna (ou chave do certame.toml). Não gera nada.")
    check.add_argument("pasta", type=Path, metavar="PASTA", help=EXAM)
    check.set_defaults(run=_check)

    result = sub.add_parser("resultado", help="listas, ordem de nomeação e resultados das comissões",
                            description="Mostra, por cargo, as vagas, as reservas e a ordem de nomeação dentro das "
                            "vagas, com o fundamento de cada posição.")
    result.add_argument("pasta", type=Path, metavar="PASTA", help=EXAM)
    result.add_argument("--json", action="store_true", help="imprime o resultado completo em JSON na saída padrão")
    result.set_defaults(run=_result)

    explain = sub.add_parser("explicar", help="onde um candidato está em cada lista e por quê",
                             description="Explica onde um candidato está em cada lista e na ordem de nomeação, "
                             "e com que fundamento.")
    explain.add_argument("pasta", type=Path, metavar="PASTA", help=EXAM)
    explain.add_argument("inscricao", metavar="INSCRICAO", help="número de inscrição do candidato")
    explain.set_defaults(run=_explain)

    build = sub.add_parser("build", help="gera o site (site/) e o PDF de cada certame",
                           description="Confere todos os certames, gera o site estático e o PDF de cada certame e "
                           "troca a pasta do site de uma vez só no fim. Com qualquer problema, nada é alterado.")
    build.add_argument("conteudo", type=Path, nargs="?", default=Path("content"), metavar="CONTEUDO", help=CONTENT)
    build.add_argument("--site", type=Path, default=Path("site"), metavar="PASTA",
                       help="onde gravar o site (padrão: site)")
    build.add_argument("--sem-pdf", action="store_true", help="não gera o PDF (mais rápido, para conferir o site)")
    build.add_argument("--config", type=Path, default=None, metavar="ARQUIVO", help=CONFIG_HELP)
    build.set_defaults(run=_build)

    verify = sub.add_parser("verificar", help="confere a assinatura e o SHA-256 de um PDF publicado",
                            description="Confere se o PDF é uma cópia idêntica de um ato publicado (SHA-256 contra "
                            "os manifestos do arquivo de atos) e a assinatura digital: se está íntegra, quem assinou "
                            "e quando. Uma cópia alterada sai com código 1.")
    verify.add_argument("arquivo", type=Path, metavar="ARQUIVO", help="o PDF a conferir")
    verify.add_argument("--conteudo", type=Path, default=Path("content"), metavar="CONTEUDO",
                        help="pasta do conteúdo com o arquivo de atos publicados (padrão: content)")
    verify.add_argument("--raiz", type=Path, action="append", default=[], metavar="CERTIFICADO",
                        help="certificado raiz (PEM ou DER) em que confiar; repita para vários")
    verify.set_defaults(run=_verify)

    publish = sub.add_parser("publicar", help="arquiva os atos declarados em certame.toml ainda não publicados",
                             description="Gera uma única vez, em ordem, cada ato declarado em [[atos]] que ainda não "
                             "está no arquivo (PDF, dados abertos, resultado e manifesto com o SHA-256 de cada "
                             "arquivo) e o guarda em arquivo/ dentro da pasta do certame. Sem nada novo, não escreve "
                             "nada.")
    publish.add_argument("pasta", type=Path, metavar="PASTA", help="a pasta de um certame, ou content/ para todos")
    publish.add_argument("--config", type=Path, default=None, metavar="ARQUIVO", help=CONFIG_HELP)
    publish.set_defaults(run=_publish)

    serve = sub.add_parser("serve", help="pré-visualiza o site com recarga automática",
                           description="Pré-visualiza o site num servidor local, regerando-o a cada mudança em "
                           "content/ ou no tema. Não gera o PDF.")
    serve.add_argument("conteudo", type=Path, nargs="?", default=Path("content"), metavar="CONTEUDO", help=CONTENT)
    serve.add_argument("--porta", type=port, default=8000, metavar="N", help="porta do servidor local (padrão: 8000)")
    serve.add_argument("--config", type=Path, default=None, metavar="ARQUIVO", help=CONFIG_HELP)
    serve.set_defaults(run=_serve)
    return parser


def _check(args) -> int:
    from .pipeline import prepare_each
    for result in prepare_each(args.pasta, args.regras, project=False):  # a content folder: every exam at once
        n = sum(len(p.order) + len(p.eliminated) for p in result.positions)
        print(f"OK: {result.exam.title} — {len(result.positions)} cargo(s), {n} candidato(s), "
              f"regras de {result.rules.name} ({result.rules.source}).")
    return EXIT_OK


def _result(args) -> int:
    from .acts.archive import pdf_digests
    from .contract import contract
    from .pipeline import prepare
    result = prepare(args.pasta, args.regras)
    data = contract(result, pdf_digests(args.pasta))
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
    from .build import build, content_folder, project_config, site_url_warning

    config = project_config(content_folder(args.conteudo), args.config)
    warning = site_url_warning(config)
    if warning:
        print(f"Aviso: {warning}", file=sys.stderr)
    started = time.perf_counter()
    report = build(args.conteudo, args.site, pdf=not args.sem_pdf, config_file=config)
    print(summary(report, args.site, time.perf_counter() - started, multiline=sys.stdout.isatty()))
    return EXIT_OK


def _verify(args) -> int:
    from .errors import Problem
    if not args.arquivo.is_file():
        raise InputError([Problem(str(args.arquivo), "arquivo não encontrado.")])
    for root in args.raiz:
        if not root.is_file():
            raise InputError([Problem(str(root), "certificado raiz não encontrado (opção --raiz).")])
    from .acts.verify import verify
    ok, lines = verify(args.arquivo, args.conteudo, args.raiz)
    print("\n".join(lines))
    return EXIT_OK if ok else EXIT_INPUT


def _publish(args) -> int:
    from .acts.publish import publish
    from .build import project_config, site_url
    from .pipeline import exam_dirs

    folders = exam_dirs(args.pasta) if args.pasta.is_dir() else [args.pasta]
    total = 0
    for folder in folders:
        content = Path(folder).resolve().parents[1]  # content/certames/<exame>: the content folder
        address = site_url(project_config(content, args.config))
        for done in publish(folder, args.regras, site_url=address):
            total += 1
            print(f"Publicado: {done.act.label}, de {done.act.date:%d/%m/%Y} ({folder.name})")
            if done.pdf is not None:
                print(f"  PDF: {done.pdf}\n  SHA-256: {done.sha256}")
    if total == 0:
        print(f"Nada novo a publicar em {args.pasta}: todos os atos declarados já estão no arquivo.")
    return EXIT_OK


def _serve(args) -> int:
    from .serve import serve
    serve(args.conteudo, address=f"127.0.0.1:{args.porta}", config_file=args.config)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
