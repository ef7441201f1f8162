"""Command line: `gazeta novo|check|resultado|explicar|build|publicar|verificar|serve` (parses arguments, calls the library)."""

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

    new = sub.add_parser("novo", help="cria a pasta de um certame novo, com certame.toml comentado e a planilha vazia",
                         description="Cria a pasta de um certame novo: certame.toml comentado (cada chave, com as "
                         "reservas da jurisdição) e o modelo vazio da planilha da banca (candidatos.csv e "
                         "candidatos.xlsx). Depois, `gazeta check PASTA` diz o que ainda falta.")
    new.add_argument("pasta", type=Path, metavar="PASTA", help="a pasta nova, ex.: content/certames/cidade-2025-concurso")
    new.add_argument("--jurisdicao", required=True, metavar="ID",
                     help="o id das regras da jurisdição (um arquivo de jurisdicoes/, ex.: lins)")
    new.set_defaults(run=_new)

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

    verify = sub.add_parser(
        "verificar", help="confere se um arquivo é cópia fiel de um ato publicado (assinatura e SHA-256)",
        description="Confere um PDF baixado do site, em qualquer pasta: a assinatura digital (íntegra, quem assinou "
        "e quando; a cadeia, com --raiz), o SHA-256 contra o manifesto ao lado do arquivo ou do site (--site) e o "
        "SHA-256 impresso na página do ato (--sha256). Diz quais conferências pôde fazer.",
        epilog="Códigos de saída: 0 confere; 1 não confere (arquivo alterado ou que não é um ato publicado); "
        "2 argumento inválido (arquivo, raiz, pasta ou SHA-256); 3 não foi possível conferir (nenhum manifesto, "
        "SHA-256 ou raiz com que comparar).")
    verify.add_argument("arquivo", type=Path, metavar="ARQUIVO", help="o PDF a conferir")
    verify.add_argument("--site", "--conteudo", dest="site", default=None, metavar="ENDERECO_OU_PASTA",
                        help="onde estão os manifestos: o endereço do site (https://…), a pasta do site, a pasta "
                        "content/ ou a de um certame (padrão: o manifesto.json ao lado do arquivo)")
    verify.add_argument("--sha256", default=None, metavar="HEX",
                        help="o SHA-256 impresso ao lado do link do PDF na página do ato")
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
    publish.add_argument("--site", type=Path, default=Path("site"), metavar="PASTA",
                         help="o site já gerado (padrão: site), cuja cópia do registro de atos publicados é conferida")
    publish.add_argument("--conferir", action="store_true",
                         help="só mostra o que seria publicado (atos e textos), sem publicar nada")
    publish.set_defaults(run=_publish)

    serve = sub.add_parser("serve", help="pré-visualiza o site com recarga automática",
                           description="Pré-visualiza o site num servidor local, regerando-o a cada mudança em "
                           "content/ ou no tema. Não gera o PDF.")
    serve.add_argument("conteudo", type=Path, nargs="?", default=Path("content"), metavar="CONTEUDO", help=CONTENT)
    serve.add_argument("--porta", type=port, default=8000, metavar="N", help="porta do servidor local (padrão: 8000)")
    serve.add_argument("--config", type=Path, default=None, metavar="ARQUIVO", help=CONFIG_HELP)
    serve.set_defaults(run=_serve)
    return parser


def _new(args) -> int:
    from .new_exam import create
    for path in create(args.pasta, args.jurisdicao, args.regras):
        print(f"Criado: {path}")
    # two templates, one to keep: the loader refuses a folder with both (load/__init__.py, «Deixe só um dos dois»)
    print("Preencha certame.toml e um dos dois modelos da lista de candidatos, candidatos.xlsx ou candidatos.csv, "
          f"e apague o outro (a pasta só pode ter um); depois rode: gazeta check {args.pasta}")
    return EXIT_OK


def _check(args) -> int:
    from .pipeline import prepare_each
    for result in prepare_each(args.pasta, args.regras, project=False):  # a content folder: every exam at once
        n = sum(len(p.order) + len(p.eliminated) for p in result.positions)
        print(f"OK: {result.exam.title} — {len(result.positions)} cargo(s), {n} candidato(s), "
              f"regras de {result.rules.name} ({result.rules.source}).")
        for hint in reserve_count_hints(result):
            print(f"Aviso: {hint}", file=sys.stderr)
    return EXIT_OK


def reserve_count_hints(result) -> list[str]:
    """What staff must still give for a reserve the rule file leaves at 0% (e.g. Cariacica's PcD: the Constituição
    Federal, art. 37, VIII, creates it, the edital counts it): the cargo's `reservas` in certame.toml. The official
    PDF says only that without the edital's count no place is reserved; the instruction is for staff, here."""
    hints = []
    for pr in result.positions:
        pos = pr.position
        for group, rule in result.rules.groups.items():
            if rule.percent or group in (pos.reserves or {}) or (group == "mulher" and not pos.municipal_guard):
                continue
            hints.append(f"cargo «{pos.code}»: as regras de {result.rules.name} ({result.rules.source}) não fixam o "
                         f"percentual da reserva de {result.rules.group_label(group)} ({rule.basis.text}): informe "
                         f"a contagem do edital em reservas = {{ {group} = N }} do cargo no certame.toml; sem ela, "
                         "nenhuma vaga é reservada.")
    return hints


def _result(args) -> int:
    from .store.archive import pdf_digests
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


EXIT_ALTERED, EXIT_ARGUMENT, EXIT_UNCHECKED = 1, 2, 3  # `gazeta verificar` (0: confere); 2 is argparse's too


def _verify(args) -> int:
    from .errors import Problem
    try:
        if not args.arquivo.is_file():
            raise InputError([Problem(str(args.arquivo), "arquivo não encontrado.")])
        from .store.sign import load_roots
        from .store.verify import ALTERED, CONFERE, parse_digest, verify
        roots = load_roots(args.raiz) if args.raiz else None
        digest = parse_digest(args.sha256) if args.sha256 is not None else None
        report = verify(args.arquivo, site=args.site, sha256=digest, roots=roots)
    except InputError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        print("\nNada foi conferido: corrija o argumento e rode de novo.", file=sys.stderr)
        return EXIT_ARGUMENT
    print("\n".join(report.lines))
    return {CONFERE: EXIT_OK, ALTERED: EXIT_ALTERED}.get(report.verdict, EXIT_UNCHECKED)


def _publish(args) -> int:
    from .publish import publish
    from .build import project_config, site_url, site_witness
    from .pipeline import exam_dirs

    folders = exam_dirs(args.pasta) if args.pasta.is_dir() else [args.pasta]
    total, verb = 0, "Seria publicado" if args.conferir else "Publicado"
    for folder in folders:
        content = Path(folder).resolve().parents[1]  # content/certames/<exame>: the content folder
        config = project_config(content, args.config)
        address = site_url(config)
        _refuse_example_url(address, config)
        outcome = publish(folder, args.regras, site_url=address, witnesses=site_witness(args.site, folder),
                          dry_run=args.conferir)
        for note in outcome.notes:
            print(f"Nota: {note}")
        for done in outcome:
            total += 1
            print(f"{verb}: {done.act.label}, de {done.act.date:%d/%m/%Y} ({folder.name})")
            for warning in done.warnings:
                print(f"Aviso: {warning}", file=sys.stderr)
            if done.text:
                print("  Texto do ato:\n" + "\n".join(f"    {line}" if line else "" for line in done.text))
            if done.pdf is not None:
                print(f"  PDF: {done.pdf}\n  SHA-256: {done.sha256}")
    if total == 0:
        print(f"Nada novo a publicar em {args.pasta}: todos os atos declarados já estão no arquivo.")
    elif args.conferir:
        print(f"\nNada foi publicado. Para publicar: gazeta publicar {args.pasta}")
    else:
        print(f"\nPróximos passos:\n  1. gazeta build (gera o site com os atos publicados em {args.site}/);\n"
              f"  2. envie {args.site}/ ao servidor do site;\n"
              "  3. guarde no controle de versão (ou no backup) a pasta arquivo/ e o arquivo .gazeta-publicados.json "
              "de cada certame publicado: um ato publicado não é gerado de novo.")
    return EXIT_OK


def _refuse_example_url(address: str, config: Path | None) -> None:
    """`site_url` still the example's is frozen into every archived PDF and citation: publicar refuses it (build
    only warns), naming the file to set it in."""
    from urllib.parse import urlsplit

    from .build import EXAMPLE_HOST
    from .errors import Problem

    if urlsplit(address).hostname == EXAMPLE_HOST:
        raise InputError([Problem(str(config), f"o endereço do site (chave site_url: {address}) ainda é o do "
                                  "exemplo. Ele fica gravado para sempre no rodapé e no «Como citar» de cada PDF "
                                  f"publicado: troque-o em {config} pelo endereço onde o site será publicado e rode "
                                  "de novo. Nada foi publicado.")])


def _serve(args) -> int:
    from .serve import serve
    serve(args.conteudo, address=f"127.0.0.1:{args.porta}", config_file=args.config)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
