"""Publish the example exams' acts as staff would, one step at a time, into content/certames/*/arquivo/.

1. the files as the board first sent them, with only the first act declared: `gazeta publicar` archives the result;
2. the score revised after an appeal (tools/make_examples.py, `appeal`) and the retificação declared: publicar;
3. the convocação declared: publicar.
The archive is what staff would commit. Run after changing the examples: `.venv/bin/python tools/publish_examples.py`.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
_spec = importlib.util.spec_from_file_location("make_examples", ROOT / "tools" / "make_examples.py")
make_examples = importlib.util.module_from_spec(_spec)
sys.modules["make_examples"] = make_examples
_spec.loader.exec_module(make_examples)

from generator.store.archive import ARCHIVE, WITNESS  # noqa: E402
from generator.publish import publish  # noqa: E402
from generator.build import site_url  # noqa: E402

RULES = ROOT / "content" / "jurisdicoes"
MARK = "\n[[atos]]\n"


def declare_first(folder: Path, count: int) -> None:
    """Keep only the first `count` acts of the example's certame.toml."""
    path = folder / "certame.toml"
    text = path.read_text(encoding="utf-8")
    parts = text.split(MARK)
    path.write_text(MARK.join(parts[:count + 1]).rstrip("\n") + "\n", encoding="utf-8")


def main() -> int:
    address = site_url(ROOT / "mkdocs.yml")
    with tempfile.TemporaryDirectory(prefix="gazeta-exemplos-") as tmp:
        certames = Path(tmp) / "certames"
        for step, original in ((1, True), (2, False), (3, False)):
            make_examples.build(certames, original=original)
            for exam in make_examples.EXAMS:
                folder = certames / exam.slug
                declare_first(folder, step)
                for done in publish(folder, RULES, site_url=address):
                    print(f"{exam.slug}: {done.act.label} — {done.pdf.name if done.pdf else ''} {done.sha256}")
        for exam in make_examples.EXAMS:
            target = ROOT / "content" / "certames" / exam.slug / ARCHIVE
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(certames / exam.slug / ARCHIVE, target)
            shutil.copyfile(certames / exam.slug / WITNESS, target.parent / WITNESS)  # the ledger's copy
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
