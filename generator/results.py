"""From a loaded exam and its rules to the mandated lists, the nomination order and the commission outcomes."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import compress, count, islice
from operator import attrgetter, eq
from datetime import date
from fractions import Fraction

from .allocate import Allocation, GroupPolicy, Policy, Sequence, allocate, reserved_count
from .errors import Problem
from .load.text import join_words
from .memory import paused_gc
from .law.basis import Basis, Norm
from .law.rules import CITATION
from .tiebreak import TieCriterion, decide
from .law.rules import OutcomeRule, Rules, tie_criterion
from .model import APPROVED, PROCEDURES, Candidate, CommissionOutcome, Exam, Position

GENERAL = "geral"
EDITAL_NOTE = "Contagem fixada no edital do certame, que prevalece sobre o percentual."


# The board's situacao → the elimination's reason; any other word is one of certame.toml's [situacoes] (its rotulo
# is set by compute).
_BOARD_REASONS = {"ausente": "ausente_prova", "eliminado": "eliminado"}


@dataclass(slots=True)
class Elimination:
    """A candidate out of the whole exam, and why."""

    candidate: Candidate
    reason: str  # fraude | ausente (commission) | eliminado | ausente_prova (board's situacao)
    basis: Basis | None  # None when the board eliminated the candidate (its own edital, not our rules)
    label: str = ""  # the commission outcome's words from the rule file (e.g. a disability incompatible with duties)


@dataclass(slots=True)
class PositionResult:
    """Everything decided for one cargo."""

    position: Position
    order: list[Candidate]  # the general list, best first
    lists: dict[str, list[int]]  # group → indexes into `order`, in rank order (lists the jurisdiction publishes)
    allocation: Allocation
    count_bases: dict[str, Basis]
    eliminated: list[Elimination] = field(default_factory=list)
    withdrawn: list[int] = field(default_factory=list)  # indexes into `order`
    commission: list[tuple[CommissionOutcome, OutcomeRule]] = field(default_factory=list)
    left_reserve: dict[int, list[tuple[str, Basis]]] = field(default_factory=dict)  # index → (group, basis)
    pools: dict[str, list[int]] = field(default_factory=dict)  # every eligible candidate of each reserve (internal)


@dataclass(slots=True)
class ExamResult:
    """The whole exam, cargo by cargo, in the order of certame.toml."""

    exam: Exam
    rules: Rules
    positions: list[PositionResult]
    timelines: dict = field(default_factory=dict)  # cargo code → law.calls.Timeline (convocações and events)
    corrected: dict = field(default_factory=dict)  # cargo code → inscrição → marks of archived retificações
    changes: dict = field(default_factory=dict)  # archived act slug → its per-candidate changes (law/corrections)
    tiebreak: tuple[TieCriterion, ...] | None = None  # the criteria applied after the score; None: the default


def tiebreak_for(exam: Exam, rules: Rules) -> tuple[TieCriterion, ...] | None:
    """The tie-break criteria: the edital's (certame.toml [[desempate]]) prevail over the rule file's; None when
    neither gives any (then: score, and the older first — the default, LEGAL-NOTES 11)."""
    if exam.tiebreak:
        edital = Norm("edital-do-certame", exam.notice, exam.notice)

        def cited(d: dict, path: str) -> Basis:
            return Basis(rules.norms.get(d.get("norma"), edital), d.get("fundamento", ""), d.get("nota"))

        # checked when certame.toml was read (load.exam_file): read again here, now with the rules' norms
        return tuple(tie_criterion(d, f"desempate[{i}]", lambda key, message: None, cited,
                                   lambda data, path, required, optional: data if isinstance(data, dict) else {})
                     for i, d in enumerate(exam.tiebreak, start=1))
    return rules.tiebreak or None


def candidates_file(exam: Exam) -> str:
    """Name of the board's file, for messages."""
    if exam.source is not None and (exam.source / "candidatos.xlsx").exists() \
            and not (exam.source / "candidatos.csv").exists():
        return "candidatos.xlsx"
    return "candidatos.csv"


def check(exam: Exam, rules: Rules) -> list[Problem]:
    """Problems that only the jurisdiction's rules reveal (the loader checked the files' own consistency)."""
    problems: list[Problem] = []
    cfile = candidates_file(exam)
    groups = rules.groups
    for i, pos in enumerate(exam.positions, start=1):
        key = f"cargos[{i}]"
        for g, n in (pos.reserves or {}).items():
            if g not in groups:
                problems.append(Problem("certame.toml", f"a jurisdição {rules.id} não prevê reserva «{g}».",
                                        column=f"{key}.reservas.{g}"))
            elif g == "mulher" and not pos.municipal_guard:
                problems.append(Problem("certame.toml", "a lista de mulheres só existe em cargos da Guarda Civil "
                                        f"Municipal ({groups[g].basis.text}); marque guarda_municipal = true ou "
                                        "retire a reserva.", column=f"{key}.reservas.mulher"))
            elif n > 0 and pos.vacancies < rules.min_for(g)[0]:
                problems.append(_below_minimum(pos, rules, g, f"{key}.reservas.{g}"))
        for g, positions in (pos.reserved_positions or {}).items():
            if g not in groups or (g == "mulher" and not pos.municipal_guard):
                problems.append(Problem("certame.toml", f"não há reserva «{g}» neste cargo pelas regras de "
                                        f"{rules.id}: retire-a de posicoes.", column=f"{key}.posicoes.{g}"))
            elif positions and rules.groups[g].model == "minimo":
                problems.append(Problem("certame.toml", f"«{g}» é um mínimo ({groups[g].model_basis.text}): suas "
                                        "vagas seguem a ordem de classificação, sem posições fixas; retire-a de "
                                        "posicoes.", column=f"{key}.posicoes.{g}"))
            elif positions and pos.vacancies < rules.min_for(g)[0]:
                problems.append(_below_minimum(pos, rules, g, f"{key}.posicoes.{g}"))
        problems.extend(_position_problems(pos, rules, key))
        problems.extend(_register_problems(pos, rules, key))
        if sum(_counts(pos, rules).values()) > pos.vacancies:
            problems.append(Problem("certame.toml", "as vagas reservadas somam mais que as vagas do cargo.",
                                    column=f"{key}.reservas"))
        seen: dict[int, str] = {}
        for g, positions in (pos.reserved_positions or {}).items():
            for p in positions:
                if p in seen and seen[p] != g:
                    problems.append(Problem("certame.toml", f"a posição {p} foi dada a «{seen[p]}» e a «{g}».",
                                            column=f"{key}.posicoes"))
                seen[p] = g
    guard_codes = {p.code for p in exam.positions if p.municipal_guard and "mulher" in groups}
    for c in exam.candidates:
        for g in sorted(c.opts) if c.opts and not c.opts <= groups.keys() else ():
            if g not in groups:
                problems.append(Problem(cfile, f"a jurisdição {rules.id} não reserva vagas «{g}»; "
                                        "deixe N ou vazio.", c.line, g))
        if c.choice is not None:
            problems.extend(_choice_problems(c, rules, cfile, c.position in guard_codes))
        if c.position in guard_codes and c.sex is None and c.status == APPROVED:
            problems.append(Problem(cfile, "o cargo é da Guarda Civil Municipal: informe o sexo (F ou M) para "
                                    f"a lista de mulheres ({groups['mulher'].basis.text}).", c.line, "sexo"))
    for i, d in enumerate(exam.tiebreak, start=1):
        if "norma" in d and d["norma"] not in rules.norms:
            problems.append(Problem("certame.toml", f"a norma «{d['norma']}» não está em [normas] de {rules.source}; "
                                    "sem «norma», a citação é do edital do certame.", column=f"desempate[{i}].norma"))
        text = d.get("fundamento")
        if not isinstance(text, str) or not CITATION.search(text):
            problems.append(Problem("certame.toml", f"a citação «{text}» não cita um dispositivo: escreva o item do "
                                    "edital (ex.: «item 9.1») ou o artigo da norma.", column=f"desempate[{i}].fundamento"))
    for row in exam.commission:
        if PROCEDURES[row.procedure] not in groups:
            problems.append(Problem("comissao.csv", f"a jurisdição {rules.id} não tem o procedimento "
                                    f"«{row.procedure}».", row.line, "procedimento"))
        elif (row.procedure, row.outcome) not in rules.commission:
            words = [o for p, o in rules.commission if p == row.procedure]
            problems.append(Problem("comissao.csv", f"o resultado «{row.outcome}» não é previsto pela norma de "
                                    f"{rules.id} para o procedimento «{row.procedure}». Use {join_words(words, 'ou')} "
                                    f"({rules.source}).", row.line, "resultado"))
    return problems


def _position_problems(pos: Position, rules: Rules, key: str) -> list[Problem]:
    """A reserve whose places the rules cannot put anywhere an edital would: a `ceil` group without positions
    (LEGAL-NOTES 16), or an edital count that its own sequence of positions contradicts within V."""
    problems = []
    for g, rule in rules.groups.items():
        if g == "mulher" and not pos.municipal_guard:
            continue
        label = rules.group_label(g)
        if needs_positions(pos, rules, g):
            problems.append(Problem(rules.source, f"a reserva «{g}» ({label}) arredonda qualquer fração para cima "
                                    f"({rules.rounding_for(g)[1].text}) e não tem posições: pela alternância, a 1ª "
                                    f"vaga do cargo «{pos.code}» seria dela, o que nenhum edital faz (leitura 16 de "
                                    "LEGAL-NOTES). Escreva as posições do edital em [grupos."
                                    f"{g}] do arquivo {rules.source} (por exemplo posicoes = [5, 21], posicoes_intervalo = 20 e "
                                    "posicoes_fundamento), ou no cargo do certame.toml (posicoes = { "
                                    f"{g} = [...] }}), ou a contagem do edital (reservas = {{ {g} = N }}).",
                                    column=f"grupos.{g}.posicoes"))
        n = (pos.reserves or {}).get(g)
        if n is not None and rule.positions is not None and not (pos.reserved_positions or {}).get(g) \
                and pos.vacancies >= rules.min_for(g)[0]:
            within = _sequence(rule).count_upto(pos.vacancies)
            if within != n:
                problems.append(Problem("certame.toml", f"reservas.{g} = {n}, mas a sequência de posições de "
                                        f"{rules.source} ({rule.positions_basis.text}) dá {within} posição(ões) "
                                        f"nas {pos.vacancies} vagas do cargo «{pos.code}»: as duas devem dizer o "
                                        "mesmo número de vagas. Corrija reservas conforme o edital, ou dê as "
                                        f"posições do cargo em posicoes = {{ {g} = [...] }}.",
                                        column=f"{key}.reservas.{g}"))
    return problems


def _register_problems(pos: Position, rules: Rules, key: str) -> list[Problem]:
    """The cargo's cadastro (`cadastro`, `cadastro_reservas`): each group one of the jurisdiction's, and their places
    within the cadastro's size, the cargo's or the rule file's."""
    problems = []
    for g in pos.register_reserves or {}:
        if g not in rules.groups or (g == "mulher" and not pos.municipal_guard):
            problems.append(Problem("certame.toml", f"não há reserva «{g}» neste cargo pelas regras de {rules.id}: "
                                    "retire-a de cadastro_reservas.", column=f"{key}.cadastro_reservas.{g}"))
    size = pos.register_size if pos.register_size is not None else rules.register_size
    for g, n in (pos.register_reserves or {}).items():
        rule = rules.groups.get(g)
        if rule is None or rule.positions is None or size is None or pos.vacancies < rules.min_for(g)[0]:
            continue
        sequence = _sequence(rule)  # the edital's sequence continues in the cadastro: it must reach the table's count
        inside = sequence.count_upto(pos.vacancies + size) - sequence.count_upto(pos.vacancies)
        if inside < n:
            problems.append(Problem("certame.toml", f"cadastro_reservas.{g} = {n}, mas a sequência de posições de "
                                    f"{rules.source} ({rule.positions_basis.text}) dá {inside} posição(ões) entre a "
                                    f"{pos.vacancies + 1}ª e a {pos.vacancies + size}ª (o cadastro de {size} do cargo "
                                    f"«{pos.code}»): o grupo ficaria com menos vagas no cadastro que o quadro do "
                                    "edital. Confira os dois números no edital.",
                                    column=f"{key}.cadastro_reservas.{g}"))
    shares = sum(n for g, n in (pos.register_reserves or {}).items() if g in rules.groups)
    shares += sum(rule.register or 0 for g, rule in rules.groups.items() if g not in (pos.register_reserves or {})
                  and (g != "mulher" or pos.municipal_guard))
    if size is not None and shares > size and (pos.register_reserves or pos.register_size is not None):
        where = "do cargo" if pos.register_size is not None else f"de {rules.source} ([cadastro] total)"
        problems.append(Problem("certame.toml", f"as vagas dos grupos no cadastro de reserva somam {shares} "
                                f"(cadastro_reservas do cargo e, para os demais grupos, o cadastro de {rules.source}), "
                                f"mais que o cadastro {where}, {size}. Corrija conforme o quadro do edital.",
                                column=f"{key}.cadastro_reservas" if pos.register_reserves else f"{key}.cadastro"))
    return problems


def _choice_problems(c: Candidate, rules: Rules, cfile: str, guard: bool) -> list[Problem]:
    """The reserve a candidate chose (column `escolha`): one they compete for, in a jurisdiction whose rules let the
    candidate choose, and never against a precedence the norm fixes (Lins art. 6º, §§ 2º e 3º; LEGAL-NOTES 4, 9)."""
    groups = rules.groups
    eligible = {g for g in c.opts if g in groups} | ({"mulher"} if guard and c.sex == "F" else set())
    who = f"a inscrição {c.registration}"
    if rules.choice_basis is None:
        fixed = "; ".join(f"{rules.group_label(a)} antes de {rules.group_label(b)} ({basis.text})"
                          for a, b, basis in rules.fixed_precedence)
        norm = f"{fixed}; nos demais casos, {rules.precedence_basis.text}" if fixed else rules.precedence_basis.text
        return [Problem(cfile, f"{who} escolheu «{c.choice}», mas as regras de {rules.id} não deixam a escolha ao "
                        f"candidato alcançado por duas reservas: a norma decide ({norm}). Deixe a coluna «escolha» "
                        "vazia.", c.line, "escolha")]
    if c.choice not in eligible:
        opted = ", ".join(sorted(eligible)) or "nenhuma"
        return [Problem(cfile, f"{who} escolheu «{c.choice}», reserva a que não concorre (concorre a: {opted}). "
                        "A escolha só vale entre as reservas do próprio candidato: corrija-a ou deixe-a vazia.",
                        c.line, "escolha")]
    for first, then, basis in rules.fixed_precedence:
        if c.choice == then and first in eligible:
            return [Problem(cfile, f"{who} escolheu «{then}», mas concorre também a «{first}», e a norma fixa "
                            f"{rules.group_label(first)} antes de {rules.group_label(then)} ({basis.text}): a "
                            "escolha não altera o que a norma decide. Deixe a coluna «escolha» vazia ou escreva "
                            f"«{first}».", c.line, "escolha")]
    return []


def _below_minimum(pos: Position, rules: Rules, group: str, key: str) -> Problem:
    minimum, basis = rules.min_for(group)
    return Problem("certame.toml", f"com {pos.vacancies} vaga(s) não há reserva «{group}»: ela só se aplica a partir "
                   f"de {minimum} vagas ({basis.text}).", column=key)


def _counts(pos: Position, rules: Rules) -> dict[str, int]:
    """Reserved places per group for the cargo: the edital's counts prevail over percentages (LEGAL-NOTES)."""
    counts = {}
    for g, rule in rules.groups.items():
        if g == "mulher" and not pos.municipal_guard:
            continue
        if pos.reserves is not None and g in pos.reserves:
            counts[g] = pos.reserves[g]
        elif pos.reserved_positions and g in pos.reserved_positions:
            counts[g] = len(pos.reserved_positions[g])
        elif rule.positions is not None:  # the edital's sequence: as many as fall within V
            minimum = rules.min_for(g)[0]
            counts[g] = 0 if pos.vacancies < minimum else _sequence(rule).count_upto(pos.vacancies)
        else:
            counts[g] = reserved_count(pos.vacancies, rule.percent, rules.rounding_for(g)[0], rules.min_for(g)[0])
    return counts


def _sequence(rule) -> Sequence:
    return Sequence(rule.positions, rule.interval)


def needs_positions(pos: Position, rules: Rules, group: str) -> bool:
    """A reserve rounded "any fraction up" (`ceil`) with no positions from the edital: reading 3 would put its first
    place at the 1st position, which no edital does (LEGAL-NOTES 16). A floor (`minimo`) has no positions; a count
    fixed by the edital (`reservas`) runs reading 3 on count ÷ V instead (also reading 16)."""
    rule = rules.groups[group]
    return (rules.rounding_for(group)[0] == "ceil" and rule.model != "minimo" and rule.percent > 0
            and rule.positions is None and not (pos.reserved_positions or {}).get(group)
            and group not in (pos.reserves or {}))


def policy_for(pos: Position, rules: Rules) -> tuple[Policy, dict[str, Basis]]:
    """Resolve the rules for one cargo: counts, proportions and bases.

    The count comes from the edital's `reservas`, else from the cargo's `posicoes`, else from the rule file's
    sequence, else from the percentage. The positions come from the cargo's `posicoes`, else from the rule file's
    sequence, else from the alternation (LEGAL-NOTES 3): `reservas` never switches the positions off (issue 18)."""
    groups, bases = [], {}
    for g, reserved in _counts(pos, rules).items():
        rule = rules.groups[g]
        from_edital = pos.reserves is not None and g in pos.reserves
        basis = Basis(rule.basis.norm, rule.basis.article, EDITAL_NOTE) if from_edital else rule.basis
        minimum = rules.min_for(g)[0]
        word = rules.rounding_for(g)[0]
        rounding = rule.rounding
        # The alternation follows the law's percentage (MS art. 6º: "respeitados os percentuais do art. 3º"); only
        # when the edital fixes a different count does its own proportion drive it, so that within V the reserve
        # gets exactly that count (our reading, not in LEGAL-NOTES).
        proportion = Fraction(rule.percent) / 100
        if from_edital and reserved != reserved_count(pos.vacancies, rule.percent, word, minimum):
            proportion = Fraction(reserved, pos.vacancies)
        explicit = (pos.reserved_positions or {}).get(g)
        # The rule file's sequence holds with the edital's counts too, and continues the cargo's own list beyond V
        # (LEGAL-NOTES 17: "the positions continue the edital's sequence or list").
        sequence = _sequence(rule) if rule.positions is not None else None
        if word == "ceil" and from_edital and not explicit and sequence is None:
            # LEGAL-NOTES 16: a count the edital states, without positions: reading 3 on count ÷ V. Its rounding is
            # reading 3's own ("≥ 0,5 sobe": 3ª, 8ª, 13ª… for 20%), not `ceil`, which would reserve the 1st place;
            # within V it gives exactly the count (round(V × count/V) = count). Our reading of reading 16.
            proportion, rounding = Fraction(reserved, pos.vacancies), "half_up"
        groups.append(GroupPolicy(g, reserved, proportion, basis, tuple(explicit) if explicit else None,
                                  1 if from_edital or explicit else minimum, rounding, sequence,
                                  (pos.register_reserves or {}).get(g, rule.register),
                                  rule.model, rule.alternation_basis))
        bases[g] = basis
    policy = Policy(
        vacancies=pos.vacancies, groups=tuple(groups), rounding=rules.rounding, min_vacancies=rules.min_vacancies,
        open_basis=rules.open_basis, alternation_basis=rules.alternation_basis,
        collision_basis=rules.collision_basis, reversion_basis=rules.reversion_basis,
        withdrawal_basis=rules.withdrawal_basis, register_basis=rules.register_basis,
        below_min_basis=rules.below_min_basis, precedence_basis=rules.precedence_basis,
        precedence_tiebreak=tuple(g for g in rules.precedence_tiebreak if g in bases),
        fixed_precedence=rules.fixed_precedence,
        register_size=pos.register_size if pos.register_size is not None else rules.register_size,
        register_check=rules.register_check_basis, checked=frozenset(rules.register_check_groups))
    return policy, bases


def register_for(pos: Position, rules: Rules, notice: str) -> tuple[int | None, Basis | None]:
    """The cargo's cadastro de reserva size and its basis: the cargo's own (`cadastro` in certame.toml, citing the
    exam's edital, `notice`), else the rule file's [cadastro] total; (None, None) when neither sizes it."""
    if pos.register_size is not None:
        return pos.register_size, cargo_register_basis(pos, notice)
    return rules.register_size, rules.register_size_basis


def cargo_register_basis(pos: Position, notice: str) -> Basis | None:
    """The edital's item that fixes the cargo's own cadastro (`cadastro_fundamento`); None without one."""
    if pos.register_size is None and not pos.register_reserves:
        return None
    return Basis(Norm("edital-do-certame", notice, notice), pos.register_article)


def register_share_for(pos: Position, rules: Rules, group: str) -> int | None:
    """A group's reserved places in the cadastro of a cargo: the cargo's `cadastro_reservas`, else the group's
    `cadastro` in the rule file; None: no limit of its own."""
    return (pos.register_reserves or {}).get(group, rules.groups[group].register if group in rules.groups else None)


def reserves_for_new_total(pos: Position, rules: Rules, total: int) -> dict[str, int] | None:
    """The edital's counts (`reservas`) for a new total of vacancies (LEGAL-NOTES 17): they apply to the vacancies
    the edital offered; for the new total, the norm's percentage with each group's own rounding and minimum (PcD
    `ceil` stays `ceil`), never less than the edital's count; a group with the rule file's sequence takes the
    positions of the sequence that fall within the new total. None when the edital fixed no counts.

    Never less than the edital's count: the places it reserved are among the new total's (our reading, as the code
    did before: MS art. 3º and Cariacica art. 1º, § 2º apply the percentage to the total)."""
    if not pos.reserves:
        return None
    counts = {}
    for g, n in pos.reserves.items():
        rule = rules.groups.get(g)
        if rule is None:
            counts[g] = n
            continue
        minimum = rules.min_for(g)[0]
        if rule.positions is not None and not (pos.reserved_positions or {}).get(g):
            by_law = 0 if total < minimum else _sequence(rule).count_upto(total)
        else:
            by_law = reserved_count(total, rule.percent, rules.rounding_for(g)[0], minimum)
        counts[g] = max(n, by_law)
    return counts


def _runs(tied: list[int]):
    """Indexes i where order[i] ties with order[i+1] → slices [start, stop) of each run of equal scores."""
    start = prev = None
    for i in tied:
        if prev is None or i != prev + 1:
            if start is not None:
                yield start, prev + 2
            start = i
        prev = i
    if start is not None:
        yield start, prev + 2


def _tie(a: Candidate, b: Candidate, cfile: str, code: str) -> Problem:
    """An unresolved tie (LEGAL-NOTES 11): both inscrições and both lines, and what would decide it."""
    first, second = sorted((a, b), key=lambda c: c.line)
    missing = [c.registration for c in (first, second) if c.birth is None]
    if missing:
        who = (f"a inscrição {missing[0]} está sem data de nascimento" if len(missing) == 1
               else "as duas estão sem data de nascimento")
        why = (f"mesma nota; {who}, e não se sabe quem é mais velho nem quem tem 60 anos ou mais — Lei Federal "
               "nº 10.741/2003, art. 27, parágrafo único")
        fix = "Informe a data de nascimento ou a coluna «classificacao» oficial da banca."
    else:
        why, fix = "mesma nota e mesma data de nascimento", "Informe a coluna «classificacao» oficial da banca."
    return Problem(cfile, f"empate não resolvido no cargo «{code}» entre as inscrições {first.registration} e "
                   f"{second.registration} ({why}). {fix}", (first.line, second.line))


def _birth_or_max(c: Candidate) -> date:
    return c.birth or date.max


def general_order(candidates: list[Candidate], cfile: str, code: str, tie: tuple | None = None,
                  ) -> tuple[list[Candidate], list[Problem]]:
    """The general list: the board's classification when given; else score, then the tie-break criteria `tie` =
    (criteria, columns, last day of registration) of tiebreak.py, or by default the older first (Estatuto, art. 27)."""
    ranked = [c for c in candidates if c.rank is not None]
    if ranked and len(ranked) != len(candidates):
        missing = [c.line for c in candidates if c.rank is None][:20]
        return [], [Problem(cfile, f"a classificação oficial falta em parte dos candidatos do cargo «{code}»: "
                            "preencha-a em todos ou em nenhum.", tuple(missing), "classificacao")]
    if ranked:
        return sorted(candidates, key=lambda c: c.rank), []
    # higher score first; then, only inside runs of equal scores, older first (cheaper than a tuple key at scale)
    order = sorted(candidates, key=attrgetter("score"), reverse=True)
    scores = list(map(attrgetter("score"), order))
    tied = list(compress(count(), map(eq, scores, islice(scores, 1, None))))  # found at C speed
    problems = []
    if tie is not None and tie[0]:
        for start, stop in _runs(tied):
            order[start:stop], found = decide(order[start:stop], *tie, cfile, code)
            problems.extend(found)
        return order, problems
    for start, stop in _runs(tied):
        order[start:stop] = sorted(order[start:stop], key=_birth_or_max)
        for a, b in zip(order[start:stop], order[start + 1:stop]):
            # a missing birth date leaves the tie open whichever side it is on (LEGAL-NOTES 11)
            if a.birth is None or b.birth is None or a.birth == b.birth:
                problems.append(_tie(a, b, cfile, code))
    return order, problems


def compute(exam: Exam, rules: Rules, project: bool = True) -> tuple[ExamResult | None, list[Problem]]:
    """Allocate every cargo. Returns the problems (e.g. unresolved ties) instead of a result when there are any."""
    with paused_gc():  # a million acyclic objects: the cycle collector would rescan them for nothing
        return _compute(exam, rules, project)


def _compute(exam: Exam, rules: Rules, project: bool) -> tuple[ExamResult | None, list[Problem]]:
    problems = check(exam, rules)
    if problems:
        return None, problems
    by_position: dict[str, list[Candidate]] = {p.code: [] for p in exam.positions}
    all_effects = _commission_effects(exam, rules)
    withdrawals = set(exam.withdrawals)
    marked = dict.fromkeys(withdrawals, ()) | all_effects  # one lookup per candidate finds both
    withdrawn: dict[str, set[str]] = {p.code: set() for p in exam.positions}
    effects: dict[str, dict] = {p.code: {} for p in exam.positions}  # per cargo: small, cache-friendly
    for c in exam.candidates:
        by_position[c.position].append(c)
        if c.registration in marked:
            if c.registration in all_effects:
                effects[c.position][c.registration] = (c, all_effects[c.registration])
            if c.registration in withdrawals:
                withdrawn[c.position].add(c.registration)
    cfile = candidates_file(exam)
    criteria = tiebreak_for(exam, rules)
    tie = (criteria, exam.tie_columns, exam.registration_end) if criteria else None
    results = []
    for pos in exam.positions:
        result, found = _position(pos, by_position[pos.code], effects[pos.code], withdrawn[pos.code], rules,
                                  cfile, project, tie)
        problems.extend(found)
        if result:
            for e in result.eliminated if exam.statuses else ():
                if not e.label and e.reason in exam.statuses:
                    e.label = exam.statuses[e.reason]  # the edital's words, as written («eliminado no TAF»)
            results.append(result)
    return (None, problems) if problems else (ExamResult(exam, rules, results, tiebreak=criteria), [])


def _commission_effects(exam: Exam, rules: Rules) -> dict[str, list[tuple[CommissionOutcome, OutcomeRule]]]:
    effects: dict[str, list] = {}
    for row in exam.commission:
        effects.setdefault(row.registration, []).append((row, rules.commission[(row.procedure, row.outcome)]))
    return effects


def _position(pos, candidates, effects, withdrawn, rules, cfile, project, tie=None):
    """One cargo: eliminations, general and group lists, then the allocation.

    `effects` maps this cargo's registrations with commission outcomes to (candidate, [(row, rule)]).
    Comprehensions over the cargo's candidates, loops only over the few with something special: the hot path at
    national scale.
    """
    commission = sorted((rr for _, rows in effects.values() for rr in rows), key=lambda rr: rr[0].line)
    fatal = {}
    for reg, (c, rows) in effects.items():
        hit = next(((row, rule) for row, rule in rows if rule.effect == "elimina"), None)
        if hit and c.status == APPROVED:
            fatal[reg] = Elimination(c, hit[0].outcome, hit[1].basis, hit[1].label)
    eliminated = [Elimination(c, _BOARD_REASONS.get(c.status, c.status), None)
                  for c in candidates if c.status != APPROVED] + list(fatal.values())
    eliminated.sort(key=lambda e: e.candidate.line)
    kept = [c for c in candidates if c.status == APPROVED and c.registration not in fatal] if fatal else \
        [c for c in candidates if c.status == APPROVED]
    order, problems = general_order(kept, cfile, pos.code, tie)
    if problems:
        return None, problems
    policy, count_bases = policy_for(pos, rules)
    pools: dict[str, list[int]] = {g.key: [] for g in policy.groups}
    opted = [(i, c) for i, c in enumerate(order) if c.opts]
    left: dict[int, list[tuple[str, Basis]]] = {}
    index_of = {c.registration: i for i, c in opted}  # commission rows only concern candidates who opted
    out_of: dict[int, dict[str, Basis]] = {}
    for reg, (_, rows) in effects.items():
        out = _left_reserves(rows)
        if out and reg in index_of:
            out_of[index_of[reg]] = out
            left[index_of[reg]] = sorted(out.items())
    for i, c in opted:
        out = out_of.get(i, ())
        for g in c.opts:
            if g in pools and g not in out:
                pools[g].append(i)
    if "mulher" in pools:
        pools["mulher"] = [i for i, c in enumerate(order) if c.sex == "F"]
    out_idx = {i for i, c in enumerate(order) if c.registration in withdrawn} if withdrawn else set()
    if rules.choice_basis is not None:
        choices = {i: c.choice for i, c in enumerate(order) if c.choice}
        if choices:
            policy = replace(policy, choices=choices, choice_basis=rules.choice_basis)
    allocation = allocate(len(order), pools, out_idx, policy, project=project)
    published = [g for g in rules.list_order if g == GENERAL or g in pools]
    lists = {g: (list(range(len(order))) if g == GENERAL else pools[g]) for g in published}
    if rules.specific_lists == "dentro_das_vagas":
        # Lins art. 6º II–IV: the specific lists classify those "aprovadas dentro do número de vagas"; race and
        # disability are sensitive data (LGPD art. 5º II, art. 11), so nobody else is published (LEGAL-NOTES 8).
        # The full lists (`pools`) still drive substitutes and the cadastro.
        within = {n.index for n in allocation.nominations if not n.register}
        lists = {g: (idx if g == GENERAL else [i for i in idx if i in within]) for g, idx in lists.items()}
    return PositionResult(pos, order, lists, allocation, count_bases, eliminated, sorted(out_idx), commission,
                          left, pools), []


def _left_reserves(rows) -> dict[str, Basis]:
    """Reserves a candidate leaves by a commission outcome (not confirmed, or absent where the norm says so)."""
    return {PROCEDURES[row.procedure]: rule.basis for row, rule in rows if rule.effect == "sai_da_reserva"}
