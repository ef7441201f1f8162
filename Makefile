# Two entry points: `make build` (example site + PDF from content/) and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Quiet pip: staff read only errors (issue 21), so -qq (pip's -q still prints its warnings: on a machine whose pip
# configuration names an extra index folder that does not exist, one per package, 125 lines, none for staff to act
# on; conflicts and failures are errors and still print). The build backend's deprecation warnings are fixed in
# pyproject.toml (SPDX license, setuptools pinned); its "Editable installation" notice (beware of a folder named
# like the package in the working directory: generator/ is that package) says nothing to act on, so it is filtered.
PIP := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip -qq --disable-pip-version-check

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(PIP) install --upgrade pip
	$(PIP) install -e '.[dev]'
	touch $(STAMP)

.PHONY: build test bench bench-busca bench-core golden golden-core golden-pdf clean
build: $(STAMP)
	$(BIN)/gazeta build content

test: $(STAMP)
	$(BIN)/python -m pytest

# The user's whole `gazeta build` at 10k and 100k candidates with its baselines (issue 14); bench/out/bench_build-*.json.
bench: $(STAMP)
	$(BIN)/python bench/bench_build.py

# Time to the first search result on a phone: Chromium with DevTools' "Fast 3G" and CPU ÷4, at 1M (issue 12).
bench-busca: $(STAMP)
	$(BIN)/python bench/bench_search_3g.py --candidatos 1000000

# Load + allocate of the 1M exam beside a stdlib csv.reader pass.
bench-core: $(STAMP)
	$(BIN)/python bench/bench_core.py

# Regenerate the expected `gazeta resultado --json` of each example (tests/golden/resultado/); review the diff.
golden-core: $(STAMP)
	GAZETA_GOLDEN=regenerate $(BIN)/python -m pytest -q tests/test_cli.py -k golden

# Regenerate the expected example site (tests/golden/exemplo/) after an intended change; review the diff before committing.
golden: $(STAMP)
	GAZETA_GOLDEN=regenerate $(BIN)/python -m pytest -q tests/test_site_golden.py

clean:
	rm -rf $(VENV) site

# Regenerate the expected text, pages, bookmarks and attachments of the example PDFs (tests/golden/pdf/); review the diff.
golden-pdf: $(STAMP)
	GAZETA_GOLDEN=regenerate $(BIN)/python -m pytest -q tests/test_pdf_golden.py
