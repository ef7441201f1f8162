"""Retificação: per-candidate changes and "Onde se lê … Leia-se …" passages between two result contracts."""

from __future__ import annotations

import copy
import json
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.law.corrections import MIN_RUN, body_data, body_text, diff
from generator.contract import contract
from generator.model import Exam, Position, Publication
from generator.results import compute
from scenario_kit import parse_candidate, rules


def _exam(lines: list[str], vacancies: int = 5, jurisdiction: str = "lins", withdrawals=()) -> Exam:
    pos = Position("ENF", "Enfermeiro", vacancies)
    people = [parse_candidate(t, "ENF", i + 2) for i, t in enumerate(lines)]
    return Exam("t", jurisdiction, "T", "Órgão", "Edital", Publication("Diário", "1", date(2024, 6, 1), "Atos"),
                [pos], people, [], list(withdrawals))


def _contract(exam: Exam) -> dict:
    result, problems = compute(exam, rules(exam.jurisdiction))
    assert not problems, [str(p) for p in problems]
    return json.loads(json.dumps(contract(result)))  # as archived: plain JSON


BASE = ["1001 90", "1002 88", "1003 86 negro", "1004 84", "1005 82", "1006 80 negro", "1007 78", "1008 76"]


def test_no_change_gives_an_empty_body():
    data = _contract(_exam(BASE))
    correction = diff(data, copy.deepcopy(data))
    assert not correction and body_text(correction) == "" and body_data(correction)["trechos"] == []


def test_a_score_raised_after_appeal_quotes_exactly_the_rows_that_moved():
    before = _contract(_exam(BASE))
    after_lines = list(BASE)
    after_lines[4] = "1005 87"  # recurso: 82 → 87, passes 1003 (86) and 1004 (84)
    after = _contract(_exam(after_lines))
    correction = diff(before, after)
    changed = {c.registration: {ch.field: (ch.before, ch.after) for ch in c.changes} for c in correction.candidates}
    # 1005 climbs from 5th to 3rd; 1003 and 1004 go down one place each; nobody else changes rank
    assert changed["1005"]["nota"] == ("82,00", "87,00")
    assert changed["1005"]["classificacao"] == ("5", "3")
    assert changed["1003"]["classificacao"] == ("3", "4")
    assert changed["1004"]["classificacao"] == ("4", "5")
    assert {"1001", "1002", "1007", "1008"}.isdisjoint(changed)
    general = next(p for p in correction.passages if p.section == "Lista geral")
    assert general.before == ("3º — 1003 — Candidato 1003 — 86,00", "4º — 1004 — Candidato 1004 — 84,00",
                              "5º — 1005 — Candidato 1005 — 82,00")
    assert general.after == ("3º — 1005 — Candidato 1005 — 87,00", "4º — 1003 — Candidato 1003 — 86,00",
                             "5º — 1004 — Candidato 1004 — 84,00")
    # the negro list (1003, 1006) is unchanged: no passage for it
    assert all(p.section != "Lista específica — pessoas negras" for p in correction.passages)
    text = body_text(correction)
    assert "Onde se lê:\n  3º — 1003" in text and "Leia-se:\n  3º — 1005" in text
    assert "1001" not in text and "1008" not in text


def test_score_change_that_moves_a_cotista_into_ampla_changes_the_nomination_and_vacancy_type():
    before = _contract(_exam(BASE))
    lines = list(BASE)
    lines[5] = "1006 85 negro"  # 1006 now 4th: within the 4 ampla places, so the reserve calls the next negro
    after = _contract(_exam(lines + ["1009 70 negro"]))
    changed = {c.registration: {ch.field: (ch.before, ch.after) for ch in c.changes}
               for c in correction_of(before, after)}
    assert changed["1009"]["inclusao"] == (None, "1009")
    assert changed["1006"]["nomeacao"][1].endswith("vaga de ampla concorrência")


def correction_of(before, after):
    return diff(before, after).candidates


def test_forgotten_candidate_added_and_one_removed():
    before = _contract(_exam(BASE))
    after = _contract(_exam([t for t in BASE if not t.startswith("1008")] + ["1010 89"]))
    correction = diff(before, after)
    kinds = {c.registration: [ch.field for ch in c.changes] for c in correction.candidates}
    assert kinds["1010"][0] == "inclusao" and kinds["1008"][0] == "exclusao"
    general = next(p for p in correction.passages if p.section == "Lista geral")
    assert "2º — 1010 — Candidato 1010 — 89,00" in general.after
    assert "8º — 1008 — Candidato 1008 — 76,00" in general.before
    assert not any("1008" in row for row in general.after)
    # everyone below 1010 moves down one, nothing else changed: one passage quoted by its bounds (MIN_RUN)
    assert general.before == ("2º a 7º — 6 candidatos, de 1002 — Candidato 1002 — 88,00 a 1007 — Candidato 1007 — "
                              "78,00, nesta ordem", "8º — 1008 — Candidato 1008 — 76,00")
    assert general.after == ("2º — 1010 — Candidato 1010 — 89,00", "3º a 8º — os mesmos 6 candidatos, na mesma ordem")


def test_elimination_is_reported_and_quoted():
    before = _contract(_exam(BASE))
    after = _contract(_exam([t + " eliminado" if t.startswith("1002") else t for t in BASE]))
    correction = diff(before, after)
    mine = next(c for c in correction.candidates if c.registration == "1002")
    fields = {ch.field: ch for ch in mine.changes}
    assert fields["eliminacao"].after == "eliminado pela banca" and fields["classificacao"].after is None
    elim = next(p for p in correction.passages if p.section == "Eliminações")
    assert elim.verbs == ("", "Inclua-se") and elim.after == ("1002 — eliminado pela banca",)


def test_order_is_deterministic_and_follows_the_current_lists():
    before = _contract(_exam(BASE))
    lines = list(BASE)
    lines[7], lines[0] = "1008 95", "1001 75"
    after = _contract(_exam(lines))
    a, b = diff(before, after), diff(copy.deepcopy(before), copy.deepcopy(after))
    assert a == b
    assert [c.registration for c in a.candidates][0] == "1008"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=10, max_value=99), min_size=4, max_size=12, unique=True),
       st.data())
def test_property_one_score_change_touches_only_candidates_between_old_and_new_rank(scores, data):
    lines = [f"{1001 + i} {s}" for i, s in enumerate(scores)]
    k = data.draw(st.integers(0, len(lines) - 1))
    new_score = data.draw(st.integers(10, 99).filter(lambda s: s not in scores))
    before = _contract(_exam(lines, vacancies=len(lines)))
    changed_lines = list(lines)
    changed_lines[k] = f"{1001 + k} {new_score}"
    after = _contract(_exam(changed_lines, vacancies=len(lines)))
    old_rank = sorted(scores, reverse=True).index(scores[k]) + 1
    new_scores = list(scores)
    new_scores[k] = new_score
    new_rank = sorted(new_scores, reverse=True).index(new_score) + 1
    low, high = sorted((old_rank, new_rank))
    correction = diff(before, after)
    general = next(p for p in correction.passages if p.section == "Lista geral")
    # the mover's row, and the others between (each moved one place, nothing else): row by row, or one passage
    # quoted by its bounds from MIN_RUN rows on
    between = high - low
    assert len(general.before) == len(general.after) == 1 + (between if between < MIN_RUN else 1)
    moved = {c.registration for c in correction.candidates}
    assert f"{1001 + k}" in moved
    ranks = {r: i for i, r in enumerate(before["cargos"][0]["listas"]["geral"], start=1)}
    assert all(low <= ranks[r] <= high for r in moved)


def test_a_block_that_only_moved_is_quoted_by_its_bounds():
    """Reading adopted (corrections._quote): one candidate climbs from 12th to 1st; the eleven between move one
    place down with nothing else changed and are quoted as one passage by its bounds, not row by row."""
    lines = [f"{1001 + i} {90 - i}" for i in range(12)]
    before = _contract(_exam(lines, vacancies=12))
    lines[11] = "1012 95"
    after = _contract(_exam(lines, vacancies=12))
    general = next(p for p in diff(before, after).passages if p.section == "Lista geral")
    assert general.before == ("1º a 11º — 11 candidatos, de 1001 — Candidato 1001 — 90,00 a 1011 — Candidato 1011 "
                              "— 80,00, nesta ordem", "12º — 1012 — Candidato 1012 — 79,00")
    assert general.after == ("1º — 1012 — Candidato 1012 — 95,00",
                             "2º a 12º — os mesmos 11 candidatos, na mesma ordem")
    # per candidate, every move is still reported (the data, not the quoted text)
    moved = {c.registration for c in diff(before, after).candidates}
    assert moved == {f"{1001 + i}" for i in range(12)}
    assert diff(before, after, per_candidate=False).candidates == ()


def test_unchanged_cargos_are_skipped_whole():
    before = _contract(_exam(BASE))
    other = copy.deepcopy(before["cargos"][0])
    other["codigo"] = "ADM"
    before["cargos"].append(other)
    after = copy.deepcopy(before)
    after["cargos"][0]["candidatos"][0]["nome"] = "Outro Nome"
    assert {p.position for p in diff(before, after).passages} == {"ENF"}


def test_a_moved_block_with_unchanged_rows_between_says_so():
    """Nomination order: the ampla holders move one ampla place on while the reserved places (every 3rd) keep
    their holders; the block is quoted by its bounds 'salvo as linhas que não mudaram'."""
    from generator.law.corrections import _quote, _Row

    def row(position, reg, kind):
        return _Row(reg, position, f"{position}ª posição", f"vaga {kind} — {reg}", ", ")

    reserved = {3, 6, 9, 12}
    before, after, holders = [], [], [f"A{k}" for k in range(1, 10)]
    ampla = [p for p in range(1, 13) if p not in reserved]
    for p in reserved:
        before.append(row(p, f"N{p}", "negra"))
        after.append(row(p, f"N{p}", "negra"))
    for p, reg in zip(ampla, holders):  # before: A1..A8 on the ampla places
        before.append(row(p, reg, "ampla"))
    for p, reg in zip(ampla, ["X"] + holders):  # after: X first, everyone else one ampla place on
        after.append(row(p, reg, "ampla"))
    before.sort(key=lambda r: r.number)
    after.sort(key=lambda r: r.number)
    quoted_before, quoted_after = _quote(before, after)
    assert quoted_after == ("1ª posição, vaga ampla — X",
                            "2ª posição a 11ª posição, salvo as linhas que não mudaram — os mesmos 7 candidatos, na "
                            "mesma ordem")
    assert quoted_before[0] == ("1ª posição a 10ª posição, salvo as linhas que não mudaram — 7 candidatos, de vaga "
                                "ampla — A1 a vaga ampla — A7, nesta ordem")


# -- the archived contract read against the current one (contract.published_contract, issue 20) ---------------------
_VALUES = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.text(max_size=8)),
                       lambda inner: st.one_of(st.lists(inner, max_size=3),
                                               st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                       max_leaves=8)
_CARGO = st.fixed_dictionaries({"codigo": st.sampled_from(["A", "B", "C", "Á"]), "dados": _VALUES})
_CONTRACT = st.fixed_dictionaries({"certame": st.sampled_from(["x", "ç"]), "jurisdicao": st.just("lins"),
                                   "cargos": st.lists(_CARGO, max_size=5)},
                                  optional={"atos": st.lists(_VALUES, max_size=3)})


@settings(max_examples=300, deadline=None)
@given(old=_CONTRACT, new=_CONTRACT, keep=st.lists(st.booleans(), max_size=5))
def test_the_archived_contract_read_against_the_current_one_is_the_archived_contract(old, new, keep):
    """A retificação's `publicar` parses only the archived cargos whose text is not the current contract's (the
    others are the current objects): whatever the two contracts (cargos kept, changed, added, removed, another
    head, non-ASCII names), what it reads equals json.loads of the archived file, and the archived text is
    json.dumps's, character for character."""
    from generator.contract import contract_bytes, published_contract

    new = {**new, "cargos": [old["cargos"][k] if k < len(old["cargos"]) and keep[k] else c
                             for k, c in enumerate(new["cargos"][:len(keep)])] + new["cargos"][len(keep):]}
    data = contract_bytes(old)
    assert data.decode("utf-8") == json.dumps(old, ensure_ascii=False, separators=(",", ":")) + "\n"
    assert published_contract(data, new) == json.loads(data)


@settings(max_examples=300, deadline=None)
@given(old=_CONTRACT, new=_CONTRACT, window=st.integers(1, 40))
def test_a_changed_cargo_is_read_from_windows_that_never_cut_a_character(old, new, window):
    """The changed cargos are decoded from windows of the file's bytes that grow until they hold the value
    (contract._decode_at); a window never ends inside a multi-byte character («Á», «ç»), whatever its size, so
    what is read is still json.loads of the file."""
    import generator.contract as module

    data = module.contract_bytes(old)
    real = module.WINDOW
    try:
        module.WINDOW = window
        assert module.published_contract(data, new) == json.loads(data)
    finally:
        module.WINDOW = real


def test_an_archived_contract_that_is_not_utf8_is_refused_as_json_loads_refuses_it():
    """A byte that is not UTF-8 inside a changed cargo is an error (ValueError: publicar names the file as
    unreadable), never a text read with a replacement character."""
    from generator.contract import contract_bytes, published_contract

    current = {"certame": "x", "jurisdicao": "lins", "cargos": [{"codigo": "A", "nome": "Técnico"}]}
    data = contract_bytes({**current, "cargos": [{"codigo": "A", "nome": "Técnica"}]}).replace("é".encode(), b"\xe9")
    with pytest.raises(ValueError):
        json.loads(data)
    with pytest.raises(ValueError):
        published_contract(data, current)


def test_an_unchanged_archived_cargo_is_not_parsed(monkeypatch):
    """Only the changed cargo is decoded; the unchanged ones are the current contract's objects."""
    from generator import contract as module

    current = {"certame": "x", "jurisdicao": "lins",
               "cargos": [{"codigo": c, "candidatos": [{"inscricao": str(i)} for i in range(50)]} for c in "ABC"],
               "atos": [{"numero": "1/2024", "sha256": None}]}
    old = copy.deepcopy(current)
    old["cargos"][1]["candidatos"][7]["inscricao"] = "mudou"
    old["atos"][0]["sha256"] = "ab"
    decoded = []
    real = module._decode_at
    monkeypatch.setattr(module, "_decode_at", lambda *a: decoded.append(a[2]) or real(*a))
    found = module.published_contract(module.contract_bytes(old), current)
    assert found == old and len(decoded) == 1
    assert found["cargos"][0] is current["cargos"][0] and found["cargos"][2] is current["cargos"][2]


def test_the_contract_serialised_by_several_processes_is_the_contract(monkeypatch):
    """contract.result_digest (the record gate's serialisation, cargo by cargo in forked processes, hashed part by
    part) is the SHA-256 of contract_bytes(contract(…)), the bytes `publicar` archives, with the acts' PDF hashes;
    a contract that differs in one score does not give it."""
    import hashlib
    from pathlib import Path

    from generator.contract import contract_bytes, result_digest
    from generator.pipeline import prepare

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    result = prepare(Path(__file__).resolve().parents[1] / "content" / "certames" / "cariacica-2023-concurso")
    digests = {a.id: "ab" * 32 for a in result.exam.acts[:1]}
    expected = hashlib.sha256(contract_bytes(contract(result, digests))).hexdigest()
    assert len(result.positions) > 1
    assert result_digest(result, digests, workers=2) == expected == result_digest(result, digests, workers=1)
    assert result_digest(result, {}, workers=2) != expected  # the acts' hashes are part of it
    person = result.positions[-1].order[0]
    person.score += 1
    assert result_digest(result, digests, workers=2) != expected
