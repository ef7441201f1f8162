"""Search that finds (issue 12): busca.js run under Node against indexes written by generator.render.search.

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

from generator import synth_people
from generator.render import search
from generator.render.search import PARTICLES, SearchIndex, normalize, registration_key

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
