"""A stage convocação's own open data (LEGAL-NOTES 18): whom it called, in its order, as CSV and JSON beside its PDF.

The rows are the act's published body (`corpo.convocados`: ordem, inscrição, nome — public fields only, LEGAL-NOTES
7). The CSV follows the exam's open data (render/data/package.py): `;`, CRLF, UTF-8 with BOM, formula-looking text guarded;
the inscrição is text, so a spreadsheet that keeps the column as text keeps its leading zeros (the JSON is exact).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from .package import ENCODING, spreadsheet_safe

FOLDER = "dados"
CSV_NAME, JSON_NAME = "convocados.csv", "convocados.json"
COLUMNS = ("ordem", "inscricao", "nome")


def write_called(body: dict, act: dict, out_dir: Path) -> dict[str, str]:
    """Write out_dir/dados/convocados.{csv,json} for a stage convocação's body; {"csv": rel, "json": rel}."""
    folder = Path(out_dir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    rows = [{c: row.get(c, "") for c in COLUMNS} for row in body.get("convocados", [])]
    with (folder / CSV_NAME).open("w", encoding=ENCODING, newline="") as out:
        writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
        writer.writerow(COLUMNS)
        writer.writerows([row["ordem"], spreadsheet_safe(row["inscricao"]), spreadsheet_safe(row["nome"])]
                         for row in rows)
    stage = body.get("etapa") or {}
    data = {"ato": act.get("titulo", ""), "numero": act.get("numero", ""), "data": act.get("data", ""),
            "cargo": act.get("cargo", ""), "etapa": stage.get("nome", ""), "ordem": stage.get("ordem", ""),
            "fundamento": stage.get("fundamento", ""), "convocados": rows}
    (folder / JSON_NAME).write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                                    encoding="utf-8")
    return {"csv": f"{FOLDER}/{CSV_NAME}", "json": f"{FOLDER}/{JSON_NAME}"}
