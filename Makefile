# Two entry points, both self-installing: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lsp]'
	touch $(STAMP)

# The main job on the embedded card pool: how much of it compiles and renders back
# (coverage, with the grammar gaps), then the wording findings per lint rule.
run: $(STAMP)
	$(BIN)/riftbound coverage cards/
	$(BIN)/riftbound lint cards/ --summary --exit-zero

test: $(STAMP)
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) build dist
