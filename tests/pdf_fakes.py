"""Fake public views for the PDF tests: hostile and long names, a single candidate, an empty list."""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator.render.pdf.sample import position_view

HOSTILE = '<script>alert("x")</script> O\'Brien "Aspas" \u202eREVERSO\u202c'
LONG = ("MARIA APARECIDA DA CONCEIÇÃO DOS SANTOS OLIVEIRA PEREIRA DE ALBUQUERQUE CAVALCANTI "
        "WANDERLEY GONÇALVES DE SOUZA E SILVA")
UNBROKEN = "X" * 140
SHA = hashlib.sha256(b"datapackage").hexdigest()
URL = "https://example.org/diario/11520"


def views() -> list[dict]:
    """Three cargos: a normal one with hostile and long names, a single candidate with no reserve, an empty list."""
    normal = position_view("ADM", 300, 5)
    general = normal["listas"][0]["entradas"]
    general[1]["nome"] = HOSTILE
    general[2]["nome"] = LONG
    general[3]["nome"] = UNBROKEN
    single = position_view("MED", 1, 1, seed=7)
    single["reservas"] = {"negro": 0, "pcd": 0, "indigena": 0, "mulher": 0}
    single["nome"] = "Médico — clínica geral"
    empty = position_view("ENG", 3, 1, seed=9)
    empty["listas"][2]["entradas"] = []  # pcd list with nobody approved
    return [normal, single, empty]


def attachments(folder: Path) -> list[Path]:
    csv = folder / "adm-geral.csv"
    csv.write_bytes("inscricao;nome\r\n10000000;JOSÉ\r\n".encode())
    meta = folder / "datapackage.json"
    meta.write_bytes(b'{"name": "exemplo"}\n')
    return [csv, meta]
