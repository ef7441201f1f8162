"""Search that finds (issue 12): busca.js run under Node against indexes written by generator.render.site.search.

A table of queries typed the way people type them, and a randomized oracle check: for a query built from a person
on the list, the engine's results hold that person and, when it says it read everything, are exactly the names a
brute-force scan accepts."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator import synth_people
from generator.render.site import search
from generator.render.site.search import PARTICLES, SearchIndex, normalize, registration_key

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node não instalado")

RUNNER = """
const fs = require("fs"), path = require("path");
const b = require(process.argv[1]);
const dir = process.argv[2], queries = JSON.parse(fs.readFileSync(0, "utf8"));
const fetchJson = (url) => Promise.resolve(JSON.parse(fs.readFileSync(path.join(dir, url), "utf8")));
(async () => {
  const out = [];
  for (const q of queries) {
    const engine = new b.Engine("", fetchJson);
    const files = [];
    const get = engine.get.bind(engine);
    engine.get = (p) => { if (!(p in engine.cache)) files.push(p); return get(p); };
    let found = await engine.search(q);
    const bytes = files.reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
    const first = found.results.map((p) => p[1]), firstPending = !!found.pending;
    // «Ver mais» until everything is read (at most 200 times): the whole answer, for the oracle
    for (let k = 0; found.pending && k < 200; k++) { engine.fetched = 0; found = await engine.more(found); }
    out.push({q, first, firstPending, regs: found.results.map((p) => p[1]), pending: !!found.pending, bytes,
              sit: found.results.map((p) => b.situation(p)), approximate: !!found.approximate});
  }
  console.log(JSON.stringify(out));
})();
"""

PEOPLE = [  # the example data's real names (issue 12) and look-alikes that must not hide them
    ("04374221", "Élton de Araújo Soares"),
    ("04374222", "Regina Batista Gomes"),
    ("04374223", "Regina Gomes Batista"),
    ("04374224", "Maria da Conceição Silva"),
    ("04374225", "Zélia Conceição de Souza e Silva"),
    ("04374226", "José Antônio dos Santos"),
]


def _index(tmp: Path, people: list[tuple[str, str]], shard_bytes: int, monkeypatch) -> Path:
    monkeypatch.setattr(search, "SHARD_BYTES", shard_bytes)
    index = SearchIndex(tmp / "spill")
    cargo = index.add_cargo("certames/x/c/geral/", "C — Cargo", "certames/x/c/", "Concurso X", "Prefeitura", "Lins/SP")
    for k, (reg, name) in enumerate(people):
        index.add(reg, name, cargo, k // 500 + 1, k + 1, "n3" if k == 2 else "")
    out = tmp / "busca"
    index.write(out)
    return out


def _run(out: Path, queries: list[str]) -> list[dict]:
    done = subprocess.run([NODE, "-e", RUNNER, str(ROOT / "templates/theme/assets/busca.js"), str(out)],
                          input=json.dumps(queries), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _crowd(size: int, seed: int = 2024) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [(f"{10_000_000 + k:08d}", synth_people.full_name(rng, rng.random() < 0.5)) for k in range(size)]


def _oracle(people: list[tuple[str, str]], query: str, strict: bool = False) -> set[str]:
    """Every query word begins a word of the name; `strict`: and all of them but one at most are whole words.
    The engine must return at least the strict set and at most the loose one."""
    tokens = normalize(query).split()
    if tokens and all(t.isdigit() for t in tokens):
        key = registration_key("".join(tokens))
        return {reg for reg, _ in people if registration_key(reg).startswith(key)}
    found = set()
    for reg, name in people:
        words = normalize(name).split()
        if all(any(w.startswith(t) for w in words) for t in tokens):
            if not strict or sum(t not in words for t in set(tokens)) <= 1:
                found.add(reg)
    return found


def _agrees(people, query: str, regs: list[str]) -> bool:
    got = set(regs)
    return _oracle(people, query, strict=True) <= got <= _oracle(people, query)


TABLE = [  # query as typed → the person it must find
    ("Élton de Araújo Soares", "04374221"),
    ("elton de araujo soares", "04374221"),
    ("araujo soares", "04374221"),
    ("soares elton", "04374221"),
    ("elton soar", "04374221"),
    ("araú", "04374221"),
    ("4374221", "04374221"),
    ("04.374.221", "04374221"),
    ("04374221", "04374221"),
    ("batista gomes", "04374222"),
    ("gomes batista", "04374223"),
    ("regina gomes", "04374222"),
    ("regina gome", "04374223"),
    ("maria silva", "04374224"),
    ("silva maria", "04374224"),
    ("conceicao silva", "04374225"),
    ("zelia souza", "04374225"),
    ("santos jose", "04374226"),
    ("JOSÉ ANTONIO DOS SANTOS", "04374226"),
]


@pytest.mark.parametrize("shard_bytes", [40_000, 2_000], ids=["pequeno", "palavras-comuns"])
def test_search_table_finds_each_person(tmp_path, monkeypatch, shard_bytes):
    """At 2 kB shards the crowd's common words ("silva", "gomes") are paired, as at national scale."""
    people = PEOPLE + _crowd(20_000)
    out = _index(tmp_path, people, shard_bytes, monkeypatch)
    if shard_bytes == 2_000:
        assert json.loads((out / "p" / "buckets.json").read_text()), "nenhuma palavra comum foi emparelhada"
    for row, (query, reg) in zip(_run(out, [q for q, _ in TABLE]), TABLE):
        assert reg in row["regs"], (query, row)
        if not row["pending"]:
            assert _agrees(people, query, row["regs"]), query


def test_results_put_the_exact_name_first_and_say_the_situation(tmp_path, monkeypatch):
    out = _index(tmp_path, PEOPLE + _crowd(2_000), 40_000, monkeypatch)
    [row] = _run(out, ["regina batista gomes"])
    assert row["regs"][0] == "04374222"
    [row] = _run(out, ["regina gomes batista"])
    assert row["regs"][0] == "04374223" and row["sit"][0].startswith("3º na lista geral; nomeação: 3ª posição")


def test_random_queries_agree_with_a_full_scan(tmp_path, monkeypatch):
    """Random people, queries of every shape the issue names; each finds its person and, when complete, no more
    and no fewer than a brute-force scan."""
    people = _crowd(30_000, seed=7)
    out = _index(tmp_path, people, 3_000, monkeypatch)
    rng = random.Random(11)
    cases = []
    for reg, name in rng.sample(people, 120):
        words = [w for w in normalize(name).split() if w not in PARTICLES]
        first, surnames = words[0], words[1:]
        shapes = [name, normalize(name), f"{first} {rng.choice(surnames)}", f"{rng.choice(surnames)} {first}",
                  reg.lstrip("0"), f"{reg[:2]}.{reg[2:5]}.{reg[5:]}"]
        if len(surnames) >= 2:
            shapes.append(" ".join(rng.sample(surnames, 2)))
        long = [w for w in surnames if len(w) >= 5]
        if long:
            shapes.append(f"{first} {rng.choice(long)[:4]}")
        cases.append((rng.choice(shapes), reg))
    rows = _run(out, [q for q, _ in cases])
    complete = 0
    for row, (query, reg) in zip(rows, cases):
        assert reg in row["regs"] or row["pending"], (query, reg)
        if not row["pending"]:
            complete += 1
            assert _agrees(people, query, row["regs"]), query
        assert row["bytes"] <= 300_000, (query, row["bytes"])
    assert complete >= len(cases) * 0.9, complete


SEGMENTS_RUNNER = """
const fs = require("fs"), path = require("path");
const b = require(process.argv[1]);
const dir = process.argv[2], segments = JSON.parse(process.argv[3]), queries = JSON.parse(fs.readFileSync(0, "utf8"));
const fetchJson = (url) => Promise.resolve(JSON.parse(fs.readFileSync(path.join(dir, url), "utf8")));
(async () => {
  const out = [];
  for (const q of queries) {
    const engine = new b.Segments("", segments, fetchJson);
    let found = await engine.search(q);
    for (let k = 0; found.pending && k < 50; k++) found = await engine.more(found);
    out.push({q, pending: !!found.pending, hits: found.results.map((p) => [p[1], found.cargos[p[2]][1],
      found.exams[found.cargos[p[2]][3]][0], found.cargos[p[2]][0]])});
  }
  console.log(JSON.stringify(out));
})();
"""


def test_an_exam_of_its_own_segment_is_searched_beside_the_shared_one(tmp_path, monkeypatch):
    """A national exam's index is a segment of its own (busca/s/<exam>/, search.SEGMENT_FROM); busca.js asks every
    segment and merges, each hit keeping its own cargo, exam and link. Read to the end (`more`), a query finds
    exactly what a full scan of both exams finds."""
    monkeypatch.setattr(search, "SHARD_BYTES", 2_000)
    small = PEOPLE + _crowd(3_000, seed=3)
    big = [(f"2{reg[1:]}", name) for reg, name in _crowd(8_000, seed=4)]  # inscrições of another exam
    index = SearchIndex(tmp_path / "spill")
    index.exam("municipal", 10)
    cargo = index.add_cargo("certames/municipal/gcm/geral/", "GCM — Guarda", "certames/municipal/gcm/",
                            "Concurso Municipal", "Prefeitura", "Lins/SP")
    for k, (reg, name) in enumerate(small):
        index.add(reg, name, cargo, 1, k + 1)
    index.exam("nacional", search.SEGMENT_FROM)
    cargos = [index.add_cargo(f"certames/nacional/c{j}/geral/", f"C{j} — Cargo {j}", f"certames/nacional/c{j}/",
                              "Concurso Nacional", "Ministério", "Brasil") for j in range(2)]
    for k, (reg, name) in enumerate(big):
        index.add(reg, name, cargos[k % 2], 1, k + 1)
    out = tmp_path / "busca"
    index.write(out)
    assert index.segments() == ["", "s/nacional/"]
    assert json.loads((out / "cargos.json").read_text())["certames"] == [["Concurso Municipal", "Prefeitura", "Lins/SP"]]
    assert json.loads((out / "s" / "nacional" / "cargos.json").read_text())["cargos"][1][3] == 0  # numbered in it

    rng = random.Random(5)
    picked = [(p, "GCM — Guarda", "Concurso Municipal") for p in rng.sample(small, 15)] + \
             [(p, f"C{big.index(p) % 2} — Cargo {big.index(p) % 2}", "Concurso Nacional") for p in rng.sample(big, 15)]
    queries = [name for (reg, name), _, _ in picked] + ["silva"]
    done = subprocess.run([NODE, "-e", SEGMENTS_RUNNER, str(ROOT / "templates/theme/assets/busca.js"), str(out),
                           json.dumps(index.segments())], input=json.dumps(queries), capture_output=True, text=True,
                          check=True)
    rows = json.loads(done.stdout)
    people = small + big
    for row, ((reg, name), label, title) in zip(rows, picked):
        assert [reg, label, title] in [h[:3] for h in row["hits"]], (name, row["hits"][:3])
        assert not row["pending"] and _agrees(people, name, [h[0] for h in row["hits"]]), name
    silva = rows[-1]
    assert {h[2] for h in silva["hits"]} == {"Concurso Municipal", "Concurso Nacional"}
    assert sorted(h[0] for h in silva["hits"]) == sorted(_oracle(people, "silva"))


# -- issue 20 item 4: postings stored once -------------------------------------------------------------------------

def _three_cargos(tmp: Path, people, changed: str | None = None) -> Path:
    """Three cargos of an exam; `changed`: that inscrição (in cargo 1) gets another rank and status, as a changed
    score gives."""
    index = SearchIndex(tmp / "spill")
    cargos = [index.add_cargo(f"certames/x/c{j}/geral/", f"C{j} — Cargo", f"certames/x/c{j}/", "Concurso X")
              for j in range(3)]
    for k, (reg, name) in enumerate(people):
        cargo, rank = k % 3, k // 3 + 1
        status = ""
        if reg == changed:
            rank, status = 1, "n1"
        index.add(reg, name, cargos[cargo], rank // 500 + 1, rank, status)
    out = tmp / "busca"
    index.write(out)
    return out


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_changed_score_rewrites_only_its_cargos_table(tmp_path, monkeypatch):
    """A person's id does not depend on the rank: a changed score changes one row of that cargo's table, and no
    word, pair or registration shard."""
    monkeypatch.setattr(search, "SHARD_BYTES", 2_000)
    people = PEOPLE + _crowd(6_000, seed=9)
    changed = people[4][0]  # k = 4: cargo 1
    before = _tree(_three_cargos(tmp_path / "a", people))
    after = _tree(_three_cargos(tmp_path / "b", people, changed))
    differ = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert differ and all(k.startswith("t/1-") for k in differ), differ
    assert len(differ) == 1  # the row's rank and status: one table file of cargo 1


def test_each_posting_is_stored_once(tmp_path, monkeypatch):
    """The name (and the rest of the posting) is in its cargo's table only; the words, pairs and registrations hold
    ids. Before, it was written once per word, once per registration and once per pair of a common word."""
    monkeypatch.setattr(search, "SHARD_BYTES", 1_000)
    people = PEOPLE + _crowd(6_000, seed=9)
    out = _three_cargos(tmp_path, people)
    assert json.loads((out / "p" / "buckets.json").read_text())  # common words are paired
    text = "".join(p.read_text("utf-8") for p in out.rglob("*.json"))
    for _, name in PEOPLE:
        assert text.count(json.dumps(name, ensure_ascii=False)) == 1, name


# -- issue 21 item 2: a search a citizen can use ------------------------------------------------------------------

def test_more_whole_words_and_the_list_rank_put_the_sought_person_first(tmp_path, monkeypatch):
    """29 people share «Silviane Quaresma Barros»; the one sought, Sílvia Quaresma Barros, ranked last: typed as
    «silvia quaresma barr» she has two whole words where they have one, so she comes first (before: every partial
    match was one class, in name order, and she came 30th, behind «Ver mais»). Among equal matches, the list rank
    decides."""
    firsts = ["Ana", "Bia", "Carla", "Dora", "Eva", "Fabiana", "Gina", "Helena", "Ivone", "Joana", "Karen",
              "Lara", "Mara", "Nina", "Olga", "Paula", "Quitéria", "Rita", "Rosa", "Bruna", "Clara", "Diana",
              "Elisa", "Flávia", "Glória", "Irene", "Júlia", "Laura", "Marta"]
    shared = [(f"2000{k:04d}", f"{first} Silviane Quaresma Barros") for k, first in enumerate(firsts)]
    people = shared + [("30000001", "Sílvia Quaresma Barros")] + _crowd(3_000, seed=5)
    out = _index(tmp_path, people, 40_000, monkeypatch)
    [row] = _run(out, ["silvia quaresma barr"])
    assert row["first"][0] == "30000001", row["first"][:5]
    # equal matches: the list rank (the order of `people`: Ana first, Marta 29th) — reversed names do not matter
    [row] = _run(out, ["silviane quaresma barros"])
    assert row["first"][:3] == ["20000000", "20000001", "20000002"], row["first"][:3]


def test_the_end_of_an_inscricao_finds_it(tmp_path, monkeypatch):
    out = _index(tmp_path, PEOPLE + _crowd(5_000), 2_000, monkeypatch)
    rows = _run(out, ["4221", "74221", "374221", "0001", "422"])
    assert "04374221" in rows[0]["first"] and "04374221" in rows[1]["first"] and "04374221" in rows[2]["first"]
    assert "10000001" in rows[3]["regs"]  # zeros at the end are kept
    assert "04374221" not in rows[4]["regs"]  # three digits: only the start (too many ends would match)


def test_a_one_letter_typo_finds_the_person_labelled_approximate(tmp_path, monkeypatch):
    out = _index(tmp_path, PEOPLE + _crowd(20_000), 2_000, monkeypatch)
    queries = ["elton de araujo soraes", "regina batista gomez", "jose antonio dos santoss", "elton araujo soars",
               "regina batista gomes", "zzzzzz qqqqq"]
    rows = _run(out, queries)
    assert "04374221" in rows[0]["regs"] and rows[0]["approximate"]  # two letters swapped
    assert "04374222" in rows[1]["regs"] and rows[1]["approximate"]  # one letter changed
    assert "04374226" in rows[2]["regs"] and rows[2]["approximate"]  # one letter more
    assert "04374221" in rows[3]["regs"] and rows[3]["approximate"]  # one letter less
    assert not rows[4]["approximate"] and rows[4]["first"][0] == "04374222"  # exact: no approximation
    assert rows[5]["regs"] == []


STATUS_RUNNER = """
const fs = require("fs"), path = require("path");
const b = require(process.argv[1]);
const dir = process.argv[2], queries = JSON.parse(fs.readFileSync(0, "utf8"));
const fetchJson = (url) => Promise.resolve(JSON.parse(fs.readFileSync(path.join(dir, url), "utf8")));
(async () => {
  const out = [], acts = JSON.parse(fs.readFileSync(path.join(dir, "atos.json"), "utf8"));
  for (const q of queries) {
    const found = await new b.Engine("", fetchJson).search(q), hits = b.findActs(acts, q);
    out.push({q, regs: found.results.map((p) => p[1]), pages: found.results.map((p) => p[3]),
              acts: hits.map((a) => a[5]), status: b.statusText(found, found.results.length, found.results.length,
                                                                 hits.length)});
  }
  console.log(JSON.stringify(out));
})();
"""


def _act(slug: str, kind: str, number: str, day: str, title: str = "Concurso X") -> dict:
    names = {"resultado": "Edital de Resultado Final", "convocacao": "Edital de Convocação",
             "retificacao": "Edital de Retificação"}
    label = f"{names[kind]} nº {number}" if number else names[kind]
    y, m, d = day.split("-")
    return {"certame": "x", "titulo": title, "orgao": "Prefeitura", "href": f"certames/x/atos/{slug}/",
            "ato": {"tipo": kind, "tipo_nome": names[kind], "numero": number, "titulo": label, "data": day,
                    "data_curta": f"{d}/{m}/{y}"}}


def _status(out: Path, queries: list[str]) -> list[dict]:
    done = subprocess.run([NODE, "-e", STATUS_RUNNER, str(ROOT / "templates/theme/assets/busca.js"), str(out)],
                          input=json.dumps(queries), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_an_eliminated_person_searched_by_name_gets_the_inscricao_hint(tmp_path):
    """Eliminated candidates are posted by inscrição only (render/site/pages.py; eliminated.html shows no name): their
    name finds nothing, and the message says to search by inscrição; the inscrição finds them."""
    index = SearchIndex(tmp_path / "spill")
    cargo = index.add_cargo("certames/x/c/geral/", "C — Cargo", "certames/x/c/", "Concurso X")
    for k, (reg, name) in enumerate(PEOPLE[:3]):
        index.add(reg, name, cargo, 1, k + 1)
    index.add("09990001", "", cargo, -1)  # Wanderléia Quintanilha, eliminated: her name is not published
    index.write(tmp_path / "busca", acts=[])
    text = "".join(p.read_text("utf-8") for p in (tmp_path / "busca").rglob("*.json"))
    assert "quintanilha" not in text.lower() and "wanderl" not in text.lower()
    by_name, by_reg = _status(tmp_path / "busca", ["wanderleia quintanilha", "09990001"])
    assert by_name["regs"] == [] and "Busque pelo número de inscrição" in by_name["status"]
    assert by_reg["regs"] == ["09990001"] and by_reg["pages"] == [-1]
    assert "Busque pelo número de inscrição" not in by_reg["status"]


def test_acts_are_found_by_number_type_and_date(tmp_path):
    index = SearchIndex(tmp_path / "spill")
    cargo = index.add_cargo("certames/x/c/geral/", "C — Cargo", "certames/x/c/", "Concurso X")
    index.add("04374221", "Élton de Araújo Soares", cargo, 1, 1)
    acts = [_act("resultado-01-2024", "resultado", "01/2024", "2024-06-10"),
            _act("convocacao-02-2025", "convocacao", "02/2025", "2025-03-14"),
            _act("retificacao-2024-07-01", "retificacao", "", "2024-07-01")]
    index.write(tmp_path / "busca", acts=acts)
    rows = _status(tmp_path / "busca", ["02/2025", "2/2025", "convocação", "convocacao 02/2025", "10/06/2024",
                                        "retificação", "edital", "elton soares"])
    got = {r["q"]: r["acts"] for r in rows}
    assert got["02/2025"] == got["2/2025"] == got["convocação"] == got["convocacao 02/2025"] == \
        ["certames/x/atos/convocacao-02-2025/"]
    assert got["10/06/2024"] == ["certames/x/atos/resultado-01-2024/"]
    assert got["retificação"] == ["certames/x/atos/retificacao-2024-07-01/"]
    assert len(got["edital"]) == 3 and got["elton soares"] == []
    assert rows[0]["status"].startswith("1 ato encontrado.")


FIRST_PAGE_RUNNER = """
const fs = require("fs"), path = require("path");
const b = require(process.argv[1]);
const dir = process.argv[2], q = process.argv[3];
const fetchJson = (url) => Promise.resolve(JSON.parse(fs.readFileSync(path.join(dir, url), "utf8")));
(async () => {
  const engine = new b.Engine("", fetchJson), files = [];
  const get = engine.get.bind(engine);
  engine.get = (p) => { if (!(p in engine.cache)) files.push(p); return get(p); };
  let found = await engine.search(q);
  const before = files.slice(), first = found.results.map((p) => p[1]);
  await found.later;
  const shards = files.length;
  for (let k = 0; found.pending && k < 500; k++) found = await engine.more(found);
  console.log(JSON.stringify({before, first, after: files.slice(before.length, shards), pending: !!found.pending,
                              regs: found.results.map((p) => p[1])}));
})();
"""


def test_a_common_word_shows_its_first_page_from_one_shard(tmp_path, monkeypatch):
    """A single common word (its ids fill several shards) is answered from the first shard of its range: that
    shard holds the word's lowest ids, which are the ones rows() reads first, so the first page is the one the
    whole range gives (the people with the whole word in the first MAX_TABLES table files holding any); the rest
    of the range is read right after it, and «Ver mais» still reaches everyone. Before, every shard of the range
    (two here; three, 27 kB more, for «silva» at 1M on Fast 3G) was read before the first page."""
    people = _crowd(6_000, seed=12)
    out = _index(tmp_path, people, 500, monkeypatch)
    directory = json.loads((out / "n" / "si.json").read_text())
    assert directory.count("silva\x01") >= 1, directory  # «silva» fills two shards or more
    done = subprocess.run([NODE, "-e", FIRST_PAGE_RUNNER, str(ROOT / "templates/theme/assets/busca.js"), str(out),
                           "silva"], capture_output=True, text=True, check=True)
    row = json.loads(done.stdout)
    tables = next(k for k, f in enumerate(row["before"]) if f.startswith("t/"))
    shards = [f for f in row["before"][:tables] if f.startswith("n/si-")]  # read before the first page's rows
    assert shards == [f"n/si-{directory.index('silva')}.json"], row["before"]
    assert [f for f in row["before"][tables:] + row["after"] if f.startswith("n/si-")]  # the rest, after them
    # the first page: whole-word «silva» in the first MAX_TABLES table files (in id order) that hold one
    expected, files = [], 0
    for k in range(len(list((out / "t").glob("0-*.json")))):
        rows = json.loads((out / "t" / f"0-{k}.json").read_text())
        hits = [r[1] for r in rows if "silva" in normalize(r[0]).split()]
        if hits:
            expected += hits
            files += 1
            if files == 6:
                break
    assert sorted(row["first"]) == sorted(expected)
    assert not row["pending"] and sorted(row["regs"]) == sorted(_oracle(people, "silva"))


def _shards(out: Path, kind: str, key: str) -> int:
    """How many shards the key range [key, key + END) spans (busca.js `span`)."""
    directory = json.loads((out / kind / f"{search.bucket(key)}.json").read_text())
    first = max(0, sum(1 for k in directory if k <= key) - 1)
    return sum(1 for k in directory if k < key + "\uffff") - first


def test_the_fallback_word_reads_the_range_a_filter_already_read(tmp_path, monkeypatch):
    """«maria silva xava»: the cheapest option is the pairs of the two common words (every name with «maria» or
    «silva» whole), narrowed by the range of «xava» read whole; nobody has both, so exact() falls back to the
    cheapest word, «xava» itself, whose range the filter had read. Engine.whole read with the range's own cursor
    (step.next): it had gone past the last shard, so the fallback read nothing and «Mariana Silvano Xavantes», who
    has a word beginning with each, was never found, not even by «Ver mais»."""
    people = _crowd(7_000, seed=2024) + [("00000000", "Mariana Silvano Xavantes")]
    people += [(f"{k:08d}", f"Pedro{'abcdefghij'[k % 10]} Xavantes Lima{'abcdefghij'[k // 10 % 10]}")
               for k in range(1, 331)]
    out = _index(tmp_path, people, 300, monkeypatch)
    pairs = _shards(out, "p", "maria silva") + _shards(out, "p", "silva maria")
    word = _shards(out, "n", "xava")
    # the shape: the pairs are the cheapest option, «xava» fits the budget beside them, «maria» and «silva» cost more
    assert pairs < word <= 6 - pairs and word < min(_shards(out, "n", "maria"), _shards(out, "n", "silva"))
    assert not _oracle(people, "maria silva xava", strict=True)  # nobody has «maria» or «silva» whole with «xava»
    [row] = _run(out, ["maria silva xava"])
    assert row["regs"] == ["00000000"] == sorted(_oracle(people, "maria silva xava")) and not row["pending"]


SHARDS_RUNNER = """
const fs = require("fs"), path = require("path");
const b = require(process.argv[1]);
const dir = process.argv[2], q = process.argv[3];
const fetchJson = (url) => Promise.resolve(JSON.parse(fs.readFileSync(path.join(dir, url), "utf8")));
(async () => {
  const engine = new b.Engine("", fetchJson), files = [], get = engine.get.bind(engine);
  engine.get = (p) => { if (!(p in engine.cache)) files.push(p); return get(p); };
  let found = await engine.search(q);
  const first = found.results.map((p) => p[1]), before = files.slice();
  for (let k = 0; found.pending && k < 500; k++) { engine.fetched = 0; found = await engine.more(found); }
  console.log(JSON.stringify({before, first, files, pending: !!found.pending, regs: found.results.map((p) => p[1])}));
})();
"""


def _shards_run(out: Path, query: str) -> dict:
    done = subprocess.run([NODE, "-e", SHARDS_RUNNER, str(ROOT / "templates/theme/assets/busca.js"), str(out), query],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_a_common_word_alone_in_its_range_is_narrowed_by_its_pairs(tmp_path, monkeypatch):
    """«Maria da Silva Santos», three common words, the shape of the national index (bench/bench_search_3g.py, 1M):
    the cheapest option is «santos» (two shards, no other key in its range), «silva» (three shards) fits the budget
    beside it and «maria» (six) does not. The «silva» filter for people who all have «santos» whole is the pair
    range «santos silva…» (search.py: every name with «santos» whole and another word beginning with «silva»): one
    shard instead of three, the same ids. Before, the six shards of the budget were read before the first page (84.5
    kB gzip at 1M, the bench's worst query at 2.05 s on Fast 3G); now four. Everyone is still reached."""
    people = _crowd(7_000, seed=2024)
    out = _index(tmp_path, people, 300, monkeypatch)
    directory = json.loads((out / "n" / "sa.json").read_text())
    at = directory.index("santos")
    assert directory[at + 1] == "santos\x01" and not any(k.startswith("santos") for k in directory[at + 2:])  # alone
    assert (_shards(out, "n", "santos"), _shards(out, "n", "silva"), _shards(out, "p", "santos silva")) == (2, 3, 1)
    row = _shards_run(out, "Maria da Silva Santos")
    tables = next(k for k, f in enumerate(row["before"]) if f.startswith("t/"))
    shards = [f for f in row["before"][:tables] if f[:2] in ("n/", "p/") and "-" in f]
    assert len(shards) <= 4, shards
    assert not row["pending"] and sorted(row["regs"]) == sorted(_oracle(people, "Maria da Silva Santos"))
    # the same candidates, first page and pages as with the range of «silva» read (_candidates is defined below)
    assert _candidates(tmp_path, out, "Maria da Silva Santos") == _candidates(tmp_path, out, "Maria da Silva Santos",
                                                                              pairs=False)


def test_a_pair_does_not_narrow_by_a_beginning_of_its_own_word(tmp_path, monkeypatch):
    """«silvana silva»: «silvana» alone in its range is the cheapest option, «silva» fits the budget. The pair
    «silvana silva…» holds the names with another word beginning with «silva», so a Silvana without another Silva is
    not in it, though her own «silvana» begins with «silva»: the «silva» filter must be its range, not that pair."""
    people = _crowd(2_500, seed=2024)
    people += [(f"{k:08d}", f"Pedro{'abcdefghij'[k % 10]} Silvana Lima{'abcdefghij'[k // 10 % 10]}") for k in range(200)]
    out = _index(tmp_path, people, 300, monkeypatch)
    assert (_shards(out, "n", "silvana"), _shards(out, "n", "silva"), _shards(out, "p", "silvana silva")) == (2, 4, 1)
    row = _shards_run(out, "silvana silva")
    wanted = _oracle(people, "silvana silva", strict=True)
    assert len(wanted) >= 200 and wanted <= set(row["regs"]) <= _oracle(people, "silvana silva")


def _write_bucket_before_the_rule(task):
    """search._write_bucket as it was before a key cut over shards had shards of its own: a key's last part shares
    its shard with the keys after it, which the directory then does not show (an index written by an older build,
    hard-linked into a new site by an incremental build)."""
    out, name, entries = task
    directory, shard, size, largest = [], [], 0, 0
    for key, text in entries:
        if shard and size + len(text) > search.SHARD_BYTES:
            largest = max(largest, search._flush(out, name, directory, shard))
            shard, size = [], 0
        if not shard:
            directory.append(key)
        shard.append(text)
        size += len(text.encode()) + 2
    if shard:
        largest = max(largest, search._flush(out, name, directory, shard))
    search._dump(out / f"{name}.json", directory)
    return len(directory), largest


CANDIDATES_RUNNER = """
const fs = require("fs"), path = require("path");
const b = require(process.argv[1]);
const dir = process.argv[2], q = process.argv[3];
const fetchJson = (url) => Promise.resolve(JSON.parse(fs.readFileSync(path.join(dir, url), "utf8")));
(async () => {
  const engine = new b.Engine("", fetchJson);
  let found = await engine.exact(q);
  const candidates = Array.from(found.candidates).sort((x, y) => x[0] - y[0]), first = found.results.map((p) => p[1]);
  for (let k = 0; found.pending && k < 500; k++) { engine.fetched = 0; found = await engine.more(found); }
  console.log(JSON.stringify({candidates, first, regs: found.results.map((p) => p[1]).sort()}));
})();
"""
PAIR_SHORTCUT = "option.steps[0].pure &&"  # busca.js narrow(): the pair instead of the other word's range


def _candidates(tmp: Path, out: Path, query: str, pairs: bool = True) -> dict:
    """exact()'s candidates (id → whole-word bits), its first page and every page; `pairs=False`: with busca.js's
    pair shortcut turned off, the range of each other word read as before."""
    script = ROOT / "templates/theme/assets/busca.js"
    if not pairs:
        text = script.read_text(encoding="utf-8")
        assert text.count(PAIR_SHORTCUT) == 1
        script = tmp / "busca-sem-pares.js"
        script.write_text(text.replace(PAIR_SHORTCUT, "false &&"), encoding="utf-8")
    done = subprocess.run([NODE, "-e", CANDIDATES_RUNNER, str(script), str(out), query], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def test_an_index_without_the_rule_gets_the_same_candidates(tmp_path, monkeypatch):
    """An older index: «santos»'s last shard also holds «santosa», which its directory does not show, so «santos»
    looks alone in its range and «silva» would be read through the pair «santos silva…», which knows nothing of the
    Santosas. settle() sees the other key among the entries read and filters those by the range of «silva»: the
    candidates (ids and whole-word bits), the first page and every page are those of the range of «silva» read
    as before."""
    people = _crowd(7_000, seed=2024) + [("00000001", "Pedro Santosa Silvano"), ("00000002", "Pedro Santosa Lima"),
                                         ("00000003", "Ana Santosa Rocha")]
    monkeypatch.setattr(search, "_write_bucket", _write_bucket_before_the_rule)
    out = _index(tmp_path, people, 300, monkeypatch)
    directory = json.loads((out / "n" / "sa.json").read_text())
    assert directory[directory.index("santos") + 1:] == ["santos\x01"]  # «santosa» hides in «santos»'s last shard
    shortcut = _candidates(tmp_path, out, "silva santos")
    assert shortcut == _candidates(tmp_path, out, "silva santos", pairs=False)
    assert "00000001" in shortcut["regs"] and not {"00000002", "00000003"} & set(shortcut["regs"])


def test_an_exact_name_comes_first_then_the_results_are_grouped_by_exam(tmp_path, monkeypatch):
    """Issue 21 item 2: an exact surname plus first-name match first, then the results grouped by exam (each
    exam's together, in the index's exam order, whatever order the people were added in). Three exams, their
    people added interleaved; the one exact «Regina Batista» is in the last exam."""
    monkeypatch.setattr(search, "SHARD_BYTES", 40_000)
    index = SearchIndex(tmp_path / "spill")
    cargos = [index.add_cargo(f"certames/{e}/c/geral/", "C — Cargo", f"certames/{e}/c/", f"Concurso {e}",
                              "Prefeitura", "Lins/SP") for e in ("a", "b", "c")]
    rng, exam_of = random.Random(7), {}
    for k in range(60):  # «Regina Batistaxx…»: the same partial match for all, exam by k % 3
        e = k % 3
        exam_of[f"5{e}{k:06d}"] = e
        index.add(f"5{e}{k:06d}", f"Regina Batista{rng.choice('lmnrs')}a Gomes", cargos[e], 1, k + 1, "")
    index.add("39999999", "Regina Batista", cargos[2], 1, 61, "")
    for k, (reg, name) in enumerate(_crowd(2_000)):
        index.add(reg, name, cargos[k % 3], 2, k + 100, "")
    index.write(tmp_path / "busca")
    [row] = _run(tmp_path / "busca", ["regina batista"])
    regs = row["regs"]
    assert regs[0] == "39999999", regs[:3]  # the exact match, although its exam comes last
    exams = [exam_of[reg] for reg in regs if reg in exam_of]
    assert len(exams) == 60 and exams == sorted(exams), exams  # grouped, in the exams' order


def test_a_typo_reaches_through_ver_mais_everyone_its_correction_finds(tmp_path, monkeypatch):
    """«guimarase» (two letters swapped): its one correction, «guimaraes», is a surname of 158 people spread over
    the cargo's table files, more than one search reads before its first page (busca.js MAX_TABLES). The approximate
    search kept only each corrected query's first page and said nothing was left to read: «Ver mais» never showed
    the others (at 1M, «Cláudio Feereira» reached 19 of the 224 Cláudio Ferreiras). Now it goes on with each one."""
    people = _crowd(6_000)
    out = _index(tmp_path, people, 40_000, monkeypatch)
    [typo, corrected] = _run(out, ["guimarase", "guimaraes"])
    wanted = _oracle(people, "guimaraes")
    assert len(wanted) == 158 and sorted(corrected["regs"]) == sorted(wanted) and corrected["firstPending"]
    assert typo["approximate"] and typo["firstPending"] and len(typo["first"]) < len(wanted)
    assert sorted(typo["regs"]) == sorted(wanted) and not typo["pending"]
    assert typo["first"] == corrected["first"]  # the first page as before


WAVES_RUNNER = """
const fs = require("fs"), path = require("path");
const b = require(process.argv[1]);
const dir = process.argv[2], queries = JSON.parse(fs.readFileSync(0, "utf8"));
// Requests wait in a queue, answered all at once when nothing else can run: each batch is one round trip of a phone
// on 3G (~0.6 s), the page's own requests, then one key at a time as the person types, then those after Enter.
let queue = [];
const fetchJson = (url) => new Promise((resolve, reject) => queue.push({url, resolve, reject}));
const tick = () => new Promise((r) => setImmediate(r));
async function rounds(promise) {
  let done = false, waves = 0;
  promise.then(() => { done = true; }, () => { done = true; });
  for (;;) {
    await tick();
    if (!queue.length) { if (done) return waves; continue; }
    waves++;
    const now = queue; queue = [];
    for (const q of now) {
      const file = path.join(dir, q.url);
      if (fs.existsSync(file)) q.resolve(JSON.parse(fs.readFileSync(file, "utf8"))); else q.reject(new Error(q.url));
    }
  }
}
// the search page's warm-up (busca.js start()); before warmPage/warmTyped existed, start() did this inline
const page = b.warmPage || ((e) => Promise.all(["cargos.json", "n/buckets.json", "p/buckets.json", "r/buckets.json",
  "s/buckets.json", "s/_.json"].map((p) => e.get(p).catch(() => {}))));
const typed = b.warmTyped || ((e, text) => Promise.all(b.plans(text).list.filter((c) => Array.from(c.lo).length >= 2)
  .map((c) => e.directory(c.kind, c.kind === "s" ? "_" : b.bucket(c.lo)).catch(() => {}))));
(async () => {
  const out = [];
  for (const q of queries) {
    const warm = new b.Engine("", fetchJson);
    const work = [page(warm)];
    for (let k = 1; k <= q.length; k++) { work.push(typed(warm, q.slice(0, k))); await rounds(Promise.resolve()); }
    await rounds(Promise.all(work));
    const engine = new b.Engine("", fetchJson);
    engine.cache = warm.cache;
    const search = engine.search(q), waves = await rounds(search), found = await search;
    out.push({q, waves, approximate: !!found.approximate, first: found.results.map((p) => p[1])});
  }
  console.log(JSON.stringify(out));
})();
"""


def _rounds(out: Path, queries: list[str]) -> list[dict]:
    done = subprocess.run([NODE, "-e", WAVES_RUNNER, str(ROOT / "templates/theme/assets/busca.js"), str(out)],
                          input=json.dumps(queries), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_a_one_letter_typo_is_answered_in_as_many_round_trips_as_the_right_name(tmp_path, monkeypatch):
    """«Leonardo Roeha» (the bench's typo: the surname's third letter changed), typed on the search page: the exact
    search found nothing after its shards' round trip, then the approximate one fetched d/buckets.json, the d/
    directories, the d/ shards, the corrected name's shards and its table rows: six round trips after Enter, 4.3 s
    on Fast 3G at 1M (stop 27). Now d/ is read while the person types, a word that begins no word of the index
    proves at once that the exact search finds nobody, and the corrected name is searched in the first round trip:
    two, as for the right name."""
    people = _crowd(3_000)
    out = _index(tmp_path, people, 2_000, monkeypatch)  # common words paired, as at national scale
    assert not _oracle(people, "Leonardo Roeha") and _oracle(people, "Leonardo Rocha")
    right, typo = _rounds(out, ["Leonardo Rocha", "Leonardo Roeha"])
    assert not right["approximate"] and right["waves"] == 2
    assert typo["approximate"] and typo["waves"] <= right["waves"], typo
    assert typo["first"] == right["first"]  # «rocha» is the only word one letter from «roeha»


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.text("0123456789abxÇ", min_size=1, max_size=6), st.integers(0, 10**7)), max_size=60),
       st.integers(0, 4))
def test_registration_entries_are_those_of_their_keys_ids(pairs, crowd):
    """search._keyed_entries (the r/ and s/ shards' entries, one-id keys written at once) is each key's
    _id_entries of its ascending ids, keys in order; `crowd` keys hold enough ids to be cut over shards."""
    pairs = pairs + [(f"k{c}", i) for c in range(crowd) for i in range(0, 30_000 * (c + 1), 3)]
    keyed = sorted(f"{key}{search.SEP}{i}" for key, i in pairs)
    expected = []
    for key in dict.fromkeys(line.partition(search.SEP)[0] for line in keyed):
        ids = sorted(int(line.partition(search.SEP)[2]) for line in keyed if line.partition(search.SEP)[0] == key)
        expected += search._id_entries(key, ids)
    assert search._keyed_entries(keyed) == expected


def test_a_segment_written_in_two_processes_is_the_one_written_in_one(tmp_path, monkeypatch):
    """From search.FORK_FROM postings, d/ and p/ are written by a forked process while this one writes n/, r/ and
    s/: the files and the counts are the same as one process writing them all."""
    monkeypatch.setattr(search, "SHARD_BYTES", 300)  # common words, hence pairs, in a small crowd
    people = PEOPLE + _crowd(4_000, seed=7)
    made = {}
    for workers, fork_from in ((1, 0), (2, 0), (2, 10**9)):
        monkeypatch.setattr(search, "FORK_FROM", fork_from)
        index = SearchIndex(tmp_path / f"spill-{workers}-{fork_from}")
        cargo = index.add_cargo("certames/x/c/geral/", "C — Cargo", "certames/x/c/", "Concurso X")
        for k, (reg, name) in enumerate(people):
            index.add(reg, name, cargo, k // 500 + 1, k + 1)
        out = tmp_path / f"busca-{workers}-{fork_from}"
        made[workers, fork_from] = (index.write(out, workers=workers), _tree(out))
    assert made[2, 0] == made[1, 0] == made[2, 10**9]
    assert made[1, 0][0]["pares"] > 0 and any(k.startswith("d/") for k in made[1, 0][1])


def test_a_failure_in_the_forked_half_of_the_index_is_raised_here(tmp_path, monkeypatch):
    monkeypatch.setattr(search, "FORK_FROM", 0)

    def broken(*args):
        raise OSError("disco cheio")

    monkeypatch.setattr(search, "_write_pairs", broken)
    index = SearchIndex(tmp_path / "spill")
    cargo = index.add_cargo("certames/x/c/geral/", "C — Cargo", "certames/x/c/", "Concurso X")
    for k, (reg, name) in enumerate(PEOPLE):
        index.add(reg, name, cargo, 1, k + 1)
    with pytest.raises(OSError, match="disco cheio"):
        index.write(tmp_path / "busca", workers=2)
